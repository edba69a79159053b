"""Helpers for driving a UCI engine through pipes, with a deadline on every read and write.

Standard library only. Used by the protocol, book and bench tests in this directory.
"""
import queue
import subprocess
import threading
import time


class Fail(Exception):
    """A check failed; the message says what was expected and what came instead."""


def require(condition, message, engine=None):
    """Fail with the message (and the engine's last exchange) unless the condition holds."""
    if not condition:
        raise Fail(message + ("\n" + engine.tail() if engine else ""))


class Engine:
    """A UCI engine process. A reader thread timestamps every output line as it arrives, so
    latencies are measured from the moment a command is written to the moment its answer is
    read, not when the test gets round to looking."""

    def __init__(self, cmd, name="engine"):
        self.name = name
        self.cmd = cmd
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.transcript = []  # (direction, text), for failure messages
        self.stdout_closed = False
        self.gos = 0          # `go` commands sent that must end in a bestmove
        self.bestmoves = 0
        self.stderr = b""
        self.sent_lines = 0   # line ends written, and output lines read (a board's runner
        self.read_lines = 0   # numbers them alike: tests/boards/avr_run.c --line-cycles)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self):
        for raw in iter(self.proc.stdout.readline, b""):
            self.lines.put((time.monotonic(), raw.decode("utf-8", "replace").rstrip("\r\n")))
        self.lines.put((time.monotonic(), None))

    def _read_stderr(self):
        for raw in iter(self.proc.stderr.readline, b""):
            self.stderr += raw

    # ---- writing ----

    def send(self, data, timeout=5.0):
        """Write a command (str: a line ending is added; bytes: written as is). Returns the time
        just before the write. Fails if the engine has gone or stops reading its input."""
        if isinstance(data, str):
            if data.split()[:1] == ["go"] and "perft" not in data.split():
                self.gos += 1
            self.transcript.append((">", data))
            data = data.encode() + b"\n"
        else:
            self.transcript.append((">", "<%d bytes>" % len(data)))
        self.sent_lines += data.count(b"\n")
        error = []

        def write():
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as exc:
                error.append(exc)

        t = time.monotonic()
        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(timeout)
        if writer.is_alive():
            raise Fail("%s stopped reading its input (a write of %d bytes blocked %.0f s)"
                       % (self.name, len(data), timeout))
        if error:
            raise Fail("%s has gone: writing failed with %r" % (self.name, error[0]))
        return t

    def close_stdin(self):
        self.transcript.append((">", "<EOF>"))
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    # ---- reading ----

    def read(self, timeout, what="a line"):
        """The next output line as (time, text); fails after `timeout` seconds."""
        if self.stdout_closed:
            raise Fail("%s closed its output while the test waited for %s%s"
                       % (self.name, what, self.exit_note()))
        try:
            t, text = self.lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            raise Fail("no %s from %s within %.2f s\n%s" % (what, self.name, timeout, self.tail()))
        if text is None:
            self.stdout_closed = True
            raise Fail("%s closed its output while the test waited for %s%s\n%s"
                       % (self.name, what, self.exit_note(), self.tail()))
        self.transcript.append(("<", text))
        self.read_lines += 1
        if text.startswith("bestmove"):
            self.bestmoves += 1
        return t, text

    def expect(self, predicate, timeout, what):
        """Read until a line satisfies predicate (a function or a first word). Returns
        (time, line, lines before it)."""
        if isinstance(predicate, str):
            word = predicate
            predicate = lambda line: line.split()[:1] == [word]
        deadline = time.monotonic() + timeout
        before = []
        while True:
            t, line = self.read(deadline - time.monotonic(), what)
            if predicate(line):
                return t, line, before
            before.append(line)

    def drain(self, duration):
        """All lines that arrive within `duration` seconds."""
        deadline = time.monotonic() + duration
        got = []
        while not self.stdout_closed:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            try:
                t, text = self.lines.get(timeout=remaining)
            except queue.Empty:
                break
            if text is None:
                self.stdout_closed = True
                break
            self.transcript.append(("<", text))
            if text.startswith("bestmove"):
                self.bestmoves += 1
            got.append(text)
        return got

    def sync(self, timeout=5.0):
        """isready -> readyok; returns the non-blank lines that came before readyok."""
        self.send("isready")
        return [l for l in self.expect(lambda l: l == "readyok", timeout, "readyok")[2] if l.strip()]

    # ---- ending ----

    def wait_exit(self, timeout):
        """The exit status, or None if still running after `timeout` seconds."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def exit_note(self):
        rc = self.proc.poll()
        return "" if rc is None else " (exit status %d)" % rc

    def close(self):
        """quit, wait, kill if needed. Returns the exit status (None if it had to be killed)."""
        if self.proc.poll() is None:
            try:
                self.send("quit", timeout=1.0)
            except Fail:
                pass
            self.close_stdin()
        rc = self.wait_exit(3.0)
        if rc is None:
            self.proc.kill()
            self.proc.wait()
        self.drain(0.2)
        return rc

    def tail(self, n=14):
        lines = ["    %s %s" % (d, t if len(t) < 160 else t[:160] + "...")
                 for d, t in self.transcript[-n:]]
        return "  last exchange:\n" + "\n".join(lines)


class MoveOracle:
    """Legal moves of a position, from an engine trusted for move generation (Stockfish's
    `go perft 1`), cached by position command."""

    def __init__(self, cmd, name):
        self.name = name
        self.engine = Engine(cmd, name)
        self.cache = {}
        self.engine.send("uci")
        self.engine.expect(lambda l: l == "uciok", 10.0, "uciok")

    def divide(self, position, depth):
        key = (position, depth)
        if key not in self.cache:
            self.engine.send(position)
            self.engine.send("go perft %d" % depth)
            _, last, lines = self.engine.expect(lambda l: l.startswith("Nodes searched"), 60.0,
                                                "perft output")
            moves = {}
            for line in lines:
                move, sep, count = line.partition(":")
                if sep and count.strip().isdigit():
                    moves[move.strip()] = int(count)
            self.cache[key] = (moves, int(last.split(":")[1]))
        return self.cache[key]

    def legal_moves(self, position):
        return set(self.divide(position, 1)[0])

    def close(self):
        self.engine.close()
