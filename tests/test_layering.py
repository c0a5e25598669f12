"""The layering of DESIGN section 2, checked on the source: vehicle/ imports
nothing from app/ or mcp_server/; mcp_server/ nothing from app/ or vehicle/."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {"vehicle": ("app", "mcp_server"), "mcp_server": ("app", "vehicle")}


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


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
