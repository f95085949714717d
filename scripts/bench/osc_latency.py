"""OSC latency, woodshed against klick: the same message, `/klick/simple/set_tempo ,f BPM`, sent
200 times from this process's own UDP socket (encoded here, no program started per message) to
`woodshed click --osc PORT` and to `klick -o PORT`, each on its own private JACK server
(bench.remote_latency measures). The send time is CLOCK_MONOTONIC just before `sendto`: on
loopback the datagram is in the receiving socket when `sendto` returns, within microseconds, so
this is the time of receipt (issue 18's target: the change applied within one period + 1 ms)."""
import socket, struct, tempfile

from . import jack, remote_latency
from .tools import Unavailable


def free_port():
    """A UDP port no one uses now on 127.0.0.1 (the kernel's choice, released at once)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def osc_string(text):
    """An OSC string: its bytes, a NUL, and NULs up to a multiple of 4 bytes."""
    b = text.encode()
    return b + b"\0" * (4 - len(b) % 4)


def osc_message(address, *floats):
    """An OSC message of float arguments: the address, the type tags (",f" each), the big-endian
    32-bit floats."""
    return osc_string(address) + osc_string("," + "f" * len(floats)) + b"".join(struct.pack(">f", f) for f in floats)


class Sender:
    """One UDP socket on 127.0.0.1 sending to `port` there; `tempo(bpm)` returns when it was sent."""

    def __init__(self, port):
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socket.bind(("127.0.0.1", 0))
        self.to = ("127.0.0.1", port)

    def send(self, address, *floats):
        self.socket.sendto(osc_message(address, *floats), self.to)

    def tempo(self, bpm):
        packet = osc_message("/klick/simple/set_tempo", bpm)
        t = remote_latency.now()
        self.socket.sendto(packet, self.to)
        return t

    def close(self):
        self.socket.close()


def one(label, client, cmd, port, tmp, klick):
    """The changes sent to `cmd` (JACK client `client`) on a private server; klick is first
    started with /klick/metro/start."""
    try:
        server = jack.Server(tmp, label=f"jackd-{client}", period=remote_latency.PERIOD)
    except RuntimeError as e:
        return label, str(e)
    sender = Sender(port)

    def ready():
        if klick:
            sender.send("/klick/metro/start")
        return True
    try:
        return remote_latency.with_click(label, server, client, cmd, tmp, sender.tempo, ready=ready, phase_continuous=not klick)
    except (Unavailable, OSError) as e:
        return label, str(e)
    finally:
        sender.close()
        server.stop()


def measure(woodshed):
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-osc-")
    ours, theirs = free_port(), free_port()
    return [
        one("OSC (UDP socket) → woodshed click --osc", "wsoscbench", [woodshed, "click", f"{remote_latency.SLOW:g}", "--osc", str(ours),
                                                                     "--no-connect", "--no-mpris", "--jack-name", "wsoscbench"], ours, tmp, False),
        one("OSC (UDP socket) → klick -o (0.12.2)", "klickbench", ["klick", "-n", "klickbench", "-o", str(theirs), "4/4",
                                                                   f"{remote_latency.SLOW:g}"], theirs, tmp, True),
    ]
