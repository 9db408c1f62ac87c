# tests/gnome/common.sh
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Sourced by the scripts beside it. The Debian sid roots and the Flatpak
# installation they make are big (about 2 GB), so they live in a cache
# outside the checkout and are reused from one run to the next:
#
#   MUSTER_CACHE_DIR   where (default: $XDG_CACHE_HOME/muster, else ~/.cache/muster)
#   MUSTER_SID_MIRROR  Debian mirror (default: http://deb.debian.org/debian)
#   MUSTER_SID_MAX_AGE days before a root is made again from today's sid (default: 7)

gnome_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source_root=$(cd "$gnome_dir/../.." && pwd)
cache_dir=${MUSTER_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/muster}
sid_mirror=${MUSTER_SID_MIRROR:-http://deb.debian.org/debian}
sid_max_age=${MUSTER_SID_MAX_AGE:-7}

say ()
{
  printf '%s: %s\n' "$(basename "$0")" "$*" >&2
}

die ()
{
  say "$*"
  exit 1
}

# Runs a command inside a root with bubblewrap: the root read-only (the
# cache stays as made), a fresh /tmp, no network, and the extra
# arguments of bwrap before the command, e.g. --bind DIR /build.
in_root ()
{
  local root=$1
  shift
  bwrap --ro-bind "$root" / \
        --proc /proc --dev /dev --tmpfs /tmp --tmpfs /var/tmp --tmpfs /run \
        --unshare-net --unshare-ipc --unshare-pid --die-with-parent \
        --clearenv --setenv HOME /tmp --setenv LANG C.UTF-8 \
        --setenv PATH /usr/local/bin:/usr/bin:/bin \
        "$@"
}
