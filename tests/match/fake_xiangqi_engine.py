#!/usr/bin/env python3
"""A Xiangqi engine for the referee's tests: Fairy-Stockfish (`go depth 1`) behind UCI or UCCI,
with a fault on demand.

usage: fake_xiangqi_engine.py [--ucci] [--illegal N | --crash N | --hang N] [--prefer "M1 M2 ..."] [--fairy PATH]

--ucci     speak UCCI as ElephantEye does (`ucci`/`ucciok`, ICCS moves with ranks 0-9,
           `go time T increment I opptime ...` in seconds, `quit` answered by `bye`); a move
           or a `go` that is not UCCI makes it exit with status 1 (a crash to the referee)
--illegal  its Nth move is a move that is not legal there (the first of a fixed list that is not)
--crash    it kills itself with SIGSEGV when asked for its Nth move
--hang     it never answers when asked for its Nth move (a time forfeit)
--prefer   plays the first of these moves (Fairy-Stockfish notation) that is legal, if any
Standard library only.
"""
import argparse
import os
import re
import signal
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xiangqi_referee import FAIRY, iccs_to_move, move_to_iccs  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ucci", action="store_true")
    ap.add_argument("--illegal", type=int, default=0)
    ap.add_argument("--crash", type=int, default=0)
    ap.add_argument("--hang", type=int, default=0)
    ap.add_argument("--prefer", default="")
    ap.add_argument("--fairy", default=FAIRY)
    args = ap.parse_args()
    fs = subprocess.Popen([args.fairy], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(line, until):
        fs.stdin.write(line + "\n")
        out = []
        while until:
            reply = fs.stdout.readline()
            if not reply:
                sys.exit(3)
            out.append(reply.strip())
            if reply.startswith(until):
                break
        return out

    ask("uci", "uciok")
    ask("setoption name UCI_Variant value xiangqi", None)
    to_fs = iccs_to_move if args.ucci else (lambda m: m)
    from_fs = move_to_iccs if args.ucci else (lambda m: m)
    asked, position = 0, "position startpos"

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] in ("uci", "ucci"):
            say("id name fake-%s" % ("ucci" if args.ucci else "uci"))
            say("ucciok" if args.ucci else "uciok")
        elif words[0] == "isready":
            say("readyok")
        elif words[0] == "position":
            if "moves" in words:
                i = words.index("moves")
                words = words[:i + 1] + [to_fs(m) for m in words[i + 1:]]
                if None in words:
                    sys.exit("fake_xiangqi_engine: a move not in its notation: %s" % line.strip())
            position = " ".join(words)
        elif words[0] == "go":
            asked += 1
            if asked == args.crash:
                os.kill(os.getpid(), signal.SIGSEGV)
            if asked == args.hang:
                continue
            if args.ucci and not re.match(r"go time \d+ increment \d+ opptime \d+ oppincrement \d+$", line.strip()):
                sys.exit("fake_xiangqi_engine: not a UCCI go: %s" % line.strip())
            fs.stdin.write(position + "\n")
            legal = [l.split(":")[0] for l in ask("go perft 1", "Nodes searched") if l.endswith(": 1")]
            move = ask("go depth 1", "bestmove")[-1].split()[1]
            move = next((m for m in args.prefer.split() if m in legal), move)
            if asked == args.illegal:
                move = next(m for m in ("e1e3", "a1a3", "b1b2", "a4a6", "e10e8") if m not in legal)
            say("bestmove %s" % from_fs(move))
        elif words[0] == "quit":
            if args.ucci:
                say("bye")
            break
    fs.stdin.write("quit\n")
    fs.stdin.close()
    fs.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
