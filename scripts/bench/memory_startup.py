"""Memory and start-up: the player's peak RSS with a 2-hour FLAC (see two_hours) and its
start-up to first sound (see first_sound) for a WAV, a FLAC, the 2-hour FLAC and a 10-minute MP3
(first open decoding into the cache, then from it), against the targets (300 ms, 150 MB). No
peer program."""
import os, shutil, statistics

from . import two_hours
from .first_sound import time_first_sound
from .jack import PERIOD, RATE, Server
from .material import CACHE
from .tools import Unavailable

STARTUP_RUNS = 3


def section(woodshed, mat, tmp):
    """Start-up runs over WAV, FLAC, the 2-hour FLAC and the MP3, then the 2-hour session; prints
    the figures, returns the section."""
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
                    starts[label].append(time_first_sound(server, woodshed, files[label], f"bench-start{n}", tmp))
                except Unavailable as e:
                    notes[label] = str(e)
        if not isinstance(files["MP3, 10 min"], Unavailable):
            shutil.rmtree(server.env["XDG_CACHE_HOME"], ignore_errors=True)
            os.makedirs(server.env["XDG_CACHE_HOME"], exist_ok=True)
            for i in range(3):
                n += 1
                try:
                    starts["MP3, 10 min"].append(time_first_sound(server, woodshed, files["MP3, 10 min"], f"bench-start{n}", tmp,
                                                             progress_pty=(i == 0)))
                except Unavailable as e:
                    notes["MP3, 10 min"] = str(e)
        if not isinstance(files["FLAC, 2 h"], Unavailable):
            rss = two_hours.session(server, woodshed, files["FLAC, 2 h"], tmp)
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
