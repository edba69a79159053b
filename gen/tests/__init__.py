"""Unit tests of the table generator. Run from the repository root:

    python3 -m unittest discover -s gen/tests -t .

The tests import the generator as the package it is (`from gen import checks`,
`from gen.geometry import CHESS`); the command line is tested both in this process
(gen.cli.main) and as the programs a user runs (gen/tablegen.py, python3 -m gen).
"""

from pathlib import Path

GEN_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = GEN_DIR.parent
