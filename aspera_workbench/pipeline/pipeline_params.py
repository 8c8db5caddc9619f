"""Named parameter sets for the notebooks (``params/*.yaml``), checked before anything runs.

Every key is known (a typo is an error, not an ignored setting) and every path is relative to
the project root. ``-p key=value`` overrides a key, the value read as YAML (``-p seed=3`` is a
number, ``-p agents=[reference]`` a list); ``-p results.mine=runs/mine.jsonl`` sets one entry.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml
from pydantic import ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from aspera_core.fileio import DanglingLinkError, dangling_link, refuse_dangling_link_in
from aspera_core.records import AuditedSubset, read_results, read_subset
from aspera_core.tasks import load_tasks, task_id_order, tasks_digest
from aspera_workbench.agents import AGENTS, PATH_OPTIONS, check_options, closest_agent, missing_key
from aspera_workbench.audit import AuditReport, read_audit
from aspera_workbench.judge import read_judgements
from aspera_workbench.options import AtLeastZero, Name, Options, Seeds, describe, validated
from aspera_workbench.pipeline.paths import project_root, resolve_path

#: The notebooks of the pipeline, in the order they run.
NOTEBOOKS: tuple[str, ...] = (
    "02_evaluate",
    "03_complexity",
    "04_error_taxonomy",
    "05_paper_tables_figures",
    "07_audit",
)


#: A name that becomes a file or folder name (a parameter set's, an agent's label): no path separators.
FILE_NAME = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"


class ParamsError(ValueError):
    """A parameter file or override is unusable (unknown key, wrong type, missing file)."""


class AgentSpec(Options):
    """An agent the evaluation notebook runs.

    Attributes:
        agent: Registered agent name (``reference``, ``noop``, ...).
        label: Name of its results file (``<results_dir>/<label>.jsonl``); the agent's name by default.
        seeds: Seeds for a seeded agent.
        options: Keyword options for the agent's factory (e.g. ``model``).
        optional: Skip the agent, with a note, when no agent of that name is registered.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    agent: str
    label: str | None = Field(default=None, pattern=FILE_NAME)
    seeds: Seeds | None = None
    options: dict[str, Any] = Field(default_factory=dict, validate_default=True)
    optional: bool = False

    @field_validator("options")
    @classmethod
    def _known_options(cls, value: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        check_options(str(info.data.get("agent", "")), value)  # the files they name: check_agents
        return value

    @property
    def name(self) -> str:
        """The label of the agent's results file."""
        return self.label or self.agent

    def factory_options(self, root: str | os.PathLike[str] | None) -> dict[str, Any]:
        """The agent factory's options, the paths they name made absolute against ``root`` (notebooks start in ``notebooks/``)."""
        if root is None:
            return dict(self.options)
        return {
            key: str(resolve_path(value, root)) if key in PATH_OPTIONS and isinstance(value, str) and value else value
            for key, value in self.options.items()
        }


class PipelineParams(Options):
    """Everything the notebooks of a pipeline run take.

    Attributes:
        name: Name of the parameter set: executed notebooks go to ``<runs_dir>/<name>/``.
        tasks: Task set (release folder, ``plans/``, ``.tgz`` or ``.nt``).
        agents: Agents to run on it (names, or :class:`AgentSpec` mappings).
        results_dir: Where the agents' results files are kept (one per agent, resumed across runs).
        results: More results files to analyse (label -> path), e.g. runs of model-backed agents.
        labels: CSV of human error labels (``task_id``, ``label``, optional ``system``, ``seed``).
        annotations: Folder of the annotators' label files written by the failure
            explorer (it need not exist: no labels yet).
        benchmark_scores: CSV of other benchmarks' scores (``model``, ``benchmark``, ``score``).
        compare: Pairs of systems to compare (``[[a, b], ...]``); every pair when ``None``.
        audit: An audit file (``aspera audit --out``) for the audit notebook; ``None``
            audits the task set (kept in ``results_dir`` and reused while nothing changes).
        audit_per_kind: Generated variants of each kind per task in that audit (``None``: all).
        audit_max_variants: Generated variants per task in all in that audit (``None``: no limit).
        audited_subset: An audited subset (the tasks an audit found the evaluation program sound on), or an
            audit file holding one, for Table 3's audited-subset columns; ``None``: they stay empty, with a note.
        judgements: Judgements files (``aspera judge --out``) to compare with the
            evaluation programs' verdicts, label -> path.
        figures_dir: Where tables and figures are written.
        runs_dir: Where executed notebooks are written (under ``<name>/``).
        notebooks: Which notebooks to run, in order.
        confidence: Coverage of every interval.
        bootstrap_samples: Resamples of every bootstrap.
        seed: Seed of the resampling and of plot jitter.
        workers: Sandbox workers (one per CPU when ``None``).
        timeout_s: Time limit per task, in seconds.
        library_fixes: Run agents with the library's documented fixes switched on.
        paper: Show the paper's figures beside ours.
        html: Also export each executed notebook to HTML.
    """

    model_config = ConfigDict(extra="forbid")

    name: str = Field(default="default", pattern=FILE_NAME)
    tasks: str
    agents: list[AgentSpec] = Field(default_factory=list)
    results_dir: str = "runs/results"
    results: dict[str, str] = Field(default_factory=dict)
    labels: str | None = None
    annotations: str = "annotations"
    benchmark_scores: str | None = None
    compare: list[tuple[str, str]] | None = None
    audit: str | None = None
    audit_per_kind: int | None = Field(default=1, ge=1)
    audit_max_variants: int | None = Field(default=None, ge=0)
    audited_subset: str | None = None
    judgements: dict[str, str] = Field(default_factory=dict)
    figures_dir: str = "figures"
    runs_dir: str = "runs"
    notebooks: list[str] = Field(default_factory=lambda: list(NOTEBOOKS))
    confidence: float = Field(default=0.95, gt=0, lt=1)
    bootstrap_samples: int = Field(default=2000, ge=100)
    seed: int = 0
    workers: int | None = Field(default=None, ge=1)
    timeout_s: float = Field(default=10.0, gt=0, allow_inf_nan=False)
    library_fixes: bool = False
    paper: bool = True
    html: bool = True

    @field_validator("agents", mode="before")
    @classmethod
    def _agent_names(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"agent": item} if isinstance(item, str) else item for item in value]
        return value

    @field_validator("notebooks")
    @classmethod
    def _known_notebooks(cls, value: list[str]) -> list[str]:
        unknown = [name for name in value if name not in NOTEBOOKS]
        if unknown:
            raise ValueError(f"unknown notebook(s) {', '.join(unknown)}; known: {', '.join(NOTEBOOKS)}")
        return value

    def check_files(self, root: str | os.PathLike[str], keys: Collection[str] | None = None) -> None:
        """Check that every input the parameters name exists and is a file of its kind, and the audit is of the tasks.

        Each input is read by the loader the notebooks read it with, so a file of another kind
        (a README named as a results file or as the task set) is refused before any notebook runs.
        ``keys``: check only the inputs of these keys (a notebook's own parameters); all when ``None``.

        Raises:
            ParamsError: naming the first missing or unusable input and its key (one line).
        """
        inputs = [("tasks", self.tasks), ("labels", self.labels), ("benchmark_scores", self.benchmark_scores)]
        inputs += [("audit", self.audit), ("annotations", self.annotations)]
        inputs += [("audited_subset", self.audited_subset)]
        inputs += [(f"results.{label}", path) for label, path in self.results.items()]
        inputs += [(f"judgements.{label}", path) for label, path in self.judgements.items()]
        loaded: dict[str, Any] = {}
        for key, value in inputs:
            path = resolve_path(value, root)
            if path is None or (keys is not None and key.partition(".")[0] not in keys):
                continue
            if key != "annotations" and not path.exists():  # annotations: a folder that need not exist yet
                raise ParamsError(f"{key}: {value} does not exist (paths are relative to {root})")
            try:
                with warnings.catch_warnings():  # a skipped line is the notebooks' to report, not a refusal
                    warnings.simplefilter("ignore")
                    loaded[key] = _read_as(key, path)
            except (OSError, ValueError) as error:
                first = (str(error).strip() or type(error).__name__).splitlines()[0]
                raise ParamsError(f"{key}: {first if str(path) in first else f'{value}: {first}'}") from None
        if "audit" in loaded:
            self._check_audit_tasks(loaded["audit"], root)
        if "audited_subset" in loaded:
            self._check_subset_tasks(loaded["audited_subset"], root)

    def _check_subset_tasks(self, subset: AuditedSubset, root: str | os.PathLike[str]) -> None:
        """Raise :class:`ParamsError` when the audited subset was chosen from another task set (or version) than ``tasks``."""
        tasks = resolve_path(self.tasks, root)
        if tasks is None:
            return
        digest = tasks_digest(load_tasks(tasks))
        if subset.task_set_digest != digest:
            raise ParamsError(
                f"audited_subset: {self.audited_subset} is an audited subset of another task set "
                f"(digest {subset.task_set_digest[:12]}) than {self.tasks} (digest {digest[:12]})"
            )

    def _check_audit_tasks(self, report: AuditReport, root: str | os.PathLike[str]) -> None:
        """Raise :class:`ParamsError` when the audit read is of another task set or another version of it.

        Another version is told by the content digest the audit records (as ``aspera run`` refuses
        a results file of another version); an audit from before the digest, by its task ids only.
        """
        tasks = resolve_path(self.tasks, root)
        if tasks is None:
            return
        task_list = load_tasks(tasks)
        known = {task.query_id for task in task_list}
        foreign = sorted({task.task_id for task in report.tasks} - known, key=task_id_order)
        if foreign:
            shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
            raise ParamsError(
                f"audit: {self.audit} is an audit of {report.source or 'another task set'}: "
                f"{len(foreign)} of its {len(report.tasks)} tasks are not in {self.tasks} ({shown})"
            )
        digest = tasks_digest(task_list)
        if report.task_set_digest and report.task_set_digest != digest:
            raise ParamsError(
                f"audit: {self.audit} is an audit of another version of {report.source or 'the task set'} "
                f"(digest {report.task_set_digest[:12]}; {self.tasks} has {digest[:12]}): "
                "audit the task set again (aspera audit --out), or leave audit out to have it audited"
            )

    def check(self, root: str | os.PathLike[str]) -> None:
        """Check everything the notebooks would otherwise find wrong only while they run.

        The named inputs, the agents and their options, the keys of the model-backed agents
        ``02_evaluate`` builds, the systems ``compare`` names, and the output folders.

        Raises:
            ParamsError: naming the first unusable parameter (one line).
        """
        self.check_files(root)
        self.check_agents(root)
        self.check_keys()
        self.check_compare(root)
        self.check_folders(root)

    def available_agents(self) -> list[AgentSpec]:
        """The agents this run produces results of: the registered ones (an optional one that is not is skipped)."""
        return [spec for spec in self.agents if spec.agent in AGENTS]

    def check_agents(self, root: str | os.PathLike[str] | None = None) -> None:
        """Raise :class:`ParamsError` when an agent that is not optional is not registered, or an option value is unusable.

        The values are checked as building the agent would find them, without a request, a key, or a
        file or folder created (a replayed file is read); paths are relative to ``root`` when given.
        """
        for spec in self.agents:
            if spec.agent not in AGENTS and not spec.optional:
                close = closest_agent(spec.agent)
                hint = f"did you mean {close!r}? " if close else ""
                raise ParamsError(f"agents: unknown agent {spec.agent!r} ({hint}known: {', '.join(sorted(AGENTS))})")
        for number, spec in enumerate(self.agents):
            try:
                check_options(spec.agent, spec.options, files=True, base=root)
            except ValidationError as error:
                raise ParamsError(describe(error, ("agents", number, "options"))) from None
        self._check_one_system_each()

    def check_keys(self) -> None:
        """Raise :class:`ParamsError` when a model-backed agent ``02_evaluate`` builds has no key in its variable.

        The model client refuses to be built without one, even when every answer is cached. Only
        presence is checked: nothing is sent.
        """
        if "02_evaluate" not in self.notebooks:
            return
        available = self.available_agents()
        for number, spec in enumerate(self.agents):
            variable = missing_key(spec.agent, spec.options) if spec in available else None
            if variable is None:
                continue
            model = spec.options.get("model")
            raise ParamsError(
                f"agents.{number} ({spec.name}): the {spec.agent} agent needs a key for model {model!r} in "
                f"{variable}, which is not set (or empty); set it (a local server that ignores keys accepts any "
                "non-empty value), or name another variable with options.api_key_env; see docs/llm.md"
            )

    def _check_one_system_each(self) -> None:
        """Tables name a system by agent and model, not by label, so two entries of one agent and model
        become one system: refused unless they differ only in disjoint seeds (one run split in two)."""
        for later, spec in enumerate(self.agents):
            for earlier, other in enumerate(self.agents[:later]):
                if (spec.agent, spec.options.get("model")) != (other.agent, other.options.get("model")):
                    continue
                common = set(spec.seeds or [None]) & set(other.seeds or [None])
                if spec.options != other.options:
                    why = "with different options"
                elif common:
                    shown = ", ".join("none" if seed is None else str(seed) for seed in sorted(common, key=str))
                    why = f"with seed {shown} in both (the second one's rows would be left out)"
                else:
                    continue
                from aspera_workbench.analysis import system_label  # deferred: the analysis package loads pandas

                model = spec.options.get("model")
                system = system_label(spec.agent, model, spec.agent if model else None)
                raise ParamsError(
                    f"agents.{earlier} and agents.{later} both make system {system!r} {why}: the tables "
                    "name systems by agent and model, not by label; run them in separate parameter sets"
                )

    def systems(self) -> list[str]:
        """The systems the analysis notebooks see: the labels of the agents run, then of the named results files."""
        names = [spec.name for spec in self.available_agents()]
        return names + [label for label in self.results if label not in names]

    def system_names(self, root: str | os.PathLike[str]) -> list[str]:
        """Every name ``compare`` may use: :meth:`systems`, then each readable named results file's system ("o1 (CCK)")."""
        from aspera_workbench.analysis import described_system  # deferred: the analysis package loads pandas

        names = self.systems()
        for value in self.results.values():
            path = resolve_path(value, root)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    results = read_results(path) if path is not None else None
            except (OSError, ValueError):
                continue
            if results is None:
                continue
            name = described_system(results)
            if name is not None and name not in names:
                names.append(name)
        return names

    def check_compare(self, root: str | os.PathLike[str] | None = None) -> None:
        """Raise :class:`ParamsError` when ``compare`` names a system this run neither produces nor names.

        With ``root``, the systems of the named results files count too, not only their labels.
        """
        if self.compare is None:
            return
        systems = self.system_names(root) if root is not None else self.systems()
        for pair in self.compare:
            for system in pair:
                if system not in systems:
                    known = ", ".join(systems) if systems else "none: no agents and no results files"
                    raise ParamsError(
                        f"compare: {system!r} is not one of the systems this run produces or names ({known})"
                    )

    def check_folders(self, root: str | os.PathLike[str], keys: Collection[str] | None = None) -> None:
        """Raise :class:`ParamsError` when an output folder is a file, lies inside one, or an output is a link to nothing.

        ``keys``: check only the folders of these keys; all when ``None``.
        """
        folders = [("results_dir", self.results_dir), ("figures_dir", self.figures_dir), ("runs_dir", self.runs_dir)]
        for key, value in folders:
            if keys is not None and key not in keys:
                continue
            path = resolve_path(value, root)
            assert path is not None
            _check_folder(key, value, path)
        if keys is None or "runs_dir" in keys:
            runs = resolve_path(self.runs_dir, root)
            assert runs is not None
            why = "executed notebooks go there"
            _check_folder("runs_dir", str(Path(self.runs_dir) / self.name), runs / self.name, why)
        results = resolve_path(self.results_dir, root)
        assert results is not None
        # a results file or audit written through a link to nothing lands wherever it points
        if (keys is None or "results_dir" in keys) and results.is_dir():
            labels = "|".join(re.escape(spec.name) for spec in self.available_agents())
            written = re.compile(
                rf"(?:(?:{labels})(?:\.[0-9]+)?\.jsonl|audit-.*\.json)" if labels else r"audit-.*\.json"
            )
            for entry in sorted(results.iterdir()):
                dangling = dangling_link(entry) if written.fullmatch(entry.name) else None
                if dangling is not None:
                    raise ParamsError(f"results_dir: {entry} is {dangling}")

    def for_notebook(self, root: str | os.PathLike[str]) -> dict[str, Any]:
        """The parameters as plain values for papermill (agents as mappings, root as text)."""
        values = self.model_dump(mode="json")
        values["root"] = str(root)
        return values


def _check_folder(key: str, value: str, path: Path, why: str = "") -> None:
    """Raise :class:`ParamsError` when ``path`` cannot be a folder: it, or a folder above it, is a file or a link to nothing."""
    reason = f" ({why})" if why else ""
    try:
        refuse_dangling_link_in(path)  # a folder made through such a link would appear wherever it points
    except DanglingLinkError as error:
        link = Path(error.filename)
        raise ParamsError(f"{key}: {value if link == path else f'{value}: {link}'} {error.strerror}{reason}") from None
    for above in (path, *path.parents):
        if above.exists():
            if above.is_dir():
                return
            if above == path:
                raise ParamsError(f"{key}: {value} is a file, not a folder{reason}")
            inner = path.relative_to(above)
            shown = value[: -len(str(inner))].rstrip("/\\") if value.endswith(str(inner)) else str(above)
            raise ParamsError(f"{key}: {value}: {shown or above} is a file, not a folder{reason}")


def _read_as(key: str, path: Path) -> Any:
    """``path`` read as the notebooks read the input ``key`` names (raises what that reader raises)."""
    if key == "tasks":
        return load_tasks(path)  # the parse is cached, so the notebooks' own loads cost nothing more
    if key.startswith("results."):
        return read_results(path)
    if key.startswith("judgements."):
        return read_judgements(path)
    if key == "audit":
        return read_audit(path)
    if key == "audited_subset":
        return read_subset(path)
    from aspera_workbench.analysis import read_annotations, read_labels  # deferred: the analysis loads pandas

    if key == "labels":
        return read_labels(path)
    if key == "annotations":
        return read_annotations(path, missing_ok=True)
    if path.is_dir():
        raise ParamsError(f"{path} is a folder, not a file")
    return None


def _set(values: dict[str, Any], dotted: str, value: Any) -> None:
    head, _, rest = dotted.partition(".")
    if not rest:
        values[head] = value
        return
    inner = values.get(head)
    if inner is None:
        inner = values[head] = {}
    if not isinstance(inner, dict):
        raise ParamsError(f"-p {dotted}: {head} is not a mapping")
    _set(inner, rest, value)


def parse_override(text: str) -> tuple[str, Any]:
    """Split ``key=value`` and read the value as YAML; a :class:`ParamsError` when it is neither."""
    key, equals, raw = text.partition("=")
    if not equals or not key.strip():
        raise ParamsError(f"-p {text}: expected key=value")
    try:
        value = yaml.safe_load(raw) if raw.strip() else None
    except yaml.YAMLError as error:
        raise ParamsError(f"-p {text}: the value is not valid YAML ({str(error).splitlines()[0]})") from None
    return key.strip(), value


def read_params_file(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The mapping a YAML parameter file holds (an empty file holds none), unchecked; :class:`ParamsError` when unreadable."""
    source = Path(path)
    if source.is_dir():
        raise ParamsError(f"{source} is a folder, not a parameter file")
    try:
        loaded = yaml.safe_load(source.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ParamsError(f"{source} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ParamsError(f"{source} cannot be read ({error})") from None
    except yaml.YAMLError as error:
        raise ParamsError(f"{source} is not valid YAML ({str(error).splitlines()[0]})") from None
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise ParamsError(f"{source} must hold a mapping of parameters, not a {type(loaded).__name__}")
    return loaded


def load_params(path: str | os.PathLike[str] | None = None, overrides: Iterable[str] = ()) -> PipelineParams:
    """Read a parameter file (``None``: none) and apply ``key=value`` overrides in order (:class:`ParamsError` when unusable).

    The files named are checked separately (:meth:`PipelineParams.check_files`).
    """
    values = read_params_file(path) if path is not None else {}
    for text in overrides:
        key, value = parse_override(text)
        _set(values, key, value)
    return validated(PipelineParams, values, ParamsError)


#: Parameters the pipeline sets for itself, never a notebook's: a variable of that name in a notebook is not one.
_PIPELINE_ONLY = frozenset({"name", "notebooks", "runs_dir", "html"})


class _NotebookOwnParameters(Options):
    """Parameters of notebooks that no parameter set holds (the failure explorer's, the tour's)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    sample_size: AtLeastZero = 0
    sample_seed: int = 0
    wrong: AtLeastZero = 0
    task_id: Name = "-"
    annotator: str = ""
    params_file: Name = "-"
    overrides: list[str] = Field(default_factory=list)


def _check_not_text(given: Mapping[str, Any], params: PipelineParams) -> None:
    """Raise when a number or a truth value was given as text (papermill ``-r``, or quoted): the model reads
    ``"0.9"`` as 0.9, but the notebook's own variable stays text (and ``"False"`` counts as true).
    """
    for key, value in given.items():
        checked = getattr(params, key)
        if isinstance(value, str) and not isinstance(checked, str):
            what = "true or false" if isinstance(checked, bool) else "a number"
            raise ParamsError(f"{key}: {value!r} is text, not {what} (papermill: -p, not -r)")


def check_notebook_params(notebook: str, namespace: Mapping[str, Any]) -> PipelineParams:
    """Check a notebook's parameters as ``aspera pipeline`` checks a parameter set, before the notebook writes anything.

    A notebook calls this first, with its name and ``globals()``: run on its own (JupyterLab,
    ``papermill -p``) it then refuses a bad value with the line the pipeline would print,
    instead of failing halfway after writing some of its tables. The parameters it declares
    go through :class:`PipelineParams` and its checks, each limited to the keys the notebook
    declares (the model's keys only for ``02_evaluate``, the one notebook that builds agents).
    The failure explorer's parameter set (``params_file`` and ``overrides``) is loaded and
    checked likewise; parameters no parameter set has (``sample_size``, ...) get a check of their own.

    Raises:
        ParamsError: naming the first unusable parameter (one line).
    """
    root_value = namespace.get("root")
    root = Path(root_value).resolve() if root_value is not None else project_root()
    own = {key: namespace[key] for key in _NotebookOwnParameters.model_fields if key in namespace}
    validated(_NotebookOwnParameters, own, ParamsError)
    if "params_file" in namespace:  # the failure explorer: a parameter set, as the pipeline reads it
        params = load_params(resolve_path(namespace["params_file"], root), namespace.get("overrides", ()))
        params.check_files(root, keys={"tasks", "results"})
        params.check_agents(root)
        annotations = namespace.get("annotations")
        if annotations is not None:
            if not isinstance(annotations, str):
                raise ParamsError(f"annotations: {annotations} is not a folder name")
            PipelineParams(tasks=params.tasks, annotations=annotations).check_files(root, keys={"annotations"})
        return params
    given = {
        key: value
        for key, value in namespace.items()
        if key in PipelineParams.model_fields and key not in _PIPELINE_ONLY
    }
    params = validated(PipelineParams, given, ParamsError)
    _check_not_text(given, params)
    keys = set(given)
    params.check_files(root, keys)
    if "agents" in keys:
        params.check_agents(root)
        if notebook == "02_evaluate":
            params.check_keys()
    if "compare" in keys:
        params.check_compare(root)
    params.check_folders(root, keys)
    return params
