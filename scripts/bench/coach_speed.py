"""Coach analysis speed: `woodshed coach` on a 10-minute take (woodshed's own click track,
rendered here, 48 kHz), CPU time against the audio's length; the issue's bar is 50x real time
on one core. `aubioonset` with the same onset method, window and hop is timed alongside for
reference (the coach adds the refinement to the attack's first sample, the grid and the report)."""
import json, os, resource, shutil, statistics, subprocess, tempfile

from .tools import Unavailable, run_tool

RUNS = 3
SECONDS = 600


def cpu_seconds(cmd):
    """Runs `cmd` to completion on CPU 0; its user + system CPU time and its stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run_tool(["taskset", "-c", "0"] + cmd if shutil.which("taskset") else cmd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), r.stdout


def section(woodshed):
    """Renders the take once, times the coach and aubioonset RUNS times; returns the section."""
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-coach-")
    take = f"{tmp}/take.wav"
    rows = []
    try:
        run_tool([woodshed, "render", take, "120", "--seconds", str(SECONDS), "--rate", "48000"])
        coach, summary = [], None
        for _ in range(RUNS):
            t, out = cpu_seconds([woodshed, "coach", take, "120", "--json"])
            coach.append(t)
            summary = json.loads(out)["summary"]
        med = statistics.median(coach)
        rows.append(f"| woodshed coach --json | {med:.2f} s | {SECONDS / med:.0f}x | "
                    + ", ".join(f"{t:.2f}" for t in coach) + f" | {summary['count']} onsets, mean {summary['mean_ms']} ms, "
                    f"spread {summary['spread_ms']} ms, {summary['missing']} missing, {summary['extra']} extra |")
        try:
            ref = []
            for _ in range(RUNS):
                t, out = cpu_seconds(["aubioonset", "-i", take, "-O", "specflux", "-B", "256", "-H", "64",
                                      "-t", "0.6", "-s", "-60", "-M", "0.03"])
                ref.append(t)
            med_ref = statistics.median(ref)
            rows.append(f"| aubioonset (specflux, 256/64) | {med_ref:.2f} s | {SECONDS / med_ref:.0f}x | "
                        + ", ".join(f"{t:.2f}" for t in ref) + f" | {len(out.split())} onsets |")
        except Unavailable as e:
            rows.append(f"| aubioonset | unavailable ({e}) | | | |")
        verdict = "met" if SECONDS / med >= 50 else "**missed**"
    except Unavailable as e:
        rows.append(f"| woodshed coach | unavailable ({e}) | | | |")
        verdict = "not measured"
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    body = "| program | median CPU | real-time factor | runs (CPU s) | found |\n|---|---|---|---|---|\n" + "\n".join(rows)
    print(body)
    return f"""## Coach: analysis speed

`woodshed coach take.wav 120 --json` on a {SECONDS // 60}-minute take: woodshed's own click track at 120 BPM
(`woodshed render take.wav 120 --seconds {SECONDS} --rate 48000`, 1200 clicks), read, mixed to mono,
onsets found (libaubio spectral flux, window 256, hop 64) and moved to each attack's first sample,
placed on the grid, written as JSON; CPU time (user + system) on one core (`taskset -c 0`), {RUNS}
runs. `aubioonset` with the same method and parameters is the reference: libaubio alone, without
the refinement, the grid or the report. The issue's bar: 50x real time or faster on one core
({verdict}).

{body}
"""
