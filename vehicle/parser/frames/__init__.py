"""Layer 3, frames and meaning: what one clause says, and what that is in the catalog.

:mod:`.frame` (the frame: control, targets, operation, amount), the
templates (:mod:`.templates`, read by hassil's public ``recognize_best``
through :mod:`.matcher` after :mod:`.router` and :mod:`.prune` keep the
few that can match, with :mod:`.vocabulary` and :mod:`.lexicon` holding
the catalog's words), the vocabulary reader for any word order
(:mod:`.framewords` loads ``catalog/vocabulary``, :mod:`.reader` reads
commands, needs and state questions), :mod:`.resolve` (a frame against the
catalog and the speaker's seat) and :mod:`.spotter` (mentions and needs).
"""
