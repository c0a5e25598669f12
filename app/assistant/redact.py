"""Redaction at the one boundary where peer data becomes log or error text.

Why: codex echoes configuration (``config/read`` returns MCP ``env`` tables),
tool arguments carry request tokens, and stderr can carry provider errors.
Anything this package logs or surfaces passes through here first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

REDACTED = "[redacted]"

#: normalised (lower-case, alphanumerics only) key names that hold secrets;
#: a key that *ends* with one of these is a secret too ("request_token").
_SECRET_KEYS = (
    "accesstoken",
    "apikey",
    "authorization",
    "cookie",
    "credential",
    "credentials",
    "env",
    "password",
    "privatekey",
    "refreshtoken",
    "secret",
    "token",
)
_TEXT_PATTERNS = (
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=-]+"),
    re.compile(r"\bsk-[A-Za-z0-9_-]{6,}"),
    re.compile(
        r"(?i)\b([A-Za-z0-9_-]*(?:api[_-]?key|token|secret|password|authorization))"
        r"(\s*[=:]\s*)(\"[^\"]*\"|'[^']*'|[^\s,;&\"']+)"
    ),
)
_MAX_DEPTH = 32


def is_secret_key(key: str) -> bool:
    """True when a mapping key names a secret (case/punctuation-insensitive)."""
    norm = re.sub(r"[^a-z0-9]", "", key.lower())
    return any(norm.endswith(name) for name in _SECRET_KEYS)


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """Replace bearer tokens, ``sk-`` keys, ``key=value`` secrets and literals."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, REDACTED)
    text = _TEXT_PATTERNS[0].sub(f"Bearer {REDACTED}", text)
    text = _TEXT_PATTERNS[1].sub(REDACTED, text)
    return _TEXT_PATTERNS[2].sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)


def redact(value: Any, secrets: Iterable[str] = (), _depth: int = 0) -> Any:
    """A deep copy of JSON-like ``value`` with secret keys and text redacted."""
    secrets = tuple(secrets)
    if _depth > _MAX_DEPTH:
        return REDACTED
    if isinstance(value, dict):
        return {
            key: (REDACTED if isinstance(key, str) and is_secret_key(key) else redact(item, secrets, _depth + 1))
            for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [redact(item, secrets, _depth + 1) for item in value]
    if isinstance(value, str):
        return redact_text(value, secrets)
    return value
