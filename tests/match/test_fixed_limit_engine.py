#!/usr/bin/env python3
"""fixed_limit_engine.py must turn every clocked `go` into `go LIMIT`, pass `go infinite` and
everything else through, and refuse a LIMIT it does not know.

usage: test_fixed_limit_engine.py FLASHMATE
"""
import os
import re
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
WRAPPER = os.path.join(HERE, "fixed_limit_engine.py")
FLASHMATE = None


def session(limit, lines):
    proc = subprocess.run([sys.executable, WRAPPER, limit, FLASHMATE], input="".join(l + "\n" for l in lines),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    return proc.returncode, proc.stdout, proc.stderr


def depths(text):
    return [int(d) for d in re.findall(r"^info depth (\d+)", text, re.M)]


class FixedLimitEngine(unittest.TestCase):
    def test_a_clocked_go_becomes_the_depth(self):
        rc, out, _ = session("depth 4", ["uci", "position startpos", "go wtime 600000 btime 600000", "isready"])
        self.assertEqual(rc, 0, out)
        self.assertEqual(max(depths(out)), 4, out)
        self.assertRegex(out, r"bestmove [a-h][1-8][a-h][1-8]")

    def test_a_clocked_go_becomes_the_node_budget(self):
        rc, out, _ = session("nodes 3000", ["uci", "position startpos", "go movetime 60000", "isready"])
        self.assertEqual(rc, 0, out)
        nodes = [int(n) for n in re.findall(r" nodes (\d+)", out)]
        self.assertTrue(nodes and max(nodes) <= 3000 + 200, out)  # the last check may run over a little
        self.assertRegex(out, r"bestmove ")

    def test_go_infinite_passes_unchanged(self):
        # It searches on until `stop`: deeper than the limit it would have been given.
        proc = subprocess.Popen([sys.executable, WRAPPER, "depth 1", FLASHMATE], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        proc.stdin.write("uci\nposition startpos\ngo infinite\n")
        proc.stdin.flush()
        time.sleep(1.0)
        out, _ = proc.communicate("stop\nisready\n", timeout=60)
        self.assertEqual(proc.returncode, 0, out)
        self.assertGreater(max(depths(out)), 1, out)
        self.assertRegex(out, r"bestmove ")

    def test_an_unknown_limit_is_refused(self):
        rc, out, err = session("movetime 100", ["uci"])
        self.assertNotEqual(rc, 0)
        self.assertIn("usage", err)
        self.assertNotIn("uciok", out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    FLASHMATE = os.path.realpath(sys.argv[1])
    unittest.main(argv=sys.argv[:1], verbosity=2)
