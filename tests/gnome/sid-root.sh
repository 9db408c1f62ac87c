#!/usr/bin/env bash
# tests/gnome/sid-root.sh
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Prints the path of a Debian sid root, made with mmdebstrap the first
# time and kept in the cache (common.sh) until its package list changes
# or it is older than MUSTER_SID_MAX_AGE days:
#
#   sid-root.sh sdk       today's GNOME stack with its headers and build
#                         tools, and what the test suite runs (Xvfb, the
#                         validators): the sid build of sid-suite.sh, and
#                         the stand-in org.gnome.Sdk of flatpak-check.sh
#   sid-root.sh platform  only what Muster needs at run time: the
#                         stand-in org.gnome.Platform
#
# A root is made beside its final place and renamed into it, so that an
# interrupted run never leaves a half-made root that looks whole.
set -euo pipefail
source "$(dirname "$0")/common.sh"

kind=${1:-}
case $kind in
  sdk)
    packages=(
      meson ninja-build gcc pkg-config python3 binutils
      libglib2.0-dev libglib2.0-dev-bin libglib2.0-bin
      libgtk-4-dev libgtk-4-bin libadwaita-1-dev libxml2-dev libxml2-utils
      # the game across the network (src/net)
      libsoup-3.0-dev libgnutls28-dev glib-networking ca-certificates
      gettext desktop-file-utils shared-mime-info
      # appstreamcli validate for the suite, appstreamcli compose and
      # librsvg (the icon) for flatpak-builder's AppStream step
      appstream appstream-compose librsvg2-common
      xvfb xauth fonts-cantarell
      # gtk_test_init() asks for en_US.UTF-8, and glibc 2.42 ignores
      # LANGUAGE under C.UTF-8 as under C: the Spanish checks need es_ES
      locales
    )
    locales=("en_US.UTF-8 UTF-8" "es_ES.UTF-8 UTF-8")
    ;;
  platform)
    packages=(
      libgtk-4-1 libadwaita-1-0 libxml2-16
      libsoup-3.0-0 glib-networking ca-certificates
      # SVG icons, the icon theme and the fonts the GNOME Platform has
      librsvg2-common adwaita-icon-theme fonts-cantarell fonts-dejavu-core
      shared-mime-info gsettings-desktop-schemas
    )
    locales=()
    ;;
  *)
    echo "usage: $0 sdk|platform" >&2
    exit 2
    ;;
esac

root=$cache_dir/sid-$kind
stamp="mirror=$sid_mirror variant=essential packages=${packages[*]} locales=${locales[*]}"

if [ -f "$root/.muster-stamp" ] && [ "$(head -n 1 "$root/.muster-stamp")" = "$stamp" ] \
   && [ -z "$(find "$root/.muster-stamp" -mtime +"$sid_max_age")" ]; then
  echo "$root"
  exit 0
fi

command -v mmdebstrap >/dev/null || die "needs mmdebstrap (apt-get install mmdebstrap)"
mkdir -p "$cache_dir"
rm -rf "$root.new"
say "making the sid $kind root in $root (a couple of minutes)"
start=$SECONDS
# The mirror's Release may be past its Valid-Until on a machine that
# sees a frozen copy of sid: the packages are still the same ones.
# Documentation is left out: nothing here reads it.
mmdebstrap --variant=essential --quiet \
  --aptopt='Acquire::Check-Valid-Until "false"' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --include="$(IFS=,; echo "${packages[*]}")" \
  sid "$root.new" "$sid_mirror" >&2
# Mount points for the checkout and the build (in_root binds the root
# read-only, where bubblewrap can make none).
mkdir -p "$root.new/src" "$root.new/build"
if [ ${#locales[@]} -gt 0 ]; then
  printf '%s\n' "${locales[@]}" > "$root.new/etc/locale.gen"
  chroot "$root.new" locale-gen >/dev/null
fi
{
  echo "$stamp"
  echo "made=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  chroot "$root.new" dpkg-query -W -f='${Package} ${Version}\n' \
    libgtk-4-1 libadwaita-1-0 libglib2.0-0t64 libxml2-16 2>/dev/null || true
} > "$root.new/.muster-stamp"
rm -rf "$root"
mv "$root.new" "$root"
say "made $root in $((SECONDS - start)) s"
echo "$root"
