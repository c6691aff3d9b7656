#!/usr/bin/env python3
"""Contact sheet for the piece set: every piece on light and dark squares of
several board themes, at 32 px and 80 px per square, on a light and a dark
page.  Pieces are embedded once as <symbol> and placed with <use>, the way the
renderer does it.  Also checks every file parses as XML.

  python3 tools/pieces/preview.py [-o out.svg] [--png] [GLOB ...]

GLOBs are relative to themes/default/pieces (default: every *.svg).
With --png, rasterises with rsvg-convert next to the SVG.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PIECES = os.path.join(ROOT, "themes", "default", "pieces")

# (light, dark) square colours: brown, green, dark-mode grey
THEMES = [("#f0d9b5", "#b58863"), ("#eeeed2", "#769656"), ("#9a9a9a", "#4a4a4a")]
PAGES = [("#ffffff", "#111"), ("#1b1b1b", "#eee")]


def inner(path):
    text = open(path).read()
    ET.fromstring(text)  # must parse
    m = re.search(r"<svg[^>]*>(.*)</svg>", text, re.S)
    return m.group(1).strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", default="/tmp/pieces-sheet.svg")
    ap.add_argument("--png", action="store_true")
    ap.add_argument("--cols", type=int, default=6)
    ap.add_argument("--board", type=int, default=0,
                    help="instead: 8-wide boards with this square size (px)")
    ap.add_argument("globs", nargs="*", default=["*.svg", "*/*.svg"])
    a = ap.parse_args()
    if a.board:
        return boards(a)
    files = []
    for g in a.globs:
        files += sorted(glob.glob(os.path.join(PIECES, g)))
    names = [os.path.relpath(f, PIECES)[:-4] for f in files]
    defs = []
    for i, f in enumerate(files):
        defs.append('<symbol id="s%d" viewBox="0 0 100 100">%s</symbol>' % (i, inner(f)))

    # one cell per piece: label, then 32px on each theme's light+dark,
    # then 80px on brown light+dark
    small = 32 * 2 * len(THEMES) + 4 * len(THEMES)
    cell_w = max(small, 170) + 16
    cell_h = 14 + 32 + 6 + 80 + 10
    cols = a.cols
    rows = (len(files) + cols - 1) // cols
    panel_w = cols * cell_w + 16
    panel_h = rows * cell_h + 16
    body = []
    for pi, (bg, fg) in enumerate(PAGES):
        ox = pi * panel_w
        body.append('<rect x="%d" y="0" width="%d" height="%d" fill="%s"/>' % (ox, panel_w, panel_h, bg))
        for i, n in enumerate(names):
            x = ox + 8 + (i % cols) * cell_w
            y = 8 + (i // cols) * cell_h
            body.append('<text x="%d" y="%d" font-family="sans-serif" font-size="11" fill="%s">%s</text>'
                        % (x, y + 10, fg, n))
            xx = x
            for light, dark in THEMES:
                for sq in (light, dark):
                    body.append('<rect x="%d" y="%d" width="32" height="32" fill="%s"/>' % (xx, y + 14, sq))
                    body.append('<use href="#s%d" xlink:href="#s%d" x="%d" y="%d" width="32" height="32"/>'
                                % (i, i, xx, y + 14))
                    xx += 32
                xx += 4
            xx = x
            for sq in THEMES[0]:
                body.append('<rect x="%d" y="%d" width="80" height="80" fill="%s"/>' % (xx, y + 52, sq))
                body.append('<use href="#s%d" xlink:href="#s%d" x="%d" y="%d" width="80" height="80"/>'
                            % (i, i, xx, y + 52))
                xx += 80
    W, H = 2 * panel_w, panel_h
    out = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           'width="%d" height="%d" viewBox="0 0 %d %d"><defs>%s</defs>%s</svg>\n'
           % (W, H, W, H, "".join(defs), "".join(body)))
    ET.fromstring(out)
    with open(a.o, "w") as f:
        f.write(out)
    print("%d pieces, all parse as XML -> %s" % (len(files), a.o))
    if a.png:
        png = a.o[:-4] + ".png"
        subprocess.check_call(["rsvg-convert", "-o", png, a.o])
        print(png)


def boards(a):
    """Pieces laid out on real 8-wide boards, one board per theme, at one size."""
    files = []
    for g in a.globs:
        files += sorted(glob.glob(os.path.join(PIECES, g)))
    defs = ['<symbol id="s%d" viewBox="0 0 100 100">%s</symbol>' % (i, inner(f))
            for i, f in enumerate(files)]
    q = a.board
    rows = (len(files) + 7) // 8
    bw, bh = 8 * q, rows * q
    body = []
    for ti, (light, dark) in enumerate(THEMES):
        ox = ti * (bw + q // 2)
        for i in range(rows * 8):
            x, y = ox + (i % 8) * q, (i // 8) * q
            sq = light if (i % 8 + i // 8) % 2 == 0 else dark
            body.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>' % (x, y, q, q, sq))
            if i < len(files):
                body.append('<use href="#s%d" x="%d" y="%d" width="%d" height="%d"/>' % (i, x, y, q, q))
    W, H = len(THEMES) * (bw + q // 2), bh
    out = ('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">'
           '<rect width="%d" height="%d" fill="#fff"/><defs>%s</defs>%s</svg>\n'
           % (W, H, W, H, W, H, "".join(defs), "".join(body)))
    ET.fromstring(out)
    with open(a.o, "w") as f:
        f.write(out)
    print("%d pieces on boards -> %s" % (len(files), a.o))
    if a.png:
        png = a.o[:-4] + ".png"
        subprocess.check_call(["rsvg-convert", "-o", png, a.o])
        print(png)


if __name__ == "__main__":
    main()
