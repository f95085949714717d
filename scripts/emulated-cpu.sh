#!/usr/bin/env bash
# The media and stretch suites on an emulated older CPU: `qemu-x86_64 -cpu Nehalem` (Debian's
# qemu-user) has no AVX or AVX2, so libopus, libmpg123, FFmpeg and Rubber Band take other code
# paths than on the machine itself. The tests must pass there as here: they check Woodshed against
# reference decoders, never an upstream library's own counts (docs/proof.md).
#
# The reference programs the tests run (mpg123, opusdec, oggdec, ffmpeg, ffprobe, the encoders)
# run under the same emulation, so that a decoder and its reference pick the same code path, as
# they do on a real machine of that kind: inside a private mount namespace (as root), each is
# bound over by a two-line script that runs the real one under qemu. Nothing outside changes.
# Usage: scripts/emulated-cpu.sh [SUITES]   (default 'MediaTests|StretchTests'; CPU=Westmere …)
# Needs: make test's build (swift build --build-tests), qemu-user; about 30 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
cpu=${CPU:-Nehalem}
suites=${1:-MediaTests|StretchTests}
tests=.build/debug/woodshedPackageTests.xctest
command -v qemu-x86_64 >/dev/null || { echo "emulated-cpu: install qemu-user (apt-get install qemu-user)" >&2; exit 1; }
[ -x "$tests" ] || { echo "emulated-cpu: build the tests first (swift build --build-tests)" >&2; exit 1; }
if [ "${WOODSHED_EMULATED_NAMESPACE:-}" != 1 ]; then
    [ "$(id -u)" = 0 ] || { echo "emulated-cpu: run as root (it binds the reference programs over in a private mount namespace)" >&2; exit 1; }
    exec unshare --mount --propagation private env WOODSHED_EMULATED_NAMESPACE=1 "$0" "$@"
fi
real=$(mktemp -d /tmp/woodshed-emulated-XXXXXX)
trap 'rm -rf "$real"' EXIT
for tool in mpg123 opusdec oggdec opusenc oggenc ffmpeg ffprobe; do
    [ -x "/usr/bin/$tool" ] || continue
    cp "/usr/bin/$tool" "$real/$tool"
    printf '#!/bin/sh\nexec qemu-x86_64 -cpu %s %s/%s "$@"\n' "$cpu" "$real" "$tool" > "$real/$tool.emulated"
    chmod +x "$real/$tool.emulated"
    mount --bind "$real/$tool.emulated" "/usr/bin/$tool"
done
echo "emulated-cpu: $suites on qemu-x86_64 -cpu $cpu ($(qemu-x86_64 --version | head -n 1)), reference programs too"
qemu-x86_64 -cpu "$cpu" "$tests" --testing-library swift-testing --filter "$suites"
