#!/usr/bin/env python3
"""pgn_summary.py must notice every kind of fault. The referee-*.pgn files are xboard's own
output from short matches of tests/match/faulty_engine.py (illegal move, crash, late answer,
no answer) and of flashmate itself (clean), e.g.:

    tests/match/run_match.sh /tmp/m 2 5 0.05 tests/data/openings-balanced-200.epd \\
        "uci:tests/match/faulty_engine.py illegal 5 build/host/flashmate" cecp:/usr/games/fairymax
"""
import io
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pgn_summary  # noqa: E402


def summary(name, who, games=None):
    with open(os.path.join(HERE, "testdata", name), encoding="utf-8") as f:
        parsed = list(pgn_summary.parse_games(f.read()))
    out = io.StringIO()
    return pgn_summary.summarise(parsed, who, games, out), out.getvalue()


class Faults(unittest.TestCase):
    def kinds(self, name, who):
        faults, text = summary(name, who, 2)
        return [kind for _, kind, _ in faults], text

    def test_clean_match(self):
        faults, text = summary("referee-clean.pgn", "flashmate", 2)
        self.assertEqual(faults, [], text)
        self.assertIn("games=2 W=2 D=0 L=0", text)

    def test_illegal_move(self):
        kinds, text = self.kinds("referee-illegal.pgn", "faulty-illegal")
        self.assertEqual(kinds, ["illegal move"] * 2, text)

    def test_crash_and_late_and_silent_lose_on_time(self):
        for name in ("crash", "time", "silent"):
            kinds, text = self.kinds("referee-%s.pgn" % name, "faulty-" + name)
            self.assertEqual(kinds, ["time forfeit"] * 2, text)

    def test_opponent_faults_are_not_ours(self):
        faults, text = summary("referee-illegal.pgn", "fairy-max", 2)
        self.assertEqual(faults, [], text)
        self.assertIn("won by an opponent fault", text)

    def test_missing_games(self):
        faults, text = summary("referee-clean.pgn", "flashmate", 10)
        self.assertEqual([k for _, k, _ in faults], ["missing games"], text)

    def test_no_result_and_unexplained_loss(self):
        pgn = ('[White "flashmate"]\n[Black "x"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
               '[White "x"]\n[Black "flashmate"]\n[Result "1-0"]\n\n1. e4 {Black lost the plot} 1-0\n\n'
               '[White "x"]\n[Black "flashmate"]\n[Result "1-0"]\n\n1. e4 {White mates} 1-0\n')
        out = io.StringIO()
        faults = pgn_summary.summarise(list(pgn_summary.parse_games(pgn)), "flashmate", None, out)
        self.assertEqual([k for _, k, _ in faults], ["no result", "unexplained loss"], out.getvalue())

    def test_flag_fallen_against_a_bare_king(self):
        pgn = ('[White "flashmate"]\n[Black "x"]\n[Result "1/2-1/2"]\n\n'
               '1. Qe2 {Black wins on time but bare king} 1/2-1/2\n\n'
               '[White "x"]\n[Black "flashmate"]\n[Result "1/2-1/2"]\n\n'
               '1. Qe2 {Black wins on time but bare king} 1/2-1/2\n')
        out = io.StringIO()
        faults = pgn_summary.summarise(list(pgn_summary.parse_games(pgn)), "flashmate", None, out)
        self.assertEqual([(n, k) for n, k, _ in faults], [(1, "time forfeit")], out.getvalue())

    def test_elo_interval(self):
        pgn = "".join('[White "a"]\n[Black "b"]\n[Result "%s"]\n\n1. e4 {r} %s\n\n' % (r, r)
                      for r in ["1-0"] * 6 + ["1/2-1/2"] * 2 + ["0-1"] * 2)
        out = io.StringIO()
        pgn_summary.summarise(list(pgn_summary.parse_games(pgn)), "a", None, out)
        self.assertIn("score 7.0/10 = 70.0%  Elo +147", out.getvalue())


if __name__ == "__main__":
    unittest.main()
