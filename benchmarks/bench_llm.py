"""Overhead and concurrency of the model client against a local scripted server.

The server (``tests/support/openai_server.py``) runs in its own process, so it does not
compete with the client for the interpreter lock. Two measurements:

1. CPU milliseconds per call in the client process, sequential, server answering at once:
   the ``openai`` package's typed ``create`` and its raw ``post`` (no retries), against
   :class:`aspera_workbench.llm.LLMClient` with its cache and budget. The client minus the raw
   post is the client's own overhead (request shaping, hashing, parsing, cost, cache
   write). A cache hit is timed too.
2. Wall time of N calls with a fixed server latency at several concurrencies (threads
   sharing one client), and the speed-up over one thread.

Usage::

    python benchmarks/bench_llm.py [--calls 250] [--latency 0.05] [--prompt-kb 40] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import openai  # noqa: E402

from aspera_workbench.llm import Budget, LLMClient, LLMConfig, PriceTable, ResponseCache  # noqa: E402

MODEL = "scripted-model"
PRICES = PriceTable([{"name": MODEL, "input": 1.0, "output": 2.0}], source="the benchmark prices")


def start_server(latency: float) -> tuple[subprocess.Popen, str]:
    """Start the scripted server in a child process; returns it and its base URL."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.support.openai_server", "--latency", str(latency)],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return process, process.stdout.readline().strip()


def stop_server(process: subprocess.Popen) -> None:
    process.stdin.close()
    process.wait(timeout=10)


def messages(prompt: str, n: int) -> list[dict[str, str]]:
    return [{"role": "system", "content": prompt}, {"role": "user", "content": f"question {n}"}]


def per_call_ms(function, calls: int) -> float:
    """CPU milliseconds this process spends per call (the server's work is in another process).

    CPU time rather than wall time: on a shared machine it moves much less with the load.
    """
    started = time.process_time()
    for n in range(calls):
        function(n)
    return (time.process_time() - started) / calls * 1000


def overhead(base_url: str, calls: int, prompt: str, rounds: int) -> None:
    bare = openai.OpenAI(api_key="k", base_url=base_url, max_retries=0)
    config = LLMConfig(model=MODEL, base_url=base_url, api_key="k", seed=0)

    def typed(n: int) -> object:
        return bare.chat.completions.create(model=MODEL, messages=messages(prompt, n), temperature=0.0, seed=0)

    def raw(n: int) -> object:
        body = {"model": MODEL, "messages": messages(prompt, n), "temperature": 0.0, "seed": 0}
        return bare.post("/chat/completions", cast_to=str, body=body)

    with tempfile.TemporaryDirectory() as folder:
        client = LLMClient(config, cache=ResponseCache(folder), budget=Budget(), prices=PRICES)
        per_typed, per_raw, per_client, per_hit = [], [], [], []
        for round_number in range(rounds):
            offset = round_number * calls
            per_typed.append(per_call_ms(typed, calls))
            per_raw.append(per_call_ms(raw, calls))
            per_client.append(per_call_ms(lambda n, o=offset: client.complete(messages(prompt, o + n)), calls))
            per_hit.append(per_call_ms(lambda n, o=offset: client.complete(messages(prompt, o + n)), calls))
        client.close()
    bare.close()
    differences = [c - r for c, r in zip(per_client, per_raw)]
    print(f"sequential, {calls} calls per round, {rounds} rounds, system message of {len(prompt) // 1024} KiB:")
    print(f"  openai, typed create     {_range(per_typed)} CPU ms per call")
    print(f"  openai, raw post         {_range(per_raw)} CPU ms per call (the HTTP exchange alone)")
    print(f"  LLMClient, fresh answer  {_range(per_client)} CPU ms per call (cache write and budget included)")
    print(f"  LLMClient own overhead   {_range(differences)} CPU ms per call (fresh answer minus raw post)")
    print(f"  LLMClient, cache hit     {_range(per_hit)} CPU ms per call (nothing sent)")


def concurrency(base_url: str, calls: int, latency: float, prompt: str, levels: list[int]) -> None:
    config = LLMConfig(model=MODEL, base_url=base_url, api_key="k")
    print(f"{calls} calls, server latency {latency * 1000:.0f} ms, one shared client, no cache:")
    walls = {}
    for level in levels:
        client = LLMClient(config, budget=Budget(), prices=PRICES)
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=level) as pool:
            list(pool.map(lambda n, c=client: c.complete(messages(prompt, n)), range(calls)))
        walls[level] = time.perf_counter() - started
        client.close()
        ideal = calls * latency / level
        print(
            f"  concurrency {level:>2}: {walls[level]:6.2f} s wall, speed-up {walls[levels[0]] / walls[level]:4.1f}x "
            f"over {levels[0]} (latency alone: {ideal:.2f} s)"
        )


def _range(values: list[float]) -> str:
    return f"{min(values):6.2f}-{max(values):6.2f} (median {statistics.median(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=250)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--prompt-kb", type=int, default=40, help="size of the system message, like a CCK prompt")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    args = parser.parse_args()
    prompt = "documentation " * (args.prompt_kb * 1024 // 14)

    process, base_url = start_server(0.0)
    try:
        overhead(base_url, args.calls, prompt, args.rounds)
    finally:
        stop_server(process)
    process, base_url = start_server(args.latency)
    try:
        concurrency(base_url, args.calls, args.latency, prompt, args.concurrency)
    finally:
        stop_server(process)


if __name__ == "__main__":
    main()
