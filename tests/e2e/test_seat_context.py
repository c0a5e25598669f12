"""The speaker's seat reaches the model as trusted context (DESIGN section 3a),
and is kept with the turn; real service, real codex, scripted model."""

from __future__ import annotations

from .e2e_flow import new_session, turn
from .e2e_provider import text


def test_seat_travels_in_the_trusted_context_and_is_stored(svc, provider):
    utterance = "what's the weather like where I sit?"
    provider.script(utterance, text("Sunny on your side."))
    with svc.client(timeout=60) as c:
        session = new_session(c)
        _, reply = turn(c, session, utterance, seat="rear_right", source="voice")
        assert reply["handled_by"] == "codex"
        (call,) = provider.calls_for(utterance)
        assert call.context["seat"] == "rear_right" and len(call.token) >= 32
        [stored] = c.get(f"/api/v1/sessions/{session}/messages").json()["turns"]
        assert stored["seat"] == "rear_right"


def test_no_seat_means_no_seat_in_the_context(svc, provider):
    utterance = "tell me something about Saturn"
    provider.script(utterance, text("It has rings."))
    with svc.client(timeout=60) as c:
        turn(c, new_session(c), utterance)
        (call,) = provider.calls_for(utterance)
        assert "seat" not in call.context
