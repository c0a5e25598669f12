"""What one clause says, as the frame reader reads it (before resolution).

A frame names words, not commands: "the driver window", "open", "a number
with the unit percent". :mod:`vehicle.parser.frames.resolve` turns it into actions
against the catalog. Keeping the two apart lets a clause that says less
("and the passenger one") borrow what the previous clause said.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

#: Operations a frame may name (the vocabulary's action words, checked against it at load).
OPS: frozenset[str] = frozenset(
    {
        "on",
        "off",
        "open",
        "close",
        "set",
        "up",
        "down",
        "max",
        "min",
        "half",
        "fold",
        "unfold",
        "activate",
        "exit",
        "trigger",
        "keep",
        "low",
        "medium",
        "high",
        "crack",
        "more",
        "less",
    }
)


#: The tailgate, whose height words go the other way from glass ("raise" opens it).
TAILGATE = "tailgate.set"


@dataclass(frozen=True, slots=True)
class Frame:
    """The words of one clause: which control, which targets, what to do."""

    device: str | None = None
    """Capability id the words name (temperature words name the set/adjust family)."""
    targets: tuple[str, ...] = ()
    """Target ids as spoken, in order (a mode or peripheral id for those)."""
    possessive: bool = False
    """Every target was only a possessive ("my", "我的"): dropped where there are no seats."""
    op: str | None = None
    """What to do (see OPS); "keep" borrows the previous clause's operation."""
    number: float | None = None
    """The spoken number, as read (never clamped)."""
    unit: str | None = None
    """Unit said with the number (see UNITS), if any."""
    color: str | None = None
    """A colour choice of the catalog, if said."""
    plural: bool = False
    """The control was named in the plural or with 都/所有 and no target ("close the windows")."""
    speaker: bool = False
    """The clause names the speaker's own member ("my", "for me", 我这边)."""
    excluded: tuple[str, ...] = ()
    """Targets taken out of a group ("all windows except the driver's")."""
    lifted: bool = False
    """The way was said as a height ("raise", "lower", 升, 降): open for a tailgate, closed for glass."""

    def at_places_of(self, previous: Frame) -> Frame:
        """This frame at the places `previous` named, when it names none itself."""
        if self.targets or self.speaker:
            return self
        return replace(
            self,
            targets=previous.targets,
            possessive=previous.possessive,
            plural=self.plural or previous.plural,
            speaker=previous.speaker,
            excluded=self.excluded or previous.excluded,
        )

    def borrow(self, previous: Frame | None) -> Frame:
        """Fill what this clause leaves out from the previous clause's frame.

        A clause with no control word takes the previous control ("driver to
        21 and passenger to 23"); one that names no place either ("open the
        rear left window, no wait, close it") takes its places too, so "it"
        is the member just named and never the control's default one. A
        clause that only names a control or a target ("and the
        recirculation", "the passenger one too") takes the previous
        operation and value as well.
        """
        if previous is None:
            return self
        frame = self
        if frame.device is None and not frame.targets and not frame.speaker:
            frame = replace(frame, device=previous.device).at_places_of(previous)
        elif frame.device is None:
            frame = replace(frame, device=previous.device)
        if frame.op == "keep":
            if previous.lifted and (frame.device == TAILGATE) != (previous.device == TAILGATE):
                # "lower the tailgate and the windows": a height is opposite ways for the two; left unread
                return frame
            if frame.device != previous.device and (previous.number is not None or previous.op in _AMOUNT_OPS):
                # "close the windows to 30 percent and the sunroof": an amount said of one control is not
                # another's (it set the sunroof to 30 %, which opens a closed one); left unread
                return frame
            frame = replace(frame, op=previous.op, number=previous.number, unit=previous.unit, color=previous.color)
        return frame


#: Operations that carry an amount of their own (a borrowed one would be another control's).
_AMOUNT_OPS = frozenset({"max", "min", "half", "crack", "low", "medium", "high"})

__all__ = ["OPS", "TAILGATE", "Frame"]
