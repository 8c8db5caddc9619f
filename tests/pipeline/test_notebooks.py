"""Outputs of earlier pipeline runs: what a notebook wrote before and no longer writes is removed, nothing else."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from aspera_core.manifest import MANIFEST
from aspera_workbench.pipeline.notebooks import output_conflicts, record_outputs, retire_stale_outputs


def touch(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text(name)


def test_files_a_notebook_wrote_before_and_not_now_are_removed_and_nothing_else(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    touch(figures, "pass_k.png", "pass_k.md", "gone.png", "audit.png", "README.md", "mine.png")
    retire_stale_outputs(figures, {"05_paper": ["pass_k.png", "pass_k.md", "gone.png"], "07_audit": ["audit.png"]})
    (figures / "gone.png").unlink()
    retired = retire_stale_outputs(figures, {"05_paper": ["pass_k.md"]})
    assert retired.removed == [figures / "pass_k.png"] and retired.kept == []  # gone.png was already gone
    assert sorted(p.name for p in figures.iterdir()) == [MANIFEST, "README.md", "audit.png", "mine.png", "pass_k.md"]
    manifest = json.loads((figures / MANIFEST).read_text())["notebooks"]
    assert {notebook: sorted(files) for notebook, files in manifest.items()} == {
        "05_paper": ["pass_k.md"],
        "07_audit": ["audit.png"],  # 07 did not run: kept
    }


def test_a_file_another_notebook_now_writes_is_kept_and_a_first_run_removes_nothing(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    touch(figures, "shared.csv", "old.csv")
    assert retire_stale_outputs(figures, {"a": ["shared.csv", "old.csv"]}).removed == []  # no manifest yet
    retired = retire_stale_outputs(figures, {"a": [], "b": ["shared.csv"]})
    assert retired.removed == [figures / "old.csv"]
    assert (figures / "shared.csv").exists()


def test_a_file_changed_since_the_pipeline_wrote_it_is_kept_and_reported(tmp_path: Path) -> None:
    # The user replaced a figure with their own; a later run that no longer writes it must not delete it.
    figures = tmp_path / "figures"
    touch(figures, "pass_k.png", "pass_k.pdf", "pass_k.md")
    retire_stale_outputs(figures, {"05_paper": ["pass_k.png", "pass_k.pdf", "pass_k.md"]})
    (figures / "pass_k.png").write_bytes(b"my own figure")
    retired = retire_stale_outputs(figures, {"05_paper": ["pass_k.md"]})
    assert retired.removed == [figures / "pass_k.pdf"]
    assert retired.kept == [(figures / "pass_k.png", "changed since the workbench wrote it")]
    assert (figures / "pass_k.png").read_bytes() == b"my own figure"
    manifest = json.loads((figures / MANIFEST).read_text())["notebooks"]
    assert list(manifest["05_paper"]) == ["pass_k.md"]  # the user's file is no longer the pipeline's
    assert retire_stale_outputs(figures, {"05_paper": ["pass_k.md"]}).kept == []  # reported once


def test_a_file_of_the_same_size_and_time_but_other_content_is_kept(tmp_path: Path) -> None:
    import os

    figures = tmp_path / "figures"
    touch(figures, "a.csv")
    retire_stale_outputs(figures, {"n": ["a.csv"]})
    info = (figures / "a.csv").stat()
    (figures / "a.csv").write_text("b.csv")  # same length as "a.csv"
    os.utime(figures / "a.csv", ns=(info.st_atime_ns, info.st_mtime_ns))
    assert retire_stale_outputs(figures, {"n": []}).removed == []
    assert (figures / "a.csv").read_text() == "b.csv"


def test_entries_of_a_manifest_without_digests_are_never_removed(tmp_path: Path) -> None:
    # A manifest of an earlier version names files but cannot tell whether they changed since.
    figures = tmp_path / "figures"
    touch(figures, "pass_k.png", "pass_k.md")
    (figures / MANIFEST).write_text(json.dumps({"notebooks": {"05_paper": ["pass_k.png", "pass_k.md"]}}))
    retired = retire_stale_outputs(figures, {"05_paper": ["pass_k.md"]})
    assert retired.removed == [] and (figures / "pass_k.png").read_text() == "pass_k.png"
    assert [(path.name, reason.split(" ")[0]) for path, reason in retired.kept] == [("pass_k.png", "not")]


def test_a_damaged_manifest_or_a_listed_path_outside_the_folder_removes_nothing(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    touch(figures, "a.png")
    touch(tmp_path, "outside.png")
    (figures / MANIFEST).write_text("{not json")
    assert retire_stale_outputs(figures, {"n": []}).removed == [] and (figures / "a.png").exists()
    digest = hashlib.sha256(b"outside.png").hexdigest()  # the file's own digest: only its name stops it
    listed = {"../outside.png": digest, "sub/x": digest, ".hidden": digest}
    (figures / MANIFEST).write_text(json.dumps({"version": 2, "notebooks": {"n": listed}}))
    assert retire_stale_outputs(figures, {"n": []}).removed == [] and (tmp_path / "outside.png").exists()


def test_only_a_file_the_manifest_lists_with_its_current_digest_may_be_replaced(tmp_path: Path) -> None:
    # Before anything is swapped in: every destination that exists must be the pipeline's unchanged output.
    figures = tmp_path / "figures"
    touch(figures, "ours.csv", "edited.csv", "old.png", "mine.md", "linked.csv")
    retire_stale_outputs(figures, {"05_paper": ["ours.csv", "edited.csv", "linked.csv"]})
    (figures / "edited.csv").write_text("my edit")
    touch(tmp_path, "linked.csv")  # the same content, elsewhere, linked in its place
    (figures / "linked.csv").unlink()
    (figures / "linked.csv").symlink_to(tmp_path / "linked.csv")
    manifest = json.loads((figures / MANIFEST).read_text())
    manifest["notebooks"]["03_old"] = ["old.png"]  # as a manifest of an earlier version lists it: no digest
    (figures / MANIFEST).write_text(json.dumps(manifest))
    (figures / "folder.png").mkdir()
    (figures / "link.csv").symlink_to(figures / "ours.csv")  # a link is never the pipeline's
    names = ["ours.csv", "edited.csv", "old.png", "mine.md", "folder.png", "link.csv", "linked.csv", "new.csv"]
    found = {conflict.path.name: conflict.reason for conflict in output_conflicts(figures, names)}
    assert found == {
        "edited.csv": "changed since the workbench wrote it",
        "old.png": "not known to be the workbench's: the manifest of an earlier version records no digest for it",
        "mine.md": "not written by the workbench (its manifest does not list it)",
        "folder.png": "not written by the workbench (its manifest does not list it)",
        "link.csv": "not written by the workbench (its manifest does not list it)",
        "linked.csv": "not a plain file (a link or a folder), so not the workbench's",
    }
    assert output_conflicts(tmp_path / "none", ["a.csv"]) == []  # a folder that does not exist yet


def test_the_run_folder_records_what_was_moved_there_and_keeps_what_still_stands(tmp_path: Path) -> None:
    runs = tmp_path / "runs" / "default"
    touch(runs, "05.ipynb", "05.html", "05.failed.ipynb", "03.ipynb")
    record_outputs(runs, {"05": ["05.ipynb", "05.html", "05.failed.ipynb"], "03": ["03.ipynb"]})
    assert output_conflicts(runs, ["05.ipynb", "05.html", "05.failed.ipynb", "03.ipynb"]) == []
    (runs / "05.failed.ipynb").unlink()
    (runs / "05.ipynb").write_text("new run")  # written again by a later run, without its HTML this time
    record_outputs(runs, {"05": ["05.ipynb"]})
    manifest = json.loads((runs / MANIFEST).read_text())["notebooks"]
    assert sorted(manifest["05"]) == ["05.html", "05.ipynb"] and list(manifest["03"]) == ["03.ipynb"]
    assert output_conflicts(runs, ["05.ipynb", "05.html"]) == []  # the HTML of the earlier run is still known
    touch(runs, "05.failed.ipynb")
    assert [c.reason for c in output_conflicts(runs, ["05.failed.ipynb"])] == [
        "not written by the workbench (its manifest does not list it)"
    ]


def test_a_name_the_pipeline_has_just_written_leaves_every_other_entry(tmp_path: Path) -> None:
    # The latest writer owns a file: an older entry's digest of it would only be stale.
    figures = tmp_path / "figures"
    touch(figures, "outcomes.csv", "outcomes.md", "notes.csv")
    earlier = {"02_evaluate": {"outcomes.csv": "0" * 64}, "(notebooks run on their own)": {}}
    earlier["(notebooks run on their own)"] = {"outcomes.md": "1" * 64, "notes.csv": "2" * 64}
    (figures / MANIFEST).write_text(json.dumps({"version": 2, "notebooks": earlier}))
    retire_stale_outputs(figures, {"05_paper": ["outcomes.csv", "outcomes.md"]})
    manifest = json.loads((figures / MANIFEST).read_text())["notebooks"]
    assert {entry: sorted(files) for entry, files in manifest.items()} == {
        "05_paper": ["outcomes.csv", "outcomes.md"],
        "(notebooks run on their own)": ["notes.csv"],  # 02_evaluate lists nothing more: its entry is gone
    }
    runs = tmp_path / "runs"
    touch(runs, "05.ipynb")
    (runs / MANIFEST).write_text(json.dumps({"version": 2, "notebooks": {"old": {"05.ipynb": "3" * 64}}}))
    record_outputs(runs, {"05": ["05.ipynb"]})
    assert json.loads((runs / MANIFEST).read_text())["notebooks"] == {
        "05": {"05.ipynb": hashlib.sha256(b"05.ipynb").hexdigest()}
    }


def test_a_symbolic_link_to_nothing_in_the_way_of_an_output_is_named_as_such(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    figures.mkdir()
    (figures / "outcomes.png").symlink_to(tmp_path / "nowhere.png")
    [conflict] = output_conflicts(figures, ["outcomes.png"])
    assert conflict.reason == f"a symbolic link to {tmp_path / 'nowhere.png'}, which does not exist"
