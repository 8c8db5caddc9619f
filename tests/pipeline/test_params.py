"""Parameter files: every key known, every value checked, overrides typed, inputs present."""

from __future__ import annotations

import json
from pathlib import Path

import papermill
import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.pipeline.pipeline_params import (
    NOTEBOOKS,
    AgentSpec,
    ParamsError,
    PipelineParams,
    check_notebook_params,
    load_params,
    read_params_file,
)
from tests.judge.support import results_file

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["default", "release", "mini", "control"])
def test_the_shipped_parameter_sets_load(name: str):
    params = load_params(ROOT / "params" / f"{name}.yaml")
    assert params.name == name
    assert all(isinstance(agent, AgentSpec) for agent in params.agents)


def test_the_default_set_runs_the_built_in_agents_on_the_project_set_offline():
    params = load_params(ROOT / "params" / "default.yaml")
    params.check_files(ROOT)
    assert params.tasks == "data/aspera_workbench_v1"
    required = [agent.agent for agent in params.agents if not agent.optional]
    assert required == ["reference", "noop", "handback"]
    assert params.results == {} and params.notebooks == list(NOTEBOOKS)


def test_the_control_set_compares_one_models_runs_in_both_settings():
    params = load_params(ROOT / "params" / "control.yaml")
    assert params.agents == [] and params.notebooks == ["04_error_taxonomy", "05_paper_tables_figures"]
    assert sorted(Path(path).stem.rsplit("-", 1)[1] for path in params.results.values()) == ["cck", "control"]


def test_overrides_are_read_as_yaml_and_may_set_one_entry_of_a_mapping():
    params = load_params(
        ROOT / "params" / "mini.yaml",
        ["seed=3", "agents=[reference, {agent: noop, label: nothing}]", "results.mine=runs/mine.jsonl", "html=false"],
    )
    assert params.seed == 3 and params.html is False
    assert [agent.name for agent in params.agents] == ["reference", "nothing"]
    assert params.results == {"mine": "runs/mine.jsonl"}


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("sede=3", "unknown key 'sede'"),
        ("confidence=1.5", "confidence"),
        ("timeout_s=.nan", "timeout_s"),
        ("notebooks=[99_nothing]", "unknown notebook"),
        ("name=../escape", "name"),
        # An agent's label names its results file; these used to reach the notebook (a file written
        # outside results_dir, or exit 1 from 02_evaluate without the parameter named).
        ("agents=[{agent: reference, label: ../escaped}]", r"^agents\.0\.label: String should match"),
        ("agents=[{agent: mutant, seeds: []}]", r"^agents\.0\.seeds: List should have at least 1 item"),
        (
            "agents=[{agent: mutant, seeds: [1, 2, 1]}]",
            r"^agents\.0\.seeds: seed 1 is given twice; give each seed once$",
        ),
        # A misspelt agent option used to be ignored: the agent ran with its default (temperature 0).
        (
            "agents=[{agent: cck, options: {model: m, temprature: 0.7}}]",
            r"^unknown key 'agents\.0\.options\.temprature' \(did you mean 'temperature'\?\); known keys: setting, model",
        ),
        (
            "agents=[{agent: reference, options: {model: m}}]",
            r"^unknown key 'agents\.0\.options\.model'; known keys: setting$",
        ),
        # a value the agent cannot take is refused as the file is read
        (
            "agents=[{agent: cck, options: {model: m, temperature: -1}}]",
            r"^agents\.0\.options\.temperature: .* 0, got -1$",
        ),
        ("agents=[{agent: cck}]", r"^agents\.0\.options\.model: Field required$"),
        ("agents=[{agent: explore, options: {model: m, max_turn: 3}}]", r"did you mean 'max_turns'"),
        # a misspelt key of an agent entry was told the top-level keys, with no suggestion
        (
            "agents=[{agent: mutant, sedds: [1]}]",
            r"^unknown key 'agents\.0\.sedds' \(did you mean 'seeds'\?\); known keys: agent, label, seeds",
        ),
        ("figures_dri=x", r"^unknown key 'figures_dri' \(did you mean 'figures_dir'\?\); known keys: name, tasks"),
        ("seed", "expected key=value"),
        ("agents=[unclosed", "not valid YAML"),
    ],
)
def test_bad_parameters_are_one_clear_error(override: str, message: str):
    with pytest.raises(ParamsError, match=message) as caught:
        load_params(ROOT / "params" / "mini.yaml", [override])
    assert "\n" not in str(caught.value)


def test_unreadable_files_are_errors(tmp_path: Path):
    with pytest.raises(ParamsError, match="does not exist"):
        load_params(tmp_path / "missing.yaml")
    (tmp_path / "list.yaml").write_text("- a\n- b\n")
    with pytest.raises(ParamsError, match="mapping"):
        load_params(tmp_path / "list.yaml")
    with pytest.raises(ParamsError, match="folder"):
        load_params(tmp_path)


def test_missing_inputs_are_named_with_their_key(tmp_path: Path):
    params = load_params(ROOT / "params" / "mini.yaml", ["results.mine=runs/nowhere.jsonl"])
    with pytest.raises(ParamsError, match="results.mine: runs/nowhere.jsonl does not exist"):
        params.check_files(ROOT)
    with pytest.raises(ParamsError, match="tasks"):
        PipelineParams(tasks="no/such/tasks").check_files(tmp_path)


def test_every_notebook_parameter_is_a_pipeline_parameter():
    known = set(PipelineParams.model_fields) | {"root"}
    for name in NOTEBOOKS:
        declared = set(papermill.inspect_notebook(str(ROOT / "notebooks" / f"{name}.ipynb")))
        assert declared and declared <= known, (name, declared - known)
        assert "root" in declared and "figures_dir" in declared


def test_annotations_default_to_the_projects_folder_and_can_be_overridden():
    params = load_params(ROOT / "params" / "mini.yaml", ["annotations=runs/labels"])
    assert params.annotations == "runs/labels"
    assert load_params(ROOT / "params" / "mini.yaml").for_notebook(ROOT)["annotations"] == "annotations"


def test_named_inputs_must_be_files_of_their_kind(tmp_path: Path):
    # A README named as a results file used to pass this check and fail inside a notebook (exit 1).
    readme = ROOT / "README.md"
    results = results_file(tmp_path / "run.jsonl", [{"task_id": "9001", "outcome": "success"}])
    (tmp_path / "labels.csv").write_text("task,category\n9001,x\n")
    (tmp_path / "annotations.txt").write_text("not a folder\n")
    cases = [
        (f"results.mine={readme}", f"results.mine: {readme} is not a results file"),
        (f"judgements.j={results}", f"judgements.j: {results} is a results file, not a judgements file"),
        (f"audit={readme}", "audit: "),
        (f"labels={tmp_path / 'labels.csv'}", "labels: .*labels need the columns task_id and label"),
        (f"annotations={tmp_path / 'annotations.txt'}", "annotations: .*annotations.txt"),
        (f"benchmark_scores={tmp_path}", "benchmark_scores: .* is a folder"),
    ]
    for override, message in cases:
        with pytest.raises(ParamsError, match=message) as caught:
            load_params(ROOT / "params" / "mini.yaml", [override]).check_files(ROOT)
        assert "\n" not in str(caught.value), override
    load_params(ROOT / "params" / "mini.yaml", [f"results.mine={results}"]).check_files(ROOT)


def test_agents_compare_and_output_folders_are_checked_before_any_notebook_runs(tmp_path: Path):
    # Each of these used to be found by a notebook (exit 1, no parameter named) or after one had run.
    results = results_file(tmp_path / "run.jsonl", [{"task_id": "9001", "outcome": "success"}])
    (tmp_path / "file").write_text("not a folder\n")
    cases = [
        ("agents=[bogus]", r"^agents: unknown agent 'bogus' \(known: .*reference.*\)$"),
        ("agents=[{agent: refrence, label: mine}]", r"^agents: unknown agent 'refrence' \(did you mean 'reference'\?"),
        (
            "compare=[[reference, bogus]]",
            r"^compare: 'bogus' is not one of the systems .*\(reference, noop, handback\)$",
        ),
        ("results_dir=README.md", "^results_dir: README.md is a file, not a folder$"),
        ("figures_dir=README.md", "^figures_dir: README.md is a file, not a folder$"),
        ("runs_dir=README.md", "^runs_dir: README.md is a file, not a folder$"),
        ("figures_dir=README.md/inside", "^figures_dir: README.md/inside: README.md is a file, not a folder$"),
        (f"runs_dir={tmp_path}", "^runs_dir: .*file"),  # the parameter set's folder <runs_dir>/<name> is a file
    ]
    for override, message in cases:
        extra = ["name=file"] if override.startswith("runs_dir=/") else []
        params = load_params(ROOT / "params" / "mini.yaml", [override, *extra])
        with pytest.raises(ParamsError, match=message):
            params.check(ROOT)
    fine = [
        "compare=[[reference, mine], [mine, noop]]",
        f"results.mine={results}",
        "agents=[reference, noop, {agent: bogus, optional: true}]",
    ]
    load_params(ROOT / "params" / "mini.yaml", fine).check(ROOT)


def test_compare_may_not_name_an_optional_agent_that_is_not_available():
    params = load_params(
        ROOT / "params" / "mini.yaml",
        ["agents=[reference, {agent: bogus, optional: true}]", "compare=[[reference, bogus]]"],
    )
    with pytest.raises(ParamsError, match=r"^compare: 'bogus' is not one of the systems .*\(reference\)$"):
        params.check(ROOT)


def test_a_task_set_that_cannot_be_read_is_refused_before_any_notebook_runs(tmp_path: Path):
    # A README or a folder without shards named as `tasks` used to pass the check and fail
    # inside the first notebook (exit 1, the parameter unnamed), against the README's promise.
    (tmp_path / "empty").mkdir()
    cases = [
        (f"tasks={ROOT / 'README.md'}", r"^tasks: .*README.md.*not valid NestedText"),
        (f"tasks={tmp_path / 'empty'}", r"^tasks: .*no task shards"),
    ]
    for override, message in cases:
        with pytest.raises(ParamsError, match=message) as caught:
            load_params(ROOT / "params" / "mini.yaml", [override]).check_files(ROOT)
        assert "\n" not in str(caught.value), override
    load_params(ROOT / "params" / "mini.yaml").check_files(ROOT)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_notebook_opened_on_its_own_uses_the_default_parameter_set(name: str):
    # Opened in JupyterLab (or run with papermill and no parameters), a notebook writes into the same
    # figures/ as `aspera pipeline params/default.yaml`. Its defaults used to leave out the mutant agent
    # and audit without the default's variant limit, so running 05 alone silently replaced Table 3 of
    # the four default systems with one of three, and 07 alone ran a larger audit than the default.
    import ast

    default = load_params(ROOT / "params" / "default.yaml").for_notebook(ROOT)
    declared = papermill.inspect_notebook(str(ROOT / "notebooks" / f"{name}.ipynb"))
    differing = {}
    for key, parameter in declared.items():
        if key == "root":
            continue
        value = ast.literal_eval(parameter["default"])
        if key == "agents":
            value = [spec.model_dump(mode="json") for spec in PipelineParams(tasks="-", agents=value).agents]
        if value != default[key]:
            differing[key] = (value, default[key])
    assert differing == {}


def test_compare_may_name_a_named_results_file_by_its_label_or_by_its_system(tmp_path: Path):
    # The notebooks name a model's run by its system ("o1 (CCK)"); the check refused that name.
    from tests.analysis.support import model_run

    run = model_run(tmp_path / "o1-cck.jsonl", "o1", "cck", {0: {"9001": "success"}})
    for pair in ("[reference, o1-cck]", "[reference, 'o1 (CCK)']"):
        load_params(ROOT / "params" / "mini.yaml", [f"results.o1-cck={run}", f"compare=[{pair}]"]).check(ROOT)
    params = load_params(ROOT / "params" / "mini.yaml", [f"results.o1-cck={run}", "compare=[[reference, o1]]"])
    with pytest.raises(ParamsError, match=r"^compare: 'o1' is not one of .*o1-cck.*o1 \(CCK\)"):
        params.check(ROOT)


def test_an_audit_of_another_task_set_is_refused(tmp_path: Path):
    # An audit file of other tasks used to be shown by 07_audit as the audit of the parameter set's
    # tasks: audit_rates.* then described evaluation programs the run's task set does not have.
    from aspera_workbench.audit.report import AuditReport, TaskAudit

    def audit(path: Path, ids: list[str], source: str) -> Path:
        tasks = tuple(TaskAudit(task_id=task_id, query="q", pairs=1, variants=()) for task_id in ids)
        path.write_text(json.dumps(AuditReport(tasks=tasks, source=source).to_json()))
        return path

    ids = [task.query_id for task in load_tasks(ROOT / "tests" / "fixtures" / "mini_release")]
    other = audit(tmp_path / "other.json", ["1001", "1002"], "data/aspera_workbench_v1")
    params = load_params(ROOT / "params" / "mini.yaml", [f"audit={other}"])
    with pytest.raises(
        ParamsError, match=r"^audit: .*other.json is an audit of data/aspera_workbench_v1: .*1001"
    ) as caught:
        params.check_files(ROOT)
    assert "\n" not in str(caught.value)
    part = audit(tmp_path / "part.json", ids[:2], "tests/fixtures/mini_release")  # some of the set's tasks: fine
    load_params(ROOT / "params" / "mini.yaml", [f"audit={part}"]).check_files(ROOT)


def test_an_audit_of_another_version_of_the_task_set_is_refused(tmp_path: Path):
    # Same ids, other content: the audit judged other evaluation programs than the set now has.
    # A results file of another version is refused by aspera run; so is such an audit here.
    from aspera_core.tasks import tasks_digest
    from aspera_workbench.audit.report import AuditReport, TaskAudit

    tasks = load_tasks(ROOT / "tests" / "fixtures" / "mini_release")
    audited = tuple(TaskAudit(task_id=task.query_id, query="q", pairs=1, variants=()) for task in tasks)

    def audit(path: Path, digest: str | None) -> Path:
        data = AuditReport(tasks=audited, source="tests/fixtures/mini_release", task_set_digest=digest or "").to_json()
        if digest is None:
            del data["task_set_digest"]  # written before the digest was recorded
        path.write_text(json.dumps(data))
        return path

    changed = audit(tmp_path / "changed.json", "0" * 64)
    with pytest.raises(ParamsError, match=r"^audit: .*changed.json is an audit of another version of") as caught:
        load_params(ROOT / "params" / "mini.yaml", [f"audit={changed}"]).check_files(ROOT)
    message = str(caught.value)
    assert "\n" not in message and "000000000000" in message and tasks_digest(tasks)[:12] in message
    for name, digest in (("same.json", tasks_digest(tasks)), ("old.json", None)):
        load_params(ROOT / "params" / "mini.yaml", [f"audit={audit(tmp_path / name, digest)}"]).check_files(ROOT)


def test_two_agents_the_tables_would_merge_into_one_system_are_refused():
    """Tables name a system by agent and model, not by label: two differently configured runs of one
    agent, or two runs with a seed in common (whose rows would be left out), would become one row."""
    cases = [
        (
            "agents=[{agent: mutant, seeds: [0, 1]}, {agent: mutant, label: shifted, seeds: [5], "
            "options: {mutation_kinds: [shift_datetime]}}]",
            r"^agents\.0 and agents\.1 .*system 'mutant'.*different options",
        ),
        (
            "agents=[{agent: mutant, seeds: [0, 1]}, {agent: mutant, label: more, seeds: [1, 2]}]",
            r"^agents\.0 and agents\.1 .*system 'mutant'.*seed 1",
        ),
        ("agents=[reference, {agent: reference, label: again}]", r"^agents\.0 and agents\.1 .*system 'reference'"),
    ]
    for override, message in cases:
        with pytest.raises(ParamsError, match=message):
            load_params(ROOT / "params" / "mini.yaml", [override]).check(ROOT)
    # seeds split over two entries of one configuration still make one system
    split = "agents=[{agent: mutant, seeds: [0, 1]}, {agent: mutant, label: more, seeds: [2]}]"
    load_params(ROOT / "params" / "mini.yaml", [split]).check(ROOT)


def test_every_option_the_shipped_parameter_sets_use_is_one_their_agent_reads():
    pipelines = [path for path in sorted((ROOT / "params").glob("*.yaml")) if "agents" in read_params_file(path)]
    assert len(pipelines) >= 5
    for path in pipelines:
        load_params(path)  # raises ParamsError on an option the agent does not read


@pytest.mark.parametrize(
    ("agent", "message"),
    [
        (
            "{agent: replay, options: {replay: /nonexistent.jsonl}}",
            "agents.1.options.replay: /nonexistent.jsonl does not exist",
        ),
        ("{agent: replay}", "agents.1.options.replay: Field required"),
        (
            "{agent: cck, options: {model: m, temperature: hot}}",
            "agents.1.options.temperature: Input should be a valid number, got 'hot'",
        ),
        (
            "{agent: cck, options: {model: m, temperature: -1}}",
            "agents.1.options.temperature: Input should be greater than or equal to 0, got -1",
        ),
        (
            "{agent: mutant, options: {mutation_kinds: [drop_actoin]}}",
            "agents.1.options.mutation_kinds: unknown mutation",
        ),
        (
            "{agent: cck, options: {temperature: 0.2}}",
            "agents.1.options.model: Field required",
        ),
        ("{agent: cck, options: {model: m, setting: contrl}}", "agents.1.options.setting: unknown setting 'contrl'"),
        ("{agent: cck, options: {model: toy, max_cost_usd: 5}}", "agents.1.options.max_cost_usd: a spend limit is set"),
    ],
)
def test_agent_option_values_are_checked_before_any_notebook_runs(agent: str, message: str):
    # Found only when 02_evaluate built the agents: exit 1 with a raw exception (pydantic's text, a
    # FileNotFoundError, "needs a model (--model NAME)": a command-line flag inside a pipeline).
    with pytest.raises(ParamsError) as caught:  # values as the file is read, the files they name by check()
        load_params(ROOT / "params" / "mini.yaml", [f"agents=[reference, {agent}]"]).check(ROOT)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)
    assert "--" not in str(caught.value) and "http" not in str(caught.value)


def test_a_replayed_file_is_found_from_the_project_root_as_every_path_of_the_parameters(tmp_path: Path):
    programs = tmp_path / "programs.jsonl"
    programs.write_text('{"task_id": "9001", "program": "def f():\\n    pass\\n"}\n')
    spec = AgentSpec(agent="replay", options={"replay": "tests/fixtures/nowhere.jsonl"})
    params = PipelineParams(tasks="tests/fixtures/mini_release", agents=[spec])
    with pytest.raises(ParamsError, match=r"^agents\.0\.options\.replay: tests/fixtures/nowhere.jsonl does not exist"):
        params.check_agents(ROOT)
    assert spec.factory_options(ROOT)["replay"] == str(ROOT / "tests" / "fixtures" / "nowhere.jsonl")
    assert AgentSpec(agent="replay", options={"replay": str(programs)}).factory_options(ROOT)["replay"] == str(programs)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(ParamsError, match=r"^agents\.0\.options\.replay: .*no lines with a task_id and a program"):
        PipelineParams(tasks="t", agents=[AgentSpec(agent="replay", options={"replay": str(empty)})]).check_agents(ROOT)


def test_the_spend_account_is_refused_as_an_option_a_limit_is_not():
    with pytest.raises(ParamsError, match=r"^unknown key 'agents\.0\.options\.budget'; known keys: "):
        load_params(ROOT / "params" / "mini.yaml", ["agents=[{agent: cck, options: {model: m, budget: 3}}]"])
    load_params(ROOT / "params" / "mini.yaml", ["agents=[{agent: cck, options: {model: m, max_cost_usd: 3}}]"])


def test_agents_registered_elsewhere_keep_whatever_options_they_are_given():
    spec = AgentSpec.model_validate({"agent": "someone-elses-agent", "options": {"anything": 1}})
    assert spec.options == {"anything": 1}


def test_an_output_that_is_a_symbolic_link_to_nothing_is_refused_before_any_notebook_runs(tmp_path: Path):
    # A results file or the audit of 07_audit was written through such a link (or refused by a
    # notebook, exit 1); a dangling output folder was called "a file, not a folder".
    results = tmp_path / "results"
    results.mkdir()
    nowhere = tmp_path / "nowhere"
    cases = {
        "reference.jsonl": "results_dir: {path} is a symbolic link to {target}, which does not exist",
        "audit-0123456789abcdef-k1-m2-s0.json": "results_dir: {path} is a symbolic link to {target}, which does not exist",
    }
    for name, message in cases.items():
        (results / name).symlink_to(nowhere / name)
        params = load_params(ROOT / "params" / "mini.yaml", [f"results_dir={results}"])
        expected = message.format(path=results / name, target=nowhere / name)
        with pytest.raises(ParamsError) as refused:
            params.check(ROOT)
        assert str(refused.value) == expected
        (results / name).unlink()
    load_params(ROOT / "params" / "mini.yaml", [f"results_dir={results}"]).check(ROOT)
    (tmp_path / "figures").symlink_to(nowhere)
    params = load_params(ROOT / "params" / "mini.yaml", [f"figures_dir={tmp_path / 'figures'}"])
    with pytest.raises(ParamsError) as refused:
        params.check(ROOT)
    assert (
        str(refused.value)
        == f"figures_dir: {tmp_path / 'figures'} is a symbolic link to {nowhere}, which does not exist"
    )
    assert not nowhere.exists()


@pytest.mark.parametrize("value", [None, "", "   "])
def test_a_model_agent_without_its_key_is_refused_before_any_notebook_runs(
    value: str | None, monkeypatch: pytest.MonkeyPatch
):
    # 02_evaluate raised MissingAPIKeyError when it built the agent (exit 1, a .failed notebook left).
    # An empty or blank variable counts as unset, as when the model client reads it.
    if value is None:
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    else:
        monkeypatch.setenv("OPENAI_API_KEY", value)
    params = load_params(
        ROOT / "params" / "mini.yaml", ["agents=[reference, {agent: ps, label: mine, options: {model: m}}]"]
    )
    with pytest.raises(ParamsError) as refused:
        params.check(ROOT)
    message = str(refused.value)
    assert message.startswith("agents.1 (mine): the ps agent needs a key for model 'm' in OPENAI_API_KEY")
    assert "docs/llm.md" in message and "\n" not in message
    monkeypatch.setenv("OPENAI_API_KEY", "anything")
    params.check(ROOT)


def test_the_key_variable_an_agent_names_is_the_one_checked(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_API_KEY", "set")
    monkeypatch.delenv("ASPERA_OTHER_KEY", raising=False)
    agent = "{agent: explore, options: {model: m, api_key_env: ASPERA_OTHER_KEY}}"
    params = load_params(ROOT / "params" / "mini.yaml", [f"agents=[{agent}]"])
    with pytest.raises(ParamsError, match=r"^agents\.0 \(explore\): the explore agent needs a key .* ASPERA_OTHER_KEY"):
        params.check(ROOT)
    monkeypatch.setenv("ASPERA_OTHER_KEY", "set")
    params.check(ROOT)


def test_no_key_is_needed_when_no_model_agent_runs(monkeypatch: pytest.MonkeyPatch):
    # `make reproduce` (params/default.yaml) runs built-in agents only; analysis-only runs build no agent.
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    load_params(ROOT / "params" / "default.yaml").check(ROOT)
    model = "agents=[reference, {agent: cck, options: {model: m}}]"
    load_params(ROOT / "params" / "mini.yaml", [model, "notebooks=[05_paper_tables_figures]"]).check(ROOT)


#: A notebook's variables after its parameters cell, as papermill leaves them (relative to the project root).
_NAMESPACE = {"tasks": "tests/fixtures/mini_release", "agents": ["reference"], "confidence": 0.95, "seed": 0}


@pytest.mark.parametrize(
    ("notebook", "changed", "expected"),
    [
        (
            "02_evaluate",
            {"agents": [{"agent": "cck", "options": {"model": "m", "temperature": "hot"}}]},
            "agents.0.options.temperature: Input should be a valid number, got 'hot'",
        ),
        ("02_evaluate", {"agents": ["refrence"]}, "agents: unknown agent 'refrence' (did you mean 'reference'?"),
        ("04_error_taxonomy", {"confidence": 1.5}, "confidence: Input should be less than 1"),
        ("05_paper_tables_figures", {"bootstrap_samples": 0}, "bootstrap_samples: Input should be greater than"),
        ("05_paper_tables_figures", {"confidence": "0.9x"}, "confidence: Input should be a valid number"),
        # read as 0.9 by the model, but the notebook's own variable would stay text
        ("05_paper_tables_figures", {"confidence": "0.9"}, "confidence: '0.9' is text, not a number"),
        ("05_paper_tables_figures", {"paper": "False"}, "paper: 'False' is text, not true or false"),
        ("05_paper_tables_figures", {"compare": [["reference", "nobody"]]}, "compare: 'nobody' is not one of"),
        ("03_complexity", {"tasks": "tests/fixtures/nothing"}, "tasks: tests/fixtures/nothing does not exist"),
        ("06_failure_explorer", {"sample_size": -3}, "sample_size: Input should be greater than or equal to 0, got -3"),
        ("06_failure_explorer", {"overrides": ["confidence=2"]}, "confidence: Input should be less than 1"),
        ("00_tour", {"wrong": -1}, "wrong: Input should be greater than or equal to 0, got -1"),
    ],
)
def test_a_notebook_on_its_own_refuses_what_the_pipeline_refuses_in_one_line(notebook, changed, expected):
    namespace = {**_NAMESPACE, "root": str(ROOT)}
    if notebook == "06_failure_explorer":
        namespace = {"params_file": "params/mini.yaml", "overrides": [], "sample_size": 0, "root": str(ROOT)}
    with pytest.raises(ParamsError) as raised:
        check_notebook_params(notebook, {**namespace, **changed})
    message = str(raised.value)
    assert message.startswith(expected) and "\n" not in message and "http" not in message
    if notebook not in ("00_tour", "06_failure_explorer") and "is text" not in expected:
        overrides = [f"{key}={json.dumps(value)}" for key, value in {**_NAMESPACE, **changed}.items()]
        with pytest.raises(ParamsError) as pipeline:  # the very line `aspera pipeline` prints
            load_params(None, overrides).check(ROOT)
        assert str(pipeline.value) == message


def test_a_notebook_checks_only_what_it_declares(tmp_path: Path):
    # 03_complexity names no agents, results or annotations: a broken annotations folder is not its business.
    (tmp_path / "annotations").write_text("not a folder")
    namespace = {"tasks": str(ROOT / "tests/fixtures/mini_release"), "figures_dir": "figures", "root": str(tmp_path)}
    params = check_notebook_params("03_complexity", namespace)
    assert params.tasks == namespace["tasks"]
    with pytest.raises(ParamsError, match=r"^figures_dir: figures/x: figures is a file, not a folder$"):
        (tmp_path / "figures").write_text("")
        check_notebook_params("03_complexity", {**namespace, "figures_dir": "figures/x"})
