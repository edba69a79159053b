#!/usr/bin/env python3
"""run_match.sh must replay a game its opponent crashed, say so, and pass (or skip, when the
opponent crashes in every attempt); and it must fail when the engine itself crashes. Short games
(a queen against a bare king, 2 s + 0.02 s) keep it cheap.

usage: test_run_match.py FLASHMATE
The opponent is flashmate itself behind polyglot (CECP), so that every crash is one that
faulty_engine.py made: Fairy-Max, the opponent of the CI match, also crashes by itself (on some
positions set up with `edit`), which put the faults out of step with the attempts each case
expects (seen in CI: it died at the start of the attempt that was to crash after its first move).
Exit status 77 (a skip) when xboard, polyglot or Xvfb is not installed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_MATCH = os.path.join(HERE, "run_match.sh")
FAULTY = os.path.join(HERE, "faulty_engine.py")
OPENINGS = os.path.join(HERE, "testdata", "queen-endings.epd")
FLASHMATE = None
OPPONENT = None  # the command of a CECP engine that never crashes by itself


def run_match(out, games, engine, opponent, options=()):
    proc = subprocess.run(["bash", RUN_MATCH] + list(options) + [out, str(games), "2", "0.02", OPENINGS, engine, opponent],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    # A game the engine lost on time while it waited for a CPU is replayed, which puts the
    # faults that faulty_engine.py gives by game and attempt number out of step with what each
    # case expects (seen with four other programs searching on two cores): such a run says
    # nothing about the runner, so the case is skipped, saying why.
    overloaded = re.search(r"^the engine lost game \d+ \(attempt \d+\) on time on an overloaded machine.*$",
                           proc.stdout, re.M)
    if overloaded:
        raise unittest.SkipTest("the machine was too busy: " + overloaded.group(0))
    return proc.returncode, proc.stdout


def faulty_opponent(*faults):
    """The opponent, wrapped once per (games/attempts, fault, N): the layer whose --only names the
    game and attempt being played is faulty, the others just run the next one."""
    command = [OPPONENT]
    for only, fault, n in reversed(faults):
        command = [FAULTY, "--cecp", "--only", only, fault, str(n)] + command
    return "cecp:" + " ".join(command)


class RunMatch(unittest.TestCase):
    def setUp(self):
        self.out = tempfile.mkdtemp(prefix="test_run_match-")

    def tearDown(self):
        shutil.rmtree(self.out, ignore_errors=True)

    def test_opponent_crashes_are_replayed_and_reported(self):
        # game 1: the opponent dies at start, then after its first move (xboard then fails to
        # write to it: "Error writing to second chess program", which used to abort the whole
        # match), then plays; game 2: it dies at quit, after the game (the game stands; "2/2,..."
        # in case the real opponent crashes in game 2 on its own).
        opponent = faulty_opponent(("1/1", "segfault", 0), ("1/2", "answercrash", 1),
                                   ("2/1,2/2,2/3,2/4", "quitcrash", 0))
        rc, text = run_match(self.out, 2, "uci:" + FLASHMATE, opponent)
        self.assertEqual(rc, 0, text)
        self.assertRegex(text, r"opponent crashed in game 1 \(attempt 1\), replayed: killed by SIGSEGV")
        # Which of the two xboard sees is a race between the dying opponent and the engine's
        # answer: mostly the opponent is gone when xboard sends it that answer (the write fails),
        # but on a busy machine xboard can send it before the process has ended, then waits for
        # the opponent's move until its flag falls. test_play_match.py judges both, made up.
        self.assertRegex(text, r"opponent crashed in game 1 \(attempt 2\), replayed: killed by SIGSEGV; "
                               r"(xboard: Error writing to second chess program|it lost on time)")
        self.assertRegex(text, r"opponent crashed after game 2 had ended \(killed by SIGSEGV\); the game stands")
        self.assertRegex(text, r"opponent crashes: [2-9] during games \(replayed: games 1\b.*\), 1 after")
        self.assertRegex(text, r"games=2 W=\d D=\d L=\d")
        self.assertNotIn("FAULT", text)
        with open(os.path.join(self.out, "games.pgn")) as f:
            pgn = f.read()
        self.assertEqual(re.findall(r'\[Round "(\d+)"\]', pgn), ["1", "2"], pgn)
        self.assertNotIn("Error writing", pgn)
        with open(os.path.join(self.out, "attempts.txt")) as f:
            attempts = f.read()
        self.assertRegex(attempts, r"game +1 attempt [3-9] .* played")

    def test_an_opponent_that_always_crashes_is_a_skip(self):
        # It cannot finish a game: that is no fault of flashmate, and no pass either.
        opponent = faulty_opponent(("1/1,1/2", "answercrash", 1))
        rc, text = run_match(self.out, 2, "uci:" + FLASHMATE, opponent, ["--attempts", "2"])
        self.assertEqual(rc, 77, text)
        self.assertRegex(text, r"opponent crashed in game 1 \(attempt 1\), replayed")
        self.assertRegex(text, r"opponent crashed in game 1 \(attempt 2\), the last one")
        self.assertRegex(text, r"SKIP: the opponent crashed in all 2 attempts at game 1, the match stopped there")
        self.assertNotIn("FAULT", text)

    def test_engine_crashes_fail(self):
        # The engine dies at its second `go`: it loses on time, polyglot reports it, no replay.
        engine = "uci:%s crash 2 %s" % (FAULTY, FLASHMATE)
        rc, text = run_match(self.out, 1, engine, "cecp:" + OPPONENT)
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"FAULT game 1: time forfeit")
        self.assertRegex(text, r"game 1: the engine ended with exit status 3")
        self.assertRegex(text, r"polyglot said: .*child exited with status 3")
        self.assertNotIn("replayed", text)

    def test_long_engine_commands_play(self):
        # An emulator's command under deep paths is long: xboard and polyglot used to cut such a
        # line (from about 450 characters) and the engine never started ("Broken pipe").
        for side in ("engine", "opponent"):
            padding = "PADDING=" + "x" * 900
            engine = "uci:env %s %s" % (padding, FLASHMATE) if side == "engine" else "uci:" + FLASHMATE
            opponent = "cecp:env %s %s" % (padding, OPPONENT) if side == "opponent" else "cecp:" + OPPONENT
            rc, text = run_match(self.out, 1, engine, opponent)
            self.assertEqual(rc, 0, side + ": " + text)
            self.assertRegex(text, r"games=1 W=\d D=\d L=\d", side)
            self.assertNotIn("FAULT", text, side)

    def test_engine_crash_at_quit_fails(self):
        # No referee notices this one: watch_exit.py does.
        engine = "uci:%s quitcrash 0 %s" % (FAULTY, FLASHMATE)
        rc, text = run_match(self.out, 1, engine, "cecp:" + OPPONENT)
        self.assertEqual(rc, 1, text)
        self.assertRegex(text, r"game 1: the engine was killed by SIGSEGV")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    FLASHMATE = os.path.realpath(sys.argv[1])
    os.environ["PATH"] += os.pathsep + "/usr/games"
    for tool in ("xboard", "polyglot", "Xvfb"):
        if not shutil.which(tool):
            print("SKIP: %s not installed" % tool)
            sys.exit(77)
    OPPONENT = "%s -noini -en opponent-under-polyglot -ec %s" % (shutil.which("polyglot"), FLASHMATE)
    unittest.main(argv=sys.argv[:1], verbosity=2)
