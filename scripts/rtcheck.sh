#!/usr/bin/env bash
# Runs renders of every kind through a RealtimeSanitizer build: constant tempo, odd meter with
# silent beats, subdivisions and count-in, a klick map with ramp / per-beat tempi / meter change,
# sample-file sounds. Then live JACK sessions and the negative control (scripts/rtcheck-live.sh).
# Exit 0 only if RTSan reported nothing and caught the deliberate allocation.
set -euo pipefail
bin=${1:?usage: rtcheck.sh WOODSHED_BINARY}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/map.klick" <<'MAP'
intro: 2 120
odd:   2 7/8 133 X..x.x.
       2 80-160
       1 3/4 100,110,120
       1 90 X.x. 0.5
MAP
run() { echo "rtcheck: woodshed $*"; "$bin" "$@" >/dev/null; }
run render "$tmp/a.wav" 120 --bars 32
run render "$tmp/b.flac" 133 --meter 7/8 --pattern "X..x.x." --bars 32 --rate 44100
run render "$tmp/c.wav" 90 --subdivide 3 --count-in 1 --bars 8 --sound woodblock
run render "$tmp/d.wav" --map "$tmp/map.klick"
run render "$tmp/e.wav" 80-160 --bars 16 --format wav32f
run render "$tmp/f.wav" --preset son-clave
run render "$tmp/g.wav" 1000 --meter 4/16 --bars 200 --sound stick
sox -n -r 44100 "$tmp/acc.wav" synth 0.03 sine 1500 fade 0 0.03 0.025
sox -n -r 44100 "$tmp/nor.wav" synth 0.03 sine 1000 fade 0 0.03 0.025
run render "$tmp/h.wav" 60 --sound "$tmp/acc.wav,$tmp/nor.wav" --bars 2 --rate 96000
echo "rtcheck: RealtimeSanitizer found no allocation, lock or system call in the render path"
"$(dirname "$0")/rtcheck-live.sh" "$bin"
