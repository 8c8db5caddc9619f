"""The canonical encoding between judge and candidate: exact types cross, everything else is opaque, and what
a candidate sends can only be decoded or refused (``Malformed``), never run."""

from __future__ import annotations

import datetime
import json
import random

import pytest

from aspera_core.executor import candidate, wire
from aspera_core.executor.classify import classify, error_type_name, exception_message
from aspera_core.executor.harness import safe_repr
from aspera_core.library.company_directory import Employee
from aspera_core.library.exceptions import RequiresUserInput
from aspera_core.library.time_utils import EventFrequency, RepetitionSpec, TimeInterval
from aspera_core.library.work_calendar import Event
from aspera_core.outcomes import ORIGIN_PROGRAM, Outcome
from aspera_core.world import state


def crossed(value: object) -> object:
    """``value`` after a trip through the encoding and JSON, as the other side rebuilds it."""
    node = wire.Encoder(safe_repr).top(value)
    return wire.decode(json.loads(wire.dumps(node)))


ADA = Employee(name="Ada Lovelace", employee_id="e1")
START = datetime.datetime(2024, 6, 25, 9, 6)


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        0,
        -(2**70),
        1.5,
        float("inf"),
        "text \udcff",
        [1, [2, (3, {4})]],
        {"a": 1, 2: "b", (1, 2): frozenset({3})},
        START,
        datetime.datetime(2024, 6, 25, tzinfo=datetime.timezone(datetime.timedelta(hours=2), "X")),
        datetime.date(2024, 6, 25),
        datetime.time(9, 6, 1, 5),
        datetime.timedelta(days=1, seconds=3),
        ADA,
        EventFrequency.WEEKLY,
        TimeInterval(START, START + datetime.timedelta(hours=1)),
        RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=3),
        Event(subject="Sync", attendees=[ADA], starts_at=START, ends_at=START + datetime.timedelta(minutes=30)),
    ],
)
def test_exact_types_cross_as_themselves(value: object) -> None:
    back = crossed(value)
    assert back == value
    assert type(back) is type(value)
    assert repr(back) == repr(value)


def test_a_models_fields_set_and_frozen_state_survive() -> None:
    event = Event(subject="Sync", starts_at=START)
    back = crossed(event)
    assert back.model_fields_set == event.model_fields_set
    assert back.model_dump() == event.model_dump()
    with pytest.raises(Exception):  # noqa: B017, PT011 - Employee is frozen, whatever pydantic raises
        crossed(ADA).name = "x"  # type: ignore[misc]


class Yes(int):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


class Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("no")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no")


def cyclic() -> list:
    value: list = []
    value.append(value)
    return value


OPAQUE = {
    "subclass": lambda: Yes(7),
    "hostile": Hostile,
    "generator": lambda: (i for i in range(3)),
    "cyclic": cyclic,
    "huge text": lambda: "x" * (wire.MAX_TEXT + 1),
    "huge int": lambda: 10**5000,
    "context": state.ExecutionContext,
}


@pytest.mark.parametrize("name", sorted(OPAQUE))
def test_anything_else_is_opaque_and_equals_only_itself(name: str) -> None:
    value = OPAQUE[name]()
    back = crossed(value)
    assert type(back) is wire.Opaque
    assert back == back
    assert back is not value and not (back == 7) and back != back.label
    assert isinstance(back.label, str) and len(back.label) <= wire.MAX_LABEL


def test_an_opaque_value_is_labelled_with_its_own_repr() -> None:
    assert repr(crossed(Yes(7))) == "7"
    assert crossed(Yes(7)).type_name.endswith("Yes")
    assert repr(crossed(Hostile())).startswith("<Hostile instance at")  # (reprlib's own fallback)


def test_a_deep_value_is_opaque_as_a_whole() -> None:
    value: object = 1
    for _ in range(wire.MAX_DEPTH + 5):
        value = [value]
    assert type(crossed(value)) is wire.Opaque


@pytest.mark.parametrize(
    "node",
    [
        ["nope"],
        [],
        ["d", 1],
        ["d", ["l"], 1],
        ["dt", 2024, 13, 1, 0, 0, 0, 0, 0, None],
        ["dt", "2024", 1, 1, 0, 0, 0, 0, 0, None],
        ["e", "aspera_core.library.time_utils.EventFrequency", "NOPE"],
        ["m", "builtins.object", ["d"], [], None, None],
        ["r", "os.system", ["d"]],
        ["x", 1, 2],
        {"a": 1},
    ],
)
def test_a_malformed_node_is_refused(node: object) -> None:
    with pytest.raises(wire.Malformed):
        wire.decode(node)


def test_too_many_nodes_are_refused() -> None:
    with pytest.raises(wire.Malformed):
        wire.decode(["l", *[["l"]] * (3 * wire.MAX_NODES)])


def rebuilt(exc: BaseException) -> BaseException:
    return wire.decode_exception(json.loads(wire.dumps(wire.encode_exception(exc, wire.Encoder(safe_repr)))))


def raised(exc: BaseException) -> BaseException:
    try:
        raise exc
    except BaseException as caught:  # noqa: BLE001
        return caught


@pytest.mark.parametrize(
    "exc",
    [
        RequiresUserInput("which one?"),
        KeyError("x"),
        ValueError(1, [2]),
        FileNotFoundError(2, "No such file or directory", "/x"),
        SystemExit(3),
        MemoryError(),
        state.ComputeError("could not append") if hasattr(state, "ComputeError") else ValueError(),
    ],
)
def test_known_exceptions_are_rebuilt_as_themselves(exc: BaseException) -> None:
    back = rebuilt(raised(exc))
    assert type(back) is type(exc)
    assert back.args == exc.args
    assert str(back) == str(exc)
    assert error_type_name(back) == error_type_name(exc)
    assert classify(back, ORIGIN_PROGRAM) is classify(exc, ORIGIN_PROGRAM)


def test_a_validation_error_is_rebuilt_with_its_errors() -> None:
    try:
        Employee(name="Ada")  # type: ignore[call-arg]
    except Exception as exc:  # noqa: BLE001
        original = exc
    back = rebuilt(original)
    assert type(back) is type(original)
    assert str(back) == str(original)
    assert classify(back, ORIGIN_PROGRAM) is Outcome.TASK_COMPLETION_ERROR


def test_a_programs_own_exception_is_a_program_error_with_its_names() -> None:
    class SolutionError(Exception):
        pass

    class Mine(SolutionError, RequiresUserInput):
        def __str__(self) -> str:
            return "mine"

    back = rebuilt(raised(Mine()))
    assert getattr(type(back), "program_error", False)
    assert error_type_name(back) == error_type_name(Mine())
    assert exception_message(back) == "mine"
    assert isinstance(back, RequiresUserInput)  # an ``except RequiresUserInput`` still catches it
    assert classify(back, ORIGIN_PROGRAM) is Outcome.TASK_COMPLETION_ERROR  # by its names, as before


def test_a_spoofed_class_name_is_not_the_librarys_class() -> None:
    class RequiresUserInput(Exception):  # noqa: N818 - the name is the point
        pass

    RequiresUserInput.__module__ = "aspera_core.library.exceptions"
    RequiresUserInput.__qualname__ = "RequiresUserInput"
    back = rebuilt(raised(RequiresUserInput()))
    assert not isinstance(back, globals()["RequiresUserInput"])
    assert error_type_name(back) == "aspera_core.library.exceptions.RequiresUserInput"
    assert classify(back, ORIGIN_PROGRAM) is Outcome.HANDBACK_CONTROL


@pytest.mark.parametrize(
    "data",
    [
        None,
        {"class": 1},
        {"class": "", "error_type": "x", "str": "s", "mro": [], "names": [], "args": ["t"], "attrs": {}},
        {"class": "", "error_type": "x", "str": "s", "mro": [], "names": [], "args": ["l"], "attrs": {}},
    ],
)
def test_a_malformed_exception_is_refused(data: object) -> None:
    with pytest.raises(wire.Malformed):
        wire.decode_exception(data)


def test_the_random_stream_crosses_and_a_false_one_is_refused() -> None:
    stream = random.getstate()
    assert wire.decode_random(json.loads(json.dumps(wire.encode_random(stream)))) == stream
    for bad in ([3, [1] * 624, None], [3, ["1"] * 625, None], [3, [1] * 625, "x"], "x"):
        with pytest.raises(wire.Malformed):
            wire.decode_random(bad)


def test_a_returned_world_is_checked_as_the_librarys_writes_are() -> None:
    context = state.ExecutionContext()
    names = [namespace.value for namespace in state.SCHEMAS]
    good = {"conference_rooms": ["l", ["d", "room_id", "r1", "capacity", 300 - 290, "room_name", "Blue"]]}
    candidate.apply_world(context, names, good, {}, wire.Decoder())
    assert context.get_database(state.DatabaseNamespace.CONFERENCE_ROOMS) == [
        {"room_id": "r1", "capacity": 10, "room_name": "Blue"}
    ]
    for tables, changed in (
        (names[:-1], {}),
        (names, {"nope": ["l"]}),
        (names, {"conference_rooms": ["l", ["d", "capacity", 256]]}),
        (names, {"conference_rooms": ["l", ["d", "rogue", 1]]}),
        (names, {"conference_rooms": ["l", ["d", "room_id", None]]}),
        (names, {"conference_rooms": ["d"]}),
    ):
        with pytest.raises(wire.Malformed):
            candidate.apply_world(context, tables, changed, {}, wire.Decoder())
    assert len(context.get_database(state.DatabaseNamespace.CONFERENCE_ROOMS)) == 1  # refused: unchanged


def test_rows_the_judge_sent_come_back_as_the_judges_own_rows() -> None:
    context = state.ExecutionContext()
    rooms = state.DatabaseNamespace.CONFERENCE_ROOMS
    context.add_to_database(rooms, [{"room_id": "r1", "capacity": 10, "room_name": "Blue"}])
    kept = context.get_database(rooms)[0]
    sent = {rooms.value: wire.Encoder(repr).node(context.get_database(rooms), 0)}
    added = ["d", "room_id", "r2", "capacity", 4, "room_name", "Red"]
    names = [namespace.value for namespace in context.tables]
    candidate.apply_world(context, names, {rooms.value: [*sent[rooms.value], added]}, sent, wire.Decoder())
    assert context.get_database(rooms)[0] is kept
    assert context.get_database(rooms)[1] == {"room_id": "r2", "capacity": 4, "room_name": "Red"}
