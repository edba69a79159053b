import random
import unittest
from dataclasses import replace

from gen import pext
from gen.builders import Settings, build_pext
from gen.errors import VerificationError
from gen.geometry import CHESS
from gen.rules import BISHOP_RULE, ROOK_RULE, slider_attacks
from gen.tests import REPO_ROOT

SLIDERS = (ROOK_RULE, BISHOP_RULE)


def sq(name):
    return CHESS.parse_square(name)


def squares(*names):
    return sum(1 << sq(name) for name in names)


class BitOperationsTest(unittest.TestCase):
    def test_known_answers(self):
        # Gather and scatter in the order of the mask's bits, low bits first, as BMI2 does.
        self.assertEqual(pext.pext(0x12345678, 0xFF00FFF0), 0x12567)
        self.assertEqual(pext.pdep(0x12567, 0xFF00FFF0), 0x12005670)
        self.assertEqual(pext.pext(0xFFFFFFFFFFFFFFFF, 1 << 63 | 1), 0b11)
        self.assertEqual(pext.pdep(0b10, 1 << 63 | 1), 1 << 63)
        self.assertEqual(pext.pext(0x1234, 0), 0)
        self.assertEqual(pext.pdep(0xFFFF, 0), 0)

    def test_pdep_undoes_pext_on_the_mask(self):
        rng = random.Random(1)
        for _ in range(200):
            mask = rng.getrandbits(64) & rng.getrandbits(64)
            value = rng.getrandbits(64)
            self.assertEqual(pext.pdep(pext.pext(value, mask), mask), value & mask)
            self.assertLess(pext.pext(value, mask), 1 << mask.bit_count())


class PackTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.blocks = pext.pack(CHESS, SLIDERS)
        cls.compressed = cls.blocks.compressed(SLIDERS)

    def test_sizes_and_offsets(self):
        blocks = self.blocks
        self.assertEqual(blocks.entries_per_slider, {"rook": 102400, "bishop": 5248})
        self.assertEqual(len(blocks.attacks), 107648)
        self.assertEqual(len(self.compressed), 107648)
        self.assertEqual(blocks.offsets["rook"][:2], (0, 4096))  # a1: 12 relevant squares
        self.assertEqual(blocks.offsets["bishop"][0], 102400)  # bishop blocks follow the rook blocks
        self.assertEqual(blocks.offsets["bishop"][63] + 64, 107648)  # h8 bishop: 6 relevant squares

    def test_entry_i_is_the_occupancy_pdep_i_mask(self):
        mask = self.blocks.masks["rook"][sq("e4")]
        self.assertEqual(mask, squares("e2", "e3", "e5", "e6", "e7", "b4", "c4", "d4", "f4", "g4"))
        occupied = squares("e6", "c4", "g4", "e2")
        index = pext.pext(occupied, mask)
        expected = squares("e5", "e6", "e3", "e2", "d4", "c4", "f4", "g4")
        self.assertEqual(self.blocks.attacks[self.blocks.offsets["rook"][sq("e4")] + index], expected)
        noise = squares("a1", "h8", "e4", "e8", "h4")  # outside the mask or the square itself
        self.assertEqual(pext.lookup(self.blocks, self.blocks.attacks, 64, "rook", sq("e4"), occupied | noise),
                         expected)
        self.assertEqual(pext.lookup(self.blocks, self.compressed, 16, "rook", sq("e4"), occupied | noise),
                         expected)

    def test_sixteen_bit_entries_are_bits_of_the_rays(self):
        self.assertEqual(self.blocks.rays["bishop"][sq("d4")],
                         slider_attacks(CHESS, BISHOP_RULE, sq("d4"), 0))
        self.assertEqual(max(r.bit_count() for r in self.blocks.rays["rook"]), 14)
        self.assertEqual(max(r.bit_count() for r in self.blocks.rays["bishop"]), 13)
        self.assertLess(max(self.compressed), 1 << 14)
        self.assertEqual(self.compressed[0], pext.pext(self.blocks.attacks[0], self.blocks.rays["rook"][0]))

    def test_every_occupancy_verifies(self):
        self.assertEqual(pext.verify(CHESS, SLIDERS, self.blocks, self.blocks.attacks, 64), 107648 + 128 * 64)
        self.assertEqual(pext.verify(CHESS, SLIDERS, self.blocks, self.compressed, 16), 107648 + 128 * 64)


class VerificationCatchesMistakesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.blocks = pext.pack(CHESS, SLIDERS)
        cls.compressed = cls.blocks.compressed(SLIDERS)

    def assert_refused(self, pattern, blocks, entries, width):
        with self.assertRaisesRegex(VerificationError, pattern):
            pext.verify(CHESS, SLIDERS, blocks, entries, width)

    def test_a_wrong_entry(self):
        attacks = list(self.blocks.attacks)
        attacks[5] ^= 1 << sq("a2")
        self.assert_refused("64-bit pext rook a1: occupancy .* ray walking gives", self.blocks, attacks, 64)
        compressed = list(self.compressed)
        compressed[5] ^= 1
        self.assert_refused("16-bit pext rook a1: occupancy", self.blocks, compressed, 16)

    def test_a_sixteen_bit_entry_beyond_its_rays(self):
        compressed = list(self.compressed)
        compressed[7] |= 1 << 14  # a1 rook rays are 14 squares: bit 14 would be dropped by pdep
        self.assert_refused("16-bit pext rook a1: entry 7 = .* does not fit", self.blocks, compressed, 16)

    def test_wrong_masks_rays_offsets_and_lengths(self):
        masks = dict(self.blocks.masks, rook=(self.blocks.masks["rook"][0] | 1 << sq("h1"),)
                     + self.blocks.masks["rook"][1:])
        self.assert_refused("rook a1: wrong relevant mask", replace(self.blocks, masks=masks), self.blocks.attacks, 64)
        rays = dict(self.blocks.rays, bishop=(0,) + self.blocks.rays["bishop"][1:])
        self.assert_refused("16-bit pext bishop a1: rays", replace(self.blocks, rays=rays), self.compressed, 16)
        offsets = dict(self.blocks.offsets, rook=(1,) + self.blocks.offsets["rook"][1:])
        self.assert_refused("rook a1: block at 1, expected 0", replace(self.blocks, offsets=offsets),
                            self.blocks.attacks, 64)
        self.assert_refused("no block owns", self.blocks, self.blocks.attacks + (0,), 64)
        self.assert_refused("not 32", self.blocks, self.blocks.attacks, 32)


class PextFilesTest(unittest.TestCase):
    def test_two_files_with_the_sizes_of_each_width(self):
        plain, widened = build_pext(Settings(CHESS, REPO_ROOT, 0, 1, lambda line: None))
        self.assertEqual((plain.filename, widened.filename), ("chess_pext.c", "chess_pext_pdep.c"))
        self.assertEqual(plain.strings, (("chess_layout_name", "pext"),))
        self.assertEqual(widened.strings, (("chess_layout_name", "pext_pdep"),))
        self.assertEqual(plain.table("pext_attacks").host_bytes, 861184)
        self.assertEqual(widened.table("pdep_attacks").host_bytes, 215296)
        self.assertEqual(sum(t.host_bytes for t in plain.tables), 861184 + 2 * 1024 + 2 * 32768)
        self.assertEqual(sum(t.host_bytes for t in widened.tables), 215296 + 2 * 1536 + 2 * 32768)
        self.assertEqual(plain.table("rook_pext").at(sq("b1")), (0x000202020202027C, 4096))
        self.assertEqual(widened.table("rook_pdep").at(sq("b1")), (0x000202020202027C, 0x02020202020202FD, 4096))
        self.assertEqual(plain.table("between_table").values, widened.table("between_table").values)


if __name__ == "__main__":
    unittest.main()
