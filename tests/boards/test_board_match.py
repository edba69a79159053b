#!/usr/bin/env python3
"""The refereed board match (run_match.sh with board_engine.py) must fail when the board plays
an illegal move or its emulator dies during a game: the same command as the match test, with
tests/match/faulty_engine.py put between board_engine.py and the emulator, so that the fault
comes from where the board's own would (each is made at the board's second move).

usage: test_board_match.py BOARD IMAGE OPPONENT OPENINGS
  BOARD, IMAGE   as for board_engine.py (its table gives the emulator command)
  OPPONENT       a CECP engine, e.g. /usr/games/fairymax
Exit status 77 (a skip) when xboard, polyglot, Xvfb or OPPONENT is not installed, or when the
opponent crashed in every attempt (run_match.sh's 77). Standard library only.
"""
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "match")
sys.path.insert(0, HERE)
import board_engine  # noqa: E402

BOARD = IMAGE = OPPONENT = OPENINGS = None
# As the match test: the board searches a node budget, its clock is long, the opponent's short.
MATCH_OPTIONS = ["--opponent-time-odds", "60", "--draw-after", "80"]
TC, INC, NODES = "300", "3", "2000"


class Skip(Exception):
    pass


def assert_engine_fault_not_replayed(case, text):
    """The board's fault is never replayed. A game Fairy-Max crashed by itself is (it does, on
    some positions: seen in CI), and the board's fault then comes in the next attempt."""
    replays = [line for line in text.splitlines()
               if "replayed" in line and not line.startswith("opponent crashed in game ")
               and "opponent crashes: " not in line]
    case.assertEqual(replays, [], text)


def board_match(out, fault):
    emulator = board_engine.emulator_command(BOARD, IMAGE)
    engine = [sys.executable, os.path.join(HERE, "board_engine.py"), BOARD, "--nodes", NODES, "--",
              os.path.join(MATCH, "faulty_engine.py"), fault, "2"] + emulator
    start = time.monotonic()
    proc = subprocess.run(["bash", os.path.join(MATCH, "run_match.sh")] + MATCH_OPTIONS
                          + [out, "1", TC, INC, OPENINGS, "uci:" + " ".join(shlex.quote(w) for w in engine),
                             "cecp:" + OPPONENT],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    if proc.returncode == 77:
        raise Skip(proc.stdout)
    return proc.returncode, proc.stdout, time.monotonic() - start


def running_image():
    """The processes (not zombies) whose command line names IMAGE: emulators left behind."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open("/proc/%s/cmdline" % name, "rb") as f:
                argv = f.read().split(b"\0")
            with open("/proc/%s/stat" % name) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if IMAGE.encode() in argv and state != "Z":
            found.append(int(name))
    return found


class BoardMatch(unittest.TestCase):
    # The match test runs alone (RUN_SERIAL): an emulator of IMAGE still running is ours.
    def setUp(self):
        self.out = tempfile.mkdtemp(prefix="test_board_match-")
        self.before = set(running_image())

    def tearDown(self):
        shutil.rmtree(self.out, ignore_errors=True)
        deadline = time.monotonic() + 5
        while set(running_image()) - self.before and time.monotonic() < deadline:
            time.sleep(0.1)
        left = set(running_image()) - self.before
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        self.assertFalse(left, "emulators left running (now killed): %s" % sorted(left))

    def test_an_illegal_move_fails(self):
        rc, text, _ = board_match(self.out, "illegal")
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"FAULT game 1: illegal move: polyglot: resign \(illegal engine move by white: a2a5\)")
        assert_engine_fault_not_replayed(self, text)

    def test_an_emulator_that_dies_fails(self):
        # faulty_engine.py ends the emulator (exit status 3): board_engine.py exits 1, polyglot
        # reports it, and the runner stops the game ENGINE_GONE_GRACE s later (no wait for the
        # flag of a 300 s clock).
        rc, text, seconds = board_match(self.out, "crash")
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"game 1: the engine ended with exit status 1\b")
        self.assertRegex(text, r"polyglot said: .*child exited with status 1")
        assert_engine_fault_not_replayed(self, text)
        self.assertLess(seconds, 150, text)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    BOARD, IMAGE, OPPONENT, OPENINGS = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3], sys.argv[4]
    os.environ["PATH"] += os.pathsep + "/usr/games"
    for tool in ("xboard", "polyglot", "Xvfb", OPPONENT):
        if not shutil.which(tool):
            print("SKIP: %s not installed" % tool)
            sys.exit(77)
    OPPONENT = shutil.which(OPPONENT)
    result = unittest.main(argv=sys.argv[:1], verbosity=2, exit=False).result
    skipped = [e for _, e in result.errors if "Skip" in e]
    if skipped and len(skipped) == len(result.errors) and not result.failures:
        print("SKIP: the opponent crashed in every attempt; this says nothing about the board")
        sys.exit(77)
    sys.exit(0 if result.wasSuccessful() else 1)
