"""Upstream libraries, measured: what libsndfile, libopus and Rubber Band do on their own on this
machine (libsndfile's own seeks in lossy files, Rubber Band's click misplacement and CPU per
block). These depend on the libraries' versions and on the SIMD path they pick on the CPU, so the
tests never pin them (docs/proof.md, "What a test may assert"): the measurement suites run here,
with WOODSHED_MEASURE=1, and each line they print that opens with "measured:" is reported."""
import os, subprocess

SUITES = "UpstreamSeekMeasurements|StretchCostMeasurements|AlignmentTests"


def measure():
    """The "measured:" lines of the measurement suites (built with `swift build --build-tests`),
    or (None, reason)."""
    build = subprocess.run(["swift", "build", "--build-tests"], capture_output=True, text=True)
    if build.returncode != 0:
        last = (build.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"swift build --build-tests failed: {last}"
    env = dict(os.environ, WOODSHED_MEASURE="1")
    run = subprocess.run(["swift", "test", "--skip-build", "--filter", SUITES], capture_output=True, text=True, env=env)
    lines = [l.split("measured: ", 1)[1] for l in run.stdout.splitlines() if "measured: " in l]
    if not lines:
        return None, f"the measurement suites printed nothing (exit {run.returncode})"
    return lines, None


def section(_woodshed=None):
    """The report's section: one line per figure."""
    lines, why = measure()
    body = "\n".join(f"- {l}" for l in lines) if lines else f"unavailable ({why})"
    print(body)
    return f"""## Upstream libraries, measured

What the libraries Woodshed uses do on their own here, for the record: `WOODSHED_MEASURE=1 swift
test --filter '{SUITES}'`. A plain `sf_seek` in a lossy file lands a rounding step (or, in VBR MP3
and Vorbis, audibly) off the front-to-back decode, which is why Woodshed reads MP3, Vorbis and Opus
through their own decoders (its reads equal the reference decoders' in MP3Tests, VorbisTests and
OpusTests). Rubber Band's click misplacement is tested against Woodshed's promise (10 ms finer,
20 ms faster; docs/player.md), its cost per block in the player's section above.

{body}
"""
