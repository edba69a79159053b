"""The pext layout: one attack block per square, indexed by BMI2 PEXT; packed and verified here.

There is no search. The index of an occupancy in its square's block is _pext_u64(occupied, mask):
the relevant occupancy bits gathered towards bit 0 in square order
(https://www.chessprogramming.org/BMI2#PEXTBitboards). So entry i of a block holds the attacks
for the occupancy _pdep_u64(i, mask). Blocks go in the fancy layout's order (rook squares a1..h8,
then bishop squares), each of 2^popcount(mask) entries where the previous one ended.

Entries come in two widths. A 64-bit entry is the attack set. A 16-bit entry is the attack set
gathered onto the square's empty-board attacks, its "rays" (at most 14 squares for a rook, 13
for a bishop), which the C lookup spreads back with _pdep_u64(entry, rays).

verify() emulates the lookups of src/chess/attacks.h and checks every relevant occupancy of every
square, and random whole boards, against ray walking.
"""

from dataclasses import dataclass

from .errors import VerificationError
from .geometry import Board
from .magic import SplitMix64
from .rules import occupancy_subsets, relevant_mask, slider_attacks

ENTRY_WIDTHS = (64, 16)  # bits per attack entry: the plain and the PDEP-compressed form
RANDOM_PROBES_PER_SQUARE = 64  # whole-board occupancies checked per square besides the subsets
PROBE_SEED = 0xBB67AE8584CAA73B  # fixed, so the check itself is reproducible


def pext(value: int, mask: int) -> int:
    """_pext_u64: the bits of value under mask, packed towards bit 0 in the order of mask's bits."""
    result = 0
    out = 1
    while mask:
        low = mask & -mask
        if value & low:
            result |= out
        out <<= 1
        mask ^= low
    return result


def pdep(value: int, mask: int) -> int:
    """_pdep_u64: the low bits of value spread, in order, onto the set bits of mask."""
    result = 0
    while mask and value:
        low = mask & -mask
        if value & 1:
            result |= low
        value >>= 1
        mask ^= low
    return result


@dataclass(frozen=True)
class PextBlocks:
    masks: dict  # slider name -> the 64 relevant occupancy masks
    rays: dict  # slider name -> the 64 empty-board attack sets (what a 16-bit entry is spread onto)
    offsets: dict  # slider name -> the 64 block starts
    attacks: tuple[int, ...]  # every block's attack sets (64-bit entries), concatenated
    entries_per_slider: dict  # slider name -> entries of its 64 blocks

    def compressed(self, sliders) -> tuple[int, ...]:
        """The 16-bit entries: each attack set gathered onto its square's rays."""
        entries = []
        for slider in sliders:
            for mask, rays, offset in zip(self.masks[slider.name], self.rays[slider.name], self.offsets[slider.name]):
                entries += [pext(a, rays) for a in self.attacks[offset:offset + (1 << mask.bit_count())]]
        return tuple(entries)


def pack(board: Board, sliders) -> PextBlocks:
    """Every square's block, entry i being the attacks for occupancy pdep(i, mask), in slider order."""
    masks, rays, offsets, attacks, counts = {}, {}, {}, [], {}
    for slider in sliders:
        start = len(attacks)
        masks[slider.name] = tuple(relevant_mask(board, slider, sq) for sq in board.squares())
        rays[slider.name] = tuple(slider_attacks(board, slider, sq, 0) for sq in board.squares())
        offsets[slider.name] = []
        for sq, mask in enumerate(masks[slider.name]):
            offsets[slider.name].append(len(attacks))
            attacks += [slider_attacks(board, slider, sq, pdep(i, mask)) for i in range(1 << mask.bit_count())]
        offsets[slider.name] = tuple(offsets[slider.name])
        counts[slider.name] = len(attacks) - start
    return PextBlocks(masks, rays, offsets, tuple(attacks), counts)


def lookup(blocks: PextBlocks, entries, width: int, slider_name: str, sq: int, occupied: int) -> int:
    """The C lookup of src/chess/attacks.h, in Python, for entries of either width."""
    entry = entries[blocks.offsets[slider_name][sq] + pext(occupied, blocks.masks[slider_name][sq])]
    return entry if width == 64 else pdep(entry, blocks.rays[slider_name][sq])


def verify(board: Board, sliders, blocks: PextBlocks, entries, width: int) -> int:
    """Masks, rays and offsets against the rules; then every relevant occupancy of every square,
    and random whole boards, looked up as C does against ray walking. Returns the lookups
    checked; raises VerificationError on the first failure."""
    if width not in ENTRY_WIDTHS:
        raise VerificationError(f"pext entries are {' or '.join(map(str, ENTRY_WIDTHS))} bits, not {width}")
    checked = next_offset = 0
    probes = SplitMix64(PROBE_SEED)
    for slider in sliders:
        for sq in board.squares():
            mask, rays = blocks.masks[slider.name][sq], blocks.rays[slider.name][sq]
            offset, size = blocks.offsets[slider.name][sq], 1 << mask.bit_count()
            where = f"{width}-bit pext {slider.name} {board.square_name(sq)}"
            if mask != relevant_mask(board, slider, sq):
                raise VerificationError(f"{where}: wrong relevant mask {mask:#018x}")
            if rays != slider_attacks(board, slider, sq, 0):
                raise VerificationError(f"{where}: rays {rays:#018x} are not the empty-board attacks")
            if width == 16 and rays.bit_count() > 16:
                raise VerificationError(f"{where}: {rays.bit_count()} rays squares do not fit 16 bits")
            if offset != next_offset or offset + size > len(entries):
                raise VerificationError(f"{where}: block at {offset}, expected {next_offset}")
            next_offset = offset + size
            for occupied in [*occupancy_subsets(mask), *(probes.next() for _ in range(RANDOM_PROBES_PER_SQUARE))]:
                index = pext(occupied, mask)
                if index >= size:
                    raise VerificationError(f"{where}: index {index} outside its block")
                if not 0 <= entries[offset + index] < 1 << (rays.bit_count() if width == 16 else 64):
                    raise VerificationError(f"{where}: entry {offset + index} = {entries[offset + index]:#x}"
                                            f" does not fit the square's {width}-bit entries")
                got, expected = lookup(blocks, entries, width, slider.name, sq, occupied), \
                    slider_attacks(board, slider, sq, occupied)
                if got != expected:
                    raise VerificationError(f"{where}: occupancy {occupied:#018x} gives {got:#018x},"
                                            f" ray walking gives {expected:#018x}")
                checked += 1
    if next_offset != len(entries):
        raise VerificationError(f"{width}-bit pext attacks have {len(entries) - next_offset} entries no block owns")
    return checked
