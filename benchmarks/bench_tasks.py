"""How long loading a task set takes: cold, and from the disk cache in a new process and in the same one.

Measures ``load_tasks`` on the project's task set (``data/aspera_workbench_v1``)
and on a 250-task set made of the project's tasks repeated under new ids and
queries. Each measurement runs in a fresh interpreter, so that "cold" really
parses and "disk" really starts with an empty process:

* ``cold``: parse with every cache off (``open_task_set(path, cache=False)``);
* ``disk``: a new process whose disk cache holds the set (the usual case for
  a second ``aspera run`` on the same set);
* ``memory``: a second ``load_tasks`` in the same process (the disk cache again);
* ``digest``: ``task_set_digest`` after the set was loaded once;
* ``process``: the whole ``python -c "load_tasks(...)"`` process, import included,
  with a warm disk cache (and, for comparison, cold).

Wall-clock times depend on what else the machine runs; CPU times much less, so
both are printed.

Usage::

    python benchmarks/bench_tasks.py [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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

def timed(name, call):
    wall, cpu = time.perf_counter(), time.process_time()
    value = call()
    result[name] = [time.perf_counter() - wall, time.process_time() - cpu]
    return value

result = {}
timed("import", lambda: __import__("aspera_core.tasks"))
from aspera_core.tasks import load_tasks, open_task_set, task_set_digest
path, mode = sys.argv[1], sys.argv[2]
if mode == "cold":
    result["tasks"] = len(timed("cold", lambda: open_task_set(path, cache=False)).tasks)
else:
    result["tasks"] = len(timed("disk", lambda: load_tasks(path)))
    timed("memory", lambda: load_tasks(path))
    timed("digest", lambda: task_set_digest(path))
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


def run(code: str, args: list[str], cache: Path | None) -> tuple[list[float], str]:
    """Run ``code`` in a fresh interpreter; its wall and CPU seconds, and what it printed."""
    env = {**os.environ, "ASPERA_CACHE_DIR": str(cache) if cache else ""}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    begin = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=REPO)
    elapsed = time.perf_counter() - begin
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return [elapsed, cpu], done.stdout


def spread(samples: list[list[float]]) -> str:
    """Wall milliseconds (min, median, max) and median CPU milliseconds."""
    wall = [sample[0] * 1000 for sample in samples]
    cpu = statistics.median(sample[1] * 1000 for sample in samples)
    return f"{min(wall):7.1f} {statistics.median(wall):7.1f} {max(wall):7.1f}   {cpu:7.1f}"


def measure(path: Path, rounds: int, scratch: Path) -> dict[str, list]:
    found: dict[str, list] = {}
    for round_number in range(rounds):
        cache = scratch / f"cache-{path.name}-{round_number}"
        _, out = run(MEASURE, [str(path), "cold"], None)
        for key, value in json.loads(out).items():
            found.setdefault(key, []).append(value)
        found.setdefault("process_cold", []).append(run(WHOLE_PROCESS, [str(path)], None)[0])
        run(WHOLE_PROCESS, [str(path)], cache)  # fills the disk cache
        _, out = run(MEASURE, [str(path), "warm"], cache)
        for key, value in json.loads(out).items():
            if key not in ("import", "tasks"):
                found.setdefault(key, []).append(value)
        found.setdefault("process_warm", []).append(run(WHOLE_PROCESS, [str(path)], cache)[0])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="fresh-process rounds per measurement (default 5)")
    args = parser.parse_args()
    print(
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs; {sys.version.split()[0]}"
    )
    print(f"milliseconds over {args.rounds} rounds: wall clock (min median max) and CPU (median)")
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
                print(f"  {label:<34} {spread(found[key])}")


if __name__ == "__main__":
    main()
