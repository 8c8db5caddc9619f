"""Argument types: a bad value is refused with a sentence, before any work is done."""

from __future__ import annotations

import argparse
import errno
from pathlib import Path

import pytest

from aspera_workbench.cli import args
from aspera_workbench.cli.args import (
    existing_folder,
    finite_positive_float,
    output_file,
    positive_int,
    task_set_path,
)


@pytest.mark.parametrize(("text", "value"), [("10", 10.0), ("2.5", 2.5), ("1e-3", 0.001)])
def test_finite_positive_float_accepts_numbers(text: str, value: float) -> None:
    assert finite_positive_float(text) == value


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "Infinity", "0", "-1", "1e999"])
def test_finite_positive_float_refuses_non_finite_and_non_positive(text: str) -> None:
    with pytest.raises(
        argparse.ArgumentTypeError, match=f"^Input should be (a finite number|greater than 0), got '{text}'$"
    ):
        finite_positive_float(text)


@pytest.mark.parametrize("text", ["ten", "", "1,5"])
def test_finite_positive_float_refuses_words(text: str) -> None:
    with pytest.raises(
        argparse.ArgumentTypeError, match="^Input should be a valid number, unable to parse string as a number, got "
    ):
        finite_positive_float(text)


@pytest.mark.parametrize("text", ["0", "-2", "1.5", "two", ""])
def test_positive_int_refuses(text: str) -> None:
    with pytest.raises(
        argparse.ArgumentTypeError,
        match="^Input should be (greater than or equal to 1|a valid integer, unable to parse string as an integer), got ",
    ):
        positive_int(text)
    assert positive_int("3") == 3


def test_task_set_path(tmp_path: Path) -> None:
    (tmp_path / "plans").mkdir()
    for name in ("queries_001.nt", "release.tgz", "release.tar.gz", "notes.txt"):
        (tmp_path / name).write_text("")
    assert task_set_path(str(tmp_path)) == tmp_path
    assert task_set_path(str(tmp_path / "queries_001.nt")).name == "queries_001.nt"
    assert task_set_path(str(tmp_path / "release.tgz")).name == "release.tgz"
    assert task_set_path(str(tmp_path / "release.tar.gz")).name == "release.tar.gz"
    with pytest.raises(argparse.ArgumentTypeError, match="no such task set"):
        task_set_path(str(tmp_path / "missing"))
    with pytest.raises(argparse.ArgumentTypeError, match="is not a task set: expected a folder, a .nt shard"):
        task_set_path(str(tmp_path / "notes.txt"))


def test_existing_folder(tmp_path: Path) -> None:
    assert existing_folder(str(tmp_path)) == tmp_path
    (tmp_path / "file").write_text("")
    with pytest.raises(argparse.ArgumentTypeError, match="is not a folder"):
        existing_folder(str(tmp_path / "file"))
    with pytest.raises(argparse.ArgumentTypeError, match="does not exist"):
        existing_folder(str(tmp_path / "missing"))


def test_output_file_accepts_new_and_existing_files_and_creates_nothing(tmp_path: Path) -> None:
    assert output_file(str(tmp_path / "out.jsonl")) == tmp_path / "out.jsonl"
    assert output_file(str(tmp_path / "runs" / "deep" / "out.jsonl")).name == "out.jsonl"
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "old.jsonl").write_text("")
    assert output_file(str(tmp_path / "old.jsonl")) == tmp_path / "old.jsonl"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda root: str(root), "is a folder; give a file name inside it"),
        (lambda root: str(root / "runs") + "/", "is a folder; give a file name inside it"),
        (lambda root: str(root / "a-file" / "out.jsonl"), "is a file, not a folder"),
        (lambda root: "", "expected a file name"),
        (lambda root: "/dev/null", "is not a regular file"),
    ],
)
def test_output_file_refuses_unusable_paths(tmp_path: Path, make, message: str) -> None:
    (tmp_path / "a-file").write_text("")
    with pytest.raises(argparse.ArgumentTypeError, match=message):
        output_file(make(tmp_path))


def test_output_file_refuses_what_cannot_be_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Permission bits do not bind the superuser, so the permission check itself is simulated.
    (tmp_path / "locked.jsonl").write_text("")
    monkeypatch.setattr(args.os, "access", lambda path, mode: False)
    with pytest.raises(argparse.ArgumentTypeError, match="cannot be written"):
        output_file(str(tmp_path / "locked.jsonl"))


def test_output_file_tries_the_folder_rather_than_trusting_permission_bits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A read-only mount, or a kernel folder as /sys, refuses even the superuser,
    # for whom os.access says yes; only creating a file tells.
    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(args.tempfile, "TemporaryFile", refused)
    with pytest.raises(argparse.ArgumentTypeError, match="no permission to write in"):
        output_file(str(tmp_path / "runs" / "out.json"))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not Path("/sys/kernel").is_dir(), reason="needs Linux's /sys")
def test_output_file_refuses_a_kernel_folder() -> None:
    with pytest.raises(
        argparse.ArgumentTypeError, match="cannot create '/sys/a.json': no permission to write in '/sys'"
    ):
        output_file("/sys/a.json")
