"""Annotators' label files (append-only, one per person), labelling samples, consensus and the labelled taxonomy."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd
import pytest

from aspera_workbench.analysis.annotation import (
    AnnotationFile,
    AnnotationFileError,
    Label,
    _allocate,
    annotation_path,
    check_annotator,
    consensus_labels,
    labelled_taxonomy,
    labelling_sample,
    read_annotation_file,
    read_annotations,
    sample_digest,
    taxonomy_labels,
)
from aspera_workbench.analysis.frames import runs_frame
from aspera_workbench.analysis.taxonomy import error_taxonomy, read_labels
from tests.analysis.support import model_run

S, F, X = "success", "task_completion_error", "execution_error"


def label(annotator: str, task_id: str, verdict: str = "correct", **fields) -> Label:
    values = {"system": "model-a (CCK)", "seed": 0, "outcome": F, "category": "wrong effect or answer"}
    values.update(fields)
    return Label(annotator=annotator, task_id=task_id, verdict=verdict, **values)


def test_each_label_is_one_appended_line_and_earlier_lines_never_change(tmp_path: Path) -> None:
    file = AnnotationFile(tmp_path / "labels", "ann")
    file.append(label("ann", "1"))
    first = file.path.read_bytes()
    written = file.append(label("ann", "2", "wrong", note="the meeting is an hour late"))
    data = file.path.read_bytes()
    assert data.startswith(first) and data.count(b"\n") == 2
    assert written.time and json.loads(data.splitlines()[1])["note"] == "the meeting is an hour late"
    # A second session (a reopened notebook) sees every label and adds to them.
    again = AnnotationFile(tmp_path / "labels", "ann")
    assert [(item.task_id, item.verdict) for item in again.labels] == [("1", "correct"), ("2", "wrong")]
    again.append(label("ann", "1", "unsure"))
    assert again.latest("model-a (CCK)", "1", 0).verdict == "unsure"
    assert again.latest("model-a (CCK)", "1", 1) is None
    assert len(read_annotation_file(again.path)) == 3


def test_two_open_sessions_of_one_annotator_see_each_others_labels(tmp_path: Path) -> None:
    # Each session kept the labels it had read at opening: one showed a row as unlabelled, or with
    # an old label, after the other had labelled it again.
    first, second = AnnotationFile(tmp_path / "labels", "ann"), AnnotationFile(tmp_path / "labels", "ann")
    first.append(label("ann", "1", "correct"))
    assert second.latest("model-a (CCK)", "1", 0).verdict == "correct"
    second.append(label("ann", "1", "wrong"))
    assert first.latest("model-a (CCK)", "1", 0).verdict == "wrong"
    assert [item.verdict for item in first.labels] == ["correct", "wrong"]


def test_a_line_cut_short_by_a_crash_is_ignored_then_dropped_before_the_next_append(tmp_path: Path) -> None:
    file = AnnotationFile(tmp_path, "ann")
    file.append(label("ann", "1"))
    with file.path.open("ab") as handle:
        handle.write(b'{"format": "aspera-annotation", "version": 1, "annot')
    assert [item.task_id for item in read_annotation_file(file.path)] == ["1"]
    reopened = AnnotationFile(tmp_path, "ann")
    reopened.append(label("ann", "2"))
    lines = file.path.read_text().splitlines()
    assert [json.loads(line)["task_id"] for line in lines] == ["1", "2"]


def test_a_complete_last_label_without_its_newline_is_kept_and_completed(tmp_path: Path) -> None:
    # An editor that saves without a final newline leaves a complete label last: it is a label,
    # read like the others, and the next append adds the newline instead of cutting it off.
    file = AnnotationFile(tmp_path, "ann")
    file.append(label("ann", "1"))
    file.append(label("ann", "2", "wrong", note="typed in the explorer"))
    edited = file.path.read_text().rstrip("\n").replace("typed in the explorer", "corrected by hand")
    file.path.write_text(edited)
    assert [(item.task_id, item.note) for item in read_annotation_file(file.path)][-1] == ("2", "corrected by hand")
    reopened = AnnotationFile(tmp_path, "ann")
    assert reopened.latest("model-a (CCK)", "2", 0).verdict == "wrong"
    reopened.append(label("ann", "3"))
    data = file.path.read_text()
    assert data.startswith(edited + "\n")
    assert [json.loads(line)["task_id"] for line in data.splitlines()] == ["1", "2", "3"]


@pytest.mark.parametrize(
    "content",
    [b'{"experiment": "my notes", "n": 3}', b"task 1001: looks wrong to me"],
)
def test_a_one_line_file_without_a_newline_that_is_no_label_is_refused_and_left_alone(
    tmp_path: Path, content: bytes
) -> None:
    # Such a file (written by json.dump or echo -n) holds no label: it is not a label file whose
    # last line a crash cut short, so it is refused instead of being emptied before the first label.
    foreign = annotation_path(tmp_path, "ann")
    foreign.write_bytes(content)
    with pytest.raises(AnnotationFileError, match=r"ann\.jsonl: not an annotation file"):
        AnnotationFile(tmp_path, "ann")
    with pytest.raises(AnnotationFileError, match="not an annotation file"):
        read_annotations(tmp_path)
    assert foreign.read_bytes() == content


def test_a_first_label_cut_short_by_a_crash_is_still_dropped(tmp_path: Path) -> None:
    path = annotation_path(tmp_path, "ann")
    path.write_bytes(b'{"annotator": "ann", "auto_category": nu')
    file = AnnotationFile(tmp_path, "ann")
    assert file.labels == []
    file.append(label("ann", "1"))
    assert [json.loads(line)["task_id"] for line in path.read_text().splitlines()] == ["1"]


def test_files_that_are_not_this_annotators_are_refused_and_left_alone(tmp_path: Path) -> None:
    foreign = annotation_path(tmp_path, "ann")
    foreign.write_text('{"some": "other data"}\n{"more": 1}\n')
    before = foreign.read_bytes()
    with pytest.raises(AnnotationFileError, match=r"ann\.jsonl:1: not a line of an annotation file"):
        AnnotationFile(tmp_path, "ann")
    assert foreign.read_bytes() == before
    # Bea's labels copied into a file named for Cy.
    AnnotationFile(tmp_path, "bea").append(label("bea", "1"))
    (tmp_path / "cy.jsonl").write_bytes((tmp_path / "bea.jsonl").read_bytes())
    with pytest.raises(AnnotationFileError, match="holds the labels of bea"):
        AnnotationFile(tmp_path, "cy")
    with pytest.raises(AnnotationFileError, match="does not belong"):
        AnnotationFile(tmp_path, "bea").append(label("cy", "1"))
    broken = tmp_path / "dee.jsonl"
    broken.write_text("not json\n")
    with pytest.raises(AnnotationFileError, match=r"dee\.jsonl:1: not a JSON line"):
        read_annotation_file(broken)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"verdict": "maybe"}, "verdict 'maybe': choose one of correct, wrong, unsure"),
        ({"category": "bad luck"}, "category 'bad luck' is not a category of the taxonomy"),
        ({"seed": "0"}, "seed must be a whole number"),
        ({"task_id": " "}, "needs the row's system and task_id"),
    ],
)
def test_bad_labels_are_refused_naming_the_field(tmp_path: Path, fields: dict, message: str) -> None:
    values = {"annotator": "ann", "system": "s", "task_id": "1", "seed": 0, "verdict": "correct", **fields}
    with pytest.raises(AnnotationFileError, match=message):
        AnnotationFile(tmp_path, "ann").append(Label(**values))
    assert not (tmp_path / "ann.jsonl").exists()


def test_annotator_names_name_files_so_they_are_checked() -> None:
    assert check_annotator("  ann.b-c_1 ") == "ann.b-c_1"
    for bad in ["", "../ann", "a b", ".hidden", "x" * 65]:
        with pytest.raises(AnnotationFileError, match="annotator name"):
            check_annotator(bad)


def test_reading_a_folder_keeps_the_last_label_per_person_and_row(tmp_path: Path) -> None:
    ann, bea = AnnotationFile(tmp_path, "ann"), AnnotationFile(tmp_path, "bea")
    ann.append(label("ann", "1", "correct"))
    ann.append(label("ann", "1", "wrong"))
    ann.append(label("ann", "2", seed=None))
    bea.append(label("bea", "1", "correct"))
    (tmp_path / "notes.txt").write_text("not read")
    everything = read_annotations(tmp_path, latest=False)
    assert len(everything) == 4
    latest = read_annotations(tmp_path)
    assert [(r.annotator, r.task_id, r.verdict) for r in latest.itertuples()] == [
        ("ann", "1", "wrong"),
        ("ann", "2", "correct"),
        ("bea", "1", "correct"),
    ]
    assert latest["seed"].isna().tolist() == [False, True, False]
    assert read_annotations(None).empty
    with pytest.raises(FileNotFoundError):
        read_annotations(tmp_path / "missing.jsonl")
    assert read_annotations(tmp_path / "nobody-yet", missing_ok=True).empty


def test_allocation_is_proportional_with_every_stratum_represented() -> None:
    # 8 of 10 + 5 + 1 rows: one each first, then 5 more by share (3, 1, 0) and one by largest remainder.
    assert _allocate([10, 5, 1], 8) == [5, 2, 1]
    assert _allocate([10, 5, 1], 2) == [2, 0, 0]  # fewer rows than strata: proportional only
    assert _allocate([3, 2], 10) == [3, 2]  # never more than a stratum has
    assert _allocate([4, 0, 4], 4) == [2, 0, 2]
    assert _allocate([4, 4], 0) == [0, 0]


@pytest.fixture
def runs(tmp_path: Path) -> pd.DataFrame:
    a = model_run(
        tmp_path / "a.jsonl",
        "model-a",
        "cck",
        {0: {str(i): (S if i % 3 else F) for i in range(1, 13)}, 1: {"1": "model_error", "2": X}},
    )
    b = model_run(tmp_path / "b.jsonl", "model-b", "cck", {0: {str(i): (F if i % 2 else S) for i in range(1, 9)}})
    return runs_frame([a, b])


def test_a_sample_is_stratified_and_the_same_whatever_order_the_rows_come_in(runs: pd.DataFrame) -> None:
    sample = labelling_sample(runs, 6, seed=4)
    assert len(sample) == 6 and sample["judged"].all()
    strata = sample.groupby(["system", "outcome"], observed=True).size().to_dict()
    # Strata: a/success 8, a/failure 4, a/execution error 1, b/success 4, b/failure 4 (model_error left out).
    assert set(strata) == {
        ("model-a (CCK)", S),
        ("model-a (CCK)", F),
        ("model-a (CCK)", X),
        ("model-b (CCK)", S),
        ("model-b (CCK)", F),
    }
    shuffled = runs.sample(frac=1, random_state=1)
    assert sample_digest(labelling_sample(shuffled, 6, seed=4)) == sample_digest(sample)
    assert labelling_sample(shuffled, 6, seed=4).index.tolist() == sample.index.tolist()
    assert sample_digest(labelling_sample(runs, 6, seed=5)) != sample_digest(sample)
    assert len(labelling_sample(runs, 1000)) == int(runs["judged"].sum())
    assert len(labelling_sample(runs, 0)) == 0
    with pytest.raises(ValueError, match="no such column"):
        labelling_sample(runs, 3, by=("colour",))


def test_consensus_is_the_majority_and_a_tie_is_no_consensus(tmp_path: Path) -> None:
    for name, verdict, category in [
        ("ann", "wrong", "wrong effect or answer"),
        ("bea", "wrong", "unknown name or attribute"),
        ("cy", "correct", "unknown name or attribute"),
    ]:
        AnnotationFile(tmp_path, name).append(label(name, "1", verdict, category=category))
    AnnotationFile(tmp_path, "ann").append(label("ann", "2", "wrong", category="timeout"))
    AnnotationFile(tmp_path, "bea").append(label("bea", "2", "correct", category=None))
    table = consensus_labels(tmp_path).set_index("task_id")
    assert table.loc["1", "verdict"] == "wrong" and table.loc["1", "category"] == "unknown name or attribute"
    assert table.loc["1", "annotators"] == 3
    assert table.loc["2", "verdict"] is None  # one says wrong, one correct
    assert table.loc["2", "category"] == "timeout"  # the only category given
    labels = taxonomy_labels(tmp_path)
    assert labels.to_dict("records") == [
        {"task_id": "1", "label": "unknown name or attribute", "system": "model-a (CCK)", "seed": "0"},
        {"task_id": "2", "label": "timeout", "system": "model-a (CCK)", "seed": "0"},
    ]


def test_annotation_files_feed_the_error_taxonomy(tmp_path: Path, runs: pd.DataFrame) -> None:
    folder = tmp_path / "annotations"
    AnnotationFile(folder, "ann").append(label("ann", "3", "correct", category="unknown name or attribute"))
    AnnotationFile(folder, "ann").append(label("ann", "3", "correct", seed=1, category="timeout"))  # no such row
    assert read_labels(folder).shape == (2, 4)
    taxonomy = error_taxonomy(runs, folder)
    row = taxonomy[(taxonomy["task_id"] == "3") & (taxonomy["system"] == "model-a (CCK)")].iloc[0]
    assert row["category"] == "unknown name or attribute" and row["labelled"]
    assert row["auto_category"] == "wrong effect or answer"
    assert int(taxonomy["labelled"].sum()) == 1
    single = error_taxonomy(runs, folder / "ann.jsonl")
    assert int(single["labelled"].sum()) == 1
    with pytest.raises(FileNotFoundError):
        read_labels(tmp_path / "nobody.jsonl")


def test_labelled_taxonomy_counts_categories_per_system_with_their_denominator(tmp_path: Path) -> None:
    entries = [
        ("1", "wrong effect or answer", "wrong effect or answer", "model-a (CCK)"),
        ("2", "wrong effect or answer", "unknown name or attribute", "model-a (CCK)"),
        ("3", "unknown name or attribute", "unknown name or attribute", "model-a (CCK)"),
        ("1", "timeout", "timeout", "model-b (CCK)"),
    ]
    for task_id, category, automatic, system in entries:
        AnnotationFile(tmp_path, "ann").append(
            label("ann", task_id, category=category, auto_category=automatic, system=system)
        )
    table = labelled_taxonomy(tmp_path)
    assert table.to_dict("records") == [
        {
            "system": "model-a (CCK)",
            "category": "wrong effect or answer",
            "rows": 2,
            "labelled": 3,
            "share (%)": pytest.approx(200 / 3),
            "automatic agrees": 1,
        },
        {
            "system": "model-a (CCK)",
            "category": "unknown name or attribute",
            "rows": 1,
            "labelled": 3,
            "share (%)": pytest.approx(100 / 3),
            "automatic agrees": 1,
        },
        {
            "system": "model-b (CCK)",
            "category": "timeout",
            "rows": 1,
            "labelled": 1,
            "share (%)": 100.0,
            "automatic agrees": 1,
        },
    ]
    assert labelled_taxonomy(None).empty


@pytest.mark.parametrize("where", ["the file", "its folder"])
def test_an_annotation_file_through_a_symbolic_link_to_nothing_is_refused(tmp_path: Path, where: str) -> None:
    # Labels were appended through the link, creating a file (and folders) wherever it pointed.
    link = tmp_path / ("ada.jsonl" if where == "the file" else "labels")
    link.symlink_to("gone")
    with pytest.raises(AnnotationFileError, match=f"^{link} is a symbolic link to gone, which does not exist$"):
        AnnotationFile(tmp_path if where == "the file" else link, "ada")
    assert sorted(os.listdir(tmp_path)) == [link.name]
