"""The typed facade over one app-server process: start, prove, call.

:meth:`CodexClient.launch` spawns ``codex app-server``, runs ``initialize``
(exact version 0.147.0 from ``userAgent``), ``initialized``,
``account/read`` (login needed?) and ``config/read`` (exactly ``n7_vehicle``
enabled, as launched). If another MCP server is configured it restarts
*once* with that server re-declared disabled, then requires a clean proof.
A process that exits before answering ``initialize`` is a configuration
error reported with its (redacted) stderr tail.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

from . import launch
from .errors import (
    AssistantError,
    BinaryMissingError,
    ConfigurationError,
    ConnectionClosedError,
    NotLoggedInError,
    ProtocolError,
    RpcTimeoutError,
    UnavailableError,
    WrongVersionError,
)
from .mcp_host import McpEndpoint
from .process import ProcessTransport, ensure_private_dir
from .redact import is_secret_key
from .rpc import RpcConnection
from .settings import PINNED_CODEX_VERSION, AssistantSettings, resolve_command
from .turns import ASSISTANT_UNAVAILABLE, TurnCollector, TurnRouter

log = logging.getLogger(__name__)

CLIENT_INFO = {"name": "n7web", "title": "N7Web cockpit assistant", "version": "0.1.0"}
_VERSION_RE = re.compile(r"(?:^|[/ ])(\d+\.\d+\.\d+)")
UNAVAILABLE_MESSAGE = "The assistant became unavailable (Codex App Server exited)."


def version_from_user_agent(user_agent: str) -> str | None:
    """The first ``x.y.z`` after ``/``, a space or the start."""
    match = _VERSION_RE.search(user_agent)
    return match.group(1) if match else None


class CodexClient:
    """One proven app-server generation: its process, connection and turns."""

    def __init__(
        self,
        settings: AssistantSettings,
        transport: ProcessTransport,
        generation: int,
        is_current: Callable[[int], bool],
        on_thread_unloaded: Callable[[str], None],
        secrets: tuple[str, ...],
    ) -> None:
        self.settings = settings
        self.transport = transport
        self.generation = generation
        self.router = TurnRouter()
        self.version: str | None = None
        self.provider: str | None = settings.model_provider
        self.timings: dict[str, float] = {}
        self.endpoint: McpEndpoint | None = None
        self._on_thread_unloaded = on_thread_unloaded
        self.rpc = RpcConnection(
            transport,
            generation=generation,
            on_notification=self._route,
            is_current=is_current,
            secrets=secrets,
            request_timeout_s=settings.request_timeout_s,
        )
        self._reader = asyncio.create_task(self._read(), name=f"codex-rpc-{generation}")

    # -- launch ----------------------------------------------------------------
    @classmethod
    async def launch(
        cls,
        settings: AssistantSettings,
        endpoint: McpEndpoint,
        *,
        generation: int = 1,
        is_current: Callable[[int], bool] | None = None,
        on_thread_unloaded: Callable[[str], None] | None = None,
    ) -> CodexClient:
        """Spawn, handshake and prove; ConfigurationError subclasses are final."""
        executable = resolve_command(settings.command, settings.child_env)
        if executable is None:
            raise BinaryMissingError("the codex command was not found or is not executable")
        try:
            ensure_private_dir(settings.codex_home)
            ensure_private_dir(settings.workspace)
        except OSError as exc:
            raise ConfigurationError(f"cannot create the codex home or workspace ({type(exc).__name__})") from None
        disable: dict[str, Mapping[str, Any]] = {}
        for attempt in (1, 2):
            client = await cls._spawn(
                settings, executable, endpoint, disable, generation, is_current, on_thread_unloaded
            )
            try:
                others = await asyncio.wait_for(client._handshake(), settings.startup_timeout_s)
            except TimeoutError:
                await client.close()
                raise UnavailableError("the app-server did not start in time") from None
            except BaseException as exc:
                await client.close()
                if isinstance(exc, AssistantError) and client.version:
                    exc.codex_version = client.version
                raise
            if not others:
                return client
            await client.close()
            if attempt == 2:
                raise ConfigurationError(
                    f"other MCP servers stay enabled after re-declaring them disabled: {', '.join(sorted(others))}"
                )
            log.warning("disabling configured MCP servers %s and restarting codex", ", ".join(sorted(others)))
            disable = others
        raise AssertionError("unreachable")

    @classmethod
    async def _spawn(
        cls,
        settings: AssistantSettings,
        executable: str,
        endpoint: McpEndpoint,
        disable: Mapping[str, Mapping[str, Any]],
        generation: int,
        is_current: Callable[[int], bool] | None,
        on_thread_unloaded: Callable[[str], None] | None,
    ) -> CodexClient:
        argv = launch.command_line(settings, executable, endpoint, disable)
        env = launch.child_env(settings, endpoint)
        # literal secrets to scrub from anything codex prints (its own keys included)
        secrets = (endpoint.bearer, *(value for name, value in env.items() if is_secret_key(name) and len(value) >= 8))
        started = time.monotonic()
        transport = await ProcessTransport.spawn(argv, env, settings.workspace, secrets)
        client = cls(
            settings,
            transport,
            generation,
            is_current or (lambda g: True),
            on_thread_unloaded or (lambda thread_id: None),
            secrets,
        )
        client.endpoint = endpoint
        client.timings["spawned_at"] = started
        return client

    async def _handshake(self) -> dict[str, Mapping[str, Any]]:
        """initialize → initialized → account/read → config/read; other servers."""
        try:
            info = await self.rpc.request("initialize", {"clientInfo": CLIENT_INFO})
        except ConnectionClosedError:
            await self.transport.wait_stderr()
            tail = self.transport.stderr_tail() or "(no output)"
            raise ConfigurationError(f"codex exited before initialize (configuration error): {tail}") from None
        self.timings["initialize_ms"] = (time.monotonic() - self.timings["spawned_at"]) * 1000
        if not isinstance(info, Mapping) or not all(
            isinstance(info.get(key), str) for key in ("userAgent", "codexHome", "platformFamily", "platformOs")
        ):
            raise ProtocolError("initialize answered without userAgent/codexHome/platform strings")
        self.version = version_from_user_agent(info["userAgent"])
        if self.version != PINNED_CODEX_VERSION:
            raise WrongVersionError(
                f"codex app-server speaks {self.version or 'an unknown version'}; "
                f"this build is reviewed for {PINNED_CODEX_VERSION}",
                self.version,
            )
        await self.rpc.notify("initialized")
        account = await self.rpc.request("account/read", {"refreshToken": False})
        if (
            isinstance(account, Mapping)
            and account.get("requiresOpenaiAuth") is True
            and account.get("account") is None
        ):
            raise NotLoggedInError(
                "the model provider needs an OpenAI login: run "
                f"`CODEX_HOME={self.settings.codex_home} {self.settings.command} login`"
            )
        answer = await self.rpc.request("config/read", {"cwd": str(self.settings.workspace), "includeLayers": False})
        config = answer.get("config") if isinstance(answer, Mapping) else None
        if not isinstance(config, Mapping):
            raise ProtocolError("config/read answered without a config object")
        assert self.endpoint is not None  # set when the client was launched, before any config is read
        others = launch.prove_config(config, self.settings, self.endpoint)
        if self.provider is None and isinstance(config.get("model_provider"), str):
            self.provider = config["model_provider"]
        servers = config["mcp_servers"]
        return {name: servers[name] for name in others}

    # -- inbound ---------------------------------------------------------------
    def _route(self, method: str, params: Mapping[str, Any]) -> None:
        self.router.dispatch(method, params)
        thread_id = params.get("threadId")
        status = params.get("status")
        unloaded = method in ("thread/closed", "thread/archived", "thread/deleted") or (
            method == "thread/status/changed" and isinstance(status, Mapping) and status.get("type") == "notLoaded"
        )
        if unloaded and isinstance(thread_id, str):
            self._on_thread_unloaded(thread_id)

    async def _read(self) -> None:
        try:
            await self.rpc.run()
        except AssistantError as exc:
            log.warning("app-server connection failed: %s", exc)
        except asyncio.CancelledError:
            pass
        finally:
            self.router.fail_all(ASSISTANT_UNAVAILABLE, UNAVAILABLE_MESSAGE)

    @property
    def alive(self) -> bool:
        return not self._reader.done()

    async def wait_closed(self) -> None:
        """Return when the connection has ended (EOF, crash or close)."""
        await asyncio.shield(self._reader)

    async def close(self) -> None:
        """Stop the process (bounded) and fail whatever is still pending."""
        self.rpc.fail_all(ConnectionClosedError("the app-server connection was closed"))
        self.router.fail_all(ASSISTANT_UNAVAILABLE, UNAVAILABLE_MESSAGE)
        await self.transport.stop()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reader), 2.0)
        if not self._reader.done():
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    # -- threads and turns -----------------------------------------------------
    def _check_thread(self, answer: Any) -> str:
        thread = answer.get("thread") if isinstance(answer, Mapping) else None
        thread_id = thread.get("id") if isinstance(thread, Mapping) else None
        if not isinstance(thread_id, str) or not thread_id:
            raise ProtocolError("thread answer carries no thread id")
        sandbox = answer.get("sandbox")
        if answer.get("approvalPolicy") != "never" or not (
            isinstance(sandbox, Mapping) and sandbox.get("type") == "readOnly"
        ):
            raise ConfigurationError("codex did not apply approval policy never / read-only sandbox")
        return thread_id

    async def thread_start(self, developer: str, base: str) -> str:
        params = launch.thread_params(self.settings, self.provider, developer, base)
        started = time.monotonic()
        thread_id = self._check_thread(
            await self.rpc.request("thread/start", params, timeout=self.settings.startup_timeout_s)
        )
        self.timings["thread_start_ms"] = (time.monotonic() - started) * 1000
        return thread_id

    async def thread_resume(self, thread_id: str, developer: str, base: str) -> str:
        params = launch.thread_params(self.settings, self.provider, developer, base)
        params.pop("ephemeral", None)
        params.pop("serviceName", None)
        params["threadId"] = thread_id
        return self._check_thread(
            await self.rpc.request("thread/resume", params, timeout=self.settings.startup_timeout_s)
        )

    async def thread_call(self, method: str, thread_id: str) -> Any:
        """``thread/archive`` / ``unarchive`` / ``delete`` / ``unsubscribe``."""
        return await self.rpc.request(method, {"threadId": thread_id})

    async def turn_start(self, collector: TurnCollector, text: str, client_message_id: str | None = None) -> str:
        """Register ``collector`` for its thread, start the turn, bind its id."""
        self.router.register(collector)
        try:
            answer = await self.rpc.request(
                "turn/start", launch.turn_params(self.settings, collector.thread_id, text, client_message_id)
            )
            turn = answer.get("turn") if isinstance(answer, Mapping) else None
            turn_id = turn.get("id") if isinstance(turn, Mapping) else None
            if not isinstance(turn_id, str):
                raise ProtocolError("turn/start answered without a turn id")
        except BaseException:
            self.router.unregister(collector)
            raise
        collector.bind(turn_id)
        return turn_id

    def turn_finished(self, collector: TurnCollector) -> None:
        self.router.unregister(collector)

    async def turn_interrupt(self, thread_id: str, turn_id: str) -> bool:
        try:
            await self.rpc.request("turn/interrupt", {"threadId": thread_id, "turnId": turn_id}, timeout=2.0)
            return True
        except (AssistantError, RpcTimeoutError) as exc:
            log.info("turn/interrupt failed: %s", type(exc).__name__)
            return False
