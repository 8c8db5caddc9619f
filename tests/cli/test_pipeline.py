"""``aspera pipeline``: the notebooks of a parameter set run, their tables hold the right numbers, failures harm nothing."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pandas as pd
import pytest

from aspera_core.tasks import load_tasks
from aspera_workbench.cli.main import main
from tests.analysis.support import explore_run, model_run
from tests.analysis.test_figure_sizes import saved_width
from tests.support.openai_server import Reply, ScriptedOpenAIServer

ROOT = Path(__file__).resolve().parents[2]
MINI = str(ROOT / "params" / "mini.yaml")


def model_results(folder: Path) -> dict[str, Path]:
    """Hand-made runs of a model in two settings, with seeds and selection scores, on the mini release's tasks."""
    ids = [task.query_id for task in load_tasks(ROOT / "tests" / "fixtures" / "mini_release")]
    ok, wrong = "success", "task_completion_error"
    cck = model_run(
        folder / "o1-cck.jsonl",
        "o1-preview",
        "cck",
        {0: dict(zip(ids, [ok, ok, ok, wrong])), 1: dict(zip(ids, [ok, wrong, ok, wrong]))},
    )
    ps = model_run(
        folder / "o1-ps.jsonl",
        "o1-preview",
        "ps",
        {0: dict(zip(ids, [ok, wrong, "execution_error", wrong]))},
        selection={i: (0.5, 1.0, 2 / 3) for i in ids},
        errors={ids[2]: ("program", "NameError")},
    )
    control = model_run(
        folder / "o1-control.jsonl",
        "o1-preview",
        "control",
        {0: dict(zip(ids, [ok, ok, "execution_error", ok]))},
        errors={ids[2]: ("evaluation", "aspera_workbench.control.surface.ControlWorldError")},
        agent="cck",
    )
    return {"o1-cck": cck, "o1-ps": ps, "o1-control": control}


def test_pipeline_runs_the_notebooks_and_writes_tables_with_the_right_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    figures = tmp_path / "figures"
    figures.mkdir()
    (figures / "README.md").write_text("kept\n")
    (figures / "outcomes.csv").write_text("from an earlier run\n")  # the pipeline's folder: replaced
    extra = [f"results.{label}={path}" for label, path in model_results(tmp_path).items()]
    status = main(
        [
            "pipeline",
            MINI,
            *[part for item in extra for part in ("-p", item)],
            "-p",
            f"figures_dir={figures}",
            "-p",
            f"runs_dir={tmp_path / 'runs'}",
            "-p",
            f"results_dir={tmp_path / 'results'}",
            "-p",
            "html=true",
            "-p",
            "notebooks=[02_evaluate, 04_error_taxonomy, 05_paper_tables_figures]",
        ]
    )
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "figures (PNG + PDF) written to" in captured.out
    assert (figures / "README.md").read_text() == "kept\n"  # the folder's description is carried over

    outcomes = pd.read_csv(figures / "outcomes.csv", index_col="system")
    assert outcomes.loc["reference", "success"] == 4 and outcomes.loc["noop", "task_completion_error"] == 4
    assert (outcomes.loc["handback", "success"], outcomes.loc["handback", "handback_control"]) == (1, 3)
    assert outcomes["programs"].to_dict() == {
        "reference": 4,
        "noop": 4,
        "handback": 4,
        "o1-preview (CCK)": 8,
        "o1-preview (PS)": 4,
        "o1-preview (control)": 4,
    }

    table3 = pd.read_csv(figures / "table3_success.csv", index_col="system")
    assert table3["success (%)"].to_dict() == {
        "reference": 100.0,
        "noop": 0.0,
        "handback": 25.0,
        "o1-preview (CCK)": 62.5,  # mean of 75 % and 50 % over the two seeds
        "o1-preview (PS)": 25.0,
        "o1-preview (control)": 75.0,
    }
    assert table3.loc["o1-preview (CCK)", "sd over seeds (%)"] == pytest.approx(17.678, abs=1e-3)
    assert table3.loc["o1-preview (CCK)", "paper (%)"] == 80.13 and table3.loc["o1-preview (PS)", "paper (%)"] == 28.4
    assert table3.loc[["reference", "noop", "handback"], "paper (%)"].isna().all()
    markdown = (figures / "table3_success.md").read_text()
    assert (
        "| handback | 4 | 1 | 4 | 25.0 |" in markdown and "| o1-preview (CCK) | 4 | 2 | 8 | 62.5 ± 17.7 |" in markdown
    )

    selection = pd.read_csv(figures / "primitive_selection.csv", index_col="system")
    assert selection.loc["o1-preview (PS)", ["precision (%)", "CCK success (%)"]].tolist() == [50.0, 62.5]
    flips = pd.read_csv(figures / "verdict_flips.csv", dtype={"seed_a": str}).set_index(["system", "seed_a"])
    assert flips.loc[("o1-preview (CCK)", "0"), "flips"] == 1

    taxonomy = pd.read_csv(figures / "error_taxonomy.csv").set_index(["system", "category"])
    assert taxonomy.loc[("noop", "wrong effect or answer"), "count"] == 4
    assert taxonomy.loc[("handback", "unwarranted hand-back"), "failures"] == 3
    assert taxonomy.loc[("o1-preview (PS)", "unknown name or attribute"), "count"] == 1

    paired = pd.read_csv(figures / "paired_comparisons.csv").set_index(["system A", "system B"])
    assert paired.loc[("reference", "noop"), ["A ahead", "B ahead"]].tolist() == [4, 0]
    assert paired.loc[("reference", "handback"), "A - B (%)"] == 75.0

    # the library against the control setting, paired on the seed both runs have (seed 0)
    settings = pd.read_csv(figures / "library_vs_control.csv")
    assert settings[["model", "library system", "control system"]].values.tolist() == [
        ["o1-preview", "o1-preview (CCK)", "o1-preview (control)"]
    ]
    row = settings.iloc[0]
    assert (row["paired verdicts"], row["library success (%)"], row["control success (%)"]) == (4, 75.0, 75.0)
    assert (row["only library succeeded"], row["only control succeeded"], row["p"]) == (1, 1, 1.0)
    sources = pd.read_csv(figures / "library_vs_control_errors.csv").set_index("category")
    assert sources.loc["malformed control world", ["control", "lost in control"]].tolist() == [1, 1]
    assert sources.loc["wrong effect or answer", ["library", "won in control"]].tolist() == [1, 1]

    for name in (
        "outcomes",
        "error_types",
        "task_success",
        "success_vs_reference_length",
        "primitive_selection",
        "pass_k",
        "library_vs_control",
    ):
        assert (figures / f"{name}.png").exists() and (figures / f"{name}.pdf").exists()
    for png in figures.glob("*.png"):  # every figure one column (3.3 in) or two (7 in) wide
        assert min(abs(saved_width(png) - 3.3), abs(saved_width(png) - 7.0)) <= 0.02, png.name
    assert not (figures / "benchmark_correlation.csv").exists()  # no scores named: skipped, no placeholder
    run_folder = tmp_path / "runs" / "mini"
    for name in ("02_evaluate", "04_error_taxonomy", "05_paper_tables_figures"):
        notebook = nbformat.read(run_folder / f"{name}.ipynb", as_version=4)
        outputs = [o for cell in notebook.cells for o in cell.get("outputs", [])]
        assert any("image/png" in o.get("data", {}) for o in outputs), name
        assert (run_folder / f"{name}.html").stat().st_size > 10_000
    assert not [p for p in tmp_path.rglob(".*staging*")]  # staging folders removed


def test_a_failing_notebook_replaces_nothing_and_keeps_its_executed_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    figures = tmp_path / "figures"
    figures.mkdir()
    (figures / "error_taxonomy.csv").write_text("from an earlier run\n")
    status = main(
        [
            "pipeline",
            MINI,
            "-p",
            f"figures_dir={figures}",
            "-p",
            f"runs_dir={tmp_path / 'runs'}",
            "-p",
            f"results_dir={tmp_path / 'results'}",  # notebook 02, which would write reference.jsonl, does not run
            "-p",
            "agents=[reference]",
            "-p",
            "notebooks=[04_error_taxonomy]",
        ]
    )
    err = capsys.readouterr().err
    assert status == 1
    assert "notebook 04_error_taxonomy failed: ResultsNotFound" in err and "Traceback" not in err
    assert (figures / "error_taxonomy.csv").read_text() == "from an earlier run\n"
    assert (tmp_path / "runs" / "mini" / "04_error_taxonomy.failed.ipynb").exists()
    assert sorted(p.name for p in figures.iterdir()) == ["error_taxonomy.csv"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["-p", "sede=1"], "unknown key 'sede'"),
        (["-p", "tasks=no/such/set"], "tasks: no/such/set does not exist"),
        (["-p", "labels=missing.csv"], "labels: missing.csv does not exist"),
        (["-p", f"results.x={ROOT / 'README.md'}"], "results.x: "),  # exists, but is not a results file
        # named by the path the loader read (absolute, so it works from any folder)
        (["-p", "results.x=README.md"], f"results.x: {ROOT / 'README.md'} is not a results file"),
    ],
)
def test_bad_parameters_exit_2_with_one_line(arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]):
    assert main(["pipeline", MINI, *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("agents=[bogus]", "agents: unknown agent 'bogus' (known: "),
        ("compare=[[reference, bogus]]", "compare: 'bogus' is not one of the systems this run produces or names ("),
        ("results_dir=README.md", "results_dir: README.md is a file, not a folder"),
        ("figures_dir=README.md", "figures_dir: README.md is a file, not a folder"),
        ("runs_dir=README.md", "runs_dir: README.md is a file, not a folder"),
        # Option values used to be found only by 02_evaluate (exit 1, a raw exception).
        (
            "agents=[reference, {agent: replay, options: {replay: /nonexistent.jsonl}}]",
            "agents.1.options.replay: /nonexistent.jsonl does not exist",
        ),
        (
            "agents=[reference, {agent: cck, options: {model: m, temperature: hot}}]",
            "agents.1.options.temperature: Input should be a valid number, got 'hot'",
        ),
        (
            "agents=[reference, {agent: mutant, options: {mutation_kinds: [drop_actoin]}}]",
            "agents.1.options.mutation_kinds: unknown mutation kind 'drop_actoin' (did you mean 'drop_action'?)",
        ),
        (
            "agents=[reference, {agent: cck, options: {temperature: 0.2}}]",
            "agents.1.options.model: Field required",
        ),
        (
            "agents=[reference, {agent: cck, options: {model: m, setting: contrl, cache_dir: cache}}]",
            "agents.1.options.setting: unknown setting 'contrl'",
        ),
    ],
)
def test_unusable_agents_comparisons_and_folders_exit_2_before_any_notebook_runs(
    override: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    # These were found by a notebook (exit 1, no parameter named) or after 02_evaluate had run.
    monkeypatch.chdir(ROOT)
    outputs = [f"{key}={tmp_path / key}" for key in ("results_dir", "figures_dir", "runs_dir")]
    assert main(["pipeline", MINI, *["-p" + text for text in [*outputs, override]]]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err
    assert list(tmp_path.iterdir()) == []  # no notebook ran, nothing was written


def test_an_agent_that_got_no_program_at_all_makes_the_pipeline_exit_3_after_the_notebooks_ran(
    scripted_openai: ScriptedOpenAIServer,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
):
    # The tables were written, showing the system with 0 programs, and the pipeline ended with 0.
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    scripted_openai.script([Reply.error(400, "prompt is too long")], repeat_last=True)
    options = f"{{model: toy, base_url: '{scripted_openai.base_url}', cache_dir: '{tmp_path / 'cache'}'}}"
    arguments = ["pipeline", MINI, "-p", f"agents=[reference, {{agent: cck, options: {options}}}]"]
    for key in ("figures_dir", "runs_dir", "results_dir"):
        arguments += ["-p", f"{key}={tmp_path / key}"]
    assert main([*arguments, "-p", "notebooks=[02_evaluate]"]) == 3
    captured = capsys.readouterr()
    assert (
        "aspera pipeline: error: toy (CCK): 0 of 4 tasks got a program: every model request failed; "
        "run the same command to ask again\n"
    ) in captured.err
    assert "reference" not in captured.err.split("error:")[1]
    assert (tmp_path / "figures_dir" / "outcomes.csv").exists()  # the tables are still written
    assert "written to" in captured.out
    # Once the endpoint answers, the same command asks again and ends with 0.
    scripted_openai.script([Reply.text("def solve():\n    pass\n")], repeat_last=True)
    assert main([*arguments, "-p", "notebooks=[02_evaluate]"]) == 0
    assert "got a program" not in capsys.readouterr().err


def test_a_missing_parameter_file_exits_2_naming_it_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["pipeline", str(tmp_path / "none.yaml")]) == 2
    assert capsys.readouterr().err == f"aspera pipeline: error: {tmp_path / 'none.yaml'} does not exist\n"


def test_paths_are_printed_as_they_work_from_the_working_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    results = model_results(tmp_path)
    arguments = ["pipeline", MINI, "-p", f"results.o1-cck={results['o1-cck']}", "-p", "agents=[]"]
    arguments += ["-p", f"figures_dir={elsewhere / 'figures'}", "-p", f"runs_dir={tmp_path / 'runs'}"]
    assert main([*arguments, "-p", "notebooks=[04_error_taxonomy]"]) == 0
    out = capsys.readouterr().out
    assert "1 figure (PNG + PDF) written to figures/\n" in out
    assert f"1 executed notebook in {tmp_path / 'runs' / 'mini'}/" in out


def test_the_paper_notebook_shows_the_gap_closed_when_explore_runs_are_named(tmp_path: Path):
    ids = [task.query_id for task in load_tasks(ROOT / "tests" / "fixtures" / "mini_release")]
    ok, wrong = "success", "task_completion_error"
    results = {label: path for label, path in model_results(tmp_path).items() if label != "o1-control"}
    # Success shares per task: CCK (1, 0.5, 1, 0), PS (1, 0, 0, 0), explore (1, 1, 0, 0).
    verdicts = {seed: dict(zip(ids, [ok, ok, wrong, wrong])) for seed in (0, 1)}
    results["o1-explore"] = explore_run(tmp_path / "o1-explore.jsonl", "o1-preview", verdicts)
    figures = tmp_path / "figures"
    extra = [part for label, path in results.items() for part in ("-p", f"results.{label}={path}")]
    arguments = ["pipeline", MINI, *extra, "-p", f"figures_dir={figures}", "-p", f"runs_dir={tmp_path / 'runs'}"]
    arguments += ["-p", f"results_dir={tmp_path / 'results'}", "-p", "agents=[]"]
    assert main([*arguments, "-p", "notebooks=[05_paper_tables_figures]"]) == 0
    gap = pd.read_csv(figures / "explore_gap_closed.csv").iloc[0]
    assert (gap["model"], gap["tasks"]) == ("o1-preview", 4)
    assert (gap["cck success (%)"], gap["ps success (%)"], gap["explore success (%)"]) == (62.5, 25.0, 50.0)
    assert gap["gap closed"] == pytest.approx(2 / 3) and gap["CI low"] <= 2 / 3 <= gap["CI high"]
    success = pd.read_csv(figures / "explore_success.csv", index_col="system")
    assert list(success.index) == ["o1-preview (CCK)", "o1-preview (PS)", "o1-preview (explore)"]
    failures = pd.read_csv(figures / "explore_failures.csv").set_index("category")
    assert failures.loc["wrong effect or answer", ["failures", "cck succeeded"]].tolist() == [4, 2]
    episodes = pd.read_csv(figures / "explore_episodes.csv").set_index("ended")
    assert episodes["count"].to_dict() == {"submitted": 4, "turn_budget": 4}


def contents(*folders: Path) -> dict[Path, tuple[bytes, int]]:
    """Every file under the folders, hidden ones included, with its bytes and inode."""
    return {
        path: (path.read_bytes(), path.stat().st_ino)
        for folder in folders
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def test_a_second_run_replaces_the_outputs_of_the_first_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    # Two seeds give a pass^k figure; a rerun on one seed writes the pass^k table only, and the
    # figure of the earlier run must not stay beside it looking current.
    results = model_results(tmp_path)
    figures, run_folder = tmp_path / "figures", tmp_path / "runs" / "mini"
    arguments = ["pipeline", MINI, "-p", "agents=[]", "-p", f"figures_dir={figures}"]
    arguments += ["-p", f"runs_dir={tmp_path / 'runs'}", "-p", "notebooks=[05_paper_tables_figures]"]
    assert main([*arguments, "-p", f"results.o1-cck={results['o1-cck']}"]) == 0
    assert (figures / "pass_k.png").exists() and (figures / "pass_k.pdf").exists()
    (figures / "notes.png").write_text("an edit inside the pipeline's folder\n")
    (figures / "README.md").write_text("what this folder holds\n")
    (figures / "control").mkdir()  # the outputs of another parameter set
    (figures / "control" / "outcomes.csv").write_text("a\n1\n")
    carried = contents(figures / "control")
    executed = (run_folder / "05_paper_tables_figures.ipynb").stat().st_ino
    capsys.readouterr()
    assert main([*arguments, "-p", f"results.o1-ps={results['o1-ps']}"]) == 0, capsys.readouterr().err
    assert (figures / "pass_k.md").exists() and "o1-preview (CCK)" not in (figures / "pass_k.md").read_text()
    assert not (figures / "pass_k.png").exists() and not (figures / "pass_k.pdf").exists()
    assert not (figures / "notes.png").exists()
    assert (figures / "README.md").read_text() == "what this folder holds\n"
    assert contents(figures / "control") == carried  # the very same files
    assert (run_folder / "05_paper_tables_figures.ipynb").stat().st_ino != executed
    assert not list(tmp_path.rglob(".*staging*")) and not list(tmp_path.rglob(".*.old-*"))


def taxonomy_arguments(tmp_path: Path) -> list[str]:
    """A quick run: the error-taxonomy notebook alone on one hand-made results file, every output under ``tmp_path``."""
    results = tmp_path / "o1-cck.jsonl"
    if not results.exists():
        model_results(tmp_path)
    arguments = ["pipeline", MINI, "-p", f"results.o1-cck={results}", "-p", "agents=[]"]
    arguments += ["-p", f"figures_dir={tmp_path / 'figures'}", "-p", f"runs_dir={tmp_path / 'runs'}"]
    return [*arguments, "-p", f"results_dir={tmp_path / 'results'}", "-p", "notebooks=[04_error_taxonomy]"]


def test_a_failing_notebook_leaves_the_previous_outputs_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.chdir(tmp_path)
    succeeding = taxonomy_arguments(tmp_path)
    failing = [*succeeding, "-p", "agents=[reference]"]  # results_dir holds no reference.jsonl: the notebook fails
    figures, run_folder = tmp_path / "figures", tmp_path / "runs" / "mini"
    failed = run_folder / "04_error_taxonomy.failed.ipynb"
    assert main(succeeding) == 0, capsys.readouterr().err
    before = contents(figures, run_folder)
    assert main(failing) == 1
    assert f"the executed notebook is {failed}" in capsys.readouterr().err
    after = contents(figures, run_folder)
    assert b"ResultsNotFound" in after.pop(failed)[0] and after == before  # only the failed copy is new
    assert not list(tmp_path.rglob(".*staging*"))
    assert main(succeeding) == 0, capsys.readouterr().err
    assert not failed.exists()  # the new run's folder holds no failure of an earlier one


def test_an_interrupted_run_leaves_the_previous_outputs_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    import papermill

    arguments = taxonomy_arguments(tmp_path)
    figures, run_folder = tmp_path / "figures", tmp_path / "runs" / "mini"
    assert main(arguments) == 0, capsys.readouterr().err
    before = contents(figures, run_folder)

    def interrupted(source: str, executed: str, parameters: dict, **options: object) -> None:
        Path(parameters["figures_dir"], "error_types.png").write_bytes(b"half a figu")
        Path(executed).write_text("{}")
        raise KeyboardInterrupt

    monkeypatch.setattr(papermill, "execute_notebook", interrupted)
    assert main(arguments) == 130
    assert "no output was replaced" in capsys.readouterr().err
    assert contents(figures, run_folder) == before
    assert not list(tmp_path.rglob(".*staging*"))


def test_figures_kept_inside_the_run_folder_survive_its_swap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    # params/mini.yaml keeps its figures in runs/mini/figures: swapping runs/mini in must not drop them.
    import papermill

    figures = tmp_path / "runs" / "mini" / "figures"
    arguments = [*taxonomy_arguments(tmp_path), "-p", f"figures_dir={figures}"]

    def executed(source: str, executed: str, parameters: dict, **options: object) -> None:
        Path(parameters["figures_dir"], "error_types.png").write_bytes(b"a figure")
        Path(executed).write_text("{}")

    monkeypatch.setattr(papermill, "execute_notebook", executed)
    for _ in range(2):
        assert main(arguments) == 0, capsys.readouterr().err
        assert sorted(p.name for p in figures.iterdir()) == ["error_types.png"]
        assert sorted(p.name for p in figures.parent.iterdir()) == ["04_error_taxonomy.ipynb", "figures"]


def test_a_full_disk_while_a_notebook_writes_exits_2_naming_the_file_not_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    # "a notebook failed" (exit 1) said the analysis was broken; the disk was full, a file problem (exit 2).
    import papermill
    from papermill.exceptions import PapermillExecutionError

    figure = tmp_path / "figures" / "error_types.png"

    def full_disk(*args: object, **kwargs: object) -> None:
        Path(args[1]).write_text("{}")  # papermill wrote the executed copy before the cell failed
        message = f"[Errno 28] No space left on device: '{figure}'"
        raise PapermillExecutionError(3, 3, "save(...)", "OSError", message, [])

    monkeypatch.setattr(papermill, "execute_notebook", full_disk)
    assert main(taxonomy_arguments(tmp_path)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("aspera pipeline: error: notebook 04_error_taxonomy could not write a file: ")
    assert f"No space left on device: '{figure}'" in err and "04_error_taxonomy.failed.ipynb" in err


def test_a_full_disk_while_the_pipeline_writes_an_executed_notebook_exits_2_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    # papermill's own write of the executed notebook raised an OSError naming no file: a traceback, exit 1.
    import errno

    import papermill

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(papermill, "execute_notebook", full_disk)
    assert main(taxonomy_arguments(tmp_path)) == 2
    err = capsys.readouterr().err
    assert err == (
        f"aspera pipeline: error: cannot write {tmp_path / 'runs' / 'mini' / '04_error_taxonomy.ipynb'}: "
        "No space left on device\n"
    )
    assert not list(tmp_path.rglob(".*staging*"))


def test_the_explore_parameters_without_a_key_exit_2_before_any_notebook_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    # `OPENAI_API_KEY= aspera pipeline params/explore.yaml` failed in 02_evaluate (exit 1, a .failed notebook).
    monkeypatch.setenv("OPENAI_API_KEY", "")
    outputs = [f"-p{key}={tmp_path / key}" for key in ("results_dir", "figures_dir", "runs_dir")]
    assert main(["pipeline", str(ROOT / "params" / "explore.yaml"), *outputs]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "agents.0 (gpt-4o-mini-cck): the cck agent needs a key" in err
    assert "OPENAI_API_KEY" in err and "docs/llm.md" in err
    assert list(tmp_path.iterdir()) == []  # no notebook ran, nothing was written
