"""Write-then-swap output: old files stay intact until the new ones are complete."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from aspera_core import fileio
from aspera_core.fileio import atomic_path, replace_folder, write_atomic

REPO = Path(__file__).resolve().parents[1]


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``folder`` (relative name -> content and inode), hidden files included."""
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_ino)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


class Boom(Exception):
    pass


# -- one file -------------------------------------------------------------------


def test_write_atomic_replaces_content_and_keeps_line_endings_and_mode(tmp_path: Path) -> None:
    path = tmp_path / "table.csv"
    path.write_text("old\n")
    path.chmod(0o640)
    write_atomic(path, "a,b\r\nc,d\n")
    assert path.read_bytes() == b"a,b\r\nc,d\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    write_atomic(path, b"\x00\x01")
    assert path.read_bytes() == b"\x00\x01"
    assert leftovers(tmp_path) == []


def test_new_file_gets_the_usual_permissions_and_missing_folders(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "figure.svg"
    write_atomic(path, "<svg/>")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    assert path.read_text() == "<svg/>"


@pytest.mark.parametrize("error", [Boom, KeyboardInterrupt])
def test_an_error_while_writing_leaves_the_old_file(tmp_path: Path, error: type[BaseException]) -> None:
    path = tmp_path / "report.txt"
    path.write_text("the old report\n")
    with pytest.raises(error), atomic_path(path) as temporary:
        temporary.write_text("half of the new rep")
        raise error()
    assert path.read_text() == "the old report\n"
    assert leftovers(tmp_path) == []


def test_a_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "keep.txt").write_text("mine")
    with pytest.raises(IsADirectoryError):
        write_atomic(tmp_path / "runs", "text")
    assert snapshot(tmp_path / "runs") and (tmp_path / "runs" / "keep.txt").read_text() == "mine"


def test_a_symbolic_link_keeps_pointing_at_the_new_content(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_the_temporary_file_keeps_the_suffix_and_a_failed_write_is_named_by_the_target(tmp_path: Path) -> None:
    # Writers that infer a format from the suffix (savefig) get the target's; an error names the user's file.
    path = tmp_path / "figure.pdf"
    with pytest.raises(OSError) as raised, atomic_path(path) as temporary:
        assert temporary.suffix == ".pdf" and temporary.parent == tmp_path
        raise OSError(28, "No space left on device", str(temporary))
    assert raised.value.filename == str(path) and leftovers(tmp_path) == []


# -- a folder ---------------------------------------------------------------------


def make_folder(folder: Path) -> None:
    folder.mkdir()
    (folder / "queries_001.nt").write_text("- old shard 1\n")
    (folder / "queries_002.nt").write_text("- old shard 2\n")
    (folder / "notes.txt").write_text("a file someone else put here\n")
    (folder / "sub").mkdir()
    (folder / "sub" / "deep.txt").write_text("deep\n")


def test_replace_folder_swaps_in_new_content_and_carries_what_keep_names(tmp_path: Path) -> None:
    plans = tmp_path / "plans"
    make_folder(plans)
    before = snapshot(plans)
    with replace_folder(plans, keep=lambda name: name != "queries_002.nt") as staging:
        assert staging.parent == tmp_path and staging.name.startswith(".plans.staging-")
        (staging / "queries_001.nt").write_text("- new shard 1\n")
    after = snapshot(plans)
    assert after["queries_001.nt"][0] == b"- new shard 1\n"
    assert "queries_002.nt" not in after  # dropped by keep
    # untouched entries are the very same files (hard links), bytes and inodes
    assert after["notes.txt"] == before["notes.txt"]
    assert after["sub/deep.txt"] == before["sub/deep.txt"]
    assert leftovers(tmp_path) == []


def test_replace_folder_without_keep_replaces_the_folder_whole(tmp_path: Path) -> None:
    plans = tmp_path / "plans"
    make_folder(plans)
    with replace_folder(plans) as staging:
        (staging / "new.txt").write_text("new\n")
    assert sorted(snapshot(plans)) == ["new.txt"] and leftovers(tmp_path) == []


def test_replace_folder_creates_a_missing_folder(tmp_path: Path) -> None:
    with replace_folder(tmp_path / "a" / "figures") as staging:
        (staging / "one.png").write_bytes(b"png")
    assert (tmp_path / "a" / "figures" / "one.png").read_bytes() == b"png"


@pytest.mark.parametrize("error", [Boom, KeyboardInterrupt])
def test_an_error_while_building_leaves_the_old_folder(tmp_path: Path, error: type[BaseException]) -> None:
    plans = tmp_path / "plans"
    make_folder(plans)
    before = snapshot(plans)
    with pytest.raises(error), replace_folder(plans, keep=lambda name: False) as staging:
        (staging / "queries_001.nt").write_text("- half")
        raise error()
    assert snapshot(plans) == before
    assert leftovers(tmp_path) == []


def test_a_failed_second_rename_puts_the_old_folder_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plans = tmp_path / "plans"
    make_folder(plans)
    before = snapshot(plans)
    real_rename = os.rename
    calls = []

    def rename(source, destination):
        calls.append(Path(source).name)
        if Path(source).name.startswith(".plans.staging-"):
            raise OSError(28, "No space left on device")
        real_rename(source, destination)

    monkeypatch.setattr(fileio.os, "rename", rename)
    with pytest.raises(OSError, match="No space"), replace_folder(plans) as staging:
        (staging / "queries_001.nt").write_text("- new")
    assert snapshot(plans) == before
    assert leftovers(tmp_path) == []


def test_replace_folder_refuses_a_file(tmp_path: Path) -> None:
    (tmp_path / "plans").write_text("not a folder")
    with pytest.raises(NotADirectoryError), replace_folder(tmp_path / "plans"):
        pass
    assert (tmp_path / "plans").read_text() == "not a folder"


# -- killed in the middle ----------------------------------------------------------

KILLED_WRITER = """
import sys, time
from pathlib import Path
from aspera_core.fileio import atomic_path, replace_folder

kind, target = sys.argv[1], Path(sys.argv[2])
if kind == "file":
    with atomic_path(target) as temporary:
        temporary.write_text("the first half of the new content")
        print("ready", flush=True)
        time.sleep(60)
else:
    with replace_folder(target, keep=lambda name: False) as staging:
        (staging / "queries_001.nt").write_text("- a new shard")
        print("ready", flush=True)
        time.sleep(60)
"""


@pytest.mark.parametrize("kind", ["file", "folder"])
def test_a_generation_killed_midway_leaves_the_old_files(tmp_path: Path, kind: str) -> None:
    target = tmp_path / ("report.txt" if kind == "file" else "plans")
    if kind == "file":
        target.write_text("the old content\n")
        before = {"report.txt": (target.read_bytes(), target.stat().st_ino)}
    else:
        make_folder(target)
        before = snapshot(target)
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(KILLED_WRITER), kind, str(target)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    if kind == "file":
        assert {"report.txt": (target.read_bytes(), target.stat().st_ino)} == before
    else:
        assert snapshot(target) == before
    # only a hidden temporary is left beside it
    assert all(name.startswith((".report.txt.tmp-", ".plans.staging-")) for name in leftovers(tmp_path))


# A symbolic link to nothing, as an output or a folder above it: refused, nothing created where it points.


def dangling(tmp_path: Path) -> Path:
    """``sub/link`` -> ``../gone``, which does not exist."""
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "link"
    link.symlink_to("../gone")
    return link


def test_dangling_link_in_names_the_nearest_link_among_a_path_and_its_folders(tmp_path: Path) -> None:
    link = dangling(tmp_path)
    said = f"{link} is a symbolic link to ../gone, which does not exist"
    assert fileio.dangling_link_in(link) == said
    assert fileio.dangling_link_in(link / "a.json") == said
    assert fileio.dangling_link_in(link / "deeper" / "a.json") == said
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "inner").symlink_to("nowhere")
    (tmp_path / "to-real").symlink_to("real")  # a link that resolves, with a link to nothing inside
    assert fileio.dangling_link_in(tmp_path / "to-real" / "inner" / "x") == (
        f"{tmp_path / 'to-real' / 'inner'} is a symbolic link to nowhere, which does not exist"
    )
    assert fileio.dangling_link_in(tmp_path / "to-real" / "new" / "x") is None
    assert fileio.dangling_link_in(tmp_path / "missing" / "x") is None


def test_make_folders_refuses_a_link_to_nothing_above_and_creates_nothing(tmp_path: Path) -> None:
    link = dangling(tmp_path)
    with pytest.raises(fileio.DanglingLinkError) as raised:
        fileio.make_folders(link / "a" / "b")
    assert str(raised.value) == f"{link} is a symbolic link to ../gone, which does not exist"
    assert raised.value.filename == str(link)
    assert not (tmp_path / "gone").exists()
    assert fileio.make_folders(tmp_path / "x" / "y") == tmp_path / "x" / "y" and (tmp_path / "x" / "y").is_dir()


@pytest.mark.parametrize("where", ["the file", "its folder"])
def test_write_atomic_refuses_a_link_to_nothing(tmp_path: Path, where: str) -> None:
    link = dangling(tmp_path)
    with pytest.raises(fileio.DanglingLinkError, match="sub/link is a symbolic link to ../gone"):
        write_atomic(link if where == "the file" else link / "a.json", "text")
    assert not (tmp_path / "gone").exists() and link.is_symlink()


@pytest.mark.parametrize("where", ["the folder", "its parent"])
def test_replace_folder_refuses_a_link_to_nothing(tmp_path: Path, where: str) -> None:
    link = dangling(tmp_path)
    with pytest.raises(fileio.DanglingLinkError, match="sub/link is a symbolic link to ../gone"):
        with replace_folder(link if where == "the folder" else link / "set") as staging:
            (staging / "a.txt").write_text("text")
    assert not (tmp_path / "gone").exists() and sorted(os.listdir(tmp_path / "sub")) == ["link"]
