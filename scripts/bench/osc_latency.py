"""OSC latency, woodshed against klick: the same message, `oscsend localhost PORT
/klick/simple/set_tempo f BPM`, to `woodshed click --osc PORT` and to `klick -o PORT`, each on
its own private JACK server (bench.remote_latency measures)."""
import socket, subprocess, tempfile

from . import jack, remote_latency
from .tools import Unavailable


def free_port():
    """A UDP port no one uses now on 127.0.0.1 (the kernel's choice, released at once)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def oscsend(port, *words):
    subprocess.run(["oscsend", "localhost", str(port)] + list(words), check=True, capture_output=True)


def one(label, client, cmd, port, tmp, klick):
    """The changes sent to `cmd` (JACK client `client`) on a private server; klick is first
    started with /klick/metro/start."""
    try:
        server = jack.Server(tmp, label=f"jackd-{client}", period=remote_latency.PERIOD)
    except RuntimeError as e:
        return label, str(e)

    def ready():
        if klick:
            oscsend(port, "/klick/metro/start")
        return True
    try:
        return remote_latency.with_click(label, server, client, cmd, tmp,
                                         lambda bpm: oscsend(port, "/klick/simple/set_tempo", "f", str(bpm)),
                                         ready=ready, phase_continuous=not klick)
    except (Unavailable, subprocess.CalledProcessError, OSError) as e:
        return label, str(e)
    finally:
        server.stop()


def measure(woodshed):
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-osc-")
    ours, theirs = free_port(), free_port()
    return [
        one("oscsend → woodshed click --osc", "wsoscbench", [woodshed, "click", "120", "--osc", str(ours), "--no-connect",
                                                             "--no-mpris", "--jack-name", "wsoscbench"], ours, tmp, False),
        one("oscsend → klick -o (0.12.2)", "klickbench", ["klick", "-n", "klickbench", "-o", str(theirs), "4/4", "120"],
            theirs, tmp, True),
    ]
