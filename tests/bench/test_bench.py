#!/usr/bin/env python3
"""`flashmate bench` determinism: the node count is the search's signature, so it must be the
same on every run, and the same under Valgrind (which also must find no memory errors).

usage: test_bench.py ENGINE [--depth D] [--runs N]
       test_bench.py ENGINE --valgrind [--depth D] [--portable-build DIR --source DIR --cmake CMAKE]

--valgrind runs the bench natively and under `valgrind --error-exitcode=1`. Valgrind does not
know every instruction -march=native can emit (AVX-512 gives SIGILL), so --portable-build first
configures and builds a copy of flashmate without it in DIR and runs that one under Valgrind;
its native count must match ENGINE's too. Exit status 77 (skip) when valgrind is missing.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

SKIP = 77


def bench(cmd, depth, timeout):
    """Run a bench command; returns (nodes, seconds, output)."""
    argv = cmd + ["bench"] + ([str(depth)] if depth else [])
    t0 = time.monotonic()
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        sys.exit("FAIL: '%s' did not finish within %d s" % (" ".join(argv), timeout))
    took = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit("FAIL: '%s' exited with %d\n%s%s" % (" ".join(argv), p.returncode, p.stdout, p.stderr[-3000:]))
    found = re.findall(r"^Nodes searched: (\d+)$", p.stdout, re.M)
    if len(found) != 1:
        sys.exit("FAIL: '%s' printed %d 'Nodes searched: N' lines\n%s" % (" ".join(argv), len(found), p.stdout))
    return int(found[0]), took, p.stdout + p.stderr


def portable_build(cmake, source, build):
    """Configure and build flashmate without -march=native; returns the binary's path."""
    for argv in ([cmake, "-S", source, "-B", build, "-DFLASHMATE_NATIVE=OFF", "-DFLASHMATE_TESTS=OFF",
                  "-DCMAKE_BUILD_TYPE=RelWithDebInfo"],
                 [cmake, "--build", build, "--target", "flashmate", "-j", "2"]):
        p = subprocess.run(argv, capture_output=True, text=True, timeout=1200)
        if p.returncode != 0:
            sys.exit("FAIL: %s\n%s%s" % (" ".join(argv), p.stdout[-3000:], p.stderr[-3000:]))
    return os.path.join(build, "flashmate")


def uci_session(cmd):
    """A UCI session with hostile input under Valgrind: no memory error, exit 0."""
    junk = bytes(range(256)) * 4
    session = b"\n".join([
        b"uci", b"isready", b"setoption name Hash value 4", b"setoption name Hash value x",
        b"setoption name OwnBook value true", b"setoption name BookFile value /nonexistent.bin",
        b"position fen garbage", b"position startpos moves e2e4 e7e5 zzzz", b"position startpos moves e2e4 e7e5",
        b"go depth 5", b"go perft 2", b"go depth abc nodes 3000", b"x" * 100000, junk,
        b"position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        b"go searchmoves e2a6 d5e6 depth 4", b"d", b"eval", b"go infinite", b"isready", b"stop",
        b"position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", b"go depth 3", b"quit", b""])
    try:
        p = subprocess.run(cmd, input=session, capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        sys.exit("FAIL: the UCI session under valgrind did not finish within 600 s")
    err = p.stderr.decode("utf-8", "replace")
    summary = [l for l in err.splitlines() if "ERROR SUMMARY" in l]
    print("valgrind UCI session: exit %d, %s" % (p.returncode, summary[-1] if summary else "no summary"))
    if p.returncode != 0:
        sys.exit("FAIL: the UCI session under valgrind exited with %d\n%s" % (p.returncode, err[-4000:]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--depth", type=int, default=0, help="bench depth (default: the engine's)")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--valgrind", action="store_true")
    ap.add_argument("--portable-build")
    ap.add_argument("--source")
    ap.add_argument("--cmake", default="cmake")
    args = ap.parse_args()
    engine = [os.path.abspath(args.engine)]

    counts = []
    for i in range(args.runs):
        nodes, took, _ = bench(engine, args.depth, 600)
        print("run %d: Nodes searched: %d (%.2f s)" % (i + 1, nodes, took))
        counts.append(nodes)
    if len(set(counts)) != 1:
        sys.exit("FAIL: bench node counts differ between runs: %s" % counts)

    if args.valgrind:
        valgrind = shutil.which("valgrind")
        if not valgrind:
            print("SKIP: valgrind not installed")
            return SKIP
        target = engine
        if args.portable_build:
            target = [portable_build(args.cmake, args.source, args.portable_build)]
            nodes, took, _ = bench(target, args.depth, 600)
            print("portable build: Nodes searched: %d (%.2f s)" % (nodes, took))
            if nodes != counts[0]:
                sys.exit("FAIL: the portable build counts %d nodes, the native one %d" % (nodes, counts[0]))
        cmd = [valgrind, "--error-exitcode=1", "--leak-check=full", "--errors-for-leak-kinds=definite"] + target
        nodes, took, output = bench(cmd, args.depth, 1800)
        print("valgrind: Nodes searched: %d (%.1f s)" % (nodes, took))
        summary = [l for l in output.splitlines() if "ERROR SUMMARY" in l]
        print(summary[-1] if summary else "valgrind printed no error summary")
        if nodes != counts[0]:
            sys.exit("FAIL: under valgrind the bench counts %d nodes, natively %d" % (nodes, counts[0]))
        uci_session(cmd)
    print("ok: Nodes searched: %d every time" % counts[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
