#!/usr/bin/env python3
"""UCI protocol tests: drive the engine through stdin/stdout and check every command a GUI or
match runner sends, including hostile input. Standard library only.

usage: test_protocol.py ENGINE [--oracle CMD] [-k SUBSTRING] [--list]

Each check runs against a fresh engine process and prints `ok` or `FAIL` with the reason and the
last lines exchanged. Every bestmove is checked against the legal moves of its position, taken
from an independent move generator (Stockfish's `go perft 1` when /usr/games/stockfish exists,
else the engine's own `go perft 1`, which is reported). Exit status 1 if any check fails.
"""
import argparse
import os
import random
import re
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ucitest import Engine, Fail, MoveOracle  # noqa: E402

START = "position startpos"
AFTER_E4 = "position startpos moves e2e4"
KIWIPETE = "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MIDDLEGAME = "position fen r1b2rk1/2q1bppp/p2ppn2/1p6/3BPP2/2N2B2/PPP3PP/R2Q1R1K w - - 0 14"
MATE_IN_1 = "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"                  # Rd8#
MATE_IN_2 = "position fen r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
CHECKMATED = "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
STALEMATE = "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"

FEN_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FEN_AFTER_E4_E5_NF3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"

LATENCY_LIMIT = 0.050  # seconds: isready during a search, stop -> bestmove

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


class Context:
    """What a check gets: a way to start engines (closed and audited afterwards) and the
    move oracle."""

    def __init__(self, engine_cmd, oracle):
        self.engine_cmd = engine_cmd
        self.oracle = oracle
        self.engines = []
        self.notes = []

    def engine(self, handshake=True):
        e = Engine(self.engine_cmd, "flashmate")
        self.engines.append(e)
        if handshake:
            e.send("uci")
            e.expect(lambda l: l == "uciok", 5.0, "uciok")
            e.sync()
        return e

    def note(self, text):
        self.notes.append(text)


# ---------------------------------------------------------------------------------------------
# Helpers shared by the checks.


def require(condition, message, engine=None):
    if not condition:
        raise Fail(message + ("\n" + engine.tail() if engine else ""))


def info_strings(lines):
    return [l for l in lines if l.startswith("info string")]


def parse_bestmove(line):
    words = line.split()
    if len(words) not in (2, 4) or words[0] != "bestmove" or (len(words) == 4 and words[2] != "ponder"):
        raise Fail("malformed bestmove line: %r" % line)
    return words[1], words[3] if len(words) == 4 else None


def check_bestmove(ctx, e, position, line):
    """The move must be legal in the position (per the oracle), 0000 exactly when there is no
    legal move, and the ponder move legal after it."""
    best, ponder = parse_bestmove(line)
    legal = ctx.oracle.legal_moves(position)
    if not legal:
        require(best == "0000", "no legal move in '%s' but bestmove %s" % (position, best), e)
        require(ponder is None, "ponder move %s with no legal move" % ponder, e)
        return best
    require(best != "0000", "bestmove 0000 although '%s' has %d legal moves" % (position, len(legal)), e)
    require(best in legal, "bestmove %s is not legal in '%s' (legal: %s)"
            % (best, position, " ".join(sorted(legal))), e)
    if ponder:
        after = position + (" " if " moves " in position else " moves ") + best
        require(ponder in ctx.oracle.legal_moves(after),
                "ponder move %s is not legal after %s in '%s'" % (ponder, best, position), e)
    return best


def finish_go(ctx, e, position, timeout, what="bestmove"):
    """Wait for the bestmove of a running go, check it, and check no second one follows.
    Returns (time of bestmove, move, lines before it)."""
    t, line, before = e.expect("bestmove", timeout, what)
    best = check_bestmove(ctx, e, position, line)
    # The best line's info (multipv 1: with MultiPV the other lines are reported after it).
    infos = [l for l in before if l.startswith("info depth ") and " multipv " not in l.replace(" multipv 1 ", " ")]
    if infos and " pv " in infos[-1]:
        require(infos[-1].split(" pv ")[1].split()[0] == best,
                "the last info line's pv does not start with bestmove %s: %s" % (best, infos[-1]), e)
    extra = [l for l in e.sync() if l.startswith("bestmove")]
    require(not extra, "a second bestmove after one go: %s" % extra, e)
    return t, best, before


def run_go(ctx, e, position, go, timeout):
    """position + go, wait for the bestmove. Returns (seconds taken, move, lines before it)."""
    e.send(position)
    t0 = e.send(go)
    t, best, before = finish_go(ctx, e, position, timeout)
    return t - t0, best, before


def info_depths(lines):
    return [int(m.group(1)) for l in lines for m in [re.search(r"^info depth (\d+)", l)] if m]


def info_nodes(lines):
    return [int(m.group(1)) for l in lines for m in [re.search(r"^info .* nodes (\d+)", l)] if m]


def fen_of(e):
    """The engine's current position through its `d` command (prints `Fen: ...`)."""
    e.send("d")
    _, line, _ = e.expect(lambda l: l.startswith("Fen:"), 5.0, "'Fen:' from the d command")
    return line[4:].strip()


def perft1_of(e):
    """The engine's `go perft 1` total for its current position."""
    e.send("go perft 1")
    _, line, before = e.expect(lambda l: l.startswith("Nodes searched"), 5.0, "perft total")
    require(not [l for l in before if l.startswith("bestmove")], "go perft printed a bestmove", e)
    return int(line.split(":")[1])


def expect_silence(e, seconds, word, why):
    """No line starting with `word` for `seconds`; returns the lines that came."""
    lines = e.drain(seconds)
    bad = [l for l in lines if l.split()[:1] == [word]]
    require(not bad, "%s: got '%s' %s" % (why, bad[0] if bad else "", ""), e)
    return lines


def rejected_and_kept(ctx, e, command, fen_before, perft_before, what):
    """After a bad command: an info string, the engine alive, the position unchanged."""
    e.send(command)
    lines = e.sync()
    require(info_strings(lines), "%s: no 'info string' explaining the rejection" % what, e)
    require(fen_of(e) == fen_before, "%s: the position changed" % what, e)
    require(perft1_of(e) == perft_before, "%s: perft 1 changed" % what, e)


# ---------------------------------------------------------------------------------------------
# Handshake and options.


@check
def uci_handshake(ctx):
    """`uci` -> id name, id author, the options, uciok (in that order)."""
    e = ctx.engine(handshake=False)
    e.send("uci")
    _, _, lines = e.expect(lambda l: l == "uciok", 3.0, "uciok")
    require(any(l.startswith("id name ") and len(l) > 8 for l in lines), "no 'id name'", e)
    require(any(l.startswith("id author ") and len(l) > 10 for l in lines), "no 'id author'", e)
    options = {}
    for l in lines:
        m = re.match(r"option name (.+?) type (spin|check|button|string|combo)\b(.*)$", l)
        if m:
            options[m.group(1)] = (m.group(2), m.group(3))
    expected = {"Hash": "spin", "Threads": "spin", "Move Overhead": "spin", "Clear Hash": "button",
                "OwnBook": "check", "BookFile": "string", "Ponder": "check"}
    for name, kind in expected.items():
        require(name in options, "option %s missing from the uci answer" % name, e)
        require(options[name][0] == kind, "option %s is type %s, expected %s" % (name, options[name][0], kind), e)
    for name, (kind, rest) in options.items():
        if kind == "spin":
            m = re.match(r" default (-?\d+) min (-?\d+) max (-?\d+)$", rest)
            require(m and int(m.group(2)) <= int(m.group(1)) <= int(m.group(3)),
                    "spin option %s: bad 'default/min/max': %r" % (name, rest), e)
    m = re.match(r" default (\d+) min (\d+) max (\d+)", options["Hash"][1])
    require(int(m.group(2)) <= 1 and int(m.group(3)) >= 4096, "Hash range must cover 1..4096 MB", e)
    m = re.match(r" default (\d+)", options["Move Overhead"][1])
    ctx.note("Move Overhead default %s ms" % m.group(1))
    e.sync()


@check
def isready(ctx):
    """`isready` -> `readyok`, also repeated and before `uci`."""
    e = ctx.engine(handshake=False)
    e.send("isready")
    e.expect(lambda l: l == "readyok", 2.0, "readyok before uci")
    for _ in range(3):
        t0 = e.send("isready")
        t, _, _ = e.expect(lambda l: l == "readyok", 2.0, "readyok")
        require(t - t0 < 0.5, "readyok took %.0f ms while idle" % ((t - t0) * 1000), e)


@check
def ucinewgame(ctx):
    """`ucinewgame` is silent, then searching works."""
    e = ctx.engine()
    run_go(ctx, e, MIDDLEGAME, "go depth 6", 10.0)
    e.send("ucinewgame")
    lines = e.sync()
    require(not lines, "ucinewgame printed %s" % lines, e)
    run_go(ctx, e, MIDDLEGAME, "go depth 6", 10.0)


# (name, value, valid). Bad values must give an info string; all keep the engine alive.
OPTION_CASES = [
    ("Hash", "1", True), ("Hash", "32", True), ("Hash", "16", True), ("Hash", "0", False),
    ("Hash", "-5", False), ("Hash", "abc", False), ("Hash", "", False),
    ("Hash", "99999999999999999999999", False), ("Hash", "12x", False),
    ("Threads", "1", True), ("Threads", "0", False), ("Threads", "many", False),
    ("Threads", "2", True), ("Threads", "64", True), ("Threads", "65", False), ("Threads", "1", True),
    ("Move Overhead", "0", True), ("Move Overhead", "100", True), ("Move Overhead", "30", True),
    ("Move Overhead", "-1", False), ("Move Overhead", "100000", False), ("Move Overhead", "x", False),
    ("Ponder", "true", True), ("Ponder", "false", True), ("Ponder", "yes", False),
    ("OwnBook", "false", True), ("OwnBook", "true", True), ("OwnBook", "maybe", False),
    ("OwnBook", "false", True),
    ("BookFile", "/nonexistent/book.bin", True), ("BookFile", "<empty>", True),
    ("Skill Level", "0", True), ("Skill Level", "20", True), ("Skill Level", "21", False),
    ("Skill Level", "-1", False), ("UCI_LimitStrength", "true", True),
    ("UCI_LimitStrength", "false", True), ("UCI_LimitStrength", "1", False),
    ("UCI_Elo", "800", True), ("UCI_Elo", "2500", True), ("UCI_Elo", "799", False),
    ("UCI_Elo", "2501", False), ("UCI_Elo", "1500x", False),
]


@check
def setoption_values(ctx):
    """setoption for each option with good and bad values: bad ones give an info string, the
    engine stays alive and can search."""
    e = ctx.engine()
    for name, value, valid in OPTION_CASES:
        cmd = "setoption name %s value %s" % (name, value) if value else "setoption name %s value" % name
        e.send(cmd)
        lines = e.sync()
        if not valid:
            require(info_strings(lines), "'%s': bad value accepted without an info string" % cmd, e)
        else:
            require(not [l for l in lines if not l.startswith("info string")],
                    "'%s' printed %s" % (cmd, lines), e)
            require(not info_strings(lines), "'%s' was rejected: %s" % (cmd, lines), e)
    e.send("setoption name Clear Hash")
    require(not e.sync(), "Clear Hash printed something", e)
    run_go(ctx, e, KIWIPETE, "go depth 5", 10.0)


@check
def setoption_malformed(ctx):
    """setoption without name, unknown options, option names in other cases."""
    e = ctx.engine()
    for cmd in ["setoption", "setoption value 3", "setoption name", "setoption name NoSuchOption value 1",
                "setoption name Hash value", "setoption foo bar"]:
        e.send(cmd)
        require(info_strings(e.sync()), "'%s': no info string" % cmd, e)
    e.send("setoption name hash value 8")
    e.send("setoption name move overhead value 10")
    require(not info_strings(e.sync()), "option names should match case-insensitively", e)
    run_go(ctx, e, START, "go depth 4", 10.0)


@check
def setoption_hash_resizes(ctx):
    """Hash resizes the table: searching after 1, 64 and back to 16 MB works and Clear Hash
    between searches is accepted."""
    e = ctx.engine()
    for mb in (1, 64, 16):
        e.send("setoption name Hash value %d" % mb)
        require(not info_strings(e.sync()), "Hash %d rejected" % mb, e)
        _, _, lines = run_go(ctx, e, MIDDLEGAME, "go depth 7", 20.0)
        e.send("setoption name Clear Hash")
    full = [int(m.group(1)) for l in lines for m in [re.search(r" hashfull (\d+)", l)] if m]
    require(full and all(0 <= f <= 1000 for f in full), "hashfull missing or out of 0..1000", e)


@check
def setoption_move_overhead_honoured(ctx):
    """Move Overhead is taken off movetime: movetime 700 with overhead 500 thinks ~200 ms."""
    e = ctx.engine()
    e.send("setoption name Move Overhead value 500")
    elapsed, _, _ = run_go(ctx, e, MIDDLEGAME, "go movetime 700", 5.0)
    require(elapsed < 0.45, "movetime 700 with Move Overhead 500 took %.0f ms" % (elapsed * 1000), e)


# ---------------------------------------------------------------------------------------------
# position.


@check
def position_commands(ctx):
    """position startpos|fen [moves ...] set the position (checked with `d` and perft 1)."""
    e = ctx.engine()
    cases = [
        (START, FEN_START, 20),
        ("position startpos moves e2e4 e7e5 g1f3", FEN_AFTER_E4_E5_NF3, None),
        ("position fen " + FEN_START, FEN_START, 20),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5 g1f3",
         FEN_AFTER_E4_E5_NF3, None),
        ("position startpos moves", FEN_START, 20),
        # castling, en passant and promotion in the move list
        ("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8",
         "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", None),
        ("position fen 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 moves e5d6", "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", None),
        ("position fen 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7b8n", "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1", None),
        (KIWIPETE, KIWIPETE.split("fen ")[1], 48),
    ]
    for cmd, fen, count in cases:
        e.send(cmd)
        lines = e.sync()
        require(not lines, "'%s' printed %s" % (cmd, lines), e)
        got = fen_of(e)
        require(got == fen, "after '%s': d says %s, expected %s" % (cmd, got, fen), e)
        expected = len(ctx.oracle.legal_moves(cmd)) if count is None else count
        require(perft1_of(e) == expected, "after '%s': perft 1 != %d" % (cmd, expected), e)


BAD_FENS = [
    "garbage",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",            # seven ranks
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   # nine squares
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",   # bad piece
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",   # side to move
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",   # castling
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",  # en passant
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",   # halfmove clock
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR w KQkq - 0 1",   # no white king
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1",   # two white kings
    "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1",   # pawn on the last rank
    "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1 extra",                     # trailing text
    "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                            # side not to move in check
    "",                                                           # no FEN at all
    "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/"
    "8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8/8 w - - 0 1",   # too long
]


@check
def position_bad_fen(ctx):
    """A bad FEN gives an info string and the previous position stays."""
    e = ctx.engine()
    e.send("position startpos moves e2e4 e7e5 g1f3")
    fen = fen_of(e)
    count = perft1_of(e)
    for bad in BAD_FENS:
        rejected_and_kept(ctx, e, "position fen " + bad, fen, count, "bad FEN %r" % bad)
    for cmd in ["position", "position start", "position startpos e2e4", "position fen"]:
        rejected_and_kept(ctx, e, cmd, fen, count, "malformed %r" % cmd)


@check
def position_illegal_move(ctx):
    """An illegal or malformed move in the list gives an info string; the previous position
    stays (not a prefix of the new list)."""
    e = ctx.engine()
    e.send(KIWIPETE)
    fen = fen_of(e)
    count = perft1_of(e)
    for moves in ["e2e4 e7e5 e1e3", "e2e5", "e7e5", "e2e4 zzzz", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 e8g8 e1g1",
                  "e2e4 e7e5 e2e4", "e2e4q", "e2", "e2e4e7e5", "a7a8q", "0000", "e2e4 e7e5 ?"]:
        rejected_and_kept(ctx, e, "position startpos moves " + moves, fen, count, "moves %r" % moves)
    # castling out of / through check and an en passant that is not available
    for cmd in ["position fen r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1 moves e1g1",
                "position fen r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1 moves e1g1",
                "position fen 4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2 moves e5d6"]:
        rejected_and_kept(ctx, e, cmd, fen, count, cmd)


# ---------------------------------------------------------------------------------------------
# go.


@check
def go_wtime_btime(ctx):
    """go wtime/btime: a legal move well inside the clock, for either side to move."""
    e = ctx.engine()
    elapsed, _, _ = run_go(ctx, e, START, "go wtime 2000 btime 2000", 3.0)
    require(elapsed < 0.7 * 2.0, "used %.0f ms of a 2000 ms clock for one move" % (elapsed * 1000), e)
    elapsed, _, _ = run_go(ctx, e, AFTER_E4, "go wtime 60000 btime 1000", 3.0)
    require(elapsed < 0.7, "black used %.0f ms of its 1000 ms clock" % (elapsed * 1000), e)


@check
def go_winc_binc(ctx):
    """go with increments: a legal move, clock plus increment respected."""
    e = ctx.engine()
    elapsed, _, _ = run_go(ctx, e, MIDDLEGAME, "go wtime 500 btime 500 winc 200 binc 200", 3.0)
    require(elapsed < 0.5, "used %.0f ms with 500 ms + 200 ms increment" % (elapsed * 1000), e)
    elapsed, _, _ = run_go(ctx, e, MIDDLEGAME, "go wtime 50 btime 50 winc 1000 binc 1000", 3.0)
    require(elapsed < 0.05 + 0.02, "used %.0f ms of a 50 ms clock (the increment comes only after the move)"
            % (elapsed * 1000), e)


@check
def go_movestogo(ctx):
    """go movestogo: with one move to go most of the clock may be used, never all of it."""
    e = ctx.engine()
    elapsed, _, _ = run_go(ctx, e, MIDDLEGAME, "go wtime 1000 btime 1000 movestogo 1", 3.0)
    require(elapsed < 1.0, "movestogo 1 flagged: %.0f ms of 1000" % (elapsed * 1000), e)
    elapsed, _, _ = run_go(ctx, e, MIDDLEGAME, "go wtime 3000 btime 3000 movestogo 40", 3.0)
    require(elapsed < 0.5, "movestogo 40 with 3 s used %.0f ms" % (elapsed * 1000), e)


@check
def go_movetime(ctx):
    """go movetime 300: the answer comes after about 300 ms (minus the move overhead)."""
    e = ctx.engine()
    elapsed, _, _ = run_go(ctx, e, MIDDLEGAME, "go movetime 300", 3.0)
    require(0.15 <= elapsed <= 0.35, "movetime 300 took %.0f ms" % (elapsed * 1000), e)


@check
def go_depth(ctx):
    """go depth 5: iterations 1..5 reported, none deeper; info lines well formed."""
    e = ctx.engine()
    _, best, lines = run_go(ctx, e, KIWIPETE, "go depth 5", 10.0)
    depths = info_depths(lines)
    require(depths and max(depths) == 5, "go depth 5 reported depths %s" % depths, e)
    last = [l for l in lines if l.startswith("info depth 5 ") and " pv " in l][-1]
    for field in ("seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"):
        require(" %s " % field in last, "info line without %s: %s" % (field, last), e)
    require(re.search(r" score (cp -?\d+|mate -?\d+)", last), "bad score in %s" % last, e)
    pv = last.split(" pv ")[1].split()
    require(pv[0] == best, "bestmove %s is not the first move of the last pv %s" % (best, pv), e)


@check
def go_nodes(ctx):
    """go nodes 20000: ends by itself, soon, reporting no more than about that many nodes."""
    e = ctx.engine()
    elapsed, _, lines = run_go(ctx, e, MIDDLEGAME, "go nodes 20000", 5.0)
    nodes = [int(m.group(1)) for l in lines for m in [re.search(r" nodes (\d+)", l)] if m]
    require(nodes and max(nodes) <= 20000 + 64, "go nodes 20000 reported %s nodes" % (nodes[-1:] or "no"), e)
    require(nodes[-1] >= 20000, "the final info line before bestmove says %d nodes, not the 20000 searched"
            % nodes[-1], e)


@check
def go_mate(ctx):
    """go mate 2 in a mate-in-2 position finds Nf6+ (d5f6) with score mate 2."""
    e = ctx.engine()
    _, best, lines = run_go(ctx, e, MATE_IN_2, "go mate 2", 10.0)
    require(best == "d5f6", "go mate 2 played %s, the mate starts with d5f6" % best, e)
    require(any(" score mate 2 " in l for l in lines), "no 'score mate 2' reported", e)
    _, best, lines = run_go(ctx, e, MATE_IN_1, "go mate 1", 10.0)
    require(best == "d1d8", "go mate 1 played %s, not Rd8#" % best, e)


@check
def go_searchmoves(ctx):
    """go searchmoves restricts the root moves (and no keyword is mistaken for a move)."""
    e = ctx.engine()
    _, best, lines = run_go(ctx, e, START, "go searchmoves a2a3 h2h3 depth 6", 10.0)
    require(best in ("a2a3", "h2h3"), "searchmoves a2a3 h2h3 gave %s" % best, e)
    require(not info_strings(lines), "searchmoves followed by 'depth' gave %s" % info_strings(lines), e)
    _, best, lines = run_go(ctx, e, MIDDLEGAME, "go depth 5 searchmoves h2h3", 10.0)
    require(best == "h2h3", "searchmoves h2h3 gave %s" % best, e)
    _, best, lines = run_go(ctx, e, MIDDLEGAME, "go searchmoves a1b1 btime 1000 wtime 1000 binc 10 winc 10", 5.0)
    require(best == "a1b1", "searchmoves a1b1 gave %s" % best, e)
    require(not info_strings(lines), "searchmoves followed by 'btime' gave %s" % info_strings(lines), e)
    _, best, lines = run_go(ctx, e, START, "go searchmoves e2e5 g1f3 depth 4", 10.0)
    require(best == "g1f3", "searchmoves e2e5(illegal) g1f3 gave %s" % best, e)
    require(info_strings(lines), "an illegal searchmoves entry was skipped silently", e)


@check
def multipv_lines(ctx):
    """MultiPV 3: each iteration reports multipv 1, 2 and 3 with distinct first moves and scores
    best first; MultiPV is capped at the legal moves; bad values are refused and kept."""
    e = ctx.engine()
    e.send("setoption name MultiPV value 3")
    for position in (START, MIDDLEGAME, "position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"):
        _, best, lines = run_go(ctx, e, position, "go depth 12", 30.0)
        final = {}
        for l in lines:
            m = re.match(r"info depth 12 .*multipv (\d+) score cp (-?\d+)(?! (lower|upper)bound).* pv (\S+)", l)
            if m and " lowerbound" not in l and " upperbound" not in l:
                final[int(m.group(1))] = (int(m.group(2)), m.group(4))
        require(sorted(final) == [1, 2, 3], "depth 12 reported lines %s, not 1 2 3" % sorted(final), e)
        scores = [final[k][0] for k in (1, 2, 3)]
        moves = [final[k][1] for k in (1, 2, 3)]
        require(scores == sorted(scores, reverse=True), "MultiPV scores not best first: %s" % scores, e)
        require(len(set(moves)) == 3, "MultiPV lines share a first move: %s" % moves, e)
        require(best == moves[0], "bestmove %s is not line 1's move %s" % (best, moves[0]), e)
    e.send("setoption name MultiPV value 10")
    _, best, lines = run_go(ctx, e, "position fen 7k/8/8/8/8/8/8/K7 w - - 0 1", "go depth 4", 10.0)
    shown = {int(m.group(1)) for l in lines for m in [re.search(r" multipv (\d+) ", l)] if m}
    require(shown == {1, 2, 3}, "three legal moves but lines %s" % sorted(shown), e)
    for bad in ("0", "257", "two"):
        e.send("setoption name MultiPV value " + bad)
        require(info_strings(e.sync()), "MultiPV %s accepted silently" % bad, e)


@check
def show_wdl(ctx):
    """UCI_ShowWDL (default off) adds `wdl W D L` (per mille, summing to 1000) after the score."""
    e = ctx.engine()
    _, _, lines = run_go(ctx, e, START, "go depth 4", 10.0)
    require(not any(" wdl " in l for l in lines), "wdl shown without UCI_ShowWDL", e)
    e.send("setoption name UCI_ShowWDL value true")
    _, _, lines = run_go(ctx, e, MATE_IN_1, "go depth 4", 10.0)
    wdl = [tuple(map(int, m.groups())) for l in lines for m in [re.search(r" wdl (\d+) (\d+) (\d+)", l)] if m]
    require(wdl and all(sum(w) == 1000 for w in wdl), "wdl lines %s" % wdl, e)
    require(wdl[-1] == (1000, 0, 0), "a mate in 1 shows wdl %s" % (wdl[-1],), e)
    e.send("setoption name UCI_ShowWDL value maybe")
    require(info_strings(e.sync()), "UCI_ShowWDL maybe accepted silently", e)


@check
def d_and_eval(ctx):
    """`d` shows the board, FEN, the Polyglot key and the checkers; `eval` every term for both
    sides and the static evaluation."""
    e = ctx.engine()
    e.send("position startpos moves e2e4 f7f6 d1h5")
    e.send("d")
    lines = e.sync()
    require("Key: EE647E3FEB977075" in lines or any(l.startswith("Key: ") for l in lines), "no Key line", e)
    e.send("position startpos")
    e.send("d")
    lines = e.sync()
    require("Key: 463B96181691FC9C" in lines, "the start position's key is not Polyglot's: %s" % lines, e)
    require("Checkers: " in [l.rstrip() + " " for l in lines] or "Checkers:" in lines, "no Checkers line", e)
    e.send("position startpos moves e2e4 f7f6 d1h5")
    e.send("d")
    require(any(l.strip() == "Checkers: h5" for l in e.sync()), "Qh5+ not listed as checker", e)
    e.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    e.send("eval")
    lines = e.sync()
    for term in ("material", "pieces", "pawns", "king", "threats", "tempo"):
        require(any(l.strip().startswith(term + " |") for l in lines), "eval shows no %s term" % term, e)
    require(any(l.startswith("info string static eval ") for l in lines), "eval without its value", e)


@check
def xiangqi_eval_adds_up(ctx):
    """Xiangqi `eval`: each term's total is Red's minus Black's, the totals add up to the result,
    and the result is the static evaluation seen from Red."""
    e = ctx.engine()
    e.send("setoption name UCI_Variant value xiangqi")
    for position, red_to_move in (("position startpos moves h3e3 h10g8 h1g3", False),
                                  ("position fen 3k5/9/9/9/3R5/9/9/9/4c4/4K4 b - - 0 1", False),
                                  ("position fen 2bak4/4a4/4b1n2/p1p1C1p2/9/6P2/P3c3P/4B3N/4A4/2BAK1R2 w - - 0 1",
                                   True)):
        e.send(position)
        e.send("eval")
        lines = e.sync()
        total = 0
        for l in lines:
            cells = [c.strip() for c in l.split("|")]
            if len(cells) == 5 and re.match(r"^-?\d+$", cells[3]):
                red, black, row = (int(c) for c in cells[1:4])
                require(row == red - black, "eval row %r: Red - Black is not the total" % l, e)
                total += row
        result = [int(m.group(1)) for l in lines for m in [re.match(r"^result: (-?\d+) for Red", l)] if m]
        static = [int(m.group(1)) for l in lines for m in [re.match(r"^info string static eval (-?\d+) cp", l)] if m]
        require(result and result[0] == total, "eval terms add up to %d, not the result %s" % (total, result), e)
        require(static and static[0] == (total if red_to_move else -total),
                "eval result %d for Red, static eval %s for the side to move" % (total, static), e)


@check
def go_infinite_stop(ctx):
    """go infinite: no bestmove until stop; stop answered within 50 ms (5 tries, 1 outlier
    allowed); the move is legal."""
    e = ctx.engine()
    samples = []
    for pos in (START, KIWIPETE, MIDDLEGAME, AFTER_E4, START):
        e.send(pos)
        e.send("go infinite")
        expect_silence(e, 0.3, "bestmove", "bestmove before stop in go infinite")
        t0 = e.send("stop")
        t, _, before = finish_go(ctx, e, pos, 2.0, "bestmove after stop")
        samples.append(t - t0)
        last = [l for l in before if l.startswith("info depth")][-1:]
        m = re.search(r" time (\d+)", last[0]) if last else None
        require(m and int(m.group(1)) >= 250, "no final info line (with the whole search's time) between stop and bestmove: %s"
                % last, e)
    slow = [s for s in samples if s >= LATENCY_LIMIT]
    ctx.note("stop latency ms: " + " ".join("%.1f" % (s * 1000) for s in samples))
    require(len(slow) <= 1 and max(samples) < 0.5,
            "stop -> bestmove latency over 50 ms: %s ms" % ["%.1f" % (s * 1000) for s in samples], e)


@check
def threads_search(ctx):
    """Threads 3 (Lazy SMP): legal moves at fixed depth, nodes, go infinite answered and stopped
    within the latency limit; Threads sent during a search applies from the next go."""
    e = ctx.engine()
    e.send("setoption name Threads value 3")
    require(not e.sync(), "setoption Threads 3 printed something", e)
    for pos in (START, KIWIPETE, MIDDLEGAME):
        _, _, before = run_go(ctx, e, pos, "go depth 9", 20.0)
        require(9 in info_depths(before), "Threads 3, %s: no info at depth 9" % pos, e)
    samples = []
    for pos in (MIDDLEGAME, AFTER_E4, START):
        e.send(pos)
        e.send("go infinite")
        expect_silence(e, 0.3, "bestmove", "bestmove before stop with Threads 3")
        e.send("isready")
        e.expect(lambda l: l == "readyok", 1.0, "readyok during a 3-thread search")
        t0 = e.send("stop")
        t, _, _ = finish_go(ctx, e, pos, 2.0, "bestmove after stop, Threads 3")
        samples.append(t - t0)
    ctx.note("Threads 3 stop latency ms: " + " ".join("%.1f" % (s * 1000) for s in samples))
    require(max(samples) < 0.5, "stop with Threads 3 took %.0f ms" % (max(samples) * 1000), e)
    # Changing Threads during a search: kept for the next go, the search goes on.
    e.send(MIDDLEGAME)
    e.send("go infinite")
    expect_silence(e, 0.2, "bestmove", "bestmove before stop")
    e.send("setoption name Threads value 1")
    e.send("stop")
    finish_go(ctx, e, MIDDLEGAME, 2.0, "bestmove after stop")
    run_go(ctx, e, KIWIPETE, "go depth 6", 10.0)


@check
def strength_levels(ctx):
    """Skill Level and UCI_LimitStrength + UCI_Elo: legal moves, no slower than the full engine
    with the same clock, varied play at a low level; the info lines are MultiPV's only."""
    e = ctx.engine()
    clock = "go wtime 20000 btime 20000 winc 100 binc 100"
    full, _, before = run_go(ctx, e, MIDDLEGAME, clock, 30.0)
    full_nodes = max(info_nodes(before))
    e.send("setoption name Skill Level value 3")
    moves = set()
    for _ in range(20):
        t, best, before = run_go(ctx, e, AFTER_E4, clock, 30.0)
        require(t <= max(full, 0.5), "Skill Level 3 took %.2f s, the full engine %.2f s" % (t, full), e)
        require(not [l for l in before if re.search(r" multipv [2-9]", l)],
                "Skill Level 3 printed lines MultiPV 1 did not ask for", e)
        moves.add(best)
    ctx.note("Skill Level 3, 20 searches from one position: %d distinct moves %s" % (len(moves), sorted(moves)))
    require(len(moves) >= 2, "Skill Level 3 always played %s" % moves, e)
    e.send("setoption name Skill Level value 20")
    e.send("setoption name UCI_LimitStrength value true")
    e.send("setoption name UCI_Elo value 1200")
    require(not e.sync(), "strength options printed something", e)
    t, _, _ = run_go(ctx, e, MIDDLEGAME, clock, 30.0)
    require(t <= max(full, 0.5), "UCI_Elo 1200 took %.2f s, the full engine %.2f s" % (t, full), e)
    # A rating's node budget grows with it (whatever the clock), and every one of them is far
    # below what the full engine searches with that clock.
    budgets = []
    for elo in (1500, 1900, 2300):
        e.send("setoption name UCI_Elo value %d" % elo)
        _, _, before = run_go(ctx, e, MIDDLEGAME, clock, 30.0)
        budgets.append(max(info_nodes(before)))
    ctx.note("nodes searched at UCI_Elo 1500, 1900, 2300: %s; the full engine: %d" % (budgets, full_nodes))
    require(budgets[0] < budgets[1] < budgets[2] < full_nodes / 2,
            "node budgets %s not growing with the rating, or not below the full engine's %d" % (budgets, full_nodes), e)
    e.send("setoption name UCI_LimitStrength value false")
    _, _, before = run_go(ctx, e, KIWIPETE, "go depth 7", 10.0)
    require(7 in info_depths(before), "the full engine again: no depth 7", e)


@check
def isready_during_search(ctx):
    """isready during go infinite is answered at once (< 50 ms; 1 outlier of 8 allowed), and
    does not end the search."""
    e = ctx.engine()
    e.send(MIDDLEGAME)
    e.send("go infinite")
    samples = []
    for _ in range(8):
        time.sleep(0.1)
        t0 = e.send("isready")
        t, _, before = e.expect(lambda l: l == "readyok", 2.0, "readyok during search")
        require(not [l for l in before if l.startswith("bestmove")], "isready ended the search", e)
        samples.append(t - t0)
    ctx.note("isready latency ms: " + " ".join("%.1f" % (s * 1000) for s in samples))
    slow = [s for s in samples if s >= LATENCY_LIMIT]
    require(len(slow) <= 1 and max(samples) < 0.5,
            "readyok during search took %s ms" % ["%.1f" % (s * 1000) for s in samples], e)
    e.send("stop")
    finish_go(ctx, e, MIDDLEGAME, 2.0)


@check
def no_bestmove_before_stop_when_search_ends(ctx):
    """go infinite in a mate-in-1 position, with a depth limit, with no legal move: the search
    ends early but bestmove waits for stop."""
    e = ctx.engine()
    for pos, go, expected in [(MATE_IN_1, "go infinite", "d1d8"), (START, "go infinite depth 2", None),
                              (MIDDLEGAME, "go depth 1 infinite", None), (STALEMATE, "go infinite", "0000"),
                              (CHECKMATED, "go infinite", "0000"), (MATE_IN_1, "go infinite mate 1", "d1d8")]:
        e.send(pos)
        e.send(go)
        expect_silence(e, 0.4, "bestmove", "'%s' in '%s' printed bestmove before stop" % (go, pos))
        t0 = e.send("isready")  # the search is over, the engine waits for stop: still answers
        t, _, before = e.expect(lambda l: l == "readyok", 1.0, "readyok while waiting for stop")
        require(t - t0 < 0.1 and not [l for l in before if l.startswith("bestmove")],
                "isready while waiting for stop: %.0f ms, %s" % ((t - t0) * 1000, before), e)
        t0 = e.send("stop")
        t, best, _ = finish_go(ctx, e, pos, 1.0)
        require(expected is None or best == expected, "'%s' in '%s' gave %s, expected %s"
                % (go, pos, best, expected), e)
        require(t - t0 < 0.2, "bestmove %.0f ms after stop" % ((t - t0) * 1000), e)


@check
def go_ponder_ponderhit(ctx):
    """go ponder: no bestmove while pondering; after ponderhit the search ends on its own clock."""
    e = ctx.engine()
    e.send("setoption name Ponder value true")
    pos = "position startpos moves e2e4 e7e5"
    e.send(pos)
    e.send("go ponder wtime 3000 btime 3000 winc 0 binc 0")
    expect_silence(e, 0.8, "bestmove", "bestmove while pondering")
    t0 = e.send("ponderhit")
    t, _, _ = finish_go(ctx, e, pos, 3.0, "bestmove after ponderhit")
    require(t - t0 < 1.5, "after ponderhit with 3 s on the clock the engine thought %.0f ms" % ((t - t0) * 1000), e)
    # a ponder search that finishes by itself (depth limit, a mate) waits for ponderhit/stop
    for go, end in [("go ponder depth 3 wtime 3000 btime 3000", "ponderhit"),
                    ("go ponder wtime 3000 btime 3000", "stop")]:
        for p in (pos, MATE_IN_1):
            e.send(p)
            e.send(go)
            expect_silence(e, 0.4, "bestmove", "'%s' in '%s': bestmove before %s" % (go, p, end))
            t0 = e.send(end)
            t, _, _ = finish_go(ctx, e, p, 3.0, "bestmove after " + end)
            if end == "stop" or p == MATE_IN_1 or "depth" in go:
                require(t - t0 < 0.6, "'%s' then %s: bestmove after %.0f ms" % (go, end, (t - t0) * 1000), e)


@check
def go_perft(ctx):
    """go perft N: Stockfish-style divide (move: count lines, Nodes searched: total), matching
    the oracle per move; no bestmove."""
    e = ctx.engine()
    for pos, depth in [(START, 3), (KIWIPETE, 2), ("position fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
                       (CHECKMATED, 1), (STALEMATE, 2)]:
        e.send(pos)
        e.send("go perft %d" % depth)
        _, last, lines = e.expect(lambda l: l.startswith("Nodes searched"), 10.0, "Nodes searched")
        require(re.fullmatch(r"Nodes searched: \d+", last), "bad total line %r" % last, e)
        divide = {}
        for l in lines:
            if l.strip():
                m = re.fullmatch(r"([a-h][1-8][a-h][1-8][nbrq]?): (\d+)", l)
                require(m, "unexpected line in perft output: %r" % l, e)
                divide[m.group(1)] = int(m.group(2))
        total = int(last.split(":")[1])
        expected, expected_total = ctx.oracle.divide(pos, depth)
        require(divide == expected, "perft %d divide in '%s' differs from the oracle's: %s"
                % (depth, pos, sorted(set(divide.items()) ^ set(expected.items()))[:6]), e)
        require(total == expected_total == sum(divide.values()), "perft %d total %d, oracle %d"
                % (depth, total, expected_total), e)
    require(not [l for l in e.sync() if l.startswith("bestmove")], "go perft printed a bestmove", e)


@check
def bestmove_0000_only_without_moves(ctx):
    """Checkmated and stalemated: bestmove 0000 for every kind of go."""
    e = ctx.engine()
    for pos in (CHECKMATED, STALEMATE):
        for go in ("go depth 5", "go movetime 100", "go wtime 1000 btime 1000", "go nodes 1000", "go mate 3"):
            elapsed, best, _ = run_go(ctx, e, pos, go, 2.0)
            require(best == "0000", "'%s' in '%s' gave %s" % (go, pos, best), e)


@check
def go_garbage_numbers(ctx):
    """go with garbage or absurd numbers: an info string, and still exactly one legal bestmove
    (a GUI waits for it)."""
    e = ctx.engine()
    # (go command, whether an info string must explain a skipped parameter)
    for go, warned in [("go depth abc movetime 200", True), ("go movetime -5", False), ("go movetime 0", False),
                       ("go depth 0", False), ("go depth -3", False), ("go wtime x btime y movetime 200", True),
                       ("go nodes 1e6 movetime 200", True), ("go depth 99999999999999999999999 movetime 200", True),
                       ("go movestogo -1 wtime 500 btime 500", False), ("go wtime -100 btime -100", False),
                       ("go depth 4 depth", True), ("go frobnicate 7 depth 3", True), ("go depth 9999 nodes 5000", False)]:
        e.send(MIDDLEGAME)
        e.send(go)
        t, line, before = e.expect("bestmove", 3.0, "bestmove for '%s'" % go)
        check_bestmove(ctx, e, MIDDLEGAME, line)
        if warned:
            require(info_strings(before), "'%s': the bad parameter was skipped silently" % go, e)
        extra = [l for l in e.sync() if l.startswith("bestmove")]
        require(not extra, "'%s': a second bestmove" % go, e)
    # nothing to limit the search: it runs until stop
    for go in ["go depth abc", "go", "go nodes"]:
        e.send(MIDDLEGAME)
        e.send(go)
        e.drain(0.2)
        e.send("stop")
        finish_go(ctx, e, MIDDLEGAME, 2.0, "bestmove for '%s' after stop" % go)


@check
def commands_during_search(ctx):
    """position/setoption sent during a search are run after it, in order; stop ends it."""
    e = ctx.engine()
    e.send(START)
    e.send("go infinite")
    e.drain(0.1)
    e.send("setoption name Move Overhead value 40")
    e.send("position startpos moves e2e4 e7e5 g1f3")
    e.send("stop")
    finish_go(ctx, e, START, 1.0)
    require(fen_of(e) == FEN_AFTER_E4_E5_NF3, "position sent during the search was lost", e)
    run_go(ctx, e, "position startpos moves e2e4 e7e5 g1f3", "go depth 3", 5.0)


# ---------------------------------------------------------------------------------------------
# Hostile input.


@check
def garbage_lines(ctx):
    """Unknown commands and junk: an info string each (or ignored), never a crash."""
    e = ctx.engine()
    e.send(AFTER_E4)
    for line in ["hello", "foo bar baz", "UCI", "goo", "   ", "\t\t", "position startpos moves e2e4 e7e5 ",
                 "stop", "ponderhit", "setoption name", "position fen", "d d d", "eval",
                 "\x1b[2J", "\x7f\x7f", "quitx", "#", "////"]:
        e.send(line)
    e.sync()
    e.send("hello")
    require(info_strings(e.sync()), "unknown command 'hello' not reported with an info string", e)
    require(fen_of(e) == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "the valid position line among the garbage was not applied", e)
    run_go(ctx, e, "position startpos moves e2e4 e7e5", "go depth 4", 5.0)


@check
def binary_bytes(ctx):
    """Random bytes, NULs, CR, invalid UTF-8, no final newline: the engine lives on."""
    e = ctx.engine()
    rng = random.Random(20240607)
    for _ in range(20):
        e.send(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400))))
    e.send(b"\x00\x00\x00\n\xff\xfe\xfd\r\n\r\r\nisready\x00junk\n\x80\x81\n")
    e.send(b"\n")
    e.sync()
    e.send(b"position startpos moves e2e4\r\n")
    require(fen_of(e) == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "a CRLF line was not understood", e)
    run_go(ctx, e, AFTER_E4, "go depth 4", 5.0)


@check
def long_lines(ctx):
    """100 KB lines (junk, and a position with a huge move list): an info string or ignored,
    never a crash; the position stays; normal lines work afterwards."""
    e = ctx.engine()
    e.send(AFTER_E4)
    fen = fen_of(e)
    e.send("x" * 100000)
    e.sync(10.0)
    dance = " ".join(["g1f3 g8f6 f3g1 f6g8"] * 5000)  # legal but 100 KB
    e.send("position startpos moves " + dance)
    require(info_strings(e.sync(10.0)), "100 KB position line: no info string", e)
    require(fen_of(e) == fen, "100 KB position line changed the position", e)
    e.send("go depth 3 " + "searchmoves " + "a2a3 " * 20000)
    e.drain(0.3)
    e.send("stop")
    best = [l for l in e.sync() if l.startswith("bestmove")]  # ignoring the line is fine too
    require(len(best) <= 1, "a 100 KB go line gave %d bestmoves" % len(best), e)
    for line in best:
        check_bestmove(ctx, e, AFTER_E4, line)
    e.gos = e.bestmoves
    run_go(ctx, e, AFTER_E4, "go depth 4", 5.0)


@check
def eof_idle(ctx):
    """EOF on stdin while idle: exit 0 at once."""
    e = ctx.engine()
    e.close_stdin()
    rc = e.wait_exit(1.0)
    require(rc == 0, "after EOF the engine %s" % ("still runs after 1 s" if rc is None else "exited %d" % rc), e)


@check
def eof_during_search(ctx):
    """EOF during go infinite and during a long timed search: a bestmove (or none) and exit 0
    within 1 s."""
    for go in ["go infinite", "go wtime 600000 btime 600000", "go depth 60", "go ponder wtime 60000 btime 60000"]:
        e = ctx.engine()
        e.send(MIDDLEGAME)
        e.send(go)
        e.drain(0.2)
        e.sync(1.0)
        e.close_stdin()
        rc = e.wait_exit(1.0)
        require(rc == 0, "'%s' then EOF: %s" % (go, "still running after 1 s" if rc is None else "exit %d" % rc), e)
        lines = e.drain(0.3)
        best = [l for l in lines if l.startswith("bestmove")]
        require(len(best) <= 1, "more than one bestmove: %s" % best, e)
        if best:
            check_bestmove(ctx, e, MIDDLEGAME, best[0])
        e.gos = e.bestmoves  # a bestmove is optional here


@check
def quit_during_search(ctx):
    """quit during go infinite / go ponder / a timed search: exit 0 within 0.5 s."""
    for go in ["go infinite", "go ponder wtime 10000 btime 10000", "go wtime 600000 btime 600000"]:
        e = ctx.engine()
        e.send(KIWIPETE)
        e.send(go)
        e.drain(0.2)
        t0 = e.send("quit")
        rc = e.wait_exit(1.0)
        took = time.monotonic() - t0
        require(rc == 0, "'%s' then quit: %s" % (go, "still running after 1 s" if rc is None else "exit %d" % rc), e)
        require(took < 0.5, "'%s' then quit: exit took %.0f ms" % (go, took * 1000), e)
        best = [l for l in e.drain(0.3) if l.startswith("bestmove")]
        require(len(best) <= 1, "more than one bestmove: %s" % best, e)
        e.gos = e.bestmoves


@check
def quit_idle(ctx):
    """quit while idle: exit 0, nothing printed."""
    e = ctx.engine()
    e.send("quit")
    rc = e.wait_exit(1.0)
    require(rc == 0, "quit: %s" % ("still running" if rc is None else "exit %d" % rc), e)


@check
def many_games(ctx):
    """A short game loop as a GUI plays it: ucinewgame, position with the moves so far, go with
    clocks; every answer legal and within its clock."""
    e = ctx.engine()
    e.send("ucinewgame")
    moves = []
    clock = [3000, 3000]
    for ply in range(24):
        pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        if not ctx.oracle.legal_moves(pos):
            break
        go = "go wtime %d btime %d winc 20 binc 20" % (clock[0], clock[1])
        elapsed, best, _ = run_go(ctx, e, pos, go, clock[ply % 2] / 1000.0 + 1.0)
        clock[ply % 2] -= int(elapsed * 1000) - 20
        require(clock[ply % 2] > 0, "lost on time at ply %d" % ply, e)
        moves.append(best)


# ---------------------------------------------------------------------------------------------


def run(args):
    engine_cmd = [os.path.abspath(args.engine)]
    checks = [c for c in CHECKS if not args.k or any(k in c.__name__ for k in args.k)]
    if args.list:
        for c in checks:
            print("%-42s %s" % (c.__name__, (c.__doc__ or "").split("\n")[0]))
        return 0
    if args.oracle and os.access(args.oracle.split()[0], os.X_OK):
        oracle = MoveOracle(args.oracle.split(), "oracle " + args.oracle)
        print("legal moves from: %s" % args.oracle)
    else:
        oracle = MoveOracle(engine_cmd, "oracle (flashmate itself)")
        print("legal moves from: flashmate itself (no independent oracle found: %s)" % args.oracle)
    failed = 0
    start = time.monotonic()
    for c in checks:
        ctx = Context(engine_cmd, oracle)
        t0 = time.monotonic()
        error = None
        try:
            c(ctx)
        except Fail as exc:
            error = str(exc)
        except Exception as exc:  # a bug in the test itself is a failure too
            error = "test error: %r" % exc
        for e in ctx.engines:
            rc = e.close()
            if error:
                continue
            if rc is None:
                error = "the engine did not exit within 3 s of quit / EOF\n" + e.tail()
            elif rc != 0:
                error = "the engine exited with status %d\n%s" % (rc, e.tail())
            elif e.bestmoves != e.gos:
                error = "%d go commands but %d bestmoves\n%s" % (e.gos, e.bestmoves, e.tail())
            elif e.stderr:
                error = "the engine wrote to stderr: %r" % e.stderr[:300]
        took = time.monotonic() - t0
        if error:
            failed += 1
            print("FAIL %-42s %5.2f s\n  %s" % (c.__name__, took, error.replace("\n", "\n  ")))
        else:
            print("ok   %-42s %5.2f s%s" % (c.__name__, took, "".join("\n       " + n for n in ctx.notes)))
        sys.stdout.flush()
    oracle.close()
    print("%d checks, %d failed, %.1f s" % (len(checks), failed, time.monotonic() - start))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("engine")
    p.add_argument("--oracle", default="/usr/games/stockfish",
                   help="UCI engine whose `go perft` lists legal moves (default Stockfish)")
    p.add_argument("-k", action="append", help="run only checks whose name contains this")
    p.add_argument("--list", action="store_true")
    sys.exit(run(p.parse_args()))


if __name__ == "__main__":
    main()
