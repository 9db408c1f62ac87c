#!/usr/bin/env python3
# Fails when a user-visible string has no Spanish translation: extracts
# every string of po/POTFILES as the build does, then asks msgcmp whether
# po/es.po translates each one (untranslated and fuzzy entries count as
# missing). Also checks that po/system-strings.c matches the game systems.
import os
import subprocess
import sys
import tempfile

src = sys.argv[1]
status = 0

with tempfile.TemporaryDirectory() as tmp:
    systems = sorted(os.path.join("data", "systems", f)
                     for f in os.listdir(os.path.join(src, "data", "systems"))
                     if f.endswith(".xml"))
    generated = subprocess.run([sys.executable, os.path.join(src, "po", "system-strings.py")] + systems,
                               cwd=src, check=True, capture_output=True, text=True).stdout
    with open(os.path.join(src, "po", "system-strings.c"), encoding="utf-8") as f:
        if f.read().strip() != generated.strip():
            print("po/system-strings.c is out of date: run po/system-strings.py data/systems/*.xml > po/system-strings.c")
            status = 1

    pot = os.path.join(tmp, "muster.pot")
    subprocess.run(["xgettext", "--files-from=" + os.path.join(src, "po", "POTFILES"),
                    "--directory=" + src, "--output=" + pot, "--from-code=UTF-8",
                    "--add-comments", "--keyword=_", "--keyword=N_", "--keyword=C_:1c,2",
                    "--keyword=NC_:1c,2", "--keyword=g_dngettext:2,3", "--keyword=ngettext:1,2",
                    "--keyword=g_dgettext:2",
                    "--flag=g_strdup_printf:1:c-format", "--flag=g_set_error:4:c-format"],
                   check=True)
    result = subprocess.run(["msgcmp", os.path.join(src, "po", "es.po"), pot],
                            capture_output=True, text=True)
    if result.returncode != 0:
        print("Strings without a Spanish translation in po/es.po:")
        print(result.stderr)
        status = 1

    fuzzy = subprocess.run(["msgattrib", "--only-fuzzy", "--no-obsolete", os.path.join(src, "po", "es.po")],
                           capture_output=True, text=True).stdout
    if fuzzy.strip():
        print("Fuzzy entries in po/es.po:")
        print(fuzzy)
        status = 1

    check = subprocess.run(["msgfmt", "--check", "-o", os.devnull, os.path.join(src, "po", "es.po")],
                           capture_output=True, text=True)
    if check.returncode != 0:
        print(check.stderr)
        status = 1

print("1..1")
print(("ok" if status == 0 else "not ok") + " 1 /i18n/es-complete")
sys.exit(status)
