"""The audit and the judgements the audit notebook reads.

The audit of a task set takes about a minute on the project's set, so :func:`audit_file` keeps
it in the results folder, named by the task set's digest and the audit's settings, and reads
it again while they are unchanged. An audit or judgements files named in the parameters are
used as they are.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from aspera_core.executor import Sandbox, SandboxConfig
from aspera_core.fileio import dangling_link, make_folders
from aspera_core.tasks import default_wrong_dir, load_tasks, load_wrong_programs, tasks_digest
from aspera_workbench.audit import AuditConfig, AuditFileError, audit_tasks, read_audit
from aspera_workbench.pipeline.paths import project_root, resolve_path


def _setting(value: int | None) -> str:
    return "all" if value is None else str(value)


def audit_file(
    tasks: str | os.PathLike[str],
    results_dir: str | os.PathLike[str],
    audit: str | os.PathLike[str] | None = None,
    *,
    per_kind: int | None = 1,
    max_variants: int | None = None,
    seed: int = 0,
    workers: int | None = None,
    timeout_s: float = 10.0,
    root: str | os.PathLike[str] | None = None,
) -> Path:
    """The audit of a task set as a file: the one named (``audit``), the one kept from an earlier run, or a new one.

    A new audit runs what ``aspera audit`` runs (at most ``per_kind`` generated variants of each
    kind and ``max_variants`` per task) and is written to
    ``<results_dir>/audit-<digest>-k<per_kind>-m<max_variants>-s<seed>.json``. Paths are relative to ``root``.

    Raises:
        FileNotFoundError: the named audit file does not exist.
        aspera_workbench.audit.AuditFileError: the named file is not an audit, or the audit file to write is a
            symbolic link to nothing (checked before the audit runs).
        aspera_core.tasks.TaskFormatError: the task set is malformed.
        ValueError: the wrong programs beside the task set cannot be read, or a setting is out of range.
    """
    root = Path(root) if root is not None else project_root()
    if audit is not None and str(audit):
        named = resolve_path(audit, root)
        assert named is not None
        read_audit(named)  # fails early, naming the file, if it is not an audit
        return named
    tasks_path = resolve_path(tasks, root)
    folder = resolve_path(results_dir, root)
    assert tasks_path is not None and folder is not None
    task_list = load_tasks(tasks_path)
    name = f"audit-{tasks_digest(task_list)[:16]}-k{_setting(per_kind)}-m{_setting(max_variants)}-s{seed}.json"
    path = folder / name
    dangling = dangling_link(path)
    if dangling is not None:  # the audit would be written wherever the link points
        raise AuditFileError(f"{path} is {dangling}")
    if path.is_file():
        try:
            read_audit(path)
            return path
        except AuditFileError:
            pass  # a damaged audit of ours: made again below
    config = AuditConfig(per_kind=per_kind, max_variants=max_variants, seed=seed)
    wrong_dir = default_wrong_dir(tasks_path)
    wrong = {}
    if wrong_dir is not None:
        wrong, problems = load_wrong_programs(wrong_dir)
        if problems:
            raise ValueError(f"{wrong_dir}: {problems[0]}")
    sandbox = SandboxConfig(timeout_s=timeout_s, **({} if workers is None else {"workers": workers}))
    with Sandbox(sandbox) as box:
        report = audit_tasks(task_list, box, config, wrong=wrong, source=str(tasks))
    make_folders(folder)
    report.write(path)
    return path


def judgements_files(
    judgements: Mapping[str, str | os.PathLike[str]] | None, root: str | os.PathLike[str] | None = None
) -> dict[str, Path]:
    """Judgements files named in the parameters (label -> path, relative to ``root``), made absolute; each must exist."""
    root = Path(root) if root is not None else project_root()
    files: dict[str, Path] = {}
    for label, value in (judgements or {}).items():
        path = resolve_path(value, root)
        assert path is not None
        if not path.is_file():
            raise FileNotFoundError(f"judgements file {value} (label {label!r}) does not exist")
        files[label] = path
    return files
