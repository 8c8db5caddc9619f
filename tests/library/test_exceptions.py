import pytest

from aspera_core.library import exceptions
from aspera_core.library.exceptions import (
    EventDefinitionError,
    ParseError,
    RequiresUserInput,
    RequiresUserInputError,
    SearchError,
    assert_requires_input_error,
)


@pytest.mark.parametrize(
    "cls", [RequiresUserInput, ParseError, EventDefinitionError, SearchError, RequiresUserInputError]
)
def test_exceptions_are_plain_direct_subclasses_of_exception(cls):
    assert cls.__bases__ == (Exception,)
    error = cls("needs a date")
    assert str(error) == "needs a date" and error.args == ("needs a date",)


def test_requires_user_input_is_documented_for_programs():
    doc = RequiresUserInput.__doc__
    assert "ambiguous" in doc and "user" in doc


def test_assert_requires_input_error_accepts_none_and_handback_texts():
    assert assert_requires_input_error(None) is None
    assert assert_requires_input_error("RequiresUserInput: which Alex?") is None


def test_assert_requires_input_error_rejects_other_errors():
    with pytest.raises(AssertionError):
        assert_requires_input_error("SearchError: Room 'Blue' not found")


def test_assert_requires_input_error_checks_its_argument_type():
    from beartype.roar import BeartypeCallHintParamViolation

    with pytest.raises(BeartypeCallHintParamViolation, match="parameter tool_exception="):
        assert_requires_input_error(42)


def test_module_exports_only_its_own_names_and_the_helper():
    namespace: dict = {}
    exec(f"from {exceptions.__name__} import *", namespace)
    assert {n for n in namespace if not n.startswith("__")} == {
        "RequiresUserInput",
        "ParseError",
        "EventDefinitionError",
        "SearchError",
        "RequiresUserInputError",
        "assert_requires_input_error",
    }
