"""Fleiss' kappa and its bootstrap interval, against values worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from aspera_workbench.analysis.statistics import fleiss_kappa, kappa_interval


def test_three_raters_on_four_items() -> None:
    # Per item P_i: 1, 1/3, 1, 1/3 -> P = 2/3; label shares 6/12 and 6/12 -> P_e = 1/2;
    # kappa = (2/3 - 1/2) / (1 - 1/2) = 1/3.
    ratings = [["a", "a", "a"], ["a", "a", "b"], ["b", "b", "b"], ["a", "b", "b"]]
    assert fleiss_kappa(ratings) == pytest.approx(1 / 3)


def test_missing_labels_use_the_raters_each_item_has() -> None:
    # Item 3 has one label and takes no part. P_i: 1 (2 raters), 1/3, 1 -> P = 7/9;
    # labels: a 3 of 8, b 5 of 8 -> P_e = 34/64; kappa = (7/9 - 17/32) / (15/32) = 71/135.
    ratings = [["a", "a", None], ["a", "b", "b"], ["b", None, None], ["b", "b", "b"]]
    assert fleiss_kappa(ratings) == pytest.approx(71 / 135)
    as_frame = pd.DataFrame(ratings, columns=["ann", "bea", "cy"]).replace({None: np.nan})
    assert fleiss_kappa(as_frame) == pytest.approx(71 / 135)
    assert fleiss_kappa([["a", "a", ""], ["a", "b", "b"], ["b", "", ""], ["b", "b", "b"]]) == pytest.approx(71 / 135)


def test_the_published_example() -> None:
    # Fleiss (1971) style table from textbooks: 10 items, 14 raters, 5 categories; kappa = 0.210.
    counts = [
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
    ]
    ratings = [[category for category, n in enumerate(row) for _ in range(n)] for row in counts]
    assert fleiss_kappa(ratings) == pytest.approx(0.2099, abs=1e-4)


def test_perfect_agreement_is_one_and_systematic_disagreement_negative() -> None:
    assert fleiss_kappa([["a", "a", "a"], ["b", "b", "b"], ["a", "a", "a"]]) == pytest.approx(1.0)
    # One item, two raters who disagree: P = 0, P_e = 1/2 -> kappa = -1.
    assert fleiss_kappa([["a", "b"]]) == pytest.approx(-1.0)


def test_undefined_cases_are_nan() -> None:
    assert math.isnan(fleiss_kappa([]))  # no item
    assert math.isnan(fleiss_kappa([["a", "a", "a"], ["a", "a", "a"]]))  # one category only: P_e = 1
    assert math.isnan(fleiss_kappa([["a", "a"]]))  # a single item on which everyone agrees
    assert math.isnan(fleiss_kappa([["a", None], [None, "b"]]))  # no item with two labels


def test_with_two_raters_it_pools_their_label_frequencies() -> None:
    # a/a, a/b, b/b, b/b: P = 3/4; shares a 3/8, b 5/8 -> P_e = 34/64; kappa = (48/64 - 34/64) / (30/64) = 7/15.
    assert fleiss_kappa([["a", "a"], ["a", "b"], ["b", "b"], ["b", "b"]]) == pytest.approx(7 / 15)


def test_interval_is_seeded_covers_the_estimate_and_resamples_groups_together() -> None:
    ratings = [["a", "a", "a"], ["a", "a", "b"], ["b", "b", "b"], ["a", "b", "b"]] * 6
    first = kappa_interval(ratings, samples=400, seed=3)
    assert first == kappa_interval(ratings, samples=400, seed=3)
    assert first[0] <= fleiss_kappa(ratings) <= first[1]
    # Identical groups of four items: every resample has the same kappa as the whole.
    groups = [index // 4 for index in range(len(ratings))]
    low, high = kappa_interval(ratings, groups=groups, samples=200)
    assert low == pytest.approx(1 / 3) and high == pytest.approx(1 / 3)


def test_interval_degenerate_cases() -> None:
    assert all(math.isnan(v) for v in kappa_interval([], samples=50))
    assert all(math.isnan(v) for v in kappa_interval([["a", "a"], ["a", "a"]], samples=50))
    with pytest.raises(ValueError, match="one group per item"):
        kappa_interval([["a", "b"], ["a", "a"]], groups=[1])
