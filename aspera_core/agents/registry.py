"""Agents by name, for the command line (``aspera run --agent NAME``)."""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Iterable
from typing import Any

from aspera_core.agents.base import Agent
from aspera_core.agents.builtin import HandbackAgent, MutantAgent, NoopAgent, ReferenceAgent, ReplayAgent


def _replay(replay: str | None = None, **_: Any) -> Agent:
    if not replay:
        raise ValueError("the replay agent needs a results file (--replay FILE)")
    return ReplayAgent(replay)


#: Values of the ``setting`` option (``aspera run --setting``): the assistant library, or the
#: standard-library control surface (only the cck agent writes control programs).
SETTINGS = ("library", "control")


def _check_setting(agent: str, setting: str | None, supported: tuple[str, ...] = ("library",)) -> None:
    if setting is not None and setting not in SETTINGS:
        raise ValueError(f"unknown setting {setting!r}; expected one of: {', '.join(SETTINGS)}")
    if setting is not None and setting not in supported:
        raise ValueError(f"the {agent} agent has no {setting} setting; only the cck agent writes control programs")


def _library_only(agent: str, factory: Callable[..., Agent]) -> Callable[..., Agent]:
    """A built-in agent's factory that refuses a setting other than the library."""

    def build(setting: str | None = None, **options: Any) -> Agent:
        _check_setting(agent, setting)
        return factory(**options)

    return build


def _control_programs(control_dir: str | None) -> dict[str, str]:
    """The control reference programs of a task set's control folder ({} when there is none)."""
    if not control_dir:
        return {}
    from aspera_core.control.programs import load_control_programs

    programs, _ = load_control_programs(control_dir)  # unusable files only lose their return-type hint
    return programs


def _model_agent(kind: str) -> Callable[..., Agent]:
    """A factory for a model-backed agent; the model client is imported only when one is built."""

    def build(
        *,
        model: str | None = None,
        base_url: str | None = None,
        api_key_env: str | None = None,
        temperature: float | None = 0.0,
        max_tokens: int | None = None,
        request_timeout_s: float | None = None,
        budget: Any = None,
        cache_dir: str | None = None,
        use_cache: bool = True,
        prompts_dir: str | None = None,
        setting: str | None = None,
        control_dir: str | None = None,
        max_cost_usd: float | None = None,
        **options: Any,
    ) -> Agent:
        _check_setting(kind, setting, SETTINGS if kind == "cck" else ("library",))
        if not model:
            raise ValueError(f"the {kind} agent needs a model (--model NAME)")
        from aspera_core.agents.model_agents import CCKAgent, PromptStore, PSAgent
        from aspera_core.llm import Budget, LLMClient, LLMConfig, ResponseCache

        if budget is None and max_cost_usd is not None:  # parameter files name a limit, not a Budget object
            budget = Budget(max_cost_usd=max_cost_usd)

        settings: dict[str, Any] = {"model": model, "base_url": base_url, "temperature": temperature}
        settings.update({"max_tokens": max_tokens} if max_tokens else {})
        settings.update({"api_key_env": api_key_env} if api_key_env else {})
        settings.update({"timeout_s": request_timeout_s} if request_timeout_s else {})
        cache = ResponseCache(cache_dir) if use_cache else None
        client = LLMClient(LLMConfig(**settings), cache=cache, budget=budget)
        prompts = PromptStore(prompts_dir) if prompts_dir else None
        if kind == "explore":
            return _explore_agent(client, prompts, **options)
        if kind == "ps":
            return PSAgent(client, prompts=prompts)
        if setting == "control":
            return CCKAgent(client, prompts=prompts, setting="control", control_programs=_control_programs(control_dir))
        return CCKAgent(client, prompts=prompts)

    return build


def _explore_agent(
    client: Any,
    prompts: Any,
    *,
    max_turns: int | None = None,
    max_episode_tokens: int | None = None,
    max_dry_runs: int | None = None,
    dry_run_world: str | None = None,
    dry_run_timeout_s: float | None = None,
    protocol: str | None = None,
    library_fixes: bool = False,
    **_: Any,
) -> Agent:
    """The explore agent with its budgets and dry-run options (``None``: the agent's default)."""
    from aspera_core.agents.explore import DEFAULT_DRY_RUN_TIMEOUT_S, ExploreAgent
    from aspera_core.agents.explore_episode import Budgets
    from aspera_core.executor import SandboxConfig

    defaults = Budgets()
    budgets = Budgets(
        max_turns=defaults.max_turns if max_turns is None else max_turns,
        max_tokens=defaults.max_tokens if max_episode_tokens is None else max_episode_tokens,
        max_dry_runs=defaults.max_dry_runs if max_dry_runs is None else max_dry_runs,
    )
    timeout = DEFAULT_DRY_RUN_TIMEOUT_S if dry_run_timeout_s is None else dry_run_timeout_s
    config = SandboxConfig(workers=1, timeout_s=timeout, library_fixes=library_fixes)
    return ExploreAgent(
        client,
        prompts=prompts,
        budgets=budgets,
        dry_run_world=dry_run_world or "generic",
        protocol=protocol or "auto",
        dry_run_config=config,
    )


#: name -> factory taking keyword options (unused options are ignored).
AGENTS: dict[str, Callable[..., Agent]] = {
    "reference": _library_only("reference", lambda **_: ReferenceAgent()),
    "noop": _library_only("noop", lambda **_: NoopAgent()),
    "handback": _library_only("handback", lambda **_: HandbackAgent()),
    "replay": _library_only("replay", _replay),
    "mutant": _library_only("mutant", lambda mutation_kinds=None, **_: MutantAgent(mutation_kinds)),
    "cck": _model_agent("cck"),
    "ps": _model_agent("ps"),
    "explore": _model_agent("explore"),
}


def _keywords(function: Callable[..., Any], *leave_out: str) -> frozenset[str]:
    parameters = inspect.signature(function).parameters.values()
    return frozenset(p.name for p in parameters if p.kind is not p.VAR_KEYWORD and p.name not in leave_out)


_MODEL_OPTIONS = _keywords(_model_agent("cck"))
#: Keyword options each built-in agent's factory reads (the command line passes every option to
#: every factory, which ignores the rest; parameter files are checked against these).
OPTIONS: dict[str, frozenset[str]] = {
    **{name: frozenset({"setting"}) for name in ("reference", "noop", "handback")},
    "replay": frozenset({"setting", "replay"}),
    "mutant": frozenset({"setting", "mutation_kinds"}),
    "cck": _MODEL_OPTIONS,
    "ps": _MODEL_OPTIONS,
    "explore": _MODEL_OPTIONS | _keywords(_explore_agent, "client", "prompts"),
}


def unknown_options(name: str, options: Iterable[str]) -> str | None:
    """Why ``options`` do not suit the built-in agent ``name`` (``None``: they do, or it is not built in).

    A misspelt option would otherwise be ignored, and the agent run with its default.
    """
    known = OPTIONS.get(name)
    unknown = [option for option in options if known is not None and option not in known]
    if not unknown:
        return None
    close = difflib.get_close_matches(unknown[0], sorted(known or ()), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    accepted = ", ".join(sorted(known - {"setting"} if known else ())) or "none but setting"
    return f"the {name} agent has no option {unknown[0]!r}{hint}; its options: {accepted}"


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make an agent available by name (model-backed agents register themselves here).

    Args:
        name: The name used on the command line.
        factory: Called with keyword options (e.g. ``replay=...``) to build the agent.

    Raises:
        ValueError: the name is taken.
    """
    if name in AGENTS:
        raise ValueError(f"an agent named {name!r} is already registered")
    AGENTS[name] = factory


def make_agent(name: str, **options: Any) -> Agent:
    """Build the agent called ``name``.

    Args:
        name: A registered agent name.
        **options: Options for its factory (``replay`` for the replay agent).

    Returns:
        The agent.

    Raises:
        KeyError: no agent has that name.
        ValueError: an option the agent needs is missing or invalid.
    """
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}{_suggestion(name)}; available: {', '.join(sorted(AGENTS))}") from None
    return factory(**options)


def closest_agent(name: str) -> str | None:
    """The registered agent name closest to ``name`` (case aside), when one is close enough to be a typo of it."""
    by_lower = {known.lower(): known for known in AGENTS}
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=1, cutoff=0.75)
    return by_lower[close[0]] if close else None


def _suggestion(name: str) -> str:
    """`` (did you mean 'x'?)`` for the registered name closest to ``name`` (case aside), or nothing."""
    close = closest_agent(name)
    return f" (did you mean {close!r}?)" if close else ""
