#!/usr/bin/env python3
# targets.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""The targets of issue 18, run after run: one run's figures and the
range over several, as the issue asks them reported.

    targets.py --build BUILD --work DIR [--rounds N] [--runs N]

Each round runs `bench-scale --growth`, `bench-drag` and
`bench-process.py validate export startup` one after the other (about a
minute and a half) and keeps their RATIO lines; the rounds follow each
other, and a table then gives each target's figure in every round (CPU
time where the program gives both), its range, and in how many rounds
it was met. The figures are ratios taken within one run, so that a
machine that is busier in one round than the next moves both sides of
each; how far they still swing from round to round is what the range
shows. Needs what bench-process.py needs, and a display: run under
xvfb-run, or it starts one for the programs that open windows.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (RATIO name, what it is, target, True where the figure is to be at least the target)
TARGETS = (
    ("startup-muster/floor(cpu)", "start-up ≤ 1.15× a libadwaita window with a line of text", 1.15, False),
    ("open-5000/startup(cpu)", "a 5,000-piece layout opened ≤ 1.3× the default start-up", 1.3, False),
    ("export/bare-pdf(cpu)", "PDF export ≤ 1.6× a line of text to a PDF", 1.6, False),
    ("validate-geos-c/muster(cpu)", "--validate ≥ 3× faster than the GEOS C API", 3.0, True),
    ("validate-shapely/muster(cpu)", "--validate ≥ 30× faster than shapely", 30.0, True),
    ("validate-growth-5000-50000", "validation 5,000 → 50,000 bases ≤ ×12", 12.0, False),
    ("drag-frame-50000/empty-frame", "a drag frame at 50,000 pieces ≤ 3× the empty table's", 3.0, False),
)

RATIO = re.compile(r"RATIO (\S+) ([0-9.]+)")

TARGETS_TO_BUILD = ("src/muster", "src/libmuster-gui.so", "src/libmuster-export.so", "data/gschemas.compiled",
                    "tests/bench/bench-scale", "tests/bench/bench-drag", "tests/bench/gen-layout",
                    "tests/bench/validate-file", "tests/bench/bare-window", "tests/bench/bare-pdf")


def with_display(argv, build):
    env = dict(os.environ, GSETTINGS_SCHEMA_DIR=os.path.join(build, "data"), GSETTINGS_BACKEND="memory",
               NO_AT_BRIDGE="1")
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return argv, env
    if shutil.which("xvfb-run") is None:
        sys.exit("targets: no display, and no xvfb-run to start one")
    return ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24"] + argv, env


def ratios_of(argv, build):
    argv, env = with_display(argv, build)
    result = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.exit("targets: %s failed (%d):\n%s" % (" ".join(argv), result.returncode, result.stdout))
    found = {}
    for line in result.stdout.splitlines():
        match = RATIO.search(line)
        # A program may print a ratio twice (a table and a summary): the last.
        if match:
            found[match.group(1)] = float(match.group(2))
    return found


def one_round(args):
    build = args.build
    found = {}
    found.update(ratios_of([os.path.join(build, "tests/bench/bench-scale"), "--growth"], build))
    found.update(ratios_of([os.path.join(build, "tests/bench/bench-drag")], build))
    found.update(ratios_of([sys.executable, os.path.join(HERE, "bench-process.py"), "--build", build,
                            "--work", args.work, "--runs", str(args.runs), "validate", "export", "startup"],
                           build))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="a meson build directory, --buildtype=release")
    parser.add_argument("--work", required=True, help="where to put layouts and outputs")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--runs", type=int, default=15, help="runs of each command in bench-process.py")
    args = parser.parse_args()

    if args.rounds < 1:
        sys.exit("targets: --rounds must be at least 1")
    args.build = os.path.abspath(args.build)
    os.makedirs(args.work, exist_ok=True)
    with open(os.path.join(args.build, "build.ninja"), encoding="utf-8") as f:
        # Only where GEOS was found when the build was configured.
        geos = ["tests/bench/geos-validate"] if "geos-validate" in f.read() else []
    subprocess.run(["ninja", "-C", args.build] + list(TARGETS_TO_BUILD) + geos, check=True,
                   stdout=subprocess.DEVNULL)

    rounds = []
    for i in range(args.rounds):
        with open("/proc/loadavg", encoding="ascii") as f:
            load = " ".join(f.read().split()[:3])
        print("round %d of %d (load average %s)" % (i + 1, args.rounds, load), flush=True)
        rounds.append(one_round(args))

    print()
    print("| target | %s | range | met |" % " | ".join("round %d" % (i + 1) for i in range(len(rounds))))
    print("| --- | %s | --- | --- |" % " | ".join("---" for _ in rounds))
    for name, what, target, at_least in TARGETS:
        values = [r.get(name) for r in rounds]
        known = [v for v in values if v is not None]
        if not known:
            print("| %s | %s | - | not measured |" % (what, " | ".join("-" for _ in rounds)))
            continue
        met = sum(1 for v in known if (v >= target if at_least else v <= target))
        print("| %s | %s | %.2f–%.2f | %d of %d |"
              % (what, " | ".join("-" if v is None else "%.2f" % v for v in values),
                 min(known), max(known), met, len(rounds)))

    return 0


if __name__ == "__main__":
    sys.exit(main())
