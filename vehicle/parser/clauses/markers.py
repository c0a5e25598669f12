"""What one clause says around its frame: politeness, negation, conditions,
questions, retractions, reported speech, wishes, statements, "my".

Each clause is read for its markers here and handed on without them:
"please don't open the sunroof" is the clause "open the sunroof", negated.
The markers decide what the person *said about* the controls of the clause
(DESIGN section 4, `said`); :mod:`vehicle.parser.clauses.scope` then widens the
ones that reach further than their clause (a condition holds its sentence,
a retraction everything before it, reported speech the rest of its sentence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause's body and the markers read off it."""

    text: str
    """The clause as cut from the normalised text (for needs and spotting)."""
    body: str
    """The clause with politeness, negation and condition words removed."""
    negated: bool = False
    """"don't", 别, 不要, 不用, 不开 ...: its controls are forbidden."""
    conditional: bool = False
    """"if", "when", "in 5 minutes", 如果, 等…再, …分钟后: holds its sentence."""
    question: bool = False
    """A question or a request for information ("is the AC on", 怎么打开天窗)."""
    hinted: bool = False
    """A question only because a "?" ends it (its own words are no question)."""
    retraction: bool = False
    """"never mind", 算了, a lone "no": holds every clause before it."""
    reported: bool = False
    """"he said", "the manual says", 他说, 说明书上写着: holds what is reported."""
    wish: bool = False
    """"keep it closed", "I hope it stays closed", 保持关着: no command."""
    statement: bool = False
    """"the window is open", 车窗开着: a statement about a control, no command."""
    speaker: bool = False
    """"my", "for me", 我的, 我这边, 给我: names the speaker's own member."""
    howto: bool = False
    """A question about how to do something or why: never a state query."""
    hedged: bool = False
    """"maybe open the tailgate", 要不开下天窗, a lone "maybe": ask before acting (a clarify)."""

    @property
    def empty(self) -> bool:
        """Nothing but politeness ("thanks", "please", 谢谢)."""
        return not self.body and not (
            self.negated or self.conditional or self.question or self.retraction or self.reported
        )

    @property
    def marked(self) -> bool:
        """Anything that stops a run of pieces being read as one command."""
        return self.negated or self.conditional or self.question or self.retraction or self.reported or self.empty


# -- English -------------------------------------------------------------------

_EN_POLITE_START = re.compile(
    r"^(?:(?:hey car|ok car|hey assistant|hey|hi|hello|ok|okay|so|well|oh|um|uh|er|erm|hmm|and|also|then|now|just|please"
    r"|pls|plz|kindly|quickly|quick|right now|asap|immediately|hurry up and|hurry and|hurry|fast"
    r"|can you|could you|would you|will you|can u|could u|would you mind|would you be so kind as to"
    r"|don't forget to|dont forget to|do not forget to|remember to|make sure to|make sure you|be sure to"
    r"|i want you to|i need you to|i'd like you to|i would like you to|i want to|i'd like to|i would like to"
    r"|i wanna|i need to|i want|i'd like|i would like|i need|let's|lets|go ahead and|help me|try to|you can|you could"
    r"|maybe|actually|yes|yeah|sure|i said|i say|like i said|as i said)\b\s*)+"
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
    r"|alter|modify|tune|tweak|customize|boost|hike|reduce|up|deactivate|kill|power|dial|bring|knock|push)\b"
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
    r"^(?:thanks|thank you|thank you very much|thx|cheers|great|ok|okay|please|that's all|good morning|good afternoon"
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
    r"|\bleave\b.*\balone\b|\bkeep\b.*\bas (?:it|they) (?:is|are)\b|\bleave\b.*\bas (?:it|they) (?:is|are)\b"
)
_EN_NEG_ONLY = re.compile(r"^(?:leave|keep)\b|\b(?:alone|as (?:it|they) (?:is|are))$")
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
    r"|in the morning|at noon|in a bit|in a while|in a moment|sometime soon|soon|shortly|by and by)\b"
    r"|\b(?:in|after|for|within)\s+(?:\d+|a|an|a few|few|a couple of|couple of)\s+(?:more\s+)?"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\b"
    r"|\bat\s+\d+\s*(?:o'clock|am|pm)\b"
    # "at 6 open the tailgate", "open the sunroof at 8": a bare hour is a time, never an amount,
    # when it leads the clause or ends an opening or closing ("set the fan at 3" stays a level)
    r"|^at \d+(?: (?!percent|degrees|level)|$)|\b(?:open|close|shut|fold|unfold|lock|unlock)\b.*\bat \d+$"
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
_EN_RETRACTION_ALONE = r"not really|not that|not today|no way|not a chance|no thanks|wait no|uh-uh"
_EN_RETRACTION = re.compile(rf"^(?:{EN_RETRACTION}|{_EN_RETRACTION_ALONE}|no)$")
_EN_REPORTED = re.compile(
    r"(?<!\bi )(?<!\bwe )\b(?:said|says|say|told (?:me|us|him|her|them) to|tells (?:me|us) to|asked (?:me|us) to"
    r"|wrote|writes|reads|read(?! out| me| back)|quote)\b|\bmanual\b"
    # words to pass on, write down or look up ("text my wife open the trunk", "search open the trunk"):
    # what follows is dictated, never done
    r"|^(?:text|message|email|send (?:a |an )?(?:message|text|sms|email)|tell (?!me\b|car\b|it\b|you\b|system\b)\w+(?: \w+)?(?= to\b| [a-z])"
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
    r"|^(?:(?:the|my|a|our|your|his|her) )?(?:(?:front|rear|back) )?(?:passenger|passengers|driver|kid|kids|child"
    r"|children|son|daughter|wife|husband|mom|dad|mum|friend|guy|someone|somebody|he|she|they)"
    r"(?: (?:in front|ahead|behind us|behind me|next to us|in the next lane))? (?:just |already )?(?:\w+ed|shut|put|set|hit|left|turned|rolled|opened|closed|made)\b"
    r"|^(?:i|we) (?:just |already )?(?:hit|pressed|pushed|tapped|touched|clicked|bumped)\b"
    r"|\b(?:by hand|manually)$"
    # what will happen ("the trunk will open in 5 minutes"): said, not asked
    r"|^(?!(?:will|would|can|could|shall|should|please)\b)(?:[a-z']+ ){1,4}(?:will|is going to|are going to"
    r"|'s going to|is gonna|are gonna|is about to|are about to) (?:open|close|shut|turn|switch|start|stop|roll|fold"
    r"|come|go)\b"
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
#: Someone else's car (我老婆的车, 隔壁车, 别人的车): not this one.
_ZH_OTHER_CAR = r"(?:前|后)车(?![窗门灯镜顶内里厢座])|(?:前面|后面|旁边|对面|隔壁)(?:的|那辆|那台|这辆)?车(?![窗门灯镜顶内里厢座])|那辆车|(?:我|你|他|她|我们)?(?:的)?(?:老婆|老公|媳妇|妈妈|爸爸|妈|爸|朋友|同事|邻居|儿子|女儿|别人|他|她|他们|她们)的车|隔壁(?:的)?车|别的车|另一辆车"
_ZH_ELSEWHERE = re.compile(r"家里|家中|在家|办公室|厨房|烤箱|餐厅|饭店|酒店|卧室|客厅|房间|" + _ZH_OTHER_CAR)
#: Going there is no talk about it ("navigate to the hotel and open the window", 导航到酒店).
_EN_GOING = re.compile(r"\b(?:navigate|drive|go|head|take me|directions|route)\b")
_ZH_GOING = re.compile(r"导航|去|前往|开到|到达|回")
#: A place outside the car said on its own before or after a command ("at home, close the windows",
#: 家里，打开空调): where the command is meant, as a condition says when; it holds its sentence.
_EN_PLACE_ONLY = re.compile(
    r"^(?:back |at |in |inside |over at )?(?:(?:my|our|the|my mom's|mom's) )?"
    r"(?:home|house|place|office|work|bedroom|kitchen|living room|apartment|flat)$"
    r"|^(?:in |on |for |at )?(?:my |our |your )?(?:\w+'s|his|her|their|another|other|the other) (?:car|vehicle|suv|truck|van)$"
)
_ZH_PLACE_ONLY = re.compile(
    r"^(?:在)?(?:我|我们|你|他|她|咱)?(?:的)?(?:家里|家中|家|办公室|公司|厨房|卧室|客厅|房间|屋里)(?:里|里面|那边|的)?$"
    rf"|^(?:在)?(?:{_ZH_OTHER_CAR})(?:上|里|那边|的)?$"
)
ELSEWHERE = {"en": _EN_ELSEWHERE, "zh": _ZH_ELSEWHERE}
_EN_ENSURE = re.compile(r"^(?:make sure|ensure|see to it)(?: that)? (.+?) (?:is|are|gets|get|stays|stay) (.+)$")
_EN_WANTED = re.compile(r"^(?:i|we)(?: really| just)? (?:need|want|'d like|would like|wanna)\b")
_EN_STATEMENT = re.compile(
    r"^(?!(?:turn|switch|set|open|close|shut|make|put|raise|lower|activate)\b).*"
    r"\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|has been|have been|seems|looks|(?<!driver)(?<!passenger)'s)\b"
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

# -- Chinese -------------------------------------------------------------------

_ZH_POLITE_START = re.compile(
    r"^(?:(?:嗯|呃|额|那个|这个|好的|好|喂|哎|嘿|小[a-z\u4e00-\u9fff]同学|请你|请|麻烦你|麻烦|劳驾|帮忙|帮我|帮|给我|替我|你|"
    r"能不能|能否|可不可以|可以|能|我想要|我想|我要|我需要|我希望你|想|要|也|就|还(?!是)|顺便|另外|那|然后|先|再给我|"
    r"我说|快点|快|赶紧|赶快|马上|立刻|立即|现在|再(?=打开|开启|开|关|调|把|将|设|启动|切换)|还是(?=打开|开启|开|关|调|把|将|设|启动|切换))\s*)+"
)
_ZH_POLITE_END_WORDS = (
    "辛苦了",
    "谢谢你",
    "谢谢",
    "谢啦",
    "多谢",
    "好吗",
    "好不好",
    "行吗",
    "行不行",
    "可以吗",
    "可以不",
    "吧",
    "呗",
    "啊",
    "呀",
    "哦",
    "嘛",
    "哈",
    "啦",
    "了",
    "一下",
    "就好",
    "就行",
    "快点",
    "马上",
    "立刻",
    "赶紧",
    "现在",
    "嗯",
    "呃",
)
_ZH_POLITE_END = re.compile("(?:" + "|".join(_ZH_POLITE_END_WORDS) + ")+$")
#: A clause can end politely only in the last character of one of those words
#: (the expression, anchored at the end, is otherwise tried at every place).
_ZH_POLITE_LAST = frozenset(word[-1] for word in _ZH_POLITE_END_WORDS) | {
    "\n"
}  # "$" also matches before a final newline
_ZH_FILLERS = re.compile(r"嗯+|呃+|那个|额|(?<=[\u4e00-\u9fff])先(?=打开|开启|关|调|升|降)")
_ZH_POLITE_ASK = re.compile(r"^(?:请|麻烦你|麻烦|帮我|你)?(?:能不能|能否|可不可以|可以|能|你能|你可以)")
_ZH_REMIND = re.compile(r"^(?:请|你)?(?:别忘了|别忘记|不要忘了|不要忘记|千万别忘了|记得|记住)")
_ZH_THANKS = re.compile(
    r"^(?:谢谢你?|谢啦|多谢|好的|好|行|可以|嗯|就这样|你好|早上好|早|晚上好|下午好|哈喽|嗨|呃|那个)$"
)
_ZH_NEGATION = re.compile(
    r"(?:(?<![a-z])(?:don't|dont|do not|never)(?![a-z])|别动|不动|别碰|不要动|保持原样|保持不变|不要|不用|不必|无需|不需要|别|甭|千万别|没必要|禁止|不准|不许|不想|不可以|不能|勿(?=[开关打调设启升降把动碰])|"
    # unwillingness (我不打算开天窗, 我讨厌开天窗, 我怕开天窗): no request
    r"不愿意?|不打算|没打算|不希望|没想|不喜欢|讨厌(?=[开关打])|不敢|(?<=我)怕(?=[开关打])|担心(?=[开关打])|"
    # 取消开窗, 取消打开天窗: a command cancelled with its verb is forbidden (取消空调 switches it off)
    r"取消(?=[开关打调设启升降把将])|"
    # 打开后备箱 不是后备箱 / 后备箱不: a control denied right after its command
    r"^不是(?=[^是]{2,6}$)|(?<=[\u4e00-\u9fff]{2})(?<![哦啊噢哎呀嗯唉])不$|"
    r"(?<![开关])不(?=[开关打调设启升降把动碰]))"
)
_ZH_QUESTION = re.compile(
    r"(?:吗|呢|怎么|怎样|如何|什么|多少|几度|几档|是不是|有没有|为什么|哪|谁|是否|告诉我|开了没|关了没|了没|没有$|么$|好了吧$|"
    r"会不会|要不要|能不能.*[?]|(.)不\1|(.)没\2|吧[?]$)"
)
_ZH_HOWTO = re.compile(r"(?:怎么|怎样|如何|为什么|什么意思|教我)")
_ZH_CONDITION = re.compile(
    # 提醒我打开空调: a reminder is for later, never done now ("remind me …" is read as a question)
    r"(?:\ue001|提醒我|(?<!说)的话|如果|要是|假如|假设|万一|等到|等我|等会|等下|等(?!级)|到时候|之后|以后|过会|过一会|待会|一会儿|一会|稍后|明天|今晚|晚上|早上|"
    r"晚点|晚一点|晚些|过几分钟|几分钟后|几分钟以后|几分钟之后|"
    r"的时候|\d+(?:分钟|秒钟?|个?小时|分)(?:后|以后|之后|内)|半(?:个)?小时|再过|当.+时|(?<!导航)到家|(?<!导航)(?<!导航到)回到家|(?<!导航)(?<!导航到)回家|下车(?![库门窗])|"
    r"上车(?![库门窗])|(?<!导航)到公司|出发|到了|只要|一旦|每当|超过|低于|高于|停好车|停好了|停车后|停稳|熄火后|完[\u4e00-\u9fff]{0,3}再|了就(?=[\u4e00-\u9fff])|"
    r"到[^,]{1,6}(?:(?<![左右])后|以后|之后|的时候)"
    # "启动后打开后备箱", "回来后开空调", "放好行李后关后备箱": after something, then the command
    r"|(?<![前左右然最之以背])后(?=打开|开启|关闭|关掉|关上|开|关|把|将|调|设置|启动|升|降|播放|导航|切换|进入|退出)"
    # "启动后，打开空调": the same, the command cut off by a comma or a recogniser's space
    r"|(?<=[\u4e00-\u9fff])(?<![前左右然最之以背随往向靠])后$"
    # 先停车再打开后备箱: first what the driver does, then the command
    r"|^(?:我|我们|等我|让我)?先(?!打开|开启|开|关|把|将|调|设置|启动)[\u4e00-\u9fff]{1,6}(?:再|然后|$)"
    # 停车 然后打开后备箱, 听我口令打开后备箱: after the car stops, on a word still to come
    r"|^(?:先)?停(?:好)?车(?:了)?$|(?:听|等)我(?:的)?(?:口令|指令|命令|信号|通知))"
)
_ZH_THEN = re.compile(
    r"^.*?(?:就|再|之后|以后|然后|的时候|分钟后|秒后|小时后|后(?![备排视窗挡座面])|(?:到家|回家|下车(?![库门窗])|上车(?![库门窗])|到公司|出发)(?:后|前)?)"
)
ZH_RETRACTION = r"慢着(?:慢着)?|不不不+|(?:开|关|按|弄|搞|点)错了|回头再说|以后再说|我?随便说说|说着玩的?|闹着玩的?|逗你的|开什么开|关什么关|actually,? ?don't|actually,? ?no|never ?mind|cancel that|scratch that|just kidding|no wait|forget it|还是算了吧|还是算了|算了吧|算了|不要了|不用了|开玩笑的|开玩笑|不对不对|不对|撤回|搞错了|说错了|我是说(?!真的|认真的|正经的)|我的意思是|我指的是"
#: Said alone after a command, these take it back too (inside a clause they mean other things:
#: 有没有, 受不了, 别急着…).
_ZH_RETRACTION_ALONE = r"让我想想|我想想|想一想|我再想想|考虑一下|我考虑一下|等等|不不|不是不是|不用不用|不了不了|不了|哈哈+|呵呵+|再说吧|别急|没有|我?没说过?|不是我说的"
_ZH_RETRACTION = re.compile(rf"^(?:{ZH_RETRACTION}|{_ZH_RETRACTION_ALONE}|取消|不|不是)$")
_ZH_REPORTED = re.compile(
    r"说(?!明|一下|说)|写着|写的是|写道|上面写|提到|告诉我要|让我"
    # words to pass on, write down or look up (告诉他打开后备箱, 发消息给老婆 打开后备箱, 搜索 打开后备箱)
    r"|^(?:帮我|请|麻烦你?)?(?:叫|让)(?:我的?)?(?:他|她|他们|她们|老婆|老公|妈妈|爸爸|儿子|女儿|孩子|朋友|司机)"
    r"|^(?:帮我|请|麻烦你?)?(?:告诉(?!我)|通知|转告|(?:给\S{1,4})?发(?:个|条)?(?:消息|微信|短信|信息)|回复|翻译|备忘|记一下|记下|搜索|搜一下|让(?:他|她|他们|她们)"
    # a song or a show by its name (播放开窗, 放一首打开天窗, 来一首开窗): its words are a title
    r"|^(?:播放|放一首|来一首|放首歌叫|放首|听一下|听听|播一首|播首|放个|来个|(?:我)?(?:想|要)?听|给我放)(?:歌曲叫|歌曲|节目叫|叫|名叫|叫做)?"
    r"(?=打开|开启|开|关闭|关掉|关上|关|把|温度|天窗|车窗|空调|座椅)"
    # words not meant for the car (不是叫你 打开车窗, 我在跟他说话)
    r"|不是(?:叫|跟|和|对)你|没(?:叫|跟|和|对)你说|(?:我)?在跟\S{1,3}说话|没在跟你说)"
)
_ZH_SELF_SAID = re.compile(r"^(?:我|我们)(?:是)?说")
_ZH_WISH = re.compile(
    r"着就好|着就行|着吧$|保持|希望|但愿|让它一直|继续开着|继续关着|就这样开着|就这样关着|宁愿|最好一直"
)
_ZH_STATEMENT = re.compile(
    r"我自己(?!的)|(?<!我)自己(?:打开|关上|关闭|开|关|升|降)|我刚(?:才|刚)?把|(?<![对朝冲向])着(?!点)|已经|是开的|是关的|用完(?!再|后|以后|之后)|快没|是[^,]*的$|开了$|关了$|开得|关得|刚才|刚刚|昨天|昨晚|之前|早上|上午|下午"
)
#: What someone did or does ("他把车窗打开了", "我每天都用小憩模式"): told, never asked for.
_ZH_DONE = re.compile(r"^(?:他|她|它|他们|她们)(?!说|让|叫|要|想)[^,]*了|每天|平时|经常|天天")
#: What was done, told with 了 ("我打开了后备箱", "你把天窗打开了", "后备箱开了"): a report, not a request
#: ("把空调关了" and "帮我把车窗开了" ask; "我想把空调关了" wants; "我开了很久" is no switching).
_ZH_WANTS = r"(?![^,]*(?:想|要|需要|希望|让|帮|请|给|能|可以|得|该|去))"
_ZH_SWITCHED = r"(?:打开|开启|开|关闭|关掉|关上|关|调高|调低|调|升|降|按)"
_ZH_REPORT = re.compile(
    # someone, then what they did: 我打开了后备箱, 你把天窗打开了, 副驾开了窗, 我把温度调到22度了, 我按了天窗
    rf"^(?:(?:我|你|我们|你们|咱们|咱)|(?:副驾|主驾|后排|司机|乘客|孩子|小孩)(?=(?:刚才|刚刚|刚|已经|都|也)?(?:把|{_ZH_SWITCHED})))"
    rf"{_ZH_WANTS}(?:刚才|刚刚|刚|已经|都|也)?"
    rf"(?:[^,]{{0,8}}?{_ZH_SWITCHED}(?:好|完)?了(?!很|好久|一|半|\d|个|多|吗|没)|[^,]{{0,10}}{_ZH_SWITCHED}[^,]{{0,8}}了$)"
    # a control, then what it did or how it is now, no one asked: 后备箱打开了, 车窗降下来了, 天窗开了一半,
    # 天窗开了十分钟了, 主驾车窗降到一半了 (冷气都关了 asks: 都 … 关了 is the everyday switch-off)
    rf"|^(?!把|将|帮|请|给|麻烦|再|快|赶紧|先){_ZH_WANTS}(?![^,]*把)[^,]{{2,10}}?"
    r"(?:(?:(?<!都)(?:关闭|关掉|关上|关)|打开|开启|开|降下来|降下去|升上来|升上去|降下|升起来|升起|弹开)了"
    r"|(?:打开|开|关|降|升)了(?:一半|一条缝|一点|一些|[^,]{1,6}(?:分钟|小时|秒)|[\ue000\ue010-\ue0ff])了?|(?:开|降|升|调|关)到[^,]{1,6}了)$"
    # how it is now (现在温度30度, 二十二度刚刚好, 开了一半 after its control was said apart)
    r"|^现在(?:的)?(?:车内|车里)?温度(?:是|有)?\d|(?:刚刚好|刚好|正好|挺好的?|不错|挺合适|合适)$"
    r"|^(?:打开|开|关|降|升)了(?:一半|一条缝|一点|一些)$"
)
#: 我没让你开后备箱, 我没说要开, 我可没叫你打开: a request denied is forbidden.
_ZH_DENIED = re.compile(
    r"^(?:我|我们)?(?:可|又|也|根本|从来|并|压根|压根儿)?(?:没有|没|不是|从没|从来没|并没有|并没)"
    r"(?:让|叫|要|说|说过|要求|请|告诉|让过|叫过)(?:过)?(?:你|您)?(?:要|去|来|把)?"
)
_ZH_SPEAKER = re.compile(r"我的|我这边|我这里|我这儿|给我|我这|我旁边|我自己的")


def clause(text: str, language: str, asked: bool = False) -> Clause:
    """Read the markers of one clause and return its bare body.

    `asked`: a "?" ends this clause (a hint only: "could you open it?" is a
    request, "后备箱打开？" a question).
    """
    if language == "zh":
        return _zh_clause(text, asked)
    return _en_clause(text, asked)


#: A hedge: the person is not sure they want it ("maybe open the tailgate",
#: "open the sunroof, perhaps"): the service asks before anything moves.
_EN_HEDGE = re.compile(
    r"^(?:maybe|perhaps|possibly|i guess|i suppose|probably)\b\s*|\s*\b(?:maybe|perhaps|possibly|i guess)$"
)
_ZH_HEDGE = re.compile(r"^(?:要不要|要不然|要不|或许|也许|可能|大概)|(?:或许吧|也许吧|可能吧)$")


#: A state question asked indirectly: what follows is asked about, never done.
_EN_WANT_TO_KNOW = re.compile(
    r"^(?:(?:go ahead and|please|hey|so|um|uh)\s+)*"
    r"(?:i(?: really| just)?(?: want| wanna| need|'d like|'d really like| would like| would really like|'d love"
    r"| would love|'ll need| will need) (?:you )?to know|(?:could|can|may) i know|do you (?:happen to )?know|i wonder|i'm wondering|i am wondering"
    r"|inform(?: me)?|update me(?: about| on)?|let me know|give me (?:an update|the rundown|a rundown|the status)"
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
#: "困了怎么办": a complaint that asks what to do, not a question to answer.
ZH_WHAT_NOW = re.compile(r"(?:怎么办|咋办)(?:呢|啊|呀)?$")


def _en_clause(text: str, asked: bool) -> Clause:
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
        found = _en_clause(rest, asked)
        return Clause(**{**_fields(found), "text": raw, "hedged": True})
    known = _EN_WANT_TO_KNOW.match(raw)  # before the fillers go: "i'd like to know" holds "like"
    if known is not None and raw[known.end() :].strip(" ,"):
        # "i'd like to know if the rear defroster is on", "inform me what the fan is set to":
        # a state question asked indirectly ("if" here asks whether, it is no condition)
        found = _en_clause(raw[known.end() :].strip(" ,"), asked)
        return Clause(
            **{
                **_fields(found),
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
    # ("ask my son to close the window": the "my" of someone's words is not the speaker's seat)
    speaker = bool(_EN_SPEAKER.search(body)) and not _EN_REPORTED.search(body)
    worded = (bool(_EN_QUESTION.search(body)) and not polite) or offer or bool(_EN_WHETHER.search(body))
    hinted = not worded and asked and not polite and not _EN_IMPERATIVE.match(body)
    question = worded or hinted
    negated = bool(_EN_NEGATION.search(body))
    conditional = bool(_EN_CONDITION.search(body) or _EN_PLACE_ONLY.match(body))
    elsewhere = bool(_EN_ELSEWHERE.search(body)) and not _EN_GOING.search(body)
    reported = bool(_EN_REPORTED.search(body)) or (elsewhere and question)
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


def _zh_clause(text: str, asked: bool) -> Clause:
    text = text.strip(" ,")
    hedge = _ZH_HEDGE.search(text)
    if hedge is not None:
        rest = (text[: hedge.start()] + text[hedge.end() :]).strip(" ,")
        if not rest:
            return Clause(text=text, body="", hedged=True)
        found = _zh_read(rest, asked)
        return Clause(**{**_fields(found), "text": text, "hedged": True})
    return _zh_read(text, asked)


def _fields(c: Clause) -> dict:
    return {f: getattr(c, f) for f in c.__dataclass_fields__}


_FILLERS, _NEGATION, _QUESTION, _CONDITION = _ZH_FILLERS, _ZH_NEGATION, _ZH_QUESTION, _ZH_CONDITION


#: "当我没说": no report of anyone's words, a short piece that takes back the
#: command before it (read as an unknown piece: it holds its sentence).
_ZH_UNSAY = re.compile(r"^(?:就)?当我没(?:有)?说(?:过)?(?:吧|啊)?$")


#: What is left of a negated clause that names no control: a verb of its own at most (别开, 不打开了).
_ZH_BARE_VERB = re.compile(
    r"^(?:还是|我|你|也|就|再)?(?:想|要|用|需要)?(?:打开|开启|开|关闭|关上|关掉|关|调|动|弄|碰|搞|执行|操作|启动)?(?:它|了|吧|啊|呀|啦)*$"
)


def _zh_read(text: str, asked: bool) -> Clause:
    """Every marker of a Chinese clause (`text` already stripped of spaces and commas)."""
    raw = text
    if _ZH_UNSAY.match(text):
        return Clause(text=raw, body=raw)
    text = _FILLERS.sub("", _ZH_REMIND.sub("", text))  # 别忘了… is a reminder, not a negation
    polite = bool(_ZH_POLITE_ASK.match(text))
    if polite:
        text = re.sub(r"(?:吗|么|不|呢)$", "", _ZH_POLITE_END.sub("", text))
    stripped = zh_strip(text)
    denied = _ZH_DENIED.match(stripped)
    if denied is not None and stripped[denied.end() :]:
        text = "别" + stripped[denied.end() :]
        stripped = zh_strip(text)
    if _ZH_RETRACTION.match(stripped) or _ZH_RETRACTION.match(text):
        return Clause(text=raw, body="", retraction=True)
    speaker = bool(_ZH_SPEAKER.search(text))
    asking = _ZH_POLITE_ASK.sub("", text) if polite else text
    question = bool(_QUESTION.search(asking)) or (asked and not polite and not _zh_imperative(stripped))
    negated = bool(_NEGATION.search(text)) and not re.search(r"(.)不\1", text)
    if negated and not question and _ZH_BARE_VERB.match(zh_strip(_NEGATION.sub("", text))):
        # a bare 不要, or a negated verb with no control of its own (别开, 不开了, 还是别打开了):
        # do not do what was just said
        return Clause(text=raw, body="", retraction=True)
    conditional = bool(_CONDITION.search(text) or _ZH_PLACE_ONLY.match(text))
    elsewhere = bool(_ZH_ELSEWHERE.search(text)) and not _ZH_GOING.search(text)
    reported = (bool(_ZH_REPORTED.search(text)) and not _ZH_SELF_SAID.match(text)) or (elsewhere and question)
    wish = not negated and bool(_ZH_WISH.search(raw)) and not re.search(r"昨|刚|之前|一直都是", raw)
    statement = not (question or negated or wish) and (
        (bool(_ZH_STATEMENT.search(stripped)) and not _zh_imperative(stripped))
        or bool(_ZH_DONE.search(text))
        or bool(_ZH_REPORT.search(text))
        or elsewhere
    )
    body = _NEGATION.sub("", text) if negated else text
    body = _ZH_SPEAKER_WORDS.sub("", body)
    if conditional:
        m = _ZH_THEN.match(body)
        body = body[m.end() :] if m else _CONDITION.sub("", body)
    body = zh_strip(body)
    if not body and not (question or negated or conditional or reported):
        return Clause(text=raw, body="")
    if _ZH_THANKS.match(body):
        body = ""
    hedged = asked and not polite and not question and _zh_imperative(stripped)  # "开后备箱？"
    return Clause(
        text=raw,
        body=body,
        negated=negated,
        conditional=conditional,
        question=question,
        reported=reported,
        wish=wish,
        statement=statement,
        speaker=speaker,
        howto=question and bool(_ZH_HOWTO.search(text)),
        hedged=hedged,
    )


_ZH_SPEAKER_WORDS = re.compile(r"我这边的?|我这里的?|我这儿的?|我旁边的?|我自己的?")
_ZH_IMPERATIVE = re.compile(
    r"^(?:把|将|给|打开|开启|开|关闭|关掉|关上|关|调|设|升|降|启动|请|帮|麻烦|折叠|展开|收起|切换|进入|退出|启用)"
)


def _zh_imperative(body: str) -> bool:
    return bool(_ZH_IMPERATIVE.match(body))


def keeps_digits(text: str, language: str) -> bool:
    """Whether the body :func:`clause` reads off `text` holds every run of
    digits of `text`, each still a run of its own (True only when sure).

    Chinese markers are cut away at the ends of a clause, where no marker
    word holds a digit; in the middle only fillers, negations and speaker
    words are removed (which could join two runs), and a condition cuts
    a whole part away: a text holding none of those keeps its digits.
    """
    if language != "zh":
        return False
    return not (
        _CONDITION.search(text) or _FILLERS.search(text) or _NEGATION.search(text) or _ZH_SPEAKER_WORDS.search(text)
    )


def told(text: str, language: str) -> bool:
    """ "他把空调和座椅加热都打开了", "每天…": a whole sentence of what someone did or does."""
    return language == "zh" and bool(_ZH_DONE.search(text))


def zh_strip(text: str) -> str:
    """Chinese politeness, fillers and haste words off both ends."""
    text = text.strip(" ,")
    prev = None
    while prev != text:
        prev = text
        text = _ZH_POLITE_START.sub("", text).strip(" ,")
        if text[-1:] in _ZH_POLITE_LAST and not text.endswith(_SEAT_VERB_ONCE):
            text = _ZH_POLITE_END.sub("", text).strip(" ,")
    return text


#: "副驾座椅通风一下": after a seat function said as its verb, 一下 is that verb done, not politeness.
_SEAT_VERB_ONCE = ("加热一下", "通风一下", "按摩一下")


__all__ = [
    "Clause",
    "ELSEWHERE",
    "EN_RETRACTION",
    "ZH_RETRACTION",
    "clause",
    "en_strip",
    "keeps_digits",
    "told",
    "zh_strip",
]
