#!/usr/bin/env python3
# compare-saved.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Nothing was lost in a save that moved every piece 1 unit east: the saved
# layout has every element of the original, with the same attributes,
# except each piece's x, which is 1 more. Quotes, spacing, the order of
# attributes and the unit a length is written in may differ (Muster
# writes its own form, and a length in whatever unit keeps it exact).
#
#   compare-saved.py ORIGINAL SAVED        exit 0 when nothing was lost
import sys
import xml.etree.ElementTree as ET


UNITS = {"in": 25.4, '"': 25.4, "cm": 10.0, "mm": 1.0}


def millimetres(text, default_unit):
    for suffix, factor in UNITS.items():
        if text.endswith(suffix):
            return float(text[:-len(suffix)]) * factor
    return float(text) * UNITS[default_unit]


def walk(element, path=""):
    """(path, attributes) of every element, in document order."""
    here = "%s/%s[%s]" % (path, element.tag, element.get("id", ""))
    yield here, dict(element.attrib)
    for child in element:
        yield from walk(child, here)


original_root = ET.parse(sys.argv[1]).getroot()
units = original_root.get("units", "in")
original = list(walk(original_root))
try:
    saved = dict(walk(ET.parse(sys.argv[2]).getroot()))
except ET.ParseError as e:
    sys.exit("the saved file is not whole: %s" % e)

lost = []
moved = 0
for path, attributes in original:
    if path not in saved:
        lost.append("%s is gone" % path)
        continue
    for name, value in attributes.items():
        got = saved[path].get(name)
        if path.split("/")[-1].startswith("piece[") and name == "x":
            if got is None or abs(millimetres(got, units) - millimetres(value, units) - UNITS[units]) > 1e-3:
                lost.append("%s x=%s, not %s + 1" % (path, got, value))
            else:
                moved += 1
        elif got != value and not (name == "version" and got is not None):
            lost.append("%s %s=%r, was %r" % (path, name, got, value))

print("%d elements kept, %d pieces moved" % (len(original), moved))
for line in lost:
    print(line)
sys.exit(1 if lost or moved == 0 else 0)
