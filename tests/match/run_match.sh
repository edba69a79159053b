#!/usr/bin/env bash
# A headless match refereed by xboard: xboard runs the clocks and the rules, polyglot stands
# between xboard and a UCI engine and checks each of its moves. Debian packages: xboard polyglot
# xvfb xauth, plus the opponent's.
#
# usage: run_match.sh [options] OUTDIR GAMES TC_SECONDS INC_SECONDS OPENINGS.epd ENGINE OPPONENT
#   ENGINE, OPPONENT   "uci:COMMAND [ARGS]" or "cecp:COMMAND [ARGS]" (relative paths are fine)
#   --engine-options "Name=value,..."    UCI/CECP options for ENGINE (xboard -firstOptions)
#   --opponent-options "Name=value,..."  the same for OPPONENT (e.g. "OwnBook=false")
#   --name PATTERN      the engine's name in the PGN (default: its `id name`, else the command)
# Each opening of OPENINGS is played twice, colours swapped, in file order; GAMES should be even.
# Engines are restarted for every game, so a crash costs one game, not the match.
#
# Writes OUTDIR/games.pgn, OUTDIR/xboard.debug (every line exchanged) and OUTDIR/xboard.log, then
# runs pgn_summary.py. Exit status: 0 clean; 1 ENGINE lost a game by an illegal move, on time, by
# a crash, or a game had no result, or fewer than GAMES games were played; 2 usage or xboard
# failure; 77 the referee's tools or an engine program are not installed (a test skip).
#
# Pitfalls this handles (each costs a hang or a wrong result): xboard needs an X display even
# with -noGUI (xvfb-run); without -xexit it waits forever after the match; -matchPause 0 means a
# long default pause (100 ms is used); without -autoCallFlag nobody ever loses on time; engines
# are found on PATH only with /usr/games added; xboard runs engines from OUTDIR, so their paths
# are made absolute.
set -u
here=$(cd "$(dirname "$0")" && pwd)
engine_options="" opponent_options="" name=""
while [ $# -gt 0 ]; do
  case $1 in
    --engine-options) engine_options=$2; shift 2 ;;
    --opponent-options) opponent_options=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --) shift; break ;;
    -*) echo "run_match.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
if [ $# -ne 7 ]; then
  sed -n '4,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
out=$1 games=$2 tc=$3 inc=$4 openings=$5 engine=$6 opponent=$7
export PATH="$PATH:/usr/games"

for tool in xboard xvfb-run polyglot python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool not installed (apt-get install xboard polyglot xvfb xauth)"
    exit 77
  fi
done
case $games in ''|*[!0-9]*) echo "run_match.sh: GAMES must be a number" >&2; exit 2 ;; esac
[ -f "$openings" ] || { echo "run_match.sh: no openings file $openings" >&2; exit 2; }
openings=$(realpath "$openings")

# "proto:command args" -> protocol, absolute command
spec_proto() { printf '%s' "${1%%:*}"; }
spec_command() {
  local cmd=${1#*:} prog rest
  prog=${cmd%% *}
  rest=${cmd#"$prog"}
  if [ -e "$prog" ]; then
    prog=$(realpath "$prog")
  elif command -v "$prog" >/dev/null; then
    prog=$(command -v "$prog")
  else
    echo "SKIP: engine program '$prog' not found" >&2
    exit 77
  fi
  printf '%s%s' "$prog" "$rest"
}
for spec in "$engine" "$opponent"; do
  case $(spec_proto "$spec") in
    uci|cecp) ;;
    *) echo "run_match.sh: '$spec' must start with uci: or cecp:" >&2; exit 2 ;;
  esac
done
engine_cmd=$(spec_command "$engine") || exit $?
opponent_cmd=$(spec_command "$opponent") || exit $?

# xboard's arguments for one side: f (first) or s (second)
side_args() {
  local which=$1 proto=$2 cmd=$3 options=$4
  args+=("-${which}cp" "$cmd" "-${which}d" ".")
  [ "$proto" = uci ] && args+=("-${which}UCI")
  if [ -n "$options" ]; then
    if [ "$which" = f ]; then args+=(-firstOptions "$options"); else args+=(-secondOptions "$options"); fi
  fi
  return 0
}
args=()
side_args f "$(spec_proto "$engine")" "$engine_cmd" "$engine_options"
side_args s "$(spec_proto "$opponent")" "$opponent_cmd" "$opponent_options"

# The clock: xboard wants minutes:seconds for -tc.
tc_text=$(awk -v t="$tc" 'BEGIN { m = int(t / 60); s = t - 60 * m; printf "%d:%02d", m, s }')
# A deadline for the whole match: every game at most both clocks plus 150 moves of increments,
# plus restarts; past it the match is killed and counted as failed.
deadline=$(awk -v g="$games" -v t="$tc" -v i="$inc" 'BEGIN { printf "%d", g * (2 * t + 300 * i + 15) + 60 }')

mkdir -p "$out" || exit 2
rm -f "$out/games.pgn" "$out/xboard.debug" "$out/xboard.log"
echo "match: $games games, $tc s + $inc s, $(basename "$openings")"
echo "  engine:   $(spec_proto "$engine"):$engine_cmd${engine_options:+ ($engine_options)}"
echo "  opponent: $(spec_proto "$opponent"):$opponent_cmd${opponent_options:+ ($opponent_options)}"
start=$(date +%s)
(
  cd "$out" &&
  timeout --kill-after=10 "$deadline" \
    xvfb-run -a xboard -noGUI -xexit -saveSettingsOnExit false -soundProgram "" \
      "${args[@]}" \
      -matchGames "$games" -tc "$tc_text" -inc "$inc" -autoCallFlag true -xponder \
      -defaultHashSize 16 -smpCores 1 -matchPause 100 -ruleMoves 50 -repeatsToDraw 3 \
      -loadPositionFile "$openings" -loadPositionIndex -2 -xreuse -xreuse2 \
      -saveGameFile games.pgn -debug -nameOfDebugFile xboard.debug
) >"$out/xboard.log" 2>&1
rc=$?
echo "  xboard finished in $(( $(date +%s) - start )) s with status $rc"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
  echo "FAIL: the match did not finish within $deadline s (killed)"
fi
if [ ! -s "$out/games.pgn" ]; then
  echo "FAIL: no games recorded; xboard said:"
  grep -v -E 'ALSA|aplay' "$out/xboard.log" | tail -20
  exit 2
fi

if [ -z "$name" ]; then
  # the name polyglot reports for a UCI engine (its `id name`), or the command's base name
  name=$(grep -m1 -o '<first *: feature.* myname="[^"]*"' "$out/xboard.debug" 2>/dev/null | sed 's/.*myname="//; s/"$//')
  [ -n "$name" ] || name=$(basename "${engine_cmd%% *}")
fi
python3 "$here/pgn_summary.py" "$out/games.pgn" "$name" --games "$games"
summary=$?
# Errors the engine's side reported to xboard (polyglot says so when a UCI engine dies, even
# at a moment that costs no game).
errors=$(grep -E '<first *: *(tellusererror|Error)' "$out/xboard.debug" | sed 's/^[0-9]* *//' | sort | uniq -c)
if [ -n "$errors" ]; then
  echo "FAULT: errors reported for the engine (see $out/xboard.debug):"
  echo "$errors" | head -20
  [ $summary -eq 0 ] && summary=1
fi
[ $rc -ne 0 ] && [ $summary -eq 0 ] && { echo "FAIL: xboard exited with status $rc"; exit 1; }
exit $summary
