"""What the pipeline needs from the rest of the service, as Protocols.

The runtime satisfies them structurally; tests may pass anything that does.
Nothing in ``app/turn`` imports the runtime (no import cycle).
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any, Protocol

from app.ports import AssistantPort
from app.tokens import TurnGrant
from vehicle.catalog import Catalog
from vehicle.parser import ParseResult

from .execution import BusRuns
from .questions import QuestionRegistry
from .registry import TurnRegistry


class ParserPort(Protocol):
    def parse(self, text: str, seat: str | None = None, refer: str | None = None) -> ParseResult: ...


class StatePort(Protocol):
    def snapshot(self) -> dict[str, Any]: ...
    def controls(self) -> dict[str, Any]: ...


class TokensPort(Protocol):
    def issue(
        self, session_id: str, turn_id: str, utterance: str, language: str, generation: str, seat: str | None = None
    ) -> str: ...
    def end_turn(self, turn_id: str, interrupted: bool = False) -> bool: ...
    def check(self, token: str, generation: str) -> TurnGrant: ...


class TurnStorePort(Protocol):
    """The async store facade: the event loop never waits on it."""

    def start_turn(
        self,
        session_id: str,
        turn_id: str,
        client_message_id: str | None,
        source: str,
        text: str,
        seat: str | None = None,
    ) -> Awaitable[None]: ...
    def finish_turn(
        self, turn_id: str, reply: dict[str, Any], before: dict[str, Any] | None = None
    ) -> Awaitable[None]: ...
    def last_acting_turn(
        self, session_id: str, within_s: float, exclude: str | None = None
    ) -> Awaitable[dict[str, Any] | None]: ...
    def history(self, session_id: str, limit: int) -> Awaitable[list[dict[str, Any]]]: ...


class TurnServices(Protocol):
    """Read-only members (properties), so the runtime's concrete types satisfy them."""

    @property
    def catalog(self) -> Catalog: ...
    @property
    def parser(self) -> ParserPort: ...
    @property
    def state(self) -> StatePort: ...
    @property
    def tokens(self) -> TokensPort: ...
    @property
    def db(self) -> TurnStorePort: ...
    @property
    def bus_runs(self) -> BusRuns: ...
    @property
    def turns(self) -> TurnRegistry: ...
    @property
    def assistant(self) -> AssistantPort | None: ...
    @property
    def turn_deadline_s(self) -> float: ...
    @property
    def questions(self) -> QuestionRegistry: ...
