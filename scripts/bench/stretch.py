"""The player's stretching against Rubber Band's CLI: MUSIC_SECONDS of music to 0.75x speed,
`woodshed render --play --speed 0.75 --engine faster|finer` against `rubberband -2|-3` (offline
mode, STRETCH_RUNS runs each, interleaved, and its real-time mode `-R` once): wall-clock and CPU
time of the whole process, and the output's length."""
import os, resource, shutil, statistics, subprocess, time

from .jack import private_env
from .material import MUSIC_SECONDS
from .tools import Unavailable
from .wav import wav_seconds

STRETCH_RUNS = 3


def section(woodshed, mat, tmp):
    """`rubberband -t 4/3` (R2 and R3) against `woodshed render --play --speed 0.75`."""
    try:
        src = mat.music()
    except Unavailable as e:
        return f"## Player: time-stretching against Rubber Band's CLI\n\nUnavailable: {e}.\n"
    out = f"{tmp}/stretched.wav"
    t = "1.333333333"
    rb = shutil.which("rubberband")
    jobs = {}
    for engine, flag in (("faster", "-2"), ("finer", "-3")):
        if rb:
            jobs[f"rubberband {flag} (R{flag[1]}, offline)"] = ["rubberband", "-q", flag, "-t", t, src, out]
        jobs[f"woodshed --engine {engine}"] = [woodshed, "render", out, "--play", src, "--speed", "0.75", "--engine", engine]
    once = {"rubberband -2 -R (R2, real-time mode)": ["rubberband", "-q", "-2", "-R", "-t", t, src, out],
            "rubberband -3 -R (R3, real-time mode)": ["rubberband", "-q", "-3", "-R", "-t", t, src, out]} if rb else {}
    env = private_env(tmp)
    wall = {k: [] for k in [*jobs, *once]}
    cpu = {k: [] for k in wall}
    length, failed = {}, {}

    def run(name, cmd):
        if name in failed:
            return
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        r = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        t1 = time.perf_counter()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        if r.returncode != 0:
            failed[name] = f"exit {r.returncode}: " + ((r.stderr or r.stdout).strip().splitlines() or [""])[-1]
            return
        wall[name].append(t1 - t0)
        cpu[name].append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
        if name not in length:
            try:
                length[name] = wav_seconds(out)
            except (OSError, ValueError):
                length[name] = None
        os.remove(out)

    for _ in range(STRETCH_RUNS):
        for name, cmd in jobs.items():
            run(name, cmd)
    for name, cmd in once.items():
        run(name, cmd)

    med = {k: (statistics.median(wall[k]), statistics.median(cpu[k])) for k in wall if wall[k]}
    lines, rows = [], []
    for k in wall:
        if k in med:
            w, c = med[k]
            runs = ", ".join(f"{x:.2f}" for x in wall[k])
            out_len = f"{length[k]:.3f} s" if length.get(k) is not None else "?"
            rows.append(f"| {k} | {w:.2f} s | {c:.2f} s | {MUSIC_SECONDS * 4 / 3 / w:.1f}x | {runs} | {out_len} |")
            lines.append(f"stretch {k:38s} median {w:6.2f} s wall, {c:6.2f} s CPU  runs: "
                         + ", ".join(f"{x:.2f}" for x in wall[k]))
        else:
            why = failed.get(k, "not installed")
            rows.append(f"| {k} | unavailable | | | {why} | |")
            lines.append(f"stretch {k}: unavailable: {why}")
    if not rb:
        rows.append("| rubberband | unavailable | | | not installed (`scripts/setup.sh bench` installs rubberband-cli) | |")

    ratios = []
    for engine, flag in (("faster", "-2"), ("finer", "-3")):
        a, b = f"rubberband {flag} (R{flag[1]}, offline)", f"woodshed --engine {engine}"
        if a in med and b in med:
            ratios.append(f"R{flag[1]} ({engine}): rubberband / woodshed = **{med[a][0] / med[b][0]:.2f}** wall-clock, "
                          f"{med[a][1] / med[b][1]:.2f} CPU time")
        ra = f"rubberband {flag} -R (R{flag[1]}, real-time mode)"
        if ra in med and b in med:
            ratios.append(f"R{flag[1]} real-time mode, one run: rubberband -R / woodshed = {med[ra][0] / med[b][0]:.2f} wall-clock, "
                          f"{med[ra][1] / med[b][1]:.2f} CPU time")
    lines += ratios
    print("\n".join(lines))
    return f"""## Player: time-stretching against Rubber Band's CLI

{MUSIC_SECONDS} s of stereo 48 kHz 16-bit music-like material (sox: two sines with tremolo, a
low-passed sawtooth chord, a pluck every 250 ms, pink noise) stretched to 0.75× speed with the
pitch kept, to a 16-bit WAV: `rubberband -q -2|-3 -t {t} in.wav out.wav` (Debian's
rubberband-cli 3.1.2; `-2` is the R2 "faster" engine, `-3` the R3 "finer" one) against
`woodshed render out.wav --play in.wav --speed 0.75 --engine faster|finer` (the player's worker
and deck, through librubberband 3.1.2 in real-time mode, as live). {STRETCH_RUNS} runs each,
interleaved; wall-clock time and CPU time (user + system, all threads) of the whole process.
The CLI runs offline ("studio") mode by default, which studies the whole input first; woodshed
must use real-time mode, so the CLI's `-R` (real-time mode) is also run once each for scale.

| program | median wall | median CPU | real-time factor | runs (s) | output length |
|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n" + "\n".join(f"- {r}" for r in ratios) + """

A ratio above 1.0: woodshed is the faster. Both read and write through libsndfile. Not quite
like for like: the CLI's offline R2 mode stretches the two channels on two threads when a
second core is free (CPU time above wall time), while woodshed's stretcher runs on one thread
(`OptionThreadingNever`: its worker must not start threads of its own); woodshed asks for
`OptionChannelsTogether` (one analysis for both channels), the CLI without `--centre-focus`
stretches the channels apart. On this shared 2-core VM the wall-clock figures move with the
other load; CPU time is the steadier comparison.
"""
