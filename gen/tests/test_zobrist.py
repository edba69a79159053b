import unittest

from gen.builders import Settings, build_common
from gen.errors import GenError
from gen.geometry import CHESS
from gen.rules import BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE
from gen.tests import REPO_ROOT
from gen.zobrist import load_random64, parse_random64

PIECES = {"p": PAWN, "n": KNIGHT, "b": BISHOP, "r": ROOK, "q": QUEEN, "k": KING}
CASTLING_BITS = {"K": 1, "Q": 2, "k": 4, "q": 8}


def quiet_settings():
    return Settings(CHESS, REPO_ROOT, 0, 1, lambda line: None)


def polyglot_key(common, fen: str, en_passant_counts: bool) -> int:
    """The key of a FEN position from the emitted tables. Polyglot hashes the en passant file
    only when a pawn can take en passant; the caller says whether that is so."""
    placement, side, castling, en_passant = fen.split()[:4]
    piece_keys = common.table("zobrist_piece")
    key = 0
    for row, text in enumerate(placement.split("/")):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
                continue
            colour = WHITE if char.isupper() else BLACK
            key ^= piece_keys.at(colour, PIECES[char.lower()], CHESS.square(file, 7 - row))
            file += 1
    rights = sum(CASTLING_BITS[c] for c in castling if c != "-")
    key ^= common.table("zobrist_castling").at(rights)
    if en_passant != "-" and en_passant_counts:
        key ^= common.table("zobrist_en_passant").at("abcdefgh".index(en_passant[0]))
    if side == "w":
        key ^= common.table("zobrist_white_to_move").values[0]
    return key


class Random64FileTest(unittest.TestCase):
    def test_reads_781_keys(self):
        keys = load_random64(REPO_ROOT)
        self.assertEqual(len(keys), 781)
        self.assertEqual(keys[0], 0x9D39247E33776D41)
        self.assertEqual(keys[780], 0xF8D626AAAF278509)

    def test_refuses_bad_files(self):
        good = "\n".join(f"0x{i:016X}" for i in range(781)) + "\n"
        self.assertEqual(len(parse_random64(good)), 781)
        self.assertEqual(len(parse_random64(good.replace("\n", "\r\n"))), 781)
        with self.assertRaisesRegex(GenError, "expected 781 keys, found 780"):
            parse_random64("\n".join(f"0x{i:016X}" for i in range(780)))
        with self.assertRaisesRegex(GenError, "line 3:"):
            parse_random64(good.replace("0x0000000000000002", "0x00000000000002"))
        with self.assertRaisesRegex(GenError, "line 1:"):
            parse_random64("hello\n" + good)


class PolyglotOrderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.common = build_common(quiet_settings())
        cls.keys = load_random64(REPO_ROOT)

    def test_piece_keys_follow_polyglot_order(self):
        pieces = self.common.table("zobrist_piece")
        self.assertEqual(pieces.dims, (2, 6, 64))
        a2, e8, h1 = CHESS.parse_square("a2"), CHESS.parse_square("e8"), CHESS.parse_square("h1")
        self.assertEqual(pieces.at(WHITE, PAWN, a2), self.keys[64 * 1 + 8 * 1 + 0])
        self.assertEqual(pieces.at(BLACK, PAWN, a2), self.keys[64 * 0 + 8 * 1 + 0])
        self.assertEqual(pieces.at(BLACK, KING, e8), self.keys[64 * 10 + 8 * 7 + 4])
        self.assertEqual(pieces.at(WHITE, ROOK, h1), self.keys[64 * 7 + 7])
        self.assertEqual(sorted(pieces.values), sorted(self.keys[:768]))

    def test_castling_entries_xor_their_rights(self):
        castling = self.common.table("zobrist_castling")
        self.assertEqual(castling.at(0), 0)
        self.assertEqual(castling.at(1), self.keys[768])  # white O-O
        self.assertEqual(castling.at(2), self.keys[769])  # white O-O-O
        self.assertEqual(castling.at(4), self.keys[770])  # black O-O
        self.assertEqual(castling.at(8), self.keys[771])  # black O-O-O
        self.assertEqual(castling.at(5), self.keys[768] ^ self.keys[770])
        self.assertEqual(castling.at(15), self.keys[768] ^ self.keys[769] ^ self.keys[770] ^ self.keys[771])

    def test_en_passant_and_side_keys(self):
        self.assertEqual(list(self.common.table("zobrist_en_passant").values), self.keys[772:780])
        self.assertEqual(self.common.table("zobrist_white_to_move").values, (self.keys[780],))

    def test_start_position_key(self):
        fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        self.assertEqual(polyglot_key(self.common, fen, False), 0x463B96181691FC9C)

    def test_published_polyglot_keys(self):
        # From the Polyglot book format description (e4, e4 d5 e5 f5, ... Ke2).
        cases = [
            ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", False, 0x823C9B50FD114196),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", True, 0x22A48B5A8E47FF78),
            ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", False, 0x652A607CA3F242C1),
        ]
        for fen, en_passant_counts, expected in cases:
            with self.subTest(fen=fen):
                self.assertEqual(polyglot_key(self.common, fen, en_passant_counts), expected)


if __name__ == "__main__":
    unittest.main()
