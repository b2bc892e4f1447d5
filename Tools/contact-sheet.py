#!/usr/bin/env python3
"""One PNG of representative basemap tiles, a row per zoom, so that a reader
sees the style (and the names on it) without a map viewer:

    Tools/contact-sheet.py Tiles docs/tiles-contact-sheet.png

Rows are zooms 14 to 17; each shows the three tiles west to east around
the Casino of Monte-Carlo (43.7397 N, 7.4277 E). Plain Python (zlib and
struct) reads the 8-bit RGB or RGBA tiles and writes the sheet.
"""
import math
import struct
import sys
import zlib

LAT, LON = 43.7397, 7.4277
ZOOMS = range(14, 18)
COLUMNS = 3


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: not 8-bit RGB(A)"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous, pos = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line[j] for j in range(stride) if channels == 3 or j % 4 != 3))
        previous = line
    return rows


def write_png(path, width, rows):
    raw = b"".join(b"\x00" + row for row in rows)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path + ".tmp", "wb").write(png)
    import os
    os.replace(path + ".tmp", path)


def tile(zoom):
    n = 2 ** zoom
    x = (LON + 180) / 360 * n
    y = (1 - math.asinh(math.tan(math.radians(LAT))) / math.pi) / 2 * n
    return int(x), int(y)


def main():
    tiles, out = sys.argv[1], sys.argv[2]
    sheet = []
    for zoom in ZOOMS:
        cx, cy = tile(zoom)
        images = [read_png(f"{tiles}/{zoom}/{cx + dx}/{cy}.png") for dx in range(-(COLUMNS // 2), COLUMNS // 2 + 1)]
        sheet += [b"".join(image[row] for image in images) for row in range(256)]
    write_png(out, 256 * COLUMNS, sheet)


if __name__ == "__main__":
    main()
