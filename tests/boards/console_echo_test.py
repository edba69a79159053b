#!/usr/bin/env python3
"""A board console's receive side under QEMU, through tests/boards/console_echo.c.

    console_echo_test.py [--timeout S] [--port-holds-input] -- QEMU-COMMAND... -kernel console_echo.elf

Sends lines the port must keep whole, lines it must report cut (longer than the reader's
128-byte buffer, longer than the port's receive ring, holding a NUL byte), then a burst of
about 4 KB while the firmware does not read, which overflows the ring: the lines that come through
whole must be exactly the lines sent, at least one must be lost or cut, and the console must work
normally afterwards. With --port-holds-input (the Cortex-M port: when its ring is full it stops
taking bytes from the UART, and QEMU holds the rest of the input) every line of the burst must
come through whole and in order instead. The firmware's `sleep 2000`, timed by the board's clock,
must take about 2 s of wall time. Standard library only.
"""
import argparse
import re
import sys
import time

from qemu_console import Console, Trap

BURST = [f"burst {i:02d} " + "x" * 60 for i in range(60)]

FIRST = [
    (b"hello\n", r"length 5, whole: hello$"),
    (b"with cr\r\n", r"length 7, whole: with cr$"),
    (b"a" * 127 + b"\n", r"length 127, whole: a{127}$"),
    (b"b" * 128 + b"\n", r"length 127, cut: b{127}$"),
    (b"nul\x00byte\n", r"length 7, cut: nulbyte$"),
    (b"c" * 2000 + b"\n", r"length 127, cut: c{127}$"),
    (b"after the long line\n", r"length 19, whole: after the long line$"),
]


class Failure(Exception):
    pass


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--port-holds-input", action="store_true",
                        help="the port keeps what it cannot take yet: nothing may be lost")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    deadline = time.monotonic() + args.timeout
    console = Console(command)

    def expect(pattern, start=0):
        index = console.wait_for(pattern, deadline, start)
        if index is None:
            raise Failure(f"no console line matched {pattern!r}")
        return index

    try:
        # One line at a time, as a terminal at 115200 baud would give the board time to read
        # them: QEMU feeds the UART far faster, and a line that fills the whole ring would leave
        # no room for the next one until it is read.
        at = expect(r"^console echo: ready$")
        for number, (data, pattern) in enumerate(FIRST, 1):
            console.send(data)
            at = expect(rf"^line {number}: {pattern}", at + 1)

        # The burst: the firmware sleeps, the interrupt keeps receiving into the ring.
        sent = time.monotonic() - console.start
        console.send(b"sleep 2000\n" + b"".join(line.encode() + b"\n" for line in BURST))
        slept = expect(r"^console echo: slept$", at + 1)
        wall = console.lines[slept][0] - sent
        print(f"console_echo_test: sleep 2000 (the board's clock) took {wall:.3f} s of wall time")
        if not 1.95 <= wall <= 2.5:
            raise Failure(f"the board's 2000 ms took {wall:.3f} s: its clock runs at the wrong rate")
        time.sleep(0.5)  # the rest of the burst, which came after the ring was full
        # A line end first: it closes the line the overflow left open (as pressing Enter would).
        console.send(b"\nping\n")
        ping = expect(r"^line \d+: length 4, whole: ping$", slept + 1)

        whole, cut = [], 0
        for _, text in console.lines[slept + 1:ping]:
            m = re.match(r"^line \d+: length (\d+), (whole|cut): (.*)$", text)
            if not m or int(m.group(1)) != len(m.group(3)):
                raise Failure(f"unexpected console line after the burst: {text!r}")
            if m.group(2) == "cut":
                cut += 1
            elif m.group(3):
                whole.append(m.group(3))
        if any(line not in BURST for line in whole):
            raise Failure(f"a burst line came through changed: {whole}")
        if whole != sorted(whole) or len(set(whole)) != len(whole):
            raise Failure(f"burst lines out of order or repeated: {whole}")
        if args.port_holds_input:
            if whole != BURST or cut:
                raise Failure(f"the port should have held the burst, but {len(whole)} of "
                              f"{len(BURST)} lines came through whole and {cut} cut")
        elif len(whole) < 5:
            raise Failure(f"only {len(whole)} burst lines came through whole")
        elif len(whole) == len(BURST) and cut == 0:
            raise Failure("the burst did not overflow the receive ring: the test proves nothing")
        print(f"console_echo_test: burst of {len(BURST)} lines: {len(whole)} whole, {cut} cut, "
              f"{len(BURST) - len(whole) - cut} lost while the ring was full")

        console.send(b"quit\n")
        expect(r"^console echo: done$", ping + 1)
    except Trap as trap:
        print(f"console_echo_test: the firmware stopped: {trap}")
        return 99
    except Failure as failure:
        print(f"console_echo_test: FAIL, {failure}")
        return 1
    finally:
        console.stop()
    print("console_echo_test: PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
