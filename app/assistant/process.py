"""The codex child process: spawn, pipes, stderr tail, bounded stop.

Why its own module: process-group signalling and pipe plumbing are the part
that differs between the real app-server and the in-memory fake; everything
above talks to :class:`ProcessTransport` through the ``Transport`` interface.
The child runs in its own session (so its MCP grandchildren can be signalled
as one group) with an environment built by ``launch.child_env``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import stat
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from .errors import BinaryMissingError, ConfigurationError, ConnectionClosedError
from .redact import redact_text
from .transport import READER_LIMIT, read_frame

log = logging.getLogger(__name__)

STDIN_GRACE_S = 2.0
"""After closing stdin, how long codex gets to exit by itself."""
TERM_GRACE_S = 2.0
"""After SIGTERM to the group, how long before SIGKILL."""
STDERR_LINES = 40
STDERR_LINE_BYTES = 2048
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def ensure_private_dir(path: Path) -> None:
    """Create ``path`` mode 0700, tightening an existing one: rollouts live here."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        log.warning("tightening permissions of %s to 0700", path)
        os.chmod(path, 0o700)


class ProcessTransport:
    """The app-server child and its stdio, as a ``Transport``."""

    def __init__(self, proc: asyncio.subprocess.Process, secrets: Iterable[str]) -> None:
        self._proc = proc
        self._secrets = tuple(secrets)
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._write_lock = asyncio.Lock()
        self._stderr_task = asyncio.create_task(self._drain_stderr(), name="codex-stderr")
        self._stopped = False

    @classmethod
    async def spawn(
        cls, argv: Sequence[str], env: Mapping[str, str], cwd: Path, secrets: Iterable[str] = ()
    ) -> ProcessTransport:
        """Start ``argv`` in a new session; BinaryMissingError when it cannot run."""
        if not Path(cwd).is_dir():
            raise ConfigurationError("the assistant workspace directory does not exist")
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=dict(env),
                cwd=str(cwd),
                start_new_session=True,
                limit=READER_LIMIT,
            )
        except (FileNotFoundError, PermissionError, NotADirectoryError) as exc:
            raise BinaryMissingError(f"cannot run the codex command ({type(exc).__name__})") from None
        return cls(proc, secrets)

    @property
    def pid(self) -> int:
        return self._proc.pid

    @property
    def returncode(self) -> int | None:
        return self._proc.returncode

    def stderr_tail(self) -> str:
        """The last stderr lines, ANSI-stripped and redacted."""
        return "\n".join(self._stderr)

    async def _drain_stderr(self) -> None:
        stream = self._proc.stderr
        assert stream is not None
        while True:
            try:
                chunk = await stream.readline()
            except ValueError:  # a line over the reader limit: keep its head
                chunk = await stream.read(STDERR_LINE_BYTES)
            except (OSError, asyncio.CancelledError):
                return
            if not chunk:
                return
            text = _ANSI.sub("", chunk[:STDERR_LINE_BYTES].decode("utf-8", "replace")).rstrip()
            if text:
                line = redact_text(text, self._secrets)
                self._stderr.append(line)
                log.debug("codex stderr: %s", line)

    async def wait_stderr(self, timeout: float = 0.5) -> None:
        """Let the stderr reader catch up (after EOF) so the tail is complete."""
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._stderr_task), timeout)

    # -- Transport ---------------------------------------------------------
    async def receive(self) -> bytes | None:
        assert self._proc.stdout is not None
        return await read_frame(self._proc.stdout)

    async def send(self, frame: bytes) -> None:
        stdin = self._proc.stdin
        if stdin is None or stdin.is_closing() or self._proc.returncode is not None:
            raise ConnectionClosedError("the app-server input is closed")
        async with self._write_lock:
            try:
                stdin.write(frame + b"\n")
                await stdin.drain()
            except (BrokenPipeError, ConnectionResetError, RuntimeError):
                raise ConnectionClosedError("the app-server input is closed") from None

    async def close_write(self) -> None:
        stdin = self._proc.stdin
        if stdin is not None and not stdin.is_closing():
            with contextlib.suppress(OSError, RuntimeError):
                stdin.close()

    # -- lifecycle ---------------------------------------------------------
    def _signal_group(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._proc.pid, sig)

    async def stop(self) -> int | None:
        """Close stdin, wait 2 s, SIGTERM the group, wait 2 s, SIGKILL. Idempotent."""
        if not self._stopped:
            self._stopped = True
            await self.close_write()
            for sig, grace in ((None, STDIN_GRACE_S), (signal.SIGTERM, TERM_GRACE_S), (signal.SIGKILL, TERM_GRACE_S)):
                if sig is not None:
                    self._signal_group(sig)
                try:
                    await asyncio.wait_for(self._proc.wait(), grace)
                    break
                except TimeoutError:
                    continue
            # MCP grandchildren share the group: end any that outlived codex.
            self._signal_group(signal.SIGKILL)
        self._stderr_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._stderr_task
        # A grandchild may still hold a pipe; asyncio offers no public close for
        # a subprocess' pipes, so close its transport (the process is gone).
        pipes = getattr(self._proc, "_transport", None)
        if pipes is not None:
            pipes.close()
        return self._proc.returncode

    def kill_now(self) -> None:
        """SIGKILL the whole group at once (crash handling; no waiting)."""
        self._signal_group(signal.SIGKILL)
