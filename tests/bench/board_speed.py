#!/usr/bin/env python3
"""Speed of the board images in the chip's own time: perft, and the UCI search where it is built.

usage: board_speed.py [--build-root DIR] [--board B ...] [--markdown]

For every board of cmake/boards.cmake whose build directory (build/B, from `cmake --preset B &&
cmake --build --preset B`) holds its images, runs
- the perft image (src/port/flashmate_perft.elf): the firmware's perft set, and reports the
  leaves, the instructions or cycles they took and the leaves per second at the chip's clock;
- the UCI image (src/port/flashmate_uci.elf), if built (every board): sends `uci`,
  `isready`, `position startpos`, `go movetime 1000` and reads the `info ... depth D ... nodes N
  ... time T` lines, for the search's nodes per second at the chip's clock and the depth it
  completes in 1 s of chip time; if the image offers `UCI_Variant xiangqi`, the same again after
  `setoption name UCI_Variant value xiangqi` (Xiangqi's start position).
It prints what it measured, then a table (--markdown: as in the README's board section). A
benchmark, not a test: nothing is judged beyond the images' own checks.

How the chip's time is obtained
- QEMU boards (Cortex-M, RISC-V) run with `-icount shift=0`: QEMU's virtual clock then advances
  2^0 = 1 ns per guest instruction executed, whatever the host's load, and the board's timers
  count that virtual clock -- SysTick at the core clock QEMU models (168 MHz netduinoplus2, 24 MHz
  stm32vldiscovery), the nRF51's TIMER0 at 1 MHz, the FE310's CLINT mtime at QEMU 7.2's 10 MHz --
  and the ports convert their counts to milliseconds at those rates. So a time T the firmware
  reports in ms stands for I = T * 10^6 instructions, at any clock the board believes it has.
  Checked when this script was written (QEMU 7.2, Debian 12): the times scale exactly with 2^shift
  (shift 0, 1, 2: perft 0.622, 1.244, 2.488 s on netduinoplus2), and a TCG plugin counting the
  guest's instructions up to the RESULT line found 622.6 M (netduinoplus2, reported 0.622 s),
  780.7 M (stm32vldiscovery, 0.780 s), 1,316.7 M (microbit, 1.316 s) and 804.5 M (hifive1,
  0.804 s): T * 10^6 within 0.1 %, the rest start-up and printing.
  Resolution: 1 ms of reported time, 10^6 instructions.
- The estimate at the chip's clock f assumes one instruction per cycle: t_chip = I / f. It is an
  ESTIMATE: it ignores flash wait states (the tables are read from flash: the F405 at 168 MHz
  has 5 wait states behind its ART cache, the FE310 reads its execute-in-place SPI flash without
  a data cache), multi-cycle instructions (loads, taken branches, the M0's multi-cycle 64-bit
  arithmetic) and pipeline stalls. Real chips will be slower, the FE310 by far.
- `go movetime 1000` is 1000 ms of the board's clock = 10^9 instructions, i.e. 10^9 / f seconds
  of chip time (5.95 s at 168 MHz). 1 s of chip time is f instructions = f / 10^6 ms of the
  board's clock (168 ms at 168 MHz); the depth reached in 1 s is the deepest iteration whose
  final `info` line (an exact score, not a bound) reports `time` <= f / 10^6. Search nodes per
  second = nodes * f / (time * 10^6) from the last `info` line. The engine keeps its default
  Move Overhead (30 ms of board time), so it stops some 25-30 ms short of 1000.
- AVR (atmega2560) runs under simavr, which counts the cycles of every instruction as the part
  takes them (multi-cycle instructions included; the ATmega2560 has no wait states): the runner
  tests/boards/avr_run with --line-cycles stamps each console line with the cycle count, and a
  position's cycles are those from the end of the line before to the first byte of its own line
  -- perft plus parsing the FEN and formatting the result with 64-bit divisions (about 65,000
  cycles a position, measured: under 1 % of the set). Nodes per second at 16 MHz = leaves * 16e6 /
  cycles, exact in that sense; the firmware's own Timer1 times are printed beside them. The UCI
  image's `go movetime 1000` is 1000 ms of Timer1, which counts simulated cycles: chip time.
- hifive1 has no core clock in cmake/boards.cmake: the port runs the FE310-G000 from the board's
  16 MHz crystal with the PLL bypassed (src/port/riscv/port_riscv.c), so 16 MHz is the image as
  flashed; 320 MHz is the chip's maximum, for a port that started the PLL. Both are reported.

Standard library only; drives the consoles with tests/boards/qemu_console.py. A QEMU that does
not finish within --timeout is killed.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "boards"))
import qemu_console  # noqa: E402  (tests/boards/qemu_console.py)

ICOUNT_SHIFT = 0  # -icount shift=N: 2^N ns of virtual time per instruction
NS_PER_INSTRUCTION = 2**ICOUNT_SHIFT
# Clocks assumed where cmake/boards.cmake gives none: (Hz, what it is).
ASSUMED_CLOCKS = {
    "hifive1": [(16_000_000, "the port's clock: 16 MHz crystal, PLL bypassed"),
                (320_000_000, "FE310-G000 maximum, PLL on")],
}
PERFT_LINE = re.compile(r"^(\w+) depth (\d+): (\d+) ok, ([0-9.]+) s")
RESULT_LINE = re.compile(r"^RESULT: (PASS|FAIL), (\d+) nodes in ([0-9.]+) s")
SIZE_LINE = re.compile(r"flash (\d+) bytes, RAM (\d+) bytes .*stack (\d+) bytes")
INFO_LINE = re.compile(r"^info .*\bdepth (\d+)\b.*\bnodes (\d+)\b.*\btime (\d+)\b")


def read_boards(path):
    """{board: {setting: value}} from cmake/boards.cmake's flashmate_board macro."""
    text = open(path, encoding="utf-8").read()
    known = re.search(r"set\(FLASHMATE_KNOWN_BOARDS ([^)]*)\)", text).group(1).split()
    boards = {}
    for block in re.split(r'\n\s*(?:else)?if\("\$\{name\}" STREQUAL ', text)[1:]:
        name = re.match(r'"(\w+)"\)', block).group(1)
        block = block.split("\n  else()")[0]
        settings = dict(re.findall(r"set\(FLASHMATE_BOARD_(\w+) ([^)\s]+)", block))
        boards[name] = settings
    return known, boards


def clocks(board, settings):
    hz = int(settings.get("CLOCK_HZ", 0)) or int(settings.get("F_CPU", 0))
    if hz:
        return [(hz, "cmake/boards.cmake")]
    return ASSUMED_CLOCKS.get(board, [])


def qemu_command(settings, image):
    machine = settings["MACHINE"]
    if settings["ARCH"] == "cortex-m":
        command = ["qemu-system-arm", "-M", machine, "-semihosting-config", "enable=off"]
    else:
        command = ["qemu-system-riscv32", "-M", machine, "-bios", "none"]
    return command + ["-display", "none", "-monitor", "none", "-serial", "stdio",
                      "-icount", f"shift={ICOUNT_SHIFT}", "-kernel", image]


def size_report(image):
    try:
        m = SIZE_LINE.search(open(image + ".size", encoding="utf-8").read())
    except OSError:
        return None
    return tuple(int(x) for x in m.groups()) if m else None


def parse_perft(lines):
    positions = []
    result = None
    for text in lines:
        m = PERFT_LINE.match(text)
        if m:
            positions.append((m.group(1), int(m.group(2)), int(m.group(3)),
                              round(float(m.group(4)) * 1000)))
        m = RESULT_LINE.match(text)
        if m:
            result = (m.group(1), int(m.group(2)), round(float(m.group(3)) * 1000))
    return positions, result


def perft_qemu(settings, image, timeout):
    """[(name, depth, leaves, instructions)], total leaves, total instructions."""
    console = qemu_console.Console(qemu_command(settings, image), echo=False)
    try:
        if console.wait_for(r"^RESULT: ", time.monotonic() + timeout) is None:
            raise RuntimeError(f"no RESULT line from {image} within {timeout:.0f} s")
        lines = [text for _, text in console.lines]
    finally:
        console.stop()
    positions, result = parse_perft(lines)
    if not result or result[0] != "PASS":
        raise RuntimeError(f"{image}: the perft self-test did not pass:\n" + "\n".join(lines))
    ns = 1_000_000 // NS_PER_INSTRUCTION
    return ([(n, d, leaves, ms * ns) for n, d, leaves, ms in positions], result[1],
            sum(ms for *_, ms in positions) * ns, stack_line(lines))


def stack_line(lines):
    """The firmware's stack report ("stack: 6264 of 8192 bytes used"), or "?"."""
    return next((text for text in lines if text.startswith("stack: ")), "stack: ?")


def perft_avr(board, settings, build, image, timeout):
    """As perft_qemu, with simulated cycles instead of instructions."""
    runner = os.path.join(build, "tests", "avr_run")
    run = subprocess.run([runner, "--line-cycles", settings["CPU"], settings["F_CPU"], image],
                         capture_output=True, text=True, timeout=timeout)
    lines = run.stdout.splitlines()
    stamps = [tuple(int(x) for x in m.groups()) for m in
              re.finditer(r"^avr_run: line \d+ cycles (\d+) (\d+)$", run.stderr, re.M)]
    positions, result = parse_perft(lines)
    if run.returncode != 0 or not result or result[0] != "PASS" or len(stamps) != len(lines):
        raise RuntimeError(f"{board}: the perft self-test did not pass (status "
                           f"{run.returncode}):\n{run.stdout}{run.stderr}")
    out = []
    for index, text in enumerate(lines):
        m = PERFT_LINE.match(text)
        if m and index > 0:
            cycles = stamps[index][0] - stamps[index - 1][1]
            out.append((m.group(1), int(m.group(2)), int(m.group(3)), cycles))
    return out, result[1], sum(c for *_, c in out), result[2], stack_line(lines)


def uci_avr(settings, build, image, timeout):
    """As uci_qemu under avr_run: the session on standard input, which then ends (the runner
    stops when the firmware idles after its bestmove). The board's `time` is Timer1's, i.e.
    milliseconds of simulated 16 MHz time."""
    runner = os.path.join(build, "tests", "avr_run")
    run = subprocess.run([runner, settings["CPU"], settings["F_CPU"], image],
                         input="uci\nisready\nposition startpos\ngo movetime 1000\n",
                         capture_output=True, text=True, timeout=timeout)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or not any(l.startswith("bestmove ") for l in lines):
        raise RuntimeError(f"{image}: no bestmove (status {run.returncode}):\n{run.stdout}{run.stderr}")
    return search_lines(image, lines[:next(i for i, l in enumerate(lines) if l.startswith("bestmove ")) + 1])


def uci_qemu(settings, image, timeout, variant=None):
    """The last info line and the completed iterations [(depth, nodes, time ms)] of go movetime
    1000 from the start position (of UCI_Variant `variant` if given), the bestmove line, and
    whether the image offers UCI_Variant xiangqi."""
    console = qemu_console.Console(qemu_command(settings, image), echo=False)
    try:
        deadline = time.monotonic() + timeout
        # Bytes sent before the firmware has enabled its UART are lost: ask until answered.
        while console.wait_for(r"^readyok$", time.monotonic() + 0.2) is None:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{image}: no readyok within {timeout:.0f} s")
            console.send(b"isready\n")
        start = len(console.lines)
        console.send(b"uci\n")
        end = console.wait_for(r"^uciok$", deadline, start)
        if end is None:
            raise RuntimeError(f"{image}: no uciok")
        xiangqi = any(re.match(r"^option name UCI_Variant .*\bvar xiangqi\b", text)
                      for _, text in console.lines[start:end])
        if variant:
            console.send(f"setoption name UCI_Variant value {variant}\n".encode())
        start = len(console.lines)
        console.send(b"isready\n")
        if console.wait_for(r"^readyok$", deadline, start) is None:
            raise RuntimeError(f"{image}: no readyok")
        start = len(console.lines)
        console.send(b"position startpos\ngo movetime 1000\n")
        end = console.wait_for(r"^bestmove ", deadline, start)
        if end is None:
            raise RuntimeError(f"{image}: no bestmove within {timeout:.0f} s")
        lines = [text for _, text in console.lines[start:end + 1]]
    finally:
        console.stop()
    return search_lines(image, lines) + (xiangqi,)


def search_lines(image, lines):
    """The last info line (depth, nodes, time ms), the completed iterations, the bestmove line."""
    completed, last = [], None
    for text in lines:
        m = INFO_LINE.match(text)
        if not m:
            continue
        last = tuple(int(x) for x in m.groups())
        if not re.search(r"\b(lowerbound|upperbound)\b", text):
            completed.append(last)
    if last is None:
        raise RuntimeError(f"{image}: no info line with depth, nodes and time:\n" + "\n".join(lines))
    return last, completed, lines[-1]


def search_speed(settings, image, timeout, hz_list, variant):
    """[(nodes per second, depth completed in 1 s)] a clock of the search from the start position
    (of `variant`), and whether the image offers Xiangqi."""
    (depth, nodes, ms), completed, bestmove, xiangqi = uci_qemu(settings, image, timeout, variant)
    instructions = ms * 1_000_000 // NS_PER_INSTRUCTION
    print(f"  uci{' ' + variant if variant else ''} go movetime 1000: depth {depth}, "
          f"{fmt_int(nodes)} nodes in {ms} ms of board time = "
          f"{fmt_units(instructions, 'instructions')}; {bestmove}")
    search = []
    for hz, _ in hz_list:
        budget_ms = hz / 1e6 * NS_PER_INSTRUCTION
        in_budget = [d for d, _, t in completed if t <= budget_ms]
        reached = max(in_budget) if in_budget else 0
        nps = nodes * hz / instructions
        search.append((nps, reached))
        print(f"  at {hz / 1e6:g} MHz: {nps:,.0f} search nodes/s; 1 s of chip time = "
              f"{budget_ms:g} ms of board time, depth {reached} completed by then; the "
              f"search ran {instructions / hz:.2f} s of chip time (estimate)")
    return search, xiangqi


def mnps(leaves, units, hz):
    return leaves * hz / units / 1e6


def fmt_int(n):
    return f"{n:,}"


def fmt_units(n, unit):
    """Cycles are exact; instructions are known to the board's millisecond (10^6 of them)."""
    return f"{n:,} {unit}" if unit == "cycles" else f"{n / 1e6:,.0f} M {unit}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-root", default=os.path.join(ROOT, "build"),
                        help="directory holding build/B for each board (default: the tree's build/)")
    parser.add_argument("--board", action="append", help="only this board (repeatable)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per emulator run")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()

    known, boards = read_boards(os.path.join(ROOT, "cmake", "boards.cmake"))
    rows = []
    for board in args.board or known:
        settings = boards[board]
        build = os.path.join(args.build_root, board)
        perft_image = os.path.join(build, "src", "port", "flashmate_perft.elf")
        uci_image = os.path.join(build, "src", "port", "flashmate_uci.elf")
        if not os.path.exists(perft_image):
            print(f"{board}: not built ({perft_image} missing), skipped")
            continue
        cache = open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8").read()
        if re.search(r"^FLASHMATE_SEMIHOSTING:BOOL=ON$", cache, re.M):
            print(f"{board}: {build} is a semihosting build, skipped")
            continue
        hz_list = clocks(board, settings)
        arch = settings["ARCH"]
        print(f"== {board} ({arch}, {settings['CPU']}); clock: "
              + "; ".join(f"{hz / 1e6:g} MHz ({why})" for hz, why in hz_list))
        if arch == "avr":
            positions, leaves, units, firmware_ms, stack = perft_avr(board, settings, build,
                                                                     perft_image, args.timeout)
            unit = "cycles"
        else:
            positions, leaves, units, stack = perft_qemu(settings, perft_image, args.timeout)
            unit = "instructions"
        print(f"  perft image {stack}")
        for name, depth, n, u in positions:
            print(f"  perft {name} depth {depth}: {fmt_int(n)} leaves, {fmt_units(u, unit)}, "
                  f"{u / n:.0f} per leaf, "
                  + ", ".join(f"{mnps(n, u, hz):#.3g} Mnps at {hz / 1e6:g} MHz" for hz, _ in hz_list))
        print(f"  perft total: {fmt_int(leaves)} leaves, {fmt_units(units, unit)} ({units / leaves:.0f} "
              f"per leaf): " + ", ".join(f"{units / hz:.3f} s, {mnps(leaves, units, hz):#.3g} Mnps at "
                                         f"{hz / 1e6:g} MHz" for hz, _ in hz_list)
              + (" (estimate: 1 instruction per cycle)" if unit == "instructions" else
                 f" (simulated cycles; the firmware's Timer1 measured {firmware_ms / 1000:.3f} s)"))
        row = {"board": board, "perft": size_report(perft_image), "uci": None, "clocks": hz_list,
               "perft_mnps": [mnps(leaves, units, hz) for hz, _ in hz_list], "search": None,
               "xiangqi": None,
               "unit": unit, "per_leaf": units / leaves}
        if os.path.exists(uci_image) and arch != "avr":
            search, xiangqi = search_speed(settings, uci_image, args.timeout, hz_list, None)
            row["uci"] = size_report(uci_image)
            row["search"] = search
            if xiangqi:
                row["xiangqi"], _ = search_speed(settings, uci_image, args.timeout, hz_list,
                                                 "xiangqi")
        elif os.path.exists(uci_image):
            # simavr: the board's milliseconds are the chip's own (Timer1 counts simulated cycles).
            (depth, nodes, ms), completed, bestmove = uci_avr(settings, build, uci_image, args.timeout)
            in_budget = [d for d, _, t in completed if t <= 1000]
            nps, reached = nodes * 1000 / ms, max(in_budget) if in_budget else 0
            print(f"  uci go movetime 1000: depth {depth}, {fmt_int(nodes)} nodes in {ms} ms of the "
                  f"chip's time (simulated cycles); {bestmove}; {nps:,.0f} search nodes/s, depth "
                  f"{reached} completed within 1 s")
            row["uci"] = size_report(uci_image)
            row["search"] = [(nps, reached)]
        rows.append(row)

    print()
    print_table(rows, args.markdown)
    return 0


def print_table(rows, markdown):
    header = ["board", "clock", "flash (bytes)", "static RAM", "stack reserve",
              "perft: per leaf", "perft: Mnps at the clock", "search: nps / depth in 1 s",
              "Xiangqi search: nps / depth in 1 s"]
    table = []
    for row in rows:
        sizes = [row["perft"], row["uci"]] if row["uci"] else [row["perft"]]
        def cell(i):
            values = [fmt_int(s[i]) if s else "?" for s in sizes]
            return " / ".join(values)
        clock = " / ".join(f"{hz / 1e6:g} MHz" for hz, _ in row["clocks"])
        perft = " / ".join(f"{x:#.3g}" for x in row["perft_mnps"])
        perft += " (simulated cycles)" if row["unit"] == "cycles" else " (estimate)"
        def speed(key):
            return (", ".join(f"{nps:,.0f} / {d}" for nps, d in row[key]) if row[key] else "—")
        per_leaf = f"{row['per_leaf']:,.0f} {'cycles' if row['unit'] == 'cycles' else 'instr.'}"
        table.append([row["board"], clock, cell(0), cell(1), cell(2), per_leaf, perft,
                      speed("search"), speed("xiangqi")])
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in table:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(r[i]) for r in table + [header]) for i in range(len(header))]
        for line in [header] + table:
            print("  ".join(c.ljust(w) for c, w in zip(line, widths)).rstrip())
    print("Sizes: perft image / UCI image where one is built (post-build size reports). Times: "
          "QEMU -icount shift=0 instructions at 1 per cycle (an estimate that ignores wait states "
          "and multi-cycle instructions); AVR: simavr's cycles.")


if __name__ == "__main__":
    sys.exit(main())
