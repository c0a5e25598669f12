"""Chinese said the way the frame reader reads it (before numbers are lifted).

Each rule rewrites one way of saying something into the wording the later stages
already read (see :mod:`.reword_en`). They run in the order of :func:`reword_zh`,
after NFKC and after Traditional is read as Simplified:

- before times are lifted (:func:`reword_zh_spaced`): words spaced by a recogniser one
  by one; a delay corrected by a bare number (十分钟后打开车窗 不对 二十);
- :func:`reword_zh`: a question spaced off its command; a command then 后 then a
  command (a sequence); purposes and preferences (:mod:`.beside`); a command then 前 (before it);
  a level after switching the climate on (the fan's); a limit with no amount
  (不要全开); 、 as 和; a negation before a list with its verb after it; a list with
  its verb after it; two places of one member; a group kept closed; an exclusion
  inside its group; rows by number (第二排), "about" (左右), both members of a side (左边两个车窗),
  a side after the rear row (后排车窗 左边的), 关到最小 (the lowest level on), 温度计 (no temperature), 两三度 (about, no amount), a choice spaced apart,
  shares (三分之一); counts and tenths (三成); someone else, 取消, this car, the
  speaker said apart from what follows; a take-back of everything (都取消); 只 after a
  list; the temperature or a level told with how it feels.
"""

from __future__ import annotations

import re

from .beside import beside_zh
from .instead_zh import said_instead_zh, whose_zh
from .names import NAME
from .numbers import ZH_DIGIT
from .people import ZH_KIN, ZH_THEY

_ZH_THIS_CAR = re.compile(r"(?:这辆|这台|这部|本|我的|我)车的")

_ZH_SIDE_OF_ROW = (
    (
        re.compile(
            r"(?:主驾|司机|左)(?:驾驶)?(?:侧|那侧|这侧|一侧)?(?:的)?后排|后排(?:的)?(?:主驾|司机)(?:驾驶)?(?:侧|那侧|这侧|一侧)?"
        ),
        "左后",
    ),
    (re.compile(r"副驾(?:驶)?(?:侧|那侧|这侧|一侧)?(?:的)?后排|后排(?:的)?副驾(?:驶)?(?:侧|那侧|这侧|一侧)?"), "右后"),
)

#: The same in Chinese (打开所有车窗 后排保持关闭, 后排关着): the group kept is left out.
_ZH_KEEP_GROUP = re.compile(
    r"(?<=[\u4e00-\u9fff])[,\s]*(?:但是?|不过)?((?:主驾|副驾|后排|前排|左后|右后|司机)(?:的)?)(?:车窗|窗户)?"
    r"(?:保持(?:关闭|关着|不动|原样)|(?:就)?关着(?:吧)?|别动|不动|不要动|不用开|不开)(?=$|[,;\s])"
)

#: 三成, 五成: tenths (三成 is 30 %, never 3 %).
_ZH_TENTH = (
    {c: str(10 * (k + 1)) for k, c in enumerate("一二三四五六七八九")}
    | {str(k): str(10 * k) for k in range(1, 10)}
    | {"两": "20", "十": "100"}
)

_ZH_TENTHS = re.compile(r"(?<![\d一二三四五六七八九十两])([一二三四五六七八九两十1-9])成(?![人年员功绩熟为本])")

#: A row by its number (第一排, 二排): the car has two, the front and the rear; a third is no member of
#: it, so the clause is unread (numbers were lifted out of them: 第二排 read as "第 2 排"). 一排 and 两排
#: without 第 are "a row" and "two rows", no row of this car.
_ZH_ROW = re.compile(r"(?<![后\d零〇一二两三四五六七八九十百千])(?:第([一二两三1-3])|([二三23]))排(?![气水名队行练])")
_ZH_ROW_WORD = {"一": "前排", "1": "前排", "二": "后排", "两": "后排", "2": "后排"}

#: A share of the whole (三分之一, 四分之三): that share of a position, in percent (百分之 is read as it is).
_ZH_SHARE = re.compile(r"(?<![百千万\d])([二两三四])分之([一二三])")

#: 左右 after an amount is "about" (调到22度左右): never the left and right sides.
_ZH_ABOUT = re.compile(r"(?<=[\d零〇一二两三四五六七八九十百度档挡%])左右")

#: Both windows or seats of one side (左边两个车窗, 右侧车窗都关上, 左边的座椅加热全部打开): the front and
#: the rear member on that side, named (a side alone is its front member: 右边车窗 is the passenger's).
_ZH_SIDE_PAIR = re.compile(
    r"(?<![排面边后前])(左|右)手?(?:边|侧|面)(?:的)?(?:两个|两扇|所有的?|全部的?)(车窗|窗户|座椅|座位)"
    r"|(?<![排面边后前])(左|右)手?(?:边|侧|面)(?:的)?(车窗|窗户|座椅(?:加热|通风|按摩)?|座位)(?:都|全部|全都)"
)


#: A side said after the rear row is that row's member on that side (打开后排车窗 左边的不要: the rear left
#: one, never the driver's; a side alone is the front member).
_ZH_SIDE_OF_REAR = re.compile(r"(后排[^,;。?!]*?)(?<![排面边后前])(左|右)手?(?:边|侧|面)")


#: A lone English side word first or last in Chinese ("right 打开车窗", "打开车窗 right"): assent or a tag, as
#: in English said first; never the passenger's side (a side said with its control, "打开 the right window",
#: is read).
_ZH_LONE_SIDE_WORD = re.compile(
    r"^(?:right|left|all right|alright)\s+(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])\s*\bright$"
)


#: 关到最小 is the lowest level that is on (风量关到最小: level 1), never off.
_ZH_DOWN_TO_THE_LEAST = re.compile(r"关(?=(?:到|至)(?:最小|最低|最弱))")


#: A word holding a control's word that names another thing (温度计 is a thermometer, not the temperature).
_ZH_OTHER_THING = re.compile(r"温度计|体温计|温度表|温度传感器")


#: Two numbers said together for about (两三度, 三四档, 七八成, 二十二三度): a choice of amounts, never 23,
#: 34 or 223.
_ZH_ABOUT_TWO = re.compile(
    r"(?<![\d零〇一二两三四五六七八九十百])((?:[一二两三四五六七八九]?十)?)([一二两三四五六七八九])([二两三四五六七八九])"
    r"(?=度|档|挡|成|级)"
)
#: "开窗好 还是开空调好": a choice asked, spaced by a recogniser, is one question as it is unspaced.
_ZH_CHOICE_APART = re.compile(r"(?<=好)\s+(?=还是)")


def _zh_about_two(m: re.Match[str]) -> str:
    low, high = ZH_DIGIT[m.group(2)], ZH_DIGIT[m.group(3)]
    return NAME if high == low + 1 or (low, high) == (3, 5) else m.group(0)


def _zh_side_pair(m: re.Match[str]) -> str:
    side, thing = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return ("主驾和左后" if side == "左" else "副驾和右后") + thing


def _zh_share(m: re.Match[str]) -> str:
    part, whole = ZH_DIGIT[m.group(2)], ZH_DIGIT[m.group(1)]
    return f"{round(100 * part / whole)}%" if part < whole else m.group(0)


#: 四个车窗 is every window; 三个车窗 says how many, not which: neither is an amount (it opened one 4 %).
_ZH_COUNTED = re.compile(r"([两二三四4])个(车?窗(?:户)?|座椅|座位)")


def _zh_counted(m: re.Match[str]) -> str:
    return ("所有" if m.group(1) in "四4" else NAME) + m.group(2)


_ZH_EXCEPT_INSIDE = re.compile(
    r"(?:(?<=^)|(?<=[,;\s]))([\u4e00-\u9fff]{1,6}?)((?:除了|除开|除去)[\u4e00-\u9fff]{1,6}?(?:以外|之外|外)?)(?=都|全)"
)

_ZH_CLIMATE_LEVEL = re.compile(
    r"((?<!不要)(?<!别)(?<!不用)(?<!不想)(?<!不)(?:打开|开启|开)(?:一下)?(?:空调|制冷|冷气|暖气|ac))(?:并|然后)?(?:调到|调成|调至|开到|开)?([低中高])(?:挡|档)"
    r"(?![^,;?!。]*(?:吗|呢|么|[?]))"
)

_ZH_NOT_FULLY = re.compile(
    r"(?<=[\u4e00-\u9fff])[\s,]+(?:但是?|不过)?(?:不要|别|不用|不必)(?:全开|全打开|全部打开|开太大|开太多|开那么大|开到底|太大|太多|打开太多|开得太大)"
)


def _apply(text: str, rules) -> str:
    for pattern, repl in rules:
        text = pattern.sub(repl, text)
    return text


#: 只开天窗 after a list (打开天窗和后备箱 只开天窗): a correction, only what follows it acts.
_ZH_ONLY = re.compile(
    r"(?:(?<=[,;\s])|(?<=^))(?:只|就只|仅|只要)(?P<verb>打开|开启|开|要|关闭|关上|关掉|关)(?=[\u4e00-\u9fff])"
    # run on after a list, before what is kept (关闭所有车窗和天窗只关天窗)
    r"|(?<=[\u4e00-\u9fff])(?:只|就只|仅|只要)(?P<verb2>打开|开启|开|要|关闭|关上|关掉|关)"
    r"(?=车窗|窗户|天窗|遮阳帘|后备箱|尾门|空调|内循环|外循环|香氛|座椅|阅读灯|氛围灯|除霜|除雾|后视镜)"
)
_ZH_CLOSING = re.compile(r"(?:关闭|关上|关掉|关)(?!.*(?:打开|开启|开))")

#: A negation just before: "不要 只开天窗" forbids it (read as a correction, the sunroof opened).
_ZH_NEGATION_BEFORE = re.compile(r"(?:别|不要|不用|不必|不想|不许|不准|禁止|勿|别呀|别啊)[,;\s]*$")


def _only(m: re.Match[str]) -> str:
    if _ZH_NEGATION_BEFORE.search(m.string[: m.start()]):
        return m.group(0)
    verb = m.group("verb") or m.group("verb2")
    if verb == "要":  # 只要X: X the way the command before it went (关闭车窗和天窗，只要天窗 closes the sunroof)
        return "不对 关闭" if _ZH_CLOSING.search(m.string[: m.start()]) else "不对 打开"
    return "不对 关闭" if verb.startswith("关") else "不对 打开"


#: A negation before a list whose verb comes after it ("不要把天窗和后备箱打开", 别把空调和车窗都打开): the
#: negation is the whole list's, said the way the reader reads it (天窗和后备箱都不要打开); read at its
#: place it reached the first member only and the tailgate opened.
_ZH_NEGATED_LIST = re.compile(
    r"(?<![^,;\s])((?:千万)?(?:不要|别|不用|不许|禁止|不准|勿|不想|别再))(?:把|将)?"
    r"([^,;\s]{1,10}?(?:和|跟|与|以及|还有)[^,;\s]{1,10}?)\s?(?:都\s?)?"
    r"((?:打开|开启|关闭|关掉|关上|启动|开|关)(?:掉|了|吧|一下)?)(?![^,;\s])"
)


def _negated_list(m: re.Match[str]) -> str:
    if _ZH_LIST_HAS_VERB.search(m.group(2)):
        return m.group(0)
    return f"{m.group(2)}都{m.group(1)}{m.group(3)}"


#: The temperature or a level now, told with how it feels (二十八度太热了, 座椅加热三档太烫了): no setting.
_ZH_LEVEL_TOLD = re.compile(
    r"[零〇一二两三四五六七八九十百\d]+(?:度|档|挡)(?=了?(?:太|好|有点|有些|真|挺|这么|那么)(?:热|冷|烫|凉|闷|晒))"
)

#: 都取消, 全部取消, 都别开了: every command before it taken back.
_ZH_TAKE_BACK_ALL = re.compile(
    r"(?:^|(?<=[,;\s]))(?:都|全部|全都|统统|通通|全)(?:取消|不要了?|不用了?|别开了?|别弄了?|别了|算了|不开了)(?=$|[,;\s])"
)

#: 取消 cut off the command it cancels by a recogniser's space ("取消 开座椅加热"): joined again.
_ZH_CANCEL_APART = re.compile(
    r"取消\s+(?=[开关打调设启升降把将])|^取消\s+(?=[\u4e00-\u9fff])"
    # 取消尾门 关闭: what is cancelled is the control's move, said after a space
    r"|(?<=^取消[\u4e00-\u9fff]{2})\s+(?=开启|打开|关闭|关上|升起|降下|收起|折叠|展开)"
    r"|(?<=^取消[\u4e00-\u9fff]{3})\s+(?=开启|打开|关闭|关上|升起|降下|收起|折叠|展开)"
)

#: 我自己 开后备箱: what the speaker will do, cut off by a space, stays with it (a statement).
_ZH_SELF_APART = re.compile(r"((?:^|(?<=[,;\s]))(?:我自己|我来|我去|我手动|让我来|我亲自))\s+(?=[\u4e00-\u9fff])")

#: Someone else, then how they feel, split by a recogniser's space ("我妈 好冷"): one clause, their state.
_ZH_SOMEONE_APART = re.compile(
    rf"(?:^|(?<=[,;\s]))((?:我|我的)?(?:{ZH_KIN}|狗狗|猫咪|{ZH_THEY}))\s+(?=[好很太有点真挺特别非常])"
)

#: A list with its switch verb after it ("把座椅加热和通风关闭", "前挡除雾和后挡除雾 关闭"): the verb is
#: each member's, as with 都 ("座椅加热和通风都关闭"); without it the first member read alone came on.
_ZH_LIST_VERB_LAST = re.compile(
    r"(?<![^,;\s])((?:把|将)?[^,;\s]{1,10}?(?:和|跟|与|以及|还有)[^,;\s]{1,10}?)\s?(都\s?)?"
    r"((?:打开|开启|关闭|关掉|关上|启动|停止|停掉|开|关)(?:掉|了|吧|一下)?)(?![^,;\s])"
)

_ZH_LIST_HAS_VERB = re.compile(r"打开|开启|关闭|关掉|关上|启动|停止|(?<!空)调|设|升|降|别|不|没|吗|了")


def _list_verb_last(m: re.Match[str]) -> str:
    listed = m.group(1)
    if _ZH_LIST_HAS_VERB.search(listed):
        return m.group(0)
    return f"{listed}都{m.group(3)}"


_ZH_SPACED_RUN = re.compile(r"[\u3400-\u9fff]+(?:\s+[\u3400-\u9fff]+){2,}")

#: A question said after a command and spaced off it ("打开天窗 会怎样", "打开后备箱 安全吗", "打开天窗 吗"), or a
#: question word spaced off before it ("为什么 打开后备箱"): one clause, a question (read apart, the
#: command ran). A tail naming a control of its own is a question of its own ("打开空调 车窗关了吗").
_ZH_QUESTION_TAIL = re.compile(
    r"(?<=[\u4e00-\u9fff])\s+(?=(?:(?![^\s,;]*(?:窗|门|灯|空调|座椅|温度|风|后备箱|除雾|镜|模式|天气|今天|明天|导航|音乐|歌|电话|路))[^\s,;]{0,5}"
    r"(?:吗|呢|怎样|怎么样|会不会|为什么|干什么|干嘛|什么用|哪个|好不好|行不行|可不可以|能不能|可以不|怎么操作|怎么弄|有没有|好嘛|行嘛"
    r"|([\u4e00-\u9fff])不\1)[^\s,;]{0,4})(?:$|[\s,;]))"
    r"|^(?:为什么|为啥|谁|什么时候|啥时候)\s+"
)


def _words_spaced(m: re.Match[str]) -> str:
    """A recogniser that spaces words, not clauses ("我 不想 开 天窗", "十 分钟 后 开 后备箱"): when at least
    half the pieces are one or two characters, the spaces are joined away, so a negation, a question
    or a delay keeps its scope (read apart, each piece was a clause and the command ran)."""
    parts = m.group(0).split()
    if 2 * sum(len(p) <= 2 for p in parts) >= len(parts) and any(_ZH_WORD_ALONE.match(p) for p in parts):
        return "".join(parts)
    return m.group(0)


#: A piece no clause is made of: one character, a verb with nothing to act on, a negation or a modal word
#: (so "开窗 关空调 开灯", three short commands, stay three).
_ZH_WORD_ALONE = re.compile(
    r"^(?:.|打开|关闭|开启|关上|关掉|开了|关了|打开了|不要|不想|不用|不必|让你|不是|可以|一下|分钟|小时)$"
)

#: A delay corrected by a bare number (十分钟后打开车窗 不对 二十): the new delay, in the same unit (the
#: number was read as the window's amount: 20 % in ten minutes).
_ZH_DELAY_CORRECTED = re.compile(
    r"([零〇一二两三四五六七八九十百半\d]+)(分钟|秒钟?|个?小时)(后|以后|之后)(.+?)[,\s]*(?:不对|不是|说错了|哦不)[,\s]*"
    r"([零〇一二两三四五六七八九十百\d]+)(?:分钟|秒钟?|个?小时)?(?:后|以后|之后)?[\s。.!！]*$"
)


#: 把 / 将 / 给 and its object, or a seat said first, spaced off the verb by a recogniser ("把空调 打开",
#: "给 左后乘客 打开阅读灯", "副驾 打开车窗"): one clause.
_ZH_OBJECT_SPACED = re.compile(
    r"((?:^|(?<=[,;\s，]))(?:把|将|给)\s*[^\s,，;；]{1,8}|^(?:主驾驶|主驾|副驾驶|副驾|后排|前排|左后|右后))\s+"
    r"(?=[打开关调设升降折展收拉放])"
)
#: A negation spaced off what it forbids ("打开天窗 别开 后备箱" opened the tailgate): one clause.
_ZH_NEGATION_SPACED = re.compile(
    r"((?:^|(?<=[,;\s，]))(?:千万别|别再|别|不要|不用|不许|不准)(?:\s*(?:打开|开启|关闭|关上|开|关|动|碰))?)\s+(?=[\u3400-\u9fff])"
)


#: A lone 不 spaced between two commands is "no, …", a correction ("关闭车窗 不 关闭天窗": the window closed
#: and the sunroof was held); 不 要 / 不 用 spaced apart stay a negation of what follows.
_ZH_LONE_NOT = re.compile(r"(?<=[\u4e00-\u9fff])\s+不\s+(?![要用许准能会是对行好])(?=[\u4e00-\u9fff])")


def reword_zh_spaced(text: str) -> str:
    """Before times are lifted: words a recogniser spaced one by one are joined ("十 分钟 后 开 后备箱"); a
    delay corrected by a bare number is the new delay."""
    text = _ZH_LONE_NOT.sub(" 哦不 ", text)  # "关闭车窗 不 关闭天窗": the window is taken back
    text = _ZH_OBJECT_SPACED.sub(lambda m: m.group(1).replace(" ", ""), text)  # "把空调 打开": one clause
    text = _ZH_NEGATION_SPACED.sub(lambda m: m.group(1).replace(" ", ""), text)  # "别开 后备箱": of what follows
    return _ZH_DELAY_CORRECTED.sub(r"\5\2\3\4", _ZH_SPACED_RUN.sub(_words_spaced, text))


#: A command, then 后 and the next command (打开车窗后打开空调): one after the other, both asked now. 后
#: after something the person or the car does first (启动后, 放好行李后, 到家后) stays a condition.
_ZH_COMMAND_THEN = re.compile(
    r"((?:^|(?<=[,;\s]))(?:请|帮我|麻烦)?(?:打开|开启|关闭|关掉|关上)(?:[\u4e00-\u9fff]{0,6}?)"
    r"(?:车窗|窗户|天窗|空调|ac|后备箱|尾门|遮阳帘|氛围灯|阅读灯|除霜|除雾|内循环|外循环|加热|通风|按摩|后视镜|香氛))"
    r"后(?=打开|开启|关闭|关掉|关上|调|切换|播放|把|将|折叠|展开|收起|升|降)"
    # (not when what follows asks, offers a choice or hedges: 打开车窗后打开空调吗, …或者打开天窗)
    r"(?![^,;?!。]*(?:或者|还是|吗|呢|么|会不会|是不是|可以|行不行|好不好|能不能|要不要|也许|可能|[?]))"
)

#: A command, then 前 and another (打开后备箱前关闭空调, "before opening the trunk, turn off the AC"): the order
#: is the person's, and 前 is no front (the AC went off at the front, the trunk opened). Said as the
#: condition it is, nothing of the sentence acts.
_ZH_BEFORE_COMMAND = re.compile(
    r"((?:^|(?<=[,;\s]))(?:请|帮我|麻烦)?(?:打开|开启|关闭|关掉|关上|开|关)(?:[\u4e00-\u9fff]{0,6}?)"
    r"(?:车窗|窗户|窗|天窗|空调|ac|后备箱|尾门|遮阳帘|氛围灯|阅读灯|除霜|除雾|内循环|外循环|加热|通风|按摩|后视镜|香氛))"
    r"前(?=[,\s]*(?:打开|开启|关闭|关掉|关上|开|关|把|将|调|折叠|展开|先))"
)

#: The state a thing is in, said to pick it out (关上打开的车窗, 关闭已打开的阅读灯, 关掉刚才开的氛围灯, 打开没关的天窗):
#: which one is meant, never what to do (the 打开 opened the window it was asked to close).
_ZH_STATE_OF_THING = re.compile(
    r"(?:(?:已经|已|刚才|刚刚|刚|还|没|没有|被|刚才被|不小心|之前|先前|刚才不小心)(?:打开|开启|关上|关闭|关掉|开|关)"
    r"|打开|开启|开着|半开|全开|大开|关上|关闭|关着|打开着|关掉)了?的(?=[\u4e00-\u9fff])(?!时候|时|话)"
)
#: 后排两个车窗, 后排2个阅读灯: the row's two, which the row already names (2个 was a value: 2 °C).
_ZH_ROW_COUNT = re.compile(r"(后排|前排)(?:的)?(?:[两二三四1-4]个|俩)")
#: 后排左边和右边的车窗: both of the row's sides (右边 alone was the front passenger's).
_ZH_ROW_SIDES = re.compile(r"(后排|后面|后座)(左边|左侧|右边|右侧)(?:和|跟|、|还有|与|以及)?(左边|左侧|右边|右侧)")
#: Who sits in a rear seat on one side, said as whose the control is (左后乘客的阅读灯, 给后排左边的乘客开窗):
#: the seat, never the front passenger as well; one who does something (左后乘客打开了车窗) is told of
#: (后排乘客 alone may be one or both: left as said).
_ZH_REAR_PERSON = re.compile(
    r"(?:(?<=[给为帮替])|(?<=[给为帮替]坐))(左后|右后|后排左边?|后排右边?|后排左侧|后排右侧)的?(?:乘客|小孩|孩子|人)"
    r"|(左后|右后|后排左边?|后排右边?|后排左侧|后排右侧)的?(?:乘客|小孩|孩子|人)(?=的)"
)
#: Things the car lacks whose names hold a control's word (后视镜加热, 按摩店, 我的宠物), and going to
#: wash the car (去洗车), which is no car-wash mode.
_ZH_NOT_OURS = re.compile(
    r"(?:外?后视镜|倒车镜)的?(?:加热|除霜|除雾|调节|角度)|(?:调节|调整|调一下|加热)(?:外?后视镜|倒车镜)"
    r"|按摩店|按摩院|前备箱|(?:我的|我家的?|我们的)宠物(?!模式)|(?<=去)洗车(?!模式)"
    # a control's screen (打开空调设置页面), and a mode as where the car is (露营模式下空调会开吗): no control, no mode
    r"|(?:(?<=打开)|(?<=开启)|(?<=关闭)|(?<=关掉)|(?<=进入))[\u4e00-\u9fff]{1,6}?的?(?:设置界面|设置页面|界面|页面)"
    r"|[\u4e00-\u9fff]{1,4}模式(?=下)"
)


#: A verb said twice with 一 between, after its way (往上调一调, 往下降一降): "a bit".
_ZH_A_TRY = re.compile(r"(?<=[上下高低大小])(调|升|降)一\1")

_ZH_FURTHER_OPEN = re.compile(r"再打开(?=百分之|\d|[一二三四五六七八九十两半]|点)")


def reword_zh(text: str) -> str:
    """Chinese said the way the reader reads it (see the module docstring)."""
    text = whose_zh(said_instead_zh(text))  # corrections, take-backs, courtesy; whose member, told, names
    text = _ZH_FURTHER_OPEN.sub(
        "再开", _ZH_A_TRY.sub(r"\1一点", text)
    )  # 天窗再打开百分之十: 10 % more (it was set to 10 %)
    text = _ZH_REAR_PERSON.sub(lambda m: m.group(1) or m.group(2), _ZH_STATE_OF_THING.sub("", text))  # 左后乘客的
    text = _ZH_ROW_SIDES.sub(r"\1\2和\1\3", _ZH_ROW_COUNT.sub(r"\1", text))  # 后排两个阅读灯, 后排左边和右边
    text = _ZH_NOT_OURS.sub(NAME, text)  # 后视镜加热: not the fold
    text = beside_zh(_ZH_COMMAND_THEN.sub(r"\1 然后", text))  # purposes, what is preferred
    text = _ZH_BEFORE_COMMAND.sub(r"在\1之前 ", text)
    text = _ZH_NOT_FULLY.sub(f" {NAME}", text)  # 天窗打开 不要全开: how far is not said
    text = _ZH_CLIMATE_LEVEL.sub(r"\1 风量调到\2挡", text)
    text = _ZH_QUESTION_TAIL.sub(lambda m: m.group(0).strip(), text)
    text = text.replace("、", "和")  # 、 joins the members of a list: 空调、座椅加热都打开 is both
    text = _ZH_NEGATED_LIST.sub(_negated_list, text)  # 不要把天窗和后备箱打开: neither
    text = _ZH_LIST_VERB_LAST.sub(_list_verb_last, text)  # 座椅加热和通风关闭: both switched off
    text = _apply(text, _ZH_SIDE_OF_ROW)  # 后排副驾侧车窗: the rear right one
    text = _ZH_KEEP_GROUP.sub(r" 除了\1", text)  # 打开所有车窗 后排保持关闭: all but the rear
    text = _ZH_EXCEPT_INSIDE.sub(r"\2 \1", text)  # 车窗除了主驾都打开: 除了主驾 车窗都打开
    text = _ZH_LONE_SIDE_WORD.sub("", text)  # "right 打开车窗": assent, not a side
    text = _ZH_DOWN_TO_THE_LEAST.sub("调", text)  # 风量关到最小: level 1
    text = _ZH_OTHER_THING.sub(NAME, text)  # 温度计坏了: no temperature
    text = _ZH_CHOICE_APART.sub("", _ZH_ABOUT_TWO.sub(_zh_about_two, text))  # 两三度: about, not 23
    text = _ZH_ROW.sub(lambda m: _ZH_ROW_WORD.get(m.group(1) or m.group(2), NAME), _ZH_ABOUT.sub("", text))  # 第二排
    text = _ZH_SHARE.sub(_zh_share, _ZH_SIDE_PAIR.sub(_zh_side_pair, text))  # 左边两个车窗, 三分之一
    text = _ZH_SIDE_OF_REAR.sub(r"\1\2后", text)  # 打开后排车窗 左边的不要: the rear left one
    text = _ZH_TENTHS.sub(lambda m: f"{_ZH_TENTH[m.group(1)]}%", _ZH_COUNTED.sub(_zh_counted, text))
    text = _ZH_THIS_CAR.sub("", _ZH_CANCEL_APART.sub("取消", _ZH_SOMEONE_APART.sub(r"\1", text)))
    text = _ZH_ONLY.sub(_only, _ZH_TAKE_BACK_ALL.sub("算了", _ZH_SELF_APART.sub(r"\1", text)))
    return _ZH_LEVEL_TOLD.sub(NAME, text)


__all__ = ["reword_zh", "reword_zh_spaced"]
