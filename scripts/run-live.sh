#!/usr/bin/env bash
# `make run`: the live metronome. Uses the running JACK server if there is one; otherwise starts
# a private one for this run (the dummy driver when there is no sound card) and stops it after.
# Without a terminal, runs for 10 seconds and prints a line per bar.
set -euo pipefail
bin=${1:-.build/release/woodshed}
args=(click 120 --count-in 1)
[ -t 1 ] || args+=(--for 10s)

if JACK_NO_START_SERVER=1 jack_lsp >/dev/null 2>&1; then
  exec "$bin" "${args[@]}"
fi

name="woodshed-demo-$$"
if [ -r /proc/asound/cards ] && grep -q '^ *[0-9]' /proc/asound/cards; then
  driver=(-d alsa)
  note="No JACK server was running: started a private one ('$name') on your sound card."
else
  driver=(-d dummy -r 48000 -p 256)
  note="No sound card here: a private JACK server ('$name', dummy driver) runs, so the click is silent. Record one with: woodshed render click.wav 120"
fi
jackd --no-realtime -n "$name" "${driver[@]}" >/tmp/"$name".log 2>&1 &
jackd_pid=$!
trap 'kill "$jackd_pid" 2>/dev/null; wait "$jackd_pid" 2>/dev/null || true; rm -f /tmp/'"$name"'.log' EXIT
for _ in $(seq 50); do
  JACK_DEFAULT_SERVER="$name" JACK_NO_START_SERVER=1 jack_lsp >/dev/null 2>&1 && break
  kill -0 "$jackd_pid" 2>/dev/null || { echo "run: jackd failed to start:" >&2; cat /tmp/"$name".log >&2; exit 1; }
  sleep 0.1
done
echo "$note"
"$bin" "${args[@]}" --server "$name" --note "$note"
