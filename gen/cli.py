"""Build-time table compiler: writes the const tables in generated/, or checks them.

    python3 gen/tablegen.py --out generated/      # generate, verify, write changed files
    python3 gen/tablegen.py --check generated/    # regenerate in memory and compare
    python3 -m gen --check generated/             # the same, from the repository root

--game and --layout narrow the run to some of the files: --game chess or xiangqi, --layout one
of chess's slider layouts (fancy, compact, pext, kindergarten, dense), which selects chess alone.

    python3 -m gen dense-search --state gen/data/dense-state.json --seconds N [--seed S]

searches the dense layout's magics and offsets (gen/dense_search.py, resumable); the generation
above only reads its result, gen/data/chess_dense.txt.

Everything is generated and verified in memory first; then each changed file is written to a
temporary file in the output folder and renamed over the old one, so a failure leaves the folder
as it was. Output depends only on gen/*.py, the data inputs and the seed.
"""

import argparse
import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

from . import emit_c
from . import options
from .errors import GenError
from .builders import CHESS_LAYOUTS, GAMES, Settings, build_files
from .geometry import CHESS
from .magic import FLASHMATE_MAGIC_SEED

PROG = "tablegen"
GEN_DIR = Path(__file__).resolve().parent
ROOT = GEN_DIR.parent
CANONICAL_OUT = "generated/"  # the folder named in banners, whatever --out says
LAYOUT_CHOICES = ("all",) + CHESS_LAYOUTS
# Before --game existed, the Xiangqi file was asked for with --layout xiangqi; still accepted.
OLD_XIANGQI_OPTION = "xiangqi"


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"invalid job count {text!r} (expected 1 or more)")
    return value


def _layout(text: str) -> str:
    if text in LAYOUT_CHOICES or text == OLD_XIANGQI_OPTION:
        return text
    raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {', '.join(LAYOUT_CHOICES)})")


def _folder(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("empty folder name")
    return text


def parse_args(argv):
    parser = options.OneLineParser(error_name=PROG, prog="gen/tablegen.py", allow_abbrev=False,
                                   description="Generate (or check) the const tables in generated/.")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--out", metavar="DIR", type=_folder, help="write the generated files into DIR")
    action.add_argument("--check", metavar="DIR", type=_folder,
                        help="compare DIR with a fresh generation; exit 1 on a difference")
    parser.add_argument("--seed", type=options.seed, default=FLASHMATE_MAGIC_SEED,
                        help=f"magic search seed (default {FLASHMATE_MAGIC_SEED:#018x})")
    parser.add_argument("--game", choices=("all",) + GAMES, default="all",
                        help="produce only this game's files (default all: every file)")
    parser.add_argument("--layout", type=_layout, default="all", metavar="{" + ",".join(LAYOUT_CHOICES) + "}",
                        help="chess slider layout to produce besides chess_common.c; naming one selects"
                             " chess alone (default all: every layout)")
    parser.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1,
                        help="processes for the magic search (default: CPU count; 1 = no subprocesses)")
    args = parser.parse_args(argv)
    if args.layout == OLD_XIANGQI_OPTION:
        if args.game == "chess":
            parser.error("argument --layout: 'xiangqi' is not a chess layout")
        args.game, args.layout = "xiangqi", "all"
    elif args.layout != "all":
        if args.game == "xiangqi":
            parser.error(f"argument --layout: Xiangqi has no slider layouts ({args.layout!r} is chess's)")
        args.game = "chess"
    return args


def seed_text(seed: int) -> str:
    return f"0x{seed:016X}"


def generator_digest(inputs, seed: int) -> str:
    """sha256 over gen/*.py and the data inputs (sorted by repo-relative path, CRLF read as LF),
    plus the seed. Paths are repo-relative, so the digest does not depend on the checkout."""
    paths = sorted([f"gen/{p.name}" for p in GEN_DIR.glob("*.py")] + list(inputs))
    digest = hashlib.sha256()
    for rel in paths:
        try:
            data = (ROOT / rel).read_bytes().replace(b"\r\n", b"\n")
        except OSError as error:
            raise GenError(f"{rel}: cannot read: {error.strerror}") from None
        digest.update(b"%s\0%d\0" % (rel.encode(), len(data)) + data)
    digest.update(f"seed={seed_text(seed)}\n".encode())
    return digest.hexdigest()


def _existing(path: Path):
    """The bytes of path, or None if there is no such file."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise GenError(f"{path}: cannot read: {error.strerror}") from None


def check_output_folder(folder: Path) -> None:
    """Fail early, before the search, if the output folder cannot be written."""
    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    if not probe.is_dir():
        raise GenError(f"{folder}: cannot create the output folder ({probe} is not a folder)")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise GenError(f"{folder}: output folder is not writable")


def _new_file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_files(folder: Path, files: dict) -> list[str]:
    """Write the files whose content changed, each through a temporary file and os.replace.
    Returns the names written. On an error no file has been replaced and no temporary is left."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise GenError(f"{folder}: cannot create the output folder: {error.strerror}") from None
    changed = [name for name in sorted(files) if _existing(folder / name) != files[name]]
    temporaries = []
    try:
        for name in changed:
            target = folder / name
            mode = target.stat().st_mode & 0o777 if target.exists() else _new_file_mode()
            handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
            temporaries.append(temporary)
            with os.fdopen(handle, "wb") as stream:
                stream.write(files[name])
            os.chmod(temporary, mode)
        for name, temporary in zip(changed, temporaries):
            os.replace(temporary, folder / name)
    except OSError as error:
        for temporary in temporaries:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        raise GenError(f"{folder}: cannot write: {error.strerror or error}") from None
    return changed


def selection_options(game: str, layout: str) -> str:
    """The shortest options that select the same files (a layout implies chess)."""
    if layout != "all":
        return f" --layout {layout}"
    return f" --game {game}" if game != "all" else ""


def fix_command(folder: str, game: str, layout: str, seed: int) -> str:
    return f"python3 gen/tablegen.py --out {folder}{selection_options(game, layout)} --seed {seed_text(seed)}"


def run(args, progress) -> None:
    """Generate and verify everything in memory, then check or write; raises GenError."""
    folder = Path(args.out if args.out is not None else args.check)
    if args.out is not None:
        check_output_folder(folder)
    settings = Settings(CHESS, ROOT, args.seed, args.jobs, progress)
    outputs = build_files(settings, args.game, args.layout)
    regenerate = f"python3 gen/tablegen.py --out {CANONICAL_OUT} --seed {seed_text(args.seed)}"
    files = {}
    for output in outputs:
        text = emit_c.render(output, regenerate, generator_digest(output.inputs, args.seed))
        files[output.filename] = text.encode("ascii")

    if args.check is not None:
        stale = [name for name in sorted(files) if _existing(folder / name) != files[name]]
        if stale:
            names = ", ".join(os.path.join(args.check, name) for name in stale)
            raise GenError(f"{names} differ{'s' if len(stale) == 1 else ''} from what gen/ produces;"
                           f" run: {fix_command(args.check, args.game, args.layout, args.seed)}")
        progress(f"{len(files)} files in {args.check} are up to date")
        return

    written = write_files(folder, files)
    for name in sorted(files):
        state = "written" if name in written else "unchanged"
        progress(f"{os.path.join(args.out, name)}: {len(files[name])} bytes, {state}")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["dense-search"]:
        from . import dense_search
        return dense_search.main(argv[1:])
    args = parse_args(argv)
    start = time.monotonic()

    def progress(line: str) -> None:
        print(f"{PROG}: {line}", file=sys.stderr, flush=True)

    try:
        run(args, progress)
    except GenError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    progress(f"total {time.monotonic() - start:.1f} s")
    return 0
