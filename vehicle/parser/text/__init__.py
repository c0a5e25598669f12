"""Layer 1, text: one canonical form per utterance before anything is read.

:mod:`.normalize` (NFKC, lower case, Traditional read as Simplified with
OpenCC, clock times and names that are no value (:mod:`.names`), numbers
lifted out as placeholders), :mod:`.reword_en` and :mod:`.reword_zh` (ways of saying
a thing, said the way the reader reads them: a list with its verb last, two
places of one member, a take-back with an object, words spaced by a
recogniser; :mod:`.instead_zh` the Chinese corrections, take-backs and whose
member it is; :mod:`.beside` what is said beside a command: why, what for,
which of two is preferred, a question or a report run on after it),
:mod:`.people` (who else a text may be about),
:mod:`.numbers` (English number words, Chinese numerals) and
:mod:`.mixed` (the other language's words, for mixed-language text).
"""
