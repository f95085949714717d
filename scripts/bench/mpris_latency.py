"""MPRIS latency: 200 calls of the player's Next and Previous to `woodshed click --mpris-step 60`
(240 ↔ 300 BPM) from one long-lived caller, Tests/Tools/mpris_caller (sd-bus), on a private
session bus (`dbus-daemon --session`, stopped by its PID) and a private JACK server. Each call is
timed to its reply and to the PropertiesChanged signal it causes (issue 19's target: under
20 ms), and to the audible change (bench.remote_latency measures)."""
import os, subprocess, tempfile

from . import jack, remote_latency
from .tools import ROOT, Unavailable

NAME = "org.mpris.MediaPlayer2.woodshed"
TARGET_MS = 20  # issue 19: call → PropertiesChanged under 20 ms


class Caller:
    """.build/tools/mpris_caller on the bus of `env`, talking to NAME: `call(member)` returns the
    call's time and keeps its line (call, reply, signal, properties) in `calls`."""

    def __init__(self, env, tmp):
        self.log = f"{tmp}/mpris_caller.log"
        self.proc = subprocess.Popen([os.path.join(ROOT, ".build", "tools", "mpris_caller"), NAME], env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(self.log, "w"))
        if self.proc.stdout.readline().strip() != "ready":
            jack.stop(self.proc)
            raise Unavailable(f"mpris_caller did not start: {jack.tail(self.log)}")
        self.calls = []

    def call(self, member):
        self.proc.stdin.write(member + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().split()
        if len(line) != 4:
            raise Unavailable(f"mpris_caller stopped: {jack.tail(self.log)}")
        self.calls.append((member, *line))
        return float(line[0])

    def stop(self):
        self.proc.stdin.close()
        jack.stop(self.proc)


def signal_table(calls):
    """The table of call → reply and call → PropertiesChanged (ms) over `calls`; or why there is none."""
    head = f"""
MPRIS call → `PropertiesChanged` (issue 19; target under {TARGET_MS} ms), the same {remote_latency.MESSAGES} calls,
timed by `mpris_caller`: from just before the call is written to the bus to when the reply, and
the first `PropertiesChanged` of the player interface after the call, were read.

"""
    if isinstance(calls, str) or not calls:
        return head + f"Unavailable: {calls or 'no calls'}\n"
    timed = [(m, float(t), r, s, names) for m, t, r, s, names in calls]
    answered = [(float(r) - t) * 1000 for m, t, r, s, names in timed if r[0].isdigit()]
    signalled = [(float(s) - t) * 1000 for m, t, r, s, names in timed if s != "-"]
    names = sorted({names for *_, names in timed if names != "-"})
    lines = ["| from the call to | calls | median | p99 | max | under target |", "|---|---|---|---|---|---|"]
    for label, values, target in (("its reply", answered, None), ("`PropertiesChanged`", signalled, TARGET_MS)):
        if not values:
            lines.append(f"| {label} | 0/{len(timed)} | | | | |")
            continue
        med, p99, top = remote_latency.spread(values)
        under = f"{sum(v < target for v in values)}/{len(values)}" if target else "—"
        lines.append(f"| {label} | {len(values)}/{len(timed)} | {med:.2f} ms | {p99:.2f} ms | {top:.2f} ms | {under} |")
        print(lines[-1], flush=True)
    said = "; ".join(n.replace(",", ", ") for n in names) or "none"
    return head + "\n".join(lines) + f"\n\nThe properties the signals named: {said}.\n"


def measure(woodshed):
    """[(label, (results, changes, calls) or why not)]."""
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-mpris-")
    label = "MPRIS Next/Previous (mpris_caller) → woodshed click"
    try:
        subprocess.run([os.path.join(ROOT, "scripts", "build-test-tools.sh")], check=True, capture_output=True)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    except (OSError, subprocess.CalledProcessError) as e:
        return [(label, str(e))]
    server, caller = None, None
    try:
        address = bus.stdout.readline().strip()
        server = jack.Server(tmp, label="jackd-mpris", period=remote_latency.PERIOD)
        env = dict(server.env, DBUS_SESSION_BUS_ADDRESS=address)

        def ready():
            nonlocal caller
            names = subprocess.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/",
                                    "org.freedesktop.DBus.ListNames"], env=env, capture_output=True, text=True).stdout
            if f'"{NAME}"' not in names:
                return False
            caller = Caller(env, tmp)
            return True

        def send(bpm):
            return caller.call("Next" if bpm == remote_latency.FAST else "Previous")
        step = f"{remote_latency.FAST - remote_latency.SLOW:g}"
        label, measured = remote_latency.with_click(label, server, "wsmprisbench",
                                                    [woodshed, "click", f"{remote_latency.SLOW:g}", "--mpris-step", step,
                                                     "--no-connect", "--jack-name", "wsmprisbench"], tmp, send, env=env, ready=ready)
        return [(label, measured if isinstance(measured, str) else (*measured, caller.calls))]
    except (Unavailable, subprocess.CalledProcessError, OSError, RuntimeError) as e:
        return [(label, str(e))]
    finally:
        if caller is not None:
            caller.stop()
        if server is not None:
            server.stop()
        jack.stop(bus)
