"""MPRIS latency: `dbus-send` of the player's Next and Previous to `woodshed click
--mpris-step 30` (120 ↔ 150 BPM) on a private session bus (`dbus-daemon --session`, stopped by
its PID) and a private JACK server (bench.remote_latency measures)."""
import subprocess, tempfile

from . import jack, remote_latency
from .tools import Unavailable

NAME = "org.mpris.MediaPlayer2.woodshed"


def measure(woodshed):
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-mpris-")
    label = "dbus-send (MPRIS Next/Previous) → woodshed click"
    try:
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    except OSError as e:
        return [(label, str(e))]
    server = None
    try:
        address = bus.stdout.readline().strip()
        server = jack.Server(tmp, label="jackd-mpris", period=remote_latency.PERIOD)
        env = dict(server.env, DBUS_SESSION_BUS_ADDRESS=address)

        def on_bus():
            names = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                    "org.freedesktop.DBus.ListNames"], env=env, capture_output=True, text=True).stdout
            return NAME in names

        def send(bpm):
            member = "Next" if bpm == remote_latency.FAST else "Previous"
            subprocess.run(["dbus-send", "--session", "--type=method_call", f"--dest={NAME}", "/org/mpris/MediaPlayer2",
                            f"org.mpris.MediaPlayer2.Player.{member}"], env=env, check=True, capture_output=True)
        step = f"{remote_latency.FAST - remote_latency.SLOW:g}"
        return [remote_latency.with_click(label, server, "wsmprisbench", [woodshed, "click", "120", "--mpris-step", step, "--no-connect",
                                                                          "--jack-name", "wsmprisbench"], tmp, send, env=env, ready=on_bus)]
    except (Unavailable, subprocess.CalledProcessError, OSError, RuntimeError) as e:
        return [(label, str(e))]
    finally:
        if server is not None:
            server.stop()
        jack.stop(bus)
