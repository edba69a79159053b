#!/usr/bin/env python3
"""Games of flashmate against itself in Xiangqi through UCI, every move checked by Fairy-Stockfish.

usage: selfplay.py FLASHMATE [FAIRY_STOCKFISH] [--games N] [--go "go depth 4"] [--max-plies P]

Two flashmate processes (UCI_Variant xiangqi) play Red and Black. Each game opens with two random
legal plies (fixed seed, so the games differ but every run is the same), then the engines move
with the given `go` command. Before every engine move the harness asks Fairy-Stockfish for the
legal moves (`go perft 1` after `position startpos moves ...`): the engine's bestmove must be one
of them. A game ends when the side to move has no legal move (it loses: there is no stalemate in
Xiangqi), on a threefold repetition, or at the ply cap. Exits 77 (ctest's skip code) without
Fairy-Stockfish, 1 on an illegal or missing move or an engine failure.
"""
import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from uci_engine import EngineError, UciEngine, find_fairy_stockfish, position_command  # noqa: E402

SKIP = 77


def play_game(number, engines, judge, rng, args):
    """Returns (result, reason, plies) or raises EngineError on an illegal move."""
    moves, seen = [], {}
    while True:
        position = position_command(None, moves)
        legal, _ = judge.perft(position, 1)
        key = " ".join(judge.fen(position).split()[:2])  # placement and side to move
        seen[key] = seen.get(key, 0) + 1
        side = len(moves) % 2  # 0 Red, 1 Black
        if not legal:
            return ("0-1" if side == 0 else "1-0"), "no legal move", len(moves)
        if seen[key] >= 3:
            return "1/2-1/2", "threefold repetition", len(moves)
        if len(moves) >= args.max_plies:
            return "1/2-1/2", "ply cap", len(moves)
        if len(moves) < args.random_plies:
            moves.append(rng.choice(sorted(legal)))
            continue
        move = engines[side].bestmove(position, args.go)
        if move not in legal:
            raise EngineError(f"game {number}: {'red' if side == 0 else 'black'} played '{move}' after"
                              f" `{position}`; legal: {' '.join(sorted(legal))}")
        moves.append(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("flashmate")
    parser.add_argument("fairy_stockfish", nargs="?")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--go", default="go depth 4")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--random-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20240612)
    args = parser.parse_args()

    fairy = find_fairy_stockfish(args.fairy_stockfish)
    if not fairy:
        print("fairy-stockfish not found: skipped")
        return SKIP
    rng = random.Random(args.seed)
    engines = [UciEngine([args.flashmate], "flashmate (red)"), UciEngine([args.flashmate], "flashmate (black)")]
    judge = UciEngine([fairy], "fairy-stockfish")
    start, results, total_plies = time.monotonic(), {}, 0
    try:
        for engine in engines:
            engine.start_xiangqi(threads=False)
        judge.start_xiangqi()
        for number in range(1, args.games + 1):
            for engine in engines:
                engine.send("ucinewgame")
                engine.sync()
            result, reason, plies = play_game(number, engines, judge, rng, args)
            results[result] = results.get(result, 0) + 1
            total_plies += plies
            print(f"game {number:2}: {result:7} {reason}, {plies} plies", flush=True)
    except EngineError as error:
        print(f"FAIL: {error}")
        return 1
    finally:
        for engine in engines + [judge]:
            engine.quit()
    summary = ", ".join(f"{k} x{v}" for k, v in sorted(results.items()))
    print(f"{args.games} games, {total_plies} engine and opening plies, every move legal; {summary};"
          f" {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
