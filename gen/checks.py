"""Independent checks of the non-magic tables, run before anything is emitted.

Each check derives the expected answer another way than the builder did (coordinates instead
of stepping, the C lookup emulated instead of trusting masks) and raises VerificationError on
the first difference. The magic tables have their own pass in packing.py.
"""

from errors import VerificationError
from geometry import Board
from magic import M64
from model import AVR_MAX_OBJECT_BYTES, OutputFile
from rules import Leaper, Slider, occupancy_subsets, slider_attacks

RANK_SLIDER = Slider("rank", ((1, 0), (-1, 0)))
FILE_SLIDER = Slider("file", ((0, 1), (0, -1)))
DIAGONAL_SLIDER = Slider("diagonal", ((1, 1), (-1, -1)))  # a1-h8 direction
ANTIDIAGONAL_SLIDER = Slider("antidiagonal", ((-1, 1), (1, -1)))  # h1-a8 direction


def _fail(table: str, board: Board, sq: int, detail: str):
    raise VerificationError(f"{table}[{board.square_name(sq)}]: {detail}")


def check_leaper_table(board: Board, name: str, leaper: Leaper, values) -> None:
    """Each entry is exactly the squares whose coordinate difference is one of the offsets,
    which also rules out wrap-around from one edge to the other."""
    offsets = set(leaper.offsets)
    for sq in board.squares():
        file, rank = board.coords(sq)
        expected = 0
        for target in board.squares():
            t_file, t_rank = board.coords(target)
            if (t_file - file, t_rank - rank) in offsets:
                expected |= 1 << target
        if values[sq] != expected:
            _fail(name, board, sq, f"{values[sq]:#018x}, expected {expected:#018x}")


def _collinear_squares(board: Board, a: int, b: int) -> int:
    (fa, ra), (fb, rb) = board.coords(a), board.coords(b)
    result = 0
    for c in board.squares():
        fc, rc = board.coords(c)
        if (fc - fa) * (rb - ra) == (rc - ra) * (fb - fa):
            result |= 1 << c
    return result


def check_between_line(board: Board, between, line) -> None:
    """between[a][b] and line[a][b] against cross products on coordinates; both symmetric."""
    n = board.size
    for a in board.squares():
        for b in board.squares():
            (fa, ra), (fb, rb) = board.coords(a), board.coords(b)
            df, dr = fb - fa, rb - ra
            aligned = a != b and (df == 0 or dr == 0 or abs(df) == abs(dr))
            expected_line = expected_between = 0
            if aligned:
                expected_line = _collinear_squares(board, a, b)
                for c in board.squares():
                    fc, rc = board.coords(c)
                    if (expected_line >> c & 1 and c not in (a, b)
                            and (fc - fa) * (fc - fb) <= 0 and (rc - ra) * (rc - rb) <= 0):
                        expected_between |= 1 << c
            where = f"[{board.square_name(a)}][{board.square_name(b)}]"
            if line[a * n + b] != expected_line:
                raise VerificationError(f"line_table{where}: {line[a * n + b]:#018x}, expected {expected_line:#018x}")
            if between[a * n + b] != expected_between:
                raise VerificationError(
                    f"between_table{where}: {between[a * n + b]:#018x}, expected {expected_between:#018x}")
            if line[a * n + b] != line[b * n + a] or between[a * n + b] != between[b * n + a]:
                raise VerificationError(f"between_table/line_table{where}: not symmetric")


def bswap64(x: int) -> int:
    return int.from_bytes(x.to_bytes(8, "little"), "big")


def hq_line_attacks(sq: int, occupied: int, mask: int) -> int:
    """attacks_line_hq() of src/attacks.h in Python (hyperbola quintessence, 64-bit wrap)."""
    slider = 1 << sq
    forward = occupied & mask
    reverse = bswap64(forward)
    forward = (forward - slider) & M64
    reverse = (reverse - bswap64(slider)) & M64
    return (forward ^ bswap64(reverse)) & mask


def compact_rank_attacks(first_rank, sq: int, occupied: int) -> int:
    """attacks_rank() of src/attacks.h in Python; first_rank is flat [file][inner occupancy]."""
    shift = sq & 56
    inner = (occupied >> (shift + 1)) & 63
    return first_rank[(sq & 7) * 64 + inner] << shift


def check_compact(board: Board, file_masks, diagonal_masks, antidiagonal_masks, first_rank) -> None:
    """The masks against coordinates; then the C lookups, emulated, against ray walking for
    every occupancy of every line through every square."""
    if (board.width, board.height) != (8, 8):
        raise VerificationError(f"{board.name}: the compact layout is for the 8x8 board")
    lines = (("file_masks", file_masks, FILE_SLIDER, lambda f, r: f),
             ("diagonal_masks", diagonal_masks, DIAGONAL_SLIDER, lambda f, r: f - r),
             ("antidiagonal_masks", antidiagonal_masks, ANTIDIAGONAL_SLIDER, lambda f, r: f + r))
    for name, masks, slider, key in lines:
        for sq in board.squares():
            expected = 0
            for other in board.squares():
                if other != sq and key(*board.coords(other)) == key(*board.coords(sq)):
                    expected |= 1 << other
            if masks[sq] != expected:
                _fail(name, board, sq, f"{masks[sq]:#018x}, expected {expected:#018x}")
            for occupied in occupancy_subsets(masks[sq]):
                got = hq_line_attacks(sq, occupied, masks[sq])
                if got != slider_attacks(board, slider, sq, occupied):
                    _fail(name, board, sq, f"hyperbola quintessence wrong for occupancy {occupied:#018x}")
    for file in range(8):
        for inner in range(64):
            expected = slider_attacks(board, RANK_SLIDER, file, inner << 1)
            if first_rank[file * 64 + inner] != expected:
                raise VerificationError(f"first_rank_attacks[{file}][{inner}]: {first_rank[file * 64 + inner]:#04x},"
                                        f" expected {expected:#04x}")
    for sq in board.squares():
        rank_squares = 0xFF << (sq & 56)
        for occupied in occupancy_subsets(rank_squares):
            if compact_rank_attacks(first_rank, sq, occupied) != slider_attacks(board, RANK_SLIDER, sq, occupied):
                _fail("first_rank_attacks", board, sq, f"rank lookup wrong for occupancy {occupied:#018x}")


def check_avr_object_limit(output: OutputFile) -> None:
    """Files built for AVR must keep every table within one AVR object."""
    if not output.avr_object_limit:
        return
    for table in output.tables:
        if table.host_bytes > AVR_MAX_OBJECT_BYTES:
            raise VerificationError(f"{output.filename}: {table.name} is {table.host_bytes} bytes,"
                                    f" more than AVR's {AVR_MAX_OBJECT_BYTES}-byte object limit")
