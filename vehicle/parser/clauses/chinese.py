"""The markers of a Chinese clause: politeness, negation, conditions, questions,
retractions, reported speech, wishes, statements, 我的 (see :mod:`.markers`)."""

from __future__ import annotations

import re

from ..text.people import ZH_ADDRESS, ZH_KIN, ZH_THEY
from .clause import Clause, fields_of

#: Someone else's car (我老婆的车, 隔壁车, 别人的车): not this one.
_ZH_OTHER_CAR = rf"(?:前|后)车(?![窗门灯镜顶内里厢座])|(?:前面|后面|旁边|对面|隔壁)(?:的|那辆|那台|这辆)?车(?![窗门灯镜顶内里厢座])|那辆车|(?:我|你|他|她|我们)?(?:的)?(?:{ZH_KIN}|别人|{ZH_THEY})的车|隔壁(?:的)?车|别的车|另一辆车"


_ZH_ELSEWHERE = re.compile(r"家里|家中|在家|办公室|厨房|烤箱|餐厅|饭店|酒店|卧室|客厅|房间|" + _ZH_OTHER_CAR)


_ZH_GOING = re.compile(r"导航|去|前往|开到|到达|回")


_ZH_PLACE_ONLY = re.compile(
    r"^(?:在)?(?:我|我们|你|他|她|咱)?(?:的)?(?:家里|家中|家|办公室|公司|厨房|卧室|客厅|房间|屋里)(?:里|里面|那边|的)?$"
    rf"|^(?:在)?(?:{_ZH_OTHER_CAR})(?:上|里|那边|的)?$"
)


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
    "(?<!凉)快点",  # 凉快点 is "cooler", no "hurry"
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


#: "…, OK?" after a command (打开天窗好吗, 帮我关一下车窗行不行): the command asked as a question (consent),
#: never a question about the state.
_ZH_OK_TAG = re.compile(r"(?:好吗|好嘛|好不好|好么|行吗|行嘛|行不行|行么|可以吗|可以不|成吗)[啊呀]?[?]?$")


_ZH_REMIND = re.compile(r"^(?:请|你)?(?:别忘了|别忘记|不要忘了|不要忘记|千万别忘了|记得|记住)")


_ZH_THANKS = re.compile(
    r"^(?:谢谢你?|谢啦|多谢|好的|好|行|可以|嗯|就这样|你好|早上好|早|晚上好|下午好|哈喽|嗨|呃|那个)$"
)


_ZH_NEGATION = re.compile(
    r"(?:(?<![a-z])(?:don't|dont|do not|never)(?![a-z])|别动|不动|别碰|不要动|保持原样|保持不变|不要|不用|不必|无需|不需要|别|甭|千万别|没必要|禁止|不准|不许|不想|不可以|不能|勿(?=[开关打调设启升降把动碰])|"
    # unwillingness (我不打算开天窗, 我讨厌开天窗, 我怕开天窗): no request
    r"不愿意?|不打算|没打算|不希望|没想|不喜欢|讨厌(?=[开关打])|不敢|(?<=我)怕(?=[开关打])|担心(?=[开关打])|"
    # 取消开窗, 取消打开天窗, 取消尾门开启, 取消洗车模式, 取消温度调到二十度: a command, a mode, a setting or a timer
    # cancelled is forbidden (取消空调, 取消座椅加热 alone switch it off)
    r"取消(?:掉|一下)?(?=[开关打调设启升降把将折展收定预]|[^,\s]{1,8}?(?:开启|打开|关闭|关上|折叠|展开|升起|上升|下降|降下|收起|收回|(?<!空)调|设|模式|操作)|车库门|香氛)|"
    # 打开后备箱 不是后备箱 / 后备箱不: a control denied right after its command
    r"^不是(?=[^是]{2,6}$)|(?<=[\u4e00-\u9fff]{2})(?<![哦啊噢哎呀嗯唉])不$|"
    r"(?<![开关])不(?=[开关打调设启升降把动碰]))"
)


_ZH_QUESTION = re.compile(
    r"(?:吗|呢|怎么|怎样|如何|什么|多少|多大|几度|几档|是不是|有没有|为什么|哪|谁|是否|告诉我|开了没|关了没|了没|着没$|没有$|么$|好了吧$|"
    r"会不会|要不要|能不能.*[?]|(.)不\1|(.)没\2|吧[?]$|还是[^,]{1,12}(?:好|比较好|更好)$"
    r"|(?<=[\u4e00-\u9fff])还是(?=打开|开启|关闭|关上|关掉|开|关|把))"  # 开窗还是开空调好, 打开车窗还是打开天窗: which
)


_ZH_HOWTO = re.compile(r"(?:怎么|怎样|如何|为什么|什么意思|教我)")


_ZH_CONDITION = re.compile(
    # 提醒我打开空调: a reminder is for later, never done now ("remind me …" is read as a question)
    r"(?:\ue001|提醒我|(?<!说)的话|如果|要是|假如|假设|万一|等到|等我|等会|等下|等(?!级)|到时候|之后|以后|过会|过一会|待会|一会儿|一会|稍后|明天|今晚|晚上|早上|"
    r"晚点|晚一点|晚些|过几分钟|几分钟后|几分钟以后|几分钟之后|^回头(?=再?[打开关调把将给帮])|"
    r"的时候|\d+(?:分钟|秒钟?|个?小时|分)(?:后|以后|之后|内)|半(?:个)?小时|再过|当.+时|(?<!导航)到家|(?<!导航)(?<!导航到)回到家|(?<!导航)(?<!导航到)回家|下车(?![库门窗])|"
    r"上车(?![库门窗])|(?<!导航)到公司|出发|到了|只要|一旦|每当|超过|低于|高于|停好车|停好了|停车后|停稳|熄火后|[上下]了?高速|完[\u4e00-\u9fff]{0,3}再|了就(?=[\u4e00-\u9fff])|"
    r"到[^,]{1,6}(?:(?<![左右])后|以后|之后|的时候)"
    # "启动后打开后备箱", "回来后开空调", "放好行李后关后备箱": after something, then the command
    r"|(?<![前左右然最之以背])后(?=打开|开启|关闭|关掉|关上|开|关|把|将|调|设置|启动|升|降|播放|导航|切换|进入|退出|展开|折叠|收起)"
    # "启动后，打开空调": the same, the command cut off by a comma or a recogniser's space
    r"|(?<=[\u4e00-\u9fff])(?<![前左右然最之以背随往向靠])后$"
    # 先停车再打开后备箱: first what the driver does, then the command
    r"|^(?:我|我们|等我|让我)?先(?!打开|开启|开|关|把|将|调|设置|启动)[\u4e00-\u9fff]{1,6}(?:再|然后|$)"
    # 停车 然后打开后备箱, 听我口令打开后备箱: after the car stops, on a word still to come
    r"|^(?:先)?停(?:好)?车(?:了)?$|(?:听|等)我(?:的)?(?:口令|指令|命令|信号|通知)"
    # a threshold: 到二十五度就关空调, 二十四度以上开窗 (the number is when, never a setting)
    r"|\d+(?:度|档|挡)(?:以上|以下|之上|之下)|(?:到|降到|升到|超过|低于|高于)\d+(?:度|档|挡)(?:了)?就)"
)


_ZH_THEN = re.compile(
    r"^.*?(?:就|再|之后|以后|然后|的时候|分钟后|秒后|小时后|后(?![备排视窗挡座面])|(?:到家|回家|下车(?![库门窗])|上车(?![库门窗])|到公司|出发)(?:后|前)?)"
)


ZH_RETRACTION = r"[哦噢啊呃嗯唉]不(?=[\s,]+[\u4e00-\u9fff])|开个玩笑的?|口误|改主意了|哎呀(?=[\s,]+[\u4e00-\u9fff])|慢着(?:慢着)?|不不不+|(?:开|关|按|弄|搞|点)错了|回头再说|以后再说|我?随便说说|说着玩的?|闹着玩的?|逗你的|开什么开|关什么关|actually,? ?don't|actually,? ?no|never ?mind|cancel that|scratch that|just kidding|no wait|forget it|(?<![a-z])(?:nope|nah|hold on|hold up|oops|wait no|wait|no no|my bad|i mean)(?![a-z])|还是算了吧|还是算了|算了吧|算了|不要了|不用了|开玩笑的|开玩笑|不对不对|不对|撤回|搞错了|说错了|我是说(?!真的|认真的|正经的)|我的意思是|我指的是"


#: Said alone after a command, these take it back too (inside a clause they mean other things:
#: 有没有, 受不了, 别急着…).
_ZH_RETRACTION_ALONE = r"哎呀|哎哟|糟了|让我想想|我想想|想一想|我再想想|考虑一下|我考虑一下|等等|不不|不是不是|不用不用|不了不了|不了|哈哈+|呵呵+|再说吧|别急|没有|我?没说过?|不是我说的"


_ZH_RETRACTION = re.compile(rf"^(?:{ZH_RETRACTION}|{_ZH_RETRACTION_ALONE}|取消|不|不是)$")


_ZH_REPORTED = re.compile(
    r"说(?!明|一下|说)|写着|写的是|写道|上面写|提到|告诉我要|让我"
    # words to pass on, write down or look up (告诉他打开后备箱, 发消息给老婆 打开后备箱, 搜索 打开后备箱)
    rf"|^(?:帮我|请|麻烦你?)?(?:叫|让)(?:我的?)?(?:{ZH_THEY}|{ZH_KIN}|司机)"
    r"|^(?:帮我|请|麻烦你?)?(?:告诉(?!我)|通知|转告|(?:给\S{1,4})?发(?:个|条)?(?:消息|微信|短信|信息)|回复|翻译|备忘|记一下|记下|搜索|搜一下|让(?:他|她|他们|她们)"
    # a song or a show by its name (播放开窗, 放一首打开天窗, 来一首开窗): its words are a title
    r"|^(?:播放|放一首|来一首|放首歌叫|放首|听一下|听听|播一首|播首|放个|来个|(?:我)?(?:想|要)?听|给我放)(?:歌曲叫|歌曲|节目叫|叫|名叫|叫做)?"
    r"(?=打开|开启|开|关闭|关掉|关上|关|把|温度|天窗|车窗|空调|座椅)"
    # said to someone in the car (老婆，把窗户打开, 师傅 开一下后备箱): not to the car
    rf"|^(?:{ZH_KIN}|{ZH_ADDRESS})(?=[,\s]|$)"
    # words not meant for the car (不是叫你 打开车窗, 我在跟他说话)
    r"|不是(?:叫|跟|和|对)你|没(?:叫|跟|和|对)你说|(?:我)?在跟\S{1,3}说话|没在跟你说)"
)


_ZH_SELF_SAID = re.compile(r"^(?:我|我们)(?:是)?说")


_ZH_WISH = re.compile(
    r"着就好|着就行|着吧$|保持|希望|但愿|让它一直|继续开着|继续关着|就这样开着|就这样关着|宁愿|最好一直"
)


_ZH_STATEMENT = re.compile(
    # what should have been done (早知道就把天窗关了, 我应该把车窗关上的): told, never asked for now
    r"早知道|当时(?:就)?应该|本来(?:就)?应该|应该(?!是)[^,]*的$|"
    r"我自己(?!的)|(?<!我)自己(?:打开|关上|关闭|开|关|升|降)|没(?:打开|关上|开|关)(?:着|呢|啊|吧)?$|我刚(?:才|刚)?把|(?<![对朝冲向])着(?!点)|已经|是开的|是关的|用完(?!再|后|以后|之后)|快没|是[^,]*的$|开了$|关了$|熄了$|开得|关得|刚才|刚刚|昨天|昨晚|之前|早上|上午|下午"
)


#: What someone did or does ("他把车窗打开了", "我每天都用小憩模式"): told, never asked for.
_ZH_DONE = re.compile(
    # (a need run on before it is the speaker's: "好热孩子把空调关了" tells what the child did)
    rf"^(?:(?:好|太|有点|真|很)(?:冷|热|闷|晒)[啊呀]?)?(?:{ZH_THEY}|它|(?:我的?|我们的?)?(?:{ZH_KIN}))(?!说|让|叫|要|想)"
    r"[^,]*了|每天|平时|经常|天天"
    r"|每次|每回|总是|老是|通常|平常|常常|往往|一般都"
    # how long a state lasted ("主驾车窗开了一整晚"): told, never asked for
    r"|(?:开|关)了(?:一整晚|一晚上|一整夜|一整天|一天|一上午|一下午|好久|很久|半天|一夜)"
    # how it suits the speaker ("22度对我来说刚好"): told, never asked for
    r"|对我来说(?:刚好|正好|刚刚好|合适|挺好|不错)"
)


#: What was done, told with 了 ("我打开了后备箱", "你把天窗打开了", "后备箱开了"): a report, not a request
#: ("把空调关了" and "帮我把车窗开了" ask; "我想把空调关了" wants; "我开了很久" is no switching).
_ZH_WANTS = r"(?![^,]*(?:想|要|需要|希望|让|帮|请|给|能|可以|得|该|去))"


_ZH_SWITCHED = r"(?:打开|开启|开|关闭|关掉|关上|关|熄灭|熄掉|熄|调高|调低|调|升|降|按)"


_ZH_REPORT = re.compile(
    # someone, then what they did: 我打开了后备箱, 你把天窗打开了, 副驾开了窗, 我把温度调到22度了, 我按了天窗
    rf"^(?:(?:我|你|我们|你们|咱们|咱)|(?:副驾|主驾|后排|司机|乘客|孩子|小孩)(?=(?:刚才|刚刚|刚|已经|都|也)?(?:把|{_ZH_SWITCHED})))"
    rf"{_ZH_WANTS}(?:刚才|刚刚|刚|已经|都|也)?"
    rf"(?:[^,]{{0,8}}?{_ZH_SWITCHED}(?:好|完)?了(?!很|好久|一|半|\d|个|多|吗|没)|[^,]{{0,10}}{_ZH_SWITCHED}[^,]{{0,8}}了$)"
    # a control, then what it did or how it is now, no one asked: 后备箱打开了, 车窗降下来了, 天窗开了一半,
    # 天窗开了十分钟了, 主驾车窗降到一半了 (冷气都关了 asks: 都 … 关了 is the everyday switch-off)
    rf"|^(?!把|将|帮|请|给|麻烦|再|快|赶紧|先){_ZH_WANTS}(?![^,]*把)[^,]{{2,10}}?"
    r"(?:(?:(?<!都)(?:关闭|关掉|关上|关|熄灭|熄掉|熄)|打开|开启|开|降下来|降下去|升上来|升上去|降下|升起来|升起|弹开)了"
    r"|(?:打开|开|关|降|升)了(?:一半|一条缝|一点|一些|[^,]{1,6}(?:分钟|小时|秒)|[\ue000\ue010-\ue0ff])了?|(?:开|降|升|调|关)到[^,]{1,6}了)$"
    # the temperature or level now, told (车里三十度, 车内都二十八度了, 二十八度太热了, 座椅加热三档太烫了)
    # (车内温度调到24度 asks: a verb before the number sets it)
    r"|^(?:车里|车内|车里面|车内温度|车里温度|现在车里|现在|目前|当前)(?:(?!调|设|改|升|降|开)[^,]){0,4}?\d+(?:度|℃)"
    r"|\d+(?:度|档|挡)了?(?:太|好|有点|有些|真|挺|这么|那么)(?:热|冷|烫|凉|闷|晒)"
    r"|(?:都|快|已经)\d+度了?|\d+度了$"
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


_ZH_HEDGE = re.compile(
    # (不如 / 是不是该 propose; 该…了 after a hedge is "it is time to", no report: 或许该开一下除雾了)
    r"^(?:要不要|要不然|要不|或许|也许|可能|大概|不如|是不是(?=该|应该|要))(?:咱们?|我们)?(?:(该|应该)(?=.*了$))?"
    r"|(?:或许吧|也许吧|可能吧)$"
)


#: "困了怎么办": a complaint that asks what to do, not a question to answer.
ZH_WHAT_NOW = re.compile(r"(?:怎么办|咋办)(?:呢|啊|呀)?$")


def zh_clause(text: str, asked: bool) -> Clause:
    text = text.strip(" ,")
    hedge = _ZH_HEDGE.search(text)
    if hedge is not None:
        rest = (text[: hedge.start()] + text[hedge.end() :]).strip(" ,")
        if hedge.group(1):
            rest = rest[:-1]  # 该…了: the 了 of "it is time", no report
        if not rest:
            return Clause(text=text, body="", hedged=True)
        found = _zh_read(rest, asked)
        return Clause(**{**fields_of(found), "text": text, "hedged": True})
    return _zh_read(text, asked)


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
    # 打开天窗好吗: a command said with "…, OK?" is an imperative said as a question (consent is asked)
    ok_tag = not polite and bool(_ZH_OK_TAG.search(text)) and _zh_imperative(zh_strip(_ZH_OK_TAG.sub("", text)))
    if ok_tag:
        text = _ZH_OK_TAG.sub("", text)
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
    question = bool(_QUESTION.search(asking)) or (asked and not polite and not _zh_asks_to_do(stripped))
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
        or bool(_ZH_MYSELF.match(text))  # 我自己把风调小: the speaker will do it
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
    hedged = (asked or ok_tag) and not polite and not question and _zh_asks_to_do(stripped)  # "开后备箱？"
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


_ZH_MYSELF = re.compile(r"^(?:我自己|我亲自|我手动)(?!的)")
_ZH_SPEAKER_WORDS = re.compile(r"我这边的?|我这里的?|我这儿的?|我旁边的?|我自己的?")


_ZH_IMPERATIVE = re.compile(
    r"^(?:把|将|给|打开|开启|开|关闭|关掉|关上|关|调|设|升|降|启动|请|帮|麻烦|折叠|展开|收起|切换|进入|退出|启用)"
)


#: A control, then a change of it (风量调大一点？): no state is asked by a change, so it is an imperative too.
_ZH_CHANGE_LAST = re.compile(r"(?:调大|调小|调高|调低|开大|开小|关小|升高|降低)(?:一点|一些|点|些)?$")


def _zh_imperative(body: str) -> bool:
    return bool(_ZH_IMPERATIVE.match(body))


def _zh_asks_to_do(body: str) -> bool:
    """An imperative, or a control then a change of it: said with "?", consent is asked for it."""
    return _zh_imperative(body) or bool(_ZH_CHANGE_LAST.search(body))


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


#: A place or a thing outside the car (for the needs spotter: no need of it).
ELSEWHERE_ZH = _ZH_ELSEWHERE

__all__ = ["ELSEWHERE_ZH", "ZH_RETRACTION", "ZH_WHAT_NOW", "keeps_digits", "told", "zh_clause", "zh_strip"]
