#!/usr/bin/env bash
# Live sessions of `woodshed click` and `woodshed play` through a RealtimeSanitizer build, on
# private JACK servers (dummy driver, period 256 and then 64). Keys go in through a FIFO as a
# player would press them. Click: start/stop, 200 tempo changes (arrows and PgUp/PgDn), meter
# changes, tap tempo, mute, volume, quit; also a klick tempo map, transport master
# (jack_transport play/locate/stop, BBT read with jack_showtime) and transport follow
# (jack_transport as master changing tempo). Play (a file with four saved sections, count-in and
# click on): play/pause, 60 speed steps up and down, jumps, next/previous section, again,
# repeat +/-, mark in/out, nudges, click toggle, quit; at 1.0x transposed, and at 0.75x with
# the R3 engine; recording (--record --compare, woodshed:in on a capture port); coaching (--coach
# with --advance-when, hit_performer playing into woodshed:in). Then click and play on the ALSA
# backend (ALSA's `null` PCM). Every woodshed must exit 0 without a RealtimeSanitizer report.
#
# Negative controls last: with WOODSHED_RTCHECK_ALLOCATE=1 the RTSan build allocates in the
# process callback (and the ALSA write loop), and RTSan must report it, for `click`, `play` and
# `click --backend alsa`; otherwise the checks
# above prove nothing.
#
# Usage: rtcheck-live.sh WOODSHED_BINARY (built by `make rtcheck`). Takes about 80 s.
# Exit 0 only if every session passed and the negative control was caught.
set -euo pipefail
bin=${1:?usage: rtcheck-live.sh WOODSHED_BINARY}
command -v jackd jack_lsp jack_transport jack_showtime >/dev/null \
  || { echo "rtcheck-live: needs jackd, jack_lsp, jack_transport, jack_showtime (scripts/setup.sh test)" >&2; exit 1; }

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
export XDG_STATE_HOME=$tmp/state      # never touch the user's last-click.json
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache  # nor their sections
export JACK_NO_START_SERVER=1
server_pids=() helper_pids=() click_pid=""
cleanup() {
  set +e
  for p in $click_pid "${helper_pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${server_pids[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap '' PIPE        # a woodshed that died makes key writes fail, not this script

failures=0
fail() { echo "rtcheck-live: FAIL: $*"; failures=$((failures + 1)); }
now() { echo "$EPOCHREALTIME"; }
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }

# start_server PERIOD: a private jackd; sets JACK_DEFAULT_SERVER for everything after it.
start_server() {
  export JACK_DEFAULT_SERVER=rtcheck-live-$$-$1
  jackd --no-realtime -n "$JACK_DEFAULT_SERVER" -d dummy -r 48000 -p "$1" >"$tmp/jackd-$1.log" 2>&1 &
  server_pids+=($!)
  for _ in $(seq 100); do
    timeout 5 jack_lsp >/dev/null 2>&1 && return 0
    kill -0 "${server_pids[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  echo "rtcheck-live: jackd -p $1 did not start:" >&2; cat "$tmp/jackd-$1.log" >&2; exit 1
}

stop_server() {
  local p=${server_pids[-1]}
  kill "$p" 2>/dev/null || true
  wait "$p" 2>/dev/null || true
  unset 'server_pids[-1]'
}

# start_woodshed COMMAND PORT SESSION CLIENT ARGS...: `woodshed COMMAND ARGS` in the background,
# keys from a FIFO on fd $keys; waits until its port CLIENT:PORT exists (unless CLIENT is empty).
start_woodshed() {
  local command=$1 port=$2
  session=$3 client=$4; shift 4
  mkfifo "$tmp/$session.keys"
  timeout -k 5 60 "$bin" "$command" "$@" <"$tmp/$session.keys" >"$tmp/$session.out" 2>"$tmp/$session.err" &
  click_pid=$!
  exec {keys}>"$tmp/$session.keys"
  dead=0 started=$(now)
  [ -n "$client" ] || return 0
  for _ in $(seq 100); do
    timeout 5 jack_lsp 2>/dev/null | grep -qx "$client:$port" && return 0
    kill -0 "$click_pid" 2>/dev/null || return 0
    sleep 0.1
  done
  fail "$session: port $client:$port did not appear within 10 s"
}
# start_click SESSION CLIENT ARGS...: woodshed click; start_play SESSION CLIENT ARGS...: woodshed play.
start_click() { start_woodshed click click "$@"; }
start_play() { start_woodshed play music_L "$@"; }

# key BYTES: one key press (printf escapes). pause SECONDS: waits, unless woodshed has died.
key() {
  [ "$dead" = 0 ] || return 0
  printf "%b" "$1" >&"$keys" 2>/dev/null || dead=1
}
pause() { [ "$dead" = 0 ] && sleep "$1" || true; }
up='\e[A' down='\e[B' right='\e[C' left='\e[D' pgup='\e[5~' pgdn='\e[6~'

# finish_click: q, then up to 5 s to exit; sets rc.
finish_click() {
  key q
  exec {keys}>&-
  for _ in $(seq 50); do kill -0 "$click_pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$click_pid" 2>/dev/null; then
    fail "$session: still running 5 s after q"
    kill "$click_pid" 2>/dev/null || true
  fi
  rc=0; wait "$click_pid" || rc=$?
  click_pid=""
}

# report: the RTSan report of this session, if any (first lines), or nothing.
rtsan_report() { grep -A 17 -m 1 '==ERROR: RealtimeSanitizer' "$tmp/$session.err" || true; }

# judge [CHECK MESSAGE]: exit 0, no RTSan report, the session's own check; one summary line.
judge() {
  local report bars last
  report=$(rtsan_report)
  bars=$(grep -c -e '^bar ' -e '^woodshed play: section' -e '^woodshed playlist: ' -e '^woodshed noise: ' "$tmp/$session.out" || true)
  last=$(grep -e '^bar ' -e '^woodshed play: section' -e '^woodshed playlist: ' -e '^woodshed noise: ' "$tmp/$session.out" | tail -1 || true)
  if [ -n "$report" ]; then
    fail "$session: RealtimeSanitizer report (exit $rc):"; echo "$report" | sed 's/^/    /'
  elif [ "$rc" != 0 ]; then
    fail "$session: exit $rc"; tail -20 "$tmp/$session.err" | sed 's/^/    /'
  elif [ $# -gt 0 ] && ! eval "$1"; then
    fail "$session: $2"; sed 's/^/    /' "$tmp/$session.out"
  else
    echo "rtcheck-live: $session: ok · $(since "$started") · exit 0 · no RTSan report · $bars bar/pass lines · last: $last"
  fi
}

# The player's session: start/stop, 200 tempo changes with meter changes among them, tap
# tempo, mute and volume.
free_session() {
  start_click "free-p$1" rt-free 120 --no-connect --jack-name rt-free
  pause 0.3; key ' '; pause 0.2; key ' '; pause 0.3
  local i pattern gaps=(0.05 0.06 0.05 0.07 0.05 0.06)
  for ((i = 0; i < 200; i++)); do
    if (( (i / 25) % 2 == 0 )); then pattern=("$up" "$pgup" "$up" "$down"); else pattern=("$down" "$pgdn" "$down" "$up"); fi
    key "${pattern[i % 4]}"
    case $i in
      30) key ']' ;; 60) key ']' ;; 90) key '[' ;; 120) key '7' ;; 150) key '3' ;; 170) key '9' ;;
      100) key ' '; pause 0.3; key ' ' ;;
    esac
    pause "${gaps[i % 6]}"
  done
  for k in ']' ']' '[' '1' '2' '5'; do key "$k"; pause 0.1; done
  for _ in 1 2 3 4; do key t; pause 0.5; done
  for k in m + + + m - - -; do key "$k"; pause 0.08; done
  finish_click
  judge '[ "$(grep "^bar " "$tmp/$session.out" | grep -o "[0-9.]* BPM" | sort -u | wc -l)" -ge 3 ] && grep -q "5/4" "$tmp/$session.out"' \
    "keys did not reach woodshed (expected several tempi and 5/4 in its bar lines)"
}

cat > "$tmp/map.klick" <<'MAP'
intro: 1 240
odd:   1 7/8 266 X..x.x.
       1 160-320
       1 3/4 200,220,240
       1 180 X.x. 0.5
MAP

# A tempo map played to its end, played again, stopped; tempo and meter keys are refused.
map_session() {
  start_click "map-p$1" rt-map --map "$tmp/map.klick" --no-connect --jack-name rt-map
  pause 5.5; key "$up"; key ']'; key ' '; pause 1; key ' '; pause 0.3
  finish_click
  judge 'grep -q "map odd" "$tmp/$session.out" && grep -q "0 bars left" "$tmp/$session.out"' "the map was not played to its end"
}

# Timebase master: jack_transport starts, locates and stops the transport; jack_showtime reads BBT.
master_session() {
  start_click "master-p$1" rt-master 120 --no-connect --jack-name rt-master --transport master
  { echo play; sleep 1.5; echo "locate 48000"; sleep 1; echo stop; sleep 0.3; echo "locate 0"; echo play; sleep 1; echo stop; echo quit; } \
    | timeout 10 jack_transport {keys}>&- >"$tmp/transport-master.log" 2>&1 &
  helper_pids+=($!)
  pause 1; timeout -s KILL 0.3 jack_showtime {keys}>&- >"$tmp/showtime.log" 2>&1 || true
  pause 3; key ' '; pause 0.8; key "$up"; key ' '; pause 0.3
  wait "${helper_pids[-1]}" || true
  finish_click
  judge 'grep -q "BBT: *[0-9]*|[1-4]|" "$tmp/showtime.log" && grep -q "master · rolling" "$tmp/$session.out"' \
    "jack_showtime saw no BBT from woodshed, or woodshed never saw the transport roll"
}

# Follow: jack_transport is the timebase master at 90 BPM, then 150 BPM.
follow_session() {
  start_click "follow-p$1" rt-follow 120 --no-connect --jack-name rt-follow --transport follow
  { echo master; echo "tempo 90"; echo play; sleep 3; echo "tempo 150"; sleep 2; echo stop; echo "locate 0"; sleep 0.3; echo quit; } \
    | timeout 10 jack_transport {keys}>&- >"$tmp/transport-follow.log" 2>&1 &
  helper_pids+=($!)
  pause 1; key "$up"; key ']'; pause 4.6
  wait "${helper_pids[-1]}" || true
  finish_click
  judge 'grep -q "^bar .* 90 BPM .*rolling" "$tmp/$session.out" && grep -q "^bar .* 150 BPM .*rolling" "$tmp/$session.out"' \
    "woodshed did not follow the master's 90 and then 150 BPM"
}

# MIDI: a flood of footswitch notes, pedal CCs, taps, a toggle and SysEx into midi_in (the
# JACK-Client sender), MIDI clock out on midi_clock, with transport start/stop/locate.
midi_session() {
  start_click "midi-p$1" rt-midi 120 --no-connect --jack-name rt-midi --midi-clock --transport master
  { echo play; sleep 2; echo stop; sleep 0.3; echo "locate 96000"; sleep 0.3; echo play; sleep 2; echo stop; echo quit; } \
    | timeout 10 jack_transport {keys}>&- >"$tmp/transport-midi.log" 2>&1 &
  helper_pids+=($!)
  /usr/bin/python3 "$root/Tests/Tools/midi_send.py" --name rt-flood --connect rt-midi:midi_in --flood 3000 --seconds 3 \
    --pattern '144,62,100;128,62,0;176,64,127;176,64,0;144,60,100;128,60,0;176,11,90;240,126,127,6,1,247' \
    {keys}>&- >"$tmp/flood.log" 2>&1 || true
  wait "${helper_pids[-1]}" || true
  finish_click
  judge 'grep -q "MIDI [1-9][0-9]* messages" "$tmp/$session.out"' "no MIDI reached woodshed"
}

# The rehearsal player: a 20 s file with four saved sections (a, b, c, d), made with sox and
# `woodshed sections` (in $XDG_DATA_HOME under $tmp). Their plans go on from one to the next and
# loop all, so the program never ends while keys come in. (A live change after the program has
# ended is not tried here: see the player's tests.)
make_music() {
  sox -n -r 48000 -c 2 "$tmp/t.wav" synth 20 sine 220 sine 330 tremolo 3 30
  sox -n -r 48000 -c 2 "$tmp/p.wav" synth 0.25 pluck 196 pluck 294 fade 0 0.25 0.2 repeat 79
  sox -m "$tmp/t.wav" "$tmp/p.wav" -b 16 "$tmp/music.wav" gain -n -1
  rm "$tmp/t.wav" "$tmp/p.wav"
  local s
  for s in "a 0 4 --repeat 2 --advance next" "b 4 8 --gap 0.5s --advance next" "c 8 12 --count-in 1 --advance next" \
           "d 12 16 --repeat 2 --advance loop-all"; do
    # shellcheck disable=SC2086  # NAME FROM TO PLAN
    "$bin" sections "$tmp/music.wav" add $s >/dev/null
  done
}

# play_keys: what a musician does with the player's keys, about 9 s: play/pause, 60 speed steps
# (5 % each) up and down, jumps of 5 s both ways, next/previous section, again, repeat +/-,
# mark in/out, nudges (, . < >), click off and on.
play_keys() {
  local i
  pause 0.4; key ' '; pause 0.3; key ' '; pause 0.3
  for ((i = 0; i < 30; i++)); do key "$up"; pause 0.04; done
  for k in n n p a ']' ']' '['; do key "$k"; pause 0.3; done
  for ((i = 0; i < 6; i++)); do key "$right"; pause 0.1; key "$left"; pause 0.1; done
  key i; pause 0.4; key o; pause 0.2
  for k in , . '<' '>' , . c; do key "$k"; pause 0.1; done
  pause 0.3; key c
  for ((i = 0; i < 30; i++)); do key "$down"; pause 0.04; done
  key ' '; pause 0.3; key ' '; pause 0.3
  key n; pause 0.5; key p; pause 0.5
}

# The speeds and sections the session's pass lines show: several of each, or the keys did not
# reach woodshed.
play_check='[ "$(grep -o "speed [0-9.]*×" "$tmp/$session.out" | sort -u | wc -l)" -ge 3 ] && [ "$(grep -o "section [0-9]*/[0-9]* [^·]*" "$tmp/$session.out" | sort -u | wc -l)" -ge 2 ]'

# Saved sections at 1.0x, transposed, with count-in and click.
play_session() {
  start_play "play-p$1" rt-play "$tmp/music.wav" --count-in 1 --click 120 --transpose 2 --advance next --keep-open --no-connect --jack-name rt-play
  play_keys
  finish_click
  judge "$play_check" "keys did not reach woodshed play (expected several speeds and sections in its pass lines)"
}

# An A–B at 0.75x with the R3 engine, three passes with gaps, count-in and click.
play_finer_session() {
  start_play "play-finer-p$1" rt-finer "$tmp/music.wav" --from 2 --to 6 --repeat 3 --gap 0.5s --speed 0.75 --engine finer \
    --count-in 1 --click 96 --advance next --keep-open --no-connect --jack-name rt-finer
  play_keys
  finish_click
  judge "$play_check" "keys did not reach woodshed play (expected several speeds and sections in its pass lines)"
}

# --record --compare: woodshed:in connected to the dummy server's capture port, copied into the
# input ring each cycle; each turn written as a take by the recorder's thread, then played back.
record_session() {
  # --speed 1: the sessions before this one change the speed with keys, which is saved for the file.
  start_play "record-p$1" rt-record "$tmp/music.wav" --from 2 --to 3 --repeat 3 --gap 1x --record --compare --keep 2 \
    --speed 1 --input system:capture_1 --keep-open --no-connect --jack-name rt-record
  pause 11
  finish_click
  judge '[ "$(grep -c "saved (" "$tmp/$session.out")" -ge 2 ] && grep -q "your take" "$tmp/$session.out"' \
    "woodshed play --record --compare saved fewer than two takes or played none back"
}

# --coach with the listening speed trainer: after a bar of count-in, hit_performer (Tests/Tools)
# plays 120 BPM quarters into woodshed:in; the render thread reports every step and stamps the input's place on the
# timeline; the coach's worker finds the onsets; a clean pass sends the trainer's tempo step,
# applied at a bar line on the render thread.
coach_session() {
  "$root/scripts/build-test-tools.sh"
  start_click "coach-p$1" rt-coach 120-130/1 --count-in 1 --coach --advance-when clean:30ms --coach-log "$tmp/coach.jsonl" \
    --no-connect --jack-name rt-coach
  "$root/.build/tools/hit_performer" -n rt-coach-perf --anchor-port rt-coach:click --connect rt-coach:in \
    --every 24000 --count 16 --first 96000 --latency 64 >"$tmp/coach-perf.out" 2>&1 &
  helper_pids+=($!)
  pause 11
  finish_click
  judge '[ "$(grep -c "\"deviation_ms\"" "$tmp/coach.jsonl")" -ge 8 ] && grep -q "^coach: pass [0-9]* (bars [0-9-]*) clean → 12[1-9] BPM from bar " "$tmp/$session.out"' \
    "woodshed click --coach heard fewer than 8 hits or did not step the trainer up after a clean pass"
}

# --for: the fade-out is computed per frame on the render thread (the click renderer's, and the
# player's deck with its click, its music notched), then woodshed quits by itself at the end of the time.
timer_session() {
  start_click "timer-click-p$1" rt-timer 120 --no-connect --jack-name rt-timer --for 3s
  pause 3.6
  finish_click
  judge 'grep -q "woodshed click: stopped" "$tmp/$session.out"' "click --for 3s did not stop by itself"
  start_play "timer-play-p$1" rt-timer-play "$tmp/music.wav" --click 120 --notch 4kHz:1/2 --keep-open --for 3s --no-connect --jack-name rt-timer-play
  pause 3.6
  finish_click
  judge 'grep -q "woodshed play: stopped" "$tmp/$session.out"' "play --for 3s did not stop by itself"
}

# Noise on the JACK thread, notched (--notch), with the scope's tap, for 4 s with a fade: it quits by itself.
noise_session() {
  start_woodshed noise music_L "noise-p$1" rt-noise pink --for 4s --fade 1s --notch 6000 --scope --no-connect --jack-name rt-noise
  pause 1; key s; pause 1; key s; pause 3
  finish_click
  judge 'grep -q "time is up" "$tmp/$session.out"' "the noise did not run to its end"
}

# A playlist of two short tracks (one at 44.1 kHz, converted), keys, then noise after it: the
# callback switches from the deck to the noise generator. It quits by itself.
playlist_session() {
  sox -n -r 44100 -c 1 "$tmp/one.wav" synth 1 pluck 220
  sox -n -r 48000 -c 2 "$tmp/two.wav" synth 1 sine 330
  "$bin" playlist create rtlist >/dev/null
  "$bin" playlist add rtlist "$tmp/one.wav" "$tmp/two.wav" "$tmp/one.wav" >/dev/null
  start_woodshed playlist music_L "playlist-p$1" rt-list play rtlist --then-noise brown:3s --scope --no-connect --jack-name rt-list
  pause 0.5; key n; pause 0.3; key p; pause 0.3; key ' '; pause 0.3; key ' '; pause 7
  finish_click
  judge 'grep -q "track 2/3" "$tmp/$session.out" && grep -q "Brown Noise started" "$tmp/$session.out"' \
    "the playlist did not play through to the noise"
}

# The ALSA backend: its write loop renders each period inside the realtime section. ALSA's `null`
# PCM takes what it is given at once (not paced), so the loop runs flat out: click with keys for
# 2 s, then play with the click and a notch for 3 s. No JACK server is needed.
alsa_session() {
  start_click alsa-click "" 120 --backend alsa --alsa-device null --for 2s
  pause 0.3; for _ in $(seq 20); do key "$up"; pause 0.02; done; key m; key m; key ' '; pause 0.2; key ' '
  for _ in $(seq 50); do kill -0 "$click_pid" 2>/dev/null || break; sleep 0.1; done
  finish_click
  judge 'grep -q "^woodshed click: .*ALSA .null." "$tmp/$session.out" && grep -q "woodshed click: stopped" "$tmp/$session.out"' \
    "click on ALSA 'null' did not start and stop"
  start_play alsa-play "" "$tmp/music.wav" --click 120 --notch 4kHz:1/2 --keep-open --for 3s --backend alsa --alsa-device null
  pause 0.5; key ' '; pause 0.3; key ' '; pause 0.3; key n
  for _ in $(seq 60); do kill -0 "$click_pid" 2>/dev/null || break; sleep 0.1; done
  finish_click
  judge 'grep -q "ALSA .null." "$tmp/$session.out" && grep -q "woodshed play: stopped" "$tmp/$session.out"' "play on ALSA 'null' did not run to its end"
}

# The sanitizer must catch the allocation the RTSan build makes in the callback on request:
# negative_control [play|alsa].
negative_control() {
  export WOODSHED_RTCHECK_ALLOCATE=1
  if [ "${1:-}" = play ]; then
    start_play negative-control-play "" "$tmp/music.wav" --no-connect --jack-name rt-negative-play
  elif [ "${1:-}" = alsa ]; then
    start_click negative-control-alsa "" 120 --backend alsa --alsa-device null
  else
    start_click negative-control "" 120 --no-connect --jack-name rt-negative
  fi
  unset WOODSHED_RTCHECK_ALLOCATE
  for _ in $(seq 50); do kill -0 "$click_pid" 2>/dev/null || break; sleep 0.1; done
  finish_click
  local report; report=$(rtsan_report)
  if [ -n "$report" ] && [ "$rc" != 0 ]; then
    echo "rtcheck-live: $session: ok · RTSan caught the allocation in the callback (exit $rc):"
    echo "$report" | head -8 | sed 's/^/    /'
  else
    fail "the sanitizer did not catch an allocation in the callback (exit $rc; is this the make rtcheck build?)"
    tail -20 "$tmp/$session.err" | sed 's/^/    /'
  fi
}

t0=$(now)
make_music
start_server 256
free_session 256
map_session 256
master_session 256
midi_session 256
play_session 256
timer_session 256
noise_session 256
playlist_session 256
record_session 256
coach_session 256
stop_server
start_server 64
free_session 64
follow_session 64
play_finer_session 64
negative_control
negative_control play
stop_server
alsa_session
negative_control alsa

if [ "$failures" -gt 0 ]; then
  echo "rtcheck-live: $failures failure(s) in $(since "$t0")"
  exit 1
fi
echo "rtcheck-live: RealtimeSanitizer found no allocation, lock or system call in the live callbacks ($(since "$t0"))"
