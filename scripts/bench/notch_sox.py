"""The notch against sox (issue 21): white noise rendered by `woodshed render --noise white
--notch F:W`, and the same noise without the notch run through sox's `bandreject` (a 2-pole
band-reject of the same width in octaves) and `sinc` (a windowed-sinc FIR band-reject between
the band's edges), side by side: depth across the band, the pass band outside [F/2, 2F], and CPU
per 64-frame block. The responses are Welch power spectra (numpy) of each output against the
un-notched noise."""
import os, resource, subprocess, time

from .jack import PERIOD, RATE
from .tools import Unavailable, run_tool
from .wav import read_wav

CASES = (("4000", 1.0), ("6200", 0.5), ("500", 0.25))
SECONDS = 120


def _cpu(cmd):
    """The CPU seconds (user + system) a program takes, and its result."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run_tool(cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), r


def _spectrum(path):
    """Welch power spectrum (frequencies, power) of a WAV's first channel: Hann blocks of 8192."""
    import numpy as np
    rate, ch, a = read_wav(path)
    x = np.asarray(a, dtype=np.float64)[::ch]
    n = 8192
    w = np.hanning(n)
    blocks = (len(x) - n) // (n // 2)
    p = np.zeros(n // 2 + 1)
    for b in range(blocks):
        seg = x[b * n // 2: b * n // 2 + n] * w
        p += np.abs(np.fft.rfft(seg)) ** 2
    return np.fft.rfftfreq(n, 1 / rate), p


def _response(plain, filtered, f, width):
    """(worst depth across the band but its outer 1/12 octave, median depth there, largest
    deviation outside [F/2, 2F] from 20 Hz to 20 kHz), in dB."""
    import numpy as np
    freqs, p0 = _spectrum(plain)
    _, p1 = _spectrum(filtered)
    gain = 10 * np.log10(np.maximum(p1, 1e-30) / np.maximum(p0, 1e-30))
    lo, hi = f * 2 ** (-(width / 2 - 1 / 12)), f * 2 ** (width / 2 - 1 / 12)
    inner = (freqs >= lo) & (freqs <= hi)
    outside = (freqs >= 20) & (freqs <= 20000) & ((freqs < f / 2) | (freqs > 2 * f))
    return float(gain[inner].max()), float(np.median(gain[inner])), float(np.abs(gain[outside]).max())


def section(woodshed, tmp):
    """The table: for each notch, woodshed's elliptic band-stop, sox bandreject and sox sinc."""
    lines = ["| notch | filter | depth across the band (worst) | median depth | outside [F/2, 2F] | CPU per 64-frame block |",
             "|---|---|---|---|---|---|"]
    blocks = SECONDS * RATE / PERIOD
    try:
        import numpy  # noqa: F401
        plain = os.path.join(tmp, "notch-plain.wav")
        base = [woodshed, "render", plain, "--noise", "white", "--seconds", str(SECONDS), "--format", "wav32f"]
        plain_cpu, _ = _cpu(base)
        for f, width in CASES:
            w = {1.0: "1", 0.5: "1/2", 0.25: "1/4"}[width]
            fhz = float(f)
            lo, hi = fhz * 2 ** (-width / 2), fhz * 2 ** (width / 2)
            ours = os.path.join(tmp, f"notch-{f}.wav")
            cpu, _ = _cpu([woodshed, "render", ours, "--noise", "white", "--seconds", str(SECONDS), "--format", "wav32f",
                           "--notch", f"{f}:{w}"])
            rows = [("woodshed (elliptic, 3 biquads)", ours, max(cpu - plain_cpu, 0))]
            for name, effect in ((f"sox bandreject {f} {width}o", ["bandreject", f, f"{width}o"]),
                                 (f"sox sinc {hi:.0f}-{lo:.0f}", ["sinc", f"{hi:.0f}-{lo:.0f}"])):
                out = os.path.join(tmp, f"notch-{f}-{effect[0]}.wav")
                cpu, _ = _cpu(["sox", plain, "-e", "floating-point", "-b", "32", out] + effect)
                rows.append((name, out, cpu))
            for name, out, cpu in rows:
                worst, median, outside = _response(plain, out, fhz, width)
                lines.append(f"| {f} Hz, {w} octave | {name} | {worst:.1f} dB | {median:.1f} dB | ±{outside:.2f} dB "
                             f"| {cpu / blocks * 1e9:.0f} ns |")
    except (Unavailable, ImportError, ValueError) as e:
        lines.append(f"| unavailable: {e} | | | | | |")
    print("\n".join(lines))
    return f"""## Filters: the notch against sox

White noise, {SECONDS} s at {RATE} Hz: `woodshed render --noise white --notch F:W`, and the same noise
rendered without the notch then run through sox's `bandreject F Wo` (a 2-pole band-reject, the
same width) and `sinc HI-LO` (a windowed-sinc FIR band-reject between the band's edges
F·2^±(W/2)). Depth: the gain across the band except its outer 1/12 octave (worst and median),
and the largest deviation from 0 dB outside [F/2, 2F] from 20 Hz to 20 kHz, from Welch power
spectra (numpy) against the un-notched noise. CPU: the process's CPU time per {PERIOD}-frame
block (woodshed's: the render with the notch less the render without, so only the filter;
sox's: the whole run, reading and writing included). The targets are 30 dB and ±1 dB
(docs/filters.md). `scripts/bench.sh --notch-only` runs just this section.

""" + "\n".join(lines) + "\n"
