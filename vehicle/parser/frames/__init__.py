"""Layer 3, frames and meaning: what one clause says, and what that is in the catalog.

:mod:`.frame` (the frame: control, targets, operation, amount);
:mod:`.vocabulary` (the catalog's aliases per language, and
``vocabulary/common.yaml``) and :mod:`.lexicon` (where those words occur
in a text); the frame reader for any word order (:mod:`.framewords` loads
``catalog/vocabulary/<language>.yaml``, :mod:`.cover` cuts a clause into
its words, :mod:`.reader` reads commands, :mod:`.states` needs, state
questions and a control's name alone); :mod:`.ask` (what to ask when a clause lacks
something); :mod:`.resolve` (a frame against the catalog and the speaker's
seat) and :mod:`.spotter` (mentions and needs).
"""
