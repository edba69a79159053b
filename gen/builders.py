"""What each generated file holds, and how its tables are built from the rules and data.

Two games, chess and Xiangqi. Chess has chess_common.c, the tables every slider layout shares,
and one file per slider layout (fancy, compact, pext, kindergarten, dense), each defining chess_layout_tables and
chess_layout_name; the engine is built with one of them. The pext layout has two files, one per
entry width (chess_pext.c and chess_pext_pdep.c, the build's FLASHMATE_PEXT_PDEP picks one). Xiangqi, on 9x10, has one file,
xiangqi_tables.c (declared in src/xiangqi/tables.h), and no choice of layout. Every builder runs
its checks before it returns, so an OutputFile that exists has been verified.
"""

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import checks, dense, kindergarten, pext
from .errors import GenError
from .geometry import XIANGQI, Board, bit
from .magic import find_all_magics
from .model import OutputFile, Table
from .packing import CHESS_FANCY_ENTRIES, check_totals, pack, verify_packed
from .rules import (ADVISOR_RULE, BISHOP_RULE, CASTLE_ALL, CHESS_CASTLING_SQUARES, COLOURS, ELEPHANT_RULE,
                    HORSE_RULE, KING_RULE, KNIGHT_RULE, PAWN_CAPTURE_RULES, ROOK_RULE, XQ_KING_RULE,
                    XQ_PIECE_TYPES, Hopper, Slider, between, blockable_leaper_moves, confined_moves,
                    hopper_moves, leaper_attacks, line, line_through, slider_attacks, xq_pawn_moves)
from .zobrist import (RANDOM64_COUNT, RANDOM64_PATH, XIANGQI_ZOBRIST_SEED, build_xiangqi_zobrist, build_zobrist,
                      load_random64)

GAMES = ("chess", "xiangqi")
CHESS_LAYOUTS = ("fancy", "compact", "pext", "kindergarten", "dense")  # chess's slider table layouts
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

    tables = (
        Table("rook_magics", "MagicEntry", (64,), packed.entries["rook"],
              "Rook magics: {mask, magic, offset, shift}.", labels=(squares,)),
        Table("bishop_magics", "MagicEntry", (64,), packed.entries["bishop"],
              "Bishop magics: {mask, magic, offset, shift}.", labels=(squares,)),
        Table("slider_attacks", "uint64_t", (len(packed.attacks),), packed.attacks,
              "Attack blocks of every square, rook squares a1..h8 first, then bishop squares.",
              dim_names=("SLIDER_ATTACK_ENTRIES",)),
    ) + between_line_tables(s)
    return OutputFile("chess_fancy.c", "chess_layout_tables", tables,
                      strings=(("chess_layout_name", "fancy"),), avr_object_limit=False)


def between_line_tables(s: Settings) -> tuple[Table, Table]:
    """between_table and line_table, verified; the layouts with one block per square have them."""
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    between_values = [between(board, a, b) for a in board.squares() for b in board.squares()]
    line_values = [line(board, a, b) for a in board.squares() for b in board.squares()]
    checks.check_between_line(board, between_values, line_values)
    s.progress(f"between/line tables verified in {time.monotonic() - start:.1f} s")
    return (
        _u64("between_table", (64, 64), between_values, "Squares strictly between two aligned squares.",
             (squares, squares)),
        _u64("line_table", (64, 64), line_values, "The whole line through two aligned squares, edge to edge.",
             (squares, squares)),
    )


def build_pext(s: Settings) -> tuple[OutputFile, OutputFile]:
    """The pext layout's two files, the same blocks with 64-bit entries (chess_pext.c) and with
    16-bit entries that C widens by PDEP (chess_pext_pdep.c). Only packing: no magics."""
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    sliders = (ROOK_RULE, BISHOP_RULE)  # the packing order: rook blocks first
    blocks = pext.pack(board, sliders)
    check_totals(blocks, CHESS_FANCY_ENTRIES)
    compressed = blocks.compressed(sliders)
    lookups = [pext.verify(board, sliders, blocks, entries, width)
               for entries, width in ((blocks.attacks, 64), (compressed, 16))]
    s.progress(f"pext attacks packed: {blocks.entries_per_slider['rook']} rook + {blocks.entries_per_slider['bishop']}"
               f" bishop = {len(blocks.attacks)} entries of 64 and of 16 bits, {lookups[0]} + {lookups[1]} lookups"
               f" verified in {time.monotonic() - start:.1f} s")
    lines = between_line_tables(s)

    def entries(name, ctype, rows, what):
        return Table(name, ctype, (64,), tuple(rows), what, labels=(squares,))

    def rows(slider_name, *fields):
        return zip(*(getattr(blocks, field)[slider_name] for field in fields))

    plain = (
        entries("rook_pext", "PextEntry", rows("rook", "masks", "offsets"), "Rook squares: {mask, offset}."),
        entries("bishop_pext", "PextEntry", rows("bishop", "masks", "offsets"), "Bishop squares: {mask, offset}."),
        Table("pext_attacks", "uint64_t", (len(blocks.attacks),), blocks.attacks,
              "Attack blocks by pext(occupied, mask), rook squares a1..h8 first, then bishop squares.",
              dim_names=("SLIDER_ATTACK_ENTRIES",)),
    ) + lines
    widened = (
        entries("rook_pdep", "PdepEntry", rows("rook", "masks", "rays", "offsets"),
                "Rook squares: {mask, rays (empty-board attacks), offset}."),
        entries("bishop_pdep", "PdepEntry", rows("bishop", "masks", "rays", "offsets"),
                "Bishop squares: {mask, rays (empty-board attacks), offset}."),
        Table("pdep_attacks", "uint16_t", (len(compressed),), compressed,
              "Attack blocks by pext(occupied, mask), each entry pext(attacks, rays); rook squares first.",
              dim_names=("SLIDER_ATTACK_ENTRIES",)),
    ) + lines
    return (OutputFile("chess_pext.c", "chess_layout_tables", plain, strings=(("chess_layout_name", "pext"),),
                       avr_object_limit=False),
            OutputFile("chess_pext_pdep.c", "chess_layout_tables", widened,
                       strings=(("chess_layout_name", "pext_pdep"),), avr_object_limit=False))


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


def _line_masks(board: Board, direction) -> list[int]:
    return [line_through(board, sq, direction) for sq in board.squares()]


def _first_rank_table(board: Board) -> Table:
    """first_rank_attacks, which the compact and kindergarten layouts share."""
    first_rank = [first_rank_attacks(file, inner) for file in range(8) for inner in range(64)]
    return Table("first_rank_attacks", "uint8_t", (8, 64), tuple(first_rank),
                 "Files attacked on a rank by [slider file][inner occupancy, bit i = file i + 1].",
                 labels=(tuple(f"file {name}" for name in board.file_names),))


def _diagonal_mask_tables(board: Board, diagonal_masks, antidiagonal_masks) -> tuple[Table, Table]:
    squares = _squares(board)
    return (_u64("diagonal_masks", (64,), diagonal_masks,
                 "The diagonal (a1-h8 direction) through a square, the square excluded.", (squares,)),
            _u64("antidiagonal_masks", (64,), antidiagonal_masks,
                 "The anti-diagonal (h1-a8 direction) through a square, the square excluded.", (squares,)))


def build_compact(s: Settings) -> OutputFile:
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    file_masks, diagonal_masks, antidiagonal_masks = (_line_masks(board, d) for d in ((0, 1), (1, 1), (-1, 1)))
    first_rank = _first_rank_table(board)
    checks.check_compact(board, file_masks, diagonal_masks, antidiagonal_masks, first_rank.values)
    s.progress(f"compact masks and first-rank table verified in {time.monotonic() - start:.1f} s")
    tables = (
        _u64("file_masks", (64,), file_masks, "The file through a square, the square excluded.", (squares,)),
        *_diagonal_mask_tables(board, diagonal_masks, antidiagonal_masks),
        first_rank,
    )
    output = OutputFile("chess_compact.c", "chess_layout_tables", tables,
                        strings=(("chess_layout_name", "compact"),))
    checks.check_avr_object_limit(output)
    return output


def build_kindergarten(s: Settings) -> OutputFile:
    """Kindergarten bitboards with 32-bit gathers (gen/kindergarten.py): the compact layout's
    diagonal masks and first-rank table, an a-file table and the two derived multipliers."""
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    diagonal_masks, antidiagonal_masks = (_line_masks(board, d) for d in ((1, 1), (-1, 1)))
    first_rank = _first_rank_table(board)
    t = kindergarten.KindergartenTables(
        tuple(diagonal_masks), tuple(antidiagonal_masks), first_rank.values, kindergarten.file_a_attacks(board),
        *kindergarten.derive_gathers(board, diagonal_masks, antidiagonal_masks))
    lookups = kindergarten.verify(board, t)
    s.progress(f"kindergarten gathers {t.diagonal_gather:#010x} (diagonals), {t.file_gather:#010x} (files) derived,"
               f" {lookups} lookups verified in {time.monotonic() - start:.1f} s")
    tables = (
        *_diagonal_mask_tables(board, diagonal_masks, antidiagonal_masks),
        first_rank,
        _u64("file_a_attacks", (8, 64), t.file_a, "Rook attacks along the a-file by [rank][occupancy of ranks 2..7].",
             (tuple(f"rank {name}" for name in board.rank_names),)),
        Table("kindergarten_gathers", "uint32_t", (2,), (t.diagonal_gather, t.file_gather),
              "32-bit gather multipliers: {diagonals (folded low | high), files (folded low | high << 4)}.",
              dim_names=("KINDERGARTEN_GATHERS_NB",)),
    )
    output = OutputFile("chess_kindergarten.c", "chess_layout_tables", tables,
                        strings=(("chess_layout_name", "kindergarten"),))
    checks.check_avr_object_limit(output)
    return output


# ---- Xiangqi -------------------------------------------------------------------------------------
# Index bit order of the neighbour-indexed tables, as src/xiangqi/attacks.h reads them:
# orthogonal neighbours (the horse's legs) and diagonal ones (the elephant's eyes, and the legs
# of the horses attacking a square, which sit diagonally next to that square).
XQ_LEG_NEIGHBOURS = ((0, -1), (-1, 0), (1, 0), (0, 1))  # south, west, east, north
XQ_DIAGONAL_NEIGHBOURS = ((-1, -1), (1, -1), (-1, 1), (1, 1))  # south-west, south-east, north-west, north-east
XQ_COLOUR_LABELS = ("RED", "BLACK")
XQ_PIECE_TYPE_LABELS = ("PAWN", "ADVISOR", "ELEPHANT", "HORSE", "CANNON", "ROOK", "KING")
XQ_RANK_SLIDER = Slider("rank", ((1, 0), (-1, 0)))
XQ_FILE_SLIDER = Slider("file", ((0, 1), (0, -1)))
XQ_RANK_HOPPER = Hopper("rank cannon", XQ_RANK_SLIDER.directions)
XQ_FILE_HOPPER = Hopper("file cannon", XQ_FILE_SLIDER.directions)


def _neighbours(board: Board, sq: int, neighbours, index: int) -> int:
    """The on-board neighbours of sq selected by the bits of index."""
    result = 0
    for bit_number, (d_file, d_rank) in enumerate(neighbours):
        target = board.step(sq, d_file, d_rank)
        if index >> bit_number & 1 and target is not None:
            result |= bit(target)
    return result


def xiangqi_line_tables(board: Board) -> dict:
    """Rank tables by [file][inner rank occupancy] as 9-bit masks of rank 1, file tables by
    [rank][inner file occupancy] as bitboards of file a: rook attacks and cannon hit candidates
    (the cannon is walked with both edge squares occupied, so an entry names the edge square
    when it is the only possible hit; callers AND it with the pieces)."""
    rank_edges = bit(board.square(0, 0)) | bit(board.square(board.width - 1, 0))
    file_edges = bit(board.square(0, 0)) | bit(board.square(0, board.height - 1))
    tables = {"xq_rook_rank": [], "xq_cannon_rank": [], "xq_rook_file": [], "xq_cannon_file": []}
    for file in range(board.width):
        for inner in range(1 << (board.width - 2)):
            occupied = inner << 1
            tables["xq_rook_rank"].append(slider_attacks(board, XQ_RANK_SLIDER, file, occupied))
            tables["xq_cannon_rank"].append(hopper_moves(board, XQ_RANK_HOPPER, file, occupied | rank_edges)[1])
    for rank in range(board.height):
        sq = board.square(0, rank)
        for inner in range(1 << (board.height - 2)):
            occupied = sum(bit(board.square(0, r + 1)) for r in range(board.height - 2) if inner >> r & 1)
            tables["xq_rook_file"].append(slider_attacks(board, XQ_FILE_SLIDER, sq, occupied))
            tables["xq_cannon_file"].append(hopper_moves(board, XQ_FILE_HOPPER, sq, occupied | file_edges)[1])
    return tables


def xiangqi_leaper_tables(board: Board) -> dict:
    """King, advisor, pawn and the neighbour-indexed horse and elephant tables, flat."""
    squares = board.squares()
    tables = {
        "xq_king_moves": [confined_moves(board, XQ_KING_RULE, sq) for sq in squares],
        "xq_advisor_moves": [confined_moves(board, ADVISOR_RULE, sq) for sq in squares],
        "xq_elephant_moves": [], "xq_horse_moves": [], "xq_horse_attackers": [],
        "xq_pawn_moves": [xq_pawn_moves(board, c, sq) for c in COLOURS for sq in squares],
    }
    tables["xq_pawn_attackers"] = [
        sum(bit(a) for a in squares if tables["xq_pawn_moves"][c * board.size + a] >> sq & 1)
        for c in COLOURS for sq in squares]
    for sq in squares:
        for index in range(16):
            legs = _neighbours(board, sq, XQ_LEG_NEIGHBOURS, index)
            eyes = _neighbours(board, sq, XQ_DIAGONAL_NEIGHBOURS, index)
            tables["xq_horse_moves"].append(blockable_leaper_moves(board, HORSE_RULE, sq, legs))
            tables["xq_elephant_moves"].append(confined_moves(board, ELEPHANT_RULE, sq, eyes))
            tables["xq_horse_attackers"].append(
                sum(bit(h) for h in squares if blockable_leaper_moves(board, HORSE_RULE, h, eyes) >> sq & 1))
    return tables


def build_xiangqi(s: Settings) -> OutputFile:
    board, start = XIANGQI, time.monotonic()
    squares = _squares(board)
    leapers = xiangqi_leaper_tables(board)
    lookups = checks.check_xiangqi_leapers(board, leapers)
    s.progress(f"xiangqi leaper tables (king, advisor, elephant, horse, pawn) built, {lookups} lookups"
               f" verified in {time.monotonic() - start:.1f} s")
    start = time.monotonic()
    lines = xiangqi_line_tables(board)
    lookups = checks.check_xiangqi_lines(board, lines)
    s.progress(f"xiangqi rook and cannon rank/file tables built, {lookups} lookups verified"
               f" in {time.monotonic() - start:.1f} s")
    keys = build_xiangqi_zobrist(board, len(XQ_PIECE_TYPES))
    s.progress(f"xiangqi zobrist keys: {len(keys.piece) + 1} from SplitMix64 seed {XIANGQI_ZOBRIST_SEED:#018x}")

    def bb(name, dims, comment, labels=(), values=None):
        return Table(name, "XqBBWords", dims, tuple(leapers[name] if values is None else values), comment,
                     labels=labels)

    colours = XQ_COLOUR_LABELS
    ranks = tuple(f"rank {name}" for name in board.rank_names)
    files = tuple(f"file {name}" for name in board.file_names)
    tables = (
        bb("xq_king_moves", (90,), "Squares a king (general) steps to, inside its palace.", (squares,)),
        bb("xq_advisor_moves", (90,), "Squares an advisor steps to, inside its palace.", (squares,)),
        bb("xq_elephant_moves", (90, 16),
           "Elephant moves by [square][eye occupancy: bit 0 SW, 1 SE, 2 NW, 3 NE], on its side of the river.",
           (squares,)),
        bb("xq_horse_moves", (90, 16),
           "Horse moves by [square][leg occupancy: bit 0 S, 1 W, 2 E, 3 N].", (squares,)),
        bb("xq_horse_attackers", (90, 16),
           "Horses that attack a square, by [square][occupancy of its diagonal neighbours, as for elephants].",
           (squares,)),
        bb("xq_pawn_moves", (2, 90), "Pawn moves by [colour][square]: forward, and sideways across the river.",
           (colours, squares)),
        bb("xq_pawn_attackers", (2, 90), "Pawns of a colour that attack a square, by [colour][square].",
           (colours, squares)),
        Table("xq_rook_rank", "uint16_t", (9, 128), tuple(lines["xq_rook_rank"]),
              "Rook attacks along a rank as files (bit f = file f), by [file][inner rank occupancy].", labels=(files,)),
        Table("xq_cannon_rank", "uint16_t", (9, 128), tuple(lines["xq_cannon_rank"]),
              "Cannon hit candidates along a rank (AND with pieces), by [file][inner rank occupancy].",
              labels=(files,)),
        bb("xq_rook_file", (10, 256), "Rook attacks along file a, by [rank][inner file occupancy].", (ranks,),
           lines["xq_rook_file"]),
        bb("xq_cannon_file", (10, 256), "Cannon hit candidates along file a (AND with pieces), by [rank][inner file occupancy].",
           (ranks,), lines["xq_cannon_file"]),
        Table("xq_zobrist_piece", "uint64_t", (2, 7, 90), keys.piece, "Zobrist keys by [colour][piece type][square].",
              labels=(colours, XQ_PIECE_TYPE_LABELS, squares)),
        Table("xq_zobrist_black_to_move", "uint64_t", (), (keys.black_to_move,),
              "Zobrist key XORed in when Black is to move."),
    )
    return OutputFile("xiangqi_tables.c", "xiangqi_tables", tables, avr_object_limit=False,
                      header="xiangqi/tables.h")


def build_dense(s: Settings) -> OutputFile:
    """The dense layout from its searched data (gen/data/chess_dense.txt), verified on every
    relevant occupancy of every square; no search here (that is `python3 -m gen dense-search`)."""
    board, start = s.board, time.monotonic()
    squares = _squares(board)
    path = s.root / dense.DATA_PATH
    try:
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as error:
        raise GenError(f"{dense.DATA_PATH}: cannot read: {getattr(error, 'strerror', None) or error}") from None
    data = dense.parse_data(board, text)
    layout = dense.dense_layout(board, data)
    s.progress(f"dense attacks: {layout.total} entries (rook squares use {layout.used['rook']} slots, bishop"
               f" squares {layout.used['bishop']}, {layout.shared} shared), every occupancy verified in"
               f" {time.monotonic() - start:.1f} s")

    def entries(slider_name):
        magics, offsets = data.of(slider_name)
        return tuple(zip(layout.masks[slider_name], magics, offsets))

    tables = (
        Table("rook_dense", "DenseEntry", (64,), entries("rook"),
              "Rook squares: {mask, magic, offset}; index = (occ & mask) * magic >> 52.", labels=(squares,)),
        Table("bishop_dense", "DenseEntry", (64,), entries("bishop"),
              "Bishop squares: {mask, magic, offset}; index = (occ & mask) * magic >> 55.", labels=(squares,)),
        Table("dense_attacks", "uint64_t", (layout.total,), layout.attacks,
              f"Overlapping attack tables of every rook and bishop square, 0 where unused; {layout.total}"
              f" entries, found by: {data.command}"),
    ) + between_line_tables(s)
    return OutputFile("chess_dense.c", "chess_layout_tables", tables, strings=(("chess_layout_name", "dense"),),
                      inputs=(dense.DATA_PATH,), avr_object_limit=False)


CHESS_LAYOUT_BUILDERS = {"fancy": build_fancy, "compact": build_compact, "pext": build_pext,
                         "kindergarten": build_kindergarten, "dense": build_dense}


def build_files(s: Settings, game: str = "all", layout: str = "all") -> list[OutputFile]:
    """The files of a game ("all": both), in the order chess_common.c, the chess layout files
    (pext's two together), xiangqi_tables.c. For chess, layout picks one slider layout ("all": every one); Xiangqi has
    no layouts, so it takes only "all"."""
    if game not in ("all",) + GAMES:
        raise ValueError(f"unknown game {game!r}")
    if layout not in ("all",) + CHESS_LAYOUTS or (layout != "all" and game != "chess"):
        raise ValueError(f"layout {layout!r} is not a layout of game {game!r}")
    files = []
    if game in ("all", "chess"):
        names = CHESS_LAYOUTS if layout == "all" else (layout,)
        files.append(build_common(s))
        for name in names:
            built = CHESS_LAYOUT_BUILDERS[name](s)
            files += built if isinstance(built, tuple) else [built]
    if game in ("all", "xiangqi"):
        files.append(build_xiangqi(s))
    return files
