#!/usr/bin/env bash
# tests/gnome/sid-suite.sh
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds Muster against today's GNOME stack (Debian sid: sid-root.sh sdk)
# with the project's warnings as errors, and runs the whole suite there,
# the window tests under Xvfb as on Debian 12. The version macros keep
# the floor at GTK 4.8 and libadwaita 1.2 and raise the ceiling only to
# the adaptive widgets taken behind version checks (meson.build), so
# this proves that both sides of those checks build, warning-free.
#
#   sid-suite.sh [BUILD_DIR]      (default: build-sid in the checkout)
#
# The build runs in bubblewrap over the read-only root, with the checkout
# read-only at /src and BUILD_DIR at /build; the suite's log is
# BUILD_DIR/meson-logs/testlog.json, as for any meson build.
set -euo pipefail
source "$(dirname "$0")/common.sh"

build_dir=${1:-$source_root/build-sid}
command -v bwrap >/dev/null || die "needs bubblewrap (apt-get install bubblewrap)"
root=$("$gnome_dir/sid-root.sh" sdk)
say "$(sed -n '3,$p' "$root/.muster-stamp" | tr '\n' ' ')"

mkdir -p "$build_dir"
build_dir=$(cd "$build_dir" && pwd)
sandbox=(in_root "$root" --ro-bind "$source_root" /src --bind "$build_dir" /build --chdir /src)

if [ ! -f "$build_dir/build.ninja" ]; then
  "${sandbox[@]}" meson setup /build -Dwerror=true >/dev/null
fi
"${sandbox[@]}" meson compile -C /build
"${sandbox[@]}" meson test -C /build --print-errorlogs
