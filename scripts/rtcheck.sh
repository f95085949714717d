#!/usr/bin/env bash
# Runs renders of every kind through a RealtimeSanitizer build: constant tempo, odd meter with
# silent beats, subdivisions and count-in, a klick map with ramp / per-beat tempi / meter change,
# sample-file sounds; noise (`render --noise`); then the rehearsal player offline (`render --play`, whose every
# MusicDeck.render runs inside the realtime section): 0.75x with R2 and R3, transpose, a speed
# ladder, count-in and click, gaps, a 44.1 kHz source, MP3 input, a saved section, notched noise and music
# (--notch), and an offline negative control. Then live JACK sessions and the live negative controls
# (scripts/rtcheck-live.sh). Exit 0 only if RTSan reported nothing and caught the deliberate
# allocations.
set -euo pipefail
bin=${1:?usage: rtcheck.sh WOODSHED_BINARY}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config XDG_DATA_HOME=$tmp/data XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache
t0=$EPOCHREALTIME
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
# Noise through the same output graph and offline loop (each block in the realtime section).
run render "$tmp/n1.wav" --noise pink --seconds 20 --fade 5
run render "$tmp/n2.wav" --noise brown --seconds 5 --rate 44100 --format wav32f
# The catalog's generated sounds (issue 22), and a sound file looped with a crossfade when the
# freedesktop sound theme is installed (scripts/setup.sh test installs it).
run render "$tmp/c1.wav" --noise rain --seconds 10
run render "$tmp/c2.wav" --noise fan --seconds 5 --rate 44100
run render "$tmp/c3.wav" --noise ocean --seconds 15 --fade 3
run render "$tmp/c4.wav" --noise alarm-beeps --seconds 5
if [ -e /usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga ]; then run render "$tmp/c5.wav" --noise alarm-clock --seconds 5; fi

# The rehearsal player: 8 s of music-like stereo (two sines, a pluck every 250 ms, pink noise).
music() {  # music OUT RATE
  sox -n -r "$2" -c 2 "$tmp/t.wav" synth 8 sine 220 sine 330 tremolo 3 30
  sox -n -r "$2" -c 2 "$tmp/p.wav" synth 0.25 pluck 196 pluck 294 fade 0 0.25 0.2 repeat 31
  sox -n -r "$2" -c 2 "$tmp/n.wav" synth 8 pinknoise pinknoise gain -24
  sox -m "$tmp/t.wav" "$tmp/p.wav" "$tmp/n.wav" -b 16 "$1" gain -n -1
  rm "$tmp/t.wav" "$tmp/p.wav" "$tmp/n.wav"
}
music "$tmp/m.wav" 48000
music "$tmp/m44.wav" 44100
sox "$tmp/m.wav" "$tmp/m.flac"
# MP3: sox here has no MP3 writer; libsndfile (with LAME) has. OGG/Vorbis if that fails.
if python3 "$(dirname "$0")/wav-to-mp3.py" "$tmp/m.wav" "$tmp/m.mp3" 2>"$tmp/mp3.err"; then coded=$tmp/m.mp3
else echo "rtcheck: no MP3 writer ($(tail -1 "$tmp/mp3.err")); using OGG/Vorbis"; sox "$tmp/m.wav" "$tmp/m.ogg"; coded=$tmp/m.ogg; fi
"$bin" sections "$tmp/m.wav" add verse 2 5 >/dev/null
"$bin" sections "$tmp/m.wav" add chorus 5.5 7.25 >/dev/null

run render "$tmp/p1.wav" --play "$tmp/m.wav" --from 1 --to 4 --repeat 2 --speed 0.75 --engine faster
run render "$tmp/p2.wav" --play "$tmp/m.wav" --from 1 --to 4 --repeat 2 --speed 0.75 --engine finer
run render "$tmp/p3.wav" --play "$tmp/m.wav" --from 0.5 --to 3 --repeat 2 --transpose 3
run render "$tmp/p4.wav" --play "$tmp/m.wav" --from 1 --to 3 --speed 0.9 --transpose=-2.5 --engine finer
run render "$tmp/p5.wav" --play "$tmp/m.wav" --from 2 --to 4 --plan "0.6,0.8,1.0" --gap 0.5s
run render "$tmp/p6.wav" --play "$tmp/m.wav" --from 1 --to 3 --repeat 2 --count-in 1 --click 96 --click-offset 0.25 --gap 1.5x
run render "$tmp/p7.flac" --play "$tmp/m.flac" --from 0 --to 2 --repeat 3 --gap 1s --crossfade 0 --stems
run render "$tmp/p8.wav" --play "$tmp/m44.wav" --from 1 --to 3 --repeat 2 --speed 0.75 --crossfade 20 --format wav32f
run render "$tmp/p9.wav" --play "$coded" --from 0.5 --to 2.5 --repeat 2 --speed 0.8
run render "$tmp/p10.wav" --play "$tmp/m.wav" --section verse --repeat 2 --count-in 1 --advance next
run render "$tmp/p11.wav" --play "$tmp/m.wav" --section chorus --repeat endless --speed 1.25 --seconds 6
run render "$tmp/p12.wav" --play "$tmp/m.wav" --speed 0.5 --advance stop --rate 96000
# The notch node (issue 21) over noise and over the player's music, never the click.
run render "$tmp/q1.wav" --noise pink --seconds 5 --notch 6000
run render "$tmp/q2.wav" --play "$tmp/m.wav" --from 1 --to 4 --repeat 2 --click 120 --notch 4kHz:1/2 --rate 44100
# The listening filters (issue 21) over the player's music: --filter's band and --karaoke.
run render "$tmp/q3.wav" --play "$tmp/m.wav" --from 1 --to 4 --click 120 --filter band:200-2000 --karaoke
echo "rtcheck: RealtimeSanitizer found no allocation, lock or system call in the render path ($(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'))"

# Offline negative control: the RTSan build allocates inside the offline loop's realtime
# section (around the output graph) on request; RTSan must stop the render with a report, or the runs above proved nothing.
if WOODSHED_RTCHECK_ALLOCATE=1 "$bin" render "$tmp/neg.wav" --play "$tmp/m.wav" --from 0 --to 1 >/dev/null 2>"$tmp/neg.err"; then
  echo "rtcheck: FAIL: the offline negative control was not caught (is this the make rtcheck build?)"; exit 1
elif ! grep -q '==ERROR: RealtimeSanitizer' "$tmp/neg.err"; then
  echo "rtcheck: FAIL: the offline negative control failed without a RealtimeSanitizer report:"; tail -5 "$tmp/neg.err"; exit 1
fi
echo "rtcheck: offline negative control: ok · RTSan caught the allocation inside the output graph's realtime section:"
grep -A 4 -m 1 '==ERROR: RealtimeSanitizer' "$tmp/neg.err" | sed 's/^/    /'
"$(dirname "$0")/rtcheck-live.sh" "$bin"
