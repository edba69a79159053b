#!/usr/bin/env bash
# A headless match refereed by xboard: xboard runs the clocks and the rules, polyglot stands
# between xboard and a UCI engine and checks each of its moves. Debian packages: xboard polyglot
# xvfb, plus the opponent's.
#
# usage: run_match.sh [options] OUTDIR GAMES TC_SECONDS INC_SECONDS OPENINGS.epd ENGINE OPPONENT
#   ENGINE, OPPONENT   "uci:COMMAND [ARGS]" or "cecp:COMMAND [ARGS]" (relative paths are fine)
#   --engine-options "Name=value,..."    UCI/CECP options for ENGINE (xboard -firstOptions)
#   --opponent-options "Name=value,..."  the same for OPPONENT (e.g. "OwnBook=false")
#   --name PATTERN      the engine's name in the PGN (default: its `id name`, else the command)
#   --attempts N        plays a game at most N times when the opponent crashes, or when ENGINE
#                       loses it on time on an overloaded machine (default 4)
# Each opening of OPENINGS is played twice, colours swapped, in file order (ENGINE white first).
#
# Every game is a match of its own (one xboard, fresh engines, play_match.py runs them), so an
# opponent that crashes (Fairy-Max 5.0b does) costs that game, and the game is played
# again, same opening, same colours. Each replay is reported ("opponent crashed in game 3
# (attempt 1), replayed: ..."), and so is a crash after a game had ended (the game stands).
# Any fault of ENGINE is never replayed and fails the match: a game lost by an illegal move, on
# time or by a crash, a game without result, an error polyglot reports for it, a non-zero exit
# status or a signal (also at quit), fewer than GAMES games. One exception, also reported: a
# time forfeit while ENGINE (with polyglot above it) waited for a CPU at least 0.5 s and a
# quarter of the time it ran (the machine was busy with other work) is replayed too, and so is
# a game xboard did not finish in time then. An xboard that could not open its X display costs
# a replay on a new Xvfb.
#
# Writes OUTDIR/games.pgn (each game once, Round = its number), OUTDIR/attempts.txt (one line per
# xboard run: time, result, verdict), OUTDIR/xboard.debug and OUTDIR/xboard.log (all runs, each
# under a "==== game N attempt K" line), OUTDIR/games/gameNNN-K/ (one run's files), then prints
# pgn_summary.py's summary. Exit status: 0 clean; 1 a fault of ENGINE; 2 usage or referee failure;
# 77 (a test skip) the referee's tools or an engine program are not installed, or a game failed
# in all --attempts for reasons not ENGINE's (the opponent crashed, the machine starved ENGINE):
# the match stops there (1 if ENGINE had a fault before).
#
# Pitfalls this handles (each costs a hang or a wrong result): xboard needs an X display even
# with -noGUI (Xvfb, started once per match, with -noreset: a reset after each game's xboard
# makes the next one fail to connect now and then); without -xexit it waits forever after the match;
# `-fb false` makes xboard wait for a game file named "false" (-firstPlaysBlack true|false is
# meant); without -autoCallFlag nobody ever loses on time; engines are found on PATH only with
# /usr/games added; xboard runs engines from the game's directory, so their paths are made
# absolute; xboard interrupts CECP engines with SIGINT, which is no crash.
exec python3 "$(cd "$(dirname "$0")" && pwd)/play_match.py" "$@"
