"""Offline render: `woodshed render` against `klick -W`, 20 minutes of 4/4 at 120 BPM to a 16-bit
WAV, RUNS runs each, interleaved; both medians, the ratio and peak memory."""
import os, resource, shutil, statistics, subprocess, tempfile, time

from .jack import private_env

RUNS = 5


def command(woodshed, out):
    """`woodshed render OUT 120 --bars 600`: 20 minutes of 4/4 at 120 BPM."""
    return [woodshed, "render", out, "120", "--bars", "600"]


def section(woodshed):
    """Renders with both, RUNS times interleaved; prints the figures, returns the section."""
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-")
    jobs = {
        "woodshed": command(woodshed, f"{tmp}/w.wav"),
        "klick": ["klick", "-W", f"{tmp}/k.wav", "600", "120"],
    }
    times = {k: [] for k in jobs}
    peak = {k: 0 for k in jobs}
    env = private_env(tmp)
    for _ in range(RUNS):
        for name, cmd in jobs.items():
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - t0)
            peak[name] = max(peak[name], resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    sizes = {k: os.path.getsize(f"{tmp}/{k[0]}.wav") for k in jobs}
    shutil.rmtree(tmp, ignore_errors=True)

    audio = 20 * 60
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = med["klick"] / med["woodshed"]
    lines = [f"{k:9s} median {med[k]*1000:7.1f} ms  ({audio/med[k]:6.0f}x real time)  runs: "
             + ", ".join(f"{t*1000:.1f}" for t in times[k]) + f" ms  file {sizes[k]} bytes" for k in jobs]
    lines.append(f"ratio klick/woodshed = {ratio:.2f} (>= 1.0: woodshed at least as fast as klick)")
    print("\n".join(lines))

    return f"""## Offline render: 20 minutes of 4/4 at 120 BPM to 16-bit WAV, 48 kHz

`woodshed render w.wav 120 --bars 600` against `klick -W k.wav 600 120` (klick 0.12.2 from
Debian), {RUNS} runs each, interleaved, wall-clock time of the whole process (start-up, render,
write and close of the 115 MB file).

| program | median | real-time factor | runs (ms) |
|---|---|---|---|
""" + "\n".join(f"| {k} | {med[k]*1000:.1f} ms | {audio/med[k]:.0f}x | {', '.join(f'{t*1000:.1f}' for t in times[k])} |" for k in jobs) + f"""

**Ratio klick / woodshed: {ratio:.2f}** (target: at least 1.0).

Peak resident memory of any child process in the run: {max(peak.values())//1024} MiB (both programs
stream in blocks; neither holds the file in memory).

Most of either program's time is the kernel writing the file (`sys` time), so the ratio
moves with the disk cache; run `make bench` again to see the spread.
"""
