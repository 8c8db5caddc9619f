"""Overhead and concurrency of the model-backed agents, against a local scripted server.

The project's 84 tasks are repeated under new ids up to 250. A scripted
OpenAI-protocol server runs in its own process on 127.0.0.1 and answers every
request with a short program after a fixed latency (50 ms by default). Printed:

* the workbench's own cost per task, besides the server: building the CCK
  prompt, the client's work for one request (CPU time of this process per
  call: request encoding, HTTP, answer decoding, spend tracking), parsing the
  answer, and the whole ``propose`` call at concurrency 1 minus the server's
  latency;
* the wall time of ``aspera run``'s loop (programs obtained and evaluated in
  the sandbox) at concurrency 1, 8 and 32, and the speed-up over 1.

No answer cache is used, so every request reaches the server. Usage::

    python benchmarks/bench_agents.py [--tasks 250] [--latency 0.05]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

ANSWER = "Here is the program:\n```python\ndef solution() -> int:\n    return len(find_events())\n```\n"
SERVER = f"""
import sys, time
from tests.support.openai_server import Reply, ScriptedOpenAIServer
server = ScriptedOpenAIServer([Reply.text({ANSWER!r})], latency_s=float(sys.argv[1])).start()
server._repeat_last = True
print(server.base_url, flush=True)
while True:
    time.sleep(3600)
"""


def tasks(count: int) -> list:
    from aspera_core.tasks import load_tasks

    base = load_tasks(REPO / "data" / "aspera_workbench_v1")
    return [
        base[i % len(base)].model_copy(
            update={"query_id": str(100000 + i), "query": f"{base[i % len(base)].query} #{i}"}
        )
        for i in range(count)
    ]


def agent(base_url: str):  # noqa: ANN201
    from aspera_core.agents.model_agents import CCKAgent
    from aspera_core.llm import LLMClient, LLMConfig

    return CCKAgent(LLMClient(LLMConfig(model="scripted-model", base_url=base_url, api_key="bench")))


def per_task_ms(action, items: list) -> float:  # noqa: ANN001
    started = time.perf_counter()
    for item in items:
        action(item)
    return 1000 * (time.perf_counter() - started) / len(items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=250)
    parser.add_argument("--latency", type=float, default=0.05)
    args = parser.parse_args()

    from aspera_core.agents.parsing import extract_program
    from aspera_core.agents.prompting import PromptFiles, cck_messages
    from aspera_core.executor import SandboxConfig
    from aspera_core.runner import run_agent

    work = tasks(args.tasks)
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(args.latency)], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        base_url = server.stdout.readline().strip()  # type: ignore[union-attr]
        files = PromptFiles.load()
        print(f"{len(work)} tasks; scripted server at {base_url} with {1000 * args.latency:.0f} ms latency per request")
        prompt_ms = per_task_ms(lambda task: cck_messages(task, files), work)
        parse_ms = per_task_ms(lambda _: extract_program(ANSWER), work)
        fast = agent(base_url)
        started_cpu, started = time.process_time(), time.perf_counter()
        for task in work:
            fast.propose(task, 0)
        wall = time.perf_counter() - started
        cpu_ms = 1000 * (time.process_time() - started_cpu) / len(work)
        overhead_ms = 1000 * wall / len(work) - 1000 * args.latency
        print(f"building the CCK prompt:            {prompt_ms:6.2f} ms per task")
        print(f"parsing the answer:                 {parse_ms:6.2f} ms per task")
        print(f"propose(), CPU time of this process: {cpu_ms:6.2f} ms per task (prompt, request, parse, bookkeeping)")
        print(f"propose(), wall time minus latency:  {overhead_ms:6.2f} ms per task (target: under 2 ms)")
        timings = {}
        for concurrency in (1, 8, 32):
            with tempfile.TemporaryDirectory() as folder:
                started = time.perf_counter()
                report = run_agent(
                    work,
                    agent(base_url),
                    Path(folder) / "out.jsonl",
                    SandboxConfig(workers=2),
                    concurrency=concurrency,
                    progress=False,
                )
                timings[concurrency] = time.perf_counter() - started
            print(
                f"run_agent, concurrency {concurrency:2d}: {timings[concurrency]:6.2f} s wall for {report.evaluated} "
                f"programs ({timings[1] / timings[concurrency]:4.1f}x faster than concurrency 1)"
            )
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
