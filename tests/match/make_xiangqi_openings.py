#!/usr/bin/env python3
"""Makes a small balanced Xiangqi opening set with Fairy-Stockfish.

usage: make_xiangqi_openings.py [--count 16] [--seed 1] [--depth 12] [--limit 50] > tests/data/xiangqi-openings.epd

Random legal sequences of 2 to 6 plies from the start position (Fairy-Stockfish's `go perft 1`
list, a fixed seed), each kept when Fairy-Stockfish's search to DEPTH scores it within +-LIMIT
centipawns and its position is new. One line each, as tests/data/openings-balanced-200.epd:
`FEN c0 "fairy-stockfish d12 +12cp"; c1 "h3e3 h10g8";` (the moves from the start, ranks 1-10,
the score from Red's side). Standard library only.
"""
import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xiangqi_referee import FAIRY, START_FEN, Rules  # noqa: E402


def score(rules, moves, depth):
    """Fairy-Stockfish's score of the position after `moves`, centipawns from Red's side."""
    rules.p.send("position fen %s moves %s" % (START_FEN, " ".join(moves)))
    rules.p.send("go depth %d" % depth)
    last = None
    while True:
        line = rules.p.wait_for(lambda l: True, 60, "bestmove")
        m = re.search(r"score (cp|mate) (-?\d+)", line)
        if m:
            last = m
        if line.startswith("bestmove"):
            break
    if not last or last.group(1) == "mate":
        return None
    cp = int(last.group(2))
    return cp if len(moves) % 2 == 0 else -cp


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--limit", type=int, default=50)
    ap.add_argument("--fairy", default=FAIRY)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    rules = Rules(args.fairy)
    version = "fairy-stockfish"
    print("# Balanced Xiangqi openings: random legal sequences of 2-6 plies from the start position,")
    print("# kept when Fairy-Stockfish at depth %d scores them within +-%d cp (Red's side), each position once."
          % (args.depth, args.limit))
    print("# Made by: tests/match/make_xiangqi_openings.py --count %d --seed %d --depth %d --limit %d"
          % (args.count, args.seed, args.depth, args.limit))
    print("# c0: the score; c1: the moves from the start (Fairy-Stockfish notation, ranks 1-10).")
    seen, tries = set(), 0
    while len(seen) < args.count and tries < 50 * args.count:
        tries += 1
        moves = []
        for _ in range(rng.randint(2, 6)):
            legal, _, _ = rules.state(START_FEN, moves)
            moves.append(rng.choice(sorted(legal)))
        legal, fen, _ = rules.state(START_FEN, moves)
        position = " ".join(fen.split()[:4])
        if not legal or position in seen:
            continue
        cp = score(rules, moves, args.depth)
        if cp is None or abs(cp) > args.limit:
            continue
        seen.add(position)
        print('%s c0 "%s d%d %+dcp"; c1 "%s";' % (position, version, args.depth, cp, " ".join(moves)), flush=True)
    rules.close()
    return 0 if len(seen) == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
