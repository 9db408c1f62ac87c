#!/usr/bin/env bash
# tests/gnome/flatpak-check.sh
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Builds the Flatpak from the real manifest, offline, installs it and runs
# it in its sandbox, as a player would:
#
#   - the runtime is a stand-in for the GNOME runtime the manifest names,
#     made from Debian sid (flatpak-runtime.sh), in an installation of its
#     own in the cache; the checkout is the source (local-manifest.py);
#   - muster --version, --validate of the examples (the verdicts of their
#     .expected files), --export of a PDF;
#   - the window under Xvfb, with a screenshot that must show the board;
#   - the sandbox cannot read a file in $HOME that it was not given;
#   - the installed app knows its MIME type (gnome.post_install);
#   - a layout opened through the document portal, as the file chooser
#     and the file manager give it, is saved in place: atomically, with
#     nothing lost, and the previous version kept where the README says.
#
#   flatpak-check.sh [OUT_DIR]    (default: build-flatpak-check in the checkout)
#
# Prints TAP and exits 0 when every check passed. OUT_DIR keeps what a
# person may want to look at: window.png, the PDF, the logs.
set -uo pipefail
source "$(dirname "$0")/common.sh"

# Fixed now: HOME changes below.
export MUSTER_CACHE_DIR=$cache_dir
app_id=io.github.muster.Muster
examples=$source_root/tests/data/examples
work=$cache_dir/flatpak-work
out=${1:-$source_root/build-flatpak-check}

n=0
failed=0

ok ()
{
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok ()
{
  n=$((n + 1))
  failed=$((failed + 1))
  echo "not ok $n - $1"
  [ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/# /'
}

# check NAME COMMAND...: COMMAND's output is shown under a failure.
check ()
{
  local name=$1 output
  shift
  if output=$("$@" 2>&1); then ok "$name"; else not_ok "$name" "$output"; fi
}

finish ()
{
  echo "1..$n"
  exit $((failed > 0))
}

for tool in flatpak flatpak-builder bwrap mmdebstrap ostree eu-strip Xvfb dbus-daemon xdotool \
            /usr/libexec/xdg-document-portal fusermount3; do
  command -v "$tool" >/dev/null || die "needs $tool (see .ci/run for the packages)"
done

rm -rf "$out"
mkdir -p "$out/export"
out=$(cd "$out" && pwd)

# The sandbox's own environment: a home of its own (the files it may or
# may not see), the runtime directory flatpak expects, no session bus
# until the window needs one.
export HOME=$out/home
mkdir -p "$HOME/Documents"
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_STATE_HOME DBUS_SESSION_BUS_ADDRESS \
      WAYLAND_DISPLAY DISPLAY
export XDG_RUNTIME_DIR=/run/user/$(id -u)
made_runtime_dir=
if [ ! -d "$XDG_RUNTIME_DIR" ]; then
  mkdir -p "$XDG_RUNTIME_DIR"
  chmod 700 "$XDG_RUNTIME_DIR"
  made_runtime_dir=1
fi

# Whatever this started goes with it, however it ends.
app_pid= bus_pid= xvfb_pid=
cleanup ()
{
  local pid
  for pid in $app_pid $bus_pid $xvfb_pid; do
    kill "$pid" 2>/dev/null
  done
  [ -z "$xvfb_pid" ] || wait "$xvfb_pid" 2>/dev/null
  if mountpoint -q "$XDG_RUNTIME_DIR/doc" 2>/dev/null; then
    fusermount3 -u "$XDG_RUNTIME_DIR/doc" 2>/dev/null || true
  fi
  [ -z "$made_runtime_dir" ] || rm -rf "$XDG_RUNTIME_DIR"
}
trap cleanup EXIT

# --- the runtimes and the build ----------------------------------------

if FLATPAK_USER_DIR=$("$gnome_dir/flatpak-runtime.sh" 2>"$out/runtime.log"); then
  export FLATPAK_USER_DIR
  ok "stand-in GNOME runtimes from Debian sid ($(grep -E '^(libgtk-4-1|libadwaita-1-0) ' "$cache_dir/sid-platform/.muster-stamp" | tr '\n' ' '))"
else
  not_ok "stand-in GNOME runtimes from Debian sid" "$(tail -n 20 "$out/runtime.log")"
  finish
fi

# GNOME 43 shipped GTK 4.8 and libadwaita 1.2, and each GNOME since, twice
# a year, GTK 4.(n+2) and libadwaita 1.(n+1): the runtime to target is
# the one whose GTK and libadwaita are those tested here.
runtime_matches_stack ()
{
  local gtk adw wanted
  wanted=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["runtime-version"])' \
           "$source_root/flatpak/$app_id.json")
  gtk=$(sed -n 's/^libgtk-4-1 4\.\([0-9]*\)\..*/\1/p' "$cache_dir/sid-platform/.muster-stamp")
  adw=$(sed -n 's/^libadwaita-1-0 1\.\([0-9]*\)\..*/\1/p' "$cache_dir/sid-platform/.muster-stamp")
  [ -n "$gtk" ] && [ -n "$adw" ] && [ $(((gtk - 4) / 2 + 41)) = "$wanted" ] && [ $((adw + 41)) = "$wanted" ] \
    || { echo "the manifest says GNOME $wanted; GTK 4.$gtk and libadwaita 1.$adw are GNOME $(((gtk - 4) / 2 + 41)) and $((adw + 41))"; return 1; }
}
check "the manifest's runtime is the GNOME of the GTK and libadwaita tested here" runtime_matches_stack

mkdir -p "$work"
python3 "$gnome_dir/local-manifest.py" "$source_root" > "$work/$app_id.json" 2>"$out/flatpak-builder.log"
if (cd "$work" \
    && flatpak-builder --user --state-dir="$work/state" --download-only --force-clean "$work/app" "$app_id.json" \
    && flatpak-builder --user --state-dir="$work/state" --disable-download --force-clean \
                       --install --repo="$work/repo" "$work/app" "$app_id.json") \
   >>"$out/flatpak-builder.log" 2>&1; then
  ok "flatpak-builder builds the manifest offline and installs it"
else
  not_ok "flatpak-builder builds the manifest offline and installs it" "$(tail -n 30 "$out/flatpak-builder.log")"
  finish
fi

runtime=$(python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print("%s/%s" % (m["runtime"], m["runtime-version"]))' \
          "$source_root/flatpak/$app_id.json")
check "it runs on ${runtime%/*}//${runtime#*/}" \
  sh -c "flatpak info --user -m $app_id | grep -qx 'runtime=${runtime%/*}/$(flatpak --default-arch)/${runtime#*/}'"

# --- the command line, in the sandbox ----------------------------------

version=$(sed -n "s/^  version: '\\(.*\\)',$/\\1/p" "$source_root/meson.build")
check "flatpak run $app_id --version says muster $version" \
  sh -c "flatpak run --user $app_id --version | grep -qx 'muster $version'"

validate_example ()
{
  local name=$1 expected_status=$2 status
  flatpak run --user --filesystem="$examples:ro" "$app_id" --validate "$examples/$name.muster" \
    > "$out/$name.validate" 2>&1
  status=$?
  [ "$status" = "$expected_status" ] || { echo "exit status $status"; cat "$out/$name.validate"; return 1; }
  diff <(cut -d: -f1,2 "$out/$name.validate") "$examples/$name.expected"
}
check "--validate t9a-encircle-mixed gives the verdicts of its .expected (exit 1)" \
  validate_example t9a-encircle-mixed 1
check "--validate infinity-standard-legal finds it legal (exit 0)" \
  validate_example infinity-standard-legal 0

export_pdf ()
{
  flatpak run --user --filesystem="$out/export" "$app_id" \
    --export "$out/export/encircle.pdf" --system t9a --deployment encircle || return 1
  [ "$(head -c 5 "$out/export/encircle.pdf")" = "%PDF-" ] && [ "$(stat -c %s "$out/export/encircle.pdf")" -gt 2000 ] \
    || { echo "not a PDF"; return 1; }
  # For a person to look at, where poppler is installed.
  if command -v pdftoppm >/dev/null; then
    pdftoppm -png -r 50 -singlefile "$out/export/encircle.pdf" "$out/export/encircle"
  fi
}
check "--export writes a PDF where it was given a folder" export_pdf

private_file ()
{
  local status
  cp "$examples/infinity-standard-legal.muster" "$HOME/private.muster"
  flatpak run --user "$app_id" --validate "$HOME/private.muster" > "$out/private.validate" 2>&1
  status=$?
  [ "$status" = 2 ] || { echo "exit status $status, not 2 (unreadable)"; cat "$out/private.validate"; return 1; }
  # The control: given the file, the same command reads it.
  flatpak run --user --filesystem="$HOME/private.muster:ro" "$app_id" --validate "$HOME/private.muster"
}
check "the sandbox cannot read a file in \$HOME it was not given" private_file

check "the installed app has its MIME database (gnome.post_install)" \
  flatpak run --user --command=test "$app_id" -s /app/share/mime/mime.cache

# --- the window, under Xvfb, with a session bus and the document portal --

display=90
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do
  display=$((display + 1))
done
mkdir -p "$out/xvfb"
Xvfb ":$display" -screen 0 1280x800x24 -fbdir "$out/xvfb" -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=:$display
# The bus activates the document portal with this environment.
bus=$(dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1)
export DBUS_SESSION_BUS_ADDRESS=${bus%%$'\n'*}
bus_pid=${bus##*$'\n'}
for _ in $(seq 50); do
  [ -e "/tmp/.X11-unix/X$display" ] && break
  sleep 0.1
done

# Waits for the board on the screen: screenshot.py's verdict, and PNG.
wait_for_board ()
{
  local png=$1
  for _ in $(seq 60); do
    if python3 "$gnome_dir/screenshot.py" "$out/xvfb/Xvfb_screen0" "$png" > "$png.txt" 2>&1; then
      cat "$png.txt"
      return 0
    fi
    sleep 1
  done
  cat "$png.txt"
  return 1
}

flatpak run --user --filesystem="$examples:ro" "$app_id" "$examples/t9a-encircle-legal.muster" \
  >"$out/window.log" 2>&1 &
app_pid=$!
if seen=$(wait_for_board "$out/window.png"); then
  ok "the window draws the board ($(head -n 1 <<<"$seen")): $out/window.png"
else
  not_ok "the window draws the board: $out/window.png" "$seen"$'\n'"$(tail -n 20 "$out/window.log")"
fi
kill "$app_pid" 2>/dev/null
wait "$app_pid" 2>/dev/null
app_pid=

# A layout given through the document portal (flatpak run
# --file-forwarding, as a file manager opens it): every piece moved 1″
# east on the keyboard, then Ctrl+S.
layout=$HOME/Documents/table.muster
cp "$examples/t9a-encircle-legal.muster" "$layout"
inode_before=$(stat -c %i "$layout")
flatpak run --user --file-forwarding "$app_id" @@ "$layout" @@ >"$out/save.log" 2>&1 &
app_pid=$!
saved=
if seen=$(wait_for_board "$out/save-opened.png"); then
  read -r x y < <(sed -n 's/^empty table at //p' <<<"$seen")
  # A click on an empty spot gives the board the keyboard; the first
  # frame may come before the window takes input.
  sleep 2
  xdotool mousemove "$x" "$y" click 1 && sleep 0.5 \
    && xdotool key ctrl+a && sleep 0.3 && xdotool key Right && sleep 0.3 && xdotool key ctrl+s
  for _ in $(seq 40); do
    [ "$(stat -c %i "$layout")" != "$inode_before" ] && { saved=1; break; }
    sleep 0.25
  done
  sleep 1
fi
python3 "$gnome_dir/screenshot.py" "$out/xvfb/Xvfb_screen0" "$out/save.png" >/dev/null 2>&1
xdotool key ctrl+q
for _ in $(seq 20); do
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.25
done
kill "$app_pid" 2>/dev/null
wait "$app_pid" 2>/dev/null
app_pid=

if [ -n "$saved" ]; then
  ok "a layout from the document portal is saved in place, by renaming a whole new file over it"
else
  not_ok "a layout from the document portal is saved in place, by renaming a whole new file over it" \
    "the file's inode did not change; $out/save.png shows the window; $(tail -n 20 "$out/save.log")"
fi
check "nothing is lost: every element kept, every piece 1″ east" \
  python3 "$gnome_dir/compare-saved.py" "$examples/t9a-encircle-legal.muster" "$layout"

# The previous version: in the sandbox, a FILE~ beside the file would be
# a file of the document portal's, landing on the disk as a hidden
# .xdp-FILE~-XXXXXX that nothing cleans up. Muster keeps it in its own
# data folder (~/.var/app/ID/data/muster/backups in the Flatpak).
previous_version_kept ()
{
  local dir=$HOME/.var/app/$app_id/data/muster/backups
  find "$dir" -type f -exec cmp -s "$examples/t9a-encircle-legal.muster" {} \; -print 2>/dev/null | grep -q . \
    || { echo "no copy of the previous version under $dir"; find "$HOME" -name '*table.muster*'; return 1; }
}
nothing_left_beside ()
{
  local left
  left=$(ls -A "$HOME/Documents" | grep -vx table.muster)
  [ -z "$left" ] || { echo "left beside the layout: $left"; return 1; }
}
check "the previous version is kept in the app's data folder" previous_version_kept
check "the save leaves nothing beside the layout" nothing_left_beside

finish
