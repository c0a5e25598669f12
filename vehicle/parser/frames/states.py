"""What a clause says that is no command: a need, a state question, a control's name alone.

"it's way too frigid in here" states a need; "status of the rear defroster"
asks a state with no question mark; "cabin temp" names one control and
nothing else. Each reads the clause's cover (:mod:`.cover`) with its own
word classes; the frame reader (:mod:`.reader`) reads commands.
"""

from __future__ import annotations

import re

from .cover import cover, first
from .framewords import Words
from .reader import DEFROST_VERBS, PLAIN_VERBS, SET_TEMPERATURE, TEMPERATURE, VERB_ALONE

#: A comfort statement: need words, who or where, and the words of a statement.
_NEED = ("needs", "subjects", "targets", "statement", "glue")
#: A state question without "?" ("status of the rear defroster", "tell me my heating setting").
_QUERY = (
    "queries",
    "compounds",
    "controls",
    "targets",
    "amounts",
    "units",
    "actions",
    "to",
    "subjects",
    "statement",
    "glue",
)


def read_need(words: Words, text: str) -> str | None:
    """The one need a comfort statement states ("it's way too frigid in here"), else None.

    Every word is a need word, a target, a subject ("it's", "i feel",
    "好"), a statement word or glue; a subject is said and exactly one need
    is named (once or more). Weather talk, questions, negations and
    idioms never reach here: the clause markers and the need phrases of the
    catalog read them first.
    """
    if words.language == "en":
        if text.split()[:1] and text.split()[0] in PLAIN_VERBS:
            return None  # "cool it", "warm it up": a verb said to the car, not how someone feels
        text = _SIMILE.sub(lambda m: m.group(1) or m.group(2), text)  # "as cold as a potato": cold
    pieces = cover(words, text, _NEED)
    if pieces is None:
        return None
    picked = [first(meanings, _NEED) for _, meanings in pieces if meanings]
    needs = {m.value for m in picked if m.cls == "needs"}
    if len(needs) != 1:
        return None
    # "困了", "累死了": a Chinese need said as what has become, with no one named
    become = words.language == "zh" and text.endswith(("了", "死了"))
    # "the heat is unbearable": a need word said with its verb of being is its own subject
    itself = any(
        m.cls == "needs" and t.endswith(_BEING) for (t, _), m in zip([p for p in pieces if p[1]], picked)
    ) and any(t in _TOO_MUCH for t, _ in pieces)
    if (
        not any(m.cls == "subjects" for m in picked)
        and not itself
        and not become
        and not (words.language == "en" and _DEGREE.match(text))
    ):
        return None  # no one said to be cold ("that joke fell flat and cold", "cooler on the passenger side")
    return needs.pop()


_BEING = (" is", " feels", " feel", " gets", " getting", " gotten", " like")
#: What the heat is when it is a need ("unbearable"), not a state ("the heat is on").
_TOO_MUCH = frozenset({"unbearable", "intolerable", "unacceptable", "undesirable", "too", "way too", "so"})
#: "as frigid as a furnace": a simile says the need before its second "as".
_SIMILE = re.compile(
    r"\bas ([a-z]+(?: up)?) as (?:a |an |the )(?!it\b)[a-z']+|\bas ([a-z]+(?: up)?) as (?:hell|fire|ice|snow)\b"
)
#: "a bit too nippy", "way too warm in the back": too much of it, said of the cabin, needs no subject
#: (a comparative is a way, never a need: "a bit warmer" raises the temperature).
_DEGREE = re.compile(
    r"^(?:(?:a bit|a little|a little bit|a tad|way|much|far|kind of|somewhat|really)\s+)?(?:too|so(?! cool$))\b"
    # "a bit balmy" (a comparative is a way: "a bit warmer" raises the temperature)
    r"|^(?:a bit|a little|a little bit|a tad|kind of|somewhat|rather|pretty|quite)\s+\S+(?<!er)$"
)


def read_query(words: Words, text: str) -> tuple[str, str | None] | None:
    """(capability, target) a state question without a question mark asks about, else None.

    It needs a question word ("status", "what's", "tell me", "当前") and
    exactly one control; the rest are targets, the state asked about
    ("set to max", "on") and glue.
    """
    pieces = cover(words, text, _QUERY)
    if pieces is None:
        return None
    picked = [first(meanings, _QUERY) for _, meanings in pieces if meanings]
    if not any(m.cls == "queries" for m in picked):
        return None
    controls = {
        SET_TEMPERATURE if m.value in TEMPERATURE else m.value for m in picked if m.cls in ("controls", "compounds")
    }
    if controls and controls <= _CLIMATE_SETTINGS and _DEGREES_ASKED.search(text):
        controls = {SET_TEMPERATURE}  # "空调现在多少度", "what temperature is the ac at": the value is its temperature
    if len(controls) != 1:
        return None
    targets = [m.extra if m.cls == "compounds" else m.value for m in picked if m.cls in ("targets", "compounds")]
    return controls.pop(), (targets[0] if targets else None)


def names_only(words: Words, body: str) -> bool:
    """`body` is one control's name with places and glue, nothing else ("cabin temp", 车内温度): no
    action, amount or second control, and no control word that is also said as a verb ("defog …")."""
    pieces = cover(words, body, ("controls", "compounds", "targets", "glue"))
    if pieces is None:
        return False
    named = [text for text, meanings in pieces if meanings and ("controls" in meanings or "compounds" in meanings)]
    return (
        len(named) == 1
        and named[0] not in _SAID_AS_VERB
        and named[0].split()[0] not in ("max", "maximum")  # "max defrost" names the setting asked for
        and not any(m is None for _, m in pieces)
    )


#: Control words also said as the verb of their control ("defog the windshield"): never a name alone.
_SAID_AS_VERB = VERB_ALONE | DEFROST_VERBS | {"heat", "cool", "warm", "heating", "cooling"}


#: A question for degrees asks the climate's temperature, whichever climate word it names.
_DEGREES_ASKED = re.compile(r"多少度|几度|\bwhat temperature\b|\bhow (?:hot|cold|warm|cool)\b")
_CLIMATE_SETTINGS = frozenset({SET_TEMPERATURE, "climate.power", "climate.set_ac"})


__all__ = ["names_only", "read_need", "read_query"]
