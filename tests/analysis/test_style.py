"""The figure style: outcome and system colours that mean one thing each, stable per name, readable in grey."""

from __future__ import annotations

import itertools

import pytest
from matplotlib.colors import to_rgb

from aspera_workbench.analysis.style import (
    BUILTIN_SYSTEMS,
    CATEGORY_COLOURS,
    OUTCOME_COLOURS,
    OUTCOME_HATCHES,
    OUTCOME_ORDER,
    system_colours,
    system_styles,
)


def grey(colour: str) -> float:
    """Lightness as a greyscale conversion (ITU-R 601 luma, what PIL's "L" mode uses), 0 to 255."""
    red, green, blue = to_rgb(colour)
    return 255 * (0.299 * red + 0.587 * green + 0.114 * blue)


def test_systems_never_take_an_outcome_colour():
    names = [*BUILTIN_SYSTEMS, "shortest", "gpt-4o (CCK)", "gpt-4o (PS)", "llama (CCK)", "x", "y", "z"]
    system = {colour.lower() for colour in system_colours(names).values()}
    outcome = {colour.lower() for colour in OUTCOME_COLOURS.values()}
    assert not system & outcome


def test_a_system_keeps_its_colour_when_other_systems_come_and_go():
    builtin = system_colours(["reference", "noop", "handback", "mutant"])
    more = system_colours(["reference", "noop", "handback", "shortest", "mutant"])
    reordered = system_colours(["mutant", "zeta", "handback", "alpha", "reference", "noop"])
    assert builtin == {name: more[name] for name in builtin} == {name: reordered[name] for name in builtin}
    assert system_colours(["shortest"])["shortest"] == more["shortest"]  # alone or with others


def test_other_systems_never_reuse_a_builtin_agents_colour_nor_each_others_while_colours_last():
    builtin = set(system_colours(BUILTIN_SYSTEMS).values())
    others = [f"model-{index} (CCK)" for index in range(5)]
    colours = system_colours(others)
    assert not set(colours.values()) & builtin
    assert len(set(colours.values())) == len(others)


def test_each_system_of_a_figure_gets_its_own_marker_and_line_style():
    styles = system_styles(["reference", "noop", "handback", "mutant", "shortest", "gpt-4o (CCK)"])
    assert len({style.marker for style in styles.values()}) == len(styles)
    assert len({(style.marker, style.linestyle) for style in styles.values()}) == len(styles)
    assert all(style.colour == colour for style, colour in zip(styles.values(), system_colours(styles).values()))


def test_the_common_outcomes_differ_in_grey():
    common = ["success", "task_completion_error", "handback_control", "execution_error"]
    for first, second in itertools.combinations(common, 2):
        difference = abs(grey(OUTCOME_COLOURS[first]) - grey(OUTCOME_COLOURS[second]))
        assert difference >= 40 or OUTCOME_HATCHES[first] != OUTCOME_HATCHES[second], (first, second)


@pytest.mark.parametrize("first, second", list(itertools.combinations(OUTCOME_ORDER, 2)))
def test_any_two_outcomes_differ_in_grey_or_in_hatching(first: str, second: str):
    difference = abs(grey(OUTCOME_COLOURS[first]) - grey(OUTCOME_COLOURS[second]))
    assert difference >= 40 or OUTCOME_HATCHES[first] != OUTCOME_HATCHES[second]


def test_error_categories_that_are_outcomes_share_the_outcomes_colours():
    assert CATEGORY_COLOURS["success"] == OUTCOME_COLOURS["success"]
    assert CATEGORY_COLOURS["wrong effect or answer"] == OUTCOME_COLOURS["task_completion_error"]
    assert CATEGORY_COLOURS["unwarranted hand-back"] == OUTCOME_COLOURS["handback_control"]
    builtin = set(system_colours(BUILTIN_SYSTEMS).values())
    assert not builtin & set(CATEGORY_COLOURS.values())
