"""The ``n7web`` command: one subcommand per area, each imported only when used.

Subcommand modules expose ``main(argv: list[str]) -> int`` so start-up stays
fast (``n7web parse`` does not import the web stack).
"""

from __future__ import annotations

import importlib
import sys

#: subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("app.serve", "run the service on 127.0.0.1"),
    "say": ("app.say", "post text as the voice front end would and print the reply"),
    "parse": ("vehicle.parser.cli", "parse an utterance (or one per stdin line) to JSON"),
    "simulate": ("vehicle.sim.cli", "run the ECU simulator on a CAN bus"),
    "catalog": ("vehicle.catalog.cli", "check the capability catalog"),
}


def _usage() -> str:
    lines = ["usage: n7web [--version] COMMAND [ARGS...]", "", "commands:"]
    lines += [f"  {name:<10} {help_}" for name, (_, help_) in SUBCOMMANDS.items()]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(_usage())
        return 0 if args else 2
    name, rest = args[0], args[1:]
    if name in ("-V", "--version") or (name == "serve" and "--version" in rest):
        from .version import version

        print(f"n7web {version()}")
        return 0
    if name not in SUBCOMMANDS:
        print(f"n7web: unknown command {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(SUBCOMMANDS[name][0])
    return int(module.main(rest) or 0)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
