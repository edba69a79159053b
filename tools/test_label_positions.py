#!/usr/bin/env python3
"""label_positions.py must give each position the engine's score for White, leave out the mates,
keep results, games and `#` lines and refuse bad data.

usage: test_label_positions.py FLASHMATE   (flashmate serves as the UCI engine, at depth 3)
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FLASHMATE = None

# White to move a queen up, Black to move a queen down, two balanced ones, and a mate in one for
# White (scored as a mate: it must be left out).
POSITIONS = [
    ("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "1", 150, 0),
    ("rnb1kbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3", "1", 160, 0),
    ("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "0.5", 20, 1),
    ("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", "0", -30, 2),
    ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "1", 500, 3),
]


def engine_score(fen):
    """A fresh flashmate's depth-3 score of the side to move (`quit` only after `bestmove`: sent
    earlier, it could stop the search short of depth 3)."""
    engine = subprocess.Popen([FLASHMATE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    engine.stdin.write(f"uci\nposition fen {fen}\ngo depth 3\n")
    engine.stdin.flush()
    scores = []
    for line in engine.stdout:
        scores += re.findall(r"score (cp|mate) (-?\d+)", line)
        if line.startswith("bestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait(timeout=60)
    return scores[-1][0], int(scores[-1][1])


class LabelPositions(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.data = os.path.join(self.dir.name, "data.txt")
        self.out = os.path.join(self.dir.name, "out.txt")
        with open(self.data, "w") as f:
            print("# flashmate-tune play (made up for this test)", file=f)
            for fen, result, score, game in POSITIONS:
                print(f"{fen};{result};{score};{game}", file=f)

    def tearDown(self):
        self.dir.cleanup()

    def run_labeller(self, *extra, data=None):
        return subprocess.run(
            [sys.executable, os.path.join(HERE, "label_positions.py"), "--engine", FLASHMATE,
             "--depth", "3", "--out", self.out, *extra, data or self.data],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)

    def test_scores_for_white_without_mates_rescaled(self):
        proc = self.run_labeller("--jobs", "2")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(self.out) as f:
            lines = f.read().splitlines()
        headers = [l for l in lines if l.startswith("#")]
        rows = [l.split(";") for l in lines if not l.startswith("#")]
        self.assertEqual(headers[0], "# flashmate-tune play (made up for this test)")
        self.assertRegex(headers[1], r"^# tools/label_positions.py .*: 4 of 5 positions")
        self.assertEqual(len(rows), 4, lines)  # the mate in one is left out
        for n, ((fen, result, _, game), row) in enumerate(zip(POSITIONS, rows)):
            self.assertEqual(row[0], fen)
            self.assertEqual(row[1], result)
            self.assertEqual(int(row[3]), game)
            if n < 2:  # each job's first position, searched by a fresh engine as here
                kind, score = engine_score(fen)
                self.assertEqual(kind, "cp")
                self.assertEqual(int(row[2]), score if " w " in fen else -score)
        # White a queen up, whoever is to move; the two openings near equal (the later positions
        # of a job are searched with what its hash table holds, so no exact figure there)
        self.assertGreater(int(rows[0][2]), 300)
        self.assertGreater(int(rows[1][2]), 300)
        self.assertLess(abs(int(rows[2][2])), 150)
        self.assertLess(abs(int(rows[3][2])), 150)

    def test_bad_lines_are_named(self):
        bad = os.path.join(self.dir.name, "bad.txt")
        with open(bad, "w") as f:
            print(f"{POSITIONS[0][0]};2;0;0", file=f)
        proc = self.run_labeller(data=bad)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("bad.txt:1: not FEN;RESULT;SCORE;GAME", proc.stderr)
        self.assertFalse(os.path.exists(self.out))

    def test_an_engine_that_cannot_start_is_reported(self):
        proc = subprocess.run(
            [sys.executable, os.path.join(HERE, "label_positions.py"), "--engine",
             os.path.join(self.dir.name, "no-such-engine"), "--depth", "3", "--out", self.out,
             self.data], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("no-such-engine", proc.stderr)
        self.assertFalse(os.path.exists(self.out))


if __name__ == "__main__":
    FLASHMATE = sys.argv.pop(1)
    unittest.main()
