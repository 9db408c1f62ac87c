#!/usr/bin/env python3
# check-build-options.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The build options of meson_options.txt do what packagers and the Flatpak
# manifest ask of them. Configures the source tree (no compiling) in
# scratch build directories and reads meson's introspection:
#
#   - -Dtests=false defines no test, and builds nothing that is not
#     installed or linked into what is: no test, fuzz or bench program;
#   - -Dfuzzers=false and -Dbenchmarks=false leave out the fuzz harnesses
#     and the benchmarks, and keep the rest of the suite;
#   - by default everything is there, as the README's commands expect.
#
#   check-build-options.py SOURCE_ROOT
import json
import shutil
import subprocess
import sys
import tempfile

src = sys.argv[1]
meson = shutil.which("meson") or "meson"
results = []


def check(name, ok, detail=""):
    results.append((name, bool(ok), detail))


def configure(*options):
    """(targets, tests) of the tree configured with options, or (None, None)."""
    with tempfile.TemporaryDirectory() as build:
        run = subprocess.run([meson, "setup", build, src] + list(options),
                             capture_output=True, text=True)
        if run.returncode != 0:
            check("setup " + " ".join(options), False, run.stdout + run.stderr)
            return None, None

        def introspect(what):
            out = subprocess.run([meson, "introspect", build, "--" + what],
                                 capture_output=True, text=True, check=True).stdout
            return json.loads(out)

        return introspect("targets"), introspect("tests")


def helpers(targets):
    """Names of the test, fuzz and bench programs among targets."""
    return sorted(t["name"] for t in targets
                  if t["name"].startswith(("test-", "fuzz-", "bench-", "gen-layout", "bare-")))


def suites(tests):
    return {s.split(":")[-1] for t in tests for s in t["suite"]}


targets, tests = configure("-Dtests=false")
if targets is not None:
    check("no-tests-defines-no-test", tests == [], " ".join(t["name"] for t in tests))
    check("no-tests-builds-no-helper", helpers(targets) == [], " ".join(helpers(targets)))
    # What is built but not installed is only linked or compiled into what
    # is (static libraries, resources), or the compiled schemas that
    # `meson devenv` runs the build tree with.
    loose = [t["name"] for t in targets
             if t["build_by_default"] and not t["installed"]
             and t["type"] in ("executable", "shared library", "shared module")]
    check("no-tests-builds-only-installed-programs", loose == [], " ".join(loose))
    installed = {t["name"] for t in targets if t["installed"]}
    check("no-tests-still-builds-muster", {"muster", "muster-gui"} <= installed, " ".join(sorted(installed)))

targets, tests = configure("-Dfuzzers=false", "-Dbenchmarks=false")
if targets is not None:
    names = helpers(targets)
    check("no-fuzzers-no-benchmarks-builds-neither",
          not any(n.startswith(("fuzz-", "bench-")) for n in names), " ".join(names))
    check("no-fuzzers-keeps-the-suite", "fuzz" not in suites(tests)
          and {"core", "game", "render", "cli", "ui", "data", "i18n"} <= suites(tests),
          " ".join(sorted(suites(tests))))

targets, tests = configure()
if targets is not None:
    names = helpers(targets)
    check("default-has-fuzzers", "fuzz" in suites(tests) and any(n.startswith("fuzz-replay-") for n in names))
    check("default-has-benchmarks", any(n.startswith("bench-") for n in names), " ".join(names))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print(("ok" if ok else "not ok") + " %d /build-options/%s" % (i, name))
    if not ok and detail:
        for line in str(detail).splitlines():
            print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
