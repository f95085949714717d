"""Input capture cost: `woodshed render-cost --input`, what the live callback adds per
PERIOD-frame block for `woodshed:in` (the input and the turn marks copied into the capture's
ring), against the period it must fit in. No peer: a share of the period; the bar is 1 %."""
from . import render_cost
from .jack import PERIOD, RATE


def command(woodshed):
    """`woodshed render-cost --input --block PERIOD --seconds 600`."""
    return [woodshed, "render-cost", "--input", "--block", str(PERIOD), "--seconds", "600"]


def measure(woodshed):
    """The JSON line of `render-cost --input`, or (None, reason)."""
    return render_cost.run_json(command(woodshed))


def section(woodshed):
    """The report's section: mean and worst block, and the mean's share of the period."""
    j, why = measure(woodshed)
    period_ns = PERIOD / RATE * 1e9
    if j:
        share = 100 * j["ns_per_block"] / period_ns
        verdict = "under" if share < 1.0 else "OVER"
        body = (f"| block | blocks | mean per block | worst block | share of the period (mean) | dropped |\n|---|---|---|---|---|---|\n"
                f"| {j['block']} | {j['blocks']} | {j['ns_per_block']:.1f} ns | {j['max_ns'] / 1000:.1f} µs | {share:.4f} % "
                f"({verdict} the 1 % bar) | {j['dropped']} |")
    else:
        body = f"render-cost --input unavailable ({why})"
    print(body)
    return f"""## Input capture: callback cost per block

`woodshed render-cost --input --block {PERIOD} --seconds 600`: what the JACK callback adds for
`woodshed:in` per {PERIOD}-frame block ({period_ns / 1000:.0f} µs at {RATE} Hz): `InputCapture.process`, the
cycle's input and turn marks copied into the capture's lock-free ring, timed block by block on one
thread (the ring read back after each block, outside the timing, as the recorder's thread does).
The time includes reading the clock twice; the worst block includes the times this thread was
preempted. The issue's bar: under 1 % of a 64-frame period.

{body}
"""
