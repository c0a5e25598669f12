"""A timed command in a turn that goes to the model (DESIGN section 5a), through the real codex.

"open the tailgate in 5 seconds and tell me a joke" is not complete (the
joke), so the model answers; the service sets the job from its own parse
(the model cannot: its tool has no time field), and a hostile model that
opens the tailgate *now* is refused ``negated_by_user`` (the timed clause is
held). The reply carries the job and says when, after the model's words;
the job fires five seconds later through the executor, ``source:
"schedule"``, and the tailgate opens then, not before.
"""

from __future__ import annotations

import time

from .e2e_flow import controls, deltas, new_session, tap, turn
from .e2e_provider import execute, text

OPEN = {"capability": "tailgate.set", "target": "cabin", "parameters": {"open": True}}


def test_a_model_turn_sets_the_job_and_cannot_act_on_it_now(svc, provider):
    utterance = "open the tailgate in 5 seconds and tell me a joke"
    provider.script(utterance, lambda call: execute(call.token, {"actions": [OPEN]}), lambda call: text("A joke."))
    with svc.client(timeout=90) as c:
        assert c.put("/api/v1/sim/vehicle", json={"speed_kph": 0, "gear": "P"}).status_code == 200
        tap(c, "tailgate.set", "cabin", open=False)
        events, reply = turn(c, new_session(c), utterance)
        assert reply["handled_by"] == "codex"
        (job,) = reply["jobs"]
        assert job["status"] == "pending" and job["actions"] == [OPEN]
        refused = [a for a in reply["actions"] if a["source"] == "model"]
        assert [(a["capability"], a["reason"]) for a in refused] == [("tailgate.set", "negated_by_user")]
        assert controls(c)["tailgate.set"]["cabin"] == {"open": False}  # nothing now
        said = "".join(deltas(events))
        assert said.startswith("A joke.") and "Tailgate will open in 5 seconds, at " in said
        assert reply["reply_text"] == said
        deadline = time.monotonic() + 15
        status = "pending"
        while status == "pending" and time.monotonic() < deadline:
            time.sleep(0.1)
            status = next(j for j in c.get("/api/v1/jobs").json()["jobs"] if j["id"] == job["id"])["status"]
        fired = next(j for j in c.get("/api/v1/jobs").json()["jobs"] if j["id"] == job["id"])
        assert fired["status"] == "fired" and fired["results"][0]["source"] == "schedule"
        assert controls(c)["tailgate.set"]["cabin"] == {"open": True}
        tap(c, "tailgate.set", "cabin", open=False)
