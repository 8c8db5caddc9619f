"""How long loading a task set takes: cold, from the disk cache, and from the in-process cache.

Measures ``load_tasks`` on the project's task set (``data/aspera_workbench_v1``)
and on a 250-task set made of the project's tasks repeated under new ids and
queries. Each measurement runs in a fresh interpreter, so that "cold" really
parses and "disk" really starts with an empty process:

* ``cold``: parse with every cache off (``open_task_set(path, cache=False)``);
* ``disk``: a new process whose disk cache holds the set (the usual case for
  a second ``aspera run`` on the same set);
* ``memory``: a second ``load_tasks`` in the same process;
* ``digest``: ``task_set_digest`` after the set was loaded once;
* ``process``: the whole ``python -c "load_tasks(...)"`` process, import included,
  with a warm disk cache (and, for comparison, cold).

Usage::

    python benchmarks/bench_tasks.py [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TASK_SET = REPO / "data" / "aspera_workbench_v1"

MEASURE = """
import json, sys, time
started = time.perf_counter()
from aspera_core.tasks import load_tasks, open_task_set, task_set_digest
imported = time.perf_counter()
path, mode = sys.argv[1], sys.argv[2]
result = {"import_s": imported - started}
if mode == "cold":
    begin = time.perf_counter()
    task_set = open_task_set(path, cache=False)
    result["cold_s"] = time.perf_counter() - begin
    result["tasks"] = len(task_set.tasks)
else:
    begin = time.perf_counter()
    tasks = load_tasks(path)
    result["disk_s"] = time.perf_counter() - begin
    begin = time.perf_counter()
    load_tasks(path)
    result["memory_s"] = time.perf_counter() - begin
    begin = time.perf_counter()
    task_set_digest(path)
    result["digest_s"] = time.perf_counter() - begin
    result["tasks"] = len(tasks)
print(json.dumps(result))
"""

WHOLE_PROCESS = "from aspera_core.tasks import load_tasks; import sys; load_tasks(sys.argv[1])"


def repeated_set(folder: Path, count: int) -> Path:
    """The project's tasks repeated under new ids and queries until there are ``count``."""
    from aspera_core.tasks import load_tasks, write_tasks

    source = load_tasks(TASK_SET)
    tasks = []
    for number in range(count):
        task = source[number % len(source)]
        copy = number // len(source)
        query = task.query if copy == 0 else f"{task.query} (copy {copy})"
        tasks.append(task.model_copy(update={"query_id": str(number + 1), "query": query, "shard": None}))
    write_tasks(tasks, folder)
    return folder


def run(code: str, args: list[str], cache: Path | None) -> tuple[float, str]:
    env = {**os.environ, "ASPERA_CACHE_DIR": str(cache) if cache else ""}
    begin = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=REPO)
    elapsed = time.perf_counter() - begin
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return elapsed, done.stdout


def spread(values: list[float], scale: float = 1000.0) -> str:
    values = [v * scale for v in values]
    return f"{min(values):7.1f} {statistics.median(values):7.1f} {max(values):7.1f}"


def measure(path: Path, rounds: int, scratch: Path) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {}
    for round_number in range(rounds):
        cache = scratch / f"cache-{path.name}-{round_number}"
        _, out = run(MEASURE, [str(path), "cold"], None)
        for key, value in json.loads(out).items():
            found.setdefault(key, []).append(value)
        found.setdefault("process_cold_s", []).append(run(WHOLE_PROCESS, [str(path)], None)[0])
        run(WHOLE_PROCESS, [str(path)], cache)  # fills the disk cache
        _, out = run(MEASURE, [str(path), "warm"], cache)
        for key, value in json.loads(out).items():
            if key != "import_s":
                found.setdefault(key, []).append(value)
        found.setdefault("process_warm_s", []).append(run(WHOLE_PROCESS, [str(path)], cache)[0])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="fresh-process rounds per measurement (default 5)")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs; {sys.version.split()[0]}")
    print(f"milliseconds over {args.rounds} rounds (min median max)")
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        sets = [TASK_SET, repeated_set(scratch / "tasks250", 250)]
        rows = [
            ("cold", "parse, caches off"),
            ("disk", "new process, disk cache warm"),
            ("memory", "same process, second load"),
            ("digest", "task_set_digest after a load"),
            ("import", "import aspera_core.tasks"),
            ("process_cold", "whole process, caches off"),
            ("process_warm", "whole process, disk cache warm"),
        ]
        for path in sets:
            found = measure(path, args.rounds, scratch)
            name = path.relative_to(REPO) if path.is_relative_to(REPO) else f"{path.name} (project tasks repeated)"
            print(f"\n{name}: {int(found['tasks'][0])} tasks")
            for key, label in rows:
                print(f"  {label:<34} {spread(found[f'{key}_s'])}")


if __name__ == "__main__":
    main()
