#!/usr/bin/env python3
"""UCCI, the Xiangqi protocol of ElephantEye, through the engine's stdin/stdout. Standard library
only.

usage: test_ucci.py ENGINE [-k SUBSTRING]

Each check starts the engine, says `ucci` first and drives a session as a Xiangqi GUI would:
the handshake (id, option lines in UCCI's form, ucciok), `position startpos|fen ... moves` in
ICCS text, `go depth`, `go time` in seconds and, after `setoption usemillisec true`, in
milliseconds, `go time ... opptime ...` for Black, banmoves, nobestmove when there is no legal
move, `go draw`, `probe`, bad lines (FEN, move, command, option value) answered with an info
string while the position is kept, and quit answered with bye. Moves are judged against the
legal moves of a second engine process speaking UCI (`UCI_Variant xiangqi`, `go perft 1`, Fairy-
Stockfish's move text with ranks 1-10), translated to ICCS (ranks 0-9) here.
"""
import argparse
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ucitest import Engine, Fail, require  # noqa: E402

START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
# After the central cannon and Black's horse: h2e2 h9g7 (by hand: two plies, no capture).
AFTER_H2E2_H9G7 = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
AFTER_H2E2 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR"  # its placement
# Red mates with b1b9 (the chariot on a8 holds rank 8); the position after it; a stalemate
# (Black's general on d9 may go neither to e9 nor to d8); Black, to move, far ahead.
MATE_IN_ONE = "4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1"
CHECKMATED = "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
STALEMATED = "3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1"
RED_LOST = "4k4/9/9/9/r8/1r7/9/9/9/3K5 w - - 0 1"
# Red's chariot checks on rank 9 (a8a9), the general steps down (f9f8), the chariot checks on
# rank 8 (a9a8); Black's one move back (f8f9) repeats the first position with every Red move a
# check: a perpetual check, which Red loses.
PERPETUAL = "5k3/R8/9/5P3/9/9/9/9/9/3K5 w - - 0 1"
PERPETUAL_MOVES = ("a8a9", "f9f8", "a9a8")
ICCS = re.compile(r"^[a-i][0-9][a-i][0-9]$")

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


def iccs_to_uci(move):
    return "%s%d%s%d" % (move[0], int(move[1]) + 1, move[2], int(move[3]) + 1)


def uci_to_iccs(move):
    m = re.match(r"^([a-i])(\d+)([a-i])(\d+)$", move)
    return "%s%d%s%d" % (m.group(1), int(m.group(2)) - 1, m.group(3), int(m.group(4)) - 1)


class Oracle:
    """Legal moves in ICCS, from a second engine process speaking UCI (UCI_Variant xiangqi)."""

    def __init__(self, cmd):
        self.engine = Engine(cmd, "oracle")
        self.engine.send("uci")
        self.engine.expect(lambda l: l == "uciok", 10.0, "uciok")
        self.engine.send("setoption name UCI_Variant value xiangqi")
        self.engine.sync()
        self.cache = {}

    def legal(self, fen, moves=()):
        key = (fen, tuple(moves))
        if key not in self.cache:
            line = "position fen " + fen
            if moves:
                line += " moves " + " ".join(iccs_to_uci(m) for m in moves)
            self.engine.send(line)
            require(not self.engine.sync(), "the oracle refused '%s'" % line, self.engine)
            self.engine.send("go perft 1")
            _, _, lines = self.engine.expect(lambda l: l.startswith("Nodes searched"), 30.0,
                                             "perft output")
            self.cache[key] = {uci_to_iccs(l.split(":")[0]) for l in lines if ":" in l}
        return self.cache[key]

    def close(self):
        self.engine.close()


def start(cmd):
    """An engine whose first command is ucci; returns it and the handshake's lines."""
    e = Engine(cmd, "flashmate")
    e.send("ucci")
    _, _, lines = e.expect(lambda l: l == "ucciok", 5.0, "ucciok")
    return e, lines


def fen_of(e):
    e.send("d")
    _, line, _ = e.expect(lambda l: l.startswith("Fen:"), 5.0, "'Fen:' from d")
    e.sync()
    return line[4:].strip()


def go(e, command, timeout):
    """Send a go; returns (seconds until the answer, its words, the info lines before it)."""
    t0 = e.send(command)
    t, line, before = e.expect(lambda l: l.split()[:1] in (["bestmove"], ["nobestmove"]),
                               timeout, "bestmove or nobestmove")
    return t - t0, line.split(), [l for l in before if l.startswith("info")]


def check_answer(ctx, e, words, fen, moves=()):
    """A bestmove legal in the position (ICCS text), its ponder move legal after it."""
    legal = ctx.oracle.legal(fen, moves)
    require(legal, "no legal move in %s %s, so there should be no bestmove" % (fen, moves), e)
    require(words[0] == "bestmove" and len(words) in (2, 3, 4, 5),
            "malformed answer %r" % " ".join(words), e)
    require(ICCS.match(words[1]) and words[1] in legal,
            "bestmove %s is not a legal ICCS move (legal: %s)" % (words[1], " ".join(sorted(legal))),
            e)
    rest = words[2:]
    if rest[:1] == ["ponder"]:
        after = ctx.oracle.legal(fen, tuple(moves) + (words[1],))
        require(ICCS.match(rest[1]) and rest[1] in after,
                "ponder move %s is not legal after %s" % (rest[1], words[1]), e)
        rest = rest[2:]
    require(rest in ([], ["draw"]), "unexpected words after bestmove: %s" % rest, e)
    return words[1]


def check_infos(ctx, e, infos, fen, moves, best):
    """UCCI's info lines: depth, score (a bare number), time, nodes, pv in ICCS; the last pv
    is a legal line from the root starting with the bestmove."""
    depth_lines = [l for l in infos if l.startswith("info depth")]
    require(depth_lines, "no info depth line", e)
    for line in depth_lines:
        require(re.match(r"^info depth \d+ score -?\d+ time \d+ nodes \d+( pv( [a-i][0-9][a-i][0-9])+)?$",
                         line), "not a UCCI info line: %s" % line, e)
    pv = depth_lines[-1].split(" pv ")[1].split()
    require(pv[0] == best, "the last pv does not start with bestmove %s: %s" % (best, pv), e)
    played = list(moves)
    for move in pv:
        require(move in ctx.oracle.legal(fen, played), "illegal pv move %s in %s" % (move, pv), e)
        played.append(move)


class Context:
    def __init__(self, engine_cmd):
        self.engine_cmd = engine_cmd
        self.oracle = Oracle(engine_cmd)


@check
def handshake(ctx):
    """ucci as the first command: id lines, the options in UCCI's form (no `name`), ucciok; the
    options declared are the ones implemented."""
    e, lines = start(ctx.engine_cmd)
    require(any(l.startswith("id name ") for l in lines), "no id name in %s" % lines, e)
    options = [l for l in lines if l.startswith("option ")]
    require(not [l for l in options if l.startswith("option name ")],
            "UCI-style option lines in a UCCI handshake: %s" % options, e)
    names = [l.split()[1] for l in options]
    require(sorted(names) == sorted(["usemillisec", "hashsize", "threads", "ponder", "newgame"]),
            "options %s" % names, e)
    require("option usemillisec type check default false" in options, "usemillisec: %s" % options, e)
    require(not [l for l in lines if not l.startswith(("id ", "option "))],
            "other lines in the handshake: %s" % lines, e)
    require(not e.sync(), "isready printed more than readyok", e)
    e.send("uci")
    require([l for l in e.sync() if l.startswith("info string")], "uci in a UCCI session: no info", e)
    return e


@check
def ucci_only_as_first_command(ctx):
    """A session that began otherwise stays UCI: a later ucci is refused with an info string."""
    e = Engine(ctx.engine_cmd, "flashmate")
    e.send("isready")
    e.expect(lambda l: l == "readyok", 5.0, "readyok")
    e.send("ucci")
    lines = e.sync()
    require(lines and lines[0].startswith("info string") and "ucciok" not in lines,
            "a late ucci answered %s" % lines, e)
    e.send("uci")
    e.expect(lambda l: l == "uciok", 5.0, "uciok")
    return e


@check
def position_in_iccs(ctx):
    """position startpos/fen with ICCS moves, read back through d; a two-field FEN (placement and
    side, ElephantEye's start position) reads as the whole one; E and H for elephant and horse."""
    e, _ = start(ctx.engine_cmd)
    e.send("position startpos moves h2e2 h9g7")
    require(fen_of(e) == AFTER_H2E2_H9G7, "after h2e2 h9g7: %s" % fen_of(e), e)
    e.send("position fen " + START_FEN.split(" - ")[0] + " moves h2e2 h9g7")
    require(fen_of(e) == AFTER_H2E2_H9G7, "two-field FEN + moves: %s" % fen_of(e), e)
    e.send("position fen " + START_FEN.replace("B", "E").replace("n", "h") + " moves h2e2")
    require(fen_of(e).split()[0] == AFTER_H2E2, "E/H letters: %s" % fen_of(e), e)
    # A move in UCI's text (ranks 1-10) is not ICCS: refused, the position kept.
    e.send("position startpos moves h3e3")
    require([l for l in e.sync() if l.startswith("info string")], "h3e3 accepted", e)
    require(fen_of(e).split()[0] == AFTER_H2E2, "a refused position changed the position", e)
    return e


@check
def go_depth(ctx):
    """go depth 8 after h2e2 h9g7: a legal bestmove and ponder move, UCCI's info lines."""
    e, _ = start(ctx.engine_cmd)
    moves = ("h2e2", "h9g7")
    e.send("position startpos moves " + " ".join(moves))
    _, words, infos = go(e, "go depth 8", 60.0)
    best = check_answer(ctx, e, words, START_FEN, moves)
    check_infos(ctx, e, infos, START_FEN, moves, best)
    require(max(int(l.split()[2]) for l in infos if l.startswith("info depth")) == 8,
            "go depth 8 did not reach depth 8", e)
    return e


@check
def go_time_seconds_and_milliseconds(ctx):
    """`go time 20 increment 0` is 20 seconds: the engine thinks a while (well under 20 s); after
    usemillisec the same line is 20 ms and answered at once, and 20000 takes a while again."""
    e, _ = start(ctx.engine_cmd)
    moves = ("h2e2", "h9g7")
    e.send("position startpos moves " + " ".join(moves))
    seconds, words, _ = go(e, "go time 20 increment 0", 20.0)
    check_answer(ctx, e, words, START_FEN, moves)
    require(0.15 < seconds < 10.0, "go time 20 (seconds) took %.2f s" % seconds, e)
    e.send("setoption usemillisec true")
    require(not e.sync(), "setoption usemillisec true printed something", e)
    quick, words, _ = go(e, "go time 20 increment 0", 5.0)
    check_answer(ctx, e, words, START_FEN, moves)
    require(quick < seconds / 2, "go time 20 (milliseconds) took %.2f s, in seconds %.2f s"
            % (quick, seconds), e)
    again, words, _ = go(e, "go time 20000 increment 0", 20.0)
    check_answer(ctx, e, words, START_FEN, moves)
    require(again > 2 * quick and again > 0.15, "go time 20000 (ms) took %.2f s" % again, e)
    e.send("setoption usemillisec off")  # ElephantEye's on/off read too
    require(not e.sync(), "setoption usemillisec off printed something", e)
    fraction, words, _ = go(e, "go time 0.5 movestogo 1", 5.0)
    check_answer(ctx, e, words, START_FEN, moves)
    require(fraction < 2.0, "go time 0.5 movestogo 1 took %.2f s" % fraction, e)
    return e


@check
def go_time_is_the_side_to_moves(ctx):
    """time is the side to move's clock and opptime its opponent's: Black to move with 20 s and
    Red's 0.01 s thinks a while; with the clocks the other way round it answers at once."""
    e, _ = start(ctx.engine_cmd)
    moves = ("h2e2",)
    e.send("position startpos moves h2e2")
    own, words, _ = go(e, "go time 20 opptime 0.01", 20.0)
    check_answer(ctx, e, words, START_FEN, moves)
    short, words, _ = go(e, "go time 0.01 opptime 20", 5.0)
    check_answer(ctx, e, words, START_FEN, moves)
    require(own > 0.15 and short < own / 2, "Black's 20 s took %.2f s, Black's 0.01 s %.2f s"
            % (own, short), e)
    return e


@check
def banmoves_excluded(ctx):
    """banmoves keeps the best move (the only mate) out of the next go; a new position lifts the
    ban; banning every legal move gives nobestmove; a ban list with an illegal move is refused
    and the previous one kept."""
    e, _ = start(ctx.engine_cmd)
    e.send("position fen " + MATE_IN_ONE)
    _, words, _ = go(e, "go depth 4", 30.0)
    best = check_answer(ctx, e, words, MATE_IN_ONE)
    e.send("banmoves " + best)
    require(not e.sync(), "banmoves printed something", e)
    _, words, _ = go(e, "go depth 4", 30.0)
    other = check_answer(ctx, e, words, MATE_IN_ONE)
    require(other != best, "banmoves %s but bestmove %s" % (best, other), e)
    e.send("banmoves " + best + " zz")
    require([l for l in e.sync() if l.startswith("info string")], "banmoves zz accepted", e)
    _, words, _ = go(e, "go depth 4", 30.0)
    require(check_answer(ctx, e, words, MATE_IN_ONE) != best, "a refused ban list lifted the ban", e)
    e.send("position fen " + MATE_IN_ONE)
    _, words, _ = go(e, "go depth 4", 30.0)
    require(check_answer(ctx, e, words, MATE_IN_ONE) == best, "a new position kept the ban", e)
    e.send("banmoves " + " ".join(sorted(ctx.oracle.legal(MATE_IN_ONE))))
    require(not e.sync(), "banning every move printed something before go", e)
    _, words, _ = go(e, "go depth 4", 30.0)
    require(words == ["nobestmove"], "every move banned, answered %s" % words, e)
    return e


@check
def nobestmove_without_a_legal_move(ctx):
    """Checkmated and stalemated (no legal move, a loss in Xiangqi): nobestmove."""
    e, _ = start(ctx.engine_cmd)
    for fen in (CHECKMATED, STALEMATED):
        require(not ctx.oracle.legal(fen), "the oracle has moves in %s" % fen, e)
        e.send("position fen " + fen)
        _, words, _ = go(e, "go depth 3", 30.0)
        require(words == ["nobestmove"], "%s answered %s" % (fen, words), e)
    return e


@check
def go_draw(ctx):
    """go draw: the offer is accepted (`bestmove M draw`) by the side far behind, not by the side
    far ahead."""
    e, _ = start(ctx.engine_cmd)
    e.send("position fen " + RED_LOST)
    _, words, _ = go(e, "go draw depth 4", 30.0)
    check_answer(ctx, e, words, RED_LOST)
    require(words[-1] == "draw", "the lost side declined the draw: %s" % words, e)
    e.send("position fen " + MATE_IN_ONE)
    _, words, _ = go(e, "go draw depth 4", 30.0)
    check_answer(ctx, e, words, MATE_IN_ONE)
    require(words[-1] != "draw", "the winning side accepted a draw: %s" % words, e)
    return e


@check
def perpetual_check_loses(ctx):
    """Asian rules: Black, in check with one move that completes Red's perpetual check, scores
    a win; the same position without the game before it (no repetition) is lost for Black."""
    e, _ = start(ctx.engine_cmd)
    e.send("position fen %s moves %s" % (PERPETUAL, " ".join(PERPETUAL_MOVES)))
    require(ctx.oracle.legal(PERPETUAL, PERPETUAL_MOVES) == {"f8f9"}, "f8f9 is not the only move", e)
    fen = fen_of(e)
    _, words, infos = go(e, "go depth 3", 30.0)
    require(words[:2] == ["bestmove", "f8f9"], "answered %s" % words, e)
    score = int(infos[-1].split(" score ")[1].split()[0])
    require(score >= 9000, "the perpetual checker's opponent scores %d, not a win" % score, e)
    e.send("position fen " + fen)
    _, words, infos = go(e, "go depth 3", 30.0)
    score = int(infos[-1].split(" score ")[1].split()[0])
    require(score < -500, "without the repetition Black scores %d, not a loss" % score, e)
    return e


@check
def ponder_and_stop(ctx):
    """go ponder waits for ponderhit; go depth infinite for stop; both then answer."""
    e, _ = start(ctx.engine_cmd)
    e.send("position startpos")
    e.send("go ponder time 1 increment 0")
    require(not [l for l in e.drain(0.3) if l.startswith(("bestmove", "nobestmove"))],
            "go ponder answered before ponderhit", e)
    _, words, _ = go(e, "ponderhit", 5.0)
    check_answer(ctx, e, words, START_FEN)
    e.send("go depth infinite")
    require(not [l for l in e.drain(0.3) if l.startswith(("bestmove", "nobestmove"))],
            "go depth infinite ended by itself", e)
    _, words, _ = go(e, "stop", 2.0)
    check_answer(ctx, e, words, START_FEN)
    return e


@check
def probe_table(ctx):
    """probe after a search: ElephantEye's pophash line, with the table's move (legal) and bound;
    the engine's position is not changed."""
    e, _ = start(ctx.engine_cmd)
    e.send("position startpos moves h2e2")
    go(e, "go depth 6", 30.0)
    e.send("probe startpos moves h2e2")
    lines = e.sync()
    require(len(lines) == 1 and re.match(
        r"^pophash bestmove [a-i][0-9][a-i][0-9]( (lowerbound|upperbound) -?\d+ depth \d+)+$",
        lines[0]), "probe answered %s" % lines, e)
    require(lines[0].split()[2] in ctx.oracle.legal(START_FEN, ("h2e2",)), "probe's move", e)
    e.send("probe fen " + STALEMATED)
    lines = e.sync()
    require(len(lines) == 1 and re.match(r"^pophash lowerbound -?\d+ depth 0 upperbound -?\d+ depth 0$",
                                         lines[0]), "probe of a new position answered %s" % lines, e)
    e.send("probe fen xyz")
    require([l for l in e.sync() if l.startswith("info string")], "probe of a bad FEN: no info", e)
    require(fen_of(e).split()[0] == AFTER_H2E2, "probe changed the position", e)
    return e


@check
def bad_lines_keep_the_state(ctx):
    """A bad FEN, a bad move, an unknown command, bad option values and an unknown option each
    get an info string; the position stays and the engine still searches."""
    e, _ = start(ctx.engine_cmd)
    moves = ("h2e2", "h9g7")
    e.send("position startpos moves " + " ".join(moves))
    for line in ["position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1",
                 "position fen rnbakabnr/9/1c5c1 w - - 0 1",
                 "position fen",
                 "position startpos moves h2e2 h9g7 a0a5",
                 "position startpos moves h2e2 e2e2",
                 "position middle",
                 "banana split",
                 "setoption hashsize abc",
                 "setoption hashsize 0",
                 "setoption threads many",
                 "setoption usemillisec maybe",
                 "setoption ponder 7",
                 "setoption colour red",
                 "setoption",
                 "banmoves e2e2"]:
        e.send(line)
        lines = e.sync()
        require(len(lines) == 1 and lines[0].startswith("info string "),
                "'%s' answered %s" % (line, lines), e)
        require(fen_of(e) == AFTER_H2E2_H9G7, "'%s' changed the position" % line, e)
    for line in ["setoption hashsize 8", "setoption threads 1", "setoption ponder true",
                 "setoption newgame"]:
        e.send(line)
        require(not e.sync(), "'%s' printed something" % line, e)
    _, words, _ = go(e, "go depth 4 colour red", 30.0)  # an unknown go parameter: warned, searched
    check_answer(ctx, e, words, START_FEN, moves)
    return e


@check
def quit_says_bye(ctx):
    """quit is answered with bye, and the engine exits with status 0; so does end of input."""
    e, _ = start(ctx.engine_cmd)
    e.send("quit")
    e.expect(lambda l: l == "bye", 5.0, "bye")
    require(e.wait_exit(5.0) == 0, "exit status %s after quit" % e.proc.poll(), e)
    f, _ = start(ctx.engine_cmd)
    f.close_stdin()
    f.expect(lambda l: l == "bye", 5.0, "bye at end of input")
    require(f.wait_exit(5.0) == 0, "exit status %s at end of input" % f.proc.poll(), f)
    f.close()
    return e


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("engine")
    p.add_argument("-k", action="append", help="run only checks whose name contains this")
    args = p.parse_args()
    ctx = Context([args.engine])
    failed = ran = 0
    try:
        for c in CHECKS:
            if args.k and not any(k in c.__name__ for k in args.k):
                continue
            ran += 1
            e = None
            started = time.monotonic()
            try:
                e = c(ctx)
            except Fail as exc:
                failed += 1
                print("FAIL %-36s\n  %s" % (c.__name__, str(exc).replace("\n", "\n  ")))
                continue
            finally:
                if e is not None:
                    e.close()
            print("ok   %-36s %.1f s" % (c.__name__, time.monotonic() - started))
    finally:
        ctx.oracle.close()
    print("%d checks, %d failed" % (ran, failed))
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
