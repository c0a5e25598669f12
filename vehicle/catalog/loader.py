"""Loading the catalog: files -> dicts -> :class:`Catalog`.

``catalog_from_dict`` is the only real parser; ``load_catalog`` is the thin
file layer around it (the cantools ``add_dbc_file -> add_dbc_string`` shape).
Every failure is a :class:`CatalogError` naming the file, the path inside it
and the problem.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from .catalog import Catalog, CatalogError, check_cross_references
from .models import Capability, Gates, Mode, Need, Peripheral, SeatPolicy, TargetInfo, TargetType

#: PyYAML's safe loader on libyaml when the wheel has it (the same documents,
#: about ten times faster: the catalog and its message table are read at every
#: start), else the pure-Python one.
SAFE_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: section name -> (file name, top-level key)
SECTIONS: dict[str, str] = {
    "targets": "targets.yaml",
    "capabilities": "capabilities.yaml",
    "modes": "modes.yaml",
    "peripherals": "peripherals.yaml",
    "gates": "gates.yaml",
    "needs": "needs.yaml",
    "seats": "seats.yaml",
}


def default_catalog_dir() -> Path:
    """The catalog shipped as package data (works in a non-editable install)."""
    import catalog as _pkg

    return Path(_pkg.__file__).resolve().parent


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _parse(model: type[BaseModel], data: Any, file: str, path: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        sub = _loc(tuple(err["loc"]))
        full = ".".join(p for p in (path, sub) if p)
        raise CatalogError(file, full, err["msg"]) from None


def _mapping(data: Any, file: str, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise CatalogError(file, path, "must be a mapping")
    return data


def check_string_keys(data: Any, file: str, path: str = "", error: type[CatalogError] = CatalogError) -> None:
    """Refuse non-string keys: unquoted YAML `on:`/`off:` turn into booleans."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                raise error(file, path, f"key {key!r} is not a string (quote 'on'/'off'/'yes'/'no' in YAML)")
            check_string_keys(value, file, f"{path}.{key}" if path else key, error)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_string_keys(value, file, f"{path}[{i}]", error)


def catalog_from_dict(
    sections: dict[str, Any], generation: str | None = None, files: dict[str, str] | None = None
) -> Catalog:
    """Build and cross-check a catalog from one dict per section."""
    files = {**SECTIONS, **(files or {})}
    for name in SECTIONS:
        if name not in sections:
            raise CatalogError(files[name], "", "file is missing")
        check_string_keys(sections[name], files[name])

    def section(name: str, key: str) -> dict[str, Any]:
        doc = _mapping(sections[name], files[name], "")
        if key not in doc:
            raise CatalogError(files[name], key, "missing")
        extra = set(doc) - ({"target_types", "targets"} if name == "targets" else {key})
        if extra:
            raise CatalogError(files[name], sorted(extra)[0], "unknown key")
        return _mapping(doc[key], files[name], key)

    def each(name: str, key: str, model: type[BaseModel]) -> dict[str, Any]:
        return {k: _parse(model, v, files[name], f"{key}.{k}") for k, v in section(name, key).items()}

    gates_doc = _mapping(sections["gates"], files["gates"], "")
    cat = Catalog(
        target_types=each("targets", "target_types", TargetType),
        targets=each("targets", "targets", TargetInfo),
        capabilities=each("capabilities", "capabilities", Capability),
        modes=each("modes", "modes", Mode),
        peripherals=each("peripherals", "peripherals", Peripheral),
        gates=_parse(Gates, gates_doc, files["gates"], ""),
        needs=each("needs", "needs", Need),
        seats=_parse(SeatPolicy, _mapping(sections["seats"], files["seats"], ""), files["seats"], ""),
        generation=generation or _hash_obj(sections),
        files=files,
    )
    check_cross_references(cat)
    return cat


def _hash_obj(obj: Any) -> str:
    raw = json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


def catalog_files(directory: Path) -> list[Path]:
    """Every file whose content is part of the catalog generation."""
    patterns = ("*.yaml", "*.dbc", "vocabulary/*.yaml")
    return sorted({p for pat in patterns for p in directory.glob(pat) if p.is_file()})


def generation_of(directory: Path) -> str:
    digest = hashlib.sha256()
    for path in catalog_files(directory):
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def read_yaml(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(path.name, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        return yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark else ""
        raise CatalogError(path.name, where, f"invalid YAML: {getattr(exc, 'problem', None) or exc}") from None


def load_catalog(directory: str | Path | None = None) -> Catalog:
    """Load and validate the catalog in `directory` (default: the shipped one)."""
    base = Path(directory) if directory is not None else default_catalog_dir()
    if not base.is_dir():
        raise CatalogError(str(base), "", "not a directory")
    sections: dict[str, Any] = {}
    for name, file in SECTIONS.items():
        path = base / file
        if not path.exists():
            raise CatalogError(file, "", "file is missing")
        sections[name] = read_yaml(path)
    cat = catalog_from_dict(sections, generation=generation_of(base))
    # The words the service speaks are part of the catalog (and its generation hash).
    from .message_table import load_message_table

    load_message_table(base)
    return cat
