#!/usr/bin/env python3
# compare-verdicts.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Compares the verdicts of `muster --validate` with those of a yardstick.

    compare-verdicts.py MUSTER.txt OTHER.txt

MUSTER.txt is what `LC_ALL=C muster --validate FILE` printed:
"<id>: <code>: <message>[ (also <id>, <id>...)]", where the message of a
pair rule ends with the other piece ("Overlaps b3", "Within 1″ of t2").
OTHER.txt is "<id>: <code>:[ <other> ...]", as geos-validate and
shapely-validate.py print. The verdicts are the same when every piece
breaks the same rules with the same other pieces. Prints a summary (and
the first differences); exits 1 when they differ.
"""

import sys

PAIR_CODES = {"overlap", "unit-spacing", "base-contact", "enemy-too-close"}


def read_muster(path):
    verdicts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            piece, code, message = line.split(": ", 2)
            others = set()
            if code in PAIR_CODES:
                also = None
                if message.endswith(")") and " (also " in message:
                    message, also = message[:-1].split(" (also ", 1)
                others.add(message.split()[-1])
                if also:
                    others.update(o.strip() for o in also.split(","))
            verdicts[(piece, code)] = frozenset(others)
    return verdicts


def read_other(path):
    verdicts = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            piece, code, rest = (part.strip() for part in line.split(":", 2))
            verdicts[(piece, code)] = frozenset(rest.split()) if code in PAIR_CODES else frozenset()
    return verdicts


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a = read_muster(sys.argv[1])
    b = read_other(sys.argv[2])
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    differ = sorted(k for k in set(a) & set(b) if a[k] != b[k])
    pairs = sum(len(v) for v in a.values())
    if not only_a and not only_b and not differ:
        print("identical: %d verdicts (%d naming another piece)" % (len(a), pairs))
        return 0
    print("DIFFERENT: %d only in muster, %d only in the other, %d name other pieces"
          % (len(only_a), len(only_b), len(differ)))
    for k in only_a[:5]:
        print("  only muster: %s: %s %s" % (k[0], k[1], " ".join(sorted(a[k]))))
    for k in only_b[:5]:
        print("  only other:  %s: %s %s" % (k[0], k[1], " ".join(sorted(b[k]))))
    for k in differ[:5]:
        print("  %s: %s: muster %s, other %s" % (k[0], k[1], sorted(a[k]), sorted(b[k])))
    return 1


if __name__ == "__main__":
    sys.exit(main())
