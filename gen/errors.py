"""The generator's failures. tablegen.py turns each into one line on stderr and a non-zero exit."""


class GenError(Exception):
    """Anything that stops generation: bad input data, an unwritable folder, a failed check."""


class VerificationError(GenError):
    """A generated table disagrees with its slow reference; nothing may be written."""
