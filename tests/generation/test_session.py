"""The session file: appended event by event, replayed on reopening, foreign files refused."""

from __future__ import annotations

import errno
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from aspera_workbench.generation import Candidate, SessionFileError, SessionLog, read_session
from aspera_workbench.generation import session as session_module
from aspera_workbench.generation.checks import Check


def test_events_replay_into_the_same_state(tmp_path: Path) -> None:
    log = SessionLog(tmp_path / "s" / "session.jsonl")
    log.opened({"model": "m"})
    candidate = Candidate(id="c0001", query="Hey, [Assistant], hello.", focus="f", batch=1)
    log.snapshot(candidate)
    candidate.status, candidate.check = "invalid", Check(False, "setup", ["It raises."], facts={"behaviour": "x"})
    log.snapshot(candidate)
    log.decision(candidate, "reject", "person", reason="no")
    log.append({"event": "written", "candidate": "c0001", "task_id": "7"})
    state = read_session(log.path)
    assert state.settings == {"model": "m"}
    replayed = state.candidates["c0001"]
    assert replayed.status == "invalid" and replayed.check == candidate.check and replayed.task_id == "7"
    assert [d["action"] for d in state.decisions] == ["reject"] and state.written == {"c0001": "7"}
    assert len(log.path.read_text().splitlines()) == 5  # one line per event, nothing rewritten


def test_foreign_or_broken_files_are_refused(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    results.write_text(json.dumps({"task_id": "1"}) + "\n")
    with pytest.raises(SessionFileError, match="not a generation session file"):
        SessionLog(results)
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps({"format": "aspera-generation-session", "version": 99, "event": "opened"}) + "\n")
    with pytest.raises(SessionFileError, match="version 99"):
        read_session(newer)
    broken = tmp_path / "broken.jsonl"
    broken.write_text(
        "{not json\n" + json.dumps({"format": "aspera-generation-session", "version": 1, "event": "opened"}) + "\n"
    )
    with pytest.raises(SessionFileError, match="broken.jsonl:1: not a JSON line"):
        read_session(broken)
    with pytest.raises(SessionFileError, match="is a folder"):
        SessionLog(tmp_path)


@pytest.mark.parametrize("text", ["shopping list: milk, eggs", "my notes\n", "{not json\n"])
def test_a_users_file_of_one_line_is_refused_and_left_as_it_was(tmp_path: Path, text: str) -> None:
    # Its only line does not parse, and it was taken for a line cut short by a crash:
    # the session was appended to the user's file, and without a final newline the
    # user's text was truncated away before the first event.
    mine = tmp_path / "notes.txt"
    mine.write_text(text)
    with pytest.raises(SessionFileError, match="notes.txt:1: not a"):
        SessionLog(mine)
    assert mine.read_text() == text


def test_only_a_last_line_without_its_newline_counts_as_cut_short(tmp_path: Path) -> None:
    log = SessionLog(tmp_path / "session.jsonl")
    log.opened({"model": "m"})
    complete = log.path.read_text()
    log.path.write_text(complete + '{"event": "cand')  # a crash while the next line was written
    assert read_session(log.path).settings == {"model": "m"}
    log.path.write_text('{"event": "op')  # a crash while the very first line was written
    assert read_session(log.path).settings == {}
    log.close()
    SessionLog(log.path).opened({"model": "m"})
    assert read_session(log.path).settings == {"model": "m"}
    log.path.write_text(complete + "an edit by hand\n")  # a whole line: not cut short
    with pytest.raises(SessionFileError, match="session.jsonl:2: not a JSON line"):
        SessionLog(log.path)
    assert log.path.read_text() == complete + "an edit by hand\n"


def test_a_session_file_is_used_by_one_session_at_a_time(tmp_path: Path) -> None:
    # Two sessions on one file (the notebook left open while aspera generate runs with
    # the same parameters) each numbered their proposals from their own state: both
    # wrote a c0001, and on replay one of the two proposals was gone.
    path = tmp_path / "session.jsonl"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from aspera_workbench.generation import SessionLog; log = SessionLog(sys.argv[1]); "
            "log.opened({'model': 'm'}); print('open', flush=True); sys.stdin.read()",
            str(path),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        with pytest.raises(SessionFileError, match="in use by another generation session"):
            SessionLog(path)
        assert len(path.read_text().splitlines()) == 1
    finally:
        holder.communicate("")
    log = SessionLog(path)  # the other process is gone, and its lock with it
    log.opened({"model": "m"})
    # In one process, opening again takes the file over: the earlier log may not write any more.
    again = SessionLog(path)
    with pytest.raises(SessionFileError, match="was opened again"):
        log.opened({"model": "m"})
    again.opened({"model": "m"})
    again.close()
    assert len(path.read_text().splitlines()) == 3


class _FullDisk(io.StringIO):
    """A file on a disk with no space left: every write fails as the file system makes it fail."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_an_event_that_cannot_be_written_names_the_session_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # aspera generate said only "[Errno 28] No space left on device", naming no file.
    log = SessionLog(tmp_path / "session.jsonl")
    log.opened({"model": "m"})
    monkeypatch.setattr(session_module, "open", lambda *args, **kwargs: _FullDisk(), raising=False)
    with pytest.raises(OSError) as failed:
        log.append({"event": "written", "candidate": "c0001", "task_id": "7"})
    assert (failed.value.errno, failed.value.filename) == (errno.ENOSPC, str(log.path))


def test_a_symbolic_link_to_nothing_is_refused_as_run_and_judge_refuse_it(tmp_path: Path) -> None:
    # The session file was created wherever the link pointed, folders and all.
    link = tmp_path / "session.jsonl"
    link.symlink_to(tmp_path / "elsewhere" / "session.jsonl")
    with pytest.raises(
        SessionFileError, match=r"session\.jsonl is a symbolic link to .*elsewhere.*, which does not exist"
    ):
        SessionLog(link)
    assert [path.name for path in tmp_path.iterdir()] == ["session.jsonl"] and link.is_symlink()


@pytest.mark.parametrize("remove", ["file", "folder"])
def test_a_session_file_removed_mid_run_stops_the_session_instead_of_starting_its_history_again(
    tmp_path: Path, remove: str
) -> None:
    # Each event reopened the file by name: a deleted session file came back holding only the
    # events after the deletion, and replaying it silently lost the candidates and decisions before.
    path = tmp_path / "runs" / "session.jsonl"
    log = SessionLog(path)
    log.opened({"model": "m"})
    if remove == "file":
        path.unlink()
    else:
        shutil.rmtree(path.parent)
    with pytest.raises(FileNotFoundError, match=r"was removed while being written: .*session\.jsonl"):
        log.append({"event": "written", "candidate": "c0001", "task_id": "7"})
    assert not path.exists()
    log.close()


def test_a_cut_off_last_line_is_dropped_from_the_open_file(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"
    log = SessionLog(path)
    log.opened({"model": "m"})
    with path.open("a") as handle:
        handle.write('{"event": "cand')  # a crash of another writer while it wrote
    log.opened({"model": "n"})
    assert [event["settings"]["model"] for event in map(json.loads, path.read_text().splitlines())] == ["m", "n"]
    log.close()
