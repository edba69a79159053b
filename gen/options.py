"""Command-line pieces the gen commands share: one-line errors and option value types."""

import argparse


class OneLineParser(argparse.ArgumentParser):
    """argparse, but an error is one line, `NAME: error: ...`, exit status 2."""

    def __init__(self, *args, error_name: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.error_name = error_name

    def error(self, message):
        self.exit(2, f"{self.error_name}: error: {message}\n")


def seed(text: str) -> int:
    """A 64-bit unsigned seed, in decimal or with a base prefix (0x1F)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r} (expected a number such as 0x1F)") from None
    if not 0 <= value <= 0xFFFFFFFFFFFFFFFF:
        raise argparse.ArgumentTypeError(f"seed {text} is not a 64-bit unsigned value")
    return value
