"""Malformed command lines for tablegen.py, most of them generated from a fixed seed.

Every one must be refused: a non-zero status, exactly one `tablegen: error:` line on stderr
(the last line; any others are `tablegen:` progress lines, never a traceback) that names the
offending option, value or path, and no change to the output folder (a copy of generated/),
to the working directory or to generated/ itself.

Most cases call gen.cli.main() in this process (a run costs a millisecond there, against most
of a second for a new interpreter); a sample also runs gen/tablegen.py as a program to check the
real exit status and stderr. Cases that get past argument checking use --layout compact, so no
case runs the fancy magic search.
"""

import argparse
import contextlib
import hashlib
import io
import os
import random
import shutil
import string
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from gen import cli, options
from gen.tests import GEN_DIR, REPO_ROOT

SEED = 0x7AB1E6E4
GENERATED = REPO_ROOT / "generated"
OPTIONS = ("--out", "--check", "--seed", "--game", "--layout", "--jobs")


def tree_digest(folder: Path) -> str:
    """sha256 over every entry under folder: path, type, mode, size, mtime and content."""
    digest = hashlib.sha256()
    if not folder.exists():
        return "absent"
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        digest.update(f"{path.relative_to(folder)}\0{info.st_mode}\0{info.st_size}\0{info.st_mtime_ns}\0".encode())
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


@contextlib.contextmanager
def working_directory(path: Path):
    previous = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(previous)


def invalid(parse, text: str) -> bool:
    """Does the option's own converter refuse text? (Filters generated values that happen to be
    valid, such as a random seed that parses as a number.)"""
    try:
        parse(text)
    except (argparse.ArgumentTypeError, ValueError):
        return True
    return False


class Cases:
    """Generators of (argv, expected words in the error line, reaches generation)."""

    def __init__(self, rng: random.Random, target: Path):
        self.rng = rng
        self.target = str(target)

    def word(self, alphabet=string.ascii_letters + string.digits + "-_=.", low=1, high=12):
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(low, high)))

    def valid_pairs(self):
        """Valid options to surround a bad one with (never the fancy layout)."""
        pairs = [["--layout", "compact"]]
        if self.rng.random() < 0.5:
            pairs.append(["--seed", self.rng.choice(["0", "42", "0x1F", "0xFFFFFFFFFFFFFFFF"])])
        if self.rng.random() < 0.5:
            pairs.append(["--jobs", self.rng.choice(["1", "2"])])
        return pairs

    def assemble(self, bad, action=True):
        pairs = self.valid_pairs()
        if action:
            pairs.append([self.rng.choice(["--out", "--check"]), self.target])
        pairs.insert(self.rng.randrange(len(pairs) + 1), bad)
        self.rng.shuffle(pairs)
        return [item for pair in pairs for item in pair]

    def unknown_flag(self):
        while True:
            flag = self.rng.choice(["--", "-"]) + self.rng.choice(string.ascii_letters) + \
                self.word(string.ascii_letters + string.digits + "-_", 0, 10)
            # Not an option of tablegen (abbreviations are off), nor -h (help, exit 0).
            if flag not in OPTIONS + ("--help",) and not flag.startswith("-h"):
                break
        if self.rng.random() < 0.3:
            flag += "=" + self.word()
        return self.assemble([flag]), [flag], False

    def bad_seed(self):
        while True:
            value = self.rng.choice([
                lambda: self.word("0123456789abcdefxXgG+-_. ", 1, 20),
                lambda: str(2 ** 64 + self.rng.randrange(10 ** 9)),
                lambda: "-" + str(self.rng.randrange(1, 10 ** 9)),
                lambda: "0x1" + "0" * self.rng.randint(16, 30),
                lambda: self.rng.choice(["", "0x", "1e9", "1.5", "nan", "seed", "0b2", "0o9"]),
            ])()
            if invalid(options.seed, value):
                return self.assemble(["--seed", value]), ["--seed"], False

    def bad_layout(self):
        while True:
            value = self.rng.choice([self.word(), self.rng.choice(["Fancy", "COMPACT", "All", "", " compact", "PEXT"])])
            if value not in cli.LAYOUT_CHOICES + ("xiangqi",):  # xiangqi: the old --game xiangqi
                return self.assemble(["--layout", value]), ["--layout"], False

    def bad_game(self):
        while True:
            value = self.rng.choice([self.word(), self.rng.choice(["Chess", "XIANGQI", "fancy", "", " chess", "shogi"])])
            if value not in ("all", "chess", "xiangqi"):
                return self.assemble(["--game", value]), ["--game"], False

    def bad_jobs(self):
        while True:
            value = self.rng.choice([self.word("0123456789-+.x ", 1, 6), self.rng.choice(["0", "-1", "many", "", "1.5"])])
            if invalid(cli._jobs, value):
                return self.assemble(["--jobs", value]), ["--jobs"], False

    def missing_value(self):
        option = self.rng.choice(OPTIONS)
        argv = self.assemble([], action=option not in ("--out", "--check"))
        if self.rng.random() < 0.5:
            argv.append(option)  # last: no value at all
        else:
            argv[0:0] = [option]  # followed by another option
            if argv[1] not in OPTIONS:
                argv.append(option)
        return argv, [option], False

    def empty_folder(self):
        option = self.rng.choice(["--out", "--check"])
        return self.assemble([option, ""], action=False), [option], False

    def no_action(self):
        return self.assemble([], action=False), ["--out", "--check", "required"], False

    def both_actions(self):
        return self.assemble(["--check", self.target], action=False) + ["--out", self.target], ["not allowed"], False

    def stray_word(self):
        value = self.rng.choice([self.word(string.ascii_letters), "generated/", "out", "1"])
        return self.assemble([value]), ["unrecognized arguments", value], False

    GENERATORS = ("unknown_flag", "bad_seed", "bad_game", "bad_layout", "bad_jobs", "missing_value", "empty_folder",
                  "no_action", "both_actions", "stray_word")

    def any(self):
        return getattr(self, self.rng.choice(self.GENERATORS))()


class MalformedOptionsTest(unittest.TestCase):
    CASES = 400

    @classmethod
    def setUpClass(cls):
        cls.root = Path(tempfile.mkdtemp(prefix="tablegen-options-"))
        cls.target = cls.root / "generated-copy"
        shutil.copytree(GENERATED, cls.target)
        cls.cwd = cls.root / "cwd"
        cls.cwd.mkdir()

    @classmethod
    def tearDownClass(cls):
        for path in cls.root.rglob("*"):
            if path.is_dir():
                path.chmod(0o755)
        shutil.rmtree(cls.root, ignore_errors=True)

    def snapshot(self):
        return {"target": tree_digest(self.target), "cwd": tree_digest(self.cwd),
                "generated": tree_digest(GENERATED)}

    def run_in_process(self, argv):
        stderr, stdout = io.StringIO(), io.StringIO()
        with working_directory(self.cwd), contextlib.redirect_stderr(stderr), contextlib.redirect_stdout(stdout):
            try:
                status = cli.main(argv)
            except SystemExit as exit:
                status = exit.code
        return status, stderr.getvalue() + stdout.getvalue()

    def run_program(self, argv):
        result = subprocess.run([sys.executable, str(GEN_DIR / "tablegen.py"), *argv], cwd=self.cwd,
                                capture_output=True, text=True, timeout=120)
        return result.returncode, result.stderr + result.stdout

    def assert_refused(self, status, output, expected, argv):
        context = f"argv {argv!r}\noutput:\n{output}"
        self.assertIsInstance(status, int, context)
        self.assertIn(status, (1, 2), context)
        lines = output.rstrip("\n").split("\n")
        errors = [line for line in lines if line.startswith("tablegen: error: ")]
        self.assertEqual(len(errors), 1, context)
        self.assertEqual(lines[-1], errors[0], context)  # the error comes last
        for line in lines:
            self.assertTrue(line.startswith("tablegen: "), context)  # progress, no traceback
        for word in expected:
            if word:
                self.assertIn(word, errors[0], context)

    def test_generated_malformed_command_lines(self):
        before = self.snapshot()
        rng = random.Random(SEED)
        cases = Cases(rng, self.target)
        seen = set()
        for number in range(self.CASES):
            name = rng.choice(Cases.GENERATORS)
            argv, expected, _ = getattr(cases, name)()
            seen.add(name)
            status, output = self.run_in_process(argv)
            with self.subTest(case=number, kind=name):
                self.assert_refused(status, output, expected, argv)
                self.assertEqual(self.snapshot(), before, f"argv {argv!r} changed a folder")
        self.assertEqual(seen, set(Cases.GENERATORS))

    def test_paths_that_cannot_be_used(self):
        before = self.snapshot()
        a_file = self.target / "chess_common.c"
        missing = self.root / "no-such-folder"
        cases = [
            (["--out", str(a_file)], [str(a_file)]),
            (["--out", str(a_file / "sub" / "dir")], [str(a_file / "sub" / "dir")]),
            (["--out", "/dev/null"], ["/dev/null"]),
            (["--check", str(missing)], [str(missing)]),
            (["--check", str(a_file)], [str(a_file)]),
            (["--check", str(self.cwd)], [str(self.cwd)]),  # an empty folder: every file differs
        ]
        if os.geteuid() != 0:
            locked = self.root / "locked"
            locked.mkdir()
            locked.chmod(0o555)
            cases.append((["--out", str(locked)], [str(locked), "not writable"]))
            cases.append((["--out", str(locked / "sub")], [str(locked / "sub"), "not writable"]))
        cases.append((["--out", "/proc/tablegen-cannot-create"], ["/proc/tablegen-cannot-create"]))
        for argv, expected in cases:
            argv = argv + ["--layout", "compact"]
            status, output = self.run_in_process(argv)
            with self.subTest(argv=argv):
                self.assert_refused(status, output, expected, argv)
                self.assertEqual(self.snapshot(), before)
                self.assertFalse(missing.exists())

    def test_as_a_program(self):
        """The same refusals from a real process: exit status and stderr as a user sees them."""
        before = self.snapshot()
        cases = [
            (["--out", str(self.target), "--frobnicate"], ["--frobnicate"], 2),
            (["--out", str(self.target), "--seed", "0xZZ"], ["--seed"], 2),
            (["--out", str(self.target), "--layout"], ["--layout"], 2),
            (["--out", ""], ["--out", "empty folder name"], 2),
            (["--seed", "1"], ["--out", "--check"], 2),
            (["--out", str(self.target / "chess_fancy.c"), "--layout", "compact"], ["chess_fancy.c"], 1),
            (["--check", str(self.root / "absent"), "--layout", "compact"], ["absent"], 1),
        ]
        for argv, expected, status in cases:
            got, output = self.run_program(argv)
            with self.subTest(argv=argv):
                self.assertEqual(got, status, output)
                self.assert_refused(got, output, expected, argv)
                self.assertEqual(self.snapshot(), before)


if __name__ == "__main__":
    unittest.main()
