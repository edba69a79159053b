#!/usr/bin/env python3
"""Give the tuner's positions the score of a deeper search by another UCI engine.

    tools/label_positions.py --engine CMD [--depth D | --nodes N] [--option NAME=VALUE]...
                             [--jobs J] --out OUT DATA...

DATA are files of `flashmate-tune play` (`FEN;RESULT;SCORE;GAME`, `#` lines for the commands
that made them). Each position is searched by the engine (`position fen`, then `go depth D` or
`go nodes N`; J engines side by side), and OUT gets the same lines with SCORE replaced by the
engine's last reported `score cp` for White. A position the engine scores as a mate is left out
(the tuner wants no mates). The games' results and numbers are kept, so `flashmate-tune fit
--score-weight W` blends the result with the new score as it did with flashmate's own.

The engine's centipawns are not flashmate's (the sigmoid that turns them into an expected
result has a scale of its own): fit with `flashmate-tune fit --fit-score-scale`, which fits the
scores' own scale against the games' results. OUT's first lines say what was done.
"""

import argparse
import shlex
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from uci_engine import EngineError, UciEngine  # noqa: E402

# A label search can be long (a deep `go depth`): the engine is given this long to answer.
ENGINE_TIMEOUT = 3600.0


def read_data(paths):
    """The files' `#` lines and their positions as (fen, result, score, game)."""
    headers, positions = [], []
    for path in paths:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if line.startswith("#"):
                    headers.append(line)
                    continue
                if not line:
                    continue
                fields = line.split(";")
                try:
                    if len(fields) != 4 or fields[1] not in ("0", "0.5", "1"):
                        raise ValueError
                    positions.append((fields[0], float(fields[1]), int(fields[2]),
                                      int(fields[3])))
                except ValueError:
                    sys.exit(f"label_positions: {path}:{number}: not FEN;RESULT;SCORE;GAME")
    return headers, positions


def white_to_move(fen):
    fields = fen.split()
    if len(fields) < 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"no side to move in FEN: {fen}")
    return fields[1] == "w"


def label(positions, engine_command, options, go, jobs, progress):
    """Each position's new score for White (None for a mate), in the positions' order."""
    try:
        argv = shlex.split(engine_command)
    except ValueError as error:
        sys.exit(f"label_positions: --engine {engine_command}: {error}")
    if not argv:
        sys.exit("label_positions: --engine: no command")
    scores = [None] * len(positions)
    failure = []
    done = [0]
    lock = threading.Lock()

    def work(first):
        try:
            engine = UciEngine(argv, engine_command, timeout=ENGINE_TIMEOUT)
        except OSError as error:
            failure.append(f"{engine_command}: cannot start: {error}")
            return
        try:
            engine.start(options)
            for n in range(first, len(positions), jobs):
                if failure:
                    return
                fen = positions[n][0]
                found = engine.score(fen, go)
                if found and found[0] == "cp":
                    scores[n] = found[1] if white_to_move(fen) else -found[1]
                with lock:
                    done[0] += 1
                    if progress and done[0] % progress == 0:
                        print(f"label_positions: {done[0]} of {len(positions)}",
                              file=sys.stderr, flush=True)
        except (EngineError, ValueError) as error:  # EngineError's text names the engine
            failure.append(str(error))
        except OSError as error:
            failure.append(f"{engine_command}: {error}")
        finally:
            engine.quit()

    threads = [threading.Thread(target=work, args=(j,)) for j in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failure:
        sys.exit("label_positions: " + failure[0])
    return scores


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description="Give the tuner's positions another engine's "
                                     "scores (see the top of this file).")
    parser.add_argument("--engine", required=True, help="the UCI engine's command")
    limit = parser.add_mutually_exclusive_group(required=True)
    limit.add_argument("--depth", type=int)
    limit.add_argument("--nodes", type=int)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="report every N positions on stderr")
    parser.add_argument("--out", required=True)
    parser.add_argument("data", nargs="+")
    args = parser.parse_args(argv)
    if (args.depth is not None and args.depth < 1) or (args.nodes is not None and args.nodes < 1):
        parser.error("--depth and --nodes must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    options = []
    for option in args.option:
        name, equals, value = option.partition("=")
        if not equals or not name:
            parser.error(f"--option {option}: not NAME=VALUE")
        options.append((name, value))
    args.options = options
    return args


def main(argv):
    args = parse_arguments(argv)
    headers, positions = read_data(args.data)
    if not positions:
        sys.exit("label_positions: no positions in " + " ".join(args.data))
    go = f"go depth {args.depth}" if args.depth is not None else f"go nodes {args.nodes}"
    scores = label(positions, args.engine, args.options, go, args.jobs, args.progress)

    kept = [(p, s) for p, s in zip(positions, scores) if s is not None]
    if not kept:
        sys.exit("label_positions: the engine scored every position as a mate")
    with open(args.out, "w") as out:
        for header in headers:
            print(header, file=out)
        print(f"# {shlex.join(['tools/label_positions.py'] + argv)}: "
              f"{len(kept)} of {len(positions)} positions (the rest scored as mates)", file=out)
        for (fen, result, _, game), score in kept:
            print(f"{fen};{result:g};{score};{game}", file=out)
    print(f"label_positions: {len(kept)} of {len(positions)} positions written to {args.out}",
          file=sys.stderr)

if __name__ == "__main__":
    main(sys.argv[1:])
