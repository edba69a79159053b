#!/usr/bin/env python3
"""Writes tests/data/chess960.epd, the Chess960 perft suite, with Debian's Stockfish as the oracle.

    python3 tests/chess/make_960_suite.py [--stockfish /usr/games/stockfish] [--depth 5]
                                          [--out tests/data/chess960.epd]

The positions come from a fixed seed, so a rerun with the same Stockfish writes the same file:

  start-frc     Fischer random start positions (the same setup for both sides): the standard
                one (518), the first twelve with king and rook in a corner pair (RK... or
                ...KR) and fifty at random;
  start-dfrc    double Fischer random start positions (each side its own setup);
  moves         a Fischer random or double Fischer random start and 2 to 16 random plies;
  open          a start whose back-rank pieces other than king and rooks are partly or all taken
                off (for one side or both), then 0 to 6 random plies that keep a castling right:
                castling with king and rook side by side, already on their destinations or
                swapping places, comes up here;
  attacked      an "open" position with an enemy knight, bishop, rook or queen added on the
                mover's back rank or on a random square (castling through, out of or into
                check, and the rook that shields its king's destination);
  hand          a few positions written by hand for the special cases (see HAND below).

Castling rights are written X-FEN (KQkq, a file letter where the outermost rook is not the
castling one) for every other position and Shredder-FEN (the rook files, HAha) for the rest, so
the suite reads both. Each position's counts are Stockfish's `go perft` with UCI_Chess960 set;
a position whose last count passes --max-d5 is left out (it would only slow the suite down), as
are repeats. Standard library only.
"""
import argparse
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEED = 960

# Where the two knights go among the five squares left after bishops and queen.
KNIGHT_PAIRS = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]


def back_rank(n):
    """The white back rank of Chess960 setup number n (0..959), files a..h, Scharnagl's order."""
    rank = [None] * 8
    rank[2 * (n % 4) + 1] = "B"
    n //= 4
    rank[2 * (n % 4)] = "B"
    n //= 4
    empty = [f for f in range(8) if rank[f] is None]
    rank[empty[n % 6]] = "Q"
    n //= 6
    empty = [f for f in range(8) if rank[f] is None]
    for i in KNIGHT_PAIRS[n]:
        rank[empty[i]] = "N"
    for f, piece in zip([f for f in range(8) if rank[f] is None], "RKR"):
        rank[f] = piece
    return "".join(rank)


assert back_rank(518) == "RNBQKBNR"  # the numbering is Scharnagl's


# ---- Boards: a list of 64 squares (a1 = 0), pieces as FEN letters, None for empty -------------

def parse_board(placement):
    board = [None] * 64
    for r, row in enumerate(placement.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[(7 - r) * 8 + f] = ch
                f += 1
    return board


def placement(board):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board[r * 8 + f]
            if p is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + p
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def start_fen(white, black, shredder=True):
    """A start position (White to move), both rights of both sides; Shredder- or X-FEN."""
    board = parse_board("%s/pppppppp/8/8/8/8/PPPPPPPP/%s" % (black.lower(), white))
    fen = "%s w %s - 0 1" % (placement(board), shredder_rights(board))
    return fen if shredder else to_xfen(fen)


def shredder_rights(board):
    """Every right the rooks on the back ranks could have: files, king side first."""
    out = ""
    for colour, rank, letters in (("w", 0, "ABCDEFGH"), ("b", 7, "abcdefgh")):
        king = "K" if colour == "w" else "k"
        rook = "R" if colour == "w" else "r"
        files = [f for f in range(8) if board[rank * 8 + f] == king]
        if not files:
            continue
        k = files[0]
        right_rooks = [f for f in range(7, k, -1) if board[rank * 8 + f] == rook]
        left_rooks = [f for f in range(0, k) if board[rank * 8 + f] == rook]
        if right_rooks:
            out += letters[right_rooks[0]]
        if left_rooks:
            out += letters[left_rooks[0]]
    return out or "-"


def castling_rooks(fen):
    """[(colour, king square, rook square, king_side)] of a Shredder- or X-FEN."""
    fields = fen.split()
    board = parse_board(fields[0])
    out = []
    if fields[2] == "-":
        return out
    for ch in fields[2]:
        white = ch.isupper()
        rank = 0 if white else 7
        king = board.index("K" if white else "k")
        rook_piece = "R" if white else "r"
        up = ch.upper()
        if up in "KQ":
            side = up == "K"
            files = range(7, king % 8, -1) if side else range(0, king % 8)
            rook = next(rank * 8 + f for f in files if board[rank * 8 + f] == rook_piece)
        else:
            rook = rank * 8 + "ABCDEFGH".index(up)
            side = rook > king
        out.append(("w" if white else "b", king, rook, side))
    return out


def to_xfen(fen):
    """Shredder-FEN castling letters to X-FEN: K/Q where the rook is the outermost one."""
    fields = fen.split()
    board = parse_board(fields[0])
    if fields[2] == "-":
        return fen
    letters = ""
    for colour, king, rook, side in castling_rooks(fen):
        rank = rook // 8
        rook_piece = "R" if colour == "w" else "r"
        files = range(7, king % 8, -1) if side else range(0, king % 8)
        outermost = next(rank * 8 + f for f in files if board[rank * 8 + f] == rook_piece)
        if outermost == rook:
            letter = "K" if side else "Q"
        else:
            letter = "ABCDEFGH"[rook % 8]
        letters += letter if colour == "w" else letter.lower()
    fields[2] = letters
    return " ".join(fields)


# ---- Attacks, to keep only positions whose side not to move is not in check -------------------

def attacked(board, sq, by_white):
    f0, r0 = sq % 8, sq // 8

    def at(f, r):
        return board[r * 8 + f] if 0 <= f < 8 and 0 <= r < 8 else "off"

    def mine(p, letters):
        return p not in (None, "off") and p.isupper() == by_white and p.upper() in letters

    pawn_rank = r0 - 1 if by_white else r0 + 1
    if any(mine(at(f0 + df, pawn_rank), "P") for df in (-1, 1)):
        return True
    for df, dr in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        if mine(at(f0 + df, r0 + dr), "N"):
            return True
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df or dr) and mine(at(f0 + df, r0 + dr), "K"):
                return True
    for dirs, letters in ((((1, 0), (-1, 0), (0, 1), (0, -1)), "RQ"),
                          (((1, 1), (1, -1), (-1, 1), (-1, -1)), "BQ")):
        for df, dr in dirs:
            f, r = f0 + df, r0 + dr
            while at(f, r) is None:
                f, r = f + df, r + dr
            if mine(at(f, r), letters):
                return True
    return False


def side_not_to_move_safe(fen):
    fields = fen.split()
    board = parse_board(fields[0])
    white_to_move = fields[1] == "w"
    king = board.index("k" if white_to_move else "K")
    return not attacked(board, king, white_to_move)


# ---- Stockfish over UCI ------------------------------------------------------------------------

class Stockfish:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_Chess960 value true")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        lines = []
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            if line.startswith(prefix):
                return line, lines
            lines.append(line)
        raise RuntimeError("stockfish ended before " + prefix)

    def position(self, fen, moves=()):
        self.send("position fen " + fen + (" moves " + " ".join(moves) if moves else ""))

    def divide(self, fen, depth, moves=()):
        """{move: nodes} and the total of `go perft depth`."""
        self.position(fen, moves)
        self.send("go perft %d" % depth)
        last, lines = self.wait_for("Nodes searched")
        divide = {}
        for line in lines:
            if ": " in line:
                move, count = line.split(": ")
                divide[move] = int(count)
        return divide, int(last.split(":")[1])

    def fen_after(self, fen, moves):
        self.position(fen, moves)
        self.send("d")
        line, _ = self.wait_for("Fen: ")
        self.wait_for("Checkers:")
        return line[len("Fen: "):]

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def castling_moves(fen, moves):
    """The castling moves (king takes own rook) of a legal move list."""
    board = parse_board(fen.split()[0])
    out = []
    for m in moves:
        a = "abcdefgh".index(m[0]) + 8 * (int(m[1]) - 1)
        b = "abcdefgh".index(m[2]) + 8 * (int(m[3]) - 1)
        p, q = board[a], board[b]
        if p in ("K", "k") and q == ("R" if p == "K" else "r"):
            out.append((a, b))
    return out


def special_cases(fen, castles):
    """Names of the Chess960 special cases among the legal castling moves."""
    names = set()
    for king, rook in castles:
        side = rook > king
        rank = king // 8
        king_to = rank * 8 + (6 if side else 2)
        rook_to = rank * 8 + (5 if side else 3)
        if king == king_to:
            names.add("king-stays")
        if rook == rook_to:
            names.add("rook-stays")
        if king == rook_to and rook == king_to:
            names.add("swap")
        elif king_to == rook:
            names.add("king-onto-rook")
        if abs(king - rook) == 1:
            names.add("adjacent")
        if not (king % 8 == 4 and rook % 8 in (0, 7)):
            names.add("non-standard")
    return names


# ---- The positions -----------------------------------------------------------------------------

# Written by hand for the special cases; Stockfish counts them like every other.
HAND = [
    # King on b1, rook a1: castling long is b1a1 (king to c1, rook to d1).
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGbg - 0 1",
    # King already on g1 (castling moves only the rook), king already on c1.
    "rk3r2/8/8/8/8/8/8/R5KR w HAfa - 0 1",
    "r1k3r1/8/8/8/8/8/8/2K4R w Hag - 0 1",
    # Rook already on f1 / d1: only the king moves.
    "4k3/8/8/8/8/8/8/1K3R2 w F - 0 1",
    "4k3/8/8/8/8/8/8/3RK3 w D - 0 1",
    # King and rook swap: king f1 rook g1 (to g1 and f1), king d1 rook c1 (to c1 and d1).
    "2k5/8/8/8/8/8/8/5KR1 w G - 0 1",
    "6k1/8/8/8/8/8/8/2RK4 w C - 0 1",
    # The rook shields the king's destination: rook b1, enemy queen / rook on a1; castling long
    # would leave the king on c1 in check (illegal), castling short is fine.
    "4k3/8/8/8/8/8/8/qRK3R1 w BG - 0 1",
    "4k3/8/8/8/8/8/8/rR1K2R1 w BG - 0 1",
    # The same for Black.
    "Qr1k3r/8/8/8/8/8/8/4K3 b bh - 0 1",
    # Castling out of check, through an attacked square; the rook's own squares attacked (legal).
    "4k3/8/8/8/8/8/8/R1K4r w A - 0 1",
    "4k3/8/8/8/8/8/2q5/R3K2R w KQ - 0 1",
    "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    "4k3/8/8/7r/8/8/8/RK5R w KA - 0 1",
    "4k3/8/8/8/8/8/4b3/1RK4R w HB - 0 1",
    "4k3/7b/8/8/8/8/8/1RK4R w HB - 0 1",
    # A piece between king and destination, between rook and destination, on the destination.
    "4k3/8/8/8/8/8/8/1KN3R1 w G - 0 1",
    "4k3/8/8/8/8/8/8/R2NK3 w A - 0 1",
    "4k3/8/8/8/8/8/8/1K3nR1 w G - 0 1",
    # Two rooks on one side: X-FEN needs the file letter for the inner one.
    "2k5/8/8/8/8/8/8/1K2R1R1 w E - 0 1",
    "2k5/8/8/8/8/8/8/1K2R1R1 w G - 0 1",
    "1r1rk3/8/8/8/8/8/8/4K3 b b - 0 1",
    "1r1rk3/8/8/8/8/8/8/4K3 b d - 0 1",
    # Castling gives check (rook to f1 / d1 against a king on that file).
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
    "5k2/8/8/8/8/8/8/1K4R1 w G - 0 1",
    # Kings on a and h files with a right on their only side.
    "3k4/8/8/8/8/8/8/K6R w H - 0 1",
    "3k4/8/8/8/8/8/8/R6K w A - 0 1",
]


class Generator:
    def __init__(self, sf, rng):
        self.sf, self.rng = sf, rng

    def legal(self, fen, moves=()):
        divide, _ = self.sf.divide(fen, 1, moves)
        return sorted(divide)

    def random_walk(self, fen, plies, keep_castling=False):
        moves = []
        for _ in range(plies):
            legal = self.legal(fen, moves)
            if not legal:
                break
            if keep_castling:
                # Prefer moves that keep a right: neither king nor castling rook moves, unless
                # the move castles.
                current = self.sf.fen_after(fen, moves)
                board = parse_board(current.split()[0])
                rooks = {r for _, _, r, _ in castling_rooks(current)}
                castles = castling_moves(current, legal)
                quiet = [m for m in legal if sq(m[:2]) not in rooks and
                         board[sq(m[:2])] not in ("K", "k")]
                if castles and self.rng.random() < 0.3:
                    legal = ["abcdefgh"[k % 8] + str(k // 8 + 1) + "abcdefgh"[r % 8] + str(r // 8 + 1)
                             for k, r in castles]
                elif quiet:
                    legal = quiet
            moves.append(self.rng.choice(legal))
        return self.sf.fen_after(fen, moves) if moves else fen

    def random_setup(self):
        return back_rank(self.rng.randrange(960))

    def start(self, double):
        white = self.random_setup()
        black = self.random_setup() if double else white
        while double and black == white:
            black = self.random_setup()
        return start_fen(white, black)

    def opened(self, fen):
        """Take off back-rank pieces other than king and rooks (all or some, one side or both)."""
        fields = fen.split()
        board = parse_board(fields[0])
        sides = self.rng.choice([(0,), (7,), (0, 7), (0, 7)])
        for rank in sides:
            keep = self.rng.random() < 0.4
            for f in range(8):
                p = board[rank * 8 + f]
                if p and p.upper() in "NBQ" and not (keep and self.rng.random() < 0.5):
                    board[rank * 8 + f] = None
        fields[0] = placement(board)
        return " ".join(fields)

    def add_attacker(self, fen):
        """An enemy piece of the side not to move on an empty square seeing the mover's back rank."""
        fields = fen.split()
        board = parse_board(fields[0])
        white_to_move = fields[1] == "w"
        rank = 0 if white_to_move else 7
        theirs = [p for p in board if p and p.islower() == white_to_move]
        if len(theirs) >= 16:
            return fen
        for _ in range(50):
            piece = self.rng.choice("NBRQ")
            piece = piece.lower() if white_to_move else piece
            if self.rng.random() < 0.5:
                target = rank * 8 + self.rng.randrange(8)
            else:
                target = self.rng.randrange(8, 56)
            if board[target] is not None:
                continue
            trial = list(board)
            trial[target] = piece
            new_fen = " ".join([placement(trial)] + fields[1:])
            if side_not_to_move_safe(new_fen):
                return new_fen
        return fen


def sq(name):
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "chess960.epd"))
    ap.add_argument("--max-d5", type=int, default=40_000_000,
                    help="leave out positions whose last count exceeds this (keeps the suite fast)")
    args = ap.parse_args()

    rng = random.Random(SEED)
    sf = Stockfish(args.stockfish)
    gen = Generator(sf, rng)

    candidates = []  # (kind, fen)
    corner_setups = [n for n in range(960) if back_rank(n).startswith("RK") or back_rank(n).endswith("KR")]
    for n in [518] + corner_setups[:12] + rng.sample(range(960), 50):
        candidates.append(("start-frc", start_fen(back_rank(n), back_rank(n))))
    for _ in range(60):
        candidates.append(("start-dfrc", gen.start(True)))
    for i in range(170):
        fen = gen.start(i % 2 == 1)
        candidates.append(("moves", gen.random_walk(fen, rng.randrange(2, 17))))
    opened = []
    for i in range(230):
        fen = gen.opened(gen.start(i % 2 == 1))
        if not side_not_to_move_safe(fen):
            continue
        fen = gen.random_walk(fen, rng.randrange(0, 7), keep_castling=True)
        opened.append(fen)
        candidates.append(("open", fen))
    for fen in rng.sample(opened, 90):
        attacked_fen = gen.add_attacker(fen)
        if attacked_fen != fen:
            candidates.append(("attacked", attacked_fen))
    for fen in HAND:
        candidates.append(("hand", fen))

    lines, seen = [], set()
    kinds, cases = {}, {}
    castling_positions = 0
    for index, (kind, fen) in enumerate(candidates):
        key = " ".join(fen.split()[:4])
        if key in seen:
            continue
        seen.add(key)
        fen = to_xfen(fen) if index % 2 == 0 else fen
        counts = []
        for d in range(1, args.depth + 1):
            _, nodes = sf.divide(fen, d)
            counts.append(nodes)
            if nodes > args.max_d5:
                break
        if len(counts) < args.depth or counts[-1] > args.max_d5:
            continue
        legal = gen.legal(fen)
        castles = castling_moves(fen, legal)
        if castles:
            castling_positions += 1
            for name in special_cases(fen, castles):
                cases[name] = cases.get(name, 0) + 1
        kinds[kind] = kinds.get(kind, 0) + 1
        lines.append(fen + "".join(" ;D%d %d" % (d + 1, n) for d, n in enumerate(counts)))
        print("%4d %-10s %s" % (len(lines), kind, lines[-1]), file=sys.stderr)
    sf.quit()

    version = subprocess.run([args.stockfish], input="quit\n", capture_output=True,
                             text=True).stdout.splitlines()[0].split(" by ")[0]
    header = [
        "# Chess960 perft suite: Fischer random and double Fischer random positions, counts to",
        "# depth %d from %s (UCI_Chess960 true, go perft)." % (args.depth, version),
        "# Made by tests/chess/make_960_suite.py (seed %d); rerun it to regenerate." % SEED,
        "# Castling rights alternate between X-FEN (KQkq, a file letter where the rook is not the",
        "# outermost) and Shredder-FEN (the rook files).",
        "# Positions: %d (%s)." % (len(lines), ", ".join("%s %d" % kv for kv in sorted(kinds.items()))),
        "# With a legal castling move at the root: %d (%s)." % (
            castling_positions, ", ".join("%s %d" % kv for kv in sorted(cases.items()))),
        "# Run: flashmate perft-suite --chess960 tests/data/chess960.epd --depth-limit 5",
    ]
    Path(args.out).write_text("\n".join(header + lines) + "\n")
    print("wrote %s: %d positions" % (args.out, len(lines)), file=sys.stderr)


if __name__ == "__main__":
    main()
