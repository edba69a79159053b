"""`python3 -m gen dense-search`: the search for the dense layout's magics and offsets.

    python3 -m gen dense-search --state gen/data/dense-state.json --seconds 600 [--seed S]

Compiles gen/dense_kernel.c with the system `cc` into a temporary folder and runs it in chunks
of --chunk CPU seconds; after each chunk the state file (JSON: the magic and offset of every
table, the seed, the chunks run, the CPU time spent) is replaced atomically, and the result is
written to --data (gen/data/chess_dense.txt, what the normal regeneration reads). Killed and
restarted with the same --state, the search continues from the last finished chunk. Chunk k's
kernel seed is mixed from --seed and k, so a run is reproducible chunk by chunk (the kernel
stops on CPU time, so how far a chunk gets depends on the machine).

The normal regeneration never runs this; it only reads --data (gen/dense.py).
"""

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .dense import DATA_PATH, DenseData, dense_layout, format_data
from . import options
from .cli import write_files
from .errors import GenError
from .geometry import CHESS
from .magic import FLASHMATE_MAGIC_SEED, mix64

PROG = "dense-search"
GEN_DIR = Path(__file__).resolve().parent
ROOT = GEN_DIR.parent
KERNEL = GEN_DIR / "dense_kernel.c"
TABLES = 128  # 64 rook tables, then 64 bishop tables


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"invalid number of seconds {text!r} (expected more than 0)")
    return value


def parse_args(argv):
    parser = options.OneLineParser(error_name=PROG, prog="python3 -m gen dense-search", allow_abbrev=False,
                                   description="Search the dense layout's magics and offsets (resumable).")
    parser.add_argument("--state", required=True, metavar="FILE", help="the state file, created if missing")
    parser.add_argument("--seconds", required=True, type=_positive, help="CPU seconds to search in this run")
    parser.add_argument("--seed", type=options.seed, default=None,
                        help=f"seed of a new state (default {FLASHMATE_MAGIC_SEED:#018x}); a resumed state"
                             " keeps its own")
    parser.add_argument("--chunk", type=_positive, default=30.0, help="CPU seconds per kernel run (default 30)")
    parser.add_argument("--data", metavar="FILE", default=str(ROOT / DATA_PATH),
                        help=f"where to write the result (default {DATA_PATH})")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="C compiler (default $CC or cc)")
    return parser.parse_args(argv)


def load_state(path: Path, seed):
    """The state in path, or a new one (no magics yet) if there is no such file."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return {"seed": f"0x{(FLASHMATE_MAGIC_SEED if seed is None else seed):016X}", "chunks": 0,
                "cpu_seconds": 0.0, "total": None, "tables": [["0", 0]] * TABLES}
    except OSError as error:
        raise GenError(f"{path}: cannot read: {error.strerror}") from None
    try:
        state = json.loads(text)
        tables = state["tables"]
        if len(tables) != TABLES or not all(len(t) == 2 for t in tables):
            raise ValueError(f"expected {TABLES} [magic, offset] pairs")
        for magic, offset in tables:
            int(magic, 16)
            int(offset)
        int(state["seed"], 16)
        int(state["chunks"])
        float(state["cpu_seconds"])
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise GenError(f"{path}: not a dense-search state file ({error})") from None
    if seed is not None and int(state["seed"], 16) != seed:
        raise GenError(f"{path}: was started with --seed {state['seed']}, not {seed:#x}; use another --state")
    return state


def save_atomically(path: Path, text: str) -> None:
    """Replace path by way of a temporary file, as tablegen writes generated/."""
    write_files(path.parent, {path.name: text.encode()})


def compile_kernel(cc: str, folder: str) -> str:
    binary = os.path.join(folder, "dense_kernel")
    command = [cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-o", binary, str(KERNEL)]
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise GenError(f"cannot run the C compiler {cc!r}: {error.strerror}") from None
    if result.returncode != 0 or result.stderr.strip():
        first = (result.stderr.strip().splitlines() or ["no message"])[0]
        raise GenError(f"{KERNEL.name} does not compile warning-free with {cc}: {first}")
    return binary


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_chunk(binary: str, state: dict, seconds: float, progress) -> list:
    """One kernel run; returns its tables, relaying its progress lines."""
    kernel_seed = mix64(int(state["seed"], 16) ^ mix64(state["chunks"] + 1))
    stdin = "".join(f"{magic} {offset}\n" for magic, offset in state["tables"])
    process = subprocess.Popen([binary, f"0x{kernel_seed:016x}", f"{seconds:g}"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        process.stdin.write(stdin)
        process.stdin.close()
        for line in process.stderr:
            progress(f"chunk {state['chunks'] + 1}: {line.strip()}")
        out = process.stdout.read()
    except BaseException:
        process.kill()  # interrupted: the chunk is lost, the state file keeps the one before
        process.wait()
        raise
    if process.wait() != 0:
        raise GenError(f"the search kernel failed (exit status {process.returncode})")
    tables = [line.split() for line in out.splitlines() if line.strip()]
    if len(tables) != TABLES:
        raise GenError(f"the search kernel wrote {len(tables)} tables, expected {TABLES}")
    return [[magic, int(offset)] for magic, offset in tables]


def command_line(state_path: str, seconds: float, seed: str) -> str:
    return f"python3 -m gen dense-search --state {state_path} --seconds {seconds:g} --seed {seed}"


def to_data(state: dict, command: str) -> DenseData:
    magics = [int(m, 16) for m, _ in state["tables"]]
    offsets = [o for _, o in state["tables"]]
    return DenseData(magics[:64], offsets[:64], magics[64:], offsets[64:], command, state["seed"],
                     round(state["cpu_seconds"], 1), state["chunks"], None)


def _terminated(signum, frame):
    raise KeyboardInterrupt


def main(argv) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _terminated)  # `kill` stops it as cleanly as Ctrl-C

    def progress(line: str) -> None:
        print(f"{PROG}: {line}", file=sys.stderr, flush=True)

    try:
        state_path = Path(args.state)
        state = load_state(state_path, args.seed)
        with tempfile.TemporaryDirectory(prefix="dense-kernel-") as folder:
            binary = compile_kernel(args.cc, folder)
            left = args.seconds
            best_layout = None  # the layout of state["tables"], once built
            while left > 0:
                seconds = min(args.chunk, left)
                before = children_cpu()
                tables = run_chunk(binary, state, seconds, progress)
                spent = children_cpu() - before
                left -= seconds
                candidate = dict(state, tables=tables)
                data = to_data(candidate, "")
                layout = dense_layout(CHESS, data)  # verifies every occupancy; raises on bad output
                state["chunks"] += 1
                state["cpu_seconds"] = round(state["cpu_seconds"] + spent, 1)
                if state["total"] is None or layout.total <= state["total"]:
                    state["tables"], state["total"] = tables, layout.total
                    best_layout = layout
                save_atomically(state_path, json.dumps(state, indent=1) + "\n")
                command = command_line(args.state, state["cpu_seconds"], state["seed"])
                best = to_data(state, command)
                if best_layout is None:  # resumed, and this chunk did not beat the saved tables
                    best_layout = dense_layout(CHESS, best)
                text = format_data(CHESS, best, best_layout)
                save_atomically(Path(args.data), text)
                progress(f"after {state['chunks']} chunks, {state['cpu_seconds']:.0f} CPU s: total"
                         f" {state['total']} entries; {args.data} written")
    except GenError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; the state file holds the last finished chunk", file=sys.stderr)
        return 130
    return 0
