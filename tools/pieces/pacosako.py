#!/usr/bin/env python3
"""Compose the Paco Sako union pieces from the chess art in build.py.

A union is two pieces on one square: both drawn at ~2/3 size, the white one
on the left (in front), the black one on the right, slightly raised.

vchess letters: a=pawn+pawn c=pawn+rook d=pawn+knight e=pawn+bishop
f=pawn+queen g=pawn+king h=rook+rook i=rook+knight j=rook+bishop
l=rook+queen m=rook+king o=knight+knight s=knight+bishop t=knight+queen
u=knight+king v=bishop+bishop w=bishop+queen x=bishop+king y=queen+queen
z=queen+king @=king+king.  Uppercase: White owns the first piece of the
pair -> file w<code>.svg; lowercase: Black owns the first -> b<code>.svg;
'@' (white king + black king) -> w@.svg.

Run: python3 tools/pieces/pacosako.py   (build.py also runs it)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402

UNIONS = {
    "a": "pp", "c": "pr", "d": "pn", "e": "pb", "f": "pq", "g": "pk",
    "h": "rr", "i": "rn", "j": "rb", "l": "rq", "m": "rk",
    "o": "nn", "s": "nb", "t": "nq", "u": "nk",
    "v": "bb", "w": "bq", "x": "bk",
    "y": "qq", "z": "qk",
}
S = 0.72          # scale of each piece
LEFT = (31, 95)   # (centre x, bottom y) of the white piece
RIGHT = (69, 87)  # (centre x, bottom y) of the black piece
BOTTOM = 90       # bottom of the art in the 100-grid


def place(letter, colour, cx, by):
    tx = round(cx - S * 50, 2)
    ty = round(by - S * BOTTOM, 2)
    inner = build.render_layers(build.PIECES[letter], build.COLOURS[colour])
    return '<g transform="matrix(%s 0 0 %s %s %s)">%s</g>' % (S, S, tx, ty, inner)


def union_svg(white, black):
    # black behind (drawn first), white in front
    inner = place(black, "b", *RIGHT) + place(white, "w", *LEFT)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            '<g stroke-width="%s" stroke-linejoin="round" stroke-linecap="round">'
            '%s</g></svg>\n' % (round(build.SW / S * 0.85, 2), inner))


def main():
    written = []
    for code, (first, second) in UNIONS.items():
        # uppercase: white owns the first piece
        written.append(build.write("Pacosako/w%s.svg" % code, union_svg(first, second)))
        # lowercase: black owns the first piece
        written.append(build.write("Pacosako/b%s.svg" % code, union_svg(second, first)))
    written.append(build.write("Pacosako/w@.svg", union_svg("k", "k")))
    for p in written:
        print("%5d  %s" % (os.path.getsize(p), os.path.relpath(p, build.OUT)))
    return written


if __name__ == "__main__":
    main()
