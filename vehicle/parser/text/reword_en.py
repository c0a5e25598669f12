"""English said the way the frame reader reads it (before numbers are lifted).

Each rule rewrites one way of saying something into the wording the later stages
already read, so the reader needs no rule of its own for it; most exist because a
red team found the words acting on more than was said. They run in the order of
:func:`reword_en` (an earlier rule's output is a later rule's input), after NFKC and
lower case:

- before times are lifted (:func:`reword_en_delay`): a delay or a duration corrected
  by a bare number ("in 10 minutes no 5", "… no wait 20");
- :func:`reword_en`: typographic apostrophes; the climate's value asked ("what's the
  ac on"); a level after switching the climate on (the fan's); purposes, reasons,
  "instead of", and a question or a report run on after a command (:mod:`.beside`);
  "and after that", "after you …"; "sorry, i mean" and "don't, whatever
  you do, …"; "A, actually / or rather / sorry / make that B" (a correction); "nah"
  before a command; someone's "left" (no side), "my wife's" (no speaker's member),
  "everyone's", "me" in a list of members; a taste ("i like it cold", "i like the fan
  on low"), a tag "right?", "all the way" (how far); the body's back, "be right
  back", "that's all"; "A and B, only the A" / "leave the B"; a limit with no
  amount ("but not fully"); "i can … myself" (told); hedges, hypotheticals, offers and questions put to the
  others; a verb's particle ("open the window up"); a side of a named group; both
  sides, rows, shares, amount words and polite verb forms (:mod:`.spoken_en`); two
  places of one member (the rear passenger window: the rear right); a member or a
  group kept out ("but keep the rear ones closed"); "less cold" (warmer); a count
  of the members named; a mode or a place said as a thing ("camping gear", "go to
  the garage"); one window of a pair not said; a take-back of everything, of a
  member or of a thing; this car's; a window by its number;
- on the canonical text (:func:`reword_en_read`): a list with its state word after
  it ("seat heating and ventilation on").

The Chinese rules are :mod:`.reword_zh`.
"""

from __future__ import annotations

import re

from .beside import beside_en
from .names import NAME
from .people import EN_KIN
from .spoken_en import EN_VERBS, spoken_en

#: "open this car's trunk", 打开这辆车的后备箱: this car is the one the service drives (said of another
#: car, the clause markers hold it).
_EN_THIS_CAR = re.compile(r"\b(?:this|my|our|the) (?:car|vehicle)'s\b|\bof (?:this|my|our|the) (?:car|vehicle)\b")

#: "open window 2": a small bare number right after "window" names a window by its number, which the
#: catalog does not number (never 2 percent): an unknown word, so nothing acts on a guess.
_EN_WINDOW_NUMBER = re.compile(
    r"\b(windows?)\s+(?:number\s+|no\.?\s*|#\s*)?(?:[1-6]|one|two|three|four|five|six)\b"
    r"(?!\s*(?:%|percent|per\s?cent|degrees?|inch|inches|cm|centimet))"
)

#: "open the windows and the tailgate, never mind the tailgate", "… cancel the tailgate": a take-back
#: with an object after a command forbids that object only (the object used to be read alone and
#: share the command's verb: the tailgate opened). "cancel ac" said first still switches it off.
#: The things a take-back may name (a family word such as "the seat" or "the heating" is not read:
#: the take-back then holds everything before it, as a bare "never mind" does).
_EN_THING_WORD = (
    r"(?:windows?|sunroof|moonroof|trunk|tailgate|boot|hatch|liftgate|sunshade|shade"
    r"|blind|ac|a/c|air conditioning|air conditioner|climate|fan|blower|defrost|defroster|defog|defogger|demister"
    r"|mirrors?|reading lights?|ambient lights?|recirculation|sunroof shade|(?:nap|camping|pet|car wash|sleep|rest)"
    r"(?: mode)?|seat heating|seat heater|seat ventilation|seat massage|massage)\b"
)
_EN_THING = rf"(?:the |my |about the |about my )?{_EN_THING_WORD}"

_EN_TAKE_BACK_OBJECT = re.compile(
    r"(?<=\S)[\s,.;!]+(?:(?:actually|oh|no|and|but)\s+)?(?:never ?mind|forget(?: about)?|scratch|skip|cancel|drop)\s+"
    rf"(?={_EN_THING})"
)

#: "open all windows, never mind the driver's": a member taken back from a group is left out of it (only
#: the driver's window opened).
_EN_TAKE_BACK_MEMBER = re.compile(
    r"[\s,.;!]+(?:but\s+)?(?:never ?mind|forget(?: about)?|skip|not|leave out|leaving out)\s+(the (?:driver|passenger|rear left|rear right)(?:'s)?"
    r"(?: one| window| seat)?|mine|my one)(?=\s*$|[\s,.;!])"
)

#: "… never mind both / cancel all that / forget everything": every command before it is taken back.
_EN_TAKE_BACK_ALL = re.compile(
    r"\b(?:never ?mind|forget(?: about)?|scratch|cancel|skip|drop|don't do)\s+(?:both(?: of them)?|either(?: of them)?"
    r"|all(?: of)?(?: that| it| them| this)?|everything|any of (?:that|it|them)|the lot)\b|(?<=\S)\s+neither$"
)

#: "open the sunroof and the windows no windows": "no" and a thing after a command forbids that thing
#: ("no, open the window" stays a correction; "no more", "no need" are no things).
_EN_NO_OBJECT = re.compile(
    rf"(?<=[a-z0-9])\s+no\s+(?={_EN_THING})(?!the |my )"
    # (a thing with its own verb after it is a correction: "close the window no climate control turn off")
    rf"(?!{_EN_THING}(?:\s+[a-z]+)?\s+(?:turn|switch|set|open|close|shut|put|roll|on|off|up|down)\b)"
)

#: Two places said of one member ("the rear passenger window", "the driver side rear window", 后排副驾侧车窗):
#: the member where both hold (the rear seat on that side), never both places' members (three windows
#: opened). The driver sits on the left (catalog/seats.yaml: behind the driver is rear_left).
_EN_OF_A_MEMBER = (
    r"(?=\s+(?:side\s+)?(?:windows?|seats?|doors?|reading|lights?|temp|temperature|zone|heat|heated|heating|vent"
    r"|ventilation|massage|climate|ac|fan|mirror|air|one|to|at|\d+)\b|\s*$)"
)

_EN_SIDE_OF_ROW = (
    (re.compile(r"\b(?:rear|back) passengers\b" + _EN_OF_A_MEMBER), "rear"),
    (
        re.compile(
            r"(?:\b(?:rear|back) passenger(?:'s)?(?: side)?|\bpassenger(?:'s)?(?: side)? (?:rear|back))\b"
            + _EN_OF_A_MEMBER
        ),
        "rear right",
    ),
    (
        re.compile(
            r"(?:\b(?:rear|back) driver(?:'s)?(?: side)?|\bdriver(?:'s)?(?: side)? (?:rear|back))\b" + _EN_OF_A_MEMBER
        ),
        "rear left",
    ),
    (re.compile(r"\bfront driver(?:'s)?\b"), "driver"),
    (
        re.compile(
            r"\b(?:rear|back) (window|seat|door|reading light|light)s? on (?:the )?(driver|passenger)(?:'s)? side\b"
        ),
        lambda m: ("rear left " if m.group(2) == "driver" else "rear right ") + m.group(1),
    ),
)

#: "open all windows but keep mine closed": a member kept as it is after a group is left out of it.
_EN_KEEP_MINE = re.compile(
    r"(?<=[a-z0-9'])\s*,?\s*\b(?:but |and )?(?:keep|leave) (mine|my (?:window|seat|side|one)|the (?:driver|passenger)'s(?: one| window| seat)?"
    r"|the (?:rear left|rear right|driver|passenger|front) (?:one|window|seat)"
    # a group kept ("open the windows but keep the rear ones closed": they all opened)
    r"|(?:the )?(?:rear|back|front)(?: ones| windows| seats)?)\s+(?:closed|shut|up|off|alone|as it is|as they are)\b"
)

#: "open the rear windows but not the right": a side said after a group is that group's member (it was
#: read as the passenger's, and both rear windows opened).
_EN_SIDE_OF_GROUP = re.compile(
    r"\b((rear|back|front) windows\b[^,.;!?]*?\b(?:but )?(?:not|except|apart from|other than) (?:the )?)(left|right)\b"
)

#: One window of a pair, or "both" of more than two ("open the rear window", "open both windows"): which
#: one is not said, so nothing acts on a guess (it opened both rear windows, or all four). The rear
#: window's glass stays the rear defroster's ("rear window defrost").
_EN_GLASS_WORK = re.compile(r"defrost|defog|demist|de-?ice|wiper|heated|fog")

_EN_WHICH_ONE = re.compile(
    r"\b(?<!left )(?<!right )(?<!left-)(?<!right-)(?<!side )(?:the |my )?(?:rear|back|front)(?: seat)? window\b(?!s)"
    r"(?! (?:defrost|defog|demist|heat|wiper|glass)\w*)(?! on (?:the |my )?(?:left|right|driver|passenger))"
    r"|\bboth (?:windows|seats)\b(?! (?:in|on|at) )"
)

#: "less cold" is warmer, "less warm" cooler (read as the adjective, it went the other way).
_EN_LESS = (
    (re.compile(r"\b(?:a (?:little|bit) )?less (?:cold|cool|chilly|freezing|icy)\b"), "warmer"),
    (re.compile(r"\b(?:a (?:little|bit) )?less (?:warm|hot|toasty|stuffy)\b"), "cooler"),
)

#: A count of the members named ("the two back windows", "all four windows"): no amount (it opened them 2 %).
_EN_COUNT = re.compile(
    r"\b(?:two|2)\s+(?=(?:back|rear|front)\s+(?:windows|seats|doors)\b)"
    r"|(?<=\ball )(?:four|4)\s+(?=(?:windows|seats|doors)\b)"
)

_EN_GOING_TO_GARAGE = re.compile(r"\b(?:to|towards?|into) (?:the |my |our )?garage\b(?! door)")

_EN_MODE_THING = re.compile(
    r"\bcamping (?:gear|trip|site|ground|grounds|chair|chairs|stuff|equipment|store|spot|stove)\b"
    # going there ("go to the car wash", "let's go camping") or the animal itself ("my pet"): no mode
    r"|\b(?:go|going|head|heading|drive|driving|navigate)(?: to)?(?: the| a)? (?:car wash|camping)\b"
    r"|^(?:my|the|our) pet$"
)

#: "what is the ac on", "what's the a/c set to": the value asked of the climate is its temperature
#: (read as the AC's switch, "what" asked whether it was on).
_EN_CLIMATE_VALUE = re.compile(
    r"\bwhat(?:'s| is)? (?:the |my )?(?:ac|a/c|air conditioning|air conditioner|climate|heater|heat)"
    r" (?:is )?(?:on|at|set to|set at|set on)\b(?= ?[?.]?$)"
)

#: A level word after switching the climate on ("turn on the ac to medium", "climate on low", 打开空调调到中挡):
#: the fan's level, as a driver means it (the climate has no level of its own; "max" stays unread).
_EN_CLIMATE_LEVEL = re.compile(
    r"\b((?:(?:turn|switch) on (?:the )?{c}|(?:(?:turn|switch) )?(?:the )?{c} on)) (?:to |at |on )?(low|medium|high)\b"
    r"(?! (?:temp|temperature|degrees?|heat|cool))(?![^.;!]*\?)".format(
        c="(?:ac|a/c|air conditioning|air conditioner|climate|air con|aircon)"
    )
)

_EN_NEGATED = re.compile(r"\b(?:don't|dont|do not|never|not|no)\b")

#: A limit with no amount ("open the sunroof but not fully", 天窗打开 不要全开): how far is not said, so
#: it is an unknown word that holds its sentence (it opened fully).
_EN_NOT_FULLY = re.compile(
    r"[\s,]+(?:but |just )?not (?:fully|all the way|completely|too much|too far|too wide|that much|that far|entirely)\b"
)

#: A hedge after "let's" ("let's maybe open the trunk"), a hypothetical ("i could open the trunk", "you could
#: open the sunroof"), an offer or a question put to the others ("need me to open …", "you ok with the
#: trunk open"): asked, not done (said as "maybe …", which asks for consent, or as a question).
_EN_LETS_MAYBE = re.compile(r"^(?:let's|lets|let us) (?:maybe|perhaps|possibly)\b")

_EN_WOULD = re.compile(
    r"^(?:i|we|one|you) (?:would|could|might|can)(?= (?:open|close|turn|switch|roll|lower|raise|set|fold)\b)"
    # (not "i can open the trunk myself": the speaker will do it, told)
    r"(?!.*\b(?:myself|ourselves)\b)"
)
#: "i can open the trunk myself": what the speaker will do, told (it was a hedge: a consent question).
_EN_MYSELF = re.compile(r"^(?:i|we) (?:can|could)(?= .*\b(?:myself|ourselves)\b)")

_EN_ASKED_OF_OTHERS = re.compile(
    r"^(?:(?:are )?(?:you|everyone|everybody|you guys|y'all) )?(?:ok|okay|alright|fine|good) with\b|^need me to\b"
)


def _apply(text: str, rules) -> str:
    for pattern, repl in rules:
        text = pattern.sub(repl, text)
    return text


_EN_APOSTROPHE = re.compile(r"[’‘`´]")
#: "the fan's too weak": "'s" before how much is "is" (no possessive), so the fan is the control named before.
_EN_IS_HOW = re.compile(
    r"\b(?!(?:that|it|what|there|here|he|she|who|this|let)'s)([a-z]+)'s (?=(?:too|so|really|very|way|kind of|pretty"
    r"|a bit|a little)\b)"
)

#: A delay corrected by a bare number ("open the sunroof in 10 minutes no 5", "… i mean 20"): the new
#: delay in the same unit (it was read as an amount: the sunroof to 5 % in 10 minutes).
#: A number said as a word ("no wait" is no new delay: it was read as "in wait minutes").
_EN_NUMBER_WORD = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|ninety|a half|half)"
)

_EN_DELAY_CORRECTED = re.compile(
    r"\b(in|for) [a-z0-9.]+ (minutes?|mins?|hours?|seconds?)[\s,]+(?:(?:no|i mean|sorry|make (?:it|that)|actually|wait)[\s,]+){1,3}"
    rf"([0-9.]+|{_EN_NUMBER_WORD}(?:[- ]{_EN_NUMBER_WORD})?)(?: (?:minutes?|mins?|hours?|seconds?))?(?=\s*$|[,.;!])"
)

#: The particle of a phrasal verb said after its object ("open the window up", "open it all up", "shut
#: the sunroof down") is no height: up would close a window, down would open it.
_EN_ONE_CLAUSE = r"(?:(?!\b(?:and|then|but|also|plus|turn|set|make|put|roll|crank)\b)[^,.;!?]){1,40}?"

_EN_PARTICLE = re.compile(rf"\b(open\b{_EN_ONE_CLAUSE}) up\b|\b((?:close|shut)\b{_EN_ONE_CLAUSE}) down\b")


def _en_side_of_group(m: re.Match[str]) -> str:
    if m.group(2) == "front":
        return m.group(1) + ("driver's" if m.group(3) == "left" else "passenger's")
    return f"{m.group(1)}rear {m.group(3)}"


def reword_en_delay(text: str) -> str:
    """Before times are lifted: a delay corrected by a bare number is the new delay ("in 10 minutes no 5")."""
    return _EN_DELAY_CORRECTED.sub(r"\1 \3 \2", text)


def reword_en(text: str) -> str:
    """English said the way the reader reads it (see the module docstring)."""
    text = _EN_IS_HOW.sub(r"\1 is ", _EN_APOSTROPHE.sub("'", text))  # before the negation is read: "don’t, …"
    text = _EN_CLIMATE_VALUE.sub("what is the temperature set to", text)
    if not _EN_NEGATED.search(text):  # "don't turn the ac on high": not the fan's either
        text = _EN_CLIMATE_LEVEL.sub(r"\1 , fan to \2", text)
    text = beside_en(text)  # purposes, reasons, results, what is preferred; asked or told after a command
    text = _EN_AFTER_YOU.sub("", _EN_AFTER_THAT.sub(" and then ", text))
    text = _EN_ASIDE_AFTER_NOT.sub(r"\1 ", _EN_SORRY_I_MEAN.sub(" ", text))
    text = _EN_NAH_THEN.sub(" , no , ", _EN_RATHER.sub(_rather, text))
    text = _EN_EVERYONES.sub("all", _EN_KIN_OF_MINE.sub("", _EN_LEFT_DONE.sub(r"\1 had", text)))
    text = _EN_LIKE.sub("i liked ", _EN_TASTE.sub(f" {NAME} ", _EN_RIGHT_TAG.sub("?", text)))
    text = _EN_ALL_THE_WAY.sub("fully", text)  # how far, never every member ("is the window all the way down")
    text = _EN_RIGHT_UP.sub(r"\1fully", text)
    text = _EN_ME_LISTED.sub(lambda m: "mine" if m.group(0) == "me" else " and mine", text)
    text = _EN_NOT_A_PLACE.sub(" , ", _EN_BACK_OF_A_BODY.sub(f" {NAME} ", text))
    text = _said_again(text, _EN_ONLY_THAT, " , no , only the {thing}")
    text = _said_again(text, _EN_LEAVE_THAT, " , leave the {thing} alone")
    text = _EN_NOT_FULLY.sub(f" {NAME} ", text)  # "open the sunroof but not fully": how far is not said
    text = _EN_WOULD.sub("maybe", _EN_LETS_MAYBE.sub("maybe", _EN_MYSELF.sub("i will", text)))  # a hedge: consent asked
    if _EN_ASKED_OF_OTHERS.match(text):
        text = "is it " + text  # "you ok with the trunk open": a question, not a command
    text = _EN_PARTICLE.sub(
        lambda m: m.group(1) or m.group(2), text
    )  # "open the window up": open it (the "up" closed it)
    text = _EN_SIDE_OF_GROUP.sub(_en_side_of_group, text)  # "the rear windows but not the right"
    text = spoken_en(text)  # sides, rows, shares, amount words, polite verb forms
    text = _EN_KEEP_MINE.sub(r" except \1", _apply(text, _EN_SIDE_OF_ROW))
    text = _EN_COUNT.sub("", _apply(text, _EN_LESS))
    text = _EN_MODE_THING.sub(f" {NAME} ", text)  # "camping gear" is no camping mode
    text = _EN_GOING_TO_GARAGE.sub(f" to {NAME} ", text)  # "go to the garage": a place, not its door
    if not _EN_GLASS_WORK.search(text):
        text = _EN_WHICH_ONE.sub(f" {NAME} ", text)
    text = _EN_TAKE_BACK_MEMBER.sub(r" except \1", _EN_TAKE_BACK_ALL.sub(" , never mind ", text))
    text = _EN_NO_OBJECT.sub(" , don't touch ", _EN_TAKE_BACK_OBJECT.sub(" , don't touch ", text))
    return _EN_WINDOW_NUMBER.sub(rf"\1 {NAME}", _EN_THIS_CAR.sub(" ", text))


#: A list with its state word after it ("rear left seat heating and ventilation on"): the state is each
#: member's, as when the verb leads ("turn on rear left seat heating and ventilation"); read alone, the
#: last member took the state and the first was lost.
_EN_LIST_STATE_LAST = re.compile(
    r"(?:(?<=^)|(?<=[,;?] ))([^,;?]+? and [^,;?]+?)(?: both)? (on|off)((?: please| now| thanks| thank you)?)(?= [,;?]|$)"
)

_EN_LIST_HAS_VERB = re.compile(
    rf"\b(?:{EN_VERBS}|turned|switched|keep|leave|is|are|was|were|be|been|don't|dont|do|does|did|not|no|never|if|when"
    r"|once|why|how|what|get|got|have|has|want|need|like|i|we|you|it|they|he|she|stays?|and then|on|off)\b"
)


def _en_list_state_last(m: re.Match[str]) -> str:
    if _EN_LIST_HAS_VERB.search(m.group(1)):
        return m.group(0)
    return f"turn {m.group(2)} {m.group(1)}{m.group(3)}"


def reword_en_read(text: str) -> str:
    """The canonical English text (numbers lifted, "the" dropped): a list with its state word after it."""
    return _EN_LIST_STATE_LAST.sub(_en_list_state_last, text)


#: "fold the mirrors and after that close the trunk", "after you close the windows turn on the ac": one
#: command after the other, both asked of the car now.
_EN_AFTER_THAT = re.compile(r"(?<=\S)\s*,?\s+(?:and )?(?:after that|afterwards),?\s+(?=[a-z])")

#: "open the sunroof nah open the trunk": "nah" / "nope" before a command is the "no" of a correction.
_EN_NAH_THEN = re.compile(
    r"(?<=\S)[\s,]+(?:nope|nah)[\s,]+(?=(?:open|close|shut|turn|switch|set|roll|fold|lower|raise|start|stop)\b)"
)

#: "A, actually, B" and "A, or rather, B": B is said instead of A, as after "no wait" (both acted). Never
#: "actually" that adds ("…, actually also the sunroof"), forbids ("actually don't") or is the speaker's
#: ("can you actually open it", "i actually want …": the word before is then a pronoun or a helper verb).
_EN_RATHER = re.compile(
    r"(?<=[a-z0-9%'])(?P<cut>\s*[,.;]\s*|\s+)(?P<word>or rather|or actually|actually,? make that|(?:well,?\s+)?actually|sorry"
    r"|make that)(?:\s*,\s*|\s+)"
    r"(?!(?:also|too|and|as well|no|not|don't|dont|do not|never|please|is|it's|its|i|we)\b)"
    r"(?=(?:the|my|open|close|shut|turn|switch|set|roll|fold|unfold|lower|raise|start|stop|put|make|crank|activate"
    r"|deactivate|enable|disable|halfway|half|all the way|fully|a bit|a little|a crack|max|min|\d)\b|\d)"
)
#: "sorry, i mean …": the "i mean" corrects; the "sorry" only apologises for it.
_EN_SORRY_I_MEAN = re.compile(r"\bsorry,?\s+(?=i mean\b|i meant\b)")
_EN_NOT_RATHER_AFTER = frozenset(
    {"i", "you", "we", "it", "can", "could", "would", "will", "please", "to", "and", "but", "then", "just", "is", "are"}
)


def _rather(m: re.Match[str]) -> str:
    before = m.string[: m.start()].split()
    if m.group("word") != "or rather" and not m.group("cut").strip() and before and before[-1] in _EN_NOT_RATHER_AFTER:
        return m.group(0)
    return " , no wait , "


#: "A and B, only the A" / "…, just the A" / "…, the A only": only A was meant; B is taken back (both
#: acted). Only when A was said before it: "open only the trunk" is a command of its own.
_EN_ONLY_THAT = re.compile(
    r"(?:(?:\s*[,.;]\s*|\s+)(?:but\s+)?(?:only|just)\s+(?:the\s+|my\s+)?(?P<thing>" + _EN_THING_WORD + r")(?:\s+only)?"
    r"|\s*[,.;]\s*(?:the\s+|my\s+)?(?P<thing_only>" + _EN_THING_WORD + r")\s+only)\s*$"
)

#: "open the window and the sunroof, leave the sunroof": the thing said again after "leave" is left alone.
_EN_LEAVE_THAT = re.compile(
    r"(?:\s*[,.;]\s*|\s+)(?:but\s+|and\s+|no\s+)?leave\s+(?:the\s+|my\s+)?(?P<thing>" + _EN_THING_WORD + r")\s*$"
)


def _said_again(text: str, tail: re.Pattern[str], said: str) -> str:
    """`text` with its `tail` (a thing named again at the end) said as `said`, when that thing was named
    before it; read from the end, so a long run-on is not searched once per word."""
    m = tail.search(text)
    if m is None:
        return text
    thing = m.group("thing") or m.groupdict().get("thing_only")
    before = text[: m.start()]
    if not thing or not re.search(rf"\b{re.escape(thing)}\b", before):
        return text
    return f"{before}{said.format(thing=thing)}"


#: "my wife's window", "my sons seat heater": the "my" is of the person, never the speaker's member (a model's
#: plan for the speaker's window was bound to it).
_EN_KIN_OF_MINE = re.compile(rf"\bmy (?=(?:{EN_KIN})(?:'s|s'|s) )|(?<=\bfor )my (?=(?:{EN_KIN})\b)")
#: The speaker in a list of members ("for me and the passenger", "the driver and me"): the speaker's member
#: too ("me" alone is no member word, so only the passenger's seat was heated).
_EN_ME_LISTED = re.compile(
    r"\bme(?= and (?:the )?(?:driver|passenger|rear|back|front)\b)"
    r"|(?:(?<=\bdriver)|(?<=\bpassenger)|(?<=\brear left)|(?<=\brear right)) and me\b(?!\s+(?:too|as well|also))"
)
#: "everyone's massage", "everybodys windows": every member ("everyone's" was unread; the rest acted on the
#: speaker's member).
_EN_EVERYONES = re.compile(r"\bevery(?:one|body)(?:'s|s)(?= )")
#: "my back", "your back" as the body, and "be right back", "i'm back", "that's all": no rear row, no
#: every member (the speaker's back warmed the rear zones; "open the window that's all" named all four).
_EN_BACK_OF_A_BODY = re.compile(
    r"(?:(?<=\bmy )|(?<=\byour )|(?<=\bhis )|(?<=\bher )|(?<=\bour )|(?<=\btheir )|(?<=\blower )|(?<=\bupper ))"
    r"back\b(?! (?:seats?|row|windows?|ones?|zones?|left|right|fans?|blowers?"
    r"|air|temp\w*|a c|ac|a/c|combined|climate|heat\w*|vents?|defrost\w*|side|passengers?|area|reading|stage|level"
    # how the body feels is a need, said with or without the back
    r"|speed|is|was|'s|feels?|felt|might|gets|getting|seems|sweats?|sweating)\b)"
)
_EN_NOT_A_PLACE = re.compile(
    r"\b(?:(?:i'll|ill|i will|we'll|we will) )?be (?:right )?back\b|\b(?:i'm|i am|im|we're|we are) back\b"
    r"|\bthat'?s all\b"
)

#: "I left the window open": "left" is what someone did, never the left side (the driver's window closed
#: when the passenger asked for theirs).
_EN_LEFT_DONE = re.compile(
    rf"\b((?:i|we|you|he|she|they|someone|somebody|(?:the |my )?(?:{EN_KIN}))(?:'ve| have| had)?"
    r"(?: just| must have| might have| probably)?) left(?= (?:the|my|your|his|her|our|their|it|them|a|an|all|both)\b)"
)
#: "I like it cold", "we prefer it warm": a taste, no need (it read "cold", and the offline plan heated).
_EN_TASTE = re.compile(r"\b(?:i|we) (?:like|love|prefer|enjoy) it (?:cold|cool|colder|cooler|hot|warm|warmer|hotter)\b")
#: "I like the fan on low": a taste told, no request ("i'd like" asks).
_EN_LIKE = re.compile(r"^(?:i|we) (?:really )?(?:like|love|prefer|enjoy) (?=the |my |it )")
#: "…, right?": a tag that asks, never the right side (the passenger's window was asked about).
_EN_RIGHT_TAG = re.compile(
    r"(?<!\bthe)(?<!\bon)(?<!\bto)(?<!\brear)(?<!\bfront)(?<!\bback)(?<!\bfar)(?<!\bbottom)(?<!\btop)"
    r"\s*,?\s+right\s*\?\s*$"
)

_EN_ALL_THE_WAY = re.compile(r"\ball the way\b")
#: "turn the heat right up", "put the blower right down": how far, after a verb and what it turns ("heat right
#: up" alone stays the step: "right" there may only stress it)
_EN_RIGHT_UP = re.compile(
    r"\b((?:turn|put|crank|whack|wind|bring|knock|kick|switch) (?:[a-z']+ ){1,4}?)(?<!\bthe )right"
    r"(?= (?:up|down)\s*(?:$|[,.;!?]|please\b|for (?:me|us)\b))"
)

#: "don't, whatever you do, open the sunroof": the negation is of what follows the aside (it opened).
_EN_ASIDE_AFTER_NOT = re.compile(
    r"\b(don't|dont|do not|never)\s*,?\s*(?:whatever you do|no matter what|under any circumstances|i beg you|please)"
    r"\s*,\s*"
)

_EN_AFTER_YOU = re.compile(r"^after you (?=(?:close|open|shut|turn|switch|fold|roll|lower|raise|start|stop)\b)")


__all__ = ["reword_en", "reword_en_delay", "reword_en_read"]
