#!/usr/bin/env python3
"""sprt.py: its test statistics behave as a sequential test must, and its matches play, decide,
and are void on an engine's fault.

usage: test_sprt.py FLASHMATE
"""
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sprt  # noqa: E402

FAULTY = os.path.join(HERE, "faulty_engine.py")
OPENINGS = os.path.join(HERE, "..", "data", "openings-balanced-200.epd")
XIANGQI_OPENINGS = os.path.join(HERE, "..", "data", "xiangqi-openings.epd")
FLASHMATE = None


def read(path):
    if not os.path.exists(path):
        return ""
    with open(path) as f:
        return f.read()


def simulate(true_elo, draw_rate, games, seed):
    """W/D/L of games drawn from a result distribution with this Elo and draw rate."""
    rng = random.Random(seed)
    score = sprt.expected_score(true_elo)
    win = score - draw_rate / 2
    w = d = l = 0
    for _ in range(games):
        x = rng.random()
        if x < win:
            w += 1
        elif x < win + draw_rate:
            d += 1
        else:
            l += 1
    return w, d, l


class XiangqiRules(unittest.TestCase):
    """Who loses a Xiangqi repetition: (key, side to move in check) a ply, the last repeated."""

    def test_perpetual_check_by_the_other_side(self):
        # A B A B A: the side to move at A stood in check each time, at B never.
        history = [("A", True), ("B", False), ("A", True), ("B", False), ("A", True)]
        self.assertEqual(sprt.xiangqi_perpetual_checker(history), 1)

    def test_perpetual_check_by_the_side_to_move(self):
        history = [("A", False), ("B", True), ("A", False), ("B", True), ("A", False)]
        self.assertEqual(sprt.xiangqi_perpetual_checker(history), 0)

    def test_only_the_cycle_counts(self):
        # The check before the position first stood does not count, one quiet move in the cycle
        # breaks the perpetual, and both sides checking is a draw.
        self.assertEqual(sprt.xiangqi_perpetual_checker(
            [("X", False), ("A", False), ("B", True), ("C", True), ("D", True), ("A", True)]), None)
        self.assertEqual(sprt.xiangqi_perpetual_checker(
            [("A", True), ("B", False), ("C", False), ("D", False), ("A", True)]), None)
        self.assertEqual(sprt.xiangqi_perpetual_checker(
            [("A", True), ("B", True), ("A", True)]), None)
        self.assertEqual(sprt.xiangqi_perpetual_checker(
            [("A", False), ("B", True), ("C", False), ("D", True), ("A", False)]), 0)

    def test_no_attacker_left(self):
        self.assertTrue(sprt.xiangqi_without_attackers("3ak4/9/4b4/9/9/9/9/4B4/4A4/4K4 w - - 0 1"))
        self.assertFalse(sprt.xiangqi_without_attackers("3ak4/9/4b4/9/9/9/4P4/4B4/4A4/4K4 w - - 0 1"))


class Statistics(unittest.TestCase):
    def test_bounds(self):
        lower, upper = sprt.bounds(0.05, 0.05)
        self.assertLess(lower, 0)
        self.assertAlmostEqual(lower, -upper)
        lower10, upper10 = sprt.bounds(0.10, 0.10)
        self.assertLess(upper10, upper)  # a looser test decides sooner

    def test_llr_sign_and_growth(self):
        self.assertLess(sprt.llr(500, 1000, 500, 0, 5), 0)       # at elo0: for H0
        w, d, l = simulate(20, 0.4, 4000, 1)
        self.assertGreater(sprt.llr(w, d, l, 0, 5), 0)             # well above elo1: for H1
        # twice the same games, twice the evidence
        self.assertAlmostEqual(sprt.llr(2 * w, 2 * d, 2 * l, 0, 5), 2 * sprt.llr(w, d, l, 0, 5))

    def test_the_test_decides_the_truth(self):
        lower, upper = sprt.bounds(0.05, 0.05)
        for true_elo, expect in ((15, "H1"), (-10, "H0")):
            w, d, l = simulate(true_elo, 0.5, 40000, 7)
            self.assertGreater(sprt.llr(w, d, l, 0, 5) if expect == "H1" else -sprt.llr(w, d, l, 0, 5),
                               upper, (true_elo, w, d, l))

    def test_all_wins_still_decide(self):
        self.assertGreater(sprt.llr(40, 0, 0, 0, 5), 0)
        self.assertLess(sprt.llr(0, 0, 40, 0, 5), 0)

    def test_elo_estimate(self):
        elo, err = sprt.elo_estimate(60, 20, 20)
        self.assertGreater(elo, 0)
        self.assertGreater(err, 0)
        self.assertAlmostEqual(sprt.elo_estimate(30, 40, 30)[0], 0.0)


class Runs(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="test_sprt-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def run_sprt(self, new, base, *options):
        pgn, log = os.path.join(self.dir, "games.pgn"), os.path.join(self.dir, "sprt.log")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "sprt.py"), new, base, OPENINGS,
                               "--referee", FLASHMATE, "--pgn", pgn, "--log", log] + list(options),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        text = proc.stdout
        pgn_text, log_text = read(pgn), read(log)
        return proc.returncode, text, pgn_text, log_text

    def test_a_fixed_match_plays_every_game(self):
        rc, text, pgn, log = self.run_sprt(FLASHMATE, FLASHMATE, "--nodes", "1000", "--games", "6", "--no-sprt")
        self.assertEqual(rc, 0, text)
        self.assertEqual(sorted(int(r) for r in re.findall(r'\[Round "(\d+)"\]', pgn)), list(range(1, 7)), pgn)
        self.assertEqual(len(re.findall(r"^games \d+ W", log, re.M)), 6, log)
        m = re.search(r"games 6: W (\d+) D (\d+) L (\d+)", text)
        self.assertTrue(m and sum(map(int, m.groups())) == 6, text)
        self.assertIn("played", text)

    def test_a_xiangqi_match_plays(self):
        pgn = os.path.join(self.dir, "xq.pgn")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "sprt.py"), FLASHMATE, FLASHMATE,
                               XIANGQI_OPENINGS, "--variant", "xiangqi", "--referee", FLASHMATE, "--pgn", pgn,
                               "--log", os.path.join(self.dir, "xq.log"), "--nodes", "1000", "--games", "4",
                               "--no-sprt"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("games 4:", proc.stdout)
        games = re.findall(r"\n\n(\S.*?) \{(.*?)\}", read(pgn))
        self.assertEqual(len(games), 4, read(pgn))
        for moves, reason in games:
            # Xiangqi moves (files a-i, ranks 1-10), and Xiangqi's verdicts, never chess's.
            self.assertTrue(all(re.match(r"^[a-i](10|[1-9])[a-i](10|[1-9])$", m) for m in moves.split()), moves)
            self.assertNotIn("fifty", reason)
            self.assertNotEqual(reason, "stalemate")

    def test_games_from_one_opening_differ(self):
        # One opening, the same engine on both sides: without the budget's jitter games 1 and 3
        # (and 2 and 4) would be one game played twice.
        openings = os.path.join(self.dir, "one.epd")
        with open(openings, "w") as f:
            f.write("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n")
        pgn = os.path.join(self.dir, "one.pgn")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "sprt.py"), FLASHMATE, FLASHMATE, openings,
                               "--referee", FLASHMATE, "--pgn", pgn, "--log", os.path.join(self.dir, "one.log"),
                               "--nodes", "1000", "--games", "4", "--no-sprt"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stdout)
        games = re.findall(r"\n\n([a-h][1-8].*?) \{", read(pgn))
        self.assertEqual(len(games), 4, read(pgn))
        self.assertGreater(len(set(games)), 2, games)

    def test_a_clear_gain_is_accepted(self):
        # The full engine against its own weakest level: H1 long before the 200 games.
        rc, text, _, log = self.run_sprt(FLASHMATE, FLASHMATE, "--nodes", "2000", "--games", "200",
                                         "--base-options", "UCI_LimitStrength=true,UCI_Elo=800")
        self.assertEqual(rc, 0, text)
        self.assertIn("H1 accepted", text)
        self.assertLess(len(log.splitlines()), 100, log)

    def test_a_clear_loss_is_rejected(self):
        rc, text, _, _ = self.run_sprt(FLASHMATE, FLASHMATE, "--nodes", "2000", "--games", "200",
                                       "--new-options", "UCI_LimitStrength=true,UCI_Elo=800")
        self.assertEqual(rc, 0, text)
        self.assertIn("H0 accepted", text)

    def test_an_illegal_move_voids_the_test(self):
        rc, text, pgn, _ = self.run_sprt("%s %s illegal 3 %s" % (sys.executable, FAULTY, FLASHMATE), FLASHMATE,
                                         "--nodes", "500", "--games", "4", "--concurrency", "1")
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"FAULT game 1: new: illegal move a2a5")
        self.assertIn("void", text)

    def test_a_crash_voids_the_test(self):
        rc, text, _, _ = self.run_sprt("%s %s crash 2 %s" % (sys.executable, FAULTY, FLASHMATE), FLASHMATE,
                                       "--nodes", "500", "--games", "4", "--concurrency", "1")
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"FAULT game 1: new: crash")

    def test_bad_usage(self):
        for options in (["--tc", "0+1"], ["--nodes", "0"], ["--elo0", "5", "--elo1", "0"],
                        ["--new-options", "Hash"]):
            rc, text, _, _ = self.run_sprt(FLASHMATE, FLASHMATE, *options)
            self.assertEqual(rc, 2, (options, text))
            self.assertIn("sprt.py: ", text)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    FLASHMATE = os.path.realpath(sys.argv[1])
    unittest.main(argv=sys.argv[:1] + sys.argv[2:], verbosity=2)
