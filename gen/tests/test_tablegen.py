"""End-to-end tests of the command line: one fancy run for the whole module, compact runs
(fast) for the file handling, and which files --game and --layout select."""

import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from gen import checks, cli, emit_c
from gen.builders import Settings, build_compact, build_dense, build_files, build_kindergarten, build_pext
from gen.errors import VerificationError
from gen.geometry import CHESS
from gen.magic import FLASHMATE_MAGIC_SEED, find_magic
from gen.packing import PackedSliders, verify_packed
from gen.rules import BISHOP_RULE, ROOK_RULE
from gen.tests import GEN_DIR, REPO_ROOT

SEED_TEXT = f"0x{FLASHMATE_MAGIC_SEED:016X}"
FANCY = {}  # the one fancy run: folder, result


def run_cli(*args, cwd=REPO_ROOT, script=GEN_DIR / "tablegen.py"):
    return subprocess.run([sys.executable, str(script), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def setUpModule():
    FANCY["folder"] = Path(tempfile.mkdtemp(prefix="tablegen-fancy-"))
    FANCY["result"] = run_cli("--out", FANCY["folder"], "--layout", "fancy")


def tearDownModule():
    shutil.rmtree(FANCY["folder"], ignore_errors=True)


def snapshot(folder: Path) -> dict:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("tablegen: error:")]


def c_block(text: str, head: str) -> str:
    start = text.index(head)
    return text[start:text.index("\n};", start)]


class FancyRunTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        result = FANCY["result"]
        if result.returncode != 0:
            raise AssertionError(f"fancy run failed: {result.stderr}")
        cls.text = (FANCY["folder"] / "chess_fancy.c").read_text()

    def test_writes_common_and_fancy_only(self):
        self.assertEqual(sorted(os.listdir(FANCY["folder"])), ["chess_common.c", "chess_fancy.c"])
        stderr = FANCY["result"].stderr
        self.assertRegex(stderr, r"tablegen: rook magics 64/64 squares in \d+\.\d s")
        self.assertRegex(stderr, r"tablegen: bishop magics 64/64 squares in \d+\.\d s")
        self.assertRegex(stderr, r"tablegen: total \d+\.\d s")

    def parse_packed(self, text: str) -> PackedSliders:
        entry = re.compile(r"\{0x([0-9A-F]{16})ULL, 0x([0-9A-F]{16})ULL, (\d+), (\d+)\}")
        entries = {}
        for name in ("rook", "bishop"):
            rows = entry.findall(c_block(text, f"FM_TABLE MagicEntry {name}_magics[64] = {{"))
            entries[name] = tuple((int(m, 16), int(g, 16), int(o), int(s)) for m, g, o, s in rows)
            self.assertEqual(len(entries[name]), 64)
        values = re.findall(r"0x([0-9A-F]{16})ULL", c_block(text, "slider_attacks[SLIDER_ATTACK_ENTRIES] = {"))
        attacks = tuple(int(v, 16) for v in values)
        return PackedSliders(entries, attacks, {"rook": 102400, "bishop": 5248})

    def test_emitted_magics_verify_for_every_occupancy(self):
        packed = self.parse_packed(self.text)
        self.assertEqual(len(packed.attacks), 107648)
        self.assertGreater(verify_packed(CHESS, (ROOK_RULE, BISHOP_RULE), packed), 107648)

    def test_a_corrupted_entry_fails_verification(self):
        packed = self.parse_packed(self.text)
        attacks = list(packed.attacks)
        attacks[5000] ^= 1 << 40
        broken = PackedSliders(packed.entries, tuple(attacks), packed.entries_per_slider)
        with self.assertRaises(VerificationError):
            verify_packed(CHESS, (ROOK_RULE, BISHOP_RULE), broken)

    def test_pool_results_equal_single_process_results(self):
        packed = self.parse_packed(self.text)
        for slider, square in ((ROOK_RULE, 0), (ROOK_RULE, 28), (ROOK_RULE, 63), (BISHOP_RULE, 27)):
            magic = find_magic(CHESS, slider, square, FLASHMATE_MAGIC_SEED).magic
            self.assertEqual(packed.entries[slider.name][square][1], magic)

    def test_definitions_match_the_declarations_in_tables_h(self):
        header = (REPO_ROOT / "src" / "chess" / "tables.h").read_text()
        declared = set(re.findall(r"^extern (FM_TABLE [\w ]+?) ?(\w+)((?:\[\w*\])*);", header, re.M))
        settings = Settings(CHESS, REPO_ROOT, FLASHMATE_MAGIC_SEED, 1, lambda line: None)
        texts = [self.text, (FANCY["folder"] / "chess_common.c").read_text(),
                 emit_c.render(build_compact(settings), "cmd", "00"),
                 emit_c.render(build_kindergarten(settings), "cmd", "00"),
                 emit_c.render(build_dense(settings), "cmd", "00")]
        texts += [emit_c.render(output, "cmd", "00") for output in build_pext(settings)]
        defined = set()
        for text in texts:
            defined |= set(re.findall(r"^(FM_TABLE [\w ]+?) (\w+)((?:\[\w+\])*) = ", text, re.M))
        # An array declared without its length (dense_attacks: a search result) matches a
        # definition of any one length.
        declared = {(t.rstrip(), n, d) for t, n, d in declared}
        defined = {(t, n, "[]" if re.fullmatch(r"\[\d+\]", d) and (t, n, "[]") in declared else d)
                   for t, n, d in defined}
        self.assertEqual(defined, declared)
        for text in texts:  # every catalogue and layout name the header promises
            self.assertRegex(text, r"const TableInfo chess_(common|layout)_tables\[\] = \{")

    def test_banner(self):
        lines = self.text.splitlines()
        self.assertEqual(lines[0], "/* Code generated by gen/tablegen.py; DO NOT EDIT.")
        self.assertEqual(lines[1], f" * Regenerate: python3 gen/tablegen.py --out generated/ --seed {SEED_TEXT}")
        self.assertEqual(lines[2], " * Inputs: none")
        self.assertRegex(lines[3], r"^ \* Generator sha256: [0-9a-f]{64}$")
        common = (FANCY["folder"] / "chess_common.c").read_text().splitlines()
        self.assertEqual(common[2], " * Inputs: gen/data/polyglot-random64.txt")
        self.assertNotIn(str(REPO_ROOT), self.text)
        self.assertNotIn(str(FANCY["folder"]), self.text)


class CompactRunTest(unittest.TestCase):
    def setUp(self):
        self.folder = Path(tempfile.mkdtemp(prefix="tablegen-compact-"))
        self.addCleanup(shutil.rmtree, self.folder, ignore_errors=True)
        result = run_cli("--out", self.folder, "--layout", "compact")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_two_runs_are_byte_identical(self):
        other = Path(tempfile.mkdtemp(prefix="tablegen-compact-"))
        self.addCleanup(shutil.rmtree, other, ignore_errors=True)
        self.assertEqual(run_cli("--out", other, "--layout", "compact", "--jobs", "1").returncode, 0)
        self.assertEqual(sorted(os.listdir(self.folder)), ["chess_common.c", "chess_compact.c"])
        for name in ("chess_common.c", "chess_compact.c"):
            self.assertEqual((self.folder / name).read_bytes(), (other / name).read_bytes())

    def test_unchanged_files_are_not_rewritten(self):
        before = snapshot(self.folder)
        result = run_cli("--out", self.folder, "--layout", "compact")
        self.assertEqual(result.returncode, 0)
        self.assertRegex(result.stderr, r"chess_common\.c: \d+ bytes, unchanged")
        self.assertRegex(result.stderr, r"chess_compact\.c: \d+ bytes, unchanged")
        self.assertEqual(snapshot(self.folder), before)

    def test_check_passes_then_detects_a_modified_file(self):
        result = run_cli("--check", self.folder, "--layout", "compact")
        self.assertEqual(result.returncode, 0, result.stderr)
        path = self.folder / "chess_compact.c"
        path.write_bytes(path.read_bytes().replace(b"0xFE", b"0xFF", 1))
        result = run_cli("--check", self.folder, "--layout", "compact")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(len(error_lines(result.stderr)), 1)
        line = result.stderr.splitlines()[-1]
        self.assertEqual(error_lines(result.stderr), [line])
        self.assertIn(str(self.folder / "chess_compact.c"), line)
        self.assertNotIn("chess_common.c", line)
        self.assertIn(f"python3 gen/tablegen.py --out {self.folder} --layout compact --seed {SEED_TEXT}", line)

    def test_check_detects_a_missing_file(self):
        (self.folder / "chess_common.c").unlink()
        result = run_cli("--check", self.folder, "--layout", "compact")
        self.assertEqual(result.returncode, 1)
        self.assertIn("chess_common.c", error_lines(result.stderr)[0])
        self.assertFalse((self.folder / "chess_common.c").exists())

    def test_seed_is_in_the_banner(self):
        other = Path(tempfile.mkdtemp(prefix="tablegen-seed-"))
        self.addCleanup(shutil.rmtree, other, ignore_errors=True)
        self.assertEqual(run_cli("--out", other, "--layout", "compact", "--seed", "42").returncode, 0)
        text = (other / "chess_compact.c").read_text()
        self.assertIn("--seed 0x000000000000002A", text)
        self.assertNotEqual(text, (self.folder / "chess_compact.c").read_text())  # the hash covers the seed

    def test_runs_as_a_module_too(self):
        """python3 -m gen, from the repository root, is the same program as gen/tablegen.py."""
        command = [sys.executable, "-m", "gen", "--check", str(self.folder), "--layout", "compact"]
        result = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stderr, r"tablegen: 2 files in .* are up to date")

    def test_output_does_not_depend_on_where_the_repository_is(self):
        elsewhere = Path(tempfile.mkdtemp(prefix="tablegen-elsewhere-"))
        self.addCleanup(shutil.rmtree, elsewhere, ignore_errors=True)
        (elsewhere / "gen").mkdir()
        for source in GEN_DIR.glob("*.py"):
            shutil.copy(source, elsewhere / "gen" / source.name)
        shutil.copytree(GEN_DIR / "data", elsewhere / "gen" / "data")
        result = run_cli("--out", "out", "--layout", "compact", cwd=elsewhere, script=elsewhere / "gen" / "tablegen.py")
        self.assertEqual(result.returncode, 0, result.stderr)
        for name in ("chess_common.c", "chess_compact.c"):
            self.assertEqual((elsewhere / "out" / name).read_bytes(), (self.folder / name).read_bytes())


class RefusalTest(unittest.TestCase):
    """Bad options and failures: one line, a non-zero exit, and the folder as it was."""

    @classmethod
    def setUpClass(cls):
        cls.folder = Path(tempfile.mkdtemp(prefix="tablegen-refusal-"))
        assert run_cli("--out", cls.folder, "--layout", "compact").returncode == 0
        path = cls.folder / "chess_compact.c"
        path.write_bytes(path.read_bytes() + b"/* stale */\n")  # so a write would show

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.folder, ignore_errors=True)

    def assert_refused(self, result, status=None):
        self.assertNotEqual(result.returncode, 0)
        if status is not None:
            self.assertEqual(result.returncode, status)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertTrue(result.stderr.startswith("tablegen: error: "), result.stderr)

    def test_bad_options(self):
        before = snapshot(self.folder)
        cases = [
            ("--layout", "bogus"),
            ("--game", "bogus"),
            ("--game", "xiangqi", "--layout", "compact"),  # Xiangqi has no slider layouts
            ("--game", "chess", "--layout", "xiangqi"),
            ("--jobs", "0"),
            ("--jobs", "many"),
            ("--seed", "nope"),
            ("--seed", str(2**64)),
            ("--seed", "-1"),
            ("--frobnicate",),
        ]
        for extra in cases:
            with self.subTest(options=extra):
                self.assert_refused(run_cli("--out", self.folder, *extra), status=2)
        self.assert_refused(run_cli("--layout", "compact"), status=2)  # neither --out nor --check
        self.assert_refused(run_cli("--out", self.folder, "--check", self.folder), status=2)
        self.assertIn("invalid choice: 'bogus'", run_cli("--out", self.folder, "--layout", "bogus").stderr)
        self.assertEqual(snapshot(self.folder), before)

    def test_output_folder_that_cannot_be_created(self):
        blocker = self.folder / "chess_common.c"
        before = snapshot(self.folder)
        result = run_cli("--out", blocker / "sub", "--layout", "compact")
        self.assert_refused(result, status=1)
        self.assertEqual(snapshot(self.folder), before)

    def test_failed_verification_writes_nothing(self):
        before = snapshot(self.folder)
        stderr = io.StringIO()
        with mock.patch.object(checks, "check_compact", side_effect=VerificationError("first_rank_attacks[0][0]: wrong")):
            with contextlib.redirect_stderr(stderr):
                status = cli.main(["--out", str(self.folder), "--layout", "compact"])
        self.assertEqual(status, 1)
        self.assertEqual(error_lines(stderr.getvalue()), ["tablegen: error: first_rank_attacks[0][0]: wrong"])
        self.assertEqual(snapshot(self.folder), before)
        self.assertEqual(sorted(os.listdir(self.folder)), ["chess_common.c", "chess_compact.c"])


class SelectionTest(unittest.TestCase):
    """--game picks a game, --layout one of chess's slider layouts (so it selects chess alone);
    --layout xiangqi, from before --game existed, still means --game xiangqi."""

    CASES = [  # options, (game, layout), the options a fix command spells that selection with
        ((), ("all", "all"), ""),
        (("--game", "all", "--layout", "all"), ("all", "all"), ""),
        (("--game", "chess"), ("chess", "all"), " --game chess"),
        (("--game", "xiangqi"), ("xiangqi", "all"), " --game xiangqi"),
        (("--layout", "compact"), ("chess", "compact"), " --layout compact"),
        (("--game", "chess", "--layout", "fancy"), ("chess", "fancy"), " --layout fancy"),
        (("--layout", "pext"), ("chess", "pext"), " --layout pext"),
        (("--layout", "xiangqi"), ("xiangqi", "all"), " --game xiangqi"),
        (("--game", "xiangqi", "--layout", "xiangqi"), ("xiangqi", "all"), " --game xiangqi"),
    ]

    @staticmethod
    def selection(options):
        args = cli.parse_args(["--check", "generated/", *options])
        return args.game, args.layout

    def test_options_select_a_game_and_a_layout(self):
        for options, expected, spelled in self.CASES:
            with self.subTest(options=options):
                self.assertEqual(self.selection(options), expected)
                self.assertEqual(cli.selection_options(*expected), spelled)
                self.assertEqual(self.selection(spelled.split()), expected)

    def test_build_files_follows_the_selection(self):
        settings = Settings(CHESS, REPO_ROOT, FLASHMATE_MAGIC_SEED, 1, lambda line: None)
        self.assertEqual([f.filename for f in build_files(settings, "chess", "compact")],
                         ["chess_common.c", "chess_compact.c"])
        self.assertEqual([f.filename for f in build_files(settings, "chess", "pext")],
                         ["chess_common.c", "chess_pext.c", "chess_pext_pdep.c"])
        for game, layout in (("xiangqi", "compact"), ("all", "compact"), ("chess", "xiangqi"), ("shogi", "all")):
            with self.subTest(game=game, layout=layout), self.assertRaises(ValueError):
                build_files(settings, game, layout)


if __name__ == "__main__":
    unittest.main()
