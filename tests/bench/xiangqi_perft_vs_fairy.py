#!/usr/bin/env python3
"""Xiangqi perft speed of flashmate beside Fairy-Stockfish, in one run on one machine.

usage: xiangqi_perft_vs_fairy.py FLASHMATE [FAIRY_STOCKFISH] [--depth 5] [--fen FEN]

Both engines get the same UCI commands: `setoption name UCI_Variant value xiangqi`, the position
(default the start position), `isready` (start-up and any loading are excluded: the clock starts
after `readyok`), then `go perft DEPTH`; each is timed from sending `go` to reading "Nodes
searched". Both count single-threaded. Prints nodes, seconds and Mnps of each and the ratio.
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from uci_engine import UciEngine, find_fairy_stockfish, position_command  # noqa: E402


def timed_perft(argv, name, position, depth):
    engine = UciEngine(argv, name, timeout=3600)
    try:
        engine.start_xiangqi(threads=name != "flashmate")
        engine.send(position)
        engine.sync()
        start = time.perf_counter()
        engine.send(f"go perft {depth}")
        line = engine.read_until(lambda line: line.startswith("Nodes searched"))[-1]
        seconds = time.perf_counter() - start
    finally:
        engine.quit()
    return int(line.split(":")[1]), seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("flashmate")
    parser.add_argument("fairy_stockfish", nargs="?")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--fen", default=None, help="default: the start position")
    args = parser.parse_args()
    fairy = find_fairy_stockfish(args.fairy_stockfish)
    if not fairy:
        sys.exit("fairy-stockfish not found")
    position = position_command(args.fen, [])
    results = []
    for name, argv in (("flashmate", [args.flashmate]), ("fairy-stockfish", [fairy])):
        nodes, seconds = timed_perft(argv, name, position, args.depth)
        results.append((name, nodes, seconds))
        print(f"{name:16} {position}: go perft {args.depth}  nodes {nodes:12d}  {seconds:8.3f} s"
              f"  {nodes / seconds / 1e6:8.1f} Mnps", flush=True)
    if results[0][1] != results[1][1]:
        sys.exit(f"node counts differ: flashmate {results[0][1]}, fairy-stockfish {results[1][1]}")
    print(f"ratio (fairy-stockfish time / flashmate time): {results[1][2] / results[0][2]:.2f}")


if __name__ == "__main__":
    main()
