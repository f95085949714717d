"""The player's loop seam against mpv's A-B loop: a WAV whose frames count themselves, looped
from A to B by `mpv --ab-loop-a/b` and by `woodshed render --play --from --to --repeat`, each
output decoded back to frame indices; at every jump back, frames missing, duplicated or silent."""
import shutil, subprocess

from .jack import RATE, private_env
from .tools import Unavailable, run_tool
from .wav import read_wav

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


def section(woodshed, mat, tmp):
    """Loops the index file with both, decodes the outputs; prints the seams, returns the section."""
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
