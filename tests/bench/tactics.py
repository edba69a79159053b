#!/usr/bin/env python3
"""Solve rate on an EPD test suite (`bm` or `am` in SAN), for one or more UCI engines side by
side: each position is searched with `go movetime MS` by every engine in turn, so a load on the
machine weighs on all of them alike.

usage: tactics.py [--movetime MS] SUITE.epd ENGINE [ENGINE ...]
  e.g. tests/bench/tactics.py ../shared/data/tactics/bratko-kopec.epd build/host/flashmate OLD

A position counts as solved when the engine's `bestmove` is one of its `bm` moves (and none of
its `am` moves). The SAN of the suite is matched against the engine's long-algebraic move on the
position's board: piece, target square, promotion and any disambiguation must agree (checks,
captures and annotations are ignored). Prints a line per position and engine, then the totals;
exit 1 when an engine fails to answer or a suite line cannot be read.
Standard library only.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from line_process import Fault, Process  # noqa: E402

SAN = re.compile(r"^(?:(O-O-O|O-O)|([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBN]))?)[+#!?]*$")


def board_of(fen):
    """{square name: piece letter} of a FEN's placement."""
    board = {}
    for rank_index, row in enumerate(fen.split()[0].split("/")):
        file_index = 0
        for ch in row:
            if ch.isdigit():
                file_index += int(ch)
            else:
                board["abcdefgh"[file_index] + str(8 - rank_index)] = ch
                file_index += 1
    return board


def san_matches(san, uci, board):
    """Is the long-algebraic move `uci` on `board` the move written `san`?"""
    m = SAN.match(san)
    if not m:
        raise ValueError("not a SAN move: %r" % san)
    castle, piece, from_file, from_rank, to, promotion = m.groups()
    source, target = uci[:2], uci[2:4]
    moving = board.get(source, "")
    if castle:
        if moving.upper() != "K" or source[0] != "e":
            return False
        return target[0] in ("g", "h") if castle == "O-O" else target[0] in ("c", "a")
    if moving.upper() != (piece or "P") or target != to:
        return False
    if from_file and source[0] != from_file or from_rank and source[1] != from_rank:
        return False
    return (promotion or "").lower() == uci[4:5]


def read_suite(path):
    cases = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(None, 4)
            if len(fields) < 5:
                sys.exit("%s:%d: not an EPD line" % (path, number))
            fen = " ".join(fields[:4]) + " 0 1"
            ops = dict(re.findall(r"(\w+)\s+([^;]*);", fields[4]))
            if "bm" not in ops and "am" not in ops:
                sys.exit("%s:%d: no bm or am" % (path, number))
            ident = ops.get("id", str(number)).strip('"')
            cases.append((ident, fen, ops.get("bm", "").split(), ops.get("am", "").split()))
    return cases


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1])
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("suite")
    ap.add_argument("engines", nargs="+")
    args = ap.parse_args()
    cases = read_suite(args.suite)
    engines = []
    for path in args.engines:
        p = Process([path], path, None)
        p.send("uci")
        p.wait_for(lambda line: line == "uciok", 10, "uciok")
        engines.append(p)
    solved = [0] * len(engines)
    try:
        for ident, fen, best, avoid in cases:
            board = board_of(fen)
            for i, p in enumerate(engines):
                p.send("ucinewgame")
                p.send("position fen " + fen)
                p.send("isready")
                p.wait_for(lambda line: line == "readyok", 10, "readyok")
                p.send("go movetime %d" % args.movetime)
                line = p.wait_for(lambda line: line.startswith("bestmove"),
                                  args.movetime / 1000 + 10, "bestmove")
                move = line.split()[1]
                ok = (not best or any(san_matches(s, move, board) for s in best)) and \
                    not any(san_matches(s, move, board) for s in avoid)
                solved[i] += ok
                print("%-8s %-40s %-6s %s (%s%s)" % (ident, args.engines[i], move,
                                                     "solved" if ok else "missed",
                                                     "bm " + " ".join(best) if best else "",
                                                     " am " + " ".join(avoid) if avoid else ""))
    except Fault as fault:
        print("fault: %s" % fault)
        return 1
    finally:
        for p in engines:
            p.close("quit")
    for i, path in enumerate(args.engines):
        print("%s: %d / %d solved at %d ms a position" % (path, solved[i], len(cases),
                                                          args.movetime))
    return 0


if __name__ == "__main__":
    sys.exit(main())
