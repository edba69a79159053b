"""What each generated file holds, and how its tables are built from the rules and data.

chess_common.c holds the layout-independent tables; each slider layout (fancy, compact) has
its own file defining chess_layout_tables and chess_layout_name. Every builder runs its checks
before it returns, so an OutputFile that exists has been verified.
"""

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import checks
from geometry import Board
from magic import find_all_magics
from model import OutputFile, Table
from packing import CHESS_FANCY_ENTRIES, check_totals, pack, verify_packed
from rules import (BISHOP_RULE, CASTLE_ALL, CHESS_CASTLING_SQUARES, COLOURS, KING_RULE, KNIGHT_RULE,
                   PAWN_CAPTURE_RULES, ROOK_RULE, between, leaper_attacks, line, line_through)
from zobrist import RANDOM64_COUNT, RANDOM64_PATH, build_zobrist, load_random64

LAYOUT_NAMES = ("fancy", "compact")
COLOUR_LABELS = ("WHITE", "BLACK")
PIECE_TYPE_LABELS = ("PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING")
CASTLING_LABELS = tuple("".join(c for bit, c in zip((1, 2, 4, 8), "KQkq") if rights & bit) or "-"
                        for rights in range(16))


@dataclass(frozen=True)
class Settings:
    board: Board
    root: Path  # the repository, for data inputs
    seed: int
    jobs: int
    progress: Callable[[str], None]  # one line of progress, without the "tablegen: " prefix


def _squares(board: Board) -> tuple[str, ...]:
    return tuple(board.square_name(sq) for sq in board.squares())


def _u64(name, dims, values, comment, labels=()):
    return Table(name, "uint64_t", dims, tuple(values), comment, labels=labels)


def castling_rights_kept(board: Board) -> tuple[int, ...]:
    kept = [CASTLE_ALL] * board.size
    for square_name, lost in CHESS_CASTLING_SQUARES:
        kept[board.parse_square(square_name)] &= ~lost & CASTLE_ALL
    return tuple(kept)


def build_common(s: Settings) -> OutputFile:
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    knight = [leaper_attacks(board, KNIGHT_RULE, sq) for sq in board.squares()]
    king = [leaper_attacks(board, KING_RULE, sq) for sq in board.squares()]
    pawn = [[leaper_attacks(board, PAWN_CAPTURE_RULES[c], sq) for sq in board.squares()] for c in COLOURS]
    checks.check_leaper_table(board, "knight_attacks_table", KNIGHT_RULE, knight)
    checks.check_leaper_table(board, "king_attacks_table", KING_RULE, king)
    for colour in COLOURS:
        checks.check_leaper_table(board, f"pawn_attacks_table[{COLOUR_LABELS[colour]}]",
                                  PAWN_CAPTURE_RULES[colour], pawn[colour])
    s.progress(f"leaper tables (knight, king, pawn) verified in {time.monotonic() - start:.1f} s")

    start = time.monotonic()
    keys = build_zobrist(board, load_random64(s.root))
    s.progress(f"zobrist keys: {RANDOM64_COUNT} read from {RANDOM64_PATH} in {time.monotonic() - start:.1f} s")

    tables = (
        _u64("knight_attacks_table", (64,), knight, "Squares a knight attacks.", (squares,)),
        _u64("king_attacks_table", (64,), king, "Squares a king attacks.", (squares,)),
        _u64("pawn_attacks_table", (2, 64), pawn[0] + pawn[1],
             "Squares a pawn of a colour attacks (White towards rank 8).", (COLOUR_LABELS, squares)),
        Table("castling_rights_kept", "uint8_t", (64,), castling_rights_kept(board),
              "Castling rights kept when a move starts or ends on a square.", labels=(squares,)),
        _u64("zobrist_piece", (2, 6, 64), keys.piece, "Zobrist keys by [colour][piece type][square].",
             (COLOUR_LABELS, PIECE_TYPE_LABELS, squares)),
        _u64("zobrist_castling", (16,), keys.castling, "Zobrist keys by castling rights set (XOR of its rights).",
             (CASTLING_LABELS,)),
        _u64("zobrist_en_passant", (8,), keys.en_passant, "Zobrist keys by en passant file.", (board.file_names,)),
        _u64("zobrist_white_to_move", (), (keys.white_to_move,), "Zobrist key XORed in when White is to move."),
    )
    output = OutputFile("chess_common.c", "chess_common_tables", tables, inputs=(RANDOM64_PATH,))
    checks.check_avr_object_limit(output)
    return output


def build_fancy(s: Settings) -> OutputFile:
    board = s.board
    squares = _squares(board)
    sliders = (ROOK_RULE, BISHOP_RULE)  # the packing order: rook blocks first

    def report(name, results, seconds):
        search = sum(r.seconds for r in results)
        s.progress(f"{name} magics {len(results)}/{board.size} squares in {seconds:.1f} s"
                   f" ({search:.1f} s of search over {s.jobs} job{'s' if s.jobs > 1 else ''},"
                   f" {sum(r.candidates for r in results)} candidates)")

    results = find_all_magics(board, sliders, s.seed, s.jobs, report)
    start = time.monotonic()
    packed = pack(board, sliders, results)
    check_totals(packed, CHESS_FANCY_ENTRIES)
    lookups = verify_packed(board, sliders, packed)
    s.progress(f"slider attacks packed: {packed.entries_per_slider['rook']} rook + "
               f"{packed.entries_per_slider['bishop']} bishop = {len(packed.attacks)} entries,"
               f" {lookups} lookups verified in {time.monotonic() - start:.1f} s")

    start = time.monotonic()
    between_values = [between(board, a, b) for a in board.squares() for b in board.squares()]
    line_values = [line(board, a, b) for a in board.squares() for b in board.squares()]
    checks.check_between_line(board, between_values, line_values)
    s.progress(f"between/line tables verified in {time.monotonic() - start:.1f} s")

    tables = (
        Table("rook_magics", "MagicEntry", (64,), packed.entries["rook"],
              "Rook magics: {mask, magic, offset, shift}.", labels=(squares,)),
        Table("bishop_magics", "MagicEntry", (64,), packed.entries["bishop"],
              "Bishop magics: {mask, magic, offset, shift}.", labels=(squares,)),
        Table("slider_attacks", "uint64_t", (len(packed.attacks),), packed.attacks,
              "Attack blocks of every square, rook squares a1..h8 first, then bishop squares.",
              dim_names=("SLIDER_ATTACK_ENTRIES",)),
        _u64("between_table", (64, 64), between_values, "Squares strictly between two aligned squares.",
             (squares, squares)),
        _u64("line_table", (64, 64), line_values, "The whole line through two aligned squares, edge to edge.",
             (squares, squares)),
    )
    return OutputFile("chess_fancy.c", "chess_layout_tables", tables,
                      strings=(("chess_layout_name", "fancy"),), avr_object_limit=False)


def first_rank_attacks(file: int, inner: int) -> int:
    """Files a rank slider on `file` attacks given the inner occupancy (bit i = file i + 1),
    by the o ^ (o - 2r) trick each way: https://www.chessprogramming.org/Subtracting_a_Rook_from_a_Blocking_Piece"""
    def reverse(byte: int) -> int:
        return int(f"{byte:08b}"[::-1], 2)

    slider = 1 << file
    occupied = (inner << 1) | slider
    upwards = (occupied ^ (occupied - 2 * slider)) & 0xFF
    mirrored = reverse(occupied)
    downwards = reverse((mirrored ^ (mirrored - 2 * reverse(slider))) & 0xFF)
    return upwards | downwards


def build_compact(s: Settings) -> OutputFile:
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    file_masks = [line_through(board, sq, (0, 1)) for sq in board.squares()]
    diagonal_masks = [line_through(board, sq, (1, 1)) for sq in board.squares()]
    antidiagonal_masks = [line_through(board, sq, (-1, 1)) for sq in board.squares()]
    first_rank = [first_rank_attacks(file, inner) for file in range(8) for inner in range(64)]
    checks.check_compact(board, file_masks, diagonal_masks, antidiagonal_masks, first_rank)
    s.progress(f"compact masks and first-rank table verified in {time.monotonic() - start:.1f} s")
    tables = (
        _u64("file_masks", (64,), file_masks, "The file through a square, the square excluded.", (squares,)),
        _u64("diagonal_masks", (64,), diagonal_masks,
             "The diagonal (a1-h8 direction) through a square, the square excluded.", (squares,)),
        _u64("antidiagonal_masks", (64,), antidiagonal_masks,
             "The anti-diagonal (h1-a8 direction) through a square, the square excluded.", (squares,)),
        Table("first_rank_attacks", "uint8_t", (8, 64), tuple(first_rank),
              "Files attacked on a rank by [slider file][inner occupancy, bit i = file i + 1].",
              labels=(tuple(f"file {name}" for name in board.file_names),)),
    )
    output = OutputFile("chess_compact.c", "chess_layout_tables", tables,
                        strings=(("chess_layout_name", "compact"),))
    checks.check_avr_object_limit(output)
    return output


LAYOUT_BUILDERS = {"fancy": build_fancy, "compact": build_compact}


def build_files(s: Settings, layout: str) -> list[OutputFile]:
    """chess_common.c plus the file of each selected layout ("all" selects every layout)."""
    names = LAYOUT_NAMES if layout == "all" else (layout,)
    return [build_common(s)] + [LAYOUT_BUILDERS[name](s) for name in names]
