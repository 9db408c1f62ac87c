#!/usr/bin/env python3
# check-manifest.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The Flatpak manifest follows the rules of Flathub's linter
# (flatpak-builder-lint, which cannot be installed here) that can be read
# off the file, and agrees with the rest of the tree:
#
#   - every source is fetched from the network with a pin: a git source
#     by https URL with its tag and commit, an archive or file with its
#     sha256; no "dir" source, no local path, no branch;
#   - the smallest finish-args a GTK application needs: IPC, Wayland with
#     X11 as a fallback, and the GPU; the network for the game across it;
#     no files or bus names;
#   - Muster is built with meson options only, tests, fuzzers and
#     benchmarks off;
#   - the tag is the release of meson.build's version, the metainfo's
#     screenshots point at the same tag, and where the tag exists in the
#     checkout, it is the commit the manifest names;
#   - the runtime is the one the README names.
#
#   check-manifest.py SOURCE_ROOT
import json
import os
import re
import shutil
import subprocess
import sys

src = sys.argv[1]
APP_ID = "io.github.muster.Muster"
results = []
skipped = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


with open(os.path.join(src, "flatpak", APP_ID + ".json"), encoding="utf-8") as f:
    manifest = json.load(f)
with open(os.path.join(src, "meson.build"), encoding="utf-8") as f:
    version = re.search(r"^\s*version:\s*'([^']+)'", f.read(), re.M).group(1)
tag = "v" + version

modules = [m for m in manifest.get("modules", []) if isinstance(m, dict)]
sources = [s for m in modules for s in m.get("sources", []) if isinstance(s, dict)]

check("app-id-and-command", manifest.get("app-id") == APP_ID and manifest.get("command") == "muster")
check("gnome-runtime", manifest.get("runtime") == "org.gnome.Platform" and manifest.get("sdk") == "org.gnome.Sdk"
      and re.fullmatch(r"\d+", str(manifest.get("runtime-version", ""))),
      "%s %s %s" % (manifest.get("runtime"), manifest.get("runtime-version"), manifest.get("sdk")))

bad = []
for s in sources:
    kind = s.get("type")
    if kind == "git":
        if not str(s.get("url", "")).startswith("https://") or "path" in s or "branch" in s:
            bad.append("git source without an https url, or with a path or a branch: %r" % s)
        if not re.fullmatch(r"[0-9a-f]{40}", s.get("commit", "")) or not s.get("tag"):
            bad.append("git source without a tag and a full commit: %r" % s)
    elif kind in ("archive", "file"):
        if not str(s.get("url", "")).startswith("https://") or not re.fullmatch(r"[0-9a-f]{64}", s.get("sha256", "")):
            bad.append("%s source without an https url and a sha256: %r" % (kind, s))
    elif kind not in ("patch", "shell", "script"):
        bad.append("source of type %r (Flathub refuses dir sources)" % kind)
check("sources-pinned", sources and not bad, "\n".join(bad))

args = manifest.get("finish-args", [])
smallest = ["--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri"]
# The game across the network (src/net) hosts and joins games: the
# network, and only where Muster has that code.
if os.path.isdir(os.path.join(src, "src", "net")):
    smallest.append("--share=network")
check("finish-args-smallest", sorted(args) == sorted(smallest), " ".join(args))

muster = [m for m in modules if m.get("name") == "muster"]
check("muster-module-meson", len(muster) == 1 and muster[0].get("buildsystem") == "meson")
opts = muster[0].get("config-opts", []) if muster else []
check("muster-module-options", all(o.startswith("-D") for o in opts)
      and {"-Dtests=false", "-Dfuzzers=false", "-Dbenchmarks=false"} <= set(opts), " ".join(opts))
check("no-build-commands", not any(k in m for m in modules
                                   for k in ("build-commands", "post-install", "make-args", "make-install-args")))

git = [s for s in (muster[0].get("sources", []) if muster else []) if s.get("type") == "git"]
check("muster-source-is-the-release-tag", len(git) == 1 and git[0].get("tag") == tag and
      git[0].get("url") == "https://github.com/muster/muster.git",
      "expected tag %s of https://github.com/muster/muster.git: %r" % (tag, git))

with open(os.path.join(src, "data", APP_ID + ".metainfo.xml.in"), encoding="utf-8") as f:
    shots = re.findall(r"<image[^>]*>([^<]+)</image>", f.read())
prefix = "https://raw.githubusercontent.com/muster/muster/%s/" % tag
check("screenshots-at-the-tag", shots and all(u.startswith(prefix) for u in shots), "\n".join(shots))

# A checkout may not have the tag (before the release); where it does,
# the pin must be the tagged commit. Without git, or outside a git
# checkout (a release tarball), there is nothing to ask.
inside = shutil.which("git") is not None and subprocess.run(
    ["git", "-C", src, "rev-parse", "--git-dir"], capture_output=True).returncode == 0
if not inside or not git:
    skipped.append("tag-is-the-commit")
else:
    tagged = subprocess.run(["git", "-C", src, "rev-parse", "-q", "--verify", tag + "^{commit}"],
                            capture_output=True, text=True)
    if tagged.returncode == 0:
        check("tag-is-the-commit", tagged.stdout.strip() == git[0].get("commit"),
              "%s is %s, the manifest says %s" % (tag, tagged.stdout.strip(), git[0].get("commit")))
    else:
        exists = subprocess.run(["git", "-C", src, "cat-file", "-e", git[0].get("commit", "") + "^{commit}"],
                                capture_output=True)
        check("commit-is-in-the-history", exists.returncode == 0,
              "%s is not a commit of this repository" % git[0].get("commit"))

with open(os.path.join(src, "README.md"), encoding="utf-8") as f:
    readme = f.read()
check("readme-names-the-runtime", "org.gnome.Platform//%s" % manifest.get("runtime-version") in readme
      and "GNOME %s" % manifest.get("runtime-version") in readme)

print("1..%d" % (len(results) + len(skipped)))
for i, (name, ok, detail) in enumerate(results, 1):
    print(("ok" if ok else "not ok") + " %d /manifest/%s" % (i, name))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)
for i, name in enumerate(skipped, len(results) + 1):
    print("ok %d /manifest/%s # SKIP no git checkout here" % (i, name))
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
