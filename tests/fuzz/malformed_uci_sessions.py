#!/usr/bin/env python3
"""Malformed UCI sessions against the engine binary (standard library only).

    malformed_uci_sessions.py FLASHMATE [--sessions N] [--seed S]    generated sessions
    malformed_uci_sessions.py FLASHMATE --faults                      resource faults

Generated sessions: N (default 1,000) sessions made from a fixed seed, each a few lines of
garbage bytes, truncated or mangled commands, bad FENs, random move text, bad options and `go`
with odd limits, mixed with valid lines. Every line is followed by `isready`, and the next line
is sent only once `readyok` has come back, as a GUI would; the session ends with `quit`.
Each session must answer every `isready`, print only printable ASCII lines, write nothing to
stderr and exit with status 0 within the timeout.

Faults: a Hash size that cannot be allocated is refused with an info string and the engine
keeps working with its previous table; `go depth 1000` stays within MAX_PLY.
"""

import argparse
import os
import random
import select
import subprocess
import sys
import tempfile
import time

SEED = 0x5EED_F1A5
TIMEOUT_S = 20.0  # for any one answer, and for the exit after quit
MAX_PLY = 128

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FENS = [
    START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "4k3/8/8/8/8/8/8/4K2R b K - 99 150",
]
COMMANDS = ["uci", "isready", "ucinewgame", "setoption", "position", "go", "stop", "ponderhit",
            "d", "eval"]
GO_WORDS = ["wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes", "mate",
            "infinite", "ponder", "searchmoves", "perft"]
OPTIONS = ["Hash", "Clear Hash", "Threads", "Ponder", "Move Overhead", "OwnBook", "BookFile",
           "hash", "Bogus", ""]
NUMBERS = ["0", "1", "-1", "7", "100", "65535", "65536", "2147483648", "-2147483649",
           "9223372036854775807", "99999999999999999999999", "1e3", "0x10", "abc", "", "+5", "--3"]
SPACE = b" \t\r"


def random_move_text(rng):
    files, ranks = "abcdefghijz", "123456789"
    text = rng.choice(files) + rng.choice(ranks) + rng.choice(files) + rng.choice(ranks)
    if rng.random() < 0.2:
        text += rng.choice("qrbnkxQ")
    if rng.random() < 0.1:
        text = text[: rng.randrange(len(text))]
    return text


def mangled_fen(rng):
    fen = list(rng.choice(FENS))
    for _ in range(rng.randint(1, 4)):
        action = rng.randrange(4)
        at = rng.randrange(len(fen) + 1)
        if action == 0 and fen:
            del fen[min(at, len(fen) - 1)]
        elif action == 1:
            fen.insert(at, rng.choice("pnbrqkPNBRQK12345678/ -wbKQkqe3x9\t"))
        elif action == 2 and fen:
            fen[min(at, len(fen) - 1)] = rng.choice("0123456789/ kKxw-")
        else:
            fen = fen[:at]
    return "".join(fen)


def line_garbage_printable(rng):
    return "".join(chr(rng.randrange(0x20, 0x7F)) for _ in range(rng.randrange(0, 80))).encode()


def line_garbage_bytes(rng):
    return bytes(rng.choice([b for b in range(256) if b != 0x0A]) for _ in range(rng.randrange(1, 60)))


def line_truncated(rng):
    text = rng.choice([
        f"position fen {rng.choice(FENS)} moves e2e4 e7e5",
        "setoption name Move Overhead value 100",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "setoption name Hash value 32",
    ])
    return text[: rng.randrange(len(text))].encode()


def line_position(rng):
    if rng.random() < 0.5:
        head = f"position fen {mangled_fen(rng) if rng.random() < 0.7 else rng.choice(FENS)}"
    else:
        head = rng.choice(["position startpos", "position", "position fen", "position startpos junk",
                           "position moves e2e4", "position fen moves", "position startpos moves"])
    if rng.random() < 0.7:
        moves = [rng.choice(["e2e4", "e7e5", "g1f3", "b8c6"]) if rng.random() < 0.3 else random_move_text(rng)
                 for _ in range(rng.randrange(0, 8))]
        head += " moves " + " ".join(moves)
    return head.encode()


def line_setoption(rng):
    parts = ["setoption"]
    if rng.random() < 0.9:
        parts.append(rng.choice(["name", "Name", "value"]))
    parts.append(rng.choice(OPTIONS))
    if rng.random() < 0.8:
        parts += ["value", rng.choice(NUMBERS + ["true", "false", "maybe", "<empty>", "/nonexistent/book.bin"])]
    return " ".join(p for p in parts if p).encode()


def line_go(rng):
    parts = ["go"]
    for _ in range(rng.randrange(0, 5)):
        word = rng.choice(GO_WORDS + ["bogus", "dpth", "-5"])
        parts.append(word)
        if word == "searchmoves":
            parts += [random_move_text(rng) for _ in range(rng.randrange(0, 4))]
        elif word not in ("infinite", "ponder") and rng.random() < 0.85:
            parts.append(rng.choice(NUMBERS))
    return " ".join(parts).encode()


def line_command_junk(rng):
    words = [rng.choice(COMMANDS + ["quitx", "ISREADY", "Go", "position\tstartpos", "isready now"])]
    words += [rng.choice(["x", "1", "-", "moves", "fen", "name", "value", "\x01", "\xe9"])
              for _ in range(rng.randrange(0, 4))]
    text = " ".join(words)
    if rng.random() < 0.3:
        text = rng.choice(["  ", "\t", "\r "]) + text + rng.choice(["", " ", "\r", "\t\t"])
    return text.encode("latin-1")


def line_long(rng):
    size = rng.choice([5000, 70000])  # the second is over the engine's 65536-byte line limit
    return (b"position startpos moves " + b"g1f3 g8f6 f3g1 f6g8 " * (size // 20))[:size]


def line_valid(rng):
    return rng.choice([
        b"ucinewgame", b"position startpos moves e2e4 e7e5", f"position fen {rng.choice(FENS)}".encode(),
        b"go depth 2", b"go nodes 500", b"d", b"eval", b"setoption name Hash value 2",
        b"setoption name Clear Hash", b"stop",
    ])


GENERATORS = [
    (line_garbage_printable, 3), (line_garbage_bytes, 3), (line_truncated, 3), (line_position, 5),
    (line_setoption, 3), (line_go, 4), (line_command_junk, 4), (line_valid, 3), (line_long, 0.15),
]


def bounded(line: bytes) -> bytes:
    """A line the engine would run as a search gets a node limit; a perft is made shallow, so
    that no session can run for long whatever its words. Other lines are left as they are."""
    text = line.split(b"\0")[0]  # the engine reads a line up to a NUL byte
    words = text.replace(b"\t", b" ").replace(b"\r", b" ").split()
    if words and words[0] == b"quit":
        return b"quit_" + line  # only the session's end may quit
    if not words or words[0] != b"go":
        return line
    if b"perft" in words:
        return b"go perft 2"
    return text + b" nodes 3000"


def make_sessions(count: int, seed: int):
    rng = random.Random(seed)
    generators, weights = zip(*GENERATORS)
    sessions = []
    for _ in range(count):
        lines = [bounded(rng.choices(generators, weights)[0](rng)) for _ in range(rng.randint(3, 8))]
        sessions.append(lines)
    return sessions


class Engine:
    """The engine as a subprocess; stdout read as lines with a deadline, stderr to a file."""

    def __init__(self, binary):
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, bufsize=0)
        self.buffer = b""
        self.lines = []

    def send(self, data: bytes):
        try:
            self.proc.stdin.write(data)
        except BrokenPipeError:
            raise AssertionError(f"the engine stopped reading (exit {self.proc.wait()})") from None

    def read_until(self, predicate, what):
        """Read lines until predicate(line); returns the lines read. Fails on EOF or timeout."""
        deadline = time.monotonic() + TIMEOUT_S
        seen = []
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                seen.append(line)
                self.lines.append(line)
                if predicate(line):
                    return seen
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {what} within {TIMEOUT_S} s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise AssertionError(f"output ended before {what} (exit {self.proc.poll()})")
                self.buffer += chunk

    def quit(self):
        """Send quit, close stdin, and return (exit status, rest of stdout, stderr)."""
        try:
            rest, _ = self.proc.communicate(b"quit\n", timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"no exit within {TIMEOUT_S} s of quit") from None
        self.lines += (self.buffer + rest).split(b"\n")
        self.stderr.seek(0)
        return self.proc.returncode, self.stderr.read()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def run_session(binary, lines):
    """Run one session; returns the number of readyok answers. Raises AssertionError."""
    engine = Engine(binary)
    readyok = 0
    try:
        for line in lines:
            engine.send(line + b"\nisready\n")
            engine.read_until(lambda out: out == b"readyok", "readyok")
            readyok += 1
        status, stderr = engine.quit()
    finally:
        engine.kill()
    if status != 0:
        raise AssertionError(f"exit status {status} after quit; stderr: {stderr[-2000:]!r}")
    if stderr:
        raise AssertionError(f"wrote to stderr: {stderr[-2000:]!r}")
    for out in engine.lines:
        if any(b < 0x20 or b > 0x7E for b in out):
            raise AssertionError(f"unprintable output line {out[:120]!r}")
    return readyok


def generated_sessions(binary, count, seed):
    sessions = make_sessions(count, seed)
    start = time.monotonic()
    lines_sent = readyoks = 0
    for number, lines in enumerate(sessions):
        try:
            readyoks += run_session(binary, lines)
        except AssertionError as error:
            shown = "\n".join(f"  {line[:200]!r}" for line in lines)
            print(f"session {number} (seed {seed:#x}) failed: {error}\nits lines:\n{shown}")
            return 1
        lines_sent += len(lines)
    print(f"{len(sessions)} malformed sessions, {lines_sent} lines, {readyoks}/{lines_sent} isready "
          f"answered, every session exited 0 on quit, {time.monotonic() - start:.1f} s")
    return 0 if readyoks == lines_sent and len(sessions) == count else 1


def physical_memory():
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return None


def faults(binary):
    engine = Engine(binary)
    try:
        memory = physical_memory()
        if memory is not None and memory < 64 << 30:
            # 65536 MB is more than this machine has: refused, the 16 MB table kept.
            engine.send(b"setoption name Hash value 65536\nisready\n")
            out = engine.read_until(lambda line: line == b"readyok", "readyok after Hash 65536")
            assert any(b"info string not enough memory" in line for line in out), out
        else:
            print(f"skipped Hash 65536: this machine has {memory} bytes of memory")
        engine.send(b"position startpos moves e2e4\ngo depth 4\n")
        out = engine.read_until(lambda line: line.startswith(b"bestmove "), "bestmove after the refusal")
        assert not out[-1].startswith(b"bestmove 0000"), out[-1]
        # An allowed size still works afterwards.
        engine.send(b"setoption name Hash value 2\nisready\n")
        out = engine.read_until(lambda line: line == b"readyok", "readyok after Hash 2")
        assert not any(line.startswith(b"info string") for line in out), out
        # Depth beyond MAX_PLY is clamped; mate, checks and repetitions never pass MAX_PLY plies.
        for fen in ("8/8/8/8/8/8/8/k6K w - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
                    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "8/8/8/8/8/3k4/8/2QK4 b - - 0 1",
                    "3k4/3P4/3K4/8/8/8/8/8 w - - 0 1"):
            engine.send(f"position fen {fen}\ngo depth 1000 nodes 150000\n".encode())
            out = engine.read_until(lambda line: line.startswith(b"bestmove "), f"bestmove for {fen}")
            for line in out:
                words = line.split()
                for key in (b"depth", b"seldepth"):
                    if key in words:
                        value = int(words[words.index(key) + 1])
                        assert 0 <= value <= MAX_PLY, line
        status, stderr = engine.quit()
    finally:
        engine.kill()
    assert status == 0 and not stderr, (status, stderr)
    print("resource faults: Hash refusal keeps the old table, deep searches stay within MAX_PLY")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--seed", type=lambda text: int(text, 0), default=SEED)
    parser.add_argument("--faults", action="store_true")
    args = parser.parse_args()
    if args.faults:
        try:
            return faults(args.binary)
        except AssertionError as error:
            print(f"resource faults: {error}")
            return 1
    return generated_sessions(args.binary, args.sessions, args.seed)


if __name__ == "__main__":
    sys.exit(main())
