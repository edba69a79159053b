#!/usr/bin/env python3
"""Perft speed of flashmate beside Stockfish, in one run on one machine.

usage: perft_vs_stockfish.py FLASHMATE [STOCKFISH] [--rounds N]   (default /usr/games/stockfish)

Runs `flashmate bench-perft` (single thread, no hashing), then the same three positions with
Stockfish's `go perft` over UCI. Stockfish is timed from sending `go perft` to reading
"Nodes searched" (its start-up and network loading are excluded: we wait for `readyok` first).
Prints each side's nodes, seconds and Mnps and the ratio of the totals.

--rounds N (N > 1) alternates the two sides N times (flashmate, stockfish, flashmate, ...; one
Stockfish process for all its rounds), prints each round's totals, and then for each side the
best and the median total Mnps over the rounds, per position and in all, and the ratio of the
bests and of the medians: on a machine that other jobs share, a single round says more about
the load than about the programs.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time

CASES = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
]


class Stockfish:
    """One Stockfish process over UCI, single thread; perft() times the three cases."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        for line in self.proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("stockfish ended before " + prefix)

    def perft(self):
        results = []
        for name, fen, depth in CASES:
            self.send("position fen " + fen)
            self.send("isready")
            self.wait_for("readyok")
            start = time.perf_counter()
            self.send("go perft %d" % depth)
            line = self.wait_for("Nodes searched")
            seconds = time.perf_counter() - start
            results.append((name, depth, int(line.split(":")[1]), seconds))
        return results

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def flashmate_perft(binary):
    out = subprocess.run([binary, "bench-perft"], capture_output=True, text=True, check=True).stdout
    results = []
    for name, _, depth in CASES:
        m = re.search(r"^%s\s+depth %d\s+nodes\s+(\d+)\s+([\d.]+) s" % (name, depth), out, re.M)
        results.append((name, depth, int(m.group(1)), float(m.group(2))))
    return out, results


def check_counts(ours, theirs):
    for a, b in zip(ours, theirs):
        if a[2] != b[2]:
            sys.exit("node counts differ for %s: flashmate %d, stockfish %d" % (a[0], a[2], b[2]))


def total_rate(results):
    return sum(r[2] for r in results) / sum(r[3] for r in results)


def single_round(flashmate, stockfish):
    """Today's report: both sides' tables and the ratio of the totals."""
    out, ours = flashmate_perft(flashmate)
    engine = Stockfish(stockfish)
    theirs = engine.perft()
    engine.quit()
    print(out.rstrip())
    print("stockfish (%s) go perft, single thread:" % stockfish)
    for name, depth, nodes, seconds in theirs:
        print("%-10s depth %d  nodes %12d  %7.3f s  %8.1f Mnps" % (name, depth, nodes, seconds, nodes / seconds / 1e6))
    check_counts(ours, theirs)
    our_rate, their_rate = total_rate(ours), total_rate(theirs)
    print("total Mnps: flashmate %.1f, stockfish %.1f, ratio %.2f" % (our_rate / 1e6, their_rate / 1e6, our_rate / their_rate))


def rounds(flashmate, stockfish, count):
    """`count` alternating rounds; per side the best and the median Mnps, and their ratios."""
    engine = Stockfish(stockfish)
    runs = {"flashmate": [], "stockfish": []}  # per round: [Mnps per case..., total Mnps]
    try:
        for k in range(count):
            out, ours = flashmate_perft(flashmate)
            theirs = engine.perft()
            check_counts(ours, theirs)
            for side, results in (("flashmate", ours), ("stockfish", theirs)):
                runs[side].append([r[2] / r[3] / 1e6 for r in results] + [total_rate(results) / 1e6])
            f, s = runs["flashmate"][-1][-1], runs["stockfish"][-1][-1]
            print("round %2d: flashmate %7.1f Mnps, stockfish %6.1f Mnps, ratio %.2f" % (k + 1, f, s, f / s), flush=True)
    finally:
        engine.quit()
    print("Mnps over %d rounds (best / median):" % count)
    print("%-10s %21s %21s %15s" % ("", "flashmate", "stockfish", "ratio"))
    for i, name in enumerate([c[0] for c in CASES] + ["total"]):
        f = [r[i] for r in runs["flashmate"]]
        s = [r[i] for r in runs["stockfish"]]
        print("%-10s %9.1f / %9.1f %9.1f / %9.1f %6.2f / %6.2f" % (
            name, max(f), statistics.median(f), max(s), statistics.median(s),
            max(f) / max(s), statistics.median(f) / statistics.median(s)))
    f = [r[-1] for r in runs["flashmate"]]
    s = [r[-1] for r in runs["stockfish"]]
    print("total Mnps: flashmate best %.1f median %.1f, stockfish best %.1f median %.1f, ratio of bests %.2f, ratio of medians %.2f" % (
        max(f), statistics.median(f), max(s), statistics.median(s), max(f) / max(s), statistics.median(f) / statistics.median(s)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("flashmate")
    parser.add_argument("stockfish", nargs="?", default="/usr/games/stockfish")
    parser.add_argument("--rounds", type=int, default=1, help="alternating rounds (default 1: one run each)")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.rounds == 1:
        single_round(args.flashmate, args.stockfish)
    else:
        rounds(args.flashmate, args.stockfish, args.rounds)


if __name__ == "__main__":
    main()
