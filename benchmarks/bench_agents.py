"""Overhead and concurrency of the model-backed agents, against a local scripted server.

The project's 84 tasks are repeated under new ids up to 250. A scripted
OpenAI-protocol server runs in its own process on 127.0.0.1 and answers every
request with a short program after a fixed latency (50 ms by default). Printed:

* the workbench's own cost per task, besides the server: building the CCK
  prompt, parsing the answer and the bookkeeping of a row (making and
  serialising it), together the target of under 2 ms; then, apart, the CPU
  time of one request through the ``openai`` package (encoding, HTTP, decoding,
  spend tracking) and the wall time of a whole ``propose`` call minus the
  server's latency;
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
    from aspera_workbench.agents.model_agents import CCKAgent
    from aspera_workbench.llm import LLMClient, LLMConfig

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

    from aspera_core.executor import SandboxConfig, Verdict
    from aspera_core.outcomes import Outcome
    from aspera_core.runner import run_agent
    from aspera_core.runner.run import _Work, make_row
    from aspera_workbench.agents.agent_prompts import PromptFiles, cck_messages
    from aspera_workbench.agents.answer_parsing import extract_program

    work = tasks(args.tasks)
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(args.latency)], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        base_url = server.stdout.readline().strip()  # type: ignore[union-attr]
        files = PromptFiles.load()
        print(f"{len(work)} tasks; scripted server at {base_url} with {1000 * args.latency:.0f} ms latency per request")
        for task in work:  # render each scenario's documentation once, as a run does
            cck_messages(task, files)
        prompt_ms = per_task_ms(lambda task: cck_messages(task, files), work)
        parse_ms = per_task_ms(lambda _: extract_program(ANSWER), work)
        fast = agent(base_url)
        proposal = fast.propose(work[0], 0)
        verdict = Verdict(outcome=Outcome.SUCCESS, pairs_run=1, pairs_total=1, duration_s=0.005)
        row_ms = per_task_ms(
            lambda task: make_row(
                _Work(task, 0, "2026-01-01T00:00:00", proposal), fast, verdict, "r"
            ).model_dump_json(),
            work,
        )
        messages = cck_messages(work[0], files)
        started_cpu = time.process_time()
        for _ in work:
            fast.client.complete(messages, seed=0)
        request_ms = 1000 * (time.process_time() - started_cpu) / len(work)
        started = time.perf_counter()
        for task in work:
            fast.propose(task, 0)
        overhead_ms = 1000 * (time.perf_counter() - started) / len(work) - 1000 * args.latency
        print(f"building the CCK prompt:          {prompt_ms:6.2f} ms per task")
        print(f"parsing the answer:               {parse_ms:6.2f} ms per task")
        print(f"making and serialising the row:   {row_ms:6.2f} ms per task")
        print(
            f"together:                         {prompt_ms + parse_ms + row_ms:6.2f} ms per task (target: under 2 ms)"
        )
        print(f"one request, CPU of this process: {request_ms:6.2f} ms (the openai package's HTTP exchange, ~50 KB)")
        print(f"propose(), wall minus latency:    {overhead_ms:6.2f} ms per task (shares 2 cores with the server)")
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
