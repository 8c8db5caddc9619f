"""Variant kinds and the seeded choices the audit and the mutant agent rely on."""

from __future__ import annotations

import pytest

from aspera_workbench.variants import (
    BREAKING_KINDS,
    CHECKLIST,
    CHECKLIST_ITEMS,
    KINDS,
    PRESERVING_KINDS,
    SHORTCUT_KINDS,
    choose,
    expected_verdict,
    pick,
)


def test_every_kind_has_an_expected_verdict() -> None:
    assert set(KINDS) == set(PRESERVING_KINDS) | set(BREAKING_KINDS) | set(SHORTCUT_KINDS)
    assert {expected_verdict(kind) for kind in PRESERVING_KINDS} == {"pass"}
    assert {expected_verdict(kind) for kind in BREAKING_KINDS} == {"fail"}
    assert {expected_verdict(kind) for kind in SHORTCUT_KINDS} == {"fail"}
    with pytest.raises(KeyError, match="unknown variant kind 'typo'"):
        expected_verdict("typo")


def test_every_kind_and_trivial_agent_names_a_checklist_item() -> None:
    assert set(CHECKLIST) == set(KINDS) | {"noop", "handback"}
    assert set(CHECKLIST.values()) <= set(CHECKLIST_ITEMS)


def test_choose_is_reproducible_and_keeps_order() -> None:
    items = list(range(20))
    first = choose(items, 5, seed=1, salt="1001:drop_action")
    assert first == choose(items, 5, seed=1, salt="1001:drop_action")
    assert first == sorted(first) and len(set(first)) == 5
    others = {tuple(choose(items, 5, seed=seed, salt="1001:drop_action")) for seed in range(10)}
    assert len(others) > 1  # the seed matters
    assert choose(items, 5, seed=1, salt="1002:drop_action") != first  # so does the salt
    assert choose(items, None, seed=1) == items and choose(items, 50, seed=1) == items
    assert choose(items, 0, seed=1) == []


def test_pick_is_reproducible() -> None:
    items = ["a", "b", "c", "d"]
    assert pick(items, seed=7, salt="x") == pick(items, seed=7, salt="x")
    assert {pick(items, seed=seed, salt="x") for seed in range(30)} == set(items)
    assert pick([], seed=7) is None
