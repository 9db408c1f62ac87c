#!/usr/bin/env python3
# Fails when a user-visible string has no Spanish translation: extracts
# every string of po/POTFILES as the build does (the keywords and flags of
# meson's 'glib' gettext preset), then asks msgcmp whether po/es.po
# translates each one (untranslated and fuzzy entries count as missing).
# Also fails when a file under src/ or ui/ marks strings for translation
# but is missing from po/POTFILES, when POTFILES names a file that does not
# exist, and when po/system-strings.c does not match the game systems.
import os
import re
import subprocess
import sys
import tempfile

src = sys.argv[1]
failures = []

# The 'glib' preset of meson's i18n module (mesonbuild/modules/i18n.py),
# plus the arguments po/meson.build adds.
GLIB_PRESET = [
    "--from-code=UTF-8",
    "--add-comments",
    "--keyword=_",
    "--keyword=N_",
    "--keyword=C_:1c,2",
    "--keyword=NC_:1c,2",
    "--keyword=g_dcgettext:2",
    "--keyword=g_dngettext:2,3",
    "--keyword=g_dpgettext2:2c,3",
    "--flag=N_:1:pass-c-format",
    "--flag=C_:2:pass-c-format",
    "--flag=NC_:2:pass-c-format",
    "--flag=g_dngettext:2:pass-c-format",
    "--flag=g_strdup_printf:1:c-format",
    "--flag=g_string_printf:2:c-format",
    "--flag=g_string_append_printf:2:c-format",
    "--flag=g_error_new:3:c-format",
    "--flag=g_set_error:4:c-format",
    "--flag=g_markup_printf_escaped:1:c-format",
    "--flag=g_log:3:c-format",
    "--flag=g_print:1:c-format",
    "--flag=g_printerr:1:c-format",
    "--flag=g_printf:1:c-format",
    "--flag=g_fprintf:2:c-format",
    "--flag=g_sprintf:2:c-format",
    "--flag=g_snprintf:3:c-format",
    "--msgid-bugs-address=https://github.com/muster/muster/issues",
]

# What marks a string for translation in C and in GtkBuilder files.
C_MARK = re.compile(r"(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|gettext|ngettext|g_dgettext|g_dcgettext|g_dngettext|g_dpgettext2)\s*\(")
UI_MARK = re.compile(r"""translatable\s*=\s*["']yes["']""")


def read_potfiles():
    with open(os.path.join(src, "po", "POTFILES"), encoding="utf-8") as f:
        return [line.strip() for line in f
                if line.strip() and not line.lstrip().startswith("#")]


def marked_files():
    """Every file under src/ and ui/ that marks a string for translation."""
    found = []
    for top, pattern, suffixes in (("src", C_MARK, (".c", ".h")), ("ui", UI_MARK, (".ui", ".ui.in"))):
        for root, dirs, files in os.walk(os.path.join(src, top)):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(suffixes):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    if pattern.search(f.read()):
                        found.append(os.path.relpath(path, src).replace(os.sep, "/"))
    return found


potfiles = read_potfiles()

missing = [p for p in potfiles if not os.path.isfile(os.path.join(src, p))]
if missing:
    failures.append("po/POTFILES names files that do not exist:\n  " + "\n  ".join(missing))

duplicates = sorted({p for p in potfiles if potfiles.count(p) > 1})
if duplicates:
    failures.append("po/POTFILES lists these files more than once:\n  " + "\n  ".join(duplicates))

if potfiles != sorted(potfiles):
    failures.append("po/POTFILES is not sorted")

unlisted = [p for p in marked_files() if p not in potfiles]
if unlisted:
    failures.append("These files mark strings for translation but are not in po/POTFILES:\n  "
                    + "\n  ".join(unlisted))

with tempfile.TemporaryDirectory() as tmp:
    systems = sorted(os.path.join("data", "systems", f)
                     for f in os.listdir(os.path.join(src, "data", "systems"))
                     if f.endswith(".xml"))
    generated = subprocess.run([sys.executable, os.path.join(src, "po", "system-strings.py")] + systems,
                               cwd=src, check=True, capture_output=True, text=True).stdout
    with open(os.path.join(src, "po", "system-strings.c"), encoding="utf-8") as f:
        if f.read().strip() != generated.strip():
            failures.append("po/system-strings.c is out of date: run "
                            "po/system-strings.py data/systems/*.xml > po/system-strings.c")

    if not missing:
        pot = os.path.join(tmp, "muster.pot")
        listed = os.path.join(tmp, "POTFILES")
        with open(listed, "w", encoding="utf-8") as f:
            f.write("\n".join(potfiles) + "\n")
        subprocess.run(["xgettext", "--package-name=muster", "--files-from=" + listed,
                        "--directory=" + src, "--output=" + pot] + GLIB_PRESET,
                       check=True)
        result = subprocess.run(["msgcmp", os.path.join(src, "po", "es.po"), pot],
                                capture_output=True, text=True)
        if result.returncode != 0:
            # msgcmp names lines of a temporary file: show the strings.
            merged = os.path.join(tmp, "es.po")
            subprocess.run(["msgmerge", "--quiet", "--no-fuzzy-matching", "--output-file=" + merged,
                            os.path.join(src, "po", "es.po"), pot], check=True)
            ids = []
            for which in ("--untranslated", "--only-fuzzy"):
                listed_po = subprocess.run(["msgattrib", which, "--no-obsolete", "--no-wrap", merged],
                                           capture_output=True, text=True).stdout
                for block in listed_po.split("\n\n"):
                    msgid = re.search(r'^msgid "(.+)"$', block, re.MULTILINE)
                    msgctxt = re.search(r'^msgctxt "(.*)"$', block, re.MULTILINE)
                    if msgid:
                        ids.append((msgctxt.group(1) + " | " if msgctxt else "") + msgid.group(1))
            failures.append("%d strings have no Spanish translation in po/es.po "
                            "(po/README says how to update it):\n  " % len(ids)
                            + "\n  ".join(ids or [result.stderr]))

    fuzzy = subprocess.run(["msgattrib", "--only-fuzzy", "--no-obsolete", os.path.join(src, "po", "es.po")],
                           capture_output=True, text=True).stdout
    if fuzzy.strip():
        failures.append("Fuzzy entries in po/es.po:\n" + fuzzy)

    # Formats (c-format), plural forms, the header, and one mnemonic in
    # every translation whose original has one.
    check = subprocess.run(["msgfmt", "--check", "--check-accelerators=_", "-o", os.devnull,
                            os.path.join(src, "po", "es.po")],
                           capture_output=True, text=True)
    if check.returncode != 0:
        failures.append("msgfmt --check fails on po/es.po:\n" + check.stderr)

# The official Spanish rule terms (po/README.md), where the English one is
# easy to leave in: an ARO is an ORA (Orden de Reacción Automática).
SPANISH_TERMS = {"ARO": "ORA"}
with open(os.path.join(src, "po", "es.po"), encoding="utf-8") as f:
    po = f.read()
translations = [" ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
                for block in re.findall(r'^msgstr[^\n]*\n(?:"[^\n]*\n)*', po + "\n", re.MULTILINE)]
for english, spanish in SPANISH_TERMS.items():
    wrong = [t for t in translations if re.search(r"\b%s\b" % english, t)]
    if wrong:
        failures.append("po/es.po says %s where Spanish says %s:\n  " % (english, spanish)
                        + "\n  ".join(wrong))

for failure in failures:
    print("# " + failure.replace("\n", "\n# "))

print("1..1")
print(("not ok" if failures else "ok") + " 1 /i18n/es-complete")
sys.exit(1 if failures else 0)
