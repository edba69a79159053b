import unittest

from gen.errors import VerificationError
from gen.geometry import CHESS
from gen.magic import MagicResult
from gen.packing import CHESS_FANCY_ENTRIES, check_totals, pack
from gen.rules import BISHOP_RULE, ROOK_RULE, relevant_mask


def stand_in_results():
    """Results with blocks of the right size but no real magic: enough to test the packing."""
    results = {}
    for slider in (ROOK_RULE, BISHOP_RULE):
        for sq in CHESS.squares():
            mask = relevant_mask(CHESS, slider, sq)
            bits = mask.bit_count()
            results[(slider.name, sq)] = MagicResult(slider.name, sq, mask, sq + 1, 64 - bits,
                                                     (sq,) * (1 << bits), 0, 0.0)
    return results


class PackingTest(unittest.TestCase):
    def test_totals_and_offsets(self):
        packed = pack(CHESS, (ROOK_RULE, BISHOP_RULE), stand_in_results())
        check_totals(packed, CHESS_FANCY_ENTRIES)
        self.assertEqual(packed.entries_per_slider, {"rook": 102400, "bishop": 5248})
        self.assertEqual(len(packed.attacks), 107648)
        rook, bishop = packed.entries["rook"], packed.entries["bishop"]
        self.assertEqual(rook[0][2], 0)
        self.assertEqual(rook[1][2], 4096)  # a1 has 12 relevant bits
        self.assertEqual(bishop[0][2], 102400)  # bishop blocks follow all rook blocks
        self.assertEqual(bishop[63][2] + 64, 107648)  # h8 bishop: 6 bits
        for rows in (rook, bishop):
            for (mask, _, offset, shift), following in zip(rows, rows[1:]):
                self.assertEqual(following[2], offset + (1 << (64 - shift)))

    def test_wrong_totals_are_refused(self):
        packed = pack(CHESS, (ROOK_RULE, BISHOP_RULE), stand_in_results())
        with self.assertRaisesRegex(VerificationError, "rook attacks fill 102400 entries, expected 102399"):
            check_totals(packed, {"rook": 102399, "bishop": 5248})


if __name__ == "__main__":
    unittest.main()
