"""One-turn request tokens (DESIGN sections 2 and 5).

A token is random and URL-safe, bound to the session, the exact utterance,
the catalog generation and an expiry (≤ 120 s). It is revoked when its turn
ends or is interrupted. Only a digest is kept (a leaked memory dump or log
holds nothing usable); tokens are never logged or returned by any route.

Revoked and closed tokens are remembered until their expiry so a replay gets
the precise code (``token_revoked`` / ``turn_closed``); after that they read
as ``token_invalid``, like a forged one.

There is deliberately no route, flag or environment variable that mints a
token: :meth:`TokenRegistry.issue` is reached only from the turn runner in
this process (tests use it in-process).
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import N7WebError

TOKEN_BYTES = 32
MAX_TTL_S = 120.0


class TokenError(N7WebError):
    """Why a request token was refused; ``code`` is the wire code (HTTP 403)."""

    status = 403

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code=code)


@dataclass
class TurnGrant:
    """What a valid token is bound to."""

    session_id: str
    turn_id: str
    utterance: str
    language: str
    generation: str
    expires_at: float
    state: str = "open"
    """open | revoked | closed"""
    seat: str | None = None
    """The speaker's seat (DESIGN section 3a), None when unknown."""
    parsed: Any = field(default=None, repr=False)
    """The deterministic parse of ``utterance`` (pure, so computed once per turn)."""


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


class TokenRegistry:
    def __init__(self, ttl_s: float = MAX_TTL_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl_s = min(ttl_s, MAX_TTL_S)
        self._clock = clock
        self._grants: dict[bytes, TurnGrant] = {}
        self._by_turn: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def issue(
        self, session_id: str, turn_id: str, utterance: str, language: str, generation: str, seat: str | None = None
    ) -> str:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        grant = TurnGrant(session_id, turn_id, utterance, language, generation, self._clock() + self.ttl_s, seat=seat)
        with self._lock:
            self._sweep()
            self._grants[_digest(token)] = grant
            self._by_turn[turn_id] = _digest(token)
        return token

    def check(self, token: str, generation: str) -> TurnGrant:
        """The grant for a usable token, else TokenError with its code."""
        with self._lock:
            grant = self._grants.get(_digest(token))
        if grant is None:
            raise TokenError("token_invalid", "request token is not valid")
        if self._clock() >= grant.expires_at:
            raise TokenError("token_expired", "request token has expired")
        if grant.state == "revoked":
            raise TokenError("token_revoked", "request token was revoked")
        if grant.state == "closed":
            raise TokenError("turn_closed", "the turn of this request token has ended")
        if grant.generation != generation:
            raise TokenError("catalog_changed", "the catalog changed since this request token was issued")
        return grant

    def end_turn(self, turn_id: str, interrupted: bool = False) -> bool:
        """Close (turn end) or revoke (interrupt) the turn's token at once."""
        with self._lock:
            key = self._by_turn.get(turn_id)
            grant = self._grants.get(key) if key else None
            if grant is None or grant.state != "open":
                return False
            grant.state = "revoked" if interrupted else "closed"
            return True

    def _sweep(self) -> None:
        now = self._clock()
        dead = [k for k, g in self._grants.items() if now >= g.expires_at + self.ttl_s]
        for k in dead:
            g = self._grants.pop(k)
            self._by_turn.pop(g.turn_id, None)
