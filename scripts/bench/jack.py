"""The one JACK helper of the benchmarks: a private jackd (dummy driver), the clients started
against it, and the environment every program of the benchmarks runs in. Processes are stopped
by their PID (only our own children), never by name."""
import os, signal, subprocess, time

RATE, PERIOD = 48000, 64


def stop(proc, within=5.0):
    """SIGTERM by PID, up to `within` s, then SIGKILL. Only our own children."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(within)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def tail(path, n=3):
    """The last `n` lines of a log, joined with " / "; "" if it cannot be read."""
    try:
        with open(path, errors="replace") as f:
            return " / ".join(l.strip() for l in f.read().strip().splitlines()[-n:])
    except OSError:
        return ""


def private_env(tmp):
    """The environment for woodshed: its settings, sections, caches and state in `tmp`, never
    the user's."""
    env = dict(os.environ)
    for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[k] = os.path.join(tmp, "xdg", k.split("_")[1].lower())
        os.makedirs(env[k], exist_ok=True)
    return env


class Server:
    """A private jackd (unique name, dummy driver), stopped by its PID."""

    def __init__(self, tmp, label="jackd"):
        self.name = f"ws-bench-{os.getpid()}-{os.urandom(3).hex()}"
        self.env = dict(private_env(tmp), JACK_DEFAULT_SERVER=self.name, JACK_NO_START_SERVER="1")
        self.log = f"{tmp}/{label}.log"
        self.proc = subprocess.Popen(
            ["jackd", "--no-realtime", "-n", self.name, "-d", "dummy", "-r", str(RATE), "-p", str(PERIOD)],
            env=self.env, stdin=subprocess.DEVNULL, stdout=open(self.log, "w"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while self.ports() is None:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"jackd did not start: {tail(self.log, 10)}")
            time.sleep(0.05)

    def ports(self):
        r = subprocess.run(["jack_lsp"], env=self.env, capture_output=True, text=True, timeout=10)
        return r.stdout.split("\n") if r.returncode == 0 else None

    def xrun_lines(self):
        with open(self.log, errors="replace") as f:
            return sum("XRun" in l for l in f)

    def stop(self):
        stop(self.proc)


def start_client(server, label, cmd, client, tmp):
    """Starts a JACK client and waits (10 s) for its ports. Returns (Popen, None) or (None, reason)."""
    out = f"{tmp}/{label}.log"
    try:
        # stdin stays an open pipe: a program reading keys sees no end of file.
        proc = subprocess.Popen(cmd, env=server.env, stdin=subprocess.PIPE, stdout=open(out, "w"),
                                stderr=subprocess.STDOUT)
    except OSError as e:
        return None, str(e)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return None, f"exited with status {proc.returncode}: {tail(out)}"
        if any(p.startswith(client + ":") for p in server.ports() or []):
            return proc, None
        time.sleep(0.05)
    stop(proc)
    return None, f"no JACK port {client}:* after 10 s: {tail(out)}"
