"""flashmate's table compiler: builds the const tables in generated/ and verifies them.

A package, standard library only. Run it as `python3 gen/tablegen.py ...` or, from the repository
root, `python3 -m gen ...` (the command line is in cli.py); its tests are gen/tests.
"""
