"""Layer 1, text: one canonical form per utterance before anything is read.

:mod:`.normalize` (NFKC, lower case, Traditional read as Simplified with
OpenCC, clock times and names that are no value, numbers lifted out as
placeholders), :mod:`.numbers` (English number words, Chinese numerals) and
:mod:`.mixed` (the other language's words, for mixed-language text).
"""
