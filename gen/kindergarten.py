"""The kindergarten layout: line occupancies gathered into a 6-bit index by 32-bit multiplies.

https://www.chessprogramming.org/Kindergarten_Bitboards. A line through a square (a rank, a
file, a diagonal) has at most eight squares; the six inner ones decide its attacks. Kindergarten
gathers those six occupancy bits into an index by one multiply and looks the line's attacks up
in a small table. The classic form multiplies 64 bits; here the masked line is first folded into
32 bits so that a Cortex-M0 (no 64-bit multiply) or an AVR needs one 32x32 -> 32 multiply:

- diagonal and anti-diagonal (one square per file): folded = low word | high word, and file f
  of the line is bit 8k + f of it for some k. index = folded * DIAGONAL_GATHER >> 26 holds files
  b..g in bits 0..5; the attacks are first_rank_attacks[file][index] copied onto every rank and
  ANDed with the line's mask.
- file (one square per rank): the occupancy shifted down to the a-file, in two 32-bit halves,
  folded = low | high << 4, so rank r is bit 8r (r < 4) or 8(r - 4) + 4. index = folded *
  FILE_GATHER >> 26 holds ranks 2..7; file_a_attacks[rank][index] is the a-file's attacks,
  shifted back to the file (each 32-bit half by itself: nothing crosses a half).
- rank: first_rank_attacks[file][inner six bits of the rank] shifted to the rank, as the
  compact layout does.

The gather multipliers are derived here, not written down: inner bit i of a line, at bit p of
the folded word, must land on bit 25 + i, so the multiplier has bit 25 + i - p for every line and
inner square; check_gather() then proves, for every line of the family and every occupancy of
it, that the product carries nothing into bits 26..31 and yields exactly the inner bits.
verify() emulates the C lookups of src/chess/attacks.h for every relevant occupancy of every
square, and random whole boards, against ray walking.
"""

from dataclasses import dataclass

from .checks import FILE_SLIDER, check_first_rank, check_line_masks, compact_rank_attacks
from .errors import VerificationError
from .geometry import Board, set_to_squares
from .magic import M64, SplitMix64
from .rules import BISHOP_RULE, ROOK_RULE, occupancy_subsets, relevant_mask, slider_attacks

M32 = 0xFFFFFFFF
INDEX_SHIFT = 26  # index = (folded * gather mod 2^32) >> 26: inner bit i (1..6) at bit 25 + i
FILE_FOLD_SHIFT = 4  # folded file = low half | high half << 4
FILE_A = 0x0101010101010101
RANDOM_PROBES_PER_SQUARE = 64  # whole-board occupancies checked per square besides the subsets
PROBE_SEED = 0x3C6EF372FE94F82B  # fixed, so the check itself is reproducible


def fold_diagonal(line_occupancy: int) -> int:
    """A diagonal's occupancy (one square per file) folded into 32 bits: low word | high word."""
    return (line_occupancy & M32) | (line_occupancy >> 32)


def fold_file(occupied: int, file: int) -> int:
    """The file's occupancy moved to the a-file, as C computes it from the two 32-bit halves."""
    low = ((occupied & M32) >> file) & (FILE_A & M32)
    high = ((occupied >> 32) >> file) & (FILE_A & M32)
    return low | ((high << FILE_FOLD_SHIFT) & M32)


def gather(folded: int, multiplier: int) -> int:
    """The 6-bit index: the 32-bit product's top bits, as C's 32-bit multiply leaves them."""
    return ((folded * multiplier) & M32) >> INDEX_SHIFT


@dataclass(frozen=True)
class Family:
    """Lines of one kind: for each, the folded position of each of its squares, in line order
    (file order for diagonals, rank order for files); squares 1..6 of a line are its inner ones."""
    name: str
    lines: tuple[tuple[int, ...], ...]  # None where a diagonal has no square on a file


def diagonal_family(board: Board, masks, name: str) -> Family:
    """The lines of the masks (with their own square put back), by the folded bit of each file."""
    lines = set()
    for sq, mask in enumerate(masks):
        line = mask | 1 << sq
        if line.bit_count() < 3:
            continue  # no inner square, index 0 always (corners' anti-diagonal etc.)
        positions = [None] * board.width
        for s in set_to_squares(line):
            positions[board.file_of(s)] = fold_diagonal(1 << s).bit_length() - 1
        lines.add(tuple(positions))
    return Family(name, tuple(sorted(lines, key=str)))


def file_family(board: Board) -> Family:
    lines = []
    for file in range(board.width):
        lines.append(tuple(fold_file(1 << board.square(file, rank), file).bit_length() - 1
                           for rank in range(board.height)))
    return Family("file", tuple(lines))


def derive_multiplier(family: Family) -> int:
    """The multiplier that moves inner square i of every line from its folded bit to bit 25 + i."""
    multiplier = 0
    for positions in family.lines:
        for i, position in enumerate(positions):
            if position is None or not 1 <= i <= 6:
                continue
            shift = INDEX_SHIFT - 1 + i - position
            if shift < 0:
                raise VerificationError(f"{family.name}: inner square {i} at folded bit {position} cannot be moved"
                                        f" up to bit {INDEX_SHIFT - 1 + i}")
            multiplier |= 1 << shift
    return multiplier


def check_gather(family: Family, multiplier: int) -> int:
    """For every line and every occupancy of its squares, the gathered index is exactly the inner
    squares' bits (no carry reaches bits 26..31). Returns the occupancies checked."""
    if not 0 < multiplier <= M32:
        raise VerificationError(f"{family.name} gather {multiplier:#x} is not a 32-bit multiplier")
    checked = 0
    for positions in family.lines:
        squares = [(i, p) for i, p in enumerate(positions) if p is not None]
        for occupancy in range(1 << len(squares)):
            folded = expected = 0
            for bit_number, (i, position) in enumerate(squares):
                if occupancy >> bit_number & 1:
                    folded |= 1 << position
                    if 1 <= i <= 6:
                        expected |= 1 << (i - 1)
            got = gather(folded, multiplier)
            if got != expected:
                raise VerificationError(f"{family.name} gather {multiplier:#010x}: folded {folded:#010x} gives index"
                                        f" {got:#04x}, the inner squares are {expected:#04x}")
            checked += 1
    return checked


def file_a_attacks(board: Board) -> tuple[int, ...]:
    """Rook attacks along the a-file by [rank][index of ranks 2..7]."""
    return tuple(slider_attacks(board, FILE_SLIDER, board.square(0, rank),
                                sum(1 << board.square(0, i + 1) for i in range(6) if index >> i & 1))
                 for rank in range(board.height) for index in range(64))


@dataclass(frozen=True)
class KindergartenTables:
    diagonal_masks: tuple[int, ...]  # the diagonal through a square, the square excluded
    antidiagonal_masks: tuple[int, ...]
    first_rank: tuple[int, ...]  # flat [file][inner occupancy], files as bits
    file_a: tuple[int, ...]  # flat [rank][index], a-file attack sets
    diagonal_gather: int
    file_gather: int


def spread_ranks(files: int) -> int:
    """A rank's byte copied onto all eight ranks, as C does it."""
    word = (files * 0x01010101) & M32
    return word | word << 32


def line_lookup(t: KindergartenTables, masks, sq: int, occupied: int) -> int:
    mask = masks[sq]
    index = gather(fold_diagonal(occupied & mask), t.diagonal_gather)
    return spread_ranks(t.first_rank[(sq & 7) * 64 + index]) & mask


def file_lookup(t: KindergartenTables, sq: int, occupied: int) -> int:
    file = sq & 7
    attacks = t.file_a[(sq >> 3) * 64 + gather(fold_file(occupied, file), t.file_gather)]
    return ((((attacks >> 32) << file) & M32) << 32) | (((attacks & M32) << file) & M32)


def rook_lookup(t: KindergartenTables, sq: int, occupied: int) -> int:
    """attacks_rook() of src/chess/attacks.h in Python (the rank as the compact layout's)."""
    return file_lookup(t, sq, occupied) | compact_rank_attacks(t.first_rank, sq, occupied)


def bishop_lookup(t: KindergartenTables, sq: int, occupied: int) -> int:
    return line_lookup(t, t.diagonal_masks, sq, occupied) | line_lookup(t, t.antidiagonal_masks, sq, occupied)


def families(board: Board, diagonal_masks, antidiagonal_masks) -> tuple[Family, Family, Family]:
    """The lines each gather must serve: diagonals and anti-diagonals (the diagonal gather), files."""
    return (diagonal_family(board, diagonal_masks, "diagonal"),
            diagonal_family(board, antidiagonal_masks, "anti-diagonal"), file_family(board))


def derive_gathers(board: Board, diagonal_masks, antidiagonal_masks) -> tuple[int, int]:
    """(diagonal gather, file gather): one multiplier serves both diagonal directions."""
    diagonal, antidiagonal, files = families(board, diagonal_masks, antidiagonal_masks)
    return derive_multiplier(diagonal) | derive_multiplier(antidiagonal), derive_multiplier(files)


def verify(board: Board, t: KindergartenTables) -> int:
    """The masks against coordinates, the first-rank and a-file tables against ray walking, the
    gathers over every line occupancy; then rook and bishop lookups, emulated, for every relevant occupancy of every square and random whole boards.
    Returns the lookups checked; raises VerificationError on the first failure."""
    if (board.width, board.height) != (8, 8):
        raise VerificationError(f"{board.name}: the kindergarten layout is for the 8x8 board")
    check_line_masks(board, "diagonal_masks", t.diagonal_masks, "diagonal")
    check_line_masks(board, "antidiagonal_masks", t.antidiagonal_masks, "antidiagonal")
    check_first_rank(board, t.first_rank)
    multipliers = (t.diagonal_gather, t.diagonal_gather, t.file_gather)
    checked = sum(check_gather(family, multiplier) for family, multiplier in
                  zip(families(board, t.diagonal_masks, t.antidiagonal_masks), multipliers))
    if t.file_a != file_a_attacks(board):
        bad = next(i for i, (a, b) in enumerate(zip(t.file_a, file_a_attacks(board))) if a != b)
        raise VerificationError(f"file_a_attacks[{bad // 64}][{bad % 64}]: {t.file_a[bad]:#018x}")
    probes = SplitMix64(PROBE_SEED)
    for slider, lookup in ((ROOK_RULE, rook_lookup), (BISHOP_RULE, bishop_lookup)):
        for sq in board.squares():
            mask = relevant_mask(board, slider, sq)
            for occupied in [*occupancy_subsets(mask), *(probes.next() for _ in range(RANDOM_PROBES_PER_SQUARE))]:
                got, expected = lookup(t, sq, occupied & M64), slider_attacks(board, slider, sq, occupied)
                if got != expected:
                    raise VerificationError(f"kindergarten {slider.name} {board.square_name(sq)}: occupancy"
                                            f" {occupied:#018x} gives {got:#018x}, ray walking gives {expected:#018x}")
                checked += 1
    return checked
