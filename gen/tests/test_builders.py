import unittest

from gen import checks
from gen.builders import Settings, build_common, build_compact, first_rank_attacks
from gen.errors import VerificationError
from gen.geometry import CHESS
from gen.model import OutputFile, Table
from gen.rules import KNIGHT_RULE, between, leaper_attacks, line
from gen.tests import REPO_ROOT


def sq(name):
    return CHESS.parse_square(name)


def settings():
    return Settings(CHESS, REPO_ROOT, 0, 1, lambda line: None)


class CommonTablesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.common = build_common(settings())

    def test_castling_rights_kept(self):
        kept = self.common.table("castling_rights_kept")
        special = {"a1": 13, "e1": 12, "h1": 14, "a8": 7, "e8": 3, "h8": 11}
        for square in CHESS.squares():
            self.assertEqual(kept.at(square), special.get(CHESS.square_name(square), 15), CHESS.square_name(square))

    def test_pawn_table_by_colour(self):
        pawns = self.common.table("pawn_attacks_table")
        self.assertEqual(pawns.at(0, sq("e4")), 1 << sq("d5") | 1 << sq("f5"))
        self.assertEqual(pawns.at(1, sq("e4")), 1 << sq("d3") | 1 << sq("f3"))
        self.assertEqual(pawns.at(0, sq("h5")), 1 << sq("g6"))

    def test_every_table_fits_an_avr_object(self):
        for table in self.common.tables:
            self.assertLessEqual(table.host_bytes, 32767, table.name)


class CompactTablesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.compact = build_compact(settings())

    def test_masks_exclude_the_square(self):
        self.assertEqual(self.compact.table("file_masks").at(sq("a1")), 0x0101010101010100)
        self.assertEqual(self.compact.table("file_masks").at(sq("e4")), 0x1010101000101010)
        self.assertEqual(self.compact.table("diagonal_masks").at(sq("a1")), 0x8040201008040200)
        self.assertEqual(self.compact.table("diagonal_masks").at(sq("d4")), 0x8040201000040201)
        self.assertEqual(self.compact.table("antidiagonal_masks").at(sq("h1")), 0x0102040810204000)
        self.assertEqual(self.compact.table("antidiagonal_masks").at(sq("a1")), 0)

    def test_first_rank_attacks(self):
        table = self.compact.table("first_rank_attacks")
        self.assertEqual(table.dims, (8, 64))
        self.assertEqual(table.at(0, 0), 0xFE)  # a-file slider, empty rank: b..h
        self.assertEqual(table.at(3, 0), 0xF7)  # d: everything but d
        self.assertEqual(table.at(3, 0b000100), 0xF7)  # the slider's own file bit is ignored
        self.assertEqual(table.at(3, 0b100001), 0x76)  # blockers on b and g: b c e f g
        self.assertEqual(table.at(7, 0b100000), 0x40)  # h with g blocked: g only

    def test_first_rank_construction_matches_ray_walking(self):
        first_rank = [first_rank_attacks(f, o) for f in range(8) for o in range(64)]
        checks.check_compact(CHESS, *(self.compact.table(n).values for n in
                                      ("file_masks", "diagonal_masks", "antidiagonal_masks")), first_rank)

    def test_hyperbola_quintessence_emulation(self):
        masks = self.compact.table("file_masks")
        occupied = 1 << sq("e6") | 1 << sq("e2") | 1 << sq("e8")
        self.assertEqual(checks.hq_line_attacks(sq("e4"), occupied, masks.at(sq("e4"))),
                         1 << sq("e2") | 1 << sq("e3") | 1 << sq("e5") | 1 << sq("e6"))


class ChecksCatchMistakesTest(unittest.TestCase):
    def test_leaper_wrap_is_caught(self):
        knight = [leaper_attacks(CHESS, KNIGHT_RULE, s) for s in CHESS.squares()]
        checks.check_leaper_table(CHESS, "knight", KNIGHT_RULE, knight)
        knight[sq("h1")] |= 1 << sq("a2")  # a wrap-around: h1 + 2 files is off the board
        with self.assertRaisesRegex(VerificationError, r"knight\[h1\]"):
            checks.check_leaper_table(CHESS, "knight", KNIGHT_RULE, knight)

    def test_between_line_mistakes_are_caught(self):
        between_values = [between(CHESS, a, b) for a in CHESS.squares() for b in CHESS.squares()]
        line_values = [line(CHESS, a, b) for a in CHESS.squares() for b in CHESS.squares()]
        checks.check_between_line(CHESS, between_values, line_values)
        broken = list(between_values)
        broken[sq("a1") * 64 + sq("a3")] = 0
        with self.assertRaisesRegex(VerificationError, r"between_table\[a1\]\[a3\]"):
            checks.check_between_line(CHESS, broken, line_values)
        broken = list(line_values)
        broken[sq("b1") * 64 + sq("b1")] = 0xFF
        with self.assertRaisesRegex(VerificationError, r"line_table\[b1\]\[b1\]"):
            checks.check_between_line(CHESS, between_values, broken)

    def test_compact_mistakes_are_caught(self):
        compact = build_compact(settings())
        masks = [list(compact.table(n).values) for n in ("file_masks", "diagonal_masks", "antidiagonal_masks")]
        first_rank = list(compact.table("first_rank_attacks").values)
        masks[1][sq("c3")] |= 1 << sq("c3")  # the square itself in its mask
        with self.assertRaisesRegex(VerificationError, r"diagonal_masks\[c3\]"):
            checks.check_compact(CHESS, *masks, first_rank)
        masks[1][sq("c3")] &= ~(1 << sq("c3"))
        first_rank[2 * 64 + 5] ^= 0x80
        with self.assertRaisesRegex(VerificationError, r"first_rank_attacks\[2\]\[5\]"):
            checks.check_compact(CHESS, *masks, first_rank)

    def test_avr_object_limit(self):
        big = Table("big", "uint64_t", (64, 64), (0,) * 4096, "32768 bytes")
        checks.check_avr_object_limit(OutputFile("host.c", "t", (big,), avr_object_limit=False))
        with self.assertRaisesRegex(VerificationError, "big is 32768 bytes"):
            checks.check_avr_object_limit(OutputFile("avr.c", "t", (big,)))


if __name__ == "__main__":
    unittest.main()
