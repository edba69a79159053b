"""The data model between the table builders and the C emitter: tables and output files.

A Table holds its values flat, in C row-major order, with the dimensions as declared in
src/chess/tables.h; the emitter only formats what is here, and tests read keys and masks from here.
"""

import math
from dataclasses import dataclass

# Bytes per element on a host or ARM build (MagicEntry: 8 + 8 + 4 + 1, padded to 24; PextEntry:
# 8 + 4, padded to 16; PdepEntry and DenseEntry: 8 + 8 + 4, padded to 24; XqBBWords: a 90-square Xiangqi
# bitboard as two 64-bit words, low squares first).
ELEMENT_BYTES = {"uint64_t": 8, "uint32_t": 4, "uint16_t": 2, "uint8_t": 1, "MagicEntry": 24, "PextEntry": 16, "PdepEntry": 24, "DenseEntry": 24,
                 "XqBBWords": 16}

# The largest object avr-gcc accepts (its size_t/ptrdiff_t are 16-bit).
AVR_MAX_OBJECT_BYTES = 32767


@dataclass(frozen=True)
class Table:
    name: str
    ctype: str  # a key of ELEMENT_BYTES
    dims: tuple[int, ...]  # () for a scalar
    # flat, row-major; a MagicEntry value is (mask, magic, offset, shift), a PextEntry (mask,
    # offset), a PdepEntry (mask, rays, offset), a DenseEntry (mask, magic, offset)
    values: tuple
    comment: str  # one line shown above the definition
    # How each dimension is spelled in the C declaration, e.g. "SLIDER_ATTACK_ENTRIES";
    # empty means "the number itself".
    dim_names: tuple[str, ...] = ()
    # Optional labels per dimension (e.g. colour names, square names) used for comments.
    labels: tuple = ()

    def __post_init__(self):
        if self.ctype not in ELEMENT_BYTES:
            raise ValueError(f"{self.name}: unknown C type {self.ctype}")
        if len(self.values) != self.entries:
            raise ValueError(f"{self.name}: {len(self.values)} values for dimensions {self.dims}")
        if self.dim_names and len(self.dim_names) != len(self.dims):
            raise ValueError(f"{self.name}: dim_names do not match dims")

    @property
    def entries(self) -> int:
        """Number of elements, counting all dimensions (1 for a scalar)."""
        return math.prod(self.dims)

    @property
    def host_bytes(self) -> int:
        return self.entries * ELEMENT_BYTES[self.ctype]

    def at(self, *index: int):
        """The value at a full index, e.g. table.at(colour, piece_type, square)."""
        if len(index) != len(self.dims):
            raise IndexError(f"{self.name}: need {len(self.dims)} indices")
        flat = 0
        for i, size in zip(index, self.dims):
            if not 0 <= i < size:
                raise IndexError(f"{self.name}: index {index} out of range {self.dims}")
            flat = flat * size + i
        return self.values[flat]


@dataclass(frozen=True)
class OutputFile:
    filename: str  # inside the output folder, e.g. "chess_common.c"
    catalogue: str  # name of its TableInfo array
    tables: tuple[Table, ...]
    strings: tuple[tuple[str, str], ...] = ()  # (name, value) of `const char name[] = "value";`
    inputs: tuple[str, ...] = ()  # repo-relative data files the tables were read from
    avr_object_limit: bool = True  # every table must fit one AVR object
    header: str = "chess/tables.h"  # the hand-written header declaring the tables (under src/)

    def table(self, name: str) -> Table:
        for table in self.tables:
            if table.name == name:
                return table
        raise KeyError(f"{self.filename}: no table {name}")
