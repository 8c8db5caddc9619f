"""Judgements files keep a user's files safe: foreign files refused untouched, one judge per file, cut-off lines repaired."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from aspera_workbench.judge import (
    JudgementsFileBusy,
    JudgementsFileWarning,
    JudgementsMismatch,
    JudgementsWriter,
    NotAJudgementsFile,
    answered_keys,
    latest_judgements,
    read_judgements,
)
from tests.judge.support import JUDGED, SETUP, judgement, results_file


def test_written_judgements_read_back_with_their_header(tmp_path: Path) -> None:
    path = tmp_path / "out" / "judged.jsonl"
    rows = [judgement("1", "correct"), judgement("2", "incorrect", "task_completion_error")]
    with JudgementsWriter(path, SETUP, JUDGED, results_file="runs/cck.jsonl") as writer:
        for row in rows:
            writer.write(row)
    read = read_judgements(path)
    assert read.rows == rows and read.skipped == []
    assert (read.header.judge, read.header.judged, read.header.results_file) == (SETUP, JUDGED, "runs/cck.jsonl")
    assert len(path.read_text().splitlines()) == 3


@pytest.mark.parametrize(
    "content",
    [
        "# notes\nnot json\n",
        '{"a": 1}\n',
        json.dumps({"aspera_judgements": 1}) + "\n",  # a header without a judge
    ],
)
def test_foreign_files_are_refused_and_left_byte_for_byte(tmp_path: Path, content: str) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text(content)
    with pytest.raises(NotAJudgementsFile, match="not a judgements file"):
        read_judgements(path)
    with pytest.raises(NotAJudgementsFile):
        JudgementsWriter(path, SETUP, JUDGED)
    assert path.read_text() == content


def test_a_results_file_is_refused_as_such(tmp_path: Path) -> None:
    path = results_file(tmp_path / "cck.jsonl", [{"task_id": "1", "outcome": "success"}])
    before = path.read_bytes()
    with pytest.raises(NotAJudgementsFile, match="is a results file"):
        JudgementsWriter(path, SETUP, JUDGED)
    assert path.read_bytes() == before
    with pytest.raises(NotAJudgementsFile, match="folder"):
        read_judgements(tmp_path)
    with pytest.raises(FileNotFoundError):
        read_judgements(tmp_path / "missing.jsonl")


def test_an_empty_file_counts_as_new_and_a_newer_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "judged.jsonl"
    path.write_text("\n  \n")
    with JudgementsWriter(path, SETUP, JUDGED) as writer:
        writer.write(judgement("1", "correct"))
    assert [row.task_id for row in read_judgements(path).rows] == ["1"]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(NotAJudgementsFile, match="is empty"):
        read_judgements(empty)
    future = tmp_path / "future.jsonl"
    header = json.loads(path.read_text().splitlines()[0]) | {"aspera_judgements": 99}
    future.write_text(json.dumps(header) + "\n")
    with pytest.raises(NotAJudgementsFile, match="format 99"):
        read_judgements(future)


def test_another_judge_or_other_programs_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "judged.jsonl"
    with JudgementsWriter(path, SETUP, JUDGED) as writer:
        writer.write(judgement("1", "correct"))
    before = path.read_bytes()
    with pytest.raises(JudgementsMismatch, match="model: 'judge-model' != 'other'"):
        JudgementsWriter(path, SETUP.model_copy(update={"model": "other"}), JUDGED)
    with pytest.raises(JudgementsMismatch, match="judged agent: 'cck' != 'ps'"):
        JudgementsWriter(path, SETUP, JUDGED.model_copy(update={"agent": "ps"}))
    with pytest.raises(JudgementsMismatch, match="no experiment header"):
        JudgementsWriter(path, SETUP, None)
    assert path.read_bytes() == before
    # The endpoint and the task set's path are shown, not compared.
    moved = SETUP.model_copy(update={"base_url": "http://elsewhere/v1"})
    with JudgementsWriter(path, moved, JUDGED.model_copy(update={"task_set": "elsewhere"})) as writer:
        assert len(writer.existing) == 1


def test_a_cut_off_last_line_is_skipped_on_reading_and_cut_by_the_next_writer(tmp_path: Path) -> None:
    path = tmp_path / "judged.jsonl"
    with JudgementsWriter(path, SETUP, JUDGED) as writer:
        writer.write(judgement("1", "correct"))
    with path.open("a") as handle:
        handle.write(judgement("2", "correct").model_dump_json()[:40])
    with pytest.warns(JudgementsFileWarning, match="cut-off last line"):
        assert [row.task_id for row in read_judgements(path).rows] == ["1"]
    with pytest.warns(JudgementsFileWarning, match="removed a cut-off last line"):
        with JudgementsWriter(path, SETUP, JUDGED) as writer:
            writer.write(judgement("2", "incorrect"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert [row.task_id for row in read_judgements(path).rows] == ["1", "2"]


def test_a_complete_last_judgement_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "judged.jsonl"
    with JudgementsWriter(path, SETUP, JUDGED) as writer:
        writer.write(judgement("1", "correct"))
        writer.write(judgement("2", "incorrect"))
    path.write_bytes(path.read_bytes()[:-1])  # the final newline is lost, the judgement is whole
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with JudgementsWriter(path, SETUP, JUDGED) as writer:
            assert [row.task_id for row in writer.existing] == ["1", "2"]
            writer.write(judgement("3", "correct"))
        assert [row.task_id for row in read_judgements(path).rows] == ["1", "2", "3"]


def test_a_second_writer_is_refused_while_the_first_holds_the_file(tmp_path: Path) -> None:
    path = tmp_path / "judged.jsonl"
    with JudgementsWriter(path, SETUP, JUDGED):
        with pytest.raises(JudgementsFileBusy):
            JudgementsWriter(path, SETUP, JUDGED)


def test_failed_requests_are_asked_again_and_a_new_program_replaces_the_old_judgement() -> None:
    failed = judgement("1", "not_judged", error="server error")
    retried = judgement("1", "correct")
    unreadable = judgement("2", "not_judged", problem="no verdict line")
    other_program = judgement("3", "incorrect")
    new_program = judgement("3", "correct", program="def other():\n    pass\n")
    rows = [failed, unreadable, retried, other_program, new_program, judgement("1", "incorrect")]
    assert latest_judgements(rows) == [retried, unreadable, new_program]
    assert answered_keys([failed, unreadable]) == {("2", 0, unreadable.program_sha256)}


def test_reading_judgements_does_not_load_the_model_client() -> None:
    code = (
        "import sys\n"
        "import aspera_workbench.judge as judge\n"
        "assert judge.read_judgements and judge.JudgeVerdict\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'openai' or m.startswith('aspera_workbench.llm')))\n"
        "judge.ProgramJudge\n"
        "print('openai' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines() == ["[]", "True"]  # loaded only when the judge itself is asked for
