#!/usr/bin/env python3
"""A headless match refereed by xboard, one xboard per game, in which an opponent's crash costs
a replay of that game, not the match (and so does a time forfeit of ENGINE's when the machine
starved it of CPU). run_match.sh is the way in; see it and README.md.

usage: play_match.py [options] OUTDIR GAMES TC_SECONDS INC_SECONDS OPENINGS.epd ENGINE OPPONENT
Standard library only.
"""
import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pgn_summary  # noqa: E402

USAGE = """usage: run_match.sh [options] OUTDIR GAMES TC_SECONDS INC_SECONDS OPENINGS.epd ENGINE OPPONENT
  ENGINE, OPPONENT   "uci:COMMAND [ARGS]" or "cecp:COMMAND [ARGS]" (relative paths are fine)
  --engine-options "Name=value,..."    UCI/CECP options for ENGINE (xboard -firstOptions)
  --opponent-options "Name=value,..."  the same for OPPONENT (e.g. "OwnBook=false")
  --name PATTERN      the engine's name in the PGN (default: its `id name`, else the command)
  --attempts N        plays a game at most N times when the opponent crashes, or when ENGINE
                      loses it on time on an overloaded machine (default 4)
  --opponent-time-odds F  the opponent's clock is TC and INC divided by F (xboard
                      -secondTimeOdds), e.g. for an ENGINE that searches a node budget
  --draw-after MOVES  xboard adjudicates a game not decided after MOVES moves a draw
                      (-adjudicateDrawMoves), e.g. for an ENGINE that cannot take longer games
Game 2k-1 and 2k are played from the kth opening of OPENINGS, ENGINE white in the first."""

# What xboard writes (in xboard.log, in its GameEnds debug lines, as the game's closing comment)
# when the program of one side fails ("Error writing to second chess program", "first chess
# program exited unexpectedly", ...). "first" is always ENGINE here, "second" the opponent.
PROGRAM_FAILED = r"\b%s (chess program|engine)\b"
# What the sides' programs said: polyglot, in front of a UCI engine, reports a dead or faulty
# engine with tellusererror. For ENGINE any error counts (as it always did).
SAID = {"first": r"^\d+ <first *: *(tellusererror|Error)",
        "second": r"^\d+ <second *: *tellusererror"}
# xboard without its X server (which someone else may have ended).
X_FAILED = r"cannot open display|Fatal IO error .* on X server|X connection to .* broken"
# A time forfeit is the machine's, not the engine's, when the engine (with polyglot or xboard
# above it) waited at least this long for a CPU, and at least this share of the time it ran.
STARVED_SECONDS, STARVED_SHARE = 0.5, 0.25
# Signals an engine is ended with by the referee itself at the end of a game.
REFEREE_SIGNALS = ("SIGTERM", "SIGKILL", "SIGHUP")
RUNNING = []  # the xboard of the game being played, to be killed if we are
# An engine that has died loses only when its flag falls, which on a long clock takes long: xboard
# still running this long after ENGINE's process ended is killed (the game has then no result).
ENGINE_GONE_GRACE = 20
ENGINE_GONE = "killed %d s after the engine had ended" % ENGINE_GONE_GRACE


class Usage(Exception):
    pass


class RefereeFailure(Exception):
    pass


class GaveUp(Exception):
    """A game that could not be played for reasons that are not the engine's."""


def parse_args(argv):
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("--engine-options", default="")
    ap.add_argument("--opponent-options", default="")
    ap.add_argument("--name", default="")
    ap.add_argument("--attempts", type=int, default=4)
    ap.add_argument("--opponent-time-odds", type=float, default=1.0)
    ap.add_argument("--draw-after", type=int, default=0)
    ap.add_argument("rest", nargs=argparse.REMAINDER)
    args, unknown = ap.parse_known_args(argv)
    rest = unknown + args.rest
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if any(a.startswith("--") for a in unknown) or len(rest) != 7:
        raise Usage()
    args.out, games, tc, inc, args.openings, args.engine, args.opponent = rest
    try:
        args.games, args.tc, args.inc = int(games), float(tc), float(inc)
    except ValueError:
        raise Usage()
    if args.games < 1 or args.tc <= 0 or args.inc < 0 or args.attempts < 1 or args.opponent_time_odds < 1 \
            or args.draw_after < 0:
        raise Usage()
    return args


def resolve(spec):
    """'proto:command args' -> (proto, argv with an absolute program), or exits 77/2."""
    proto, _, command = spec.partition(":")
    if proto not in ("uci", "cecp") or not command.strip():
        print("run_match.sh: '%s' must start with uci: or cecp:" % spec, file=sys.stderr)
        sys.exit(2)
    argv = shlex.split(command)
    # xboard runs the engines in the game's directory: paths relative to here must be made
    # absolute (the program's, and an argument's that names an existing file, such as the
    # engine a wrapper runs).
    argv[1:] = [os.path.realpath(a) if "/" in a and not a.startswith("-") and os.path.exists(a) else a
                for a in argv[1:]]
    if os.path.exists(argv[0]):
        argv[0] = os.path.realpath(argv[0])
    elif shutil.which(argv[0]):
        argv[0] = shutil.which(argv[0])
    else:
        print("SKIP: engine program '%s' not found" % argv[0])
        sys.exit(77)
    return proto, argv


def read_openings(path, needed):
    lines = [l.strip() for l in read(path).splitlines()]
    lines = [l for l in lines if l and not l.startswith("#")]
    if len(lines) < needed:
        print("run_match.sh: %s has %d openings, %d games need %d" % (path, len(lines), 2 * needed, needed),
              file=sys.stderr)
        sys.exit(2)
    return lines


class Display:
    """An X server without a screen for xboard (which needs one even with -noGUI), one for the
    match, started again when it has gone or xboard could not use it."""

    def __init__(self):
        self.xvfb, self.name = None, None

    def get(self):
        if self.xvfb is None or self.xvfb.poll() is not None:
            self.start()
        return self.name

    def start(self):
        """Xvfb picks a free display itself (-displayfd), so parallel matches do not collide."""
        self.stop()
        read, write = os.pipe()
        # -noreset: an X server resets when its last client leaves, and an xboard that connects
        # meanwhile cannot open the display (4 of 150 quick connections here; none with it).
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-nolisten", "tcp", "-noreset",
                                      "-screen", "0", "640x480x8"], pass_fds=(write,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                break
            number += chunk
        os.close(read)
        if not number.strip().isdigit():
            self.stop()
            raise RefereeFailure("Xvfb did not start")
        self.name = ":" + number.decode().strip()

    def stop(self):
        if self.xvfb is not None:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()
                self.xvfb.wait()
        self.xvfb = None


def watched(script, status_file, argv):
    """A short command line for xboard that runs argv under watch_exit.py: the whole command goes
    into the shell script `script` in the game's directory (xboard's and polyglot's command line
    buffers cut a long one, e.g. an emulator's under deep paths, without a word)."""
    with open(script, "w") as f:
        f.write("exec %s\n" % " ".join(shlex.quote(a) for a in
                                        [sys.executable, os.path.join(HERE, "watch_exit.py"), os.path.abspath(status_file)] + argv))
    return "sh " + os.path.basename(script)


class Status:
    """How an engine process ended, from the last line watch_exit.py wrote (none: all None)."""

    def __init__(self, path):
        self.text = self.ended = None
        self.abnormal = False   # a signal the referee did not send, or a non-zero exit status
        self.values = {}        # seconds, cpu, waited, above_waited (floats), after (a signal)
        lines = [l for l in read(path).split("\n") if l.strip()]
        if not lines:
            return
        words = lines[-1].split()
        for word in words[2:]:
            key, _, value = word.partition("=")
            try:
                self.values[key] = float(value)
            except ValueError:
                self.values[key] = value
        if words[0] == "signal":
            self.text = "killed by %s" % words[1]
            # the signal that ended it, when the referee (xboard, polyglot) sent it
            if words[1] in REFEREE_SIGNALS and (self.values.get("after") == words[1] or words[1] == "SIGKILL"):
                self.ended = words[1]
            self.abnormal = self.ended is None
        else:
            self.text = "exit status %s" % words[1]
            self.abnormal = words[1] != "0"

    def starved(self):
        """Its and its parent's wait for a CPU, if that says the machine was overloaded."""
        waited = self.values.get("waited", 0.0) + self.values.get("above_waited", 0.0)
        cpu = self.values.get("cpu", 0.0)
        if waited >= STARVED_SECONDS and waited >= STARVED_SHARE * cpu:
            return "it waited %.1f s for a CPU (it ran %.1f s), polyglot or xboard above it %.1f s" % (
                self.values.get("waited", 0.0), cpu, self.values.get("above_waited", 0.0))
        return None


def requested_end(said, ended):
    """Is this polyglot's word that its engine ended by the signal the referee sent it (polyglot
    itself terminates an engine that does not quit in time, e.g. when xboard has gone)?"""
    m = re.search(r"child (?:exited with status (\d+)|terminated with signal (\d+))", said)
    if not m or not ended:
        return False
    number = int(m.group(1)) - 128 if m.group(1) else int(m.group(2))
    return number == signal.Signals[ended].value


def grep(pattern, text, flags=re.M):
    return [m.group(0).strip() for m in re.finditer(r"^.*(?:%s).*$" % pattern, text, flags)]


class Attempt:
    """One xboard run of one game."""

    def __init__(self, number, attempt, root):
        self.number, self.attempt = number, attempt
        self.dir = os.path.join(root, "game%03d-%d" % (number, attempt))
        self.game = None            # (tags, movetext) of the recorded game, or None
        self.pgn_text = ""
        self.engine_problems = []   # evidence that ENGINE failed
        self.opponent_problems = []  # evidence that the opponent failed during the game
        self.opponent_end = None    # how the opponent ended after a finished game, if abnormally
        self.referee_failure = None  # xboard did not get as far as starting the engines
        self.starved = None         # ENGINE lost on time, and this says the machine starved it
        self.rc = None
        self.seconds = 0.0

    def line(self):
        """What attempts.txt says about it."""
        if self.referee_failure:
            verdict = "referee failure: " + self.referee_failure
        elif self.engine_problems:
            verdict = "engine fault: " + "; ".join(self.engine_problems)
        elif self.opponent_problems:
            verdict = "opponent crashed: " + "; ".join(self.opponent_problems)
        elif self.starved:
            verdict = "lost on time on an overloaded machine: " + self.starved
        else:
            verdict = "played" + (" (the opponent then: %s)" % self.opponent_end if self.opponent_end else "")
        result = self.game[0].get("Result", "*") if self.game else "-"
        return "game %3d attempt %d  %6.1f s  %-7s  %s" % (self.number, self.attempt, self.seconds, result, verdict)


def play(args, number, attempt, opening, display, engine, opponent, deadline):
    a = Attempt(number, attempt, os.path.join(args.out, "games"))
    os.makedirs(a.dir, exist_ok=True)
    for name in os.listdir(a.dir):
        os.remove(os.path.join(a.dir, name))
    with open(os.path.join(a.dir, "opening.epd"), "w") as f:
        f.write(opening + "\n")
    engine_status = os.path.join(a.dir, "engine.status")
    opponent_status = os.path.join(a.dir, "opponent.status")
    cmd = ["xboard", "-noGUI", "-xexit", "-saveSettingsOnExit", "false", "-soundProgram", "",
           "-fcp", watched(os.path.join(a.dir, "engine.sh"), engine_status, engine[1]), "-fd", "."]
    if engine[0] == "uci":
        cmd.append("-fUCI")
    if args.engine_options:
        cmd += ["-firstOptions", args.engine_options]
    cmd += ["-scp", watched(os.path.join(a.dir, "opponent.sh"), opponent_status, opponent[1]), "-sd", "."]
    if opponent[0] == "uci":
        cmd.append("-sUCI")
    if args.opponent_options:
        cmd += ["-secondOptions", args.opponent_options]
    if args.opponent_time_odds != 1:
        cmd += ["-secondTimeOdds", "%g" % args.opponent_time_odds]
    if args.draw_after:
        cmd += ["-adjudicateDrawMoves", str(args.draw_after)]
    minutes = int(args.tc // 60)
    cmd += ["-firstPlaysBlack", "false" if number % 2 else "true",
            "-matchGames", "1", "-tc", "%d:%02d" % (minutes, round(args.tc - 60 * minutes)),
            "-inc", "%g" % args.inc, "-autoCallFlag", "true", "-xponder", "-defaultHashSize", "16",
            "-smpCores", "1", "-matchPause", "100", "-ruleMoves", "50", "-repeatsToDraw", "3",
            "-egtFormats", "", "-loadPositionFile", "opening.epd", "-loadPositionIndex", "1",
            "-saveGameFile", "game.pgn", "-debug", "-nameOfDebugFile", "xboard.debug"]
    env = dict(os.environ, DISPLAY=display, MATCH_GAME=str(number), MATCH_ATTEMPT=str(attempt))
    start = time.monotonic()
    with open(os.path.join(a.dir, "xboard.log"), "w") as log:
        proc = subprocess.Popen(cmd, cwd=a.dir, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        RUNNING.append(proc)
        try:
            a.rc = wait_for(proc, deadline, engine_status)
        finally:
            RUNNING.remove(proc)
    a.seconds = time.monotonic() - start
    judge(a, engine_status, opponent_status, deadline)
    return a


def wait_for(proc, deadline, engine_status):
    """xboard's exit status, or "timeout" (it ran deadline seconds), or ENGINE_GONE (it still ran
    ENGINE_GONE_GRACE seconds after the engine's process had ended): then it has been killed."""
    end, gone = time.monotonic() + deadline, None
    while True:
        try:
            return proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        if gone is None and os.path.exists(engine_status) and os.path.getsize(engine_status) > 0:
            gone = now   # watch_exit.py writes its line when the engine has ended
        if now >= end or (gone is not None and now - gone >= ENGINE_GONE_GRACE):
            kill_group(proc)
            return "timeout" if now >= end else ENGINE_GONE


def kill_group(proc):
    """xboard and the engines it started (they share its session)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except OSError:
            return
        try:
            proc.wait(timeout=5)
            return
        except subprocess.TimeoutExpired:
            pass


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def judge(a, engine_status, opponent_status, deadline):
    """Sorts what went wrong in one attempt into the engine's problems and the opponent's."""
    log = "\n".join(l for l in read(os.path.join(a.dir, "xboard.log")).splitlines()
                    if not re.search(r"ALSA|aplay", l))
    debug = read(os.path.join(a.dir, "xboard.debug"))
    a.pgn_text = read(os.path.join(a.dir, "game.pgn"))
    games = list(pgn_summary.parse_games(a.pgn_text)) if a.pgn_text.strip() else []
    a.game = games[0] if games else None
    if len(games) > 1:
        a.engine_problems.append("xboard saved %d games for one" % len(games))
    referee = log + "\n" + "\n".join(l for l in debug.splitlines() if "GameEnds" in l)
    if a.game:
        referee += "\n" + pgn_summary.end_reason(*a.game)

    engine, opponent = Status(engine_status), Status(opponent_status)
    for side, problems, ended in (("first", a.engine_problems, engine.ended),
                                  ("second", a.opponent_problems, opponent.ended)):
        told = [re.sub(r"^GameEnds\(\d+, (.*), \d+\)$|^xboard: (.*)$", r"\1\2", l)
                for l in grep(PROGRAM_FAILED % side, referee, re.M | re.I)]
        problems += ["xboard: " + l for l in longest(told)]
        problems += ["%s said: %s" % ("it" if side == "second" else "polyglot", shorter(l))
                     for l in longest(grep(SAID[side], debug)) if not requested_end(l, ended)]
    if engine.abnormal:
        a.engine_problems.insert(0, "the engine was " + engine.text if engine.text.startswith("killed")
                                 else "the engine ended with " + engine.text)
    hung = a.rc == "timeout" and "xboard did not finish within %d s (killed)" % deadline
    if hung and a.opponent_problems:
        a.opponent_problems.append(hung)

    x_gone = longest(grep(X_FAILED, log))
    if (x_gone or not debug.strip()) and a.game is None and not engine.abnormal:
        a.referee_failure = "xboard %s (status %s): %s" % ("lost its X display" if x_gone else "did not run", a.rc,
                                                           " / ".join(x_gone or log.strip().splitlines()[-3:]))
        a.engine_problems, a.opponent_problems = [], []
        return
    finished = a.game is not None and a.game[0].get("Result", "*") in ("1-0", "0-1", "1/2-1/2")
    if opponent.abnormal:
        if finished and not a.opponent_problems and not flag_fell(a, "opponent"):
            a.opponent_end = opponent.text   # after the game: it stands, but we say so
        else:
            a.opponent_problems.insert(0, opponent.text + ("; it lost on time" if flag_fell(a, "opponent") else ""))
    if (flag_fell(a, "engine") or hung) and not a.engine_problems and not a.opponent_problems:
        # a time forfeit, or a hang, because the machine did not run the engine
        a.starved = engine.starved()
        if a.starved and hung:
            a.starved = hung + "; " + a.starved
    if hung and not a.starved and not a.opponent_problems:
        a.engine_problems.append(hung)
    if a.starved:
        return
    if not finished and not a.opponent_problems and not a.engine_problems:
        what = "no game recorded" if a.game is None else "the game has no result"
        tail = log.strip().splitlines()[-3:]
        a.engine_problems.append("%s (xboard status %s%s)" % (what, a.rc, ": " + " / ".join(tail) if tail else ""))
    elif a.rc not in (0, ENGINE_GONE) and not a.opponent_problems and not a.engine_problems:
        a.engine_problems.append("xboard exited with status %s" % a.rc)


def shorter(said):
    """A program's message without the time stamp, and polyglot's without the command line."""
    said = re.sub(r"^\d+ <\w+ *: *", "", said)
    return re.sub(r"^tellusererror POLYGLOT: pipex_exit\(\): .*: (child exited)", r"polyglot: \1", said)


def longest(lines):
    """Each message once, in its longest wording, in order of appearance."""
    lines = list(dict.fromkeys(l.strip() for l in lines))
    return [l for l in lines if not any(l != m and l in m for m in lines)]


def flag_fell(a, who):
    """Did ENGINE's ("engine") or the opponent's flag fall in the recorded game (a loss on time,
    or a draw on time against a bare king)?"""
    if a.game is None:
        return False
    tags, movetext = a.game
    reason = pgn_summary.end_reason(tags, movetext)
    winner = re.search(r"\b(White|Black) wins on time", reason)
    if winner:
        white_flagged = winner.group(1) == "Black"
    elif re.search(r"on time|time forfeit|flag", reason, re.I) and tags.get("Result") in ("1-0", "0-1"):
        white_flagged = tags.get("Result") == "0-1"
    else:
        return False
    engine_white = a.number % 2 == 1
    return white_flagged == (engine_white if who == "engine" else not engine_white)


def engine_name(args, engine, attempts):
    """--name, else the name polyglot reports for a UCI engine (its `id name`) or a CECP engine
    gives itself, else the command's base name."""
    if args.name:
        return args.name
    for a in attempts:
        m = re.search(r'<first *: feature.* myname="([^"]*)"', read(os.path.join(a.dir, "xboard.debug")))
        if m:
            return m.group(1)
    return os.path.basename(engine[1][0])


def renumber(pgn_text, number):
    return re.sub(r'^\[Round "[^"]*"\]', '[Round "%d"]' % number, pgn_text.strip(), count=1, flags=re.M)


def main(argv):
    try:
        args = parse_args(argv)
    except Usage:
        print(USAGE, file=sys.stderr)
        return 2
    os.environ["PATH"] += os.pathsep + "/usr/games"
    for tool in ("xboard", "Xvfb", "polyglot"):
        if not shutil.which(tool):
            print("SKIP: %s not installed (apt-get install xboard polyglot xvfb)" % tool)
            return 77
    if not os.path.isfile(args.openings):
        print("run_match.sh: no openings file %s" % args.openings, file=sys.stderr)
        return 2
    openings = read_openings(args.openings, (args.games + 1) // 2)
    engine, opponent = resolve(args.engine), resolve(args.opponent)
    os.makedirs(args.out, exist_ok=True)
    for name in ("games.pgn", "xboard.debug", "xboard.log", "attempts.txt"):
        if os.path.exists(os.path.join(args.out, name)):
            os.remove(os.path.join(args.out, name))
    shutil.rmtree(os.path.join(args.out, "games"), ignore_errors=True)
    # A game takes at most both clocks and 150 moves of increments, plus the engines' start.
    deadline = int(2 * args.tc + 300 * args.inc + 30)
    print("match: %d games, %g s + %g s, %s, a game played at most %d times if the opponent crashes"
          % (args.games, args.tc, args.inc, os.path.basename(args.openings), args.attempts))
    print("  engine:   %s:%s%s" % (engine[0], " ".join(engine[1]), " (%s)" % args.engine_options if args.engine_options else ""))
    print("  opponent: %s:%s%s%s" % (opponent[0], " ".join(opponent[1]), " (%s)" % args.opponent_options if args.opponent_options else "",
                                   ", its clock %g s + %g s (time odds %g)" % (args.tc / args.opponent_time_odds,
                                   args.inc / args.opponent_time_odds, args.opponent_time_odds)
                                   if args.opponent_time_odds != 1 else ""))
    if args.draw_after:
        print("  a game not decided after %d moves is adjudicated a draw" % args.draw_after)
    sys.stdout.flush()

    def stop(signum, _frame):
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, stop)
    display = Display()
    start = time.monotonic()
    accepted, engine_faults, crashes, quit_crashes, overloads, attempts_log = [], [], [], [], [], []
    table = open(os.path.join(args.out, "attempts.txt"), "w")
    referee_failure = given_up = None
    referee_retries = 0
    try:
        for number in range(1, args.games + 1):
            opening = openings[(number - 1) // 2]
            attempt = crashed = starved = referee = 0
            while True:
                attempt += 1
                a = play(args, number, attempt, opening, display.get(), engine, opponent, deadline)
                attempts_log.append(a)
                table.write(a.line() + "\n")
                table.flush()
                if a.referee_failure:
                    # e.g. the X server was ended under our feet: once more on a new one
                    referee_retries += 1
                    referee += 1
                    if referee >= args.attempts:
                        raise RefereeFailure(a.referee_failure)
                    print("referee failure in game %d (attempt %d), replayed on a new X display: %s"
                          % (number, attempt, a.referee_failure))
                    sys.stdout.flush()
                    display.start()
                    continue
                if a.engine_problems:
                    for problem in a.engine_problems:
                        engine_faults.append((number, problem))
                    if a.game:
                        accepted.append((number, a))
                    break
                if a.opponent_problems:
                    crashed += 1
                    crashes.append((number, attempt))
                    what = "; ".join(a.opponent_problems)
                    if crashed < args.attempts:
                        print("opponent crashed in game %d (attempt %d), replayed: %s" % (number, attempt, what))
                    else:
                        print("opponent crashed in game %d (attempt %d), the last one: %s" % (number, attempt, what))
                        raise GaveUp("the opponent crashed in all %d attempts at game %d" % (crashed, number))
                    sys.stdout.flush()
                    continue
                if a.starved:
                    # xboard's clock is the wall clock: a machine busy with other work eats it
                    # (the game is lost on time, or xboard did not even finish it in time)
                    starved += 1
                    overloads.append((number, attempt))
                    if starved < args.attempts:
                        print("the engine lost game %d (attempt %d) on time on an overloaded machine, replayed: %s"
                              % (number, attempt, a.starved))
                    else:
                        print("the engine lost game %d (attempt %d) on time on an overloaded machine, the last "
                              "one: %s" % (number, attempt, a.starved))
                        raise GaveUp("the engine lost on time on an overloaded machine in all %d attempts at game %d"
                                     % (starved, number))
                    sys.stdout.flush()
                    continue
                if a.opponent_end:
                    quit_crashes.append(number)
                    print("opponent crashed after game %d had ended (%s); the game stands"
                          % (number, a.opponent_end))
                accepted.append((number, a))
                break
    except RefereeFailure as exc:
        referee_failure = str(exc)
    except GaveUp as exc:
        given_up = str(exc)
    finally:
        table.close()
        for proc in RUNNING:
            kill_group(proc)
        display.stop()
    elapsed = time.monotonic() - start

    # The match's files: every game once (the last attempt), every attempt's log and debug.
    pgn = "".join(renumber(a.pgn_text, number) + "\n\n" for number, a in accepted)
    with open(os.path.join(args.out, "games.pgn"), "w") as f:
        f.write(pgn)
    with open(os.path.join(args.out, "xboard.debug"), "w") as debug, \
            open(os.path.join(args.out, "xboard.log"), "w") as log:
        for a in attempts_log:
            head = "==== game %d attempt %d (%s)\n" % (a.number, a.attempt, os.path.relpath(a.dir, args.out))
            debug.write(head + read(os.path.join(a.dir, "xboard.debug")) + "\n")
            log.write(head + read(os.path.join(a.dir, "xboard.log")))

    replayed = sorted(set(n for n, _ in crashes))
    print("  %d xboard runs for %d games in %.0f s; opponent crashes: %d during games%s, %d after a game ended%s"
          % (len(attempts_log), args.games, elapsed, len(crashes),
             " (replayed: games %s)" % ", ".join(map(str, replayed)) if replayed else "", len(quit_crashes),
             "; referee failures: %d" % referee_retries if referee_retries else ""))
    if overloads:
        print("  time forfeits (or hangs) of the engine on an overloaded machine, replayed: %s"
              % ", ".join("game %d (attempt %d)" % o for o in overloads))
    if referee_failure:
        print("FAIL: %s (see %s/attempts.txt)" % (referee_failure, args.out))
        return 2
    name = engine_name(args, engine, attempts_log)
    # After an unfinished match (the opponent's fault) the missing games are no fault.
    faults = pgn_summary.summarise(list(pgn_summary.parse_games(pgn)), name, None if given_up else args.games)
    sys.stdout.flush()
    status = 1 if faults else 0
    if engine_faults:
        print("FAULT: the engine failed (see %s/attempts.txt and games/):" % args.out)
        for number, problem in engine_faults:
            print("  game %d: %s" % (number, problem))
        status = 1
    if given_up:
        print("%s: %s, the match stopped there; this says nothing about the engine (see %s/attempts.txt)"
              % ("SKIP" if status == 0 else "Also", given_up, args.out))
        if status == 0:
            status = 77
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
