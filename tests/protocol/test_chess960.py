#!/usr/bin/env python3
"""UCI_Chess960 through the engine's stdin/stdout. Standard library only.

usage: test_chess960.py ENGINE                  the option and its effects
       test_chess960.py ENGINE --stockfish SF   `go perft` divides against Stockfish's on Chess960
                                                positions (exit 77 when SF is missing)

The first form checks: `uci` lists `option name UCI_Chess960 type check default false`; values
are case-insensitive, a bad value gets an info string and keeps the old one; castling is written
king-takes-rook (e1h1, b1a1) in Chess960 and e1g1 otherwise, in `go perft`, in `position ...
moves` and in bestmove; a Chess960 FEN under the standard rules is refused with an info string
and the position kept; switching the option keeps a position that reads under both rules and
falls back to the start position otherwise; a Chess960 game searches and plays legal moves.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ucitest import Engine, Fail  # noqa: E402

OPTION_LINE = "option name UCI_Chess960 type check default false"
STANDARD_CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
KING_ON_B1 = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1"
FRC = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"

# For the comparison with Stockfish: start positions (Fischer random and double Fischer random)
# and positions where castling special cases are at the root or a few plies down.
PERFT_CASES = [
    (FRC, 4),
    (KING_ON_B1, 3),
    ("nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w FCgb - 0 1", 4),
    ("rk3r2/8/8/8/8/8/8/R5KR w HAfa - 0 1", 4),
    ("4k3/8/8/8/8/8/8/qRK3R1 w BG - 0 1", 4),
    ("2r1kr2/pppppppp/8/8/8/8/PPPPPPPP/1R4RK w Gfc - 0 1", 4),
    ("r2k2r1/8/8/8/8/8/8/1R2K1R1 w GBga - 0 1", 4),
    ("2k5/8/8/8/8/8/8/5KR1 w G - 0 1", 5),
    (STANDARD_CASTLING, 3),
]

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


def require(condition, message, e=None):
    if not condition:
        raise Fail(message + ("\n" + e.tail() if e else ""))


def start(engine):
    e = Engine([engine], "flashmate")
    e.send("uci")
    e.expect(lambda l: l == "uciok", 5.0, "uciok")
    return e


def divide(e, position, depth):
    """{move: nodes} and the total of `go perft depth` after `position`."""
    if position:
        e.send(position)
    e.send("go perft %d" % depth)
    _, last, lines = e.expect(lambda l: l.startswith("Nodes searched"), 120.0, "perft total")
    moves = {}
    for line in lines:
        move, sep, count = line.partition(":")
        if sep and count.strip().isdigit():
            moves[move.strip()] = int(count)
    return moves, int(last.split(":")[1])


def fen_of(e):
    """The FEN line of `d` (which may print more after it: all is read up to readyok)."""
    e.send("d")
    fens = [l[4:].strip() for l in e.sync() if l.startswith("Fen:")]
    require(len(fens) == 1, "d printed %d Fen lines" % len(fens), e)
    return fens[0]


def info_strings(lines):
    return [l for l in lines if l.startswith("info string")]


def set_960(e, value, accepted=True):
    e.send("setoption name UCI_Chess960 value %s" % value)
    lines = e.sync()
    if accepted:
        require(not lines, "'UCI_Chess960 %s' printed %s" % (value, lines), e)
    else:
        require(info_strings(lines), "'UCI_Chess960 %s' accepted without an info string" % value, e)


def castling_text(e):
    """The castling moves perft 1 lists for STANDARD_CASTLING (White to move)."""
    moves, _ = divide(e, "position fen " + STANDARD_CASTLING, 1)
    return sorted(m for m in moves if m in ("e1g1", "e1c1", "e1h1", "e1a1"))


@check
def option_listed(engine):
    """`uci` lists the option as a check, default false."""
    e = Engine([engine], "flashmate")
    e.send("uci")
    _, _, lines = e.expect(lambda l: l == "uciok", 5.0, "uciok")
    require(OPTION_LINE in lines, "no '%s' in the uci answer" % OPTION_LINE, e)
    return e


@check
def values_and_castling_text(engine):
    """Default e1g1; true/TRUE/True switch to e1h1; a bad value keeps the old one; false back."""
    e = start(engine)
    require(castling_text(e) == ["e1c1", "e1g1"], "default castling text %s" % castling_text(e), e)
    for value in ("true", "TRUE", "True"):
        set_960(e, value)
        require(castling_text(e) == ["e1a1", "e1h1"], "after %s: %s" % (value, castling_text(e)), e)
    for bad in ("yes", "1", "", "truefalse"):
        set_960(e, bad, accepted=False)
        require(castling_text(e) == ["e1a1", "e1h1"], "bad value %r changed the mode" % bad, e)
    set_960(e, "false")
    require(castling_text(e) == ["e1c1", "e1g1"], "after false: %s" % castling_text(e), e)
    set_960(e, "yes", accepted=False)
    require(castling_text(e) == ["e1c1", "e1g1"], "bad value changed the standard mode", e)
    set_960(e, "FALSE")
    return e


@check
def moves_in_both_forms(engine):
    """`position ... moves` takes e1h1 / b1a1 in Chess960 and e1g1 in standard chess, not the
    other form; the FEN after is X-FEN."""
    e = start(engine)
    e.send("position fen %s moves e1g1" % STANDARD_CASTLING)
    require(fen_of(e) == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "e1g1 in standard chess", e)
    e.send("position fen %s moves e1h1" % STANDARD_CASTLING)
    require(info_strings(e.sync()), "e1h1 accepted in standard chess", e)
    set_960(e, "true")
    e.send("position fen %s moves e1h1 e8a8" % STANDARD_CASTLING)
    require(fen_of(e) == "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", "e1h1 e8a8 in Chess960", e)
    e.send("position fen %s moves e1g1" % STANDARD_CASTLING)
    require(info_strings(e.sync()), "e1g1 accepted in Chess960", e)
    e.send("position fen %s moves b1a1" % KING_ON_B1)
    require(fen_of(e) == "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1", "b1a1", e)
    e.send("position fen " + FRC)
    require(fen_of(e) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            "Shredder-FEN not written back as X-FEN", e)
    return e


@check
def chess960_fen_in_standard_mode(engine):
    """A Chess960 FEN under the standard rules: an info string naming Chess960, position kept;
    a Chess960 setup without castling rights is just a position."""
    e = start(engine)
    e.send("position startpos moves e2e4")
    before = fen_of(e)
    for fen in (FRC, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"):
        e.send("position fen " + fen)
        lines = info_strings(e.sync())
        require(lines and "Chess960" in lines[0], "no info string naming Chess960: %s" % lines, e)
        require(fen_of(e) == before, "the position changed", e)
    e.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 9")
    require(not e.sync(), "a Chess960 setup without rights was refused", e)
    return e


@check
def switching_keeps_or_resets(engine):
    """Switching keeps a position readable under both rules; a Chess960 position with Chess960
    rights falls back to the start position (with an info string) when switched off."""
    e = start(engine)
    e.send("position startpos moves e2e4 e7e5")
    before = fen_of(e)
    set_960(e, "true")
    require(fen_of(e) == before, "switching on lost the position", e)
    e.send("position fen " + FRC)
    e.sync()
    e.send("setoption name UCI_Chess960 value false")
    lines = e.sync()
    require(info_strings(lines), "switching off a Chess960 position: no info string", e)
    require(fen_of(e) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "switching off a Chess960 position: not the start position", e)
    return e


@check
def variant_keeps_the_choice(engine):
    """UCI_Variant away and back to chess keeps UCI_Chess960 (builds with Xiangqi)."""
    e = Engine([engine], "flashmate")
    e.send("uci")
    _, _, lines = e.expect(lambda l: l == "uciok", 5.0, "uciok")
    if not any("UCI_Variant" in l and "xiangqi" in l for l in lines):
        return e
    set_960(e, "true")
    e.send("setoption name UCI_Variant value xiangqi")
    set_960(e, "false")
    set_960(e, "true")
    e.send("setoption name UCI_Variant value chess")
    e.sync()
    require(castling_text(e) == ["e1a1", "e1h1"], "chess after Xiangqi lost Chess960", e)
    return e


@check
def search_plays_legal_moves(engine):
    """A short Chess960 game against itself: every bestmove is in the engine's perft 1 list of
    the position (castling included, as king takes rook), and `position ... moves` takes it."""
    e = start(engine)
    set_960(e, "true")
    moves = []
    for _ in range(16):
        position = "position fen %s%s" % (KING_ON_B1, " moves " + " ".join(moves) if moves else "")
        e.send(position)
        require(not e.sync(), "the game's own moves were refused: %s" % position, e)
        legal, _ = divide(e, None, 1)
        if not legal:
            break
        e.send("go depth 4")
        _, line, _ = e.expect("bestmove", 30.0, "bestmove")
        best = line.split()[1]
        require(best in legal, "bestmove %s not legal after %s" % (best, position), e)
        moves.append(best)
    return e


def run_checks(engine):
    failed = 0
    for c in CHECKS:
        e = None
        try:
            e = c(engine)
        except Fail as exc:
            failed += 1
            print("FAIL %-28s\n  %s" % (c.__name__, str(exc).replace("\n", "\n  ")))
            continue
        finally:
            if e is not None:
                e.close()
        print("ok   %s" % c.__name__)
    print("%d checks, %d failed" % (len(CHECKS), failed))
    return 1 if failed else 0


def against_stockfish(engine, stockfish):
    if not os.access(stockfish, os.X_OK):
        print("skipped: no %s" % stockfish)
        return 77
    ours = start(engine)
    theirs = Engine([stockfish], "stockfish")
    theirs.send("uci")
    theirs.expect(lambda l: l == "uciok", 10.0, "uciok")
    failed = 0
    try:
        for e in (ours, theirs):
            e.send("setoption name UCI_Chess960 value true")
            e.sync(10.0)
        for fen, depth in PERFT_CASES:
            position = "position fen " + fen
            ours.send(position)
            refused = info_strings(ours.sync())
            if refused:
                failed += 1
                print("FAIL %s: refused: %s" % (fen, refused))
                continue
            a, total_a = divide(ours, None, depth)
            b, total_b = divide(theirs, position, depth)
            if a != b or total_a != total_b:
                failed += 1
                diff = sorted(set(a.items()) ^ set(b.items()))
                print("FAIL %s depth %d: flashmate %d, stockfish %d; differing lines %s"
                      % (fen, depth, total_a, total_b, diff[:8]))
            else:
                print("ok   %s depth %d: %d nodes, %d root moves" % (fen, depth, total_a, len(a)))
    finally:
        ours.close()
        theirs.close()
    print("%d positions, %d differ" % (len(PERFT_CASES), failed))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("engine")
    p.add_argument("--stockfish", help="compare go perft with this engine instead")
    args = p.parse_args()
    engine = os.path.abspath(args.engine)
    sys.exit(against_stockfish(engine, args.stockfish) if args.stockfish else run_checks(engine))


if __name__ == "__main__":
    main()
