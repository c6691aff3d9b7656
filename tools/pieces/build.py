#!/usr/bin/env python3
"""Build fenpress's default piece set (themes/default/pieces/**.svg).

All art is defined here, drawn from scratch on a 100x100 grid, as a list of
layers per piece type.  Each layer is (kind, element):

  B  body      filled with the piece colour, outlined
  D  detail    stroke only, in the detail colour (dark on white pieces,
               light on black pieces so the shape reads on dark squares)
  F  fill-dot  filled with the detail colour, no stroke (eyes, nostrils...)
  O  outline   filled with the outline colour, no stroke (lance shafts...)

White: fill #fff, outline #222, detail #222.
Black: fill #222, outline #000, detail #ddd.

Run:  python3 tools/pieces/build.py        (writes the files, prints sizes)
"""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "themes", "default", "pieces")

COLOURS = {
    "w": {"fill": "#fff", "line": "#222", "detail": "#222"},
    "b": {"fill": "#222", "line": "#000", "detail": "#ddd"},
}
SW = 3  # stroke width (100 units per square -> ~1px at 32px)


def P(d):
    return 'path d="%s"' % d


def C(cx, cy, r):
    return 'circle cx="%s" cy="%s" r="%s"' % (cx, cy, r)


# ---------------------------------------------------------------- chess ----
PIECES = {}

PIECES["p"] = [
    ("B", P("M29 90V86Q29 80 35 80H65Q71 80 71 86V90Z")),
    ("B", P("M35 80Q37 62 44 53H56Q63 62 65 80Z")),
    ("B", 'rect x="37" y="47" width="26" height="7" rx="3.5"'),
    ("B", C(50, 32, 13)),
]

PIECES["r"] = [
    ("B", P("M22 90V83H30L33 46H27V20H37V27H45V20H55V27H63V20H73V46H67L70 83H78V90Z")),
    ("D", P("M34 46H66M31 83H69")),
]

PIECES["n"] = [
    ("B", P("M24 90V85Q24 80 30 80H74Q80 80 80 85V90Z")),
    ("B", P("M33 80C33 68 42 62 47 54C41 57 35 60 29 61C22 62 16 58 18 51"
            "C20 45 30 34 38 25L42 13L50 20C66 20 79 36 78 58C78 68 75 74 73 80Z")),
    ("D", P("M22 53L26 51M56 24C67 32 72 48 70 70")),
    ("F", C(40, 33, 3)),
]

PIECES["b"] = [
    ("B", P("M25 90V86Q25 81 31 81H69Q75 81 75 86V90Z")),
    ("B", P("M36 81L40 64H60L64 81Z")),
    ("B", 'rect x="33" y="57" width="34" height="8" rx="3"'),
    ("B", P("M50 15C38 24 29 40 35 57H65C71 40 62 24 50 15Z")),
    ("B", C(50, 11, 5)),
    ("D", P("M44 45L57 31")),
]

PIECES["q"] = [
    ("B", P("M24 90V86Q24 80 30 80H70Q76 80 76 86V90Z")),
    ("B", P("M29 80L16 32L36 58L33 23L44 56L50 17L56 56L67 23L64 58L84 32L71 80Z")),
    ("B", C(16, 30, 5)), ("B", C(33, 21, 5)), ("B", C(50, 14, 5)),
    ("B", C(67, 21, 5)), ("B", C(84, 30, 5)),
    ("D", P("M30 71H70")),
]

KING_BODY = [
    ("B", P("M24 90V86Q24 80 30 80H70Q76 80 76 86V90Z")),
    ("B", P("M30 80L23 50C33 38 67 38 77 50L70 80Z")),
    ("D", P("M28 70H72")),
]
PIECES["k"] = KING_BODY + [
    ("B", P("M45 7H55V14H62V23H55V40H45V23H38V14H45Z")),
]

# ----------------------------------------------------------------- Orda ----
# The Horde: steppe horses with a shaggy mane, a lance, a bow, a yurt, fur
# hats and spired helmets.  Same grid, plinth and line weight as the chess set.

def moved(layers, sx, tx, ty, sy=None):
    return [("G", 'transform="matrix(%s 0 0 %s %s %s)"' % (sx, sy or sx, tx, ty), layers)]


PLINTH = ("B", P("M24 90V85Q24 80 30 80H72Q78 80 78 85V90Z"))
STEPPE_HORSE = [
    ("B", P("M36 82C36 72 42 64 46 58C40 60 34 62 29 63C22 64 17 60 19 53"
            "C21 47 30 37 37 29L39 15L47 22L52 13L56 22C66 24 74 32 77 42"
            "L83 45L78 50L84 55L79 60L84 66L78 70L80 82Z")),
    ("D", P("M23 56L27 54")),
    ("F", C(40, 36, 3)),
]


def mirror(d):
    """A path mirrored left-right about x=50 (absolute M L H V C Z only)."""
    out, cmd, i = [], None, 0
    for tok in re.findall(r"[A-Za-z]|-?\d+(?:\.\d+)?", d):
        if tok.isalpha():
            if tok not in "MLHVCZ":
                raise ValueError("mirror: unsupported path command %r" % tok)
            out.append(tok)
            cmd, i = tok, 0
            continue
        v = float(tok)
        if cmd == "H" or (cmd != "V" and i % 2 == 0):
            v = 100 - v
        i += 1
        out.append(("" if out[-1].isalpha() else " ") + "%g" % v)
    return "".join(out)


LEFT_WING = ("M43 45C32 37 20 26 10 11C7 23 9 31 13 37L9 42C13 48 18 51 23 53"
             "L21 58C28 62 35 63 43 63Z")  # raised, three flight-feather notches
WING_LINE = "M20 26C26 36 32 43 38 50"

ORDA = {}
ORDA["l"] = [  # lancer: horse + lance with pennant
    PLINTH,
    ("B", P("M16 86L26 14L30 15L22 86Z")),
    ("B", P("M28 3L32 17L24 15Z")),
    ("B", P("M26 21L44 28L25 32Z")),
] + moved(STEPPE_HORSE, 0.82, 18, 14)

ORDA["a"] = [  # horse archer: horse + recurve bow
    PLINTH,
] + moved(STEPPE_HORSE, 0.82, 20, 14) + moved([
    ("O", P("M25 10L27 80")),
    ("B", P("M26 4C30 8 28 14 21 16C6 30 6 58 21 72C28 74 30 80 26 84"
            "C16 82 12 78 14 74C0 56 0 32 14 14C12 8 18 4 26 4Z")),
    ("D", P("M26 11L27 78")),
], 1, 3, 0)

ORDA["h"] = [  # kheshig: guardsman, spired helmet behind a round shield
    PLINTH,
    ("B", P("M22 80C22 62 34 54 50 54C66 54 78 62 78 80Z")),
    ("B", P("M47 20L50 5L53 20Z")),
    ("B", P("M34 44C34 30 42 24 50 18C58 24 66 30 66 44Z")),
    ("B", 'rect x="31" y="41" width="38" height="7" rx="3"'),
    ("B", C(50, 63, 18)),
    ("F", C(50, 63, 5)),
    ("D", 'circle cx="50" cy="63" r="12"'),
]

ORDA["k"] = [  # khan: fur-brimmed hat with a tall crown and plume
    PLINTH,
    ("B", P("M24 80C24 66 34 60 50 60C66 60 76 66 76 80Z")),
    ("B", P("M33 44C30 26 38 16 50 16C62 16 70 26 67 44Z")),
    ("B", P("M46 17C44 10 46 6 50 4C54 6 56 10 54 17Z")),
    ("B", P("M20 52C16 44 22 38 30 40C34 34 42 36 44 40C48 36 52 36 56 40"
            "C58 36 66 34 70 40C78 38 84 44 80 52C82 58 76 62 70 60"
            "C66 64 58 64 56 60C52 64 48 64 44 60C42 64 34 64 30 60C24 62 18 58 20 52Z")),
    ("D", P("M50 20V36M40 26L44 36M60 26L56 36")),
]

ORDA["y"] = [  # yurt: lattice wall, felt dome roof, door, roof crown
    PLINTH,
    ("B", P("M20 80V56H80V80Z")),
    ("B", P("M14 58C24 40 36 28 44 24H56C64 28 76 40 86 58Z")),
    ("B", 'rect x="42" y="17" width="16" height="8" rx="2"'),
    ("B", P("M42 80V64H58V80")),
    ("D", P("M24 62L34 74M34 62L24 74M66 62L76 74M76 62L66 74"
            "M46 28L40 56M54 28L60 56")),
]

ORDA["f"] = [  # falcon (Ordamirror): a hunting bird rising off its perch,
    PLINTH,    # wings raised (it flies as a queen), hooked beak, the
    ("B", P(LEFT_WING)),  # falcon's cheek stripe and a barred chest
    ("B", P(mirror(LEFT_WING))),
    ("B", P("M44 68L36 81H64L56 68Z")),
    ("B", P("M40 45C40 37 44 34 50 34C56 34 60 37 60 45C62 57 59 66 56 71H44C41 66 38 57 40 45Z")),
    ("B", P("M40 25C34 25 31 29 33 34C35 31 37 31 41 31Z")),
    ("B", C(48, 26, 9)),
    ("F", C(45, 24, 2.5)),
    ("D", P(WING_LINE + mirror(WING_LINE) + "M45 29L43 34M46 48L50 51L54 48M46 56L50 59L54 56")),
]

ORDA["p"] = [  # Horde pawn: pawn in a pointed felt cap
    ("B", P("M29 90V86Q29 80 35 80H65Q71 80 71 86V90Z")),
    ("B", P("M35 80Q37 62 44 53H56Q63 62 65 80Z")),
    ("B", 'rect x="37" y="47" width="26" height="7" rx="3.5"'),
    ("B", C(50, 36, 12)),
    ("B", P("M26 34Q28 28 34 26L50 13L66 26Q72 28 74 34Z")),
]

# ------------------------------------------------------------- variants ----

def flip(layers, dy=105):
    """Upside-down version (mirror vertically, keep it centred)."""
    return [("G", 'transform="matrix(1 0 0 -1 0 %d)"' % dy, layers)]


VARIANT = {
    # Both colours of every Horde piece: Orda's White can promote to a
    # kheshig, and in Ordamirror both armies are the Horde.
    "Orda": {k: ("wb", v) for k, v in ORDA.items()},
    "Baroque": {"m": ("wb", flip(PIECES["r"]))},
    "Maxima": {
        "m": ("wb", flip(PIECES["r"])),
        "g": ("wb", flip(PIECES["q"], 102)),
        "d": ("wb", KING_BODY + [("B", C(50, 36, 6))]),
    },
}


# ------------------------------------------------------------ rendering ----

def render_layers(layers, col):
    out = []
    groups = {
        "B": 'fill="%s" stroke="%s"' % (col["fill"], col["line"]),
        "D": 'fill="none" stroke="%s"' % col["detail"],
        "F": 'fill="%s" stroke="none"' % col["detail"],
        "O": 'fill="%s" stroke="none"' % col["line"],
    }
    cur = None
    for layer in layers:
        kind = layer[0]
        if kind == "G":
            if cur:
                out.append("</g>")
                cur = None
            out.append("<g %s>" % layer[1])
            out.append(render_layers(layer[2], col))
            out.append("</g>")
            continue
        if kind != cur:
            if cur:
                out.append("</g>")
            out.append("<g %s>" % groups[kind])
            cur = kind
        out.append("<%s/>" % layer[1])
    if cur:
        out.append("</g>")
    return "".join(out)


def svg(inner):
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            '<g stroke-width="%s" stroke-linejoin="round" stroke-linecap="round">'
            '%s</g></svg>\n' % (SW, inner))


def piece_svg(layers, colour):
    return svg(render_layers(layers, COLOURS[colour]))


def write(rel, text):
    path = os.path.join(OUT, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


def main():
    written = []
    for letter, layers in PIECES.items():
        for c in "wb":
            written.append(write("%s%s.svg" % (c, letter), piece_svg(layers, c)))
    for folder, table in VARIANT.items():
        for letter, (colours, layers) in table.items():
            for c in colours:
                written.append(write("%s/%s%s.svg" % (folder, c, letter),
                                     piece_svg(layers, c)))
    for p in written:
        print("%5d  %s" % (os.path.getsize(p), os.path.relpath(p, OUT)))
    import pacosako
    pacosako.main()
    import otage
    otage.main()
    import checkered
    checkered.main()
    import eightpieces
    eightpieces.main()


if __name__ == "__main__":
    main()
