"""Who else a text may be about or said to: one list for every rule that reads another person.

The clause markers (someone else's car, a relay "叫他…", words to someone in the car "老婆，…"), the
need spotter (how someone else feels, "我妈好冷") and normalisation (a relay or someone's state cut
off by a recogniser's space) each read these words; they used to keep five lists of their own, with
different contents, so a word known to one rule was unknown to the next.
"""

#: Family, friends and others in and around the car (longer words first: 妈妈 before 妈).
ZH_KIN = (
    "妈妈|爸爸|妈|爸|老婆|老公|媳妇|儿子|女儿|孩子们|孩子|小孩|宝宝|奶奶|爷爷|姥姥|姥爷|外婆|外公|家人|同事|朋友|邻居"
)
#: The same in English, as a possessor ("my wife's window": hers, not the speaker's).
EN_KIN = (
    r"wife|husband|son|daughter|kids?|child|children|mom|mum|mother|dad|father|grandma|grandpa|granny|grandmother"
    r"|grandfather|friend|neighbou?r|boss|partner|girlfriend|boyfriend|brother|sister|baby|wifey|hubby"
)
#: Third persons.
ZH_THEY = "他们|她们|他|她"
#: Ways to address someone in the car that name no one in particular ("亲爱的，…", "师傅 …").
ZH_ADDRESS = "宝贝|亲爱的|司机师傅|师傅"

__all__ = ["EN_KIN", "ZH_ADDRESS", "ZH_KIN", "ZH_THEY"]
