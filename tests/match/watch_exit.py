#!/usr/bin/env python3
"""Run an engine and write down how it ended, so that a crash at quit or at the end of its
input, which no referee reports, does not go unnoticed; and how long it waited for a CPU, so
that a time forfeit on an overloaded machine can be told from one of the engine's own.

usage: watch_exit.py STATUSFILE COMMAND [ARGS...]

COMMAND gets this process's stdin, stdout and stderr (nothing is relayed: no latency). Signals
the referee sends (TERM, INT, HUP, QUIT) are passed on to it. When it has ended, one line is
appended to STATUSFILE:
    exit CODE KEY=VALUE...       it exited with CODE
    signal SIGNAME KEY=VALUE...  a signal ended it
with seconds= (its lifetime), cpu= and waited= (seconds it ran, and waited runnable for a CPU:
Linux's /proc/PID/schedstat), above_waited= (the same wait of the program that started us,
polyglot or xboard, meanwhile), after=SIGNAME (the first signal but INT passed on to it). A
COMMAND that cannot be started is "exit 127". This process then exits with the same status.
Standard library only.
"""
import os
import signal
import subprocess
import sys
import time


def schedstat(pid):
    """(seconds on a CPU, seconds waiting for one) of a process, or None."""
    try:
        with open("/proc/%d/schedstat" % pid) as f:
            ran, waited = f.read().split()[:2]
        return int(ran) / 1e9, int(waited) / 1e9
    except (OSError, ValueError):
        return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    status_file, command = sys.argv[1], sys.argv[2:]
    start = time.monotonic()
    above, above_start = os.getppid(), schedstat(os.getppid())
    forwarded = []
    try:
        child = subprocess.Popen(command)
    except OSError as exc:
        print("watch_exit.py: cannot run %s: %s" % (command[0], exc), file=sys.stderr)
        with open(status_file, "a") as f:
            f.write("exit 127 seconds=0.000\n")
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
    # Ended, but not yet reaped: its schedstat can still be read.
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
    times = schedstat(child.pid)
    above_end = schedstat(above)
    code = child.wait()
    text = "signal %s" % signal.Signals(-code).name if code < 0 else "exit %d" % code
    text += " seconds=%.3f" % (time.monotonic() - start)
    if times:
        text += " cpu=%.3f waited=%.3f" % times
    if above_start and above_end:
        text += " above_waited=%.3f" % (above_end[1] - above_start[1])
    if forwarded:
        text += " after=%s" % forwarded[0]
    with open(status_file, "a") as f:
        f.write(text + "\n")
    sys.exit(128 - code if code < 0 else code)


if __name__ == "__main__":
    main()
