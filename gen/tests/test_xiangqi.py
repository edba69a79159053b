"""The Xiangqi game: board description, rules, the tables built from them, their checks (which
must catch a wrong entry), the emitted file and the header that declares it."""

import re
import shutil
import tempfile
import unittest
from pathlib import Path

from gen import checks, emit_c
from gen.builders import Settings, build_xiangqi, xiangqi_leaper_tables, xiangqi_line_tables
from gen.errors import VerificationError
from gen.geometry import XIANGQI, bit, set_to_squares, squares_to_set
from gen.rules import (ADVISOR_RULE, CANNON_RULE, ELEPHANT_RULE, HORSE_RULE, XQ_KING_RULE, blockable_leaper_moves,
                       confined_moves, hopper_moves, xq_pawn_moves)
from gen.tests import REPO_ROOT
from gen.zobrist import XIANGQI_ZOBRIST_SEED, build_xiangqi_zobrist


def sq(name):
    return XIANGQI.parse_square(name)


def squares(*names):
    return squares_to_set(sq(n) for n in names)


def names(bitboard):
    return sorted(XIANGQI.square_name(s) for s in set_to_squares(bitboard))


class BoardTest(unittest.TestCase):
    def test_numbering(self):
        self.assertEqual(XIANGQI.size, 90)
        self.assertEqual(sq("a1"), 0)
        self.assertEqual(sq("i1"), 8)
        self.assertEqual(sq("a2"), 9)
        self.assertEqual(sq("e10"), 85)
        self.assertEqual(XIANGQI.square_name(89), "i10")

    def test_regions(self):
        red, black = XIANGQI.region("red palace"), XIANGQI.region("black palace")
        self.assertEqual(names(red), ["d1", "d2", "d3", "e1", "e2", "e3", "f1", "f2", "f3"])
        self.assertEqual(names(black), ["d10", "d8", "d9", "e10", "e8", "e9", "f10", "f8", "f9"])
        red_half, black_half = XIANGQI.region("red half"), XIANGQI.region("black half")
        self.assertEqual(red_half.bit_count(), 45)
        self.assertEqual(red_half & black_half, 0)
        self.assertEqual(red_half | black_half, XIANGQI.all_squares)
        self.assertTrue(red_half >> sq("i5") & 1 and black_half >> sq("a6") & 1)


class RulesTest(unittest.TestCase):
    def test_general_and_advisor_stay_in_the_palace(self):
        self.assertEqual(names(confined_moves(XIANGQI, XQ_KING_RULE, sq("d1"))), ["d2", "e1"])
        self.assertEqual(names(confined_moves(XIANGQI, XQ_KING_RULE, sq("e9"))), ["d9", "e10", "e8", "f9"])
        self.assertEqual(names(confined_moves(XIANGQI, ADVISOR_RULE, sq("d1"))), ["e2"])
        self.assertEqual(names(confined_moves(XIANGQI, ADVISOR_RULE, sq("e2"))), ["d1", "d3", "f1", "f3"])
        self.assertEqual(confined_moves(XIANGQI, XQ_KING_RULE, sq("e5")), 0)

    def test_elephant_eye_and_river(self):
        self.assertEqual(names(confined_moves(XIANGQI, ELEPHANT_RULE, sq("c1"))), ["a3", "e3"])
        self.assertEqual(names(confined_moves(XIANGQI, ELEPHANT_RULE, sq("c5"))), ["a3", "e3"])  # not a7, e7
        self.assertEqual(names(confined_moves(XIANGQI, ELEPHANT_RULE, sq("c1"), squares("d2"))), ["a3"])
        self.assertEqual(names(confined_moves(XIANGQI, ELEPHANT_RULE, sq("g6"))), ["e8", "i8"])

    def test_horse_legs(self):
        self.assertEqual(names(blockable_leaper_moves(XIANGQI, HORSE_RULE, sq("b1"), 0)), ["a3", "c3", "d2"])
        # A piece on b2 (the leg towards rank 3) blocks a3 and c3, not d2.
        self.assertEqual(names(blockable_leaper_moves(XIANGQI, HORSE_RULE, sq("b1"), squares("b2"))), ["d2"])
        self.assertEqual(blockable_leaper_moves(XIANGQI, HORSE_RULE, sq("e5"), 0).bit_count(), 8)

    def test_pawns_before_and_after_the_river(self):
        self.assertEqual(names(xq_pawn_moves(XIANGQI, 0, sq("e4"))), ["e5"])
        self.assertEqual(names(xq_pawn_moves(XIANGQI, 0, sq("e6"))), ["d6", "e7", "f6"])
        self.assertEqual(names(xq_pawn_moves(XIANGQI, 0, sq("a10"))), ["b10"])
        self.assertEqual(names(xq_pawn_moves(XIANGQI, 1, sq("e7"))), ["e6"])
        self.assertEqual(names(xq_pawn_moves(XIANGQI, 1, sq("e5"))), ["d5", "e4", "f5"])

    def test_cannon_screens(self):
        occupied = squares("b3", "b8", "b10", "e3", "h3")
        quiet, hits = hopper_moves(XIANGQI, CANNON_RULE, sq("b3"), occupied)
        self.assertEqual(names(quiet), ["a3", "b1", "b2", "b4", "b5", "b6", "b7", "c3", "d3"])
        self.assertEqual(names(hits), ["b10", "h3"])


class TablesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.leapers = xiangqi_leaper_tables(XIANGQI)
        cls.lines = xiangqi_line_tables(XIANGQI)

    def test_horse_attackers_use_the_diagonal_legs(self):
        attackers = self.leapers["xq_horse_attackers"]
        everything = attackers[sq("e5") * 16 + 0]
        self.assertEqual(everything.bit_count(), 8)
        # Bit 3 (north-east neighbour f6) blocks the horses on f7 and g6, which pass through it.
        self.assertEqual(names(everything & ~attackers[sq("e5") * 16 + 8]), ["f7", "g6"])

    def test_line_tables(self):
        rook_rank, cannon_rank = self.lines["xq_rook_rank"], self.lines["xq_cannon_rank"]
        self.assertEqual(rook_rank[0 * 128 + 0], 0x1FE)  # a-file slider, empty rank: b..i
        self.assertEqual(rook_rank[4 * 128 + 0b0100010], 0b001101100)  # e with c and g occupied
        self.assertEqual(cannon_rank[0 * 128 + 0b0000001], 1 << 8)  # screen b, no inner piece: i
        self.assertEqual(cannon_rank[0 * 128 + 0b0000101], 1 << 3)  # screen b, hit d
        self.assertEqual(self.lines["xq_rook_file"][0], sum(bit(9 * r) for r in range(1, 10)))

    def test_checks_pass(self):
        self.assertGreater(checks.check_xiangqi_leapers(XIANGQI, self.leapers), 0)
        self.assertGreater(checks.check_xiangqi_lines(XIANGQI, self.lines), 0)

    def test_checks_catch_a_wrong_entry(self):
        for name, index, flip in (("xq_horse_moves", sq("c5") * 16 + 3, bit(sq("d7"))),
                                  ("xq_elephant_moves", sq("e3") * 16 + 0, bit(sq("c5"))),
                                  ("xq_horse_attackers", sq("e1") * 16 + 4, bit(sq("c2"))),
                                  ("xq_pawn_moves", 90 + sq("e5"), bit(sq("d5")))):
            with self.subTest(table=name):
                broken = dict(self.leapers)
                broken[name] = list(broken[name])
                broken[name][index] ^= flip
                with self.assertRaises(VerificationError):
                    checks.check_xiangqi_leapers(XIANGQI, broken)
        for name, index, flip in (("xq_cannon_file", 3 * 256 + 0b00100100, bit(9 * 9)),
                                  ("xq_rook_rank", 5 * 128 + 0b1000000, 1 << 2)):
            with self.subTest(table=name):
                broken = dict(self.lines)
                broken[name] = list(broken[name])
                broken[name][index] ^= flip
                with self.assertRaises(VerificationError):
                    checks.check_xiangqi_lines(XIANGQI, broken)

    def test_index_emulation_reads_the_right_squares(self):
        occupied = squares("e4", "d5", "f5", "e6")  # the four legs of a horse on e5
        self.assertEqual(checks.xq_leg_index(sq("e5"), occupied), 0b1111)
        self.assertEqual(checks.xq_leg_index(sq("e5"), squares("d5")), 0b0010)
        self.assertEqual(checks.xq_diagonal_index(sq("e5"), squares("f6")), 0b1000)
        rank_index, file_index = checks.xq_line_indices(sq("e5"), squares("b5", "e2", "e9"))
        self.assertEqual((rank_index, file_index), (0b0000001, 0b10000001))


class ZobristTest(unittest.TestCase):
    def test_deterministic_and_distinct(self):
        a = build_xiangqi_zobrist(XIANGQI, 7)
        self.assertEqual(a, build_xiangqi_zobrist(XIANGQI, 7, XIANGQI_ZOBRIST_SEED))
        self.assertEqual(len(a.piece), 2 * 7 * 90)
        self.assertEqual(len(set(a.piece + (a.black_to_move,))), 2 * 7 * 90 + 1)
        self.assertNotEqual(a, build_xiangqi_zobrist(XIANGQI, 7, 1))


class OutputTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.output = build_xiangqi(Settings(None, REPO_ROOT, 0, 1, lambda line: None))
        cls.text = emit_c.render(cls.output, "cmd", "00")

    def test_includes_its_own_header(self):
        self.assertIn('#include "xiangqi/tables.h"', self.text)
        self.assertIn("const TableInfo xiangqi_tables[] = {", self.text)

    def test_definitions_match_the_declarations(self):
        header = (REPO_ROOT / "src" / "xiangqi" / "tables.h").read_text()
        declared = set(re.findall(r"^extern (FM_TABLE [\w ]+?) ?(\w+)((?:\[\w+\])*);", header, re.M))
        defined = set(re.findall(r"^(FM_TABLE [\w ]+?) (\w+)((?:\[\w+\])*) = ", self.text, re.M))
        self.assertEqual(defined, {(t.rstrip(), n, d) for t, n, d in declared})

    def test_two_word_values(self):
        self.assertEqual(emit_c.format_value("XqBBWords", 1 << 89 | 5),
                         "{0x0000000000000005ULL, 0x0000000002000000ULL}")
        self.assertEqual(emit_c.format_value("uint16_t", 0x1FE), "0x01FE")
        with self.assertRaises(ValueError):
            emit_c.format_value("XqBBWords", 1 << 128)

    def test_generated_file_is_current(self):
        folder = Path(tempfile.mkdtemp(prefix="tablegen-xiangqi-"))
        self.addCleanup(shutil.rmtree, folder, ignore_errors=True)
        from gen.tests.test_tablegen import run_cli
        result = run_cli("--out", folder, "--game", "xiangqi")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual([p.name for p in folder.iterdir()], ["xiangqi_tables.c"])
        self.assertEqual((folder / "xiangqi_tables.c").read_bytes(),
                         (REPO_ROOT / "generated" / "xiangqi_tables.c").read_bytes())


if __name__ == "__main__":
    unittest.main()
