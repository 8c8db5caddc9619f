"""Outputs of earlier pipeline runs: what a notebook wrote before and no longer writes is removed, nothing else."""

from __future__ import annotations

import json
from pathlib import Path

from aspera_core.pipeline.notebooks import MANIFEST, retire_stale_outputs


def touch(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_text(name)


def test_files_a_notebook_wrote_before_and_not_now_are_removed_and_nothing_else(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    touch(figures, "pass_k.png", "pass_k.md", "audit.png", "README.md", "mine.png")
    (figures / MANIFEST).write_text(
        json.dumps({"notebooks": {"05_paper": ["pass_k.png", "pass_k.md", "gone.png"], "07_audit": ["audit.png"]}})
    )
    removed = retire_stale_outputs(figures, {"05_paper": ["pass_k.md"]})
    assert removed == [figures / "pass_k.png"]  # gone.png was already gone
    assert sorted(p.name for p in figures.iterdir()) == [MANIFEST, "README.md", "audit.png", "mine.png", "pass_k.md"]
    manifest = json.loads((figures / MANIFEST).read_text())
    assert manifest["notebooks"] == {"05_paper": ["pass_k.md"], "07_audit": ["audit.png"]}  # 07 did not run: kept


def test_a_file_another_notebook_now_writes_is_kept_and_a_first_run_removes_nothing(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    touch(figures, "shared.csv", "old.csv")
    assert retire_stale_outputs(figures, {"a": ["shared.csv"]}) == []  # no manifest yet: nothing is ours
    (figures / MANIFEST).write_text(json.dumps({"notebooks": {"a": ["shared.csv", "old.csv"]}}))
    assert retire_stale_outputs(figures, {"a": [], "b": ["shared.csv"]}) == [figures / "old.csv"]
    assert (figures / "shared.csv").exists()


def test_a_damaged_manifest_or_a_listed_path_outside_the_folder_removes_nothing(tmp_path: Path) -> None:
    figures = tmp_path / "figures"
    touch(figures, "a.png")
    touch(tmp_path, "outside.png")
    (figures / MANIFEST).write_text("{not json")
    assert retire_stale_outputs(figures, {"n": []}) == [] and (figures / "a.png").exists()
    (figures / MANIFEST).write_text(json.dumps({"notebooks": {"n": ["../outside.png", "sub/x", ".hidden"]}}))
    assert retire_stale_outputs(figures, {"n": []}) == [] and (tmp_path / "outside.png").exists()
