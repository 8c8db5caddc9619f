"""The two index files of a task set, and their check against the shards.

Beside its shards a release keeps two JSON objects (format part A.6):

* ``query_id_to_shard.json``: task id -> list of the shard file names holding it;
* ``query_to_query_id.json``: query text -> list of task ids with that query.

The shards are authoritative and the evaluator never needs the indexes, but
they are a cheap record of what the set should contain: a copy that lost a
shard, a shard cut short, or a shard edited without rebuilding the indexes
shows up as a disagreement between the two. Loading therefore checks them, and
every disagreement becomes a problem naming the index file and the task id.

A set without index files (a hand-made set, or a shard given on its own) still
loads; the check reports in a note what could not be verified.

One irregularity of the published release is accepted: its query index files
task 108 under a query that differs from the shard's by one word. A one-word
difference for that id only is a note, not a problem.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from aspera_core.task_ids import task_id_order
from aspera_core.tasks.task import Task, TaskProblem

ID_INDEX = "query_id_to_shard.json"
QUERY_INDEX = "query_to_query_id.json"
INDEX_FILES = (ID_INDEX, QUERY_INDEX)

#: Ids whose query-index key may differ from the shard's query by one word.
KNOWN_QUERY_KEY_DRIFT = frozenset({"108"})

#: How thoroughly the index files could be checked.
CHECKED, PARTIAL, ABSENT = "checked", "partial", "absent"

_SHOWN_IDS = 10


@dataclass(frozen=True)
class IndexFile:
    """The raw bytes of one index file and the name to show for it."""

    display: str
    data: bytes


@dataclass
class IndexCheck:
    """What comparing the index files with the shards found: ``status`` is ``"checked"`` (both files), ``"partial"`` or ``"absent"``."""

    status: str = ABSENT
    problems: list[TaskProblem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def render_indexes(tasks: Sequence[Task], shard_of: Mapping[str, str]) -> dict[str, str]:
    """File name -> text of both index files (4-space indented JSON, no final newline), entries in the tasks' order."""
    id_index = {task.query_id: [shard_of[task.query_id]] for task in tasks}
    query_index = {task.query: [task.query_id] for task in tasks}
    return {ID_INDEX: json.dumps(id_index, indent=4), QUERY_INDEX: json.dumps(query_index, indent=4)}


def _ids_text(ids: Collection[str]) -> str:
    ordered = sorted(ids, key=task_id_order)
    shown = ", ".join(ordered[:_SHOWN_IDS])
    return shown + (f" and {len(ordered) - _SHOWN_IDS} more" if len(ordered) > _SHOWN_IDS else "")


def _where_they_differ(index_text: str, shard_text: str) -> str:
    start = next((i for i, (a, b) in enumerate(zip(index_text, shard_text)) if a != b), None)
    if start is None:
        start = min(len(index_text), len(shard_text))
    begin = max(0, start - 20)

    def excerpt(text: str) -> str:
        part = text[begin : start + 25]
        return ("..." if begin else "") + part + ("..." if start + 25 < len(text) else "")

    return f"index {excerpt(index_text)!r}, shard {excerpt(shard_text)!r}"


def _one_word_apart(first: str, second: str) -> bool:
    """Whether two texts differ by one word replaced, added or removed."""
    a, b = first.split(), second.split()
    if abs(len(a) - len(b)) > 1:
        return False
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return max(len(a), len(b)) - head - tail <= 1


def _load_object(index: IndexFile, value_kind: str) -> tuple[dict[str, list[str]] | None, list[TaskProblem]]:
    """Parse an index file into key -> list of strings, or report why it cannot be."""
    try:
        data = json.loads(index.data.decode("utf-8"))
    except UnicodeDecodeError:
        return None, [TaskProblem("not valid UTF-8 text", source=index.display)]
    except json.JSONDecodeError as error:
        return None, [TaskProblem(f"not valid JSON: {error.msg}", source=index.display, line=error.lineno)]
    if not isinstance(data, dict):
        message = f"expected a JSON object mapping each key to a list of {value_kind}, got {type(data).__name__}"
        return None, [TaskProblem(message, source=index.display)]
    problems: list[TaskProblem] = []
    entries: dict[str, list[str]] = {}
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(item, str) for item in value):
            entries[key] = value
            continue
        message = f"the entry {key[:60]!r} should be a non-empty list of {value_kind}, got {json.dumps(value)[:60]}"
        problems.append(TaskProblem(message, source=index.display))
    return entries, problems


@dataclass
class _Shards:
    """What the shards hold, as the index check needs it."""

    shard_of: dict[str, str]  # id -> shard, for every well-formed task
    query_of: dict[str, str]  # id -> query
    names: frozenset[str]  # every shard file read
    unreadable_ids: frozenset[str]  # ids of records that did not load
    unreadable_shards: frozenset[str]  # shards that could not be parsed at all
    whole_set: bool  # False when a single shard was given

    def unknown(self, query_id: str, listed: Sequence[str] = ()) -> bool:
        """Whether an entry cannot be judged because its task or shard did not load."""
        return query_id in self.unreadable_ids or any(s in self.unreadable_shards for s in listed)


def _check_id_index(index: IndexFile, shards: _Shards) -> tuple[list[TaskProblem], int | None]:
    """The id index's disagreements with the shards, and how many entries it has (``None``: unreadable)."""
    entries, problems = _load_object(index, "shard file names")
    if entries is None:
        return problems, None
    no_such_shard: dict[str, list[str]] = {}
    for query_id, listed in entries.items():
        if not shards.whole_set and not any(s in shards.names for s in listed) and query_id not in shards.shard_of:
            continue  # an entry for another shard of the set
        actual = shards.shard_of.get(query_id)
        if actual is not None:
            if actual not in listed:
                message = f"puts task {query_id} in {', '.join(listed)}, but it is in {actual}"
                problems.append(TaskProblem(message, source=index.display, query_id=query_id))
        elif shards.unknown(query_id, listed):
            continue
        elif any(s not in shards.names for s in listed) and shards.whole_set:
            missing = next(s for s in listed if s not in shards.names)
            no_such_shard.setdefault(missing, []).append(query_id)
        else:
            message = f"lists task {query_id} in {listed[0]}, but that shard has no task {query_id}"
            problems.append(TaskProblem(message, source=index.display, query_id=query_id))
    for shard, ids in sorted(no_such_shard.items()):
        if len(ids) == 1:
            message = f"lists task {ids[0]} in {shard}, but there is no such shard"
            problems.append(TaskProblem(message, source=index.display, query_id=ids[0]))
        else:
            message = f"lists {len(ids)} tasks in {shard} ({_ids_text(ids)}), but there is no such shard"
            problems.append(TaskProblem(message, source=index.display))
    return problems + _no_entry(index, shards, entries), len(entries)


def _no_entry(index: IndexFile, shards: _Shards, entries: Collection[str]) -> list[TaskProblem]:
    """A problem for each task of the shards that the index has no entry for."""
    return [
        TaskProblem(f"has no entry for task {query_id} (in {shards.shard_of[query_id]})", index.display, query_id)
        for query_id in sorted(set(shards.shard_of) - set(entries), key=task_id_order)
    ]


def _check_query_index(index: IndexFile, shards: _Shards, notes: list[str]) -> list[TaskProblem]:
    entries, problems = _load_object(index, "task ids")
    if entries is None:
        return problems
    keys_of: dict[str, list[str]] = {}
    for query, ids in entries.items():
        for query_id in ids:
            keys_of.setdefault(query_id, []).append(query)
    extra: list[str] = []
    for query_id, keys in sorted(keys_of.items(), key=lambda item: task_id_order(item[0])):
        actual = shards.query_of.get(query_id)
        if actual is None:
            if shards.whole_set and not shards.unknown(query_id) and not shards.unreadable_shards:
                extra.append(query_id)
            continue
        if len(keys) > 1:
            message = f"lists task {query_id} under {len(keys)} different queries"
            problems.append(TaskProblem(message, source=index.display, query_id=query_id))
        elif keys[0] != actual:
            difference = _where_they_differ(keys[0], actual)
            if query_id in KNOWN_QUERY_KEY_DRIFT and _one_word_apart(keys[0], actual):
                notes.append(
                    f"{index.display}: task {query_id} is listed under a query one word apart from its "
                    f"shard's ({difference}); a known irregularity of the published release, accepted"
                )
                continue
            message = f"lists task {query_id} under a query that differs from its shard's: {difference}"
            problems.append(TaskProblem(message, source=index.display, query_id=query_id))
    if len(extra) == 1:
        message = f"lists task {extra[0]}, but no shard holds it"
        problems.append(TaskProblem(message, source=index.display, query_id=extra[0]))
    elif extra:
        message = f"lists {len(extra)} tasks that no shard holds ({_ids_text(extra)})"
        problems.append(TaskProblem(message, source=index.display))
    return problems + _no_entry(index, shards, keys_of)


def check_indexes(
    tasks: Sequence[Task],
    indexes: Mapping[str, IndexFile],
    *,
    shard_names: Collection[str],
    unreadable_ids: Collection[str] = (),
    unreadable_shards: Collection[str] = (),
    whole_set: bool = True,
) -> IndexCheck:
    """Compare the index files of one shard folder with what its shards hold.

    Entries of ``unreadable_ids`` (records that failed to load) and of
    ``unreadable_shards`` are not judged: their own problem says what is wrong.
    With ``whole_set`` false (a single shard given) only that shard's entries are
    compared, and a note says how many tasks the index lists in all.
    """
    shards = _Shards(
        shard_of={task.query_id: task.shard or "" for task in tasks},
        query_of={task.query_id: task.query for task in tasks},
        names=frozenset(shard_names),
        unreadable_ids=frozenset(unreadable_ids),
        unreadable_shards=frozenset(unreadable_shards),
        whole_set=whole_set,
    )
    check = IndexCheck()
    present = [name for name in INDEX_FILES if name in indexes]
    if not present:
        scope = "the shards" if whole_set else "the shard"
        check.notes.append(
            f"no index files ({', '.join(INDEX_FILES)}) beside {scope}: "
            "a missing shard or a task missing from a shard cannot be detected"
        )
        return check
    check.status = CHECKED if len(present) == len(INDEX_FILES) else PARTIAL
    if check.status == PARTIAL:
        missing = next(name for name in INDEX_FILES if name not in indexes)
        check.notes.append(f"{missing} is missing beside the shards; only {present[0]} was checked")
    total = None
    if ID_INDEX in indexes:
        problems, total = _check_id_index(indexes[ID_INDEX], shards)
        check.problems += problems
    if QUERY_INDEX in indexes:
        check.problems += _check_query_index(indexes[QUERY_INDEX], shards, check.notes)
    if not whole_set and total is not None and total > len(tasks):
        check.notes.append(
            f"a single shard was read: {len(tasks)} of the {total} tasks its index lists; "
            "give the folder to load the whole set"
        )
    return check
