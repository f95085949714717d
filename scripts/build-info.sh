#!/usr/bin/env bash
# Writes .build/woodshed-build-info.h: the version and the install prefix compiled into woodshed.
# Usage: scripts/build-info.sh VERSION PREFIX
# VERSION is the release (0.1.0); with git, a commit that is not tagged vVERSION gets +g<hash>.
# The header is rewritten (and the C file that includes it touched, so SwiftPM compiles it
# again) only when its text changes: an unchanged build stays a no-op.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1 prefix=$2
version=$base
if hash=$(git rev-parse --short HEAD 2>/dev/null); then
  if [ "$(git describe --tags --exact-match --match "v$base" 2>/dev/null)" != "v$base" ]; then version="$base+g$hash"; fi
fi
header=.build/woodshed-build-info.h
text="// Written by scripts/build-info.sh: do not edit.
#define WOODSHED_VERSION \"$version\"
#define WOODSHED_PREFIX \"$prefix\""
mkdir -p .build
if [ ! -f "$header" ] || [ "$(cat "$header")" != "$text" ]; then
  printf '%s\n' "$text" > "$header"
  touch Sources/CLibraries/CBuildInfo/build_info.c
fi
