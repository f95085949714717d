#!/usr/bin/env python3
"""make bench: woodshed against klick, offline and live; prints the numbers and writes
docs/benchmarks.md.

Offline: 20 minutes of 4/4 at 120 BPM to 16-bit WAV, `woodshed render` against `klick -W`, 5 runs
each, interleaved in one run; both medians, the ratio and peak memory.

Live: on a private JACK server (`jackd --no-realtime -d dummy -r 48000 -p 64`, stopped by its PID),
`woodshed click 120`, `klick 120` and an empty JACK client (.build/tools/empty_client) run side by
side, unconnected, for 20 s; CPU time (utime + stime from /proc/PID/stat) over that window as % of
one core, ratios, woodshed's peak RSS (VmHWM). Plus `woodshed render-cost --block 64`: the cost of
rendering one 64-frame block, against the 1333 us period. Anything woodshed cannot do yet is
reported as unavailable, not a crash.

Usage: scripts/bench.py WOODSHED_BINARY [--skip-offline] [--skip-live] [--out docs/benchmarks.md]"""
import argparse, datetime, json, os, platform, resource, signal, statistics, subprocess, sys, tempfile, time

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
    for _ in range(RUNS):
        for name, cmd in jobs.items():
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - t0)
            peak[name] = max(peak[name], resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    sizes = {k: os.path.getsize(f"{tmp}/{k[0]}.wav") for k in jobs}
    for k in jobs:
        os.remove(f"{tmp}/{k[0]}.wav")
    os.rmdir(tmp)

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


class Server:
    """A private jackd (unique name, dummy driver), stopped by its PID."""

    def __init__(self, tmp):
        self.name = f"ws-bench-{os.getpid()}-{os.urandom(3).hex()}"
        self.env = dict(os.environ, JACK_DEFAULT_SERVER=self.name, JACK_NO_START_SERVER="1")
        self.log = f"{tmp}/jackd.log"
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


def live(woodshed):
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
    procs, missing = {}, {}
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
        t0, c0 = time.monotonic(), {k: cpu_ticks(p.pid) for k, p in pids.items()}
        th0 = {k: thread_ticks(p.pid) for k, p in procs.items()}
        time.sleep(LIVE_SECONDS)
        t1, c1 = time.monotonic(), {k: cpu_ticks(p.pid) for k, p in pids.items() if p.poll() is None}
        th1 = {k: thread_ticks(p.pid) for k, p in procs.items() if p.poll() is None}
        xruns = server.xrun_lines() - xr0
        # VmHWM counts the JACK server's shared memory that every client maps (RssShmem, about
        # 100 MiB with jackd2's defaults); without it is what the program itself holds.
        rss = {k: (status_kb(p.pid, "VmHWM"), status_kb(p.pid, "RssShmem") or 0)
               for k, p in procs.items() if p.poll() is None}
        for k, p in procs.items():
            if p.poll() is not None and k not in missing:
                missing[k] = f"exited during the run (status {p.returncode}): {tail(f'{tmp}/{k}.log')}"
    finally:
        for p in procs.values():
            stop(p)
        server.stop()
    cpu = {k: (c1[k] - c0[k]) / TICKS / (t1 - t0) * 100 for k in c1 if k not in missing}
    # Per thread, by name (threads that started or ended inside the window are left out).
    # JACK's threads keep the program's name, so they are told apart by id ("main" is the first).
    threads = {k: {("main" if tid == str(procs[k].pid) else f"{name}/{tid}"): (th1[k][(tid, name)] - t) / TICKS / (t1 - t0) * 100
                   for (tid, name), t in th0[k].items() if (tid, name) in th1[k]}
               for k in th1 if k not in missing}
    for f in os.listdir(tmp):
        os.remove(f"{tmp}/{f}")
    os.rmdir(tmp)
    return cpu, rss, missing, xruns, threads


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


def live_section(woodshed):
    cpu, rss, missing, xruns, threads = live(woodshed)
    cost, cost_missing = render_cost(woodshed)
    period_ns = PERIOD / RATE * 1e9

    def pct(k):
        return f"{cpu[k]:.2f} %" if k in cpu else f"{k} unavailable"

    def ratio(a, b):
        if a in cpu and b in cpu and cpu[b] > 0:
            return f"{cpu[a] / cpu[b]:.2f}"
        return "n/a (woodshed click unavailable)" if a == "woodshed" and a not in cpu else "n/a"

    def verdict(ok):
        return "met" if ok else "**missed**"

    rows = []
    for k in ["woodshed", "klick", "klick, 2nd copy", "empty client", "jackd"]:
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
        print(f"live {k:12s} CPU {cpu[k]:6.2f} % of one core"
              + (f"  VmHWM {rss[k][0]} kB, RssShmem {rss[k][1]} kB" if rss.get(k) else ""))
    for k, why in missing.items():
        print(f"live {k}: unavailable: {why}")
    w_k, w_e = ratio("woodshed", "klick"), ratio("woodshed", "empty client")
    noise = ratio("klick, 2nd copy", "klick")
    print(f"ratio woodshed/klick = {w_k}, woodshed/empty = {w_e}, klick 2nd copy/klick = {noise}; "
          f"server xrun messages during the window: {xruns}")

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
side by side, with a second klick as a control. CPU is utime + stime of each whole process
from `/proc/PID/stat` over the same {LIVE_SECONDS} s window, as % of one core
(resolution {100 / TICKS / LIVE_SECONDS:.2f} %), split by thread from `/proc/PID/task/*/stat`
in the notes (the busiest thread other than main is normally the JACK process thread); jackd
is listed for scale. Server xrun messages during the window: {xruns}.
Peak RSS is VmHWM from `/proc/PID/status`, read before the process is stopped; it includes the
server's shared memory segment that every JACK client maps (RssShmem, the same for every client),
so the memory target is judged on VmHWM less RssShmem.

| process | CPU (% of one core) | notes |
|---|---|---|
""" + "\n".join(rows) + f"""

Ratios: woodshed / klick = {w_k}; woodshed / empty client = {w_e}. Noise: the second, identical
klick used {noise} times the CPU of the first; a woodshed/klick ratio that close to 1.0 is no
difference.

Render cost (`woodshed render-cost --block {PERIOD} --seconds 600`, the render graph alone, no
JACK): {cost_line}.

| target | measured | |
|---|---|---|
""" + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in checks) + "\n"


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("woodshed", nargs="?", default=".build/release/woodshed")
    ap.add_argument("--skip-offline", action="store_true", help="live section only")
    ap.add_argument("--skip-live", action="store_true", help="offline section only")
    ap.add_argument("--out", default="docs/benchmarks.md")
    a = ap.parse_args()
    woodshed = os.path.abspath(a.woodshed) if os.sep in a.woodshed else a.woodshed

    sections = []
    if not a.skip_offline:
        sections.append(offline(woodshed))
    if not a.skip_live:
        sections.append(live_section(woodshed))

    doc = f"""# Benchmarks

Measured by `make bench` ({datetime.date.today().isoformat()}, {platform.machine()}, {os.cpu_count()} cores;
the numbers below are from the last run, rewritten by each `make bench`).

""" + "\n".join(sections)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w") as f:
        f.write(doc)
    print(f"wrote {a.out}")


if __name__ == "__main__":
    main()
