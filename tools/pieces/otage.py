#!/usr/bin/env python3
"""Compose Otage's hostage pairs from the chess art in build.py.

Otage's union is a captor holding a hostage: the holder's piece is drawn
large, in front and to the left; its hostage small, behind and raised on
the right, with a short chain between them, so that who holds the pair
reads at a glance (Paco Sako's unions, tools/pieces/pacosako.py, draw two
equals side by side).

Files are named as vchess's (`Otage/<holder code><union letter>.svg`): the
union letters are Paco Sako's (pacosako.UNIONS, and @ for two kings); the
code says whose the union's first piece is and who holds it: w (White's
first, White holds), b (White's first, Black holds), v (Black's first,
White holds), a (Black's first, Black holds).

Run: python3 tools/pieces/otage.py   (build.py also runs it)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import build  # noqa: E402
import pacosako  # noqa: E402

CODES = {"w": (True, "w"), "b": (True, "b"), "v": (False, "w"), "a": (False, "b")}
CAPTOR = (0.78, 37, 96)  # scale, centre x, bottom y of the holder's piece
HOSTAGE = (0.6, 71, 62)  # the same for its hostage


def place(letter, colour, scale, cx, by):
    tx = round(cx - scale * 50, 2)
    ty = round(by - scale * pacosako.BOTTOM, 2)
    inner = build.render_layers(build.PIECES[letter], build.COLOURS[colour])
    width = round(build.SW / scale * 0.85, 2)
    return ('<g transform="matrix(%s 0 0 %s %s %s)" stroke-width="%s">%s</g>'
            % (scale, scale, tx, ty, width, inner))


def hostage_svg(captor, captor_colour, hostage, hostage_colour):
    chain = ('<path d="M50 66L58 58" fill="none" stroke="#777" stroke-width="3"'
             ' stroke-dasharray="3 2"/>')
    inner = (place(hostage, hostage_colour, *HOSTAGE) + chain
             + place(captor, captor_colour, *CAPTOR))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            '<g stroke-linejoin="round" stroke-linecap="round">%s</g></svg>\n' % inner)


def main():
    written = []
    unions = dict(pacosako.UNIONS)
    unions["@"] = "kk"
    for code, (white_first, holder) in CODES.items():
        for letter, (first, second) in unions.items():
            white, black = (first, second) if white_first else (second, first)
            if holder == "w":
                svg = hostage_svg(white, "w", black, "b")
            else:
                svg = hostage_svg(black, "b", white, "w")
            written.append(build.write("Otage/%s%s.svg" % (code, letter), svg))
    for p in written:
        print("%5d  %s" % (os.path.getsize(p), os.path.relpath(p, build.OUT)))
    return written


if __name__ == "__main__":
    main()
