#!/usr/bin/env python3
"""Draw Eightpieces' lancers, one file per orientation and colour.

A lancer is a disc in its side's colours with a bold arrow from its centre
out to the edge of the square, pointing where the lancer points: the
direction is what tells lancers apart, so it is the largest mark.

vchess letters, directions from White's side of the board (north: towards
rank 8): c=N d=NE e=E f=SE g=S h=SW m=W o=NW; files Eightpieces/w<letter>.svg
and b<letter>.svg. On a board drawn from Black's side the renderer uses the
opposite letter's file, as vchess does.

Run: python3 tools/pieces/eightpieces.py   (build.py also runs it)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402

# Clockwise angle from north, in degrees (SVG's rotate turns clockwise).
DIRECTIONS = {"c": 0, "d": 45, "e": 90, "f": 135, "g": 180, "h": 225, "m": 270, "o": 315}
CENTRE = (50, 52)


def lancer_svg(letter, colour):
    col = build.COLOURS[colour]
    cx, cy = CENTRE
    disc = '<g fill="%s" stroke="%s"><circle cx="%d" cy="%d" r="24"/></g>' % (
        col["fill"], col["line"], cx, cy)
    # The arrow: a shaft from the centre and a head at the square's edge,
    # in the colour that stands out on the disc (White's dark, Black's
    # light), outlined in the other so that it shows on either square.
    ink, edge = ("#222", "#fff") if colour == "w" else ("#ddd", "#000")
    arrow = (
        '<g transform="rotate(%d %d %d)" fill="%s" stroke="%s" stroke-width="2">'
        '<rect x="%d" y="%d" width="8" height="%d"/>'
        '<path d="M%d 4L%d 26H%dZ"/></g>'
        % (DIRECTIONS[letter], cx, cy, ink, edge,
           cx - 4, 22, cy - 22, cx, cx + 15, cx - 15)
    )
    hub = '<g fill="%s" stroke="none"><circle cx="%d" cy="%d" r="6"/></g>' % (
        ink, cx, cy)
    return build.svg(disc + arrow + hub)


def main():
    written = []
    for letter in DIRECTIONS:
        for colour in "wb":
            written.append(build.write("Eightpieces/%s%s.svg" % (colour, letter),
                                       lancer_svg(letter, colour)))
    for p in written:
        print("%5d  %s" % (os.path.getsize(p), os.path.relpath(p, build.OUT)))
    return written


if __name__ == "__main__":
    main()
