"""The installed distribution's version, for ``n7web --version``."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _dist_version


def version() -> str:
    """The ``n7web`` distribution's version (from the wheel's metadata)."""
    try:
        return _dist_version("n7web")
    except PackageNotFoundError:  # a bare source tree that was never installed
        return "0+unknown"
