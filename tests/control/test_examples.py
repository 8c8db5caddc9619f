"""The worked examples: each control translation does exactly what its library original does."""

from __future__ import annotations

from typing import Any

import pytest

from aspera_core.control.examples import WORKED_EXAMPLES, WorkedExample, render_worked_examples
from aspera_core.executor.namespaces import NamespaceTemplates
from aspera_core.tasks import function_name

from .support import run_control, run_library, small_world, tables

APPS = ["exceptions", "time_utils", "company_directory", "work_calendar"]


def _function(source: str, namespace: dict[str, Any]) -> Any:
    exec(compile(source, "<example>", "exec"), namespace)
    return namespace[function_name(source)]


def _outcome(run: Any, context: Any, function: Any) -> tuple[str, Any]:
    try:
        return "returned", run(context, function)
    except Exception as error:  # a hand-back is an outcome like any other here
        return type(error).__name__, str(error)


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=lambda example: function_name(example.library))
def test_the_translation_does_what_the_library_program_does(example: WorkedExample) -> None:
    library = _function(example.library, NamespaceTemplates().program(APPS))
    control = _function(example.control, {})
    with_library, with_control = small_world(), small_world()
    library_outcome = _outcome(run_library, with_library, library)
    control_outcome = _outcome(run_control, with_control, control)
    assert control_outcome == library_outcome
    assert tables(with_control) == tables(with_library)
    # the example has an effect or an answer in this world
    assert library_outcome[0] == "returned"
    assert library_outcome[1] or tables(with_library) != tables(small_world())


def test_examples_are_rendered_per_setting() -> None:
    control, library = render_worked_examples("control"), render_worked_examples("library")
    for example in WORKED_EXAMPLES:
        assert example.control in control and example.library in library
        assert f'"""Query: {example.query}' in example.control and f'"""Query: {example.query}' in example.library
        assert function_name(example.control) == function_name(example.library)
    assert control.count("(world)") == len(WORKED_EXAMPLES) and "(world)" not in library
    with pytest.raises(ValueError, match="unknown setting"):
        render_worked_examples("sqlite")  # type: ignore[arg-type]
