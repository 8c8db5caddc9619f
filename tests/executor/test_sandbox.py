"""The sandbox's contract with its callers: slow or concurrent job sources, threads, clean-up."""

from __future__ import annotations

import fcntl
import gc
import json
import os
import queue
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aspera_core.executor import Job, Outcome, Sandbox, SandboxConfig, Verdict
from aspera_core.executor import sandbox as sandbox_module

from .support import (
    SWALLOWS_TIMEOUT,
    answer_task,
    describe,
    hostile_config,
    server_children,
    slot_contents,
    source,
    writes_everywhere_then_stalls,
)

EVALUATE_OTHER = "def evaluate_answer(query, executable, setup_function):\n    setup_function()\n    executable()\n"

GOOD = "def answer():\n    return 42\n"
WRONG = "def answer():\n    return 41\n"

# Every pair fails with a long message and a deep traceback, so the worker's
# reports are larger than a pipe's buffer.
LOUD = source(
    """
    def answer():
        def deeper(level):
            if level == 0:
                raise ValueError("x" * 20000)
            return deeper(level - 1)
        print("y" * 5000)
        return deeper(120)
    """
)


def pipe_capacity() -> int:
    read_end, write_end = os.pipe()
    try:
        return fcntl.fcntl(write_end, fcntl.F_GETPIPE_SZ)
    finally:
        os.close(read_end)
        os.close(write_end)


def comparable(verdict: Verdict) -> tuple:
    """Everything in a verdict except the time it took."""
    return (
        verdict.outcome,
        verdict.error_type,
        verdict.message,
        verdict.traceback,
        verdict.pairs_run,
        verdict.pairs_total,
        verdict.stdout,
        verdict.stderr,
        verdict.return_value,
        verdict.pairs,
    )


def test_a_slow_job_source_changes_no_verdict() -> None:
    """A worker finishes while the caller waits for its next job: its verdict is the fast one."""
    task = answer_task(pairs=4)
    config = hostile_config(timeout_s=1.0, grace_s=0.5)
    with Sandbox(config) as box:
        fast = box.evaluate(task, LOUD)
        assert fast.outcome is Outcome.EXECUTION_ERROR and fast.pairs_run == 4, describe(fast)
        reported = sum(len(p.message or "") + len(p.traceback or "") for p in fast.pairs)
        assert reported > pipe_capacity()  # more than a pipe could hold for a blocked reader

        def slow_jobs() -> Iterator[Job]:
            yield Job(task, LOUD, "loud")
            # longer than the loud job's deadline: a worker waiting for this
            # process to read its reports would be killed meanwhile
            time.sleep(config.timeout_s + config.grace_s + 0.5)
            yield Job(task, GOOD, "good")

        verdicts = {job.key: verdict for job, verdict in box.run(slow_jobs())}
    assert comparable(verdicts["loud"]) == comparable(fast)
    assert verdicts["good"].outcome is Outcome.SUCCESS


def test_sixteen_producer_threads_feed_one_run_from_another_thread() -> None:
    """Producers exist before the sandbox; the sandbox is created and run in a non-main thread."""
    programs = {"good": (GOOD, Outcome.SUCCESS), "wrong": (WRONG, Outcome.TASK_COMPLETION_ERROR)}
    jobs: queue.Queue[Job | None] = queue.Queue()
    start = threading.Event()

    def produce(number: int) -> None:
        start.wait()
        for index in range(4):
            name = "good" if (number + index) % 2 else "wrong"
            time.sleep(0.01 * (number % 5))
            jobs.put(Job(answer_task(), programs[name][0], (number, index, name)))
        jobs.put(None)

    producers = [threading.Thread(target=produce, args=(number,)) for number in range(16)]
    for thread in producers:
        thread.start()
    results: dict[tuple[int, int, str], Verdict] = {}
    leftovers: list[int] = []

    def consume() -> None:
        def from_queue() -> Iterator[Job]:
            finished = 0
            while finished < len(producers):
                job = jobs.get()
                if job is None:
                    finished += 1
                else:
                    yield job

        with Sandbox(hostile_config(workers=2)) as box:
            start.set()
            for job, verdict in box.run(from_queue()):
                results[job.key] = verdict
            leftovers.extend(server_children(box))

    consumer = threading.Thread(target=consume)
    consumer.start()
    consumer.join(120)
    for thread in producers:
        thread.join(5)
    assert not consumer.is_alive()
    assert len(results) == 64
    assert all(verdict.outcome is programs[key[2]][1] for key, verdict in results.items())
    assert leftovers == []


def test_a_report_cut_off_by_the_deadline_does_not_reach_the_next_verdict() -> None:
    program = writes_everywhere_then_stalls("""b'{"kind": "verdict", "outcome": "success", "nonce": "'""")
    with Sandbox(hostile_config(workers=1, timeout_s=0.5, grace_s=0.2)) as box:
        first = box.evaluate(answer_task(), program)
        # one worker, slots reused in turn: the next evaluations use the same report files
        after = [box.evaluate(answer_task(), text) for text in (WRONG, GOOD, WRONG, GOOD)]
    assert first.outcome is Outcome.TIMEOUT and first.error_type == "WorkerTimeout"
    assert [v.outcome for v in after] == [Outcome.TASK_COMPLETION_ERROR, Outcome.SUCCESS] * 2


def test_a_failing_job_source_leaks_no_process() -> None:
    class Broken(Exception):
        pass

    def jobs() -> Iterator[Job]:
        yield Job(answer_task(), "import time\n\ndef answer():\n    time.sleep(30)\n")
        yield Job(answer_task(), GOOD)
        raise Broken

    with Sandbox(hostile_config(workers=2, timeout_s=30)) as box:
        with pytest.raises(Broken):
            for _ in box.run(jobs()):
                pass
        assert server_children(box) == []
        assert slot_contents(box) == []
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS


def test_stopping_early_kills_the_running_evaluations() -> None:
    jobs = [Job(answer_task(), GOOD)] + [Job(answer_task(), "def answer():\n    while True:\n        pass\n")] * 3
    with Sandbox(hostile_config(workers=2, timeout_s=30)) as box:
        for _job, verdict in box.run(jobs):
            assert verdict.outcome is Outcome.SUCCESS
            break
        assert server_children(box) == []
        assert box.evaluate(answer_task(), WRONG).outcome is Outcome.TASK_COMPLETION_ERROR


def test_one_run_at_a_time() -> None:
    with Sandbox(hostile_config()) as box:
        running = box.run([Job(answer_task(), GOOD)])
        next(running)
        with pytest.raises(RuntimeError, match="one run at a time"):
            box.evaluate(answer_task(), GOOD)
        running.close()
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS


def test_items_that_are_not_jobs_are_refused() -> None:
    with Sandbox(hostile_config()) as box:
        with pytest.raises(TypeError, match="Job"):
            list(box.run([(answer_task(), GOOD)]))  # type: ignore[list-item]
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS


def test_an_unclosed_sandbox_is_cleaned_up_when_collected() -> None:
    box = Sandbox(hostile_config())
    assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
    server, root = box.server_pid, Path(box._resources.root)
    del box
    gc.collect()
    assert not root.exists()
    assert not os.path.exists(f"/proc/{server}")


def test_close_waits_with_a_bound_then_kills(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox_module, "_STOP_WAIT_S", 0.3)
    box = Sandbox(hostile_config())
    assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
    server = box.server_pid
    os.kill(server, signal.SIGSTOP)  # a server that no longer answers
    started = time.monotonic()
    box.close()
    assert time.monotonic() - started < 5
    assert not os.path.exists(f"/proc/{server}")
    with pytest.raises(RuntimeError, match="closed"):
        box.evaluate(answer_task(), GOOD)


def test_a_dead_fork_server_is_reported() -> None:
    with Sandbox(hostile_config()) as box:
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
        os.kill(box.server_pid, signal.SIGKILL)
        with pytest.raises(RuntimeError, match="fork server died"):
            box.evaluate(answer_task(), GOOD)


def test_many_programs_on_one_task_get_the_verdicts_of_separate_evaluations() -> None:
    from aspera_core.tasks import load_tasks

    from .support import MINI_RELEASE

    task = load_tasks(MINI_RELEASE)[0]
    name = task.solution_name
    shared = [
        task.program,
        f"def {name}():\n    pass\n",
        f"def {name}():\n    raise RequiresUserInput('which one?')\n",
        f"import random\nrandom.random()\n\ndef {name}():\n    return random.random()\n",
        f"import os\n\ndef {name}():\n    os.fork()\n",
        f"def {name}():\n    while True:\n        pass\n",
    ]
    alone = [
        f"print('module code')\n\ndef {name}():\n    pass\n",
        f"x = 1 / 0\n\ndef {name}():\n    pass\n",
        f"def {name}(:\n",
        "no program at all",
        f"import os\n\ndef {name}():\n    os._exit(3)\n",
    ]
    programs = shared + alone
    with Sandbox(hostile_config(timeout_s=1.0, grace_s=0.5)) as box:
        many = box.evaluate_many(task, programs)
        assert box.evaluated_alone == len(alone)
        separate = [box.evaluate(task, program) for program in programs]
    for program, a, b in zip(programs, many, separate):
        assert comparable(a) == comparable(b), program
    assert many[0].outcome is Outcome.SUCCESS and many[5].outcome is Outcome.TIMEOUT


def test_groups_of_jobs_on_several_tasks_get_the_verdicts_of_separate_evaluations() -> None:
    one, two = answer_task(), answer_task(pairs=2)
    loud = "print('module code')\n\ndef answer():\n    return 42\n"
    groups = [
        [Job(one, GOOD, "1-good"), Job(one, WRONG, "1-wrong"), Job(one, loud, "1-loud")],
        [Job(two, WRONG, "2-wrong"), Job(two, GOOD, "2-good")],
        [Job(one, GOOD, "1-single")],
        [],
    ]
    with Sandbox(hostile_config()) as box:
        grouped = {job.key: verdict for job, verdict in box.run_groups(groups)}
        assert box.evaluated_alone == 1  # the program that prints at import runs alone
        separate = {job.key: box.evaluate(job.task, job.program) for group in groups for job in group}
    assert grouped.keys() == separate.keys() == {"1-good", "1-wrong", "1-loud", "2-wrong", "2-good", "1-single"}
    for key, verdict in grouped.items():
        assert comparable(verdict) == comparable(separate[key]), key
    outcomes = {key: verdict.outcome for key, verdict in grouped.items()}
    assert outcomes["1-good"] is outcomes["2-good"] is outcomes["1-loud"] is Outcome.SUCCESS
    assert outcomes["1-wrong"] is outcomes["2-wrong"] is Outcome.TASK_COMPLETION_ERROR


def test_a_group_must_share_one_task_and_capture_nothing() -> None:
    one, two = answer_task(), answer_task()
    with Sandbox(hostile_config()) as box:
        with pytest.raises(ValueError, match="share one task"):
            list(box.run_groups([[Job(one, GOOD), Job(two, GOOD)]]))
        with pytest.raises(ValueError, match="captures the world"):
            list(box.run_groups([[Job(one, GOOD), Job(one, GOOD, capture_world=True)]]))
        assert box.evaluate(one, GOOD).outcome is Outcome.SUCCESS  # still usable


def test_a_setup_that_fails_makes_every_program_run_alone() -> None:
    task = answer_task(setup="def setup_env_answer():\n    raise ValueError('broken world')\n")
    with Sandbox(hostile_config()) as box:
        verdicts = box.evaluate_many(task, [GOOD, WRONG, GOOD])
        assert box.evaluated_alone == 3
    assert [v.outcome for v in verdicts] == [Outcome.EXECUTION_ERROR] * 3
    assert all(v.pairs[0].origin == "setup" for v in verdicts)


def test_a_zygotes_children_may_not_fork_even_without_the_audit_hook() -> None:
    """The zygote's filter lets it fork; each child installs the worker filter on top."""
    program = "import os\n\ndef answer():\n    os.fork()\n    return 42\n"
    with Sandbox(hostile_config(audit_hook=False)) as box:
        if not box.protections.seccomp:
            pytest.skip("seccomp is not available here")
        verdicts = box.evaluate_many(answer_task(), [program, program, GOOD, GOOD])
        assert box.evaluated_alone == 0
        assert server_children(box) == []
    assert [v.error_type for v in verdicts[:2]] == ["PermissionError"] * 2, describe(verdicts[0])
    assert [v.outcome for v in verdicts[2:]] == [Outcome.SUCCESS] * 2


def test_a_zygotes_children_are_timed_from_their_own_start() -> None:
    """A child's duration is its own, not the sum of the children before it."""
    sleepy = "import time\n\ndef answer():\n    time.sleep(0.3)\n    return 42\n"
    with Sandbox(hostile_config(workers=1)) as box:
        verdicts = box.evaluate_many(answer_task(), [sleepy] * 4)
        alone = box.evaluate(answer_task(), sleepy)
        assert box.evaluated_alone == 0
    assert [v.outcome for v in verdicts] == [Outcome.SUCCESS] * 4
    assert all(v.duration_s < 2 * alone.duration_s for v in verdicts), [v.duration_s for v in verdicts]


# Writes the start of an answer (a length, no body) into every descriptor it has, then outlives its time.
STALLS_MID_ANSWER = writes_everywhere_then_stalls("(1000).to_bytes(4, 'little')")


@pytest.mark.parametrize("stalling", [SWALLOWS_TIMEOUT, STALLS_MID_ANSWER], ids=["swallows-timeout", "mid-answer"])
def test_a_program_that_outlives_its_time_does_not_stall_its_group(stalling: str) -> None:
    """The stalled program is given up at its own deadline (the group's last, which the zygote judges itself, as a
    child would be): the programs before it keep the verdicts the group gave them, and the group's verdicts arrive
    well before the fork server's deadline for the whole group."""
    programs = [GOOD, GOOD, GOOD, stalling]
    config = hostile_config(workers=1, timeout_s=1.0, grace_s=0.5)
    task = answer_task()
    with Sandbox(config) as box:
        started = time.monotonic()
        results = box.run_groups([[Job(task, program, i) for i, program in enumerate(programs)]])
        first = next(results)
        waited = time.monotonic() - started
        verdicts = {job.key: verdict.outcome for job, verdict in [first, *results]}
        assert box.evaluated_alone == 1  # the stalled program only
    assert [verdicts[i] for i in range(len(programs))] == [Outcome.SUCCESS] * 3 + [Outcome.TIMEOUT]
    # (the server's deadline for a group: one round of timeout and grace per program and one for the setup)
    assert waited < (len(programs) + 1) * (config.timeout_s + config.grace_s), waited


def test_a_zygotes_child_has_what_is_left_of_the_time_a_lone_evaluation_has() -> None:
    """The shared setup's time counts against each child's limit, as it does for a program run alone."""
    slow_setup = source(
        """
        import time

        def setup_env_answer():
            time.sleep(0.6)
            simulate_org_structure(["Ada Lovelace"])
        """
    )
    task = answer_task(setup=slow_setup)
    program = "import time\n\ndef answer():\n    time.sleep(0.6)\n    return 42\n"
    with Sandbox(hostile_config(workers=1, timeout_s=1.0, grace_s=0.5)) as box:
        alone = box.evaluate(task, program)
        grouped = box.evaluate_many(task, [program, program])
    assert alone.outcome is Outcome.TIMEOUT
    assert [v.outcome for v in grouped] == [Outcome.TIMEOUT, Outcome.TIMEOUT]


def test_preparing_during_a_run_is_refused_like_a_second_run() -> None:
    with Sandbox(hostile_config()) as box:
        running = box.run([Job(answer_task(), GOOD), Job(answer_task(), GOOD)])
        next(running)
        with pytest.raises(RuntimeError, match="one run at a time"):
            box.prepare([answer_task(evaluation=EVALUATE_OTHER)])
        running.close()
        box.prepare([answer_task()])  # free again


def test_a_group_holding_something_that_is_not_a_job_is_refused_by_name() -> None:
    with Sandbox(hostile_config()) as box:
        with pytest.raises(TypeError, match="not str"):
            list(box.run_groups([[Job(answer_task(), GOOD), "def answer():\n    return 42\n"]]))
        with pytest.raises(TypeError, match="not tuple"):
            list(box.run([Job(answer_task(), GOOD), (answer_task(), GOOD)]))  # type: ignore[list-item]


def test_the_protections_name_the_audit_hook_only_when_it_is_installed() -> None:
    with Sandbox(hostile_config(audit_hook=False)) as bare, Sandbox(hostile_config()) as guarded:
        assert "audit hook" not in bare.protections.describe()
        assert "audit hook" in guarded.protections.describe()


EVALUATE_POINT = source(
    """
    def evaluate_point(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
        setup_function()
        from tests.executor.crossing_values import Point

        result = executable(Point(41))
        if result != 42:
            raise SolutionError(f"expected 42, got {result!r}")
    """
)


def test_a_settings_value_classes_cross_only_when_its_sandbox_registers_them() -> None:
    program = "def answer(point):\n    return point.x + 1\n"
    task = answer_task(EVALUATE_POINT)
    with Sandbox(hostile_config(workers=1, value_modules=["tests.executor.crossing_values"])) as box:
        assert box.config.value_modules == ("tests.executor.crossing_values",)
        assert box.evaluate(task, program).outcome is Outcome.SUCCESS
    # Unregistered: an opaque value, without its fields. (Its class is the evaluation program's own here: a judge
    # may not read the tests' code, only the base packages'.)
    unregistered = EVALUATE_POINT.replace(
        "from tests.executor.crossing_values import Point", "Point = dataclasses.make_dataclass('Point', ['x'])"
    )
    with Sandbox(hostile_config(workers=1)) as box:
        verdict = box.evaluate(answer_task("import dataclasses\n\n" + unregistered), program)
    assert (verdict.outcome, verdict.error_type) == (Outcome.EXECUTION_ERROR, "AttributeError"), describe(verdict)


def test_a_value_module_that_cannot_be_imported_stops_the_sandbox() -> None:
    with pytest.raises(ValueError, match="value_modules"):
        SandboxConfig(value_modules=(1,))  # type: ignore[arg-type]
    with Sandbox(hostile_config(workers=1, value_modules=("no_such_module_here",))) as box:
        with pytest.raises(RuntimeError, match="no_such_module_here"):
            box.evaluate(answer_task(), GOOD)


def test_registering_value_modules_adds_each_once_and_keeps_the_rest_of_the_config() -> None:
    config = SandboxConfig(workers=1, timeout_s=3.0, value_modules=("a.values",))
    registered = config.registering(["b.values", "a.values", "b.values"])
    assert registered.value_modules == ("a.values", "b.values")
    assert (registered.workers, registered.timeout_s) == (1, 3.0)
    assert config.registering(["a.values"]) is config


def test_a_job_carries_its_task_programs_compiled_and_the_judge_shows_their_lines() -> None:
    from aspera_core.executor.worker import decode_job

    broken_setup = "def setup():\n    return (\n"
    task = answer_task(pairs=2)
    task.state_generation_programs[1] = broken_setup
    decoded, programs, _, _ = decode_job(sandbox_module.encode_job(task, [GOOD], ["nonce"]))
    assert programs == [GOOD]
    # compiled as the judge would compile them, but for the setup that does not compile (the judge tries, and fails)
    assert set(decoded.compiled) == {
        (task.state_generation_programs[0], "<setup 1>"),
        (task.evaluation_programs[0], "<evaluation 1>"),
        (task.evaluation_programs[1], "<evaluation 2>"),
    }
    checked = answer_task(EVALUATE_OTHER + "    assert False, 'checked'\n")
    with Sandbox(hostile_config(workers=1)) as box:
        failed, broken = box.evaluate(checked, GOOD), box.evaluate(task, GOOD)
    assert failed.outcome is Outcome.TASK_COMPLETION_ERROR and "assert False, 'checked'" in (failed.traceback or "")
    assert broken.pairs[-1].index == 1 and "SyntaxError" in (broken.traceback or ""), broken


# -- a fork server started ahead of its sandbox ----------------------------------------------------


def test_a_fork_server_started_ahead_serves_the_sandbox_it_is_given() -> None:
    started = sandbox_module.start_fork_server()
    with Sandbox(hostile_config(), started) as box:
        assert box.server_pid == started.process.pid
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
        assert box.evaluate(answer_task(), WRONG).outcome is Outcome.TASK_COMPLETION_ERROR
    assert started.process.poll() is not None  # closed with its sandbox


def test_a_fork_server_started_ahead_exits_once_its_channel_closes_unused() -> None:
    started = sandbox_module.start_fork_server()
    started.channel.close()
    assert started.process.wait(60) == 0


def test_a_sandbox_given_a_fork_server_that_has_ended_starts_its_own() -> None:
    started = sandbox_module.start_fork_server()
    started.process.kill()
    started.process.wait()
    with Sandbox(hostile_config(), started) as box:
        assert box.server_pid != started.process.pid
        assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS


def test_more_slots_than_one_message_can_carry_reach_the_fork_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox_module, "FDS_PER_MESSAGE", 3)  # 2 + 2 * 3 descriptors: three messages
    with Sandbox(hostile_config(workers=3)) as box:
        verdicts = [verdict for _, verdict in box.run(Job(answer_task(), GOOD, i) for i in range(6))]
    assert [verdict.outcome for verdict in verdicts] == [Outcome.SUCCESS] * 6


def test_prepare_leaves_the_compiling_to_the_jobs_once_the_fork_server_is_ready() -> None:
    from aspera_core.executor.harness import marshalled_code

    from .support import SETUP

    task = answer_task(setup=SETUP + f"\n# {time.monotonic_ns()}\n")  # a text no earlier test compiled
    with Sandbox(hostile_config()) as box:
        assert box.protections  # (its hello: the server is ready)
        misses = marshalled_code.cache_info().misses
        box.prepare([task])
        assert marshalled_code.cache_info().misses == misses  # a job would wait for this compiling
        assert box.evaluate(task, GOOD).outcome is Outcome.SUCCESS
        assert marshalled_code.cache_info().misses > misses  # (compiled as its job was sent)


def test_a_fork_server_another_sandbox_took_is_not_taken_twice() -> None:
    started = sandbox_module.start_fork_server()
    with Sandbox(hostile_config(), started) as first, Sandbox(hostile_config(), started) as second:
        assert second.server_pid != first.server_pid
        assert second.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
        assert first.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS


def test_a_sandbox_whose_descriptors_are_numbered_past_1023_prepares_and_evaluates() -> None:
    # (600 workers' report and job files did this: select() refused the status pipe's number)
    from .support import SETUP

    taken = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        with Sandbox(hostile_config()) as box:
            box.prepare([answer_task(setup=SETUP + f"\n# {time.monotonic_ns()}\n")])
            assert box.evaluate(answer_task(), GOOD).outcome is Outcome.SUCCESS
    finally:
        for fd in taken:
            os.close(fd)


def test_a_zygote_forwards_a_childs_complete_report_lines_and_drops_one_cut_off_by_a_kill() -> None:
    from aspera_core.executor.reports import complete_lines

    assert complete_lines(b'{"kind": "start"}\n{"kind": "pair"}\n') == b'{"kind": "start"}\n{"kind": "pair"}\n'
    assert complete_lines(b'{"kind": "start"}\n{"kind": "ver') == b'{"kind": "start"}\n'
    assert complete_lines(b'{"kind": "ver') == complete_lines(b"") == b""


def test_a_zygotes_report_gives_each_program_the_verdict_its_own_lines_carry() -> None:
    from aspera_core.executor.reports import MAX_REPORT_BYTES, reported_verdicts

    def line(nonce: str, **fields: object) -> bytes:
        return (json.dumps({"nonce": nonce, **fields}) + "\n").encode()

    data = (
        line("a", kind="start", index=0)
        + b"not json\n"
        + line("b", kind="verdict", outcome="success")
        + line("a", kind="verdict", outcome="task_completion_error", message="no")
        + line("c", kind="start", index=0)
    )
    first, second, third, missing = reported_verdicts(data, ["a", "b", "c", "d"], 1)
    assert (first.outcome, first.message) == (Outcome.TASK_COMPLETION_ERROR, "no")
    assert second.outcome is Outcome.SUCCESS
    assert third is None and missing is None  # a start line alone is no verdict
    assert reported_verdicts(data + b" " * MAX_REPORT_BYTES, ["a", "b"], 1) == [None, None]  # a flood: none


AFFINITY = "import os\n\ndef answer():\n    return sorted(os.sched_getaffinity(0))\n"


def test_each_worker_and_what_it_forks_run_on_a_cpu_of_their_own_when_there_are_cpus_enough() -> None:
    """A judge and its candidate take turns: kept on one CPU, neither is woken on the other worker's CPU."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        pytest.skip("needs two CPUs")
    task = answer_task()
    with Sandbox(hostile_config(workers=2)) as box:
        alone = {verdict.return_value for _, verdict in box.run([Job(task, AFFINITY, i) for i in range(4)])}
        grouped = {verdict.return_value for _, verdict in box.run_groups([[Job(task, AFFINITY, i) for i in range(3)]])}
    assert alone == {repr([cpus[0]]), repr([cpus[1]])}  # (the first two jobs start at once, one per worker)
    assert len(grouped) == 1 and grouped <= alone  # a zygote's children and candidates stay on its CPU
    with Sandbox(hostile_config(workers=len(cpus) + 1)) as box:
        shared = {verdict.return_value for _, verdict in box.run([Job(task, AFFINITY, i) for i in range(2)])}
    assert shared == {repr(cpus)}  # more workers than CPUs: the scheduler places them
