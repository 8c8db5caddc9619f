"""Storage errors.

The original keeps its tables in polars data frames, and two polars errors leak
through the library API. Programs and conformance checks recognise them by
class name, so ours carry the same names without depending on polars.
"""


class NoDataError(Exception):
    """Raised when a removal matches no row (polars' ``NoDataError`` in the original)."""


class ComputeError(Exception):
    """Raised when a value does not fit its column, e.g. a room capacity above 255."""
