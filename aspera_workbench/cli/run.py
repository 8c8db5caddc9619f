"""aspera run: evaluate an agent's programs on a task set, one JSONL row per program.

Programs run in sandboxed worker processes; a row is appended to --out as each
evaluation finishes. The results file records its experiment (agent, model,
setting, parameters, task set digest, library fixes, workbench version):
running the same command again resumes it, skipping task-seed pairs that
already have a row, while a run of another experiment into the same file is
refused (--force-new writes to a file beside it instead, the same one each
time). A file that is not a results file is never written to.

Exit status: 0 done, 1 the results file is in use, 2 bad arguments or files,
3 stopped early by the agent (e.g. its spending limit, which counts per run)
or no program obtained at all (every model request failed; run again to resume),
130 interrupted
(Ctrl-C or SIGTERM; run the same command to resume).
"""

from __future__ import annotations

import argparse
import warnings
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from aspera_core.agents import Agent, ReplayAgent
from aspera_core.executor import Sandbox, SandboxConfig, default_workers
from aspera_core.fileio import DanglingLinkError, dangling_link_in
from aspera_core.grading import CHECKED_OUTCOMES
from aspera_core.records import (
    CHECKED_UNKNOWN,
    ExperimentMismatch,
    NotAResultsFile,
    ResultsFileBusy,
    ResultsFileWarning,
    answer_counts,
    check_results_file,
    counted_rows,
    describe_answer_counts,
    read_rows,
    results_file_for,
)
from aspera_core.runner import (
    DEFAULT_CONCURRENCY,
    AgentFailed,
    RunReport,
    RunWarning,
    experiment_of,
    run_agent,
    select_tasks,
)
from aspera_core.tasks import Task, TaskFormatError, open_task_set
from aspera_core.wording import count
from aspera_workbench import agents
from aspera_workbench.cli.args import (
    add_model_options,
    cache_link_problem,
    finite_positive_float,
    non_negative_int,
    positive_int,
    refuse,
    say,
    selection,
    show_warnings,
    split_list,
    stop_advice,
    task_set_path,
)
from aspera_workbench.cli.main import take_early_server
from aspera_workbench.control import control_sandbox_config, default_control_dir
from aspera_workbench.options import Seeds, problem

EXAMPLE = "example: aspera run --tasks data/aspera_workbench_v1 --agent reference --out runs/reference.jsonl"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera run``."""
    parser.add_argument(
        "--tasks", required=True, type=task_set_path, help="release folder, plans folder, .tgz archive or .nt shard"
    )
    parser.add_argument("--agent", required=True, help=f"agent name ({', '.join(sorted(agents.AGENTS))})")
    parser.add_argument(
        "--out", required=True, help="results file (JSONL; created, or resumed if it holds this experiment)"
    )
    parser.add_argument("--replay", metavar="FILE", help="file whose programs the replay agent submits")
    parser.add_argument(
        "--setting",
        choices=agents.SETTINGS,
        default="library",
        help="what programs are written against: the assistant library (default) or the standard-library "
        "control surface (cck only; see docs/control.md)",
    )
    models = parser.add_argument_group("model-backed agents (cck, ps, explore)")
    add_model_options(
        models, model_help="model name as the endpoint knows it (e.g. gpt-4o-2024-05-13)", kept="finished rows"
    )
    models.add_argument(
        "--allow-short-context",
        action="store_true",
        default=None,  # given or not: not False, which would count as a flag given to every agent
        help="for cck, ps and explore: go on when the endpoint reports fewer prompt tokens than were sent (its context "
        "window cut the prompt), marking such rows prompt_truncated (default: the first such answer stops the run)",
    )
    explore = parser.add_argument_group("the exploring agent (explore; docs/explore.md)")
    explore.add_argument("--max-turns", type=positive_int, metavar="N", help="model replies per task (default 20)")
    explore.add_argument(
        "--max-episode-tokens",
        type=positive_int,
        metavar="N",
        help="tokens of all requests and replies per task, as the endpoint reports them (default 250000)",
    )
    explore.add_argument(
        "--max-dry-runs", type=non_negative_int, metavar="N", help="dry runs of draft programs per task (default 5)"
    )
    explore.add_argument(
        "--dry-run-world",
        choices=("generic", "task"),
        help="where drafts are tried: a generic world, the same for every task (default), or the task's own "
        "setup with writes discarded (for experiments on read access)",
    )
    explore.add_argument(
        "--dry-run-timeout", type=finite_positive_float, metavar="S", help="seconds one dry run may take (default 10)"
    )
    explore.add_argument(
        "--protocol",
        choices=("auto", "tools", "text"),
        help="tool calling, or a plain-text protocol for endpoints without it (default auto: tools, text if refused)",
    )
    seeds = parser.add_mutually_exclusive_group()
    seeds.add_argument(
        "--seeds", nargs="+", type=int, action=_Seeds, metavar="S", help="seeds for seeded agents (default: 0)"
    )
    seeds.add_argument("--seed", type=int, metavar="S", help="one seed (the same as --seeds S)")
    parser.add_argument(
        "--mutation-kinds", nargs="+", metavar="KIND", help="for the mutant agent: draw only these kinds of mutant"
    )
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        help=f"programs requested from a model at once (default {DEFAULT_CONCURRENCY}; no effect on built-in agents)",
    )
    parser.add_argument(
        "--workers", type=positive_int, default=None, help=f"programs evaluated at once (default: {default_workers()})"
    )
    parser.add_argument("--timeout", type=finite_positive_float, default=10.0, help="seconds per task (default: 10)")
    parser.add_argument(
        "--memory-mb", type=positive_int, default=1024, help="memory cap per task in MiB (default: 1024)"
    )
    parser.add_argument("--ids", nargs="+", metavar="ID", help="only these task ids (space or comma separated)")
    parser.add_argument("--limit", type=positive_int, metavar="K", help="at most K tasks (after --ids)")
    existing = parser.add_mutually_exclusive_group()  # what to do when --out holds another experiment
    existing.add_argument(
        "--force-new",
        action="store_true",
        help="if --out holds another experiment, write to a file beside it (name.2.jsonl, ...: the first that holds "
        "this experiment, resumed, or is free)",
    )
    existing.add_argument(
        "--resume-anyway", action="store_true", help="append to --out even if it holds another experiment"
    )
    parser.add_argument(
        "--library-fixes",
        action="store_true",
        help="evaluate with the library's documented fixes of the original's defects (default: the original's behaviour)",
    )
    parser.add_argument("--fsync", action="store_true", help="fsync the results file after every row")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _check_replay(agent: ReplayAgent, task_ids: list[str], all_ids: set[str]) -> str | None:
    """An error if the replayed file covers none of the selected tasks; notes unknown ids."""
    covered = [task_id for task_id in task_ids if task_id in agent.programs]
    if not covered:
        return f"{agent.path} has programs for none of the {len(task_ids)} selected tasks"
    unknown = sorted(set(agent.programs) - all_ids)
    if unknown:
        shown = ", ".join(unknown[:10]) + (" ..." if len(unknown) > 10 else "")
        say(
            "run",
            f"note: {agent.path} has programs for {len(unknown)} task id(s) not in the task set (ignored): {shown}",
        )
    return None


#: Agent options whose flag is not named after them: option -> argparse destination (``--max-cost``).
_DESTINATIONS = {
    "request_timeout_s": "request_timeout",
    "max_cost_usd": "max_cost",
    "use_cache": "no_cache",
    "dry_run_timeout_s": "dry_run_timeout",
}
#: Agent options the run sets itself (from --out, --setting, --tasks, --library-fixes), not by a flag of their own.
_IMPLIED = frozenset({"setting", "prompts_dir", "control_dir", "library_fixes"})
#: Every agent option a flag gives, in the order the models declare them.
_FLAGGED = [
    option
    for model in (agents.ReplayOptions, agents.MutantOptions, agents.ExploreOptions)
    for option in model.model_fields
    if option not in _IMPLIED and option not in agents.AgentOptions.model_fields
]


def _flag(option: str) -> str:
    return "--" + _DESTINATIONS.get(option, option).replace("_", "-")


def _given(args: argparse.Namespace) -> dict[str, object]:
    """The agent options given by a flag (``--no-cache`` gives ``use_cache: False``)."""
    given = {option: getattr(args, _DESTINATIONS.get(option, option)) for option in _FLAGGED}
    given["use_cache"] = False if given["use_cache"] else None
    return {option: value for option, value in given.items() if value is not None}


def _agent_options(args: argparse.Namespace) -> dict[str, object]:
    """The options the agent is built with: those it takes of the flags given, and those the run implies.

    Raises:
        ValueError: a flag of the explore agent given to another agent (it would be ignored silently),
            or an option value the agent cannot take (named by its flag).
    """
    given = _given(args)
    explore_only = set(agents.ExploreOptions.model_fields) - set(agents.ModelOptions.model_fields) - _IMPLIED
    misplaced = [_flag(option) for option in given if option in explore_only and args.agent != "explore"]
    if misplaced:
        raise ValueError(f"{misplaced[0]} applies to the explore agent only, not to {args.agent}")
    implied = {
        "setting": args.setting,
        # Prompts are kept once each, by digest, beside the results file.
        "prompts_dir": str(Path(args.out).parent / "prompts"),
        # Control reference programs (for the prompts' return types) live beside the task set.
        "control_dir": _control_dir(args.tasks) if args.setting == "control" else None,
        # dry runs of the explore agent use the run's library behaviour
        "library_fixes": args.library_fixes,
    }
    model = agents.AGENT_OPTIONS.get(args.agent)
    if model is None:  # an agent registered elsewhere takes what it takes
        return {**given, **implied}
    options = {key: value for key, value in {**given, **implied}.items() if key in model.model_fields}
    try:
        agents.check_options(args.agent, options)  # the files they name: when the agent is built
    except ValidationError as error:
        first = error.errors()[0]
        option = str(first["loc"][0]) if first["loc"] else ""
        flag = _flag(option) if option in _FLAGGED or option == "setting" else option
        if first["type"] == "missing":
            raise ValueError(f"the {args.agent} agent needs {flag}") from None
        raise ValueError(f"argument {flag}: {problem(error)}") from None
    return options


def _ignored_options(args: argparse.Namespace) -> list[str]:
    """The flags given that the agent does not use (none for agents registered elsewhere)."""
    model = agents.AGENT_OPTIONS.get(args.agent)
    if model is None:
        return []
    ignored = [_flag(option) for option in _given(args) if option not in model.model_fields]
    if args.agent not in ("mutant", *agents.MODEL_AGENTS):  # the seeded agents
        ignored += [flag for flag, value in (("--seeds", args.seeds), ("--seed", args.seed)) if value is not None]
    if args.agent not in agents.MODEL_AGENTS and args.concurrency is not None:
        ignored.append("--concurrency")
    return ignored


def _control_dir(tasks: object) -> str | None:
    folder = default_control_dir(str(tasks))
    return str(folder) if folder is not None else None


def _file_among_parents(path: Path) -> Path | None:
    """The nearest parent of ``path`` that exists and is not a folder (``README.md`` in ``README.md/x.jsonl``)."""
    for parent in path.parents:
        if parent.exists():
            return None if parent.is_dir() else parent
    return None


_SEEDS = TypeAdapter(Seeds)


class _Seeds(argparse.Action):
    """``--seeds S ...``: refuses a seed given twice while parsing (each would be one row per task)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object, option: str | None = None
    ) -> None:
        try:
            setattr(namespace, self.dest, _SEEDS.validate_python(values))
        except ValidationError as error:
            raise argparse.ArgumentError(self, problem(error)) from None


def _checked_out(args: argparse.Namespace, agent: Agent, tasks: list[Task]) -> Path:
    """The results file the run writes to, refused now (``ValueError``) if the run would be refused on opening it."""
    experiment = experiment_of(agent, tasks, str(args.tasks), args.library_fixes)
    out = results_file_for(args.out, experiment) if args.force_new else Path(args.out)
    check_results_file(out, experiment, resume_anyway=args.resume_anyway)
    dangling = dangling_link_in(out)
    if dangling is not None:
        raise ValueError(dangling)
    blocker = _file_among_parents(out)
    if blocker is not None:
        raise ValueError(f"cannot create {out}: {blocker} is a file, not a folder")
    return out


def _describe(report: RunReport) -> str:
    # (model errors are rows, but not evaluations: they are counted apart, below)
    judged = sorted((name, number) for name, number in report.counts.items() if name != "model_error")
    counts = ", ".join(f"{name} {number}" for name, number in judged) or "nothing new"
    seeds = "" if report.seeds == [None] else f" x {count(len(report.seeds), 'seed')}"
    if report.asked:
        asked = f"{count(report.model_errors, 'model error')} of {count(report.asked, 'program')} asked for"
    elif report.stopped:  # a stop before anything came back: no program counts as asked for
        asked = "the run stopped before any program was obtained"
    else:
        asked = "no program asked for"
    text = (
        f"{report.evaluated} evaluated ({counts}); {report.already_done} already in {report.out}"
        f"{_describe_checked(report)}; {asked}; "
        f"{len(report.unavailable)} skipped; "
        f"of {report.expected} expected ({count(report.selected, 'task')}{seeds})"
    )
    if report.stopped:
        noun = "task" if report.seeds == [None] or len(report.seeds) == 1 else "task-seed pair"
        text += (
            f"; {count(report.cut_short, noun)} in progress when it stopped (no row written), "
            f"{report.not_attempted} not attempted"
        )
    if report.remaining:
        retried = " (model errors are asked again on resume)" if report.model_errors else ""
        text += f"; {report.remaining} still without a judged row{retried}"
    return text


def _describe_checked(report: RunReport) -> str:
    """``"; checked: success 80, side_effect 3, over_inclusive 1 of 84 evaluated"``: the checked verdict of the programs
    evaluated in this run (the others failed the evaluation program; unknown named when there is one)."""
    if not report.evaluated:
        return ""
    shown = [f"{name} {report.checked[name]}" for name in ("success", *CHECKED_OUTCOMES)]
    if report.checked[CHECKED_UNKNOWN]:
        shown.append(f"unknown {report.checked[CHECKED_UNKNOWN]} (not checked)")
    return f"; checked: {', '.join(shown)} of {report.evaluated} evaluated"


def _warn_empty_selections(agent: object, out: Path) -> None:
    """Warn when a PS run's programs were mostly written after selecting nothing (see selection_report)."""
    if getattr(agent, "setting", None) != "ps":
        return
    with warnings.catch_warnings():  # damaged lines were warned of when the run opened the file
        warnings.simplefilter("ignore", ResultsFileWarning)
        report = agents.selection_report(read_rows(out))
    if report is not None and (warning := report.warning()):
        say("run", f"warning: {warning}")


def _say_cut_answers(out: Path) -> None:
    """Count apart the answers the token limit cut off, or whose prompt the endpoint cut (model-backed agents)."""
    with warnings.catch_warnings():  # damaged lines were warned of when the run opened the file
        warnings.simplefilter("ignore", ResultsFileWarning)
        counts = answer_counts(counted_rows(read_rows(out)))
    for line in describe_answer_counts(counts):
        say("run", f"in {out}: {line}")


def run(args: argparse.Namespace) -> int:
    """Run ``aspera run`` with parsed arguments; returns the exit status (see the module docstring)."""
    show_warnings("run", RunWarning, ResultsFileWarning)
    config = SandboxConfig(
        workers=default_workers() if args.workers is None else args.workers,
        timeout_s=args.timeout,
        memory_mb=args.memory_mb,
        library_fixes=args.library_fixes,
    )
    if args.setting == "control":
        config = control_sandbox_config(config)
    # The fork server starts in the background while the tasks load (the ``aspera`` executable started it already).
    with Sandbox(config, take_early_server()) as sandbox:
        return _run(args, config, sandbox)


def _run(args: argparse.Namespace, config: SandboxConfig, sandbox: Sandbox) -> int:
    budget, model_errors = None, ()
    if args.agent in agents.MODEL_AGENTS:  # the run's spend account; the model client only for such agents
        from aspera_workbench.llm import Budget, LLMError  # deferred: the model client loads openai (~0.8 s)

        budget, model_errors = Budget(max_cost_usd=args.max_cost), (LLMError,)
    try:
        options = _agent_options(args)
        if budget is not None and (link := cache_link_problem(args.cache_dir, args.no_cache)):
            raise ValueError(link)
        agent = agents.make_agent(args.agent, budget=budget, **options)
        task_set = open_task_set(args.tasks)
        task_set.raise_problems()
        tasks = list(task_set.tasks)
        selected = select_tasks(tasks, split_list(args.ids), args.limit, source=str(args.tasks))
        out = _checked_out(args, agent, tasks)  # decided now: a refused run prints its error only
    except KeyError as error:  # str() of a KeyError quotes its message
        return refuse("run", str(error.args[0]) if error.args else str(error))
    # a link to nothing (prompts or cache folder); a missing key, a limit on a model without a price
    except (ValueError, TaskFormatError, DanglingLinkError, *model_errors) as error:
        return refuse("run", str(error))
    except OSError as error:
        return refuse("run", f"{error.filename or args.tasks}: {error.strerror or error}")
    ignored = _ignored_options(args)
    if ignored:  # said, not refused: the run does what it would do without them
        say("run", f"warning: the {args.agent} agent ignores {', '.join(ignored)}")
    if isinstance(agent, ReplayAgent):
        problem = _check_replay(agent, [task.query_id for task in selected], {task.query_id for task in tasks})
        if problem:
            return refuse("run", problem)
    sandbox.prepare(selected)  # (while the fork server starts)
    protections = sandbox.protections
    say(
        "run",
        f"{len(selected)} of {len(tasks)} tasks from {args.tasks}; agent {agent.name}"
        f"{' in the control setting' if args.setting == 'control' else ''}; "
        f"{count(config.workers, 'worker')}, {config.timeout_s:g} s and {config.memory_mb} MiB per task; "
        f"isolation: {protections.describe()}"
        f"{'; library fixes on' if config.library_fixes else ''}",
    )
    if out != Path(args.out):  # said before the run, so that an interrupted run's advice is understood
        say("run", f"{args.out} holds another experiment; this run writes to {out}")
    for note in (*task_set.notes, *protections.notes):
        say("run", f"note: {note}")
    if args.setting == "control" and not getattr(agent, "control_programs", None):
        say(
            "run",
            "note: no control reference programs beside the task set: the control prompts recommend no return type",
        )
    try:
        report = run_agent(
            tasks,
            agent,
            out,  # chosen above: for --force-new, the file beside --out
            config,
            seeds=args.seeds if args.seed is None else [args.seed],
            concurrency=DEFAULT_CONCURRENCY if args.concurrency is None else args.concurrency,
            task_set=str(args.tasks),
            library_fixes=args.library_fixes,
            resume_anyway=args.resume_anyway,
            sandbox=sandbox,
            **selection(args),
        )
    except (ValueError, NotAResultsFile, ExperimentMismatch, DanglingLinkError) as error:
        return refuse("run", str(error))
    except OSError as error:
        blocker = _file_among_parents(out)
        if blocker is not None:
            return refuse("run", f"cannot create {out}: {blocker} is a file, not a folder")
        return refuse("run", f"cannot write {error.filename or out}: {error.strerror or error}")
    except ResultsFileBusy as error:
        return refuse("run", str(error), 1)
    except AgentFailed as error:
        return refuse("run", f"{error}; finished rows are in {out}", 1)
    except KeyboardInterrupt:
        say("run", f"interrupted; finished rows are in {out}; run the same command to resume")
        if budget is not None:
            say("run", f"model use: {budget.report().describe()}")
        return 130
    say("run", _describe(report))
    if budget is not None:
        _say_cut_answers(report.out)
    _warn_empty_selections(agent, report.out)
    if budget is not None:
        say("run", f"model use: {budget.report().describe()}")
    if report.stopped:
        kept = f"finished rows are kept in {report.out}"
        advice = f"{kept}; {report.stop_advice}" if report.stop_advice else stop_advice(kept, budget, args.max_cost)
        say("run", f"stopped early: {report.stopped}; {advice}")
        return 3
    if report.no_program_obtained:  # a script checking the status must notice a run that got nothing
        noun = "task" if report.seeds == [None] or len(report.seeds) == 1 else "task-seed pair"
        return refuse(
            "run",
            f"0 of {count(report.asked, noun)} got a program: every model request failed; "
            f"the model_error rows in {report.out} are asked again when the same command is run",
            3,
        )
    return 0
