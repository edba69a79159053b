#!/usr/bin/env python3
"""A UCI engine that ignores the clock: every `go ...` it is sent becomes `go LIMIT` (e.g.
`depth 12` or `nodes 20000`), everything else goes through unchanged, and the engine's output
comes straight out. A referee's clock then cannot change what the engine plays, so a match
measures strength, not the machine's load (the opponents of the strength calibration).

usage: fixed_limit_engine.py "LIMIT" ENGINE [ARGS...]
  LIMIT  what follows `go`: "depth D", "nodes N", or both ("depth 12 nodes 500000")
Give the match a clock the engine never comes near. `go infinite` and `go ponder` pass
unchanged (with them the GUI ends the search). Standard library only.
"""
import re
import signal
import subprocess
import sys

LIMIT = re.compile(r"^((depth|nodes)\s+\d+\s*)+$")


def rewritten(line, limit):
    words = line.split()
    if words[:1] != ["go"] or "infinite" in words or "ponder" in words:
        return line
    return "go " + limit + "\n"


def main():
    if len(sys.argv) < 3 or not LIMIT.match(sys.argv[1].strip()):
        sys.exit(__doc__)
    limit, engine = sys.argv[1].strip(), sys.argv[2:]
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    proc = subprocess.Popen(engine, stdin=subprocess.PIPE, text=True, bufsize=1)

    def forward(signum, _frame):
        proc.send_signal(signum)
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, forward)
    try:
        for line in sys.stdin:
            proc.stdin.write(rewritten(line, limit))
            proc.stdin.flush()
        proc.stdin.close()
    except BrokenPipeError:
        pass
    sys.exit(proc.wait())


if __name__ == "__main__":
    main()
