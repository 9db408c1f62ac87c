#!/usr/bin/env python3
# check-gui-module.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The window of Muster is a GModule that the muster executable opens when
# no command-line path is asked for (see check-no-gtk.py). Starts the
# uninstalled muster to its first drawn frame (MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME)
# with every symbol bound at once (LD_BIND_NOW), so that a symbol the
# module needs and the executable does not export fails here:
#
#   - from MUSTER_GUI_MODULE_DIR, as `meson devenv` and the tests run it,
#     on the default table and on a layout;
#   - with no MUSTER_GUI_MODULE_DIR, from beside the executable (a copy of
#     both in a fresh folder, and the loader's trace says which it opened).
#
# Needs a display: run under xvfb-run.
#
#   check-gui-module.py MUSTER SOURCE_ROOT
import os
import re
import shutil
import subprocess
import sys
import tempfile

muster, src = sys.argv[1], sys.argv[2]
module_name = "libmuster-gui.so"
layout = os.path.join(src, "tests", "data", "examples", "infinity-standard-mixed.muster")
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def start(exe, *args, env_extra=None, drop=()):
    """Starts exe to its first frame: (result, loader trace)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k not in drop}
        env.update({
            "MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME": "1",
            "LD_BIND_NOW": "1",
            "LD_DEBUG": "files",
            "LD_DEBUG_OUTPUT": os.path.join(tmp, "ld"),
            "XDG_STATE_HOME": os.path.join(tmp, "state"),
        })
        env.update(env_extra or {})
        run = subprocess.run([exe] + list(args), env=env, capture_output=True, text=True, timeout=120)
        trace = ""
        for name in os.listdir(tmp):
            if name.startswith("ld"):
                with open(os.path.join(tmp, name), encoding="utf-8", errors="replace") as f:
                    trace += f.read()
    return run, trace


def opened_module(trace):
    """The path of the window module the loader opened, or None."""
    m = re.search(r"file=(\S*%s) \[\d+\];\s+dynamically loaded by" % re.escape(module_name), trace)
    return m.group(1) if m else None


def first_frame(run):
    return run.returncode == 0 and "muster-bench: first-frame" in run.stderr


if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    print("1..0 # SKIP no display (run under xvfb-run)")
    sys.exit(0)

module_dir = os.environ.get("MUSTER_GUI_MODULE_DIR", "")
check("env-module-dir", os.path.isfile(os.path.join(module_dir, module_name)),
      "MUSTER_GUI_MODULE_DIR=%r" % module_dir)

run, trace = start(muster)
check("default-table-first-frame", first_frame(run), run.stdout + run.stderr)
check("default-table-module-from-env",
      opened_module(trace) == os.path.join(module_dir, module_name), opened_module(trace))
check("default-table-loads-gtk", re.search(r"file=libgtk-4\.so", trace))

run, trace = start(muster, layout)
check("layout-first-frame", first_frame(run), run.stdout + run.stderr)

with tempfile.TemporaryDirectory() as tmp:
    shutil.copy2(muster, os.path.join(tmp, "muster"))
    shutil.copy2(os.path.join(os.path.dirname(muster), module_name), os.path.join(tmp, module_name))
    run, trace = start(os.path.join(tmp, "muster"), drop=("MUSTER_GUI_MODULE_DIR",))
    check("beside-exe-first-frame", first_frame(run), run.stdout + run.stderr)
    check("beside-exe-module", opened_module(trace) == os.path.join(tmp, module_name),
          opened_module(trace))

# Started straight from the build tree, as `build/src/muster`, with nothing
# of `meson devenv`: it finds the tree's compiled settings schema.
dev_vars = ("MUSTER_GUI_MODULE_DIR", "GSETTINGS_SCHEMA_DIR", "MUSTER_LOCALEDIR", "MUSTER_SOURCE_DATA_DIR")
run, trace = start(muster, drop=dev_vars)
check("build-tree-first-frame", first_frame(run), run.stdout + run.stderr)

# With no schema to be found anywhere, one sentence and exit 1, not an
# abort.
with tempfile.TemporaryDirectory() as tmp:
    os.mkdir(os.path.join(tmp, "src"))
    shutil.copy2(muster, os.path.join(tmp, "src", "muster"))
    shutil.copy2(os.path.join(os.path.dirname(muster), module_name), os.path.join(tmp, "src", module_name))
    run, trace = start(os.path.join(tmp, "src", "muster"), drop=dev_vars,
                       env_extra={"XDG_DATA_DIRS": os.path.join(tmp, "none")})
    check("no-schema-says-so", run.returncode == 1 and "settings schema is not installed" in run.stderr
          and "meson devenv" in run.stderr, "%d %s" % (run.returncode, run.stderr))

# With no display, one sentence and exit 1, not a crash.
run, trace = start(muster, layout, drop=("DISPLAY", "WAYLAND_DISPLAY"))
check("no-display-says-so", run.returncode == 1 and "Cannot open a display" in run.stderr
      and "--validate" in run.stderr, "%d %s" % (run.returncode, run.stderr))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print(("ok" if ok else "not ok") + " %d /cli/gui-module/%s" % (i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[-40:]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
