"""Extractive answers: the sentences of the retrieved pages that best match the question, quoted verbatim.

A sentence is chosen for the question's item, not only for sharing words with it: it must name at least
half the asked item ("share repurchases", "effective tax rate"; see `qa.asked`), its words weighed by how
rare they are in the store's pages (BM25's idf: "cyclicality" says more than "subject"), compared as
`verify.items` folds them (plurals, synonyms), by their first letters ("repurchased", "competitive"), and
through the phrases filers use for an analyst's topic ("legal battles" are "legal proceedings",
`retrieval.synonyms.TOPICS`). Sentences naming more of the item rank first, then those sharing more of the
question's other words. For a
question asking for a figure ("how much", "what was"), a sentence that states figures is kept only when one
of them stands next to the item's words ("paid dividends of $8,359 million", not "a $100 investment …
assumes dividends were reinvested").

A sentence that states figures is kept only if every figure verifies against the cells of its own page
(fail closed), or, where they match none, only if it is found drawn on the page: a figure the
filer states in prose ("increased … by $400,000,000") is quoted as the filer's words, outlined where it
stands, and never vouched for as the item asked (the answer is "quoted", not "verified"). Periods in a
quote are the filer's words and are not held against it.

A quote carries the boxes of the lines it is drawn on (`pages.lines`, measured at ingest in the layout that
drew the page image), found by its text with the spaces left out, so the viewer outlines it on the page.
"""

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import StoreKey
from filingproof.agent.state import Passage
from filingproof.calendar import MONTH_NAME_PATTERN
from filingproof.index.bm25 import TermIdf, term_idf
from filingproof.index.tokenize import tokenize
from filingproof.lru import LruCache
from filingproof.qa.asked import item_phrases
from filingproof.qa.ranking import ranking_asked
from filingproof.qa.store import CellHit, page_cells
from filingproof.reading.grammar import FORWARD
from filingproof.retrieval.search import PageHit
from filingproof.retrieval.synonyms import TOPICS
from filingproof.understanding import QueryUnderstanding
from filingproof.verify import CellSource, WrittenFigure, extract, verify_draft
from filingproof.verify.figures import Extraction
from filingproof.verify.items import terms

MAX_SENTENCES = 3
MAX_PER_PAGE = 2
MIN_CHARS, MAX_CHARS = 40, 600
MAX_LIST_CHARS = 1200  # a sentence with the list printed under it (`sentences`)
# a sentence ends at a stop before a capital, but not at a title's or a middle initial's ("Ms. Dillon", "Mary
# N. Dillon"), nor at "U.S." unless a sentence's usual first word follows ("the U.S. Department of Defense",
# "Sam's Club U.S. Our fiscal year ends …")
_SPLIT = re.compile(
    r"(?<=[.!?])(?<!\bMr\.)(?<!\bMs\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\s[A-Z]\.)"
    r"(?:(?<!\bU\.S\.)|(?=\s+(?:Our|We|The|This|These|Those|In|As|It|Its|They|A|An|For|At|On|During)\b))"
    r"\s+(?=[A-Z“\"(])|\n+"
)
_GENERIC = frozenset(
    {"company", "say", "says", "about", "fiscal", "year", "fy", "report", "describe", "discuss", "list"}
)


# a list's item as printed ("• Currency impacts in the Pharmaceutical segment"), and the words that join two
# runs of items ("partially offset by")
_BULLET = re.compile(r"^[•●▪◦‣]")
_JOINING = re.compile(r"^(?:partially\s+)?offset\s+by:?$|^(?:and|or|but)$", re.IGNORECASE)


def sentences(body: str) -> list[str]:
    """The page's sentences; a sentence ending in a colon takes the list printed under it as its end ("Cost
    of products sold increased as a percent to sales driven by: • One-time … • Currency impacts …"): the
    list is what it says."""
    return [sentence for sentence, _ in headed_sentences(body)]


# a heading of the filer's: a short line that is no sentence ("Media Segment – Revenue", "Operating
# Expenses"), what the paragraphs under it are about
_HEADING = re.compile(r"^[A-Z0-9](?=.*[A-Za-z])[^.!?:;,]*[A-Za-z0-9)]$")
_HEADING_WORDS = 8
# a heading that names only a period: "2023 Compared with 2022", "Three Months Ended June 30, 2023"
_PERIOD_ONLY = re.compile(
    rf"^(?:(?:19|20)\d{{2}}|\d{{1,2}}|{MONTH_NAME_PATTERN}|compared|with|to|versus|vs|fiscal|years?|ended|months|"
    r"quarters?|three|six|nine|twelve|first|second|third|fourth|and|the|of|[.,\s])+$",
    re.IGNORECASE,
)
_SUBHEADING = " — "


def _is_heading(part: str) -> bool:
    return len(part.split()) <= _HEADING_WORDS and bool(_HEADING.match(part))


def headed_sentences(body: str) -> list[tuple[str, str]]:
    """The page's sentences (`sentences`), each with the heading printed last before it on the page ("" for
    none): "Revenue decreased in 2023 primarily due to …" under "Media Segment – Revenue" is the Media
    segment's revenue."""
    found = []
    parts = _joined_after_forms([" ".join(part.split()) for part in _SPLIT.split(body)])
    at, heading = 0, ""
    while at < len(parts):
        sentence, at = parts[at], at + 1
        if _is_heading(sentence):
            # a period's subheading ("2023 Compared with 2022") stays under the heading it divides
            outer = heading.split(_SUBHEADING)[0] if heading else ""
            heading = (
                f"{outer}{_SUBHEADING}{sentence}" if outer and _PERIOD_ONLY.match(sentence) else sentence
            )
            continue
        listed = sentence.endswith(":")
        while listed and at < len(parts) and (_BULLET.match(parts[at]) or _joins_items(parts, at)):
            sentence, at = f"{sentence} {parts[at]}", at + 1
        ends = (
            sentence[-1:] in ".!?"
            or (listed and not sentence.endswith(":"))
            or _leads_table(sentence, parts, at)
        )
        if MIN_CHARS <= len(sentence) <= (MAX_LIST_CHARS if listed else MAX_CHARS) and ends:
            found.append((sentence, heading))
    return found


# a numbered matter whose figures the table under it prints: "(8) The shareholder proposal regarding a
# congruency report on net-zero emissions policies was defeated:" says the outcome itself
_NUMBERED_LEAD = re.compile(r"^(?:\(\d{1,2}\)|\d{1,2}\.)\s+[A-Z].*:$")
_TABLE_MARK = re.compile(r"^\[table \d+\]$")


def _leads_table(sentence: str, parts: Sequence[str], at: int) -> bool:
    """Whether the sentence is a numbered matter's lead, with its table next (the part at `at`)."""
    return bool(_NUMBERED_LEAD.match(sentence)) and at < len(parts) and bool(_TABLE_MARK.match(parts[at]))


# a company's legal form before the name it is defined by: "Current Health Ltd. (“Current Health”), a
# care-at-home technology platform, …" is one sentence
_LEGAL_FORM_END = re.compile(r"\b(?:Inc|Ltd|Corp|Co|L\.P|N\.A|S\.A)\.$")
_DEFINED = re.compile(r"^[(“\"]")


def _joined_after_forms(parts: Sequence[str]) -> list[str]:
    joined: list[str] = []
    for part in parts:
        if joined and _LEGAL_FORM_END.search(joined[-1]) and _DEFINED.match(part):
            joined[-1] = f"{joined[-1]} {part}"
        else:
            joined.append(part)
    return joined


def _joins_items(parts: Sequence[str], at: int) -> bool:
    """Whether the part at `at` joins two runs of a list's items ("partially offset by" between bullets)."""
    return bool(_JOINING.match(parts[at])) and at + 1 < len(parts) and bool(_BULLET.match(parts[at + 1]))


# A "why" question is answered by the sentences that give causes, whatever the line item's wording.
_CAUSAL_QUESTION = re.compile(r"\bwhy\b|\bdr(?:ove|ive|ivers?|iven)\b|\bcaus|\breasons?\b|\bexplain", re.I)
_CAUSAL_TERMS = frozenset(tokenize("due primarily driven higher lower increase decrease compared"))
# A sentence that gives a cause: "primarily due to", "driven by", "as a result of", "reflecting", "offset by",
# "Given our strong start to the year, …".
_GIVES_CAUSE = re.compile(
    r"\b(?:due\s+(?:(?:primarily|mainly|largely|principally)\s+)?to|driven\s+by|as\s+a\s+result\s+of|because|attributable\s+to|result(?:ed|ing)?\s+from"
    r"|reflect(?:s|ed|ing)?|offset\s+by|primarily\s+(?:from|by)|caused\s+by|given\s+(?:our|the|its|their)"
    r"|(?:primarily|principally|mainly|largely)\s+relate[sd]?\s+to)\b",
    re.IGNORECASE,
)


def asks_why_of_question(question: str) -> bool:
    """Whether the question asks why, or what drove: the filer's sentences giving causes answer that part."""
    return _CAUSAL_QUESTION.search(question) is not None


# what a cause is given for: a segment's ("In the Pharmaceutical segment, … was primarily driven by"), which
# is not the company's reason unless the question asks about a segment
_OF_A_SEGMENT = re.compile(r"\bsegments?\b", re.IGNORECASE)
_WORDS = re.compile(r"[\w&’'-]+")
_NOT_A_NAME = frozenset(
    {"in", "the", "our", "each", "of", "all", "a", "an", "by", "its", "their", "for", "and"}
)


# a sentence that goes on with the one before it, whose subject it keeps
_CONTINUES = re.compile(r"^(?:in\s+addition|additionally|further(?:more)?)\b|^\W*\w+\s+\w+\s+also\b", re.I)


# a part named after "for" ("Operating income (loss) was reduced by $18 million for North America due to"),
# not a period ("for Q2 2023", "for the Third Quarter") nor the company
_FOR_A_PART = re.compile(
    r"\bfor\s+(?:the\s+)?(?P<name>(?![QH]\d|FY|Fiscal|First|Second|Third|Fourth|Full|Company\b)"
    r"[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)"
)


def _cause_of_another_part(sentence: str, relevance: "_Relevance") -> bool:
    """Whether the sentence gives its cause for a segment, or for a part it names ("for North America"),
    where the question names neither."""
    question = relevance.question
    cause = _GIVES_CAUSE.search(sentence)
    subject = sentence[: cause.start()] if cause else sentence
    segment = _OF_A_SEGMENT.search(subject)
    if segment is not None and _OF_A_SEGMENT.search(question) is None:
        # unless it is the segment the question names: "Theme park segment revenue increased …" for "why
        # did Comcast's Theme Parks revenue grow?"
        name = [w for w in _WORDS.findall(subject[: segment.start()])[-3:] if w.lower() not in _NOT_A_NAME]
        if not name or not all(_roots(w) <= _roots(question) for w in name):
            return True
    part = _FOR_A_PART.search(subject)
    if part is not None and part["name"].lower() not in question.lower():
        return True
    # a part named before the line: "The increase in AWS operating income", "The International operating
    # income", "The increase in Other net sales"
    return any(not _roots(name) <= relevance.asked for name in _CAPITALISED.findall(subject))


_NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,4}\b")


def _acronyms(question: str) -> dict[str, frozenset[str]]:
    """The initials of the names the question writes out, with the roots of their words: the reading writes
    a member in full ("Amazon Web Services") where filers write "AWS"."""
    found: dict[str, frozenset[str]] = {}
    for run in _NAME_RUN.finditer(question):
        words = run[0].split()
        for start in range(len(words) - 1):
            found["".join(word[0] for word in words[start:])] = _roots(" ".join(words[start:]))
    return found


def _named_short(text: str, relevance: "_Relevance") -> frozenset[str]:
    """The roots of the names the question writes out that `text` writes as their initials."""
    return frozenset().union(*(roots for short, roots in relevance.initials if short.search(text)))


# a capitalised word inside a subject (not its first), that is no period, no company's legal word and no
# accounting basis
_CAPITALISED = re.compile(
    rf"(?<=\S\s)(?!U\.S\.|(?:GAAP|Non-GAAP|Company|Corporation|Consolidated|Total|Fiscal|Year|First|Second|Third"
    rf"|Fourth|Q[1-4]|{MONTH_NAME_PATTERN})\b)[A-Z][\w&.’'-]*"
)


# a heading naming a segment: "Media Segment – Revenue", "Theme Parks Segment Results of Operations"
_SEGMENT_HEADING = re.compile(r"(?P<name>(?:[A-Z][\w&'’-]*\s+){1,4})Segments?\b")
_YEAR = re.compile(r"\b((?:19|20)\d{2})\b")


def _heading_of_another_segment(heading: str, question: str) -> bool:
    """Whether the heading a sentence stands under names a segment the question does not: its causes are
    that segment's."""
    named = _SEGMENT_HEADING.search(heading)
    return named is not None and named["name"].strip().lower() not in question.lower()


_ASKS_NAMES = re.compile(r"^\s*(?:what\s+are|which|who\s+(?:are|is|were|was)|list|name)\b", re.I)
# "what acquisitions did AMD complete in 2023", "which companies did Abbott acquire": the deals by their
# names, not what was paid for them (the cash flow's "Acquisitions, net of cash acquired" is another question)
_ASKS_DEALS = re.compile(
    r"^\s*(?:what|which)\s+(?:(?:major|significant|key|notable|big|recent|other)\s+)?"
    r"(?:acquisitions|companies|businesses|deals)\s+(?:did|does|do|has|have|had)\b",
    re.IGNORECASE,
)


def asks_deals(question: str) -> bool:
    """Whether the question asks which acquisitions were made, by their names."""
    return _ASKS_DEALS.match(question) is not None


_ASKS_FIGURE = re.compile(r"^\s*(?:how\s+(?:much|many)|what\s+(?:was|were|is|are))\b", re.I)
_ROOT = 6  # letters compared: "repurchased" and "repurchases", "competitive" and "competition"
_NEAR = (80, 40)  # characters before and after a figure in which the item's words must stand


def _roots(text: str) -> frozenset[str]:
    return frozenset(term[:_ROOT] for term in terms(text))


Weights = Mapping[str, float]  # a root's weight: the idf of the rarest index term it stands for


@dataclass(frozen=True)
class _Relevance:
    item: Weights  # the asked item's roots, each with its weight
    other: frozenset[str]  # the question's other words (BM25 tokens), with causal words for "why"
    asks_figure: bool
    asks_why: bool = False  # "why", "what drove": only a sentence that gives a cause answers
    asks_forward: bool = False  # "what is Boeing forecasting": a sentence saying what is expected first
    question: str = ""
    unknown_line: bool = False  # a why asked of a line no page names: no sentence gives its cause
    asks_names: bool = False  # "what are the major acquisitions": a sentence naming them ranks first
    years: frozenset[int] = frozenset()  # the years the question names: a cause given for others is not asked
    line: frozenset[str] = frozenset()  # the roots of the line a figure question asks the causes of
    # the analysts' topics the line is ("gross margin": cost as % of sales), and those the item names
    line_topics: frozenset[str] = frozenset()
    item_topics: frozenset[str] = frozenset()

    @cached_property
    def initials(self) -> tuple[tuple[re.Pattern[str], frozenset[str]], ...]:
        """The initials of the names the question writes out, with the roots of each name (`_acronyms`)."""
        return tuple(
            (re.compile(rf"\b{short}\b"), roots) for short, roots in _acronyms(self.question).items()
        )

    @cached_property
    def asked(self) -> frozenset[str]:
        """The roots of the question's words and of its names' initials: what a part it names is named by."""
        return _roots(self.question).union(*(_roots(short) for short in _acronyms(self.question)))

    def named(self, roots: frozenset[str]) -> float:
        """The share of the item's weight that `roots` name."""
        total = sum(self.item.values())
        return sum(weight for root, weight in self.item.items() if root in roots) / total if total else 0.0


# words of degree, not of topic: "materially important ongoing legal battles" are legal battles
_DEGREE = frozenset(
    tokenize("material materially important significant major key main primary principal notable ongoing big")
)


def item_weights(item: str, idf: TermIdf) -> dict[str, float]:
    """The roots of the item's words, each weighed by the idf of its index term. Words of degree count only
    where the item has no other, or as the topic whose phrase they are a word of (weighed as the rarest); a
    word no page holds names nothing a sentence can state (a period's "FY", a slip), unless filers say its
    topic in other words ("legal battles"): it then weighs as the rarest."""
    # "forecasting" says which filing answers (its outlook), not what the sentence is about
    tokens = [t for t in tokenize(item) if t not in _GENERIC and not FORWARD.fullmatch(t)]
    weights: dict[str, float] = {}
    for token in [t for t in tokens if t not in _DEGREE] or tokens:
        for root in _roots(token):
            weight = idf.known.get(token, idf.rarest if root in _TOPIC_WORDS else None)
            if weight is not None:
                weights[root] = max(weights.get(root, 0.0), weight)
    # a word of degree in a topic's phrase is the topic's ("primary customers": whom most revenue is from),
    # named only by a sentence that names the topic ("primarily" is no "primary")
    for index, (pattern, _) in enumerate(_TOPIC_ROOTS):
        if any(set(tokenize(found[0])) & _DEGREE for found in pattern.finditer(item)):
            weights[_topic_mark(index)] = idf.rarest
    return weights


# a move a cause is given for ("increased", "lower", "declined"; not "changes", which any sentence has)
_MOVED = re.compile(
    r"\b(?:increas|decreas|higher|lower|r[io]se|rising|f[ae]ll|falling|grow|grew|declin|improv|drop|reduc|jump"
    r"|expan|contract(?:ed|ion)|compress|deteriorat|strength|weaken)\w*|\b(?:up|down)\b",
    re.IGNORECASE,
)
_MOVE_ROOTS = _roots(
    "increase increased decrease decreased rise rose drop dropped fall fell jump jumped decline declined cut "
    "grow grew growth change changed higher lower up down"
)


def _item_text(u: QueryUnderstanding, line: str | None) -> str:
    """The asked item's words: the question's item phrases, and the name of the line a figure question
    asks about ("capital expenditures" for "capex", a word no page may hold)."""
    return " ".join([*item_phrases(u.query, u.company_mentions, None), *([line] if line else [])])


def _relevance(u: QueryUnderstanding, idf: TermIdf, line: str | None = None) -> _Relevance:
    item_text = _item_text(u, line)
    item = item_weights(item_text, idf)
    naming = {t for mention in u.company_mentions for t in tokenize(mention)}
    other = {t for t in tokenize(u.query) if t not in naming and t not in _GENERIC and not t.isdigit()}
    asks_why = asks_why_of_question(u.query)
    unknown_line = False
    if asks_why:
        other |= _CAUSAL_TERMS
        # the line whose move is explained, not the move: "cut capex" names capex ("decrease" is any line's);
        # a line named only by its move (no page holds "capex") is no line a cause can be found for
        named = {root: weight for root, weight in item.items() if root not in _MOVE_ROOTS}
        unknown_line = (bool(item) or line is not None) and not named
        item = named
    asks_forward = FORWARD.search(u.query) is not None
    # "what are the major acquisitions …" asks for the things an analyst's topic names, not a figure
    topical = any(pattern.search(item_text) for pattern, _ in _TOPIC_ROOTS)
    asks_figure = _ASKS_FIGURE.match(u.query) is not None and not topical
    asks_names = topical and (_ASKS_NAMES.match(u.query) is not None or asks_deals(u.query))
    return _Relevance(
        item, frozenset(other), asks_figure, asks_why, asks_forward, u.query, unknown_line, asks_names,
        years=frozenset(u.years), line=_roots(line) if line else frozenset(),
        line_topics=_sentence(line).roots & _TOPIC_MARKS if line else frozenset(),
        item_topics=(_sentence(item_text).roots | item.keys()) & _TOPIC_MARKS,
    )  # fmt: skip


def _topic_mark(index: int) -> str:
    """A root no word has, that a sentence naming the topic carries."""
    return f"topic{index}"


# an analyst's topic and the phrases filers write it in, as roots: a sentence naming one names them all
_TOPIC_ROOTS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (
        re.compile(r"\b(?:" + "|".join(map(re.escape, group)) + r")\b", re.IGNORECASE),
        _roots(" ".join(group)) | {_topic_mark(index)},
    )
    for index, group in enumerate(TOPICS)
)


_TOPIC_WORDS = frozenset(root for _, roots in _TOPIC_ROOTS for root in roots)
_TOPIC_MARKS = frozenset(_topic_mark(index) for index in range(len(_TOPIC_ROOTS)))


@dataclass(frozen=True)
class _Sentence:
    """A sentence of a page with what scoring reads of it, worked out once per page read (see `_Page`)."""

    text: str
    tokens: frozenset[str]  # its BM25 tokens
    roots: frozenset[str]  # its words' roots (`_roots`), and those of the topics it names in filers' words
    heading: str = ""  # the filer's heading it stands under on its page (`headed_sentences`)

    @cached_property
    def heading_roots(self) -> frozenset[str]:
        """The roots of its heading's words: what the sentence is about, with its own subject's."""
        return _sentence(self.heading).roots if self.heading else frozenset()

    @cached_property
    def subject(self) -> str:
        """The words before its first cause (`_cause_subject`)."""
        return _cause_subject(self.text)

    @cached_property
    def years(self) -> frozenset[int]:
        """The years its subject names (`_cause_subject`): "Revenue decreased in 2022 due to …" is of 2022;
        "The decrease was due to … the absence of a 2022 early contract termination" of no year said."""
        return frozenset(int(year) for year in _YEAR.findall(self.subject))

    @cached_property
    def extraction(self) -> Extraction:
        return extract(self.text)

    @cached_property
    def specifics(self) -> int:
        """How many things it names (capitalised words after its first), up to a few: "legal actions … as a
        result of the October 29, 2018 accident of Lion Air Flight 610" says more than "various legal
        proceedings … are pending"."""
        return min(_MAX_SPECIFICS, len(set(_NAMED.findall(self.text))))

    @cached_property
    def figures(self) -> tuple[WrittenFigure, ...]:
        """The figures scoring reads: none without a digit."""
        return tuple(self.extraction.figures) if any(char.isdigit() for char in self.text) else ()


def _sentence(text: str, heading: str = "") -> _Sentence:
    topics = [roots for pattern, roots in _TOPIC_ROOTS if pattern.search(text)]
    return _Sentence(text, frozenset(tokenize(text)), _roots(text).union(*topics), heading)


def _figure_near_item(sentence: _Sentence, item: Weights) -> bool | None:
    """Whether a figure of the sentence stands next to the item's words; None: it states no figure."""
    if not sentence.figures:
        return None
    before, after = _NEAR
    text = sentence.text
    return any(item.keys() & _roots(text[max(0, f.start - before) : f.end + after]) for f in sentence.figures)


# "The increase was primarily due to …", "The $104.2 million increase was …": a sentence about the move the
# sentence before it states.
_ANAPHOR = re.compile(
    r"^(?:the|this|these|that)\s+(?:\$?\d[\d.,]*\s*(?:%|percent|million|billion|thousand)?\s+)?(?:increases?|decreases?|declines?|growth|changes?|rises?|drops?"
    r"|improvements?|reductions?)\b",
    re.IGNORECASE,
)
# "The sales growth primarily reflects …": a line's move, whose line the sentence before says (where the
# sentence and its heading do not)
_LINE_MOVE = re.compile(
    r"^(?:the|this|these|that)\s+(?:[a-z]+\s+){1,2}(?:increases?|decreases?|declines?|growth|changes?|rises?"
    r"|drops?|improvements?|reductions?)\b",
    re.IGNORECASE,
)
_ENOUGH = 0.5  # the share of the item's weight a sentence must name
# a sentence that points elsewhere: "Refer to Note 2, Acquisitions, for additional information.", "For
# additional information on our businesses and segments, …, refer to Item 7"
_POINTER = re.compile(
    r"^(?:refer\s+to|see)\b[^.]*\bfor\s+(?:additional|further|more)\b|"
    r"^for\s+(?:additional|further|more)\s+(?:information|discussion|details?)\b[^.]*?,\s*(?:refer\s+to|see)\b",
    re.IGNORECASE,
)
_NAMED = re.compile(r"(?<=[a-z,;:] )[A-Z][\w.&’'-]+")  # a capitalised word inside a sentence
_MAX_SPECIFICS, _SPECIFIC_WEIGHT = 4, 0.25


def _cause_subject(text: str) -> str:
    """The words before the sentence's first cause ("Cost of products sold increased as a percent to sales"
    of "… driven by: …"); all of it if it gives none."""
    cause = _GIVES_CAUSE.search(text)
    if cause is None:
        return text
    if not text[: cause.start()].strip(" “\"'"):
        # the cause leads ("Given our strong start to the year, we now expect … revenue to increase 8
        # percent"): its subject follows, and is of a move ("Because the Company lacks observable prices …,
        # the allocation of revenue is based on …" gives no cause of revenue's)
        comma = text.find(",", cause.end())
        subject = text[comma + 1 :] if comma >= 0 else ""
        return subject if _roots(subject) & _MOVE_ROOTS else ""
    return text[: cause.start()]


def _cause_subject_roots(sentence: _Sentence) -> frozenset[str]:
    """The roots of the sentence's subject (`_cause_subject`), with the topics it names."""
    subject = sentence.subject
    return sentence.roots if subject == sentence.text else _sentence(subject).roots


# words before a line that name no part of it: "The organic sales increase", "Total net sales"
_NOT_A_PART = frozenset(
    tokenize(
        "the our total net consolidated company companys organic reported gaap increase decrease in of this "
        "these that a an and its overall worldwide segment segments change"
    )
)


def _part_words(sentence: _Sentence, relevance: _Relevance) -> list[str]:
    """The words before the asked line in the sentence's subject that may name a part, as names are written
    (with a capital): "iPad" of "iPad net sales decreased …"; none for "The increase in net sales" or "As a
    percent to sales, consolidated earnings …"."""
    words = _WORDS.findall(sentence.subject)
    line = relevance.line or relevance.item.keys() - _TOPIC_MARKS  # the item's words where no line is known
    at = next((i for i, word in enumerate(words) if _roots(word) & line), None)
    return (
        []
        if at is None
        else [w for w in words[:at] if w != w.lower() and not set(tokenize(w)) <= _NOT_A_PART]
    )


def _another_part_first(sentence: _Sentence, relevance: _Relevance) -> bool:
    """Whether the words before the asked line in the sentence's subject name a part the question does not:
    "iPad net sales decreased …", "Americas net sales increased …", "International networks revenue …"
    are not the causes of Services' net sales or of the Media segment's revenue."""
    return any(not _roots(word) <= relevance.asked for word in _part_words(sentence, relevance))


def _of_a_longer_stretch(written: str, relevance: _Relevance) -> bool:
    """Whether the move is the six months' where the question asks a quarter's ("The decrease was primarily
    due to …" after "U.S. upstream reported earnings of $3.4 billion in the first six months of 2023")."""
    question = relevance.question
    return bool(_LONGER.search(written) and not _LONGER.search(question) and _QUARTER.search(question))


# a move over more than the quarter asked: "Operating profit for the six months ended June 30, 2023"
_LONGER = re.compile(r"\b(?:six|nine)\s+months\b|\bfirst\s+(?:half|six|nine)\b|\byear[- ]to[- ]date\b", re.I)
_QUARTER = re.compile(r"\bQ[1-4]\b|\bquarter\b|\bthree\s+months\b", re.IGNORECASE)


def _subject_roots(sentence: _Sentence, relevance: _Relevance) -> frozenset[str]:
    """The roots of a why-sentence's subject, with the analysts' topics it names where the question asks
    about one: "Services gross margin increased …" names the margin topic (cost of sales), no net sales."""
    if relevance.item_topics:
        return _cause_subject_roots(sentence)
    return _roots(sentence.subject)


def _in_the_lines_words(sentence: _Sentence, relevance: _Relevance, antecedent: _Sentence | None) -> bool:
    """Whether the move a why-sentence explains is the asked line's, in the line's own words, not a topic's
    ("Services gross margin percentage increased" is no move of Services' net sales), unless the line is the
    topic ("Cost of products sold increased as a percent to sales" is gross margin's), nor another line's
    under the same heading ("Theme parks costs increased"). `antecedent`: the sentence before, where this one
    is about its move ("The increase was due to …")."""
    words = _roots(sentence.subject) | _named_short(_written(sentence, antecedent), relevance)
    if antecedent is not None:
        words |= _roots(antecedent.subject)
    topics = _cause_subject_roots(sentence) & _TOPIC_MARKS
    # a line of three words or more may be worded with one of them otherwise ("Selling, informational and
    # administrative expenses" for selling, general and administrative expenses)
    unsaid = len(relevance.line - words)
    in_topic = bool(relevance.line_topics) and relevance.line_topics <= topics
    return unsaid == 0 or (unsaid == 1 and len(relevance.line) >= 3) or in_topic


def _of_the_part_asked(sentence: _Sentence, relevance: _Relevance, before: _Sentence | None) -> bool:
    """Whether a why-sentence names no part the question does not before the line ("iPad net sales
    decreased"), nor in the sentence before where it names none ("Operating loss in 2024 increased …" after
    "Corporate's operating loss … was")."""
    if _another_part_first(sentence, relevance):
        return False
    return (
        before is None or bool(_part_words(sentence, relevance)) or not _another_part_first(before, relevance)
    )


def _antecedent(sentence: _Sentence, before: _Sentence | None, relevance: _Relevance) -> _Sentence | None:
    """The sentence before, where this one is about its move: "The increase was primarily due to …", or
    "The sales growth primarily reflects …" where neither it nor its heading says whose sales."""
    if before is None:
        return None
    if _ANAPHOR.match(sentence.text) is not None:
        return before
    whose = relevance.named(sentence.roots | sentence.heading_roots)
    return before if _LINE_MOVE.match(sentence.text) is not None and whose < _ENOUGH else None


def _written(sentence: _Sentence, antecedent: _Sentence | None) -> str:
    """What the sentence says with the one whose move it explains."""
    return f"{antecedent.text} {sentence.text}" if antecedent is not None else sentence.text


def _not_the_cause_asked(
    sentence: _Sentence,
    relevance: _Relevance,
    before: _Sentence | None,
    antecedent: _Sentence | None,
    years: frozenset[int],
) -> bool:
    """Whether a why-sentence gives no cause, or the cause of another part, year, stretch or kind of thing
    than the question asks."""
    return bool(
        not _GIVES_CAUSE.search(sentence.text)
        or _cause_of_another_part(sentence.text, relevance)
        or _heading_of_another_segment(sentence.heading, relevance.question)
        # "Revenue decreased in 2022 due to …" gives 2022's cause, not 2023's
        or (relevance.years and years and not years & relevance.years)
        or _of_a_longer_stretch(_written(sentence, antecedent), relevance)
        # a cause is of a move: "Theme Parks generates revenue primarily from guest spending" says what the
        # revenue is, not why it moved
        or not _MOVED.search(sentence.text)
        # "Margins were also impacted by …" after "Business segment operating income margins decreased …",
        # "The decrease … was primarily driven by" after "In 2022, the Pharmaceutical segment income …"
        or (
            before is not None
            and (antecedent is not None or _CONTINUES.search(sentence.text))
            and _cause_of_another_part(before.text, relevance)
        )
    )


def _score(
    sentence: _Sentence, relevance: _Relevance, rank: int, before: _Sentence | None = None
) -> tuple[float, ...] | None:
    """How well the sentence answers the asked item (higher first); None: it does not. A sentence about
    "the increase" names the item of the sentence `before` it."""
    if _POINTER.match(sentence.text):
        return None  # it says where the answer is, not what it is
    shared = len(relevance.other & sentence.tokens) + 1.0 / (rank + 2)
    if not relevance.item:  # the question names no item: its own words decide, and a why only by a cause
        # (an outlook asked about is said in the filer's forward words: "we now expect")
        forward = relevance.asks_forward and FORWARD.search(sentence.text) is not None
        said = forward or bool(relevance.other - _CAUSAL_TERMS & sentence.tokens)
        gives = not relevance.asks_why or _GIVES_CAUSE.search(sentence.text) is not None
        return (0.0, 0.0, 0.0, shared) if said and gives and not relevance.unknown_line else None
    antecedent = _antecedent(sentence, before, relevance)
    if relevance.asks_why:
        if _BULLET.match(sentence.text):
            return None  # an item of a list whose lead is not at hand: what it is a cause of is not said
        # the item is what the cause is given for, not a word of it ("The decrease in unrecognized tax
        # benefits … was primarily due to": of tax benefits; "The increase was primarily due to": of the line
        # the sentence before names)
        roots = _subject_roots(sentence, relevance)
        if antecedent is not None:
            roots |= _subject_roots(antecedent, relevance)
    else:
        roots = sentence.roots | (antecedent.roots if antecedent is not None else set())
    # names written as their initials ("AWS" for the reading's "Amazon Web Services")
    roots |= _named_short(_written(sentence, antecedent), relevance)
    if relevance.asks_why and not (
        (not relevance.line or _in_the_lines_words(sentence, relevance, antecedent))
        and _of_the_part_asked(sentence, relevance, before)
    ):
        return None
    # the heading it stands under says whose the line is ("Revenue decreased …" under "Media Segment –
    # Revenue"), where the sentence names the line itself ("Programming costs …" there are no revenue)
    if relevance.named(roots):
        roots |= sentence.heading_roots
    named = relevance.named(roots)
    if named < _ENOUGH:
        return None
    # the years of the move it explains, said by it or by the sentence before whose move it is
    years = sentence.years | (antecedent.years if antecedent is not None else frozenset())
    if relevance.asks_why and _not_the_cause_asked(sentence, relevance, before, antecedent, years):
        return None
    near = _figure_near_item(sentence, relevance.item) if relevance.asks_figure else None
    if near is False:
        return None  # its figures are about something else
    expects = 1.0 if relevance.asks_forward and FORWARD.search(sentence.text) else 0.0
    if relevance.asks_names:  # the things asked for are named things ("Current Health Ltd.")
        return (expects, named, 1.0 if near else 0.0, sentence.specifics, shared)
    if relevance.asks_why:  # the move of the year asked first
        return (expects, named, 1.0 if years & relevance.years else 0.0, shared)
    return (expects, named, 1.0 if near else 0.0, shared + _SPECIFIC_WEIGHT * sentence.specifics)


Line = Sequence[Any]  # a page's line as stored: text, x0, y0, x1, y1
_SPACES = re.compile(r"[\s\u200b]+")


@dataclass(frozen=True)
class _Page:
    body: str
    lines: Sequence[Line]

    @cached_property
    def sentences(self) -> tuple[_Sentence, ...]:
        return tuple(_sentence(text, heading) for text, heading in headed_sentences(self.body))

    @cached_property
    def squashed(self) -> tuple[str, ...]:
        """Its drawn lines' texts without spaces (`sentence_boxes`)."""
        return squashed_lines(self.lines)


def squashed_lines(lines: Sequence[Line]) -> tuple[str, ...]:
    return tuple(_SPACES.sub("", str(line[0])) for line in lines)


def drawn_passage(sentence: str, row: Any) -> Passage | None:
    """The sentence as a passage of the page `row` (a filing's page with its `lines`, `filing_id`,
    `accession`, `ticker`, `form`, `period_end`, `page_no` and `label`), outlined where the page draws it;
    None where it is not found drawn: what is quoted must stand on the page. The filer's saying, vouched for
    by no cell (a cover's class, a risk's heading)."""
    boxes = sentence_boxes(sentence, row.lines or ())
    if not boxes:
        return None
    period_end = row.period_end.isoformat()
    return Passage(
        sentence, row.filing_id, row.accession, row.ticker, row.form, period_end, row.page_no, row.label,
        boxes=boxes, prose_figures=True,
    )  # fmt: skip


def sentence_boxes(
    sentence: str, lines: Sequence[Line], squashed: Sequence[str] | None = None
) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of the lines a sentence is drawn on (its first occurrence), compared without spaces (the
    page's text and its drawn lines break and space words differently); none when it is not found.
    `squashed`: the lines' `squashed_lines`, when worked out already."""
    wanted = _SPACES.sub("", sentence)
    squashed = squashed_lines(lines) if squashed is None else squashed
    start = "".join(squashed).find(wanted)
    if not wanted or start < 0:
        return ()
    end, offset, boxes = start + len(wanted), 0, []
    for line, chars in zip(lines, squashed, strict=True):
        if offset < end and offset + len(chars) > start:
            boxes.append((float(line[1]), float(line[2]), float(line[3]), float(line[4])))
        offset += len(chars)
    return tuple(boxes)


# Pages and quotes read lately, by store (`agent.deps.StoreKey`): a stored page never changes, and the pages
# a search ranks first come back question after question.
PAGES_KEPT = 256
_PageKey = tuple[StoreKey, int, int]  # store, filing, page
_PAGES: LruCache[_PageKey, _Page] = LruCache(PAGES_KEPT)
# a sentence's figures checked against its page's cells: the cells they match, or None when one does not
_IDF: LruCache[tuple[StoreKey, tuple[str, ...]], TermIdf] = LruCache(PAGES_KEPT)
_CHECKED: LruCache[tuple[_PageKey, str], tuple[CellHit, ...] | None] = LruCache(PAGES_KEPT * MAX_SENTENCES)


async def _page_texts(
    session: AsyncSession, hits: Sequence[PageHit], store: StoreKey | None
) -> dict[tuple[int, int], _Page]:
    pages: dict[tuple[int, int], _Page] = {}
    for hit in hits:
        kept = _PAGES.get((store, hit.filing_id, hit.page_no)) if store else None
        if kept is not None:
            pages[hit.filing_id, hit.page_no] = kept
    missing = [hit for hit in hits if (hit.filing_id, hit.page_no) not in pages]
    if not missing:
        return pages
    rows = await session.execute(
        text(
            "SELECT filing_id, page_no, text, lines FROM pages WHERE (filing_id, page_no) IN "
            "(SELECT * FROM unnest(CAST(:f AS integer[]), CAST(:p AS integer[])))"
        ),
        {"f": [h.filing_id for h in missing], "p": [h.page_no for h in missing]},
    )
    for row in rows:
        page = _Page(row.text, row.lines or ())
        pages[row.filing_id, row.page_no] = page
        if store:
            _PAGES.put((store, row.filing_id, row.page_no), page)
    return pages


async def _verified_cells(
    session: AsyncSession, sentence: _Sentence, hit: PageHit, store: StoreKey | None
) -> tuple[CellHit, ...] | None:
    """The cells of its page the sentence's figures match; None if a figure does not verify."""
    key = ((store, hit.filing_id, hit.page_no), sentence.text) if store else None
    if key is not None and key in _CHECKED:
        return _CHECKED.get(key)
    cells = await page_cells(session, hit.filing_id, hit.page_no)
    verdict = verify_draft(sentence.text, [c.cited() for c in cells])
    used: tuple[CellHit, ...] | None = None
    if not any(failure.kind not in ("period", "reference", "claim") for failure in verdict.failed):
        # A sentence of the filing: its periods, references and claims are its own; its figures are not.
        ids = {f.matched_source.cell_id for f in verdict.figures if isinstance(f.matched_source, CellSource)}
        used = tuple(c for c in cells if c.cell_id in ids)
    if key is not None:
        _CHECKED.put(key, used)
    return used


async def _checked(
    session: AsyncSession, sentence: _Sentence, hit: PageHit, page: _Page | None, store: StoreKey | None
) -> Passage | None:
    """The passage, with the cells its figures match; None if a figure does not verify."""
    boxes = sentence_boxes(sentence.text, page.lines, page.squashed) if page else ()
    base = Passage(
        sentence.text, hit.filing_id, hit.accession, hit.ticker, hit.form, hit.period_end.isoformat(),
        hit.page_no, hit.label, boxes=boxes,
    )  # fmt: skip
    if not sentence.extraction.figures and not sentence.extraction.unrecognised:
        return base
    used = await _verified_cells(session, sentence, hit, store)
    if used is None:  # figures no cell prints: the filer's prose, quoted only where it is drawn
        return dataclasses.replace(base, prose_figures=True) if boxes else None
    return dataclasses.replace(base, cells=used)


def quotes_answer(question: str) -> bool:
    """Whether sentences can answer the question: not one that ranks members ("which region had the highest
    EBITDAR"), where a sentence about one member would read as the answer; the ranked figures answer it. A
    list of the members themselves may be the filer's sentence naming them ("reported in two segments, …")."""
    asked = ranking_asked(question)
    return asked is None or asked.listed


async def _item_idf(
    session: AsyncSession, u: QueryUnderstanding, store: StoreKey | None, line: str | None = None
) -> TermIdf:
    """The idf of the asked item's words, kept by store: the same question comes back."""
    words = tuple(sorted(set(tokenize(_item_text(u, line)))))
    kept = _IDF.get((store, words)) if store else None
    if kept is None:
        kept = await term_idf(session, words)
        if store:
            _IDF.put((store, words), kept)
    return kept


async def select_passages(
    session: AsyncSession,
    u: QueryUnderstanding,
    hits: Sequence[PageHit],
    store: StoreKey | None = None,
    line: str | None = None,
) -> list[Passage]:
    """The sentences of the pages `hits` to quote (see the module); `store`: where pages read are kept
    between runs (None: read again); `line`: the line a figure question asks the causes of ("capital
    expenditures" for "did VZ cut capex … and why?"), which the sentences must name."""
    if not hits or not quotes_answer(u.query):
        return []
    relevance = _relevance(u, await _item_idf(session, u, store, line), line)
    pages = await _page_texts(session, hits, store)
    scored: list[tuple[tuple[float, ...], int, _Sentence, PageHit]] = []
    for rank, hit in enumerate(hits):
        page = pages.get((hit.filing_id, hit.page_no))
        for order, sentence in enumerate(page.sentences if page else ()):
            before = page.sentences[order - 1] if page and order else None
            score = _score(sentence, relevance, rank, before)
            if score is not None:
                scored.append((score, -rank * 1000 - order, sentence, hit))
    scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
    chosen: list[Passage] = []
    per_page: dict[tuple[int, int], int] = {}
    for _, _, sentence, hit in scored:
        key = (hit.filing_id, hit.page_no)
        if per_page.get(key, 0) >= MAX_PER_PAGE or any(p.sentence == sentence.text for p in chosen):
            continue
        passage = await _checked(session, sentence, hit, pages.get(key), store)
        if passage is None:
            continue
        chosen.append(passage)
        per_page[key] = per_page.get(key, 0) + 1
        if len(chosen) == MAX_SENTENCES:
            break
    return chosen


async def page_sentences(
    session: AsyncSession, hits: Sequence[PageHit], store: StoreKey | None = None
) -> list[tuple[PageHit, tuple[str, ...]]]:
    """The sentences of each page of `hits`, in the hits' order (`sentences`)."""
    pages = await _page_texts(session, hits, store)
    return [
        (hit, tuple(sentence.text for sentence in page.sentences))
        for hit in hits
        if (page := pages.get((hit.filing_id, hit.page_no))) is not None
    ]


async def quote(
    session: AsyncSession, sentence: str, hit: PageHit, store: StoreKey | None = None
) -> Passage | None:
    """The sentence of the page `hit` as a passage to quote; None if a figure it states neither verifies
    against its page's cells nor is found drawn on the page."""
    pages = await _page_texts(session, [hit], store)
    return await _checked(session, _sentence(sentence), hit, pages.get((hit.filing_id, hit.page_no)), store)
