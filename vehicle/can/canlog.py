"""``--can-log FILE``: every frame sent and received, flushed after each one.

Uses python-can's own writers, chosen by suffix: ``.log`` (candump text,
readable by ``cantools decode`` and ``can.player``) or ``.asc`` (Vector).
``.blf`` is refused: its writer can only be read after it is closed, so a
crash would lose the whole log; record ``.log`` and convert afterwards.

The file is opened for append: a restart never erases what was logged
before (an ``.asc`` gets a new header block per start). A failing write (a
full disk) never fails the frame it records: the frame was sent or received
all the same. The log goes to state ``error``, the failure is logged once,
and sending and receiving go on.
"""

from __future__ import annotations

import logging
import re
import threading
from pathlib import Path
from typing import Literal, TextIO, cast

import can
from can.io.generic import TextIOMessageWriter

from .errors import LinkConfigError, LinkError

LOG_SUFFIXES = (".log", ".asc")

log = logging.getLogger(__name__)


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
            self._writer: TextIOMessageWriter
            if self._candump_channel is not None:  # a .log path: python-can's candump writer, a text writer
                self._writer = cast(TextIOMessageWriter, can.Logger(str(self.path), append=True))
            else:  # the ASC writer cannot append by name: hand it a file opened for append
                self._file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (closed by the writer)
                self._writer = _asc_writer(self._file)
        except OSError as exc:
            raise LinkError(f"--can-log {self.path}: cannot open: {exc.strerror or exc}") from exc
        self._closed = False
        self.state: Literal["ok", "error"] = "ok"
        """``error`` once a write failed (until a later write succeeds)."""
        self.failed_writes = 0

    def write(self, msg: can.Message) -> None:
        """Record one frame; never raises (the frame's fate does not depend on its log line)."""
        with self._lock:
            if self._closed:
                return
            if self._candump_channel is not None:
                msg.channel = self._candump_channel
            try:
                self._writer.on_message_received(msg)
                self._writer.file.flush()
            except (OSError, ValueError) as exc:
                self.failed_writes += 1
                if self.state == "ok":
                    log.error(
                        "--can-log %s: write failed (%s); frames still flow, the log is incomplete",
                        self.path,
                        getattr(exc, "strerror", None) or type(exc).__name__,
                    )
                self.state = "error"
                return
            if self.state == "error":
                log.warning("--can-log %s: writing again after %d failed writes", self.path, self.failed_writes)
            self.state = "ok"

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                try:
                    self._writer.stop()
                except (OSError, ValueError):  # a full disk cannot flush the tail either
                    self.state = "error"


def _asc_writer(file: TextIO) -> can.io.ASCWriter:
    return can.io.ASCWriter(file)
