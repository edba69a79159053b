"""A child process spoken to line by line, shared by the tools and the tests (the match tools
tests/match/sprt.py and xiangqi_referee.py, tests/bench/tactics.py, and tools/uci_engine.py's
UciEngine): lines read by a thread into a queue, waits with deadlines, how it ended, how long it
waited for a CPU. An engine that fails raises Fault. Standard library only."""
import os
import queue
import signal
import subprocess
import threading
import time


class Fault(Exception):
    """An engine failed: kind is one of 'illegal move', 'crash', 'time forfeit', 'no answer'."""

    def __init__(self, kind, detail):
        super().__init__("%s: %s" % (kind, detail))
        self.kind, self.detail = kind, detail


class Process:
    def __init__(self, argv, name, log):
        self.name, self.log = name, log
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        self._log(">", line)
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Fault("crash", "%s: its input is closed (%s)" % (self.name, self.status()))

    def read(self, deadline):
        """The next line, None at EOF, or raises TimeoutError at the monotonic deadline."""
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        try:
            line = self.lines.get(timeout=left)
        except queue.Empty:
            raise TimeoutError
        if line is not None:
            self._log("<", line)
        return line

    def wait_for(self, predicate, seconds, what, seen=None):
        """Lines until predicate(line) holds (each appended to `seen` if given); a Fault on EOF
        or after `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self.read(deadline)
            except TimeoutError:
                raise Fault("no answer", "%s: no %s in %.1f s" % (self.name, what, seconds))
            if line is None:
                raise Fault("crash", "%s: exited waiting for %s (%s)" % (self.name, what, self.status()))
            if seen is not None:
                seen.append(line)
            if predicate(line):
                return line

    def cpu_wait(self):
        """Seconds its threads have waited for a CPU (Linux /proc/PID/task/*/schedstat, the run
        queue wait), or None where that cannot be read."""
        total, tasks = 0, "/proc/%d/task" % self.proc.pid
        try:
            for tid in os.listdir(tasks):
                with open("%s/%s/schedstat" % (tasks, tid)) as f:
                    total += int(f.read().split()[1])
        except (OSError, IndexError, ValueError):
            return None
        return total / 1e9

    def status(self):
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "still running"
        if code < 0:
            return "killed by %s" % signal.Signals(-code).name
        return "exit status %d" % code

    def close(self, quit_line=None, seconds=2.0):
        """Quits, then kills if it is still there; returns how it ended ('exit status 0', ...)."""
        if self.proc.poll() is None and quit_line:
            try:
                self.send(quit_line)
            except Fault:
                pass
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            code = self.proc.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return "killed (did not quit)"
        return self.status() if code else "exit status 0"

    def _log(self, way, line):
        if self.log:
            self.log.write("%.3f %s%s %s\n" % (time.time() % 100000, self.name, way, line))
