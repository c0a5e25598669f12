"""How English speakers say sides, rows, shares and amounts, polite verb forms, and which thing they
mean (its state, who sits there, things the car lacks that hold a control's word), in the words the
frame reader reads (a part of :func:`.reword_en.reword_en`, before numbers are lifted).

Each rule says why it is there; they run in the order of :func:`spoken_en`.
"""

from __future__ import annotations

import re

from .names import NAME

#: The verbs of a command to the car (rules ask whether one follows, or is in a list).
EN_VERBS = "turn|switch|set|open|close|shut|start|stop|make|put|raise|lower|increase|decrease|activate|enable|disable"

#: Both windows or seats of one side ("open the left windows", "the windows on the right", "both windows on
#: the driver's side"): the front and the rear member on that side, named (a side alone is its front
#: member in the vocabulary: "the right window" is the passenger's).
_EN_SIDE = r"(?:(left|right)(?:[- ]hand)?(?: side)?|(driver|passenger)(?:'s|s)? side)"
_EN_ROW = r"(?:rear|back|front|second row|back row|first row|front row|third row)"
_EN_SIDE_PAIR = re.compile(
    rf"(?<!\brear )(?<!\bback )(?<!\bfront )(?<!\band )(?<!\bor )\b(?:(?:both|all)(?: of)? )?(?:the |my )?{_EN_SIDE} (windows|seats)\b"
    rf"|(?<!\brear )(?<!\bback )(?<!\bfront )(?<!\brow )\b(?:(?:both|all)(?: of)? )?(?:the |my )?(windows|seats|ones) on"
    rf" (?:the |my )?{_EN_SIDE}(?! (?:(?:in|at|on) (?:the )?)?(?:rear|back|front)\b)"
)
#: "both rear windows on the right": one member of the row (both was every window).
_EN_BOTH_OF_A_ROW_SIDE = re.compile(rf"\b(?:both|all)(?: of)? (?:the )?(?={_EN_ROW} (?:windows|seats) on )")
#: "the right front and rear windows": the two members on that side.
_EN_SIDE_FRONT_AND_REAR = re.compile(r"\b(left|right) front and (?:rear|back)\b")
#: A side left out of a group ("every seat but the left", "all windows except the right ones"): both
#: members on that side ("the left one" is one member, read as said).
_EN_SIDE_LEFT_OUT = re.compile(
    r"\b(except|but not|but|apart from|other than|without|not) (?:for )?(?:the )?(left|right)(?: hand)?(?: side)?"
    r"(?: ones)?(?=$|[\s,.;!?])(?! (?:one|front|rear|back|windows?|seats?|side)\b)"
)
#: Words that name no member of this car: a row it lacks, a window or seat by its count ("the third
#: window"), a side of the speaker's body ("on my left": the seat is not known here).
_EN_NO_MEMBER = re.compile(
    r"\bthird row\b|\b(?:first|second|third|fourth) (?=windows?\b|seats?\b)|\b(?:on|to) my (?:left|right)\b"
    r"|\b(?:just|only) the (?:front|back|rear) one\b"
)
#: "right" that is no side: haste ("right now", "right away") and assent ("all right", "alright").
_EN_RIGHT_NOW = re.compile(r"\bright (?:now|away|here|there)\b|\ball right\b|\balright\b")
_EN_RIGHT_NOW_SAID = {"right now": "now", "right away": "now", "right here": "here", "right there": "here"}

#: A share of a position ("open the window a third", "three quarters"): that share, in percent. Never a
#: time ("a quarter of an hour", "a quarter past 7").
_EN_SHARE = re.compile(
    r"\b(a|one|two|three) (thirds?|quarters?)(?: of the way\b)?"
    r"(?!\w| of\b| (?:an |a )?(?:hour|minute|mile|inch|inches|cm|centimet\w*|foot|feet)\b| past| to \S| after| till)"
)
_EN_SHARES = {
    ("a", "third"): 33,
    ("one", "third"): 33,
    ("two", "thirds"): 67,
    ("a", "quarter"): 25,
    ("one", "quarter"): 25,
    ("three", "quarters"): 75,
}
#: A count of the members a side or a row has ("the two windows on the right"): no amount.
_EN_COUNT_OF_A_SIDE = re.compile(
    r"\b(?:the )?(?:two|2) (?=(?:(?:left|right)(?: side)? )?(?:windows|seats) on\b|(?:left|right)(?: side)? (?:windows|seats)\b)"
)

#: How many, said inside the thing's name ("the back two windows", "all four reading lights"): a count of
#: the members the row or "all" names, never a value (they set a temperature of 2 or 4 °C as well).
_EN_COUNT_IN_A_NAME = re.compile(r"\b(?:(front|back|rear) (?:two|2)|(all) (?:four|4))(?= [a-z])(?! degrees?\b)")

#: "heat the right side": "heat" said as the verb of a side of the cabin warms it ("heat" alone is the
#: temperature's control word, so the clause had no direction; "heat my seat" is the seat's heating).
_EN_HEAT_A_SIDE = re.compile(
    r"\bheat (?=(?:the |my |this )?(?:left|right|driver|passenger|co driver)(?:'s)?(?: side)?"
    r"(?: (?:a bit|a little|some|some more))?(?: please)?\s*$)"
)


#: "right, open the window", "all right close the sunroof": "right" said first, before a command verb, is
#: a word of assent, never the passenger's side ("right seat heating on" keeps its side).
_EN_RIGHT_THEN = re.compile(
    r"^(?:(?:ok|okay|yes|yeah|yep|oh|sure|so|well|um|uh|right|alright|all right)[\s,]+)*(?:right|alright|all right)"
    rf"(?:[\s,]+(?:ok|okay|yes|yeah|then))*[\s,]+(?=(?:so |now |then |and )?(?:{EN_VERBS}|roll|crank|heat|cool|warm"
    r"|fold|unfold|bump|boost|can|could|would|will|please|let's|go ahead)\b)"
)
#: "close the window right yes": a tag question, as "…, right?" is (never the passenger's side).
_EN_TAG_RIGHT = re.compile(r"(?<=\S) right(?: (?:yes|yeah|ok|okay))+$")


#: Both members on a side, as the reader reads a list of two members.
_EN_BOTH_ON = {"left": "driver and rear left", "right": "passenger and rear right"}


def _en_side_pair(m: re.Match[str]) -> str:
    side, person, noun = (m.group(1), m.group(2), m.group(3)) if m.group(3) else (m.group(5), m.group(6), m.group(4))
    return f"{_EN_BOTH_ON['left' if side == 'left' or person == 'driver' else 'right']} {noun}"


def _en_side_front_and_rear(m: re.Match[str]) -> str:
    return _EN_BOTH_ON[m.group(1)]


def _en_side_left_out(m: re.Match[str]) -> str:
    return f"{m.group(1)} {_EN_BOTH_ON[m.group(2)]}"


def _en_share(m: re.Match[str]) -> str:
    share = _EN_SHARES.get((m.group(1), m.group(2)))
    return m.group(0) if share is None else f"{share} percent"


#: Amount words of a change: "a couple of degrees" is 2; "a few degrees", "a notch", "a tad" are the vague
#: step ("a few" is no number); "way down" (not "all the way") is the step too; "one more notch" is one.
#: Each only where the clause says which way (a change): "the fan two notches", "a couple of degrees" alone
#: name no way, and were read as levels or temperatures set (the fan went down to 2, the cabin to 2 °C).
_EN_A_COUPLE = re.compile(r"\ba couple(?: of)?(?: more)? (?=degrees?\b|notch(?:es)?\b|levels?\b|steps?\b|clicks?\b)")
_EN_A_FEW = re.compile(r"\ba few (?:more )?(?:degrees?|notch(?:es)?|levels?|steps?|clicks?)\b")
_EN_WAY = re.compile(r"(?<!the )\bway (?=down\b|up\b)")
_EN_ONE_MORE = re.compile(r"\b(one|two|three|1|2|3) more (?=notch(?:es)?\b|levels?\b|steps?\b|clicks?\b)")
_EN_STEPS = re.compile(r"\b(?:notches|clicks|steps)\b")
_EN_A_WAY = re.compile(
    r"\b(?:up|down|raise|lower|drop|increase|decrease|higher|lower|bump|crank|boost|warmer|cooler|colder|hotter"
    r"|reduce|turn (?:it |the \w+ )?(?:up|down))\b"
)
#: "right" said to stress a place or a value ("set it right to 22", "heat right up"): no side ("the seat
#: heating on the right to 3" keeps it).
_EN_RIGHT_AS_STRESS = re.compile(
    r"(?<!\bthe )(?<!\bmy )(?<!\byour )(?<!\bon )(?<!\bto )(?<!\bin )(?<!\bat )(?<!\brear )(?<!\bback )(?<!\bfront )"
    r"\bright (?=(?:to|at|up|down|off|after|before|into)\b)"
)
#: "left the trunk open", "left open my window": the speaker left it, a report with its subject dropped
#: (never the driver's side and a command).
_EN_LEFT_IT = re.compile(r"^(?:just |oh |so )?left (?=(?:the|my|our|your|a|it|open|on)\b)")
#: "he did me a favor and opened the trunk", "did you do me a favor and …": what someone did, or a
#: question, never the command (only "do me a favor and …" asks).
_EN_DID_A_FAVOR = re.compile(
    r"\b(?:did|does|has|had) (?:me |us )?a favou?r\b|\bdid (?:you|he|she|they) do (?:me |us )?a favou?r\b"
)
#: "top notch", "top of the window": how good or where, never "up" (the sunroof closed).
_EN_TOP_NOTCH = re.compile(r"\btop[- ]notch\b|\b(?:the )?top of\b")

#: Polite forms of a verb: "would you mind turning on the ac", "i'd appreciate it if you closed the
#: sunroof" ask for it; "how about opening the window" offers it (consent is asked, as for "maybe").
_EN_VERB_FORMS = {
    "turning": "turn", "opening": "open", "closing": "close", "switching": "switch", "setting": "set",
    "putting": "put", "rolling": "roll", "cracking": "crack", "raising": "raise", "lowering": "lower",
    "starting": "start", "stopping": "stop", "activating": "activate", "folding": "fold",
    "turned": "turn", "opened": "open", "closed": "close", "switched": "switch", "rolled": "roll",
    "cracked": "crack", "raised": "raise", "lowered": "lower", "started": "start", "activated": "activate",
    "folded": "fold",
}  # fmt: skip
_EN_FORMS = "|".join(_EN_VERB_FORMS)
_EN_POLITE_FORM = re.compile(
    rf"^(?:would you mind|do you mind|would it be possible for you to be)\s+({_EN_FORMS})\b"
    rf"|^i(?:'d| would) (?:appreciate it|like it|love it) if you (?:could )?({_EN_FORMS})\b"
    rf"|^(?:how about|what about)\s+({_EN_FORMS})\b"
)
_EN_FAVOR = re.compile(r"^(?:do me a favou?r|be a dear|be a sport)(?: and| ,)\s*")

#: A recogniser's split words, a contraction ("wind shield", "de frost", "the seat heater's on"), a name
#: that holds a control's word ("ac milan").
_EN_SPLIT = ((re.compile(r"\bwind shield\b"), "windshield"), (re.compile(r"\bde (frost|fog|mist)"), r"de\1"),
             (re.compile(r"\bsun roof\b"), "sunroof"), (re.compile(r"\bmoon roof\b"), "moonroof"),
             (re.compile(r"\bseat heat (?=up\b|down\b)"), "seat heating "), (re.compile(r"\bkick on\b"), "turn on"),
             (re.compile(r"\bac milan\b"), NAME))  # fmt: skip
_EN_HEATERS = re.compile(r"\bheater's\b")
_EN_LEADING_VERB = re.compile(rf"^(?:please )?(?:{EN_VERBS})\b")


#: "sunroof open or closed", "is the ac on or off": which of two states, asked (never both done).
_EN_EITHER_STATE = re.compile(
    r"^(?:is |are )?(?:the |my )?(.+?) (?:opened|open|closed|on|off) or (?:opened|open|closed|on|off)\??$"
)


#: The state a thing is in, said to pick it out ("close the open windows", "turn off the reading light
#: I left on", "the window that is open"): which one is meant, never what to do (the "open" opened it).
_EN_THING = (
    r"(lights?|lamps?|windows?|sunroof|roof|sunshade|shade|trunk|tailgate|boot|hatch|massage|heaters?|heating|fan|ac)"
)
_EN_STATE_OF_THING = re.compile(
    r"\b(the|my|all|both|those|these|your|any) (?:(?:half|halfway|wide|fully|partly|partially|still) )?"
    r"(?:open|opened|closed|shut|lit)\b(?= [a-z])"
)
_EN_STATE_AFTER_THING = re.compile(
    rf"\b{_EN_THING} (?:(?:that|which) )?(?:(?:(?:i|you|we|he|she|they|someone|somebody) (?:just |already )?"
    r"(?:left|turned|switched|opened|put)(?: (?:on|open))?)|(?:(?:that|which) (?:is|are|was|were) (?:still |now )?"
    r"(?:on|open|lit))|left (?:on|open))(?: (?:halfway|half way|a crack|a little(?: bit)?|a bit|partly|partially|slightly"
    r"|fully|wide|all the way))?(?=$|[\s,.;!?])"
)
#: Who sits in a rear seat, said as whose the control is ("for the rear left passenger", "the back right
#: passenger's window", "for the passengers in the back", "for the kid behind the driver"): the seat, never
#: the front passenger as well. A rear passenger with no side is the rear right seat ("the rear passenger
#: window", as before), and a person who does something ("the rear passenger opened it") is told of.
_EN_REAR = r"(?:rear|back)(?: seat)?"
_EN_REAR_SIDE = rf"(?:{_EN_REAR} (?:left|right)|(?:left|right) {_EN_REAR})(?: seat)?"
_EN_WHO = r"(?:passenger|person|kid|child)"
_EN_CONTROL_NOUN = (
    r"(?:side )?(?:windows?|seats?|reading|heat|heater|heated|heating|massagers?|massage|lights?|vent|ventilated|cooled"
    r"|ventilation|zone|temp"
    r"|temperature)\b"
)
_EN_REAR_PERSON = re.compile(
    rf"\b(?:(for|of|to) (?:the |my |our )?({_EN_REAR_SIDE}|{_EN_REAR}(?= {_EN_WHO}s)"
    rf"|{_EN_REAR}(?= {_EN_WHO}s? on (?:the |my )?(?:left|right)\b)) {_EN_WHO}s?(?:'s|s')?"
    rf"|({_EN_REAR_SIDE}) {_EN_WHO}(?:'s|s')|({_EN_REAR}) {_EN_WHO}s'"
    rf"|({_EN_REAR_SIDE}) {_EN_WHO}s?(?= {_EN_CONTROL_NOUN}))(?= |$)"
)
#: A person said with a side after ("the rear passenger on the left window", "the passenger on the left"):
#: one seat, where the two words meet, never every seat either word names (it was all four windows). The
#: front passenger sits on the right, so "the passenger on the left" names no seat it can be sure of.
_EN_PERSON_ON_A_SIDE = re.compile(
    rf"\b(?:(?:rear|back)(?: seat)? ({_EN_WHO}s?)|(passenger)) on (?:the |my )?(left|right)(?: side)?\b"
)
#: "open the trunk not that close it": "not that" between two commands takes the first back, as with commas
_EN_NOT_THAT = re.compile(
    r"(?<=\w) not that (?=(?:turn|switch|open|close|shut|set|start|put|roll|fold|unfold|lower|raise|the|my)\b)"
)
#: "don't go and open the trunk": a negation of what follows (the trunk opened)
_EN_GO_AND = re.compile(r"\b(don't|do not|dont) go and\b")
#: "never mind the climate" after a command takes that control back, as "not the climate" (it was read as a
#: new command and came on); a family word ("never mind the seat") stays a take-back of the whole sentence
_EN_NEVER_MIND_THE = re.compile(r"\bnever ?mind (?:about )?(?=(?:the|my) (?!(?:seats?|lights?|lamps?)$))")
#: How many people ("for the 2 of us", "with six passengers", "for 3 seats"): a count, never a value (the
#: window opened to 2 %, the fan went to 6 on the front passenger's side).
_EN_HEADCOUNT = re.compile(
    r"\b(?:for|with) (?:the |all )?(?:\d+|two|three|four|five|six|seven|eight|both) of (?:us|them|you)\b"
    r"|\bwith (?:\d+|two|three|four|five|six|seven|eight) (?:passengers|people|persons|kids|children|adults)\b"
    r"|\b(?:for|in) (?:\d+|two|three|four|five|six|seven|eight) (?:seats|people|passengers)\b"
)
#: "each window", "every single seat heater": every member (each read as one: the speaker's alone).
_EN_EACH = re.compile(
    rf"\b(?:each|every single)(?: one)?(?: of)?(?: the)? (?=(?:(?:rear|front|back) )?{_EN_CONTROL_NOUN})"
)
#: "the other reading lights", "the rest of the windows", "everyone else's": which members is unread (with
#: the verb's particle after them, every member moved, the speaker's too); they are asked about, not moved.
_EN_OTHER_MEMBERS = re.compile(
    rf"\b(?:the )?(?:other|remaining|rest of(?: the)?|(?:everyone|everybody) else'?s)(?= (?:(?:rear|front|back) )?{_EN_CONTROL_NOUN})"
)
_EN_PERSON_IN_BACK = re.compile(
    rf"\b(for|of|to) (?:the |my |our )?(?:{_EN_WHO}s|people|children|kids|{_EN_WHO} (?=(?:sitting )?(?:in|on|at) (?:the )?"
    rf"(?:back|rear) (?:left|right)\b))(?:sitting )?(?:in|on|at) (?:the )?(back|rear)\b"
)
_EN_BEHIND = re.compile(
    rf"\b(?:(for|of|to) (?:the )?(?:{_EN_WHO} |seat |one )?|(?<=\w )(?:the )?seat |(?<=\w )(?:the )?{_EN_WHO} (?=behind \S+ \S+'s))"
    r"behind (?:the )?(?:front )?(driver|passenger)(?:'s)?(?: seat)?\b"
)
#: "for the driver's side rear seat", "for the rear seat on the driver side", "for the rear left seat" (said
#: of a window or a light): the member, whose seat is no second control.
_EN_SIDE_REAR_SEAT = re.compile(
    r"\b(driver|passenger)(?:'s|s)? side (?:rear|back) seat\b|\b(?:rear|back) seat on the (driver|passenger)(?:'s|s)? side\b"
)
#: What a seat itself may have said of it (its heat, its cooling): then "the passenger seat" stays a seat.
_EN_SEAT_WARMTH = re.compile(r"\b(?:heat|heating|heater|warmth|temperature|temp|cooling|cool|fan|fans|blower|air)\b")
_EN_MEMBERS_SEAT = re.compile(
    r"\b(for|of|to) (?:the )?(rear left|rear right|back left|back right|driver|passenger)(?:'s)? seat\b(?! \w)"
)


#: Members said plainly that another rule would widen: "both the driver and passenger windows" (both was all
#: four), "the left and right rear windows" (the left was the driver's), "the rear left and rear right
#: passengers" (the front passenger came too), "the front passenger's" (the driver's came too).
_EN_BOTH_OF_A_LIST = re.compile(r"\bboth (?=(?:the |my )?[a-z']+(?: [a-z']+)? (?:and|&) )|(?<=[a-z]s) both$")
_EN_SIDES_OF_A_ROW = re.compile(r"\b(left|right) and (left|right) (rear|back|front)\b")
_EN_TWO_REAR_PEOPLE = re.compile(rf"\b({_EN_REAR_SIDE}) and ({_EN_REAR_SIDE}) {_EN_WHO}s\b")
_EN_FRONT_MEMBER = re.compile(r"\bfront (passenger|driver)\b")
#: "the passenger in the back" with no side: one of the two rear seats, unsaid which (it was both, and the
#: front passenger); "back down the temperature", "back the heat off": a verb (less), never the rear row
#: ("my back fans" is the rear, as people write it; "back off" is the vocabulary's).
_EN_ONE_IN_BACK = re.compile(
    rf"\b(for|of|to) (?:the )?{_EN_WHO} (?:sitting )?(?:in|at) the (?:back|rear)\b(?! (?:left|right|seat))"
)
_EN_BACK_VERB = re.compile(r"^back (?:down\b|((?:the|my) [a-z ]+?) (?:down|off)\b)")


def _en_person_on_a_side(m: re.Match[str]) -> str:
    if m.group(1):
        return f"rear {m.group(3)} {m.group(1)}"
    return "passenger" if m.group(3) == "right" else f" {NAME} "


def _en_rear_person(m: re.Match[str]) -> str:
    if m.group(1):
        return f"{m.group(1)} the {m.group(2)}"
    return m.group(3) or m.group(4) or m.group(5)


def _en_behind(m: re.Match[str]) -> str:
    side = "rear left" if m.group(2) == "driver" else "rear right"
    if m.group(1):
        return f"{m.group(1)} the {side}"
    return f"the {side}" if m.group(0).endswith("'s") else f"the {side} seat"  # "the kid behind the driver's window"


#: "both reading lights", "both seat heaters", "for both of us": two of a control this car has four of,
#: with no row or side to say which two (it was all four); never a guess.
_EN_BOTH_OF_FOUR = re.compile(
    r"\bboth (?:of )?(?:the |our |my )?(?!\S+(?: \S+)? (?:in|on|at) (?:the )?(?:back|rear|front|left|right|driver|passenger))"
    r"(?=(?:reading |map )?(?:lights?|lamps?|windows?|seats?|seat heaters?|heaters"
    r"|massagers?|heated seats|seat (?:heating|ventilation|massage))\b)|\b(?:for )?both of us\b"
)
#: "fold the mirrors back in", "open the trunk back up": "back" says again, not the rear.
_EN_BACK_AGAIN = re.compile(
    r"\b(mirrors?|trunk|tailgate|boot|hatch|liftgate|windows?|sunroof|roof|shade|sunshade|heat|heater|heating|ac|fan"
    r"|lights?|massage|temperature|temp) back(?: (?=(?:in|up|down|out|on|off)\b)|$)"
    r"|\b(it|them) back (?=(?:in|up|down|out|on|off)\b)"  # ("change it back" is an undo)
)


#: "give me a back massage": the speaker's seat massage switched on (a back massage is the kind, no row).
_EN_GIVE_MASSAGE = re.compile(
    r"\b(?:give|get) me (?:a |some )?(?:(?:back|quick|little|nice) )?massage(?=(?: please)?$)"
)
_EN_BACK_MASSAGE = re.compile(r"\bback massage\b")
#: "fold the mirrors out": unfolded (the verb says the mirrors, "out" which way).
_EN_FOLD_OUT = re.compile(r"\bfold ((?:the |my |both )?(?:side |wing )?mirrors?) out\b")
_EN_NEAR_ME = re.compile(r"\b(?:above|over) me\b")  # (the seat "next to me" is the neighbour's)
#: Things the car lacks whose names hold a control's word: the front trunk, a tree's, a computer that boots up,
#: the dome and courtesy lights, the doors, the garage's lights, the mirrors' heating or angle; and
#: "stop" said of something that moves (it halts it; it neither closes nor opens it).
_EN_NOT_OURS = re.compile(
    r"\b(?:front (?:trunk|boot)|frunk|boot(?:s|ed|ing)? (?:up|camp)|(?:dome|courtesy|overhead|garage) lights?"
    r"|(?:back|rear|side|front) doors?|(?:(?:side|wing|rear ?view) )?mirror (?:heating|heaters?|defrost|defroster|adjustment)"
    r"|heated (?:side |wing )?mirrors?|trunk of (?:a |an |the |that |this |my )?(?:\w+ )?(?:tree|oak|pine|palm|birch|maple"
    r"|elephant)s?)\b"
)
_EN_NOT_OURS_DONE = re.compile(
    r"\b(adjust|tilt|angle|move|heat|defrost|defog) (?:the |my )?(?:(?:left|right|side|wing|driver'?s?|passenger'?s?"
    r"|rear ?view) )*mirrors?\b|\b(stop) (?:the |my )?(?:tailgate|trunk|boot|liftgate|hatch|windows?|sunroof|sunshade"
    r"|roof|mirrors?)\b"
    # a windshield does not open ("open the rear windshield" switched the rear defroster on)
    r"|\b(open|close|shut|roll (?:up|down)|lower|raise) (?:the |my )?(?:rear |back |front )?(?:windshield|windscreen)s?\b"
)


def _en_polite_form(m: re.Match[str]) -> str:
    if m.group(3):
        return "maybe " + _EN_VERB_FORMS[m.group(3)]
    return _EN_VERB_FORMS[m.group(1) or m.group(2)]


def spoken_en(text: str) -> str:
    """Sides, rows, shares, amount words, polite verb forms and which thing is meant, said the way the
    reader reads them."""
    for pattern, repl in _EN_SPLIT:
        text = pattern.sub(repl, text)
    text = _EN_STATE_AFTER_THING.sub(r"\1", _EN_STATE_OF_THING.sub(r"\1", text))  # "close the open windows"
    text = _EN_NOT_OURS.sub(f" {NAME} ", text)  # "open the front trunk", "the dome light"
    text = _EN_NOT_OURS_DONE.sub(
        lambda m: f"{m.group(1) or m.group(2) or m.group(3)} {NAME}", text
    )  # "heat the mirrors"
    text = _EN_BOTH_OF_A_LIST.sub("", _EN_SIDES_OF_A_ROW.sub(r"\3 \1 and \3 \2", text))  # "both X and Y"
    text = _EN_FRONT_MEMBER.sub(r"\1", _EN_TWO_REAR_PEOPLE.sub(r"\1 and \2", text))
    text = _EN_ONE_IN_BACK.sub(rf"\1 the {NAME}", text)
    text = _EN_BACK_VERB.sub(lambda m: f"turn {m.group(1)} down" if m.group(1) else "turn down", text)  # less
    text = _EN_BEHIND.sub(_en_behind, text)  # "for the kid behind the driver"
    text = _EN_SIDE_REAR_SEAT.sub(
        lambda m: "rear left seat" if "driver" in (m.group(1) or m.group(2)) else "rear right seat", text
    )
    if not _EN_SEAT_WARMTH.search(text):  # "the heating of the passenger seat" is the seat's, never the zone's
        text = _EN_MEMBERS_SEAT.sub(r"\1 the \2", text)  # "open the window for the rear left seat"
    text = _EN_PERSON_ON_A_SIDE.sub(_en_person_on_a_side, text)  # "the rear passenger on the left"
    text = _EN_OTHER_MEMBERS.sub(f" {NAME}", text)  # "switch the other reading lights off"
    text = _EN_PERSON_IN_BACK.sub(r"\1 the \2", _EN_REAR_PERSON.sub(_en_rear_person, text))  # "rear left passenger"
    text = _EN_BACK_AGAIN.sub(
        lambda m: f"{m.group(1) or m.group(2)} ", _EN_NEAR_ME.sub("for me", text)
    )  # "the light above me", "back up"
    text = _EN_FOLD_OUT.sub(r"unfold \1", text)
    text = _EN_BACK_MASSAGE.sub("massage", _EN_GIVE_MASSAGE.sub("turn on my massage", text))
    text = _EN_EITHER_STATE.sub(r"is the \1 open", text) if " or " in text else text  # "sunroof open or closed"
    text = _EN_HEATERS.sub("heaters" if _EN_LEADING_VERB.match(text) else "heater is", text)
    text = _EN_LEFT_IT.sub("i left ", _EN_TOP_NOTCH.sub(f" {NAME} ", text))  # "left the trunk open": a report
    if _EN_DID_A_FAVOR.search(text):
        text = "he said " + text  # "he did me a favor and opened the trunk": told, not asked
    text = _EN_POLITE_FORM.sub(_en_polite_form, _EN_FAVOR.sub("", text))  # "would you mind turning on …"
    text = _EN_RIGHT_AS_STRESS.sub("", text)  # "set it right to 22": no side
    text = _EN_RIGHT_THEN.sub("", _EN_TAG_RIGHT.sub(" right", text))  # "right, open the window": assent
    text = _EN_RIGHT_NOW.sub(lambda m: _EN_RIGHT_NOW_SAID.get(m.group(0), "ok"), text)  # "right now": no side
    text = _EN_HEADCOUNT.sub(f" {NAME} ", _EN_NEVER_MIND_THE.sub("not ", text))  # "for the 2 of us"
    text = _EN_GO_AND.sub(r"\1", _EN_NOT_THAT.sub(", not that, ", text))  # "open the trunk not that close it"
    text = _EN_COUNT_IN_A_NAME.sub(
        lambda m: m.group(1) or m.group(2), _EN_EACH.sub("all ", text)
    )  # "the back two windows"
    text = _EN_NO_MEMBER.sub(f" {NAME} ", _EN_COUNT_OF_A_SIDE.sub("", text))  # "third row", "the two windows on …"
    text = _EN_BOTH_OF_A_ROW_SIDE.sub("", _EN_SIDE_FRONT_AND_REAR.sub(_en_side_front_and_rear, text))
    text = _EN_SIDE_LEFT_OUT.sub(_en_side_left_out, text)  # "every seat but the left": both on that side
    text = _EN_SHARE.sub(_en_share, _EN_SIDE_PAIR.sub(_en_side_pair, text))  # "the left windows", "a third"
    text = _EN_HEAT_A_SIDE.sub("heat up ", text)  # "heat the right side": warmer there
    if _EN_A_WAY.search(text):  # a change said with which way it goes
        text = _EN_A_FEW.sub("a bit", _EN_A_COUPLE.sub("2 ", text))  # "a couple of degrees": 2
        text = _EN_STEPS.sub("levels", _EN_ONE_MORE.sub(r"\1 ", _EN_WAY.sub("", text)))  # "one more notch"
    else:
        text = _EN_A_FEW.sub(f" {NAME} ", _EN_A_COUPLE.sub(f"{NAME} ", text))
    return _EN_BOTH_OF_FOUR.sub(f" {NAME} ", text)  # after the sides: "both windows on the right" is said


__all__ = ["EN_VERBS", "spoken_en"]
