#!/usr/bin/env bash
# Writes a man page per command of woodshed into OUT: swift-argument-parser's generate-manual
# --multi-page, with its pages renamed as man expects (woodshed.play.1 -> woodshed-play.1, and
# so .Dt and the SEE ALSO references), no page for the `help` command, and the date taken from
# SOURCE_DATE_EPOCH (else the last commit's, else today), so the pages build reproducibly.
# Usage: scripts/man-pages.sh WOODSHED_BINARY OUT
set -euo pipefail
bin=$(realpath "$1") out=$2
cd "$(dirname "$0")/.."
if ! log=$(swift build --product generate-manual 2>&1); then echo "$log" >&2; exit 1; fi
tool="$(swift build --show-bin-path 2>/dev/null)/generate-manual"
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
day=$(date -u -d "@$epoch" +%Y-%m-%d)
raw=$(mktemp -d)
trap 'rm -rf "$raw"' EXIT
"$tool" "$bin" --multi-page --date "$day" --output-directory "$raw"
mkdir -p "$out"
rm -f "$out"/woodshed.1 "$out"/woodshed-*.1
for page in "$raw"/*.1; do
  name=$(basename "$page" .1)
  [ "$name" = woodshed.help ] && continue
  # woodshed.playlist.add -> woodshed-playlist-add, in the file's name, its .Dt and each .Xr.
  sed -E -e '/^\.Xr woodshed\.help 1/d' \
         -e ':dt' -e 's/^(\.Dt [^ .]*)\./\1-/' -e 'tdt' \
         -e ':xr' -e 's/^(\.Xr [^ .]*)\./\1-/' -e 'txr' \
         "$page" > "$out/${name//./-}.1"
done
echo "man-pages: $(ls "$out" | wc -l) pages in $out, dated $day"
