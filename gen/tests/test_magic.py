import unittest

from gen.geometry import CHESS
from gen.magic import (M64, FLASHMATE_MAGIC_SEED, SplitMix64, candidate_magics, find_all_magics, find_magic,
                       passes_prefilter, stream_seed)
from gen.rules import BISHOP_RULE, ROOK_RULE, occupancy_subsets, slider_attacks


class SplitMix64Test(unittest.TestCase):
    def test_known_outputs(self):
        # Reference values of Vigna's splitmix64.c.
        self.assertEqual(SplitMix64(0).next(), 0xE220A8397B1DCDAF)
        rng = SplitMix64(1234567)
        self.assertEqual([rng.next() for _ in range(3)],
                         [6457827717110365317, 3203168211198807973, 9817491932198370423])

    def test_deterministic_and_64_bit(self):
        a, b = SplitMix64(FLASHMATE_MAGIC_SEED), SplitMix64(FLASHMATE_MAGIC_SEED)
        values = [a.next() for _ in range(1000)]
        self.assertEqual(values, [b.next() for _ in range(1000)])
        self.assertTrue(all(0 <= v <= M64 for v in values))
        self.assertEqual(len(set(values)), 1000)

    def test_sparse_is_and_of_three(self):
        a, b = SplitMix64(7), SplitMix64(7)
        self.assertEqual(a.sparse(), b.next() & b.next() & b.next())

    def test_streams_differ_per_slider_and_square(self):
        seeds = {stream_seed(FLASHMATE_MAGIC_SEED, name, sq) for name in ("rook", "bishop") for sq in range(64)}
        self.assertEqual(len(seeds), 128)
        self.assertNotEqual(stream_seed(1, "rook", 0), stream_seed(2, "rook", 0))

    def test_vectorised_candidates_equal_the_scalar_stream(self):
        for mask in (0x000101010101017E, 0x0040201008040200):
            rng, expected = SplitMix64(99), []
            while len(expected) < 2500:  # more than two batches
                value = rng.sparse()
                if passes_prefilter(mask, value):
                    expected.append(value)
            stream = candidate_magics(99, mask)
            self.assertEqual([next(stream) for _ in range(2500)], expected)


class FindMagicTest(unittest.TestCase):
    def check_magic(self, slider, square):
        result = find_magic(CHESS, slider, square, FLASHMATE_MAGIC_SEED)
        self.assertEqual(result.shift, 64 - result.mask.bit_count())
        self.assertEqual(len(result.block), 1 << result.mask.bit_count())
        for occupied in occupancy_subsets(result.mask):
            index = ((occupied * result.magic) & M64) >> result.shift
            self.assertEqual(result.block[index], slider_attacks(CHESS, slider, square, occupied))
        return result

    def test_rook_and_bishop_magics_verify(self):
        for slider, square in ((ROOK_RULE, 0), (ROOK_RULE, 36), (BISHOP_RULE, 27), (BISHOP_RULE, 63)):
            with self.subTest(slider=slider.name, square=square):
                self.check_magic(slider, square)

    def test_same_seed_same_magic_other_seed_other_magic(self):
        first = find_magic(CHESS, BISHOP_RULE, 10, 5)
        self.assertEqual(find_magic(CHESS, BISHOP_RULE, 10, 5), first)
        self.assertNotEqual(find_magic(CHESS, BISHOP_RULE, 10, 6).magic, first.magic)

    def test_pool_gives_the_same_results_as_one_process(self):
        reports = []
        alone = find_all_magics(CHESS, (BISHOP_RULE,), 3, 1, lambda *args: reports.append(args[0]))
        pooled = find_all_magics(CHESS, (BISHOP_RULE,), 3, 2, lambda *args: reports.append(args[0]))
        self.assertEqual({k: v.magic for k, v in alone.items()}, {k: v.magic for k, v in pooled.items()})
        self.assertEqual(len(alone), 64)
        self.assertEqual(reports, ["bishop", "bishop"])


if __name__ == "__main__":
    unittest.main()
