import ast

from aspera_workbench.surface import library_docs as docs


def test_module_docs_list_every_public_function_with_signature_and_docstring():
    text = docs.render_module_docs("time_utils")
    assert "def now_() -> datetime.datetime:" in text
    assert "class Duration(NamedTuple):" in text
    assert "    number: int | float" in text
    assert "def to_minutes(self) -> float:" in text
    # the rendering is valid Python: stubs without bodies
    ast.parse(text)
    for name in ("Duration", "TimeInterval", "RepetitionSpec", "now_"):
        assert f" {name}" in text
    # imported helpers are not documented as if the module defined them
    assert "def islice" not in text and "class rrule" not in text


def test_library_docs_put_each_module_under_a_file_header():
    text = docs.render_library_docs(["exceptions", "time_utils"])
    assert text.startswith("# exceptions.py\n")
    assert "\n# time_utils.py\n" in text
    assert text.index("class RequiresUserInput") < text.index("def now_")


def test_documentation_only_modules_render_and_are_not_type_checked():
    from aspera_core.library import reminder

    text = docs.render_module_docs(reminder)
    assert "class PersonalReminder:" in text and "def search_reminder(" in text
    assert reminder.search_reminder() is None  # would violate its return annotation if checked


def test_type_aliases_render_as_aliases():
    text = docs.render_module_docs("work_calendar")
    assert "\nEventId = str\n" in text
    assert "class EventId" not in text
    assert "def add_event(event: Event) -> str:" in text  # aliases resolve at run time
    assert "DEFAULT_EVENT_DURATION_MINUTES = 16" in text
    assert "def get_calendar(employee: Employee) -> list[Event]:" in text


def test_the_documented_view_hides_what_the_original_does_not_document():
    full = docs.render_library_docs(["exceptions", "company_directory", "work_calendar", "time_utils"])
    shown = docs.render_library_docs(
        ["exceptions", "company_directory", "work_calendar", "time_utils"], documented_only=True
    )
    ast.parse(shown)
    for hidden in (
        "class NOT_GIVEN",
        "EMPLOYEE_FIELDS =",
        "def from_dict(",
        "\n    event_id: ",
        "Assistants = ",
        "def to_minutes(",
        "class ParseError",
        "def get_event_by_id(",
        "\n    is_user: ",
    ):
        assert hidden in full and hidden not in shown, hidden
    for kept in ("class RequiresUserInput", "def add_event(", "\n    subject: ", "class Team(", "def now_("):
        assert kept in shown, kept
    # every hidden name exists, so the list cannot silently go stale
    import importlib

    for module, names in docs.EXECUTABLE_ONLY.items():
        loaded = importlib.import_module(f"aspera_core.library.{module}")
        for name in names:
            owner, _, member = name.partition(".")
            target = getattr(loaded, owner)
            if member:
                fields = getattr(target, "model_fields", {}) or {}
                assert member in fields or hasattr(target, member) or member in target.__members__, name
