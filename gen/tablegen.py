#!/usr/bin/env python3
"""Runs the table compiler as a file: python3 gen/tablegen.py --out generated/ (see cli.py)."""

import sys
from pathlib import Path

if __name__ == "__main__":
    # Run as a file, Python puts gen/ itself on the import path, not the folder holding the
    # package; add that folder so that `gen` and its relative imports resolve.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from gen.cli import main

    sys.exit(main())
