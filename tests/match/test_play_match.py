#!/usr/bin/env python3
"""play_match.py's judgement of one xboard run: whose fault, replay or not. The runs are made up
here from the lines real runs left (tests/match/test_run_match.py plays the real ones, with
xboard). Standard library only; no xboard needed.
"""
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import play_match  # noqa: E402

MATE = '[White "flashmate 0.1"]\n[Black "Fairy-Max 5.0b"]\n[Result "1-0"]\n\n1. Qe2 {Xboard adjudication: Checkmate} 1-0\n'
ABORTED = ('[White "flashmate 0.1"]\n[Black "Fairy-Max 5.0b"]\n[Result "1-0"]\n\n'
           '1. d4 {Error writing to second chess program} 1-0\n')
WHITE_ON_TIME = '[White "flashmate 0.1"]\n[Black "Fairy-Max 5.0b"]\n[Result "1-0"]\n\n1. d4 {White wins on time} 1-0\n'
BLACK_ON_TIME = '[White "flashmate 0.1"]\n[Black "Fairy-Max 5.0b"]\n[Result "0-1"]\n\n1. d4 {Black wins on time} 0-1\n'
DEBUG = "164 >first : xboard\n"


class Judge(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="test_play_match-")
        self.runs = 0

    def tearDown(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def judge(self, pgn="", log="", debug=DEBUG, engine="exit 0 seconds=4.0", opponent="exit 0 seconds=4.2", rc=0, number=1):
        self.runs += 1  # each run in a directory of its own
        a = play_match.Attempt(number, self.runs, self.root)
        os.makedirs(a.dir)
        for name, text in (("game.pgn", pgn), ("xboard.log", log), ("xboard.debug", debug),
                           ("engine.status", engine), ("opponent.status", opponent)):
            if text is not None:
                with open(os.path.join(a.dir, name), "w") as f:
                    f.write(text)
        a.rc = rc
        play_match.judge(a, os.path.join(a.dir, "engine.status"), os.path.join(a.dir, "opponent.status"), 55)
        return a

    def test_a_clean_game(self):
        a = self.judge(MATE)
        self.assertEqual((a.engine_problems, a.opponent_problems, a.opponent_end), ([], [], None))

    def test_the_referee_signals_are_no_crash(self):
        a = self.judge(MATE, engine="signal SIGTERM seconds=4.0 after=SIGTERM", opponent="exit 0 seconds=4.0")
        self.assertEqual((a.engine_problems, a.opponent_problems), ([], []))

    def test_the_fairymax_abort_is_a_replay(self):
        a = self.judge(ABORTED, log="xboard: Error writing to second chess program: Broken pipe\n",
                       debug=DEBUG + "GameEnds(26, Error writing to second chess program, 2)\n",
                       opponent="signal SIGSEGV seconds=0.5", rc=1)
        self.assertEqual(a.engine_problems, [])
        self.assertEqual(a.opponent_problems,
                         ["killed by SIGSEGV", "xboard: Error writing to second chess program: Broken pipe"])

    def test_an_opponent_dead_at_start_is_a_replay(self):
        a = self.judge("", log="xboard: Error writing to second chess program: Broken pipe\n",
                       opponent="signal SIGSEGV seconds=0.1", rc=1)
        self.assertEqual(a.engine_problems, [])
        self.assertEqual(a.opponent_problems[0], "killed by SIGSEGV")

    def test_an_opponent_that_died_and_lost_on_time_is_a_replay(self):
        a = self.judge(WHITE_ON_TIME, opponent="signal SIGSEGV seconds=0.5")
        self.assertEqual(a.opponent_problems, ["killed by SIGSEGV; it lost on time"])

    def test_an_opponent_that_lost_on_time_alive_has_lost(self):
        a = self.judge(WHITE_ON_TIME)
        self.assertEqual((a.engine_problems, a.opponent_problems, a.opponent_end), ([], [], None))

    def test_a_dead_uci_opponent_is_a_replay(self):
        said = "3000 <second: tellusererror POLYGLOT: pipex_exit(): /x/stockfish: child exited with status 139.\n"
        a = self.judge(WHITE_ON_TIME, debug=DEBUG + said, opponent=None)
        self.assertEqual(a.opponent_problems, ["it said: polyglot: child exited with status 139."])

    def test_an_opponent_crash_after_the_game_leaves_it_standing(self):
        a = self.judge(MATE, opponent="signal SIGSEGV seconds=4.3 after=SIGTERM")
        self.assertEqual((a.engine_problems, a.opponent_problems), ([], []))
        self.assertEqual(a.opponent_end, "killed by SIGSEGV")

    def test_a_time_forfeit_on_an_overloaded_machine_is_a_replay(self):
        a = self.judge(BLACK_ON_TIME, engine="exit 0 seconds=9.1 cpu=2.4 waited=1.9 above_waited=0.3")
        self.assertEqual((a.engine_problems, a.opponent_problems), ([], []))
        self.assertEqual(a.starved, "it waited 1.9 s for a CPU (it ran 2.4 s), polyglot or xboard above it 0.3 s")
        # flashmate black, and its flag fell against a bare king: a draw, the same
        a = self.judge(WHITE_ON_TIME.replace("1-0", "1/2-1/2").replace("on time", "on time but bare king"),
                       engine="exit 0 seconds=9.1 cpu=2.4 waited=1.9", number=2)
        self.assertIsNotNone(a.starved)

    def test_a_hang_on_an_overloaded_machine_is_a_replay(self):
        # seen here: the whole match waited 154 s for a CPU, xboard was killed after 55 s
        a = self.judge(BLACK_ON_TIME.replace("0-1", "1-0").replace("Black wins", "White wins"), rc="timeout",
                       engine="signal SIGTERM seconds=160.8 cpu=1.715 waited=154.6 above_waited=152.9 after=SIGTERM",
                       opponent="signal SIGTERM seconds=160.7 cpu=1.3 waited=154.3 after=SIGTERM", number=2)
        self.assertEqual((a.engine_problems, a.opponent_problems), ([], []))
        self.assertRegex(a.starved, r"^xboard did not finish within 55 s \(killed\); it waited 154.6 s for a CPU")
        a = self.judge("", rc="timeout", engine="signal SIGTERM seconds=60 cpu=50 waited=0.2 after=SIGTERM")
        self.assertEqual((a.starved, a.engine_problems), (None, ["xboard did not finish within 55 s (killed)"]))

    def test_a_time_forfeit_on_a_quiet_machine_is_the_engines(self):
        for waited in ("waited=0.1 above_waited=0.1", "waited=0.9"):  # too little; too small a share
            a = self.judge(BLACK_ON_TIME, engine="exit 0 seconds=9.1 cpu=6.0 " + waited)
            self.assertIsNone(a.starved, waited)
        a = self.judge(BLACK_ON_TIME, engine="exit 0 seconds=9.1", number=5)  # no schedstat
        self.assertIsNone(a.starved)
        a = self.judge(WHITE_ON_TIME, engine="exit 0 seconds=9.1 cpu=2.4 waited=1.9", number=3)  # it won
        self.assertIsNone(a.starved)

    def test_an_engine_crash_is_its_fault_even_if_the_opponent_crashed_too(self):
        said = "3000 <first : tellusererror POLYGLOT: pipex_exit(): /x/flashmate: child exited with status 3.\n"
        a = self.judge(BLACK_ON_TIME, debug=DEBUG + said, engine="exit 3 seconds=2.0", opponent="signal SIGSEGV seconds=3.0")
        self.assertEqual(a.engine_problems, ["the engine ended with exit status 3",
                                             "polyglot said: polyglot: child exited with status 3."])

    def test_an_engine_polyglot_terminated_is_no_fault(self):
        # xboard has gone (the opponent crashed), polyglot ends flashmate with SIGTERM
        said = "900 <first : tellusererror POLYGLOT: pipex_exit(): /x/flashmate: child exited with status 143.\n"
        a = self.judge(ABORTED, log="xboard: Error writing to second chess program: Broken pipe\n",
                       debug=DEBUG + said, engine="signal SIGTERM seconds=0.9 after=SIGTERM", opponent="signal SIGSEGV seconds=0.5")
        self.assertEqual(a.engine_problems, [])
        self.assertEqual(a.opponent_problems[0], "killed by SIGSEGV")
        a = self.judge(MATE, debug=DEBUG + said, engine="exit 0 seconds=4.0", number=2)  # not when it was not so
        self.assertEqual(a.engine_problems, ["polyglot said: polyglot: child exited with status 143."])

    def test_an_engine_crash_at_quit_is_its_fault(self):
        a = self.judge(MATE, engine="signal SIGSEGV seconds=4.0 after=SIGTERM")
        self.assertEqual(a.engine_problems, ["the engine was killed by SIGSEGV"])

    def test_no_game_and_no_reason_is_the_engines_fault(self):
        a = self.judge("", log="xboard: Match flashmate 0.1 vs. Fairy-Max 5.0b: final score 0-0-0\n")
        self.assertEqual(len(a.engine_problems), 1)
        self.assertRegex(a.engine_problems[0], r"^no game recorded")

    def test_a_hang_without_a_crash_is_the_engines_fault(self):
        a = self.judge("", rc="timeout", opponent=None, engine=None)
        self.assertEqual(a.engine_problems, ["xboard did not finish within 55 s (killed)"])

    def test_a_lost_x_display_is_a_referee_failure(self):
        a = self.judge("", log="xboard: Fatal IO error 11 (Resource temporarily unavailable) on X server :0.\n",
                       opponent="exit 1 seconds=1.8", rc=1)
        self.assertRegex(a.referee_failure, "lost its X display")
        self.assertEqual((a.engine_problems, a.opponent_problems), ([], []))

    def test_no_xboard_is_a_referee_failure(self):
        a = self.judge("", log="Gtk-WARNING: cannot open display: :77\n", debug=None, rc=1)
        self.assertRegex(a.referee_failure, "cannot open display")
        self.assertEqual((a.engine_problems, a.opponent_problems), ([], []))


if __name__ == "__main__":
    unittest.main(verbosity=1)
