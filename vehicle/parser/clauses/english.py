"""The markers of an English clause: politeness, negation, conditions, questions,
retractions, reported speech, wishes, statements, "my" (see :mod:`.markers`)."""

from __future__ import annotations

import re

from .clause import Clause, fields_of

_EN_POLITE_START = re.compile(
    r"^(?:(?:hey car|ok car|hey assistant|hey|hi|hello|ok|okay|all right|alright|so|well|oh|um|uh|er|erm|hmm|and|also"
    r"|then|now|just|please"
    r"|pls|plz|kindly|quickly|quick|right now|asap|immediately|hurry up and|hurry and|hurry|fast"
    # asking to be given a state ("can i get the blower on two", "let's have the windows down")
    r"|(?:can|could) (?:i|we) (?:get|have)|let's have|lets have|let us have"
    r"|can you|could you|would you|will you|can u|could u|would you mind|would you be so kind as to"
    r"|don't forget to|dont forget to|do not forget to|remember to|make sure to|make sure you|be sure to"
    r"|i want you to|i need you to|i'd like you to|i would like you to|i want to|i'd like to|i would like to"
    r"|i wanna|i need to|i want|i'd like|i would like|i need|let's|lets|go ahead and|help me|try to|you can|you could"
    r"|maybe|actually|yes|yeah|sure|i said|i say|like i said|as i said|sorry|excuse me|pardon me"
    # reassurance, no negation of what follows ("i don't mind, open the sunroof", "don't worry, close the windows")
    r"|(?:i don't mind|i do not mind|i dont mind|don't worry|do not worry|dont worry|no worries)"
    r"(?=\s*,|\s+(?:open|close|shut|turn|switch|set|put|roll|start|stop|fold|unfold|lower|raise|activate|crank|make)\b))"
    r"\b\s*,?\s*)+"
)


_EN_POLITE_END = re.compile(
    r"(?:\s+\b(?:please|pls|plz|thanks|thank you|thank you very much|thx|for me|now|right now|asap|quickly|immediately"
    r"|right away|fast|if you can|if you could|if you would|if possible|would you|could you|will you|ok|okay|then|too"
    r"|as well|instead|thanks a lot|thanks so much|real quick|quick|cheers"
    r"|um|uh|er|hmm)\b)+$"
)


_EN_FILLERS = re.compile(r"\b(?:um+|uh+|er|erm|hmm+|like|you know)\b")


_EN_POLITE_ASK = re.compile(
    r"^(?:please |hey |ok |okay |um |uh )?(?:can|could|would|will) (?:you|u)\b(?! like\b| want\b)"
)


_EN_IMPERATIVE = re.compile(
    r"^(?:turn|switch|set|open|close|shut|start|stop|make|put|raise|lower|increase|decrease|activate|enable"
    r"|disable|fold|unfold|pop|crank|bump|roll|change|adjust|warm|cool|heat|defrost|press|trigger"
    r"|alter|modify|tune|tweak|customize|boost|hike|reduce|up|deactivate|kill|power|dial|bring|knock|push|crack"
    r"|kick|whack|chuck|bung|flick)\b"
)


#: "can i turn the heat up", "is it possible to set the fan to 3": asking leave to do it is a request,
#: like "could you" (DESIGN 4: politeness), when a command verb follows; "can i know ..." stays a question.
_EN_POLITE_SELF = re.compile(
    r"^(?:(?:please|hey|ok|okay|um|uh|so)\s+)*(?:can i|could i|may i|can we|could we|is it possible to"
    r"|would it be possible to|is there a way to|am i able to|would i be able to|will i be able to"
    r"|will we be able to)\s+(?:please\s+)?"
)


_EN_TIMED = re.compile(
    r"\b(?:in|after|for|within)\s+(?:\d+|a|an|a few|few|a couple of|couple of)\s+(?:more\s+)?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b|\bat\s+\d+\s*(?:o'clock|am|pm)\b"
    r"|\b(?:later|tomorrow|tonight|this evening|in the morning|at noon|in a bit|in a while|in a moment|sometime soon"
    r"|soon|shortly|by and by)\b|(?:\b(?:at|by|around|from)\s+)?\ue001"
)


_EN_IF = re.compile(r"\b(?:if|when|whenever|once|unless|until|as soon as|after|before)\b")


_EN_THANKS = re.compile(
    r"^(?:thanks|thank you|thank you very much|thx|cheers|great|ok|okay|all right|alright|please|that's all|good morning"
    r"|good afternoon"
    r"|good evening|good night|hello|hi|hey|hi there|hello there|morning|um|uh|yes|yeah|sure)$"
)


_EN_NEGATION = re.compile(
    r"\b(?:don't|dont|do not|never|not (?:just )?(?:yet|now|today)|not|no need to|doesn't|does not|shouldn't|should not|won't|mustn't|must not"
    r"|no more|no)\b(?:\s+(?:touch|touching|change|changing|mess with|bother with|use|using)\b)?"
    # "stop touching the vents", "stop changing it", a bare "stop": "stop the fan" turns it off
    r"|\bstop(?=\s+(?:touch|change|mess|bother|use|\w+ing)\b)|^stop(?: it| that| now)?$"
    # "cancel open the trunk", "cancel opening the window": a command cancelled with its verb ("cancel
    # ac" switches it off)
    r"|\bcancel(?:l?ing)? (?=(?:open|clos|shut|turn|switch|start|stop|set|rais|lower|roll|fold|unfold|activat|pop)\w*\b)"
    r"|\bcancel\b(?=.* (?:opening|closing|folding|unfolding)$)"
    # "cancel the sunroof": what opens and closes has no "off" to cancel to (it closed it)
    r"|\bcancel(?= (?:the |my )?(?:sunroof|windows?|trunk|tailgate|boot|sunshade|shade|blind)\b)"
    r"|\bleave\b.*\balone\b|\bkeep\b.*\bas (?:it|they) (?:is|are)\b|\bleave\b.*\bas (?:it|they) (?:is|are)\b"
)


_EN_QUESTION = re.compile(
    r"^(?:is|are|was|were|what|what's|whats|how|how's|why|where|which|who|whose|(?:do|does|did)(?! not\b)|has|have|"
    r"had|am|should|shall|isn't|aren't|can i|could i|may i|tell me|do you know|explain|describe|remind me|any idea"
    r"|will it|would it|is it|will there|does it|did you|have you|are you|can it)\b"
    # "could the tailgate be open", "can the sunroof open in the rain": a modal
    # with a control (not "you") as its subject asks whether, it does not ask to
    r"|^(?:can|could|would|will|might|may|should|must)\s+(?!(?:you|u|ya|we|please|kindly|just)\b)[a-z]"
    r"|\b(?:tell me|what is|how do|how to|how can|how much|how hot|how cold|what's|which|(?<!front )(?<!back )(?<!rear )(?<!this )(?<!on )(?<!to )(?<!in )(?<!my )right\s*$|or not\s*$)\b"
)


#: An offer or a question put to someone ("would you like me to open the window", "want me to open the
#: window", "you want the trunk open"): no one asked the car.
_EN_OFFER = re.compile(
    r"^(?:ok to|okay to)\b|^(?:so |oh |and )?(?:would you like|would you want|do you want|you want|you wanna|want me to|shall i|shall we|should i)\b"
)


#: "check if the heater is off", "can you check whether the defroster is on", "defroster is it on":
#: whether a state holds, asked as a request (polite or not) or after the control.
_EN_WHETHER = re.compile(
    r"^(?:check|confirm|verify|read out|read me|setting (?:on|for|of)|settings (?:on|for|of))\b|\b(?:know|check|confirm|verify|tell me|me|inform|wonder|see) (?:if|whether)\b"
    r"|\bis it (?:on|off|open|closed|running|active|working|going|enabled)\s*$"
    r"|\b(?:is|are) (?:at|on|set to|set at) what\s*$"
)


_EN_HOWTO = re.compile(
    r"\b(?:how (?:do|can|to|does|should|would)|why|what does|what do|explain|describe|where is|where's)\b"
    r"|^(?:can|could|would|will|might|may|must)\s+(?!(?:you|u|ya|we|please|kindly|just)\b)[a-z]"  # whether it can
)


_EN_CONDITION = re.compile(
    # (not the "if" of a question: "check if the heater is off", "let me know if the ac is on")
    r"\ue001|\b(?:(?<!\bknow )(?<!\bcheck )(?<!\bconfirm )(?<!\bverify )(?<!\bme )(?<!\binform )(?<!\bwonder )(?<!\bsee )if|when|whenever|once|unless|until|as soon as|after|before|later|tomorrow|tonight|this evening"
    r"|in the morning|at noon|in a bit|in a while|in a moment|sometime soon|soon|shortly|by and by|(?<!\bjust )in case|this arvo)\b"
    r"|\b(?:in|after|for|within)\s+(?:\d+|a|an|a few|few|a couple of|couple of)\s+(?:more\s+)?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b"
    r"|\bat\s+\d+\s*(?:o'clock|am|pm)\b"
    # "at 6 open the tailgate", "open the sunroof at 8": a bare hour is a time, never an amount,
    # when it leads the clause or ends an opening or closing ("set the fan at 3" stays a level)
    r"|^at \d+(?: (?!percent|degrees|level)|$)|\b(?:open|close|shut|fold|unfold|lock|unlock)\b.*\bat \d+$"
    # "turn up the fan at 5", "warm up the car at 7": an hour after a change that says its own way
    r"|\b(?:turn|crank|bump|warm|cool|heat|raise|lower)\b(?:(?!\bto\b).)*\bat \d+$"
    # a threshold: "at 28 degrees turn on the ac", "turn off the ac at 22 degrees"
    r"|^at \d+ degrees\b(?:.*\b(?:turn|switch|open|close|start|stop)\b|$)|\b(?:turn|switch) (?:on|off)\b.*\bat \d+ degrees$"
    # a wait, an arrival, or what the driver does first ("wait 5 minutes then open the trunk", "pull
    # over and open the trunk", "in 5 open the trunk"): the command is for after it, never now
    r"|\bwait (?:\d+|a|an|a few|a couple of|until|till|til|for)\b|\bgive it (?:\d+|a|an|a few)\b"
    r"|\b(?:on|upon) arrival\b|^in \d+\b"
    r"|^(?:let's |let me |we'll |i'll |first |first we |first i )?(?:park|pull over|stop the car|come to a stop|exit the highway|get off the highway)\b"
    # what the speaker will do first ("let me get my bags then close the trunk", "i'll grab my coat,
    # then …"), a bare wait ("wait, then open the window") and "in 5" said after the command: later
    r"|^(?:let me|lemme|i'll|i will|i'm gonna|i'm going to|i am going to|we'll|we will|i gotta|i have to"
    r"|first i'll|first let me|first i|once i)\s+(?!know\b|see\b|think\b|check\b)(?!.*\bmyself$)[a-z]"
    r"|^(?:wait|hold on|hang on|one sec|one second|just a sec|just a second|give me a (?:sec|second|minute|moment))"
    r"(?: (?:a |one )?(?:sec|second|moment|minute|bit))?$"
    r"|\bin \d+$"
)


EN_RETRACTION = (
    r"never ?mind|nevermind|cancel that|cancel it|scratch that|forget it|forget that|forget about it|no wait|wait no"
    r"|just kidding|kidding|actually don't|actually do not|actually no|i mean|i meant|no no|sorry no"
    r"|on second thought|don't do that|do not do that|don't do it|belay that"
    # (not "cancel ac": a control after it is what is switched off)
    r"|cancel(?=\s*$|\s*[,.;!]|\s+(?:that|it|this|everything|all|please|the last|the command)\b)"
)


#: Said alone after a command, these take it back too (inside a clause they mean other things).
_EN_RETRACTION_ALONE = (
    r"not really|not that|not today|no way|not a chance|no thanks|wait no|uh-uh|hold on|hang on|hold it|skip it"
    r"|skip that|(?:i(?:'ve| have)? )?changed my mind|or rather"
)


_EN_RETRACTION = re.compile(rf"^(?:{EN_RETRACTION}|{_EN_RETRACTION_ALONE}|no)$")


_EN_REPORTED = re.compile(
    r"(?<!\bi )(?<!\bwe )\b(?:said|says|say|told (?:me|us|him|her|them) to|tells (?:me|us) to|asked (?:me|us) to"
    r"|wrote|writes|reads|read(?! out| me| back)|quote)\b|\bmanual\b"
    # words to pass on, write down or look up ("text my wife open the trunk", "search open the trunk"):
    # what follows is dictated, never done
    r"|^(?:text|message|email|send (?:a |an )?(?:message|text|sms|email)|tell (?!me\b|car\b|it\b|you\b|system\b)\w+(?: \w+)?(?= to\b| [a-z])"
    # said to someone in the car ("honey, close the sunroof", "kids, close the windows"): not to the car
    r"|^(?:mom|dad|mum|honey|sweetie|sweetheart|babe|baby|darling|dear|kids|buddy|dude|guys|son|bro|sis)$"
    r"|(?:ask|remind|get|have) (?!me\b|us\b|you\b|u\b|car\b|it\b|system\b)\w+(?: \w+)? to\b"
    # a song, a show or a book by its name ("play roll down the windows", "the book open the trunk")
    r"|(?:play|put on|queue up|listen to)\s+(?:(?:the |a |my )?(?:song|album|podcast|track|audiobook|book|playlist"
    r"|tune|episode)\s+(?:(?:called|titled|named)\b|(?=(?:roll|open|close|shut|pop|crank|turn)\b))"
    r"|something (?:called|titled|named)\b|(?:called|titled|named)\b|(?=(?:roll|open|close|shut|pop|crank"
    r"|turn (?:up|down|on|off))\b))|(?:play|queue up|listen to)\s+(?=(?:turn|switch|set|windows?|sunroof|trunk|tailgate|ac)\b)"
    r"|(?:the |a )?(?:book|song|album|movie|film|show) (?=[a-z])"
    r"|make a note|note|add to (?:my )?(?:list|notes)|write down|search(?: for)?|look up|google|translate)\b"
    # words not meant for the car ("i wasn't talking to you, open the window")
    r"|\b(?:(?:not|wasn't|was not|i'm not|i am not) talking to you|talking to (?:my|him|her|them)\b|not you\b)"
)


_EN_WISH = re.compile(
    r"\b(?:keep|keeps|kept|stay|stays|stayed|staying|remain|remains|hope|wish|would be nice|it'd be nice|prefer"
    r"|rather)\b"
)


#: A past action told, not asked ("I opened the sunroof earlier").
_EN_PAST = re.compile(
    r"^(?:i|we|he|she|they|you|someone|somebody)\s+(?:just\s+)?(?:\w+ed|turned|opened|closed|set|put|shut|left|had|already)\b"
    r"|\b(?:i'll|i will|i'm going to|i am going to|i'm gonna|let me)\b.*\b(?:myself|by myself)$"  # what I will do
    r"|\b(?:by itself|on its own|by themselves|on their own)\b"  # what happened
    r"|\b(?:earlier|this morning|yesterday|last night|just now|a while ago|already)\b"
    # the temperature now, told ("28 degrees in the car", "inside temp 28")
    r"|^(?:it's |its |it is )?\d+ degrees (?:in (?:the )?car|inside|in here)$|^inside (?:temp |temperature )?(?:is )?\d+(?: degrees)?$"
    r"|\b(?:every (?:day|morning|evening|night|time)|usually)\b"  # what is done as a habit
    # what a thing did ("the ac turned on", "the mirrors folded"): no one asked
    r"|^(?!(?:get|have|keep|need|want|please|can|could|would)\b)[a-z']+(?: [a-z']+){0,2}"
    r" (?:turned|switched|folded|went|came|kicked) (?:on|off|up|down|back|in)\b"
    r"|^(?!(?:get|have|keep|need|want|please)\b)[a-z']+(?: [a-z']+){0,2} (?:folded|unfolded|opened|closed)$"
    # what a thing did, with how far ("the sunroof opened halfway", "the windows rolled down", "the trunk
    # popped open") or what someone else did ("the passenger opened the window", "i hit the sunroof button")
    r"|^(?!(?:get|have|keep|need|want|please|can|could|would)\b)(?:[a-z']+ ){0,3}(?:window|windows|sunroof|trunk"
    r"|tailgate|boot|hatch|liftgate|roof|shade|sunshade|blind|seat|seats|mirror|mirrors|ac|heater|fan|defroster"
    r"|defogger|light|lights) (?:just |already |suddenly )?(?:opened|closed|rolled|popped|slid|went|came|shut|started"
    r"|stopped|dropped|lowered|raised|moved)\b"
    # (a rear seat said as who sits there: "the rear left passenger", "the kid behind the driver", "rear left")
    r"|^(?:(?:the|my|a|our|your|his|her) )?(?:(?:(?:front|rear|back)(?: (?:left|right))?|(?:left|right) (?:rear|back))"
    r"(?: seat)? )?(?:(?:passenger|passengers|driver|kid|kids|child|children|son|daughter|wife|husband|mom|dad|mum"
    r"|friend|guy|someone|somebody|he|she|they|everyone|everybody)(?: (?:in front|ahead|behind us|behind me|next to us"
    r"|in (?:the )?next lane|on (?:the )?(?:left|right)|(?:sitting )?in (?:the )?(?:back|rear|front)(?: (?:left|right))?"
    r"|behind (?:the )?(?:driver|passenger)))?|(?:rear|back) (?:left|right)|(?:left|right) (?:rear|back)|back row)"
    r" (?:just |already )?(?:opened|closed|shut"
    r"|rolled|popped|turned|switched|left|hit|pressed|pushed|cranked|lowered|raised|dropped|cracked)\b"
    r"|^(?:i|we) (?:just |already )?(?:hit|pressed|pushed|tapped|touched|clicked|bumped)\b"
    # someone named by what they are ("the guy at the car wash opened the windows", "the valet closed …")
    r"|^(?!(?:turn|switch|set|open|close|shut|roll|fold|please|can|could|would|will|make|let|get|tell|check)\b)"
    r"(?:[a-z']+ ){0,3}?(?:guy|guys|man|men|woman|women|lady|valet|mechanic|attendant|worker|staff|person|people"
    r"|dude|technician|officer|cop|boy|girl|nanny|stranger|employee|dealer|dealership|car wash|garage|shop)"
    r"(?: (?:at|from|in|on|of) (?:[a-z']+ ){0,3}?)? (?:just |already )?(?:opened|closed|shut|rolled|popped|turned"
    r"|switched|left|lowered|raised|cracked|folded)\b"
    r"|\b(?:by hand|manually)$"
    # what will happen ("the trunk will open in 5 minutes"): said, not asked
    r"|^(?!(?:will|would|can|could|shall|should|please)\b)(?:[a-z']+ ){1,4}(?:will|is going to|are going to"
    r"|'s going to|is gonna|are gonna|is about to|are about to) (?:open|close|shut|turn|switch|start|stop|roll|fold"
    r"|come|go|cool|warm|heat|clear|get|be|feel|stay)\b"
)


#: A place or a thing outside the car ("what should the oven be set to", "is the ac on at the office",
#: 家里的空调): what is said is about it, never a command, question or need of the car's.
_EN_ELSEWHERE = re.compile(
    r"\b(?:at home|at the office|at work|in the kitchen|(?:my|our|the) (?:house|home|apartment|flat)"
    r"|restaurant|hotel|bedroom|living room|office|kitchen"
    # someone else's car ("open the trunk of my wife's car"): not this one
    r"|(?:\b(?!(?:what|that|it|there|here|where|how|who|let|he|she|this|my|our|the)'s)\w+'s|his|her|their|another|other"
    r"|the other|a friend's) (?:car|vehicle|suv|truck|van)"
    r"|(?:car|vehicle|truck|bus|van|suv) (?:in front|ahead|behind us|behind me|next to us|beside us|in the next lane)"
    r"|driver (?:ahead|in front of (?:us|me)|in (?:the )?(?:other|next) (?:car|lane))"
    r"|(?:front|next|that|another|other) (?:car|vehicle|truck|van|suv)(?! (?:window|door|seat|mirror|light)))\b"
)


#: Going there is no talk about it ("navigate to the hotel and open the window", 导航到酒店).
_EN_GOING = re.compile(r"\b(?:navigate|drive|go|head|take me|directions|route)\b")


#: A place outside the car said on its own before or after a command ("at home, close the windows",
#: 家里，打开空调): where the command is meant, as a condition says when; it holds its sentence.
_EN_PLACE_ONLY = re.compile(
    r"^(?:back |at |in |inside |over at )?(?:(?:my|our|the|my mom's|mom's) )?"
    r"(?:home|house|place|office|work|bedroom|kitchen|living room|apartment|flat)$"
    r"|^(?:in |on |for |at )?(?:my |our |your )?(?:\w+'s|his|her|their|another|other|the other) (?:car|vehicle|suv|truck|van)$"
)


_EN_ENSURE = re.compile(r"^(?:make sure|ensure|see to it)(?: that)? (.+?) (?:is|are|gets|get|stays|stay) (.+)$")


_EN_WANTED = re.compile(r"^(?:i|we)(?: really| just)? (?:need|want|'d like|would like|wanna)\b")


_EN_STATEMENT = re.compile(
    r"^(?!(?:turn|switch|set|open|close|shut|make|put|raise|lower|activate)\b).*"
    r"\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|has been|have been|seems|looks|(?<!driver)(?<!passenger)'s)\b"
    # how a thing moves ("the back windows open really slowly") and when ("the last time i opened …"): told
    r"|^(?!(?:turn|switch|set|open|close|shut|make|put|raise|lower|activate)\b).*\b(?:opens?|closes?|folds?|moves?)"
    r"\s+(?:really\s+|very\s+|so\s+|too\s+)?(?:slowly|slow|quickly|fast|by itself|on its own|itself)\b"
    r"|^(?:the )?(?:last|first|next) time\b|^(?:every ?time|whenever)\b"
    # what should have been done ("i should have closed the sunroof"): told, never asked for now
    r"|\b(?:should|could|would|might|must)(?: not|n't)? have\b|\b(?:should|could|would|must)'ve\b"
)


#: A request denied ("I didn't ask you to open the tailgate", "nobody told you
#: to"): what follows was never asked, so it is forbidden, not commanded.
_EN_DENIED = re.compile(
    r"^(?:but )?(?:(?:i|we)(?: really| just)? (?:didn't|did not|never|haven't|have not|hadn't)(?: ever| even)?"
    r"|(?:nobody|no one|noone|no-one)(?: ever)?)"
    r" (?:ask|asked|tell|told|say|said|want|wanted|request|requested|mean|meant|order|ordered)\b"
    r"(?: (?:you|u|it|anyone|anybody))?(?: (?:to|that|you should|you to))?\b\s*"
)


#: "leave the seat heating off", "leave the window open": the control is not to be changed.
_EN_LEAVE = re.compile(
    r"^(?:but |and |just )?leave (.+?) (?:off|on|open|closed|shut|up|down|where (?:it|they) (?:is|are))$"
)


_EN_SPEAKER = re.compile(r"\b(?:my|mine|me|for me|my side|myself)\b")


#: A hedge: the person is not sure they want it ("maybe open the tailgate",
#: "open the sunroof, perhaps", "um maybe …", "could you perhaps …", "i think we should …"): the service asks
#: before anything moves.
_EN_HEDGE = re.compile(
    r"^[\s,]*(?:(?:um|uh|er|erm|hmm|so|well|oh|ok|okay)[\s,]+)*(?:(?:could|can|would) you )?"
    r"(?:maybe|perhaps|possibly|i guess|i suppose|probably|i think (?:we|you) should)\b\s*"
    r"|\s*\b(?:maybe|perhaps|possibly|i guess)$"
)


#: A state question asked indirectly: what follows is asked about, never done.
_EN_WANT_TO_KNOW = re.compile(
    r"^(?:(?:go ahead and|please|hey|so|um|uh)\s+)*"
    r"(?:i(?: really| just)?(?: want| wanna| need|'d like|'d really like| would like| would really like|'d love"
    r"| would love|'ll need| will need) (?:you )?to know|(?:could|can|may) i know|do you (?:happen to )?know|i wonder|i'm wondering|i am wondering"
    r"|inform(?: me)?|update me(?: about| on)?|let me know"
    # "can you tell me what the temperature is": asked politely, still a question to answer
    r"|(?:can|could|would|will) you (?:please )?(?:tell|show) me|give me (?:an update|the rundown|a rundown|the status)"
    r"(?: about| on| of)?|i want you to update me(?: about| on)?|confirm (?=the (?:setting|status|state)))"
    r"\b,?\s*(?:if|whether|what|how)?\b"
)


#: "this rear should not have to be this chilly" complains that it is too chilly: no negation.
EN_COMPLAINT = re.compile(r"\s+should(?: not|n't) (?:have to )?be (?:this|so|that)\s+")


#: "why is it so cold in here", "why's the co-driver side freezing": a complaint, not a question to answer.
EN_WHY = re.compile(
    r"^(?:why is it|why's it|why is|why's|why does it feel|why am i)\s+"
    # "is a bit too nippy in the left front side": a recogniser dropped the "it" of "it is"
    r"|^is\s+(?=(?:a bit|a little|a tad|way|somewhat|really|kind of|too|so)\b)"
)


def en_clause(text: str, asked: bool) -> Clause:
    text = re.sub(r"\s+", " ", text).strip(" ,")
    raw = text  # as said; the complaint is read for what it says, not as a negation
    offer = bool(_EN_OFFER.match(text))  # before the fillers go ("like"): "would you like me to …"
    text = EN_COMPLAINT.sub(" is too ", text)
    text = _EN_FILLERS.sub(" ", text)
    hedge = _EN_HEDGE.search(text)
    if hedge is not None:
        rest = (text[: hedge.start()] + " " + text[hedge.end() :]).strip(" ,")
        if not rest:
            return Clause(text=raw, body="", hedged=True)
        found = en_clause(rest, asked)
        return Clause(**{**fields_of(found), "text": raw, "hedged": True})
    known = _EN_WANT_TO_KNOW.match(raw)  # before the fillers go: "i'd like to know" holds "like"
    if known is not None and raw[known.end() :].strip(" ,"):
        # "i'd like to know if the rear defroster is on", "inform me what the fan is set to":
        # a state question asked indirectly ("if" here asks whether, it is no condition)
        found = en_clause(raw[known.end() :].strip(" ,"), asked)
        return Clause(
            **{
                **fields_of(found),
                "text": raw,
                "question": True,
                "hinted": False,
                "conditional": False,
                "statement": False,
            }
        )
    polite = bool(_EN_POLITE_ASK.match(text))
    leave = _EN_POLITE_SELF.match(text)
    if leave is not None and _EN_IMPERATIVE.match(text[leave.end() :]):
        text, polite = text[leave.end() :], True
    body = en_strip(text)
    if not body or _EN_THANKS.match(body):
        return Clause(text=raw, body="")
    if _EN_RETRACTION.match(body) or _EN_RETRACTION.match(text.strip()):
        return Clause(text=raw, body="", retraction=True)
    left = _EN_LEAVE.match(body)
    if left is not None:  # "leave the seat heating off": do not touch it
        body = "don't touch " + left.group(1)
    ensure = _EN_ENSURE.match(body)
    if ensure is not None:  # "make sure the temperature is set to 68": the state asked for, a command
        body = f"{ensure.group(1)} {ensure.group(2)}"
    denied = _EN_DENIED.match(body)
    if denied is not None and body[denied.end() :].strip():
        body = "don't " + en_strip(body[denied.end() :])
    relayed = bool(_EN_REPORTED.search(body))
    # ("ask my son to close the window": the "my" of someone's words is not the speaker's seat)
    speaker = bool(_EN_SPEAKER.search(body)) and not relayed
    worded = (bool(_EN_QUESTION.search(body)) and not polite) or offer or bool(_EN_WHETHER.search(body))
    hinted = not worded and asked and not polite and not _EN_IMPERATIVE.match(body)
    question = worded or hinted
    negated = bool(_EN_NEGATION.search(body))
    conditional = bool(_EN_CONDITION.search(body) or _EN_PLACE_ONLY.match(body))
    elsewhere = bool(_EN_ELSEWHERE.search(body)) and not _EN_GOING.search(body)
    reported = relayed or (elsewhere and question)
    retraction = bool(re.match(r"^(?:actually|no)\b.*\b(?:don't|do not)\b", body))
    wish = not negated and bool(_EN_WISH.search(body))
    # "i need the rear defog switched on": what is asked for, said as done, is no report of it
    wanted = _EN_WANTED.match(text) is not None
    statement = not (question or negated or wish) and bool(
        _EN_STATEMENT.search(body) or (_EN_PAST.search(body) and not wanted) or elsewhere
    )
    if negated:
        body = _EN_NEGATION.sub(" ", body)
        body = en_strip(re.sub(r"^\s*(?:i |we )?(?:want|need|like|wanna)\b\s*(?:to\b)?", "", body))
        body = en_strip(re.sub(r"^(?:touch|touching|change|changing|mess with|use|using)\b", "", body))
    if conditional:
        body = _en_condition_body(body)
    if negated and _EN_NOT_NOW.match(body) and not conditional and not question:
        body = ""  # "open the trunk, not yet": a bare negation, as "don't" alone
    if negated and not body and not conditional and not question:
        return Clause(text=raw, body="", retraction=True)  # a bare "don't": do not do what was just said
    # "open the tailgate?": an imperative said as a question is asked back, not done
    hedged = asked and not polite and not question and bool(_EN_IMPERATIVE.match(body))
    return Clause(
        text=raw,
        body=body,
        negated=negated,
        conditional=conditional,
        question=question,
        hinted=hinted,
        retraction=retraction,
        reported=reported,
        wish=wish,
        statement=statement,
        speaker=speaker,
        howto=question and bool(_EN_HOWTO.search(body)),
        hedged=hedged,
    )


_EN_NOT_NOW = re.compile(r"^(?:really|at all|so fast|like that|that)$")


def en_strip(text: str) -> str:
    """English politeness, fillers and haste words off both ends."""
    text = re.sub(r"\s+", " ", text).strip(" ,")
    prev = None
    while prev != text:
        prev = text
        text = _EN_POLITE_START.sub("", text).strip(" ,")
        text = _EN_POLITE_END.sub("", text).strip(" ,")
    return text


def _en_condition_body(body: str) -> str:
    """The command left once the condition is cut off ("" when none is left)."""
    timed = en_strip(_EN_TIMED.sub(" ", body))
    m = _EN_IF.search(timed)
    if m is None:
        return timed
    return en_strip(timed[: m.start()])


#: A place or a thing outside the car (for the needs spotter: no need of it).
ELSEWHERE_EN = _EN_ELSEWHERE

__all__ = ["ELSEWHERE_EN", "EN_COMPLAINT", "EN_RETRACTION", "EN_WHY", "en_clause", "en_strip"]
