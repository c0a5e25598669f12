"""``n7web say "TEXT"``: post text as the voice front end would, print the reply.

The request is ``POST /api/v1/sessions/{id}/messages`` with ``source: "voice"``
and a JSON answer (not SSE), so the reply text is the speakable one (no
markdown, emoji, ``°`` or ``%``; units as words). One session is reused across
calls: its id is kept in ``STATE_DIR/voice-session.json``; when the service no
longer knows it (404 ``unknown_session``, e.g. a new state dir) a new session
is created and kept instead.

Where the service is: ``--url`` (loopback only), else
``http://127.0.0.1:$N7WEB_PORT`` (default 8470). The state dir: ``--state-dir``,
else ``$N7WEB_STATE_DIR``, else the service's default (``$XDG_STATE_HOME/n7web``).

Exit status: 0 when the service answered a Reply (whatever its status), 1
when it could not be reached or answered an error (one line on stderr, never
a traceback), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import sys
import tempfile
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from vehicle.actions import SEAT_VALUES

from .settings import default_state_dir

SESSION_FILE = "voice-session.json"
DEFAULT_PORT = 8470
DEFAULT_TIMEOUT_S = 90.0  # a model turn has a 60 s deadline by default


class SayError(Exception):
    """A failure to report as one line; ``status`` is the exit code."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="n7web say",
        description='Post TEXT as the voice front end would (source "voice") and print the speakable reply.',
    )
    p.add_argument("text", nargs="+", help="what the person said (several words are joined with spaces)")
    p.add_argument("--url", help="the service, loopback only (default http://127.0.0.1:$N7WEB_PORT, port 8470)")
    p.add_argument(
        "--state-dir", help="where the voice session id is kept (default $N7WEB_STATE_DIR, else $XDG_STATE_HOME/n7web)"
    )
    p.add_argument("--json", action="store_true", help="print the whole Reply as JSON instead of its text")
    p.add_argument("--new-session", action="store_true", help="start a new voice session first")
    p.add_argument(
        "--seat",
        choices=list(SEAT_VALUES),
        help='who is speaking (a microphone that knows the seat); "my seat" then means this one',
    )
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, help="seconds to wait for the reply (90)")
    return p


def service_url(url: str | None, environ: Mapping[str, str]) -> str:
    """The base URL, refusing anything that is not a loopback address."""
    if not url:
        port = environ.get("N7WEB_PORT") or str(DEFAULT_PORT)
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            raise SayError(f"N7WEB_PORT={port!r} is not a port number", 2)
        return f"http://127.0.0.1:{int(port)}"
    parts = urlsplit(url if "//" in url else "http://" + url)
    if parts.scheme != "http":
        raise SayError(f"--url {url!r}: only http:// on a loopback address", 2)
    host = parts.hostname or ""
    try:
        given_port = parts.port
    except ValueError:
        raise SayError(f"--url {url!r}: bad port", 2) from None
    if host != "localhost":
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise SayError(f"--url {url!r}: the service listens on loopback only (127.0.0.1 or localhost)", 2)
    netloc = f"[{host}]" if ":" in host else host
    return f"http://{netloc}:{given_port or DEFAULT_PORT}"


def state_dir(flag: str | None, environ: Mapping[str, str]) -> Path:
    return Path(flag or environ.get("N7WEB_STATE_DIR") or default_state_dir(environ))


def read_session(path: Path) -> str | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    sid = data.get("session_id") if isinstance(data, dict) else None
    return sid if isinstance(sid, str) and 0 < len(sid) <= 64 else None


def write_session(path: Path, session_id: str) -> None:
    """Atomically, mode 0600; a state dir we cannot write only costs the reuse."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".voice-session-", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"session_id": session_id}, fh)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        print(f"n7web say: cannot keep the voice session in {path}: {exc.strerror or exc}", file=sys.stderr)


def _error(response: Any) -> tuple[str, str]:
    try:
        body = response.json()
        err = body["error"]
        return str(err["code"]), str(err["message"])
    except Exception:
        return f"http_{response.status_code}", f"HTTP {response.status_code}"


class VoiceClient:
    def __init__(self, base: str, session_file: Path, timeout: float) -> None:
        import httpx

        self.base = base
        self.session_file = session_file
        self._httpx = httpx
        # trust_env=False: a proxy from the environment must never see loopback traffic.
        self.http = httpx.Client(
            base_url=base,
            trust_env=False,
            timeout=httpx.Timeout(timeout, connect=5.0),
            headers={"Accept": "application/json"},
        )

    def close(self) -> None:
        self.http.close()

    def _request(self, method: str, path: str, body: dict[str, Any]) -> Any:
        httpx = self._httpx
        try:
            return self.http.request(method, path, json=body)
        except httpx.ConnectError:
            raise SayError(
                f"the N7Web service is not running at {self.base} "
                "(start it with `n7web serve` or `make run`, or pass --url)"
            ) from None
        except httpx.TimeoutException:
            raise SayError(f"no answer from {self.base} in time") from None
        except httpx.HTTPError as exc:
            raise SayError(f"cannot talk to {self.base}: {type(exc).__name__}") from None

    def new_session(self) -> str:
        r = self._request("POST", "/api/v1/sessions", {})
        if r.status_code not in (200, 201):
            code, message = _error(r)
            raise SayError(f"the service refused a new session ({r.status_code} {code}: {message})")
        try:
            session_id = r.json()["session_id"]
        except Exception:
            raise SayError("the service answered no session id (is it N7Web?)") from None
        write_session(self.session_file, session_id)
        return session_id

    def say(self, text: str, fresh: bool = False, seat: str | None = None) -> dict[str, Any]:
        session_id = None if fresh else read_session(self.session_file)
        if session_id is None:
            session_id = self.new_session()
        body = {"text": text, "source": "voice", "client_message_id": "voice-" + uuid.uuid4().hex}
        if seat is not None:
            body["seat"] = seat
        for attempt in (1, 2):
            r = self._request("POST", f"/api/v1/sessions/{session_id}/messages", body)
            if r.status_code == 200:
                try:
                    reply = r.json()
                except ValueError:
                    reply = None
                if not isinstance(reply, dict) or "reply_text" not in reply:
                    raise SayError("the service answered something that is not a Reply (is it N7Web?)")
                return reply
            code, message = _error(r)
            if r.status_code == 404 and code == "unknown_session" and attempt == 1:
                session_id = self.new_session()
                continue
            raise SayError(f"{code}: {message}")
        raise AssertionError("unreachable")  # pragma: no cover


def main(argv: list[str], environ: Mapping[str, str] | None = None) -> int:
    env = os.environ if environ is None else environ
    args = build_parser().parse_args(argv)
    text = " ".join(args.text).strip()
    try:
        if not text:
            raise SayError("nothing to say", 2)
        base = service_url(args.url, env)
        client = VoiceClient(base, state_dir(args.state_dir, env) / SESSION_FILE, args.timeout)
        try:
            reply = client.say(text, fresh=args.new_session, seat=args.seat)
        finally:
            client.close()
    except SayError as exc:
        print(f"n7web say: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        return 130
    if args.json:
        print(json.dumps(reply, ensure_ascii=False, indent=2))
    else:
        print(reply.get("reply_text") or "")
    return 0
