#!/usr/bin/env python3
"""Run an engine and write down how it ended, so that a crash at quit or at the end of its
input, which no referee reports, does not go unnoticed.

usage: watch_exit.py STATUSFILE COMMAND [ARGS...]

COMMAND gets this process's stdin, stdout and stderr (nothing is relayed: no latency). Signals
the referee sends (TERM, INT, HUP, QUIT) are passed on to it. When it has ended, one line is
appended to STATUSFILE:
    exit CODE SECONDS [after SIGNAME]      it exited with CODE
    signal SIGNAME SECONDS [after SIGNAME] a signal ended it
SECONDS is its lifetime; "after SIGNAME" names the first signal but INT passed on to it. A COMMAND that
cannot be started is "exit 127". This process then exits with the same status. Standard
library only.
"""
import os
import signal
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    status_file, command = sys.argv[1], sys.argv[2:]
    start = time.monotonic()
    forwarded = []
    try:
        child = subprocess.Popen(command)
    except OSError as exc:
        print("watch_exit.py: cannot run %s: %s" % (command[0], exc), file=sys.stderr)
        with open(status_file, "a") as f:
            f.write("exit 127 0.000\n")
        sys.exit(127)
    # Our copies of the pipes would keep them open after the engine died: let go of them.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)

    def forward(signum, _frame):
        # SIGINT is routine: xboard interrupts CECP engines with it (they ignore it).
        if not forwarded and signum != signal.SIGINT:
            forwarded.append(signal.Signals(signum).name)
        try:
            child.send_signal(signum)
        except OSError:
            pass

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(sig, forward)
    code = child.wait()
    seconds = time.monotonic() - start
    if code < 0:
        text = "signal %s" % signal.Signals(-code).name
    else:
        text = "exit %d" % code
    text += " %.3f" % seconds
    if forwarded:
        text += " after %s" % forwarded[0]
    with open(status_file, "a") as f:
        f.write(text + "\n")
    sys.exit(128 - code if code < 0 else code)


if __name__ == "__main__":
    main()
