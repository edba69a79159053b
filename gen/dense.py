"""The dense slider layout: fixed-shift magics whose per-square tables overlap in one array.

Every rook square indexes with ((occ & mask) * magic mod 2^64) >> 52 (12 bits), every bishop
square with >> 55 (9 bits); square s of a slider reads dense_attacks[offset + index]. The tables
of different squares overlap: a slot may serve two squares when at most one of them uses it, or
when both need the same attack set there. Slots nobody uses hold 0.

The magics and offsets are data, gen/data/chess_dense.txt, found by `python3 -m gen dense-search`
(gen/dense_search.py and its C kernel gen/dense_kernel.c); this module only reads that file and
verifies it: every relevant occupancy of every square against the ray walk of gen/rules.py, and
every shared slot. Any error names the slider, the square and what is wrong.
"""

import re
from dataclasses import dataclass

from .errors import GenError, VerificationError
from .geometry import Board
from .magic import M64
from .rules import BISHOP_RULE, ROOK_RULE, occupancy_subsets, relevant_mask, slider_attacks

DATA_PATH = "gen/data/chess_dense.txt"
SHIFTS = {"rook": 52, "bishop": 55}  # 12 and 9 index bits on every square
SLIDERS = (ROOK_RULE, BISHOP_RULE)


@dataclass(frozen=True)
class DenseData:
    rook_magics: list
    rook_offsets: list
    bishop_magics: list
    bishop_offsets: list
    command: str  # how it was found
    seed: str
    cpu_seconds: float
    chunks: int
    entries: object  # the entry count the file states (None when not read from a file)

    def of(self, slider_name: str):
        if slider_name == "rook":
            return self.rook_magics, self.rook_offsets
        return self.bishop_magics, self.bishop_offsets


@dataclass(frozen=True)
class DenseLayout:
    masks: dict  # slider name -> 64 masks
    attacks: tuple  # the shared array, 0 in unused slots
    used: dict  # slider name -> slots its squares use (a shared slot counts for each)
    shared: int  # slots used by two squares with the same attacks

    @property
    def total(self) -> int:
        return len(self.attacks)


def dense_layout(board: Board, data: DenseData) -> DenseLayout:
    """Build the shared array from data, verifying every relevant occupancy of every square."""
    owner = {}  # slot -> (slider name, square) that first used it
    values = {}
    masks, used = {}, {}
    shared = 0
    for slider in SLIDERS:
        magics, offsets = data.of(slider.name)
        shift = SHIFTS[slider.name]
        masks[slider.name] = []
        used[slider.name] = 0
        for sq in board.squares():
            name = f"{slider.name} {board.square_name(sq)}"
            magic, offset = magics[sq], offsets[sq]
            if not 0 < magic <= M64:
                raise VerificationError(f"dense {name}: magic {magic:#x} is not a non-zero 64-bit value")
            if not 0 <= offset < 1 << 31:
                raise VerificationError(f"dense {name}: offset {offset} is not in 0 .. 2^31 - 1")
            mask = relevant_mask(board, slider, sq)
            masks[slider.name].append(mask)
            mine = {}
            for occ in occupancy_subsets(mask):
                attacks = slider_attacks(board, slider, sq, occ)
                index = ((occ * magic) & M64) >> shift
                before = mine.get(index)
                if before is not None:
                    if before != attacks:
                        raise VerificationError(
                            f"dense {name}: magic {magic:#018x} maps two occupancies with different"
                            f" attacks to index {index} (occupancy {occ:#018x})")
                    continue
                mine[index] = attacks
                slot = offset + index
                if slot in values:
                    if values[slot] != attacks:
                        other = "{} {}".format(owner[slot][0], board.square_name(owner[slot][1]))
                        raise VerificationError(
                            f"dense {name}: slot {slot} (offset {offset} + index {index}) is also used"
                            f" by {other} with different attacks")
                    shared += 1
                else:
                    values[slot] = attacks
                    owner[slot] = (slider.name, sq)
            used[slider.name] += len(mine)
    total = max(values) + 1
    if data.entries is not None and data.entries != total:
        raise VerificationError(f"dense: the data file states {data.entries} entries, its tables fill {total}")
    attacks = [0] * total
    for slot, value in values.items():
        attacks[slot] = value
    return DenseLayout(masks, tuple(attacks), used, shared)


def format_data(board: Board, data: DenseData, layout: DenseLayout) -> str:
    """The text of the data file: a header saying how it was found, then a line per table."""
    lines = [
        "# The dense slider layout's fixed-shift magics (rook >> 52, bishop >> 55) and offsets into",
        "# the shared attack array; read by gen/dense.py, written by gen/dense_search.py.",
        f"# found by: {data.command}",
        f"# seed {data.seed}, {data.cpu_seconds:.1f} s of CPU time over {data.chunks} kernel runs",
        f"# rook slots used {layout.used['rook']}, bishop slots used {layout.used['bishop']},"
        f" shared {layout.shared}",
        f"entries {layout.total}",
        "# slider square magic offset",
    ]
    for slider in SLIDERS:
        magics, offsets = data.of(slider.name)
        for sq in board.squares():
            lines.append(f"{slider.name} {board.square_name(sq)} 0x{magics[sq]:016x} {offsets[sq]}")
    return "\n".join(lines) + "\n"


_HEADER = re.compile(r"# found by: (?P<command>.*)$")
_RUN = re.compile(r"# seed (?P<seed>0x[0-9A-Fa-f]+), (?P<cpu>[0-9.]+) s of CPU time over (?P<chunks>\d+) kernel runs$")


def parse_data(board: Board, text: str, path: str = DATA_PATH) -> DenseData:
    """Read the data file; a malformed line is a one-line error naming its line number."""
    command, seed, cpu, chunks, entries = None, None, None, None, None
    tables = {(s.name, sq): None for s in SLIDERS for sq in board.squares()}
    for number, line in enumerate(text.splitlines(), 1):
        where = f"{path}:{number}"
        if not line.strip():
            continue
        if line.startswith("#"):
            if (m := _HEADER.match(line)):
                command = m["command"]
            elif (m := _RUN.match(line)):
                seed, cpu, chunks = m["seed"], float(m["cpu"]), int(m["chunks"])
            continue
        fields = line.split()
        if fields[0] == "entries" and len(fields) == 2 and fields[1].isdigit():
            entries = int(fields[1])
            continue
        if len(fields) != 4 or fields[0] not in SHIFTS:
            raise GenError(f"{where}: expected `rook|bishop SQUARE MAGIC OFFSET`, got {line.strip()!r}")
        try:
            sq = board.parse_square(fields[1])
        except (ValueError, KeyError):
            raise GenError(f"{where}: {fields[1]!r} is not a square") from None
        try:
            magic, offset = int(fields[2], 16), int(fields[3])
        except ValueError:
            raise GenError(f"{where}: {fields[0]} {fields[1]}: bad magic or offset in {line.strip()!r}") from None
        if tables[(fields[0], sq)] is not None:
            raise GenError(f"{where}: {fields[0]} {fields[1]} is listed twice")
        tables[(fields[0], sq)] = (magic, offset)
    missing = [f"{name} {board.square_name(sq)}" for (name, sq), value in tables.items() if value is None]
    if missing:
        raise GenError(f"{path}: no magic for {missing[0]}" + (f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""))
    if command is None or seed is None or entries is None:
        raise GenError(f"{path}: the header lacks `# found by:`, `# seed ...` or `entries N`")

    def column(name, i):
        return [tables[(name, sq)][i] for sq in board.squares()]

    return DenseData(column("rook", 0), column("rook", 1), column("bishop", 0), column("bishop", 1),
                     command, seed, cpu, chunks, entries)
