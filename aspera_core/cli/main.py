"""The ``aspera`` command.

Each subcommand lives in its own module of this package, which exposes
``add_arguments(parser)`` (declares its options) and ``run(args) -> int``
(does the work, returns the exit status); the first line of the module's
docstring is its help text. To add a subcommand, write the module and add it
to :data:`SUBCOMMANDS`.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence

from aspera_core import __version__

#: command name -> module of ``aspera_core.cli``, in the order ``--help`` lists them.
SUBCOMMANDS: dict[str, str] = {
    "build-tasks": "build_tasks",
    "validate": "validate",
    "run": "run",
    "summary": "summary",
    "stats": "stats",
    "pipeline": "pipeline",
}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    parser = argparse.ArgumentParser(prog="aspera", description="ASPERA workbench: evaluate programs on task sets.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    subparsers.required = True
    for command, module_name in SUBCOMMANDS.items():
        module = importlib.import_module(f"{__package__}.{module_name}")
        doc = (module.__doc__ or "").strip()
        # "``aspera run``: evaluate ..." -> "evaluate ..."
        summary = re.sub(r"^``[^`]*``:\s*", "", doc.splitlines()[0]) if doc else command
        sub = subparsers.add_parser(
            command,
            help=summary,
            description=doc,
            epilog=getattr(module, "EXAMPLE", None),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(sub)
        sub.set_defaults(handler=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``aspera`` command.

    Args:
        argv: Arguments without the program name (``sys.argv[1:]`` by default).

    Returns:
        The exit status.
    """
    args = build_parser().parse_args(argv)
    return int(args.handler(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
