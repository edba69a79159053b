import unittest

from gen.geometry import CHESS, set_to_squares
from gen.rules import (BISHOP_RULE, BLACK, KING_RULE, KNIGHT_RULE, PAWN_CAPTURE_RULES, ROOK_RULE, WHITE, between,
                       leaper_attacks, line, occupancy_subsets, relevant_mask, slider_attacks)


def sq(name):
    return CHESS.parse_square(name)


def names(bitboard):
    return sorted(CHESS.square_name(s) for s in set_to_squares(bitboard))


def bits(*square_names):
    result = 0
    for name in square_names:
        result |= 1 << sq(name)
    return result


class LeaperTest(unittest.TestCase):
    def test_knight_corners_and_edges(self):
        self.assertEqual(names(leaper_attacks(CHESS, KNIGHT_RULE, sq("a1"))), ["b3", "c2"])
        self.assertEqual(names(leaper_attacks(CHESS, KNIGHT_RULE, sq("h8"))), ["f7", "g6"])
        self.assertEqual(names(leaper_attacks(CHESS, KNIGHT_RULE, sq("h4"))), ["f3", "f5", "g2", "g6"])
        self.assertEqual(leaper_attacks(CHESS, KNIGHT_RULE, sq("e4")).bit_count(), 8)

    def test_knight_on_h_file_never_reaches_a_or_b_file(self):
        ab_files = 0x0303030303030303
        for rank in range(8):
            self.assertEqual(leaper_attacks(CHESS, KNIGHT_RULE, CHESS.square(7, rank)) & ab_files, 0)
            self.assertEqual(leaper_attacks(CHESS, KNIGHT_RULE, CHESS.square(6, rank)) & ab_files, 0)

    def test_king_corners_and_edges(self):
        self.assertEqual(names(leaper_attacks(CHESS, KING_RULE, sq("a1"))), ["a2", "b1", "b2"])
        self.assertEqual(names(leaper_attacks(CHESS, KING_RULE, sq("h1"))), ["g1", "g2", "h2"])
        self.assertEqual(leaper_attacks(CHESS, KING_RULE, sq("a5")).bit_count(), 5)
        self.assertEqual(leaper_attacks(CHESS, KING_RULE, sq("d4")).bit_count(), 8)

    def test_pawn_captures_by_colour(self):
        self.assertEqual(names(leaper_attacks(CHESS, PAWN_CAPTURE_RULES[WHITE], sq("e4"))), ["d5", "f5"])
        self.assertEqual(names(leaper_attacks(CHESS, PAWN_CAPTURE_RULES[BLACK], sq("e4"))), ["d3", "f3"])
        self.assertEqual(names(leaper_attacks(CHESS, PAWN_CAPTURE_RULES[WHITE], sq("a2"))), ["b3"])
        self.assertEqual(names(leaper_attacks(CHESS, PAWN_CAPTURE_RULES[WHITE], sq("h2"))), ["g3"])
        self.assertEqual(leaper_attacks(CHESS, PAWN_CAPTURE_RULES[WHITE], sq("c8")), 0)
        self.assertEqual(leaper_attacks(CHESS, PAWN_CAPTURE_RULES[BLACK], sq("c1")), 0)


class SliderTest(unittest.TestCase):
    def test_empty_board(self):
        self.assertEqual(slider_attacks(CHESS, ROOK_RULE, sq("a1"), 0).bit_count(), 14)
        self.assertEqual(slider_attacks(CHESS, BISHOP_RULE, sq("d4"), 0).bit_count(), 13)
        self.assertEqual(slider_attacks(CHESS, BISHOP_RULE, sq("a1"), 0).bit_count(), 7)

    def test_rays_stop_at_and_include_the_first_blocker(self):
        occupied = bits("d6", "d7", "b4", "g4", "d2")
        self.assertEqual(names(slider_attacks(CHESS, ROOK_RULE, sq("d4"), occupied)),
                         ["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4", "g4"])
        occupied = bits("f6", "b2", "a7")
        self.assertEqual(names(slider_attacks(CHESS, BISHOP_RULE, sq("d4"), occupied)),
                         ["a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1"])

    def test_own_square_occupancy_is_ignored(self):
        self.assertEqual(slider_attacks(CHESS, ROOK_RULE, sq("e4"), bits("e4")),
                         slider_attacks(CHESS, ROOK_RULE, sq("e4"), 0))

    def test_relevant_mask_bit_counts(self):
        expected = {("rook", "a1"): 12, ("rook", "h8"): 12, ("rook", "a2"): 11, ("rook", "e4"): 10,
                    ("rook", "d1"): 11, ("bishop", "d4"): 9, ("bishop", "a1"): 6, ("bishop", "e5"): 9,
                    ("bishop", "b1"): 5, ("bishop", "c3"): 7}
        rules = {"rook": ROOK_RULE, "bishop": BISHOP_RULE}
        for (piece, square), count in expected.items():
            with self.subTest(piece=piece, square=square):
                self.assertEqual(relevant_mask(CHESS, rules[piece], sq(square)).bit_count(), count)

    def test_relevant_mask_drops_the_edge_squares(self):
        self.assertEqual(relevant_mask(CHESS, ROOK_RULE, sq("a1")), 0x000101010101017E)
        self.assertEqual(names(relevant_mask(CHESS, BISHOP_RULE, sq("a1"))), ["b2", "c3", "d4", "e5", "f6", "g7"])

    def test_fancy_sizes_sum_to_the_header_counts(self):
        rook = sum(1 << relevant_mask(CHESS, ROOK_RULE, s).bit_count() for s in CHESS.squares())
        bishop = sum(1 << relevant_mask(CHESS, BISHOP_RULE, s).bit_count() for s in CHESS.squares())
        self.assertEqual((rook, bishop), (102400, 5248))


class SubsetTest(unittest.TestCase):
    def test_count_is_two_to_the_bits_and_all_distinct(self):
        for mask in (0, 1, 0x8000000000000001, 0x000101010101017E, relevant_mask(CHESS, BISHOP_RULE, 27)):
            subsets = list(occupancy_subsets(mask))
            self.assertEqual(len(subsets), 1 << mask.bit_count())
            self.assertEqual(len(set(subsets)), len(subsets))
            self.assertTrue(all(s & ~mask == 0 for s in subsets))
            self.assertEqual(subsets[0], 0)


class LineTest(unittest.TestCase):
    def test_between(self):
        self.assertEqual(names(between(CHESS, sq("a1"), sq("a4"))), ["a2", "a3"])
        self.assertEqual(names(between(CHESS, sq("h1"), sq("a8"))), ["b7", "c6", "d5", "e4", "f3", "g2"])
        self.assertEqual(between(CHESS, sq("a1"), sq("a2")), 0)
        self.assertEqual(between(CHESS, sq("a1"), sq("b3")), 0)
        self.assertEqual(between(CHESS, sq("e4"), sq("e4")), 0)

    def test_line(self):
        self.assertEqual(line(CHESS, sq("c3"), sq("e5")), 0x8040201008040201)
        self.assertEqual(line(CHESS, sq("b1"), sq("g1")), 0xFF)
        self.assertEqual(line(CHESS, sq("a1"), sq("b3")), 0)
        self.assertEqual(line(CHESS, sq("e4"), sq("e4")), 0)


if __name__ == "__main__":
    unittest.main()
