"""Render cost: `woodshed render-cost`, the click's render graph alone (no JACK) timed per
PERIOD-frame block, against the period it must fit in (1333 µs at 48 kHz). No peer: the
figure is a share of the period; the live section and the noise section quote it."""
import json, subprocess

from .jack import PERIOD, RATE


def command(woodshed):
    """`woodshed render-cost --block PERIOD --seconds 600`: the click's render alone."""
    return [woodshed, "render-cost", "--block", str(PERIOD), "--seconds", "600"]


def measure(woodshed):
    """`woodshed render-cost --block PERIOD --seconds 600`: its JSON line, or (None, reason)."""
    return run_json(command(woodshed))


def run_json(cmd):
    """Runs a `woodshed render-cost ...` command: its last JSON line, or (None, reason)."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
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


def summary(cost, why):
    """(the line the live section quotes, whether it is under 1 % of the period or None)."""
    period_ns = PERIOD / RATE * 1e9
    if cost:
        ns = float(cost["ns_per_block"])
        share = ns / period_ns * 100
        cost_line = (f"{ns:.1f} ns per {cost.get('block', PERIOD)}-frame block ({cost.get('blocks', '?')} blocks), "
                     f"{share:.4f} % of the {period_ns / 1000:.0f} µs period")
        cost_ok = share < 1.0
    else:
        cost_line, cost_ok = f"render-cost unavailable ({why})", None
    return cost_line, cost_ok
