"""Piece move rules as data, and the slow reference walks every table is derived from.

Leapers are offset lists and sliders direction lists, both in (d_file, d_rank) steps, so that a
move is found by stepping through board coordinates and can never wrap from one edge to the
other. Colours, piece types and castling rights use the numbering of include/flashmate/types.h
(Xiangqi's: include/flashmate/xiangqi_types.h). Xiangqi adds three kinds of rule: leapers with a
blocking square (horse, elephant), the cannon's hop, and moves confined to a region.
"""

import functools
from dataclasses import dataclass

from .geometry import Board, bit

WHITE, BLACK = 0, 1
COLOURS = (WHITE, BLACK)
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
PIECE_TYPES = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)

CASTLE_WHITE_OO, CASTLE_WHITE_OOO, CASTLE_BLACK_OO, CASTLE_BLACK_OOO = 1, 2, 4, 8
CASTLE_ALL = 15


@dataclass(frozen=True)
class Leaper:
    name: str
    offsets: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Slider:
    name: str
    directions: tuple[tuple[int, int], ...]


KNIGHT_RULE = Leaper("knight", ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
KING_RULE = Leaper("king", ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)))
# Capture offsets indexed by colour: White captures towards rank 8, Black towards rank 1.
PAWN_CAPTURE_RULES = (
    Leaper("white pawn capture", ((-1, 1), (1, 1))),
    Leaper("black pawn capture", ((-1, -1), (1, -1))),
)
ROOK_RULE = Slider("rook", ((1, 0), (0, 1), (-1, 0), (0, -1)))
BISHOP_RULE = Slider("bishop", ((1, 1), (-1, 1), (-1, -1), (1, -1)))
QUEEN_RULE = Slider("queen", ROOK_RULE.directions + BISHOP_RULE.directions)

# Castling rights lost when a move starts or ends on a square (king and rook home squares).
CHESS_CASTLING_SQUARES = (
    ("e1", CASTLE_WHITE_OO | CASTLE_WHITE_OOO),
    ("h1", CASTLE_WHITE_OO),
    ("a1", CASTLE_WHITE_OOO),
    ("e8", CASTLE_BLACK_OO | CASTLE_BLACK_OOO),
    ("h8", CASTLE_BLACK_OO),
    ("a8", CASTLE_BLACK_OOO),
)


def leaper_attacks(board: Board, leaper: Leaper, sq: int) -> int:
    """Squares a leaper on sq reaches; offsets leaving the board are dropped."""
    attacks = 0
    for d_file, d_rank in leaper.offsets:
        target = board.step(sq, d_file, d_rank)
        if target is not None:
            attacks |= bit(target)
    return attacks


@functools.lru_cache(maxsize=None)
def ray(board: Board, sq: int, direction: tuple[int, int]) -> tuple[int, ...]:
    """Squares from sq (exclusive) to the board edge in one direction, nearest first."""
    squares = []
    current = board.step(sq, *direction)
    while current is not None:
        squares.append(current)
        current = board.step(current, *direction)
    return tuple(squares)


@functools.lru_cache(maxsize=None)
def _ray_bits(board: Board, sq: int, directions: tuple[tuple[int, int], ...]) -> tuple:
    return tuple(tuple(bit(s) for s in ray(board, sq, d)) for d in directions)


def slider_attacks(board: Board, slider: Slider, sq: int, occupied: int) -> int:
    """Ray walking: each ray up to and including its first occupied square."""
    attacks = 0
    for ray_bits in _ray_bits(board, sq, slider.directions):
        for b in ray_bits:
            attacks |= b
            if occupied & b:
                break
    return attacks


def relevant_mask(board: Board, slider: Slider, sq: int) -> int:
    """Squares whose occupancy can change the attacks: every ray without its last square."""
    mask = 0
    for direction in slider.directions:
        for s in ray(board, sq, direction)[:-1]:
            mask |= bit(s)
    return mask


def occupancy_subsets(mask: int):
    """Every subset of mask, starting with the empty set, by the carry-rippler:
    https://www.chessprogramming.org/Traversing_Subsets_of_a_Set"""
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if subset == 0:
            return


def line_through(board: Board, sq: int, direction: tuple[int, int]) -> int:
    """The line through sq along direction and its opposite, edge to edge, sq excluded."""
    mask = 0
    for d in (direction, (-direction[0], -direction[1])):
        for s in ray(board, sq, d):
            mask |= bit(s)
    return mask


def _aligned_direction(board: Board, a: int, b: int):
    for direction in QUEEN_RULE.directions:
        if b in ray(board, a, direction):
            return direction
    return None


def between(board: Board, a: int, b: int) -> int:
    """Squares strictly between a and b if they share a rank, file or diagonal, else 0."""
    direction = _aligned_direction(board, a, b)
    if direction is None:
        return 0
    squares = ray(board, a, direction)
    result = 0
    for s in squares[: squares.index(b)]:
        result |= bit(s)
    return result


def line(board: Board, a: int, b: int) -> int:
    """The whole line through a and b, edge to edge and both included, if aligned; else 0."""
    direction = _aligned_direction(board, a, b)
    if direction is None:
        return 0
    return line_through(board, a, direction) | bit(a)


# ---- Xiangqi ------------------------------------------------------------------------------------
# Colours index like chess (Red plays first, as White does); piece types use the numbering of
# include/flashmate/xiangqi_types.h.
RED = WHITE
XQ_PAWN, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CANNON, XQ_ROOK, XQ_KING = range(7)
XQ_PIECE_TYPES = (XQ_PAWN, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CANNON, XQ_ROOK, XQ_KING)


@dataclass(frozen=True)
class BlockableLeaper:
    """A leaper each of whose moves passes one square that must be empty: the horse's leg, the
    elephant's eye. Pairs of (offset, offset of the blocking square), both in (d_file, d_rank)."""
    name: str
    moves: tuple[tuple[tuple[int, int], tuple[int, int]], ...]


@dataclass(frozen=True)
class Hopper:
    """The cannon: moves like a slider onto empty squares and captures by jumping exactly one
    piece (the screen) onto the first piece behind it."""
    name: str
    directions: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Confined:
    """A rule whose moves must stay inside the region (one of `regions`) the piece stands in:
    the general and advisors in their palace, elephants on their side of the river."""
    rule: Leaper | BlockableLeaper
    regions: tuple[str, ...]


XQ_PALACES = ("red palace", "black palace")
XQ_HALVES = ("red half", "black half")  # indexed by colour: a side's own half
XQ_KING_RULE = Confined(Leaper("general", ((1, 0), (0, 1), (-1, 0), (0, -1))), XQ_PALACES)
ADVISOR_RULE = Confined(Leaper("advisor", ((1, 1), (-1, 1), (-1, -1), (1, -1))), XQ_PALACES)
ELEPHANT_RULE = Confined(BlockableLeaper("elephant", (((2, 2), (1, 1)), ((-2, 2), (-1, 1)),
                                                      ((-2, -2), (-1, -1)), ((2, -2), (1, -1)))), XQ_HALVES)
HORSE_RULE = BlockableLeaper("horse", (
    ((1, 2), (0, 1)), ((-1, 2), (0, 1)), ((2, 1), (1, 0)), ((2, -1), (1, 0)),
    ((1, -2), (0, -1)), ((-1, -2), (0, -1)), ((-2, 1), (-1, 0)), ((-2, -1), (-1, 0))))
XQ_ROOK_RULE = ROOK_RULE  # the chariot moves exactly like a chess rook
CANNON_RULE = Hopper("cannon", ROOK_RULE.directions)
# A soldier steps forward; once across the river (outside its own half) also sideways.
XQ_PAWN_FORWARD_RULES = (Leaper("red soldier", ((0, 1),)), Leaper("black soldier", ((0, -1),)))
XQ_PAWN_ACROSS_RULE = Leaper("soldier across the river", ((1, 0), (-1, 0)))


def blockable_leaper_moves(board: Board, leaper: BlockableLeaper, sq: int, occupied: int) -> int:
    """Targets of a blockable leaper on sq whose blocking square is empty."""
    targets = 0
    for offset, block in leaper.moves:
        target = board.step(sq, *offset)
        if target is not None and not occupied >> board.step(sq, *block) & 1:
            targets |= bit(target)
    return targets


def confined_moves(board: Board, confined: Confined, sq: int, occupied: int = 0) -> int:
    """Moves of a confined rule: none outside its regions, else those staying in sq's region."""
    for name in confined.regions:
        region = board.region(name)
        if region >> sq & 1:
            rule = confined.rule
            if isinstance(rule, BlockableLeaper):
                return blockable_leaper_moves(board, rule, sq, occupied) & region
            return leaper_attacks(board, rule, sq) & region
    return 0


def xq_pawn_moves(board: Board, colour: int, sq: int) -> int:
    """Squares a soldier of `colour` on sq moves to (forward, and sideways across the river)."""
    moves = leaper_attacks(board, XQ_PAWN_FORWARD_RULES[colour], sq)
    if not board.region(XQ_HALVES[colour]) >> sq & 1:
        moves |= leaper_attacks(board, XQ_PAWN_ACROSS_RULE, sq)
    return moves


def hopper_moves(board: Board, hopper: Hopper, sq: int, occupied: int) -> tuple[int, int]:
    """(quiet moves, hit squares): the empty squares before the screen, and on each ray the first
    occupied square behind the screen (a capture when it holds an enemy piece)."""
    quiet = hits = 0
    for direction in hopper.directions:
        screen_seen = False
        for s in ray(board, sq, direction):
            occupied_here = occupied >> s & 1
            if not screen_seen:
                if occupied_here:
                    screen_seen = True
                else:
                    quiet |= bit(s)
            elif occupied_here:
                hits |= bit(s)
                break
    return quiet, hits
