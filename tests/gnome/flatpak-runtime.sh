#!/usr/bin/env bash
# tests/gnome/flatpak-runtime.sh
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Installs stand-ins for org.gnome.Sdk and org.gnome.Platform, at the
# version the manifest asks for, made from today's Debian sid (the roots
# of sid-root.sh): the real runtimes come from Flathub, which this machine
# cannot reach, and sid carries the same GTK, libadwaita and GLib as the
# current GNOME runtime. They go into a Flatpak installation of their own
# in the cache, FLATPAK_USER_DIR=$MUSTER_CACHE_DIR/flatpak, never the
# user's, and are made again only when their root is.
#
#   flatpak-runtime.sh      prints the FLATPAK_USER_DIR to use with --user
set -euo pipefail
source "$(dirname "$0")/common.sh"

manifest=$source_root/flatpak/io.github.muster.Muster.json
version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["runtime-version"])' "$manifest")
arch=$(flatpak --default-arch)
export FLATPAK_USER_DIR=$cache_dir/flatpak
repo=$cache_dir/flatpak-repo
remote=muster-stand-in

# flatpak-builder 1.2 (Debian 12) composes the AppStream catalogue with
# appstream-glib's appstream-compose, which sid no longer has. Newer
# flatpak-builders, Flathub's among them, run appstreamcli compose with
# these arguments; so does this stand-in.
read -r -d '' appstream_compose <<'SH' || true
#!/bin/sh
# appstream-compose --prefix=P --origin=O --basename=ID ID (flatpak-builder 1.2)
set -e
for arg; do
  case $arg in
    --prefix=*) prefix=${arg#--prefix=} ;;
    --basename=*) basename=${arg#--basename=} ;;
    --*) ;;
    *) id=$arg ;;
  esac
done
# flatpak-builder 1.2 moved the metainfo to appstream-glib's old place:
# back to where appstreamcli, and Flathub, look for it.
if [ -f "$prefix/share/appdata/$id.appdata.xml" ]; then
  mkdir -p "$prefix/share/metainfo"
  mv "$prefix/share/appdata/$id.appdata.xml" "$prefix/share/metainfo/$id.metainfo.xml"
  rmdir "$prefix/share/appdata" 2>/dev/null || true
fi
exec appstreamcli compose --prefix=/ --origin="$basename" --result-root="$prefix" \
  --data-dir="$prefix/share/app-info/xmls" --icons-dir="$prefix/share/app-info/icons/flatpak" \
  --components="$id" "$prefix"
SH

install_runtime ()
{
  local name=$1 root=$2
  local stage=$cache_dir/flatpak-stage
  local stamp_file=$FLATPAK_USER_DIR/.muster-$name.stamp
  local stamp
  stamp="$(cat "$root/.muster-stamp") version=$version $(echo "$appstream_compose" | sha256sum)"

  if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] \
     && flatpak --user info "$name//$version" >/dev/null 2>&1; then
    return
  fi

  say "exporting $root as $name//$version"
  rm -rf "$stage"
  mkdir -p "$stage"
  # Hard links: the root stays as it is, and nothing is copied twice.
  cp -al "$root/usr" "$stage/files"
  cp -a "$root/etc" "$stage/files/etc"
  if [ "$name" = org.gnome.Sdk ]; then
    rm -f "$stage/files/bin/appstream-compose"
    printf '%s\n' "$appstream_compose" > "$stage/files/bin/appstream-compose"
    chmod 755 "$stage/files/bin/appstream-compose"
  fi
  cat > "$stage/metadata" <<INI
[Runtime]
name=$name
runtime=org.gnome.Platform/$arch/$version
sdk=org.gnome.Sdk/$arch/$version
INI
  flatpak build-export --runtime --files=files --disable-fsync --disable-sandbox "$repo" "$stage" "$version" >&2
  rm -rf "$stage"
  # Another version, from a manifest of before, is only in the way.
  flatpak --user list --runtime --columns=application,branch | while read -r id branch; do
    [ "$id" != "$name" ] || [ "$branch" = "$version" ] \
      || flatpak --user uninstall -y --noninteractive --force-remove "$id//$branch" >&2
  done
  flatpak --user remote-add --if-not-exists --no-gpg-verify "$remote" "$repo"
  flatpak --user install -y --noninteractive --reinstall "$remote" "$name//$version" >&2
  echo "$stamp" > "$stamp_file"
}

mkdir -p "$FLATPAK_USER_DIR"
# Uncompressed: exporting and installing a gigabyte then takes a minute,
# not five (installing pulls from it as from any local repository).
if [ ! -d "$repo/objects" ]; then
  ostree init --repo="$repo" --mode=bare-user-only
fi
install_runtime org.gnome.Platform "$("$gnome_dir/sid-root.sh" platform)"
install_runtime org.gnome.Sdk "$("$gnome_dir/sid-root.sh" sdk)"
echo "$FLATPAK_USER_DIR"
