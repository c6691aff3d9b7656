#!/usr/bin/env python3
"""Compares vchess playouts (playouts.mjs) with fenpress (examples/moves_keys).
usage: diff.py VARIANT GAMES PLIES [SEED] [FEN]  (run from the worktree root)"""
import subprocess, sys
v = sys.argv[1]
args = sys.argv[2:]
script = "tree.mjs" if args and args[0] == "tree" else "playouts.mjs"
if script == "tree.mjs": args = args[1:]
js = subprocess.run(["node", "tools/borrowed-diff/" + script, v] + args,
                    capture_output=True, text=True)
if js.returncode:
    print(js.stderr); sys.exit(1)
rs = subprocess.run(["target/release/examples/moves_keys", v], input=js.stdout,
                    capture_output=True, text=True)
bad = 0
n = 0
for a, b in zip(js.stdout.splitlines(), rs.stdout.splitlines()):
    n += 1
    fa, *ka = a.split("\t")
    fb, *kb = b.split("\t")
    sa = set((ka[0] if ka else "").split())
    sb = set((kb[0] if kb else "").split())
    extra = [x for x in kb[1:] if x]
    if sa != sb or extra:
        bad += 1
        if bad <= 6:
            print("FEN", fa)
            print("  vchess only:", sorted(sa - sb)[:8])
            print("  fenpress only:", sorted(sb - sa)[:8])
            if extra:
                print("  ", extra)
print(f"{v}: {n} positions, {bad} differ")
