"""JACK's DSP load: jack_cpu_load (jackd2's example client, the share of each period the graph
took) while the live clients run together, and with one client at a time on the same server
against no client at all."""
import statistics, subprocess, time

from .jack import start_client, stop

DSP_SECONDS = 8


class DSPLoad:
    """jack_cpu_load (jackd2's example client: JACK's DSP load in %, one line a second) in the
    background; `stop()` returns the readings."""

    def __init__(self, server, path):
        self.path = path
        try:
            self.proc = subprocess.Popen(["jack_cpu_load"], env=server.env, stdin=subprocess.DEVNULL,
                                         stdout=open(path, "w"), stderr=subprocess.STDOUT)
        except OSError:
            self.proc = None

    def stop(self, skip=2):
        """The readings after the first `skip` (JACK's average settles), or None."""
        if self.proc is None:
            return None
        stop(self.proc)
        vals = []
        with open(self.path, errors="replace") as f:
            for line in f:
                if line.startswith("jack DSP load"):
                    try:
                        vals.append(float(line.split()[-1]))
                    except ValueError:
                        pass
        return vals[skip:] or None


def dsp_text(vals):
    """The readings as the report shows them."""
    if not vals:
        return "not read"
    return f"mean {statistics.mean(vals):.2f} %, median {statistics.median(vals):.2f} %, max {max(vals):.2f} % ({len(vals)} readings)"


def alone(server, clients, labels, tmp):
    """JACK's DSP load with one client at a time on the same server (and with none), each for
    DSP_SECONDS: {label: readings or None}. `clients`: {label: (command, client name)}."""
    out = {}
    for label in ["no client", *labels]:
        if label != "no client" and label not in clients:
            out[label] = None
            continue
        proc = None
        if label != "no client":
            cmd, client = clients[label]
            proc, why = start_client(server, f"dsp-{label}", cmd, client, tmp)
            if why:
                out[label] = None
                continue
        time.sleep(0.5)
        monitor = DSPLoad(server, f"{tmp}/dsp-alone.log")
        time.sleep(DSP_SECONDS)
        out[label] = monitor.stop()
        if proc:
            stop(proc)
    return out
