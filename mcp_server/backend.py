"""The HTTP callback to the backend's internal routes, bounded in time and size.

Uses the standard library's `http.client` on a worker thread instead of an
HTTP client package, on purpose:
- it is imported only at the first tool call and costs a few milliseconds,
  where `httpx` would add ~75 ms to every server start (and restart);
- it never consults proxy variables: the callback must go to loopback only;
- it never follows redirects: a 3xx is an error like any other non-200.

The whole call (connect, send, headers, body) has one deadline, the callback
timeout, enforced by `anyio.fail_after` around the thread; the socket timeout
and a deadline check between body chunks make the abandoned thread end soon
after. A body larger than `MAX_RESPONSE_BYTES` is refused without reading it
all. Every failure becomes a typed `BackendError` (see `errors.py`) with a
message that never contains a token.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from mcp_server.config import CallbackConfig
from mcp_server.errors import BackendError, BackendProtocolError, BackendRefused, BackendTimeout, BackendUnavailable

MAX_RESPONSE_BYTES = 1024 * 1024
MAX_BACKEND_MESSAGE_CHARS = 300
_CHUNK_BYTES = 64 * 1024
_ERROR_CODE = re.compile(r"[a-z][a-z0-9_]{0,63}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")
_DEFAULT_CODES = {401: "unauthorized", 403: "forbidden", 404: "not_found", 413: "body_too_large", 422: "invalid_body"}


def redact(text: str, secrets: tuple[str, ...]) -> str:
    """`text` with every secret replaced, control characters flattened and the length bounded."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, "[redacted]")
    text = _CONTROL.sub(" ", text).strip()
    if len(text) > MAX_BACKEND_MESSAGE_CHARS:
        text = text[: MAX_BACKEND_MESSAGE_CHARS - 1] + "…"
    return text


class BackendClient:
    """POSTs JSON to `<callback URL>/<route>` with the callback bearer token."""

    def __init__(self, config: CallbackConfig) -> None:
        self._config = config

    async def call(self, route: str, body: dict[str, Any], *, secrets: tuple[str, ...] = ()) -> Any:
        """POST `body` to the route; return the decoded JSON of a 200 answer.

        `secrets` (the caller's request token) are redacted from any backend
        text quoted in an error, together with the callback token.

        Raises:
            BackendUnavailable: no connection could be made (nothing was sent), or it broke mid-call.
            BackendTimeout: no complete answer within the callback timeout.
            BackendProtocolError: the answer is not JSON, too large or not HTTP.
            BackendRefused: an error status, with the backend's error code.
        """
        import anyio
        import anyio.to_thread

        payload = json.dumps(body, allow_nan=False, separators=(",", ":")).encode()
        timeout = self._config.timeout_seconds
        deadline = time.monotonic() + timeout
        try:
            with anyio.fail_after(timeout):
                status, raw = await anyio.to_thread.run_sync(
                    self._post, self._config.route(route), payload, deadline, abandon_on_cancel=True
                )
        except BackendError:
            raise
        except TimeoutError:
            raise BackendTimeout(
                "backend_timeout", f"the backend did not answer within {timeout:g} s", outcome_known=False
            ) from None
        return self._decode(status, raw, (self._config.token, *secrets))

    def _post(self, path: str, payload: bytes, deadline: float) -> tuple[int, bytes]:
        """Blocking POST on a worker thread; returns (status, body bytes)."""
        import http.client

        config = self._config
        remaining = max(0.001, deadline - time.monotonic())
        connection = http.client.HTTPConnection(config.host, config.port, timeout=remaining)
        try:
            try:
                connection.connect()
            except TimeoutError:
                raise BackendTimeout("backend_timeout", "connecting to the backend timed out") from None
            except OSError as exc:
                raise BackendUnavailable(
                    "backend_unavailable", f"the backend is not reachable ({type(exc).__name__})"
                ) from None
            try:
                connection.request(
                    "POST",
                    path,
                    body=payload,
                    headers={
                        "Authorization": f"Bearer {config.token}",
                        "Content-Type": "application/json",
                        "Accept": "application/json",
                        "Connection": "close",
                    },
                )
                response = connection.getresponse()
                return response.status, self._read_bounded(response, deadline)
            except TimeoutError:
                raise BackendTimeout("backend_timeout", "the backend stopped answering", outcome_known=False) from None
            except http.client.HTTPException as exc:
                raise BackendProtocolError(
                    "backend_protocol_error",
                    f"the backend's answer is not valid HTTP ({type(exc).__name__})",
                    outcome_known=False,
                ) from None
            except OSError as exc:
                raise BackendUnavailable(
                    "backend_connection_lost",
                    f"the connection to the backend broke ({type(exc).__name__})",
                    outcome_known=False,
                ) from None
        finally:
            connection.close()

    @staticmethod
    def _read_bounded(response: Any, deadline: float) -> bytes:
        """Read the body, refusing more than `MAX_RESPONSE_BYTES` and stopping at the deadline."""
        declared = response.getheader("Content-Length")
        if declared is not None and declared.strip().isdigit() and int(declared) > MAX_RESPONSE_BYTES:
            raise BackendProtocolError(
                "backend_response_too_large",
                f"the backend's answer is larger than {MAX_RESPONSE_BYTES} bytes",
                outcome_known=False,
            )
        data = bytearray()
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError
            chunk = response.read(min(_CHUNK_BYTES, MAX_RESPONSE_BYTES + 1 - len(data)))
            if not chunk:
                return bytes(data)
            data += chunk
            if len(data) > MAX_RESPONSE_BYTES:
                raise BackendProtocolError(
                    "backend_response_too_large",
                    f"the backend's answer is larger than {MAX_RESPONSE_BYTES} bytes",
                    outcome_known=False,
                )

    @staticmethod
    def _decode(status: int, raw: bytes, secrets: tuple[str, ...]) -> Any:
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            body = None
        if status == 200:
            if body is None:
                raise BackendProtocolError(
                    "backend_protocol_error", "the backend answered 200 without a JSON body", outcome_known=False
                )
            return body
        code = _DEFAULT_CODES.get(status, "backend_error" if status >= 500 else f"http_{status}")
        message = ""
        error = body.get("error") if isinstance(body, dict) else None
        if isinstance(error, dict):
            if isinstance(error.get("code"), str) and _ERROR_CODE.fullmatch(error["code"]):
                code = error["code"]
            if isinstance(error.get("message"), str):
                message = redact(error["message"], secrets)
        # 4xx: the backend refused before acting (DESIGN section 5 checks come first).
        # 5xx or anything else: it may have acted.
        raise BackendRefused(code, message, status=status, outcome_known=400 <= status < 500)
