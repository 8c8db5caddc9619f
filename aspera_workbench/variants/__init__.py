"""Program variants: semantics-preserving rewrites and semantics-breaking mutants.

Pure source-to-source functions on a program's text (standard library only),
shared by the evaluation-program audit, the mutant agent and the validation
of generated tasks::

    from aspera_workbench.variants import mutants, rewrites, pick

    for variant in rewrites(task.program) + mutants(task.program, apps=task.scenario.apps):
        print(variant.kind, variant.expected, variant.description)
    chosen = pick(mutants(task.program), seed=3, salt=task.query_id)

Every variant keeps the program's first function (the one the evaluator calls)
under its name, parses, and differs from the original. A mutant may happen to
change nothing in a particular world; callers that need to know run both
programs (the audit does).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from aspera_core.tasks import function_name
from aspera_workbench.variants import breaking, freedoms, preserving, shortcuts
from aspera_workbench.variants._program import Program
from aspera_workbench.variants.variant_kinds import (
    BREAKING_KINDS,
    CHECKLIST,
    CHECKLIST_ITEMS,
    FAIL,
    FREEDOM_KINDS,
    IDENTITY_KINDS,
    KINDS,
    PASS,
    PRESERVING_KINDS,
    SHORTCUT_KINDS,
    Variant,
    choose,
    expected_verdict,
    pick,
    seeded_random,
)

__all__ = [
    "BREAKING_KINDS",
    "CHECKLIST",
    "CHECKLIST_ITEMS",
    "FAIL",
    "FREEDOM_KINDS",
    "IDENTITY_KINDS",
    "KINDS",
    "PASS",
    "PRESERVING_KINDS",
    "SHORTCUT_KINDS",
    "Variant",
    "check_kinds",
    "choose",
    "expected_verdict",
    "mutants",
    "pick",
    "probes",
    "rewrites",
    "seeded_random",
    "variants",
]


def _program(text: str, query: str | None = None) -> Program:
    try:
        return Program(text, query or "")
    except SyntaxError as error:
        raise ValueError(f"the program does not parse: {error.msg} (line {error.lineno})") from None


def _valid(source: str, name: str | None) -> bool:
    if function_name(source) != name:
        return False
    try:
        ast.parse(source)
    except SyntaxError:
        return False
    return True


def _collect(
    program: Program,
    generators: dict[str, Callable[[Program], Iterator[tuple[str, str]]]],
    kinds: Iterable[str] | None,
    per_kind: int | None | Mapping[str, int | None],
    limit: int | None,
    seed: int,
    salt: str,
) -> list[Variant]:
    """Run the generators and keep valid, distinct variants: at most ``per_kind`` of each kind, ``limit`` in all.

    The choice follows a seeded shuffle (of each kind's candidates, or of all
    candidates when there is a ``limit``), taken in that order until enough
    are valid; only the candidates looked at are parsed.
    """
    text = program.text
    wanted = list(generators) if kinds is None else [kind for kind in generators if kind in set(kinds)]
    name = function_name(text)
    pool = [(kind, found) for kind in wanted for found in generators[kind](program)]
    if limit is not None:
        order = list(range(len(pool)))
        seeded_random(seed, f"{salt}:all kinds").shuffle(order)
    else:
        order = []
        for kind in wanted:
            positions = [i for i, (k, _) in enumerate(pool) if k == kind]
            if _limit(per_kind, kind) is not None:
                seeded_random(seed, f"{salt}:{kind}").shuffle(positions)
            order += positions
    seen = {text}
    taken: dict[str, int] = {}
    kept: list[int] = []
    for index in order:
        if limit is not None and len(kept) >= limit:
            break
        kind, (_, source) = pool[index]
        most = _limit(per_kind, kind)
        if most is not None and taken.get(kind, 0) >= most:
            continue
        if source in seen or not _valid(source, name):
            continue
        seen.add(source)
        taken[kind] = taken.get(kind, 0) + 1
        kept.append(index)
    return [Variant(pool[i][0], pool[i][1][0], pool[i][1][1], expected_verdict(pool[i][0])) for i in sorted(kept)]


def _limit(per_kind: int | None | Mapping[str, int | None], kind: str) -> int | None:
    """The most variants of ``kind``: one number for every kind, or a number per kind (a kind not named: all)."""
    return per_kind.get(kind) if isinstance(per_kind, Mapping) else per_kind


def check_kinds(kinds: Iterable[str] | None) -> None:
    """Raise ``ValueError`` naming every kind of ``kinds`` that is not one of :data:`KINDS`."""
    unknown = [kind for kind in kinds or () if kind not in KINDS]
    if unknown:
        raise ValueError(f"unknown variant kind(s): {', '.join(unknown)} (known: {', '.join(KINDS)})")


def variants(
    program: str,
    *,
    kinds: Iterable[str] | None = None,
    apps: Sequence[str] | None = None,
    per_kind: int | None | Mapping[str, int | None] = None,
    limit: int | None = None,
    seed: int = 0,
    salt: str = "",
    query: str | None = None,
) -> list[Variant]:
    """Rewrites, then mutants, then shortcut probes, of a program.

    Args:
        program: The program's source (its first function is the solution).
        query: The task's request: the variants that use a freedom of the request (:data:`FREEDOM_KINDS`) are
            generated only when it is given and leaves that freedom open.
        kinds: Only these kinds (default: every kind in :data:`KINDS`).
        apps: The task scenario's apps, if known (``change_room`` picks a real
            other room only with ``room_booking``).
        per_kind: At most this many variants of each kind (or, as a mapping, of each kind it names), chosen
            reproducibly from ``seed`` and ``salt`` (default: all).
        limit: At most this many variants in all (default: no limit).
        seed: Seed of that choice.
        salt: Distinguishes the choices of different programs under one seed
            (e.g. the task id).

    Returns:
        The variants, kind by kind in the order of :data:`KINDS`, each kind's
        in source order.

    Raises:
        ValueError: the program does not parse or defines no function, or a kind is unknown.
    """
    kinds = None if kinds is None else list(kinds)
    check_kinds(kinds)
    freedom = {kind: generator for kind, generator in freedoms.GENERATORS.items() if query}
    generators = {**preserving.GENERATORS, **freedom, **breaking.generators(apps), **shortcuts.GENERATORS}
    return _collect(_program(program, query), generators, kinds, per_kind, limit, seed, salt)


def _only(family: dict[str, str], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with ``kinds`` narrowed to the kinds of ``family`` (an unknown kind is still an error)."""
    kinds = None if options.get("kinds") is None else list(options["kinds"])
    check_kinds(kinds)
    return {**options, "kinds": [kind for kind in family if kinds is None or kind in kinds]}


def rewrites(program: str, **options: Any) -> list[Variant]:
    """The semantics-preserving :func:`variants` (same keyword arguments; breaking kinds in ``kinds`` are ignored).

    See :mod:`aspera_workbench.variants.preserving` for the rewrites.
    """
    return variants(program, **_only(PRESERVING_KINDS, options))


def probes(program: str, **options: Any) -> list[Variant]:
    """The shortcut probes of :func:`variants` (same keyword arguments; other kinds in ``kinds`` are ignored).

    See :mod:`aspera_workbench.variants.shortcuts` for the probes.
    """
    return variants(program, **_only(SHORTCUT_KINDS, options))


def mutants(program: str, **options: Any) -> list[Variant]:
    """The semantics-breaking :func:`variants` (same keyword arguments; preserving kinds in ``kinds`` are ignored).

    See :mod:`aspera_workbench.variants.breaking` for the mutants.
    """
    return variants(program, **_only(BREAKING_KINDS, options))
