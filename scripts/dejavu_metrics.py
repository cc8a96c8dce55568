#!/usr/bin/env python3
"""Prints the advance widths of DejaVu Sans Bold (Debian's fonts-dejavu-core) for U+0020-U+007E
and U+00A0-U+00FF, in font units, as the Swift table in Sources/SwipeCore/ButtonMetrics.swift.
Reads the TTF's head, hhea, cmap (format 4) and hmtx tables itself (no fontTools).

    python3 scripts/dejavu_metrics.py [/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf]
"""
import struct
import sys

path = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
data = open(path, "rb").read()
count = struct.unpack(">H", data[4:6])[0]
tables = {}
for i in range(count):
    tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
    tables[tag.decode()] = (offset, length)

head = tables["head"][0]
units_per_em = struct.unpack(">H", data[head + 18:head + 20])[0]
hhea = tables["hhea"][0]
metric_count = struct.unpack(">H", data[hhea + 34:hhea + 36])[0]
hmtx = tables["hmtx"][0]


def advance(glyph):
    glyph = min(glyph, metric_count - 1)
    return struct.unpack(">H", data[hmtx + 4 * glyph:hmtx + 4 * glyph + 2])[0]


cmap = tables["cmap"][0]
subtables = struct.unpack(">H", data[cmap + 2:cmap + 4])[0]
format4 = None
for i in range(subtables):
    platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i:cmap + 12 + 8 * i])
    if (platform, encoding) in ((3, 1), (0, 3)) and struct.unpack(">H", data[cmap + offset:cmap + offset + 2])[0] == 4:
        format4 = cmap + offset
        break
seg_count = struct.unpack(">H", data[format4 + 6:format4 + 8])[0] // 2
ends = format4 + 14
starts = ends + 2 * seg_count + 2
deltas = starts + 2 * seg_count
range_offsets = deltas + 2 * seg_count


def glyph_of(code):
    for s in range(seg_count):
        end = struct.unpack(">H", data[ends + 2 * s:ends + 2 * s + 2])[0]
        if code > end:
            continue
        start = struct.unpack(">H", data[starts + 2 * s:starts + 2 * s + 2])[0]
        if code < start:
            return 0
        delta = struct.unpack(">h", data[deltas + 2 * s:deltas + 2 * s + 2])[0]
        ro = struct.unpack(">H", data[range_offsets + 2 * s:range_offsets + 2 * s + 2])[0]
        if ro == 0:
            return (code + delta) & 0xFFFF
        where = range_offsets + 2 * s + ro + 2 * (code - start)
        glyph = struct.unpack(">H", data[where:where + 2])[0]
        return (glyph + delta) & 0xFFFF if glyph else 0
    return 0


def row(first, last):
    widths = [advance(glyph_of(c)) for c in range(first, last + 1)]
    lines = []
    for i in range(0, len(widths), 16):
        lines.append("        " + ", ".join(str(w) for w in widths[i:i + 16]) + ",")
    return "\n".join(lines)


print("    // units per em: %d" % units_per_em)
print("    // U+0020 ... U+007E")
print(row(0x20, 0x7E))
print("    // U+00A0 ... U+00FF")
print(row(0xA0, 0xFF))
