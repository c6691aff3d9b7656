#!/usr/bin/env python3
"""Cross-checks fenpress's Orda against Fairy-Stockfish (pip install pyffish).

Prints fixture lines `fen ; depth count ; ...` for crates/rules/tests/
fixtures/perft-orda.txt: the start position to depth 5, and middlegame
positions reached by seeded random playouts, to depth 3 (4 for some).

Conventions (checked here, noted in the fixture):
- Fairy-Stockfish's flag rule (flagPiece = k) ends the game as soon as a king
  stands on its far rank; its legal move generator then returns no moves, so
  perft counts 0 below such a node. fenpress does the same (campmate).
- FEN: Fairy-Stockfish writes standard FEN (castling `KQ`, half-move clock,
  move number); fenpress reads it as well as vchess's `w 0 ah -`.

Usage: python3 tools/ffish/orda_perft.py [--start-depth 4] [--positions 12]
(pyffish answers in milliseconds per call: depth 5 of the start takes long.)
"""
import argparse
import os
import random
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANT = "orda"


def perft(fen, depth, played=()):
    """Leaves of the legal move tree. pyffish's legal_moves is empty once a
    flag (campmate) has ended the game, so no separate game-end test."""
    if depth == 0:
        return 1
    moves = sf.legal_moves(VARIANT, fen, list(played))
    if depth == 1:
        return len(moves)
    return sum(perft(fen, depth - 1, played + (m,)) for m in moves)


# Endgames where kings reach their camp inside the tree: they exercise the
# campmate convention, which random playouts seldom reach.
CAMPMATE_POSITIONS = [
    ("4k3/8/4K3/8/8/8/8/8 w - - 0 1", 5),
    ("8/2K5/8/8/8/8/5k2/8 w - - 0 1", 4),
    ("l7/1P4K1/8/8/8/8/1p3k2/R7 w - - 0 1", 4),
    ("1h2k3/8/8/4K3/8/2y5/8/8 b - - 0 1", 4),
]


def playout_positions(count, seed):
    rng = random.Random(seed)
    start = sf.start_fen(VARIANT)
    out = []
    while len(out) < count:
        fen = start
        plies = rng.randint(12, 40)
        for _ in range(plies):
            moves = sf.legal_moves(VARIANT, fen, [])
            if not moves or sf.is_immediate_game_end(VARIANT, fen, [])[0]:
                break
            fen = sf.get_fen(VARIANT, fen, [rng.choice(moves)])
        else:
            if sf.legal_moves(VARIANT, fen, []) and fen not in out:
                out.append(fen)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--start-depth", type=int, default=4)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2020)
    ap.add_argument("--campmate", action="store_true", help="also the campmate endgames")
    args = ap.parse_args()
    with open(os.path.join(HERE, "orda.ini"), encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    start = sf.start_fen(VARIANT)
    if args.start_depth > 0:
        counts = " ; ".join(f"{d} {perft(start, d)}" for d in range(1, args.start_depth + 1))
        print(f"{start} ; {counts}", flush=True)
    if args.campmate:
        for fen, depth in CAMPMATE_POSITIONS:
            counts = " ; ".join(f"{d} {perft(fen, d)}" for d in range(1, depth + 1))
            print(f"{fen} ; {counts}", flush=True)
    if args.positions == 0:
        return 0
    for i, fen in enumerate(playout_positions(args.positions, args.seed)):
        depth = args.depth
        counts = " ; ".join(f"{d} {perft(fen, d)}" for d in range(1, depth + 1))
        print(f"{fen} ; {counts}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
