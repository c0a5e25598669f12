"""QUERY: state questions answered locally from the confirmed state (DESIGN section 6).

"Is the AC on?" never needs the model and never guesses: the answer is what
the ECU's status frames last confirmed, in the utterance's language, and
"not known yet" before the first frame. A question about a twin
(``window.adjust_position``) is answered from its physical control. The
words come from the message table (section ``queries``).
"""

from __future__ import annotations

from typing import Any

from vehicle.catalog import Catalog
from vehicle.names import control_name
from vehicle.wording import join_sentences, state_sentence


def answer(queries: tuple[Any, ...] | list[Any], catalog: Catalog, snapshot: dict[str, Any], lang: str) -> str:
    """One sentence per queried member, from confirmed state only."""
    sentences: list[str] = []
    for query in queries:
        if query.capability not in catalog.capabilities:
            continue
        control = catalog.control(query.capability)
        shown = snapshot.get("controls", {}).get(control)
        if shown is None:
            continue
        target = query.target or catalog.capabilities[control].default_target
        try:
            members = [m for m in catalog.members(control, target) if m in shown]
        except KeyError:
            members = list(shown)
        label = catalog.capability_label(control, lang)
        for member in members:
            what = (
                label if len(shown) == 1 or member == "cabin" else control_name(catalog, control, member)[lang == "zh"]
            )
            sentences.append(state_sentence(what, shown[member], lang))
    return join_sentences(sentences, lang)


def only_questions(parse: Any) -> bool:
    """The utterance asks and does nothing else the model would need to handle
    ("is the trunk open? tell me a joke" still goes to the model for the joke);
    the parser knows, having read every clause."""
    return bool(parse.queries_only)
