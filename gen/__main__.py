"""`python3 -m gen ...`, run from the repository root: the same as `python3 gen/tablegen.py ...`."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
