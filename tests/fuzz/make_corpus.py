#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets into tests/fuzz/corpus/<target>/seed-*.

    python3 tests/fuzz/make_corpus.py

Seeds are small hand-made inputs, valid and broken, that reach every part of each parser;
libFuzzer mutates from them. Files named regress-* are inputs that once found a bug: they are
kept by hand, never rewritten here. Standard library only; the output is deterministic.
"""

import struct
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CORPUS = HERE / "corpus"

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MOST_MOVES = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"
VALID_FENS = [
    START,
    KIWIPETE,
    MOST_MOVES,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "4k3/8/8/8/8/8/8/4K2R b K - 99 150",
    "8/8/8/8/8/8/8/k6K b - - 0 1",
    "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
    "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
    "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1",
    "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
    "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tb  KQkq  -  12  40  ",
    "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535",
    "kbQ1QQ2/ppQ4Q/Q4Q2/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q1K w - - 0 1",  # 241 moves: 15 queens pass the FEN check
]
BROKEN_FENS = [
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkknr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1\x00 trailing",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 \xff",
]

# Chess960: X-FEN and Shredder-FEN castling rights, with the special cases of castling (king or
# rook already on its destination, king and rook swapping, a rook that shields the king's
# destination); fuzz_fen reads every line under both rules.
CHESS960_VALID_FENS = [
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
    "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/QNRBKRBN w FCgb - 0 1",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1",
    "rk3r2/8/8/8/8/8/8/R5KR w HAfa - 0 1",
    "2k5/8/8/8/8/8/8/5KR1 w G - 0 1",
    "6k1/8/8/8/8/8/8/2RK4 w C - 0 1",
    "4k3/8/8/8/8/8/8/qRK3R1 w BG - 0 1",
    "Qr1k3r/8/8/8/8/8/8/4K3 b bh - 0 1",
    "2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1",
    "1r1rk3/8/8/8/8/8/8/4K3 b d - 0 1",
    "2r1kr2/pppppppp/8/8/8/8/PPPPPPPP/1R4RK w Gfc - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "3k4/8/8/8/8/8/8/K6R w H - 0 1",
]
CHESS960_BROKEN_FENS = [
    "4k3/8/8/8/8/8/8/R3K2R w AQ - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w HK - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w B - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w E - 0 1",
    "4k3/8/8/8/8/8/4K3/R6R w A - 0 1",
    "r3k3/8/8/8/8/8/8/4K3 w A - 0 1",
    "r3k3/8/8/8/8/8/8/R3K3 w I - 0 1",
    "r3k3/8/8/8/8/8/8/R3K3 w Aaa - 0 1",
    "2k5/8/8/8/8/8/8/5KR1 w G- - 0 1",
]

# Xiangqi (Fairy-Stockfish FEN): fuzz_fen gives every line to both dialects.
XQ_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
XQ_VALID_FENS = [
    line.split(";")[0].strip()
    for line in (ROOT / "tests" / "data" / "xiangqi-perft.epd").read_text().splitlines() if line.strip()
] + [
    "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - -",
    "4k4/9/9/9/9/9/9/9/9/3K5 b - - 65535 65535",
    "3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1",
]
XQ_BROKEN_FENS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1",
    "rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQkq - 0 1",
    "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/3KK4 w - - 0 1",
    "4k4/9/9/9/4B4/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/3K5 w - - 65536 1",
    "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0",
]


def fen_sessions():
    seeds = {f"valid-{i:02d}": fen for i, fen in enumerate(VALID_FENS)}
    seeds.update({f"broken-{i:02d}": fen for i, fen in enumerate(BROKEN_FENS)})
    seeds["lines-mixed"] = "\n".join([KIWIPETE, BROKEN_FENS[6], START, BROKEN_FENS[11], MOST_MOVES])
    seeds.update({f"xiangqi-valid-{i:02d}": fen for i, fen in enumerate(XQ_VALID_FENS)})
    seeds.update({f"xiangqi-broken-{i:02d}": fen for i, fen in enumerate(XQ_BROKEN_FENS)})
    seeds["xiangqi-lines-mixed"] = "\n".join([XQ_VALID_FENS[1], XQ_BROKEN_FENS[2], XQ_START, START])
    seeds.update({f"chess960-valid-{i:02d}": fen for i, fen in enumerate(CHESS960_VALID_FENS)})
    seeds.update({f"chess960-broken-{i:02d}": fen for i, fen in enumerate(CHESS960_BROKEN_FENS)})
    seeds["chess960-lines-mixed"] = "\n".join([CHESS960_VALID_FENS[0], CHESS960_BROKEN_FENS[0], KIWIPETE,
                                               CHESS960_VALID_FENS[3]])
    return {name: text.encode("latin-1") for name, text in seeds.items()}


def epd_lines():
    lines = []
    for suite in ("perftsuite.epd", "tricky.epd", "standard6.epd"):
        text = (ROOT / "tests" / "data" / suite).read_text().splitlines()
        lines += [line for line in text if line.strip()][:6]
    lines += [
        "# a comment ;D1 20",
        "   ",
        f"{START} ;D1 20\n",
        f"{START};D1 20;D2 400",
        f"{START} ; D1 20 ; D2 400 ",
        f"{START} ;D1 20 ;D3 8902",
        f"{START} ;D0 1",
        f"{START} ;D16 1",
        f"{START} ;D1 18446744073709551615",
        f"{START} ;D1 18446744073709551616",
        f"{START} ;D1",
        f"{START} ;D1 20 junk",
        f"{START} ;",
        f"{START}",
        ";D1 20",
        f"{START} {'x' * 80} ;D1 20",
        f"{BROKEN_FENS[6]} ;D1 20",
        f"{MOST_MOVES} ;D1 218 ;D2 99",
        f"{START} ;D01 20 ;D002 400",
        f"{START} ;D1 20\t;D2\t400\r\n",
        f"{START} ;E1 20",
    ]
    return {f"line-{i:02d}": line.encode("latin-1") for i, line in enumerate(lines)}


UCI_SESSIONS = [
    "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\nquit",
    "position startpos\ngo nodes 300\nd\neval",
    f"position fen {KIWIPETE} moves e1g1 e8c8\ngo depth 2\nisready",
    f"position fen {MOST_MOVES}\ngo perft 1\ngo nodes 100",
    "position fen 8/8/8/KPp4r/8/8/8/7k w - c6 0 2 moves b5c6\ngo depth 4",
    "position fen r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1 moves b7a8n e8g8\ngo searchmoves a8b6 a8c7 nodes 50",
    "position startpos moves e2e4 e7e5 g1f3 zz\nd",
    "position startpos moves e2e5\nposition fen 8/8 w\nposition\nposition foo",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra moves e2e4",
    "setoption name Hash value 2\nsetoption name Hash value 64\nsetoption name Hash value 0\ngo depth 1",
    "setoption name Hash value abc\nsetoption name Hash\nsetoption name Clear Hash\nsetoption Hash",
    "setoption name Threads value 4\nsetoption name Move Overhead value 100\nsetoption name Ponder value maybe",
    "setoption name OwnBook value true\nsetoption name BookFile value book.bin\ngo wtime 1000 btime 1000",
    "setoption name OwnBook value true\nsetoption name BookFile value book.bin\nposition startpos moves e2e4\ngo movetime 10",
    "setoption name OwnBook value true\nsetoption name BookFile value bad.bin\nsetoption name BookFile value none.bin",
    "go infinite\nisready",
    "go ponder\nponderhit\nstop",
    "go mate 2\ngo depth 1000\ngo depth -5 nodes 99",
    "go wtime -100 btime 0 winc 10 binc 10 movestogo 0",
    "go wtime 99999999999999999999999\ngo foo\ngo depth\ngo perft 2",
    "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 5",
    "position fen 7k/8/6QK/8/8/8/8/8 b - - 0 1\ngo depth 1",
    "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\ngo nodes 500",
    "position fen 4k3/8/8/8/8/8/8/4K3 w - - 65535 65535 moves e1e2\nd",
    "stop\nponderhit\n\n   \t\nfoo bar\nUCI\nquit\nisready",
    "position startpos moves " + " ".join(["g1f3 g8f6 f3g1 f6g8"] * 10) + "\ngo depth 3",
    "position startpos moves e2e4 e7e5\r\ngo depth 2\r\n",
    "d\x00\nisready\x01\n\xff\xfe garbage\ngo \x7f",
    "ucinewgame\nposition startpos moves d2d4 d7d5 c2c4 d5c4 e2e4 b7b5 a2a4 c7c6 a4b5 c6b5 b1c3\ngo depth 4",
    # Xiangqi through UCI_Variant, and back.
    "setoption name UCI_Variant value xiangqi\nposition startpos moves h3e3 h10g8\ngo depth 3\nd",
    f"setoption name UCI_Variant value xiangqi\nposition fen {XQ_VALID_FENS[1]}\ngo perft 2\ngo nodes 300",
    "setoption name UCI_Variant value xiangqi\nposition startpos moves a1a3 a10a9 e2e5\nposition fen 9/9 w",
    "setoption name UCI_Variant value xiangqi\nposition fen 3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1\ngo depth 2",
    "setoption name UCI_Variant value xiangqi\nsetoption name UCI_Variant value shogi\n"
    "setoption name UCI_Variant value chess\nposition startpos moves e2e4\ngo nodes 100",
    # Chess960: castling as king takes rook, FENs under the other rules, switching both ways.
    f"setoption name UCI_Chess960 value true\nposition fen {CHESS960_VALID_FENS[3]} moves b1a1 g8h6 c1b1\n"
    "go perft 2\ngo depth 3\nd",
    f"setoption name UCI_Chess960 value TRUE\nposition fen {KIWIPETE} moves e1h1 e8a8\ngo nodes 200\n"
    f"setoption name UCI_Chess960 value false\nposition fen {KIWIPETE} moves e1g1",
    f"position fen {CHESS960_VALID_FENS[0]}\nsetoption name UCI_Chess960 value yes\n"
    f"setoption name UCI_Chess960 value true\nposition fen {CHESS960_VALID_FENS[0]}\n"
    "setoption name UCI_Chess960 value false\ngo perft 1",
    f"setoption name UCI_Chess960 value true\nposition fen {CHESS960_VALID_FENS[7]}\ngo perft 2\n"
    f"position fen {CHESS960_VALID_FENS[4]} moves g1h1\ngo nodes 300",
    "setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value xiangqi\n"
    "setoption name UCI_Chess960 value false\nsetoption name UCI_Variant value chess\nposition startpos\ngo perft 1",
]


# Options a GUI sets before a game: threads and strength levels, good values and bad.
LEVELS_THREADS_SESSION = (
    "setoption name Threads value 3\nsetoption name Skill Level value 4\n"
    "position startpos moves e2e4\ngo depth 4\nsetoption name UCI_LimitStrength value true\n"
    "setoption name UCI_Elo value 1500\nposition startpos moves d2d4 d7d5\ngo nodes 3000\n"
    "setoption name UCI_Elo value 99999\nsetoption name Skill Level value -3\n"
    "setoption name Threads value 65\ngo depth 3\nquit\n")

# UCCI, chosen by a first `ucci`: ICCS moves, options without name/value, clocks in seconds and
# milliseconds, banmoves, probe, go draw, a mated and a stalemated side; and a late `ucci`.
UCCI_SESSIONS = [
    "ucci\nsetoption hashsize 1\nposition startpos moves h2e2 h9g7\ngo depth 3\n"
    "go time 20 increment 0\nsetoption usemillisec true\ngo time 2000 opptime 1500 nodes 300\nquit",
    "ucci\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w moves h2e2\n"
    "banmoves h9g7 b9c7\ngo nodes 200\nbanmoves zz\nprobe startpos moves h2e2\nprobe fen xyz\nd",
    "ucci\nposition fen 4k4/R8/9/9/9/9/9/9/1R7/3K5 w - - 0 1\nbanmoves b1b9\ngo draw depth 2\n"
    "position fen 1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1\ngo depth 2\n"
    "position fen 3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1\ngo depth 2",
    "ucci\nsetoption usemillisec maybe\nsetoption threads 0\nsetoption ponder on\nsetoption newgame\n"
    "setoption\nposition startpos moves h3e3\ngo ponder time 1.5 movestogo 10\nponderhit draw\n"
    "go depth infinite\nstop\nuci\nucci",
    "isready\nucci\nposition startpos moves h3e3\ngo depth 2",
]


def uci_sessions():
    seeds = {f"session-{i:02d}": s.encode("latin-1") for i, s in enumerate(UCI_SESSIONS)}
    seeds["session-levels-threads"] = LEVELS_THREADS_SESSION.encode("latin-1")
    seeds.update({f"ucci-session-{i:02d}": s.encode("latin-1") for i, s in enumerate(UCCI_SESSIONS)})
    return seeds


# ---- Polyglot books ---------------------------------------------------------------------------

RANDOM64 = [int(line, 16) for line in (ROOT / "gen" / "data" / "polyglot-random64.txt").read_text().split()]
PIECES = "pPnNbBrRqQkK"  # Polyglot kind = index: black pawn 0, white pawn 1, ...


def polyglot_key(fen: str) -> int:
    """The Polyglot key of a FEN (http://hgm.nubati.net/book_format.html)."""
    placement, side, castling, ep = fen.split()[:4]
    board = {}
    for row, text in enumerate(placement.split("/")):
        file = 0
        for c in text:
            if c.isdigit():
                file += int(c)
            else:
                board[(7 - row, file)] = c
                file += 1
    key = 0
    for (rank, file), c in board.items():
        key ^= RANDOM64[64 * PIECES.index(c) + 8 * rank + file]
    for i, c in enumerate("KQkq"):
        if c in castling:
            key ^= RANDOM64[768 + i]
    if ep != "-":
        file = ord(ep[0]) - ord("a")
        rank, pawn = (4, "P") if side == "w" else (3, "p")
        if any(board.get((rank, f)) == pawn for f in (file - 1, file + 1)):
            key ^= RANDOM64[772 + file]
    if side == "w":
        key ^= RANDOM64[780]
    return key


assert polyglot_key(START) == 0x463B96181691FC9C
assert polyglot_key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1") == 0x823C9B50FD114196


def square(name: str) -> int:
    return (ord(name[1]) - ord("1")) * 8 + ord(name[0]) - ord("a")


def entry(fen: str, move: str, weight: int = 1, learn: int = 0) -> bytes:
    raw = square(move[2:4]) | square(move[0:2]) << 6
    if len(move) == 5:
        raw |= ("nbrq".index(move[4]) + 1) << 12
    return struct.pack(">QHHI", polyglot_key(fen), raw, weight, learn)


def book(*entries: bytes, sort: bool = True) -> bytes:
    return b"".join(sorted(entries) if sort else entries)


AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
KIWI_BLACK = KIWIPETE.replace(" w ", " b ")
EP = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
PROMO = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"
BLACK_PROMO = "8/8/8/8/8/8/1p5k/K1N5 b - - 0 1"


def books():
    seeds = {
        "start": book(entry(START, "e2e4", 10), entry(START, "d2d4", 5), entry(START, "g1f3", 1)),
        "start-and-reply": book(entry(START, "e2e4"), entry(AFTER_E4, "e7e5", 3), entry(AFTER_E4, "c7c5", 2)),
        "zero-weights": book(entry(START, "e2e4", 0), entry(START, "c2c4", 0)),
        "castling": book(entry(KIWIPETE, "e1h1"), entry(KIWIPETE, "e1a1"), entry(KIWI_BLACK, "e8h8"),
                         entry(KIWI_BLACK, "e8a8"), entry(KIWIPETE, "e1g1")),
        "en-passant": book(entry(EP, "e5f6", 4), entry(EP, "e5d6", 1)),
        "promotions": book(*(entry(PROMO, "b7" + to + p) for to in ("a8", "b8") for p in "nbrq"),
                           entry(PROMO, "b7b8")),
        "black-promotion": book(entry(BLACK_PROMO, "b2b1q"), entry(BLACK_PROMO, "b2c1n"), entry(BLACK_PROMO, "b2a1q")),
        "illegal-moves": book(entry(START, "e2e5"), entry(START, "e1e2"), entry(START, "a1a1"), entry(START, "e7e5")),
        "most-moves": book(*(entry(MOST_MOVES, m) for m in
                             ("a8b8", "a8a7", "h8g8", "d7d8", "b6b7", "g6h7", "e5e6", "c4c8", "h4h7",
                              "a3a4", "f3f8", "d2e1", "b1a2", "c1b3", "d1f2", "f1e2", "g1h2"))),
        "unsorted": book(entry(START, "e2e4"), entry(AFTER_E4, "e7e5"), entry(KIWIPETE, "e1g1"), sort=False),
        "many-for-one-key": book(*(entry(START, "e2e4", w) for w in range(70))),
        "empty": b"",
        "short": entry(START, "e2e4")[:15],
        "odd-size": entry(START, "e2e4") + b"\x00",
        "zeros": bytes(64),
        "ones": b"\xff" * 48,
        "max-weights": book(*(entry(START, m, 65535) for m in ("e2e4", "d2d4", "c2c4", "g1f3", "b1c3"))),
        "learn-field": book(entry(START, "e2e4", 7, 0xDEADBEEF), entry(START, "d2d4", 3, 0xFFFFFFFF)),
        "wrong-side": book(entry(START, "e7e5"), entry(AFTER_E4, "d2d4"), entry(AFTER_E4, "e7e5")),
        "castling-without-right": book(entry(KIWIPETE.replace("KQkq", "kq"), "e1h1"),
                                       entry(KIWIPETE.replace("KQkq", "Kkq"), "e1a1")),
        "en-passant-gone": book(entry(EP.replace("f6", "-"), "e5f6"), entry(EP, "e5f6")),
        "promotion-bits-on-quiet": book(entry(START, "e2e4q"), entry(START, "g1f3n"), entry(START, "b1c3")),
        "duplicates": book(*(entry(START, "e2e4", 5) for _ in range(4))),
        "several-positions": book(entry(START, "e2e4"), entry(AFTER_E4, "e7e5"), entry(KIWIPETE, "e1g1"),
                                  entry(KIWI_BLACK, "e8c8"), entry(EP, "e5f6"), entry(PROMO, "b7a8q"),
                                  entry(BLACK_PROMO, "b2b1q"), entry(MOST_MOVES, "a8b8")),
        "half-sorted": book(entry(START, "e2e4"), entry(AFTER_E4, "e7e5"), sort=True)
                       + book(entry(PROMO, "b7a8q"), entry(EP, "e5f6"), sort=False),
        "one-entry": entry(START, "e2e4"),
        "key-neighbours": book(*(struct.pack(">QHHI", polyglot_key(START) + d, 796, 1, 0) for d in (-2, -1, 1, 2)),
                               entry(START, "e2e4")),
        "extreme-keys": book(struct.pack(">QHHI", 0, 796, 1, 0), entry(START, "d2d4"),
                             struct.pack(">QHHI", 2 ** 64 - 1, 796, 1, 0)),
        "sixty-five-moves": book(*(entry(MOST_MOVES, "a8b8", w) for w in range(65))),
        "two-sided-castling-black": book(entry(KIWI_BLACK, "e8a8", 2), entry(KIWI_BLACK, "e8h8", 2),
                                         entry(KIWI_BLACK, "e8g8"), entry(KIWI_BLACK, "e8c8")),
    }
    return seeds


# ---- Writing ------------------------------------------------------------------------------------

def write(target: str, seeds: dict) -> None:
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("seed-*"):
        old.unlink()
    for name, data in seeds.items():
        (folder / f"seed-{name}").write_bytes(data)
    print(f"{folder.relative_to(ROOT)}: {len(seeds)} seeds")


def main() -> None:
    write("fuzz_fen", fen_sessions())
    write("fuzz_epd", epd_lines())
    write("fuzz_uci", uci_sessions())
    write("fuzz_book", books())


if __name__ == "__main__":
    main()
