"""Errors of :mod:`vehicle.can`: one root, narrow subclasses.

::

    VehicleCanError                    anything this package refuses
     ├── CodecError (ValueError)       a command cannot be encoded / a frame cannot be decoded
     │    └── E2EError                 a frame fails its AUTOSAR E2E CRC
     └── LinkError                     the bus: configuration, opening, sending
          ├── LinkConfigError (ValueError)   a LinkConfig that cannot work (.blf log, bad interface)
          ├── LinkDown                 the link is not open
          ├── SendFailed               python-can refused the frame (bus error)
          └── TransmitRefused (PermissionError)  the id is not on the transmit allowlist

A mismatch between the DBC and the catalog is a
:class:`vehicle.catalog.CatalogError` instead (the DBC is catalog data).
Foreign exceptions (``cantools`` ``EncodeError``/``KeyError``/``OverflowError``,
``can.CanError``, ``OSError``) are turned into these at the I/O edge with
``raise ... from``; none escapes a public API of this package.
"""

from __future__ import annotations


class VehicleCanError(Exception):
    """Root of every error raised by :mod:`vehicle.can`."""


class CodecError(VehicleCanError, ValueError):
    """A command cannot be encoded, or a received frame cannot be decoded."""


class E2EError(CodecError):
    """A frame's CRC does not match its payload and data id (dropped, counted)."""


class LinkError(VehicleCanError):
    """The CAN link cannot do what was asked (open, send, configure)."""


class LinkConfigError(LinkError, ValueError):
    """A link configuration that cannot work; raised before anything opens."""


class LinkDown(LinkError):
    """A send was attempted while the link is not open."""


class SendFailed(LinkError):
    """The bus refused the frame (python-can error or OS error)."""


class TransmitRefused(LinkError, PermissionError):
    """The frame's id is not on the transmit allowlist; nothing was sent."""
