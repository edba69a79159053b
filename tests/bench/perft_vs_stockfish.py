#!/usr/bin/env python3
"""Perft speed of flashmate beside Stockfish, in one run on one machine.

usage: perft_vs_stockfish.py FLASHMATE [STOCKFISH]   (default /usr/games/stockfish)

Runs `flashmate bench-perft` (single thread, no hashing), then the same three positions with
Stockfish's `go perft` over UCI. Stockfish is timed from sending `go perft` to reading
"Nodes searched" (its start-up and network loading are excluded: we wait for `readyok` first).
Prints each side's nodes, seconds and Mnps and the ratio of the totals.
"""
import re
import subprocess
import sys
import time

CASES = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
]


def stockfish_perft(binary):
    proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def wait_for(prefix):
        for line in proc.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("stockfish ended before " + prefix)

    send("uci")
    wait_for("uciok")
    send("setoption name Threads value 1")
    results = []
    for name, fen, depth in CASES:
        send("position fen " + fen)
        send("isready")
        wait_for("readyok")
        start = time.perf_counter()
        send("go perft %d" % depth)
        line = wait_for("Nodes searched")
        seconds = time.perf_counter() - start
        results.append((name, depth, int(line.split(":")[1]), seconds))
    send("quit")
    proc.wait(timeout=10)
    return results


def flashmate_perft(binary):
    out = subprocess.run([binary, "bench-perft"], capture_output=True, text=True, check=True).stdout
    results = []
    for name, _, depth in CASES:
        m = re.search(r"^%s\s+depth %d\s+nodes\s+(\d+)\s+([\d.]+) s" % (name, depth), out, re.M)
        results.append((name, depth, int(m.group(1)), float(m.group(2))))
    return out, results


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    stockfish = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
    out, ours = flashmate_perft(sys.argv[1])
    theirs = stockfish_perft(stockfish)
    print(out.rstrip())
    print("stockfish (%s) go perft, single thread:" % stockfish)
    for name, depth, nodes, seconds in theirs:
        print("%-10s depth %d  nodes %12d  %7.3f s  %8.1f Mnps" % (name, depth, nodes, seconds, nodes / seconds / 1e6))
    for a, b in zip(ours, theirs):
        if a[2] != b[2]:
            sys.exit("node counts differ for %s: flashmate %d, stockfish %d" % (a[0], a[2], b[2]))
    our_rate = sum(r[2] for r in ours) / sum(r[3] for r in ours)
    their_rate = sum(r[2] for r in theirs) / sum(r[3] for r in theirs)
    print("total Mnps: flashmate %.1f, stockfish %.1f, ratio %.2f" % (our_rate / 1e6, their_rate / 1e6, our_rate / their_rate))


if __name__ == "__main__":
    main()
