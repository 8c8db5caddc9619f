"""Fuzzy name matching shared by employee search and event-subject search.

The original ranks candidates with rapidfuzz's weighted ratio (WRatio) on
normalised strings (lower-cased, non-alphanumerics turned into spaces, trimmed),
keeps those scoring at least 90, and returns at most 50, best first; equal
scores keep table order. Using rapidfuzz with the same settings reproduces its
results exactly, including which near misses are kept.
"""

from rapidfuzz import fuzz, process, utils

SCORE_CUTOFF = 90
MAX_MATCHES = 50


# Unsubscripted ``list`` on purpose: beartype draws a word from the global
# random stream per call of a function whose signature has a subscripted
# container, and this helper must not shift the stream (see ``_rows``).
def fuzzy_match_positions(query: str, candidates: list) -> list:
    """Positions of the candidates that match ``query``, best match first.

    Args:
        query: the text the user gave (a name or a meeting subject).
        candidates: strings in table order; ``None`` entries never match.

    Returns:
        Indexes into ``candidates``: score >= 90, at most 50, ordered by score
        descending and, for equal scores, by position.
    """
    choices = {i: c for i, c in enumerate(candidates) if c is not None}
    matches = process.extract(
        query,
        choices,
        scorer=fuzz.WRatio,
        processor=utils.default_process,
        score_cutoff=SCORE_CUTOFF,
        limit=MAX_MATCHES,
    )
    return [key for _, _, key in matches]
