"""Zobrist keys: the 781 Polyglot Random64 constants rearranged for our indexing.

With these tables a position's key equals its Polyglot book key
(http://hgm.nubati.net/book_format.html). Polyglot numbers piece kinds black pawn 0, white pawn 1,
black knight 2, ..., white king 11, and a piece key is Random64[64 * kind + 8 * rank + file].
"""

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import GenError
from .geometry import Board
from .rules import (CASTLE_BLACK_OO, CASTLE_BLACK_OOO, CASTLE_WHITE_OO, CASTLE_WHITE_OOO, COLOURS,
                    PIECE_TYPES, WHITE)

RANDOM64_PATH = "gen/data/polyglot-random64.txt"  # repo-relative
RANDOM64_COUNT = 781
CASTLING_KEY_INDEX = {CASTLE_WHITE_OO: 768, CASTLE_WHITE_OOO: 769, CASTLE_BLACK_OO: 770, CASTLE_BLACK_OOO: 771}
EN_PASSANT_KEY_INDEX = 772  # + file
WHITE_TO_MOVE_KEY_INDEX = 780

_KEY_LINE = re.compile(r"0x[0-9A-Fa-f]{16}")


def parse_random64(text: str, source: str = RANDOM64_PATH) -> list[int]:
    """The keys of a Random64 file: one `0x` + 16 hex digits per line, exactly 781 lines."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    keys = []
    for number, line in enumerate(lines, start=1):
        line = line.rstrip("\r")
        if not _KEY_LINE.fullmatch(line):
            raise GenError(f"{source}: line {number}: expected 0x and 16 hex digits, got {line[:40]!r}")
        keys.append(int(line, 16))
    if len(keys) != RANDOM64_COUNT:
        raise GenError(f"{source}: expected {RANDOM64_COUNT} keys, found {len(keys)}")
    return keys


def load_random64(root: Path) -> list[int]:
    path = root / RANDOM64_PATH
    try:
        text = path.read_bytes().decode("ascii")
    except (OSError, UnicodeDecodeError) as error:
        raise GenError(f"{RANDOM64_PATH}: cannot read: {error}") from None
    return parse_random64(text)


def polyglot_piece_index(board: Board, colour: int, piece_type: int, sq: int) -> int:
    kind = 2 * piece_type + (1 if colour == WHITE else 0)
    return 64 * kind + 8 * board.rank_of(sq) + board.file_of(sq)


@dataclass(frozen=True)
class ZobristKeys:
    piece: tuple[int, ...]  # flat [colour][piece type][square]
    castling: tuple[int, ...]  # [rights set], XOR of the keys of its rights
    en_passant: tuple[int, ...]  # [file]
    white_to_move: int


def build_zobrist(board: Board, keys: list[int]) -> ZobristKeys:
    if (board.width, board.height) != (8, 8):
        raise GenError(f"{board.name}: Polyglot keys exist for the 8x8 board only")
    piece = tuple(keys[polyglot_piece_index(board, colour, piece_type, sq)]
                  for colour in COLOURS for piece_type in PIECE_TYPES for sq in board.squares())
    castling = []
    for rights in range(16):
        key = 0
        for right, index in CASTLING_KEY_INDEX.items():
            if rights & right:
                key ^= keys[index]
        castling.append(key)
    en_passant = tuple(keys[EN_PASSANT_KEY_INDEX + file] for file in range(board.width))
    return ZobristKeys(piece, tuple(castling), en_passant, keys[WHITE_TO_MOVE_KEY_INDEX])


# ---- Xiangqi ------------------------------------------------------------------------------------
# Xiangqi has no published key set, so its keys are drawn from our SplitMix64 (gen/magic.py) with
# a named seed: "XIANGQI!" in ASCII. Changing it changes generated/xiangqi_tables.c only.
XIANGQI_ZOBRIST_SEED = 0x5849414E47514921


@dataclass(frozen=True)
class XiangqiKeys:
    piece: tuple[int, ...]  # flat [colour][piece type][square]
    black_to_move: int


def build_xiangqi_zobrist(board: Board, piece_types: int, seed: int = XIANGQI_ZOBRIST_SEED) -> XiangqiKeys:
    """Keys in table order ([colour][piece type][square], then the side key), each the next
    output of SplitMix64(seed); all must be distinct and non-zero."""
    from .magic import SplitMix64  # here, so the chess path does not depend on it

    stream = SplitMix64(seed)
    piece = tuple(stream.next() for _ in range(len(COLOURS) * piece_types * board.size))
    keys = XiangqiKeys(piece, stream.next())
    every = piece + (keys.black_to_move,)
    if 0 in every or len(set(every)) != len(every):
        raise GenError(f"seed {seed:#018x}: Xiangqi Zobrist keys are not distinct and non-zero")
    return keys
