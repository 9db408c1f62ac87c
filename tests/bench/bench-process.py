#!/usr/bin/env python3
# bench-process.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Whole-process benchmarks of Muster, each against a yardstick timed in
the same run, the runs of the two interleaved (so that a machine that
gets busier halfway hurts both alike).

    bench-process.py --build BUILD --work DIR [--runs N] [--baseline OLD] SECTION...

SECTION is one of
  validate  `muster --validate L5000` (a generated 5,000-base layout,
            process start to exit) against the same checks with GEOS
            (geos-validate, C) and with shapely (shapely-validate.py, if
            Debian's python3-shapely is there), after checking that all
            three give the same verdicts;
  export    `muster --export x.pdf --system t9a --deployment encircle`
            against `muster --version` (starting the process and leaving);
            and, for the floor, bare-pdf (one line of text to a PDF)
            against bare-pdf starting and leaving;
  startup   start-up to the first drawn frame of the default table
            (MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME=1 muster) against
            bare-window, a GtkWindow with a GtkDrawingArea, and against
            the floor, the same with libadwaita and a line of text;
            opening the 5,000-base layout (`muster L5000`) to its first
            drawn frame against the default table's start-up; and the
            resident memory at that frame, with the 5,000-base layout
            open, against the bare window's. Needs a display: run under
            xvfb-run.

With --baseline OLD (another build directory, e.g. a copy of BUILD
kept from before a change), each section also times OLD's muster in the
same round-robin and prints, per command, this build's time over OLD's:

    BASELINE <command> wall <new/old> cpu <new/old>

Each figure is the median of the runs: "wall" is the time from spawning
the process to reaping it, "cpu" the user and system time the kernel
charged it (wait4), which a busy machine disturbs much less. Prints a
table per section and one line per target:

    RATIO <name> <value> <target> met|NOT met

The targets are those of issue 9 and, where issue 18 set new ones, issue
18's: start-up at most 1.15x the floor (a libadwaita window with one line
of text), the 5,000-base layout opened at most 1.3x the default table's
start-up, export at most 1.6x bare-pdf's line of text, validation at
least 3x faster than the GEOS C API and 30x than shapely.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_once(argv, env=None, stdout_path=os.devnull):
    """Runs argv; returns (wall s, cpu s, exit status, stderr text, peak rss kB)."""
    with open(stdout_path, "wb") as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return wall, usage.ru_utime + usage.ru_stime, proc.returncode, text, usage.ru_maxrss


class Bench:
    """Named commands timed round-robin."""

    def __init__(self, runs):
        self.runs = runs
        self.commands = []
        self.samples = {}

    def add(self, name, argv, env=None, ok_status=(0,)):
        self.commands.append((name, argv, env, ok_status))
        self.samples[name] = {"wall": [], "cpu": [], "stderr": [], "maxrss": []}

    def run(self, warmup=1):
        for i in range(warmup + self.runs):
            for name, argv, env, ok_status in self.commands:
                wall, cpu, status, err, maxrss = run_once(argv, env)
                if status not in ok_status:
                    sys.exit("bench-process: %s exited with %d:\n%s" % (" ".join(argv), status, err))
                if i >= warmup:
                    s = self.samples[name]
                    s["wall"].append(wall)
                    s["cpu"].append(cpu)
                    s["stderr"].append(err)
                    s["maxrss"].append(maxrss)

    def wall(self, name):
        return statistics.median(self.samples[name]["wall"])

    def cpu(self, name):
        return statistics.median(self.samples[name]["cpu"])

    def table(self):
        width = max([34] + [len(name) for name, _, _, _ in self.commands])
        print("  %-*s %10s %10s" % (width, "", "wall ms", "cpu ms"))
        for name, _, _, _ in self.commands:
            print("  %-*s %10.1f %10.1f" % (width, name, self.wall(name) * 1e3, self.cpu(name) * 1e3))


def ratio(name, value, target, better_if_above=False):
    met = value >= target if better_if_above else value <= target
    print("RATIO %s %.2f %s%s %s" % (name, value, ">=" if better_if_above else "<=", target,
                                     "met" if met else "NOT met"))


def muster_of(build):
    """The muster executable of a build, and the window module it opens
    (beside it, in a build tree) when the build has one."""
    muster = tool(build, "src/muster")
    # Since issue 9 the window is a GModule beside src/muster; an older
    # build (a baseline) may have none.
    # Since issue 18 the drawing of --export is another, beside it too.
    if os.path.exists(os.path.join(build, "build.ninja")):
        with open(os.path.join(build, "build.ninja"), encoding="utf-8") as f:
            ninja = f.read()
        for module in ("libmuster-gui", "libmuster-export"):
            if module in ninja:
                tool(build, "src/%s.so" % module)
    return muster


def add_baseline(args, bench, name, argv, env, ok_status=(0,)):
    """Times the same command with the baseline build's muster."""
    if args.baseline:
        old = muster_of(args.baseline)
        bench.add(name + " [baseline]", [old if a == argv[0] else a for a in argv], env, ok_status)


def baseline_report(args, bench, names):
    if not args.baseline:
        return
    for name in names:
        old = name + " [baseline]"
        print("BASELINE %s wall %.2f cpu %.2f" % (name, bench.wall(name) / bench.wall(old),
                                                  bench.cpu(name) / bench.cpu(old)))


def tool(build, path):
    full = os.path.join(build, path)
    if not os.path.exists(full):
        sys.exit("bench-process: %s is not built (ninja -C %s %s)" % (full, build, path))
    return full


def layout_file(build, work, n):
    path = os.path.join(work, "layout-%d.muster" % n)
    if not os.path.exists(path):
        subprocess.run([tool(build, "tests/bench/gen-layout"), str(n), path], check=True)
    return path


def has_shapely():
    try:
        subprocess.run(["/usr/bin/python3", "-c", "import shapely"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return True
    except (OSError, subprocess.CalledProcessError):
        return False


def cli_env():
    env = dict(os.environ)
    env.update({"LC_ALL": "C.UTF-8", "LANGUAGE": "C", "DISPLAY": "", "WAYLAND_DISPLAY": ""})
    return env


def section_validate(args):
    muster = muster_of(args.build)
    geos = tool(args.build, "tests/bench/geos-validate")
    layout = layout_file(args.build, args.work, 5000)
    shapely = has_shapely()
    env = cli_env()

    print("== validate: a generated 5,000-base layout (%s), process start to exit" % layout)

    # Same verdicts first.
    outputs = {}
    for name, argv in (("muster", [muster, "--validate", layout]),
                       ("geos", [geos, layout]),
                       ("shapely", [os.path.join(HERE, "shapely-validate.py"), layout])):
        if name == "shapely" and not shapely:
            continue
        path = os.path.join(args.work, "verdicts-%s.txt" % name)
        _, _, status, err, _ = run_once(argv, env, path)
        if status not in (0, 1):
            sys.exit("bench-process: %s failed (%d): %s" % (name, status, err))
        outputs[name] = path
    for name in outputs:
        if name == "muster":
            continue
        result = subprocess.run([sys.executable, os.path.join(HERE, "compare-verdicts.py"),
                                 outputs["muster"], outputs[name]],
                                stdout=subprocess.PIPE, text=True)
        print("  verdicts, muster and %s: %s" % (name, result.stdout.strip()))
        if result.returncode != 0:
            sys.exit("bench-process: the verdicts differ")

    bench = Bench(args.runs)
    bench.add("muster --validate", [muster, "--validate", layout], env, (1,))
    bench.add("geos-validate (C, GEOS 3.11)", [geos, layout], env, (1,))
    if shapely:
        bench.add("shapely-validate.py (shapely 1.8)",
                  ["/usr/bin/python3", os.path.join(HERE, "shapely-validate.py"), layout], env, (1,))
    bench.add("muster --version (start and exit)", [muster, "--version"], env)
    add_baseline(args, bench, "muster --validate", [muster, "--validate", layout], env, (1,))
    add_baseline(args, bench, "muster --version (start and exit)", [muster, "--version"], env)
    bench.run()
    bench.table()
    baseline_report(args, bench, ["muster --validate", "muster --version (start and exit)"])

    # Issue 18: at least 3x faster than the GEOS C API, 30x than shapely.
    geos_name = "geos-validate (C, GEOS 3.11)"
    ratio("validate-geos-c/muster(wall)", bench.wall(geos_name) / bench.wall("muster --validate"), 3, True)
    ratio("validate-geos-c/muster(cpu)", bench.cpu(geos_name) / bench.cpu("muster --validate"), 3, True)
    if shapely:
        sname = "shapely-validate.py (shapely 1.8)"
        ratio("validate-shapely/muster(wall)", bench.wall(sname) / bench.wall("muster --validate"), 30, True)
        ratio("validate-shapely/muster(cpu)", bench.cpu(sname) / bench.cpu("muster --validate"), 30, True)
    print("  (muster --validate less its start and exit: %.1f ms cpu)"
          % ((bench.cpu("muster --validate") - bench.cpu("muster --version (start and exit)")) * 1e3))

    # The same file in process, phase by phase: what the file format and
    # the process cost, and what the rules cost.
    phases = {"muster": [], "geos": []}
    genv = dict(env, GEOS_VALIDATE_TIMES="1")
    for _ in range(args.runs):
        out = subprocess.run([tool(args.build, "tests/bench/validate-file"), layout, "3"],
                             env=env, stdout=subprocess.PIPE, text=True, check=True).stdout
        phases["muster"].append(dict(kv.split("=") for kv in out.split()[1:]))
        err = subprocess.run([geos, layout], env=genv, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True).stderr
        line = [l for l in err.splitlines() if l.startswith("geos-validate:")][0]
        phases["geos"].append(dict(kv.split("=") for kv in line.split()[1:]))

    def med(name, key):
        return statistics.median(float(p[key]) for p in phases[name])

    m_load, m_val = med("muster", "load-ms"), med("muster", "validate-ms")
    g_read, g_build, g_check = med("geos", "read-ms"), med("geos", "build-ms"), med("geos", "check-ms")
    print("  in process, cpu ms (medians): muster: load %.1f, validate %.2f;"
          " geos-validate: read %.1f, build %.1f, check %.1f" % (m_load, m_val, g_read, g_build, g_check))
    ratio("validate-in-process-geos-c/muster (geometries + index + checks)",
          (g_build + g_check) / m_val, 20, True)


def section_export(args):
    muster = muster_of(args.build)
    bare_pdf = tool(args.build, "tests/bench/bare-pdf")
    env = cli_env()
    out = os.path.join(args.work, "encircle.pdf")

    print("== export: a bare Encircle diagram to PDF, against starting and leaving")
    bench = Bench(args.runs)
    bench.add("muster --export x.pdf (encircle)",
              [muster, "--export", out, "--system", "t9a", "--deployment", "encircle"], env)
    bench.add("muster --version", [muster, "--version"], env)
    # The floor: one line of text to a PDF with Pango and cairo, against
    # the same program starting and leaving (no argument: its usage).
    bench.add("bare-pdf (a line of text to PDF)", [bare_pdf, os.path.join(args.work, "bare.pdf")], env)
    bench.add("bare-pdf (start and exit)", [bare_pdf], env, (2,))
    add_baseline(args, bench, "muster --export x.pdf (encircle)",
                 [muster, "--export", out, "--system", "t9a", "--deployment", "encircle"], env)
    add_baseline(args, bench, "muster --version", [muster, "--version"], env)
    bench.run()
    bench.table()
    baseline_report(args, bench, ["muster --export x.pdf (encircle)", "muster --version"])
    ratio("export/start(wall)", bench.wall("muster --export x.pdf (encircle)") / bench.wall("muster --version"), 2)
    ratio("export/start(cpu)", bench.cpu("muster --export x.pdf (encircle)") / bench.cpu("muster --version"), 2)
    # Issue 18: against the floor, both whole processes.
    ratio("export/bare-pdf(wall)", bench.wall("muster --export x.pdf (encircle)")
          / bench.wall("bare-pdf (a line of text to PDF)"), 1.6)
    ratio("export/bare-pdf(cpu)", bench.cpu("muster --export x.pdf (encircle)")
          / bench.cpu("bare-pdf (a line of text to PDF)"), 1.6)
    print("  (the floor, for information: a line of text to PDF over starting the same program:"
          " %.2f wall, %.2f cpu; Muster's export over that line of text: %.2f wall)"
          % (bench.wall("bare-pdf (a line of text to PDF)") / bench.wall("bare-pdf (start and exit)"),
             bench.cpu("bare-pdf (a line of text to PDF)") / bench.cpu("bare-pdf (start and exit)"),
             bench.wall("muster --export x.pdf (encircle)") / bench.wall("bare-pdf (a line of text to PDF)")))


def rss_of(text):
    for line in text.splitlines():
        if "first-frame rss-kb=" in line:
            return int(line.rsplit("=", 1)[1])
    return None


def section_startup(args):
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        sys.exit("bench-process: startup needs a display (run under xvfb-run)")
    # The programs' settings, state and caches, gone with the run.
    with tempfile.TemporaryDirectory(prefix="bench-startup-", dir=args.work) as home:
        startup_in(args, home)


def startup_in(args, home):
    muster = muster_of(args.build)
    bare = tool(args.build, "tests/bench/bare-window")
    layout = layout_file(args.build, args.work, 5000)

    env = dict(os.environ)
    # Each muster opens the window module beside it (its own build's).
    env.pop("MUSTER_GUI_MODULE_DIR", None)
    env.update({
        "GSETTINGS_SCHEMA_DIR": os.path.join(args.build, "data"),
        "GSETTINGS_BACKEND": "memory",
        "GSK_RENDERER": args.renderer,
        "NO_AT_BRIDGE": "1",
        "GTK_A11Y": "none",
        "XDG_CONFIG_HOME": os.path.join(home, "config"),
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "XDG_STATE_HOME": os.path.join(home, "state"),
        "XDG_CACHE_HOME": os.path.join(home, "cache"),
        "LC_ALL": "C.UTF-8",
        "LANGUAGE": "C",
    })
    menv = dict(env, MUSTER_BENCH_EXIT_AFTER_FIRST_FRAME="1")

    print("== startup: to the first drawn frame, GSK_RENDERER=%s, 1200 × 800 windows" % args.renderer)
    bench = Bench(args.runs)
    bench.add("bare-window (GtkWindow + GtkDrawingArea)", [bare], env)
    bench.add("bare-window --adw (and libadwaita)", [bare, "--adw"], env)
    bench.add("bare-window --text (a line of text)", [bare, "--text"], env)
    bench.add("bare-window --adw --text (both)", [bare, "--adw", "--text"], env)
    bench.add("muster (default table)", [muster], menv)
    bench.add("muster layout-5000.muster", [muster, layout], menv)
    add_baseline(args, bench, "muster (default table)", [muster], menv)
    add_baseline(args, bench, "muster layout-5000.muster", [muster, layout], menv)
    bench.run()
    bench.table()
    baseline_report(args, bench, ["muster (default table)", "muster layout-5000.muster"])

    rss = {}
    for name in bench.samples:
        values = [rss_of(t) for t in bench.samples[name]["stderr"]]
        if None in values:
            sys.exit("bench-process: %s did not report its first frame" % name)
        rss[name] = statistics.median(values)
        print("  %-*s %10.1f MB resident at the first frame"
              % (max([34] + [len(n) for n in bench.samples]), name, rss[name] / 1024))

    bare_name = "bare-window (GtkWindow + GtkDrawingArea)"
    adw_name = "bare-window --adw (and libadwaita)"
    floor_name = "bare-window --adw --text (both)"
    default_name = "muster (default table)"
    open_name = "muster layout-5000.muster"
    ratio("startup-muster/bare(wall)", bench.wall(default_name) / bench.wall(bare_name), 1.3)
    ratio("startup-muster/bare(cpu)", bench.cpu(default_name) / bench.cpu(bare_name), 1.3)
    # Issue 18: against the floor of any libadwaita window with a word on
    # it; and a big layout opened against the default table, both to the
    # first frame that shows the board.
    ratio("startup-muster/floor(wall)", bench.wall(default_name) / bench.wall(floor_name), 1.15)
    ratio("startup-muster/floor(cpu)", bench.cpu(default_name) / bench.cpu(floor_name), 1.15)
    ratio("open-5000/startup(wall)", bench.wall(open_name) / bench.wall(default_name), 1.3)
    ratio("open-5000/startup(cpu)", bench.cpu(open_name) / bench.cpu(default_name), 1.3)
    ratio("rss-muster-5000/bare", rss["muster layout-5000.muster"] / rss[bare_name], 1.5)
    ratio("rss-muster-default/bare", rss["muster (default table)"] / rss[bare_name], 1.5)
    print("  (against the bare window with libadwaita, for information: start-up %.2f wall, %.2f cpu;"
          " rss with 5,000 pieces %.2f)"
          % (bench.wall("muster (default table)") / bench.wall(adw_name),
             bench.cpu("muster (default table)") / bench.cpu(adw_name),
             rss["muster layout-5000.muster"] / rss[adw_name]))
    print("  (the floor, for information: libadwaita and a line of text over the bare window:"
          " %.2f wall, %.2f cpu; Muster over that floor: %.2f wall, %.2f cpu)"
          % (bench.wall(floor_name) / bench.wall(bare_name), bench.cpu(floor_name) / bench.cpu(bare_name),
             bench.wall("muster (default table)") / bench.wall(floor_name),
             bench.cpu("muster (default table)") / bench.cpu(floor_name)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="the meson build directory")
    parser.add_argument("--work", required=True, help="where to put layouts and outputs")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--renderer", default="cairo", help="GSK_RENDERER for the startup section")
    parser.add_argument("--baseline", help="another build directory whose muster to time alongside")
    parser.add_argument("sections", nargs="+", choices=("validate", "export", "startup"))
    args = parser.parse_args()
    args.build = os.path.abspath(args.build)
    args.work = os.path.abspath(args.work)
    if args.baseline:
        args.baseline = os.path.abspath(args.baseline)
    os.makedirs(args.work, exist_ok=True)

    for section in args.sections:
        {"validate": section_validate, "export": section_export, "startup": section_startup}[section](args)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
