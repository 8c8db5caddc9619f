"""The append-only file mechanism: header on a new file, refusals that change nothing, locking, tail repair, skipped lines."""

from __future__ import annotations

import errno
import os
import shutil
import warnings
from pathlib import Path

import pydantic
import pytest

from aspera_core.records.appendonly import (
    AppendOnlyWriter,
    FileKind,
    first_line,
    parse_rows,
    read_file,
    repair_tail,
)


class Header(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    sample_file: int
    tag: str


class Row(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    n: int


class NotASampleFile(ValueError):
    pass


class SampleFileBusy(RuntimeError):
    pass


class SampleFileWarning(UserWarning):
    pass


class TagMismatch(ValueError):
    pass


KIND = FileKind(
    name="sample", row="a sample row", refused=NotASampleFile, busy=SampleFileBusy, warning=SampleFileWarning
)
HEADER_A = '{"sample_file":1,"tag":"a"}\n'


def open_writer(path: Path, tag: str = "a") -> AppendOnlyWriter[Row]:
    """A writer for sample files that accepts only files with the given tag."""

    def accept(data: bytes) -> tuple[list[Row], list[str]]:
        start, line = first_line(path, data, KIND)
        try:
            header = Header.model_validate_json(line)
        except ValueError:
            raise NotASampleFile(f"{path} is not a sample file") from None
        if header.tag != tag:
            raise TagMismatch(f"{path} holds tag {header.tag!r}")
        return parse_rows(path, data, start + 1, Row, KIND)

    return AppendOnlyWriter(path, KIND, header=lambda: Header(sample_file=1, tag=tag), accept=accept)


def test_a_new_file_gets_the_header_then_one_line_per_row(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "sample.jsonl"
    with open_writer(path) as writer:
        assert writer.existing == []
        writer.write_line(Row(n=1).model_dump_json())
        writer.write_line(Row(n=2).model_dump_json())
    assert path.read_text() == HEADER_A + '{"n":1}\n{"n":2}\n'
    with open_writer(path) as writer:
        assert writer.existing == [Row(n=1), Row(n=2)]
    assert path.read_text() == HEADER_A + '{"n":1}\n{"n":2}\n'


@pytest.mark.parametrize("content", [b"", b"\n", b"  \n\t\n \n"])
def test_an_empty_or_whitespace_only_file_is_replaced_by_the_header(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_bytes(content)
    with open_writer(path) as writer:
        assert writer.existing == []
        writer.write_line('{"n":7}')
    assert path.read_text() == HEADER_A + '{"n":7}\n'


def test_a_second_writer_finds_the_file_busy_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    with open_writer(path) as writer:
        writer.write_line('{"n":1}')
        with pytest.raises(SampleFileBusy, match="is being written by another process"):
            open_writer(path)
        writer.write_line('{"n":2}')
    assert path.read_text() == HEADER_A + '{"n":1}\n{"n":2}\n'
    with open_writer(path):  # the lock went with the first writer
        pass


@pytest.mark.parametrize("tail", [b"", b'{"n": 3'])
def test_a_refused_file_is_left_byte_for_byte_and_unlocked(tmp_path: Path, tail: bytes) -> None:
    path = tmp_path / "sample.jsonl"
    before = HEADER_A.encode() + b'{"n":1}\n' + tail
    path.write_bytes(before)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a refused file gets no tail repair, hence no warning
        with pytest.raises(TagMismatch, match="holds tag 'a'"):
            open_writer(path, tag="b")
    assert path.read_bytes() == before
    with warnings.catch_warnings(record=True):  # the accepted file gets its tail repaired
        writer = open_writer(path)  # the refusal released the lock
    with writer:
        assert writer.existing == [Row(n=1)]


def test_foreign_content_is_refused_by_the_kind_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"# my notes\n")
    with pytest.raises(NotASampleFile, match="is not a sample file"):
        open_writer(path)
    assert path.read_bytes() == b"# my notes\n"


def test_a_folder_is_refused_by_writer_and_reader(tmp_path: Path) -> None:
    with pytest.raises(NotASampleFile, match="is a folder, not a sample file"):
        open_writer(tmp_path)
    with pytest.raises(NotASampleFile, match="is a folder, not a sample file"):
        read_file(tmp_path, KIND)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        read_file(tmp_path / "missing.jsonl", KIND)


def test_a_cut_off_last_line_is_removed_with_a_warning_before_appending(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_bytes(HEADER_A.encode() + b'{"n":1}\n{"n": 2')
    with pytest.warns(SampleFileWarning, match=r"removed a cut-off last line \(7 bytes\) left by an interrupted run"):
        writer = open_writer(path)
    with writer:
        assert writer.existing == [Row(n=1)]
        writer.write_line('{"n":3}')
    assert path.read_text() == HEADER_A + '{"n":1}\n{"n":3}\n'


def test_a_complete_last_line_without_its_newline_is_kept_and_the_newline_added(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_bytes(HEADER_A.encode() + b'{"n":1}\n{"n":2}')  # e.g. an editor that drops the final newline
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is removed, so nothing is warned
        writer = open_writer(path)
    with writer:
        assert writer.existing == [Row(n=1), Row(n=2)]
        writer.write_line('{"n":3}')
    assert path.read_text() == HEADER_A + '{"n":1}\n{"n":2}\n{"n":3}\n'


def test_a_header_without_its_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_bytes(HEADER_A.rstrip("\n").encode())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        writer = open_writer(path)
    with writer:
        assert writer.existing == []
        writer.write_line('{"n":1}')
    assert path.read_text() == HEADER_A + '{"n":1}\n'


def test_the_writer_warns_each_skipped_line_as_readers_do(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_bytes(HEADER_A.encode() + b'{"n":1}\nnot json\n{"n":2}\n{"n": 3')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        writer = open_writer(path)
    writer.close()
    messages = [str(warning.message) for warning in caught if warning.category is SampleFileWarning]
    assert len(messages) == 2
    assert messages[0].startswith(f"{path}:3: skipped: not valid JSON (")
    assert messages[1] == f"{path}: removed a cut-off last line (7 bytes) left by an interrupted run"


def test_lines_are_written_in_full_when_the_system_writes_a_few_bytes_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "sample.jsonl"
    real_write = os.write
    with open_writer(path) as writer:
        monkeypatch.setattr(os, "write", lambda descriptor, data: real_write(descriptor, bytes(data[:3])))
        writer.write_line('{"n":123456789}')
    assert path.read_text() == HEADER_A + '{"n":123456789}\n'


def test_skipped_lines_are_described_with_their_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    data = b'\n{"n":1}\nnot json\n\n{"n": "x"}\n{"m": 1}\n{"n":2}\n{"n": 3'
    rows, skipped = parse_rows(path, data, 1, Row, KIND)
    assert rows == [Row(n=1), Row(n=2)]
    assert skipped[0].startswith(f"{path}:3: skipped: not valid JSON (")
    assert skipped[1].startswith(f"{path}:5: skipped: not a sample row (field 'n': ")
    assert skipped[2] == f"{path}:6: skipped: not a sample row (field 'n': Field required)"
    assert skipped[3] == f"{path}:8: skipped: cut-off last line (the run was stopped while writing it)"
    assert len(skipped) == 4


def test_a_damaged_last_line_that_ends_with_a_newline_is_not_called_cut_off(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    rows, skipped = parse_rows(path, b'{"n":1}\n{"n": 2\n', 0, Row, KIND)
    assert rows == [Row(n=1)]
    assert len(skipped) == 1 and skipped[0].startswith(f"{path}:2: skipped: not valid JSON (")


def test_the_first_non_blank_line_is_the_header(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    assert first_line(path, b"\n \nheader\nrow\n", KIND) == (2, b"header")
    with pytest.raises(NotASampleFile, match="is empty: it holds no sample"):
        first_line(path, b" \n\t\n", KIND)


def test_repair_tail_keeps_whole_lines_even_after_a_long_cut_off_line(tmp_path: Path) -> None:
    path = tmp_path / "sample.jsonl"
    path.write_bytes(b"a\nb\n" + b"x" * 200_000)
    assert repair_tail(path) == 200_000
    assert path.read_bytes() == b"a\nb\n"
    assert repair_tail(path) == 0


def test_a_dangling_symbolic_link_is_refused_by_writer_and_reader_and_nothing_is_created(tmp_path: Path) -> None:
    link = tmp_path / "sample.jsonl"
    link.symlink_to(tmp_path / "elsewhere" / "target.jsonl")
    for attempt in (lambda: open_writer(link), lambda: read_file(link, KIND)):
        with pytest.raises(
            NotASampleFile, match=r"sample\.jsonl is a symbolic link to .*target\.jsonl, which does not exist"
        ):
            attempt()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["sample.jsonl"]
    assert link.is_symlink() and not link.exists()


@pytest.mark.parametrize("remove", ["file", "folder"])
def test_a_file_removed_while_being_written_stops_the_writer_instead_of_losing_its_lines(
    tmp_path: Path, remove: str
) -> None:
    path = tmp_path / "runs" / "sample.jsonl"
    with open_writer(path) as writer:
        writer.write_line('{"n":1}')
        shutil.rmtree(tmp_path / "runs") if remove == "folder" else path.unlink()
        with pytest.raises(FileNotFoundError, match=r"was removed while being written: .*sample\.jsonl"):
            writer.write_line('{"n":2}')
    assert not path.exists()


def test_a_named_pipe_is_refused_by_the_writer_without_waiting_for_a_reader(tmp_path: Path) -> None:
    pipe = tmp_path / "sample.jsonl"
    os.mkfifo(pipe)
    with pytest.raises(NotASampleFile, match=r"sample\.jsonl is not a regular file \(a pipe, a device or a socket\)"):
        open_writer(pipe)


def test_a_line_that_cannot_be_written_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sample.jsonl"
    with open_writer(path) as writer:

        def full_disk(descriptor: int, data: bytes) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "write", full_disk)
        with pytest.raises(OSError) as failed:
            writer.write_line('{"n":1}')
    assert (failed.value.errno, failed.value.filename) == (errno.ENOSPC, str(path))
