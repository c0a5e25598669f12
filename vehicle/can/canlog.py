"""``--can-log FILE``: every frame sent and received, flushed after each one.

Uses python-can's own writers, chosen by suffix: ``.log`` (candump text,
readable by ``cantools decode`` and ``can.player``) or ``.asc`` (Vector).
``.blf`` is refused: its writer can only be read after it is closed, so a
crash would lose the whole log; record ``.log`` and convert afterwards.
"""
from __future__ import annotations

import re
import threading
from pathlib import Path

import can

from .errors import LinkConfigError, LinkError

LOG_SUFFIXES = (".log", ".asc")


def check_log_path(path: str | Path) -> Path:
    """Refuse a log format that cannot be flushed per frame, before anything opens."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix == ".blf":
        raise LinkConfigError(
            f"--can-log {p}: .blf cannot be flushed per frame; record a .log or .asc "
            f"and convert it afterwards with: python -m can.logconvert {p.with_suffix('.log')} {p}"
        )
    if suffix not in LOG_SUFFIXES:
        raise LinkConfigError(f"--can-log {p}: unsupported format {suffix or '(none)'!r}; use .log (candump) or .asc")
    return p


class CanLog:
    """A python-can writer that flushes after every frame; thread-safe."""

    def __init__(self, path: str | Path, channel: str) -> None:
        self.path = check_log_path(path)
        self._lock = threading.Lock()
        # candump lines are space-separated: the channel column must not contain blanks
        self._candump_channel = (re.sub(r"\s+", "_", channel) or "can0") if self.path.suffix.lower() == ".log" else None
        try:
            self._writer = can.Logger(str(self.path))
        except OSError as exc:
            raise LinkError(f"--can-log {self.path}: cannot open: {exc.strerror or exc}") from exc
        self._closed = False

    def write(self, msg: can.Message) -> None:
        with self._lock:
            if self._closed:
                return
            if self._candump_channel is not None:
                msg.channel = self._candump_channel
            self._writer.on_message_received(msg)
            self._writer.file.flush()

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._writer.stop()
