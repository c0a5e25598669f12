"""The thread's base instructions (replacing codex's coding-agent prompt).

Why here: with ``baseInstructions`` set and the instruction-bearing features
off, the model request shrinks from ~31 KB to ~6.5 KB and carries nothing
about shells or files. The catalog-bearing developer instructions come from
the backend (keyed by catalog generation); this text is the stable part. It
is written once, in the message table (``catalog/messages.yaml``, section
``model``), next to every other sentence the service says.
"""

from __future__ import annotations

from vehicle.wording import model_rules

BASE_INSTRUCTIONS = model_rules()
