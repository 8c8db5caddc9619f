"""Agents by name, for the command line (``aspera run --agent NAME``)."""

from __future__ import annotations

import difflib
import inspect
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aspera_core.agents.base import Agent
from aspera_core.agents.builtin import HandbackAgent, NoopAgent, ReferenceAgent, ReplayAgent
from aspera_workbench.agents.mutant_agent import MutantAgent


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
    from aspera_workbench.control.control_programs import load_control_programs

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
        from aspera_workbench.agents.model_agents import CCKAgent, PromptStore, PSAgent
        from aspera_workbench.llm import Budget, LLMClient, LLMConfig, ResponseCache

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
    from aspera_core.executor import SandboxConfig
    from aspera_workbench.agents.explore import DEFAULT_DRY_RUN_TIMEOUT_S, ExploreAgent
    from aspera_workbench.agents.explore_episode import Budgets

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


#: The built-in agents that ask a model (they need a model name, a key, and may cost money).
MODEL_AGENTS = ("cck", "ps", "explore")

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


# ``budget`` is the run's spend account, an object the command line passes; a parameter file names
# a limit (``max_cost_usd``) instead, so it is not among the options a parameter file may give.
_MODEL_OPTIONS = _keywords(_model_agent("cck"), "budget")
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


#: Options that name a file or folder (a caller resolves them against its own base, e.g. the project root).
PATH_OPTIONS = frozenset({"replay", "cache_dir", "prompts_dir", "control_dir"})


@dataclass(frozen=True)
class OptionProblem:
    """What is wrong with one option of a built-in agent, in words that fit every way of giving it.

    Attributes:
        option: The option at fault (its keyword, e.g. ``temperature``).
        problem: What is wrong (``expected a finite number of at least 0, got 'hot'``).
        missing: The agent needs the option and it was not given (``problem`` says so).
    """

    option: str
    problem: str
    missing: bool = False


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number_problem(
    value: Any, *, least: float, above: bool = False, whole: bool = False, what: str = ""
) -> str | None:
    """Why ``value`` is not a finite number of at least (or above) ``least`` (``None``: it is one)."""
    if whole:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= least
        return None if ok else f"expected a whole number of at least {least:g}, got {value!r}"
    ok = _is_number(value) and math.isfinite(value) and (value > least if above else value >= least)
    if ok:
        return None
    bound = f"greater than {least:g}" if above else f"of at least {least:g}"
    return f"expected a finite {what or 'number'} {bound}, got {value!r}"


def _truth_problem(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"expected true or false, got {value!r}"


def _choice_problem(value: Any, choices: Iterable[str]) -> str | None:
    choices = tuple(choices)
    return None if value in choices else f"expected one of: {', '.join(choices)}, got {value!r}"


def _path_problem(value: Any) -> str | None:
    return None if isinstance(value, str | Path) and str(value).strip() else f"expected a file name, got {value!r}"


def _replay_problem(replay: Any) -> OptionProblem | None:
    if replay is None or replay == "":
        return OptionProblem("replay", "the replay agent needs a results file", missing=True)
    problem = _path_problem(replay)
    if problem:
        return OptionProblem("replay", problem)
    path = Path(replay)
    if path.is_dir():
        return OptionProblem("replay", f"{replay} is a folder; the replay agent needs a results file")
    if not path.exists():
        return OptionProblem("replay", f"{replay} does not exist")
    return None


def _mutation_kinds_problem(kinds: Any) -> OptionProblem | None:
    if kinds is None:
        return None
    from aspera_workbench.variants import BREAKING_KINDS

    if not isinstance(kinds, list | tuple) or not all(isinstance(kind, str) for kind in kinds):
        return OptionProblem("mutation_kinds", f"expected a list of mutation kinds, got {kinds!r}")
    for kind in kinds:
        if kind not in BREAKING_KINDS:
            close = difflib.get_close_matches(kind, list(BREAKING_KINDS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(BREAKING_KINDS)
            return OptionProblem("mutation_kinds", f"unknown mutation kind {kind!r}{hint}; known: {known}")
    return None


def _model_problem(kind: str, options: Mapping[str, Any]) -> OptionProblem | None:
    """The first unusable option of a model-backed agent, checked without a key, a request or a file written."""
    model = options.get("model")
    if model is None or model == "":
        return OptionProblem("model", f"the {kind} agent needs a model", missing=True)
    if not isinstance(model, str) or not model.strip():
        return OptionProblem("model", f"expected a model name (e.g. gpt-4o-mini), got {model!r}")
    checks: dict[str, Callable[[Any], str | None]] = {
        "base_url": lambda value: (
            None
            if isinstance(value, str) and value.strip().startswith(("http://", "https://"))
            else f"expected a URL starting with http:// or https:// (e.g. http://127.0.0.1:8000/v1), got {value!r}"
        ),
        "api_key_env": lambda value: (
            None
            if isinstance(value, str) and value.strip()
            else f"expected the name of an environment variable, got {value!r}"
        ),
        "temperature": lambda value: _number_problem(value, least=0),
        "max_tokens": lambda value: _number_problem(value, least=1, whole=True),
        "request_timeout_s": lambda value: _number_problem(value, least=0, above=True),
        "max_cost_usd": lambda value: _number_problem(value, least=0, what="number of dollars"),
        "use_cache": _truth_problem,
        "cache_dir": _path_problem,
        "prompts_dir": _path_problem,
        "control_dir": _path_problem,
    }
    if kind == "explore":
        from aspera_workbench.agents.explore import PROTOCOL_CHOICES
        from aspera_workbench.agents.explore_dryrun import DRY_RUN_WORLDS

        checks.update(
            {
                "max_turns": lambda value: _number_problem(value, least=1, whole=True),
                "max_episode_tokens": lambda value: _number_problem(value, least=1, whole=True),
                "max_dry_runs": lambda value: _number_problem(value, least=0, whole=True),
                "dry_run_world": lambda value: _choice_problem(value, DRY_RUN_WORLDS),
                "dry_run_timeout_s": lambda value: _number_problem(value, least=0, above=True),
                "protocol": lambda value: _choice_problem(value, PROTOCOL_CHOICES),
                "library_fixes": _truth_problem,
            }
        )
    for option, check in checks.items():
        value = options.get(option)
        if value is None or (option == "use_cache" and value is True):
            continue
        problem = check(value)
        if problem:
            return OptionProblem(option, problem)
    return _model_files_problem(model, options)


def _model_files_problem(model: str, options: Mapping[str, Any]) -> OptionProblem | None:
    """What the model client and the prompt store would refuse on being built (no folder is made)."""
    from aspera_workbench.agents.model_agents import PromptStore
    from aspera_workbench.llm import PriceTable, ResponseCache

    if options.get("max_cost_usd") is not None:
        prices = PriceTable.load()
        if prices.for_model(model) is None:
            return OptionProblem(
                "max_cost_usd", f"a spend limit is set but {prices.missing_note(model)}; the limit cannot be enforced"
            )
    for option, store in (("cache_dir", ResponseCache), ("prompts_dir", PromptStore)):
        if options.get(option) is None or (option == "cache_dir" and options.get("use_cache") is False):
            continue
        try:
            store(options[option])
        except OSError as error:  # a file where the folder would be, a folder of other files
            return OptionProblem(option, f"{error.filename or options[option]} {error.strerror or error}")
    return None


def option_problem(name: str, options: Mapping[str, Any]) -> OptionProblem | None:
    """The first unusable option value of the built-in agent ``name`` (``None``: none, or not built in).

    Checked as the agent's factory would find it, without building a model client:
    no request is sent, no key is needed, and no file or folder is created (the
    answer cache and prompts folders are only looked at). The option names are
    :func:`unknown_options`' to check. Paths are taken as given: resolve them first.

    Args:
        name: The agent's name.
        options: The options its factory would be given.

    Returns:
        The first problem found, or ``None``.
    """
    if name not in OPTIONS:
        return None
    try:
        _check_setting(name, options.get("setting"), SETTINGS if name == "cck" else ("library",))
    except ValueError as error:
        return OptionProblem("setting", str(error))
    if name == "replay":
        return _replay_problem(options.get("replay"))
    if name == "mutant":
        return _mutation_kinds_problem(options.get("mutation_kinds"))
    if name in MODEL_AGENTS:
        return _model_problem(name, options)
    return None


def missing_key(name: str, options: Mapping[str, Any]) -> str | None:
    """The environment variable a model-backed agent would read its key from, when it holds none.

    Only presence is checked, by the rule the model client applies when it is built
    (an unset, empty or blank variable holds no key); nothing is sent. The variable is
    the ``api_key_env`` option, ``OPENAI_API_KEY`` by default.

    Args:
        name: The agent's name.
        options: The options its factory would be given.

    Returns:
        The variable's name when it holds no key, else ``None`` (also for agents without a model).
    """
    if name not in MODEL_AGENTS:
        return None
    from aspera_workbench.llm.config import DEFAULT_API_KEY_ENV, key_from_environment

    variable = options.get("api_key_env") or DEFAULT_API_KEY_ENV
    return None if key_from_environment(variable) is not None else variable


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
