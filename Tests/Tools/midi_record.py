#!/usr/bin/python3
"""Records MIDI events from a JACK port at server frame time (a test peer for Woodshed).

Run with /usr/bin/python3 (Debian's python3-jack-client, `import jack`, 0.5.3 or later).

    midi_record.py --out FILE [--name midirec] [--connect PORT ...] [--seconds S] [--timeout 10]

The client has one MIDI input port, `in`. With --connect it connects each source PORT (an
output port) to `in`, waiting (up to --timeout seconds) until the port exists and the
connection is in place. Recording starts with the first process cycle after that (at once
without --connect) and lasts --seconds of server frames (until signalled when not given);
SIGTERM and SIGINT end it early, cleanly: everything recorded so far is written.

FILE gets one JSON line per item, in time order:
    {"start": F, "rate": 48000, "blocksize": 256}        first: the first recorded cycle
    {"abs": A, "bytes": [144, 62, 100]}                  an event at server frame A
                                                         (last_frame_time + offset)
    {"gap_from": a, "gap_to": b}                         frames [a, b) no cycle of ours saw
                                                         (an xrun: cycles we missed)
    {"end": E, "events": N, "gaps": G, "xruns": X}       last: recording covered [F, E)
The "start" line is also printed to stdout (flushed) once recording has begun, so a caller
can wait for it before starting the sender. The process callback does no I/O: it appends to a
list that the main thread writes out every 50 ms.
"""

import argparse
import json
import signal
import sys
import threading
import time

import jack

from jack_connections import connect_all


def fail(status, message):
    sys.stderr.write("midi_record: %s\n" % message)
    sys.stderr.flush()
    sys.exit(status)


class Recorder:
    def __init__(self, client, port, seconds):
        self.client = client
        self.port = port
        self.seconds = seconds
        self.armed = False
        self.start = None
        self.stop_at = None
        self.prev_end = None
        self.end = None             # end of the last recorded cycle
        self.items = []             # ("e", abs, bytes) or ("g", from, to), in time order
        self.events = 0
        self.gaps = 0
        self.done = threading.Event()
        self.started = threading.Event()

    def process(self, frames):
        if not self.armed or self.done.is_set():
            return
        t0 = self.client.last_frame_time
        if self.start is None:
            self.start = t0
            if self.seconds is not None:
                self.stop_at = t0 + int(round(self.seconds * self.client.samplerate))
            self.started.set()
        elif t0 != self.prev_end:
            self.items.append(("g", self.prev_end, t0))
            self.gaps += 1
        self.prev_end = t0 + frames
        if self.stop_at is not None and t0 >= self.stop_at:
            self.done.set()
            return
        for offset, data in self.port.incoming_midi_events():
            self.items.append(("e", t0 + offset, bytes(data)))
            self.events += 1
        self.end = t0 + frames
        if self.stop_at is not None and self.end >= self.stop_at:
            self.done.set()


def main(argv):
    p = argparse.ArgumentParser(description="Record MIDI events at JACK server frame time.")
    p.add_argument("--out", required=True, help="file for the JSON lines")
    p.add_argument("--name", default="midirec", help="JACK client name (default midirec)")
    p.add_argument("--connect", action="append", default=[], metavar="PORT",
                   help="source port (an output port); may be repeated")
    p.add_argument("--seconds", type=float, help="server seconds to record (default: until signalled)")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds to wait for the source ports (default 10)")
    args = p.parse_args(argv)

    try:
        out = open(args.out, "w")
    except OSError as e:
        fail(2, "cannot write %s: %s" % (args.out, e))

    stop = threading.Event()

    def on_signal(signum, frame):
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)

    try:
        client = jack.Client(args.name, use_exact_name=True, no_start_server=True)
    except jack.JackError as e:
        fail(1, "cannot open JACK client %r: %s" % (args.name, e))
    port = client.midi_inports.register("in")
    rec = Recorder(client, port, args.seconds)
    xruns = [0]

    def on_xrun(delay):
        xruns[0] += 1

    client.set_process_callback(rec.process)
    client.set_xrun_callback(on_xrun)
    client.activate()

    written = 0

    def flush_items():
        nonlocal written
        items = rec.items
        n = len(items)  # the callback only appends: items[:n] are complete
        for item in items[written:n]:
            if item[0] == "e":
                out.write(json.dumps({"abs": item[1], "bytes": list(item[2])}) + "\n")
            else:
                out.write(json.dumps({"gap_from": item[1], "gap_to": item[2]}) + "\n")
        written = n

    status = 0
    try:
        deadline = time.monotonic() + args.timeout
        connect_all(client, port, args.connect, False, args.timeout, deadline, stop, fail)
        rec.armed = True

        while not rec.started.wait(0.01):
            if stop.is_set():
                break
            if time.monotonic() > deadline + 5:
                fail(1, "no process cycle within %g s" % (args.timeout + 5))
        header = {"start": rec.start, "rate": client.samplerate, "blocksize": client.blocksize}
        out.write(json.dumps(header) + "\n")
        if rec.start is not None:
            sys.stdout.write(json.dumps(header) + "\n")
            sys.stdout.flush()

        # Server seconds, plus slack for a stalled server; then stop anyway.
        finish = None if args.seconds is None else time.monotonic() + args.seconds * 2 + 10
        while not rec.done.wait(0.05):
            flush_items()
            if stop.is_set():
                break
            if finish is not None and time.monotonic() > finish:
                sys.stderr.write("midi_record: the server stalled: stopping after %g s\n" % (args.seconds * 2 + 10))
                status = 1
                break
    finally:
        rec.done.set()  # the callback records nothing more
        client.deactivate()
        client.close()
        flush_items()
        out.write(json.dumps({"end": rec.end, "events": rec.events, "gaps": rec.gaps, "xruns": xruns[0]}) + "\n")
        out.close()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
