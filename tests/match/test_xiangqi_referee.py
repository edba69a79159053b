#!/usr/bin/env python3
"""The Xiangqi referee (xiangqi_referee.py): a short match of flashmate against Fairy-Stockfish
passes with no fault; an illegal move and a crash of the engine under test fail it, named; an
opponent's crash is replayed and reported, never the engine's fault; a UCCI engine's ICCS moves,
and MaxQi's over CECP (when installed), are translated both ways; Fairy-Stockfish's repetition
verdicts are read right, alone and in games of fake engines that repeat (a draw) and check
perpetually (a loss).

usage: test_xiangqi_referee.py FLASHMATE
Exit status 77 (a skip) when /usr/games/fairy-stockfish is not installed.
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import xiangqi_referee as xr  # noqa: E402

REFEREE = os.path.join(HERE, "xiangqi_referee.py")
FAKE = os.path.join(HERE, "fake_xiangqi_engine.py")
OPENINGS = os.path.join(HERE, "..", "data", "xiangqi-openings.epd")
FAIRY = "uci:" + xr.FAIRY
FLASHMATE = None


def referee(engine, opponent, *options, openings=None):
    with tempfile.TemporaryDirectory() as tmp:
        pgn = os.path.join(tmp, "games.pgn")
        if openings:
            path = os.path.join(tmp, "openings.epd")
            with open(path, "w") as f:
                f.write(openings)
            options = ("--openings", path) + options
        else:
            options = ("--openings", OPENINGS) + options
        proc = subprocess.run([sys.executable, REFEREE, "--pgn", pgn] + list(options)
                              + [engine, opponent], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, timeout=120)
        text = ""
        if os.path.exists(pgn):
            with open(pgn) as f:
                text = f.read()
        return proc.returncode, proc.stdout, text


class Notation(unittest.TestCase):
    def test_iccs(self):
        self.assertEqual(xr.move_to_iccs("h3e3"), "h2e2")
        self.assertEqual(xr.move_to_iccs("a10a9"), "a9a8")
        self.assertEqual(xr.iccs_to_move("h2e2"), "h3e3")
        self.assertEqual(xr.iccs_to_move("H9-G7"), "h10g8")
        self.assertIsNone(xr.iccs_to_move("h10g8"))


class CpuWait(unittest.TestCase):
    def test_a_running_process_has_a_cpu_wait(self):
        p = xr.Process([sys.executable, "-c", "input()"], "probe", None)
        try:
            self.assertIsInstance(p.cpu_wait(), float)
        finally:
            p.close()


class Verdicts(unittest.TestCase):
    """Fairy-Stockfish's own judgement of a repetition, as judge() reads it."""

    @classmethod
    def setUpClass(cls):
        cls.rules = xr.Rules(xr.FAIRY)

    @classmethod
    def tearDownClass(cls):
        cls.rules.close()

    def test_idle_repetition_draws_on_the_third_time(self):
        cycle = "h1g3 h10g8 g3h1 g8h10".split()
        self.assertIsNone(self.rules.judge(xr.START_FEN, cycle[:3], cycle[3]))
        self.assertEqual(self.rules.judge(xr.START_FEN, cycle + cycle[:3], cycle[3]), "draw")

    def test_perpetual_check_loses(self):
        fen = "3k5/8R/9/9/9/9/9/9/9/5K3 w - - 0 1"
        cycle = "i9i10 d10d9 i10i9 d9d10".split()
        # Black's move that repeats the position a third time wins: Red checked every move
        self.assertEqual(self.rules.judge(fen, cycle + cycle[:3], cycle[3]), "win")
        keys = ["a", "b", "c", "d"] * 2 + ["a"]
        checks = [False, True, False, True, False, True, False, True, False]
        self.assertEqual(xr.judged("win", 1, keys, checks)[0], "0-1")
        self.assertIn("Red loses by perpetual check", xr.judged("win", 1, keys, checks)[1])

    def test_counting_rule(self):
        fen = "3k5/8R/9/9/9/9/9/9/9/5K3 w - - 99 1"
        self.assertEqual(self.rules.judge(fen, [], "f1f2"), "draw")


class Matches(unittest.TestCase):
    def test_flashmate_against_fairy_stockfish(self):
        rc, out, pgn = referee("uci:" + FLASHMATE, FAIRY, "--games", "2", "--tc", "2", "--inc", "0.02",
                               "--max-moves", "60", "--opponent-options", "Skill Level=0")
        print(out)
        if rc == 77 and "starved by the machine in all" in out:
            self.skipTest("the machine starved the engines in every attempt of a game")
        self.assertEqual(rc, 0, out)
        self.assertIn("faults of flashmate: 0", out)
        self.assertEqual(pgn.count('[Variant "xiangqi"]'), 2)
        self.assertEqual(len(re.findall(r'^\[FEN "', pgn, re.M)), 2)
        self.assertRegex(out, r"W=\d+ D=\d+ L=\d+")
        self.assertIn("95% interval", out)

    def test_repetition_draw_in_a_game(self):
        shuffle = "uci:%s --prefer 'h1g3 g3h1 h10g8 g8h10'" % FAKE
        rc, out, pgn = referee(shuffle, shuffle, "--games", "1", "--tc", "5", openings=xr.START_FEN + "\n")
        self.assertEqual(rc, 0, out)
        self.assertIn("{repetition draw (the position 3 times; Fairy-Stockfish's verdict)} 1/2-1/2",
                      " ".join(pgn.split()))
        self.assertIn('[PlyCount "8"]', pgn)

    def test_perpetual_check_loses_in_a_game(self):
        checker = "uci:%s --prefer 'i9i10 i10i9 d10d9 d9d10'" % FAKE
        rc, out, pgn = referee(checker, checker, "--games", "1", "--tc", "5",
                               openings="3k5/8R/9/9/9/9/9/9/9/5K3 w - - 0 1\n")
        self.assertEqual(rc, 0, out)
        self.assertIn("{Red loses by perpetual check (the position 3 times; Fairy-Stockfish's verdict)} 0-1",
                      " ".join(pgn.split()))

    def test_illegal_move_is_caught(self):
        rc, out, pgn = referee("uci:%s --illegal 3" % FAKE, FAIRY, "--games", "1", "--tc", "5")
        self.assertEqual(rc, 1, out)
        self.assertIn("FAULT game 1: illegal move", out)
        self.assertIn("illegal move", pgn)

    def test_crash_is_caught(self):
        rc, out, _ = referee("uci:%s --crash 2" % FAKE, FAIRY, "--games", "2", "--tc", "5")
        self.assertEqual(rc, 1, out)
        self.assertEqual(len(re.findall(r"^FAULT game \d: crash: .*SIGSEGV", out, re.M)), 2, out)
        self.assertIn("SIGSEGV", out)

    def test_time_forfeit_is_caught(self):
        rc, out, _ = referee("uci:%s --hang 2" % FAKE, FAIRY, "--games", "1", "--tc", "1", "--inc", "0")
        self.assertEqual(rc, 1, out)
        self.assertIn("FAULT game 1: time forfeit", out)

    def test_opponent_crash_is_not_a_fault(self):
        rc, out, _ = referee(FAIRY, "uci:%s --crash 2" % FAKE, "--games", "1", "--tc", "5", "--attempts", "2")
        self.assertEqual(rc, 77, out)  # crashed in every attempt: the match says nothing, a skip
        self.assertIn("opponent crashed in game 1 (attempt 1), replayed", out)
        self.assertIn("not scored", out)
        self.assertNotIn("FAULT", out)

    @unittest.skipUnless(os.access("/usr/games/maxqi", os.X_OK), "maxqi (fairymax package) not installed")
    def test_cecp_maxqi_in_iccs(self):
        rc, out, pgn = referee(FAIRY, "cecp:/usr/games/maxqi", "--games", "2", "--tc", "3", "--inc", "0.03",
                               "--max-moves", "12", "--opponent-options", "")
        self.assertIn(rc, (0, 77), out)  # 77: MaxQi crashed in every attempt, or the machine starved it
        self.assertNotIn("FAULT", out)
        self.assertNotIn("illegal move", out)

    def test_ucci_engine_in_iccs(self):
        # the fake answers in ICCS and reads the moves it is told as ICCS: a single
        # mistranslation either way is an illegal move of its own or of the opponent
        rc, out, pgn = referee("ucci:%s --ucci" % FAKE, FAIRY, "--games", "2", "--tc", "5", "--max-moves", "25")
        self.assertEqual(rc, 0, out)
        self.assertNotIn("FAULT", out)
        self.assertNotIn("won by an opponent fault", out)
        self.assertEqual(len(re.findall(r'^\[Result "(1-0|0-1|1/2-1/2)"\]', pgn, re.M)), 2, pgn)
        reasons = r"\{[^}]*(checkmated|stalemated|move limit|repetition|perpetual|counting)"
        self.assertEqual(len(re.findall(reasons, pgn)), 2, pgn)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    FLASHMATE = os.path.abspath(sys.argv.pop(1))
    if not os.access(xr.FAIRY, os.X_OK):
        print("skip: %s not installed" % xr.FAIRY)
        sys.exit(77)
    unittest.main()
