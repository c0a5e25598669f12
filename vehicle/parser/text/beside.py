"""What is said beside a command: why, what for, what is preferred, and what is asked or told after it.

A person asks for one thing and says why ("because the sunroof is open"), what for ("so i can open the
window", 好开窗, 免得太冷), what will follow ("and the car will cool down"), which of two they prefer
(与其开空调不如开窗, "instead of turning on the ac") or runs a question or a report on after it ("i'm cold did
you open the window"). Only what was asked for may act: each rule here drops the words beside the command,
or cuts them off as a clause of their own, so the later stages never read them as a request (a black-box
red team found them acting on the window, the tailgate or the temperature, or switching the massage on).

- :func:`beside_en`: a purpose before the request ("for safety, …", "so i can open the trunk, …", "to warm
  up, …"), a reason before or after it ("since …", "because …"), a purpose after it ("so …", "to keep me
  cool", "to warm up"), "instead of …"; a question or what someone did run on after it;
- :func:`beside_zh`: a reason first (因为…所以, 既然…就), a purpose before the request (为了…), a purpose or a
  reason after it (让我暖和一下, 好开窗, 方便, 省得, 免得, 以免, 以便, 因为), a preference (与其…不如, 比…好, 比起…,
  宁可…也不).
"""

from __future__ import annotations

import re

#: The verbs a request starts with (what may follow a purpose or a reason said first).
_EN_VERBS = (
    r"(?:turn|switch|set|open|close|shut|put|roll|crack|lower|raise|fold|unfold|start|stop|crank|make|bring|change"
    r"|activate|defog|defrost|bump|boost|dim|brighten)\b"
)
#: What a request starts with, its negation included: every cut below falls *before* a "don't" ("because the
#: kids are asleep | don't open the windows"), never after it (the negation went with the reason, and the
#: windows opened).
_EN_NOT = r"(?:don't |dont |do not |never |not )?"
_EN_VERB = r"(?:please )?" + _EN_NOT + _EN_VERBS

#: A purpose said before the request ("for safety, turn on the rear defrost", "so i can see, defog the
#: windshield", "so i can open the trunk, turn off the ac", "to warm up, switch on the mood lights"): the
#: request is asked, the purpose names nothing to do (the trunk opened, the temperature went up).
_EN_PURPOSE = re.compile(
    r"^(?:(?:just )?for (?:safety|safety's sake|safety reasons|visibility|the kids?|the baby)|(?:just )?to be safe"
    r"|so (?:that )?(?:i|we) can (?:see|breathe|sleep|rest|hear)(?: better| clearly)?"
    r"|(?:just )?to (?:warm|cool|heat) (?:up|down|off|things up|things down|it up|it down))\s*,?\s*"
    # a purpose naming a command of its own, said apart by a comma ("so i can open the trunk, turn off the ac")
    r"|^(?:in order to|so (?:that )?(?:i|we|you|the \w+) can|to(?= (?:open|close|shut|turn|switch|roll|lower|raise|fold"
    r"|start|stop|get|keep|make|see|hear|sleep|rest|save)\b)) [^,;.?!]{1,40},\s*"
    # the same run on: "to open the windows turn off the ac", "so i can open the tailgate set the temperature …"
    r"|^(?:to (?:open|close|shut|turn|switch|roll|lower|raise|fold|start|stop)\b"
    r"|(?:in order to|so (?:that )?(?:i|we|you) can) \w+\b)[^,;.?!]*?\s(?=" + _EN_VERB + r")"
)

#: A reason said first ("since the windows are open turn off the ac", "because it's raining, close the
#: sunroof"): the state it tells is no request, the request after it is (both were statements).
_EN_REASON_FIRST = re.compile(
    rf"^(?:since|because|'cause|cause) [^,;.?!]{{1,60}}?"
    # (a state word after "is" / "are" is no verb: "since the windows are open | turn off the ac")
    rf"(?:\s*,\s*|(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!'s)(?<!'re)\s(?={_EN_VERB}))"
)

#: A purpose or a reason said after a command ("turn off the ac so i can open the window", "open the sunroof so we
#: can see the stars", "turn on the fan to keep me cool", "make it 22 degrees to warm up", "open all the windows
#: because the sunroof is open"): why, never a request of its own (the window opened, the sunroof was held as if
#: "so" were a condition, 22 degrees was a change of 22); a command after it ("… and open the sunroof") is kept.
_EN_WHY_AFTER = re.compile(
    r"(?<=[a-z0-9%'])[\s,]+(?:(?:so(?: that)?|in order for|that way|this way)"
    r" (?:i|we|you|he|she|they|it|it's|its|everyone|everybody|the \w+|my \w+|our \w+)"
    r"|(?:in order )?to (?:keep|let|help) (?:me|us|him|her|them|everyone|everybody|the kids?|the baby)|in order to"
    r"|to (?:warm|cool|heat) (?:up|down|off|things up|things down|it up|it down|the car|the cabin)"
    r"(?= ?(?:a bit|a little|faster|quicker|quickly)?[.!]?$)"
    r"|(?:because|'cause|since) (?:the|my|it|it's|its|we|we're|i|i'm|they|there|of)\b"
    # (a need is kept: "open the window because it's too hot")
    r"(?![^,;.?!]*\b(?:cold|hot|warm|chilly|freezing|stuffy|boiling|sweating|sleepy|tired|humid|muggy)\b))"
    r"[^,;.?!]*?(?=[.!]?$|\s*,|\s+(?:and |then |also )?(?:please )?(?:don't|dont|do not|never) "
    + _EN_VERBS
    + r"|\s+(?:and|then|also)\s+(?:please\s+)?(?:turn|switch|set|open|close|shut|roll|fold|start|stop)\b)"
)

#: "open the window instead of turning on the ac", "instead of opening the sunroof just open the sunshade": the
#: one passed over is no request (both were command mentions, a model's plan for the ac bound).
_EN_INSTEAD = re.compile(
    rf"\s*,?\s*\binstead of \w+ing\b[^,;.?!]*?(?=[.!]?$|\s*,|\s+(?:just |and )?{_EN_VERB})|^instead,?\s+"
)

#: A question run on after something else ("i'm cold did you open the window", "… by the way did someone turn
#: off the ac"): a clause of its own, asked (the run-on was one command to open the window).
_EN_ASKED_AFTER = re.compile(
    r"(?<=[a-z'])(?<!\bwhat)(?<!\bwhy)(?<!\bhow)(?<!\bwhen)(?<!\bwhere)(?<!\bwhich)(?<!\bwho)"
    r"(?: by the way| btw)? (?=did (?:you|i|we|someone|somebody|anyone|anybody|he|she|they)\b"
    r"|(?:have|has) (?:you|i|we|someone|somebody|anyone|anybody|he|she|they) (?:\w+ed|left|shut|set|put|turned)\b)"
)
#: The same for what someone did ("i'm cold someone left the sunroof open", "close the window you opened"), never
#: after a word that leads it ("can you put …", "if you closed …", "did we put …", "verify that i …").
_EN_TOLD_AFTER = re.compile(
    r"\b([a-z']+) (?=(?:someone|somebody|you|he|she|they|we|i) (?:just |already )?(?:(?!need|feed|speed)\w+ed|left|shut"
    r"|put|forgot)\b)"
)
_EN_LEADS = frozenset(
    "can could would will shall should may might must did do does if that whether when why how what where who which"
    " and or but so because unless until once after before since while let make please i'd i'll i'm we'd we'll you'd"
    " tell ask remember said says think thought know knew guess wish hope sure".split()
)


def beside_en(text: str) -> str:
    """English with what is said beside the command dropped or cut off (see the module docstring)."""
    text = _EN_INSTEAD.sub("", _EN_REASON_FIRST.sub("", _EN_PURPOSE.sub("", text)))
    text = _EN_WHY_AFTER.sub("", text)
    text = _EN_TOLD_AFTER.sub(lambda m: m.group(0) if m.group(1) in _EN_LEADS else f"{m.group(1)} , ", text)
    return _EN_ASKED_AFTER.sub(" , ", text)


#: A negation that leads a request (为了开窗 | 别打开空调): a cut falls before it, never after it.
_ZH_NOT = r"别|不要|不用|千万别|不(?=打开|开|关|调)"

#: A purpose said before a request (为了安全 我要使用后除霜, 为确保安全驾驶请打开除雾): the request is asked.
_ZH_PURPOSE = re.compile(
    r"(?:^|(?<=[,;\s]))为(?:了|确保|保证|保障)"
    r"(?:(?!打开|开启|关闭|关掉|关上|开|关|把|将|避免|防止|以免|免得|不|别|没|什么|啥)[\u4e00-\u9fff]){2,10}"
    r"[,\s]*(?=我要|我想|请|帮我|麻烦|把|将|打开|开启|关闭|关掉|关上)"
)

#: A purpose that names a command of its own, said before the request (为了打开后备箱请打开空调, 为了避免打开
#: 天窗 请打开空调): what it names is no request (the trunk opened), the request after it is.
_ZH_PURPOSE_OF_A_COMMAND = re.compile(
    r"(?:^|(?<=[,;\s]))为了?(?:要|能|可以|避免|防止|不)?"
    r"(?:打开|开启|关闭|关掉|关上|开|关|把|将|调|设|展开|折叠|收起|进入"
    # (a setting named first: 为了后排温度调到22度，…; never the request's own 把: 为了安全起见把车窗都关上)
    r"|[^,;\s为把将让]{1,8}?(?:调|设|打开|开启|关闭|关掉|关上|展开|折叠|收起))[^,;\s]{1,12}?"
    r"(?:,\s*|\s+(?=请|帮我|我要|我想|麻烦|把|将|打开|开启|关闭|关掉|关上|先|开|关|" + _ZH_NOT + r")"
    r"|(?=请|帮我|给我|我要|我想|麻烦|把|将|打开|开启|关闭|关掉|关上|展开|折叠|收起|进入|先|" + _ZH_NOT + r"))"
)

#: A reason said first (因为氛围灯关着所以副驾温度调高一点, 既然后挡除雾开着就风量调大一点吧, 由于空调没开，…): the state it
#: tells is no request, the request after 所以 / 就 / the comma is.
_ZH_BECAUSE_FIRST = re.compile(r"^(?:因为|由于|既然)[^,;]{1,16}?(?:[,\s]*(?:所以|那就|就|那)|,)")

#: A purpose said after a command (打开座椅加热让我暖和一下, 把空调打开好让孩子睡觉, 把空调关了好开窗, …免得太冷): why,
#: never a request of its own nor a relay to someone (the seat heating was held, the window opened, the massage
#: came on); 让我想想 ("let me think") is a hedge.
_ZH_PURPOSE_AFTER = re.compile(
    r"^([^;]*?(?:打开|开启|关闭|关掉|关上|开|关|调|升|降|设|拉|换|改|进入|切换|启动|收起|折|展开|[高低大小]一?点)[^;]*?)[,\s]*"
    r"(?:(?:好让|让|使得?)(?=我|咱|大家|孩子|宝宝|小孩|老人|车里|车内|车厢|空气)(?!我(?:想|再|考虑|琢磨))"
    r"(?![^,;]*(?:打开|开启|关闭|关掉|关上|把|将))"
    # 把空调关了好开窗, 关闭尾门方便开天窗, 把按摩关了免得太冷: what for, even when it names a command (it acted)
    r"|(?<![你您])好(?=打开|开启|开|关|调|把|折叠|展开|收起|升|降|换|进入|切换|设|后排|前排|主驾|副驾|风量|温度|车窗|天窗)"
    r"|方便|省得|免得|以免|以便|为了|这样(?:我|咱|大家)?就?(?:能|可以|好)"
    # why, said after it (打开内循环因为除雾开着)
    r"|(?:因为|由于)(?![^,;]*(?:冷|热|闷|晒|困|累)))"  # (太热了 is a need: kept)
    # to the clause's end, or to a negation that leads a request of its own (…免得下雨别开天窗)
    r"(?:(?!" + _ZH_NOT + r")[^,;])*(?=$|[,;]|" + _ZH_NOT + r")"
)

#: A preference (与其开空调不如开窗, 开窗比开空调好, 比起开空调我更想开窗, 宁可开窗也不开空调): only the one preferred is
#: asked for (the one passed over acted, or was a command mention).
_ZH_RATHER_THAN = re.compile(
    r"与其[^,;]{1,16}?[,\s]*不如|比起[^,;]{1,16}?(?:[,\s]+(?:我|咱)?|(?:我|咱)?(?=更想|更愿意|还是|宁愿))(?:更想|更愿意|还是|宁愿)?"
)
_ZH_BETTER_THAN = re.compile(r"比[^,;比]{1,16}?(?:好|强|舒服|合适)(?:多了|一些|点)?(?=$|[,;])")
_ZH_RATHER_NOT = re.compile(r"^(?:我)?(?:宁可|宁愿)([^,;]{2,16}?)[,\s]*也(?:不要?|别)")


def beside_zh(text: str) -> str:
    """Chinese with what is said beside the command dropped (see the module docstring)."""
    text = _ZH_PURPOSE.sub("", _ZH_PURPOSE_OF_A_COMMAND.sub("", _ZH_BECAUSE_FIRST.sub("", text)))
    text = _ZH_PURPOSE_AFTER.sub(r"\1", text)  # 打开座椅加热让我暖和一下: why, no relay
    return _ZH_RATHER_NOT.sub(r"\1,不要", _ZH_BETTER_THAN.sub("", _ZH_RATHER_THAN.sub("", text)))


__all__ = ["beside_en", "beside_zh"]
