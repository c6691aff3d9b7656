#!/usr/bin/env python3
"""Compose Checkered's checkered pieces (owned by both sides) from the chess
art in build.py.

A checkered piece is neither White's nor Black's: its body is grey (a colour
no side has), and a small checkerboard (3x3 squares, dark corners) stands
in its top right corner, the mark of the site's "checkered" colour.

vchess letters (either case): s=pawn t=queen u=rook c=bishop o=knight, drawn
from the files Checkered/c<piece>.svg, as vchess names its images.

Run: python3 tools/pieces/checkered.py   (build.py also runs it)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402

GREY = {"fill": "#9a9a9a", "line": "#222", "detail": "#222"}
BADGE = (70, 5, 8)  # left x, top y, square size


def badge():
    x0, y0, s = BADGE
    dark = []
    for row in range(3):
        for col in range(3):
            if (row + col) % 2 == 0:
                dark.append('<rect x="%d" y="%d" width="%d" height="%d"/>'
                            % (x0 + col * s, y0 + row * s, s, s))
    frame = ('<g fill="#fff" stroke="#222" stroke-width="2">'
             '<rect x="%d" y="%d" width="%d" height="%d"/></g>'
             % (x0, y0, 3 * s, 3 * s))
    return frame + '<g fill="#222" stroke="none">%s</g>' % "".join(dark)


def checkered_svg(letter):
    inner = build.render_layers(build.PIECES[letter], GREY)
    return build.svg(inner + badge())


def main():
    written = []
    for letter in "prnbq":
        written.append(build.write("Checkered/c%s.svg" % letter, checkered_svg(letter)))
    for p in written:
        print("%5d  %s" % (os.path.getsize(p), os.path.relpath(p, build.OUT)))
    return written


if __name__ == "__main__":
    main()
