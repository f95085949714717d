"""The one JACK helper of the benchmarks: a private jackd (dummy driver) on one of the fixed
server names the tests use, the clients started against it, and the environment every program
of the benchmarks runs in. Processes are stopped by their PID (only our own children), never
by name."""
import fcntl, os, signal, subprocess, time

RATE, PERIOD = 48000, 64

# Fixed server names, claimed from the pool the tests share (Tests/Support/ServerSlot.swift):
# jackd2's registry (/dev/shm/jack-shm-registry) has room for 8 servers, and the entry of a
# server that was killed is reclaimed only by a server of the same name. Unique names would
# leak entries until jackd says "too many servers already active"; the pool's lock files
# (flock) keep the tests and the benchmarks together at SLOT_COUNT servers.
SLOT_COUNT = 6
SLOT_DIR = f"/tmp/woodshed-test-jack-slots-{os.getuid()}"


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


def claim_name(avoid=(), timeout=150):
    """(name, fd): a free server name of the pool, not in `avoid`, held by an flock on fd until
    fd is closed; waits up to `timeout` s while SLOT_COUNT servers run."""
    os.makedirs(SLOT_DIR, mode=0o700, exist_ok=True)
    deadline = time.monotonic() + timeout
    while True:
        for i in range(SLOT_COUNT):
            name = f"woodshed-test-{i}"
            if name in avoid:
                continue
            fd = os.open(f"{SLOT_DIR}/{name}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return name, fd
            except BlockingIOError:
                os.close(fd)
        if time.monotonic() > deadline:
            raise RuntimeError(f"no free JACK server name within {timeout} s: "
                               f"{SLOT_COUNT} test servers are already running")
        time.sleep(0.1)


class Server:
    """A private jackd (a fixed name from the pool, dummy driver, `period` frames), stopped by its PID."""

    def __init__(self, tmp, label="jackd", period=PERIOD):
        self.log = f"{tmp}/{label}.log"
        self.period = period
        self.proc, self.slot = None, None
        taken = set()
        registry_deadline = time.monotonic() + 60
        while True:
            if self.slot is None:
                self.name, self.slot = claim_name(taken)
                self.env = dict(private_env(tmp), JACK_DEFAULT_SERVER=self.name, JACK_NO_START_SERVER="1")
                if self.ports() is not None:  # an orphan jackd of a killed run holds this name
                    taken.add(self.name)
                    self.stop()
                    continue
            why = self.start()
            if why is None:
                return
            if "server already active" in why:  # a jackd not of this pool has the name
                taken.add(self.name)
                self.stop()
            elif "too many servers already active" in why and time.monotonic() < registry_deadline:
                time.sleep(1)  # the registry is full: wait for a server to exit
            else:
                self.stop()
                raise RuntimeError(f"jackd did not start: {why}")

    def start(self):
        """Starts jackd and waits (10 s) until it accepts clients: None, or why it did not."""
        self.proc = subprocess.Popen(
            ["jackd", "--no-realtime", "-n", self.name, "-d", "dummy", "-r", str(RATE), "-p", str(self.period)],
            env=self.env, stdin=subprocess.DEVNULL, stdout=open(self.log, "w"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while self.ports() is None:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                stop(self.proc, within=20)
                return tail(self.log, 10)
            time.sleep(0.05)
        return None

    def ports(self):
        """The server's ports (jack_lsp), or None if it does not answer within 10 s (a busy
        machine) or is not running."""
        try:
            r = subprocess.run(["jack_lsp"], env=self.env, capture_output=True, text=True, timeout=10)
        except subprocess.TimeoutExpired:
            return None
        return r.stdout.split("\n") if r.returncode == 0 else None

    def xrun_lines(self):
        with open(self.log, errors="replace") as f:
            return sum("XRun" in l for l in f)

    def stop(self):
        """Stops jackd (SIGTERM, up to 20 s to exit: a clean exit frees its registry entry) and
        gives its name back to the pool. Idempotent."""
        if self.proc is not None:
            stop(self.proc, within=20)
        if self.slot is not None:
            os.close(self.slot)
            self.slot = None


def start_client(server, label, cmd, client, tmp, env=None):
    """Starts a JACK client (in `env`, by default the server's) and waits (10 s) for its ports.
    Returns (Popen, None) or (None, reason)."""
    out = f"{tmp}/{label}.log"
    try:
        # stdin stays an open pipe: a program reading keys sees no end of file.
        proc = subprocess.Popen(cmd, env=env or server.env, stdin=subprocess.PIPE, stdout=open(out, "w"),
                                stderr=subprocess.STDOUT)
    except OSError as e:
        return None, str(e)
    deadline = time.monotonic() + 10
    try:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return None, f"exited with status {proc.returncode}: {tail(out)}"
            if any(p.startswith(client + ":") for p in server.ports() or []):
                return proc, None
            time.sleep(0.05)
    except BaseException:
        stop(proc)
        raise
    stop(proc)
    return None, f"no JACK port {client}:* after 10 s: {tail(out)}"
