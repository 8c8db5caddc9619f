"""Paths in parameters resolve against the project root from any working directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspera_workbench.pipeline.paths import ROOT_VARIABLE, project_relative, project_root, resolve_path, shown_path

ROOT = Path(__file__).resolve().parents[2]


def test_the_root_is_found_from_a_subfolder(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(ROOT_VARIABLE, raising=False)
    assert project_root(ROOT / "notebooks") == ROOT
    assert project_root(ROOT / "tests" / "fixtures" / "mini_release") == ROOT


def test_outside_any_project_the_installed_clone_is_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.delenv(ROOT_VARIABLE, raising=False)
    assert project_root(tmp_path) == ROOT  # the package is installed from this clone (editable)


def test_the_environment_variable_names_the_root(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv(ROOT_VARIABLE, str(tmp_path))
    assert project_root(ROOT / "notebooks") == tmp_path.resolve()


def test_resolve_path_keeps_absolute_paths_and_none(tmp_path: Path):
    assert resolve_path("data/x", tmp_path) == tmp_path / "data" / "x"
    assert resolve_path(tmp_path / "abs", "/elsewhere") == tmp_path / "abs"
    assert resolve_path(None, tmp_path) is None and resolve_path("", tmp_path) is None


def test_paths_are_shown_as_they_work_from_the_working_directory(tmp_path: Path):
    # Relative to the project root they would not work from another folder.
    here = tmp_path / "here"
    assert shown_path(here / "figures", here) == "figures"
    assert shown_path(here, here) == "."
    assert shown_path(ROOT / "runs" / "mini" / "figures", here) == str(ROOT / "runs" / "mini" / "figures")
    assert shown_path(tmp_path / "there" / "x", here) == str(tmp_path / "there" / "x")


def test_paths_are_shown_relative_to_the_project_when_inside_it(tmp_path: Path):
    assert project_relative(tmp_path / "runs" / "results" / "audit.json", tmp_path) == Path("runs/results/audit.json")
    outside = tmp_path.parent / "elsewhere.json"
    assert project_relative(outside, tmp_path) == outside.resolve()
