#!/usr/bin/env python3
"""Opening book tests: flashmate's book moves checked against an independent Polyglot reader.

usage: test_book.py ENGINE [--book BOOK.bin] [--random64 FILE] [--polyglot PATH] [--oracle CMD]

The reader below computes Polyglot keys itself (Random64 constants from gen/data, verified
against the published test vectors of the format) and binary-searches the .bin file. Checks:
  - a synthetic book (written here) exercising castling (king takes rook), promotion, en passant,
    weights and an illegal entry;
  - missing and corrupt books (truncated, random bytes, size not a multiple of 16, unsorted,
    empty, a directory): an info string, and play goes on with a legal move;
  - the real book (Debian's gnuchess-book): from the start position and after 1. e4, every move
    flashmate plays over several `go` calls is a book move of that position, per this reader and
    per `polyglot dump-book` when polyglot is installed.
Exit status: 0 all passed; 1 a check failed; 77 (skip) the real book is missing (the synthetic
and corrupt-book checks still ran and passed).
"""
import argparse
import os
import random
import re
import struct
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ucitest import Engine, Fail, MoveOracle  # noqa: E402

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BOOK = "/usr/share/games/gnuchess/book.bin"
DEFAULT_RANDOM64 = os.path.join(HERE, "..", "..", "gen", "data", "polyglot-random64.txt")
FEN_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FEN_AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

# Published test vectors of the Polyglot book format (http://hgm.nubati.net/book_format.html).
KEY_VECTORS = [
    (FEN_START, 0x463B96181691FC9C),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823C9B50FD114196),
    ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756B94461C50FB0),
    ("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662FAFB965DB29D4),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22A48B5A8E47FF78),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652A607CA3F242C1),
    ("rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00FDD303C946BDD9),
    ("rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3C8123EA7B067637),
    ("rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5C3F9B829B279560),
]


# ---------------------------------------------------------------------------------------------
# An independent Polyglot reader.


def load_random64(path):
    with open(path) as f:
        values = [int(line.split()[0], 16) for line in f if line.strip() and not line.startswith("#")]
    if len(values) != 781:
        raise Fail("%s: %d Random64 values, expected 781" % (path, len(values)))
    return values


def polyglot_key(fen, r64):
    """The Polyglot key of a FEN: pieces, castling rights, an en-passant file only when a pawn
    of the side to move can capture there, and the side to move."""
    board, side, castling, ep = fen.split()[:4]
    squares = {}
    for row, rank_text in enumerate(board.split("/")):
        rank, file = 7 - row, 0
        for c in rank_text:
            if c.isdigit():
                file += int(c)
            else:
                squares[(file, rank)] = c
                file += 1
    key = 0
    for (file, rank), c in squares.items():
        kind = "pPnNbBrRqQkK".index(c)
        key ^= r64[64 * kind + 8 * rank + file]
    for i, right in enumerate("KQkq"):
        if right in castling:
            key ^= r64[768 + i]
    if ep != "-":
        file = ord(ep[0]) - ord("a")
        pawn, rank = ("P", 4) if side == "w" else ("p", 3)
        if any(squares.get((f, rank)) == pawn for f in (file - 1, file + 1)):
            key ^= r64[772 + file]
    if side == "w":
        key ^= r64[780]
    return key


def decode_move(raw, fen):
    """Polyglot move bits -> UCI text; castling is stored as the king taking its own rook."""
    to_file, to_rank = raw & 7, (raw >> 3) & 7
    from_file, from_rank = (raw >> 6) & 7, (raw >> 9) & 7
    promo = (raw >> 12) & 7
    frm = "abcdefgh"[from_file] + str(from_rank + 1)
    to = "abcdefgh"[to_file] + str(to_rank + 1)
    king = "K" if fen.split()[1] == "w" else "k"
    if piece_at(fen, frm) == king and (frm, to) in (("e1", "h1"), ("e1", "a1"), ("e8", "h8"), ("e8", "a8")):
        to = ("g" if to[0] == "h" else "c") + to[1]
    return frm + to + ("" if promo == 0 else " nbrq"[promo])


def encode_move(uci):
    f = lambda sq: ("abcdefgh".index(sq[0]), int(sq[1]) - 1)
    (ff, fr), (tf, tr) = f(uci[:2]), f(uci[2:4])
    promo = " nbrq".index(uci[4]) if len(uci) > 4 else 0
    return tf | tr << 3 | ff << 6 | fr << 9 | promo << 12


def piece_at(fen, square):
    rows = fen.split()[0].split("/")
    row = rows[8 - int(square[1])]
    file = "abcdefgh".index(square[0])
    for c in row:
        if c.isdigit():
            file -= int(c)
        else:
            if file == 0:
                return c
            file -= 1
        if file < 0:
            return None
    return None


def book_entries(path, key):
    """(move, weight) of every entry with this key, by binary search in the file."""
    size = os.path.getsize(path)
    n = size // 16
    with open(path, "rb") as f:
        def entry(i):
            f.seek(16 * i)
            return struct.unpack(">QHHI", f.read(16))
        lo, hi = 0, n
        while lo < hi:
            mid = (lo + hi) // 2
            if entry(mid)[0] < key:
                lo = mid + 1
            else:
                hi = mid
        found = []
        while lo < n:
            k, move, weight, _ = entry(lo)
            if k != key:
                break
            found.append((move, weight))
            lo += 1
    return found


def book_moves(path, fen, r64):
    """{uci move: weight} for a position."""
    moves = {}
    for raw, weight in book_entries(path, polyglot_key(fen, r64)):
        uci = decode_move(raw, fen)
        moves[uci] = moves.get(uci, 0) + weight
    return moves


def write_book(path, entries):
    """entries: (key, uci move, weight); written sorted by key like a real book."""
    with open(path, "wb") as f:
        for key, uci, weight in sorted(entries, key=lambda e: e[0]):
            f.write(struct.pack(">QHHI", key, encode_move(uci), weight, 0))


# ---------------------------------------------------------------------------------------------
# polyglot dump-book, as a second opinion on the real book.

def dump_book_first_moves(polyglot, book, color, tmp):
    """First book moves listed by `polyglot dump-book`: from the start position (white) or
    after 1. e4 (black), as UCI. Only the simple SAN of a first move is handled."""
    out = os.path.join(tmp, "dump-%s.txt" % color)
    import subprocess
    p = subprocess.run([polyglot, "dump-book", "-bin", book, "-color", color, "-out", out],
                       capture_output=True, text=True, timeout=300, cwd=tmp)
    if p.returncode != 0 or not os.path.exists(out):
        raise Fail("polyglot dump-book failed: %s" % (p.stdout + p.stderr)[-500:])
    text = open(out).read()
    if color == "white":
        sans = set(re.findall(r"^\d+: 1\. ([^ {]+)\{", text, re.M))
        rank_from, pawn_dir, knights = 2, 1, {"b1", "g1"}
    else:
        sans = set(re.findall(r"^\d+: 1\. e4 ([^ {]+)\{", text, re.M))
        rank_from, pawn_dir, knights = 7, -1, {"b8", "g8"}
    moves = set()
    for san in sans:
        m = re.fullmatch(r"([a-h])([1-8])", san)
        if m:
            file, rank = m.group(1), int(m.group(2))
            start = rank_from if abs(rank - rank_from) <= 2 else None
            if start is None:
                raise Fail("unexpected first move %s in the dump" % san)
            moves.add("%s%d%s%d" % (file, start, file, rank))
            continue
        m = re.fullmatch(r"N([a-h])([1-8])", san)
        if m:
            tf, tr = "abcdefgh".index(m.group(1)), int(m.group(2))
            for k in knights:
                kf, kr = "abcdefgh".index(k[0]), int(k[1])
                if sorted((abs(kf - tf), abs(kr - tr))) == [1, 2]:
                    moves.add(k + m.group(1) + m.group(2))
            continue
        raise Fail("cannot read the first move %r of polyglot's dump" % san)
    return moves


# ---------------------------------------------------------------------------------------------
# Checks.

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


class Context:
    def __init__(self, args, oracle, r64, tmp):
        self.args, self.oracle, self.r64, self.tmp = args, oracle, r64, tmp
        self.engines = []
        self.notes = []

    def engine(self):
        e = Engine([os.path.abspath(self.args.engine)], "flashmate")
        self.engines.append(e)
        e.send("uci")
        e.expect(lambda l: l == "uciok", 5.0, "uciok")
        e.sync()
        return e


def require(cond, message, e=None):
    if not cond:
        raise Fail(message + ("\n" + e.tail() if e else ""))


def set_book(e, path, expect_info, order="ownbook-first"):
    """OwnBook true + BookFile path (in either order); returns the info strings printed."""
    cmds = ["setoption name OwnBook value true", "setoption name BookFile value " + path]
    if order != "ownbook-first":
        cmds.reverse()
    for c in cmds:
        e.send(c)
    infos = [l for l in e.sync() if l.startswith("info string")]
    if expect_info:
        require(infos, "book %s: no info string" % path, e)
    else:
        require(not infos, "book %s: unexpected %s" % (path, infos), e)
    return infos


def play(ctx, e, fen, go="go wtime 30000 btime 30000"):
    """position + go; returns (move, whether the engine said it was a book move)."""
    pos = "position fen " + fen
    e.send(pos)
    e.send(go)
    _, line, before = e.expect("bestmove", 5.0, "bestmove")
    move = line.split()[1]
    legal = ctx.oracle.legal_moves(pos)
    require(move in legal, "bestmove %s is not legal in %s" % (move, fen), e)
    return move, any("book" in l for l in before if l.startswith("info string"))


@check
def key_vectors(ctx):
    """The reader's Polyglot keys equal the published test vectors (so it can judge)."""
    for fen, key in KEY_VECTORS:
        got = polyglot_key(fen, ctx.r64)
        require(got == key, "key of %s is %016x, the format's test vector says %016x" % (fen, got, key))


@check
def synthetic_book(ctx):
    """A book written here: castling as king-takes-rook, promotion, en passant, weights (a 0
    weight is never picked beside positive ones), an illegal entry skipped."""
    k = lambda fen: polyglot_key(fen, ctx.r64)
    castle_w = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    castle_b = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"
    promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    illegal = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    entries = [(k(FEN_START), "e2e4", 10), (k(FEN_START), "d2d4", 5), (k(FEN_START), "a2a3", 0),
               (k(castle_w), "e1h1", 1), (k(castle_b), "e8a8", 1), (k(promo), "b7b8q", 1),
               (k(ep), "e5d6", 1), (k(illegal), "e1e3", 1), (k(FEN_AFTER_E4), "c7c5", 3)]
    path = os.path.join(ctx.tmp, "synthetic.bin")
    write_book(path, entries)
    e = ctx.engine()
    set_book(e, path, expect_info=False)
    for fen, expected in [(castle_w, "e1g1"), (castle_b, "e8c8"), (promo, "b7b8q"), (ep, "e5d6"),
                          (FEN_AFTER_E4, "c7c5")]:
        move, booked = play(ctx, e, fen)
        require(booked and move == expected, "book entry %s in %s: played %s%s"
                % (expected, fen, move, "" if booked else " (not from the book)"), e)
    seen = {}
    for _ in range(300):
        move, booked = play(ctx, e, FEN_START)
        require(booked and move in ("e2e4", "d2d4"), "start position: played %s%s (book: e2e4 10, d2d4 5, a2a3 0)"
                % (move, "" if booked else " not from the book"), e)
        seen[move] = seen.get(move, 0) + 1
    share = seen.get("e2e4", 0) / 300
    ctx.notes.append("synthetic start position, 300 probes: %s" % seen)
    require(0.55 <= share <= 0.78, "weights 10:5 but e2e4 was chosen %.0f%% of the time" % (share * 100), e)
    move, booked = play(ctx, e, illegal, "go depth 3")
    require(not booked, "the illegal book entry e1e3 was played as a book move (%s)" % move, e)
    # go infinite / ponder never answer from the book (the search must wait for stop)
    e.send("position startpos")
    e.send("go infinite")
    lines = e.drain(0.3)
    require(not [l for l in lines if l.startswith("bestmove")], "book move answered go infinite before stop", e)
    e.send("stop")
    e.expect("bestmove", 2.0, "bestmove after stop")


def corrupt_books(ctx):
    """Files that are not usable books, written to the temporary directory."""
    rng = random.Random(4)
    out = {}
    def put(name, data):
        path = os.path.join(ctx.tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        out[name] = path
    put("empty.bin", b"")
    put("random-odd-size.bin", bytes(rng.randrange(256) for _ in range(16 * 64 + 9)))
    put("short.bin", b"\x01\x02\x03")
    # sorted entries reversed: every neighbouring pair out of order
    k = lambda fen: polyglot_key(fen, ctx.r64)
    entries = sorted([(k(FEN_START), encode_move("e2e4"), 1), (k(FEN_AFTER_E4), encode_move("e7e5"), 1)] +
                     [(rng.getrandbits(64), encode_move("a2a3"), 1) for _ in range(62)])
    put("unsorted.bin", b"".join(struct.pack(">QHHI", key, m, w, 0) for key, m, w in reversed(entries)))
    if os.path.exists(ctx.args.book):
        with open(ctx.args.book, "rb") as f:
            put("truncated.bin", f.read(16 * 1000 + 7))
    out["missing"] = os.path.join(ctx.tmp, "no-such-book.bin")
    out["directory"] = ctx.tmp
    return out


@check
def missing_and_corrupt_books(ctx):
    """Each unusable book gives an info string; play continues without the book (a legal
    searched move), in both option orders; a good book afterwards works again."""
    good = os.path.join(ctx.tmp, "good.bin")
    write_book(good, [(polyglot_key(FEN_START, ctx.r64), "b1c3", 1)])
    for name, path in sorted(corrupt_books(ctx).items()):
        for order in ("ownbook-first", "bookfile-first"):
            e = ctx.engine()
            set_book(e, path, expect_info=True, order=order)
            move, booked = play(ctx, e, FEN_START, "go movetime 150")
            require(not booked, "%s: a 'book move' came from an unusable book" % name, e)
            move, booked = play(ctx, e, FEN_AFTER_E4, "go depth 4")
            require(not booked, "%s: a 'book move' came from an unusable book" % name, e)
            e.send("setoption name BookFile value " + good)
            require(not [l for l in e.sync() if l.startswith("info string")], "the good book was refused", e)
            move, booked = play(ctx, e, FEN_START)
            require(booked and move == "b1c3", "a good book after %s: played %s" % (name, move), e)


@check
def ownbook_off(ctx):
    """OwnBook false (after true) stops book moves."""
    path = os.path.join(ctx.tmp, "one.bin")
    write_book(path, [(polyglot_key(FEN_START, ctx.r64), "b1c3", 1)])
    e = ctx.engine()
    set_book(e, path, expect_info=False)
    require(play(ctx, e, FEN_START) == ("b1c3", True), "the book move was not played", e)
    e.send("setoption name OwnBook value false")
    move, booked = play(ctx, e, FEN_START, "go depth 3")
    require(not booked, "a book move with OwnBook false", e)


@check
def real_book(ctx):
    """Debian's gnuchess book: moves played from the start position and after 1. e4 are book
    moves of those positions (per this reader and polyglot dump-book)."""
    book = ctx.args.book
    if not os.path.exists(book):
        raise SkipCheck("%s not found (apt-get install gnuchess-book)" % book)
    size = os.path.getsize(book)
    require(size % 16 == 0, "%s: size %d is not a multiple of 16" % (book, size))
    e = ctx.engine()
    set_book(e, book, expect_info=False)
    polyglot = ctx.args.polyglot if os.access(ctx.args.polyglot, os.X_OK) else None
    for fen, color in [(FEN_START, "white"), (FEN_AFTER_E4, "black")]:
        moves = book_moves(book, fen, ctx.r64)
        require(moves, "the reader finds no book moves for %s" % fen)
        listed = set(moves)
        if polyglot:
            dumped = dump_book_first_moves(polyglot, book, color, ctx.tmp)
            require(dumped <= listed, "polyglot dump-book lists %s, the reader does not"
                    % sorted(dumped - listed))
            listed = dumped
        played = {}
        for _ in range(16):
            move, booked = play(ctx, e, fen)
            require(booked, "no book move in %s" % fen, e)
            require(move in listed, "%s: played %s, not among the book's %s" % (fen, move, sorted(listed)), e)
            require(moves.get(move, 0) > 0 or not any(moves.values()),
                    "%s: played %s, whose weight is 0" % (fen, move), e)
            played[move] = played.get(move, 0) + 1
        ctx.notes.append("%s: book %s; played %s" % (
            "start" if color == "white" else "after e4",
            " ".join("%s:%d" % kv for kv in sorted(moves.items(), key=lambda kv: -kv[1])),
            " ".join("%s x%d" % kv for kv in sorted(played.items()))))
    ctx.notes.append("cross-checked with polyglot dump-book" if polyglot else "polyglot not installed: reader only")


class SkipCheck(Exception):
    pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--book", default=DEFAULT_BOOK)
    ap.add_argument("--random64", default=DEFAULT_RANDOM64)
    ap.add_argument("--polyglot", default="/usr/games/polyglot")
    ap.add_argument("--oracle", default="/usr/games/stockfish")
    args = ap.parse_args()
    engine_cmd = [os.path.abspath(args.engine)]
    if os.access(args.oracle.split()[0], os.X_OK):
        oracle = MoveOracle(args.oracle.split(), "oracle")
    else:
        oracle = MoveOracle(engine_cmd, "oracle (flashmate itself)")
        print("legal moves from flashmate itself (%s not found)" % args.oracle)
    r64 = load_random64(args.random64)
    failed = skipped = 0
    with tempfile.TemporaryDirectory(prefix="flashmate-book-") as tmp:
        for c in CHECKS:
            ctx = Context(args, oracle, r64, tmp)
            t0 = time.monotonic()
            error = skip = None
            try:
                c(ctx)
            except Fail as exc:
                error = str(exc)
            except SkipCheck as exc:
                skip = str(exc)
            except Exception as exc:
                error = "test error: %r" % exc
            for e in ctx.engines:
                rc = e.close()
                if not error and rc != 0:
                    error = "the engine exited with %s\n%s" % (rc, e.tail())
                elif not error and e.gos != e.bestmoves:
                    error = "%d go commands, %d bestmoves\n%s" % (e.gos, e.bestmoves, e.tail())
            took = time.monotonic() - t0
            if error:
                failed += 1
                print("FAIL %-28s %5.2f s\n  %s" % (c.__name__, took, error.replace("\n", "\n  ")))
            elif skip:
                skipped += 1
                print("SKIP %-28s %s" % (c.__name__, skip))
            else:
                print("ok   %-28s %5.2f s%s" % (c.__name__, took, "".join("\n       " + n for n in ctx.notes)))
    oracle.close()
    return 1 if failed else SKIP if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
