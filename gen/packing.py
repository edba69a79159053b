"""Packs the per-square magic blocks into one attack array and verifies the packed lookup.

Blocks go in slider order (rook squares 0..63, then bishop squares 0..63), each at an integer
offset. The verification pass re-derives every answer by ray walking and looks it up exactly as
src/chess/attacks.h does: slider_attacks[offset + ((occ & mask) * magic mod 2^64 >> shift)].
"""

from dataclasses import dataclass

from .errors import VerificationError
from .geometry import Board
from .magic import M64, SplitMix64
from .rules import occupancy_subsets, relevant_mask, slider_attacks

# Sizes of the fancy layout for chess, as declared in src/chess/tables.h.
CHESS_FANCY_ENTRIES = {"rook": 102400, "bishop": 5248}

RANDOM_PROBES_PER_SQUARE = 64  # extra whole-board occupancies checked per square
PROBE_SEED = 0x6A09E667F3BCC908  # fixed, so the check itself is reproducible


@dataclass(frozen=True)
class PackedSliders:
    # Per slider name: one (mask, magic, offset, shift) per square.
    entries: dict
    attacks: tuple[int, ...]  # every block, concatenated
    entries_per_slider: dict  # slider name -> number of attack entries


def pack(board: Board, sliders, results: dict) -> PackedSliders:
    """Concatenate the blocks of `results` (keyed by (slider name, square)) in slider order."""
    entries, attacks, counts = {}, [], {}
    for slider in sliders:
        start = len(attacks)
        rows = []
        for sq in board.squares():
            result = results[(slider.name, sq)]
            rows.append((result.mask, result.magic, len(attacks), result.shift))
            attacks.extend(result.block)
        entries[slider.name] = tuple(rows)
        counts[slider.name] = len(attacks) - start
    return PackedSliders(entries, tuple(attacks), counts)


def check_totals(packed: PackedSliders, expected: dict) -> None:
    """The layout must fill exactly the entry counts that the C header declares."""
    for name, count in expected.items():
        if packed.entries_per_slider.get(name) != count:
            raise VerificationError(
                f"{name} attacks fill {packed.entries_per_slider.get(name)} entries, expected {count}")
    if len(packed.attacks) != sum(expected.values()):
        raise VerificationError(
            f"slider_attacks has {len(packed.attacks)} entries, expected {sum(expected.values())}")


def lookup(packed: PackedSliders, slider_name: str, sq: int, occupied: int) -> int:
    """The C lookup of src/chess/attacks.h, in Python."""
    mask, magic, offset, shift = packed.entries[slider_name][sq]
    return packed.attacks[offset + ((((occupied & mask) * magic) & M64) >> shift)]


def verify_packed(board: Board, sliders, packed: PackedSliders) -> int:
    """Check every relevant occupancy of every square (plus random whole-board occupancies)
    against ray walking; returns the number of lookups checked, raises on the first failure."""
    checked = 0
    next_offset = 0  # blocks must follow each other with no gap, rook squares first
    probes = SplitMix64(PROBE_SEED)
    for slider in sliders:
        rows = packed.entries[slider.name]
        for sq in board.squares():
            mask, magic, offset, shift = rows[sq]
            size = 1 << mask.bit_count()
            where = f"{slider.name} {board.square_name(sq)}"
            if mask != relevant_mask(board, slider, sq):
                raise VerificationError(f"{where}: wrong relevant mask {mask:#018x}")
            if shift != 64 - mask.bit_count():
                raise VerificationError(f"{where}: shift {shift} is not 64 - popcount(mask)")
            if offset != next_offset or offset + size > len(packed.attacks):
                raise VerificationError(f"{where}: block at {offset}, expected {next_offset}")
            next_offset = offset + size
            occupancies = list(occupancy_subsets(mask))
            occupancies += [probes.next() for _ in range(RANDOM_PROBES_PER_SQUARE)]
            for occupied in occupancies:
                index = (((occupied & mask) * magic) & M64) >> shift
                if index >= size:
                    raise VerificationError(f"{where}: index {index} outside its block")
                expected = slider_attacks(board, slider, sq, occupied)
                if packed.attacks[offset + index] != expected:
                    raise VerificationError(
                        f"{where}: occupancy {occupied:#018x} gives {packed.attacks[offset + index]:#018x},"
                        f" ray walking gives {expected:#018x}")
                checked += 1
    if next_offset != len(packed.attacks):
        raise VerificationError(f"slider_attacks has {len(packed.attacks) - next_offset} entries no block owns")
    return checked
