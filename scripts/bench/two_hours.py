"""Memory with a 2-hour file: `woodshed play` of a 2-hour FLAC with three saved sections, driven
live with keys (jumps of seconds and of an hour, pause, play) on a private JACK server; its peak
RSS, CPU and what it announced, read before it quits."""
import re, subprocess, time

from .jack import start_client, stop, tail
from .process_stats import TICKS, cpu_ticks, status_kb

RIGHT, LEFT = "\x1b[C", "\x1b[D"


def session(server, woodshed, path, tmp):
    """Plays the 2-hour file live with jumps; {"hwm", "shm", "rss" (kB), "keys", "rc", ...}."""
    for name, a, b in (("opening", "0", "1:00"), ("middle", "1:00:00", "1:01:00"), ("late", "1:58:00", "1:59:00")):
        r = subprocess.run([woodshed, "sections", path, "add", name, a, b], env=server.env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True)
        if r.returncode != 0:
            return {"why": f"woodshed sections add failed: {(r.stderr or r.stdout).strip()}"}
    proc, why = start_client(server, "two-hours", [woodshed, "play", path, "--keep-open", "--no-connect",
                                                    "--jack-name", "bench-long"], "bench-long", tmp)
    if why:
        return {"why": why}
    keys = [RIGHT] * 6 + ["n"] + [RIGHT] * 4 + ["n"] + [RIGHT] * 3 + ["p", "p"] + [LEFT] * 3 + [" ", " "] \
        + [RIGHT] * 5 + ["n", "]", "[", RIGHT, RIGHT]
    sent = 0
    try:
        t0, c0 = time.monotonic(), cpu_ticks(proc.pid)
        for k in keys:
            if proc.poll() is not None:
                break
            try:
                proc.stdin.write(k.encode())
                proc.stdin.flush()
                sent += 1
            except OSError:
                break
            time.sleep(0.5)
        if proc.poll() is not None:
            return {"why": f"exited during the session (status {proc.returncode}): {tail(f'{tmp}/two-hours.log')}"}
        t1, c1 = time.monotonic(), cpu_ticks(proc.pid)
        out = {"hwm": status_kb(proc.pid, "VmHWM"), "shm": status_kb(proc.pid, "RssShmem") or 0,
               "rss": status_kb(proc.pid, "VmRSS"), "keys": sent, "seconds": t1 - t0,
               "cpu": (c1 - c0) / TICKS / (t1 - t0) * 100}
        try:
            proc.stdin.write(b"q")
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            stop(proc)
        out["rc"] = proc.returncode
        out["last"] = tail(f"{tmp}/two-hours.log", 1)
        with open(f"{tmp}/two-hours.log", errors="replace") as f:
            out["heard"] = re.findall(r"section \d+/\d+ (\w+)", f.read())
        return out
    finally:
        stop(proc)
