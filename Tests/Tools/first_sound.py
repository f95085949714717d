#!/usr/bin/python3
"""Measures when a JACK client's output port first carries sound (a peer for `make bench`).

Run with /usr/bin/python3 (Debian's python3-jack-client, `import jack`); no numpy needed.

    first_sound.py --port CLIENT:PORT [--name first-sound] [--timeout 10]

Registers one audio input port, `in`, activates, and prints `ready` (flushed). When the port
PORT appears (port registration callback; or at once if it already exists) the main thread
connects it to `in`. The process callback looks for the first non-zero sample and notes
time.monotonic() there (CLOCK_MONOTONIC, the same clock as the caller's), less the sample's
offset within the cycle. Prints one JSON line and exits 0:
    {"registered": T, "connected": T, "first_sound": T, "offset": I, "rate": R, "period": P}
(times in seconds of time.monotonic(); null for what did not happen within --timeout, and
exit status 1 then). SIGTERM ends it early with what it has.
"""

import argparse
import json
import signal
import struct
import sys
import threading
import time

import jack


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", required=True)
    ap.add_argument("--name", default="first-sound")
    ap.add_argument("--timeout", type=float, default=10.0)
    a = ap.parse_args()

    client = jack.Client(a.name, no_start_server=True)
    inport = client.inports.register("in")
    appeared = threading.Event()
    heard = threading.Event()
    state = {"registered": None, "connected": None, "first_sound": None, "offset": None}
    armed = [False]
    zero = None

    @client.set_port_registration_callback
    def registration(port, register):
        if register and port.name == a.port and state["registered"] is None:
            state["registered"] = time.monotonic()
            appeared.set()

    @client.set_process_callback
    def process(frames):
        nonlocal zero
        if not armed[0] or heard.is_set():
            return
        now = time.monotonic()
        raw = bytes(inport.get_buffer())
        if zero is None or len(zero) != len(raw):
            zero = bytes(len(raw))
        if raw == zero:
            return
        samples = struct.unpack("%df" % (len(raw) // 4), raw)
        i = next(k for k, v in enumerate(samples) if v != 0.0)
        state["offset"] = i
        # The callback runs as the cycle starts; the sample is i frames into it.
        state["first_sound"] = now + i / client.samplerate
        heard.set()

    signal.signal(signal.SIGTERM, lambda *_: heard.set())
    client.activate()
    print("ready", flush=True)
    deadline = time.monotonic() + a.timeout
    while not appeared.is_set() and time.monotonic() < deadline:
        if client.get_ports(a.port):
            if state["registered"] is None:
                state["registered"] = time.monotonic()
            appeared.set()
            break
        appeared.wait(0.005)
    if appeared.is_set():
        for _ in range(200):
            try:
                client.connect(a.port, inport)
                break
            except jack.JackError:
                time.sleep(0.005)  # registered, not yet active
        state["connected"] = time.monotonic()
        armed[0] = True
        heard.wait(max(0.0, deadline - time.monotonic()))
    rate, period = client.samplerate, client.blocksize
    client.deactivate()
    client.close()
    print(json.dumps(dict(state, rate=rate, period=period)), flush=True)
    return 0 if state["first_sound"] is not None else 1


if __name__ == "__main__":
    sys.exit(main())
