"""make bench: woodshed against klick, Rubber Band's CLI and mpv, offline and live; prints the
numbers and writes docs/benchmarks.md.

One module per comparison, in the report's order:
  offline         `woodshed render` against `klick -W`, 20 minutes of 4/4 at 120 BPM to WAV
  live            `woodshed click` and the player against klick and an empty JACK client: CPU,
                  memory, JACK's DSP load (dsp_load), on a private JACK server
  render_cost     the click's render per 64-frame block against the period (in live's section)
  alsa_backend    the ALSA backend beside JACK on the same jackd (ALSA's jack PCM): CPU and first
                  sound (`--alsa-only` runs just this section)
  stretch         the player's stretching against the `rubberband` CLI (R2, R3)
  player_cost     the player's deck and worker cost per block
  memory_startup  memory with a 2-hour FLAC (two_hours), start-up to first sound (first_sound)
  formats         every format's own decoder with 2-hour files: first sound and resume against
                  mpv, memory, split speed (issue 17; `--formats-only` runs just this section)
  seam            the player's loop seam against mpv's A-B loop
  noise_cost      `woodshed noise` and the scope per block
  remote_latency  OSC (200 messages, against klick), MPRIS (200 calls, also to PropertiesChanged)
                  and `woodshed ctl`: message sent to audible change (osc_latency, mpris_latency,
                  ctl_latency; `--remote-only` runs just this section)
  notch_sox       the notch against sox's bandreject and sinc (`--notch-only` runs just this section)
  input_cost      the input capture (woodshed:in into its ring) per block (`--input-only` runs just this)
  coach_speed     `woodshed coach` on a 10-minute take against aubioonset (`--coach-only` runs it and coach_latency)
  coach_latency   `click --coach`: a synthetic performer's hit to the screen
  upstream        what libsndfile and Rubber Band do on their own here, from the test measurement
                  suites (WOODSHED_MEASURE=1; `--upstream-only` runs just this section)
Shared: jack (the private server on a fixed name, its clients, the environment), process_stats
(CPU and memory from /proc), wav (the WAV reader), material (the audio played), tools (helper
programs), report (writes docs/benchmarks.md). Not a comparison: startup_order writes the executable's
start-up order (Sources/woodshed/startup.order; python3 -m bench.startup_order WOODSHED_BINARY).
`make bench-compare` runs compare instead (python3 -m bench.compare REV): the key figures for an
older revision's release build (baseline) and this one, interleaved, into the report's section
"Against REV", which a `make bench` run keeps.

Anything unavailable (a program not installed, a woodshed that cannot do it yet) is reported as
unavailable, not a crash. Everything woodshed writes goes to a temporary XDG_*_HOME.

Usage (scripts/bench.sh runs it from the repository):
  PYTHONPATH=scripts python3 -m bench WOODSHED_BINARY [--skip-offline] [--skip-live]
                                      [--skip-player] [--skip-formats] [--formats-only]
                                      [--skip-remote] [--remote-only] [--input-only] [--coach-only] [--alsa-only] [--upstream-only]
                                      [--out docs/benchmarks.md]"""
import argparse, os, shutil, tempfile, time

from . import alsa_backend, coach_latency, coach_speed, formats, input_cost, live, memory_startup, noise_cost, notch_sox, offline, player_cost, remote_latency, report, seam, stretch, upstream
from .material import Material
from .tools import Unavailable


def main():
    ap = argparse.ArgumentParser(prog="bench", description=__doc__.split("\n")[0])
    ap.add_argument("woodshed", nargs="?", default=".build/release/woodshed")
    ap.add_argument("--skip-offline", action="store_true", help="no offline click render")
    ap.add_argument("--skip-live", action="store_true", help="no live CPU window")
    ap.add_argument("--skip-player", action="store_true", help="no player sections (stretch, cost, memory, seam)")
    ap.add_argument("--skip-formats", action="store_true", help="no 2-hour files in every format (makes them once, minutes)")
    ap.add_argument("--formats-only", action="store_true", help="only the formats section, put into the report in place")
    ap.add_argument("--skip-remote", action="store_true", help="no remote-control latency (OSC, ctl, MPRIS)")
    ap.add_argument("--remote-only", action="store_true", help="only the remote-control section, put into the report in place")
    ap.add_argument("--notch-only", action="store_true", help="only the notch against sox, put into the report in place")
    ap.add_argument("--input-only", action="store_true", help="only the input capture's cost, put into the report in place")
    ap.add_argument("--coach-only", action="store_true", help="only the coach's analysis speed and click --coach's hit to screen, put into the report in place")
    ap.add_argument("--alsa-only", action="store_true", help="only the ALSA backend beside JACK, put into the report in place")
    ap.add_argument("--upstream-only", action="store_true", help="only the upstream libraries' measurements, put into the report in place")
    ap.add_argument("--out", default="docs/benchmarks.md")
    a = ap.parse_args()
    woodshed = os.path.abspath(a.woodshed) if os.sep in a.woodshed else a.woodshed

    if a.upstream_only:
        report.write_section(a.out, upstream.section())
        return
    if a.input_only:
        report.write_section(a.out, input_cost.section(woodshed))
        return
    if a.coach_only:
        report.write_section(a.out, coach_speed.section(woodshed))
        tmp = tempfile.mkdtemp(prefix="woodshed-bench-")
        try:
            report.write_section(a.out, coach_latency.section(woodshed, tmp))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    started = time.monotonic()
    if a.remote_only:
        report.write_section(a.out, remote_latency.section(woodshed))
        return
    tmp = tempfile.mkdtemp(prefix="woodshed-bench-")
    mat = Material(tmp)
    if a.notch_only:
        try:
            report.write_section(a.out, notch_sox.section(woodshed, tmp))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    if a.alsa_only:
        try:
            report.write_section(a.out, alsa_backend.section(woodshed, mat, tmp))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    if a.formats_only:
        try:
            report.write_section(a.out, formats.section(woodshed, mat, tmp))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    try:
        music = mat.music()
    except Unavailable as e:
        music = None
        print(f"music material unavailable: {e}")
    sections = []
    try:
        if not a.skip_offline:
            sections.append(offline.section(woodshed))
        if not a.skip_live:
            sections.append(live.section(woodshed, music))
            sections.append(alsa_backend.section(woodshed, mat, tmp))
        if not a.skip_player:
            sections.append(stretch.section(woodshed, mat, tmp))
            sections.append(player_cost.section(woodshed, mat, tmp))
            sections.append(memory_startup.section(woodshed, mat, tmp))
            if not a.skip_formats:
                sections.append(formats.section(woodshed, mat, tmp))
            sections.append(seam.section(woodshed, mat, tmp))
            sections.append(noise_cost.section(woodshed))
            sections.append(notch_sox.section(woodshed, tmp))
            sections.append(input_cost.section(woodshed))
            sections.append(coach_speed.section(woodshed))
            sections.append(coach_latency.section(woodshed, tmp))
            sections.append(upstream.section())
        if not a.skip_remote:
            sections.append(remote_latency.section(woodshed))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    report.write(a.out, sections, time.monotonic() - started)


if __name__ == "__main__":
    main()
