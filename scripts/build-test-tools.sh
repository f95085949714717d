#!/usr/bin/env bash
# Builds the C test tools (Tests/Tools/*.c) into .build/tools/: frame_recorder (records JACK
# ports at server frame time), empty_client (the CPU benchmark's floor), counter_feed (24-bit-exact
# values on a JACK port, for the recording tests), hit_performer (drum-like hits against the click,
# with set deviations and a declared latency; or a loopback delayed by N frames), login1_standin (logind's Inhibit on a private
# bus, libsystemd's sd-bus) and mpris_caller (MPRIS calls timed to PropertiesChanged, for the
# benchmark; sd-bus). Rebuilds a tool only
# when its source is newer than the binary; silent when there is nothing to do.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/.build/tools"
mkdir -p "$out"
for tool in frame_recorder empty_client counter_feed hit_performer login1_standin mpris_caller; do
    case "$tool" in
        login1_standin | mpris_caller) flags="$(pkg-config --cflags --libs libsystemd)" ;;
        *) flags="$(pkg-config --cflags --libs jack sndfile)" ;;
    esac
    src="$root/Tests/Tools/$tool.c"
    bin="$out/$tool"
    if [[ ! -x "$bin" || "$src" -nt "$bin" || "$0" -nt "$bin" ]]; then
        echo "build-test-tools: cc $tool"
        # shellcheck disable=SC2086  # pkg-config output is a word list
        cc -O2 -Wall -std=gnu11 -o "$bin.tmp.$$" "$src" $flags -lm -lpthread
        mv "$bin.tmp.$$" "$bin"
    fi
done
