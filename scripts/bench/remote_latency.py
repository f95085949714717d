"""Remote-control latency, the shared part: a metronome on a private JACK server (bench.jack),
its click port recorded by Tests/Tools/frame_recorder.c (each cycle at its server frame, and
when each cycle ran on CLOCK_MONOTONIC), tempo changes sent by a `send` function at random beat phases, and what each change did
to the onsets. One module per remote: osc_latency (oscsend to woodshed and to klick),
ctl_latency (`woodshed ctl`), mpris_latency (dbus-send). The section puts their rows together.

Two figures per change, from the moment before the sender program starts (its start-up counts):
- applied: when the new tempo took effect. Woodshed keeps the beat phase (docs/timing.md): with
  the beat before at t, the next at t + d + (L − d)·L′/L for a change at frame t + d, so
  d = (interval − L′)·L/(L − L′). klick sets the next beat's length at each beat: its change
  applies at the first beat after it is received, whose interval is the new length.
- heard: the first onset that moved off the old tempo's grid (includes waiting for that beat).
"""
import bisect, json, os, random, statistics, subprocess, time

from . import jack, wav
from .tools import ROOT, Unavailable

SLOW, FAST = 120.0, 150.0  # BPM; 4/4; beats of 24000 and 19200 frames at 48 kHz
CHANGES = 20
# The period of the servers: 256 frames (5.3 ms), where a Python recorder keeps up on a busy machine.
PERIOD = 256


def beat(bpm):
    return jack.RATE * 60.0 / bpm


class Recorder:
    """.build/tools/frame_recorder on `port` of `server` for `seconds`: the click's onsets as
    (frame, when on time.monotonic()), those in cycles it missed left out."""

    def __init__(self, server, port, tmp, seconds):
        subprocess.run([os.path.join(ROOT, "scripts", "build-test-tools.sh")], check=True, capture_output=True)
        self.wav = f"{tmp}/remote-latency.wav"
        self.log = f"{tmp}/frame_recorder.log"
        self.proc = subprocess.Popen([os.path.join(ROOT, ".build", "tools", "frame_recorder"), "-o", self.wav, "-s", str(seconds),
                                      "-n", "remote-latency", port], env=server.env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=open(self.log, "w"))
        deadline = time.monotonic() + 10
        while not any(p.startswith("remote-latency:") for p in server.ports() or []):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                jack.stop(self.proc)
                raise Unavailable(f"frame_recorder did not start: {jack.tail(self.log)}")
            time.sleep(0.05)

    def stop(self):
        """Waits for the recording's end; the onsets: (server frame, when its cycle ran, on
        time.monotonic()'s clock)."""
        self.proc.wait()
        with open(self.wav + ".json") as f:
            meta = json.load(f)
        with open(self.wav + ".cycles") as f:
            cycles = [(int(a), float(b)) for a, b in (l.split() for l in f if l.strip())]
        _, _, x = wav.read_wav(self.wav)
        missed = bytearray(len(x))
        for start, length in meta["gaps"]:
            missed[start:start + length] = b"\1" * length
        starts = [c[0] for c in cycles]
        first = meta["first_server_frame"]

        def time_of(frame):
            """When server frame `frame` was carried to the recorder (its cycle's callback)."""
            k = frame - first
            c = max(bisect.bisect_right(starts, k) - 1, 0)
            return cycles[c][1] + (k - cycles[c][0]) / meta["rate"]
        self.time_of = time_of
        onsets, quiet = [], 0
        for k, v in enumerate(x):
            if missed[k]:
                quiet = 0
            elif abs(v) > 0.01:
                if quiet >= 96:
                    onsets.append((first + k, time_of(first + k)))
                quiet = 0
            else:
                quiet += 1
        return onsets


def analyse(onsets, sends, phase_continuous, time_of):
    """(applied, heard) latencies in ms for each send (time, old BPM, new BPM) whose clicks around
    the change were recorded (a click in a cycle the recorder missed leaves that change out)."""
    results = []
    for t_send, old, new in sends:
        L, L2 = beat(old), beat(new)
        after = [i for i, (_, s) in enumerate(onsets) if s > t_send and 2 <= i < len(onsets) - 1]
        gap = lambda i: onsets[i][0] - onsets[i - 1][0]
        if phase_continuous:
            # Woodshed's grid is the server's frames: the first interval off the old length is the
            # change, a blend of the two lengths, after an interval of the old length.
            moved = next((i for i in after if abs(gap(i) - L) > 1), None)
            if moved is None or abs(gap(moved - 1) - L) > 1 or not min(L, L2) - 1 <= gap(moved) <= max(L, L2) + 1:
                continue
            d = (gap(moved) - L2) * L / (L - L2)
            f = onsets[moved - 1][0] + round(d)
            results.append(((time_of(f) - t_send) * 1000, (onsets[moved][1] - t_send) * 1000))
        else:
            # klick counts the frames of the cycles it ran (a missed cycle moves its grid by
            # periods): the change is the first beat after the message whose next interval is
            # nearer the new length than the old, after intervals nearer the old.
            newer = lambda i: abs(gap(i) - L2) < abs(gap(i) - L)
            k = next((i for i in after if newer(i + 1)), None)
            if k is None or any(newer(i) for i in range(after[0], k + 1)):
                continue
            results.append(((onsets[k][1] - t_send) * 1000, (onsets[k + 1][1] - t_send) * 1000))
    return results


def run(server, port, send, tmp, phase_continuous, changes=CHANGES):
    """Records `port` while `send(bpm)` changes the tempo `changes` times between SLOW and FAST,
    1.0–1.6 s apart; returns the latencies."""
    rng = random.Random(19)
    rec = Recorder(server, port, tmp, seconds=changes * 1.6 + 3.5)
    sends = []
    try:
        time.sleep(1.5)
        bpm = SLOW
        for _ in range(changes):
            time.sleep(rng.uniform(1.0, 1.6))
            new = FAST if bpm == SLOW else SLOW
            t = time.monotonic()
            send(new)
            sends.append((t, bpm, new))
            bpm = new
    finally:
        onsets = rec.stop()
    return analyse(onsets, sends, phase_continuous, rec.time_of)


def with_click(label, server, client, cmd, tmp, send, env=None, ready=None, phase_continuous=True):
    """(label, latencies, or why not): runs `cmd` as JACK client `client` (port `client:click`,
    or klick's `out`) on `server`, waits for `ready()` (true when it can take messages), measures
    `send`, and stops it by its PID."""
    proc, why = jack.start_client(server, client, cmd, client, tmp, env=env)
    if proc is None:
        return label, why
    try:
        deadline = time.monotonic() + 10
        while ready is not None and not ready():
            if time.monotonic() > deadline:
                return label, f"{client} did not get ready within 10 s"
            time.sleep(0.05)
        port = f"{client}:{'click' if phase_continuous else 'out'}"
        return label, run(server, port, send, tmp, phase_continuous)
    finally:
        jack.stop(proc)


def row(label, results, changes=CHANGES):
    """A table row: median and max of both figures."""
    if not results:
        return f"| {label} | unavailable | | | | |"
    applied, heard = [r[0] for r in results], [r[1] for r in results]
    return (f"| {label} | {len(results)}/{changes} | {statistics.median(applied):.1f} ms | {max(applied):.1f} ms "
            f"| {statistics.median(heard):.1f} ms | {max(heard):.1f} ms |")


def section(woodshed):
    """The section: each remote's row (a remote that cannot run says why)."""
    from . import ctl_latency, mpris_latency, osc_latency
    lines = ["| sent by → to | changes | applied, median | applied, max | heard, median | heard, max |",
             "|---|---|---|---|---|---|"]
    for module in (osc_latency, ctl_latency, mpris_latency):
        for label, results in module.measure(woodshed):
            lines.append(row(label, results) if not isinstance(results, str) else f"| {label} | unavailable: {results} | | | | |")
            print(lines[-1], flush=True)
    return f"""## Remote control: message sent to audible change

{CHANGES} tempo changes between {SLOW:.0f} and {FAST:.0f} BPM (4/4) at random beat phases, 1.0–1.6 s
apart, to a click on a private JACK server ({jack.RATE} Hz, period {PERIOD}) whose port
`Tests/Tools/frame_recorder` records: each cycle at its server frame, and when its callback ran on
CLOCK_MONOTONIC (a click is timed by the cycle that carried it to the recorder; a change whose
clicks fell in a cycle the recorder missed is left out). Times run from just before the sender
program starts (`oscsend`, `woodshed ctl`, `dbus-send`: their start-up counts). *Applied*: when
the new tempo took effect. Woodshed changes it at the first cycle after the control thread reads
the message, keeping the beat phase (the frame is recovered from the next click); klick gives
the next beat the new length at each beat, so its change applies at the first beat after the
message. *Heard*: the first click off the old tempo's grid (this includes the wait for that
beat, up to one: 0.4–0.5 s, for either). Scripts: scripts/bench/remote_latency.py (shared),
osc_latency.py, ctl_latency.py, mpris_latency.py (`make bench`, or `scripts/bench.sh
--remote-only` for this section alone).

""" + "\n".join(lines) + "\n"
