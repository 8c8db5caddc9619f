"""The inspect task ``aspera_workbench/asper_bench``.

Run it with any model inspect supports::

    inspect eval aspera_workbench/asper_bench --model openai/gpt-4o -T setting=ps --epochs 3

The package registers this module through inspect's ``inspect_ai`` entry point
(pyproject.toml), so the task is found by name once the workbench is installed.
"""

from __future__ import annotations

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import GenerateConfig

from aspera_core.tasks import Task as AsperaTask
from aspera_workbench.inspect_bridge.benchmark import METADATA_KEY, Benchmark, load_benchmark
from aspera_workbench.inspect_bridge.scorer import sandbox_verdict, setting_metrics
from aspera_workbench.inspect_bridge.solver import aspera_solver


def sample_of(task: AsperaTask) -> Sample:
    return Sample(
        id=task.query_id,
        input=task.query,
        metadata={"tags": list(task.tags), "apps": list(task.scenario.apps), "reference_program": task.program},
    )


def bench_task(benchmark: Benchmark) -> Task:
    return Task(
        dataset=MemoryDataset([sample_of(item) for item in benchmark.selected], name="asper_bench"),
        solver=aspera_solver(benchmark),
        scorer=sandbox_verdict(benchmark),
        metrics=setting_metrics(benchmark.setting),
        # aspera run samples at temperature 0 unless told otherwise; --temperature overrides this.
        config=GenerateConfig(temperature=0.0),
        metadata={METADATA_KEY: benchmark.identity()},
    )


@task
def asper_bench(
    tasks: str | None = None,
    setting: str = "cck",
    ids: str | list[str] | None = None,
    limit: int | None = None,
    timeout: float = 10.0,
    memory_mb: int = 1024,
    workers: int | None = None,
    library_fixes: bool = False,
) -> Task:
    """Asper-Bench: programs written against the simulated assistant library, judged by the workbench's sandbox.

    Args:
        tasks: The task set: any path ``aspera run --tasks`` accepts (a release folder,
            its ``plans`` folder, a ``.nt`` shard, a ``.tgz`` release); default the embedded set.
        setting: ``cck`` (complete codebase knowledge), ``ps`` (primitive selection) or
            ``control`` (the standard-library control surface).
        ids: Only these task ids (comma separated, or a list).
        limit: At most this many tasks (after ``ids``).
        timeout: Seconds per task in the sandbox.
        memory_mb: Memory cap per task in MiB.
        workers: Programs evaluated at once (default: one per CPU, as ``aspera run``).
        library_fixes: Evaluate with the library's documented fixes (default: the original's behaviour).
    """
    return bench_task(load_benchmark(tasks, setting, ids, limit, timeout, memory_mb, workers, library_fixes))
