#!/usr/bin/env python3
"""A Xiangqi match referee: plays ENGINE against OPPONENT and judges every move with Fairy-Stockfish.

usage: xiangqi_referee.py [options] ENGINE OPPONENT

ENGINE and OPPONENT are `uci:COMMAND ARGS` (UCI, Fairy-Stockfish's Xiangqi dialect after
`setoption name UCI_Variant value xiangqi`), `ucci:COMMAND ARGS` (UCCI as ElephantEye speaks it,
ICCS moves) or `cecp:COMMAND ARGS` (xboard protocol as maxqi speaks it, ICCS moves). ENGINE is
the engine under test: any fault of it (illegal move, crash, time loss, no answer) makes the exit
status 1; an opponent's fault is reported and, for a crash, the game is played again, as is a game
lost on time by a side that waited for a CPU a quarter of its thinking time (an overloaded
machine). Exit status 77 when a game stays unscored so in all its attempts (and no fault), 2 on
bad arguments, else 0.

Every move is checked against Fairy-Stockfish's legal-move list (`go perft 1`); a game ends by
Fairy-Stockfish's verdict: no legal move loses (checkmate and stalemate alike); a repeated
position or a full counting rule is judged by Fairy-Stockfish's own search of the move that made
it (see judge() and tests/match/README.md); a move limit adjudicates a draw. Clocks are kept by
the referee from wall time. Each opening is played twice, colours swapped. Writes PGN and prints
W/D/L, score and Elo with its 95% interval from ENGINE's side. Standard library only.
"""
import argparse
import os
import re
import shlex
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from line_process import Fault, Process  # noqa: E402
from pgn_summary import score_line  # noqa: E402

FAIRY = "/usr/games/fairy-stockfish"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
MOVE_RX = re.compile(r"^([a-i])(10|[1-9])([a-i])(10|[1-9])$")
ICCS_RX = re.compile(r"^([a-iA-I])([0-9])-?([a-iA-I])([0-9])$")


# ---- notation: the referee's moves are Fairy-Stockfish's (ranks 1-10); ICCS (ranks 0-9) is
# ---- what UCCI and maxqi speak. The only two translations, both here.
def iccs_to_move(text):
    """ICCS `h2e2` (files a-i, ranks 0-9 from Red's side) -> `h3e3`; None if it is not ICCS."""
    m = ICCS_RX.match(text.strip())
    if not m:
        return None
    return "%s%d%s%d" % (m.group(1).lower(), int(m.group(2)) + 1, m.group(3).lower(), int(m.group(4)) + 1)


def move_to_iccs(move):
    """`h3e3` / `a10a9` -> ICCS `h2e2` / `a9a8`."""
    m = MOVE_RX.match(move)
    if not m:
        raise ValueError("not a move: %r" % move)
    return "%s%d%s%d" % (m.group(1), int(m.group(2)) - 1, m.group(3), int(m.group(4)) - 1)


NOTATIONS = {"uci": (lambda t: t.strip() if MOVE_RX.match(t.strip()) else None, lambda m: m),
             "ucci": (iccs_to_move, move_to_iccs),
             "cecp": (iccs_to_move, move_to_iccs)}


# ---- Fairy-Stockfish as the rule book ------------------------------------------------------
class Rules:
    """Legal moves, FEN, check and repetition verdicts, asked of one Fairy-Stockfish process."""

    def __init__(self, path, log=None):
        self.p = Process([path], "rules", log)
        self.p.send("uci")
        self.p.wait_for(lambda l: l == "uciok", 10, "uciok")
        self.p.send("setoption name UCI_Variant value xiangqi")
        self.p.send("isready")
        self.p.wait_for(lambda l: l == "readyok", 10, "readyok")

    def _position(self, fen, moves):
        self.p.send("position fen %s%s" % (fen, " moves " + " ".join(moves) if moves else ""))

    def state(self, fen, moves):
        """(legal moves, FEN, in check) of the position after `moves` from `fen`."""
        self._position(fen, moves)
        self.p.send("d")
        now = self.p.wait_for(lambda l: l.startswith("Fen: "), 10, "Fen")[5:]
        checkers = self.p.wait_for(lambda l: l.startswith("Checkers:"), 10, "Checkers")
        self.p.send("go perft 1")
        legal = []
        while True:
            line = self.p.wait_for(lambda l: True, 10, "perft")
            if line.startswith("Nodes searched"):
                break
            m = re.match(r"^(\S+): 1$", line)
            if m:
                legal.append(m.group(1))
        return legal, now, bool(checkers[9:].strip())

    def judge(self, fen, moves, move):
        """Fairy-Stockfish's verdict on `move` played after `moves`: a depth-1 search restricted
        to it. The child position ends the search at once (1 node) when Fairy-Stockfish's rules
        end the game there: draw score 0 for a drawn repetition or a full counting rule, a mate
        score for a repetition its Asian rules decide (perpetual check loses). Returns 'win'
        (the mover wins), 'loss', 'draw' or None (play on)."""
        self._position(fen, moves)
        self.p.send("go depth 1 searchmoves %s" % move)
        info = None
        while True:
            line = self.p.wait_for(lambda l: True, 10, "bestmove")
            if line.startswith("info depth 1 "):
                info = line
            if line.startswith("bestmove"):
                break
        m = info and re.search(r"score (cp|mate) (-?\d+).* nodes (\d+)", info)
        if not m or m.group(3) != "1":
            return None
        if m.group(1) == "mate":
            return "win" if int(m.group(2)) > 0 else "loss"
        return "draw" if m.group(2) == "0" else None

    def close(self):
        self.p.close("quit")


# ---- the three protocols ---------------------------------------------------------------------
def parse_options(text):
    """'Skill Level=0,Hash=16' -> [('Skill Level', '0'), ('Hash', '16')]."""
    out = []
    for item in filter(None, (s.strip() for s in (text or "").split(","))):
        name, _, value = item.partition("=")
        out.append((name.strip(), value.strip()))
    return out


class Engine:
    """One engine process for one game. go() returns the move in the referee's notation."""

    def __init__(self, spec, options, log, label):
        proto, _, command = spec.partition(":")
        if proto not in NOTATIONS or not command:
            raise SystemExit("engine must be uci:CMD, ucci:CMD or cecp:CMD, not %r" % spec)
        self.proto, self.argv, self.options = proto, shlex.split(command), options
        self.read_move, self.write_move = NOTATIONS[proto]
        self.name = os.path.basename(self.argv[0])
        self.label, self.log = label, log
        self.p = None

    def start(self, fen, opening):
        self.p = Process(self.argv, self.label, self.log)
        self.fen, self.opening = fen, list(opening)
        getattr(self, "_start_" + self.proto)()

    # UCI (Fairy-Stockfish's Xiangqi dialect)
    def _start_uci(self):
        self.p.send("uci")
        self.p.wait_for(lambda l: l == "uciok", 10, "uciok")
        self.p.send("setoption name UCI_Variant value xiangqi")
        for name, value in self.options:
            self.p.send("setoption name %s value %s" % (name, value))
        self.p.send("ucinewgame")
        self.p.send("isready")
        self.p.wait_for(lambda l: l == "readyok", 10, "readyok")

    # UCCI (ElephantEye): times in seconds unless the engine offers usemillisec
    def _start_ucci(self):
        self.p.send("ucci")
        lines = []
        self.p.wait_for(lambda l: lines.append(l) or l == "ucciok", 10, "ucciok")
        self.millisec = any(re.match(r"option usemillisec\b", l) for l in lines)
        if self.millisec:
            self.p.send("setoption usemillisec true")
        for name, value in self.options:
            self.p.send("setoption %s %s" % (name, value))
        self.p.send("isready")
        self.p.wait_for(lambda l: l == "readyok", 10, "readyok")

    # CECP (maxqi): features decide setboard and usermove
    def _start_cecp(self):
        self.p.send("xboard")
        self.p.send("protover 2")
        self.features = {}
        deadline = time.monotonic() + 5
        while True:
            try:
                line = self.p.read(deadline)
            except TimeoutError:
                break  # a protover 1 engine: no features
            if line is None:
                raise Fault("crash", "%s: exited at start (%s)" % (self.label, self.p.status()))
            if line.startswith("feature "):
                for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', line):
                    self.features[k] = v.strip('"')
                if self.features.get("done") == "1":
                    break
        self.p.send("new")
        self.p.send("variant xiangqi")
        self.p.send("easy")
        self.p.send("force")
        if self.fen != START_FEN:
            if self.features.get("setboard") != "1":
                raise SystemExit("%s has no setboard: give it openings as moves from the start" % self.name)
            self.p.send("setboard %s" % self.fen)
        self.cecp_sent = 0  # moves of the game the engine has been told

    def _cecp_level(self, base_ms, inc_ms):
        secs = int(round(base_ms / 1000))
        self.p.send("level 0 %d:%02d %g" % (secs // 60, secs % 60, inc_ms / 1000))

    def go(self, moves, clocks, incs, red_to_move, limit_s):
        """Asks for a move after `moves` (from self.fen); clocks/incs in ms, [red, black].
        Returns (move or None for 'no move', raw text). Faults on EOF; TimeoutError at limit_s."""
        us, them = (0, 1) if red_to_move else (1, 0)
        full = self.opening + moves
        deadline = time.monotonic() + limit_s
        if self.proto in ("uci", "ucci"):
            listed = " ".join(self.write_move(m) for m in full)
            self.p.send("position fen %s%s" % (self.fen, " moves " + listed if listed else ""))
            if self.proto == "uci":
                self.p.send("go wtime %d btime %d winc %d binc %d" % (clocks[0], clocks[1], incs[0], incs[1]))
            else:
                f = (lambda ms: "%d" % ms) if self.millisec else (lambda ms: "%d" % (ms // 1000))
                self.p.send("go time %s increment %s opptime %s oppincrement %s"
                            % (f(clocks[us]), f(incs[us]), f(clocks[them]), f(incs[them])))
            while True:
                line = self._read(deadline)
                words = line.split()
                if words[:1] == ["bestmove"] and len(words) > 1 and words[1] not in ("(none)", "0000", "none"):
                    return self._convert(words[1]), line
                if words[:1] in (["nobestmove"], ["bestmove"]):
                    return None, line
        # CECP: stay in force mode, tell the moves not yet told, then time, otim, go
        if not hasattr(self, "cecp_level"):
            self._cecp_level(*self.cecp_tc)
            self.cecp_level = True
        self.p.send("force")
        for m in full[self.cecp_sent:]:
            self.p.send(("usermove " if self.features.get("usermove") == "1" else "") + self.write_move(m))
        self.cecp_sent = len(full)
        self.p.send("time %d" % (clocks[us] // 10))
        self.p.send("otim %d" % (clocks[them] // 10))
        self.p.send("go")
        while True:
            line = self._read(deadline)
            m = re.match(r"^(?:move\s+|\d+\.\s*\.\.\.\s*)(\S+)", line)
            if m:
                self.cecp_sent += 1
                return self._convert(m.group(1)), line
            if line.startswith("Illegal move"):
                raise Fault("illegal move", "%s refused a move the rules allow: %s" % (self.label, line))
            if line.strip() == "resign":
                return "resign", line

    def _read(self, deadline):
        line = self.p.read(deadline)
        if line is None:
            raise Fault("crash", "%s exited during its move (%s)" % (self.label, self.p.status()))
        return line

    def _convert(self, text):
        move = self.read_move(text)
        return move if move else "?" + text

    def close(self):
        if self.p:
            return self.p.close({"uci": "quit", "ucci": "quit", "cecp": "quit"}[self.proto])
        return "not started"


# ---- one game --------------------------------------------------------------------------------
def play_game(rules, engines, opening, args):
    """engines = [red, black] (Engine objects, not started). Returns a dict with result
    ('1-0', '0-1', '1/2-1/2'), reason, faulty ('red'/'black'/None, the side whose fault ended
    the game), kind (fault kind), moves and the opening FEN."""
    start, omoves = opening  # the game starts from `start` (the start position or a FEN) and its moves
    base, inc = int(args.tc * 1000), int(args.inc * 1000)
    clocks, incs = [base, base], [inc, inc]
    colours = ("Red", "Black")
    moves = []
    legal, fen, check0 = rules.state(start, omoves)
    fen0 = fen

    def key(f):
        return " ".join(f.split()[:2])

    keys, checks = [key(fen)], [check0]  # per position: its key, whether the move to it checked
    waited, thought = [0.0, 0.0], [0.0, 0.0]  # per side: seconds waiting for a CPU, and thinking

    def end(result, reason, faulty=None, kind=None, at_start=False):
        starved = False
        if kind == "time forfeit":
            s = ("red", "black").index(faulty)
            # the machine, not the engine: it waited for a CPU a quarter of the time it thought
            starved = waited[s] >= 0.25 * thought[s]
            reason += "; it waited %.2f s for a CPU in its %.2f s of moves%s" % (
                waited[s], thought[s], " (starved by the machine)" if starved else "")
        return dict(result=result, reason=reason, faulty=faulty, kind=kind, moves=moves, fen=fen0,
                    at_start=at_start, starved=starved)

    for side, e in enumerate(engines):
        e.cecp_tc = (base, inc)
        try:
            e.start(start, omoves)
        except Fault as f:
            return end(("0-1", "1-0")[side], "%s %s at start: %s" % (colours[side], f.kind, f.detail),
                       ("red", "black")[side], f.kind, at_start=True)
    red = fen.split()[1] == "w"
    while True:
        side = 0 if red else 1
        name = colours[side]
        lose = ("0-1", "1-0")[side]
        if not legal:
            return end(lose, "%s is %s" % (name, "checkmated" if checks and checks[-1] else "stalemated"))
        if len(moves) >= 2 * args.max_moves:
            return end("1/2-1/2", "move limit: draw adjudicated after %d moves" % args.max_moves)
        t0, w0 = time.monotonic(), engines[side].p.cpu_wait()

        def account():
            w1 = engines[side].p.cpu_wait()
            thought[side] += time.monotonic() - t0
            if w0 is not None and w1 is not None:
                waited[side] += w1 - w0
        try:
            move, raw = engines[side].go(moves, clocks, incs, red, clocks[side] / 1000 + args.margin / 1000)
            account()
        except TimeoutError:
            account()
            return end(lose, "%s loses on time: time forfeit (no move within its %.2f s)"
                       % (name, clocks[side] / 1000), name.lower(), "time forfeit")
        except Fault as f:
            return end(lose, "%s %s: %s" % (name, f.kind, f.detail), name.lower(), f.kind)
        used = int((time.monotonic() - t0) * 1000)
        if move == "resign":
            return end(lose, "%s resigns" % name)
        if move is None:
            return end(lose, "%s no answer: gave no move (%s) with %d legal moves" % (name, raw, len(legal)),
                       name.lower(), "no answer")
        if used > clocks[side] + args.margin:
            return end(lose, "%s loses on time: time forfeit (%d ms used, %d ms left)" % (name, used, clocks[side]),
                       name.lower(), "time forfeit")
        if move not in legal:
            after = " ".join(omoves + moves) or "start"
            return end(lose, "%s illegal move: %r (%s) after %s" % (name, move, raw, after),
                       name.lower(), "illegal move")
        clocks[side] += incs[side] - used
        before = omoves + moves
        moves.append(move)
        legal, fen, check = rules.state(start, omoves + moves)
        checks.append(check)
        keys.append(key(fen))
        red = not red
        if not legal:
            continue  # mate or stalemate, said at the top
        if keys.count(keys[-1]) >= 2 or int(fen.split()[4]) >= 100:
            verdict = rules.judge(start, before, move)
            if verdict:
                return end(*judged(verdict, side, keys, checks))


def judged(verdict, side, keys, checks):
    """(result, reason) of Fairy-Stockfish's verdict on the move just played by `side` (0 Red),
    keys[i] the position after game move i, checks[i] whether that move gave check. A lost
    repetition is called perpetual check when every move of the loser since the repeated
    position first stood on the board gave check, else perpetual chase."""
    mover, other = ("Red", "Black") if side == 0 else ("Black", "Red")
    count = keys.count(keys[-1])
    if verdict == "draw":
        if count >= 2:
            return "1/2-1/2", "repetition draw (the position %d times; Fairy-Stockfish's verdict)" % count
        return "1/2-1/2", "counting rule: draw, 50 moves without capture (Fairy-Stockfish's verdict)"
    loser = other if verdict == "win" else mover
    first = keys.index(keys[-1])
    last = len(keys) - 1
    # the loser's moves: the mover's are last, last-2, ...; the other's last-1, last-3, ...
    own = [checks[i] for i in range(first + 1, last + 1) if ((last - i) % 2 == 0) == (loser == mover)]
    what = "perpetual check" if own and all(own) else "perpetual chase"
    return ("1-0" if loser == "Black" else "0-1",
            "%s loses by %s (the position %d times; Fairy-Stockfish's verdict)" % (loser, what, count))


# ---- openings, PGN, the match ----------------------------------------------------------------
def read_openings(path):
    """Lines `FEN c0 "..."; c1 "m1 m2 ...";` (c1: the moves from the start position that reach
    FEN, Fairy-Stockfish notation); without c1 the game starts from FEN itself (engines that
    can set up a position only). '#' lines are comments. Returns [(start FEN, [moves])]."""
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.search(r'c1 "([^"]*)"', line)
        if m:
            out.append((START_FEN, m.group(1).split()))
            continue
        fields = line.split()
        counters = [f for f in fields[4:6] if f.isdigit()]
        out.append((" ".join(fields[:4] + (counters if len(counters) == 2 else ["0", "1"])), []))
    return out


def termination(game):
    """The PGN Termination tag: normal, adjudication, time forfeit, rules infraction, abandoned."""
    kind = game["kind"]
    if kind == "time forfeit":
        return "time forfeit"
    if kind == "illegal move":
        return "rules infraction"
    if kind:
        return "abandoned"
    return "adjudication" if game["reason"].startswith("move limit") else "normal"


def pgn(game, red, black, round_no, args):
    result = game["result"]
    tags = [("Event", "xiangqi_referee"), ("Site", os.uname().nodename), ("Date", time.strftime("%Y.%m.%d")),
            ("Round", str(round_no)), ("White", red), ("Black", black), ("Result", result),
            ("Variant", "xiangqi"), ("SetUp", "1"), ("FEN", game["fen"]),
            ("TimeControl", "%g+%g" % (args.tc, args.inc)), ("PlyCount", str(len(game["moves"]))),
            ("Termination", termination(game))]
    if game.get("unscored"):
        tags.append(("Unscored", game["unscored"]))
    out = ['[%s "%s"]' % (k, v.replace("\\", "\\\\").replace('"', '\\"')) for k, v in tags]
    body, red_first = [], game["fen"].split()[1] == "w"
    for i, m in enumerate(game["moves"]):
        ply = i + (0 if red_first else 1)
        if ply % 2 == 0:
            body.append("%d." % (ply // 2 + 1))
        elif i == 0:
            body.append("%d..." % (ply // 2 + 1))
        body.append(m)
    body.append("{%s}" % game["reason"].replace("}", ")"))
    body.append(result)
    text, line = [], ""
    for w in body:
        if len(line) + len(w) + 1 > 79:
            text.append(line)
            line = w
        else:
            line = (line + " " + w).strip()
    text.append(line)
    return "\n".join(out) + "\n\n" + "\n".join(text) + "\n\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("opponent")
    ap.add_argument("--openings", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                       "..", "data", "xiangqi-openings.epd"))
    ap.add_argument("--games", type=int, default=0, help="games (default: every opening twice)")
    ap.add_argument("--tc", type=float, default=5.0, help="base time per side, seconds")
    ap.add_argument("--inc", type=float, default=0.05, help="increment per move, seconds")
    ap.add_argument("--margin", type=int, default=0, help="ms past its clock a move is still in time")
    ap.add_argument("--max-moves", type=int, default=150, help="draw adjudicated after N moves a side")
    ap.add_argument("--attempts", type=int, default=3, help="plays of a game the opponent crashes")
    ap.add_argument("--engine-options", default="", help='UCI/UCCI options, "Name=value,..."')
    ap.add_argument("--opponent-options", default="")
    ap.add_argument("--pgn", default="xiangqi-games.pgn")
    ap.add_argument("--log", help="every line between the referee and the engines")
    ap.add_argument("--fairy", default=FAIRY)
    args = ap.parse_args(argv)
    if not shutil.which(args.fairy):
        print("xiangqi_referee: %s not found" % args.fairy, file=sys.stderr)
        return 2
    openings = read_openings(args.openings)
    games = args.games or 2 * len(openings)
    log = open(args.log, "w") if args.log else None
    rules = Rules(args.fairy, log)
    eopts, oopts = parse_options(args.engine_options), parse_options(args.opponent_options)
    wins = draws = losses = 0
    faults, notes, skipped = [], [], 0
    ename = args.engine.partition(":")[2].split()[0]
    oname = args.opponent.partition(":")[2].split()[0]
    ename, oname = os.path.basename(ename), os.path.basename(oname)
    if ename == oname:
        ename, oname = ename + " (engine)", oname + " (opponent)"
    with open(args.pgn, "w") as out:
        for g in range(games):
            opening = openings[(g // 2) % len(openings)]
            engine_red = g % 2 == 0
            for attempt in range(1, args.attempts + 1):
                e = Engine(args.engine, eopts, log, "engine")
                o = Engine(args.opponent, oopts, log, "opponent")
                sides = [e, o] if engine_red else [o, e]
                try:
                    game = play_game(rules, sides, opening, args)
                finally:
                    ends = [e.close(), o.close()]
                ours = "red" if engine_red else "black"
                theirs = "black" if engine_red else "red"
                if game["starved"] and attempt < args.attempts:
                    notes.append("game %d (attempt %d) lost on time on an overloaded machine, replayed: %s"
                                 % (g + 1, attempt, game["reason"]))
                    continue
                replay = game["faulty"] == theirs and (game["kind"] == "crash" or game["at_start"])
                if replay and attempt < args.attempts:
                    notes.append("opponent %s in game %d (attempt %d), replayed: %s"
                                 % ("crashed" if game["kind"] == "crash" else "failed at start", g + 1, attempt,
                                    game["reason"]))
                    continue
                break
            unscored = replay or game["starved"]
            if unscored:
                game["unscored"] = "%s in all %d attempts" % (
                    "starved by the machine" if game["starved"] else "the opponent failed", args.attempts)
                notes.append("game %d not scored: %s in all %d attempts: %s"
                             % (g + 1, "starved by the machine" if game["starved"] else "the opponent failed",
                                args.attempts, game["reason"]))
                skipped += 1
            elif game["faulty"] == theirs:
                notes.append("game %d won by an opponent fault (%s): %s" % (g + 1, game["kind"], game["reason"]))
            if game["faulty"] == ours and not unscored:
                faults.append("game %d: %s: %s" % (g + 1, game["kind"], game["reason"]))
            elif not ends[0].startswith("exit status 0"):
                faults.append("game %d: crash at quit: engine %s" % (g + 1, ends[0]))
            if game["faulty"] != theirs and not ends[1].startswith("exit status 0"):
                notes.append("game %d: the opponent after the game (the game stands): %s" % (g + 1, ends[1]))
            red, black = (ename, oname) if engine_red else (oname, ename)
            out.write(pgn(game, red, black, g + 1, args))
            out.flush()
            print("game %d: %s - %s %s {%s}" % (g + 1, red, black, game["result"], game["reason"]), flush=True)
            r = game["result"]
            if unscored:
                pass
            elif r == "1/2-1/2":
                draws += 1
            elif (r == "1-0") == engine_red:
                wins += 1
            else:
                losses += 1
    rules.close()
    print("%s: games=%d W=%d D=%d L=%d%s" % (ename, wins + draws + losses, wins, draws, losses,
                                            " (%d not scored)" % skipped if skipped else ""))
    if wins + draws + losses:
        print(score_line(wins, draws, losses))
    for n in notes:
        print("note: " + n)
    for f in faults:
        print("FAULT " + f)
    print("faults of %s: %d" % (ename, len(faults)))
    return 1 if faults else 77 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
