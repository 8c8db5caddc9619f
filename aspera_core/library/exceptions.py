"""Exceptions of the assistant library.

``RequiresUserInput`` is the one a program raises itself: it hands control back
to the user when the request cannot be carried out without them, for example
when a name matches several colleagues or no meeting fits the description. The
others are raised by the library when a lookup or definition cannot succeed.
"""


class RequiresUserInput(Exception):
    """Raise this to hand control back to the user.

    Use it when the request is ambiguous (a name or subject matches several
    people or events), when nothing matches what the user described, or when
    the request is impossible (for example no free slot exists). The message
    should say what the user must clarify. The library never raises it.
    """


class ParseError(Exception):
    """A date, time or range expression could not be resolved."""


class EventDefinitionError(Exception):
    """A recurring event lacks the start time (or, when expanded, the end time) it needs."""


class SearchError(Exception):
    """A lookup that must succeed failed.

    Raised when there is no unique current user, a conference room name matches
    no room, an event without an id is deleted, or an event id is unknown.
    """


class RequiresUserInputError(Exception):
    """Kept for compatibility with the original library; it is never raised."""


def assert_requires_input_error(tool_exception: str | None) -> None:
    """Check that an error text reports a hand-back to the user.

    Args:
        tool_exception: the text of an exception, or ``None`` when nothing was raised.

    Raises:
        AssertionError: the text does not mention ``RequiresUserInput``.
    """
    if tool_exception is None:
        return None
    assert "RequiresUserInput" in tool_exception
