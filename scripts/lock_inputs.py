"""The inputs of the lock files, read from pyproject.toml, and their fingerprint.

``make lock`` writes the fingerprint into each lock file's header; the
bootstrap and the install script refuse a lock whose fingerprint no longer
matches pyproject.toml (a dependency was added or changed without
regenerating the lock), naming the fix.

    python scripts/lock_inputs.py fingerprint          # prints it
    python scripts/lock_inputs.py build-requires       # one requirement a line
    python scripts/lock_inputs.py check FILE...        # exit 1 naming the stale files
"""

from __future__ import annotations

import hashlib
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADER = "# lock-inputs-sha256: "


def inputs() -> dict[str, object]:
    """What the locks are resolved from: runtime, test extra, build system, Python."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = data["project"]
    return {
        "dependencies": sorted(project.get("dependencies", [])),
        "test": sorted(project.get("optional-dependencies", {}).get("test", [])),
        "build": sorted(data["build-system"]["requires"]),
        "requires-python": project.get("requires-python", ""),
    }


def fingerprint() -> str:
    return hashlib.sha256(json.dumps(inputs(), sort_keys=True).encode()).hexdigest()


def recorded(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines()[:20]:
        if line.startswith(HEADER):
            return line[len(HEADER) :].strip()
    return None


def main(argv: list[str]) -> int:
    if argv[:1] == ["fingerprint"]:
        print(fingerprint())
        return 0
    if argv[:1] == ["build-requires"]:
        print("\n".join(inputs()["build"]))  # type: ignore[arg-type]
        return 0
    if argv[:1] == ["check"] and len(argv) > 1:
        want = fingerprint()
        stale = [name for name in argv[1:] if not (ROOT / name).is_file() or recorded(ROOT / name) != want]
        if stale:
            print(
                f"{', '.join(stale)} do(es) not match pyproject.toml's dependencies: "
                "run `make lock` and commit the lock files",
                file=sys.stderr,
            )
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
