"""Board descriptions as data: size, square numbering, file/rank names and named regions.

A board is a value, not code. Chess and Xiangqi are the two descriptions below: Xiangqi is a
9x10 board (files a-i, ranks 1-10 from Red's side) whose palaces and river halves are named
regions attached through `with_region`; both run through the same rules, verify and emit steps.

Squares are numbered little-endian rank-file: square = rank * width + file, so a1 = 0 and, on
the chess board, h8 = 63. Square sets are Python ints used as bitboards (bit n = square n),
which works for boards of any size.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Board:
    """A rectangular board. Frozen and made of tuples so it can key caches."""

    name: str
    width: int
    height: int
    file_names: tuple[str, ...]
    rank_names: tuple[str, ...]
    # Named square sets, e.g. ("palace", bitboard); kept as sorted pairs so order never varies.
    regions: tuple[tuple[str, int], ...] = ()

    def __post_init__(self):
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"{self.name}: board size must be positive")
        if len(self.file_names) != self.width or len(set(self.file_names)) != self.width:
            raise ValueError(f"{self.name}: need {self.width} distinct file names")
        if len(self.rank_names) != self.height or len(set(self.rank_names)) != self.height:
            raise ValueError(f"{self.name}: need {self.height} distinct rank names")
        for region_name, squares in self.regions:
            if squares & ~self.all_squares:
                raise ValueError(f"{self.name}: region {region_name!r} has squares off the board")

    @property
    def size(self) -> int:
        return self.width * self.height

    @property
    def all_squares(self) -> int:
        return (1 << self.size) - 1

    def squares(self) -> range:
        return range(self.size)

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < self.width and 0 <= rank < self.height

    def square(self, file: int, rank: int) -> int:
        if not self.on_board(file, rank):
            raise ValueError(f"{self.name}: ({file}, {rank}) is off the board")
        return rank * self.width + file

    def file_of(self, sq: int) -> int:
        return sq % self.width

    def rank_of(self, sq: int) -> int:
        return sq // self.width

    def coords(self, sq: int) -> tuple[int, int]:
        return sq % self.width, sq // self.width

    def step(self, sq: int, d_file: int, d_rank: int):
        """The square d_file, d_rank away from sq, or None if that leaves the board (no wrap)."""
        file, rank = self.coords(sq)
        file, rank = file + d_file, rank + d_rank
        return self.square(file, rank) if self.on_board(file, rank) else None

    def square_name(self, sq: int) -> str:
        file, rank = self.coords(sq)
        return self.file_names[file] + self.rank_names[rank]

    def parse_square(self, name: str) -> int:
        # Rank names may be longer than one character (Xiangqi "10"), file names are one.
        file_name, rank_name = name[:1], name[1:]
        if file_name not in self.file_names or rank_name not in self.rank_names:
            raise ValueError(f"{self.name}: no square named {name!r}")
        return self.square(self.file_names.index(file_name), self.rank_names.index(rank_name))

    def rect(self, files: range, ranks: range) -> int:
        """The set of squares with file in `files` and rank in `ranks`."""
        return squares_to_set(self.square(f, r) for r in ranks for f in files)

    def with_region(self, name: str, squares: int) -> "Board":
        """A copy of this board with one more named region (a square set)."""
        if name in dict(self.regions):
            raise ValueError(f"{self.name}: region {name!r} already defined")
        regions = tuple(sorted(self.regions + ((name, squares),)))
        return Board(self.name, self.width, self.height, self.file_names, self.rank_names, regions)

    def region(self, name: str) -> int:
        regions = dict(self.regions)
        if name not in regions:
            raise KeyError(f"{self.name}: no region {name!r}")
        return regions[name]


def bit(sq: int) -> int:
    return 1 << sq


def squares_to_set(squares) -> int:
    result = 0
    for sq in squares:
        result |= 1 << sq
    return result


def set_to_squares(bitboard: int) -> list[int]:
    """Squares of a set in increasing order."""
    result = []
    while bitboard:
        low = bitboard & -bitboard
        result.append(low.bit_length() - 1)
        bitboard ^= low
    return result


CHESS = Board(
    name="chess",
    width=8,
    height=8,
    file_names=tuple("abcdefgh"),
    rank_names=tuple("12345678"),
)


def _xiangqi() -> Board:
    """Xiangqi: Red (the first player) at the bottom, ranks 1-5 on Red's side of the river. The
    palaces are the 3x3 squares d-f of ranks 1-3 and 8-10."""
    board = Board(
        name="xiangqi",
        width=9,
        height=10,
        file_names=tuple("abcdefghi"),
        rank_names=tuple(str(r) for r in range(1, 11)),
    )
    regions = (
        ("red palace", board.rect(range(3, 6), range(0, 3))),
        ("black palace", board.rect(range(3, 6), range(7, 10))),
        ("red half", board.rect(range(9), range(0, 5))),
        ("black half", board.rect(range(9), range(5, 10))),
    )
    for name, squares in regions:
        board = board.with_region(name, squares)
    return board


XIANGQI = _xiangqi()
