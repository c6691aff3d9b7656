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

Usage: python3 tools/ffish/orda_perft.py [--start-depth 5] [--positions 12]
"""
import argparse
import os
import random
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANT = "orda"


def perft(fen, depth):
    if depth == 0:
        return 1
    if sf.is_immediate_game_end(VARIANT, fen, [])[0]:
        return 0
    moves = sf.legal_moves(VARIANT, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(sf.get_fen(VARIANT, fen, [m]), depth - 1) for m in moves)


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
    ap.add_argument("--start-depth", type=int, default=5)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2020)
    args = ap.parse_args()
    with open(os.path.join(HERE, "orda.ini"), encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    start = sf.start_fen(VARIANT)
    counts = " ; ".join(f"{d} {perft(start, d)}" for d in range(1, args.start_depth + 1))
    print(f"{start} ; {counts}", flush=True)
    for i, fen in enumerate(playout_positions(args.positions, args.seed)):
        depth = args.depth + (1 if i < 3 else 0)
        counts = " ; ".join(f"{d} {perft(fen, d)}" for d in range(1, depth + 1))
        print(f"{fen} ; {counts}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
