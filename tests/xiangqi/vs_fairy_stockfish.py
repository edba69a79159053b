#!/usr/bin/env python3
"""Compare flashmate's Xiangqi move generation with Fairy-Stockfish on positions reached by play.

usage: vs_fairy_stockfish.py FLASHMATE [FAIRY_STOCKFISH] [--positions N] [--depth D] [--seed S]

Random legal walks (fixed seed) start from the Xiangqi start position and from every position of
tests/data/xiangqi-perft.epd; the moves are chosen from Fairy-Stockfish's legal move list. At the
end of each walk both engines run `go perft D` (default 3) over UCI with UCI_Variant xiangqi and
the per-move counts must be equal, as must the FEN each prints for the position (`d`). Exits 77
(ctest's skip code) when Fairy-Stockfish is not installed, 1 on any difference.
"""
import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from uci_engine import EngineError, UciEngine, find_fairy_stockfish, position_command  # noqa: E402

SKIP = 77
SUITE = Path(__file__).resolve().parent.parent / "data" / "xiangqi-perft.epd"


def suite_fens():
    fens = []
    for line in SUITE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fens.append(line.split(";")[0].strip())
    return fens


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("flashmate")
    parser.add_argument("fairy_stockfish", nargs="?")
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--max-plies", type=int, default=60)
    args = parser.parse_args()

    fairy = find_fairy_stockfish(args.fairy_stockfish)
    if not fairy:
        print("fairy-stockfish not found: skipped")
        return SKIP
    rng = random.Random(args.seed)
    starts = [None] + suite_fens()
    ours = UciEngine([args.flashmate], "flashmate")
    theirs = UciEngine([fairy], "fairy-stockfish")
    failures = compared = nodes = 0
    try:
        ours.start_xiangqi(threads=False)
        theirs.start_xiangqi()
        for i in range(args.positions):
            start = starts[i % len(starts)]
            moves = []
            for _ in range(rng.randint(1, args.max_plies)):
                legal, _ = theirs.perft(position_command(start, moves), 1)
                if not legal:
                    break
                moves.append(rng.choice(sorted(legal)))
            position = position_command(start, moves)
            want, want_total = theirs.perft(position, args.depth)
            got, got_total = ours.perft(position, args.depth)
            want_fen, got_fen = theirs.fen(position), ours.fen(position)
            compared += 1
            nodes += want_total
            if want != got or want_total != got_total or want_fen != got_fen:
                failures += 1
                print(f"MISMATCH {position}")
                print(f"  fen: fairy-stockfish {want_fen} / flashmate {got_fen}")
                print(f"  total: fairy-stockfish {want_total} / flashmate {got_total}")
                for move in sorted(set(want) | set(got)):
                    if want.get(move) != got.get(move):
                        print(f"  {move}: fairy-stockfish {want.get(move)} / flashmate {got.get(move)}")
    except EngineError as error:
        print(f"error: {error}")
        return 1
    finally:
        ours.quit()
        theirs.quit()
    print(f"{compared} positions compared at perft {args.depth} ({nodes} nodes), {failures} mismatches")
    return 1 if failures or compared < args.positions else 0


if __name__ == "__main__":
    sys.exit(main())
