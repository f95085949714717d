"""Running the helper programs the benchmarks need (sox, the converters, woodshed's own
commands) and saying so when one is missing, instead of crashing."""
import os, subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Unavailable(Exception):
    """Something a measurement needs is missing; the section says so instead of crashing."""


def run_tool(cmd, **kw):
    """Runs a helper program; Unavailable (with its last error line) if it is missing or fails."""
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, **kw)
    except OSError as e:
        raise Unavailable(f"{cmd[0]}: {e.strerror}")
    if r.returncode != 0:
        raise Unavailable(f"`{' '.join(os.path.basename(c) for c in cmd[:3])} …` exited {r.returncode}: "
                          + ((r.stderr or r.stdout).strip().splitlines() or [""])[-1])
    return r
