"""The solver: the requests ``aspera run`` sends for the same task and seed, through inspect's model.

``cck`` and ``control`` send one request; ``ps`` one selection request per library module,
then the program request. Epoch 1 is seed 0. The program and the selected imports are read from
inspect's final text, never from the model's reasoning (which inspect keeps apart, and which a
server without a reasoning parser may leave inline as ``<think>`` blocks). What the scorer and the import need is kept
in the sample's store under ``aspera:`` keys (:data:`STORE`).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    ContentReasoning,
    GenerateConfig,
    ModelOutput,
    get_model,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver

from aspera_workbench.agents import (
    Message,
    RequestTally,
    cck_messages,
    control_messages,
    extract_program,
    prompt_digest,
    ps_messages,
    reference_primitives,
    selected_names,
    selection_messages,
    selection_scores,
)
from aspera_workbench.inspect_bridge.benchmark import CCK_EXAMPLES, PS_EXAMPLES, Benchmark
from aspera_workbench.llm import LENGTH, joined_reasoning, prompt_cut, prompt_size, split_reasoning
from aspera_workbench.surface import ALL_MODULES, module_primitives

#: Keys of the sample store the solver fills (read by the scorer and by ``aspera import-inspect``).
STORE = SimpleNamespace(
    seed="aspera:seed",
    program="aspera:program",
    problem="aspera:parse_problem",
    generation="aspera:generation",
    selection="aspera:selection",
    details="aspera:details",
)


def seed_of(epoch: int) -> int:
    return epoch - 1


def chat(messages: list[Message]) -> list[ChatMessage]:
    kinds = {"system": ChatMessageSystem, "user": ChatMessageUser, "assistant": ChatMessageAssistant}
    return [kinds[message["role"]](content=message["content"]) for message in messages]


#: inspect's stop reasons for an answer the token limit (or the context window) ended.
_CUT_OFF = frozenset({"max_tokens", "model_length"})


def _answered(output: ModelOutput, messages: list[Message]) -> SimpleNamespace:
    """What :class:`RequestTally` reads of an answer, from inspect's output (no price: inspect's own accounts).

    ``text`` is inspect's final text (never its reasoning content) without any thinking left inline
    in it; ``reasoning`` both. ``messages`` were sent: the endpoint's count of their tokens is checked.
    """
    usage = output.usage
    tokens = (
        None
        if usage is None
        else SimpleNamespace(
            prompt_tokens=usage.input_tokens,
            completion_tokens=usage.output_tokens,
            total_tokens=usage.total_tokens,
            reasoning_tokens=usage.reasoning_tokens,
        )
    )
    text, inline = split_reasoning(output.completion)
    message = output.message if output.choices else None
    apart = [part.reasoning for part in _parts(message) if isinstance(part, ContentReasoning)]
    cut_off = output.stop_reason in _CUT_OFF
    return SimpleNamespace(
        usage=tokens,
        cost_usd=None,
        spent_usd=None,
        latency_s=output.time or 0.0,
        cached=False,
        text=text,
        reasoning=joined_reasoning(*apart, inline),
        finish_reason=LENGTH if cut_off else output.stop_reason,
        cut_off=cut_off,
        prompt_cut=prompt_cut(prompt_size(messages)[1], None if usage is None else usage.input_tokens),
    )


def _parts(message: ChatMessageAssistant | None) -> list[Any]:
    return [] if message is None or isinstance(message.content, str) else list(message.content)


@solver
def aspera_solver(benchmark: Benchmark) -> Solver:
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        task = benchmark.tasks[str(state.sample_id)]
        seed = seed_of(state.epoch)
        model = get_model()
        tally = RequestTally()
        details: dict[str, Any] = {}
        selection = None
        files = benchmark.files
        if benchmark.setting == "ps":
            chosen: dict[str, None] = {}
            answers: dict[str, str] = {}
            for module in ALL_MODULES:
                asked = selection_messages(task, module, files, True)
                output = await model.generate(chat(asked), config=GenerateConfig(seed=seed))
                selected = _answered(output, asked)
                tally.add(selected)
                answers[module] = selected.text
                for name in selected_names(selected.text, module_primitives(module, documented_only=True)):
                    chosen.setdefault(name)
            selection = selection_scores(chosen, reference_primitives(task))
            details["selection_answers"] = answers
            messages = ps_messages(task, chosen, files, PS_EXAMPLES, True)
        elif benchmark.control:
            reference = benchmark.control_programs.get(task.query_id)
            messages = control_messages(task, files, CCK_EXAMPLES, True, reference)
        else:
            messages = cck_messages(task, files, CCK_EXAMPLES, True)
        state.messages = chat(messages)
        state = await generate(state, tool_calls="none", seed=seed)
        answered = _answered(state.output, messages)
        tally.add(answered)
        answer = answered.text
        parsed = extract_program(answer, arguments=benchmark.solution_arguments)
        generation = tally.generation(files.version, prompt_digest(messages), answer, None)
        state.store.set(STORE.seed, seed)
        state.store.set(STORE.program, parsed.program)
        state.store.set(STORE.problem, parsed.problem)
        state.store.set(STORE.generation, generation.model_dump(mode="json"))
        state.store.set(STORE.selection, None if selection is None else selection.model_dump(mode="json"))
        state.store.set(STORE.details, details)
        return state

    return solve
