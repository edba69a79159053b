#!/usr/bin/env python3
"""A deliberately faulty engine, to check that the referee, run_match.sh and pgn_summary.py
notice faults and tell whose they are.

usage: faulty_engine.py [--cecp] [--only GAME/ATTEMPT,...] FAULT N ENGINE [ARGS...]
Passes everything through to ENGINE (a working engine) until the Nth request for a move (UCI:
`go`; CECP, with --cecp: `go`, `usermove` or a bare move), then:
  illegal   answers with a move that is never legal (a2a5)
  crash     exits with status 3 without answering
  segfault  dies by SIGSEGV without answering (N=0: at start, before saying anything)
  answercrash  answers, then dies by SIGSEGV while the other side thinks
  time      answers only after the remaining clock plus a second
  silent    never answers (keeps reading)
  quitcrash plays normally, ignores SIGTERM, and dies by SIGSEGV at `quit` or end of input
            (as Fairy-Max 5.0b often does)
--only: be faulty only in these games and attempts of run_match.sh (it sets MATCH_GAME and
MATCH_ATTEMPT for the engines it starts), else run ENGINE itself, unchanged. A faulty engine is
named "faulty-FAULT" (UCI `id name`, CECP `feature myname`).
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time

MOVE = re.compile(r"^(usermove\s+)?[a-h][1-8][a-h][1-8][qrbnk]?$")


def die_by_segfault():
    sys.stdout.flush()
    signal.pthread_kill(threading.get_ident(), signal.SIGSEGV)  # this thread, right now
    os._exit(139)  # not reached


def main():
    args = sys.argv[1:]
    cecp = False
    only = None
    while args and args[0].startswith("--"):
        if args[0] == "--cecp":
            cecp = True
            args = args[1:]
        elif args[0] == "--only" and len(args) > 1:
            only = set(args[1].split(","))
            args = args[2:]
        else:
            break
    if len(args) < 3:
        sys.exit(__doc__)
    fault, n, engine = args[0], int(args[1]), args[2:]
    if fault not in ("illegal", "crash", "segfault", "answercrash", "time", "silent", "quitcrash"):
        sys.exit("faulty_engine.py: unknown fault %s" % fault)
    if only is not None:
        here = "%s/%s" % (os.environ.get("MATCH_GAME", "?"), os.environ.get("MATCH_ATTEMPT", "?"))
        if here not in only:
            os.execvp(engine[0], engine)
    if fault == "segfault" and n == 0:
        die_by_segfault()
    # xboard interrupts CECP engines with SIGINT (as a ponder-stop); the engine below gets none.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if fault == "quitcrash":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)

    proc = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    lock = threading.Lock()
    state = {"requests": 0, "faulty": False, "clock_ms": 0}
    answer = "move " if cecp else "bestmove "

    def out(line):
        with lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def pump():
        for line in proc.stdout:
            line = line.rstrip("\n")
            if line.startswith("id name"):
                line = "id name faulty-%s" % fault
            elif 'myname="' in line:
                line = re.sub(r'myname="[^"]*"', 'myname="faulty-%s"' % fault, line)
            if line.startswith(answer) and state["faulty"]:
                if fault != "answercrash":
                    continue
                out(line)
                proc.kill()
                die_by_segfault()
            out(line)

    threading.Thread(target=pump, daemon=True).start()
    for line in sys.stdin:
        words = line.split()
        if cecp and words[:1] == ["time"] and len(words) > 1 and words[1].isdigit():
            state["clock_ms"] = 10 * int(words[1])  # CECP clocks are in centiseconds
        request = words[:1] == ["go"] or (cecp and MOVE.match(line.strip()) is not None)
        if request and fault != "quitcrash":
            state["requests"] += 1
            if state["requests"] >= n:
                state["faulty"] = True  # answercrash: pump() answers, then dies
                if fault == "illegal":
                    out(answer + "a2a5")
                    continue
                elif fault == "crash":
                    sys.stdout.flush()
                    proc.kill()
                    sys.exit(3)
                elif fault == "segfault":
                    proc.kill()
                    die_by_segfault()
                elif fault == "silent":
                    continue
                elif fault == "time":
                    ms = state["clock_ms"] if cecp else max([int(w) for w in words if w.isdigit()] or [0])
                    time.sleep(ms / 1000 + 1)
                    state["faulty"] = False
        if words[:1] == ["quit"] and fault == "quitcrash":
            break
        try:
            proc.stdin.write(line)
            proc.stdin.flush()
        except OSError:
            break
        if words[:1] == ["quit"]:
            break
    if fault == "quitcrash":
        proc.kill()
        die_by_segfault()
    try:
        proc.stdin.close()
    except OSError:
        pass
    proc.wait()


if __name__ == "__main__":
    main()
