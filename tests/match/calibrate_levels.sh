#!/usr/bin/env bash
# Calibration of flashmate's UCI_Elo against Stockfish's: for each rating X, flashmate with
# UCI_LimitStrength and UCI_Elo X plays Stockfish with UCI_LimitStrength and UCI_Elo X (Debian's
# stockfish 15.1, whose UCI_Elo is calibrated against CCRL ratings; range 1350..2850), refereed
# by xboard + polyglot through run_match.sh. A level that says the truth scores about 50%; the
# summary gives each level's score and Elo difference with its interval (pgn_summary.py).
# Check options go to xboard as 1/0 (polyglot drops `UCI_LimitStrength=true`: "already has the
# correct value", and Stockfish then plays at full strength).
# Two matches run at a time (one game each: one core per game), so the machine must be quiet.
#
# usage: calibrate_levels.sh OUTDIR GAMES TC_SECONDS INC_SECONDS "X1 X2 ..." [ENGINE]
#   e.g. calibrate_levels.sh /tmp/cal 40 5 0.05 "1400 1700 2000 2300 2600"
# ENGINE defaults to build/host/flashmate. Openings: tests/data/openings-balanced-200.epd.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -ge 5 ] || { sed -n '2,12p' "$0"; exit 2; }
out=$1 games=$2 tc=$3 inc=$4 ratings=$5 engine=${6:-$root/build/host/flashmate}
openings=$root/tests/data/openings-balanced-200.epd
mkdir -p "$out"
run_level() {
  local elo=$1
  "$here/run_match.sh" --engine-options "UCI_LimitStrength=1,UCI_Elo=$elo" \
    --opponent-options "UCI_LimitStrength=1,UCI_Elo=$elo" \
    "$out/elo-$elo" "$games" "$tc" "$inc" "$openings" "uci:$engine" "uci:/usr/games/stockfish" \
    > "$out/elo-$elo.log" 2>&1
  echo "== UCI_Elo $elo (exit $?)"
  tail -n 6 "$out/elo-$elo.log"
}
set -- $ratings
while [ $# -gt 0 ]; do
  run_level "$1" &
  [ $# -gt 1 ] && run_level "$2" &
  wait
  shift; [ $# -gt 0 ] && shift
done
