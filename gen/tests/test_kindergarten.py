import dataclasses
import unittest

from gen import kindergarten
from gen.builders import Settings, build_files, build_kindergarten
from gen.errors import VerificationError
from gen.geometry import CHESS, XIANGQI
from gen.rules import BISHOP_RULE, ROOK_RULE, slider_attacks
from gen.tests import REPO_ROOT


def sq(name):
    return CHESS.parse_square(name)


def settings():
    return Settings(CHESS, REPO_ROOT, 0, 1, lambda line: None)


def tables_of(output) -> kindergarten.KindergartenTables:
    """The builder's tables back as the verifier takes them."""
    values = {t.name: t.values for t in output.tables}
    diagonal_gather, file_gather = values["kindergarten_gathers"]
    return kindergarten.KindergartenTables(values["diagonal_masks"], values["antidiagonal_masks"],
                                           values["first_rank_attacks"], values["file_a_attacks"],
                                           diagonal_gather, file_gather)


class KindergartenBuilderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.output = build_kindergarten(settings())
        cls.tables = tables_of(cls.output)

    def test_file_and_tables(self):
        self.assertEqual(self.output.filename, "chess_kindergarten.c")
        self.assertEqual(dict(self.output.strings), {"chess_layout_name": "kindergarten"})
        sizes = {t.name: t.host_bytes for t in self.output.tables}
        self.assertEqual(sizes, {"diagonal_masks": 512, "antidiagonal_masks": 512, "first_rank_attacks": 512,
                                 "file_a_attacks": 4096, "kindergarten_gathers": 8})
        self.assertTrue(self.output.avr_object_limit)

    def test_derived_gathers(self):
        # Bit 8k + f of a folded diagonal moves up by 25 - 8k; the folded file's rank r sits at
        # 8r (r < 4) or 8r - 28 and moves to 25 + r.
        self.assertEqual(self.tables.diagonal_gather, 0x02020202)
        self.assertEqual(self.tables.file_gather, 0x02040810)

    def test_lookups_in_examples(self):
        occupied = 1 << sq("e6") | 1 << sq("e2") | 1 << sq("b4") | 1 << sq("g6") | 1 << sq("c2")
        self.assertEqual(kindergarten.rook_lookup(self.tables, sq("e4"), occupied),
                         slider_attacks(CHESS, ROOK_RULE, sq("e4"), occupied))
        self.assertEqual(kindergarten.bishop_lookup(self.tables, sq("e4"), occupied),
                         1 << sq("d3") | 1 << sq("c2") | 1 << sq("f5") | 1 << sq("g6")
                         | 1 << sq("d5") | 1 << sq("c6") | 1 << sq("b7") | 1 << sq("a8")
                         | 1 << sq("f3") | 1 << sq("g2") | 1 << sq("h1"))
        self.assertEqual(self.tables.file_a[0 * 64 + 0b000001], 1 << sq("a2"))  # a1, a2 blocked

    def test_fold_keeps_every_square_of_a_line_apart(self):
        for family in kindergarten.families(CHESS, self.tables.diagonal_masks, self.tables.antidiagonal_masks):
            for positions in family.lines:
                used = [p for p in positions if p is not None]
                self.assertEqual(len(used), len(set(used)), family.name)
                self.assertTrue(all(0 <= p < 32 for p in used), family.name)

    def test_verify_counts_every_relevant_occupancy(self):
        lookups = kindergarten.verify(CHESS, self.tables)
        self.assertGreaterEqual(lookups, 102400 + 5248 + 128 * kindergarten.RANDOM_PROBES_PER_SQUARE)

    def test_selected_by_build_files(self):
        self.assertEqual([f.filename for f in build_files(settings(), "chess", "kindergarten")],
                         ["chess_common.c", "chess_kindergarten.c"])


class KindergartenVerificationFailsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tables = tables_of(build_kindergarten(settings()))

    def broken(self, **changes):
        return dataclasses.replace(self.tables, **changes)

    def test_a_gather_that_carries_is_caught(self):
        # One bit more: bit 8 of a folded diagonal (rank 2, file a) also lands on bit 25 + 8 ...
        # and bit 0 plus 2^26 reaches the index: caught by the gather proof.
        with self.assertRaisesRegex(VerificationError, r"diagonal gather 0x06020202"):
            kindergarten.verify(CHESS, self.broken(diagonal_gather=0x06020202))
        with self.assertRaisesRegex(VerificationError, r"file gather 0x02040800"):
            kindergarten.verify(CHESS, self.broken(file_gather=0x02040800))

    def test_a_gather_wider_than_32_bits_is_refused(self):
        with self.assertRaisesRegex(VerificationError, "not a 32-bit multiplier"):
            kindergarten.verify(CHESS, self.broken(file_gather=1 << 32 | 0x02040810))

    def test_a_multiplier_that_cannot_exist_is_refused(self):
        family = kindergarten.Family("upside down", ((None, 30, 31, 0, 1, 2, 3, None),))
        with self.assertRaisesRegex(VerificationError, "cannot be moved up"):
            kindergarten.derive_multiplier(family)

    def test_a_wrong_file_entry_is_caught(self):
        file_a = list(self.tables.file_a)
        file_a[3 * 64 + 17] ^= 1 << sq("a8")
        with self.assertRaisesRegex(VerificationError, r"file_a_attacks\[3\]\[17\]"):
            kindergarten.verify(CHESS, self.broken(file_a=tuple(file_a)))

    def test_a_wrong_first_rank_entry_is_caught_by_the_lookups(self):
        first_rank = list(self.tables.first_rank)
        first_rank[2 * 64 + 5] ^= 0x80
        with self.assertRaisesRegex(VerificationError, r"first_rank_attacks\[2\]\[5\]"):
            kindergarten.verify(CHESS, self.broken(first_rank=tuple(first_rank)))

    def test_a_wrong_mask_is_caught(self):
        # The square itself in its mask would do no harm to a lookup, but it is not the table
        # tables.h declares.
        masks = list(self.tables.diagonal_masks)
        masks[sq("d4")] |= 1 << sq("d4")
        with self.assertRaisesRegex(VerificationError, r"diagonal_masks\[d4\]"):
            kindergarten.verify(CHESS, self.broken(diagonal_masks=tuple(masks)))

    def test_a_wrong_lookup_is_caught(self):
        # Tables that pass their own checks but a lookup that reads them wrongly: the emulated
        # lookups against ray walking catch it.
        original = kindergarten.file_lookup
        try:
            kindergarten.file_lookup = lambda t, s, occupied: original(t, s, occupied & ~(1 << sq("e7")))
            with self.assertRaisesRegex(VerificationError, r"kindergarten rook e\d: occupancy"):
                kindergarten.verify(CHESS, self.tables)
        finally:
            kindergarten.file_lookup = original

    def test_only_for_the_8x8_board(self):
        with self.assertRaisesRegex(VerificationError, "8x8"):
            kindergarten.verify(XIANGQI, self.tables)

    def test_the_reference_is_the_ray_walk(self):
        # The lookups agree with slider_attacks on a crowded board, so the failures above are the
        # verifier's doing, not the reference's.
        occupied = 0x00FF00F00F00FF00
        for s in (sq("a1"), sq("d4"), sq("h8"), sq("e5")):
            self.assertEqual(kindergarten.rook_lookup(self.tables, s, occupied),
                             slider_attacks(CHESS, ROOK_RULE, s, occupied))
            self.assertEqual(kindergarten.bishop_lookup(self.tables, s, occupied),
                             slider_attacks(CHESS, BISHOP_RULE, s, occupied))


if __name__ == "__main__":
    unittest.main()
