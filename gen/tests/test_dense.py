import contextlib
import dataclasses
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from gen import dense, dense_search
from gen.builders import Settings, build_dense
from gen.errors import GenError, VerificationError
from gen.geometry import CHESS
from gen.magic import M64
from gen.rules import BISHOP_RULE, ROOK_RULE, slider_attacks
from gen.tests import REPO_ROOT


def sq(name):
    return CHESS.parse_square(name)


def committed():
    return dense.parse_data(CHESS, (REPO_ROOT / dense.DATA_PATH).read_text())


class DenseDataTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = committed()
        cls.layout = dense.dense_layout(CHESS, cls.data)

    def test_committed_data_verifies_and_states_its_size(self):
        self.assertEqual(self.layout.total, self.data.entries)
        self.assertEqual(len(self.layout.attacks), self.data.entries)
        self.assertLess(self.layout.total, 64 * 4096 + 64 * 512)  # smaller than no overlap at all
        self.assertIn("dense-search", self.data.command)

    def test_lookup_matches_the_ray_walk_on_whole_boards(self):
        for slider in (ROOK_RULE, BISHOP_RULE):
            magics, offsets = self.data.of(slider.name)
            for square in (sq("a1"), sq("d4"), sq("h8"), sq("b7")):
                mask = self.layout.masks[slider.name][square]
                for occupied in (0, M64, 0x0F0F00FF00F0F0F0, 0x8142241818244281):
                    index = (((occupied & mask) * magics[square]) & M64) >> dense.SHIFTS[slider.name]
                    self.assertEqual(self.layout.attacks[offsets[square] + index],
                                     slider_attacks(CHESS, slider, square, occupied))

    def test_format_then_parse_is_the_same_data(self):
        text = dense.format_data(CHESS, self.data, self.layout)
        self.assertEqual(dense.parse_data(CHESS, text), self.data)

    def test_builder_emits_the_dense_file(self):
        output = build_dense(Settings(CHESS, REPO_ROOT, 0, 1, lambda line: None))
        self.assertEqual(output.filename, "chess_dense.c")
        self.assertEqual(dict(output.strings), {"chess_layout_name": "dense"})
        self.assertEqual(output.table("dense_attacks").entries, self.data.entries)
        self.assertEqual(output.inputs, (dense.DATA_PATH,))

    def broken(self, **changes):
        return dataclasses.replace(self.data, **changes)

    def test_a_corrupted_multiplier_is_rejected(self):
        # Bit 63 alone maps every occupancy of e4 (no square below bit 1 is relevant) to 0.
        magics = list(self.data.rook_magics)
        magics[sq("e4")] = 1 << 63
        with self.assertRaisesRegex(VerificationError, r"^dense rook e4: magic 0x8000000000000000 maps two"
                                                       r" occupancies with different attacks to index 0"):
            dense.dense_layout(CHESS, self.broken(rook_magics=magics, entries=None))
        # A flipped bit: rejected, or (if the table still fits) the lookups stay right.
        magics = list(self.data.bishop_magics)
        magics[sq("d5")] ^= 1 << 20
        try:
            layout = dense.dense_layout(CHESS, self.broken(bishop_magics=magics, entries=None))
        except VerificationError as error:
            self.assertRegex(str(error), r"^dense bishop d5: ")
        else:
            index = (((layout.masks["bishop"][sq("d5")] & M64) * magics[sq("d5")]) & M64) >> 55
            self.assertEqual(layout.attacks[self.data.bishop_offsets[sq("d5")] + index],
                             slider_attacks(CHESS, BISHOP_RULE, sq("d5"), M64))

    def test_a_zero_multiplier_is_rejected(self):
        magics = list(self.data.bishop_magics)
        magics[sq("c1")] = 0
        with self.assertRaisesRegex(VerificationError, r"^dense bishop c1: magic 0x0 is not"):
            dense.dense_layout(CHESS, self.broken(bishop_magics=magics))

    def test_an_offset_onto_another_table_is_rejected(self):
        offsets = list(self.data.rook_offsets)
        offsets[sq("a1")] = self.data.rook_offsets[sq("b1")]
        with self.assertRaisesRegex(VerificationError, r"^dense rook [ab]1: slot \d+ .* also used by rook"):
            dense.dense_layout(CHESS, self.broken(rook_offsets=offsets, entries=None))

    def test_a_wrong_entry_count_is_rejected(self):
        with self.assertRaisesRegex(VerificationError, r"states \d+ entries, its tables fill"):
            dense.dense_layout(CHESS, self.broken(entries=self.data.entries + 1))

    def test_malformed_lines_name_their_line(self):
        text = (REPO_ROOT / dense.DATA_PATH).read_text()
        lines = text.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("rook a1 "))
        cases = {
            "rook a1 0xzz 0": r"chess_dense.txt:%d: rook a1: bad magic or offset" % (first + 1),
            "rook i9 0x1 0": r"chess_dense.txt:%d: 'i9' is not a square" % (first + 1),
            "queen a1 0x1 0": r"chess_dense.txt:%d: expected" % (first + 1),
        }
        for line, pattern in cases.items():
            with self.subTest(line=line):
                with self.assertRaisesRegex(GenError, pattern):
                    dense.parse_data(CHESS, "\n".join(lines[:first] + [line] + lines[first + 1:]))
        with self.assertRaisesRegex(GenError, r"no magic for rook a1$"):
            dense.parse_data(CHESS, "\n".join(lines[:first] + lines[first + 1:]))
        with self.assertRaisesRegex(GenError, r"rook b1 is listed twice"):
            dense.parse_data(CHESS, "\n".join(lines[:first] + [lines[first + 1]] + lines[first + 1:]))


class DenseSearchTest(unittest.TestCase):
    def test_options_fail_in_one_line(self):
        for argv, pattern in ((["--state", "s.json"], "the following arguments are required: --seconds"),
                              (["--state", "s.json", "--seconds", "0"], "invalid number of seconds"),
                              (["--state", "s.json", "--seconds", "1", "--seed", "x"], "invalid seed")):
            with self.subTest(argv=argv):
                with self.assertRaises(SystemExit):
                    with open(os.devnull, "w") as null, contextlib.redirect_stderr(null):
                        dense_search.parse_args(argv)

    def test_a_bad_state_file_is_a_one_line_error(self):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "state.json"
            path.write_text(json.dumps({"seed": "0x1", "chunks": 0, "cpu_seconds": 0, "tables": [["0", 0]]}))
            with self.assertRaisesRegex(GenError, r"not a dense-search state file \(expected 128"):
                dense_search.load_state(path, None)
            with self.assertRaisesRegex(GenError, "was started with --seed"):
                path.write_text(json.dumps({"seed": "0x1", "chunks": 0, "cpu_seconds": 0, "total": None,
                                            "tables": [["0", 0]] * 128}))
                dense_search.load_state(path, 2)

    def test_a_new_state_starts_with_no_magics(self):
        state = dense_search.load_state(Path("/nonexistent/state.json"), 5)
        self.assertEqual(state["seed"], "0x0000000000000005")
        self.assertEqual(len(state["tables"]), 128)

    @unittest.skipUnless(shutil.which("cc"), "no C compiler")
    def test_the_kernel_compiles_warning_free(self):
        with tempfile.TemporaryDirectory() as folder:
            binary = dense_search.compile_kernel("cc", folder)
            result = subprocess.run([binary], capture_output=True, text=True)
            self.assertEqual(result.returncode, 2)
            self.assertIn("usage", result.stderr)


if __name__ == "__main__":
    unittest.main()
