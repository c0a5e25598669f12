"""Layer 2, clauses and scope: where a clause starts and what governs it.

:mod:`.cut` and :mod:`.runon` (sentences, clauses, unpunctuated run-ons),
:mod:`.markers` (negation, condition or time, question, hedge, retraction,
reported speech, wish, statement), :mod:`.scope` (how far each hold
reaches), :mod:`.exclude` ("all windows except the driver's"),
:mod:`.followup` ("me too", "a bit more", "undo") and :mod:`.cues` (the
words these share).
"""
