"""One clause, with what was said of its frame (read by :mod:`.markers`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause's body and the markers read off it."""

    text: str
    """The clause as cut from the normalised text (for needs and spotting)."""
    body: str
    """The clause with politeness, negation and condition words removed."""
    negated: bool = False
    """"don't", 别, 不要, 不用, 不开 ...: its controls are forbidden."""
    conditional: bool = False
    """"if", "when", "in 5 minutes", 如果, 等…再, …分钟后: holds its sentence."""
    question: bool = False
    """A question or a request for information ("is the AC on", 怎么打开天窗)."""
    hinted: bool = False
    """A question only because a "?" ends it (its own words are no question)."""
    retraction: bool = False
    """"never mind", 算了, a lone "no": holds every clause before it."""
    reported: bool = False
    """"he said", "the manual says", 他说, 说明书上写着: holds what is reported."""
    wish: bool = False
    """"keep it closed", "I hope it stays closed", 保持关着: no command."""
    statement: bool = False
    """"the window is open", 车窗开着: a statement about a control, no command."""
    speaker: bool = False
    """"my", "for me", 我的, 我这边, 给我: names the speaker's own member."""
    howto: bool = False
    """A question about how to do something or why: never a state query."""
    hedged: bool = False
    """"maybe open the tailgate", 要不开下天窗, a lone "maybe": ask before acting (a clarify)."""

    @property
    def empty(self) -> bool:
        """Nothing but politeness ("thanks", "please", 谢谢)."""
        return not self.body and not (
            self.negated or self.conditional or self.question or self.retraction or self.reported
        )

    @property
    def marked(self) -> bool:
        """Anything that stops a run of pieces being read as one command."""
        return self.negated or self.conditional or self.question or self.retraction or self.reported or self.empty


def fields_of(c: Clause) -> dict:
    """The clause's fields, to make another clause from it."""
    return {f: getattr(c, f) for f in c.__dataclass_fields__}


__all__ = ["Clause", "fields_of"]
