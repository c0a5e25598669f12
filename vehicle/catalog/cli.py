"""``n7web catalog check [DIR]``: load and validate a catalog, exit 1 if invalid."""

from __future__ import annotations

import argparse
import sys

from .catalog import CatalogError
from .loader import default_catalog_dir, load_catalog
from .messages import load_messages


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="n7web catalog")
    sub = parser.add_subparsers(dest="action", required=True)
    check = sub.add_parser("check", help="validate the catalog (and its DBC)")
    check.add_argument("directory", nargs="?", default=None)
    args = parser.parse_args(argv)
    directory = args.directory or str(default_catalog_dir())
    try:
        cat = load_catalog(directory)
        _check_can(directory, cat)
        _check_vocabulary(directory, cat)
        load_messages(directory)
    except CatalogError as exc:
        print(f"n7web catalog: invalid catalog: {exc}", file=sys.stderr)
        return 1
    print(
        f"catalog OK: {directory} generation {cat.generation}: "
        f"{len(cat.capabilities)} capabilities, {len(cat.modes)} modes, "
        f"{len(cat.peripherals)} peripherals, {len(cat.needs)} needs"
    )
    return 0


def _check_can(directory: str, cat) -> None:
    """The DBC agrees with the catalog (ids, signals, ranges)."""
    from vehicle.can.dbc import load_vehicle_dbc

    load_vehicle_dbc(directory, cat)


def _check_vocabulary(directory: str, cat) -> None:
    """The vocabulary files hold no word with two meanings in one class, no filler
    with a meaning, and only values the catalog has: the parser is built from
    them as the service builds it."""
    from vehicle.parser import Parser

    Parser(cat, directory)
