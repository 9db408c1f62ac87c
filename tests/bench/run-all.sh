#!/bin/sh
# run-all.sh
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds and runs every benchmark of tests/bench, on demand (they are not
# part of `meson test` nor of CI), and prints their figures:
#
#   tests/bench/run-all.sh BUILD [WORK]
#
# BUILD is a meson build directory, configured with --buildtype=release
# (or debugoptimized); WORK (default: a new temporary directory) gets the
# generated layouts and the outputs. Needs xvfb-run for the sections that
# open windows, Debian's libgeos-dev for geos-validate (configure BUILD
# after installing it) and python3-shapely for the shapely yardstick; see
# tests/bench/README.md.

set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD [WORK]" >&2
  exit 2
fi

build=$(cd "$1" && pwd)
work=${2:-$(mktemp -d "${TMPDIR:-/tmp}/muster-bench.XXXXXX")}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work"

# The modules muster opens (the window, the export) and the compiled
# settings schema that the windows read from $build/data.
targets="src/muster src/libmuster-gui.so src/libmuster-export.so data/gschemas.compiled tests/bench/bench-validate tests/bench/bench-drag tests/bench/bench-nudge tests/bench/bench-scale tests/bench/gen-layout tests/bench/validate-file tests/bench/bare-window tests/bench/bare-pdf"
if grep -q "geos-validate" "$build/build.ninja"; then
  targets="$targets tests/bench/geos-validate"
else
  echo "run-all: GEOS was not found when $build was configured: no GEOS yardstick" >&2
fi
# shellcheck disable=SC2086
ninja -C "$build" $targets >/dev/null

display() {
  xvfb-run -a -s "-screen 0 1280x800x24" env \
    GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 "$@"
}

echo "== bench-validate (issue 3)"
"$build/tests/bench/bench-validate"

echo "== bench-scale"
"$build/tests/bench/bench-scale"

echo "== bench-drag (issue 4)"
display "$build/tests/bench/bench-drag" 2>&1 | grep -v "Unable to acquire session bus" || true

echo "== bench-nudge"
display "$build/tests/bench/bench-nudge" 2>&1 | grep -v "Unable to acquire session bus" || true

echo "== bench-process"
display python3 "$here/bench-process.py" --build "$build" --work "$work" validate export startup

echo "run-all: outputs in $work"
