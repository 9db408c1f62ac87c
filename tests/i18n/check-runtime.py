#!/usr/bin/env python3
# Runs the uninstalled muster under LANGUAGE=es and checks that its
# command line speaks Spanish: --help, --list-systems and --validate, with
# English under LANGUAGE=C as the control. The build's catalogue is found
# through MUSTER_LOCALEDIR (the build tree's po/), which the test sets.
#
#   check-runtime.py MUSTER_BINARY SOURCE_ROOT
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from messages_locale import messages_locale  # noqa: E402

muster, src = sys.argv[1], sys.argv[2]
examples = os.path.join(src, "tests", "data", "examples")
layouts = os.path.join(src, "tests", "data", "layouts")
results = []


def run(language, *args):
    env = dict(os.environ, LANGUAGE=language, LC_ALL=messages_locale())
    return subprocess.run([muster] + list(args), env=env, capture_output=True, text=True)


def check(name, ok, detail=""):
    results.append((name, ok, detail))


localedir = os.environ.get("MUSTER_LOCALEDIR", "")
check("catalogue", os.path.isfile(os.path.join(localedir, "es", "LC_MESSAGES", "muster.mo")),
      "no es/LC_MESSAGES/muster.mo under MUSTER_LOCALEDIR=%r" % localedir)

out = run("es", "--help")
check("help-es", out.returncode == 0
      and "Planifica el despliegue de un juego de guerra de mesa" in out.stdout
      and "--validate=ARCHIVO" in out.stdout
      and "Listar los sistemas de juego y sus tipos de despliegue" in out.stdout, out.stdout)

out = run("C", "--help")
check("help-c", out.returncode == 0 and "--validate=FILE" in out.stdout, out.stdout)

out = run("es", "--list-systems")
check("list-systems-es", out.returncode == 0
      and "Choque Frontal" in out.stdout and "Columnas en Marcha" in out.stdout
      and "Estándar" in out.stdout, out.stdout)

out = run("es", "--validate", os.path.join(examples, "infinity-standard-mixed.muster"))
check("validate-es", out.returncode == 1
      and "outside-zone: No está por completo dentro de la Zona de Despliegue" in out.stdout
      and "off-board: No está por completo sobre la mesa" in out.stdout, out.stdout + out.stderr)

out = run("C", "--validate", os.path.join(examples, "infinity-standard-mixed.muster"))
check("validate-c", out.returncode == 1
      and "outside-zone: Not entirely inside the deployment zone" in out.stdout, out.stdout + out.stderr)

out = run("es", "--validate", os.path.join(layouts, "not-a-layout.muster"))
check("load-error-es", out.returncode == 2
      and "no es una disposición de Muster" in out.stderr, out.stdout + out.stderr)

# A file over the size a layout may have: said in Spanish too.
with tempfile.TemporaryDirectory() as tmp:
    big = os.path.join(tmp, "big.muster")
    with open(big, "w") as f:
        f.write("<muster-layout>\n" + " " * (9 * 1024 * 1024) + "\n</muster-layout>\n")
    out = run("es", "--validate", big)
    check("too-big-es", out.returncode == 2
          and "el archivo ocupa más de 8 MiB" in out.stderr, out.stdout + out.stderr)

legal = os.path.join(examples, "infinity-standard-legal.muster")
out = run("es", "--validate", legal, legal)
check("one-file-es", out.returncode == 2
      and "Indique un solo archivo de disposición para comprobar" in out.stderr, out.stdout + out.stderr)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    if not ok:
        print("# " + detail.strip().replace("\n", "\n# "))
    print("%s %d /i18n/runtime/%s" % ("ok" if ok else "not ok", i, name))
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
