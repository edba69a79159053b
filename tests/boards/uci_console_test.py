#!/usr/bin/env python3
"""The UCI engine image of a board under its emulator, driven through its UART console.

usage: uci_console_test.py [--timeout S] --legal FILE [--xiangqi FILE] session -- EMULATOR...
       uci_console_test.py [--timeout S] --legal FILE demo -- EMULATOR...

EMULATOR is the command that runs the image with its console on standard input and output, e.g.
    qemu-system-arm -M netduinoplus2 -display none -monitor none -serial stdio
                    -semihosting-config enable=off -kernel flashmate_uci.elf
A board has no exit status to give (it idles when its program ends), so the verdict comes from
the text alone, every read has a deadline, and the emulator is killed at the end.

session  what a GUI sends, and hostile input: `uci` -> uciok, `isready` -> readyok,
         `ucinewgame`, `position fen` (the position of FILE's "# FEN:" line), `go movetime 1500`
         -> a bestmove among FILE's legal moves after about 1.5 s; during `go infinite`, `isready`
         answered while the search runs and `stop` ending it within STOP_LIMIT (both measured,
         CYCLES times); a bad FEN, an overlong line, bytes that are not text and a burst of lines
         during a search each leave the position as it was; a last search still gives a legal
         bestmove; `quit` ends the program (its stack line), after which the board is silent.
         With --xiangqi FILE, before that last search: `uci` must offer UCI_Variant xiangqi;
         `setoption name UCI_Variant value xiangqi`, `position` FILE's "# POSITION:" (a FEN and
         moves) -> FILE's "# FEN:", `go movetime 1500` -> one of FILE's legal moves, go infinite
         with isready and stop as above, and back to chess (UCI_Variant chess, the position).
demo     the compiled-in session: uciok, readyok, a legal bestmove, the stack line.
--cycles HZ: the emulator is tests/boards/avr_run --line-cycles, which stamps every input and
         output line on its standard error with the simulated cycle count: the times during
         `go infinite` are then also measured in the board's own time (cycles / HZ), and stop
         must end the search within STOP_LIMIT of it (instead of the emulator's CPU time, which
         says little about simavr: it runs a 16 MHz part faster than real time here).
--lossy-input: the port loses bytes when its receive ring is full (hifive1: a line longer than
         the ring, or a burst, arrives cut, and the line after it may be lost with it, as on a
         UART without flow control), so after hostile input `isready` is asked again until
         answered; everything else is judged the same.
The measured figures are printed (ctest -V shows them). Standard library only; the engine
driver is tests/protocol/ucitest.py, which the host's protocol tests use.
"""
import argparse
import os
import re
import signal
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol"))
from ucitest import Engine, Fail  # noqa: E402

# During a search, `isready` -> readyok and `stop` -> bestmove, CYCLES times, timed from the
# write to the arrival of the answer. The emulator shares the machine with other jobs, which
# delay it by as much as they like; what the board itself takes shows in the CPU time the
# emulator spends between the two, which they do not inflate. So: stop ends the search within
# STOP_LIMIT of emulator CPU time, every time (issue 12: within 100 ms); both answers come while
# the search runs and within WALL_CEILING of wall time. All figures are printed. (The search
# polls its console every 512 nodes on the boards, a few ms under QEMU.)
CYCLES = 5
STOP_LIMIT = 0.100
WALL_CEILING = 2.0
BOOT_TIMEOUT = 30.0   # the first answer (QEMU starts in well under a second)
ANSWER_TIMEOUT = 20.0 # any other answer; generous, the machine may be busy
RESEND_AFTER = 2.0    # --lossy-input: isready is sent again after this long without readyok
LOSSY = False
LINE_MAX = 1024       # --line-max: the board's FLASHMATE_UCI_LINE_MAX (longest line + 1)
CYCLES_HZ = 0         # --cycles: the simulated clock of avr_run's stamps (0: none)


def board_seconds(e, input_line, output_line):
    """--cycles: the simulated time from avr_run's stamp of input line `input_line` (its end
    handed to the UART) to that of output line `output_line` (its end written)."""
    deadline = time.monotonic() + ANSWER_TIMEOUT
    while True:
        text = e.stderr.decode("utf-8", "replace")
        sent = re.search(r"^avr_run: input %d cycles (\d+)$" % input_line, text, re.M)
        said = re.search(r"^avr_run: line %d cycles \d+ (\d+)$" % output_line, text, re.M)
        if sent and said:
            return (int(said.group(1)) - int(sent.group(1))) / CYCLES_HZ
        if time.monotonic() > deadline:
            raise Fail("no avr_run stamps of input line %d and output line %d" % (input_line, output_line))
        time.sleep(0.05)


def cpu_seconds(pid):
    """CPU time the process has used, all its threads (nanoseconds from /proc/PID/task/*/schedstat;
    clock ticks from /proc/PID/stat where the kernel keeps no schedstat)."""
    total, found = 0, False
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        tasks = []
    for task in tasks:
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
                found = True
        except (OSError, ValueError, IndexError):
            pass
    if found:
        return total / 1e9
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def read_legal(path):
    """The "# FEN:" line, the "# POSITION:" line (None if none) and the legal moves of FILE."""
    fen, position, moves = None, None, set()
    with open(path) as f:
        for line in f:
            if line.startswith("# FEN:"):
                fen = line.split(":", 1)[1].strip()
            elif line.startswith("# POSITION:"):
                position = line.split(":", 1)[1].strip()
            elif not line.startswith("#"):
                moves.update(line.split())
    if not fen or not moves:
        raise SystemExit("%s: needs a '# FEN:' line and the legal moves" % path)
    return fen, position, moves


def require(condition, message, engine):
    if not condition:
        raise Fail(message + "\n" + engine.tail())


def no_fault(engine, lines):
    for line in lines:
        require(not line.startswith("***"), "the firmware stopped: %s" % line, engine)


def sync(e, timeout=ANSWER_TIMEOUT, send=True):
    """isready -> readyok; the lines before it. With --lossy-input isready is sent again every
    RESEND_AFTER seconds (the first may have been lost with the input before it)."""
    if send:
        e.send("isready")
    if not LOSSY:
        lines = e.expect(lambda l: l == "readyok", timeout, "readyok")[2]
        no_fault(e, lines)
        return lines
    lines, deadline = [], time.monotonic() + timeout

    def seen(line):  # every line before readyok, also those of a wait that timed out
        if line == "readyok":
            return True
        lines.append(line)
        return False

    while True:
        try:
            e.expect(seen, RESEND_AFTER, "readyok")
            break
        except Fail:
            if time.monotonic() > deadline:
                raise
            e.send("isready")
    no_fault(e, lines)
    return lines


def fen_of(e):
    e.send("d")
    _, line, before = e.expect(lambda l: l.startswith("Fen: "), ANSWER_TIMEOUT, "the Fen: line of d")
    no_fault(e, before)
    return line[len("Fen: "):]


def bestmove_of(e, line, legal, what):
    words = line.split()
    require(len(words) >= 2, "malformed bestmove line after %s: %r" % (what, line), e)
    require(words[1] in legal, "%s: bestmove %s is not legal (legal: %s)"
            % (what, words[1], " ".join(sorted(legal))), e)
    return words[1]


def kept(e, fen, what, info_expected=True):
    """After hostile input: an info string before the next readyok (if expected), the position
    unchanged."""
    lines = sync(e)
    infos = [l for l in lines if l.startswith("info string")]
    if info_expected:
        require(infos, "%s: no 'info string' reported it" % what, e)
    now = fen_of(e)
    require(now == fen, "%s: the position changed from %s to %s" % (what, fen, now), e)
    return infos


def run_demo(e, legal):
    _, line, before = e.expect("bestmove", BOOT_TIMEOUT + ANSWER_TIMEOUT, "bestmove")
    no_fault(e, before)
    require("uciok" in before, "no uciok", e)
    require("readyok" in before, "no readyok", e)
    print("  bestmove %s (legal)" % bestmove_of(e, line, legal, "the demo's go depth 5"))
    _, stack, _ = e.expect(lambda l: l.startswith("info string stack"), ANSWER_TIMEOUT, "the stack line")
    print("  " + stack)


def wait_for_console(e):
    """Bytes that reach a UART before the firmware has enabled it are lost, on the chip as under
    QEMU: ask `isready` until it is answered, then let any further answers pass."""
    start = time.monotonic()
    while True:
        e.send("isready")
        try:
            t, _, lines = e.expect(lambda l: l == "readyok", 0.25, "readyok")
            break
        except Fail:
            if time.monotonic() - start > BOOT_TIMEOUT:
                raise
    no_fault(e, lines)
    e.drain(1.0)
    print("  console answering %.3f s after the emulator started" % (t - e.started))


def interrupted(e, legal, game):
    """CYCLES times `go infinite`, then `isready` (answered while the search runs) and `stop`
    (a legal bestmove within STOP_LIMIT of emulator CPU time, or of the board's simulated time
    with --cycles). `game` prefixes the reports."""
    ready, stop, ready_cpu, stop_cpu, ready_board, stop_board = [], [], [], [], [], []
    for _ in range(CYCLES):
        e.send("go infinite")
        _, _, before = e.expect(lambda l: l.startswith("info depth "), ANSWER_TIMEOUT, "info of go infinite")
        no_fault(e, before)
        time.sleep(0.2)
        c0 = cpu_seconds(e.proc.pid)
        t0 = e.send("isready")
        t, _, before = e.expect(lambda l: l == "readyok" or l.startswith("bestmove"),
                                ANSWER_TIMEOUT, "readyok during go infinite")
        ready_cpu.append(cpu_seconds(e.proc.pid) - c0)  # the search goes on: an upper bound
        if CYCLES_HZ:
            ready_board.append(board_seconds(e, e.sent_lines, e.read_lines))
        require(not any(l.startswith("bestmove") for l in before), "go infinite ended by itself", e)
        require(e.transcript[-1][1] == "readyok", "go infinite ended by itself", e)
        ready.append(t - t0)
        time.sleep(0.2)
        c0 = cpu_seconds(e.proc.pid)
        t0 = e.send("stop")
        t, line, before = e.expect("bestmove", ANSWER_TIMEOUT, "bestmove after stop")
        stop_cpu.append(cpu_seconds(e.proc.pid) - c0)  # the board idles after its bestmove
        if CYCLES_HZ:
            stop_board.append(board_seconds(e, e.sent_lines, e.read_lines))
        no_fault(e, before)
        bestmove_of(e, line, legal, game + "go infinite + stop")
        stop.append(t - t0)
    ms = lambda times: ", ".join("%.0f" % (x * 1000) for x in times)
    print("  %sduring go infinite, isready -> readyok: %s ms wall (median %.0f), %s ms emulator CPU"
          % (game, ms(ready), statistics.median(ready) * 1000, ms(ready_cpu)))
    print("  %sduring go infinite, stop -> bestmove: %s ms wall (median %.0f), %s ms emulator CPU"
          % (game, ms(stop), statistics.median(stop) * 1000, ms(stop_cpu)))
    if CYCLES_HZ:
        print("  %sduring go infinite, in the board's simulated time: isready -> readyok %s ms, "
              "stop -> bestmove %s ms" % (game, ms(ready_board), ms(stop_board)))
        require(max(stop_board) <= STOP_LIMIT, "stop during a search: %.0f ms of the board's time "
                "before the bestmove (limit %.0f)" % (max(stop_board) * 1000, STOP_LIMIT * 1000), e)
    else:
        require(max(stop_cpu) <= STOP_LIMIT, "stop during a search: the emulator spent %.0f ms of "
                "CPU time before the bestmove (limit %.0f)" % (max(stop_cpu) * 1000, STOP_LIMIT * 1000), e)
    for name, times in ("isready -> readyok", ready), ("stop -> bestmove", stop):
        require(max(times) <= WALL_CEILING, "during a search, %s took %.3f s (ceiling %.1f)"
                % (name, max(times), WALL_CEILING), e)


def timed_search(e, legal, game):
    """`go movetime 1500` -> a legal bestmove after about 1.5 s by the board's clock."""
    t0 = e.send("go movetime 1500")
    t, line, before = e.expect("bestmove", ANSWER_TIMEOUT, "bestmove of go movetime 1500")
    no_fault(e, before)
    move = bestmove_of(e, line, legal, game + "go movetime 1500")
    depths = [l.split()[2] for l in before if l.startswith("info depth ")]
    elapsed = t - t0
    print("  %sgo movetime 1500 -> bestmove %s (legal) after %.3f s, depth %s"
          % (game, move, elapsed, depths[-1] if depths else "?"))
    require(elapsed >= 1.0, "go movetime 1500 took only %.3f s: the board's clock runs fast" % elapsed, e)
    require(elapsed <= 10.0, "go movetime 1500 took %.3f s: the board's clock runs slow" % elapsed, e)


def run_xiangqi(e, xiangqi, position, fen):
    """Xiangqi on the same console (UCI_Variant xiangqi): a FEN with moves, a timed search,
    isready and stop during go infinite; then chess again, at the session's position."""
    xq_position, xq_fen, xq_legal = xiangqi
    e.send("setoption name UCI_Variant value xiangqi")
    e.send("ucinewgame")
    e.send("position " + xq_position)
    sync(e)
    now = fen_of(e)
    require(now == xq_fen, "Xiangqi: position %s gave %s, not %s" % (xq_position, now, xq_fen), e)
    print("  Xiangqi: position %s -> %s" % (xq_position, now))
    timed_search(e, xq_legal, "Xiangqi: ")
    interrupted(e, xq_legal, "Xiangqi: ")
    e.send("setoption name UCI_Variant value chess")
    e.send(position)
    now = fen_of(e)
    require(now == fen, "back to chess: the position is %s, not %s" % (now, fen), e)
    print("  back to chess: %s" % now)


def run_uci(e, fen, legal, xiangqi=None):
    position = "position fen " + fen
    wait_for_console(e)

    # Handshake.
    t0 = e.send("uci")
    t, _, lines = e.expect(lambda l: l == "uciok", ANSWER_TIMEOUT, "uciok")
    no_fault(e, lines)
    require(any(l.startswith("id name ") for l in lines), "no 'id name' before uciok", e)
    if xiangqi:
        require(any(l.startswith("option name UCI_Variant ") and " var xiangqi" in l for l in lines),
                "no 'option name UCI_Variant ... var xiangqi' before uciok", e)
    print("  uci -> uciok in %.3f s" % (t - t0))
    t0 = e.send("isready")
    t, _, _ = e.expect(lambda l: l == "readyok", ANSWER_TIMEOUT, "readyok")
    print("  isready -> readyok in %.3f s" % (t - t0))
    e.send("ucinewgame")
    e.send(position)
    sync(e)
    require(fen_of(e) == fen, "position fen was not set up", e)

    # A timed search; isready and stop during go infinite.
    timed_search(e, legal, "")
    interrupted(e, legal, "")

    # Hostile input: the position stays.
    # A long game's position line (as a GUI sends it after 48 moves each): taken whole.
    shuffles = 24
    long_line = "position fen " + fen + " moves " + " ".join(["g1f3 g8f6 f3g1 f6g8"] * shuffles)
    e.send(long_line)
    words = fen.split()
    words[4], words[5] = str(int(words[4]) + 4 * shuffles), str(int(words[5]) + 2 * shuffles)
    after = " ".join(words)
    lines = sync(e)
    now = fen_of(e)
    require(now == after and not [l for l in lines if l.startswith("info string")],
            "a %d-byte position line: %s, position %s (expected %s)" % (len(long_line), lines, now, after), e)
    print("  %d-byte position line of a long game: taken, %s" % (len(long_line), now))
    e.send(position)
    require(fen_of(e) == fen, "position fen was not set up again", e)

    e.send("position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    print("  bad FEN: %s" % kept(e, fen, "a bad FEN")[0])
    overlong = "position fen " + fen + " moves " + " ".join(
        ["g1f3 g8f6 f3g1 f6g8"] * (LINE_MAX // 20 + 12))
    e.send(overlong)
    print("  overlong position line (%d bytes, the board keeps %d): %s"
          % (len(overlong), LINE_MAX - 1, kept(e, fen, "an overlong line")[0]))
    e.send("x" * 5000)
    print("  5000-byte line: %s" % kept(e, fen, "a 5000-byte line")[0])
    e.send(b"\x01\x02\x03\xff\xfe\x80\x81 \x1b[2J\n")
    print("  bytes that are not text: %s" % kept(e, fen, "bytes that are not text")[0])
    e.send(b"\x7f\x00\xc3\x28 position startpos\r\n")
    kept(e, fen, "a line starting with non-text bytes", info_expected=False)

    # A burst of lines while the engine searches: answered or dropped with an info string,
    # nothing else.
    e.send("go infinite")
    e.expect(lambda l: l.startswith("info depth "), ANSWER_TIMEOUT, "info of go infinite")
    burst = 400
    e.send(b"xyzzy\n" * burst + b"isready\n")
    during = sync(e, send=False)
    e.send("stop")
    _, line, after = e.expect("bestmove", ANSWER_TIMEOUT, "bestmove after stop")
    no_fault(e, after)
    bestmove_of(e, line, legal, "go infinite after a burst")
    after += sync(e)  # the lines kept for after the search are run now
    answers = [l for l in during + after if l.startswith("info string")]
    dropped = sum(1 for l in answers if "command dropped" in l)
    deferred = sum(1 for l in answers if "unknown command" in l)
    cut = sum(1 for l in answers if "too long" in l)
    print("  burst of %d lines during a search: %d dropped (busy), %d run after it, %d cut "
          "(bytes lost: the ring was full)" % (burst, dropped, deferred, cut))
    require(dropped + deferred + cut <= burst and dropped + deferred + cut >= 1,
            "a burst of %d lines gave %d answers" % (burst, len(answers)), e)
    require(len(answers) == dropped + deferred + cut, "unexpected answers to a burst: %s"
            % [l for l in answers if not ("dropped" in l or "unknown" in l or "long" in l)], e)
    kept(e, fen, "a burst of lines during a search", info_expected=False)

    if xiangqi:
        run_xiangqi(e, xiangqi, position, fen)

    # Still a working engine.
    e.send("go depth 4")
    _, line, before = e.expect("bestmove", ANSWER_TIMEOUT, "bestmove of go depth 4")
    no_fault(e, before)
    print("  go depth 4 -> bestmove %s (legal)" % bestmove_of(e, line, legal, "go depth 4"))

    # quit: main returns after its stack line, and the board idles.
    e.send("quit")
    _, stack, before = e.expect(lambda l: l.startswith("info string stack"), ANSWER_TIMEOUT,
                                "the stack line after quit")
    no_fault(e, before)
    print("  quit -> " + stack)
    e.send("isready")
    late = [l for l in e.drain(1.0) if l.strip()]
    require(not late, "after quit the board still answers: %s" % late, e)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["session", "demo"])
    parser.add_argument("--legal", required=True, help="legal moves file with a '# FEN:' line")
    parser.add_argument("--xiangqi", help="session: play Xiangqi too, the position of this legal "
                        "moves file's '# POSITION:' line (then '# FEN:'), and its moves")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds for the whole run")
    parser.add_argument("--line-max", type=int, default=1024,
                        help="the image's FLASHMATE_UCI_LINE_MAX: lines up to one byte less are kept")
    parser.add_argument("--cycles", type=float, default=0,
                        help="avr_run --line-cycles stamps at this clock: time the board's answers")
    parser.add_argument("--lossy-input", action="store_true",
                        help="the port loses input when its ring is full: isready is asked again")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    global LOSSY, LINE_MAX, CYCLES_HZ
    LOSSY = args.lossy_input
    LINE_MAX = args.line_max
    CYCLES_HZ = args.cycles
    command = argv[split + 1:]
    if not command:
        parser.error("no emulator command after --")

    print("running: " + " ".join(command))
    # ctest's timeout terminates this script, and so does our own: take the emulator along.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit("terminated"))
    signal.signal(signal.SIGALRM, lambda signum, frame: sys.exit("timeout after %.0f s" % args.timeout))
    signal.alarm(max(1, int(args.timeout)))
    e = Engine(command, "firmware")
    e.started = time.monotonic()
    try:
        fen, _, legal = read_legal(args.legal)
        xiangqi = None
        if args.xiangqi:
            xq_fen, xq_position, xq_legal = read_legal(args.xiangqi)
            if not xq_position:
                raise SystemExit("%s: needs a '# POSITION:' line" % args.xiangqi)
            xiangqi = (xq_position, xq_fen, xq_legal)
        if args.mode == "demo":
            run_demo(e, legal)
        else:
            run_uci(e, fen, legal, xiangqi)
    except Fail as failure:
        print("FAIL: %s" % failure)
        if e.stderr:
            print("emulator's standard error:\n" + e.stderr.decode("utf-8", "replace"))
        return 1
    finally:
        e.proc.kill()  # a board never exits by itself
        e.proc.wait()
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
