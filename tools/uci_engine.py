"""A UCI engine process for the tools and the test scripts: send lines, read with timeouts, and
the few commands they need (uci with options, go perft, d, go and its bestmove or score). The
child process is a line_process.Process. Standard library only."""

import re

from line_process import Fault, Process  # beside this file, in tools/ (on sys.path for its users)

PERFT_LINE = re.compile(r"^([a-i](?:10|[1-9])[a-i](?:10|[1-9])): (\d+)$")
FAIRY_STOCKFISH_PATHS = ("/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish", "/usr/local/bin/fairy-stockfish")


class EngineError(Exception):
    pass


class UciEngine:
    def __init__(self, argv, name, timeout=60.0):
        self.name = name
        self.timeout = timeout
        self.process = Process(argv, name, None)  # no log

    def send(self, line):
        try:
            self.process.send(line)
        except Fault:
            raise EngineError(f"{self.name}: engine exited") from None

    def read_until(self, done, timeout=None):
        """Lines up to and including the first for which done(line) is true, within timeout
        seconds (the engine's default if None) for them all."""
        seconds = timeout or self.timeout
        lines = []
        try:
            self.process.wait_for(done, seconds, "answer", lines)
        except Fault as fault:
            why = "engine exited" if fault.kind == "crash" else f"no answer within {seconds} s"
            raise EngineError(f"{self.name}: {why}") from None
        return lines

    def start(self, options=()):
        """uci, then `setoption name NAME value VALUE` for each (name, value), then isready."""
        self.send("uci")
        self.read_until(lambda line: line.split()[:1] == ["uciok"])
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def start_xiangqi(self, threads=True):
        self.start([("UCI_Variant", "xiangqi")] + ([("Threads", 1)] if threads else []))

    def sync(self):
        self.send("isready")
        self.read_until(lambda line: line.split()[:1] == ["readyok"])

    def perft(self, position, depth):
        """{move: nodes} and the total of `go perft depth` after the `position ...` command."""
        self.send(position)
        self.send(f"go perft {depth}")
        moves = {}
        for line in self.read_until(lambda line: line.startswith("Nodes searched")):
            m = PERFT_LINE.match(line)
            if m:
                moves[m.group(1)] = int(m.group(2))
            elif line.startswith("Nodes searched"):
                total = int(line.split(":")[1])
        return moves, total

    def fen(self, position):
        self.send(position)
        self.send("d")
        line = self.read_until(lambda line: line.startswith("Fen: "))[-1]
        return line[len("Fen: "):].strip()

    def bestmove(self, position, go, timeout=None):
        self.send(position)
        self.send(go)
        line = self.read_until(lambda line: line.startswith("bestmove"), timeout)[-1]
        words = line.split()
        return words[1] if len(words) > 1 else ""

    def score(self, fen, go, timeout=None):
        """The last score of the side to move that the search reported before `bestmove`:
        ('cp', n), ('mate', n) or None. Bounds (lowerbound, upperbound) are not scores."""
        self.send("position fen " + fen)
        self.send(go)
        score = None
        for line in self.read_until(lambda line: line.split()[:1] == ["bestmove"], timeout):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                at = words.index("score")
                if at + 2 < len(words) and words[at + 1] in ("cp", "mate"):
                    if "lowerbound" in words or "upperbound" in words:
                        continue
                    try:
                        score = (words[at + 1], int(words[at + 2]))
                    except ValueError:
                        pass
        return score

    def quit(self):
        """quit, then kills it if it has not exited within 10 s."""
        self.process.close("quit", 10)


def find_fairy_stockfish(given=None):
    import os
    import shutil
    if given:
        return given if os.access(given, os.X_OK) else None
    found = shutil.which("fairy-stockfish")
    if found:
        return found
    for path in FAIRY_STOCKFISH_PATHS:
        if os.access(path, os.X_OK):
            return path
    return None


def position_command(fen, moves):
    start = "startpos" if fen is None else f"fen {fen}"
    return f"position {start}" + (" moves " + " ".join(moves) if moves else "")
