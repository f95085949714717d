"""The player's cost per block: `woodshed render-cost --play` at 1.0x and 0.75x (R2 and R3), the
deck's render per PERIOD-frame block (what the JACK callback runs for the music) against the
period, and the worker's fill per 256-frame ring block against that block's time. No peer: the
figures are shares of real time."""
import json, subprocess

from .jack import PERIOD, RATE, private_env
from .material import MUSIC_SECONDS
from .tools import Unavailable, run_tool

PLAY_COSTS = [("1.0", "faster"), ("0.75", "faster"), ("0.75", "finer")]


def command(woodshed, src, speed, engine, seconds=MUSIC_SECONDS):
    """`woodshed render-cost --play` as this benchmark runs it."""
    return [woodshed, "render-cost", "--block", str(PERIOD), "--seconds", str(seconds),
            "--play", src, "--speed", speed, "--engine", engine]


def measure(woodshed, src, speed, engine, env, seconds=MUSIC_SECONDS):
    """The JSON line of one `render-cost --play` run (render_ns, fill_ns_per_block, first_fill,
    underrun_frames, ...); Unavailable if it failed or has no player figures."""
    try:
        r = run_tool(command(woodshed, src, speed, engine, seconds), env=env, timeout=600)
        j = next(json.loads(l) for l in reversed(r.stdout.strip().splitlines()) if l.startswith("{"))
    except (StopIteration, ValueError, subprocess.TimeoutExpired) as e:
        raise Unavailable(str(e) or "no JSON line in its output")
    if "render_ns" not in j:
        raise Unavailable("this woodshed's render-cost has no --play")
    return j


def section(woodshed, mat, tmp):
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
            j = measure(woodshed, src, speed, engine, private_env(tmp))
        except Unavailable as e:
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
