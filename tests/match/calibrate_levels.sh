#!/usr/bin/env bash
# Calibration of flashmate's UCI_Elo: flashmate with UCI_LimitStrength and UCI_Elo X plays
# Debian's Stockfish 15.1 at a Skill Level L whose rating is known, refereed by xboard + polyglot
# through run_match.sh. The ratings of Stockfish's skill levels are the ones its maintainers
# measured against CCRL-rated engines (Stockfish pull request 4341, January 2023; the fit of
# Stockfish 16's UCI_Elo): level 0 1347, 1 1444, 2 1566, 3 1729, 4 1953, 5 2197, 6 2383,
# 7 2518, 8 2624, 9 2711, 10 2786. (Stockfish 15.1's own UCI_Elo scale predates that fit and
# is far off: its UCI_Elo 2300 beat flashmate's 32,000-node search 18.5-1.5.)
# A skill level picks its move at depth 1 + L, whatever the clock; Stockfish is given exactly
# that depth (fixed_limit_engine.py), so the clock (300 s + 3 s, never reached) and the load
# of the machine change nothing: flashmate's levels search a node budget. The summary gives the
# score, the Elo difference with its interval, and the rating it implies for flashmate.
# Two matches run at a time.
#
# usage: calibrate_levels.sh OUTDIR GAMES "X1:L1 X2:L2 ..." [ENGINE]
#   e.g. calibrate_levels.sh /tmp/cal 40 "1350:0 1730:3 1950:4 2380:6 2620:8"
# ENGINE defaults to build/host/flashmate. Openings: tests/data/openings-balanced-200.epd.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 3 ] || { sed -n '2,18p' "$0"; exit 2; }
out=$1 games=$2 pairs=$3 engine=${4:-$root/build/host/flashmate}
openings=$root/tests/data/openings-balanced-200.epd
ratings=(1347 1444 1566 1729 1953 2197 2383 2518 2624 2711 2786)
mkdir -p "$out"
run_pair() {
  local elo=${1%:*} level=${1#*:}
  local rating=${ratings[$level]}
  "$here/run_match.sh" --engine-options "UCI_LimitStrength=1,UCI_Elo=$elo" \
    --opponent-options "Skill Level=$level" \
    "$out/elo-$elo" "$games" 300 3 "$openings" "uci:$engine" \
    "uci:$here/fixed_limit_engine.py 'depth $((level + 1))' /usr/games/stockfish" \
    > "$out/elo-$elo.log" 2>&1
  local rc=$?
  local diff
  diff=$(sed -n 's/.* Elo \([-+0-9inf]*\) .*/\1/p' "$out/elo-$elo.log" | head -n 1)
  echo "== UCI_Elo $elo against Stockfish Skill Level $level (rating $rating): exit $rc"
  grep -E "games=|^score|FAULT" "$out/elo-$elo.log"
  case $diff in
    *inf*|"") echo "   implied rating: out of range" ;;
    *) echo "   implied rating: $((rating + diff)) (UCI_Elo says $elo; off by $((rating + diff - elo)))" ;;
  esac
}
set -- $pairs
while [ $# -gt 0 ]; do
  if [ $# -gt 1 ]; then
    run_pair "$1" > "$out/.a" & run_pair "$2" > "$out/.b" & wait
    cat "$out/.a" "$out/.b"; shift 2
  else
    run_pair "$1"; shift
  fi
done
rm -f "$out/.a" "$out/.b"
