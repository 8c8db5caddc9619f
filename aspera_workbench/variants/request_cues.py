"""What a request fixes, read from its words: the first half of proving that a freedom exists.

A variant that uses a freedom of the request (another length, another order, other words, the user's own
attendance) is only generated when the request leaves that freedom open. These readers are deliberately
cautious: any cue that the request might fix the thing counts as fixing it, so that a variant is skipped rather
than claimed correct on a request that fixes what it changes. (The second half of the proof runs both programs
and compares what they did: :mod:`aspera_workbench.audit.freedom`.)
"""

from __future__ import annotations

import re

_NUMBER_WORDS = r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|forty-five|ninety|half(?:\s+an)?|quarter(?:\s+of\s+an)?)"
_LENGTH = re.compile(
    rf"\b{_NUMBER_WORDS}[\s-]*(?:hours?|hrs?|minutes?|mins?)\b"
    r"|\b(?:half\s+an\s+hour|all[\s-]day|whole\s+day|full\s+day|hour-long|day-long|minute-long)\b"
    r"|\b(?:hours?|minutes?|long|longer|shorter|length|duration|lasts|lasting)\b"
    r"|\b(?:from|between)\s+\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s*(?:to|and|-|until|till)\s*\d"
    r"|\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s*(?:-|to|until|till)\s*\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?"
    r"|\b(?:until|till|through|thru|slot|slots)\b",
    re.IGNORECASE,
)
# A part of the day says how long only when no clock time is given ("block my afternoon", not "Friday afternoon
# at 2").
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening)\b", re.IGNORECASE)
_CLOCK_TIME = re.compile(r"\b\d{1,2}(?::\d{2})?\s*[ap]\.?m\b|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidday\b", re.IGNORECASE)
# Requests that change an event that exists: its length is the event's own, not free.
_EXISTING = re.compile(
    r"\b(?:move|moves|moving|reschedule|push|pull|postpone|shift|bring|change|extend|shorten|same|instead|rename|replace|swap|update)\b",
    re.IGNORECASE,
)
# Cues that people are to be taken in some order (not "the first weekday", which orders days).
_ORDER = re.compile(
    r"\b(?:order|ordered|orders|alphabetical(?:ly)?|sorted|sort|seniority|senior|junior|priority|respectively|"
    r"ranked|rank|followed\s+by|then|after\s+that|in\s+turn|one\s+after\s+(?:the\s+)?other|"
    r"(?:starting|beginning|first|last)\s+with|before\s+[A-Z]\w+|after\s+[A-Z]\w+)\b"
)

_WORDING = re.compile(
    r"\b(?:just|exactly|nothing\s+else|format|formatted|in\s+the\s+form|word\s+for\s+word|verbatim|"
    r"yyyy|mm|dd|hh|iso|comma|commas|semicolon|one\s+word|as\s+written|the\s+same\s+words|quote)\b",
    re.IGNORECASE,
)
_NOT_ATTENDING = re.compile(
    r"\b(?:between|without\s+me|not\s+me|except\s+me|excluding\s+me|on\s+(?:his|her|their|my\s+\w+'s)\s+behalf|"
    r"for\s+(?:him|her|them)|I\s+(?:won't|will\s+not|can't|cannot|am\s+not|'m\s+not)|don't\s+(?:include|invite)\s+me|"
    r"attendees?|invite(?:s|d)?|include|including|add\s+me|me\s+too|and\s+me|and\s+I|including\s+me)\b",
    re.IGNORECASE,
)


def creates_event(query: str) -> bool:
    """Whether the request may ask for new events only: it has no word of changing one that exists (move, push,
    change...). Whether an event the program adds is new, and not a replacement of one it removed, the audit checks
    when it runs the program."""
    return not _EXISTING.search(query)


def states_length(query: str) -> bool:
    """Whether the request says (or may say) how long an event lasts, or is about events that exist already."""
    if _PART_OF_DAY.search(query) and not _CLOCK_TIME.search(query):
        return True
    return bool(_LENGTH.search(query) or _EXISTING.search(query))


def fixes_order(query: str) -> bool:
    """Whether the request may fix an order among people, slots or rooms."""
    return bool(_ORDER.search(query))


def fixes_wording(query: str) -> bool:
    """Whether the request asks for an answer in exact words or a set form ("just the name", "as YYYY-MM-DD")."""
    return bool(_WORDING.search(query))


def settles_attendance(query: str) -> bool:
    """Whether the request says anything about who attends beyond naming the others (the user's own attendance,
    invitations, a meeting between other people)."""
    return bool(_NOT_ATTENDING.search(query))
