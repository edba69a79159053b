#!/usr/bin/env python3
"""The UCI image of a board, under its emulator, as a UCI engine on standard input and output:
what a GUI or a referee (xboard with polyglot) can run.

usage: board_engine.py BOARD [--build DIR] [--image ELF] [--nodes N] [--boot-timeout S]
                       [-- EMULATOR ARGS...]
  BOARD     a board of BOARDS below (netduinoplus2, ...)
  --build   the board's build directory (default: build/BOARD of this source tree)
  --image   the UCI image (default: DIR/src/port/flashmate_uci.elf)
  --nodes   every `go` with a clock (wtime, btime, winc, binc, movestogo, movetime) is sent to
            the board as `go nodes N`: the board's search budget is then counted in nodes and
            does not depend on how fast the host runs the emulator (its own time management is
            left out: without --nodes the clock goes to the board as it is)
  -- EMULATOR...  run this instead of the board's command (the image is not added)

The emulator runs with the board's UART console on its standard input and output (QEMU:
-serial stdio, -display none, -monitor none, semihosting off). Bytes sent before the firmware
has enabled its UART are lost, so the start-up handshake asks `isready` until it is answered,
then sends a word the engine does not know and swallows everything up to the engine's
`info string unknown command` about it: what the GUI then reads is the board's answer to its
own commands and nothing else. `id name` gets the board put in front (and the node budget
after), so the PGN says which engine played (polyglot keeps 24 characters: "netduinoplus2
flashmate"). Then lines are relayed both ways.

Nothing else is changed or added: when the board refuses a line (`info string line too long,
ignored`: its line buffer is smaller than a host's) that is relayed as it is, and only said on
standard error with the length of the longest line sent.

`quit`, or the end of standard input: `quit` is sent to the board, its stack line relayed, the
emulator stopped; exit status 0, or 3 when the stack line says the stack outgrew its reserve, 4
when no stack line came within 30 s. A board does not exit when its program ends (it idles),
so a dead emulator is a crash here: exit status 1 when the emulator ends by itself, 3 when the
board prints a fault report (a line starting with `***`; the emulator is then stopped), 2 when
the board never answered at start (or a usage error). SIGTERM, SIGHUP and SIGINT stop the
emulator and end this process by the same signal. The emulator runs in a process group of its
own, which is killed whole when it is stopped; it also dies with this process
(PR_SET_PDEATHSIG). Standard library only.
"""
import argparse
import ctypes
import os
import re
import secrets
import selectors
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))

# The boards: how each one's UCI image runs with its console on standard input and output.
# {image} is the image, {build} the build directory. The Cortex-M and RISC-V commands are those
# of cmake/arm-none-eabi.cmake and cmake/riscv.cmake (FLASHMATE_QEMU_COMMAND); the AVR one is the
# simavr runner tests/boards/avr_run.c, which the atmega2560 build makes.
QEMU_ARM = ["qemu-system-arm", "-display", "none", "-monitor", "none", "-serial", "stdio",
            "-semihosting-config", "enable=off", "-kernel", "{image}"]
BOARDS = {
    "netduinoplus2": ["qemu-system-arm", "-M", "netduinoplus2"] + QEMU_ARM[1:],
    "stm32vldiscovery": ["qemu-system-arm", "-M", "stm32vldiscovery"] + QEMU_ARM[1:],
    "microbit": ["qemu-system-arm", "-M", "microbit"] + QEMU_ARM[1:],
    "hifive1": ["qemu-system-riscv32", "-M", "sifive_e", "-bios", "none", "-display", "none",
                "-monitor", "none", "-serial", "stdio", "-kernel", "{image}"],
    "atmega2560": ["{build}/tests/avr_run", "atmega2560", "16000000", "{image}"],
}
IMAGE = "src/port/flashmate_uci.elf"

EXIT_EMULATOR_ENDED, EXIT_START, EXIT_FAULT, EXIT_NO_END = 1, 2, 3, 4
ASK_EVERY = 0.25      # s between the start-up's isready
QUIT_WAIT = 30.0      # s for the stack line after quit
CLOCK_WORDS = {"wtime", "btime", "winc", "binc", "movestogo", "movetime"}
STACK_LINE = re.compile(r"^info string stack \d+ of \d+ bytes used")


def emulator_command(board, image, build=None):
    """The command that runs IMAGE on BOARD's emulator (build: the board's build directory, by
    default the one IMAGE is in)."""
    build = build or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(image))))
    return [w.format(image=os.path.abspath(image), build=os.path.abspath(build)) for w in BOARDS[board]]


def say(message):
    sys.stderr.write("board_engine: %s\n" % message)
    sys.stderr.flush()


def emulator_setup():
    """In the emulator, before exec: a process group of its own, so that stop() ends whatever it
    runs too (a test puts a program between this process and QEMU), and to be killed when this
    process dies, however it dies."""
    os.setpgid(0, 0)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def rewrite_go(line, nodes):
    """`go wtime ... btime ...` -> `go nodes N` (ponder kept); other lines as they are."""
    words = line.split()
    if not nodes or words[:1] != ["go"] or not CLOCK_WORDS.intersection(words):
        return line
    return "go ponder nodes %d" % nodes if "ponder" in words else "go nodes %d" % nodes


class Board:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     preexec_fn=emulator_setup)
        self.buffer = b""
        os.set_blocking(self.proc.stdout.fileno(), False)

    def send(self, line):
        try:
            self.proc.stdin.write(line.encode("utf-8", "replace") + b"\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def read_lines(self):
        """The complete lines that have arrived (None at the end of the output)."""
        try:
            data = os.read(self.proc.stdout.fileno(), 65536)
        except BlockingIOError:
            return []
        if not data:
            return None
        self.buffer += data
        *lines, self.buffer = self.buffer.split(b"\n")
        return [l.rstrip(b"\r").decode("utf-8", "replace") for l in lines]

    def stop(self):
        """The emulator's process group killed (the board idles or is stuck: nothing is lost)."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            pass
        self.proc.wait()

    def ended(self):
        """How the emulator ended, as words."""
        code = self.proc.wait()
        return "killed by %s" % signal.Signals(-code).name if code < 0 else "exit status %d" % code


def out(line):
    try:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    except (BrokenPipeError, OSError):
        pass   # the GUI has gone; the end of its input will follow


def handshake(board, timeout):
    """isready until answered, then a word the engine does not know, and everything up to its
    answer swallowed. Returns None, or why it failed."""
    sel = selectors.DefaultSelector()
    sel.register(board.proc.stdout, selectors.EVENT_READ)
    marker = "board-engine-sync-" + secrets.token_hex(4)
    start, asked, answered = time.monotonic(), 0.0, False
    seen = []
    while True:
        now = time.monotonic()
        if now - start > timeout:
            return "no answer within %.0f s; it said: %s" % (timeout, " | ".join(seen[-5:]) or "nothing")
        if not answered and now - asked >= ASK_EVERY:
            board.send("isready")
            asked = now
        if not sel.select(ASK_EVERY):
            continue
        lines = board.read_lines()
        if lines is None:
            return "the emulator ended (%s) before the board answered" % board.ended()
        for line in lines:
            seen.append(line)
            if line.startswith("***"):
                return "the board reported a fault: " + line
            if line == "readyok" and not answered:
                answered = True
                board.send(marker)
            elif answered and marker in line:
                return None


def main(argv):
    if "--" in argv:
        cut = argv.index("--")
        argv, emulator = argv[:cut], argv[cut + 1:]
    else:
        emulator = None
    ap = argparse.ArgumentParser(description="A board's UCI image under its emulator as a UCI engine.")
    ap.add_argument("board", choices=sorted(BOARDS))
    ap.add_argument("--build")
    ap.add_argument("--image")
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("--boot-timeout", type=float, default=30.0)
    args = ap.parse_args(argv)
    if args.nodes < 0:
        ap.error("--nodes must be positive")
    if not emulator:
        build = os.path.abspath(args.build or os.path.join(SOURCE, "build", args.board))
        image = os.path.abspath(args.image or os.path.join(build, IMAGE))
        if not os.path.isfile(image):
            say("no UCI image %s (build it: cmake --preset %s && cmake --build --preset %s)"
                % (image, args.board, args.board))
            return EXIT_START
        emulator = emulator_command(args.board, image, build)
    try:
        board = Board(emulator)
    except OSError as exc:
        say("cannot run %s: %s" % (emulator[0], exc))
        return EXIT_START

    def on_signal(signum, _frame):
        board.stop()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(sig, on_signal)

    failed = handshake(board, args.boot_timeout)
    if failed:
        say(failed)
        board.stop()
        return EXIT_START
    budget = ", go nodes %d" % args.nodes if args.nodes else ""

    sel = selectors.DefaultSelector()
    stdin = sys.stdin.fileno()
    sel.register(stdin, selectors.EVENT_READ, "gui")
    sel.register(board.proc.stdout, selectors.EVENT_READ, "board")
    gui_buffer = b""
    longest_sent = ""   # the longest line sent to the board since it last refused one
    quitting = None   # the time quit was sent
    while True:
        timeout = None if quitting is None else max(0.0, quitting + QUIT_WAIT - time.monotonic())
        events = sel.select(timeout)
        if not events and quitting is not None:
            say("no stack line within %.0f s of quit" % QUIT_WAIT)
            board.stop()
            return EXIT_NO_END
        for key, _ in events:
            if key.data == "board":
                lines = board.read_lines()
                if lines is None:
                    say("the emulator ended by itself (%s)" % board.ended())
                    return EXIT_EMULATOR_ENDED
                for line in lines:
                    if line.startswith("id name "):
                        line = "id name %s %s%s" % (args.board, line[len("id name "):], budget)
                    out(line)
                    if line.startswith("info string line too long"):
                        say("the board refused a line (the longest sent since the last refusal: %d bytes, %s...)"
                            % (len(longest_sent), longest_sent[:40]))
                        longest_sent = ""
                    if line.startswith("***"):
                        say("the board reported a fault: %s" % line)
                        board.stop()
                        return EXIT_FAULT
                    if quitting is not None and STACK_LINE.match(line):
                        board.stop()
                        if "more than the reserve" in line:
                            say("the stack outgrew its reserve: %s" % line)
                            return EXIT_FAULT
                        return 0
            else:
                data = os.read(stdin, 65536)
                eof = not data
                if eof:   # the end of the input: as quit (a last line without its LF first)
                    sel.unregister(stdin)
                    data = b"\n" if gui_buffer.strip() else b""
                gui_buffer += data
                *lines, gui_buffer = gui_buffer.split(b"\n")
                for raw in lines:
                    if quitting is not None:
                        break
                    line = rewrite_go(raw.rstrip(b"\r").decode("utf-8", "replace"), args.nodes)
                    if not board.send(line):
                        say("the emulator stopped reading (%s)" % board.ended())
                        return EXIT_EMULATOR_ENDED
                    if len(line) > len(longest_sent):
                        longest_sent = line
                    if line.split()[:1] == ["quit"]:
                        quitting = time.monotonic()
                if eof and quitting is None:
                    board.send("quit")
                    quitting = time.monotonic()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
