#!/usr/bin/env python3
# screenshot.py
#
# Copyright 2026 The Muster Authors
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Reads the screen of an Xvfb started with -fbdir (its XWD file), writes it
# as a PNG, and says whether Muster's board is drawn on it: the table's
# colour over a large rectangle, with a red and a blue deployment zone
# (the example layouts' two players). Only the standard library: no
# ImageMagick, no X client.
#
#   screenshot.py Xvfb_screen0 OUT.png     exit 0 when the board is drawn;
#                                          prints what it saw, and a point
#                                          of the table with nothing on it
import struct
import sys
import zlib

TABLE = (239, 235, 220)   # the light table (src/render/muster-render.c)


def read_xwd(path):
    with open(path, "rb") as f:
        data = f.read()
    fields = struct.unpack(">25I", data[:100])
    header_size, _, pixmap_format, _, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    if pixmap_format != 2 or bits_per_pixel != 32 or byte_order != 0:
        sys.exit("screenshot.py: expected a 24-bit ZPixmap, least significant byte first")
    start = header_size + ncolors * 12
    return width, height, bytes_per_line, data[start:start + bytes_per_line * height]


def write_png(path, width, height, stride, pixels):
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        line = pixels[y * stride:y * stride + 4 * width]
        rgb = bytearray(3 * width)
        rgb[0::3] = line[2::4]
        rgb[1::3] = line[1::4]
        rgb[2::3] = line[0::4]
        rows += rgb

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(bytes(rows), 6)))
        f.write(chunk(b"IEND", b""))


def board(width, height, stride, pixels):
    """(drawn?, what was seen), sampling every other pixel."""
    table = red = blue = 0
    left, top, right, bottom = width, height, -1, -1
    for y in range(0, height, 2):
        line = pixels[y * stride:y * stride + 4 * width]
        for x in range(0, width, 2):
            b, g, r = line[4 * x], line[4 * x + 1], line[4 * x + 2]
            if abs(r - TABLE[0]) <= 2 and abs(g - TABLE[1]) <= 2 and abs(b - TABLE[2]) <= 2:
                table += 1
                left, top, right, bottom = min(left, x), min(top, y), max(right, x), max(bottom, y)
            elif r > 150 and r - b > 40 and r - g > 30:
                red += 1
            elif b > 150 and b - r > 30:
                blue += 1
    samples = (width // 2) * (height // 2)
    point = centre_of_table(pixels, stride, left, top, right, bottom)
    seen = ("table %.1f%% of the screen over %dx%d px, red zone %.1f%%, blue zone %.1f%%"
            % (100 * table / samples, right - left + 1, bottom - top + 1,
               100 * red / samples, 100 * blue / samples))
    drawn = (table > 0.02 * samples and right - left >= 400 and bottom - top >= 200
             and red > 0.01 * samples and blue > 0.01 * samples)
    return drawn, seen, point


def centre_of_table(pixels, stride, left, top, right, bottom):
    """The table-coloured pixel nearest the middle of the table: an empty
    spot to click on (the board view takes the keyboard focus)."""
    if right < left:
        return 0, 0
    cx, cy = (left + right) // 2, (top + bottom) // 2
    for radius in range(0, max(right - left, bottom - top) // 2, 4):
        for x, y in ((cx + radius, cy), (cx - radius, cy), (cx, cy + radius), (cx, cy - radius)):
            if not (left <= x <= right and top <= y <= bottom):
                continue
            i = y * stride + 4 * x
            b, g, r = pixels[i], pixels[i + 1], pixels[i + 2]
            if abs(r - TABLE[0]) <= 2 and abs(g - TABLE[1]) <= 2 and abs(b - TABLE[2]) <= 2:
                return x, y
    return cx, cy


if __name__ == "__main__":
    width, height, stride, pixels = read_xwd(sys.argv[1])
    write_png(sys.argv[2], width, height, stride, pixels)
    drawn, seen, point = board(width, height, stride, pixels)
    print(seen)
    print("empty table at %d %d" % point)
    sys.exit(0 if drawn else 1)
