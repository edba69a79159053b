#!/usr/bin/env python3
"""Self-play for search and evaluation changes: two UCI engines (the change and its base) play
game pairs from balanced openings, several games at a time, and a sequential probability ratio
test decides whether the change gains (H1: elo1) or not (H0: elo0). Fast enough to decide in
minutes: a node budget (`--nodes`) or a short clock (`--tc`), adjudication where both engines
agree. The referee is a host flashmate (`--referee`): every move is checked against its legal
moves (`go perft 1`), and its `d` gives the checkers, the key and the FEN by which the runner
sees mate, stalemate, the fifty-move rule, threefold repetition and bare kings.

usage: sprt.py [options] NEW BASE OPENINGS.epd
  NEW, BASE        engine commands (a string each, split as a shell would)
  --referee CMD    the host flashmate that judges moves (default: build/host/flashmate)
  --nodes N        each move searched with `go nodes M`, M drawn within N +- 10% (default 5000:
                   two deterministic engines would replay the same game from an opening), or
  --tc BASE+INC    a clock in seconds kept by the runner (e.g. 2+0.02); a flag fall loses
  --new-options "Name=value,..."  --base-options "..."   setoption for each side
  --concurrency K  games at a time (default 2)
  --games N        at most N games (default 20000), in pairs: opening i twice, colours swapped
  --elo0 E --elo1 E --alpha A --beta B   the test (default 0 5 0.05 0.05)
  --no-sprt        play the games, report the score, no test (e.g. a fixed-size match)
  --variant xiangqi  Xiangqi (`UCI_Variant xiangqi` for all three, openings from e.g.
                   tests/data/xiangqi-openings.epd): no legal move loses, a repetition in which
                   one side gave check with every move loses for it (else a draw), 120 plies
                   without a capture and no attacking piece on the board are draws
  --pgn FILE       the games (default sprt.pgn); --log FILE the SPRT log (default sprt.log)
Exit status: 0 when the test stopped (either way) or the games were played, 1 when an engine
made a fault (an illegal move, a crash, no answer: the test is void), 2 on bad usage.
The verdict line: `H1 accepted` (the change gains), `H0 accepted`, or `no decision`.
Standard library only.
"""
import argparse
import math
import os
import queue
import random
import re
import shlex
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
from line_process import Fault, Process  # noqa: E402

ANSWER_SECONDS = 60  # an engine silent this long after `go` has failed (a node budget never takes it)


# ---- the test ---------------------------------------------------------------------------------

def expected_score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def llr(wins, draws, losses, elo0, elo1):
    """The log-likelihood ratio of H1 (elo1) against H0 (elo0) for a trinomial result, in the
    usual normal approximation (the score's mean and variance estimated from the games)."""
    if wins + draws + losses == 0:
        return 0.0
    if min(wins, draws, losses) == 0:
        # An empty outcome (all games won, say) would make the variance 0: half a game of each.
        wins, draws, losses = wins + 0.5, draws + 0.5, losses + 0.5
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    if variance <= 0:
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance)


def bounds(alpha, beta):
    """(lower, upper): below the lower H0 is accepted, above the upper H1."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def elo_estimate(wins, draws, losses):
    """Elo and the half width of its 95% interval."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, float("inf")
    score = (wins + 0.5 * draws) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(variance / n)

    def to_elo(p):
        p = min(max(p, 1e-9), 1 - 1e-9)
        return -400.0 * math.log10(1.0 / p - 1.0)

    return to_elo(score), (to_elo(score + 1.96 * se) - to_elo(score - 1.96 * se)) / 2


# ---- engines ----------------------------------------------------------------------------------

class Engine:
    """A UCI engine (a line_process.Process); every failure is a Fault."""

    def __init__(self, command, name):
        self.name = name
        self.p = Process(shlex.split(command), name, None)

    def send(self, text):
        self.p.send(text)

    def expect(self, done, seconds, what="an answer"):
        """Lines up to and including the first for which done(line) is true."""
        seen = []
        self.p.wait_for(done, seconds, what, seen)
        return seen

    def start(self, options):
        self.send("uci")
        self.expect(lambda l: l == "uciok", 10, "uciok")
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))
        self.sync()

    def sync(self):
        self.send("isready")
        self.expect(lambda l: l == "readyok", 30, "readyok")

    def quit(self):
        self.p.close("quit")


MOVE_TEXT = {"chess": r"^[a-h][1-8][a-h][1-8][qrbn]?: ", "xiangqi": r"^[a-i](?:10|[1-9])[a-i](?:10|[1-9]): "}


class Referee(Engine):
    """The host flashmate: legal moves and the facts of a position."""

    variant = "chess"

    def judge(self, position):
        self.send(position)
        self.send("go perft 1")
        lines = self.expect(lambda l: l.startswith("Nodes searched"), 30, "perft")
        moves = [l.split(":")[0] for l in lines if re.match(MOVE_TEXT[self.variant], l)]
        self.send("d")
        lines = self.expect(lambda l: l.startswith("Checkers:"), 30, "the board")
        facts = {"moves": set(moves)}
        for l in lines:
            if l.startswith("Fen:"):
                facts["fen"] = l[4:].strip()
            elif l.startswith("Key:"):
                facts["key"] = l[4:].strip()
        facts["in_check"] = bool(lines[-1][len("Checkers:"):].strip())
        return facts


def fault_text(fault):
    """"new: crash (exited waiting for bestmove (exit status 3))": whose, what, the details."""
    name, _, detail = fault.detail.partition(": ")
    return "%s: %s (%s)" % (name, fault.kind, detail)


def parse_options(text):
    options = []
    for item in filter(None, (text or "").split(",")):
        name, sep, value = item.partition("=")
        if not sep:
            raise ValueError("option '%s' is not Name=value" % item)
        options.append((name.strip(), value.strip()))
    return options


# ---- a game -----------------------------------------------------------------------------------

def bare_kings(fen):
    """No mate possible: kings alone, or a king and one minor piece against a king."""
    pieces = [c for c in fen.split()[0] if c.isalpha() and c not in "Kk"]
    return not pieces or (len(pieces) == 1 and pieces[0] in "NBnb")


def xiangqi_without_attackers(fen):
    """No chariot, horse, cannon or soldier on the board: neither side can mate."""
    return not any(c in "rncpRNCP" for c in fen.split()[0])


def xiangqi_perpetual_checker(history):
    """Who gave check with each of their moves since the position now repeated (the last of
    history, [(key, side to move in check)] a ply) last stood: 0 the side to move, 1 the other
    side, None when neither or both did (a draw)."""
    last = len(history) - 1
    first = max(i for i in range(last) if history[i][0] == history[last][0])
    # Where the side to move now is to move (an even distance back) and stands in check, the
    # other side's move gave it.
    checked = [all(history[i][1] for i in range(first + 1, last + 1) if (last - i) % 2 == parity)
               for parity in (0, 1)]
    if checked[0] == checked[1]:
        return None
    return 1 if checked[0] else 0


def score_of(lines):
    """The last score an engine reported (its first line's) before its bestmove, in centipawns,
    a mate as +-100000; None without one."""
    cp = None
    for l in lines:
        m = re.search(r" score (cp|mate) (-?\d+)", l)
        if m and (" multipv " not in l or " multipv 1 " in l):
            value = int(m.group(2))
            cp = value if m.group(1) == "cp" else (100000 if value > 0 else -100000)
    return cp


class Settings:
    def __init__(self, args, seed):
        self.nodes, self.tc = args.nodes, args.tc
        self.random = random.Random(seed)
        self.win_cp, self.win_moves = 1000, 4     # both engines agree for this many moves each
        self.draw_cp, self.draw_moves, self.draw_from = 10, 8, 40
        self.max_plies = 400


def play_game(white, black, referee, fen, s):
    """Returns (result, reason, moves, fault_side) with fault_side None, 'white' or 'black'."""
    sides = [white, black]
    start_side = 0 if fen.split()[1] == "w" else 1
    clocks = [s.tc[0], s.tc[0]] if s.tc else None
    moves, keys, scores, history = [], {}, [], []
    xiangqi = referee.variant == "xiangqi"
    for e in sides:
        e.send("ucinewgame")
        e.sync()
    for ply in range(s.max_plies):
        mover = (start_side + ply) % 2
        position = "position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else "")
        facts = referee.judge(position)
        keys[facts["key"]] = keys.get(facts["key"], 0) + 1
        winner_if_mate = "0-1" if mover == 0 else "1-0"
        history.append((facts["key"], facts["in_check"]))
        if not facts["moves"]:
            if xiangqi:
                return winner_if_mate, "checkmate" if facts["in_check"] else "stalemate (lost)", moves, None
            return (winner_if_mate, "checkmate", moves, None) if facts["in_check"] else \
                ("1/2-1/2", "stalemate", moves, None)
        if keys[facts["key"]] >= 3:
            checker = xiangqi_perpetual_checker(history) if xiangqi else None
            if checker is not None:
                loser = mover if checker == 0 else 1 - mover
                return "0-1" if loser == 0 else "1-0", "perpetual check by %s" % (
                    "White" if loser == 0 else "Black"), moves, None
            return "1/2-1/2", "threefold repetition", moves, None
        if int(facts["fen"].split()[4]) >= (120 if xiangqi else 100):
            return "1/2-1/2", "%s-move rule" % ("sixty" if xiangqi else "fifty"), moves, None
        if xiangqi_without_attackers(facts["fen"]) if xiangqi else bare_kings(facts["fen"]):
            return "1/2-1/2", "insufficient material", moves, None
        engine = sides[mover]
        engine.send(position)
        if s.tc:
            go = "go wtime %d btime %d winc %d binc %d" % (clocks[0] * 1000, clocks[1] * 1000,
                                                           s.tc[1] * 1000, s.tc[1] * 1000)
        else:
            go = "go nodes %d" % max(1, round(s.nodes * s.random.uniform(0.9, 1.1)))
        started = time.monotonic()
        engine.send(go)
        limit = clocks[mover] + 1 if s.tc else ANSWER_SECONDS
        try:
            lines = engine.expect(lambda l: l.startswith("bestmove"), limit, "bestmove")
        except Fault as fault:
            if s.tc and fault.kind == "no answer":
                return winner_if_mate, "%s loses on time" % ("White" if mover == 0 else "Black"), moves, None
            return winner_if_mate, fault_text(fault), moves, "white" if mover == 0 else "black"
        if s.tc:
            clocks[mover] -= time.monotonic() - started
            if clocks[mover] < 0:
                return winner_if_mate, "%s loses on time" % ("White" if mover == 0 else "Black"), moves, None
            clocks[mover] += s.tc[1]
        words = lines[-1].split()
        move = words[1] if len(words) > 1 else "(none)"
        if move not in facts["moves"]:
            return winner_if_mate, "%s: illegal move %s" % (engine.name, move), moves, \
                "white" if mover == 0 else "black"
        moves.append(move)
        # Adjudication on both engines' own scores, as White sees them.
        cp = score_of(lines)
        scores.append(None if cp is None else (cp if mover == 0 else -cp))
        verdict = adjudicate(scores, len(moves), s)
        if verdict:
            return verdict[0], verdict[1], moves, None
    return "1/2-1/2", "move limit", moves, None


def adjudicate(scores, plies, s):
    recent = scores[-2 * s.win_moves:]
    if len(recent) == 2 * s.win_moves and None not in recent:
        if all(v >= s.win_cp for v in recent):
            return "1-0", "adjudicated: both engines see White winning"
        if all(v <= -s.win_cp for v in recent):
            return "0-1", "adjudicated: both engines see Black winning"
    recent = scores[-2 * s.draw_moves:]
    if plies >= 2 * s.draw_from and len(recent) == 2 * s.draw_moves and None not in recent:
        if all(abs(v) <= s.draw_cp for v in recent):
            return "1/2-1/2", "adjudicated: both engines see a draw"
    return None


# ---- the match --------------------------------------------------------------------------------

def read_openings(path):
    fens = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 4:
                raise ValueError("%s: not an EPD/FEN line: %s" % (path, line))
            fen = " ".join(fields[:4])
            numbers = [w.rstrip(";") for w in fields[4:6]]
            fen += " " + (" ".join(numbers) if len(numbers) == 2 and all(n.isdigit() for n in numbers) else "0 1")
            fens.append(fen)
    if not fens:
        raise ValueError("%s: no openings" % path)
    return fens


class Match:
    def __init__(self, args):
        self.args = args
        self.lock = threading.Lock()
        self.wins = self.draws = self.losses = 0
        self.faults = []
        self.games = []
        self.stop = threading.Event()
        self.verdict = "no decision"
        self.lower, self.upper = bounds(args.alpha, args.beta)
        self.log = open(args.log, "w")
        self.log.write("# sprt: new %r vs base %r, elo0 %g elo1 %g alpha %g beta %g, bounds [%.2f, %.2f]\n"
                       % (args.new, args.base, args.elo0, args.elo1, args.alpha, args.beta, self.lower, self.upper))

    def record(self, number, fen, white, black, result, reason, moves, fault_side):
        with self.lock:
            new_white = white == "new"
            if result == "1/2-1/2":
                self.draws += 1
            elif (result == "1-0") == new_white:
                self.wins += 1
            else:
                self.losses += 1
            if fault_side:
                self.faults.append("game %d: %s" % (number, reason))
            self.games.append((number, fen, white, black, result, reason, moves))
            n = self.wins + self.draws + self.losses
            value = llr(self.wins, self.draws, self.losses, self.args.elo0, self.args.elo1)
            elo, err = elo_estimate(self.wins, self.draws, self.losses)
            self.log.write("games %d W %d D %d L %d LLR %.2f [%.2f, %.2f] Elo %+.1f +- %.1f  (game %d: %s, %s)\n"
                           % (n, self.wins, self.draws, self.losses, value, self.lower, self.upper, elo, err,
                              number, result, reason))
            self.log.flush()
            if self.faults:
                self.stop.set()
            elif not self.args.no_sprt and value >= self.upper:
                self.verdict = "H1 accepted"
                self.stop.set()
            elif not self.args.no_sprt and value <= self.lower:
                self.verdict = "H0 accepted"
                self.stop.set()

    def worker(self, tasks):
        a = self.args
        engines = []
        try:
            new, base = Engine(a.new, "new"), Engine(a.base, "base")
            referee = Referee(a.referee, "referee")
            referee.variant = a.variant
            engines = [new, base, referee]
            variant = [("UCI_Variant", a.variant)] if a.variant != "chess" else []
            new.start(variant + a.new_options)
            base.start(variant + a.base_options)
            referee.start(variant)
        except (Fault, OSError) as fault:
            with self.lock:
                self.faults.append("start: %s" % (fault_text(fault) if isinstance(fault, Fault) else fault))
            self.stop.set()
            for e in engines:
                e.quit()
            return
        settings = Settings(a, id(tasks) ^ threading.get_ident() ^ time.time_ns())
        try:
            while not self.stop.is_set():
                try:
                    number, fen = tasks.get_nowait()
                except queue.Empty:
                    break
                white, black = (new, base) if number % 2 == 1 else (base, new)
                result, reason, moves, fault_side = play_game(white, black, referee, fen, settings)
                self.record(number, fen, white.name, black.name, result, reason, moves, fault_side)
                if fault_side:
                    break
        except Fault as fault:  # the referee, or an engine between games
            with self.lock:
                self.faults.append(fault_text(fault))
            self.stop.set()
        finally:
            for e in (new, base, referee):
                e.quit()

    def write_pgn(self):
        with open(self.args.pgn, "w") as f:
            for number, fen, white, black, result, reason, moves in sorted(self.games):
                f.write('[Event "sprt"]\n[Round "%d"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n'
                        '[SetUp "1"]\n[FEN "%s"]\n[Termination "%s"]\n\n' % (number, white, black, result, fen, reason))
                f.write(" ".join(moves) + (" " if moves else "") + "{%s} %s\n\n" % (reason, result))


def main(argv):
    p = argparse.ArgumentParser(usage="sprt.py [options] NEW BASE OPENINGS.epd (see the top of sprt.py)")
    p.add_argument("new")
    p.add_argument("base")
    p.add_argument("openings")
    p.add_argument("--referee", default=os.path.join(ROOT, "build", "host", "flashmate"))
    p.add_argument("--nodes", type=int, default=5000)
    p.add_argument("--tc")
    p.add_argument("--new-options")
    p.add_argument("--base-options")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--games", type=int, default=20000)
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=5.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--no-sprt", action="store_true")
    p.add_argument("--variant", choices=["chess", "xiangqi"], default="chess")
    p.add_argument("--pgn", default="sprt.pgn")
    p.add_argument("--log", default="sprt.log")
    a = p.parse_args(argv)
    try:
        if a.tc:
            text = a.tc
            base, _, inc = text.partition("+")
            try:
                a.tc = (float(base), float(inc or 0))
            except ValueError:
                raise ValueError("--tc %s: not BASE+INC in seconds (e.g. 2+0.02)" % text)
            if a.tc[0] <= 0 or a.tc[1] < 0:
                raise ValueError("--tc %s: the base must be positive, the increment not negative" % text)
        if a.nodes < 1 or a.concurrency < 1 or a.games < 1:
            raise ValueError("--nodes, --concurrency and --games must be at least 1")
        if not (0 < a.alpha < 1 and 0 < a.beta < 1) or a.elo1 <= a.elo0:
            raise ValueError("alpha and beta lie in (0, 1), and elo1 above elo0")
        a.new_options, a.base_options = parse_options(a.new_options), parse_options(a.base_options)
        openings = read_openings(a.openings)
    except (ValueError, OSError) as e:
        print("sprt.py: %s" % e, file=sys.stderr)
        return 2
    match = Match(a)
    tasks = queue.Queue()
    for number in range(1, a.games + 1):
        tasks.put((number, openings[((number - 1) // 2) % len(openings)]))
    threads = [threading.Thread(target=match.worker, args=(tasks,)) for _ in range(a.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    match.write_pgn()
    n = match.wins + match.draws + match.losses
    elo, err = elo_estimate(match.wins, match.draws, match.losses)
    value = llr(match.wins, match.draws, match.losses, a.elo0, a.elo1)
    print("games %d: W %d D %d L %d, Elo %+.1f +- %.1f, LLR %.2f [%.2f, %.2f]"
          % (n, match.wins, match.draws, match.losses, elo, err, value, match.lower, match.upper))
    for fault in match.faults:
        print("FAULT %s" % fault)
    if match.faults:
        print("void: an engine failed")
        return 1
    print(match.verdict if not a.no_sprt else "played")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
