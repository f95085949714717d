"""Live CPU: on a private JACK server, `woodshed click 120` against `klick 120` (and a second
klick, the noise floor) and an empty JACK client (.build/tools/empty_client), with the rehearsal
player (`woodshed play` at 1.0x and 0.75x) beside them, unconnected, for LIVE_SECONDS: CPU
time of each process and thread from /proc over one window, woodshed's peak RSS, the xruns, and
JACK's DSP load; plus the render cost per block."""
import shutil, subprocess, tempfile, time

from . import dsp_load, render_cost
from .jack import PERIOD, RATE, Server, start_client, stop, tail
from .process_stats import TICKS, cpu_ticks, status_kb, thread_ticks
from .tools import ROOT

LIVE_SECONDS = 20


# The rehearsal player in the live window: label -> (speed, engine).
PLAY_CLIENTS = {"woodshed play 1.0×": ("1.0", "faster"), "woodshed play 0.75× faster": ("0.75", "faster"),
                "woodshed play 0.75× finer": ("0.75", "finer")}
LIVE_ORDER = ["woodshed", *PLAY_CLIENTS, "klick", "klick, 2nd copy", "empty client", "jackd"]


def play_command(woodshed, music, name, speed, engine):
    """`woodshed play` for the live benchmarks: the music looped for as long as it runs."""
    return [woodshed, "play", music, "--speed", speed, "--engine", engine, "--repeat", "endless",
            "--keep-open", "--no-connect", "--jack-name", name]


def click_command(woodshed, name):
    """`woodshed click 120` for the live benchmarks, not connected."""
    return [woodshed, "click", "120", "--no-connect", "--jack-name", name]


def measure(woodshed, music=None):
    """The live window: (cpu %, rss, missing, xruns, threads, dsp load) by label."""
    subprocess.run([f"{ROOT}/scripts/build-test-tools.sh"], check=True)
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-live-")
    server = Server(tmp)
    clients = {
        "woodshed": (click_command(woodshed, "bench-woodshed"), "bench-woodshed"),
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
        dsp_monitor = dsp_load.DSPLoad(server, f"{tmp}/dsp-window.log")
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
        dsp = dsp_load.alone(server, clients, ["woodshed", *PLAY_CLIENTS], tmp)
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


def section(woodshed, music=None):
    """Runs the window and the render cost; prints the figures, returns the section."""
    cpu, rss, missing, xruns, threads, dsp = measure(woodshed, music)
    cost, cost_missing = render_cost.measure(woodshed)
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
        print(f"JACK DSP load, {label}: {dsp_load.dsp_text(vals)}")
        dsp_rows.append(f"| {label} | {dsp_load.dsp_text(vals)} |")

    cost_line, cost_ok = render_cost.summary(cost, cost_missing)
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
above and then with one client at a time on the same server for {dsp_load.DSP_SECONDS} s each. With
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
