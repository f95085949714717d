"""Hit to screen: `woodshed click --coach` on a private JACK server (period 256) hears
`hit_performer` (Tests/Tools) play 100 hits into woodshed:in; for each hit, the time from its
first sample reaching woodshed's input ring to the control loop taking it for the screen, as
`--coach-log`'s summary gives it (`hit_to_screen_median_ms`). The bar: a median under 50 ms."""
import json, os, subprocess, time

from .jack import RATE, Server, start_client, stop, tail
from .tools import ROOT, Unavailable, run_tool

PERIOD = 256
HITS = 100


def performer():
    """Builds the test tools (scripts/build-test-tools.sh) and returns hit_performer's path."""
    run_tool([os.path.join(ROOT, "scripts", "build-test-tools.sh")])
    return os.path.join(ROOT, ".build", "tools", "hit_performer")


def measure(woodshed, tmp):
    """(summary dict, None) of one coached run, or (None, reason)."""
    try:
        perf_bin = performer()
    except Unavailable as e:
        return None, str(e)
    server = Server(tmp, label="jackd-coach", period=PERIOD)
    click = perf = None
    log = os.path.join(tmp, "coach.jsonl")
    try:
        click, why = start_client(server, "coach-click", [woodshed, "click", "120", "--subdivide", "2", "--no-connect", "--no-mpris",
                                                          "--coach", "--coach-log", log, "--jack-name", "benchcoach"],
                                  "benchcoach", tmp)
        if click is None:
            return None, f"woodshed click --coach: {why}"
        out = os.path.join(tmp, "coach-perf.log")
        perf = subprocess.Popen([perf_bin, "-n", "benchperf", "--anchor-port", "benchcoach:click", "--connect", "benchcoach:in",
                                 "--every", "12000", "--count", str(HITS), "--first", "24000", "--deviations", "0,-20,15,30,-30",
                                 "--jitter-ms", "3", "--latency", "128"],
                                env=server.env, stdin=subprocess.DEVNULL, stdout=open(out, "w"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + HITS * 0.25 + 20
        while time.monotonic() < deadline and "done" not in open(out).read():
            time.sleep(0.2)
        time.sleep(1)
        stop(click)
        click = None
        with open(log) as f:
            lines = [json.loads(l) for l in f if l.strip()]
        summary = next((l for l in lines if l.get("summary")), None)
        if summary is None or "hit_to_screen_median_ms" not in summary:
            return None, f"no summary in the coach log ({tail(out)})"
        summary["xruns"] = server.xrun_lines()
        return summary, None
    finally:
        for p in (perf, click):
            if p is not None:
                stop(p)
        server.stop()


def section(woodshed, tmp):
    """The report's section: hits heard and the median hit-to-screen time against the 50 ms bar."""
    j, why = measure(woodshed, tmp)
    if j:
        median = j["hit_to_screen_median_ms"]
        verdict = "under" if median < 50 else "OVER"
        body = (f"| hits played | hits heard | missed clicks | median hit to screen | jackd xrun lines |\n|---|---|---|---|---|\n"
                f"| {HITS} | {j['hits']} | {j['missed']} | {median:.1f} ms ({verdict} the 50 ms bar) | {j['xruns']} |")
    else:
        body = f"click --coach unavailable ({why})"
    print(body)
    return f"""## Coach: hit to screen

`woodshed click 120 --subdivide 2 --coach --coach-log FILE` on a private JACK server ({RATE} Hz,
period {PERIOD}), `hit_performer` playing {HITS} drum-like hits on the eighths into `woodshed:in`
(deviations −30 … +30 ms). Hit to screen: from the hit's first sample reaching woodshed's input
ring (the process callback copies it there) to the control loop taking the hit for the screen —
the analysis worker's read (it looks every millisecond), the onset detector's 20 ms wait for the
note's peak, the wake of the control loop; the screen is drawn at once after. The missed clicks
are the eighths before the first hit and after the last. The issue's bar: a median under 50 ms.

{body}
"""
