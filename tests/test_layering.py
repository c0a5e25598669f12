"""The layering of DESIGN section 2, checked on the source: vehicle/ imports
nothing from app/ or mcp_server/; mcp_server/ nothing from app/ or vehicle/;
app/ has no import cycle; routes reach the turn pipeline only through what
``app.turn`` exports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"vehicle": ("app", "mcp_server"), "mcp_server": ("app", "vehicle")}


def imported_packages(path: Path) -> set[str]:
    return {name.split(".")[0] for name in imported_modules(path)}


def _module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(path: Path) -> set[str]:
    """Absolute names of every module `path` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_of(path).split(".") if path.is_relative_to(ROOT) else []
    if path.name != "__init__.py" and package:
        package = package[:-1]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                out.add(module)
                out |= {f"{module}.{alias.name}" for alias in node.names}
            elif node.module:
                out.add(node.module)
                out |= {f"{node.module}.{alias.name}" for alias in node.names}
    return out


def app_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """app module -> the app modules it imports (names that are not modules are dropped)."""
    files = {_module_of(f): f for f in sorted((root / "app").rglob("*.py"))}
    return {name: {m for m in imported_modules(f) if m in files and m != name} for name, f in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (as a path that returns to its start), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            # a package's __init__ importing its own submodules is how packages work, not a cycle
            if nxt.startswith(node + ".") or node.startswith(nxt + "."):
                continue
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_does_not_import_forbidden_layers(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    offenders = {str(f.relative_to(ROOT)): sorted(imported_packages(f) & set(FORBIDDEN[package])) for f in files}
    assert {f: bad for f, bad in offenders.items() if bad} == {}


def test_the_check_can_fail(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("import app.main\nfrom mcp_server import tools\n")
    assert imported_packages(sample) == {"app", "mcp_server"}


def test_app_has_no_import_cycle():
    assert find_cycle(app_graph()) is None


def test_the_cycle_check_can_fail():
    graph = {"app.turns": {"app.model_turn"}, "app.model_turn": {"app.turns"}, "app.x": set()}
    cycle = find_cycle(graph)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"app.turns", "app.model_turn"}


def test_routes_stay_off_pipeline_internals():
    """Routes import ``app.turn`` (its exports), never ``app.turn.<module>``."""
    routes = sorted((ROOT / "app" / "api").rglob("*.py"))
    offenders = {
        str(f.relative_to(ROOT)): sorted(
            m for m in imported_modules(f) if m.startswith("app.turn.") and m.split(".")[2] not in _exported()
        )
        for f in routes
    }
    assert {f: bad for f, bad in offenders.items() if bad} == {}


def test_the_routes_check_can_fail(tmp_path):
    sample = ROOT / "app" / "api" / "routes" / "x.py"
    modules = imported_modules_of_text(
        sample, "from app.turn.pipeline import TurnPipeline\nfrom app.turn import interrupt\n"
    )
    assert "app.turn.pipeline" in modules and "app.turn.interrupt" in modules
    assert "pipeline" not in _exported() and "interrupt" in _exported()


def imported_modules_of_text(path: Path, text: str) -> set[str]:
    from unittest import mock

    with mock.patch.object(Path, "read_text", return_value=text):
        return imported_modules(path)


def _exported() -> set[str]:
    """Names ``from app.turn import X`` may use (they show up as app.turn.X)."""
    import app.turn

    return set(app.turn.__all__)
