"""make bench-compare: the figures of `make bench` that an older revision's release binary (the
baseline, built by baseline.py) and this tree's can both produce with the same flags, measured
for the two INTERLEAVED (old, new, old, new ...), RUNS each: both medians, new/old, and PASS
when the new median is at most LIMIT times the old (lower is better for every figure). Prints
the table and writes it as the section "## Against REV" of docs/benchmarks.md (report).

The figures, with the commands of make bench's own modules:
  offline render   wall time of `woodshed render w.wav 120 --bars 600` (offline; the file on a tmpfs)
  click cost       ns per 64-frame block, `woodshed render-cost` (render_cost)
  noise cost       ns per block, `render-cost --noise COLOUR [--scope]` (noise_cost)
  player cost      median deck render per 64 frames and worker fill per 256-frame block,
                   `render-cost --play` at 1.0x, 0.75x faster and finer (player_cost)
  live CPU, RSS    `woodshed click 120` and `woodshed play music.wav` at 1.0x (live), old and
                   new side by side on one private jackd (jack) over the same LIVE_SECONDS
                   window, RUNS windows; CPU from the scheduler (process_stats)
  start-up         first sound of `woodshed play music.wav --for 1s` (first_sound)
Each binary keeps its own XDG folders (settings, practice files, caches) for the whole run.

Usage (scripts/bench.sh --against REV runs it from the repository):
  PYTHONPATH=scripts python3 -m bench.compare REV [WOODSHED_BINARY] [--out docs/benchmarks.md]"""
import argparse, datetime, os, platform, re, shutil, statistics, subprocess, sys, tempfile, textwrap, time

from . import baseline, live, noise_cost, offline, player_cost, render_cost, report
from .first_sound import command as first_sound_command, time_first_sound
from .jack import PERIOD, Server, private_env, start_client, stop, tail
from .material import Material
from .process_stats import status_kb, thread_cpu_ns
from .tools import ROOT, Unavailable

RUNS = 5
LIMIT = 1.05  # new/old at most this: "no worse" within 5 %
LIVE_SECONDS = live.LIVE_SECONDS
PLAY_SECONDS = 20  # of output per `render-cost --play` run (make bench: the whole 60 s; kept short here)
SIDES = ("old", "new")


class Figure:
    """One figure measured for both binaries: its runs by side, lower is better."""

    def __init__(self, label, unit, scale=1.0, digits=1):
        self.label, self.unit, self.scale, self.digits = label, unit, scale, digits
        self.runs = {side: [] for side in SIDES}
        self.rounds = {side: [] for side in SIDES}  # the round of each run, for pairing old with new
        self.failed = {side: [] for side in SIDES}

    def add(self, side, value, round):
        self.runs[side].append(value)
        self.rounds[side].append(round)

    def fail(self, side, why):
        self.failed[side].append(why)

    def median(self, side):
        return statistics.median(self.runs[side]) if self.runs[side] else None

    def ratio(self):
        old, new = self.median("old"), self.median("new")
        return new / old if old and new is not None else None

    def paired_ratio(self):
        """The median over the rounds of new/old within each round (the two ran one after the
        other, or side by side, so a change of the machine's load between rounds cancels), or None."""
        old = dict(zip(self.rounds["old"], self.runs["old"]))
        pairs = [v / old[r] for r, v in zip(self.rounds["new"], self.runs["new"]) if old.get(r)]
        return statistics.median(pairs) if pairs else None

    def verdict(self):
        r = self.ratio()
        if r is None:
            return "not measured"
        short = [f"{side} {len(self.runs[side])} of {RUNS} runs" for side in SIDES if len(self.runs[side]) < RUNS]
        return ("PASS" if r <= LIMIT else "**over +5 %**") + (f" ({', '.join(short)})" if short else "")

    def text(self, v):
        return "none" if v is None else f"{v * self.scale:.{self.digits}f} {self.unit}"

    def runs_text(self, side):
        parts = [", ".join(f"{v * self.scale:.{self.digits}f}" for v in self.runs[side])] if self.runs[side] else []
        if self.failed[side]:
            parts.append(f"{len(self.failed[side])} failed: {self.failed[side][0]}")
        return "; ".join(parts) or "none"


NO_MUSIC = "no music file (sox missing?)"


def interleaved(figs, bins, measure):
    """RUNS rounds of old then new: `measure(side, binary)` returns one value for each of `figs`
    or raises Unavailable (a failed run, noted with each figure)."""
    for i in range(RUNS):
        for side in SIDES:
            try:
                values = measure(side, bins[side])
            except Unavailable as e:
                for fig in figs:
                    fig.fail(side, str(e))
                continue
            for fig, v in zip(figs, values):
                fig.add(side, v, i)


def offline_figures(bins, envs, tmp):
    """The offline render's wall time, each 115 MB file written to a tmpfs (/dev/shm when there is
    one) and removed after its run: on a disk, the kernel's writeback of the earlier runs' files
    landed in later runs and moved the figure by ×0.6–×1.6 between two runs of the same trees."""
    fig = Figure("offline render, 20 min of clicks (wall time)", "ms", 1000)
    out_dir = tempfile.mkdtemp(prefix="woodshed-bench-render-", dir="/dev/shm") if os.access("/dev/shm", os.W_OK) else tmp

    def run(side, woodshed):
        out = f"{out_dir}/{side}.wav"
        t0 = time.perf_counter()
        r = subprocess.run(offline.command(woodshed, out), env=envs[side],
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        took = time.perf_counter() - t0
        if os.path.exists(out):
            os.remove(out)
        if r.returncode != 0:
            raise Unavailable(f"status {r.returncode}: {(r.stderr.strip().splitlines() or [''])[-1]}")
        return [took]
    try:
        interleaved([fig], bins, run)
    finally:
        if out_dir != tmp:
            shutil.rmtree(out_dir, ignore_errors=True)
    return [fig]


def cost_figures(bins, envs, music):
    """The render-cost figures: the click, the noises, the player."""
    figs = []
    fig = Figure(f"click render cost per {PERIOD}-frame block (mean)", "ns")

    def click(side, woodshed):
        j, why = render_cost.measure(woodshed)
        if j is None:
            raise Unavailable(why)
        return [float(j["ns_per_block"])]
    interleaved([fig], bins, click)
    figs.append(fig)

    for color in noise_cost.COLORS:
        for scope in (False, True):
            fig = Figure(f"noise {color}{' + scope' if scope else ''} cost per block (mean)", "ns")

            def noise(side, woodshed, color=color, scope=scope):
                j = noise_cost.measure(woodshed, color, scope)
                if j is None:
                    raise Unavailable("render-cost --noise failed")
                return [float(j["ns_per_block"])]
            interleaved([fig], bins, noise)
            figs.append(fig)

    for speed, engine in player_cost.PLAY_COSTS:
        deck = Figure(f"player {speed}× {engine}: deck render per {PERIOD} frames (p50)", "ns", digits=0)
        fill = Figure(f"player {speed}× {engine}: worker fill per 256-frame block (p50)", "µs", 1e-3)

        def play(side, woodshed, speed=speed, engine=engine):
            if music is None:
                raise Unavailable(NO_MUSIC)
            j = player_cost.measure(woodshed, music, speed, engine, envs[side], PLAY_SECONDS)
            return [float(j["render_ns"]["p50"]), float(j["fill_ns_per_block"]["p50"])]
        interleaved([deck, fill], bins, play)
        figs += [deck, fill]
    return figs


def live_figures(bins, envs, music, tmp):
    """RUNS windows on one private jackd, each with the click and the player of both binaries
    side by side (started old first in odd windows, new first in even ones); then the
    start-up runs on the same server."""
    kinds = ("click", "play")
    cpu = {k: Figure(f"live CPU, woodshed {k}{' 1.0×' if k == 'play' else ' 120'}", "%", digits=2) for k in kinds}
    rss = {k: Figure(f"live peak RSS less JACK's shared memory, woodshed {k}", "MiB", 1 / 1024) for k in kinds}
    start = Figure("start-up to first sound, WAV 60 s", "ms", digits=0)
    figs = [*cpu.values(), *rss.values(), start]
    xruns = []
    try:
        server = Server(tmp, "jackd-compare")
    except (RuntimeError, OSError) as e:
        for f in figs:
            for side in SIDES:
                f.fail(side, f"no JACK server: {e}")
        return figs, xruns
    # Each binary's own XDG folders, on this server.
    jack_envs = {side: dict(envs[side], JACK_DEFAULT_SERVER=server.name, JACK_NO_START_SERVER="1") for side in SIDES}
    try:
        for i in range(RUNS):
            order = SIDES if i % 2 == 0 else SIDES[::-1]
            procs = {}
            try:
                for side in order:
                    for kind in kinds:
                        name = f"bench-{side}-{kind}"
                        if kind == "click":
                            cmd = live.click_command(bins[side], name)
                        elif music:
                            cmd = live.play_command(bins[side], music, name, "1.0", "faster")
                        else:
                            cpu[kind].fail(side, NO_MUSIC)
                            continue
                        p, why = start_client(server, f"{name}-{i}", cmd, name, tmp, env=jack_envs[side])
                        if why:
                            cpu[kind].fail(side, why)
                        else:
                            procs[(side, kind)] = p
                time.sleep(1)  # past start-up
                xr0 = server.xrun_lines()
                t0, c0 = time.monotonic(), {k: thread_cpu_ns(p.pid) for k, p in procs.items()}
                time.sleep(LIVE_SECONDS)
                t1, c1, mem = time.monotonic(), {}, {}
                for k, p in procs.items():
                    try:
                        if p.poll() is None:
                            c1[k] = thread_cpu_ns(p.pid)
                            mem[k] = (status_kb(p.pid, "VmHWM"), status_kb(p.pid, "RssShmem") or 0)
                    except OSError:
                        c1.pop(k, None)  # it exited just now
                xruns.append(server.xrun_lines() - xr0)
                for (side, kind), p in procs.items():
                    if (side, kind) not in c1:
                        p.poll()
                        cpu[kind].fail(side, f"exited in the window (status {p.returncode}): "
                                             f"{tail(f'{tmp}/bench-{side}-{kind}-{i}.log')}")
                        continue
                    # Threads alive at the end; those started inside the window count from 0.
                    ns = sum(v - c0[(side, kind)].get(tid, 0) for tid, v in c1[(side, kind)].items())
                    cpu[kind].add(side, ns / 1e9 / (t1 - t0) * 100, i)
                    hwm, shm = mem[(side, kind)]
                    if hwm is not None:
                        rss[kind].add(side, hwm - shm, i)
            finally:
                for p in procs.values():
                    stop(p)
        runs = iter(range(2 * RUNS))

        def first_sound(side, woodshed):
            if music is None:
                raise Unavailable(NO_MUSIC)
            r = time_first_sound(server, woodshed, music, f"bench-{side}-start{next(runs)}", tmp, env=jack_envs[side])
            if r["first_ms"] is None or r["rc"] != 0:
                raise Unavailable(f"exit {r['rc']}: {r['why']}")
            return [r["first_ms"]]
        interleaved([start], bins, first_sound)
    finally:
        server.stop()
    return figs, xruns


def commands(woodshed):
    """One command line of each kind this comparison runs (for the flag check)."""
    return [offline.command(woodshed, "w.wav"), render_cost.command(woodshed),
            noise_cost.command(woodshed, "pink", True),
            player_cost.command(woodshed, "music.wav", "0.75", "finer", PLAY_SECONDS),
            live.click_command(woodshed, "bench"), live.play_command(woodshed, "music.wav", "bench", "1.0", "faster"),
            first_sound_command(woodshed, "music.wav", "bench")]


def check_flags(woodshed):
    """[(command, flag)] of the flags this comparison passes that `woodshed COMMAND --help-hidden`
    does not list (hidden commands and options included); [] when it accepts them all."""
    missing = []
    for argv in commands(woodshed):
        sub = argv[1]
        r = subprocess.run([woodshed, sub, "--help-hidden"], stdin=subprocess.DEVNULL, capture_output=True, text=True)
        helptext = r.stdout + r.stderr
        for flag in (a for a in argv[2:] if a.startswith("--")):
            if (r.returncode != 0 or not re.search(rf"(^|[\s,]){re.escape(flag)}($|[\s,=<])", helptext, re.M)) \
                    and (sub, flag) not in missing:
                missing.append((sub, flag))
    return missing


def describe_tree(report_path):
    """This tree's short commit, with "+ uncommitted changes" when its tracked files (other than
    the report this run rewrites) differ from it."""
    head = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no", "--",
                            ".", f":(exclude){os.path.relpath(os.path.abspath(report_path), ROOT)}"],
                           capture_output=True, text=True).stdout.strip()
    return head + (" + uncommitted changes" if dirty else "")


def table(figs, old_name, new_name):
    rows = [f"| figure | old ({old_name}) median | new ({new_name}) median | new/old | within +5 % | paired new/old "
            "| old runs | new runs |",
            "|---|---|---|---|---|---|---|---|"]
    ratio_text = lambda r: "n/a" if r is None else f"{r:.3f}"
    for f in figs:
        rows.append(f"| {f.label} | {f.text(f.median('old'))} | {f.text(f.median('new'))} | {ratio_text(f.ratio())} | "
                    f"{f.verdict()} | {ratio_text(f.paired_ratio())} | {f.runs_text('old')} | {f.runs_text('new')} |")
    return "\n".join(rows)


def main():
    ap = argparse.ArgumentParser(prog="bench.compare", description=__doc__.split("\n")[0])
    ap.add_argument("baseline", help="the revision to compare against (a commit, tag or branch)")
    ap.add_argument("woodshed", nargs="?", default=".build/release/woodshed", help="this tree's release binary")
    ap.add_argument("--out", default="docs/benchmarks.md")
    a = ap.parse_args()
    new_bin = os.path.abspath(a.woodshed)
    try:
        old_bin = baseline.binary(a.baseline)
        old_name = baseline.resolve(a.baseline)[:7]
    except Unavailable as e:
        sys.exit(f"Error: no baseline binary for {a.baseline}: {e}")
    new_name = describe_tree(a.out)
    bins = {"old": old_bin, "new": new_bin}

    started = time.monotonic()
    load0 = os.getloadavg()
    missing = {side: check_flags(bins[side]) for side in SIDES}
    for side in SIDES:
        for sub, flag in missing[side]:
            print(f"{side} binary: `woodshed {sub}` does not list {flag}")
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-compare-")
    try:
        envs = {side: private_env(f"{tmp}/{side}") for side in SIDES}
        try:
            music = Material(tmp).music()
        except Unavailable as e:
            music = None
            print(f"music material unavailable: {e}")
        phases = {}

        def phase(name, run):
            print(f"{name} ...", flush=True)
            t0 = time.monotonic()
            out = run()
            phases[name] = time.monotonic() - t0
            return out
        figs = phase("offline render", lambda: offline_figures(bins, envs, tmp))
        figs += phase("render-cost (click, noise, player)", lambda: cost_figures(bins, envs, music))
        live_figs, xruns = phase("live windows and start-up", lambda: live_figures(bins, envs, music, tmp))
        figs += live_figs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    took = time.monotonic() - started
    load1 = os.getloadavg()

    rows = table(figs, old_name, new_name)
    over = [f.label for f in figs if not f.verdict().startswith("PASS")]
    print(rows)
    took_text = ", ".join(f"{k} {v:.0f} s" for k, v in phases.items())
    print(f"{len(figs) - len(over)} of {len(figs)} figures within +5 %; took {took / 60:.1f} min ({took_text}); "
          f"load average {load0[0]:.1f} at the start, {load1[0]:.1f} at the end")
    used = {}
    for argv in commands("woodshed"):
        used.setdefault(argv[1], set()).update(a for a in argv[2:] if a.startswith("--"))
    if any(missing.values()):
        flags_text = "Flags missing from `woodshed COMMAND --help-hidden`: " + "; ".join(
            f"{side}: " + ", ".join(f"`{s} {f}`" for s, f in missing[side]) for side in SIDES if missing[side]) + "."
    else:
        flags_text = ("Both binaries list every flag used here in `woodshed COMMAND --help-hidden`: "
                      + "; ".join(f"`{sub}` " + " ".join(sorted(fl)) for sub, fl in used.items()) + ".")
    first = {side: [str(i + 1) for i in range(RUNS) if SIDES[i % 2] == side] for side in SIDES}
    intro = f"""Measured by `make bench-compare BASELINE={a.baseline}` ({datetime.date.today().isoformat()}, {platform.machine()},
{os.cpu_count()} cores; this run took {took / 60:.1f} min: {took_text}; load average {load0[0]:.1f} at the
start and {load1[0]:.1f} at the end). Old: the release build of {old_name}, built in a throw-away `git worktree`
and kept in `.build-baseline/`; new: this tree ({new_name}). Each figure is measured for the two
binaries interleaved (old, new, old, new, ...), {RUNS} runs each; lower is better for all, and
"within +5 %" means new median / old median <= {LIMIT:.2f}; "paired new/old" is the median of the
{RUNS} ratios new/old within a round (the two measured one after the other, or side by side), which
a change of the machine's load between rounds moves less: where the two columns disagree, the
load moved. The commands and flags are
`make bench`'s, except `render-cost --play --seconds {PLAY_SECONDS}` (make bench: 60); for the player's
cost the medians per block (p50) stand, which a busy machine's preemptions move far less than
the means. The offline render writes its 115 MB file to a tmpfs (`/dev/shm`) and removes it after
each run, so that no run pays for the kernel writing back another's file to disk."""
    live_text = f"""Live: on one private `jackd --no-realtime -d dummy -r 48000 -p {PERIOD}`, both binaries'
`woodshed click 120 --no-connect` and `woodshed play music.wav --speed 1.0 --engine faster
--repeat endless --keep-open --no-connect` run side by side over the same {LIVE_SECONDS} s window ({RUNS}
windows; old started first in windows {', '.join(first['old'])}, new in {', '.join(first['new'])}; server xrun messages
per window: {', '.join(map(str, xruns)) or 'none'}); CPU is the sum over each process's threads of the
scheduler's running time (`/proc/PID/task/*/schedstat`, nanoseconds, not 10 ms ticks), as % of
one core. Start-up: `woodshed play music.wav --for 1s --no-connect` to its first non-zero sample,
on the same server (each binary's first run also makes its practice file). {flags_text}"""
    outro = f"""{len(figs) - len(over)} of {len(figs)} figures within +5 %{': over: ' + '; '.join(over) if over else ''}.
Not compared: JACK's DSP load (one figure for the whole server, so not the old's or the new's
alone), the stretch against Rubber Band's CLI (the same stretching as the player's worker fill
above, through the same library), the 2-hour memory session and the loop seam (a check of exact
frames, not a cost). On a shared 2-core VM whose other users build at the same time, the
wall-clock figures and the means move by more than 5 % from run to run: a figure over +5 % is a
reason to run `make bench-compare` again when the machine is quiet, not yet a regression."""
    fill = lambda text: textwrap.fill(" ".join(text.split()), width=100, break_long_words=False, break_on_hyphens=False)
    section = f"## Against {old_name}\n\n{fill(intro)}\n\n{fill(live_text)}\n\n{rows}\n\n{fill(outro)}\n"
    report.write_section(a.out, section)


if __name__ == "__main__":
    main()
