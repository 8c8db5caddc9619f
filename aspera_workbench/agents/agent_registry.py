"""Agents by name (``aspera run --agent NAME``) and the typed options of the built-in ones.

The command line, parameter files and :func:`make_agent` all validate through
:data:`AGENT_OPTIONS`; with the context ``{"files": True, "base": ROOT}`` the files the
options name are looked at too, without a request, a key, or anything created.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, ValidationError, ValidationInfo, field_validator

from aspera_core.agents import Agent, HandbackAgent, NoopAgent, ReferenceAgent, ReplayAgent
from aspera_core.executor import SandboxConfig
from aspera_workbench.agents.explore_dryrun import DRY_RUN_WORLDS, PROTOCOLS
from aspera_workbench.agents.mutant_agent import MutantAgent, check_kinds
from aspera_workbench.control import load_control_programs
from aspera_workbench.options import (
    AtLeastOne,
    AtLeastZero,
    Dollars,
    EndpointURL,
    Name,
    Options,
    PathName,
    Seconds,
    Temperature,
    describe,
)

#: Values of the ``setting`` option (``aspera run --setting``): the assistant library, or the
#: standard-library control surface (only the cck agent writes control programs).
SETTINGS = ("library", "control")


def _context(info: ValidationInfo, key: str, default: Any = None) -> Any:
    return (info.context or {}).get(key, default)


def _looked_at(value: str, info: ValidationInfo) -> Path | None:
    """The file or folder an option names, when the validation looks at files (``None`` otherwise)."""
    if not _context(info, "files"):
        return None
    return Path(_context(info, "base", ".")) / Path(value).expanduser()


class AgentOptions(Options):
    """Options of the reference, noop and handback agents (and of every built-in agent)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    #: The settings the agent has.
    settings: ClassVar[tuple[str, ...]] = ("library",)

    setting: str | None = None

    @field_validator("setting")
    @classmethod
    def _known_setting(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is not None and value not in SETTINGS:
            raise ValueError(f"unknown setting {value!r}; expected one of: {', '.join(SETTINGS)}")
        if value is not None and value not in cls.settings:
            agent = _context(info, "agent", "this")
            raise ValueError(f"the {agent} agent has no {value} setting; only the cck agent writes control programs")
        return value


class ReplayOptions(AgentOptions):
    """Options of the replay agent: the results file whose programs it submits."""

    replay: PathName

    @field_validator("replay")
    @classmethod
    def _readable(cls, value: str, info: ValidationInfo) -> str:
        path = _looked_at(value, info)
        if path is None:
            return value
        if path.is_dir():
            raise ValueError(f"{value} is a folder; the replay agent needs a results file")
        if not path.exists():
            raise ValueError(f"{value} does not exist")
        try:  # reading tells what looking does not (no programs in it)
            ReplayAgent(str(path))
        except OSError as error:
            raise ValueError(f"{value}: {error.strerror or error}") from None
        return value


class MutantOptions(AgentOptions):
    """Options of the mutant agent: the kinds of mutant it draws (``None``: every kind)."""

    mutation_kinds: list[str] | None = None

    @field_validator("mutation_kinds")
    @classmethod
    def _known_kinds(cls, kinds: list[str] | None) -> list[str] | None:
        return check_kinds(kinds)


class ModelOptions(AgentOptions):
    """Options of the model-backed agents (ps; cck and explore add theirs): see ``aspera run --help``.

    ``None`` leaves a setting to the model client's default; ``temperature: null`` sends none.
    The paths are folders: the answer cache, the prompts kept, the control reference programs.
    ``allow_short_context``: go on when the endpoint did not see a whole prompt, marking such rows.
    """

    model: Name
    base_url: EndpointURL | None = None
    api_key_env: Name | None = None
    temperature: Temperature | None = 0.0
    max_tokens: AtLeastOne | None = None
    request_timeout_s: Seconds | None = None
    max_cost_usd: Dollars | None = None
    use_cache: bool = True
    cache_dir: PathName | None = None
    prompts_dir: PathName | None = None
    control_dir: PathName | None = None
    allow_short_context: bool = False

    @field_validator("max_cost_usd")
    @classmethod
    def _priced(cls, value: float | None, info: ValidationInfo) -> float | None:
        if value is None or not _context(info, "files") or "model" not in info.data:
            return value
        from aspera_workbench.llm import PriceTable  # deferred: the model client's package imports openai

        prices = PriceTable.load()
        if prices.for_model(info.data["model"]) is None:
            note = prices.missing_note(info.data["model"])
            raise ValueError(f"a spend limit is set but {note}; the limit cannot be enforced")
        return value

    @field_validator("cache_dir", "prompts_dir")
    @classmethod
    def _usable_folder(cls, value: str | None, info: ValidationInfo) -> str | None:
        path = _looked_at(value, info) if value is not None else None
        if path is None or (info.field_name == "cache_dir" and info.data.get("use_cache") is False):
            return value
        # deferred: both modules import openai, which a built-in agent's options never need
        from aspera_workbench.agents.model_agents import PromptStore
        from aspera_workbench.llm import ResponseCache

        try:  # what the store would refuse on being built; neither makes a folder until it writes
            (ResponseCache if info.field_name == "cache_dir" else PromptStore)(path)
        except OSError as error:  # a file where the folder would be, a folder of other files
            raise ValueError(f"{error.filename or value} {error.strerror or error}") from None
        return value


class CCKOptions(ModelOptions):
    """Options of the cck agent: those of every model-backed agent; it alone has the control setting."""

    settings: ClassVar[tuple[str, ...]] = SETTINGS


class ExploreOptions(ModelOptions):
    """Options of the explore agent: its budgets and dry runs (``None``: the agent's default; docs/explore.md)."""

    max_turns: AtLeastOne | None = None
    max_episode_tokens: AtLeastOne | None = None
    max_dry_runs: AtLeastZero | None = None
    dry_run_world: Literal[DRY_RUN_WORLDS] | None = None  # type: ignore[valid-type]
    dry_run_timeout_s: Seconds | None = None
    protocol: Literal[PROTOCOLS] | None = None  # type: ignore[valid-type]
    library_fixes: bool = False


#: The options model of each built-in agent.
AGENT_OPTIONS: dict[str, type[AgentOptions]] = {
    "reference": AgentOptions,
    "noop": AgentOptions,
    "handback": AgentOptions,
    "replay": ReplayOptions,
    "mutant": MutantOptions,
    "cck": CCKOptions,
    "ps": ModelOptions,
    "explore": ExploreOptions,
}

#: The built-in agents that ask a model (they need a model name, a key, and may cost money).
MODEL_AGENTS = ("cck", "ps", "explore")

#: Options that name a file or folder (a caller resolves them against its own base, e.g. the project root).
PATH_OPTIONS = frozenset({"replay", "cache_dir", "prompts_dir", "control_dir"})


def check_options(
    name: str, options: Mapping[str, Any], *, files: bool = False, base: str | Path | None = None
) -> AgentOptions | None:
    """The options of the built-in agent ``name``, validated (``None`` for an agent registered elsewhere).

    With ``files``, the files and folders they name (relative to ``base``) and the model's price
    (for a spending limit) are looked at too, as building the agent would; nothing is sent or created.

    Raises:
        pydantic.ValidationError: an unknown key or a bad value (worded by :func:`aspera_workbench.options.describe`).
    """
    model = AGENT_OPTIONS.get(name)
    if model is None:
        return None
    return model.model_validate(dict(options), context={"agent": name, "files": files, "base": base or "."})


def _control_programs(control_dir: str | None) -> dict[str, str]:
    if not control_dir:
        return {}
    programs, _ = load_control_programs(control_dir)  # unusable files only lose their return-type hint
    return programs


def _model_agent(name: str, options: ModelOptions, budget: Any) -> Agent:
    # deferred: openai, only when a model-backed agent is built
    from aspera_workbench.agents.model_agents import CCKAgent, PromptStore, PSAgent
    from aspera_workbench.llm import build_model_client

    client = build_model_client(
        model=options.model,
        base_url=options.base_url,
        temperature=options.temperature,
        max_tokens=options.max_tokens,
        api_key_env=options.api_key_env,
        timeout_s=options.request_timeout_s,
        use_cache=options.use_cache,
        cache_dir=options.cache_dir,
        budget=budget,  # parameter files name a limit, not a spend account
        max_cost_usd=options.max_cost_usd,
    )
    prompts = PromptStore(options.prompts_dir) if options.prompts_dir else None
    if isinstance(options, ExploreOptions):
        return _explore_agent(client, prompts, options)
    short = options.allow_short_context
    if name == "ps":
        return PSAgent(client, prompts=prompts, allow_short_context=short)
    if options.setting == "control":
        control = _control_programs(options.control_dir)
        return CCKAgent(client, prompts=prompts, setting="control", control_programs=control, allow_short_context=short)
    return CCKAgent(client, prompts=prompts, allow_short_context=short)


def _explore_agent(client: Any, prompts: Any, options: ExploreOptions) -> Agent:
    # deferred: the explore agent's module imports openai
    from aspera_workbench.agents.explore import DEFAULT_DRY_RUN_TIMEOUT_S, ExploreAgent
    from aspera_workbench.agents.explore_episode import Budgets

    limits = {"max_turns": options.max_turns, "max_tokens": options.max_episode_tokens}
    limits["max_dry_runs"] = options.max_dry_runs
    budgets = Budgets(**{key: value for key, value in limits.items() if value is not None})
    timeout = DEFAULT_DRY_RUN_TIMEOUT_S if options.dry_run_timeout_s is None else options.dry_run_timeout_s
    return ExploreAgent(
        client,
        prompts=prompts,
        budgets=budgets,
        dry_run_world=options.dry_run_world or "generic",
        protocol=options.protocol or "auto",
        dry_run_config=SandboxConfig(workers=1, timeout_s=timeout, library_fixes=options.library_fixes),
        allow_short_context=options.allow_short_context,
    )


def _build(name: str, options: AgentOptions, budget: Any) -> Agent:
    if isinstance(options, ModelOptions):
        return _model_agent(name, options, budget)
    if isinstance(options, ReplayOptions):
        return ReplayAgent(options.replay)
    if isinstance(options, MutantOptions):
        return MutantAgent(options.mutation_kinds)
    return {"reference": ReferenceAgent, "noop": NoopAgent, "handback": HandbackAgent}[name]()


def _builtin(name: str) -> Callable[..., Agent]:
    """The factory of a built-in agent; ``budget`` is the run's spend account, not an option."""

    def factory(budget: Any = None, **options: Any) -> Agent:
        known = AGENT_OPTIONS[name].model_fields
        try:
            checked = check_options(name, {key: value for key, value in options.items() if key in known})
        except ValidationError as error:
            raise ValueError(f"the {name} agent's options: {describe(error)}") from None
        assert checked is not None
        return _build(name, checked, budget)

    return factory


#: name -> factory taking keyword options (options an agent does not take are ignored).
AGENTS: dict[str, Callable[..., Agent]] = {name: _builtin(name) for name in AGENT_OPTIONS}


def missing_key(name: str, options: Mapping[str, Any]) -> str | None:
    """The variable (``api_key_env``, ``OPENAI_API_KEY`` by default) a model-backed agent would read
    its key from, when it holds none by the model client's rule; else ``None``. Nothing is sent.
    """
    if name not in MODEL_AGENTS:
        return None
    # deferred: the model client's package imports openai; the light commands check no key
    from aspera_workbench.llm import DEFAULT_API_KEY_ENV, key_from_environment

    variable = options.get("api_key_env") or DEFAULT_API_KEY_ENV
    return None if key_from_environment(variable) is not None else variable


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make an agent available by name; ``factory`` is called with keyword options (``ValueError`` if taken)."""
    if name in AGENTS:
        raise ValueError(f"an agent named {name!r} is already registered")
    AGENTS[name] = factory


def make_agent(name: str, **options: Any) -> Agent:
    """Build the agent called ``name``.

    A built-in agent ignores the ``options`` it does not take (:data:`AGENT_OPTIONS`) and
    validates the others.

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
    close = closest_agent(name)
    return f" (did you mean {close!r}?)" if close else ""
