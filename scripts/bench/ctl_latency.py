"""`woodshed ctl` latency: `woodshed ctl tempo-set BPM` (a Unix socket in a private
XDG_RUNTIME_DIR) to a running `woodshed click`, on a private JACK server
(bench.remote_latency measures), 20 times: each starts a program. ctl prints the state 0.1 s
after the action; the change is timed from before ctl starts (its start-up counts), not from
its answer."""
import os, subprocess, tempfile

from . import jack, remote_latency
from .tools import Unavailable


def measure(woodshed):
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-ctl-")
    runtime = tempfile.mkdtemp(prefix="wsctl-", dir="/tmp")  # a socket path has at most 107 bytes
    os.chmod(runtime, 0o700)
    label = "woodshed ctl → woodshed click"
    try:
        server = jack.Server(tmp, label="jackd-ctl", period=remote_latency.PERIOD)
    except RuntimeError as e:
        return [(label, str(e))]
    env = dict(server.env, XDG_RUNTIME_DIR=runtime)

    def send(bpm):
        t = remote_latency.now()
        subprocess.run([woodshed, "ctl", "tempo-set", f"{bpm:g}"], env=env, check=True, capture_output=True)
        return t
    try:
        return [remote_latency.with_click(label, server, "wsctlbench", [woodshed, "click", f"{remote_latency.SLOW:g}", "--no-connect",
                                                                        "--no-mpris", "--jack-name", "wsctlbench"], tmp, send, env=env,
                                          changes=remote_latency.CHANGES)]
    except (Unavailable, subprocess.CalledProcessError, OSError) as e:
        return [(label, str(e))]
    finally:
        server.stop()
