#!/usr/bin/env python3
"""Compares the move trees of vchess (tree.mjs) and fenpress (moves_keys tree)
to a depth: the FENs each reaches, and the moves at each FEN both reach.
usage: treecmp.py VARIANT DEPTH [FEN]  (run from the worktree root)"""
import subprocess, sys
v, d = sys.argv[1], sys.argv[2]
rest = sys.argv[3:]
def load(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    res = {}
    for l in out.splitlines():
        f, _, k = l.partition("\t")
        res[f] = set(k.split("\t")[0].split())
    return res
a = load(["node", "tools/borrowed-diff/tree.mjs", v, d] + rest)
b = load(["target/release/examples/moves_keys", v, "tree", d] + rest)
ja = [f for f in a if f not in b]
rb = [f for f in b if f not in a]
mv = [f for f in a if f in b and a[f] != b[f]]
for f in ja[:4]: print("vchess only FEN", f)
for f in rb[:4]: print("fenpress only FEN", f)
for f in mv[:4]: print("moves differ", f, sorted(a[f] - b[f])[:5], sorted(b[f] - a[f])[:5])
print(f"{v}: {len(a)} vchess FENs, {len(b)} fenpress FENs; {len(ja)} / {len(rb)} unmatched, {len(mv)} differ")
