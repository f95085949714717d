"""Issue 17's media measurements, each format read with its own decoder: first sound on a first
open of a 2-hour MP3, Opus, Ogg Vorbis, M4A, FLAC and WAV, side by side with mpv from the same
files in the same run (median of RUNS each, interleaved), the same at a resume point an hour in
(`--from 1:00:00`, mpv `--start=3600`), woodshed's own memory playing each 2-hour file (VmHWM
less RssShmem, see two_hours), and `woodshed sections FILE split` on a 60-minute spoken lesson
against real time. The files are made once with the reference encoders and kept in CACHE."""
import os, shutil, statistics, subprocess, time

from . import two_hours
from .first_sound import time_first_sound
from .jack import PERIOD, RATE, Server
from .material import CACHE
from .memory_startup import fmt_ms, fmt_size
from .tools import Unavailable, run_tool

RUNS = 5
HOURS = 2
RESUME = 3600  # seconds: the resume point, an hour in
RSS_TARGET_MB = 60
SPLIT_MINUTES = 60

# label, extension, encoder command (source WAV, output), decoder named in the report
FORMATS = (
    ("MP3", "mp3", lambda s, o: ["ffmpeg", "-v", "error", "-y", "-i", s, "-c:a", "libmp3lame", "-q:a", "6", o], "libmpg123"),
    ("Opus", "opus", lambda s, o: ["opusenc", "--quiet", "--bitrate", "32", s, o], "libopusfile"),
    ("Ogg Vorbis", "ogg", lambda s, o: ["oggenc", "--quiet", "-q", "2", "-o", o, s], "libvorbisfile"),
    ("AAC in M4A", "m4a", lambda s, o: ["ffmpeg", "-v", "error", "-y", "-i", s, "-c:a", "aac", "-b:a", "64k", o], "FFmpeg"),
    ("FLAC", "flac", lambda s, o: ["sox", s, o], "libsndfile"),
    ("WAV", "wav", None, "libsndfile"),
)


def _kept(name, make):
    """CACHE/name, made by make(part) once (into a temporary name, renamed when done)."""
    path = f"{CACHE}/{name}"
    if not os.path.exists(path):
        os.makedirs(CACHE, exist_ok=True)
        print(f"making {path} (once)", flush=True)
        root, ext = os.path.splitext(path)
        part = f"{root}.{os.getpid()}.part{ext}"
        try:
            make(part)
            os.rename(part, path)
        finally:
            if os.path.exists(part):
                os.remove(part)
    return path


def long_files():
    """{label: path} of the 2-hour mono 48 kHz files (a tremolo chord with pink noise), made from
    one 16-bit WAV by each format's reference encoder; Unavailable for a format that cannot be made."""
    wav = _kept(f"{HOURS}-hours-mono-v1.wav", lambda p: run_tool(
        ["sox", "-n", "-r", str(RATE), "-c", "1", "-b", "16", p, "synth", str(HOURS * 3600), "sine", "220",
         "sine", "331", "pinknoise", "tremolo", "0.5", "40", "gain", "-n", "-6"]))
    files = {}
    for label, ext, encode, _ in FORMATS:
        if encode is None:
            files[label] = wav
            continue
        try:
            files[label] = _kept(f"{HOURS}-hours-mono-v1.{ext}", lambda p, e=encode: run_tool(e(wav, p)))
        except Unavailable as e:
            files[label] = e
    return files


def lesson(ext):
    """A 60-minute spoken lesson (six espeak-ng sentences and a 0.6 s pause, repeated; mono
    48 kHz) as `ext`."""
    def unit(p):
        d = os.path.dirname(p)
        parts = []
        sentences = ("Good morning, and welcome to today's lesson.", "We practise every sentence out loud.",
                     "Listen first, then repeat what you heard.", "The weather is fine and the train is on time.",
                     "Could you tell me the way to the station, please?", "Thank you very much, see you tomorrow.")
        for i, s in enumerate(sentences):
            raw = f"{d}/sentence-{os.getpid()}-{i}.wav"
            run_tool(["espeak-ng", "-w", raw, s])
            parts.append(raw)
        try:
            joined = f"{d}/unit-{os.getpid()}.wav"
            run_tool(["sox", *parts, "-r", str(RATE), "-c", "1", "-b", "16", joined, "pad", "0", "0.6"])
            seconds = float(run_tool(["soxi", "-D", joined]).stdout)
            repeats = max(1, int(SPLIT_MINUTES * 60 / seconds))
            run_tool(["sox", joined, p, "repeat", str(repeats - 1)])
            os.remove(joined)
        finally:
            for raw in parts:
                if os.path.exists(raw):
                    os.remove(raw)
    wav = _kept(f"lesson-{SPLIT_MINUTES}min-v1.wav", unit)
    if ext == "wav":
        return wav
    encode = next(e for _, x, e, _ in FORMATS if x == ext)
    return _kept(f"lesson-{SPLIT_MINUTES}min-v1.{ext}", lambda p: run_tool(encode(wav, p)))


def mpv_command(path, name, start):
    """mpv playing `path` to JACK as client `name` (ports out_0, out_1), not connected, for 1 s."""
    return ["mpv", "--no-config", "--really-quiet", "--vo=null", "--no-video", "--ao=jack", f"--jack-name={name}",
            "--jack-connect=no", "--jack-autostart=no", f"--start={start}", "--length=1", path]


def split_speed(woodshed, env, ext):
    """Real time over wall time of `woodshed sections FILE split` on the 60-minute lesson."""
    path = lesson(ext)
    t0 = time.monotonic()
    r = subprocess.run([woodshed, "sections", path, "split"], env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, text=True)
    took = time.monotonic() - t0
    if r.returncode != 0:
        raise Unavailable(f"split exited {r.returncode}: {(r.stderr or r.stdout).strip()}")
    found = r.stdout.count("\n")
    return SPLIT_MINUTES * 60 / took, took, r.stdout.strip().splitlines()[:1], found


def section(woodshed, mat, tmp):
    """Makes the files (once), measures, prints the figures, returns the section."""
    title = "## Media: each format's own decoder, 2-hour files, against mpv\n\n"
    try:
        files = long_files()
    except Unavailable as e:
        return title + f"Unavailable: {e}.\n"
    try:
        server = Server(tmp, "jackd-formats")
    except (RuntimeError, OSError) as e:
        return title + f"Unavailable: {e}.\n"
    has_mpv = shutil.which("mpv") is not None
    starts = {(label, who, at): [] for label in files for who in ("woodshed", "mpv") for at in (0, RESUME)}
    notes, rss = {}, {}
    n = 0
    try:
        # Interleaved: each round plays every file from its start and from the resume point,
        # woodshed then mpv, so load on the machine falls on both alike.
        for _ in range(RUNS):
            for label, path in files.items():
                if isinstance(path, Unavailable):
                    continue
                for at in (0, RESUME):
                    for who in ("woodshed", "mpv"):
                        if who == "mpv" and not has_mpv:
                            continue
                        n += 1
                        name = f"bench-fmt{n}"
                        try:
                            if who == "woodshed":
                                extra = ["--from", str(at)] if at else []
                                r = time_first_sound(server, woodshed, path, name, tmp, extra_args=extra)
                            else:
                                r = time_first_sound(server, woodshed, path, name, tmp,
                                                     cmd=mpv_command(path, name, at), port=f"{name}:out_0")
                            starts[(label, who, at)].append(r["first_ms"])
                        except Unavailable as e:
                            notes[(label, who)] = str(e)
        for label, path in files.items():
            if not isinstance(path, Unavailable):
                rss[label] = two_hours.session(server, woodshed, path, tmp)
    finally:
        server.stop()

    splits = {}
    env = dict(server.env)
    for ext, label in (("mp3", "MP3"), ("opus", "Opus"), ("wav", "WAV")):
        try:
            splits[label] = split_speed(woodshed, env, ext)
        except Unavailable as e:
            splits[label] = e

    def med(runs):
        good = [r for r in runs if r is not None]
        return statistics.median(good) if good else None

    rows, lines = [], []
    for label, ext_, _, decoder in ((l, x, e, d) for l, x, e, d in FORMATS):
        path = files[label]
        if isinstance(path, Unavailable):
            rows.append(f"| {label} | unavailable: {path} | | | | |")
            continue
        cells = []
        for at in (0, RESUME):
            w, m = starts[(label, "woodshed", at)], starts[(label, "mpv", at)]
            mw, mm = med(w), med(m)
            verdict = ("" if mw is None or mm is None else " ✓" if mw <= mm and mw < (100 if at == 0 else 300) else " ✗")
            cells.append(f"**{fmt_ms(mw)}**{verdict} ({', '.join(fmt_ms(x) for x in w)})")
            cells.append(f"{fmt_ms(mm)} ({', '.join(fmt_ms(x) for x in m)})")
            lines.append(f"{label} from {at} s: woodshed median {fmt_ms(mw)} {w}; mpv median {fmt_ms(mm)} {m}")
        r = rss.get(label) or {}
        if r.get("hwm"):
            own = (r["hwm"] - r["shm"]) * 1024 / 1e6
            mem = f"{own:.1f} MB{' ✓' if own < RSS_TARGET_MB else ' ✗'}"
            lines.append(f"{label} 2 h: VmHWM {r['hwm']} kB, RssShmem {r['shm']} kB, own {own:.1f} MB; exit {r['rc']}")
        else:
            mem = f"unavailable: {r.get('why')}"
        rows.append(f"| {label} ({decoder}, {fmt_size(path)}) | " + " | ".join(cells) + f" | {mem} |")
    split_rows = []
    for label, s in splits.items():
        if isinstance(s, Unavailable):
            split_rows.append(f"| {label} | unavailable: {s} | |")
            continue
        speed, took, first, found = s
        target = 120 if label == "Opus" else 200
        split_rows.append(f"| {label} | **{speed:.0f}×** real time ({took:.1f} s){' ✓' if speed >= target else ' ✗'} "
                          f"| target {target}×; {found} lines of output, the first: {first[0] if first else ''} |")
        lines.append(f"split {label}: {speed:.0f}x real time ({took:.1f} s)")
    print("\n".join(lines))
    mpv_note = "" if has_mpv else "mpv is not installed: its columns are empty.\n\n"
    return title + mpv_note + f"""On a private server (`jackd --no-realtime -d dummy -r {RATE} -p {PERIOD}`), {RUNS} rounds,
interleaved. The files: {HOURS} hours of mono 48 kHz (sox: a tremolo chord with pink noise), one
16-bit WAV encoded by each format's reference encoder (`ffmpeg -c:a libmp3lame -q:a 6`,
`opusenc --bitrate 32`, `oggenc -q 2`, `ffmpeg -c:a aac -b:a 64k`, sox for FLAC), kept in
`{CACHE}`. **First sound**: from just before spawning the player to the first non-zero sample on
its first output port, heard by `Tests/Tools/first_sound.py` as in the start-up section above
(resolution one period, {PERIOD / RATE * 1000:.2f} ms): `woodshed play FILE --no-connect --for 1s`
(the first round is also the file's first open: no practice file, no frame index yet) and
`mpv --no-config --ao=jack --jack-connect=no --length=1 FILE`; **resume** the same with
`--from {RESUME}` and mpv's `--start={RESUME}`. Medians with the runs in brackets; ✓ when
woodshed's median is at most mpv's and under {100} ms (from the start) or 300 ms (resume).
**Memory**: woodshed's own (VmHWM less RssShmem) during the 2-hour session of `two_hours`
(sections at 0:00, 1:00:00 and 1:58:00, keys for about 15 s), target under {RSS_TARGET_MB} MB.

| 2-hour file | woodshed, from the start | mpv, from the start | woodshed, from 1:00:00 | mpv, from 1:00:00 | woodshed's own memory |
|---|---|---|---|---|---|
""" + "\n".join(rows) + f"""

**Split speed**: `woodshed sections FILE split` on a {SPLIT_MINUTES}-minute spoken lesson (espeak-ng
sentences, the six of them and a 0.6 s pause repeated for the hour, mono 48 kHz; MP3 and Opus
encoded as above), real time over wall time.

| {SPLIT_MINUTES}-minute lesson | split speed | |
|---|---|---|
""" + "\n".join(split_rows) + "\n"

