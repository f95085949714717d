#!/usr/bin/env python3
"""make bench: woodshed against klick, Rubber Band's CLI and mpv, offline and live; prints the
numbers and writes docs/benchmarks.md.

Offline: 20 minutes of 4/4 at 120 BPM to 16-bit WAV, `woodshed render` against `klick -W`, 5 runs
each, interleaved in one run; both medians, the ratio and peak memory.

Live: on a private JACK server (`jackd --no-realtime -d dummy -r 48000 -p 64`, stopped by its PID),
`woodshed click 120`, `klick 120` and an empty JACK client (.build/tools/empty_client) run side by
side, unconnected, for 20 s; CPU time (utime + stime from /proc/PID/stat) over that window as % of
one core, ratios, woodshed's peak RSS (VmHWM). Plus `woodshed render-cost --block 64`: the cost of
rendering one 64-frame block, against the 1333 us period. The rehearsal player (`woodshed play`
at 1.0x and 0.75x) runs in the same window, and JACK's DSP load is read with jack_cpu_load.

Player: stretching 60 s of music at 0.75x against the `rubberband` CLI
(R2 and R3), the player's cost per block (`woodshed render-cost --play`), memory with a 2-hour
FLAC and start-up time to first sound, and the loop seam against mpv's A-B loop.

Anything unavailable (a program not installed, a woodshed that cannot do it yet) is reported as
unavailable, not a crash. Everything woodshed writes goes to a temporary XDG_*_HOME.

Usage: scripts/bench.py WOODSHED_BINARY [--skip-offline] [--skip-live] [--skip-player]
                        [--out docs/benchmarks.md]"""
import argparse, array, datetime, json, os, platform, re, resource, shutil, signal, statistics, struct, subprocess, sys, \
    tempfile, threading, time, wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS = 5
LIVE_SECONDS = 20
RATE, PERIOD = 48000, 64
TICKS = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- offline


def offline(woodshed):
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-")
    jobs = {
        "woodshed": [woodshed, "render", f"{tmp}/w.wav", "120", "--bars", "600"],
        "klick": ["klick", "-W", f"{tmp}/k.wav", "600", "120"],
    }
    times = {k: [] for k in jobs}
    peak = {k: 0 for k in jobs}
    env = private_env(tmp)
    for _ in range(RUNS):
        for name, cmd in jobs.items():
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - t0)
            peak[name] = max(peak[name], resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    sizes = {k: os.path.getsize(f"{tmp}/{k[0]}.wav") for k in jobs}
    shutil.rmtree(tmp, ignore_errors=True)

    audio = 20 * 60
    med = {k: statistics.median(v) for k, v in times.items()}
    ratio = med["klick"] / med["woodshed"]
    lines = [f"{k:9s} median {med[k]*1000:7.1f} ms  ({audio/med[k]:6.0f}x real time)  runs: "
             + ", ".join(f"{t*1000:.1f}" for t in times[k]) + f" ms  file {sizes[k]} bytes" for k in jobs]
    lines.append(f"ratio klick/woodshed = {ratio:.2f} (>= 1.0: woodshed at least as fast as klick)")
    print("\n".join(lines))

    return f"""## Offline render: 20 minutes of 4/4 at 120 BPM to 16-bit WAV, 48 kHz

`woodshed render w.wav 120 --bars 600` against `klick -W k.wav 600 120` (klick 0.12.2 from
Debian), {RUNS} runs each, interleaved, wall-clock time of the whole process (start-up, render,
write and close of the 115 MB file).

| program | median | real-time factor | runs (ms) |
|---|---|---|---|
""" + "\n".join(f"| {k} | {med[k]*1000:.1f} ms | {audio/med[k]:.0f}x | {', '.join(f'{t*1000:.1f}' for t in times[k])} |" for k in jobs) + f"""

**Ratio klick / woodshed: {ratio:.2f}** (target: at least 1.0).

Peak resident memory of any child process in the run: {max(peak.values())//1024} MiB (both programs
stream in blocks; neither holds the file in memory).

Most of either program's time is the kernel writing the file (`sys` time), so the ratio
moves with the disk cache; run `make bench` again to see the spread.
"""


# ---------------------------------------------------------------- live: processes


def cpu_ticks(pid):
    """utime + stime of a whole process (all threads), in clock ticks."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5)


def thread_ticks(pid):
    """{(tid, thread name): utime + stime} for each thread of a process."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                head, rest = f.read().rsplit(")", 1)
            fields = rest.split()
            out[(tid, head.split("(", 1)[1])] = int(fields[11]) + int(fields[12])
        except OSError:
            pass  # thread ended
    return out


def status_kb(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


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


# The rehearsal player in the live window: label -> (speed, engine).
PLAY_CLIENTS = {"woodshed play 1.0×": ("1.0", "faster"), "woodshed play 0.75× faster": ("0.75", "faster"),
                "woodshed play 0.75× finer": ("0.75", "finer")}
LIVE_ORDER = ["woodshed", *PLAY_CLIENTS, "klick", "klick, 2nd copy", "empty client", "jackd"]


def play_command(woodshed, music, name, speed, engine):
    """`woodshed play` for the live benchmarks: the music looped for as long as it runs."""
    return [woodshed, "play", music, "--speed", speed, "--engine", engine, "--repeat", "endless",
            "--keep-open", "--no-connect", "--jack-name", name]


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
    if not vals:
        return "not read"
    return f"mean {statistics.mean(vals):.2f} %, median {statistics.median(vals):.2f} %, max {max(vals):.2f} % ({len(vals)} readings)"


def live(woodshed, music=None):
    subprocess.run([f"{ROOT}/scripts/build-test-tools.sh"], check=True)
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-live-")
    server = Server(tmp)
    clients = {
        "woodshed": ([woodshed, "click", "120", "--no-connect", "--jack-name", "bench-woodshed"], "bench-woodshed"),
        "klick": (["klick", "-n", "bench-klick", "120"], "bench-klick"),  # no -P: not connected
        # The same program again: how far apart two identical clients land is the noise floor.
        "klick, 2nd copy": (["klick", "-n", "bench-klick2", "120"], "bench-klick2"),
        "empty client": ([f"{ROOT}/.build/tools/empty_client", "-n", "bench-empty"], "bench-empty"),
    }
    missing = {}
    for i, (label, (speed, engine)) in enumerate(PLAY_CLIENTS.items()):
        if music:
            clients[label] = (play_command(woodshed, music, f"bench-play{i}", speed, engine), f"bench-play{i}")
        else:
            missing[label] = "no music file (sox missing?)"
    procs = {}
    dsp = None
    try:
        for label, (cmd, client) in clients.items():
            procs[label], why = start_client(server, label, cmd, client, tmp)
            if why:
                missing[label] = why
                del procs[label]
                print(f"{label}: unavailable ({why})")
        time.sleep(1)  # past start-up
        xr0 = server.xrun_lines()
        pids = dict(procs, jackd=server.proc)
        dsp_monitor = DSPLoad(server, f"{tmp}/dsp-window.log")
        t0, c0 = time.monotonic(), {k: cpu_ticks(p.pid) for k, p in pids.items()}
        th0 = {k: thread_ticks(p.pid) for k, p in procs.items()}
        time.sleep(LIVE_SECONDS)
        t1, c1 = time.monotonic(), {k: cpu_ticks(p.pid) for k, p in pids.items() if p.poll() is None}
        th1 = {k: thread_ticks(p.pid) for k, p in procs.items() if p.poll() is None}
        xruns = server.xrun_lines() - xr0
        dsp_window = dsp_monitor.stop()
        # VmHWM counts the JACK server's shared memory that every client maps (RssShmem, about
        # 100 MiB with jackd2's defaults); without it is what the program itself holds.
        rss = {k: (status_kb(p.pid, "VmHWM"), status_kb(p.pid, "RssShmem") or 0)
               for k, p in procs.items() if p.poll() is None}
        for k, p in procs.items():
            if p.poll() is not None and k not in missing:
                missing[k] = f"exited during the run (status {p.returncode}): {tail(f'{tmp}/{k}.log')}"
        pid_of = {k: p.pid for k, p in procs.items()}
        for p in procs.values():
            stop(p)
        procs = {}
        dsp = dsp_alone(server, woodshed, music, tmp, clients)
        dsp["all of the above together"] = dsp_window
    finally:
        for p in procs.values():
            stop(p)
        server.stop()
    cpu = {k: (c1[k] - c0[k]) / TICKS / (t1 - t0) * 100 for k in c1 if k not in missing}
    # Per thread, by name (threads that started or ended inside the window are left out).
    # JACK's threads keep the program's name, so they are told apart by id ("main" is the first).
    threads = {k: {("main" if tid == str(pid_of[k]) else f"{name}/{tid}"): (th1[k][(tid, name)] - t) / TICKS / (t1 - t0) * 100
                   for (tid, name), t in th0[k].items() if (tid, name) in th1[k]}
               for k in th1 if k not in missing}
    shutil.rmtree(tmp, ignore_errors=True)
    return cpu, rss, missing, xruns, threads, dsp


DSP_SECONDS = 8


def dsp_alone(server, woodshed, music, tmp, clients):
    """JACK's DSP load with one client at a time on the same server (and with none), each for
    DSP_SECONDS: {label: readings or None}."""
    out = {}
    for label in ["no client", "woodshed", *PLAY_CLIENTS]:
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


def render_cost(woodshed):
    """`woodshed render-cost`: one JSON line, or (None, reason)."""
    try:
        r = subprocess.run([woodshed, "render-cost", "--block", str(PERIOD), "--seconds", "600"],
                           capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, str(e)
    if r.returncode != 0:
        return None, f"status {r.returncode}: {(r.stderr.strip().splitlines() or [''])[0]}"
    for line in reversed(r.stdout.strip().splitlines()):
        try:
            return json.loads(line), None
        except ValueError:
            pass
    return None, "no JSON line in its output"


def live_section(woodshed, music=None):
    cpu, rss, missing, xruns, threads, dsp = live(woodshed, music)
    cost, cost_missing = render_cost(woodshed)
    period_ns = PERIOD / RATE * 1e9

    def ratio(a, b):
        if a in cpu and b in cpu and cpu[b] > 0:
            return f"{cpu[a] / cpu[b]:.2f}"
        return "n/a (woodshed click unavailable)" if a == "woodshed" and a not in cpu else "n/a"

    def verdict(ok):
        return "met" if ok else "**missed**"

    rows = []
    for k in LIVE_ORDER:
        if k in cpu:
            note = ""
            if k in rss and rss[k][0] is not None:
                hwm, shm = rss[k]
                note = f"peak RSS (VmHWM) {hwm / 1024:.1f} MiB, of which JACK shared memory {shm / 1024:.1f} MiB: {(hwm - shm) / 1024:.1f} MiB own"
            if threads.get(k):
                busy = sorted(threads[k].items(), key=lambda kv: -kv[1])
                note += "; threads: " + ", ".join(f"{n} {c:.2f} %" for n, c in busy if c > 0) if any(c > 0 for _, c in busy) else ""
            rows.append(f"| {k} | {cpu[k]:.2f} % | {note} |")
        else:
            label = "woodshed click unavailable" if k == "woodshed" else f"{k} unavailable"
            rows.append(f"| {k} | {label} | {missing.get(k, '')} |")
    for k in cpu:
        print(f"live {k:26s} CPU {cpu[k]:6.2f} % of one core"
              + (f"  VmHWM {rss[k][0]} kB, RssShmem {rss[k][1]} kB" if rss.get(k) else ""))
    for k, why in missing.items():
        print(f"live {k}: unavailable: {why}")
    w_k, w_e = ratio("woodshed", "klick"), ratio("woodshed", "empty client")
    noise = ratio("klick, 2nd copy", "klick")
    play_ratios = {k: ratio(k, "empty client") for k in PLAY_CLIENTS}
    print(f"ratio woodshed/klick = {w_k}, woodshed/empty = {w_e}, klick 2nd copy/klick = {noise}; "
          f"server xrun messages during the window: {xruns}")
    dsp = dsp or {}
    dsp_rows = []
    for k, vals in dsp.items():
        label = "woodshed click" if k == "woodshed" else k
        print(f"JACK DSP load, {label}: {dsp_text(vals)}")
        dsp_rows.append(f"| {label} | {dsp_text(vals)} |")

    if cost:
        ns = float(cost["ns_per_block"])
        share = ns / period_ns * 100
        cost_line = (f"{ns:.1f} ns per {cost.get('block', PERIOD)}-frame block ({cost.get('blocks', '?')} blocks), "
                     f"{share:.4f} % of the {period_ns / 1000:.0f} µs period")
        cost_ok = share < 1.0
    else:
        cost_line, cost_ok = f"render-cost unavailable ({cost_missing})", None
    print(cost_line)

    w_rss = rss.get("woodshed")
    w_own = (w_rss[0] - w_rss[1]) if w_rss and w_rss[0] is not None else None
    checks = [
        ("CPU no more than klick's (woodshed/klick <= 1.0)",
         f"woodshed/klick = {w_k}",
         verdict(cpu["woodshed"] <= cpu["klick"]) if "woodshed" in cpu and "klick" in cpu else "not measured"),
        ("render cost under 1 % of the period", cost_line,
         verdict(cost_ok) if cost_ok is not None else "not measured"),
        ("peak RSS under 40 MB (VmHWM less JACK's shared memory)",
         f"{w_own / 1024:.1f} MiB own ({w_rss[0] / 1024:.1f} MiB VmHWM)" if w_own is not None else "woodshed click unavailable",
         verdict(w_own * 1024 < 40e6) if w_own is not None else "not measured"),
    ]
    return f"""## Live: JACK client CPU, 48 kHz, period {PERIOD} ({period_ns / 1000:.0f} µs)

A private server (`jackd --no-realtime -d dummy -r {RATE} -p {PERIOD}`, no sound card) runs
`woodshed click 120 --no-connect --jack-name bench-woodshed`, `klick -n bench-klick 120` (klick
0.12.2, not connected) and `empty_client` (Tests/Tools: a process callback that only returns 0)
side by side, with a second klick as a control, and the rehearsal player three times:
`woodshed play music.wav --speed S --engine E --repeat endless --keep-open --no-connect` at 1.0×,
at 0.75× with Rubber Band R2 (`faster`) and at 0.75× with R3 (`finer`), on the 60 s stereo
48 kHz music of the stretch benchmark below. CPU is utime + stime of each whole process
from `/proc/PID/stat` over the same {LIVE_SECONDS} s window, as % of one core
(resolution {100 / TICKS / LIVE_SECONDS:.2f} %), split by thread from `/proc/PID/task/*/stat`
in the notes (the busiest thread other than main is normally the JACK process thread; for the
player at 0.75× it is its stretching worker, then the JACK thread: the worker's name, set with
Foundation's `Thread.name`, does not reach `/proc`, so threads go by id); jackd
is listed for scale. Server xrun messages during the window: {xruns}.
Peak RSS is VmHWM from `/proc/PID/status`, read before the process is stopped; it includes the
server's shared memory segment that every JACK client maps (RssShmem, the same for every client),
so the memory target is judged on VmHWM less RssShmem.

| process | CPU (% of one core) | notes |
|---|---|---|
""" + "\n".join(rows) + f"""

Ratios: woodshed / klick = {w_k}; woodshed / empty client = {w_e}. Noise: the second, identical
klick used {noise} times the CPU of the first; a woodshed/klick ratio that close to 1.0 is no
difference. The player against the empty client: """ + "; ".join(f"{k} {v}" for k, v in play_ratios.items()) + f""".

JACK's DSP load (`jack_cpu_load`, jackd2's own figure: the share of each period the graph took,
one reading a second, the first two left out while its average settles), for the whole window
above and then with one client at a time on the same server for {DSP_SECONDS} s each. With
`--no-realtime` on a shared 2-core VM a descheduled cycle shows up as a spike in the maximum.

| clients | JACK DSP load |
|---|---|
""" + "\n".join(dsp_rows) + f"""

Render cost (`woodshed render-cost --block {PERIOD} --seconds 600`, the render graph alone, no
JACK): {cost_line}.

| target | measured | |
|---|---|---|
""" + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in checks) + """

### Reading the CPU numbers

The 20 s window counts 10 ms clock ticks, so each figure is a handful of ticks. Repeated runs
on this VM (2 cores, `--no-realtime`, a few dozen xruns per window) gave woodshed/klick ratios
from 0.53 to 1.47, and klick against an identical klick from 0.67 to 1.12. One run is not
enough to call the CPU target met or missed: run `make bench` a few times. The render function
itself costs under 0.01 % of the period. Since this measurement, a cycle with no click due and
no voice sounding only zeroes the buffer and moves the position, so it touches as little memory
as possible.
"""


# ---------------------------------------------------------------- player: test material


class Unavailable(Exception):
    """Something a measurement needs is missing; the section says so instead of crashing."""


# The 2-hour FLAC and the 10-minute MP3 take a minute to make: kept here across runs.
CACHE = os.path.join(tempfile.gettempdir(), "woodshed-bench-cache")
FIRST_SOUND = f"{ROOT}/Tests/Tools/first_sound.py"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, with python3-jack-client
MUSIC_SECONDS = 60


def run_tool(cmd, **kw):
    """Runs a helper program; Unavailable (with its last error line) if it is missing or fails."""
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, **kw)
    except OSError as e:
        raise Unavailable(f"{cmd[0]}: {e.strerror}")
    if r.returncode != 0:
        raise Unavailable(f"`{' '.join(os.path.basename(c) for c in cmd[:3])} …` exited {r.returncode}: "
                          + ((r.stderr or r.stdout).strip().splitlines() or [""])[-1])
    return r


class Material:
    """The audio the player benchmarks play, made once per run (or once per machine, in CACHE,
    for the long files): sox's tones, noise and plucks for music, Python for the index file."""

    def __init__(self, tmp):
        self.dir = os.path.join(tmp, "material")
        os.makedirs(self.dir, exist_ok=True)
        self.made = {}

    def _once(self, key, make):
        if key not in self.made:
            try:
                self.made[key] = make()
            except Unavailable as e:
                self.made[key] = e
        if isinstance(self.made[key], Unavailable):
            raise self.made[key]
        return self.made[key]

    def music(self):
        """60 s of stereo 48 kHz 16-bit music-like material: two tremolo sines, a low-passed
        sawtooth chord, a pluck every 250 ms (transients), pink noise; peak -1 dBFS."""
        def make():
            d, sr = self.dir, ["-r", str(RATE), "-c", "2"]
            n = str(MUSIC_SECONDS)
            run_tool(["sox", "-n", *sr, f"{d}/tones.wav", "synth", n, "sine", "220", "sine", "330", "tremolo", "3", "30"])
            run_tool(["sox", "-n", *sr, f"{d}/chord.wav", "synth", n, "sawtooth", "110", "sawtooth", "165",
                      "gain", "-12", "lowpass", "2000"])
            run_tool(["sox", "-n", *sr, f"{d}/hits.wav", "synth", "0.25", "pluck", "196", "pluck", "294",
                      "fade", "0", "0.25", "0.2", "repeat", str(MUSIC_SECONDS * 4 - 1)])
            run_tool(["sox", "-n", *sr, f"{d}/noise.wav", "synth", n, "pinknoise", "pinknoise", "gain", "-24"])
            run_tool(["sox", "-m", *(f"{d}/{k}.wav" for k in ("tones", "chord", "hits", "noise")),
                      "-b", "16", f"{d}/music.wav", "gain", "-n", "-1"])
            for k in ("tones", "chord", "hits", "noise"):
                os.remove(f"{d}/{k}.wav")
            return f"{d}/music.wav"
        return self._once("music", make)

    def music_flac(self):
        def make():
            run_tool(["sox", self.music(), f"{self.dir}/music.flac"])
            return f"{self.dir}/music.flac"
        return self._once("flac", make)

    def index_wav(self):
        """2 s of 16-bit stereo whose frame i holds i: left i mod 32768, right i div 32768."""
        def make():
            n = 2 * RATE
            a = array.array("h", bytes(4 * n))
            for i in range(n):
                a[2 * i], a[2 * i + 1] = i % 32768, i // 32768
            path = f"{self.dir}/index.wav"
            with wave.open(path, "wb") as w:
                w.setnchannels(2)
                w.setsampwidth(2)
                w.setframerate(RATE)
                w.writeframes(a.tobytes())
            return path
        return self._once("index", make)

    def two_hours(self):
        """A 2-hour stereo 48 kHz 16-bit FLAC (sines with tremolo; about 260 MB), kept in CACHE."""
        def make():
            path = f"{CACHE}/two-hours-v1.flac"
            if not os.path.exists(path):
                os.makedirs(CACHE, exist_ok=True)
                print(f"making {path} (once; about a minute)", flush=True)
                part = f"{path}.{os.getpid()}.flac"
                try:
                    run_tool(["sox", "-n", "-r", str(RATE), "-c", "2", "-b", "16", part,
                              "synth", "7200", "sine", "220", "sine", "331", "tremolo", "0.5", "40", "gain", "-6"])
                    os.rename(part, path)
                finally:
                    if os.path.exists(part):
                        os.remove(part)
            return path
        return self._once("two-hours", make)

    def long_mp3(self):
        """10 minutes of the music as a 128 kb/s MP3 (libsndfile + LAME), kept in CACHE."""
        def make():
            path = f"{CACHE}/ten-minutes-v1.mp3"
            if not os.path.exists(path):
                os.makedirs(CACHE, exist_ok=True)
                wav, part = f"{self.dir}/ten-minutes.wav", f"{path}.{os.getpid()}.mp3"
                try:
                    run_tool(["sox", *[self.music()] * 10, wav])
                    run_tool([sys.executable, f"{ROOT}/scripts/wav-to-mp3.py", wav, part])
                    os.rename(part, path)
                finally:
                    for f in (wav, part):
                        if os.path.exists(f):
                            os.remove(f)
            return path
        return self._once("mp3", make)


def read_wav(path):
    """(rate, channels, samples as floats in -1…1, interleaved) of a 16-bit PCM or 32-bit float
    WAV, plain or WAVE_FORMAT_EXTENSIBLE (mpv writes that); a data size of 0 or 0xFFFFFFFF
    (a writer that never finished its header) means up to the end of the file."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise ValueError(f"{path}: not a WAV file")
    pos, fmt = 12, None
    while pos + 8 <= len(data):
        cid, size = data[pos:pos + 4], struct.unpack("<I", data[pos + 4:pos + 8])[0]
        if cid == b"fmt ":
            tag, ch, rate = struct.unpack("<HHI", data[pos + 8:pos + 16])
            bits = struct.unpack("<H", data[pos + 22:pos + 24])[0]
            if tag == 0xFFFE:
                tag = struct.unpack("<H", data[pos + 32:pos + 34])[0]  # the subformat GUID's first field
            fmt = (tag, ch, rate, bits)
        elif cid == b"data":
            end = len(data) if size in (0, 0xFFFFFFFF) else pos + 8 + size
            payload = data[pos + 8:end]
            break
        pos += 8 + size + (size & 1)
    else:
        raise ValueError(f"{path}: no data chunk")
    tag, ch, rate, bits = fmt
    if tag == 3 and bits == 32:
        a = array.array("f")
        a.frombytes(payload[:len(payload) // 4 * 4])
        return rate, ch, a
    if tag == 1 and bits == 16:
        a = array.array("h")
        a.frombytes(payload[:len(payload) // 2 * 2])
        return rate, ch, [v / 32768 for v in a]
    raise ValueError(f"{path}: format {tag}, {bits} bits not read here")


def wav_seconds(path):
    rate, ch, a = read_wav(path)
    return len(a) / ch / rate


# ---------------------------------------------------------------- player: stretching against Rubber Band


STRETCH_RUNS = 3


def stretch(woodshed, mat, tmp):
    """`rubberband -t 4/3` (R2 and R3) against `woodshed render --play --speed 0.75`."""
    try:
        src = mat.music()
    except Unavailable as e:
        return f"## Player: time-stretching against Rubber Band's CLI\n\nUnavailable: {e}.\n"
    out = f"{tmp}/stretched.wav"
    t = "1.333333333"
    rb = shutil.which("rubberband")
    jobs = {}
    for engine, flag in (("faster", "-2"), ("finer", "-3")):
        if rb:
            jobs[f"rubberband {flag} (R{flag[1]}, offline)"] = ["rubberband", "-q", flag, "-t", t, src, out]
        jobs[f"woodshed --engine {engine}"] = [woodshed, "render", out, "--play", src, "--speed", "0.75", "--engine", engine]
    once = {f"rubberband -2 -R (R2, real-time mode)": ["rubberband", "-q", "-2", "-R", "-t", t, src, out],
            f"rubberband -3 -R (R3, real-time mode)": ["rubberband", "-q", "-3", "-R", "-t", t, src, out]} if rb else {}
    env = private_env(tmp)
    wall = {k: [] for k in [*jobs, *once]}
    cpu = {k: [] for k in wall}
    length, failed = {}, {}

    def run(name, cmd):
        if name in failed:
            return
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        r = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        t1 = time.perf_counter()
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        if r.returncode != 0:
            failed[name] = f"exit {r.returncode}: " + ((r.stderr or r.stdout).strip().splitlines() or [""])[-1]
            return
        wall[name].append(t1 - t0)
        cpu[name].append(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime)
        if name not in length:
            try:
                length[name] = wav_seconds(out)
            except (OSError, ValueError) as e:
                length[name] = None
        os.remove(out)

    for _ in range(STRETCH_RUNS):
        for name, cmd in jobs.items():
            run(name, cmd)
    for name, cmd in once.items():
        run(name, cmd)

    med = {k: (statistics.median(wall[k]), statistics.median(cpu[k])) for k in wall if wall[k]}
    lines, rows = [], []
    for k in wall:
        if k in med:
            w, c = med[k]
            runs = ", ".join(f"{x:.2f}" for x in wall[k])
            out_len = f"{length[k]:.3f} s" if length.get(k) is not None else "?"
            rows.append(f"| {k} | {w:.2f} s | {c:.2f} s | {MUSIC_SECONDS * 4 / 3 / w:.1f}x | {runs} | {out_len} |")
            lines.append(f"stretch {k:38s} median {w:6.2f} s wall, {c:6.2f} s CPU  runs: "
                         + ", ".join(f"{x:.2f}" for x in wall[k]))
        else:
            why = failed.get(k, "not installed")
            rows.append(f"| {k} | unavailable | | | {why} | |")
            lines.append(f"stretch {k}: unavailable: {why}")
    if not rb:
        rows.append("| rubberband | unavailable | | | not installed (`scripts/setup.sh bench` installs rubberband-cli) | |")

    ratios = []
    for engine, flag in (("faster", "-2"), ("finer", "-3")):
        a, b = f"rubberband {flag} (R{flag[1]}, offline)", f"woodshed --engine {engine}"
        if a in med and b in med:
            ratios.append(f"R{flag[1]} ({engine}): rubberband / woodshed = **{med[a][0] / med[b][0]:.2f}** wall-clock, "
                          f"{med[a][1] / med[b][1]:.2f} CPU time")
        ra = f"rubberband {flag} -R (R{flag[1]}, real-time mode)"
        if ra in med and b in med:
            ratios.append(f"R{flag[1]} real-time mode, one run: rubberband -R / woodshed = {med[ra][0] / med[b][0]:.2f} wall-clock, "
                          f"{med[ra][1] / med[b][1]:.2f} CPU time")
    lines += ratios
    print("\n".join(lines))
    return f"""## Player: time-stretching against Rubber Band's CLI

{MUSIC_SECONDS} s of stereo 48 kHz 16-bit music-like material (sox: two sines with tremolo, a
low-passed sawtooth chord, a pluck every 250 ms, pink noise) stretched to 0.75× speed with the
pitch kept, to a 16-bit WAV: `rubberband -q -2|-3 -t {t} in.wav out.wav` (Debian's
rubberband-cli 3.1.2; `-2` is the R2 "faster" engine, `-3` the R3 "finer" one) against
`woodshed render out.wav --play in.wav --speed 0.75 --engine faster|finer` (the player's worker
and deck, through librubberband 3.1.2 in real-time mode, as live). {STRETCH_RUNS} runs each,
interleaved; wall-clock time and CPU time (user + system, all threads) of the whole process.
The CLI runs offline ("studio") mode by default, which studies the whole input first; woodshed
must use real-time mode, so the CLI's `-R` (real-time mode) is also run once each for scale.

| program | median wall | median CPU | real-time factor | runs (s) | output length |
|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n\n" + "\n".join(f"- {r}" for r in ratios) + """

A ratio above 1.0: woodshed is the faster. Both read and write through libsndfile. Not quite
like for like: the CLI's offline R2 mode stretches the two channels on two threads when a
second core is free (CPU time above wall time), while woodshed's stretcher runs on one thread
(`OptionThreadingNever`: its worker must not start threads of its own); woodshed asks for
`OptionChannelsTogether` (one analysis for both channels), the CLI without `--centre-focus`
stretches the channels apart. On this shared 2-core VM the wall-clock figures move with the
other load; CPU time is the steadier comparison.
"""


# ---------------------------------------------------------------- player: cost per block


PLAY_COSTS = [("1.0", "faster"), ("0.75", "faster"), ("0.75", "finer")]


def player_cost(woodshed, mat, tmp):
    """`woodshed render-cost --play`: the deck's render per 64-frame block and the worker's fill
    per 256-frame ring block."""
    try:
        src = mat.music()
    except Unavailable as e:
        return f"## Player: cost per block\n\nUnavailable: {e}.\n"
    period_us = PERIOD / RATE * 1e6
    rows, lines = [], []
    results = {}
    for speed, engine in PLAY_COSTS:
        label = f"{speed}× {engine}"
        try:
            r = run_tool([woodshed, "render-cost", "--block", str(PERIOD), "--seconds", str(MUSIC_SECONDS),
                          "--play", src, "--speed", speed, "--engine", engine], env=private_env(tmp), timeout=600)
            j = next(json.loads(l) for l in reversed(r.stdout.strip().splitlines()) if l.startswith("{"))
            if "render_ns" not in j:
                raise Unavailable("this woodshed's render-cost has no --play")
        except (Unavailable, StopIteration, ValueError, subprocess.TimeoutExpired) as e:
            rows.append(f"| {label} | unavailable: {e} | | | |")
            lines.append(f"player cost {label}: unavailable: {e}")
            continue
        results[label] = j
        rn, fl = j["render_ns"], j["fill_ns_per_block"]
        ring_us = j["fill_block_frames"] / RATE * 1e6
        first = j["first_fill"]
        rows.append(
            f"| {label} | {rn['mean'] / 1000:.3f} / {rn['p99'] / 1000:.3f} / {rn['max'] / 1000:.1f} µs "
            f"({rn['mean'] / 1000 / period_us * 100:.3f} % / {rn['max'] / 1000 / period_us * 100:.1f} % of the period) | "
            f"{fl['mean'] / 1000:.1f} / {fl['p99'] / 1000:.1f} / {fl['max'] / 1000:.1f} µs "
            f"({fl['mean'] / 1000 / ring_us * 100:.2f} % of the block's {ring_us:.0f} µs) | "
            f"{first['ns'] / 1e6:.1f} ms for {first['blocks']} blocks | {j['underrun_frames']} |")
        lines.append(f"player cost {label}: deck render per {PERIOD} frames mean {rn['mean']:.0f} ns, p99 {rn['p99']:.0f} ns, "
                     f"max {rn['max']:.0f} ns; worker fill per {j['fill_block_frames']} frames mean {fl['mean'] / 1000:.1f} µs, "
                     f"p99 {fl['p99'] / 1000:.1f} µs, max {fl['max'] / 1000:.1f} µs; first fill {first['ns'] / 1e6:.1f} ms")
    print("\n".join(lines))
    worst = max((j["render_ns"]["max"] for j in results.values()), default=None)
    verdict = (f"worst single block {worst / 1000:.1f} µs = {worst / 1000 / period_us * 100:.1f} % of the period"
               if worst is not None else "not measured")
    return f"""## Player: cost per block, 48 kHz, period {PERIOD} ({period_us:.0f} µs)

`woodshed render-cost --play music.wav --block {PERIOD} --seconds {MUSIC_SECONDS} --speed S --engine E`
(hidden, for this benchmark): the player's worker and deck as `render --play` and `play` build
them (a ring of 64 blocks of 256 frames), run on one thread, offline. Each {PERIOD}-frame
`MusicDeck.render` — what the JACK process callback runs for the music — is timed alone with
CLOCK_MONOTONIC (about 25 ns of the figure is the clock itself); after it, the worker's
`fillAvailable` is timed and divided by the ring blocks it wrote (one every fourth period):
the stretching work, done live on the player's worker thread, never in the callback. Figures
are mean / p99 / max over the {MUSIC_SECONDS} s of output ({MUSIC_SECONDS * RATE // PERIOD} periods). The
first fill (64 blocks, 341 ms of output) is what the worker writes before playing starts (a
live change writes one block of the new generation and fills on from there).

| speed, engine | deck render per {PERIOD} frames | worker fill per 256-frame block | first fill | underrun frames |
|---|---|---|---|---|
""" + "\n".join(rows) + f"""

The callback's music part: {verdict}. The worker's mean share of real time is the fill's
percentage of its block; its peaks are absorbed by the 341 ms of ring ahead of the play head.
Single maxima are one-off (a page fault, the VM descheduling the thread); p99 is the steady figure.
"""


# ---------------------------------------------------------------- player: memory and start-up


STARTUP_RUNS = 3


def first_sound(server, woodshed, path, name, tmp, progress_pty=False):
    """Spawns `woodshed play PATH --for 1s` (not paused) and times its first non-zero sample on
    NAME:music_L, heard by Tests/Tools/first_sound.py (connects the port when it appears).
    Returns {"first_ms", "registered_ms", "rc", "progress": [percent…]}; raises Unavailable."""
    if not os.path.exists(SYSTEM_PYTHON):
        raise Unavailable(f"{SYSTEM_PYTHON} (with python3-jack-client) is missing")
    ear = subprocess.Popen([SYSTEM_PYTHON, FIRST_SOUND, "--port", f"{name}:music_L", "--name", f"{name}-ear",
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
        w = subprocess.Popen([woodshed, "play", path, "--no-connect", "--jack-name", name, "--for", "1s"],
                             env=server.env, stdin=subprocess.DEVNULL, stdout=log,
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


def memory_and_startup(woodshed, mat, tmp):
    title = "## Player: memory with a 2-hour file, start-up to first sound\n\n"
    files = {}
    for label, make in (("WAV, 60 s", mat.music), ("FLAC, 60 s", mat.music_flac), ("FLAC, 2 h", mat.two_hours),
                        ("MP3, 10 min", mat.long_mp3)):
        try:
            files[label] = make()
        except Unavailable as e:
            files[label] = e
            print(f"{label}: unavailable: {e}")
    try:
        server = Server(tmp, "jackd-player")
    except (RuntimeError, OSError) as e:
        return title + f"Unavailable: {e}.\n"
    starts = {k: [] for k in files}
    notes = {}
    rss = None
    try:
        # Start-up: interleaved rounds over WAV / FLAC / 2-hour FLAC; then the MP3, first with an
        # empty decode cache (its progress on a terminal), then twice from the cache.
        n = 0
        for _ in range(STARTUP_RUNS):
            for label in ("WAV, 60 s", "FLAC, 60 s", "FLAC, 2 h"):
                if isinstance(files[label], Unavailable):
                    continue
                n += 1
                try:
                    starts[label].append(first_sound(server, woodshed, files[label], f"bench-start{n}", tmp))
                except Unavailable as e:
                    notes[label] = str(e)
        if not isinstance(files["MP3, 10 min"], Unavailable):
            shutil.rmtree(server.env["XDG_CACHE_HOME"], ignore_errors=True)
            os.makedirs(server.env["XDG_CACHE_HOME"], exist_ok=True)
            for i in range(3):
                n += 1
                try:
                    starts["MP3, 10 min"].append(first_sound(server, woodshed, files["MP3, 10 min"], f"bench-start{n}", tmp,
                                                             progress_pty=(i == 0)))
                except Unavailable as e:
                    notes["MP3, 10 min"] = str(e)
        if not isinstance(files["FLAC, 2 h"], Unavailable):
            rss = two_hour_session(server, woodshed, files["FLAC, 2 h"], tmp)
    finally:
        server.stop()

    rows, lines = [], []
    for label, runs in starts.items():
        if isinstance(files[label], Unavailable):
            rows.append(f"| {label} | unavailable: {files[label]} | | |")
            continue
        if label == "MP3, 10 min" and runs:
            cold, warm = runs[0], runs[1:]
            prog = cold["progress"]
            ptxt = (f"progress shown: {len(prog)} updates, {prog[0]} % … {prog[-1]} %" if prog
                    else "no progress line seen")
            rows.append(f"| {label}, first open (decode into the cache) | {fmt_ms(cold['first_ms'])} | "
                        f"port after {fmt_ms(cold['registered_ms'])}; connected after {fmt_ms(cold['connected_ms'])} | "
                        f"exit {cold['rc']}; {ptxt} |")
            lines.append(f"start-up {label} first open: first sound {fmt_ms(cold['first_ms'])}; {ptxt}")
            runs, label = warm, f"{label}, from the cache"
        good = [r["first_ms"] for r in runs if r["first_ms"] is not None]
        bad = [r for r in runs if r["first_ms"] is None or r["rc"] != 0]
        med = statistics.median(good) if good else None
        note = "; ".join(f"run failed (exit {r['rc']}): {r['why']}" for r in bad) or notes.get(label.split(", from")[0], "")
        rows.append(f"| {label} | {fmt_ms(med)} | runs: {', '.join(fmt_ms(r['first_ms']) for r in runs)}; port after "
                    f"{', '.join(fmt_ms(r['registered_ms']) for r in runs)}; connected after "
                    f"{', '.join(fmt_ms(r['connected_ms']) for r in runs)} | {note} |")
        lines.append(f"start-up {label}: median first sound {fmt_ms(med)}; runs "
                     + ", ".join(f"{fmt_ms(r['first_ms'])} (port {fmt_ms(r['registered_ms'])}, connected {fmt_ms(r['connected_ms'])})"
                                 for r in runs))
    targets = []
    for label in ("WAV, 60 s", "FLAC, 60 s", "FLAC, 2 h"):
        good = [r["first_ms"] for r in starts.get(label, []) if r["first_ms"] is not None]
        if good:
            med = statistics.median(good)
            targets.append((f"start-up to first sound under 300 ms ({label})", f"median {med:.0f} ms, worst {max(good):.0f} ms",
                            "met" if max(good) < 300 else "**missed**"))
    if rss and rss.get("hwm"):
        own = rss["hwm"] - rss["shm"]
        targets.append(("RSS under 150 MB, 2-hour FLAC (VmHWM less JACK's shared memory)",
                        f"{own / 1024:.1f} MiB own ({own * 1024 / 1e6:.1f} MB); VmHWM {rss['hwm'] / 1024:.1f} MiB in all",
                        "met" if own * 1024 < 150e6 else "**missed**"))
        lines.append(f"2-hour FLAC: VmHWM {rss['hwm']} kB, RssShmem {rss['shm']} kB, own {own} kB; "
                     f"{rss['keys']} keys; exit {rss['rc']}; CPU {rss['cpu']:.1f} %")
    elif rss:
        lines.append(f"2-hour FLAC session: {rss.get('why')}")
    print("\n".join(lines))
    rss_text = "not measured"
    if rss and rss.get("hwm"):
        rss_text = (f"VmHWM {rss['hwm'] / 1024:.1f} MiB, of which JACK's shared memory {rss['shm'] / 1024:.1f} MiB: "
                    f"**{(rss['hwm'] - rss['shm']) / 1024:.1f} MiB own** (VmRSS at the end {rss['rss'] / 1024:.1f} MiB); "
                    f"{rss['keys']} keys over {rss['seconds']:.0f} s (sections it announced, in order: {', '.join(rss['heard'])}), "
                    f"whole-process CPU {rss['cpu']:.1f} % of one core, "
                    f"underruns/xruns as reported at exit: {rss['last']!r}; exit status {rss['rc']}")
    elif rss:
        rss_text = f"unavailable: {rss.get('why')}"
    return title + f"""On a private server (`jackd --no-realtime -d dummy -r {RATE} -p {PERIOD}`).

**Memory.** A 2-hour stereo 48 kHz 16-bit FLAC (sox: sines with tremolo, {fmt_size(files.get('FLAC, 2 h'))};
made once, kept in `{CACHE}`), with three saved sections (`woodshed sections FILE add`: at 0:00,
1:00:00 and 1:58:00), played live with `woodshed play FILE --keep-open --no-connect`, keys on
its standard input for about 15 s: right arrow (jump +5 s) many times, `n` / `p` (next and
previous section: jumps of an hour), left arrow, pause and play, then `q`. Peak RSS (VmHWM) read
from `/proc/PID/status` before `q`: {rss_text}.

**Start-up.** Time from just before spawning `woodshed play FILE --no-connect --for 1s` (not
paused) to the first non-zero sample on its `music_L` port, heard by `Tests/Tools/first_sound.py`
(a JACK-Client peer that connects the port from its port registration callback; both sides read
CLOCK_MONOTONIC; resolution one period, {PERIOD / RATE * 1000:.2f} ms). The first run of each file
is also its first open (the practice file is made then). No run reads the file to fingerprint it
before it plays: the first finds no practice file of its size and length (it is hashed when it is
saved, at the end), the next find it in the fingerprint cache. The MP3's first open decodes it into
the cache (`$XDG_CACHE_HOME/woodshed/`, empty before it) with stderr on a terminal, where
woodshed shows its progress; the next runs read the cache.

| file | first sound (median) | details | notes |
|---|---|---|---|
""" + "\n".join(rows) + """

| target | measured | |
|---|---|---|
""" + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in targets) + "\n"


def fmt_ms(v):
    return f"{v:.0f} ms" if v is not None else "none"


def fmt_size(path):
    try:
        return f"{os.path.getsize(path) / 1e6:.0f} MB"
    except (OSError, TypeError):
        return "size unknown"


RIGHT, LEFT = "\x1b[C", "\x1b[D"


def two_hour_session(server, woodshed, path, tmp):
    """Plays the 2-hour file live with jumps; {"hwm", "shm", "rss" (kB), "keys", "rc", ...}."""
    for name, a, b in (("opening", "0", "1:00"), ("middle", "1:00:00", "1:01:00"), ("late", "1:58:00", "1:59:00")):
        r = subprocess.run([woodshed, "sections", path, "add", name, a, b], env=server.env, stdin=subprocess.DEVNULL,
                           capture_output=True, text=True)
        if r.returncode != 0:
            return {"why": f"woodshed sections add failed: {(r.stderr or r.stdout).strip()}"}
    proc, why = start_client(server, "two-hours", [woodshed, "play", path, "--keep-open", "--no-connect",
                                                    "--jack-name", "bench-long"], "bench-long", tmp)
    if why:
        return {"why": why}
    keys = [RIGHT] * 6 + ["n"] + [RIGHT] * 4 + ["n"] + [RIGHT] * 3 + ["p", "p"] + [LEFT] * 3 + [" ", " "] \
        + [RIGHT] * 5 + ["n", "]", "[", RIGHT, RIGHT]
    sent = 0
    try:
        t0, c0 = time.monotonic(), cpu_ticks(proc.pid)
        for k in keys:
            if proc.poll() is not None:
                break
            try:
                proc.stdin.write(k.encode())
                proc.stdin.flush()
                sent += 1
            except OSError:
                break
            time.sleep(0.5)
        if proc.poll() is not None:
            return {"why": f"exited during the session (status {proc.returncode}): {tail(f'{tmp}/two-hours.log')}"}
        t1, c1 = time.monotonic(), cpu_ticks(proc.pid)
        out = {"hwm": status_kb(proc.pid, "VmHWM"), "shm": status_kb(proc.pid, "RssShmem") or 0,
               "rss": status_kb(proc.pid, "VmRSS"), "keys": sent, "seconds": t1 - t0,
               "cpu": (c1 - c0) / TICKS / (t1 - t0) * 100}
        try:
            proc.stdin.write(b"q")
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            stop(proc)
        out["rc"] = proc.returncode
        out["last"] = tail(f"{tmp}/two-hours.log", 1)
        with open(f"{tmp}/two-hours.log", errors="replace") as f:
            out["heard"] = re.findall(r"section \d+/\d+ (\w+)", f.read())
        return out
    finally:
        stop(proc)


# ---------------------------------------------------------------- player: loop seam against mpv


SEAM_A, SEAM_B = 0.5, 1.25


def frame_indices(path, channels_used=(0, 1)):
    """The index each frame of a render of the index file holds (left + 32768 · right), None for
    a silent frame after the first; and the largest distance of a sample from an exact 16-bit value."""
    rate, ch, a = read_wav(path)
    l, r = channels_used
    out, err = [], 0.0
    for i in range(len(a) // ch):
        x, y = a[i * ch + l] * 32768, a[i * ch + r] * 32768
        xi, yi = round(x), round(y)
        err = max(err, abs(x - xi), abs(y - yi))
        out.append(None if (xi == 0 and yi == 0 and i > 0) else yi * 32768 + xi)
    return out, err


def seams(idx, a, b):
    """Every discontinuity in the index stream: [{"last", "first", "gap", "missing", "duplicated"}]
    against the ideal seam (frame b-1 followed by frame a)."""
    found, prev, k, n = [], idx[0], 1, len(idx)
    while k < n:
        cur = idx[k]
        if cur is not None and prev is not None and cur == prev + 1:
            prev, k = cur, k + 1
            continue
        gap = 0
        while k < n and idx[k] is None:
            gap, k = gap + 1, k + 1
        if k >= n:
            found.append({"last": prev, "first": None, "gap": gap, "missing": 0, "duplicated": 0})
            break
        cur = idx[k]
        found.append({"last": prev, "first": cur, "gap": gap,
                      "missing": max(0, (b - 1) - prev) + max(0, cur - a),
                      "duplicated": max(0, prev - (b - 1)) + max(0, a - cur)})
        prev, k = cur, k + 1
    return found


def loop_seam(woodshed, mat, tmp):
    title = "## Player: loop seam against mpv's A-B loop\n\n"
    try:
        src = mat.index_wav()
    except Unavailable as e:
        return title + f"Unavailable: {e}.\n"
    a, b = round(SEAM_A * RATE), round(SEAM_B * RATE)
    results = {}
    env = private_env(tmp)
    if shutil.which("mpv"):
        try:
            run_tool(["mpv", "--no-config", "--really-quiet", "--vo=null", "--ao=pcm", f"--ao-pcm-file={tmp}/mpv.wav",
                      f"--ab-loop-a={SEAM_A}", f"--ab-loop-b={SEAM_B}", "--ab-loop-count=3", src], env=env, timeout=60)
            idx, err = frame_indices(f"{tmp}/mpv.wav")
            # mpv plays 0…B first and on to the file's end after the last loop: the seams are the
            # jumps back.
            results["mpv 0.35.1"] = (seams(idx, a, b), err, len(idx))
        except (Unavailable, ValueError, OSError, subprocess.TimeoutExpired) as e:
            results["mpv 0.35.1"] = str(e)
    else:
        results["mpv 0.35.1"] = "not installed (`scripts/setup.sh bench` installs it)"
    try:
        run_tool([woodshed, "render", f"{tmp}/ours.wav", "--play", src, "--from", str(SEAM_A), "--to", str(SEAM_B),
                  "--repeat", "4", "--crossfade", "0", "--stems", "--format", "wav32f"], env=env, timeout=60)
        idx, err = frame_indices(f"{tmp}/ours.wav")
        results["woodshed"] = (seams(idx, a, b), err, len(idx))
    except (Unavailable, ValueError, OSError, subprocess.TimeoutExpired) as e:
        results["woodshed"] = str(e)

    rows, lines = [], []
    for name, r in results.items():
        if isinstance(r, str):
            rows.append(f"| {name} | unavailable: {r} | | | | | |")
            lines.append(f"seam {name}: unavailable: {r}")
            continue
        found, err, frames = r
        loops = [s for s in found if s["first"] is not None and s["first"] < s["last"]]
        other = [s for s in found if s not in loops]
        missing = sum(s["missing"] for s in loops)
        dup = sum(s["duplicated"] for s in loops)
        gap = sum(s["gap"] for s in found)
        worst = max((abs((s["first"] - s["last"]) - (a - (b - 1))) for s in loops), default=0)
        detail = ", ".join(f"{s['last']}→{s['first']}" for s in loops)
        if other:
            detail += "; other jumps: " + ", ".join(f"{s['last']}→{s['first']}" for s in other)
        exact = "bit-exact" if err == 0 else f"off by up to {err:.3g} LSB"
        rows.append(f"| {name} | {len(loops)} | {missing} | {dup} | {gap} | {worst} | {detail}; samples {exact} |")
        lines.append(f"seam {name}: {len(loops)} seams, missing {missing}, duplicated {dup}, silent frames {gap}, "
                     f"worst jump error {worst} frames ({detail}); max sample error {err:.3g} LSB; {frames} frames")
    print("\n".join(lines))
    return title + f"""A 2 s 16-bit stereo 48 kHz WAV whose frame i holds i (left i mod 32768, right i div 32768),
looped from A = {SEAM_A} s (frame {a}) to B = {SEAM_B} s (frame {b}, exclusive), so an exact seam
plays frame {b - 1} and then frame {a}. mpv: `mpv --no-config --vo=null --ao=pcm --ao-pcm-file=out.wav
--ab-loop-a={SEAM_A} --ab-loop-b={SEAM_B} --ab-loop-count=3 index.wav` (it plays 0…B, then loops;
mpv 0.35.1 from Debian). woodshed: `woodshed render out.wav --play index.wav --from {SEAM_A} --to {SEAM_B}
--repeat 4 --crossfade 0 --stems --format wav32f` (music L and R as 32-bit float; the index comes
back as the exact 16-bit value). Each output frame is decoded back to its index; at each jump
back: frames missing (before B or after A), frames duplicated, silent frames between, and the
worst jump error (the jump's size against the exact {a - (b - 1)}), in frames.

| player | seams | missing | duplicated | silent frames | worst jump error | jumps (last frame → next) |
|---|---|---|---|---|---|---|
""" + "\n".join(rows) + "\n"


# ---------------------------------------------------------------- main


def noise_cost(woodshed):
    """`woodshed render-cost --noise C [--scope]`: what the live callback of `woodshed noise`
    costs per 64-frame block: the generator into music_L, the copy to music_R, and with the
    scope its tap over the three ports; beside the click's render alone."""
    rows = []
    click, why = render_cost(woodshed)
    for color in ("white", "pink", "brown"):
        for scope in (False, True):
            cmd = [woodshed, "render-cost", "--noise", color, "--block", str(PERIOD), "--seconds", "600"] + (["--scope"] if scope else [])
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
                j = json.loads(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else None
            except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
                j = None
            rows.append((color, scope, j))
    period_ns = PERIOD / RATE * 1e9
    lines = ["| noise | scope | mean per block | worst block | share of the period (mean) |", "|---|---|---|---|---|"]
    for color, scope, j in rows:
        if j is None:
            lines.append(f"| {color} | {'on' if scope else 'off'} | unavailable | | |")
            continue
        lines.append(f"| {color} | {'on' if scope else 'off'} | {j['ns_per_block'] / 1000:.2f} µs | {j['max_ns'] / 1000:.1f} µs "
                     f"| {100 * j['ns_per_block'] / period_ns:.3f} % |")
    click_text = f"{click['ns_per_block']:.1f} ns" if click else f"unavailable ({why})"
    print("\n".join(lines))
    return f"""## Noise and the scope: callback cost per block

`woodshed render-cost --noise COLOUR [--scope] --block {PERIOD} --seconds 600`: what `woodshed
noise` runs in the JACK callback per {PERIOD}-frame block ({period_ns / 1000:.0f} µs at {RATE} Hz), timed
block by block on one thread: the generator into music_L, the copy to music_R, and with
`--scope` the oscilloscope's tap over click, L and R. The click's render alone for comparison:
{click_text} per block. The worst block includes the times this thread was preempted.

""" + "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("woodshed", nargs="?", default=".build/release/woodshed")
    ap.add_argument("--skip-offline", action="store_true", help="no offline click render")
    ap.add_argument("--skip-live", action="store_true", help="no live CPU window")
    ap.add_argument("--skip-player", action="store_true", help="no player sections (stretch, cost, memory, seam)")
    ap.add_argument("--out", default="docs/benchmarks.md")
    a = ap.parse_args()
    woodshed = os.path.abspath(a.woodshed) if os.sep in a.woodshed else a.woodshed

    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-")
    mat = Material(tmp)
    try:
        music = mat.music()
    except Unavailable as e:
        music = None
        print(f"music material unavailable: {e}")
    sections = []
    try:
        if not a.skip_offline:
            sections.append(offline(woodshed))
        if not a.skip_live:
            sections.append(live_section(woodshed, music))
        if not a.skip_player:
            sections.append(stretch(woodshed, mat, tmp))
            sections.append(player_cost(woodshed, mat, tmp))
            sections.append(memory_and_startup(woodshed, mat, tmp))
            sections.append(loop_seam(woodshed, mat, tmp))
            sections.append(noise_cost(woodshed))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    took = time.monotonic() - started

    doc = f"""# Benchmarks

Measured by `make bench` ({datetime.date.today().isoformat()}, {platform.machine()}, {os.cpu_count()} cores;
the numbers below are from the last run, rewritten by each `make bench`; this run took
{took / 60:.1f} min). The machine is a shared VM: other work on it moves the wall-clock and CPU
figures from run to run.

""" + "\n".join(sections)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:
        f.write(doc)
    print(f"wrote {a.out} ({took:.0f} s)")


if __name__ == "__main__":
    main()
