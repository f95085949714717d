#!/usr/bin/env bash
# Installs what Woodshed needs to build, run and test, or says the one command to run.
# Usage: scripts/setup.sh [run|test|bench]   (test adds the reference tools: klick, jackd2, espeak-ng, mpg123, liblo-tools, vorbis-tools, opus-tools, ffmpeg,
# PipeWire (pipewire, pipewire-bin, wireplumber, pipewire-jack, pipewire-alsa: its JACK and ALSA plugin, started privately by the tests; libasound2-plugins: ALSA's jack PCM, a paced device on a private jackd), numpy/scipy, and zsh, fish, man-db, strace for the install tests; bench adds to those the programs make bench compares against: rubberband-cli, mpv)
set -euo pipefail
want=${1:-run}
pkgs=(libsndfile1-dev libmpg123-dev libvorbis-dev libopusfile-dev libavformat-dev libavcodec-dev libsamplerate0-dev librubberband-dev libjack-jackd2-dev librtmidi-dev libasound2-dev libsystemd-dev liblo-dev libaubio-dev pkg-config jackd2)
if [ "$want" = test ] || [ "$want" = bench ]; then pkgs+=(klick sox python3 python3-jack-client tmux gcc espeak-ng mpg123 dbus playerctl liblo-tools vorbis-tools opus-tools ffmpeg sound-theme-freedesktop aubio-tools pipewire pipewire-bin wireplumber pipewire-jack pipewire-alsa libasound2-plugins); fi
# The install tests: completions run in bash, zsh and fish (on a pseudo-terminal: script, in bsdutils),
# man -l renders each page, strace shows what the installed copy opens.
if [ "$want" = test ]; then pkgs+=(zsh fish bsdutils man-db strace); fi
if [ "$want" = bench ]; then pkgs+=(rubberband-cli mpv); fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: missing packages. Run this once, then try again:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if [ "$want" != run ] && ! python3 -c 'import numpy, scipy' 2>/dev/null; then
  echo "setup: installing numpy and scipy for the onset oracle (../shared/tools/onsets.py)"
  python3 -m pip install --quiet numpy scipy 2>/dev/null \
    || { [ "$(id -u)" = 0 ] && apt-get install -y -qq python3-numpy python3-scipy >/dev/null; } \
    || { echo "setup: install numpy and scipy for python3 (pip install numpy scipy)" >&2; exit 1; }
fi

if ! command -v swift >/dev/null; then
  echo "setup: Swift 6 is needed (expected at /opt/swift/usr/bin; see swift.org/install)" >&2
  exit 1
fi
