"""Unit tests of the table generator. Run from the repository root:

    python3 -m unittest discover -s gen/tests -t .

The generator's modules live flat in gen/ (tablegen.py imports them as top-level modules), so the
package puts gen/ on the import path once for every test module.
"""

import sys
from pathlib import Path

GEN_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = GEN_DIR.parent
if str(GEN_DIR) not in sys.path:
    sys.path.insert(0, str(GEN_DIR))
