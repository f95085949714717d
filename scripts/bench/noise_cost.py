"""Noise and scope cost: `woodshed render-cost --noise COLOUR [--scope]`, what the live callback
of `woodshed noise` runs per PERIOD-frame block (white, pink, brown; with and without the
oscilloscope's tap), beside the click's render alone. No peer: shares of the period."""
import json, subprocess

from . import render_cost
from .jack import PERIOD, RATE


COLORS = ("white", "pink", "brown")


def command(woodshed, color, scope):
    """`woodshed render-cost --noise COLOR [--scope]` as this benchmark runs it."""
    return [woodshed, "render-cost", "--noise", color, "--block", str(PERIOD), "--seconds", "600"] + (["--scope"] if scope else [])


def measure(woodshed, color, scope):
    """The JSON line of one `render-cost --noise` run, or None if it failed."""
    try:
        r = subprocess.run(command(woodshed, color, scope), capture_output=True, text=True, timeout=300)
        return json.loads(r.stdout.strip().splitlines()[-1]) if r.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return None


def section(woodshed):
    """`woodshed render-cost --noise C [--scope]`: what the live callback of `woodshed noise`
    costs per 64-frame block: the generator into music_L, the copy to music_R, and with the
    scope its tap over the three ports; beside the click's render alone."""
    rows = []
    click, why = render_cost.measure(woodshed)
    for color in COLORS:
        for scope in (False, True):
            rows.append((color, scope, measure(woodshed, color, scope)))
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
