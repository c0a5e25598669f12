"""An answer may name an option by any word the vocabulary has for its control
(DESIGN 4a: "an option by its words"), not only the catalog's own aliases:
看书灯 is the reading light (a vocabulary word, no catalog alias); a word of neither option
answers nothing."""

from __future__ import annotations

import pytest

from .harness import reset_car


@pytest.fixture()
def svc(service):
    reset_car(service)
    return service


def say(c, sid: str, text: str) -> dict:
    r = c.post(f"/api/v1/sessions/{sid}/messages", json={"text": text, "seat": "driver"})
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(
    "ask,answer,chosen",
    [
        ("turn on the lights", "the map light", "reading_light.set"),
        ("开灯", "看书灯", "reading_light.set"),
        ("turn on the lights", "mood lighting please", "ambient_light.set"),
    ],
)
def test_a_vocabulary_word_chooses_its_option(svc, ask, answer, chosen):
    with svc.client() as c:
        sid = c.post("/api/v1/sessions").json()["session_id"]
        assert say(c, sid, ask)["status"] == "asked"
        reply = say(c, sid, answer)
        assert reply["status"] == "applied", reply
        assert [a["capability"] for a in reply["actions"]] == [chosen]
