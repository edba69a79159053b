#!/usr/bin/env python3
"""Summarise a refereed match from one engine's side, and fail on any game it lost by a fault.

usage: pgn_summary.py GAMES.pgn NAME [--games N]

NAME is matched case-insensitively as a substring of the White/Black tags. Prints W/D/L, the
score, the Elo difference with a 95% interval, how every game ended, and each fault: a game
NAME lost by an illegal move, on time (or drew so, against a bare king), by a crash/disconnect,
or for a reason that is not a checkmate or a resignation of NAME's own, and every game without a
result. With --games N, fewer than N games of NAME is a fault too (an aborted match). A game's
number is its Round tag (xboard numbers them so), else its place in the file. Exit status 1 if
there is a fault, 2 on bad input, else 0. Standard library only.
"""
import argparse
import math
import re
import sys
from collections import Counter

# Loss reasons that point at the engine rather than at its play, by what the referee writes.
FAULTS = [
    ("illegal move", re.compile(r"illegal|invalid|forfeit|false claim", re.I)),
    ("time forfeit", re.compile(r"on time|time forfeit|flag|time control", re.I)),
    ("crash", re.compile(r"exit|crash|disconnect|stall|terminat|abandon|error|killed|died|unexpected|"
                         r"not respond|no response", re.I)),
]
NORMAL_LOSS = re.compile(r"mates|checkmate|mated|resigns", re.I)


def parse_games(text):
    """Yield (tags, movetext) for each game in a PGN text."""
    games = re.split(r"\n\s*\n(?=\[)", text.strip())
    for g in games:
        if not g.strip():
            continue
        tags = dict(re.findall(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', g, re.M))
        movetext = "\n".join(l for l in g.splitlines() if not l.startswith("["))
        yield tags, movetext


def end_reason(tags, movetext):
    """How the game ended: the Termination tag and the comment just before the result."""
    reasons = []
    if tags.get("Termination"):
        reasons.append(tags["Termination"])
    m = re.search(r"\{([^{}]*)\}\s*(1-0|0-1|1/2-1/2|\*)\s*$", movetext.strip())
    if m:
        reasons.append(m.group(1).strip())
    return " | ".join(reasons) or "(no reason given)"


def elo(p):
    if p <= 0:
        return float("-inf")
    if p >= 1:
        return float("inf")
    return -400.0 * math.log10(1.0 / p - 1.0)


def score_line(wins, draws, losses):
    """The score and the Elo difference with its 95% interval (normal approximation over the
    per-game scores), as one line: "score 6.5/10 = 65.0%  Elo +108  95% interval [...]"."""
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(variance / n)
    lo, hi = elo(score - 1.96 * se), elo(score + 1.96 * se)
    return ("score %.1f/%d = %.1f%%  Elo %+.0f  95%% interval [%+.0f, %+.0f]  (+-%.0f)"
            % (wins + draws / 2, n, 100 * score, elo(score), lo, hi,
               (hi - lo) / 2 if math.isfinite(hi - lo) else float("inf")))


def summarise(games, who, expected_games=None, out=sys.stdout):
    """Returns the list of faults (game number, kind, reason)."""
    who = who.lower()
    wins = draws = losses = 0
    faults, endings, opponent_faults = [], Counter(), []
    played = 0
    for position, (tags, movetext) in enumerate(games, 1):
        # a game's number: its Round (xboard numbers a match's games so), else its place
        number = int(tags["Round"]) if tags.get("Round", "").isdigit() else position
        white, black = tags.get("White", "").lower(), tags.get("Black", "").lower()
        if who in white and who not in black:
            colour = "white"
        elif who in black and who not in white:
            colour = "black"
        else:
            continue
        played += 1
        result = tags.get("Result", "*")
        reason = end_reason(tags, movetext)
        endings[re.sub(r"\d+", "N", reason.split(" | ")[-1])[:60]] += 1
        won = (result == "1-0" and colour == "white") or (result == "0-1" and colour == "black")
        lost = (result == "0-1" and colour == "white") or (result == "1-0" and colour == "black")
        if result == "1/2-1/2":
            draws += 1
            # "Black wins on time but bare king": White's flag fell, the game is drawn
            flag = re.search(r"\b(White|Black) wins on time", reason)
            if flag and flag.group(1).lower() != colour:
                faults.append((number, "time forfeit", reason))
        elif won:
            wins += 1
            for kind, rx in FAULTS:
                if rx.search(reason):
                    opponent_faults.append((number, kind, reason))
                    break
        elif lost:
            losses += 1
            for kind, rx in FAULTS:
                if rx.search(reason):
                    faults.append((number, kind, reason))
                    break
            else:
                # checkmate, or a resignation (polyglot's resignation for a refused move says
                # "illegal" and is caught above)
                if not NORMAL_LOSS.search(reason):
                    faults.append((number, "unexplained loss", reason))
        else:
            faults.append((number, "no result", reason))

    n = wins + draws + losses
    print("%s: games=%d W=%d D=%d L=%d" % (who, n, wins, draws, losses), file=out)
    if n:
        print(score_line(wins, draws, losses), file=out)
    for reason, count in endings.most_common():
        print("  %3d x %s" % (count, reason), file=out)
    for number, kind, reason in opponent_faults:
        print("note: game %d won by an opponent fault (%s): %s" % (number, kind, reason), file=out)
    if expected_games is not None and played < expected_games:
        faults.append((0, "missing games", "%d of %d games played (match aborted?)" % (played, expected_games)))
    for number, kind, reason in faults:
        print("FAULT game %d: %s: %s" % (number, kind, reason), file=out)
    return faults


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn")
    ap.add_argument("name")
    ap.add_argument("--games", type=int, help="games expected for NAME")
    args = ap.parse_args()
    try:
        text = open(args.pgn, encoding="utf-8", errors="replace").read()
    except OSError as exc:
        print("pgn_summary: %s" % exc, file=sys.stderr)
        return 2
    faults = summarise(list(parse_games(text)), args.name, args.games)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
