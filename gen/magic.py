"""Magic number search for fancy magic bitboards, deterministic and parallel.

https://www.chessprogramming.org/Magic_Bitboards (fancy layout: one block of 2^popcount(mask)
entries per square, shift = 64 - popcount(mask)). Each (slider, square) draws its candidates from
its own SplitMix64 stream, seeded from the run's seed and the pair, so a square's magic does not
depend on which process searched it or in what order.
"""

import functools
import multiprocessing
import time
from array import array
from dataclasses import dataclass, field

from .geometry import Board
from .rules import Slider, occupancy_subsets, relevant_mask, slider_attacks

M64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
MIX_1 = 0xBF58476D1CE4E5B9
MIX_2 = 0x94D049BB133111EB

# The default seed of the search ("FLASHMAT" in ASCII). Any seed gives valid tables; changing
# it changes the magics and therefore generated/chess_fancy.c.
FLASHMATE_MAGIC_SEED = 0x464C4153484D4154

# Stable numbers that key each slider's random streams (never Python's hash of a name).
SLIDER_STREAM_CODES = {"rook": 1, "bishop": 2}

# A candidate is tried only if the top byte of mask * magic has at least this many bits set.
MIN_TOP_BYTE_BITS = 6
BATCH = 1024  # candidates drawn per batch by the vectorised generator

if array("Q").itemsize != 8:
    raise ImportError("array('Q') is not 64-bit on this Python")


def mix64(z: int) -> int:
    """The SplitMix64 output function (a bijection of 64-bit values)."""
    z = ((z ^ (z >> 30)) * MIX_1) & M64
    z = ((z ^ (z >> 27)) * MIX_2) & M64
    return z ^ (z >> 31)


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood 2014; Vigna's splitmix64.c): output k is
    mix64(seed + k * GOLDEN_GAMMA), k = 1, 2, ... This scalar form is the reference."""

    def __init__(self, seed: int):
        self.state = seed & M64

    def next(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & M64
        return mix64(self.state)

    def sparse(self) -> int:
        """A number with about 8 of 64 bits set (the AND of three outputs): magics are sparse."""
        return self.next() & self.next() & self.next()


def stream_seed(seed: int, slider_name: str, sq: int) -> int:
    """The seed of one (slider, square) stream, mixed from the run's seed and the pair."""
    return mix64(seed ^ mix64((SLIDER_STREAM_CODES[slider_name] << 32) | sq))


def passes_prefilter(mask: int, magic: int) -> bool:
    return (((mask * magic) & M64) >> 56).bit_count() >= MIN_TOP_BYTE_BITS


# ---- Vectorised form of the same stream ----
# Python spends most of a scalar search drawing random numbers, so the batch generator below
# computes many SplitMix64 outputs at once: one big int holds one 64-bit value per 128-bit lane,
# and every step is a single big-int operation. The upper half of each lane absorbs a 64x64-bit
# product and is masked off after every step, so lanes never disturb each other.

def _lanes_to_int(values) -> int:
    return int.from_bytes(array("Q", [x for v in values for x in (v, 0)]).tobytes(), "little")


@functools.lru_cache(maxsize=None)
def _lane_constants(lanes: int, stride: int):
    ones = _lanes_to_int([1] * lanes)
    low = ones * M64
    steps = _lanes_to_int([(i * stride * GOLDEN_GAMMA) & M64 for i in range(lanes)])
    return ones, low, steps


def _splitmix_lanes(seed: int, first: int, stride: int, lanes: int) -> int:
    """Outputs first, first + stride, ... of SplitMix64(seed), one per 128-bit lane."""
    ones, low, steps = _lane_constants(lanes, stride)
    z = (((seed + first * GOLDEN_GAMMA) & M64) * ones + steps) & low
    z = (((z ^ (z >> 30)) & low) * MIX_1) & low
    z = (((z ^ (z >> 27)) & low) * MIX_2) & low
    return (z ^ (z >> 31)) & low


_TOP_BYTE_PASSES = bytes(int(b.bit_count() >= MIN_TOP_BYTE_BITS) for b in range(256))


def candidate_magics(seed: int, mask: int):
    """Endless candidates for mask: exactly the values of SplitMix64(seed).sparse() that pass
    the top-byte filter, in the same order, computed BATCH at a time."""
    drawn = 0
    while True:
        first = 3 * drawn + 1
        sparse = (_splitmix_lanes(seed, first, 3, BATCH)
                  & _splitmix_lanes(seed, first + 1, 3, BATCH)
                  & _splitmix_lanes(seed, first + 2, 3, BATCH))
        low = _lane_constants(BATCH, 3)[1]
        top_bytes = ((sparse * mask) & low).to_bytes(16 * BATCH, "little")[7::16]
        flags = top_bytes.translate(_TOP_BYTE_PASSES)
        values = array("Q", sparse.to_bytes(16 * BATCH, "little"))
        i = flags.find(1)
        while i >= 0:
            yield values[2 * i]
            i = flags.find(1, i + 1)
        drawn += BATCH


@dataclass(frozen=True)
class MagicResult:
    slider: str
    square: int
    mask: int
    magic: int
    shift: int
    block: tuple[int, ...]  # attacks by index, 2^popcount(mask) entries, 0 where nothing maps
    candidates: int  # candidates tried after the filter, for the report
    seconds: float = field(compare=False)  # search time, for the report (never emitted)


def find_magic(board: Board, slider: Slider, sq: int, seed: int) -> MagicResult:
    """Search one square's magic with the fixed shift 64 - popcount(mask).

    Two occupancies may share an index only when they give the same attacks."""
    if board.size > 64:
        raise ValueError(f"{board.name}: 64-bit magics need a board of at most 64 squares")
    start = time.monotonic()
    mask = relevant_mask(board, slider, sq)
    shift = 64 - mask.bit_count()
    size = 1 << mask.bit_count()
    pairs = [(occ, slider_attacks(board, slider, sq, occ)) for occ in occupancy_subsets(mask)]
    # One occupancy per distinct attack set first: any index collision among those is
    # destructive, so a bad candidate tends to fail within the first few dozen probes.
    firsts, repeats, seen_attacks = [], [], set()
    for pair in pairs:
        (repeats if pair[1] in seen_attacks else firsts).append(pair)
        seen_attacks.add(pair[1])
    pairs = firsts + repeats
    candidates = 0
    for magic in candidate_magics(stream_seed(seed, slider.name, sq), mask):
        candidates += 1
        block = [None] * size
        for occ, attacks in pairs:
            index = ((occ * magic) & M64) >> shift
            stored = block[index]
            if stored is None:
                block[index] = attacks
            elif stored != attacks:
                break
        else:
            return MagicResult(slider.name, sq, mask, magic, shift,
                               tuple(0 if a is None else a for a in block), candidates,
                               time.monotonic() - start)
    raise AssertionError("unreachable: the candidate stream is endless")


def _search_task(task) -> MagicResult:
    board, slider, sq, seed = task
    return find_magic(board, slider, sq, seed)


def find_all_magics(board: Board, sliders, seed: int, jobs: int, report) -> dict:
    """Magics for every (slider, square), keyed by (slider name, square).

    jobs == 1 searches in this process, otherwise a pool of `jobs` processes shares the squares.
    Calls report(slider name, results of its squares, seconds since the start) once per slider,
    when its last square is done."""
    tasks = [(board, slider, sq, seed) for slider in sliders for sq in board.squares()]
    done = {slider.name: [] for slider in sliders}
    results = {}
    start = time.monotonic()

    def collect(result: MagicResult):
        results[(result.slider, result.square)] = result
        done[result.slider].append(result)
        if len(done[result.slider]) == board.size:
            report(result.slider, done[result.slider], time.monotonic() - start)

    if jobs <= 1:
        for task in tasks:
            collect(_search_task(task))
    else:
        with multiprocessing.Pool(min(jobs, len(tasks))) as pool:
            for result in pool.imap_unordered(_search_task, tasks, chunksize=1):
                collect(result)
    return results
