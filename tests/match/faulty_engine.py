#!/usr/bin/env python3
"""A deliberately faulty UCI engine, to check that the referee and pgn_summary.py notice faults.

usage: faulty_engine.py FAULT N ENGINE [ARGS...]
Passes everything through to ENGINE (a working UCI engine) until its Nth `go`, then:
  illegal  answers `bestmove a2a5` (never legal)
  crash    exits with status 3 without answering
  time     answers only after the remaining clock plus a second
  silent   never answers (keeps reading)
"""
import subprocess
import sys
import threading
import time

fault, n, engine = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
proc = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
lock = threading.Lock()
state = {"gos": 0, "faulty": False, "name": False}


def out(line):
    with lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def pump():
    for line in proc.stdout:
        line = line.rstrip("\n")
        if line.startswith("id name"):
            line = "id name faulty-%s" % fault
        if line.startswith("bestmove") and state["faulty"]:
            continue
        out(line)


threading.Thread(target=pump, daemon=True).start()
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["go"]:
        state["gos"] += 1
        if state["gos"] >= n:
            state["faulty"] = True
            if fault == "illegal":
                out("bestmove a2a5")
                continue
            if fault == "crash":
                sys.stdout.flush()
                proc.kill()
                sys.exit(3)
            if fault == "silent":
                continue
            if fault == "time":
                ms = max(int(w) for w in words if w.isdigit())
                time.sleep(ms / 1000 + 1)
                state["faulty"] = False
    proc.stdin.write(line)
    proc.stdin.flush()
    if words[:1] == ["quit"]:
        break
proc.wait()
