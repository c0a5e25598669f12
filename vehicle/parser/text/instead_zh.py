"""Chinese: what is said instead, what is taken back, and whose member it is (run first by
:func:`.reword_zh.reword_zh`).

A correction said with other words than 不对 (不是不是, 应该是, 哦不 before an amount, "sorry", 说错了，是…)
is 不对; a take-back after a list that names one thing of it again takes that thing alone back (a member
of a group is left out); courtesy and reassurance first (不好意思, 没关系, 别担心, 其实) negate nothing.
Someone else's member (给我老婆), "that one over there" (那边的, 另外那个), ahead on the road (前方), a need
word that is a song's name (播放好冷) and 关于 ("about") name no member or control of the speaker's; the
speaker in a list of members (给我和副驾) is the speaker's member too.
"""

from __future__ import annotations

import re

from .names import NAME
from .people import ZH_KIN

#: 哦不 before the next command ("打开车窗哦不打开天窗", "…，哦不，打开天窗") is 不对, a take-back of what came before (the
#: 不 was read as the next command's negation: the window opened, the sunroof was held).
_ZH_OH_NO = re.compile(
    r"(?<=[\u4e00-\u9fff,\s])[哦噢啊呃]不[,\s]*(?=打开|开启|关闭|关掉|关上|把|将|调|设置|启动|是|\d|[一二三四五六七八九十两](?:档|挡|度))"
)
#: 应该是 run on after a command (打开座椅加热应该是座椅通风, 把风量调大一点应该是调小一点): the same correction.
_ZH_SHOULD_BE = re.compile(
    r"(?<=[\u4e00-\u9fff\d%])应该是(?=打开|开启|关闭|关上|关掉|调|设|座椅|车窗|天窗|空调|遮阳帘|后备箱|风量|温度|\d"
    r"|[一二三四五六七八九十两](?:度|档|挡))"
)
_ZH_A_COMMAND = re.compile(r"打开|开启|关闭|关上|关掉|调|设")
#: A courtesy or reassurance first ("不好意思，…", "没关系，…", "别担心，…", "我是说真的，…", "其实…"): nothing
#: is negated or taken back by it (别担心 negated the windows; run on, the others hid the command).
_ZH_COURTESY = re.compile(
    r"^(?:不好意思|抱歉|对不起|没关系|别担心|不用担心|放心|我是说真的|说真的|不是开玩笑|真的不是开玩笑|其实)[,\s]*(?=\S)"
)
#: "不要太热" before a command: how it should feel, no control negated.
_ZH_NOT_TOO = re.compile(r"(?:不要|别)(?:太|那么|这么)(?:热|冷|闷|干|晒|亮|暗)[了啊呀]?[,\s]*(?=\S)")
#: "不开空调可不行": not doing it will not do, so do it.
_ZH_MUST_DO = re.compile(r"^不(打开|开启|开)([\u4e00-\u9fff]{1,6}?)(?:可不行|可不成|不行)[啊呀的]?$")
#: "说错了，是遮阳帘": what is said instead, after the take-back (the 是 made it no command).
_ZH_IT_IS = re.compile(r"((?:说错了|搞错了|不对|口误)[,\s]*)是(?!不是)(?=[\u4e00-\u9fff])")

#: The same said as "no, no", "it should be", "not … but" or an English "sorry" between a command and the
#: next ("温度设为22度 不是不是 23度", "把座椅加热打开应该是关闭", "把座椅通风打开 不是 关闭"): the first
#: value or direction was kept (or the second read as a negation of the first). 不是 alone, and 应该是,
#: only right after a command's verb or amount and right before the next verb or amount (风量不是三档吗 asks).
_ZH_I_MEAN = re.compile(
    r"(?<=[\u4e00-\u9fff\d%,\s])\s*(?:不是不是|不不(?!不))[,\s]*(?=[\u4e00-\u9fff\d])"
    r"|(?<=[\u4e00-\u9fff\d%])\s*sorry[,\s]*(?=[\u4e00-\u9fff\d])"
    r"|(?<=[\u4e00-\u9fff\d%])[,\s]+应该是[,\s]*(?=[\u4e00-\u9fff\d])"
    r"|(?:(?<=打开|开启|关闭|关掉|关上)|(?<=[\d度档挡%]))\s*(?:不是|应该是)[,\s]*"
    r"(?=打开|开启|关闭|关掉|关上|调|设|开|关|\d+\s*(?:度|档|挡|%)|[一二三四五六七八九十两]+(?:度|档|挡))"
)


#: "that one over there", "the other one" (那边的车窗, 另外那个温度): a member no words here say; it acted on
#: the speaker's (这边 is the speaker's side, and 那边 alone after a command is no member: 开到那边).
_ZH_THAT_ONE = re.compile(
    r"(?:那边|那一边|那侧|另一边|另一侧|对面|另外那个|另外一个|另外的|另一个|其中一个)的?"
    r"(?=车窗|窗户|窗|座椅|座位|温度|阅读灯|空调|按摩|通风|加热)"
)
#: The speaker in a list of members (给我和副驾开座椅加热, 副驾和我): the speaker's member too (我 alone is no
#: member word, so only the passenger's seat was heated).
_ZH_ME_LISTED = re.compile(
    r"(?:给|帮)?我和(?=主驾|副驾|后排|左后|右后|司机)|(?<=主驾|副驾|左后|右后|司机|后排)和我(?!的|们)"
)
#: Ahead on the road (前方有隧道, 前面有车): outside the car, never the front row (the front windows were
#: named for a model's plan to bind to).
_ZH_AHEAD = re.compile(r"前方|前面(?=有|是个|是一)")
#: 关于 / 有关 ("about") is no 关 ("close"): 给我讲个关于车窗的笑话 was a command mention that closes the window; nor
#: are 关心 / 关注 / 关系 ("care", "follow", "concern"), and 开心 ("happy") is no 开 ("open").
_ZH_ABOUT_A_THING = re.compile(r"关于|有关|关心|关注|关系|开心")
#: A need word right after 播放 / 来一首 is a song's name (播放好冷 stated the need "cold").
_ZH_SONG_OF_A_NEED = re.compile(r"(?:(?<=播放|来首|听听)|(?<=来一首|放一首|听一下))(?:好|有点|太)?(?:冷|热|闷)")
#: "我的车窗全部打开": the speaker's one window, opened all the way (it opened every window as well).
_ZH_MINE_ALL = re.compile(r"(?<=我的)(车窗|窗户|座椅加热|座椅通风|座椅|阅读灯)(?:全部|都|全都)(?=打开|开|关|升|降)")
#: A thing then 关好了 / 锁好了 ("后备箱关好了"): told as done, no command (the tailgate was closed).
_ZH_DONE_WELL = re.compile(
    r"^([^,;把将]{1,8}?)(?:关好了|锁好了|开好了|弄好了|放好了)(?=$|[,;\s]|打开|开启|关闭|关上|关掉|把|将|调)"
)
#: "给我老婆打开车窗": the 我 is of the person, never the speaker's member.
_ZH_KIN_OF_MINE = re.compile(rf"(?<=[给帮为替])我(?:的)?(?={ZH_KIN})")

#: A take-back after a list that names one thing of it again (打开座椅加热和座椅通风，座椅通风不要了; 打开所有车窗，
#: 主驾的不用): that thing alone is taken back, a member is left out (the take-back held the whole list). Only
#: after a list or two commands: alone, 关闭空调，空调不用了 may say the AC is not needed (a bare take-back).
_ZH_TAKE_BACK_ONE = re.compile(r"(?:就|也)?(?:不要了|不用了|算了|取消了?|不用)(?:吧|啦)?(?=$|[,;。!?\s])")
_ZH_LISTED_BEFORE = re.compile(
    r"和|、|跟|以及|还有|(?:打开|开启|关闭|关上|关掉|折叠|调).*(?:打开|开启|关闭|关上|关掉|折叠|调)"
)
_ZH_MEMBER_WORDS = frozenset({"主驾驶", "副驾驶", "主驾", "副驾", "左后", "右后", "后排", "前排", "司机"})
_ZH_GROUP = re.compile(r"所有|全部|全都|都")


def _one_taken_back(text: str) -> str:
    for m in reversed(list(_ZH_TAKE_BACK_ONE.finditer(text))):
        named = text[: m.start()].rstrip("的")
        for k in range(5, 1, -1):
            thing, before = named[-k:], named[:-k]
            if len(thing) != k or not re.fullmatch(r"[\u4e00-\u9fff]+", thing):
                continue
            member = thing in _ZH_MEMBER_WORDS
            if (member and _ZH_GROUP.search(before)) or (thing in before and _ZH_LISTED_BEFORE.search(before)):
                said = f",除了{thing}," if member else f",{thing}不要"
                text = before.rstrip(" ,") + said + text[m.end() :]
                break
            if thing in before:
                break
    return text


def said_instead_zh(text: str) -> str:
    """What is said instead and what is taken back, said the way the later stages read them (不对, 不要X,
    除了X); courtesy and reassurance first dropped."""
    text = _ZH_OH_NO.sub(",不对,", _ZH_I_MEAN.sub(",不对,", _one_taken_back(text)))
    text = _ZH_IT_IS.sub(r"\1", text)
    if _ZH_A_COMMAND.search(text):
        text = _ZH_SHOULD_BE.sub(lambda m: ",不对," if _ZH_A_COMMAND.search(text, 0, m.start()) else m.group(0), text)
    return _ZH_MUST_DO.sub(r"打开\2", _ZH_NOT_TOO.sub("", _ZH_COURTESY.sub("", text)))


def whose_zh(text: str) -> str:
    """Whose member it is and what is only told or named: someone else's, "that one", ahead on the road,
    a song's name, 关于; the speaker in a list of members."""
    text = _ZH_DONE_WELL.sub(r"\1已经关了", _ZH_THAT_ONE.sub(NAME, _ZH_KIN_OF_MINE.sub("", text)))
    text = _ZH_AHEAD.sub(NAME, _ZH_ABOUT_A_THING.sub(NAME, text))
    text = _ZH_MINE_ALL.sub(r"\1", _ZH_SONG_OF_A_NEED.sub(NAME, text))
    return _ZH_ME_LISTED.sub(lambda m: "我的和" if m.group(0).endswith("和") else "和我的", text)


__all__ = ["said_instead_zh", "whose_zh"]
