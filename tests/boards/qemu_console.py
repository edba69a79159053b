#!/usr/bin/env python3
"""Run a firmware image under an emulator and judge it by its console text.

    qemu_console.py [options] -- COMMAND...

COMMAND is the emulator with the image (e.g. qemu-system-riscv32 -M sifive_e -bios none
-display none -monitor none -serial stdio -kernel flashmate_perft.elf): its standard output is
the board's console, echoed here line by line. A board image without semihosting never exits --
it idles when main returns, as a real board does -- so the run ends when a line matches --until,
when the emulator exits by itself, or at --timeout; the emulator is killed then.

Exit status: 0 when every --expect matched (in order) and nothing failed; 1 when an expectation
is unmet, a --fail pattern matched or --clock disagrees; 99 when the firmware reports a trap, a
failed assertion or a fault ("*** trap", "*** assertion failed", "*** ...: firmware stopped");
124 on timeout; otherwise, without --until, the emulator's own exit status (semihosting) -- 0
only if the expectations hold too.

--clock REGEX checks the board's clock: group 1 of the matching line is a time in seconds the
firmware measured itself (its perft total); it must agree with the wall time this driver saw
from the first console line to that line (QEMU's virtual clock follows the host's), so a timer
read at the wrong rate fails.

Standard library only; also imported by other board tests (run_console).
"""
import argparse
import os
import re
import subprocess
import sys
import threading
import time

# A firmware's report that it stopped: a RISC-V trap or failed assertion, a Cortex-M fault
# ("*** HardFault (exception 3) at pc ...: firmware stopped").
TRAP = re.compile(r"^\*\*\* (trap|assertion failed|.*: firmware stopped$)")


class Console:
    """An emulator process whose standard output is read line by line in a thread."""

    def __init__(self, command, echo=True):
        self.lines = []  # (seconds since start, text without the line end)
        self.cond = threading.Condition()
        self.closed = False
        self.echo = echo
        self.start = time.monotonic()
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        pending = b""
        while True:
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                break
            pending += chunk
            while b"\n" in pending:
                raw, pending = pending.split(b"\n", 1)
                self._add(raw)
        if pending:
            self._add(pending)
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def _add(self, raw):
        text = raw.decode("latin-1").rstrip("\r")
        if self.echo:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        with self.cond:
            self.lines.append((time.monotonic() - self.start, text))
            self.cond.notify_all()

    def send(self, data):
        """Bytes to the board's console (the emulator's standard input)."""
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def wait_for(self, pattern, deadline, start_index=0):
        """Index of the first line from start_index matching pattern, or None (deadline, exit, or a
        trap report, which raises Trap)."""
        regex = re.compile(pattern)
        index = start_index
        with self.cond:
            while True:
                while index < len(self.lines):
                    text = self.lines[index][1]
                    if TRAP.search(text):
                        raise Trap(text)
                    if regex.search(text):
                        return index
                    index += 1
                if self.closed:
                    return None
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(min(left, 0.5))

    def wait_exit(self, deadline):
        """The emulator's exit status, or None at the deadline."""
        try:
            return self.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.reader.join(timeout=5)


class Trap(Exception):
    pass


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--until", help="stop at the first line matching this")
    parser.add_argument("--expect", action="append", default=[],
                        help="a line matching this must appear (in the order given)")
    parser.add_argument("--fail", action="append", default=[],
                        help="a line matching this fails the run")
    parser.add_argument("--clock", help="a line whose group 1 is seconds the firmware measured")
    parser.add_argument("--input", help="file whose bytes are sent to the console at the start")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no emulator command after --")

    deadline = time.monotonic() + args.timeout
    console = Console(command)
    status = 0
    try:
        if args.input:
            with open(args.input, "rb") as f:
                console.send(f.read())
        if args.until:
            end = console.wait_for(args.until, deadline)
            if end is None:
                if console.closed and console.proc.poll() is not None:
                    print(f"qemu_console: the emulator exited ({console.proc.returncode}) "
                          f"before a line matched {args.until!r}")
                    return 1
                print(f"qemu_console: timeout after {args.timeout:.0f} s, no line matched "
                      f"{args.until!r}")
                return 124
        else:
            # Until the emulator closes its output (it exits); a trap report raises Trap.
            console.wait_for(r"(?!)", deadline)
            code = console.wait_exit(deadline)
            if code is None:
                print(f"qemu_console: timeout after {args.timeout:.0f} s (the emulator did not exit)")
                return 124
            status = code
        lines = list(console.lines)
    except Trap as trap:
        print(f"qemu_console: the firmware stopped: {trap}")
        return 99
    finally:
        console.stop()

    texts = [text for _, text in lines]
    index = 0
    for pattern in args.expect:
        regex = re.compile(pattern)
        while index < len(texts) and not regex.search(texts[index]):
            index += 1
        if index == len(texts):
            print(f"qemu_console: FAIL, no line matched {pattern!r} (in order)")
            return 1
        index += 1
    for pattern in args.fail:
        for text in texts:
            if re.search(pattern, text):
                print(f"qemu_console: FAIL, line matched {pattern!r}: {text}")
                return 1
    if args.clock:
        if not check_clock(args.clock, lines):
            return 1
    return status


def check_clock(pattern, lines):
    regex = re.compile(pattern)
    for seconds, text in lines:
        m = regex.search(text)
        if not m:
            continue
        reported = float(m.group(1))
        wall = seconds - lines[0][0]
        # The firmware's intervals lie within the driver's, which adds start-up and printing;
        # a timer counted at the wrong rate is off by orders of magnitude.
        low, high = 0.5 * wall - 0.3, 1.1 * wall + 0.3
        verdict = "ok" if low <= reported <= high else "FAIL"
        print(f"qemu_console: clock {verdict}: the firmware measured {reported:.3f} s, "
              f"the driver {wall:.3f} s of wall time (accepted {max(low, 0):.3f} .. {high:.3f})")
        return verdict == "ok"
    print(f"qemu_console: FAIL, no line matched the --clock pattern {pattern!r}")
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
