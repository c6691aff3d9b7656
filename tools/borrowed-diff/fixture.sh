#!/bin/sh
# Prints a perft fixture line `fen ; 1 n1 ; 2 n2 ...` from the vchess oracle.
# usage: fixture.sh VARIANT "FEN or board or ''" DEPTH [--turn b]
v=$1; f=$2; d=$3; shift 3
node /work/shared/tools/vchess-oracle/vchess_oracle.mjs perft "$v" "$f" "$d" --stop-at-end "$@" |
python3 -c "import json,sys; j=json.load(sys.stdin); print(j['fen'] + ' ; ' + ' ; '.join(f'{k} {n}' for k,n in j['counts'].items()))"
