import unittest

from gen.geometry import CHESS, Board, set_to_squares, squares_to_set


class ChessBoardTest(unittest.TestCase):
    def test_numbering_is_little_endian_rank_file(self):
        self.assertEqual(CHESS.size, 64)
        self.assertEqual(CHESS.square(0, 0), 0)  # a1
        self.assertEqual(CHESS.square(7, 0), 7)  # h1
        self.assertEqual(CHESS.square(0, 1), 8)  # a2
        self.assertEqual(CHESS.square(7, 7), 63)  # h8
        self.assertEqual(CHESS.coords(28), (4, 3))  # e4

    def test_names_round_trip(self):
        self.assertEqual(CHESS.square_name(0), "a1")
        self.assertEqual(CHESS.square_name(63), "h8")
        self.assertEqual(CHESS.square_name(12), "e2")
        for sq in CHESS.squares():
            self.assertEqual(CHESS.parse_square(CHESS.square_name(sq)), sq)
        with self.assertRaises(ValueError):
            CHESS.parse_square("i1")
        with self.assertRaises(ValueError):
            CHESS.parse_square("a9")

    def test_on_board_and_step_never_wrap(self):
        self.assertTrue(CHESS.on_board(7, 7))
        self.assertFalse(CHESS.on_board(8, 0))
        self.assertFalse(CHESS.on_board(0, -1))
        self.assertIsNone(CHESS.step(CHESS.parse_square("h4"), 1, 0))  # not a5
        self.assertIsNone(CHESS.step(CHESS.parse_square("a4"), -1, 0))  # not h3
        self.assertEqual(CHESS.step(CHESS.parse_square("e4"), 1, 2), CHESS.parse_square("f6"))
        with self.assertRaises(ValueError):
            CHESS.square(8, 0)

    def test_square_sets(self):
        self.assertEqual(squares_to_set([0, 63]), 1 | 1 << 63)
        self.assertEqual(set_to_squares(0x8000000000000101), [0, 8, 63])
        self.assertEqual(CHESS.all_squares, (1 << 64) - 1)


class OtherBoardsTest(unittest.TestCase):
    """A second description through the same constructor: the shape Xiangqi will use."""

    def setUp(self):
        board = Board("xiangqi-like", 9, 10, tuple("abcdefghi"), tuple(str(r) for r in range(1, 11)))
        self.board = board.with_region("red palace", board.rect(range(3, 6), range(0, 3)))

    def test_size_and_names(self):
        self.assertEqual(self.board.size, 90)
        self.assertEqual(self.board.square_name(89), "i10")
        self.assertEqual(self.board.parse_square("e10"), 9 * 9 + 4)
        self.assertEqual(self.board.square(8, 0), 8)  # i1
        self.assertIsNone(self.board.step(8, 1, 0))  # i1 -> nothing, not a2

    def test_regions(self):
        palace = self.board.region("red palace")
        self.assertEqual(palace.bit_count(), 9)
        self.assertEqual([self.board.square_name(s) for s in set_to_squares(palace)][:3], ["d1", "e1", "f1"])
        with self.assertRaises(ValueError):
            self.board.with_region("red palace", 0)
        with self.assertRaises(KeyError):
            self.board.region("river")

    def test_descriptions_are_hashable_values(self):
        same = Board("xiangqi-like", 9, 10, tuple("abcdefghi"), tuple(str(r) for r in range(1, 11)))
        self.assertEqual(hash(same.with_region("red palace", self.board.region("red palace"))), hash(self.board))

    def test_bad_descriptions_are_refused(self):
        with self.assertRaises(ValueError):
            Board("bad", 3, 3, tuple("ab"), tuple("123"))
        with self.assertRaises(ValueError):
            Board("bad", 2, 2, tuple("ab"), tuple("12"), regions=(("x", 1 << 4),))


if __name__ == "__main__":
    unittest.main()
