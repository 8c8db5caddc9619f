"""aspera judge: ask a model whether each program of a results file does what its request asks, without running it.

For every task and seed of RESULTS that has a program, the judge model reads
the documentation of the task's library modules, a few judged examples, the
request (with the simulation's pinned current date) and the program, and
answers "correct" or "incorrect" with its reasons. It never sees the
reference program or anything from running the program. One judgement per
program is appended to --out (JSON Lines: verdict, explanation, tokens,
cost) as soon as it is known; running the same command again resumes,
asking only about programs without an answer. --out must be a new file or a
judgements file of the same judge, results and prompt setup; nothing else is
written to. Each task's library modules come from --tasks (with a warning when
it is another version than the set RESULTS was produced on), else from the task
set RESULTS names, looked for as named and then from RESULTS' folder and its
parents; if it is not found unchanged, the command stops and asks for --tasks.
At the end it prints how often the judge agrees with the evaluation programs
over the whole judgements file (not only the programs --ids/--limit chose);
when no judgement has a verdict it says why (answers that named none are
final; failed requests are asked again by the same command).
Programs of the control setting are refused: the judge's prompt documents the
assistant library, not the control surface they are written against.

Exit status: 0 done (also when some requests failed: the counts say how
many), 1 the judgements file is in use, 2 bad arguments or files, 3 stopped
early (key refused, unknown model: run again to resume; spending limit: it
counts per run, raise it to go further in one run) or not one answer obtained
(every request failed: run again to ask again), 130 interrupted (run again to
resume).
"""

from __future__ import annotations

import argparse
import math
import warnings
from pathlib import Path
from typing import Any

from aspera_core.fileio import DanglingLinkError
from aspera_core.records import NotAResultsFile, ResultsFileWarning, read_results
from aspera_core.tasks import TaskFormatError, load_tasks, task_set_digest, tasks_digest
from aspera_core.wording import count
from aspera_workbench.cli.args import (
    add_model_options,
    add_task_set_option,
    cache_link_problem,
    output_file,
    positive_int,
    refuse,
    say,
    selection,
    show_warnings,
    stop_advice,
)
from aspera_workbench.judge import (
    JudgementsFileBusy,
    JudgementsFileWarning,
    JudgementsMismatch,
    JudgeVerdict,
    NotAJudgementsFile,
    latest_judgements,
    read_judgements,
)

EXAMPLE = (
    "example: aspera judge runs/results/cck.jsonl --model gpt-4o-mini --max-cost 2 "
    "--out runs/judged/cck.gpt-4o-mini.jsonl"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``aspera judge``."""
    parser.add_argument("results", type=Path, help="results file whose programs are judged (aspera run --out)")
    parser.add_argument(
        "--out",
        required=True,
        type=output_file,
        help="judgements file (JSONL; created, or resumed if it holds this judge's judgements of RESULTS)",
    )
    add_model_options(
        parser,
        model_help="judge model as the endpoint knows it (e.g. gpt-4o-mini)",
        kept="judgements made",
        required=True,
    )
    parser.add_argument("--seed", type=int, default=0, help="sampling seed of the judge's requests (default 0)")
    parser.set_defaults(temperature=0.0)
    add_task_set_option(
        parser,
        required=False,
        help="task set of RESULTS, for each task's library modules (default: the one RESULTS names, "
        "found as named or from RESULTS' folder and its parents)",
    )
    parser.add_argument("--ids", nargs="+", metavar="ID", help="only the programs of these task ids")
    parser.add_argument(
        "--limit",
        type=positive_int,
        metavar="K",
        help="only the programs of the first K tasks in id order (after --ids)",
    )
    parser.add_argument("--concurrency", type=positive_int, default=4, help="requests in flight at once (default 4)")
    parser.add_argument("--fsync", action="store_true", help="fsync the judgements file after every judgement")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _candidates(named: str, results: Path) -> list[Path]:
    """Where the task set a results file names may be: as named, then from the file's folder and its parents."""
    path = Path(named).expanduser()
    if path.is_absolute():
        return [path]
    folder = results.resolve().parent
    return [path, *(parent / path for parent in (folder, *folder.parents))]


def _task_set(args: argparse.Namespace) -> tuple[list[Any] | None, str | None, str | None]:
    """The tasks of RESULTS (``--tasks``, else the set its header names if found unchanged), a note when there
    are none, and a warning when ``--tasks`` is another version than the set the results were produced on.

    Raises:
        ValueError: ``--tasks`` cannot be loaded, or the set RESULTS names cannot be found unchanged
            (judging without it would build other prompts than a run that finds it).
    """
    if args.tasks is not None:
        try:
            tasks = load_tasks(args.tasks)
        except (FileNotFoundError, TaskFormatError) as error:
            raise ValueError(f"--tasks {args.tasks}: {error}") from None
        experiment = read_results(args.results).experiment
        digest = tasks_digest(tasks)
        if experiment is None or experiment.task_set_digest == digest:
            return tasks, None, None
        warning = (
            f"--tasks {args.tasks} (digest {digest[:12]}) is not the task set {args.results} was produced on "
            f"({experiment.task_set or 'unnamed'}, digest {experiment.task_set_digest[:12]}): each program is "
            "shown the documentation of its task's apps in --tasks"
        )
        return tasks, None, warning
    experiment = read_results(args.results).experiment
    if experiment is None or not experiment.task_set:
        fallback = "each program is shown the documentation of the whole scenario (give --tasks for each task's own)"
        return None, f"{args.results} names no task set; {fallback}", None
    named = f"the task set {experiment.task_set} named by {args.results}"
    ask = "pass --tasks PATH to name the task set of its programs"
    changed = None
    for candidate in _candidates(experiment.task_set, args.results):
        if not candidate.exists():
            continue
        try:
            if task_set_digest(candidate) == experiment.task_set_digest:
                return load_tasks(candidate), None, None
        except (OSError, ValueError, TaskFormatError):
            pass
        changed = changed or candidate
    if changed is not None:
        raise ValueError(f"{named} is not the same at {changed} (it changed, or does not load); {ask}")
    raise ValueError(f"{named} cannot be found (as named, or from the results file's folder and its parents); {ask}")


def _judge(args: argparse.Namespace, budget: Any) -> Any:
    # deferred: the judge engine and the model client load openai (~0.8 s), which
    # `aspera judge --help`, an argument error and --agreement need none of.
    from aspera_workbench.agents import PromptStore
    from aspera_workbench.judge import ProgramJudge
    from aspera_workbench.llm import build_model_client

    problem = cache_link_problem(args.cache_dir, args.no_cache)
    if problem is not None:
        raise ValueError(problem)
    client = build_model_client(
        model=args.model,
        base_url=args.base_url,
        temperature=args.temperature,
        seed=args.seed,
        max_tokens=args.max_tokens,
        api_key_env=args.api_key_env,
        timeout_s=args.request_timeout,
        use_cache=not args.no_cache,
        cache_dir=args.cache_dir,
        budget=budget,
    )
    # Prompts are kept once each, by digest, beside the judgements file.
    return ProgramJudge(client, prompts=PromptStore(Path(args.out).parent / "prompts"))


def _without_verdict(rows: list[Any], path: Path) -> str:
    """Why no judgement of ``path`` has a verdict: answers that named none are final, failed requests are asked again."""
    failed = sum(not row.answered for row in rows)
    why = (
        [f"{count(len(rows) - failed, 'answer')} named none: asking again changes nothing"]
        if failed < len(rows)
        else []
    )
    why += [f"{count(failed, 'request')} failed: run the same command to ask again"] if failed else []
    return f"none of {count(len(rows), 'judgement')} in {path} has a verdict ({'; '.join(why)})"


def _agreement(path: Path) -> str:
    """One line: how often the verdicts of the whole judgements file (not only this run's) agree with the evaluation's."""
    # deferred: the analysis loads pandas and matplotlib (~1 s); only this summary line needs it.
    from aspera_workbench.analysis import agreement_scores

    with warnings.catch_warnings():  # its damaged lines were warned of when the judge opened it
        warnings.simplefilter("ignore", JudgementsFileWarning)
        rows = latest_judgements(read_judgements(path).rows)
    if not rows:
        return f"{path} holds no judgements: there is nothing to compare"
    compared = [row for row in rows if row.verdict is not JudgeVerdict.NOT_JUDGED]
    if not compared:
        return _without_verdict(rows, path)
    scores = agreement_scores(
        [row.evaluation_success for row in compared], [row.verdict is JudgeVerdict.CORRECT for row in compared]
    )
    kappa = "undefined" if math.isnan(scores["kappa"]) else f"{scores['kappa']:.2f}"
    return (
        f"agreement with the evaluation programs over the whole of {path} ({count(len(rows), 'judgement')}): "
        f"{scores['tp'] + scores['tn']} of {scores['n']} verdicts "
        f"({100 * scores['accuracy']:.1f}%), Cohen's kappa {kappa}; judge said correct to {scores['tp']} of "
        f"{scores['tp'] + scores['fn']} accepted and {scores['fp']} of {scores['fp'] + scores['tn']} rejected programs; "
        f"{len(rows) - len(compared)} of {len(rows)} programs without a verdict"
    )


def _describe(report: Any) -> str:
    counts = ", ".join(f"{name} {count}" for name, count in sorted(report.counts.items())) or "nothing new"
    text = (
        f"{count(report.written, 'judgement')} written ({counts}); {count(report.failed_requests, 'failed request')}; "
        f"{report.already_done} already in {report.out}; of {count(report.selected, 'program')} selected "
        f"({count(report.programs, 'program')} in {count(report.rows, 'task-seed row')}; "
        f"{count(report.rows - report.programs, 'row')} without a program)"
    )
    if report.remaining:
        text += f"; {report.remaining} still without an answer"
    return text


def run(args: argparse.Namespace) -> int:
    """Run ``aspera judge`` with parsed arguments; returns the exit status (see the module docstring)."""
    # deferred: judge_results and the model client load openai (~0.8 s); see _judge.
    from aspera_workbench.judge import judge_results
    from aspera_workbench.llm import Budget, LLMError

    show_warnings("judge", ResultsFileWarning, JudgementsFileWarning)
    if not args.results.is_file():
        problem = "is a folder, not a results file" if args.results.is_dir() else "does not exist"
        return refuse("judge", f"{args.results} {problem}")
    if Path(args.out).resolve() == args.results.resolve():
        return refuse("judge", "--out names the results file itself; judgements go to a file of their own")
    budget = Budget(max_cost_usd=args.max_cost)
    try:
        tasks, note, warning = _task_set(args)
        judge = _judge(args, budget)
    # a missing key, a limit on a model without a price; a link to nothing (--out's folder, prompts, the cache)
    except (ValueError, NotAResultsFile, LLMError, DanglingLinkError) as error:
        return refuse("judge", str(error))
    except OSError as error:  # the prompts folder beside --out is not ours to write into
        return refuse("judge", f"{error.filename}: {error.strerror or error}" if error.filename else str(error))

    def started(_: Any) -> None:  # every check passed: a refused command prints only its error
        if warning:
            say("judge", f"warning: {warning}")
        if note:
            say("judge", f"note: {note}")
        say(
            "judge",
            f"judging the programs of {args.results} with {args.model} "
            f"(prompt {judge.files.version}); judgements go to {args.out}",
        )

    try:
        report = judge_results(
            args.results,
            args.out,
            judge,
            tasks=tasks,
            concurrency=args.concurrency,
            started=started,
            **selection(args),
        )
    except (ValueError, NotAResultsFile, NotAJudgementsFile, JudgementsMismatch) as error:
        return refuse("judge", str(error))
    except JudgementsFileBusy as error:
        return refuse("judge", str(error), 1)
    except KeyboardInterrupt:
        say("judge", f"interrupted; judgements made are in {args.out}; run the same command to resume")
        return 130
    for note in report.notes:
        say("judge", f"note: {note}")
    say("judge", _describe(report))
    say("judge", f"model use: {budget.report().describe()}")
    print(f"aspera judge: {_agreement(Path(args.out))}")
    if report.stopped:
        advice = stop_advice(f"judgements made are kept in {args.out}", budget, args.max_cost)
        say("judge", f"stopped early: {report.stopped}; {advice}")
        return 3
    if report.written and report.failed_requests == report.written:  # a script checking the status must notice
        return refuse(
            "judge",
            f"0 of {count(report.written, 'program')} got an answer: every request failed; run the same command to ask again",
            3,
        )
    return 0
