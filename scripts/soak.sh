#!/usr/bin/env bash
# make soak: Woodshed under a long, rough session on the RealtimeSanitizer build (`make rtcheck`'s),
# on a private JACK server (dummy driver, 48 kHz, period 1024 — on a busy 2-core machine a shorter
# one overruns every few cycles, leaving no stretch to check onsets in): docs/proof.md.
#
#   scripts/soak.sh WOODSHED_BINARY            SOAK_SECONDS (default 600) overrides the length
#
# - `woodshed click 120` takes a MIDI flood of 5,000 events a second on midi_in (midi_send.py:
#   unmapped notes, a controller, pitch bend, SysEx — so the tempo stays, and the onsets can be
#   checked against it);
# - `woodshed play` loops four 2-second sections of a 20-second file, its speed changed by a key
#   every second (up, down, up, down, ...);
# - the JACK server is stopped and started again three times (at 20 %, 45 % and 70 % of the run;
#   woodshed reconnects) and its buffer size changed twice with jack_bufsize (to 512 at 30 % and to
#   2048 at 80 %, each on a server at 1024 since its restart);
# - between those, the click port is recorded (frame_recorder, at server frame time) and every
#   onset (../shared/tools/onsets.py) must lie exactly 24,000 frames (one beat at 120 BPM) after
#   the one before, within each stretch the recorder saw without a gap or an xrun;
# - VmRSS and CPU time of both woodsheds once a second: a linear fit from minute 2 on (from a
#   fifth of the run when it is shorter), leaving out 10 s after each restart, must be flat: RSS
#   within 1 % of its mean per minute, CPU within 1 % of a core per minute;
# - at the end both still answer keys (click: ↑ gives 121 BPM; both quit on q, exit 0), and
#   neither printed a RealtimeSanitizer report.
#
# The figures go to .build/soak/report.txt (scripts/soak-report.py). Exit 0 only if all passed.
set -euo pipefail
bin=${1:?usage: soak.sh WOODSHED_BINARY (the make rtcheck build)}
seconds=${SOAK_SECONDS:-600}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v jackd jack_lsp jack_bufsize sox >/dev/null || { echo "soak: needs jackd, jack_lsp, jack_bufsize, sox (scripts/setup.sh test)" >&2; exit 1; }
[ "$(nm "$bin" 2>/dev/null | grep -c " T __rtsan_realtime_enter")" = 1 ] || { echo "soak: $bin is not the RealtimeSanitizer build (make rtcheck)" >&2; exit 1; }
"$root/scripts/build-test-tools.sh"
recorder=$root/.build/tools/frame_recorder
out=$root/.build/soak
rm -rf "$out"; mkdir -p "$out"
tmp=$(mktemp -d)
export XDG_STATE_HOME=$tmp/state XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache
export JACK_NO_START_SERVER=1 JACK_DEFAULT_SERVER=woodshed-soak
server_pid="" click_pid="" play_pid="" sampler_pid="" helper_pids=()
cleanup() {
  set +e
  for p in $click_pid $play_pid $sampler_pid "${helper_pids[@]}"; do kill "$p" 2>/dev/null; done
  [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; }
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap '' PIPE
failures=0
fail() { echo "soak: FAIL: $*" | tee -a "$out/report.txt"; failures=$((failures + 1)); }
t0=$EPOCHREALTIME
elapsed() { awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
at() { awk -v s="$seconds" -v f="$1" 'BEGIN { printf "%d", s * f }'; }
# wait_until SECONDS: sleeps until that many seconds since the start.
wait_until() { local d; d=$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v t="$1" 'BEGIN { d = t - (b - a); print (d > 0 ? d : 0) }'); sleep "$d"; }
event() { echo "$(elapsed) $*" >> "$out/events.txt"; echo "soak: $(elapsed) s: $*"; }

start_server() {
  jackd --no-realtime -n "$JACK_DEFAULT_SERVER" -d dummy -r 48000 -p "$1" >>"$out/jackd.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    timeout 5 jack_lsp >/dev/null 2>&1 && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "soak: jackd did not start:" >&2; tail "$out/jackd.log" >&2; exit 1
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }
wait_port() { for _ in $(seq 150); do timeout 5 jack_lsp 2>/dev/null | grep -qx "$1" && return 0; sleep 0.1; done; fail "port $1 did not appear"; }

# The music: 20 s at 48 kHz, four saved 2-second sections that go on from one to the next and loop.
sox -n -r 48000 -c 2 "$tmp/t.wav" synth 20 sine 220 sine 330 tremolo 3 30
sox -n -r 48000 -c 2 "$tmp/p.wav" synth 0.25 pluck 196 pluck 294 fade 0 0.25 0.2 repeat 79
sox -m "$tmp/t.wav" "$tmp/p.wav" -b 16 "$tmp/music.wav" gain -n -1
for s in "a 0 2" "b 2 4" "c 4 6" "d 6 8 --advance loop-all"; do
  # shellcheck disable=SC2086  # NAME FROM TO [PLAN]
  "$bin" sections "$tmp/music.wav" add $s >/dev/null
done

start_server 1024
mkfifo "$tmp/click.keys" "$tmp/play.keys"
timeout -k 5 $((seconds + 120)) "$bin" click 120 --no-connect --jack-name soak-click <"$tmp/click.keys" >"$out/click.out" 2>"$out/click.err" &
click_pid=$!
exec {click_keys}>"$tmp/click.keys"
timeout -k 5 $((seconds + 120)) "$bin" play "$tmp/music.wav" --keep-open --no-connect --jack-name soak-play <"$tmp/play.keys" >"$out/play.out" 2>"$out/play.err" &
play_pid=$!
exec {play_keys}>"$tmp/play.keys"
wait_port soak-click:click; wait_port soak-play:music_L
# The woodsheds themselves (each runs under timeout): their memory and CPU are sampled.
click_woodshed=$(cat "/proc/$click_pid/task/$click_pid/children"); play_woodshed=$(cat "/proc/$play_pid/task/$play_pid/children")
event "started: click $click_woodshed, play $play_woodshed"

# Once a second: elapsed seconds, then VmRSS (KiB) and utime+stime (ticks) of click and play.
sample() {
  local p rss ticks line
  while true; do
    line=$(elapsed)
    for p in $click_woodshed $play_woodshed; do
      rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$p/status" 2>/dev/null || echo 0)
      ticks=$(awk '{ print $14 + $15 }' "/proc/$p/stat" 2>/dev/null || echo 0)
      line+=" ${rss:-0} ${ticks:-0}"
    done
    echo "$line" >> "$out/samples.txt"
    sleep 1
  done
}
sample {click_keys}>&- {play_keys}>&- &
sampler_pid=$!

# The player's speed: one key a second, up and down in turn, while the run lasts.
speed_keys() {
  local i=0
  while true; do
    if (( i % 2 == 0 )); then printf '\e[A'; else printf '\e[B'; fi
    i=$((i + 1)); sleep 1
  done >&"$play_keys"
}
speed_keys {click_keys}>&- &
helper_pids+=($!)

# stretch NAME UNTIL: floods midi_in and records the click port until UNTIL seconds (less 1.5 s).
stretch() {
  local name=$1 until=$2 length
  sleep 2   # woodshed reconnected, the click running again
  length=$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v t="$2" 'BEGIN { d = t - (b - a) - 1.5; printf "%d", (d > 1 ? d : 1) }')
  wait_port soak-click:midi_in
  /usr/bin/python3 "$root/Tests/Tools/midi_send.py" --name soak-flood --connect soak-click:midi_in --flood 5000 --seconds "$length" \
    --pattern '144,70,100;128,70,0;176,1,64;224,0,64;144,71,90;128,71,0;240,126,127,6,1,247' \
    {click_keys}>&- {play_keys}>&- >"$out/flood-$name.json" 2>"$out/flood-$name.err" &
  helper_pids+=($!)
  "$recorder" -o "$out/click-$name.wav" -s "$length" -n soak-rec soak-click:click {click_keys}>&- {play_keys}>&- \
    >"$out/recorder-$name.log" 2>&1 || fail "$name: frame_recorder failed: $(tail -1 "$out/recorder-$name.log")"
  wait "${helper_pids[-1]}" || fail "$name: midi_send failed: $(tail -1 "$out/flood-$name.err")"
  unset 'helper_pids[-1]'
  event "$name: recorded $length s; flood $(cat "$out/flood-$name.json" 2>/dev/null)"
}
restart() {
  event "server restart $1"
  local stopped; stopped=$(elapsed)
  stop_server; sleep 1; start_server 1024
  echo "$stopped $(elapsed)" >> "$out/restarts.txt"
}
bufsize() {
  event "buffer size $1"
  jack_bufsize "$1" >/dev/null 2>&1 || fail "jack_bufsize $1 failed"
}

: > "$out/restarts.txt"
stretch s1 "$(at 0.2)";  wait_until "$(at 0.2)";  restart 1
stretch s2 "$(at 0.3)";  wait_until "$(at 0.3)";  bufsize 512
stretch s3 "$(at 0.45)"; wait_until "$(at 0.45)"; restart 2
stretch s4 "$(at 0.7)";  wait_until "$(at 0.7)";  restart 3
stretch s5 "$(at 0.8)";  wait_until "$(at 0.8)";  bufsize 2048
stretch s6 "$seconds";   wait_until "$seconds"

# Still answering keys: ↑ on the click (121 BPM in a bar line), then q on both.
kill "${helper_pids[@]}" 2>/dev/null || true; helper_pids=()
kill "$sampler_pid" 2>/dev/null || true; sampler_pid=""
printf '\e[A' >&"$click_keys"; sleep 3
grep -q '121 BPM' "$out/click.out" || fail "the click did not take ↑ at the end (no 121 BPM line)"
for name in click play; do
  if [ $name = click ]; then pid=$click_pid; printf q >&"$click_keys"; else pid=$play_pid; printf q >&"$play_keys"; fi
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { fail "$name: still running 5 s after q"; kill "$pid"; }
  rc=0; wait "$pid" || rc=$?
  [ "$rc" = 0 ] || fail "$name: exit $rc: $(tail -3 "$out/$name.err")"
  if grep -q 'ERROR: RealtimeSanitizer' "$out/$name.err"; then
    fail "$name: RealtimeSanitizer report:"; grep -A 17 -m 1 'ERROR: RealtimeSanitizer' "$out/$name.err" | sed 's/^/    /'
  fi
done
click_pid="" play_pid=""
exec {click_keys}>&- {play_keys}>&-
event "both quit"

python3 "$root/scripts/soak-report.py" "$out" --seconds "$seconds" --beat 24000 --onsets "$root/../shared/tools/onsets.py" \
  | tee -a "$out/report.txt" || failures=$((failures + 1))
grep -o 'speed [0-9.]*×' "$out/play.out" | sort -u | wc -l | xargs -I{} echo "soak: the player's pass lines show {} speeds" | tee -a "$out/report.txt"
if [ "$failures" -gt 0 ]; then echo "soak: $failures failure(s) in $(elapsed) s"; exit 1; fi
echo "soak: passed in $(elapsed) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
