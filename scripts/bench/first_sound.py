"""Start-up to first sound: spawns `woodshed play FILE --for 1s` on a private JACK server and
times its first non-zero sample on music_L, heard by Tests/Tools/first_sound.py (a JACK client
that connects the port as soon as it is registered)."""
import json, os, re, subprocess, threading, time

from .jack import stop, tail
from .tools import ROOT, Unavailable

FIRST_SOUND = f"{ROOT}/Tests/Tools/first_sound.py"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, with python3-jack-client


def command(woodshed, path, name):
    """`woodshed play PATH --for 1s` as the start-up benchmark runs it."""
    return [woodshed, "play", path, "--no-connect", "--jack-name", name, "--for", "1s"]


def time_first_sound(server, woodshed, path, name, tmp, progress_pty=False, env=None, extra_args=(), cmd=None, port=None):
    """Spawns `woodshed play PATH --for 1s` (not paused; in `env`, by default the server's; with
    `extra_args` after it), or `cmd` (another player, whose port is `port`), and times its first
    non-zero sample on NAME:music_L (or `port`), heard by Tests/Tools/first_sound.py (connects
    the port when it appears).
    Returns {"first_ms", "registered_ms", "rc", "progress": [percent…]}; raises Unavailable."""
    if not os.path.exists(SYSTEM_PYTHON):
        raise Unavailable(f"{SYSTEM_PYTHON} (with python3-jack-client) is missing")
    ear = subprocess.Popen([SYSTEM_PYTHON, FIRST_SOUND, "--port", port or f"{name}:music_L", "--name", f"{name}-ear",
                            "--timeout", "60"], env=server.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=open(f"{tmp}/{name}-ear.log", "w"), text=True)
    try:
        if ear.stdout.readline().strip() != "ready":
            raise Unavailable(f"first_sound.py did not start: {tail(f'{tmp}/{name}-ear.log')}")
        master = slave = None
        if progress_pty:
            master, slave = os.openpty()  # stderr a terminal: woodshed shows its decode progress
        log = open(f"{tmp}/{name}.log", "w")
        t0 = time.monotonic()
        w = subprocess.Popen(cmd or command(woodshed, path, name) + list(extra_args), env=env or server.env, stdin=subprocess.DEVNULL, stdout=log,
                             stderr=slave if progress_pty else subprocess.STDOUT)
        chunks = []
        if progress_pty:
            os.close(slave)
            def drain():
                while True:
                    try:
                        b = os.read(master, 4096)
                    except OSError:
                        break
                    if not b:
                        break
                    chunks.append(b)
            reader = threading.Thread(target=drain, daemon=True)
            reader.start()
        line = ear.stdout.readline()
        try:
            res = json.loads(line)
        except ValueError:
            res = {}
        try:
            w.wait(60)
        except subprocess.TimeoutExpired:
            stop(w)
        if progress_pty:
            reader.join(5)
            os.close(master)
        text = b"".join(chunks).decode(errors="replace")
        progress = [int(p) for p in re.findall(r"decoding [^\r]*?: (\d+)%", text)]
        ms = lambda k: (res[k] - t0) * 1000 if res.get(k) is not None else None
        return {"first_ms": ms("first_sound"), "registered_ms": ms("registered"), "connected_ms": ms("connected"),
                "rc": w.returncode,
                "progress": progress, "why": None if res.get("first_sound") else tail(f"{tmp}/{name}.log")}
    finally:
        stop(ear)
