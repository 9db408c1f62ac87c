#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz with clang and runs each
# for a while; fails when one finds a crash, a hang, a leak or a blown
# memory limit. See tests/fuzz/README.md.
#
#   tests/fuzz/run-fuzzers.sh [-t SECONDS] [-b BUILDDIR] [TARGET...]
#
# TARGET is layout, lifting, system, expr or net (all five by default); SECONDS is per
# target (default 20); BUILDDIR (default build-fuzz) is configured with
# CC=clang when it does not exist. New inputs that find new paths go to
# BUILDDIR/fuzz/corpus-TARGET, findings to BUILDDIR/fuzz/artifacts-TARGET,
# the fuzzer's own output to BUILDDIR/fuzz/TARGET.log. Extra libFuzzer
# flags may be given in FUZZ_FLAGS (say, FUZZ_FLAGS="-jobs=4 -workers=4").
set -uo pipefail

seconds=20
builddir=build-fuzz

while getopts "t:b:h" opt; do
  case "$opt" in
    t) seconds=$OPTARG ;;
    b) builddir=$OPTARG ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(layout lifting system expr net)

cd "$(dirname "$0")/../.." || exit 1
srcdir=tests/fuzz

# Inputs big enough for a layout with a few dozen pieces, or a game system.
declare -A max_len=([layout]=16384 [lifting]=16384 [system]=16384 [expr]=256 [net]=8192)

if [ ! -d "$builddir" ]; then
  CC=clang meson setup "$builddir" >/dev/null || { echo "run-fuzzers: meson setup $builddir failed"; exit 1; }
fi

ninja_targets=()
for t in "${targets[@]}"; do
  if [ -z "${max_len[$t]:-}" ]; then
    echo "run-fuzzers: unknown target '$t' (layout, lifting, system, expr or net)"
    exit 2
  fi
  ninja_targets+=("tests/fuzz/fuzz-$t")
done

if ! ninja -C "$builddir" "${ninja_targets[@]}" >"$builddir/fuzz-build.log" 2>&1; then
  tail -n 30 "$builddir/fuzz-build.log"
  echo "run-fuzzers: the fuzzers did not build in $builddir (it needs clang: CC=clang meson setup $builddir)"
  exit 1
fi

status=0
mkdir -p "$builddir/fuzz"

for t in "${targets[@]}"; do
  work="$builddir/fuzz/corpus-$t"
  artifacts="$builddir/fuzz/artifacts-$t"
  log="$builddir/fuzz/$t.log"
  mkdir -p "$work" "$artifacts"
  rm -f "$artifacts"/*

  # Leaks are bugs too.
  # shellcheck disable=SC2086
  ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}" \
  UBSAN_OPTIONS="print_stacktrace=1:${UBSAN_OPTIONS:-}" \
    "$builddir/tests/fuzz/fuzz-$t" \
      -max_total_time="$seconds" \
      -timeout=10 \
      -rss_limit_mb=2048 \
      -max_len="${max_len[$t]}" \
      -dict="$srcdir/fuzz-$t.dict" \
      -artifact_prefix="$artifacts/" \
      -print_final_stats=1 \
      ${FUZZ_FLAGS:-} \
      "$work" "$srcdir/corpus-$t" >"$log" 2>&1
  rc=$?

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  if [ $rc -eq 0 ]; then
    echo "fuzz-$t: ${runs:-?} runs in ${seconds} s (${rate:-?}/s), nothing found"
  else
    status=1
    echo "fuzz-$t: FAILED (exit $rc); the end of $log:"
    grep -v '^#[0-9]' "$log" | tail -n 40
    for a in "$artifacts"/*; do
      [ -e "$a" ] || continue
      echo "fuzz-$t: input kept in $a; once fixed, keep it as $srcdir/crashes-$t/<what-it-was>"
    done
  fi
done

exit $status
