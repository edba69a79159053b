"""Independent checks of the non-magic tables, run before anything is emitted.

Each check derives the expected answer another way than the builder did (coordinates instead
of stepping, the C lookup emulated instead of trusting masks) and raises VerificationError on
the first difference. The magic tables have their own pass in packing.py.
"""

from .errors import VerificationError
from .geometry import Board
from .magic import M64
from .model import AVR_MAX_OBJECT_BYTES, OutputFile
from .rules import Leaper, Slider, occupancy_subsets, slider_attacks

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
    """attacks_line_hq() of src/chess/attacks.h in Python (hyperbola quintessence, 64-bit wrap)."""
    slider = 1 << sq
    forward = occupied & mask
    reverse = bswap64(forward)
    forward = (forward - slider) & M64
    reverse = (reverse - bswap64(slider)) & M64
    return (forward ^ bswap64(reverse)) & mask


def compact_rank_attacks(first_rank, sq: int, occupied: int) -> int:
    """attacks_rank() of src/chess/attacks.h in Python; first_rank is flat [file][inner occupancy]."""
    shift = sq & 56
    inner = (occupied >> (shift + 1)) & 63
    return first_rank[(sq & 7) * 64 + inner] << shift


# Each line family by the coordinate every square of one line shares.
LINE_KEYS = {"file": lambda f, r: f, "diagonal": lambda f, r: f - r, "antidiagonal": lambda f, r: f + r}


def check_line_masks(board: Board, name: str, masks, family: str) -> None:
    """masks[sq] is the line of the family through sq, sq excluded, from coordinates."""
    key = LINE_KEYS[family]
    for sq in board.squares():
        expected = 0
        for other in board.squares():
            if other != sq and key(*board.coords(other)) == key(*board.coords(sq)):
                expected |= 1 << other
        if masks[sq] != expected:
            _fail(name, board, sq, f"{masks[sq]:#018x}, expected {expected:#018x}")


def check_first_rank(board: Board, first_rank) -> None:
    """first_rank_attacks (flat [file][inner occupancy]) against ray walking on rank 1."""
    for file in range(8):
        for inner in range(64):
            expected = slider_attacks(board, RANK_SLIDER, file, inner << 1)
            if first_rank[file * 64 + inner] != expected:
                raise VerificationError(f"first_rank_attacks[{file}][{inner}]: {first_rank[file * 64 + inner]:#04x},"
                                        f" expected {expected:#04x}")


def check_compact(board: Board, file_masks, diagonal_masks, antidiagonal_masks, first_rank) -> None:
    """The masks against coordinates; then the C lookups, emulated, against ray walking for
    every occupancy of every line through every square."""
    if (board.width, board.height) != (8, 8):
        raise VerificationError(f"{board.name}: the compact layout is for the 8x8 board")
    lines = (("file_masks", file_masks, FILE_SLIDER, "file"),
             ("diagonal_masks", diagonal_masks, DIAGONAL_SLIDER, "diagonal"),
             ("antidiagonal_masks", antidiagonal_masks, ANTIDIAGONAL_SLIDER, "antidiagonal"))
    for name, masks, slider, family in lines:
        check_line_masks(board, name, masks, family)
        for sq in board.squares():
            for occupied in occupancy_subsets(masks[sq]):
                got = hq_line_attacks(sq, occupied, masks[sq])
                if got != slider_attacks(board, slider, sq, occupied):
                    _fail(name, board, sq, f"hyperbola quintessence wrong for occupancy {occupied:#018x}")
    check_first_rank(board, first_rank)
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


# ---- Xiangqi ------------------------------------------------------------------------------------
# The C lookups of src/xiangqi/attacks.h in Python, and references computed from coordinates.
XQ_FILE_A_LOW = 0x8040201008040201  # ranks 1..8 of file a once shifted down by 9 + file
XQ_GATHER = 0x0101010101010101  # moves bit 9i of the file to bit 56 + i (no carries)
XQ_RANDOM_PROBES = 48  # whole-board random occupancies per square, on top of the exhaustive ones
XQ_PROBE_SEED = 0xBB67AE8584CAA73B


def xq_leg_index(sq: int, occupied: int) -> int:
    """Orthogonal neighbours' occupancy (bit 0 south, 1 west, 2 east, 3 north), as C reads it."""
    v = ((occupied << 9) >> sq) & M64
    return (v & 1) | (v >> 7 & 2) | (v >> 8 & 4) | (v >> 15 & 8)


def xq_diagonal_index(sq: int, occupied: int) -> int:
    """Diagonal neighbours' occupancy (bit 0 south-west, 1 south-east, 2 north-west, 3 north-east)."""
    v = ((occupied << 10) >> sq) & M64
    return (v & 1) | (v >> 1 & 2) | (v >> 16 & 4) | (v >> 17 & 8)


def xq_line_indices(sq: int, occupied: int) -> tuple[int, int]:
    """(inner rank occupancy, 7 bits; inner file occupancy, 8 bits) as C computes them."""
    file, rank = sq % 9, sq // 9
    rank_index = (occupied >> (9 * rank + 1)) & 0x7F
    file_index = ((((occupied >> (file + 9)) & XQ_FILE_A_LOW) * XQ_GATHER) & M64) >> 56
    return rank_index, file_index


def xq_line_lookup(rank_table, file_table, sq: int, occupied: int) -> int:
    """A rank/file table pair looked up as src/xiangqi/attacks.h does; tables are flat."""
    file, rank = sq % 9, sq // 9
    rank_index, file_index = xq_line_indices(sq, occupied)
    return (rank_table[file * 128 + rank_index] << (9 * rank)) | (file_table[rank * 256 + file_index] << file)


def _xq_coords(sq: int) -> tuple[int, int]:
    return sq % 9, sq // 9


def _xq_bit(file: int, rank: int) -> int:
    return 1 << (rank * 9 + file) if 0 <= file < 9 and 0 <= rank < 10 else 0


def _xq_palace(file: int, rank: int) -> int:
    """0 for Red's palace, 1 for Black's, -1 outside both."""
    if 3 <= file <= 5:
        if rank <= 2:
            return 0
        if rank >= 7:
            return 1
    return -1


def xq_reference_horse(sq: int, occupied: int) -> int:
    file, rank = _xq_coords(sq)
    result = 0
    for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
        leg = _xq_bit(file + (df // 2 if abs(df) == 2 else 0), rank + (dr // 2 if abs(dr) == 2 else 0))
        if not occupied & leg:
            result |= _xq_bit(file + df, rank + dr)
    return result


def xq_reference_elephant(sq: int, occupied: int) -> int:
    file, rank = _xq_coords(sq)
    result = 0
    for df, dr in ((2, 2), (-2, 2), (-2, -2), (2, -2)):
        target_rank = rank + dr
        if (target_rank < 5) == (rank < 5) and not occupied & _xq_bit(file + df // 2, rank + dr // 2):
            result |= _xq_bit(file + df, target_rank)
    return result


def xq_reference_line(sq: int, occupied: int) -> tuple[int, int]:
    """(rook attacks, cannon hits) by walking coordinates."""
    file, rank = _xq_coords(sq)
    rook = hits = 0
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f, r, screens = file + df, rank + dr, 0
        while 0 <= f < 9 and 0 <= r < 10:
            b = _xq_bit(f, r)
            if screens == 0:
                rook |= b
            if occupied & b:
                screens += 1
                if screens == 2:
                    hits |= b
                    break
            f, r = f + df, r + dr
    return rook, hits


def _xq_neighbourhood(sq: int) -> int:
    """Every square the neighbour indices can read for sq, wrapped ones included."""
    result = 0
    for delta in (-10, -9, -8, -1, 1, 8, 9, 10):
        if 0 <= sq + delta < 90:
            result |= 1 << (sq + delta)
    return result


def _xq_probes(board: Board, mask_of_square):
    """For each square: every subset of mask_of_square(sq), plus random whole-board sets."""
    from .magic import SplitMix64

    stream = SplitMix64(XQ_PROBE_SEED)
    for sq in board.squares():
        probes = list(occupancy_subsets(mask_of_square(sq)))
        probes += [(stream.next() | stream.next() << 64) & board.all_squares for _ in range(XQ_RANDOM_PROBES)]
        yield sq, probes


def check_xiangqi_leapers(board: Board, tables: dict) -> int:
    """King, advisor and pawn tables against coordinates; the leg- and eye-indexed tables looked
    up as C does over every occupancy of the eight neighbours (wrapped ones included) and random
    boards. Returns the number of lookups checked."""
    if (board.width, board.height) != (9, 10):
        raise VerificationError(f"{board.name}: the Xiangqi tables are for the 9x10 board")
    for sq in board.squares():
        file, rank = _xq_coords(sq)
        palace = _xq_palace(file, rank)
        king = advisor = 0
        for t in board.squares():
            tf, tr = _xq_coords(t)
            if palace < 0 or _xq_palace(tf, tr) != palace:
                continue
            if abs(tf - file) + abs(tr - rank) == 1:
                king |= 1 << t
            if abs(tf - file) == 1 and abs(tr - rank) == 1:
                advisor |= 1 << t
        expected = {"xq_king_moves": king, "xq_advisor_moves": advisor}
        for name, value in expected.items():
            if tables[name][sq] != value:
                _fail(name, board, sq, f"{tables[name][sq]:#x}, expected {value:#x}")
        for colour, forward in ((0, 1), (1, -1)):
            crossed = rank >= 5 if colour == 0 else rank <= 4
            moves = _xq_bit(file, rank + forward)
            if crossed:
                moves |= _xq_bit(file - 1, rank) | _xq_bit(file + 1, rank)
            if tables["xq_pawn_moves"][colour * 90 + sq] != moves:
                _fail(f"xq_pawn_moves[{colour}]", board, sq, f"expected {moves:#x}")
            attackers = 0
            for a in board.squares():  # pawns of `colour` that move onto sq
                af, ar = _xq_coords(a)
                a_crossed = ar >= 5 if colour == 0 else ar <= 4
                if (af == file and ar + forward == rank) or (a_crossed and ar == rank and abs(af - file) == 1):
                    attackers |= 1 << a
            if tables["xq_pawn_attackers"][colour * 90 + sq] != attackers:
                _fail(f"xq_pawn_attackers[{colour}]", board, sq, f"expected {attackers:#x}")

    checked = 0
    for sq, probes in _xq_probes(board, _xq_neighbourhood):
        for occupied in probes:
            leg, diagonal = xq_leg_index(sq, occupied), xq_diagonal_index(sq, occupied)
            horse = tables["xq_horse_moves"][sq * 16 + leg]
            if horse != xq_reference_horse(sq, occupied):
                _fail("xq_horse_moves", board, sq, f"occupancy {occupied:#x}: {horse:#x}")
            elephant = tables["xq_elephant_moves"][sq * 16 + diagonal]
            if elephant != xq_reference_elephant(sq, occupied):
                _fail("xq_elephant_moves", board, sq, f"occupancy {occupied:#x}: {elephant:#x}")
            attackers = 0
            for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
                h = _xq_bit(sq % 9 - df, sq // 9 - dr)  # the horse squares a horse move leads from
                if h and xq_reference_horse(h.bit_length() - 1, occupied) >> sq & 1:
                    attackers |= h
            got = tables["xq_horse_attackers"][sq * 16 + diagonal]
            if got != attackers:
                _fail("xq_horse_attackers", board, sq, f"occupancy {occupied:#x}: {got:#x}, expected {attackers:#x}")
            checked += 3
    return checked


def check_xiangqi_lines(board: Board, tables: dict) -> int:
    """Rook attacks and cannon hits looked up as C does, for every occupancy of every square's
    rank and of its file (the rest of the board random), and random whole boards, against
    coordinate walking. A cannon entry may name an empty edge square: callers AND it with
    pieces, so the contract checked is lookup & occupied == hits. Returns the lookups checked."""
    rank_mask = lambda sq: 0x1FF << (sq - sq % 9)  # noqa: E731
    file_mask = lambda sq: sum(1 << (sq % 9 + 9 * r) for r in range(10))  # noqa: E731
    checked = 0
    for mask_of_square in (rank_mask, file_mask):
        background = dict(_xq_probes(board, lambda sq: 0))
        for sq, probes in _xq_probes(board, mask_of_square):
            outside = background[sq][1] & ~mask_of_square(sq)
            for occupied in probes:
                if occupied & mask_of_square(sq) == occupied:
                    occupied |= outside
                rook, hits = xq_reference_line(sq, occupied)
                got = xq_line_lookup(tables["xq_rook_rank"], tables["xq_rook_file"], sq, occupied)
                if got != rook:
                    _fail("xq_rook_rank/xq_rook_file", board, sq, f"occupancy {occupied:#x}: {got:#x}, expected {rook:#x}")
                got = xq_line_lookup(tables["xq_cannon_rank"], tables["xq_cannon_file"], sq, occupied)
                if got & occupied != hits:
                    _fail("xq_cannon_rank/xq_cannon_file", board, sq, f"occupancy {occupied:#x}: {got:#x}, expected {hits:#x}")
                checked += 2
    return checked
