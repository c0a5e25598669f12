"""The two words normalisation writes into a text in place of what is said there."""

#: A word no vocabulary holds: what a name or a clock time becomes, so it reads
#: as an unknown word (never a value) and holds its clause.
NAME = "\ue000"
#: What a clock time becomes: a time, never a value; the clause markers read it
#: as a time the person gave, which holds its sentence ("set the fan to 2 at 8:00").
CLOCK = "\ue001"

__all__ = ["CLOCK", "NAME"]
