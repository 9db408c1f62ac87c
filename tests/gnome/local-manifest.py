#!/usr/bin/env python3
# local-manifest.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Prints the Flatpak manifest for building a checkout: the release
# manifest (flatpak/io.github.muster.Muster.json) word for word, except
# that Muster's own source is the checkout's git repository at its HEAD
# commit instead of the release tag on GitHub. Uncommitted changes are not
# in it: commit first. Deriving it keeps the two from drifting apart.
#
#   local-manifest.py [CHECKOUT] > local.json
#   flatpak-builder --user --install --force-clean build-flatpak local.json
import json
import os
import subprocess
import sys

checkout = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
app_id = "io.github.muster.Muster"
with open(os.path.join(checkout, "flatpak", app_id + ".json"), encoding="utf-8") as f:
    manifest = json.load(f)

head = subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"],
                      capture_output=True, text=True, check=True).stdout.strip()
dirty = subprocess.run(["git", "-C", checkout, "status", "--porcelain", "--untracked-files=no"],
                       capture_output=True, text=True, check=True).stdout
if dirty:
    print("local-manifest.py: uncommitted changes are left out; building %s" % head[:12], file=sys.stderr)

muster = [m for m in manifest["modules"] if isinstance(m, dict) and m.get("name") == "muster"]
if len(muster) != 1:
    sys.exit("local-manifest.py: the manifest has no single module named muster")
muster[0]["sources"] = [{"type": "git", "path": checkout, "commit": head}]
json.dump(manifest, sys.stdout, indent=4)
print()
