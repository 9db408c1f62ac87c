#!/usr/bin/env python3
# check-no-gtk.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The command line of Muster loads no GTK (issue 9): the muster executable
# is linked with core and game only (GLib, GIO, libxml2, gmodule), the
# window is a GModule it opens only when no command-line path is asked
# for, and the drawing of --export another, which alone brings cairo and
# pango (issue 18). Checks, with no display:
#
#   - the executable needs no GTK library, directly (readelf -d) or through
#     another library (ldd);
#   - --version, --validate, --list-systems and --export load none either,
#     nor does an option of --export given without it (the dynamic
#     loader's own trace, LD_DEBUG=libs), and work with DISPLAY and
#     WAYLAND_DISPLAY unset;
#   - the same detectors do find GTK in the window module (so that they
#     can fail), every muster_ symbol the module leaves to the executable
#     is exported by it, and the module exports its entry point,
#     muster_gui_main, and nothing else;
#   - the executable needs no cairo or pango, --validate, --version and
#     --list-systems load none, --export does, from its module, whose
#     muster_ symbols the executable exports too;
#   - with no module where it is looked for, starting the window fails
#     with status 1 and a translated message naming the path.
#
#   check-no-gtk.py MUSTER GUI_MODULE_DIR SOURCE_ROOT
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "i18n"))
from messages_locale import messages_locale  # noqa: E402

muster, installed_module_dir, src = sys.argv[1], sys.argv[2], sys.argv[3]
module_name = "libmuster-gui.so"
module = os.path.join(os.path.dirname(muster), module_name)
export_module = os.path.join(os.path.dirname(muster), "libmuster-export.so")
examples = os.path.join(src, "tests", "data", "examples")
GTK = re.compile(r"\blib(gtk-4|adwaita-1|graphene-1\.0|epoxy|gdk_pixbuf-2\.0|wayland-client)\.so")
CAIRO = re.compile(r"\blib(cairo|pango-1\.0|pangocairo-1\.0|fontconfig|freetype|harfbuzz)\.so")
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def no_display_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(extra)
    return env


def needed(path):
    out = subprocess.run(["readelf", "-d", "-W", path], capture_output=True, text=True, check=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def ldd(path):
    return subprocess.run(["ldd", path], capture_output=True, text=True, check=True).stdout


def traced(*args, env=None):
    """Runs muster under the dynamic loader's trace: (result, trace)."""
    env = dict(env or no_display_env(), LD_DEBUG="libs")
    with tempfile.TemporaryDirectory() as tmp:
        env["LD_DEBUG_OUTPUT"] = os.path.join(tmp, "ld")
        run = subprocess.run([muster] + list(args), env=env, capture_output=True, text=True)
        trace = ""
        for name in os.listdir(tmp):
            with open(os.path.join(tmp, name), encoding="utf-8", errors="replace") as f:
                trace += f.read()
    return run, trace


def loaded(trace):
    """The libraries the loader initialised, from its trace."""
    return sorted(set(re.findall(r"calling init: (\S+)", trace)))


def gtk_in(text):
    return sorted(set(m.group(0) for m in GTK.finditer(text)))


def cairo_in(text):
    return sorted(set(m.group(0) for m in CAIRO.finditer(text)))


def dyn_syms(path, undefined):
    out = subprocess.run(["readelf", "-W", "--dyn-syms", path], capture_output=True, text=True,
                         check=True).stdout
    names = set()
    for line in out.splitlines():
        cols = line.split()
        if len(cols) >= 8 and cols[0].endswith(":") and cols[7].startswith("muster_"):
            if (cols[6] == "UND") == undefined:
                names.add(cols[7].split("@")[0])
    return names


# The executable, statically.
exe_needed = needed(muster)
check("exe-needed-no-gtk", not gtk_in("\n".join(exe_needed)), " ".join(exe_needed))
check("exe-needed-gmodule", "libgmodule-2.0.so.0" in exe_needed, " ".join(exe_needed))
exe_ldd = ldd(muster)
check("exe-ldd-no-gtk", not gtk_in(exe_ldd), "\n".join(gtk_in(exe_ldd)) + "\n" + exe_ldd)
check("exe-ldd-no-cairo", not cairo_in(exe_ldd), "\n".join(cairo_in(exe_ldd)) + "\n" + exe_ldd)

# The drawing of --export: cairo and pango, and what it takes from the
# executable, the executable exports.
check("export-module-built", os.path.isfile(export_module), export_module)
if os.path.isfile(export_module):
    check("export-module-ldd-cairo", cairo_in(ldd(export_module)))
    check("export-module-no-gtk", not gtk_in(ldd(export_module)))
    wanted = dyn_syms(export_module, True)
    missing = sorted(wanted - dyn_syms(muster, False))
    check("export-module-symbols-from-exe", wanted and not missing,
          "%d wanted; not exported by muster: %s" % (len(wanted), " ".join(missing)))
    # Its entry point and nothing else of its own, like the window's.
    own = sorted(n for n in dyn_syms(export_module, False) if n.startswith("muster_"))
    check("export-module-entry", own == ["muster_export_module_run"], " ".join(own))

# The detectors find GTK where it is: in the window module.
check("module-built", os.path.isfile(module), module)
if os.path.isfile(module):
    mod_needed = needed(module)
    check("module-needs-gtk", "libgtk-4.so.1" in mod_needed and "libadwaita-1.so.0" in mod_needed,
          " ".join(mod_needed))
    check("module-ldd-gtk", gtk_in(ldd(module)))

    # What the module takes from the executable, the executable exports.
    wanted = dyn_syms(module, True)
    missing = sorted(wanted - dyn_syms(muster, False))
    check("module-symbols-from-exe", wanted and not missing,
          "%d wanted; not exported by muster: %s" % (len(wanted), " ".join(missing)))

    # And the module exports its entry point, nothing else of its own
    # (it is built with hidden symbols; GtkBuilder finds no callback of
    # it by name): every symbol it defines for others, bar the linker's.
    def defined_syms(path):
        out = subprocess.run(["readelf", "-W", "--dyn-syms", path], capture_output=True, text=True,
                             check=True).stdout
        names = set()
        for line in out.splitlines():
            cols = line.split()
            if (len(cols) >= 8 and cols[0].endswith(":") and cols[6] != "UND"
                    and cols[4] in ("GLOBAL", "WEAK") and cols[3] in ("FUNC", "OBJECT", "IFUNC")):
                names.add(cols[7].split("@")[0])
        return names

    exported = sorted(defined_syms(module))
    check("module-exports-entry-point-only", exported == ["muster_gui_main"],
          "%d exported: %s" % (len(exported), " ".join(exported[:40])))

# The command-line paths, as they run: no GTK is loaded, no display needed.
run, trace = traced("--version")
libs = loaded(trace)
check("version-runs", run.returncode == 0 and "muster" in run.stdout, run.stdout + run.stderr)
# The trace is there (so that an empty one cannot pass): GLib is in it.
check("version-trace", any("libglib-2.0" in lib for lib in libs), trace[-2000:])
check("version-loads-no-gtk", not gtk_in("\n".join(libs)), " ".join(gtk_in("\n".join(libs))))
check("version-loads-no-cairo", not cairo_in("\n".join(libs)), " ".join(cairo_in("\n".join(libs))))

layout = os.path.join(examples, "infinity-standard-mixed.muster")
run, trace = traced("--validate", layout)
libs = loaded(trace)
check("validate-no-display", run.returncode == 1
      and "outside-zone: Not entirely inside the deployment zone" in run.stdout, run.stdout + run.stderr)
check("validate-trace", any("libxml2" in lib for lib in libs), trace[-2000:])
check("validate-loads-no-gtk", not gtk_in("\n".join(libs)), " ".join(gtk_in("\n".join(libs))))
check("validate-loads-no-cairo", not cairo_in("\n".join(libs)), " ".join(cairo_in("\n".join(libs))))

run, trace = traced("--validate", os.path.join(examples, "infinity-standard-legal.muster"))
check("validate-legal-no-display", run.returncode == 0 and run.stdout == "", run.stdout + run.stderr)
check("validate-legal-loads-no-gtk", not gtk_in("\n".join(loaded(trace))))

run, trace = traced("--list-systems")
check("list-systems-no-display", run.returncode == 0 and "t9a" in run.stdout, run.stdout + run.stderr)
check("list-systems-loads-no-gtk", not gtk_in("\n".join(loaded(trace))))
check("list-systems-loads-no-cairo", not cairo_in("\n".join(loaded(trace))))

# An option of --export without it is refused by the command line, which
# would otherwise hand it to the window, loading GTK to refuse it there.
run, trace = traced("--system", "t9a")
check("export-option-alone-refused", run.returncode == 2 and "--system goes only with --export" in run.stderr,
      run.stdout + run.stderr)
check("export-option-alone-loads-no-gtk", not gtk_in("\n".join(loaded(trace))))

with tempfile.TemporaryDirectory() as tmp:
    pdf = os.path.join(tmp, "encircle.pdf")
    run, trace = traced("--export", pdf, "--system", "t9a", "--deployment", "encircle")
    ok = run.returncode == 0 and os.path.isfile(pdf)
    if ok:
        with open(pdf, "rb") as f:
            ok = f.read(5) == b"%PDF-"
    check("export-no-display", ok, run.stdout + run.stderr)
    check("export-loads-cairo", any("libcairo" in lib for lib in loaded(trace)))
    check("export-loads-its-module", any("libmuster-export" in lib for lib in loaded(trace)))
    check("export-loads-no-gtk", not gtk_in("\n".join(loaded(trace))))

# With no module where it is looked for: status 1 and a message naming the
# path (the window is not tried, so this needs no display either).
missing_dir = os.path.join(tempfile.gettempdir(), "muster-no-such-module-dir")
run = subprocess.run([muster], env=no_display_env(MUSTER_GUI_MODULE_DIR=missing_dir),
                     capture_output=True, text=True, timeout=60)
path = os.path.join(missing_dir, module_name)
check("no-module-status-1", run.returncode == 1, "status %d" % run.returncode)
check("no-module-message", "Cannot load the window of Muster from “%s”" % path in run.stderr
      and module_name + ":" in run.stderr, run.stderr)

# The same for the export's module: status 2, the path, and nothing
# written.
with tempfile.TemporaryDirectory() as tmp:
    pdf = os.path.join(tmp, "none.pdf")
    run = subprocess.run([muster, "--export", pdf, "--system", "t9a", "--deployment", "encircle"],
                         env=no_display_env(MUSTER_GUI_MODULE_DIR=missing_dir),
                         capture_output=True, text=True, timeout=60)
    path = os.path.join(missing_dir, "libmuster-export.so")
    check("no-export-module-status-2", run.returncode == 2 and not os.path.exists(pdf),
          "status %d" % run.returncode)
    check("no-export-module-message", "Cannot load the export of Muster from “%s”" % path in run.stderr,
          run.stderr)
path = os.path.join(missing_dir, module_name)

localedir = os.environ.get("MUSTER_LOCALEDIR", "")
if os.path.isfile(os.path.join(localedir, "es", "LC_MESSAGES", "muster.mo")):
    run = subprocess.run([muster], env=no_display_env(MUSTER_GUI_MODULE_DIR=missing_dir, LANGUAGE="es",
                                                  LC_ALL=messages_locale()),
                         capture_output=True, text=True, timeout=60)
    check("no-module-message-es", run.returncode == 1
          and "No se puede cargar la ventana de Muster desde «%s»" % path in run.stderr, run.stderr)
else:
    check("no-module-message-es", False, "no es/LC_MESSAGES/muster.mo under MUSTER_LOCALEDIR=%r" % localedir)

# Without MUSTER_GUI_MODULE_DIR, an executable with no module beside it
# looks in the configured directory (unless Muster is installed there).
with tempfile.TemporaryDirectory() as tmp:
    lone = os.path.join(tmp, "muster")
    shutil.copy2(muster, lone)
    env = no_display_env()
    env.pop("MUSTER_GUI_MODULE_DIR", None)
    installed = os.path.join(installed_module_dir, module_name)
    if not os.path.exists(installed):
        run = subprocess.run([lone], env=env, capture_output=True, text=True, timeout=60)
        check("lone-exe-uses-configured-dir", run.returncode == 1
              and "“%s”" % installed in run.stderr, run.stderr)
    # And the command line of that lone executable still works.
    run = subprocess.run([lone, "--validate", layout], env=env, capture_output=True, text=True, timeout=60)
    check("lone-exe-validates", run.returncode == 1 and "b9: off-board:" in run.stdout, run.stdout + run.stderr)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print(("ok" if ok else "not ok") + " %d /cli/no-gtk/%s" % (i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[-40:]:
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
