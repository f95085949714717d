#!/usr/bin/python3
"""Sends MIDI events from a JACK client at exact server frames (a test peer for Woodshed).

Run with /usr/bin/python3 (Debian's python3-jack-client, `import jack`, 0.5.3 or later).

    midi_send.py [--name midisend] --connect PORT [--connect PORT ...] [--lead 48000]
                 [SCRIPT.json | -]                     # script mode (stdin when no file or "-")
    midi_send.py ... --flood RATE --seconds S --pattern '144,62,100;128,62,0'   # flood mode

The client has one MIDI output port, `out`. It connects `out` to every --connect port, waiting
(up to --timeout seconds) until each exists and the connection is in place. The first process
cycle after that is the start: its `last_frame_time` plus --lead is frame 0 of the script.

Script mode: a JSON list `[{"frame": 96000, "bytes": [144, 62, 100]}, ...]`; each event goes
out at absolute server frame `start + lead + frame` (offset `abs - last_frame_time` in that
cycle), in time order (events at the same frame keep the order of the script). One JSON line
per event on stdout, in the order sent: `{"abs": A, "bytes": [...]}`, with `"late": true`
added when the event could not go out at its frame (its cycle was missed, an xrun, or the port
buffer was full): it then goes out at offset 0 of the next cycle the client gets, and A is that
frame.

Flood mode: RATE events per second for S seconds, exactly round(RATE*S) events, event i at
frame `(i * samplerate) // RATE` after the start, cycling through the pattern (events separated
by ";", bytes by ","). Prints one summary line:
`{"sent": N, "first_abs": F, "last_abs": L, "late": K, "dropped": D, "xruns": X, "missed_cycles": M}`.

Both modes wait about two cycles after the last event (so it is delivered), then exit 0.
Exit status 2: bad arguments or script; 1: JACK trouble (no server, port never appeared,
timeout). The process callback does no I/O and takes no locks beyond the GIL: it appends to
lists that the main thread reads when it is done.
"""

import argparse
import json
import signal
import sys
import threading
import time

import jack

from jack_connections import connect_all


def parse_args(argv):
    p = argparse.ArgumentParser(description="Send MIDI events at exact JACK server frames.")
    p.add_argument("script", nargs="?", default="-", help="JSON script file, or - for stdin (default)")
    p.add_argument("--name", default="midisend", help="JACK client name (default midisend)")
    p.add_argument("--connect", action="append", default=[], metavar="PORT",
                   help="destination port (an input port); may be repeated")
    p.add_argument("--lead", type=int, default=48000,
                   help="frames between the first cycle after connecting and frame 0 (default 48000)")
    p.add_argument("--flood", type=float, metavar="RATE", help="flood mode: events per second")
    p.add_argument("--seconds", type=float, help="flood mode: duration in seconds")
    p.add_argument("--pattern", default="144,62,100;128,62,0",
                   help="flood mode: events to cycle through, ';' between events, ',' between bytes")
    p.add_argument("--timeout", type=float, default=10.0,
                   help="seconds to wait for the destination ports (default 10)")
    return p.parse_args(argv)


def fail(status, message):
    sys.stderr.write("midi_send: %s\n" % message)
    sys.stderr.flush()
    sys.exit(status)


def load_script(path):
    try:
        text = sys.stdin.read() if path == "-" else open(path).read()
        items = json.loads(text)
    except (OSError, ValueError) as e:
        fail(2, "cannot read script %s: %s" % (path, e))
    if not isinstance(items, list):
        fail(2, "the script must be a JSON list of {\"frame\": F, \"bytes\": [...]}")
    events = []
    for n, item in enumerate(items):
        try:
            frame = int(item["frame"])
            data = bytes(int(b) for b in item["bytes"])
        except (KeyError, TypeError, ValueError) as e:
            fail(2, "script event %d (%r): %s" % (n, item, e))
        if not data:
            fail(2, "script event %d has no bytes" % n)
        events.append((frame, data))
    # Stable: events at the same frame keep their order.
    events.sort(key=lambda e: e[0])
    return events


def parse_pattern(text):
    try:
        pattern = [bytes(int(b) for b in part.split(",")) for part in text.split(";") if part.strip()]
    except ValueError as e:
        fail(2, "bad --pattern %r: %s" % (text, e))
    if not pattern or any(not p for p in pattern):
        fail(2, "bad --pattern %r: no events" % text)
    return pattern


class Sender:
    """The state the process callback works on. Event i (0-based) has relative frame
    `frame_of(i)` and bytes `bytes_of(i)`; `count` events in all."""

    def __init__(self, client, port, count, frame_of, bytes_of, lead, keep_log):
        self.client = client
        self.port = port
        self.count = count
        self.frame_of = frame_of
        self.bytes_of = bytes_of
        self.lead = lead
        self.keep_log = keep_log
        self.armed = False          # set by the main thread once connected
        self.base = None            # absolute frame of script frame 0
        self.next = 0               # index of the next event to send
        self.log = []               # (abs, bytes, late) per sent event, when keep_log
        self.first_abs = None
        self.last_abs = None
        self.late = 0
        self.dropped = 0
        self.missed_cycles = 0
        self.prev_end = None        # last_frame_time + blocksize of the previous cycle
        self.drain = 0              # cycles run since the last event went out
        self.done = threading.Event()

    def process(self, frames):
        port = self.port
        port.clear_buffer()
        t0 = self.client.last_frame_time
        if self.prev_end is not None and t0 != self.prev_end:
            self.missed_cycles += (t0 - self.prev_end) // frames if t0 > self.prev_end else 1
        self.prev_end = t0 + frames
        if not self.armed or self.done.is_set():
            return
        if self.base is None:
            self.base = t0 + self.lead
        if self.next >= self.count:
            self.drain += 1
            if self.drain >= 2:
                self.done.set()
            return
        end = t0 + frames
        written = 0
        while self.next < self.count:
            at = self.base + self.frame_of(self.next)
            if at >= end:
                break
            data = self.bytes_of(self.next)
            late = at < t0
            offset = 0 if late else at - t0
            buf = port.reserve_midi_event(offset, len(data))
            if len(buf) == 0:
                if written == 0:
                    # Does not fit even in an empty buffer: it never will.
                    self.dropped += 1
                    self.next += 1
                    continue
                # Port buffer full: the rest go out at offset 0 of the next cycle, late.
                break
            buf[:] = data
            written += 1
            sent = t0 + offset
            if late:
                self.late += 1
            if self.first_abs is None:
                self.first_abs = sent
            self.last_abs = sent
            if self.keep_log:
                self.log.append((sent, data, late))
            self.next += 1


def main(argv):
    args = parse_args(argv)
    flood = args.flood is not None
    if flood:
        if args.seconds is None or args.flood <= 0 or args.seconds < 0:
            fail(2, "--flood RATE needs a positive RATE and --seconds S")
        pattern = parse_pattern(args.pattern)
    else:
        script = load_script(args.script)

    try:
        client = jack.Client(args.name, use_exact_name=True, no_start_server=True)
    except jack.JackError as e:
        fail(1, "cannot open JACK client %r: %s" % (args.name, e))
    port = client.midi_outports.register("out")
    rate = client.samplerate

    if flood:
        count = int(round(args.flood * args.seconds))
        per_second = args.flood
        if per_second == int(per_second):
            per_second = int(per_second)
            sender = Sender(client, port, count, lambda i: (i * rate) // per_second,
                            lambda i: pattern[i % len(pattern)], args.lead, keep_log=False)
        else:
            sender = Sender(client, port, count, lambda i: int(i * rate // per_second),
                            lambda i: pattern[i % len(pattern)], args.lead, keep_log=False)
    else:
        sender = Sender(client, port, len(script), lambda i: script[i][0],
                        lambda i: script[i][1], args.lead, keep_log=True)

    xruns = [0]

    def on_xrun(delay):
        xruns[0] += 1

    client.set_process_callback(sender.process)
    client.set_xrun_callback(on_xrun)
    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    client.activate()
    try:
        deadline = time.monotonic() + args.timeout
        connect_all(client, port, args.connect, True, args.timeout, deadline, stop, fail)
        sender.armed = True

        # Frames to go, plus slack for a slow start; then give up.
        last = sender.frame_of(sender.count - 1) if sender.count else 0
        budget = (max(args.lead + last, 0) + 4 * client.blocksize) / rate + 10.0
        finish = time.monotonic() + budget
        while not sender.done.wait(0.02):
            if stop.is_set():
                fail(1, "stopped by a signal after %d of %d events" % (sender.next, sender.count))
            if time.monotonic() > finish:
                fail(1, "timed out after %d of %d events (no process cycles?)" % (sender.next, sender.count))
    finally:
        client.deactivate()
        client.close()

    out = sys.stdout
    if flood:
        out.write(json.dumps({"sent": sender.next - sender.dropped, "first_abs": sender.first_abs,
                              "last_abs": sender.last_abs, "late": sender.late, "dropped": sender.dropped,
                              "xruns": xruns[0], "missed_cycles": sender.missed_cycles}) + "\n")
    else:
        for at, data, late in sender.log:
            line = {"abs": at, "bytes": list(data)}
            if late:
                line["late"] = True
            out.write(json.dumps(line) + "\n")
        if sender.dropped:
            sys.stderr.write("midi_send: %d events too large for the port buffer were dropped\n" % sender.dropped)
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
