"""The error that checking code raises when a program's outcome is wrong."""


class SolutionError(Exception):
    """A check of the program's outcome failed.

    Checking code conventionally catches its own ``AssertionError`` and raises
    this with a short, single-line message. The evaluator recognises it by
    name in the last line of the error output, so keep messages on one line.
    """
