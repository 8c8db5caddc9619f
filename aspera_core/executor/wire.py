"""The canonical encoding of what crosses between the judge and a candidate (JSON nodes, never pickle).

Exact built-in types, the ``datetime`` types, and the value classes and enums of the library (and of the modules a
sandbox registers) cross as themselves; anything else, subclasses included, is an :class:`Opaque` value. Encoding
reads instance dictionaries and calls no method of a program's object except ``repr`` (bounded) for a label. A node
is a scalar or a list whose first item is a tag; :class:`Decoder` refuses anything malformed with
:class:`Malformed`, so nothing a candidate sends can crash the judge. Exceptions cross as descriptions and are
rebuilt as the same known class, or as a *program error* carrying the original's names.
"""

from __future__ import annotations

import builtins
import datetime
import enum
import json
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pydantic_core
from pydantic import BaseModel

from aspera_core.executor.classify import error_type_name, exception_message, remember_remote, without_executor_frames
from aspera_core.executor.harness import TaskTimeout

MAX_NODES = 400_000  # values in one answer (a world of a few thousand rows fits)
MAX_DEPTH = 64
MAX_TEXT = 8 * 1024 * 1024  # characters of all strings in one answer
MAX_INT_BITS = 8192
MAX_LABEL = 1_000  # characters of an opaque value's repr
TRACEBACK_TAIL = 16_000  # characters of each part of a traceback (the judge keeps as many in all)
#: Where the library's value classes and enums are defined; a sandbox adds its setting's own
#: (``SandboxConfig.value_modules``, which its fork server imports so that both sides know their classes).
VALUE_MODULES = ("aspera_core.library", "aspera_core.world")
#: Where the exceptions rebuilt as themselves are defined (and builtins).
EXCEPTION_MODULES = (
    "aspera_core.library",
    "aspera_core.world",
    "aspera_core.tools",
    "aspera_core.executor.guard",
)
_EXECUTOR_MODULES = ("aspera_core.executor",)
_NOT_VALUES = frozenset({"aspera_core.world.state.ExecutionContext"})


class Malformed(ValueError):
    """What a candidate sent is not a well-formed encoding (or exceeds the limits)."""


class _TooBig(Exception):
    pass


class Opaque:
    """A value of a type that does not cross: equal only to itself, labelled with its type and ``repr``."""

    __slots__ = ("type_name", "label")

    def __init__(self, type_name: str, label: str) -> None:
        self.type_name, self.label = type_name, label

    def __repr__(self) -> str:
        return self.label

    def __reduce__(self) -> Any:  # copying keeps the label (copy.deepcopy in an evaluation program)
        return (Opaque, (self.type_name, self.label))


def qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


# -- registries (built the same way in both processes: the same modules are imported) -----------------


class _Registry:
    def __init__(self) -> None:
        self.values: dict[str, type] = {}
        self.kinds: dict[type, str] = {}
        self.exceptions: dict[str, type] = {}
        self.size = -1
        self.frozen = False
        self.value_modules = VALUE_MODULES

    def refresh(self) -> None:
        """Collect the classes of the modules loaded now (a no-op once frozen)."""
        if self.frozen or len(sys.modules) == self.size:
            return
        self.size = len(sys.modules)
        for name, module in list(sys.modules.items()):
            if not isinstance(module, ModuleType):
                continue
            values = name.startswith(self.value_modules)
            exceptions = name.startswith(EXCEPTION_MODULES)
            if not (values or exceptions):
                continue
            for value in list(vars(module).values()):
                if not isinstance(value, type) or value.__module__ != name:
                    continue
                key = qualified(value)
                if issubclass(value, BaseException):
                    if exceptions:
                        self.exceptions[key] = value
                elif values and key not in _NOT_VALUES and not value.__name__.startswith("_"):
                    kind = _value_kind(value)
                    if kind:
                        self.values[key], self.kinds[value] = value, kind
        for value in vars(builtins).values():
            if isinstance(value, type) and issubclass(value, BaseException):
                self.exceptions.setdefault(qualified(value), value)
        for value in (pydantic_core.ValidationError, pydantic_core.PydanticSerializationError, TaskTimeout):
            self.exceptions[qualified(value)] = value


def _value_kind(cls: type) -> str | None:
    if issubclass(cls, enum.Enum):
        return "e"
    if issubclass(cls, BaseModel):
        return "m"
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return "n"
    if "__slots__" not in vars(cls) and cls.__init__ is not object.__init__ or "__dataclass_fields__" in vars(cls):
        return "r"
    return None


REGISTRY = _Registry()


# -- encoding ---------------------------------------------------------------------------------------


_LEAVES = frozenset({type(None), bool, float})
_TAGS = {list: "l", tuple: "t", set: "s", frozenset: "f"}


class Encoder:
    """Encodes one answer within the limits (``repr_of``: the bounded, never-raising ``repr`` for labels).

    Cycles are not tracked: a cyclic value is too deep, so opaque as a whole, like a too large one."""

    def __init__(self, repr_of: Any) -> None:
        REGISTRY.refresh()
        self.repr_of = repr_of
        self.nodes = 0
        self.text = 0
        self.kinds = REGISTRY.kinds

    def opaque(self, value: Any, why: str = "") -> list[Any]:
        label = self.repr_of(value)
        return ["x", qualified(type(value)) + why, label[:MAX_LABEL]]

    def top(self, value: Any) -> Any:
        """The node of ``value``; the whole value becomes opaque if it is too large, too deep or cyclic."""
        try:
            return self.node(value, 0)
        except _TooBig:
            return self.opaque(value, " (too large, too deep or cyclic to cross)")

    def node(self, value: Any, depth: int) -> Any:
        kind = type(value)
        if kind is str:
            self.text += len(value)
            if self.text > MAX_TEXT:
                raise _TooBig
            return value
        if kind in _LEAVES:
            return value
        if kind is int:
            return value if value.bit_length() <= MAX_INT_BITS else self.opaque(value, " (too large to cross)")
        if depth >= MAX_DEPTH:
            raise _TooBig
        tag = _TAGS.get(kind)
        if tag is not None or kind is dict:
            if kind is dict:
                items: Any = [x for pair in list(value.items()) for x in pair]
                tag = "d"
            else:
                items = list(value)
            self.nodes += len(items) + 1
            if self.nodes > MAX_NODES:
                raise _TooBig
            node = [tag]
            append, deeper, leaves = node.append, depth + 1, _LEAVES
            for item in items:
                item_kind = type(item)
                if item_kind is str:
                    self.text += len(item)
                    append(item)
                elif item_kind in leaves:
                    append(item)
                else:
                    append(self.node(item, deeper))
            if self.text > MAX_TEXT:
                raise _TooBig
            return node
        self.nodes += 1
        if kind is datetime.datetime:
            zone = self.zone(value.tzinfo)
            if zone is False:
                return self.opaque(value)
            return ["dt", *value.timetuple()[:6], value.microsecond, value.fold, zone]
        if kind is datetime.date:
            return ["da", value.year, value.month, value.day]
        if kind is datetime.time:
            zone = self.zone(value.tzinfo)
            if zone is False:
                return self.opaque(value)
            return ["ti", value.hour, value.minute, value.second, value.microsecond, value.fold, zone]
        if kind is datetime.timedelta:
            return ["td", value.days, value.seconds, value.microseconds]
        tag = self.kinds.get(kind)
        if tag is not None:
            return self.value_class(value, kind, tag, depth)
        return self.opaque(value)

    def zone(self, zone: Any) -> Any:
        if zone is None:
            return None
        if type(zone) is datetime.timezone:
            offset = zone.utcoffset(None)
            name = zone.tzname(None)
            default = datetime.timezone(offset).tzname(None)
            return [offset.days, offset.seconds, offset.microseconds, None if name == default else name]
        return False

    def value_class(self, value: Any, kind: type, tag: str, depth: int) -> Any:
        name = qualified(kind)
        if tag == "e":
            return ["e", name, value._name_]
        if tag == "n":
            return ["n", name, *[self.node(item, depth + 1) for item in tuple.__iter__(value)]]
        try:
            fields = object.__getattribute__(value, "__dict__")
            if type(fields) is not dict:
                return self.opaque(value)
            if tag == "r":
                return ["r", name, self.node(fields, depth + 1)]
            extra = object.__getattribute__(value, "__pydantic_extra__")
            private = object.__getattribute__(value, "__pydantic_private__")
            fields_set = object.__getattribute__(value, "__pydantic_fields_set__")
        except AttributeError:
            return self.opaque(value)
        if not all(type(x) in (dict, type(None)) for x in (extra, private)) or type(fields_set) is not set:
            return self.opaque(value)
        names = sorted(n for n in fields_set if type(n) is str)
        deeper = depth + 1
        return ["m", name, self.node(fields, deeper), names, self.node(extra, deeper), self.node(private, deeper)]


def update_in_place(original: Any, new: Any) -> None:
    """Give ``original`` (an argument the judge passed) the contents the program left in its copy ``new``, so that
    arguments behave as passed by reference (lists, dicts, sets and records, in place; anything else stays)."""
    if type(original) is not type(new):
        return
    if type(original) is list:
        original[:] = new
    elif type(original) in (dict, set):
        original.clear()
        original.update(new)
    elif REGISTRY.kinds.get(type(original)) == "r":
        fields = object.__getattribute__(original, "__dict__")
        fields.clear()
        fields.update(object.__getattribute__(new, "__dict__"))


def encode_random(state: Any) -> Any:
    """The random module's state (``random.getstate()``) as plain numbers."""
    version, words, gauss = state
    return [version, list(words), gauss]


def decode_random(node: Any) -> tuple[Any, ...]:
    """The state :func:`encode_random` encoded (``Malformed`` unless it is made of the right numbers)."""
    if type(node) is not list or len(node) != 3 or type(node[0]) is not int or type(node[1]) is not list:
        raise Malformed("a random stream state is [version, words, gauss]")
    words, gauss = node[1], node[2]
    if len(words) != 625 or not all(type(word) is int for word in words):
        raise Malformed("a random stream state has 625 integer words")
    if gauss is not None and type(gauss) is not float:
        raise Malformed("a random stream's spare normal draw is a float or null")
    return node[0], tuple(words), gauss


def _not_a_node(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is not a node")


def answer_encoder() -> Callable[[Any], bytes]:
    """A function writing a message of nodes as bytes (compact ASCII JSON, as ``json.dumps`` would).

    It calls the json module's C encoder, made now, and methods of built-in types only: made before a program runs,
    it still works once the program has replaced the functions of ``json``, of this module or the builtins in its
    process (a candidate's answers, :func:`~aspera_core.executor.candidate.bound_line`). The encoder is called through
    its ``__call__`` taken now: its type is mutable, so a program could replace the type's own."""
    encode = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
        None, _not_a_node, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True
    ).__call__
    join = "".join

    def dumps(message: Any) -> bytes:
        return join(encode(message, 0)).encode("ascii")

    return dumps


#: A message of nodes as bytes (ASCII JSON).
dumps = answer_encoder()


def loads(data: bytes) -> Any:
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as error:
        raise Malformed(f"not JSON: {type(error).__name__}") from None


# -- decoding ---------------------------------------------------------------------------------------

_SCALARS = frozenset({type(None), bool, int, float, str})


class Decoder:
    """Rebuilds values from nodes, refusing anything malformed (counts nodes across one message)."""

    def __init__(self) -> None:
        REGISTRY.refresh()
        self.nodes = 0

    def value(self, node: Any, depth: int = 0) -> Any:
        self.nodes += 1
        if self.nodes > 2 * MAX_NODES or depth > MAX_DEPTH + 2:
            raise Malformed("too many or too deeply nested values")
        kind = type(node)
        if kind in _SCALARS:
            return node
        if kind is not list or not node or type(node[0]) is not str:
            raise Malformed("a node must be a scalar or a tagged list")
        tag = node[0]
        try:
            return self._tagged(tag, node, depth)
        except Malformed:
            raise
        except (TypeError, ValueError, KeyError, IndexError, OverflowError, AttributeError) as error:
            raise Malformed(f"bad {tag!r} node: {type(error).__name__}") from None

    def _items(self, node: list[Any], depth: int) -> list[Any]:
        self.nodes += len(node)
        scalars, value, deeper = _SCALARS, self.value, depth + 1
        return [item if type(item) in scalars else value(item, deeper) for item in node[1:]]

    def _tagged(self, tag: str, node: list[Any], depth: int) -> Any:
        if tag == "l":
            return self._items(node, depth)
        if tag == "t":
            return tuple(self._items(node, depth))
        if tag == "s":
            return set(self._items(node, depth))
        if tag == "f":
            return frozenset(self._items(node, depth))
        if tag == "d":
            items = self._items(node, depth)
            if len(items) % 2:
                raise Malformed("a dict node needs key/value pairs")
            return dict(zip(items[0::2], items[1::2]))
        if tag == "dt":
            *parts, micro, fold, zone = node[1:]
            return datetime.datetime(
                *self._ints(parts, 6), self._int(micro), tzinfo=self._zone(zone), fold=self._int(fold)
            )
        if tag == "da":
            return datetime.date(*self._ints(node[1:], 3))
        if tag == "ti":
            *parts, fold, zone = node[1:]
            return datetime.time(*self._ints(parts, 4), tzinfo=self._zone(zone), fold=self._int(fold))
        if tag == "td":
            return datetime.timedelta(*self._ints(node[1:], 3))
        if tag == "x":
            _, type_name, label = node
            if type(type_name) is not str or type(label) is not str:
                raise Malformed("an opaque node holds two strings")
            return Opaque(type_name[:500], label[:MAX_LABEL])
        cls = REGISTRY.values.get(node[1]) if len(node) > 1 and type(node[1]) is str else None
        if cls is None or REGISTRY.kinds[cls] != tag:
            raise Malformed(f"unknown {tag!r} class")
        if tag == "e":
            if type(node[2]) is not str or len(node) != 3:
                raise Malformed("an enum node names its member")
            return cls[node[2]]
        if tag == "n":
            items = self._items(node[1:], depth)
            if len(items) != len(cls._fields):
                raise Malformed("wrong number of fields")
            return tuple.__new__(cls, items)
        if tag == "r":
            fields = self._fields(node[2], depth)
            record = object.__new__(cls)
            object.__getattribute__(record, "__dict__").update(fields)
            return record
        if tag == "m":
            _, _, fields, names, extra, private = node
            model = cls.__new__(cls)
            fields_set = set(names) if type(names) is list and all(type(n) is str for n in names) else None
            extra, private = self.value(extra, depth + 1), self.value(private, depth + 1)
            if fields_set is None or not all(type(x) in (dict, type(None)) for x in (extra, private)):
                raise Malformed("bad model node")
            object.__setattr__(model, "__dict__", self._fields(fields, depth))
            object.__setattr__(model, "__pydantic_fields_set__", fields_set)
            object.__setattr__(model, "__pydantic_extra__", extra)
            object.__setattr__(model, "__pydantic_private__", private)
            return model
        raise Malformed(f"unknown tag {tag!r}")

    def _fields(self, node: Any, depth: int) -> dict[str, Any]:
        fields = self.value(node, depth + 1)
        if type(fields) is not dict or not all(type(name) is str for name in fields):
            raise Malformed("fields must be a dict with text keys")
        return fields

    @staticmethod
    def _int(value: Any) -> int:
        if type(value) is not int:
            raise Malformed("expected an integer")
        return value

    def _ints(self, values: list[Any], count: int) -> list[int]:
        if len(values) != count:
            raise Malformed("wrong number of parts")
        return [self._int(value) for value in values]

    def _zone(self, zone: Any) -> Any:
        if zone is None:
            return None
        days, seconds, micro, name = zone
        offset = datetime.timedelta(*self._ints([days, seconds, micro], 3))
        if name is not None and type(name) is not str:
            raise Malformed("a time zone's name is text")
        return datetime.timezone(offset) if name is None else datetime.timezone(offset, name)


def decode(node: Any) -> Any:
    """The value of one node (``Malformed`` if it is not a well-formed encoding)."""
    return Decoder().value(node)


# -- exceptions -------------------------------------------------------------------------------------


def _frames_text(exc: BaseException) -> tuple[Any, str, str, str]:
    """(TracebackException, chain prefix, own frames, exception-only text) of ``exc``, executor frames removed."""
    formatted = without_executor_frames(exc)
    full = "".join(formatted.format())
    frames = "".join(formatted.stack.format())
    only = "".join(formatted.format_exception_only())
    final = ("Traceback (most recent call last):\n" if formatted.stack else "") + frames + only
    prefix = full[: len(full) - len(final)] if full.endswith(final) else ""
    return formatted, prefix, frames, only


def encode_exception(exc: BaseException, encoder: Encoder) -> dict[str, Any]:
    """An exception as data: its class (and the names of its classes), arguments, text and traceback text.

    Never raises for a hostile exception (its parts become placeholders).
    """
    cls = type(exc)
    REGISTRY.refresh()
    known = REGISTRY.exceptions
    try:  # classes count as the library's by identity, never by the names a program can give its own
        mro = [name for name, c in ((qualified(c), c) for c in cls.__mro__) if known.get(name) is c][:64]
        names = [str(c.__name__) for c in cls.__mro__][:64]
    except BaseException:  # noqa: BLE001 - a class whose names cannot be read
        mro, names = ["builtins.Exception"], ["Exception"]
    try:
        args = exc.args
        args_node = encoder.top(args) if type(args) is tuple else encoder.top(())
    except BaseException:  # noqa: BLE001 - a hostile ``args``
        args_node = encoder.top(())
    attrs: dict[str, Any] = {}
    if isinstance(exc, OSError):
        attrs = {"filename": encoder.top(exc.filename), "filename2": encoder.top(exc.filename2)}
    notes = getattr(exc, "__dict__", {}).get("__notes__") if hasattr(exc, "__dict__") else None
    if type(notes) is list and all(type(n) is str for n in notes):
        attrs["notes"] = encoder.top(notes)
    validation = None
    if cls is pydantic_core.ValidationError:
        try:
            validation = encoder.top([exc.title, exc.errors(include_url=False)])
        except BaseException:  # noqa: BLE001
            validation = None
    try:
        _, prefix, frames, only = _frames_text(exc)
    except BaseException as error:  # noqa: BLE001
        prefix, frames, only = "", "", f"{error_type_name(exc)} (traceback unavailable: {type(error).__name__})\n"
    return {
        "class": mro[0] if mro and known.get(mro[0]) is cls else "",
        "error_type": error_type_name(exc),
        "mro": mro,
        "names": names,
        "args": args_node,
        "attrs": attrs,
        "validation": validation,
        "str": exception_message(exc),
        # Each part's tail (enough for the judge's bounded traceback) and its length (for the cut's marker).
        "prefix": [prefix[-TRACEBACK_TAIL:], len(prefix)],
        "frames": [frames[-TRACEBACK_TAIL:], len(frames)],
        "only": [only[-TRACEBACK_TAIL:], len(only)],
    }


_PROGRAM_ERRORS: dict[tuple[str, str, type], type] = {}


def program_error_class(error_type: str, names: list[str], base: type) -> type:
    """The class a program's own exception is rebuilt as: ``base`` (its nearest known class) under the original's
    module and name, remembering the names of the original's classes for classification."""
    module, _, qualname = error_type.rpartition(".")
    key = (error_type, ",".join(names), base)
    cls = _PROGRAM_ERRORS.get(key)
    if cls is None:
        namespace = {
            "__module__": module or "query_executable",
            "__qualname__": qualname,
            "__str__": lambda self: self.__dict__.get("_aspera_text", ""),
            "__repr__": lambda self: f"{qualname}({self.__dict__.get('_aspera_text', '')!r})",
            "program_error": True,
            "original_names": frozenset(names),
        }
        try:
            cls = type(qualname.rpartition(".")[2] or "ProgramError", (base,), namespace)
        except TypeError:  # a base that cannot be subclassed
            cls = type(qualname.rpartition(".")[2] or "ProgramError", (Exception,), namespace)
        if len(_PROGRAM_ERRORS) < 1000:
            _PROGRAM_ERRORS[key] = cls
    return cls


def decode_exception(data: Any) -> BaseException:
    """The exception :func:`encode_exception` described (``Malformed`` if the description is not well formed)."""
    if type(data) is not dict:
        raise Malformed("an exception is described by a dict")
    texts = {key: data.get(key) for key in ("class", "error_type", "str")}
    if not all(type(text) is str for text in texts.values()):
        raise Malformed("an exception's texts must be strings")
    parts = [data.get(key) for key in ("prefix", "frames", "only")]
    if not all(type(p) is list and len(p) == 2 and type(p[0]) is str and type(p[1]) is int for p in parts):
        raise Malformed("an exception's traceback parts must be (text, length)")
    if not all(len(p[0]) <= min(p[1], TRACEBACK_TAIL) for p in parts):
        raise Malformed("an exception's traceback part is longer than its length")
    mro, names = data.get("mro"), data.get("names")
    if type(mro) is not list or type(names) is not list or not all(type(n) is str for n in mro + names):
        raise Malformed("an exception's classes must be named")
    decoder = Decoder()
    args = decoder.value(data.get("args"))
    if type(args) is not tuple:
        raise Malformed("an exception's arguments are a tuple")
    attrs = data.get("attrs")
    if type(attrs) is not dict:
        raise Malformed("an exception's attributes are a dict")
    REGISTRY.refresh()
    known = REGISTRY.exceptions.get(texts["class"])
    exc = _rebuilt(known, args, data, decoder) if known is not None else None
    if exc is None:
        base = next((REGISTRY.exceptions[n] for n in mro if n in REGISTRY.exceptions), Exception)
        if issubclass(base, BaseExceptionGroup):
            base = Exception
        cls = program_error_class(texts["error_type"][:500], names[:64], base)
        exc = cls.__new__(cls)
        exc.args = args
        exc.__dict__["_aspera_text"] = texts["str"]
    for key in ("filename", "filename2"):
        if key in attrs and isinstance(exc, OSError):
            value = decoder.value(attrs[key])
            if value is not None:
                setattr(exc, key, value)
    notes = decoder.value(attrs["notes"]) if "notes" in attrs else None
    if type(notes) is list and all(type(n) is str for n in notes):
        exc.__notes__ = notes
    remember_remote(exc, (texts["str"][:8_000], *(tuple(part) for part in parts)))
    return exc


def _rebuilt(cls: type, args: tuple[Any, ...], data: dict[str, Any], decoder: Decoder) -> BaseException | None:
    if cls is pydantic_core.ValidationError:
        return _validation_error(data.get("validation"), decoder)
    if issubclass(cls, BaseExceptionGroup):
        return None
    try:
        exc = cls(*args)
    except Exception:  # noqa: BLE001 - arguments its constructor refuses: make it without calling it
        try:
            exc = cls.__new__(cls, *args)
            exc.args = args
        except Exception:  # noqa: BLE001
            return None
    return exc if type(exc) is cls else None


def _validation_error(node: Any, decoder: Decoder) -> BaseException | None:
    if node is None:
        return None
    title, errors = decoder.value(node)
    if type(title) is not str or type(errors) is not list:
        raise Malformed("bad validation error")
    lines = []
    for error in errors:
        if type(error) is not dict or type(error.get("type")) is not str or type(error.get("msg")) is not str:
            raise Malformed("bad validation error line")
        line = {"loc": error.get("loc", ()), "input": error.get("input")}
        if type(error.get("ctx")) is dict:
            line["ctx"] = error["ctx"]
        try:
            pydantic_core.ValidationError.from_exception_data(title, [{**line, "type": error["type"]}])
            line["type"] = error["type"]
        except Exception:  # noqa: BLE001 - not a built-in error type: a custom one
            line["type"] = pydantic_core.PydanticCustomError(error["type"], error["msg"])
            line.pop("ctx", None)
        lines.append(line)
    try:
        return pydantic_core.ValidationError.from_exception_data(title, lines)
    except Exception:  # noqa: BLE001
        return None
