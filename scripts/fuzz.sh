#!/usr/bin/env bash
# libFuzzer targets for Woodshed's parsers (docs/fuzzing.md).
#
#   scripts/fuzz.sh build            build every target into .build-fuzz/targets/NAME
#   scripts/fuzz.sh run [NAME...]    build, then fuzz each target FUZZ_SECONDS (default 300) seconds
#   scripts/fuzz.sh merge [NAME...]  fold the inputs runs found that add coverage into Tests/Fuzz/Corpus
#   scripts/fuzz.sh list             the target names
#
# How it builds: SwiftPM compiles the library modules the parsers live in (up to Remote) with
# `-sanitize=fuzzer,address` into .build-fuzz; then for each target, swiftc compiles
# Tests/Fuzz/Targets/*.swift with a two-line `LLVMFuzzerTestOneInput` that calls
# `FuzzTarget.NAME.run`, and links it to those modules' objects (their C libraries come along
# through Swift's autolinking). `make test` replays the same entry points over the corpora
# (Tests/Fuzz/Replay).
#
# Each run reads Tests/Fuzz/Corpus/NAME and writes what it finds new to .build-fuzz/corpus/NAME
# (the repository's corpus grows only by `merge`: see docs/fuzzing.md); a crash leaves its input in
# .build-fuzz/crashes/NAME/ and stops that target; the script fails if any target crashed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
# After a trap Swift's backtracer lingers and holds the output pipe; libFuzzer reports anyway.
export SWIFT_BACKTRACE=enable=no
scratch=.build-fuzz
flags=(-sanitize=fuzzer,address)

# Runs target $1 with libFuzzer arguments $2...; leaks inside system libraries that Woodshed
# cannot free are listed in Tests/Fuzz/lsan.supp. The audio probe's are under libsndfile and
# libvorbis, which keep no frame pointers: only the slow unwinder sees the frame a suppression names.
fuzzer() {
  local name=$1 unwind=1; shift
  [ "$name" != audio-probe ] || unwind=0
  ASAN_OPTIONS=fast_unwind_on_malloc=$unwind LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan.supp \
    "$scratch/targets/$name" "$@"
}

# The names asked for ($@), each checked, or every target.
chosen() {
  local all; all=$(targets | cut -d' ' -f2)
  [ $# -gt 0 ] || { echo "$all"; return; }
  for n in "$@"; do
    grep -qx -- "$n" <<< "$all" || { echo "fuzz: no target '$n' (scripts/fuzz.sh list)" >&2; return 1; }
    echo "$n"
  done
}

targets() { sed -n 's/^ *case \([a-zA-Z]*\)\( = "\([a-z-]*\)"\)\?$/\1 \3/p' Tests/Fuzz/Targets/FuzzTarget.swift \
              | awk '{ print $1, ($2 == "" ? $1 : $2) }'; }

build() {
  swift build --scratch-path "$scratch" --target Remote -Xswiftc -sanitize=fuzzer,address
  local modules=(WoodshedCore MIDI Persistence RealtimeKit RenderGraph Media Sounds Control Remote)
  local objects=() maps=()
  for m in "${modules[@]}"; do objects+=("$scratch"/debug/"$m".build/*.o); done
  # The C targets (not system libraries) those modules use, each the library loader or shim of
  # Sources/CLibraries/NAME/include: SwiftPM writes their module maps into the build.
  for include in Sources/CLibraries/*/include; do
    c=$(basename "$(dirname "$include")")
    # (SwiftPM writes every C target's module map; only those the modules use are compiled.)
    compgen -G "$scratch/debug/$c.build/*.o" > /dev/null || continue
    objects+=("$scratch"/debug/$c.build/*.o)
    maps+=(-Xcc -fmodule-map-file="$scratch"/debug/$c.build/module.modulemap -Xcc -I -Xcc "$include")
  done
  for map in Sources/CLibraries/*/module.modulemap; do
    maps+=(-Xcc -fmodule-map-file="$map" -Xcc -I -Xcc "$(dirname "$map")")
  done
  # The system libraries' headers where pkg-config says (opusfile's are under /usr/include/opus).
  local packages
  packages=$(grep -o 'pkgConfig: "[^"]*"' Package.swift | cut -d'"' -f2)
  # shellcheck disable=SC2046
  for dir in $(pkg-config --cflags-only-I $packages); do maps+=(-Xcc "$dir"); done
  mkdir -p "$scratch"/targets "$scratch"/mains
  # The entry points' own code, compiled once.
  swiftc "${flags[@]}" -g -parse-as-library -I "$scratch"/debug/Modules "${maps[@]}" \
    -module-name WoodshedFuzz -enable-testing -emit-library -static -emit-module \
    -emit-module-path "$scratch"/mains/WoodshedFuzz.swiftmodule \
    -o "$scratch"/mains/libWoodshedFuzz.a Tests/Fuzz/Targets/*.swift
  while read -r case name; do
    printf '%s\n' "@testable import WoodshedFuzz" "" \
      "@_cdecl(\"LLVMFuzzerTestOneInput\")" \
      "func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {" \
      "    FuzzTarget.$case.run(Array(UnsafeBufferPointer(start: data, count: size)))" \
      "    return 0" "}" > "$scratch/mains/$name.swift"
    swiftc "${flags[@]}" -g -parse-as-library -I "$scratch"/debug/Modules -I "$scratch"/mains "${maps[@]}" \
      -use-ld=lld "$scratch/mains/$name.swift" "$scratch"/mains/libWoodshedFuzz.a "${objects[@]}" -o "$scratch/targets/$name"
    echo "built $scratch/targets/$name"
  done < <(targets)
}

case "${1:-run}" in
  list) targets | cut -d' ' -f2 ;;
  build) build ;;
  run)
    shift || true
    names=$(chosen "$@")
    mapfile -t names <<< "$names"
    build
    seconds=${FUZZ_SECONDS:-300}
    failed=()
    for name in "${names[@]}"; do
      mkdir -p "$scratch/corpus/$name" "$scratch/crashes/$name" "$scratch/logs" "Tests/Fuzz/Corpus/$name"
      echo "== $name: $seconds s =="
      rc=0
      fuzzer "$name" -max_total_time="$seconds" -print_final_stats=1 -max_len=65536 \
        -artifact_prefix="$scratch/crashes/$name/" "$scratch/corpus/$name" "Tests/Fuzz/Corpus/$name" \
        > "$scratch/logs/$name.log" 2>&1 || rc=$?
      grep -E '^(INFO: seed corpus|#[0-9]+\s+DONE|stat::number_of_executed_units|stat::new_units_added|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' \
        "$scratch/logs/$name.log" || true
      [ "$rc" -eq 0 ] || { failed+=("$name"); tail -n 60 "$scratch/logs/$name.log"; }
    done
    if [ ${#failed[@]} -gt 0 ]; then echo "fuzz: crashes in ${failed[*]} (inputs under $scratch/crashes/)"; exit 1; fi
    echo "fuzz: no crash in ${names[*]}"
    ;;
  merge)
    shift
    names=$(chosen "$@")
    for name in $names; do
      [ -d "$scratch/corpus/$name" ] || continue
      fuzzer "$name" -merge=1 "Tests/Fuzz/Corpus/$name" "$scratch/corpus/$name" > "$scratch/logs/$name-merge.log" 2>&1 \
        || { tail -n 20 "$scratch/logs/$name-merge.log"; exit 1; }
      echo "$name: $(grep -o 'MERGE-OUTER: [0-9]* new files' "$scratch/logs/$name-merge.log" | grep -o '[0-9]*') new, $(ls "Tests/Fuzz/Corpus/$name" | wc -l) in all"
    done
    ;;
  *) echo "usage: scripts/fuzz.sh [build | run [NAME...] | merge [NAME...] | list]" >&2; exit 2 ;;
esac
