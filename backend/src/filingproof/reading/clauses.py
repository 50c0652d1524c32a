"""A question's clauses, and which of them ask: the rest is preamble ("putting together a deck on big tech"),
a gloss ("(the year that ended in September 2024)", "i.e. AWS operating income divided by AWS net sales") or
a sign-off ("Thanks a lot"). Only asking clauses name the item; the others lend a company or a period only
when the asking clauses name none.
"""

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from filingproof.reading.grammar import ONE_LINE_PLUS, PART_WORDS

ClauseKind = Literal["asking", "context", "gloss", "definition", "instruction"]

# A sentence or clause break: "?", "!", ";", ":", a sentence's "." (not "3.5", nor an abbreviation's: see
# `_ABBREVIATION`), a dash between spaces ("big tech — could you …"), a parenthesis.
# A dash between two periods is a range, not a break ("FY2017 - FY2019").
# What a figure is for, said after it or its formula: "… less capex is fine - so i can see what's left over"
_FOR_WHAT = re.compile(r"\s+(?:[-–—]+\s+)?so\s+(?=(?:i|we)\s+(?:can|could)\b)", re.IGNORECASE)


def _said_for_what(text: str, start: int) -> bool:
    """Whether the clause at `start` follows "so" and tells what a figure is for ("so i can see …")."""
    return any(found.end() == start for found in _FOR_WHAT.finditer(text, max(0, start - 16), start + 12))


# why a figure is asked, said after it ("…, trying to see how bad the rate hikes hit them")
_WHY_AFTER = re.compile(
    r"(?:just\s+)?(?:trying|looking|hoping|wanting)\s+to\s+(?:see|gauge|figure\s+out|understand|judge)\s+"
    r"(?:how|what|whether|if)\b",
    re.IGNORECASE,
)
_BREAK = re.compile(
    r"[?!;]+\s*|,?\s+(?:but|now|so)\s+(?=(?:i|we)(?:'d|\s+(?:still\s+|just\s+|really\s+|also\s+)?(?:need|want|would))\b)"
    # "Palantir finally turned GAAP profitable and I wanna know how much …": a statement, then the asking
    r"|,?\s+and\s+(?=(?:i|we)\s+(?:want|wanna|need|would\s+like|'d\s+like)\s+(?:to\s+)?(?:know|see)\b)"
    # "quick q, with covid testing fading how much did abbott's diagnostics segment …": what is happening,
    # then the question
    r"|(?<=ing)\s+(?=how\s+much\s+(?:did|do|does|was|were|is|are|has|have)\b)"
    # ("after the hostess deal how much long-term borrowings was smucker carrying"): what happened, then the
    # question
    r"|(?:(?<=\bdeal)|(?<=\bacquisition)|(?<=\bmerger)|(?<=\bspinoff)|(?<=\bspin-off))\s+(?=how\s+(?:much|many)\b)"
    # ("everyone talks data center but how much did nvidia actually make from gaming")
    r"|\s+but\s+(?=how\s+(?:much|many)\s+(?:did|do|does|was|were|is|are|has|have)\b)"
    # ("so i'm comparing how much the chip guys plow back into R&D and i need nvidia's number for …")
    # (its subject left out: "building a quick ebitda bridge for j&j and need their depreciation …")
    r"|,?\s+and\s+(?=(?:(?:i|we)\s+)?(?:just\s+|still\s+)?need\s+(?!to\b))"
    r"|,?\s+so\s+(?=(?:i|we)(?:'m|'re|\s+am|\s+are)\s+(?:just\s+)?(?:checking|looking|trying|pulling)\b)"
    # "total net revenue pls, trying to see how bad the rate hikes hit them": why it is asked, after it
    rf"|,\s+(?={_WHY_AFTER.pattern})"
    r"|,\s+(?:(?:so|but|and|now)\s+)?(?=(?:what|how|which|who|where)\s+(?:was|were|is|are|did|does|do|much|many|made)\b"
    r"|how\s+(?:big|large)\s+(?:was|were|is|are)\b"
    r"|what['’]d\b|(?:can|could|would)\s+you\b|(?:curious|wondering)\s+(?:how|what|whether|if)\b"
    # ("I've got Walmart and Amazon numbers already …, but what about Costco")
    r"|(?:what|how)\s+about\b"
    # ("… looked kinda heavy to me, what effective rate did they end up at")
    r"|(?:what|which)\s+(?:[\w&%'’.-]+\s+){1,4}?(?:was|were|is|are|did|does|do)\s+(?:they|it|he|she)\b)"
    # ("… has me curious, what's their gross margin …"; not ", and what's the gap", which goes on asking)
    r"|,\s+(?=what['’]s\b)"
    # "if you take operating income over total revenue for Q2 2023 what margin do you land on": the formula,
    # then the question it answers
    r"|,?\s+(?=what\s+(?:[\w%-]+\s+){1,2}(?:do|would|does|did)\s+(?:you|i|we)\s+(?:land|get|end)\b)"
    # "… net revenue for 2023 so the oreo folks are in the comp set too?": what the figure is for
    r"|\s+so\s+(?=(?:that|the|it|they|my|our)\s)"
    # an arrow turns to the next thing ("already did DOW, HON -> LYB net sales 2Q23")
    r"|\s*(?:-+>|=+>|→)\s*"
    r"|(?<=\S)\.(?=\s|$)\s*|:\s+|\s+[-–—]+\s+(?!(?:FY|CY|Q[1-4])?\s?'?\d)|[–—]+(?!\s?(?:FY|CY)?'?\d)|\(|\)"
    # ("operating cash flow less capex is fine - so i can see what's left over"), a formula's dash too
    r"|" + _FOR_WHAT.pattern,
    re.IGNORECASE,
)
# ", " before a question word: a clause of its own after what the asker says of themselves; after ", so",
# ", but" or ", and" always ("dealers were restocking like crazy last year, so how much inventory was …")
_QUESTION_AFTER_COMMA = re.compile(r",\s+")
_CURIOUS = re.compile(r"(?:curious|wondering)\s", re.IGNORECASE)
# an exclamation that closes a remark ("rates really bite huh, how much did JCI's net financing charges …")
_EXCLAIMED = re.compile(r"\b(?:huh|eh|lol|ugh|oof|yikes|geez|jeez|wow)\W*$", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|ive|we|we're|we've|my|our|me|us)\b", re.IGNORECASE)
# a verb that states something ("colgate has been pushing price hard", "been comparing kraft heinz and pepsi")
# (or denies it: "Pepsi doesn't give a standalone Q4 in the 10-K, can you back into …")
_STATED = re.compile(
    r"\b(?:has|have|had|been|got|keeps?|kept|(?:does|do|did|is|are|was|were)n['’]?t|(?:does|do|did)\s+not"
    # ("converse looks like it's struggling, how much EBIT …")
    r"|(?:looks|looked|seems|seemed|feels|felt)\s+(?:like|to\s+be)|it['’]s)\b",
    re.IGNORECASE,
)
# Words whose "." is not a sentence's: one letter ("N. America", "i.e.", "U.S."), legal forms, "vs.".
_ABBREVIATION = re.compile(
    r"(?:^|[\s.(])(?:[A-Za-z]|inc|corp|co|ltd|vs|no|st|dept|approx|incl|excl"
    r"|bus|grp|seg|div|intl|svcs|sys|ops|mfg|govt|mgmt)$",  # "VZ Bus. Grp seg op inc"
    re.I,
)
# A parenthesis that is part of a line item's name, as filers print them: "other (gains) and losses",
# "net income (loss)", "provided by (used in)": a few lower-case words, no figure. Any other one is a gloss.
# (never one that says what is not asked: "commercial side (not govt)")
_NAME_PARENTHESIS = re.compile(r"\((?!(?:not|excl|excluding|ex)\b)(?:[a-z]+\s?){1,3}\)")
# A gloss opens with its marker: "i.e. …", "I mean …", "e.g. …", "not the …", "that is, …".
# (so does how the period asked is made, which is no formula of the figure: ", taking the full-year 2023
# repurchase outflow in the 10-K less the nine months ended September 30, 2023")
_YEAR_TAKEN = re.compile(
    r"\s*(?:,\s*)?(?:by\s+)?taking\s+(?:the\s+)?(?:full[- ]?year|fy|annual|fiscal[- ]year)\b", re.I
)
_GLOSS_START = re.compile(
    rf"^\s*(?:,\s*)?(?:i\.?e\.?|e\.?g\.?|that\s+is|in\s+other\s+words)\b,?|{_YEAR_TAKEN.pattern}", re.I
)
# A gloss that says what is not asked ("- not the combined cloud services + license support line"): it
# states no formula, and lends the question nothing
NEGATION = re.compile(r"\W*(?:and\s+)?(?:not|rather\s+than|instead\s+of)\b", re.IGNORECASE)
# A clause's opening that sets the scene ("With Humira losing exclusivity, how much …"): a gloss.
# So is one that names where to look ("Using only the information within the balance sheet, how much …",
# "Basing your judgments off of the balance sheet, what is …")
_SETTING = re.compile(
    r"\s*(?:[A-Za-z]+\s*[,!]\s*)?"  # after a greeting: "hey, with covid testing rolling off, how much …"
    # ("after the whole PC chip glut, how much …"; not "after tax, …", which qualifies the line)
    # ("between the post-pandemic inventory digestion and the Splunk deal costs, how much …"; not "between
    # Verizon and Chevron, who …", which names the companies asked about)
    r"(?:(?:with|given|since|because|amid|now\s+that|(?:after|before)\s+(?:the|a|an|all)|between\s+the"
    r"|(?:setting|leaving|putting)\s+aside"
    # ("having gone through the filings of Travelers and P&G, what were Chubb's …": what is done)
    r"|having\s+(?:already\s+)?(?:gone|reviewed|looked|covered|read|checked|pulled|done|finished|been)"
    # ("looking at thermo's cash generation this year, how much cash …": what the asker is looking at)
    r"|(?:(?:i'?m|we'?re)\s+)?(?:looking\s+at|digging\s+into|reviewing|checking\s+on))"
    r"\s+[^,?]{3,80}"
    r"|(?:using|based|basing|by\s+drawing|in\s+agreement|according|relying|referring|looking)\b[^,?]{3,100}"
    r"\b(?:statements?|sheet|p&l|filing|10-?k|10-?q|report)\b[^,?]{0,20}),\s*(?=\S)"
    # "ten years later, who spent more on R&D …": a time said of the story before it
    r"|\s*(?:(?:a\s+few|a|one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+)?(?:years?|months?|decades?)"
    r"\s+(?:later|on|ago)\s*,\s*(?=\S)"
    # "with the AI data-center buildout at AWS I'd assume …": what sets the scene of a guess, comma or none
    r"|\s*(?:with|given|amid|now\s+that)\s+[^,?]{3,80}?(?=\s+i(?:['’]d|\s+would|\s+think|\s+guess|\s+assume"
    r"|\s+figure|\s+bet|\s+suspect|\s+imagine)\b)\s*"
    # "with all the OCI and AI talk I'm curious how much …": the talk of the day, comma or none
    r"|\s*with\s+all\s+(?:the|this|that)\s+[^,?]{1,60}?\b(?:talk|hype|buzz|noise|chatter)\b[,\s]+(?=\S)",
    re.IGNORECASE,
)
_GLOSS_INSIDE = re.compile(
    r",\s*(?:i\.?e\.?|e\.?g\.?|that\s+is)\b|,?\s*\b(?:calculated|computed|defined|measured)\s+as\b|\s=\s"
    # "2023 FCF if you just do operating cash flow minus capex": how to compute it, as a condition
    r"|\s+if\s+(?:you|i|we)\s+(?:just\s+|simply\s+)?(?:do|take|use)\b"
    # "… for July-December 2023 using the full year minus the first six months"
    r"|\s+using\s+(?=[^?]*\b(?:minus|less|plus|divided\s+by)\b)"
    # "… in Q1 2023 by taking the six-month figure less the june quarter"
    r"|\s+by\s+(?:taking|subtracting|backing\s+out|doing)\s+(?=[^?]*\b(?:minus|less|plus|from|divided\s+by)\b)"
    r"|,?\s*\bbased\s+on\b"
    # ", the year that ended late Jan 2024": the period asked, restated by its end
    r"|,\s*the\s+(?:fiscal\s+)?(?:year|quarter|period|half)\s+(?:that\s+)?(?:end(?:ed|ing|s)|clos(?:ed|ing|es))\b",
    re.I,
)
# A gloss that states how the figure is computed: operands joined by an operator word.
# ("over" between two operands: not a verb's "rolled over", nor at a clause's end)
OPERATOR_WORD = re.compile(
    r"\s[-+/*]\s|[÷×−]|\b(?:minus|less|plus|divided\s+by|times|multiplied\s+by)\b|(?<!ed\s)\bover\b(?=\s+[\w(])"
    # ("over the first half of 2023 who paid out more": a stretch of time, nothing divided)
    r"(?!\s+(?:the\s+)?(?:first|second|back|last|past|full|whole|same|prior|six|nine|three|twelve"
    r"|(?:that|this)\s+(?:year|quarter|period|stretch))\b)"
    r"|\bas\s+a\s+(?:%|percent\w*)\s+of\b|\bsubtracting\b|\bdividing\b",
    re.IGNORECASE,
)
# A formula set before the question it defines: "Using operating income over net sales, what operating
# margin …", "Dividing total current assets by total current liabilities, what current ratio …", "Taking
# Intel's fiscal 2023 operating income and subtracting …, how much …"
_FRONTED_FORMULA = re.compile(
    r"\W*(?:using|taking|dividing|subtracting|computing|calculating)\s+[^?]{3,160}?,\s*(?=(?:what|how|which|who)\b)",
    re.IGNORECASE,
)
# A sentence that tells how to compute or present the answer, read whole by the metric library
# (`metrics.definition`): "DSO is defined as: 365 * (…) / (…)", "Define unadjusted EBITDA as …", "Calculate
# EBITDA using …", "Round your answer to two decimal places", "Answer in units of percents", "Use the balance
# sheet". It asks nothing itself (a sentence with a question cue is read clause by clause).
_SENTENCE = re.compile(r"[?!;]+\s*|(?<=\S)\.(?=\s|$)\s*")
_INSTRUCTION = re.compile(
    r"\b(?:is|are)\s+defined\s+as\b|^\W*define\s+.+\s+as\b|^\W*(?:calculate|compute)\s+.+\s+(?:using|as)\b"
    r"|^\W*(?:please\s+)?(?:round|answer|express|give|provide|report|present|state)\b.*"
    r"\b(?:decimals?|places?|percents?|percentage|%|thousands|millions|billions|nearest|units?)\b",
    re.IGNORECASE,
)
# A sentence that names the statements to read, at its end: "Use the balance sheet.", "Calculate what was
# asked by utilizing the line items clearly shown in the statement of income."
_SOURCES_NAMED = re.compile(
    r"^\W*(?:please\s+)?(?:use|using|utili[sz]\w*|based?|basing|refer|address|calculate|compute|answer|respond"
    r"|give|in\s+agreement)\b.*\b(?:statements?|sheet|p&l)(?:\s+(?:of\s+)?\w+(?:\s+\w+)?)?\W*$",
    re.IGNORECASE,
)


# How to compute what the question before it asked, with an operator, a request all the same: "can you back
# it out as full year minus H1?" (not where to find it: "can you work it out from the 10-K and the latest
# 10-Q?")
_HOW_TO_COMPUTE_IT = re.compile(
    r"^\W*(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:just\s+)?(?:back|work|figure|take|calc(?:ulate)?|compute"
    r"|derive)\s+(?:it|that|this)(?:\s+out)?\s+(?:as|by|using|from|via)\b",
    re.IGNORECASE,
)


def _instruction(sentence: str) -> bool:
    return (
        bool(_SOURCES_NAMED.search(sentence))
        or bool(_HOW_TO_COMPUTE_IT.search(sentence) and OPERATOR_WORD.search(sentence))
        or (bool(_INSTRUCTION.search(sentence)) and not _QUESTION_CUE.search(sentence))
    )


# How the answer is to be written, said in a parenthesis: "(in USD millions)", "(in units of percents and
# round to one decimal place)".
_PRESENTATION = re.compile(
    r"\b(?:in\s+(?:usd\s+|us\s+dollars?\s+|\$\s*)?(?:thousands|millions|billions)|units\s+of\s+percents?"
    r"|decimal\s+places?)\b|\bas\s+a\s+(?:%|percent(?:age)?\b)(?!\s+of\b)",
    re.IGNORECASE,
)
# What stands between an asking clause and words that go on with it: a parenthesis' end, a dash.
_GOES_ON = re.compile(r"\s*(?:\)|[-–—]+)\s*")
# A request: "can you …", "I'd like …".
_ASKED_OF_YOU = (
    r"\b(?:can|could|would|will)\s+(?:you|someone|anyone)\b"
    # (not what one has of it: "I've already pulled what I need from the General Dynamics … filings")
    r"|(?<!\bwhat\s)\bi(?:'d|\s+would)?\s+(?:need|want|like|wanna(?=\s+(?:know|see)\b))\b"
    # not what the figure is for ("I want to line it up next to the Q1 FY24 print")
    r"(?!\s+to\s+(?!(?:know|see|get|find|check|understand|confirm|compare|ask|pull|grab|double-check)\b))"
    # a terse request ("have BMY + JNJ FY23; need Eli Lily rev FY23"), not what the answer is for ("Need it
    # for a sum-of-the-parts valuation")
    r"|^\W*(?:(?:still|also|now|just|and|but)\s+)?(?:need|want)\b(?!\s+(?:it|this|that|them|these|those|the\s+number|to)\b)"
)
# What makes a clause a question: a question word, a request, or its question mark.
# A question of how something went, which no one figure answers ("how did 3M's actual businesses do?")
_HOW_IT_WENT = re.compile(
    r"^\W*(?:so\s+)?how\s+(?:did|does|do|is|are|was|were|has|have)\s+[^?]{1,60}?\s+"
    r"(?:do|doing|done|perform|performed|performing|fare|fared|faring|go|going|gone|hold(?:ing)?\s+up)\W*$"
    # or how hard something hit it ("how badly did lower oil and gas prices dent Chevron's top line?")
    r"|^\W*(?:so\s+)?how\s+(?:badly|hard|much)\s+did\s+[^?]{1,80}?\s+(?:hit|hurt|dent|weigh\s+on|drag\s+on"
    r"|drag\s+down|squeeze|crimp|pressure|dinge?)\b[^?]*$",
    re.IGNORECASE,
)
# the verbs that ask for a figure by computing it
_COMPUTES = r"calculate|compute|work\s+out|compare"
_QUESTION_CUE = re.compile(
    # (a question word after "of" opens no question: "rough gauge of how levered they are")
    r"(?<!\bof\s)\b(?:what(?:['’][sd])?|whats|how|which|who|whose|when|where)\b|^\W*(?:did|does|do|is|was|were|are|has|have)\b"
    # after what sets it ("in the June 2023 quarter, did Exxon or AMC make more …")
    # ("…, is that enough?" asks of what came before; "Hey, do you have …" is a greeting's request)
    r"|,\s*(?:did|does|do|is|was|were|are|has|have)\s+(?!(?:not|been|to|it|that|this|there|these|those|you)\b)\w"
    r"|"
    + _ASKED_OF_YOU
    # a figure asked for by the verb that computes it ("Calculate inventory turnover ratio for FY2022",
    # "compare R&D expense in Q1 … with the year-ago quarter - what's the % change?"); one that says how
    # ("Calculate EBITDA using …") is an instruction
    + rf"|^\W*(?:please\s+)?(?:{_COMPUTES})\b(?!.*\b(?:using|as|by)\b)",
    re.IGNORECASE,
)


# A sentence that opens as a question asks even when it ends with a full stop ("What was X in 2024.").
_OPENS_QUESTION = re.compile(
    r"\W*(?:(?:and|so|also|then|now)\s+)?(?:what|whats|how|which|who|whose|when|did|does|do|is|was|were|are|has"
    r"|have|can|could|would|will|please|tell|give|show|calculate|compute)\b",
    re.IGNORECASE,
)


# What the asker is doing, said before what they ask: "putting together a deck …", "updating my model …".
_DOING = re.compile(
    r"\W*(?:(?:i'?m|i\s+am|we'?re|we\s+are|currently|just)\s+)?(?:putting|building|working|updating|doing"
    r"|prepping|preparing|writing|making|running|modell?ing|refreshing|finishing|screening"
    # ("trying to gauge how levered colgate is going into 2024, what long-term debt …")
    r"|trying\s+to|digging\s+into|looking\s+(?:at|into))\b",
    re.IGNORECASE,
)
# What the asker will do with the figure: "want to line it up against what the street had"
_PURPOSE = re.compile(
    r"\W*(?:(?:i|we)\s+)?(?:want|wanna|need|trying|looking|hoping|going)\s+to\s+(?:line|stack|compare|contrast|put|plug"
    r"|match|slot|benchmark|drop|size|sanity)\b",
    re.IGNORECASE,
)
# What the asker says is done, before the companies it is done for ("already did DOW, HON -> LYB net sales
# 2Q23"); the reading lends no company it precedes (`reading._done_companies`)
ALREADY_DONE = r"already\s+(?:pulled|grabbed|got|have|did|done|covered|finished|checked|reviewed|looked\s+at)"
_HAVE = re.compile(rf"\W*(?:i\s+|we\s+)?(?:(?:already\s+)?(?:have|has|got)|{ALREADY_DONE})\b", re.IGNORECASE)
# "after UNH + PLTR: HUM 2Q23 total revs": what a colon closes after "after" or "besides" is at hand
BEYOND = re.compile(
    # ("post JCI/HD: TT (Trane) rev FY2023": after those, not "post tax income")
    r"\W*(?:after|besides|beyond|apart\s+from|other\s+than|on\s+top\s+of|post(?=\s+(?-i:[A-Z]{2,5})\b))\s",
    re.IGNORECASE,
)
_REQUEST = re.compile(_ASKED_OF_YOU + r"|\bplease\b", re.IGNORECASE)


def _told(sentence: str) -> bool:
    """A sentence that tells rather than asks: it ends with a full stop, does not open as a question and
    requests nothing ("My boss keeps asking how much Tesla leans on credits.")."""
    return (
        sentence.rstrip().endswith(".")
        and not _OPENS_QUESTION.match(sentence)
        and not _REQUEST.search(sentence)
    )


@dataclass(frozen=True, slots=True)
class Clause:
    start: int
    end: int
    kind: ClauseKind
    question_mark: bool = False


def _sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of `text`: "?", "!", ";" (a formula stated runs no further: "JNJ FY23 + MRK 2Q23 done;
    need …") or a sentence's "." ends one."""
    spans, start = [], 0
    for found in _SENTENCE.finditer(text):
        if found.group().startswith(".") and _ABBREVIATION.search(text, 0, found.start()):
            continue
        spans.append((start, found.end()))
        start = found.end()
    if start < len(text):
        spans.append((start, len(text)))
    return spans


# Where a sentence's stated formula starts: a gloss marker, or a colon ("EBITDA margin for FY2016: operating
# income plus D&A, divided by net sales").
_DASH = re.compile(r"\s+[-–—]+\s+(?!(?:FY|CY|Q[1-4])?\s?'?\d)", re.IGNORECASE)  # not a range of periods
# (a sentence that opens by saying to compute it: "Compute (R&D 1H 2023 − R&D 1H 2022) ÷ R&D 1H 2022 × 100.")
_COMPUTE_OPENING = r"(?:^|(?<=[.?!]\s))(?:please\s+)?(?:compute|calculate)\s+(?=\()"
_FORMULA_START = re.compile(
    _GLOSS_INSIDE.pattern + r"|:\s+|" + _DASH.pattern + "|" + _COMPUTE_OPENING, re.IGNORECASE
)
# a dash or a colon may open a formula or another clause of the question ("NI qtr ended 6/30/23: GM vs JCI,
# which higher + diff")
_OPENS_CLAUSE = re.compile(r":\s+|" + _DASH.pattern, re.IGNORECASE)
# what follows a dash asks ("trivia for the team chat: Comcast vs GM - who made more money …"): no minus
_ASKS_AFTER = re.compile(r"\s*(?:who(?:se|m)?|what(?:'s)?|which|how)\b", re.IGNORECASE)


# "I want to see how …", "we're trying to figure out whether …"
# ("curious how Europe is holding up for Cisco …" too, without its "I'm")
_ASKS_ONESELF = re.compile(
    # ("i'm trying to size how much they dented NBCU's studio business - what Adjusted EBITDA …")
    r"(?:\b(?:i|we)\b[^?]{0,40}?\b(?:see|know|understand|figure\s+out|gauge|judge|get\s+a\s+sense\s+of|curious"
    r"|size(?:\s+up)?|assess|quantify"
    r"|wondering|comparing|checking|tracking)|^\W*(?:(?:hey|hi|hello|ok|okay|so|yo|morning|hiya)(?:\s+(?:team|all|there|guys))?\W+)?"
    r"(?:just\s+|kinda\s+|kind\s+of\s+)?(?:curious|wondering"
    # "trying to see how much it eats into earnings", without its "I'm"; "hey team, wanna see how …"
    r"|(?:(?:trying|wanting|want|looking|hoping)\s+to|wanna)\s+(?:see|know|understand|figure\s+out|gauge|judge)"
    # "looking at how the coatings side is holding up", "seeing if the box business is still worth anything"
    r"|looking\s+at|seeing))\s+"
    r"(?:how|what|whether|if)\b",
    re.IGNORECASE,
)
# a clause's close that seeks agreement: ", right", ", no", ", isn't it", "… creeping up or nah"
_CONFIRMS = re.compile(
    r",\s*(?:right|correct|no|yeah|eh|isn'?t\s+(?:it|that|they)|aren'?t\s+they|didn'?t\s+(?:it|they))\s*$"
    r"|\s+or\s+(?:nah|nope|not|no|what)\s*$",
    re.IGNORECASE,
)
# a yes/no question of what was named before it, and one asked of a figure
# (or of a company named in one word or a part named, with what it is doing: "is C3.ai actually pulling back
# on R&D …?", "is the home market still Nike's cash cow?"; "did Coke really out-earn Tesla in 2024? What's
# the difference …" asks what the next question computes)
_YES_NO_START = re.compile(
    r"\W*(?:so\s+)?(?:(?:did|does|do|is|was|were|are|has|have|had)\s+(?:(?:any|some|all)\s+of\s+)?(?:it|they|that|this)\b"
    r"|(?:is|are|was|were|has|have)\s+(?:(?-i:[A-Z][\w.&'’-]*)|the\s+[a-z]+(?:\s+[a-z]+)?)\s+"
    r"(?:actually|really|still|finally|now)\b"
    # ("is oracle pulling back on go-to-market spend? what did they shell out on sales & marketing …")
    r"|(?:is|are)\s+[\w.&'’-]+\s+(?:(?:actually|really|still|finally|now)\s+)?(?-i:[a-z]+ing)\s+"
    r"(?:back|up|down|out|off|more|less|harder)\b"
    # ("did profits pick up in the back half? what was operating income in 2H 2023")
    # (or of a company's line: "did AbbVie's margin hold up? can you work out gross margin % …")
    r"|(?:did|does|do|has|have)\s+(?:(?-i:[a-z]+)|(?-i:[A-Z][\w.&-]*)['’]s\s+(?-i:[a-z]+))\s+"
    r"(?:actually\s+|really\s+)?(?:pick(?:ed)?\s+up|hold\s+up|held\s+up|improve|recover|rebound"
    r"|grow|rise|fall|drop|decline|shrink|expand|turn\s+around)\b)",
    re.IGNORECASE,
)
_ASKS_FIGURE = re.compile(
    r"\W*(?:so\s+|and\s+)?(?:(?:can|could|would)\s+you\s+)?"
    r"(?:what(?:['’]s|(?:\s+[\w&/-]+){0,3}?\s+(?:did|was|were|is|are))|how\s+(?:much|many)"
    rf"|{_COMPUTES})\b",
    re.IGNORECASE,
)
# "how's Nike doing in Europe these days?": small talk beside the question asked
_SMALL_TALK = re.compile(r"\W*how(?:['’]s|\s+is|\s+are)\s+[^?]{1,40}?\s+doing\b", re.IGNORECASE)
# the opening of a sentence that says again, better, what was asked
# ("I mean the regular R&D expense line", "I mean the 12-week quarter": what it says of one word of the
# question, no question of its own; nor is a formula, "I mean auto sales + regulatory credits")
_RESTATES = re.compile(
    r"\s*(?:(?:i\s+mean|what\s+i\s+mean\s+is|to\s+be\s+(?:clear|precise))\b[\s,:]*"
    r"(?!(?:the|a|an|just|only|not|that|this|those|these|their|its|it)\b)\w"
    # ("how fast is mullen's cost base growing? like what's the % jump in total opex …")
    r"|like,?\s+(?:what|how)(?:['’]s|\s+(?:was|were|is|are|much|many|big))\b)",
    re.IGNORECASE,
)
# a parenthesis right after a word for a company's part (not a franchise's, whose parenthesis names its
# products: "the HPV vaccine franchise (gardasil + gardasil 9)", Merck's "Gardasil/Gardasil 9")
_AFTER_PART = re.compile(rf"\b(?:{'|'.join(sorted(PART_WORDS - {'franchise'}))})\s*\(\s*$", re.IGNORECASE)


def _adds_only(text: str, start: int, end: int) -> bool:
    """Whether the only arithmetic between `start` and `end` is "+" or "/": names joined ("the NBCU networks
    + Peacock", "the Oral-B / Vicks stuff"), nothing computed."""
    return all(found.group().strip() in ("+", "/") for found in OPERATOR_WORD.finditer(text, start, end))


def _asks(text: str) -> bool:
    """Words after a dash or a colon that ask or gloss ("— what was R&D as a % of sales", "— for a comps
    sheet I need … (FY24 plus …)") rather than state a formula ("- operating cash flow less capex", "- (net
    revenues - cost of products sold) / net revenues": a parenthesis that opens the formula is its own)."""
    aside = "(" in text and not text.lstrip().startswith("(")
    return bool(_QUESTION_CUE.search(text) or _GLOSS_INSIDE.search(text) or aside or _WHICH_MORE.search(text))


_FRONTED_PERIOD = re.compile(
    r"\W*(?:(?:just|only)\s+)?(?:for|in|during|over|as\s+of|at)\s+(?:(?:just|only)\s+)?(?:the\s+)?"
    r"(?:fiscal\s+|full[-\s]year\s+)?(?:\d|q[1-4]|fy|three|six|nine|twelve|first|second|third|fourth|quarter|year|half"
    r"|end|close)",
    re.IGNORECASE,
)
# Words that say something is done ("JNJ FY23 + MRK 2Q23 done", "Mastercard is done already"); the reading
# lends no company they follow (`reading._done_companies`)
# ("the AMC and Nike numbers are in the deck")
DONE_WORDS = (
    r"done|covered|sorted|in\s+hand|taken\s+care\s+of|(?:numbers|figures)\s+(?:loaded\s+)?already"
    r"|already\s+loaded"
    r"|(?:are|is|already)\s+(?:already\s+)?in\s+(?:the|my|our)\s+(?:deck|model|sheet|spreadsheet|comps?)"
)
# "JNJ FY23 + MRK 2Q23 done": what is at hand, listed, no formula ("pulled" and "squared away" too: after a
# company, "pulled" may be its figures' move, "revenue pulled back")
_AT_HAND = re.compile(rf"\b(?:{DONE_WORDS}|pulled|squared\s+away)\b", re.IGNORECASE)
# a clause that only says what is done ("PFE MRK done", "WMT, AMZN done already")
_DONE_CLAUSE = re.compile(rf"[^?]*?\b(?:{DONE_WORDS})(?:\s+already)?\W*", re.IGNORECASE)
# "IBM vs MRK total rev Q2'23 - higher + diff": which is more, and by how much, not a formula
_WHICH_MORE = re.compile(r"\b(?:higher|lower|bigger|larger|smaller|greater|more)\b", re.IGNORECASE)


# Spans no break falls in: names the filings print ("China (including Hong Kong)").
Kept = Sequence[tuple[int, int]]


_GREETING = re.compile(r"(?:\W*(?:hey|hi|hello|ok|okay|so|yo|morning|hiya|quick\s+one)\W*)+", re.IGNORECASE)


def _pieces(text: str, start: int, end: int, kept: Kept = ()) -> list[tuple[int, int, bool, bool]]:
    """The clauses of one sentence, `text[start:end]`: (start, end, gloss, question mark) each. A formula
    the sentence states runs to its end, parentheses and all: one definition; one it sets before its question
    ends at the question."""
    fronted = _FRONTED_FORMULA.match(text, start, end)
    if fronted is not None and OPERATOR_WORD.search(text, start, fronted.end()):
        stop = len(text[: fronted.end()].rstrip(" ,"))
        return [(start, stop, True, False), *_pieces(text, fronted.end(), end, kept)]
    openings = list(_FORMULA_START.finditer(text, start, end))
    for index, opening in enumerate(openings):
        if _GREETING.fullmatch(text, start, opening.start()):
            continue  # "hey - with all the Firefly / generative AI hype I'm curious how much …": no formula
        operator = OPERATOR_WORD.search(text, opening.end(), end)
        if operator is not None and any(later.start() < operator.start() for later in openings[index + 1 :]):
            continue  # "…, the year ended May 31, 2024, computed as A minus B": the formula opens later
        if (
            operator is not None
            and not NEGATION.match(text, opening.end())
            and not _AT_HAND.search(text, opening.end(), end)
            and not (
                _OPENS_CLAUSE.fullmatch(opening.group())
                and (
                    _asks(text[opening.end() : operator.start()])
                    or _ASKS_AFTER.match(text, operator.end(), end) is not None
                )
            )
        ):
            stop = len(text[:end].rstrip(" ?!."))
            mark = "?" in text[stop:end]
            # (to what it is for, if the sentence says so: "… less capex is fine - so i can see what's left")
            purpose = _FOR_WHAT.search(text, operator.end(), stop)
            if purpose is not None:
                formula = (opening.start(), purpose.start(), True, mark)
                return [
                    *_pieces(text, start, opening.start(), kept),
                    formula,
                    *_pieces(text, purpose.end(), end),
                ]
            return [*_pieces(text, start, opening.start(), kept), (opening.start(), stop, True, mark)]
    pieces: list[tuple[int, int, bool, bool]] = []
    depth = 0
    for found in _BREAK.finditer(text, start, end):
        if found.group().startswith(".") and _ABBREVIATION.search(text, 0, found.start()):
            continue
        if depth > 0 and found.group().strip() in ("-", "–", "—", "--"):
            continue  # "(CFO - capex)": a minus inside a parenthesis
        if any(a <= found.start() < b for a, b in kept):
            continue
        if _QUESTION_AFTER_COMMA.fullmatch(found.group()) and not (
            _FIRST_PERSON.search(text, start, found.start())
            or _STATED.search(text, start, found.start())
            or _CURIOUS.match(text, found.end())  # "meta's whole 'year of efficiency' thing, curious how …"
            or _WHY_AFTER.match(text, found.end())
            or _EXCLAIMED.search(text, start, found.start())
            or _DOING.match(text, start)  # "doing a leverage check on verizon before the call, how much …"
            or _FOR_PURPOSE.match(text, start)  # "for the DMA/EU regulation piece, how big was …"
        ):
            # "For General Mills, what were …": one question; "I've got …, what does …", "colgate has been
            # pushing price hard, where did …": two clauses
            continue
        if found.start() > start:
            pieces.append((start, found.start(), depth > 0, "?" in found.group()))
        elif "?" in found.group() and depth == 0:
            # "DIS FY23 total revs (FYE 9/30/23)?": the mark after a gloss is the clause's the gloss is in
            asked = next((i for i in reversed(range(len(pieces))) if not pieces[i][2]), None)
            if asked is not None:
                pieces[asked] = (*pieces[asked][:3], True)
        depth += found.group().count("(") - found.group().count(")")
        start = found.end()
    if start < end:
        pieces.append((start, end, depth > 0, False))
    clauses: list[tuple[int, int, bool, bool]] = []
    for piece_start, piece_end, gloss, mark in pieces:
        setting = None if gloss else _SETTING.match(text, piece_start, piece_end)
        if setting is not None:
            clauses.append((piece_start, setting.end(), True, False))
            piece_start = setting.end()
        inside = _GLOSS_INSIDE.search(text, piece_start, piece_end)
        if inside is not None and not gloss:
            clauses.append((piece_start, inside.start(), False, mark))
            clauses.append((inside.start(), piece_end, True, mark))
        else:
            gloss = gloss or bool(_GLOSS_START.match(text[piece_start:piece_end]))
            # "if you take operating income over total revenue …": a formula, said before what it answers
            gloss = gloss or bool(
                _IF_TAKEN.match(text, piece_start, piece_end)
                and OPERATOR_WORD.search(text, piece_start, piece_end)
            )
            clauses.append((piece_start, piece_end, gloss, mark))
    return clauses


# what the figure is wanted for, set before the question: "for the DMA/EU regulation piece, how big was …"
_FOR_PURPOSE = re.compile(
    r"\W*(?:(?:hi|hey|yo)\W+)?for\s+(?:the|my|our|a|an)\s+(?:[\w/&'’-]+\s+){0,4}?"
    r"(?:piece|deck|model|memo|note|report|analysis|project|comp|slide|write-?up|story|article)\b",
    re.IGNORECASE,
)
_IF_TAKEN = re.compile(r"\W*(?:so\s+)?if\s+(?:you|i|we)\s+(?:just\s+)?(?:take|use|do)\b", re.IGNORECASE)
_PARTS_COMBINED = re.compile(r"\b(?:combined|together|altogether|both|all\s+in)\b", re.IGNORECASE)


# "… increase over the three months ended August 31, 2022? Compute (depreciation Q1 FY2024 − depreciation Q1
# FY2023) ÷ depreciation Q1 FY2023 × 100.": how the figure the question asked is computed, a formula whole
_COMPUTE = re.compile(r"\W*(?:compute|calculate)\s+(?!(?:it|this|that|what)\b)", re.IGNORECASE)


def _computes_the_question(text: str, before: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """Whether the sentence at `start` tells, as a formula after a question, how to compute what it asked."""
    sentence = text[start:end]
    opening = _COMPUTE.match(sentence)
    return (
        opening is not None
        and OPERATOR_WORD.search(sentence) is not None
        and not _QUESTION_CUE.search(sentence, opening.end())
        and not re.search(r"\busing\b|\bas\s*:", sentence, re.IGNORECASE)  # "Calculate FCF using …"
        and any(_QUESTION_CUE.search(text[s:e]) for s, e in before)
    )


# ", full year", ", fy23" at a formula's end: the period asked, said again
_RESTATED_PERIOD_AFTER = re.compile(
    r",\s*(?:for\s+the\s+)?(?:full[- ]year|whole\s+year|(?:fiscal\s+)?(?:fy|q[1-4]|[1-4]q)\s?'?\d{2,4})\W*$",
    re.IGNORECASE,
)


def _formula_after_question(text: str, before: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    """Whether the sentence at `start` is a formula alone (operands and an operator, no question of its own)
    after a sentence that asks; the period it ends by restating is no part of it ("…, full year")."""
    sentence = _RESTATED_PERIOD_AFTER.sub("", text[start:end])
    operators = [found.group().strip().lower() for found in OPERATOR_WORD.finditer(sentence)]
    return (
        # two lines and their operator, nothing else: not a list of parts ("total upstream, U.S. plus
        # international"), a line glossed ("capex (acquisitions of property and equipment), full year") or a
        # period's formula ("full year minus the six months to June 30 works fine")
        not re.search(r"[,()]|\b(?:year|months?|quarter|half|fine|works)\b", sentence, re.IGNORECASE)
        # nor one that says how to compute, read as it is ("Use dividends paid from the cash flow statement
        # divided by net earnings.")
        and not re.match(
            r"\W*(?:please\s+)?(?:use|using|take|taking|calculate|compute|divide)\b", sentence, re.I
        )
        # nor what the figure is not ("just cloud services - not the combined … line")
        and not re.search(r"\b(?:not|rather\s+than|instead\s+of)\b", sentence, re.IGNORECASE)
        # (a share, "operating income as a % of net sales for Q1", restates what "how profitable" asked; a
        # dash sets a gloss apart, "all the fab spending - the cash additions to PP&E line")
        and any(not operator.startswith("as") and operator != "-" for operator in operators)
        # ("US + international combined please": the parts the figure takes in, added up)
        and not (_adds_only(text, start, end) and _PARTS_COMBINED.search(sentence))
        and not _QUESTION_CUE.search(sentence)
        and not _AT_HAND.search(sentence)
        and any(_QUESTION_CUE.search(text[s:e]) for s, e in before)
    )


def split_clauses(text: str, kept: Kept = ()) -> list[Clause]:
    """The clauses of `text` in order, each marked asking, context, gloss (a parenthesis, an "i.e."),
    definition (a gloss that states a formula) or instruction (a sentence of its own that says how to compute
    or present the answer). Clauses that hold a question cue ask; when none does (a terse "TSLA rev FY24"),
    every clause that is not a gloss asks."""
    # a line's own parenthesis is part of its name, as a member's is
    kept = [*kept, *(found.span() for found in _NAME_PARENTHESIS.finditer(text))]
    sentences = _sentences(text)
    computing = {
        (s, e)
        for index, (s, e) in enumerate(sentences)
        if _computes_the_question(text, sentences[:index], s, e)
    }
    instructions = {(s, e) for s, e in sentences if _instruction(text[s:e])} - computing
    if len(instructions) == len(sentences):
        instructions = set()  # nothing else asks: the sentence is the question ("Calculate FCF using …")
    clauses: list[tuple[int, int, bool, bool]] = []
    told: set[tuple[int, int]] = set()  # clauses of a sentence that ends with a full stop
    sentence_of: dict[tuple[int, int], int] = {}
    for index, (s, e) in enumerate(sentences):
        if (s, e) not in instructions:
            pieces = _pieces(text, s, e, kept)
            if (s, e) in computing or _formula_after_question(text, sentences[:index], s, e):
                # "how much free cash did they throw off …? operating cash minus PP&E additions pls": how the
                # figure asked before is computed
                pieces = [(s, len(text[:e].rstrip(" ?!.")), True, False)]
            clauses += pieces
            sentence_of |= {(start, end): index for start, end, _, _ in pieces}
            if _told(text[s:e]):
                told |= {(start, end) for start, end, _, _ in pieces}
    # the clauses with a question word or a request ask; else those with a question mark; else all
    asking = [
        (s, e)
        for s, e, gloss, _ in clauses
        if not gloss and _QUESTION_CUE.search(text[s:e]) and not _said_for_what(text, s)
    ]
    cued = asking
    if any(clause not in told for clause in asking):
        # "My boss keeps asking how much Tesla leans on credits. What was …?": a sentence told, not asked,
        # beside one that asks, is context
        asking = [clause for clause in asking if clause not in told]
    # "looking at how GameStop's overseas stores are doing. Europe segment net sales for fiscal 2023?": a
    # question word in a sentence told gives way to the question asked with its mark
    marked = [(s, e) for s, e, gloss, mark in clauses if not gloss and mark and (s, e) not in told]
    if asking and marked and all(clause in told for clause in asking):
        asking = marked
    asking = asking or [(s, e) for s, e, gloss, mark in clauses if not gloss and mark]
    # "putting together a deck and I just need one number from C3.ai: total revenue for fiscal 2024": where
    # nothing asks in so many words, what the asker is doing is context beside what they name
    asking = asking or [(s, e) for s, e, gloss, _ in clauses if not gloss and not _DOING.match(text, s, e)]
    # "have BMY + JNJ FY23; need Eli Lily rev FY23": a clause that opens with "have" and no question mark
    # tells what is at hand, beside one that asks
    # (so does one that ends by saying it is done: "PFE MRK done; LLY rev 2Q23")
    stated = {
        (s, e)
        for s, e, _, mark in clauses
        if not mark
        and (
            _HAVE.match(text, s, e)
            or (BEYOND.match(text, s, e) and text[e : e + 1] == ":")
            or _DONE_CLAUSE.fullmatch(text, s, e)
        )
    }
    asking = [clause for clause in asking if clause not in stated] or asking
    # "… and I need the bottom line: how big was the net loss …?": a clause a colon closes announces the
    # question after it, which asks
    announced = {
        (s, e)
        for (s, e, _, _), (s2, e2, _, _) in itertools.pairwise(clauses)
        if (s, e) in asking and (s2, e2) in asking and ":" in text[e:s2] and _ASKS_AFTER.match(text, s2, e2)
    }
    asking = [clause for clause in asking if clause not in announced] or asking
    # "AbbVie's dividend is huge so I want to see how well it's covered - can you work out their 2023 free
    # cash flow?": a question the asker means to answer for themselves tells why, beside one they ask
    # (so does what the asker will do with the figure: "want to line it up against what the street had")
    # ("… - so i can see what's left over for dividends")
    embedded = {
        (s, e)
        for s, e in asking
        if _ASKS_ONESELF.search(text[s:e]) or _PURPOSE.match(text, s, e) or _said_for_what(text, s)
    }
    asking = [clause for clause in asking if clause not in embedded] or asking
    # "TI has been building inventory on purpose, right? how much inventory …": a clause that seeks
    # agreement tells, beside one that asks
    # (so does one that asks how something went: "how did 3M's actual businesses do? specifically the
    # Transportation and Electronics segment - what was its operating income …")
    confirming = {
        (s, e)
        for s, e in asking
        if _CONFIRMS.search(text[s:e]) or _SMALL_TALK.match(text[s:e]) or _HOW_IT_WENT.match(text[s:e])
    }
    # (and where the clause seeking agreement was the only one left, a sentence told that asks all the same
    # does: "Pfizer sold a mountain of bonds to pay for Seagen, right? curious how big the long-term debt
    # line was …")
    told_asking = [clause for clause in cued if clause not in asking and clause not in confirming]
    asking = [clause for clause in asking if clause not in confirming] or told_asking or asking
    # "did it finally make a profit in 2024? what was the segment's operating income …": a yes/no question
    # of what was named before it, which the figure of the question after it answers, says what the figure
    # is for (one that names a part itself asks of it: "did Data Center and AI actually lose money …? what
    # was the segment operating income")
    answered = {
        (s, e)
        for (s, e), (s2, e2) in itertools.pairwise(asking)
        if _YES_NO_START.match(text, s, e) and "?" in text[e:s2] and _ASKS_FIGURE.match(text, s2, e2)
    }
    asking = [clause for clause in asking if clause not in answered] or asking
    # "so how much did BCA actually bring in last year …? I mean Boeing Commercial Airplanes segment revenue
    # for full-year 2023": a sentence that restates the question asks in place of what came before it
    restating = [
        (s, e)
        for s, e, gloss, _ in clauses
        if not gloss and _RESTATES.match(text, s, e) and not OPERATOR_WORD.search(text, s, e)
    ]
    if restating:
        asking = [clause for clause in asking if clause[0] > restating[0][0]] + restating
    # "for just the three months ended May 31, 2023 (their fiscal Q3), what was GAAP diluted EPS?": a period
    # set before the question of its sentence is the question's
    asking += [
        (s, e)
        for s, e, gloss, _ in clauses
        if not gloss
        and (s, e) not in asking
        and _FRONTED_PERIOD.match(text, s, e)
        and any(sentence_of[(s, e)] == sentence_of[clause] and clause[0] > s for clause in asking)
    ]
    result = [Clause(s, e, "instruction") for s, e in instructions]
    before, last_end = "", 0  # the kind of the last clause outside parentheses, where the last clause ended
    for s, e, gloss, mark in clauses:
        if not text[s:e].strip(" ,.-"):
            continue
        if gloss and _PRESENTATION.search(text, s, e) and not OPERATOR_WORD.search(text, s, e):
            kind: ClauseKind = "instruction"
        elif gloss:
            formula = bool(OPERATOR_WORD.search(text, s, e)) and not NEGATION.match(text, s)
            formula = formula and not _YEAR_TAKEN.match(text, s)
            # "Comcast's Media segment (the NBCU networks + Peacock bucket)": what the part is made of
            formula = formula and not (_AFTER_PART.search(text, 0, s) and _adds_only(text, s, e))
            kind = "definition" if formula else "gloss"
            # "- the programming + production line": the line meant, said after the question
            kind = "context" if _names_one_line(text[s:e]) else kind
        elif (s, e) in asking or not asking or (before == "asking" and _GOES_ON.fullmatch(text[last_end:s])):
            # "… amount (in USD millions) for 3M", "… Shares Outstanding — Diluted in 2022": the asking clause
            # goes on past a parenthesis or a dash
            kind = "asking"
        else:
            kind = "context"
        if not gloss:
            before = kind
        last_end = e
        result.append(Clause(s, e, kind, mark))
    return _formulas_joined(text, sorted(result, key=lambda clause: clause.start))


# what goes on with a formula after its parenthesis closes: "((net rev - COGS)/net rev)"
_GOES_ON_COMPUTING = re.compile(r"\s*(?:[-+/*]|(?:minus|less|plus|over|divided\s+by|times)\b)", re.IGNORECASE)


def _names_one_line(gloss: str) -> bool:
    """Whether a gloss's only operator joins the words of one line ("- the programming + production line")."""
    joined = ONE_LINE_PLUS.sub(" and line", gloss)
    return joined != gloss and not OPERATOR_WORD.search(joined.lstrip(" -–—"))


def _formulas_joined(text: str, clauses: list[Clause]) -> list[Clause]:
    """A formula whose parenthesis closes before it goes on ("((net rev - COGS)/net rev)") as one
    definition, its parenthesis and all."""
    joined: list[Clause] = []
    for clause in clauses:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.kind == "definition"
            and clause.kind == "gloss"
            and text[last.end : clause.start].strip() == ")"
            and _GOES_ON_COMPUTING.match(text, clause.start)
        ):
            start = last.start - 1 if text[last.start - 1 : last.start] == "(" else last.start
            joined[-1] = Clause(start, clause.end, "definition", last.question_mark or clause.question_mark)
        else:
            joined.append(clause)
    return joined
