#!/usr/bin/env python3
"""board_engine.py, the board's UCI image under its emulator as a UCI engine: what a GUI reads
from it, what reaches the board, and how it ends (quit, end of input, a dead emulator, a fault
report, a board that never answers, SIGTERM). The emulator must be gone afterwards, every time.

usage: test_board_engine.py BOARD IMAGE [NODES]
  BOARD  a board of board_engine.py's table (its emulator runs IMAGE, its UCI image)
  NODES  the node budget a clock becomes (default 3000; the AVR, some 75 nodes a second of its
         own time, takes fewer)
The fault cases use made-up emulators (small Python programs), the rest the real one.
Standard library only.
"""
import os
import signal
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
WRAPPER = os.path.join(HERE, "board_engine.py")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "protocol"))
import board_engine  # noqa: E402
from ucitest import Engine  # noqa: E402

BOARD = IMAGE = None
NODES = 3000
# Black's legal replies to 1. e4.
AFTER_E4 = set("a7a6 a7a5 b7b6 b7b5 c7c6 c7c5 d7d6 d7d5 e7e6 e7e5 f7f6 f7f5 g7g6 g7g5 h7h6 h7h5 "
               "b8a6 b8c6 g8f6 g8h6".split())
# A made-up board: answers isready and the start-up's word as the firmware does, then runs
# FAULT when it is asked to search.
FAKE = """
import sys
for line in sys.stdin:
    words = line.split()
    if words == ["isready"]:
        print("readyok", flush=True)
    elif words[:1] == ["go"]:
        %s
    elif words and words[0] not in ("uci", "position", "ucinewgame", "quit"):
        print("info string unknown command: '%%s'" %% words[0], flush=True)
"""


def children(pid):
    """The processes whose parent is pid."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(name))
            except (OSError, ValueError, IndexError):
                pass
    return found


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class BoardEngine(unittest.TestCase):
    def start(self, *args):
        self.engine = Engine([sys.executable, WRAPPER] + list(args), "board_engine.py")
        deadline = time.monotonic() + 10
        while not children(self.engine.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        self.emulator = children(self.engine.proc.pid)
        self.assertTrue(self.emulator, "no emulator process under board_engine.py")
        return self.engine

    def real(self, *args):
        return self.start(BOARD, "--image", IMAGE, *args)

    def fake(self, fault, *args):
        return self.start(BOARD, *args, "--", sys.executable, "-c", FAKE % fault)

    def tearDown(self):
        if self.engine.proc.poll() is None:
            self.engine.proc.kill()
            self.engine.proc.wait()
        for pipe in (self.engine.proc.stdin, self.engine.proc.stdout, self.engine.proc.stderr):
            try:
                pipe.close()
            except OSError:
                pass
        for pid in self.emulator:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
                self.fail("the emulator (pid %d) outlived board_engine.py" % pid)

    def ended(self, status, timeout=30):
        rc = self.engine.wait_exit(timeout)
        self.assertEqual(rc, status, "exit status; stderr: %s\n%s"
                         % (self.engine.stderr.decode(errors="replace"), self.engine.tail()))
        time.sleep(0.2)  # PR_SET_PDEATHSIG, if it came to that, is delivered at once
        for pid in self.emulator:
            self.assertFalse(alive(pid), "the emulator (pid %d) still runs" % pid)

    def test_a_game_s_session_with_the_clock_turned_into_nodes(self):
        e = self.real("--nodes", str(NODES))
        e.send("uci")
        _, first = e.read(30, "the answer to uci")
        # The start-up handshake is swallowed: the GUI's first line is the answer to its uci.
        self.assertTrue(first.startswith("id name %s flashmate" % BOARD), first)
        self.assertTrue(first.endswith(", go nodes %d" % NODES), first)
        e.expect(lambda l: l == "uciok", 10, "uciok")
        self.assertEqual(e.sync(10), [], "lines before readyok")
        e.send("position startpos moves e2e4")
        # A 1 ms clock: the board would move at once; with --nodes it searches NODES nodes.
        e.send("go wtime 1 btime 1 winc 0 binc 0")
        _, line, before = e.expect("bestmove", 60, "bestmove")
        self.assertIn(line.split()[1], AFTER_E4, line)
        nodes = [int(l.split()[l.split().index("nodes") + 1]) for l in before if " nodes " in l]
        self.assertTrue(nodes and NODES <= max(nodes) <= NODES + 64, "nodes searched: %s" % nodes)
        e.send("go depth 2")   # no clock: passed on as it is
        _, line, before = e.expect("bestmove", 60, "bestmove")
        self.assertIn(line.split()[1], AFTER_E4, line)
        self.assertIn("info depth 2 ", "\n".join(before))
        self.assertNotIn("info depth 3 ", "\n".join(before))
        e.send("quit")
        _, stack, _ = e.expect(lambda l: l.startswith("info string stack"), 30, "the stack line")
        self.assertNotIn("more than the reserve", stack)
        self.ended(0)

    def test_the_end_of_input_is_quit(self):
        e = self.real()
        e.send("isready")
        e.expect(lambda l: l == "readyok", 30, "readyok")
        e.close_stdin()
        e.expect(lambda l: l.startswith("info string stack"), 30, "the stack line")
        self.ended(0)

    def test_an_emulator_that_dies_is_a_crash(self):
        e = self.real()
        e.send("isready")
        e.expect(lambda l: l == "readyok", 30, "readyok")
        os.kill(self.emulator[0], signal.SIGKILL)
        self.ended(board_engine.EXIT_EMULATOR_ENDED, 10)
        self.assertIn(b"the emulator ended by itself (killed by SIGKILL)", e.stderr)

    def test_a_fault_report_is_a_crash(self):
        e = self.fake('print("*** HardFault (exception 3) at pc 0x08001234, lr 0x08000123: '
                      'firmware stopped", flush=True)')
        e.send("go wtime 1000 btime 1000")
        _, line = e.read(10, "the fault report")
        self.assertTrue(line.startswith("*** HardFault"), line)
        self.ended(board_engine.EXIT_FAULT, 10)

    def test_a_board_that_never_answers(self):
        self.start(BOARD, "--boot-timeout", "2", "--", sys.executable, "-c", "import time; time.sleep(60)")
        self.ended(board_engine.EXIT_START, 15)
        self.assertIn(b"no answer within 2 s", self.engine.stderr)

    def test_sigterm_stops_the_emulator(self):
        e = self.real()
        e.send("isready")
        e.expect(lambda l: l == "readyok", 30, "readyok")
        e.proc.send_signal(signal.SIGTERM)
        self.ended(-signal.SIGTERM, 10)

    def test_which_go_is_rewritten(self):
        self.engine = Engine([sys.executable, "-c", ""])   # for tearDown
        self.emulator = []
        rw = board_engine.rewrite_go
        self.assertEqual(rw("go wtime 300000 btime 299000 winc 3000 binc 3000", 500), "go nodes 500")
        self.assertEqual(rw("go movetime 1500", 500), "go nodes 500")
        self.assertEqual(rw("go btime 100 wtime 100 movestogo 3", 500), "go nodes 500")
        self.assertEqual(rw("go ponder wtime 100 btime 100", 500), "go ponder nodes 500")
        for line in ("go infinite", "go depth 5", "go nodes 7", "position startpos moves e2e4", "gopher wtime 1"):
            self.assertEqual(rw(line, 500), line)
        self.assertEqual(rw("go wtime 100 btime 100", 0), "go wtime 100 btime 100")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    BOARD, IMAGE = sys.argv[1], os.path.abspath(sys.argv[2])
    if len(sys.argv) == 4:
        NODES = int(sys.argv[3])
    unittest.main(argv=sys.argv[:1], verbosity=2)
