#!/usr/bin/python3
# shapely-validate.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""The checks of geos-validate.c, written with shapely (GEOS from Python).

    shapely-validate.py FILE.muster

Reads the same file with the standard library's XML parser and prints the
same lines as geos-validate ("<id>: <code>: <others>"), sorted; exit
status 0 legal, 1 violations. Only the 9th Age's Frontline Clash is known;
see geos-validate.c for the rules and how each is put in GEOS terms. Needs
Debian's python3-shapely (1.8).
"""

import math
import sys
import warnings
import xml.etree.ElementTree as ET

import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.strtree import STRtree

warnings.filterwarnings("ignore", category=DeprecationWarning)
warnings.filterwarnings("ignore", message=".*STRtree.*")

INCH = 25.4
EPSILON = 1e-6
TOLERANCE = 0.5
SPACING = 1 * INCH
# The 9th Age: every unit counts as a unit, single models included.
UNITS = ("unit", "model")
CENTRE_GAP = 12 * INCH


def length(text, unit):
    text = text.strip()
    for suffix, scale in (("mm", 1.0), ("cm", 10.0), ("in", INCH), ("\"", INCH), ("\u2033", INCH)):
        if text.endswith(suffix):
            return float(text[: -len(suffix)]) * scale
    return float(text) * unit


def rect(x, y, width, depth, rotation):
    angle = math.fmod(rotation, 360.0)
    if angle < 0:
        angle += 360.0
    if angle in (0.0, 180.0):
        c, s = (1.0 if angle == 0.0 else -1.0), 0.0
    elif angle in (90.0, 270.0):
        c, s = 0.0, (1.0 if angle == 90.0 else -1.0)
    else:
        c, s = math.cos(angle * math.pi / 180.0), math.sin(angle * math.pi / 180.0)
    a, b = width / 2, depth / 2
    return Polygon([(x + px * c - py * s, y + px * s + py * c)
                    for px, py in ((-a, -b), (a, -b), (a, b), (-a, b))])


class Item:
    __slots__ = ("id", "kind", "side", "deployable", "geom", "radius", "env", "verdicts")

    def __init__(self, ident, kind, side, deployable, geom, radius):
        self.id = ident
        self.kind = kind
        self.side = side
        self.deployable = deployable
        self.geom = geom
        self.radius = radius
        if radius > 0:
            self.env = (geom.x - radius, geom.y - radius, geom.x + radius, geom.y + radius)
        else:
            self.env = geom.bounds
        self.verdicts = {}

    def add(self, code, other=None):
        others = self.verdicts.setdefault(code, [])
        if other is not None:
            others.append(other)


def depth(a, b):
    """Penetration depth of two intersecting convex polygons."""
    va = list(a.exterior.coords)[:-1]
    vb = list(b.exterior.coords)[:-1]
    hull = MultiPoint([(p[0] - q[0], p[1] - q[1]) for p in va for q in vb]).convex_hull
    return hull.boundary.distance(Point(0, 0))


def separation(a, b):
    if a.radius > 0 and b.radius > 0:
        return a.geom.distance(b.geom) - a.radius - b.radius
    if a.radius > 0 or b.radius > 0:
        circle, polygon = (a, b) if a.radius > 0 else (b, a)
        d = circle.geom.distance(polygon.geom)
        if d > 0:
            return d - circle.radius
        return -(circle.radius + circle.geom.distance(polygon.geom.boundary))
    d = a.geom.distance(b.geom)
    if d > 0:
        return d
    return -depth(a.geom, b.geom)


def covered(item, area):
    if item.radius > 0:
        return area.covers(item.geom) and \
            item.geom.distance(area.boundary) >= item.radius - EPSILON
    return area.covers(item.geom)


def index(boxes):
    """An STRtree of the boxes: a function from a query box to the
    positions of the boxes it meets (shapely 1.8 and 2 differ here)."""
    if int(shapely.__version__.split(".")[0]) >= 2:
        tree = STRtree(boxes)
        return lambda query: (int(i) for i in tree.query(query))
    tree = STRtree(boxes, range(len(boxes)))
    return tree.query_items


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = ET.parse(sys.argv[1]).getroot()
    unit = {"mm": 1.0, "cm": 10.0}.get(root.get("units", "in"), INCH)
    sides = {}
    items = []
    terrain = []
    width = height = 0.0

    for node in root:
        if node.tag == "game":
            if node.get("system") != "t9a" or node.get("deployment") != "frontline-clash":
                sys.exit("shapely-validate: only t9a frontline-clash is known")
        elif node.tag == "board":
            width = length(node.get("width"), unit)
            height = length(node.get("height"), unit)
        elif node.tag == "player":
            sides[node.get("id")] = {"north": 0, "south": 1}.get(node.get("zone"), -1)
        elif node.tag == "piece":
            kind = node.get("kind", "unit")
            owner = node.get("owner")
            x = length(node.get("x"), unit)
            y = length(node.get("y"), unit)
            base = node.find("base")
            if base.get("shape") == "round":
                radius = length(base.get("diameter"), unit) / 2
                geom = Point(x, y)
            else:
                radius = 0.0
                geom = rect(x, y, length(base.get("width"), unit), length(base.get("depth"), unit),
                            float(node.get("rotation", "0")))
            items.append(Item(node.get("id"), kind, sides.get(owner, -1),
                              kind != "objective" and owner not in (None, "neutral"), geom, radius))
        elif node.tag == "terrain" and node.get("kind") != "area":
            points = [tuple(float(v) * unit for v in p.split(",")) for p in node.get("points").split()]
            terrain.append(Item(node.get("id"), "terrain", -1, False, Polygon(points), 0.0))

    board = box(0, 0, width, height)
    zones = [box(0, 0, width, height / 2 - CENTRE_GAP), box(0, height / 2 + CENTRE_GAP, width, height)]

    tree = index([box(*item.env) for item in items])
    terrain_tree = index([box(*t.env) for t in terrain]) if terrain else None
    reach = SPACING + EPSILON

    for i, a in enumerate(items):
        if a.deployable:
            on_board = covered(a, board)
            if not on_board:
                a.add("off-board")
            if a.side >= 0 and (not on_board or not covered(a, zones[a.side])):
                a.add("outside-zone")

        x0, y0, x1, y1 = a.env
        query = box(x0 - reach, y0 - reach, x1 + reach, y1 + reach)
        for j in tree(query):
            b = items[j]
            if j <= i or (not a.deployable and not b.deployable):
                continue
            sep = separation(a, b)
            if sep < -(TOLERANCE + EPSILON):
                if a.deployable:
                    a.add("overlap", b.id)
                if b.deployable:
                    b.add("overlap", a.id)
            elif a.kind in UNITS and b.kind in UNITS and sep <= SPACING + EPSILON:
                if a.deployable:
                    a.add("unit-spacing", b.id)
                if b.deployable:
                    b.add("unit-spacing", a.id)

        if a.deployable and terrain_tree is not None:
            for k in terrain_tree(query):
                t = terrain[k]
                sep = separation(a, t)
                if sep < -(TOLERANCE + EPSILON):
                    a.add("overlap", t.id)
                elif a.kind in UNITS and sep <= SPACING + EPSILON:
                    a.add("unit-spacing", t.id)

    lines = []
    order = ("off-board", "outside-zone", "overlap", "unit-spacing")
    for item in sorted(items, key=lambda it: it.id.encode()):
        for code in order:
            if code in item.verdicts:
                others = sorted(item.verdicts[code], key=lambda o: o.encode())
                lines.append("%s: %s:%s" % (item.id, code, "".join(" " + o for o in others)))
    sys.stdout.write("\n".join(lines) + ("\n" if lines else ""))
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
