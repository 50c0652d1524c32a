"""One typed reading of a question: every span bound to what it names, or marked as filler.

`read` is pure. It takes the question, the catalog (companies by every name they go by) and, where the
router has read them, the words of the named companies' filings (`FilingWords`): a word of the asking
clause that names nothing there, nor a period, an operation or a question's grammar, is filler. The
reading's `text` is the question as the pipeline reads it: the asking clauses with filler taken out and
analysts' words put in the filings' terms ("AWS op margin FY24" → "Amazon Web Services operating margin
FY24"); every node below the router reads it, never the question as typed.
"""

import itertools
import re
from calendar import monthrange
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Literal

from filingproof.calendar import MONTH_NAME_PATTERN, MONTH_NUMBERS
from filingproof.calendar import MONTH_NAMES as FULL_MONTH_NAMES
from filingproof.calendar import MONTH_WORDS as MONTH_NAMES
from filingproof.reading.clauses import (
    ALREADY_DONE,
    BEYOND,
    DONE_WORDS,
    NEGATION,
    OPERATOR_WORD,
    Clause,
    Kept,
    split_clauses,
)
from filingproof.reading.grammar import FORWARD, GRAMMAR, PART_WORDS, PERIOD_WORDS
from filingproof.reading.lexicon import (
    SHORT_FORMS,
    Phrase,
    analyst_words,
    is_analysts_word,
    is_english_word,
    joined_words,
    spelled_words,
)
from filingproof.slips import one_edit

SpanRole = Literal["company", "qualifier", "item", "period", "operation", "grammar", "filler"]


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int
    text: str  # as typed
    role: SpanRole
    # what it is bound to: a ticker, a member's name with the companies that report it ("AAPL,MCD:Americas"),
    # the filings' words, a period phrase
    bound: str = ""


@dataclass(frozen=True, slots=True)
class FilingWords:
    """What the named companies' filings name: the folded terms of their cells (row labels, concepts,
    members, captions), and their members' printed names (`"Amazon Web Services"`) with the company."""

    terms: frozenset[str] = frozenset()
    members: tuple[tuple[str, str], ...] = ()  # (ticker, member name)
    # folds a word as the filings' terms are folded (`verify.items.terms`); None: every word is kept
    fold: Callable[[str], frozenset[str]] | None = None
    # the lines the filings print, by their initials: ("f&b", "food and beverage"), ("efo", "earnings from
    # operations")
    initials: tuple[tuple[str, str], ...] = ()
    # a member's printed name beside its tag's, both of one member: ("International markets",
    # "International Markets")
    printed: tuple[tuple[str, str], ...] = ()


# The companies a text names: (the words naming one, its ticker or "" when it is not ingested), in order.
CompanyFinder = Callable[[str], list[tuple[str, str]]]


@dataclass(frozen=True, slots=True)
class Reading:
    question: str  # as typed (quotes and dashes made plain)
    asked: str  # the asking clauses as the pipeline reads them: what can name a company
    # how the question says its figure is computed, as a stated definition reads, to follow `asked`:
    # " as a %. Operating margin is defined as: operating income / revenue"
    definition: str = ""
    # the instruction sentences, as typed ("Round your answer to two decimal places.")
    instructions: str = ""
    spans: tuple[Span, ...] = ()
    clauses: tuple[Clause, ...] = field(default=())
    # names in capitals the asking clauses write that nothing binds ("Eli Lilly"): companies not recognised
    unknown_names: tuple[str, ...] = ()
    # the lines the question says its figure leaves out ("cash, excluding short-term investments"): the
    # figure's cell must be known not to hold them (`verify.items.leaves_out`)
    excluded: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The question as the pipeline reads it: the asking clauses, then the instructions."""
        return with_instructions(self.asked, self.instructions)

    def of(self, role: SpanRole) -> tuple[Span, ...]:
        return tuple(span for span in self.spans if span.role == role)

    @property
    def item_words(self) -> str:
        """The words of the asked item and its qualifiers, as bound."""
        named = [span.bound.split(":", 1)[-1] if span.bound else span.text for span in self.spans
                 if span.role in ("item", "qualifier")]  # fmt: skip
        return " ".join(named)

    @property
    def filler(self) -> tuple[str, ...]:
        return tuple(span.text for span in self.of("filler"))

    def summary(self) -> str:
        """The reading in one line, for the router's trace hop."""
        bound = [
            f"{span.role}:{span.text}" + (f"→{span.bound}" if span.bound not in ("", span.text) else "")
            for span in self.spans
            if span.role not in ("grammar", "filler")
        ]
        filler = ", ".join(repr(text) for text in self.filler)
        excluded = ", ".join(repr(line) for line in self.excluded)
        return (
            f"read as {self.text!r}; "
            + "; ".join(bound)
            + (f"; filler {filler}" if filler else "")
            + (f"; leaves out {excluded}" if excluded else "")
        )


# a yes-or-no question of an amount: "did jci buy back much stock …", "did they spend much on R&D"
_DID_MUCH = re.compile(r"\W*did\b[^?]*?\b(?:much|a\s+lot)\b", re.IGNORECASE)
_QUESTION_WORD = re.compile(
    r"(?:what|how|which|who|whose|when|why|where|did|does|do|is|was|were|are|has|have|can|could|would|will"
    r"|by|in|of|for|describe|explain|list|compare|show|name|give|tell)\b",
    re.IGNORECASE,
)
# with a formula's signs as typed on a keyboard ("(a − b) ÷ b × 100")
_PLAIN = str.maketrans(
    {"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " ", "\u2212": "-", "÷": "/", "×": "*"}
)
_TOKEN = re.compile(r"[A-Za-z0-9$%][\w&'%./-]*[\w%]|[A-Za-z0-9$%]")
# Years written short: "fiscal '24", "FY '24", "in '24" → the four digits the period reader takes.
_SHORT_YEAR = re.compile(r"(?<![\w'])'(\d{2})\b")
# "Q2'23", "Q2 23", "2Q23": a quarter and its short year.
_QUARTER_SHORT_YEAR = re.compile(
    r"\b(?:q([1-4])|([1-4])q)\s*'?(\d{2})\b(?!-)", re.IGNORECASE
)  # not "Q4 10-K"
# "1QFY24", "Q1 FY'24": a fiscal quarter and its fiscal year written short.
_QUARTER_FISCAL_YEAR = re.compile(r"\b(?:q([1-4])|([1-4])q)\s*fy\s*'?(\d{4}|\d{2})\b", re.IGNORECASE)
# "FY2023Q1", "FY23-Q1": the fiscal year, then its quarter.
_FISCAL_YEAR_QUARTER = re.compile(r"\bfy\s*'?(\d{4}|\d{2})\s*[-/]?\s*q([1-4])\b", re.IGNORECASE)
# "going into 2024", "heading into FY2025": where that year starts, the end of the year before.
_GOING_INTO = re.compile(r"\b(?:going|heading)\s+into\s+(?:(fiscal\s+|FY\s*)?(\d{4}))\b", re.IGNORECASE)
# "FYE23", "FYE 2023", "YE23": the fiscal year's end.
_YEAR_END = re.compile(r"\bf?ye\s*'?(\d{4}|\d{2})\b", re.IGNORECASE)
# "mar-25", "Jul'25", "may/23": a month and its short year (the month's name spelled out for `_through`).
_MONTH_SHORT_YEAR = re.compile(
    rf"(?:(?<![\w/-])(?P<day>\d{{1,2}})-)?(?P<month>{MONTH_NAME_PATTERN})[-'/](?P<year>\d{{4}}|\d{{2}})\b"
)  # and a day before it, as the British write it: "30-Jun-23"
# "net sales-wise": the "-wise" says nothing more
_WISE = re.compile(r"(?<=\w)-(?:wise|type)\b", re.IGNORECASE)  # and "SG&A-type overhead"
# "FY24", "fy'24": a fiscal year written short (the metric library reads "FY2024").
_FISCAL_SHORT_YEAR = re.compile(r"\bFY\s*'?(\d{2})\b", re.IGNORECASE)
# "CY23", "cy 2023": a calendar year, whatever the company's fiscal year.
_CALENDAR_SHORT_YEAR = re.compile(r"\bCY\s*'?(\d{4}|\d{2})\b", re.IGNORECASE)
# "1H23", "H1 2023", "2H'24": a half and its year.
_HALF = re.compile(r"\b(?:([12])h|h([12]))\s*'?(\d{4}|\d{2})?\b", re.IGNORECASE)
_HALF_WORDS = {"1": "first half", "2": "second half"}
# "9M23", "6M 2023": months to date and their year ("3M 2023" is 3M's).
_MONTHS_TO_DATE = re.compile(r"\b([69])m\s*'?(\d{4}|\d{2})\b", re.IGNORECASE)
_MONTHS_WORDS = {"6": "six", "9": "nine"}


def plain(question: str) -> str:
    """The question with typographic quotes, dashes and spaces made plain; an arrow a colon ("WMT, AMZN done
    -> COST FY2023 net sales?": what follows is asked)."""
    return " ".join(_ARROW.sub(": ", _WISE.sub("", question.translate(_PLAIN))).split())


_ARROW = re.compile(r"\s*(?:->|=>|→|⇒)\s*")


def _year_before_spelled(text: str) -> str:
    """ "going into 2024" as the moment it names: "at the end of 2023"; months counted to a day in their
    short form spelled ("3M to 6/30/23": three months, not 3M the company)."""
    text = _MONTHS_COUNTED_TO.sub(lambda m: f"{_SPAN_WORDS[int(m.group(1))]} months ", text)
    return _GOING_INTO.sub(
        lambda m: f"at the end of {'fiscal ' if m.group(1) else ''}{int(m.group(2)) - 1}", text
    )


_MONTHS_COUNTED_TO = re.compile(r"\b(3|6|9|12)M\s+(?=(?:to|ended|ending|thru|through|till|until)\b)")


# A tax rate asked of "provision": the provision for income taxes, not any line printed "Provision" (an
# allowance's, $36 million, for Cisco's "what tax rate did they effectively pay … just provision divided by
# pretax income")
_TAX_RATE_ASKED = re.compile(r"\btax\s+rate\b|\beffective(?:ly)?\b[^.?!]{0,40}?\btax|\betr\b", re.IGNORECASE)
_BARE_PROVISION = re.compile(
    r"(?<!tax )\bprovision\b(?!\s+(?:for|of)\b)(?![-\s]+(?:for\s+)?(?:income\s+)?tax)", re.IGNORECASE
)


def _provision_spelled(text: str) -> str:
    if not _TAX_RATE_ASKED.search(text):
        return text
    return _BARE_PROVISION.sub("provision for income taxes", text)


def _year(digits: str) -> str:
    return digits if len(digits) == 4 else f"20{digits}"


def _month_name(written: str) -> str:
    return FULL_MONTH_NAMES[MONTH_NUMBERS[written.lower().rstrip(".")] - 1].title()


def _month_spelled(match: re.Match[str]) -> str:
    """ "Jun-23" → "June 2023", "30-Jun-23" → "June 30, 2023"."""
    day = f" {int(match.group('day'))}," if match.group("day") else ""
    return f"{_month_name(match.group('month'))}{day} {_year(match.group('year'))}"


# The cash-flow statement's three sections named in one breath: "operations, investing, and financing
# activities", "cash flows from operating, investing and financing activities".
_CASH_FLOW_SECTIONS = re.compile(
    r"\b(?:(?:net\s+)?cash\s+(?:flows?\s+)?(?:from|of|provided\s+by)\s+)?operati(?:ng|ons),?\s+investing,?\s+"
    r"(?:and\s+)?financing"
    r"(?:\s+activities|\s+cash\s+flows?)?",
    re.IGNORECASE,
)


def _sections_spelled(text: str) -> str:
    """Lines named in one breath spelled out one by one, as the item reader reads them."""
    return _CASH_FLOW_SECTIONS.sub(
        "cash from operating activities, cash from investing activities and cash from financing activities",
        text,
    )


# "the June 2023 quarter", "the quarter ended Sept 2023", "the june '23 quarter": the three months to that
# month's end
_QUARTER_YEAR = r"(?:\d{4}|['’]\d{2}\b)"
_MONTH_QUARTER = re.compile(
    rf"\b(?:the\s+)?(?:quarter\s+(?:ended|ending)\s+(?P<m1>{MONTH_NAME_PATTERN})\s*(?P<y1>{_QUARTER_YEAR})"
    rf"|(?P<m2>{MONTH_NAME_PATTERN})\s*(?P<y2>{_QUARTER_YEAR})\s+quarter"
    # ("unitedhealth's june quarter of 2023")
    rf"|(?P<m3>{MONTH_NAME_PATTERN})\s+quarter\s+(?:of\s+)?(?P<y3>{_QUARTER_YEAR}))\b",
    re.IGNORECASE,
)


def _month_quarter_spelled(match: re.Match[str]) -> str:
    month = MONTH_NUMBERS[(match["m1"] or match["m2"] or match["m3"]).lower().rstrip(".")]
    year = int(_year((match["y1"] or match["y2"] or match["y3"]).lstrip("'’")))
    last = monthrange(year, month)[1]
    return f"the three months ended {FULL_MONTH_NAMES[month - 1].title()} {last}, {year}"


# "Jul-Dec 2023", "July through December 2023", "from August 2023 through the Feb 2, 2024 year end", "Jul
# 30, 2023 through Feb 3, 2024": the months of a span, named by its first and last (or the days it runs from
# and to)
_MONTH_RANGE = re.compile(
    rf"(?:\bfrom\s+)?(?P<first>{MONTH_NAME_PATTERN})(?:\s+(?P<first_day>\d{{1,2}})(?!\d))?"
    rf"(?:,?\s+(?P<from_year>\d{{4}}))?"
    rf"(?:\s*[-–—]\s*|\s+(?:through|thru|to|until)\s+)(?:the\s+)?(?P<last>{MONTH_NAME_PATTERN})"
    # two figures before "year end" are a day ("through the Dec 30 year end": the year said elsewhere)
    r"(?:\s+(?P<day>\d{1,2}))?(?:,?\s+'?(?P<year>\d{4}|\d{2}(?![\s-]+(?:fiscal\s+)?year\b)))?\b"
    r"(?P<year_end>\s+(?:fiscal\s+)?year[-\s]end\b)?",
    re.IGNORECASE,
)
_SPAN_WORDS = {3: "three", 6: "six", 9: "nine", 12: "twelve"}
# A span that ends a few days into its last month ("August 2023 through Feb 2, 2024") is the months before
# it: a 52/53-week year's end
_DAYS_INTO = 7


def _month_range_spelled(match: re.Match[str]) -> str:
    """ "Jul-Dec 2023" → "the six months ended December 31, 2023"; "August 2023 through Feb 2, 2024" → "the
    six months ended February 2, 2024"; a span of another length, or one that ends mid-month, stays as
    written."""
    first = MONTH_NUMBERS[match["first"].lower().rstrip(".")]
    last = MONTH_NUMBERS[match["last"].lower().rstrip(".")]
    if match["year"] is None and not (match["day"] and match["year_end"]):
        return match.group()
    # a year's end with no year: an aside says which ("Kraft Heinz 2H 2023 - … July through the Dec 30
    # year end")
    year = int(_year(match["year"])) if match["year"] else None
    counted = year or 2001  # any year without a February 29th, to count months and days
    from_year = int(match["from_year"]) if match["from_year"] else counted - (first > last)
    if match["first_day"]:  # "Jul 30, 2023 through Feb 3, 2024": a span from the last days of a month
        first_day = int(match["first_day"])
        if first_day > monthrange(from_year, first)[1] - _DAYS_INTO:
            from_year, first = (from_year + 1, 1) if first == 12 else (from_year, first + 1)
        elif first_day > _DAYS_INTO + 1:
            return match.group()
    months = (counted * 12 + last) - (from_year * 12 + first) + 1
    day = int(match["day"]) if match["day"] else monthrange(counted, last)[1]
    if day <= _DAYS_INTO:
        months -= 1
    elif day < monthrange(counted, last)[1] - _DAYS_INTO:
        return match.group()
    if months not in _SPAN_WORDS:
        return match.group()
    ended = f"the {_SPAN_WORDS[months]} months ended {FULL_MONTH_NAMES[last - 1].title()} {day}"
    return f"{ended}, {year}" if year else ended


_WEEKS_SHORT = re.compile(r"\b(\d{1,2})[- ]?(?:wks?|weeks?)\b", re.IGNORECASE)


def _periods_spelled(text: str) -> str:
    """Short years and halves spelled out, as the period reader reads them."""
    text = _MONTH_RANGE.sub(_month_range_spelled, text)
    text = _MONTH_QUARTER.sub(_month_quarter_spelled, text)
    text = _MONTH_SHORT_YEAR.sub(_month_spelled, text)
    text = _QUARTER_FISCAL_YEAR.sub(lambda m: f"Q{m.group(1) or m.group(2)} FY{_year(m.group(3))}", text)
    text = _FISCAL_YEAR_QUARTER.sub(lambda m: f"Q{m.group(2)} FY{_year(m.group(1))}", text)
    text = _QUARTER_SHORT_YEAR.sub(lambda m: f"Q{m.group(1) or m.group(2)} {_year(m.group(3))}", text)
    text = _YEAR_END.sub(lambda m: f"fiscal year end {_year(m.group(1))}", text)
    text = _FISCAL_SHORT_YEAR.sub(lambda m: f"FY{_year(m.group(1))}", text)
    text = _CALENDAR_SHORT_YEAR.sub(lambda m: f"calendar {_year(m.group(1))}", text)
    text = _MONTHS_TO_DATE.sub(lambda m: f"{_MONTHS_WORDS[m.group(1)]} months of {_year(m.group(2))}", text)
    text = _SHORT_YEAR.sub(lambda m: _year(m.group(1)), text)
    text = _WEEKS_SHORT.sub(lambda m: f"{m.group(1)} weeks", text)  # "36wk": "36 weeks"

    def half(match: re.Match[str]) -> str:
        year = match.group(3)
        return _HALF_WORDS[match.group(1) or match.group(2)] + (f" of {_year(year)}" if year else "")

    return _HALF.sub(half, text)


@dataclass
class _Draft:
    """One clause being read: its text and, by position, what each span is bound to."""

    text: str
    offset: int
    spans: list[Span] = field(default_factory=list)

    def free(self, start: int, end: int) -> bool:
        return all(end <= span.start - self.offset or start >= span.end - self.offset for span in self.spans)

    def bind(self, start: int, end: int, role: SpanRole, bound: str = "") -> None:
        if start < end:  # an empty match binds nothing
            self.spans.append(Span(start + self.offset, end + self.offset, self.text[start:end], role, bound))


# A rate named by its line ("gross margin") asked in dollars, or with its rate word already written.
_IN_DOLLARS = re.compile(r"\bhow\s+much\b|\bdollars?\b|\$|\busd\b", re.IGNORECASE)
_RATE_AFTER = re.compile(r"\s*(?:%|percent|percentage|ratio|rate|in\s+dollars)", re.IGNORECASE)


def _is_rate(phrase: Phrase) -> bool:
    return phrase.bound.endswith("percentage")


def _rate_unasked(phrase: Phrase, text: str, found: re.Match[str]) -> bool:
    """Whether a phrase bound to a rate ("gross margin" → "gross margin percentage") is asked as the
    dollar line instead ("gross margin in dollars", "how much gross margin"), or already as the rate."""
    if not _is_rate(phrase):
        return False
    return bool(_IN_DOLLARS.search(text) or _RATE_AFTER.match(text, found.end()))


_LAST_WORD = re.compile(r"([A-Za-z][\w'-]*)\s*$")


def _printed_name(
    text: str, found: re.Match[str], grammar: Collection[str], words: FilingWords | None
) -> bool:
    """Whether an analyst's word is part of a longer name the filer prints, kept as typed: a word the
    filings use themselves, after another word of the item ("vendor non-trade receivables", "trade
    payables" are lines of their own, not the accounts receivable or payable "receivables" stands for alone;
    "total rev" is still revenue), or an acronym they print ("EBIT")."""
    if words is None or words.fold is None:
        return False
    typed = words.fold(found.group())
    written = found.group()
    if written.isupper() and len(written) >= 3 and written.isalpha() and typed and typed <= words.terms:
        return True  # an acronym the filings print themselves: Ford's "EBIT" is its segments' own line
    before = _LAST_WORD.search(text, 0, found.start())
    if before is None:
        return False
    modifier = before.group(1)
    # "Commercial Svcs seg pretax inc": a word for a part names the segment, not a longer line; nor does an
    # analyst's verb ("lose at the operating line")
    named = modifier not in grammar and modifier not in PART_WORDS and not is_analysts_word(modifier)
    # (nor does an owner's possessive: "3m's cost of goods" is 3M's cost of sales)
    owner = re.search(r"['’]s$", modifier) is not None
    return modifier.islower() and named and not owner and bool(typed) and typed <= words.terms


def _bind_phrases(
    draft: _Draft, phrases: Iterable[Phrase], grammar: Collection[str], words: FilingWords | None
) -> None:
    # an ASCII clause holds a phrase's literal wherever the phrase matches it (ignoring case)
    lowered = draft.text.lower() if draft.text.isascii() else None
    for phrase in phrases:
        if lowered is not None and phrase.literal is not None and phrase.literal not in lowered:
            continue
        for found in phrase.pattern.finditer(draft.text):
            if _rate_unasked(phrase, draft.text, found):
                line = phrase.bound.removesuffix(" percentage")
                typed = found.group().lower()
                if _IN_DOLLARS.search(draft.text) and typed != line and draft.free(*found.span()):
                    draft.bind(found.start(), found.end(), "item", line)  # "seg GM $": the gross margin
                continue
            if draft.free(*found.span()):
                role: SpanRole = "item" if phrase.role == "verb" else phrase.role
                # a verb is resolved once the clause's other items are known (`_resolve_verbs`)
                bound = f"verb:{phrase.bound}" if phrase.role == "verb" else phrase.bound
                # (a rate is asked as its line or as the rate: `_rate_unasked`)
                if (
                    phrase.role == "item"  # a verb is no word of a printed name ("end up earning")
                    and not _is_rate(phrase)
                    and _printed_name(draft.text, found, grammar, words)
                ):
                    bound = found.group()
                draft.bind(found.start(), found.end(), role, bound)


# How the answer is to be written, kept as typed for the metric library (`metrics.definition.presentation`):
# "rounded to one decimal place", "round to the nearest million", "in USD billions".
_PRESENTATION = re.compile(
    r"\b(?:rounded|round(?:ing)?)\s+(?:it\s+|your\s+answer\s+)?to\s+(?:the\s+nearest\s+\w+|\w+\s+decimal\s+places?)"
    r"|\bin\s+(?:usd|us\s+dollars?|\$)\s*(?:thousands|millions|billions)\b",
    re.IGNORECASE,
)


def _bind_presentation(draft: _Draft) -> None:
    for found in _PRESENTATION.finditer(draft.text):
        if draft.free(*found.span()):
            draft.bind(found.start(), found.end(), "operation", found.group())


_LISTED = r"\s*(?:,|\bor\b|\band\b|\bvs\.?|\bversus\b)\s*"


def _tickers_as_companies(source: str, named: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Ingested companies' tickers written in capitals that stand for a company where an analyst's word
    might be read: alone ("GM buybacks FY23") or listed beside another company ("did GM or Johnson
    Controls earn more")."""
    ingested = {ticker for _, ticker in named if ticker}
    found = []
    for mention, ticker in named:
        # "GM's": a possessive is a company's, never a ratio's; "gm" in lower case is the company where the
        # finder took it for one ("how much did gm hand back", "j&j or gm")
        if not ticker or re.sub(r"['’]s$", "", mention).upper() != ticker:
            continue
        others = [re.escape(m) for m, t in named if t and t != ticker]
        listed = others and re.search(
            rf"{re.escape(mention)}{_LISTED}(?:{'|'.join(others)})|(?:{'|'.join(others)}){_LISTED}{re.escape(mention)}",
            source,
        )
        possessive = re.search(rf"(?<![\w&]){re.escape(mention)}['’]s\b", source)  # "GM's revenue"
        if ingested == {ticker} or listed or possessive:
            found.append((mention, ticker))
    return found


def _bind_companies(
    draft: _Draft, mentions: Collection[str], tickers: dict[str, str], members: Kept = ()
) -> None:
    """`members`: where the question names a member in several words (in the whole question's offsets)."""
    for mention in mentions:
        for found in _mentioned(mention, draft.text):
            at = draft.offset + found.start()
            bought = _BOUGHT_BEFORE.search(draft.text, 0, found.start()) is not None
            if draft.free(*found.span()) and not any(a <= at < b for a, b in members) and not bought:
                draft.bind(found.start(), found.end(), "company", tickers.get(mention, ""))
                tail = _NAME_TAIL.match(draft.text, found.end())
                if tail is not None and draft.free(*tail.span(1)):
                    draft.bind(*tail.span(1), "filler")  # "UnitedHealth Group's": the group is the company


def _mentioned(mention: str, text: str) -> Iterator[re.Match[str]]:
    """Where `text` writes a company's mention as a whole word: the ticker "F" is no part of "Ford", "FCF" or
    "Fin Svcs"."""
    return re.finditer(rf"(?<!\w){re.escape(mention)}(?!\w)", text)


# what may follow a company's common name in its registered one ("UnitedHealth Group", "Rocket Companies",
# "Ford Motor Company")
_NAME_TAIL = re.compile(
    r"\s+((?:Group|Holdings|Companies|Company|Co\.|Corporation|Corp\.?|Incorporated|Inc\.?|plc|Ltd\.?)(?:['’]s)?)(?!\w)"
)


_MINOR = frozenset({"and", "of", "the", "for"})


def _initials(words: Sequence[str], keep_minor: bool) -> str:
    """A word in capitals stays whole ("AI"); others give their first letter."""
    return "".join(
        word if word.isupper() and len(word) > 1 else word[0]
        for word in words
        if keep_minor or word.lower() not in _MINOR
    ).lower()


# the kind of part a member's name may end with, left out of its initials
_PART_WORDS = frozenset({"division", "segment", "group", "unit", "business"})


@cache
def _acronym_variants(name: str, company: str = "", shortest: int = 3) -> frozenset[str]:
    """ "Amazon Web Services" → {"aws"}; "Family Of Apps" → {"foa", "fa"}; "Data Center And AI" → {"dcai",
    "dcaai"}; "Intel Data Center And AI" also → {"dcai"} (without the company's own first word); Boeing's
    "Commercial Airplanes" also → {"bca"} (with the `company`'s initial before it, as filers abbreviate)."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    if len(words) < 2:
        return frozenset()
    variants = {_initials(words, True), _initials(words, False)}  # "Client Computing Group": "CCG"
    if len(words) > 2 and words[-1].lower() in _PART_WORDS:
        words = words[:-1]  # "Cardiac Rhythm and Heart Failure Division": "CRHF"
    variants |= {_initials(words, True), _initials(words, False)}
    # a name its tag split where the filer runs it together: "PepsiCo Beverages North America" ("PBNA")
    joined = [word for index, word in enumerate(words) if not (index and word == "Co")]
    variants |= {_initials(joined, True), _initials(joined, False)}
    if len(words) > 2:
        variants |= {_initials(words[1:], True), _initials(words[1:], False)}
    variants |= {company[:1].lower() + variant for variant in variants if company}
    return frozenset(variant for variant in variants if len(variant) >= shortest)  # "AI" is a word of its own


def dotted(initials: str) -> str:
    """A pattern for initials in capitals written with or without dots: "US" matches "U.S." too."""
    return r"\.?".join(re.escape(letter) for letter in initials) + r"\.?"


@cache
def _member_pattern(name: str) -> re.Pattern[str]:
    """A member's printed name as typed: any case, "&" for "and", words apart by spaces, hyphens or a
    parenthesis ("Third-party seller services", "China (including Hong Kong)"), long words maybe without their
    vowels ("Grtr China")."""
    several = " " in name.strip()
    # (and typed with slashes: "Baby/Fem/Family Care" for "Baby, Feminine & Family Care")
    words = [r"(?:and|&|/)" if w.lower() == "and" else _typed_word(w, several) for w in name.split()]
    # words a tag runs together may be joined in print ("Industrial Intermediates & Infrastructure")
    joiner = r"[\s(),/-]*" if "and" in name.lower().split() else r"[\s(),/-]*(?:(?:and|&)[\s-]+)?"
    return re.compile(r"(?<![\w-])" + joiner.join(words) + r"\)?(?![\w-])", re.IGNORECASE)


def _typed_word(word: str, several: bool = False) -> str:
    """One word of a member's name as typed: whole, a short one in capitals with its dots ("U.S." for the
    "US" of "Walmart US"), or a long one without its vowels ("grtr china") or as its initial and a dot
    ("N. America"); in a name of several words, a long word also by its first three letters or more ("Comm
    Airplanes", "Emb Proc")."""
    if word.isupper() and 2 <= len(word) <= 3:
        return dotted(word)
    shortened = [re.escape(short) for short, whole in SHORT_FORMS.items() if whole == word.lower()]
    if shortened:  # "svcs" for "Services"
        return f"(?:{re.escape(word)}|{'|'.join(shortened)})"
    skeleton = _skeleton(word)
    whole = possessive_word(word)
    if len(word) < 5:
        return whole
    # (a one-word name is never its initial: the "S." of "U.S." is no "SPINESPORTSOTHER")
    initial = [rf"{re.escape(word[:1])}\."] if several else []
    # a whole word: "provision" is no "Pro" and "Vision" of "Professional Visualization"
    cut = [rf"{re.escape(word[:3])}[a-z]*\b"] if several and len(word) >= 7 else []
    # a tag's run-together initials, printed apart ("Emeala" of `BuildingSolutionsEMEALAMember`: "EMEA/LA")
    apart = [r"[/&-]?".join(map(re.escape, word))] if several and not is_english_word(word.lower()) else []
    if len(skeleton) < 3 or skeleton.lower() == word.lower():
        return f"(?:{'|'.join([whole, *cut, *initial, *apart])})"
    return f"(?:{'|'.join([whole, re.escape(skeleton), *cut, *initial, *apart])})"


def possessive_word(word: str) -> str:
    """A pattern for a word of a tag's name, which drops a possessive's apostrophe: "Sams" is "Sam's" too."""
    if len(word) > 3 and word.endswith("s") and word[-2].isalpha():
        return re.escape(word[:-1]) + r"['’]?s"
    return re.escape(word)


def _skeleton(word: str) -> str:
    """A word without its vowels after the first letter, as analysts type long words ("grtr", "dwnstrm")."""
    return word[:1] + re.sub(r"[aeiou]", "", word[1:], flags=re.IGNORECASE)


def _typed_as_skeleton(typed: str, name: str) -> bool:
    """Whether a one-word name is typed without its vowels, as no English word ("dwnstrm" for Chevron's
    "Downstream")."""
    lowered = typed.lower()
    return (
        len(typed) >= 4
        and lowered != name.lower()
        and lowered == _skeleton(name).lower()
        and not is_english_word(lowered)
    )


def named_members(text: str, words: FilingWords) -> list[tuple[int, int]]:
    """Where `text` names a member by its printed name in several words: no clause break falls there (a
    closing parenthesis the name does not open is the text's: "segment (Verizon Business Group) report …")."""
    return [
        (found.start(), found.end() - (found.group().count(")") > found.group().count("(")))
        for _, name in words.members
        if " " in name
        for found in _member_pattern(name).finditer(text)
    ]


# a name's possessive before a member's name: "Hill's" of Colgate's "Hill's Pet Nutrition" (tagged and printed
# "Pet Nutrition"), the brand the filer's MD&A prints with it
_BRAND_BEFORE = re.compile(r"(?<![\w'’])([A-Z][\w&-]*['’]s)\s+$")


def _bind_brand_before(draft: _Draft, start: int, mentioned: Sequence[tuple[str, str]]) -> None:
    """The possessive name before a member's, no company's, is part of the member's name: filler."""
    brand = _BRAND_BEFORE.search(draft.text, 0, start)
    if brand is None or not draft.free(*brand.span(1)):
        return
    word = re.sub(r"['’]s$", "", brand.group(1))
    if not any(word in mention or mention in word for mention, _ in mentioned):
        draft.bind(*brand.span(1), "filler")


# The asker's words for a part before its member's name in parentheses: "the domestic theatres (us markets)"
_GLOSS_BEFORE = re.compile(r"\b(?:the|its|their)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)\s*\(\s*$", re.IGNORECASE)


def _bind_gloss_before(draft: _Draft, start: int) -> None:
    """Words after a determiner, right before a member's name in parentheses, describe the member: filler."""
    gloss = _GLOSS_BEFORE.search(draft.text, 0, start)
    if gloss is not None and draft.free(*gloss.span(1)):
        draft.bind(*gloss.span(1), "filler")


def _printed_within(name: str, printed: str | None) -> str:
    """The printed name where it is the tag's name less a word for a part or a first word (the company's
    name: "Verizon Consumer Group" is printed "Consumer"), else the name ("Security Revenue", printed
    "Security", keeps the line's word)."""
    if printed is None:
        return name
    words, within = (re.findall(r"[a-z0-9]+", text.lower()) for text in (name, printed))
    extra = set(words) - set(within)
    droppable = PART_WORDS | set(words[:1])
    if within and set(within) < set(words):
        return printed if extra <= droppable else name
    if words and words[-1] in _LINE_WORDS and words[-1] not in within:
        # "You Tube Advertising Revenue", printed "YouTube ads": the printed name, with the line's word
        return f"{printed} {words[-1]}"
    return name


_LINE_WORDS = frozenset({"revenue", "revenues", "sales", "income"})


def _printed_words_of(name: str, printed: str | None) -> str:
    """The printed name ("Client Computing" of "Client Computing Group", "Greater China Region" of "Greater
    China"), unless it shortens words of the tag's name: Dow's "Perf. Mat. & Coatings", whose words no cell
    of the member carries, is named by its tag's "Performance Materials & Coatings"."""
    if printed is None:
        return name
    written = re.findall(r"[a-z0-9]+", printed.lower())
    words, within = set(re.findall(r"[a-z0-9]+", name.lower())), set(written)
    # (a letter of initials is no word shortened: "U.S. Retail Pharmacy" for "United States Reportable"; nor
    # a word the tag glues: "Data Center and AI" for "Datacenter And AI")
    glued = {first + second for first, second in itertools.pairwise(written)}
    shortened = any(
        len(typed) > 1 and word != typed and word.startswith(typed) and word not in glued
        for typed in within - words
        for word in words
    )
    return name if shortened else printed


_NEVER = re.compile(r"(?!)")


@cache
def _initials_ending(name: str) -> re.Pattern[str]:
    """A member's name typed with its first words whole and the rest as initials in capitals ("Building
    Solutions NA" of "Building Solutions North America"); a name of fewer than three words never."""
    words = name.split()
    heads = []
    for whole in range(1, len(words) - 1):
        initials = [word[0] for word in words[whole:] if word[0].isalpha()]
        if len(initials) == len(words) - whole and all(letter.isupper() for letter in initials):
            head = r"\s+".join(map(re.escape, words[:whole]))
            heads.append(rf"(?i:{head})\s+" + r"\.?".join(initials) + r"\.?")
    if not heads:
        return _NEVER
    return re.compile(rf"(?<![\w&])(?:{'|'.join(heads)})(?![\w&])")


def _bind_members(draft: _Draft, words: FilingWords, mentioned: Sequence[tuple[str, str]]) -> None:
    """Members by their printed name ("Greater China", "Family of Apps") or its initials as a word in
    capitals ("AWS", "FoA", "DCAI")."""
    reporters: dict[str, set[str]] = {}  # a member's name → the companies that report it ("Americas")
    for ticker, name in words.members:
        if name.strip():
            reporters.setdefault(name, set()).add(ticker)
    # a member typed short is named as the filer prints it, where it does ("CCG": Intel's "Client Computing",
    # the row its figures are printed on, for `intc:ClientComputingGroupMember`)
    printed = {tag: name for name, tag in words.printed}
    # each name bound to all its reporters: "AAPL,MCD:Americas"; a tag's name that holds the printed one is
    # named as printed ("Verizon Consumer Group", printed "Consumer" on the rows of its figures)
    bounds = {
        name: f"{','.join(sorted(tickers))}:{_printed_within(name, printed.get(name))}"
        for name, tickers in reporters.items()
    }
    tag_of = dict(words.printed)
    short = {
        name: f"{','.join(sorted(tickers))}:{_printed_words_of(tag, printed.get(tag))}"
        for name, tickers in reporters.items()
        for tag in [tag_of.get(name, name)]
    }
    joined = [found.span() for found in joined_words().finditer(draft.text)]  # "CA/CL": no member's "CA"
    # where the clause names an ingested company ("UnitedHealth Group's")
    named_at = [
        found.span() for mention, ticker in mentioned if ticker for found in _mentioned(mention, draft.text)
    ]
    # a member named by its whole name, else by the end of it, the longest first: "frozen handheld & spreads"
    # is Smucker's "U.S. Retail Frozen Handheld and Spreads", not its "Frozen Handheld" product
    named = {ticker for _, ticker in mentioned if ticker}
    tails = _member_tails(reporters, named, dict(words.printed))
    for name in sorted([*bounds, *tails], key=len, reverse=True):
        if name in tails and name not in bounds:
            for found in _member_pattern(name).finditer(draft.text):
                as_printed = found.group() == name or len(name.split()) >= _TAIL_IN_ANY_CASE
                owner = tails[name]
                # (not where the words before it are typed too, in a way the whole name is not written)
                before = owner.split()[-len(name.split()) - 1].lower()
                typed_before = re.search(r"([\w.'’-]+)\W*$", draft.text[: found.start()])
                whole = typed_before is not None and typed_before.group(1).lower() == before
                if as_printed and not whole and draft.free(*found.span()):
                    draft.bind(found.start(), found.end(), "qualifier", bounds[owner])
                    _bind_part_word(draft, found.end())
            continue
        for found in _member_pattern(name).finditer(draft.text):
            if _NOT_BEFORE.search(draft.text, 0, found.start()):
                continue  # "worldwide total, not just US": the part not asked for
            if any(start < found.end() and found.start() < end for start, end in joined):
                continue
            if any(
                start <= found.start()
                and found.end() <= end
                and (end - start, found.group()) != (len(name), name)
                for start, end in named_at
            ):
                continue  # a company's name, not its member's shortened ("UnitedHealth", "United Healthcare")
            single = " " not in name
            # one word ("Compute", "Services") names the member only as the filer capitalises it, or typed
            # without its vowels ("dwnstrm")
            typed = found.group()
            # a brand its tag sets in capitals ("SKYRIZI") is named in any case, where it is no word
            brand = name.isupper() and len(name) >= 4 and not is_english_word(name.lower())
            if draft.free(*found.span()) and (
                not single or typed == name or brand or _typed_as_skeleton(typed, name)
            ):
                draft.bind(found.start(), found.end(), "qualifier", bounds[name])
                _bind_part_word(draft, found.end())
                _bind_appositive(draft, found.end())
                _bind_brand_before(draft, found.start(), mentioned)
                _bind_gloss_before(draft, found.start())
    for name in sorted(bounds, key=len, reverse=True):
        if named and not reporters[name] & named:
            continue
        for found in _initials_ending(name).finditer(draft.text):
            if draft.free(*found.span()):  # "Building Solutions NA": before "NA" is read as a ticker
                draft.bind(found.start(), found.end(), "qualifier", short[name])
                _bind_part_word(draft, found.end())
    not_ingested = {mention for mention, ticker in mentioned if not ticker}
    companies = {mention for mention, ticker in mentioned if ticker}
    for token in _TOKEN.finditer(draft.text):
        word = re.sub(r"'s?$", "", token.group())
        # in lower case, initials of three letters or more that are no word name a member of a company the
        # question names ("AMZN aws op margin FY2024"), and of no other
        typed_low = word.islower() and len(word) >= 3 and word.isalpha() and not is_english_word(word)
        capitals = sum(c.isupper() for c in word) >= 2
        if not (capitals or (typed_low and named)) or not draft.free(*token.span()) or word in companies:
            continue  # an ingested company's ticker is no member's initials ("JNJ FY23 + MRK 2Q23")
        if "&" in word and is_analysts_word(word):
            continue  # an analyst's word ("R&D", "SG&A"), not Abbott's "Rapid Diagnostics"
        if _NOT_BEFORE.search(draft.text, 0, token.start()):
            continue  # "(the International segment, not AWS)": the part not asked for
        # a ticker of a company not ingested ("RL", Ralph Lauren) beside a company the question names is the
        # initials of that company's member ("META RL op loss": Reality Labs), two letters as they are; so
        # are two joined by "&" ("NVDA C&N": Compute & Networking)
        # so are two before a word for a part ("AMD DC seg op inc": its "Data Center")
        before_part = _PART_WORD.match(draft.text, token.start() + len(word)) is not None
        paired = word in not_ingested or re.fullmatch(r"[A-Z]&[A-Z]", word) or before_part
        shortest = 2 if named and paired else 3
        initials = word.lower().replace("&", "")
        member = next(
            (
                name
                for name in bounds
                if any(
                    initials in _acronym_variants(name, ticker, shortest)
                    for ticker in reporters[name]
                    if (shortest == 3 and not typed_low) or ticker in named
                )
            ),
            None,
        )
        if member is not None:
            draft.bind(token.start(), token.start() + len(word), "qualifier", short[member])
            _bind_part_word(draft, token.start() + len(word))  # "the EMEA geography"
    _bind_shortened_members(draft, reporters, short, named, dict(words.printed), named_at)
    _bind_members_by_first_words(draft, reporters, bounds, named, dict(words.printed), named_at)
    _bind_run_together_members(draft, reporters, short, named, companies)
    if any(span.role == "qualifier" for span in draft.spans) or _PART_WORD.search(f" {draft.text}"):
        _bind_groups_as_filler(draft, (_BEFORE_ELIMINATIONS,))


# A segment's own total, as its figure is reported: "before intersegment eliminations", "pre-elims", "incl.
# intersegment"
_BEFORE_ELIMINATIONS = re.compile(
    r"\b((?:before|pre)[\s-]*(?:inter-?seg(?:ment)?\s+)?elim(?:ination)?s?"
    r"|(?:incl\.?|including|with)\s+inter-?seg[a-z]*(?:\s+(?:sales|revenues?))?)(?!\w)",  # "intersegmnt" too
    re.IGNORECASE,
)


# Words naming a company's part ("AMC intl segment", "HON Aero seg profit", "Abbott's diagnostics segment",
# "GD Marine Sys seg"): up to three before the word for a part
_BEFORE_PART = re.compile(
    rf"((?:[A-Za-z][A-Za-z'.]*\s+){{0,2}}[A-Za-z][A-Za-z'.]*)\s+(?=(?:{'|'.join(sorted(PART_WORDS))})\b)",
    re.I,
)
# Shortenings of the words of members' names that no rule of letters finds
_SHORTEST_PREFIX = 4


def _shortens(typed: str, word: str) -> bool:
    """Whether `typed` is `word` (singular or plural), its first four letters or more ("Aero", "diag"), or
    a common shortening of it ("intl"); initials with or without their dots ("US" for "U.S.")."""
    typed, word = typed.lower().replace(".", ""), word.lower().replace(".", "")
    if typed in (word, f"{word}s") or word == f"{typed}s" or SHORT_FORMS.get(typed) == word:
        return True
    return len(typed) >= _SHORTEST_PREFIX and len(word) > len(typed) and word.startswith(typed)


def _member_tails(
    reporters: Mapping[str, set[str]], named: Collection[str], tagged: Mapping[str, str]
) -> dict[str, str]:
    """The last two words or more of the names of the members of the companies the question names, where no
    other member of those companies ends so, each with its member's name ("Building Technologies" for
    Honeywell's "Home and Building Technologies"; `tagged`: a printed name's tag name, one member however
    named)."""
    names = [name for name, tickers in reporters.items() if tickers & set(named)]
    tails: dict[str, dict[str, str]] = {}  # a tail → its members' tag names → a name of theirs
    for name in names:
        parts = name.split()
        for start in range(1, len(parts) - 1):
            # (a tail in lowercase is a line's words, no name's: Caterpillar's "Deferred income taxes")
            if parts[start].lower() not in _MINOR and not parts[start][0].islower():
                tails.setdefault(" ".join(parts[start:]), {})[tagged.get(name, name)] = name
    return {
        tail: next(iter(members.values()))
        for tail, members in tails.items()
        if len(members) == 1 and not any(tail.lower() == other.lower() for other in names)
    }


# A tail of three words or more names its member in any case ("frozen handheld & spreads" for Smucker's "U.S.
# Retail Frozen Handheld and Spreads"); a shorter one only capitalised as printed
_TAIL_IN_ANY_CASE = 3


def _free_of_all_but_parts(draft: _Draft, start: int, end: int) -> bool:
    """Whether nothing is bound within `start`…`end` of the draft but members of fewer words, nothing across
    its edges ("US" of "US retail coffee seg" gives way; a member typed whole, "Raytheon", does not)."""
    return all(
        end <= span.start - draft.offset
        or start >= span.end - draft.offset
        or (
            span.role == "qualifier"
            and start <= span.start - draft.offset
            and span.end - draft.offset <= end
            and (span.start - draft.offset, span.end - draft.offset) != (start, end)
        )
        for span in draft.spans
    )


def _bind_members_by_first_words(
    draft: _Draft,
    reporters: Mapping[str, set[str]],
    bounds: Mapping[str, str],
    named: Collection[str],
    tagged: Mapping[str, str],
    named_at: Collection[tuple[int, int]],
) -> None:
    """A member of a company the question names, by the first words of its name, two or more that no other
    member's name begins with: Travelers' "Bond & Specialty" (its "Bond & Specialty Insurance"); never where
    a company is named (`named_at`)."""
    names = [name for name, tickers in reporters.items() if tickers & set(named)]
    spelled = {name: spelled_words(name) for name in names}
    for name in names:
        for head in _first_words(name):
            words = spelled_words(head)
            if any(
                spelled[other][: len(words)] == words and tagged.get(other, other) != tagged.get(name, name)
                for other in names
            ):
                continue  # ("North America" of "North America Retail", where "North America" is one too)
            for found in _member_pattern(head).finditer(draft.text):
                if draft.free(*found.span()) and not any(
                    a < found.end() and found.start() < b for a, b in named_at
                ):
                    draft.bind(found.start(), found.end(), "qualifier", bounds[name])
            break  # (its longest such words only)


def _first_words(name: str) -> list[str]:
    """A name's first words, longest first: each two words or more besides joiners, never the whole name."""
    parts = name.split()
    heads = [" ".join(parts[:k]) for k in range(len(parts) - 1, 1, -1)]
    return [head for head in heads if sum(word.lower() not in _MINOR | {"&"} for word in head.split()) >= 2]


def _bind_shortened_members(
    draft: _Draft,
    reporters: Mapping[str, set[str]],
    bounds: Mapping[str, str],
    named: Collection[str],
    tagged: Mapping[str, str],
    named_at: Collection[tuple[int, int]],
) -> None:
    """A member of a company the question names, by the first word of its name shortened, right before a
    word for a part: AMC's "International Markets" by "intl segment", Honeywell's "Aerospace" by "Aero seg";
    only where it names one member of those companies, and never where a company is named
    (`named_at`: "UnitedHealth Group" is no "United Healthcare" segment)."""
    if not named:
        return
    for found in _BEFORE_PART.finditer(draft.text):
        words = list(re.finditer(r"\S+", found.group(1)))
        # the longest run of those words that shortens the first words of one member's name
        for first in range(len(words)):
            start, end = found.start(1) + words[first].start(), found.start(1) + words[-1].end()
            typed = [re.sub(r"'s$", "", word.group()) for word in words[first:]]
            if not _free_of_all_but_parts(draft, start, end) or any(
                a < end and start < b for a, b in named_at
            ):
                continue
            # each member once, by its tag's name (`tagged`: a printed name's tag name)
            # a name's first word may be its company's where another filing's tag leaves it out ("Verizon
            # Business Group" beside "Business Group": "Bus. Grp")
            members = {
                tagged.get(name, name)
                for name, tickers in reporters.items()
                if tickers & set(named)
                and (
                    _shortens_words(typed, parts := name.split())
                    or (" ".join(parts[1:]) in reporters and _shortens_words(typed, parts[1:]))
                )
            }
            # one member, or one tag one filing writes with its company's name ("Verizon Business Group") and
            # another without ("Business Group"): the one the filer's rows print, else the shorter; one typed
            # whole ("diagnostics segment": Abbott's "Diagnostics", not its "Rapid Diagnostics")
            whole = {
                tagged.get(name, name)
                for name, tickers in reporters.items()
                if tickers & set(named) and name.lower() == " ".join(typed).lower()
            }
            common = [m for m in members if all(set(m.split()) <= set(other.split()) for other in members)]
            common = list(whole) if len(whole) == 1 else common
            if len(common) == 1:
                chosen = next((m for m in sorted(members) if m in tagged.values()), common[0])
                # a shorter member bound inside gives way ("US" of "US retail coffee seg")
                draft.spans = [
                    span
                    for span in draft.spans
                    if not (start <= span.start - draft.offset and span.end - draft.offset <= end)
                ]
                draft.bind(start, end - len(words[-1].group()) + len(typed[-1]), "qualifier", bounds[chosen])
                _bind_part_word(draft, end)
                break


def _bind_run_together_members(
    draft: _Draft,
    reporters: Mapping[str, set[str]],
    bounds: Mapping[str, str],
    named: Collection[str],
    companies: Collection[str],
) -> None:
    """A member of a company the question names, typed as the first letters of each word of its name run
    together, each capitalised ("LatAm": Coca-Cola's "Latin America", "AsiaPac": "Asia Pacific") or all in
    capitals ("APAC", "LATAM"); only where it names one member of those companies."""
    if not named:
        return
    for token in _RUN_TOGETHER.finditer(draft.text):
        if token.group() in companies or not draft.free(*token.span()):
            continue
        parts = re.findall(r"[A-Z][a-z]+", token.group())
        members = [
            name
            for name, tickers in reporters.items()
            if tickers & set(named)
            and (
                _starts_each(parts, _major_words(name))
                if parts
                else _begins_each(token.group().lower(), [word.lower() for word in _major_words(name)])
            )
        ]
        if len(members) == 1:
            draft.bind(*token.span(), "qualifier", bounds[members[0]])
            _bind_part_word(draft, token.end())


_RUN_TOGETHER = re.compile(r"(?<![\w&.-])(?:[A-Z][a-z]+(?:[A-Z][a-z]+)+|[A-Z]{4,6})(?![\w&-])")


def _major_words(name: str) -> list[str]:
    return [word for word in name.split() if word.lower() not in _MINOR]


def _begins_each(typed: str, words: Sequence[str]) -> bool:
    """Whether `typed` runs together a beginning of each of two words or more, in order ("apac": "asia
    pacific", "latam": "latin america")."""
    return len(words) >= 2 and _beginnings(typed, words)


def _beginnings(typed: str, words: Sequence[str]) -> bool:
    if len(words) == 1:
        return bool(typed) and words[0].startswith(typed)
    return any(
        words[0].startswith(typed[:cut]) and _beginnings(typed[cut:], words[1:])
        for cut in range(1, len(typed))
    )


def _starts_each(parts: Sequence[str], words: Sequence[str]) -> bool:
    """Whether each of `parts` begins the word of `words` in its place, all of them."""
    return len(parts) == len(words) and all(
        word.lower().startswith(part.lower()) for part, word in zip(parts, words, strict=True)
    )


# What a line's name runs to: a few words, maybe called a line or a heap, before a break or a preposition.
_LINE_NAMED = (
    r"(?:the\s+)?(?P<line>[A-Za-z&][\w&'./-]*(?:\s+[\w&'./-]+){0,5}?)(?:\s+(?:line|lines|bucket|pile|piece|portion|stuff))?"
    r"(?=\s*(?:[,;()?!]|\.(?:\s|$)|$)|\s+(?:from|in|for|but|please|pls|plz|thanks|thx|ty)\b"
    # nor the question's verb after it ("… debt excluding Ford Credit did Ford report")
    r"|\s+(?:did|does|do|was|were|is|are|has|have)\b"
    # nor a period after it ("LT debt ex current portion 12/31/23")
    r"|\s+(?:\d|(?:fy|cy|q[1-4]|[1-4]q|[12]h|h[12]|ytd|9m|6m)\b))"
)
# A line the figure is asked without: "excluding short-term and other investments", "(ex lic support)",
# "reported vs ex-divestiture" (an "ex" apart after no word: "cap ex" is capital expenditures, "op ex"
# operating expenses, and "revenue ex services FY24" may be either; but "LT debt ex current portion"),
# "not counting marketable securities", "skip the capitalized software line"
_EXCLUSION = re.compile(
    r"\b(?:(?:excluding|excl\.?|(?:(?<![\w-]\s)(?<![\w-])|(?=ex\s+(?:the\s+)?(?:current|inter-?seg)))ex|not\s+counting"
    r"|not\s+including|leaving\s+out|leave\s+out|strip(?:ping|ped)?\s+out|skip(?:ping)?)\s+|(?<![\w-])ex-(?=[a-z]))"
    + _LINE_NAMED,  # "ex-divestiture", joined, after any word
    re.IGNORECASE,
)
# What an asking clause goes on to leave out after a dash: "… from bitcoin mining itself in 2023 - not the
# data center hosting or engineering stuff" (an aside that opens so, "? not the six-month number pls", says
# which figure, and is filler)
_NOT_AFTER_DASH = re.compile(
    r"(?:^|(?<=\s-\s)|(?<=[—–]\s))not\s+(?:the\s+|any\s+)?(?!(?:adjusted|gaap|non-gaap)\b)" + _LINE_NAMED,
    re.IGNORECASE,
)
# What the figure takes in ("total sales and revenues …, including inter-segment sales"): its own words say
# the line, which must be printed so
_INCLUSION = re.compile(
    # ("…, total incl. the small discontinued ops piece")
    r"(?<=,)\s*(?:(?:the\s+)?total\s+)?\b(?:including|incl\.?)\s+" + _LINE_NAMED,
    re.IGNORECASE,
)


_PARENTHESISED_EXCLUSION = re.compile(
    r"\(\s*(?=(?:excluding|excl|ex|not\s+counting|not\s+including|including|incl)\b)([^()]*)\)", re.IGNORECASE
)


def _parenthesised_exclusions_out(source: str, excluded: list[str], names: Sequence[tuple[int, int]]) -> str:
    """The question without its parentheses that say what the figure leaves out ("purchases of property and
    equipment (excluding capitalized software)") or takes in ("(incl interseg)"), each blanked where it stood
    so that no clause breaks there (a formula runs on past it); the lines left out are added to
    `excluded`. One that is part of a member's printed name (`names`: "China (including Hong Kong)") stays."""

    def blanked(found: re.Match[str]) -> str:
        if any(start <= found.start() < end for start, end in names):
            return found.group()
        lines = [line.group("line") for line in _EXCLUSION.finditer(found.group(1))]
        if len(lines) == 1 and _CURRENT_PART.fullmatch(lines[0]):
            # "long-term debt (excluding current maturities)": the line's non-current part, as outside one
            return "noncurrent".ljust(len(found.group()))
        excluded.extend(_in_filing_words(line) for line in lines)
        return " " * len(found.group())

    return _PARENTHESISED_EXCLUSION.sub(blanked, source)


# A part's old name, then the one it goes by now in parentheses: "j&j's pharma business (they call it
# innovative medicine now)"
_RENAMED = re.compile(
    r"(?P<lead>(?:['’]s|\bthe|\bits|\btheir)\s+)(?P<old>(?:[\w&-]+\s+){0,2}?[\w&-]+\s*\(\s*"
    r"(?:they\s+(?:now\s+)?call\s+(?:it|them)|now\s+(?:called|named|known\s+as)|renamed(?:\s+to)?"
    r"|rebranded(?:\s+as)?)\s+)(?P<name>[^()]{2,40}?)(?P<tail>(?:\s+now)?\s*\))",
    re.IGNORECASE,
)


def _renamed(source: str) -> str:
    """The question with a part's old name blanked where a parenthesis gives the name it goes by now, which
    is what its filings print; each blanked where it stood, so that every offset holds."""
    return _RENAMED.sub(lambda m: m["lead"] + " " * len(m["old"]) + m["name"] + " " * len(m["tail"]), source)


# Words in capitals, then initials in parentheses: "GM International (GMI)"
_SPELLED_OUT = re.compile(r"(?P<words>(?:[A-Z][\w&-]*\s+){1,4})\(\s*(?P<initials>[A-Z][A-Z&]{1,5})\s*\)")


def _spelled_out(source: str, words: FilingWords) -> str:
    """The question with a part's spelled-out name blanked where initials in parentheses follow it that are
    the name a member is printed by ("GM International (GMI)": GM prints "GMI"); blanked where it stood, so
    that every offset holds."""
    printed = {name for _, name in words.members}

    def blanked(found: re.Match[str]) -> str:
        text, initials = found.group(), found["initials"]
        written = list(re.finditer(r"\S+", found["words"]))  # (the words open the match)
        if initials not in printed:
            return text
        for k in range(1, len(written) + 1):
            if _initials([word.group() for word in written[-k:]], True) == initials.lower():
                cut, at = written[-k].start(), found.start("initials") - found.start()
                return text[:cut] + " " * (at - cut) + initials + " " * (len(text) - at - len(initials))
        return text

    return _SPELLED_OUT.sub(blanked, source)


_CURRENT_PART = re.compile(
    r"(?:the\s+)?current(?:\s+(?:portion|part|maturities|mat\.?|piece))?(?:\s+of\s+[\w\s-]+)?"
    # "excluding debt maturing within one year", "not counting the bit that comes due within a year"
    r"|(?:the\s+)?(?:(?:debt|bit|portion|part|piece|amount)\s+)?(?:that\s+)?(?:maturing|matures|comes?\s+due"
    r"|coming\s+due|due)\s+within\s+(?:one|a|1)\s+year",
    re.IGNORECASE,
)


def _bind_exclusions(draft: _Draft, asking: bool) -> list[str]:
    """What the figure is asked without names no line of it (filler); the lines it leaves out are returned,
    for the check that the figure does leave them out (`Reading.excluded`)."""
    excluded = []
    found_out = [*_EXCLUSION.finditer(draft.text), *(_NOT_AFTER_DASH.finditer(draft.text) if asking else ())]
    for found in sorted(found_out, key=lambda found: found.start()):
        if draft.free(*found.span()) and _CURRENT_PART.fullmatch(found.group("line")):
            # "long-term debt, excluding the current portion" is the line's non-current part, which the
            # balance sheet prints as a line of its own
            draft.bind(found.start(), found.end(), "item", "noncurrent")
        elif draft.free(*found.span()) and _NONCONTROLLING_LINE.search(found.group("line")):
            # "net income excluding noncontrolling interests" is the company's share, a line of its own
            # ("Net income attributable to Thermo Fisher"), not the total whose parts the statement prints
            draft.bind(found.start(), found.end(), "item", "attributable")
        elif draft.free(*found.span()):
            draft.bind(found.start(), found.end(), "filler")
            excluded.append(_in_filing_words(found.group("line")))
    for found in _INCLUSION.finditer(draft.text):
        if draft.free(*found.span()):
            # (the non-controlling interests it takes in say which total: ProfitLoss, not the company's share)
            held = _WITH_NONCONTROLLING.search(found.group()) is not None
            draft.bind(found.start(), found.end(), "item" if held else "filler", _WITH_NCI if held else "")
    return excluded


# what a figure of sales to others leaves out by what it is: "external sales (excluding inter-segment sales)"
_EXTERNAL = re.compile(r"\bexternal\b|\boutside\s+customers\b|\bthird[- ]part(?:y|ies)\b", re.IGNORECASE)
_INTERSEGMENT = re.compile(r"\binter-?\s?seg", re.IGNORECASE)


def _left_out(excluded: Sequence[str], asked: str) -> tuple[str, ...]:
    """The lines the figure is asked without, less the intersegment sales an external figure leaves out by
    being external (Caterpillar's "Energy & Transportation External Sales" is shown with no such line)."""
    external = _EXTERNAL.search(asked) is not None
    return tuple(dict.fromkeys(line for line in excluded if not (external and _INTERSEGMENT.search(line))))


def _in_filing_words(line: str) -> str:
    """A line as the filings word it, an analyst's words for items replaced ("cap sw": "capitalized
    software")."""
    for phrase in analyst_words():
        if phrase.role == "item" and phrase.bound:
            line = phrase.pattern.sub(phrase.bound, line)
    return re.sub(r"[\w']+", lambda word: SHORT_FORMS.get(word.group().lower(), word.group()), line)


_NOT_BEFORE = re.compile(r"\bnot\s+(?:just\s+|only\s+)?(?:the\s+)?$", re.IGNORECASE)
# (two of them together too: Nvidia's "Data Center market platform")
# (and, after a member's name only, what says the member is a product or a category of them: "Personal Safety
# products", "3m's personal safety product line", "the Appliances product category")
_PARTS = "|".join([*sorted(PART_WORDS), r"product\s+(?:line|category)", "products?", "category"])
_PART_WORD = re.compile(rf"\s+((?:{_PARTS})(?:\s+(?:{_PARTS}))?(?:['’]s)?)\b", re.IGNORECASE)


# What an aside says a member is, after its name: "Cruise, GM's robotaxi unit, …" (the company's name is
# left for the companies' binding)
_MEMBER_APPOSITIVE = re.compile(
    rf",\s*(?:(?:the|its|their)\s+|[\w.&'’-]+['’]s\s+)?((?:[A-Za-z-]+\s+){{0,3}}(?:{'|'.join(sorted(PART_WORDS))}))\s*,",
    re.IGNORECASE,
)


# …or in parentheses, after its word for a part: "Comcast's Media segment (the NBCU networks + Peacock
# bucket)"; one that names a period says when, not what ("Media (Q2 2023)")
_MEMBER_PARENTHESIS = re.compile(
    rf"(?:\s+(?:{'|'.join(sorted(PART_WORDS))}))?\s*\((?![^()]*(?:\d|\b(?:quarter|year|month|fiscal|ytd)))([^()]*)\)",
    re.IGNORECASE,
)


def _bind_appositive(draft: _Draft, end: int) -> None:
    """The words an aside right after a member's name describes it by name no line ("robotaxi unit")."""
    for pattern in (_MEMBER_APPOSITIVE, _MEMBER_PARENTHESIS):
        found = pattern.match(draft.text, end)
        if found is not None and draft.free(*found.span(1)):
            draft.bind(*found.span(1), "filler")


# "Facebook's parent": the company that owns the one named, which is the company itself where a name it went
# by is named (a line's "attributable to parent" is no company's)
_PARENT_AFTER = re.compile(r"(?:['’]s)?\s+(parent(?:\s+company)?)\b", re.IGNORECASE)


def _bind_parent_words(draft: _Draft) -> None:
    for span in [span for span in draft.spans if span.role == "company"]:
        found = _PARENT_AFTER.match(draft.text, span.end - draft.offset)
        if found is not None and draft.free(*found.span(1)):
            draft.bind(*found.span(1), "filler")


def _bind_part_word(draft: _Draft, end: int) -> None:
    """The word for a part right after a member's name is no word of a line: "segment" the filings'
    "segment"; another ("Boeing's defense unit", "Nvidia's data center business", Medtronic's "Medical
    Surgical Portfolio") names the member, whether the filer reports it as a segment or a product."""
    found = _PART_WORD.match(draft.text, end)
    if found is not None and draft.free(*found.span(1)):
        said = found.group(1).lower()
        if said.startswith("seg"):
            draft.bind(found.start(1), found.end(1), "item", "segment")
        else:
            draft.bind(found.start(1), found.end(1), "filler")


def _shortens_words(typed: Sequence[str], name: Sequence[str]) -> bool:
    """Whether the typed words shorten a name's first words, one each ("Marine Sys": "Marine Systems")."""
    return len(typed) <= len(name) and all(
        _shortens(word, part) for word, part in zip(typed, name, strict=False)
    )


_PERIOD_TOKEN = re.compile(
    r"(?:fy|cy|fye|ye|q[1-4]|[1-4]q|h[12]|[12]h|[69]m)?'?(?:19|20)?\d{2}|q[1-4]|[1-4]q|fy|ytd|ttm|ltm"
    rf"|(?:\d{{1,2}}-)?{MONTH_NAME_PATTERN}[-'/](?:\d{{4}}|\d{{2}})"
    r"|\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})"  # "6/30/23": a day, as Americans write it
    rf"|{MONTH_NAME_PATTERN}[-–/]{MONTH_NAME_PATTERN}"  # "April-June": the months of a quarter
    r"|\d{1,2}-?(?:weeks?|wks?|months?|mos?)"  # "36-week", "12wk", "3-month"
)


def _bind_rest(
    draft: _Draft, words: FilingWords | None, grammar: Collection[str], period_words: Collection[str]
) -> None:
    """Every token not yet bound: grammar, a word the filings name, a misspelling of one, or filler."""
    # the clause's own terms, folded as a whole: a word a spelling of a line consumes ("plant" of "property,
    # plant and equipment", folded to "property and equipment") is no misspelling of another word
    clause_terms = words.fold(draft.text) if words is not None and words.fold is not None else frozenset()
    for token in _TOKEN.finditer(draft.text):
        if not draft.free(*token.span()):
            continue
        word = token.group()
        lowered = word.lower().rstrip(".")
        if _PERIOD_TOKEN.fullmatch(lowered) or lowered in period_words:
            draft.bind(token.start(), token.end(), "period", word)
        elif re.sub(r"'s$", "", lowered) in grammar or re.fullmatch(r"[\d.,$%'-]+|10-?[kq]", lowered):
            draft.bind(token.start(), token.end(), "grammar", word)
        elif (spelled := _swapped(lowered, grammar)) is not None:
            draft.bind(token.start(), token.end(), "grammar", spelled)  # "hte DD&A charge": "the"
        elif lowered == "inc" and _after_line_word(draft, token.start()):
            draft.bind(token.start(), token.end(), "item", "income")  # "B&SI seg inc": no legal form
        elif lowered in SHORT_FORMS:
            draft.bind(token.start(), token.end(), "item", SHORT_FORMS[lowered])  # "intl": "international"
        elif words is not None and (line := dict(words.initials).get(lowered)) is not None:
            draft.bind(token.start(), token.end(), "item", line)  # "F&B": the filings' "Food and beverage"
        elif (
            words is not None
            and words.fold is not None
            and not (folded := words.fold(lowered)) <= words.terms
            and folded <= clause_terms
            and not is_english_word(lowered)  # "stable" is no misspelling of "table"
            and (near := _nearest(lowered, words.terms))
        ):
            draft.bind(token.start(), token.end(), "item", near)
        else:
            # A word the filings do not name stays part of the item, so that the answer fails closed ("car"
            # in "Apple's car revenue"): only the filler words of `words.tsv` name nothing.
            draft.bind(token.start(), token.end(), "item", word)


def _after_line_word(draft: _Draft, start: int) -> bool:
    """Whether a line's word or a part's is bound right before `start` (a place in the draft's text)."""
    before = [span for span in draft.spans if span.end - draft.offset <= start]
    last = max(before, key=lambda span: span.end, default=None)
    return (
        last is not None
        and last.role in ("item", "qualifier")
        and not draft.text[last.end - draft.offset : start].strip()
    )


def _swapped(typed: str, grammar: Collection[str]) -> str | None:
    """The grammar word of three letters or more that a word that is no English word writes with two
    neighbouring letters swapped ("hte": "the", "waht": "what"), if any. Of three letters, only into the
    commonest words: "aws" is a segment's initials typed in lower case, never "was"."""
    if len(typed) < 3 or not typed.isalpha() or is_english_word(typed):
        return None
    swaps = (typed[:i] + typed[i + 1] + typed[i] + typed[i + 2 :] for i in range(len(typed) - 1))
    return next(
        (swap for swap in swaps if swap in grammar and (len(typed) > 3 or swap in _SWAPPED_SHORT)), None
    )


_SWAPPED_SHORT = frozenset({"the", "and", "for"})


# An auxiliary before the clause's subject: "what op margin did Mastercard run at", "how much inventory was
# Walmart carrying".
_AUXILIARY_BEFORE = re.compile(
    r"\b(?:did|does|do|was|were|is|are|has|have|had)\s+(?:the\s+)?$", re.IGNORECASE
)
# "how steep was …": the manner the question asks in ("how big" asks an amount, as "how much" does).
_HOW_MANNER = re.compile(
    r"\bhow\s+(?!(?:much|many|big|large|high|low|small|long)\b)([a-z]+)(?=\s+(?:was|were|is|are|did|does|has|have)\b)",
    re.IGNORECASE,
)
# "how big is smuckers' canadian business": a part's size, where no line is named, is its revenue
# (not the size of something at the part: "how big was the hit at GE's Renewable Energy segment")
_SIZE_OF_PART = re.compile(
    r"\bhow\s+(?:big|large)\s+(?:is|was|are|were)\s+(?:(?!(?:at|in|of|for|on|to|from|by|within)\b)[\w&.'’-]+\s+)"
    r"{1,5}?(business|segment|unit|division|arm)\b",
    re.IGNORECASE,
)
_SIZE = "revenue"


def _bind_size_of_part(draft: _Draft) -> None:
    """The size asked of a part is its revenue: the word for the part is bound so, until a line is named
    beside it (`_size_named_otherwise`)."""
    found = _SIZE_OF_PART.search(draft.text)
    if found is not None and draft.free(*found.span(1)):
        draft.bind(*found.span(1), "item", _SIZE)


def _size_named_otherwise(draft: _Draft) -> None:
    """A line named beside a part's size is the line asked ("how big was its R&D"): the part's word names
    nothing then. A place is no line ("how big is smuckers' canadian business": Canada)."""
    found = _SIZE_OF_PART.search(draft.text)
    if found is None:
        return
    at = found.start(1) + draft.offset
    sized = [span for span in draft.spans if span.start == at and span.bound == _SIZE]
    places = _PLACES_BY_ADJECTIVE.values()
    if sized and any(
        span.role == "item" and span.start != at and span.bound not in places for span in draft.spans
    ):
        draft.spans = [
            replace(span, role="filler", bound="") if span in sized else span for span in draft.spans
        ]


_CASH_SPENT = re.compile(
    r"\bhow\s+much\s+(cash)\s+(?:did|does|do|has|have|had)\s+(?:[\w'’&.,-]+\s+){1,5}?"
    r"(?:spend|spent|put|return|returned|pay|paid|use|used|deploy|deployed|allocate|allocated"
    r"|shell(?:ed)?\s+out|fork(?:ed)?\s+(?:out|over))\b",
    re.IGNORECASE,
)
# "how much inventory was Intel carrying on its balance sheet": a balance held names no line ("carrying" is a
# word the filings print, in "carrying amount")
_HELD = re.compile(
    r"\bhow\s+much\s+[\w&' -]+?\s+(?:was|were|is|are|did|does|do)\s+(?:[\w'’&.-]+\s+){1,3}?"
    r"(carrying|holding|carry|hold)\b",
    re.IGNORECASE,
)
# "how much cash did operations bring in": the cash operating activities provided
_CASH_FROM_OPERATIONS = re.compile(
    r"\bhow\s+much\s+(cash\s+did\s+(?:its\s+|their\s+|the\s+)?operations)\s+"
    r"(bring\s+in|brought\s+in|generate|produce|throw\s+off)\b",
    re.IGNORECASE,
)
# "how much cash did unitedhealth actually bring in from operations": the cash is the operating cash flow
_CASH_IN_FROM_OPERATIONS = re.compile(
    r"\bhow\s+much\s+(cash)\s+did\s+(?:[\w.&'’-]+\s+){1,3}?(?:actually\s+|really\s+)?"
    r"((?:bring|brought|pull|pulled|take|took)\s+in|generate|produce|throw\s+off|make)\s+"
    r"(from\s+(?:its\s+|their\s+|the\s+)?operations)\b",
    re.IGNORECASE,
)
# "Which company held more cash and cash equivalents …": the verb of a comparison of balances
_HELD_MORE = re.compile(
    r"\b(?:which|who|whose)\b[^?.]{0,24}?\b(held|had|carried|kept|holds|has|carries|keeps)\s+"
    r"(?:more|less|the\s+(?:most|least|larger|bigger|smaller))\b",
    re.IGNORECASE,
)
# "how much cash did Mullen have on hand": the cash a company holds is its cash and cash equivalents, the
# verb between naming no line
_CASH_ON_HAND = re.compile(
    r"\bhow\s+much\s+(cash)\s+(?:did|does|do|has|have|had)\s+(?:[\w'’&.-]+\s+){1,3}?"
    r"((?:have|hold|keep|carry)\s+on\s+hand)\b",
    re.IGNORECASE,
)
# Where the figure is read: "(straight) off the income statement", "per GE's 10-K segment table", "from the
# 10-K"
_READ_OFF_PREPOSITIONS = frozenset({"off", "from", "per", "on", "in", r"according\s+to"})
_READ_OFF = re.compile(
    rf"\b(?:(?:straight|directly|right)\s+)?(?:{'|'.join(sorted(_READ_OFF_PREPOSITIONS))})\s+"
    # (an owner of up to three words: "on Abbott Laboratories' condensed consolidated balance sheet")
    r"(?:the\s+|its\s+|their\s+|(?:[\w.&'’-]+\s+){0,2}[\w.&'’-]+(?:['’]s|s['’])\s+)?"
    # ("from the second-quarter 10-Q", "in the quarterly data of its 2023 annual report")
    r"(?:(?:first|second|third|fourth)[- ]quarter\s+|(?:19|20)\d\d\s+|annual\s+|quarterly\s+)?"
    r"(?:10-?[kq]\s+)?"
    r"(?:condensed\s+)?(?:consolidated\s+)?"
    r"(?:(?:segment|income|cash\s+flows?|balance|financial)\s+)?(?:statements?|stmts?|sheet|tables?|p&l|10-?[kq]"
    r"|data|reports?)"
    # ("on its consolidated statement of operations", "… data of its 2023 annual report")
    r"(?:\s+of\s+(?:its|the|their)\s+(?:(?:19|20)\d\d\s+)?(?:annual\s+|quarterly\s+)?(?:report|10-?[kq]|filing))?"
    r"(?:\s+of\s+(?:operations|income|earnings|cash\s+flows?|financial\s+position|comprehensive\s+income))?\b",
    re.IGNORECASE,
)
_FORM = re.compile(r"10-?[kq]", re.IGNORECASE)
# What a clause says the figure is not, after a comma: "Q2 2023 alone (April-June), not the six-month number",
# "the nine-month figure, not just Q3 on its own"
_NOT_THAT = re.compile(
    # (or, without the comma, after the figure the clause names: "…, the GAAP number not the core one")
    r"(?:,\s*|(?:(?<=\bnumber)|(?<=\bfigure)|(?<=\bone)|(?<=\bversion)|(?<=\bmeasure))\s+)(?:and\s+)?"
    r"(?:not\s+(?:just|only|merely)\s+"  # (", not just premiums": whatever it names)
    r"|(?:not|rather\s+than|instead\s+of)\s+(?:(?:the|a|an|its|their|what)\s+"
    # (or a period it is not: ", not Q2 by itself")
    r"|(?=(?:q[1-4]|[1-4]q|h[12]|[12]h|ytd)\b)))[^,.;:?!()]*",
    re.IGNORECASE,
)
# "back out operating income for Jul-Feb from the full-year and six-month numbers": what a figure is computed
# from, said by the periods of its inputs; the asked period says it (a second half is the year less the first)
_PERIOD_SOURCE = (
    r"(?:full[- ]?year|annual|yearly|quarterly|(?:three|six|nine|twelve|3|6|9|12)[- ]?months?|ytd|"
    r"year[- ]to[- ]date|half[- ]year|first[- ]half|1h|h1|10-?[kq]|q[1-4])"
)
_FIGURES_FROM = re.compile(
    rf"\b((?:from|using|off|with)\s+(?:the\s+|its\s+|their\s+)?{_PERIOD_SOURCE}"
    rf"(?:\s*(?:and|&|\+|,)\s*(?:the\s+)?{_PERIOD_SOURCE})*\s+(?:numbers|figures|totals|data|results|filings?))\b",
    re.IGNORECASE,
)
# "the EBIT-adjusted result of GM's Cruise segment": the measure's result is the measure ("as a result of"
# says why)
_RESULT_OF = re.compile(r"(?<!\bas\sa\s)\b(results?)(?=\s+(?:of|for)\b)", re.IGNORECASE)
# Idioms for paying ("how much cash did they shell out on dividends"): what was spent, a payment line's
# ("how much cash actually went out the door as dividends")
_SPENT_IDIOM = re.compile(
    r"\b(?:shell(?:s|ed|ing)?\s+out|fork(?:s|ed|ing)?\s+(?:out|over)|(?:go|goes|went|going)\s+out\s+the\s+door"
    # ("how much did visa blow on buybacks": spend, as a reader of the cash-flow statement says it)
    r"|(?:blow|blows|blew|blown|blowing)(?=\s+on\b)"
    # ("how much did TI pour into R&D", "pumped into capex")
    r"|(?:pour|pump|plow)(?:s|ed|ing)?(?=\s+(?:back\s+)?into\b)"
    # ("who paid out more in stock comp": no paid-in capital; "paid more in interest" is the data's)
    r"|pa(?:id|ys?)(?:\s+out)?(?=\s+(?:more|less)\s+(?:in|on|for)\b(?!\s+interest\b)))\b",
    re.IGNORECASE,
)
# "take full-year net income and back out the first six months": the year's part subtracted (the second
# half asked, `understanding`), where "back out" is otherwise filler ("… and back out capex to get me FCF")
_PART_BACKED_OUT = re.compile(
    r"\b(?:back(?:ing)?\s+out|take\s+out|knock(?:ing)?\s+off|subtract(?:ing)?|minus|less)(?=\s+(?:the\s+|its\s+)?(?:"
    r"(?:first|1st)\s+(?:six|6|nine|9)[- ]months?|(?:first|1st)\s+half|(?:first\s+)?three\s+quarters"
    r"|(?:six|6|nine|9)[- ]months?|(?:1h|h1|9m)(?:\s?'?\d{2,4})?)\b)",
    re.IGNORECASE,
)
# the year a part is taken from, said bare before it: "FY less 9M"
_BARE_YEAR_BEFORE = re.compile(r"\b(fy|full[- ]year)\s+$", re.IGNORECASE)
# "what does operating cash flow less capex come out to": "less" between two lines is "minus", not a line's
# own words ("long-term debt, less current portion", "less accumulated depreciation", "less than"), nor a
# metric's name ("EBITDA less capex", read whole by `metrics.library`)
_LESS_AS_MINUS = re.compile(
    r"(?<=[a-z)])(?<!ebitda)\s+(less)\s+(?!than\b|:|(?:the\s+|its\s+|their\s+)?(?:current|accumulated|allowances?|treasury"
    r"|reserves?|unamortized|amounts?|portion|deferred|discount|premium|imputed|interest\s+portion)\b)"
    r"(?=[a-z&(])",
    re.IGNORECASE,
)
# How a derived period is computed, said after the question that names it: "can you back it out as full year
# minus H1?" (the second half asked is the year less its first half: `understanding`)
_PERIOD_METHOD = re.compile(
    r"\b(?:as|by|using|from|via)\s+(?:the\s+)?(?:full[- ]?year|fy|(?:fiscal\s+)?year|annual)\s+"
    r"(?:minus|less|-)\s+(?:the\s+)?"
    r"(?:h1|1h|first[- ]half|(?:first\s+)?(?:six|6|nine|9)[- ]?months?|6m|9m|ytd)(?!\w)",
    re.IGNORECASE,
)
# What the asker is after: "the segment table number is what i'm after" (where the figure is printed, or
# nothing more: "whole segment total incl. intersegment is what i'm after" keeps what it says of the figure)
_WHAT_IM_AFTER = re.compile(
    r"(?:\b((?:table|statement|filing|reported)\s+(?:number|figure)|number|figure)\s+)?"
    r"\b(is\s+what\s+(?:i['’]?m|i\s+am|we['’]?re|we\s+are)\s+(?:after|looking\s+for))\b",
    re.IGNORECASE,
)
# What the figure is for: "for a seasonality chart", "for my comps sheet" (no line's words)
_FOR_PURPOSE = re.compile(
    r"\b(for\s+(?:a|an|my|our|the)\s+(?:[\w-]+\s+){0,2}?(?:chart|slide|deck|model|note|memo|comps?|sheet|table"
    r"|presentation|writeup|write-up|email|call|meeting|pitch|dashboard))\b",
    re.IGNORECASE,
)
# "where did gross margin land", "where did it end up": what the figure came to
# ("how much of 2023's bottom line landed in the back half": which part of the figure)
_LANDED = re.compile(
    r"\bwhere\s+did\s+[^?,.]{1,40}?\s+(land|end\s+up|come\s+in|settle)\b"
    r"|\bhow\s+much\s+of\s+[^?,.]{1,40}?\s+(landed|fell|came\s+in)\s+(?=in\b)",
    re.IGNORECASE,
)
# examples of what a figure holds, listed and ended with "etc" (", wind + grid etc", ", gift cards, loyalty
# stuff etc."): what the asker has in mind, no line
_EXAMPLES = re.compile(
    r"[,(]\s*((?:[\w&'./-]+\s*(?:[+/,&]|\band\b)\s*){1,4}[\w&'./-]+(?:\s+[\w&'./-]+)?\s+etc\b\.?)",
    re.IGNORECASE,
)
# "on an EBIT-adjusted basis", "on a diluted basis": the measure is the words between
_ON_BASIS = re.compile(r"\b(on(?:\s+(?:an?|the))?)\s+[\w-]+(?:\s+[\w-]+)?\s+(basis)\b", re.IGNORECASE)
# "as General Motors shows it", "as they report them": the figure as printed, no line's word
_AS_SHOWN = re.compile(
    r"\bas\s+(?:[\w.&'’-]+\s+){0,3}?(shows?|reports?|presents?|prints?|puts?|states?|discloses?)\s+(?:it|them)\b",
    re.IGNORECASE,
)
# "as shown on the condensed consolidated balance sheet": where it is read (`_READ_OFF`), no line's word
_SHOWN_ON = re.compile(
    r"\b(as)\s+(shown|reported|presented|printed|stated|disclosed)(?=\s+"
    + _READ_OFF.pattern.removeprefix(r"\b")
    + r"|\s*[,.?!]|\s*$)",
    re.IGNORECASE,
)
_VERB_WORDS = 2  # a subject's verb and its particle ("add up", "run at")
_JOINING = frozenset({"and", "&"})


# "… throw off across 2024, before any capex gets taken out": what a figure is before, no part of it
_BEFORE_TAKEN_OUT = re.compile(
    r"(,?\s*before\s+(?:any\s+|the\s+)?[\w&/ -]{1,30}?\s+(?:gets?|is|are)\s+"
    r"(?:taken|subtracted|backed)\s+out)\b",
    re.IGNORECASE,
)


# A statement named last, after the line asked ("BMY dividends paid FY23 cash flow", "PEP dividends paid YTD
# 3Q23 36wk cash flow"): where the line is read, unless a word before makes it a measure of cash flow
# ("operating cash flow", "FCF")
_STATEMENT_LAST = re.compile(
    r"(?<!\boperating)(?<!\bfree)(?<!\bnet)(?<!\binvesting)(?<!\bfinancing)(?<!\btotal)(?<!\bdiscretionary)"
    r"(?<!\blevered)(?<!['’]s)\s+((?:cash[- ]flows?|cf|p&l|income\s+statement|balance\s+sheet|b/s)"
    r"(?:\s+(?:stmt|statement))?)\s*[?.!]*\s*$",
    re.IGNORECASE,
)


def _bind_statement_last(draft: _Draft) -> None:
    """A statement's name after the line asked, where an item is bound before it, is filler."""
    found = _STATEMENT_LAST.search(draft.text)
    if found is None or not draft.free(*found.span(1)):
        return
    named = any(span.role == "item" and span.end - draft.offset <= found.start(1) for span in draft.spans)
    # (or a word of a line, in lowercase, that no question and no period is made of: "TMO acquisitions net
    # of cash acquired FY23 cash flow", not "how much was apple cash flow")
    lines = [
        word
        for word in re.finditer(r"\b[a-z]{4,}\b", draft.text[: found.start(1)])
        if word.group() not in GRAMMAR and draft.free(*word.span())
    ]
    if named or lines:
        draft.bind(*found.span(1), "filler")


_SEASON = re.compile(r"\b((?:last|this|past)\s+(?:summer|spring|fall|autumn|winter))\b", re.IGNORECASE)
# a period said with its year or its quarter's number ("q2 fy23", "1H 2023", "FY24")
_DATED = re.compile(r"\b(?:q[1-4]|[1-4]q|fy\s?'?\d{2,4}|(?:19|20)\d\d|h[12]|[12]h)\b", re.IGNORECASE)


def _unbind_seasons(drafts: Sequence[tuple[Clause, _Draft]]) -> None:
    """A season beside a period dated by its year or quarter ("in the building materials bucket last summer -
    their q2 fy23") loosely says that period: filler, not a line's words. Alone it stays unread."""
    if not any(span.role == "period" and _DATED.search(span.text) for _, d in drafts for span in d.spans):
        return
    for _, draft in drafts:
        for found in _SEASON.finditer(draft.text):
            start, end = draft.offset + found.start(1), draft.offset + found.end(1)
            draft.spans = [span for span in draft.spans if span.end <= start or span.start >= end]
            draft.bind(found.start(1), found.end(1), "filler")


def _bind_groups_as_filler(draft: _Draft, patterns: Iterable[re.Pattern[str]]) -> None:
    """Each group of each pattern's matches names nothing, where nothing else is bound there."""
    for pattern in patterns:
        for found in pattern.finditer(draft.text):
            for group in range(1, pattern.groups + 1):
                if draft.free(*found.span(group)):
                    draft.bind(*found.span(group), "filler")


_YEAR = re.compile(r"(?:19|20)\d\d")


def _the_only_year(draft: _Draft, phrase: re.Match[str], word: re.Match[str]) -> bool:
    """Whether `word` of the phrase is a year and the question's only period said by its year or quarter."""
    outside = draft.text[: phrase.start()] + " " + draft.text[phrase.end() :]
    return bool(_YEAR.fullmatch(word.group())) and not _DATED.search(outside)


def _bind_manner(draft: _Draft) -> None:
    """The manner a question asks in ("how steep was …") names nothing: filler; nor does the cash that was
    spent on a line ("how much cash did Honeywell put into buybacks": the buybacks are the line), nor where
    the cash was held ("have on hand"), nor what the figure is not (", not the six-month number"), nor the
    examples an asker lists (", wind + grid etc")."""
    _bind_groups_as_filler(draft, (_HOW_MANNER, _CASH_SPENT, _HELD, _HELD_MORE, _RESULT_OF))
    for found in [*_READ_OFF.finditer(draft.text), *_NOT_THAT.finditer(draft.text)]:
        for word in re.finditer(r"\w\S*", found.group()):
            start, end = found.start() + word.start(), found.start() + word.end()
            # "10-K" says which filing; so does its year where no other period is said ("net sales in its
            # 2023 10-K": fiscal 2023), else the year is the filing's, not the figure's ("2022 revenue in its
            # 2023 10-K")
            if (
                draft.free(start, end)
                and not _FORM.fullmatch(word.group())
                and not _the_only_year(draft, found, word)
            ):
                draft.bind(start, end, "filler")
    _bind_groups_as_filler(draft, (_ON_BASIS, _AS_SHOWN, _SHOWN_ON, _FOR_PURPOSE, _LANDED, _EXAMPLES))
    for found in _CASH_ON_HAND.finditer(draft.text):
        if draft.free(*found.span(1)) and draft.free(*found.span(2)):
            draft.bind(*found.span(1), "item", "cash and cash equivalents")
            draft.bind(*found.span(2), "filler")


def _unbind_verbs(draft: _Draft, words: FilingWords | None) -> None:
    """Words right after the clause's subject, once its item is named before it, are its verb, not a
    line's name: filler where the filings do not name them ("what op margin did Mastercard run at"). A
    verb the filings name says which line ("what dividend per share did Apple declare": "declared"); a
    word before a line stays the line's ("how much revenue did Apple's car business generate": "car" is
    followed by another word, not a preposition)."""
    spans = sorted(draft.spans, key=lambda span: span.start)
    for place, company in enumerate(spans):
        # the subject: a company, a part of one ("what operating margin did global services run at"), or a
        # pronoun for one ("what gross margin did they run in Q3 2023")
        subject = company.role in ("company", "qualifier") or company.text.lower() in _PRONOUNS
        if not subject or not _AUXILIARY_BEFORE.search(draft.text, 0, company.start - draft.offset):
            continue
        if company.role == "company" and place + 1 < len(spans) and spans[place + 1].role == "qualifier":
            # "did Boeing's global services run at": the company's part is the subject, its verb after it
            place, company = place + 1, spans[place + 1]
        if not any(span.role == "item" and span.start < company.start for span in spans):
            return
        verbs: list[Span] = []
        end = company.end
        for span in spans[place + 1 : place + 1 + _VERB_WORDS]:
            typed = span.bound == span.text  # not an analyst's word for a line
            if (
                draft.text[end - draft.offset : span.start - draft.offset].strip()
                or span.role != "item"
                or not typed
                or span.text.lower() in PART_WORDS  # "did Palantir's Healthcare segment generate"
                # a capitalised word names a part, no verb: "did Apple Vision Pro generate"
                or (span.text[:1].isupper() and not draft.text.isupper())
                or words is None
                or _names_a_line(span, words)
            ):
                break
            verbs.append(span)
            end = span.end
        following = next((span for span in spans if span.start >= end), None)
        # "and" goes on with a name ("the Travelers life and annuity segment"), where a particle ends a verb
        joined = following is not None and following.text.lower() in _JOINING
        # a verb ends before a preposition, as where the figure is read does ("carrying on its balance sheet")
        ends = (
            following is None
            or following.role in ("grammar", "period", "operation")
            or (following.role == "filler" and following.text.lower() in _READ_OFF_PREPOSITIONS)
        )
        if verbs and not joined and ends:
            # a verb of expectation says which filing answers ("is Boeing forecasting"): it is read
            roles: dict[int, SpanRole] = {
                id(span): "operation" if FORWARD.fullmatch(span.text) else "filler" for span in verbs
            }
            draft.spans = [
                replace(span, role=roles[id(span)]) if id(span) in roles else span for span in draft.spans
            ]
        return


_CUSTOMERS = frozenset({"customer", "customers", "client", "clients"})
_CUSTOMERS_OF = re.compile(r"\s*(?:in|from|of)(?:\s+the)?\s*$", re.IGNORECASE)


def _unbind_customers(draft: _Draft) -> None:
    """The customers of a part ("from US customers", "customers in the United States", "government
    clients") are the part's: its revenue is from them, and the word names no line of its own."""
    spans = sorted(draft.spans, key=lambda span: span.start)
    for place, span in enumerate(spans):
        if span.role != "item" or span.text.lower() not in _CUSTOMERS:
            continue
        before = spans[place - 1] if place > 0 else None
        after = spans[place + 1 : place + 4]
        part = next((later for later in after if later.role == "qualifier"), None)
        between = draft.text[span.end - draft.offset : part.start - draft.offset] if part is not None else ""
        if (
            before is not None
            and before.role == "qualifier"
            and not draft.text[before.end - draft.offset : span.start - draft.offset].strip()
        ) or (part is not None and _CUSTOMERS_OF.fullmatch(between)):
            draft.spans = [replace(s, role="filler", bound="") if s is span else s for s in draft.spans]


# "Structural Heart & Aortic division, part of its Cardiovascular Portfolio": the part's parent, said of it
_PART_OF = re.compile(r"\W*(?:which\s+is\s+|that\s+is\s+)?(part)\s+of\s+(?:its|their|the)\s+$", re.IGNORECASE)


def _unbind_parents(draft: _Draft) -> None:
    """A member said to be part of another named before it ("Structural Heart & Aortic division, part of its
    Cardiovascular Portfolio") is the first's parent, which the first's figure is of: the parent, and the
    words that say so, name nothing asked."""
    spans = sorted(draft.spans, key=lambda span: span.start)
    parts = [span for span in spans if span.role == "qualifier"]
    for child, parent in itertools.pairwise(parts):
        said = _PART_OF.match(draft.text[child.end - draft.offset : parent.start - draft.offset])
        if said is None or not all(
            span.role in ("grammar", "filler") or span.text.lower() == "part"
            for span in spans
            if child.end <= span.start and span.end <= parent.start
        ):
            continue
        draft.spans = [
            replace(span, role="filler", bound="")
            if child.end <= span.start and span.end <= parent.end
            else span
            for span in draft.spans
        ]


# "how much did the swoosh shell out on share buybacks": the subject, after the auxiliary and "the"
# (not after "had the": "which region had the worst topline performance" says what it had)
_SUBJECT_AFTER_AUXILIARY = re.compile(r"\b(?:did|does|do)\s+the\s+$", re.IGNORECASE)


def _unbind_nicknames(draft: _Draft, words: FilingWords | None) -> None:
    """A word the filings do not print, as the clause's subject before the item it asks ("how much did the
    swoosh shell out on share buybacks"), is a name for the company the question is about: filler."""
    if words is None:
        return
    spans = sorted(draft.spans, key=lambda span: span.start)
    for place, span in enumerate(spans):
        if (
            span.role == "item"
            and span.bound == span.text
            and span.text.islower()  # a name the filer might print is capitalised ("the Instagram segment")
            and not _PART_WORD.match(draft.text, span.end - draft.offset)
            and _SUBJECT_AFTER_AUXILIARY.search(draft.text, 0, span.start - draft.offset)
            and not _names_a_line(span, words)
            and any(later.role == "item" and later.bound != later.text for later in spans[place + 1 :])
        ):
            draft.spans = [replace(s, role="filler", bound="") if s is span else s for s in draft.spans]


def _unbind_other_names(draft: _Draft) -> None:
    """A word set against a member's name by a slash is the asker's other name for it, no word of the line:
    "chevron's u.s. refining/downstream business" (Chevron prints "Downstream")."""
    for span in [span for span in draft.spans if span.role == "qualifier"]:
        start, end = span.start - draft.offset, span.end - draft.offset
        for found in (_SLASHED_BEFORE.search(draft.text, 0, start), _SLASHED_AFTER.match(draft.text, end)):
            if found is not None and draft.free(*found.span()):
                draft.bind(*found.span(), "filler")


_SLASHED_BEFORE = re.compile(r"(?<![\w/])[A-Za-z][\w&-]*/$")
_SLASHED_AFTER = re.compile(r"/[A-Za-z][\w&-]*(?![\w/])")


def _beside_company(draft: _Draft, span: Span) -> bool:
    """Whether a slash sets the span beside a company's name ("Raytheon/RTX's")."""
    after = draft.text[span.end - draft.offset :]
    company = next((s for s in draft.spans if s.role == "company" and s.start > span.end), None)
    return after.startswith("/") and company is not None and not after[1 : company.start - span.end].strip()


_PRONOUNS = frozenset({"they", "it", "she", "he"})
_AFTER_CAPITALISED = re.compile(r"(?<![\w'’-])[A-Z][\w&.-]*\s+$")


def _respelled(source: str, mentions: Sequence[tuple[str, str]], words: FilingWords | None) -> str:
    """The question with each word typed with a slip from an analyst's word or a word of a named company's
    members spelled right ("gross margn" → "gross margin", "revenu" → "revenue", "combat systms" → "combat
    systems"), so that the phrases it is part of are read: a word of five letters
    or more that is no English word, names no company ("Chevorn" is Chevron's), is not written in capitals
    (an acronym: "EBITA" is no slip of "EBIT") nor capitalised after a capitalised word (a name's: "Charter
    Comms"), and is no word the filings print; a shorter one typed without its vowels ("mrgn")."""
    named = {word.lower() for mention, _ in mentions for word in re.findall(r"[A-Za-z]+", mention)}
    member_words = _member_words(words)

    def spelled(token: re.Match[str]) -> str:
        word = token.group()
        lowered = word.lower()
        if (
            word.isupper()
            or (word[0].isupper() and _AFTER_CAPITALISED.search(source, 0, token.start()))  # "Charter Comms"
            or lowered in named
            or lowered in _analysts_terms()
            or is_english_word(lowered)
            or (words is not None and words.fold is not None and words.fold(lowered) <= words.terms)
        ):
            return word
        if len(lowered) < _SLIP_LENGTH:
            return _skeletons().get(lowered, word)  # "mrgn": margin, typed without its vowels
        return _nearest(lowered, _analysts_terms()) or _nearest(lowered, member_words) or word

    return re.sub(r"(?<![\w&'/-])[A-Za-z]{4,}(?![\w&/-])", spelled, source)


def _member_words(words: FilingWords | None) -> frozenset[str]:
    """The words of the named companies' members' printed names ("combat", "systems" of General Dynamics'
    "Combat Systems"), which a word typed with a slip may be ("combat systms")."""
    if words is None:
        return frozenset()
    return frozenset(word for _, name in words.members for word in re.findall(r"[a-z]{5,}", name.lower()))


# a place named by its adjective, as analysts say a region's sales ("meta's european top line")
_PLACES_BY_ADJECTIVE = {
    "european": "Europe",
    "asian": "Asia",
    "canadian": "Canada",
    "japanese": "Japan",
    "chinese": "China",
    "mexican": "Mexico",
    "brazilian": "Brazil",
    "indian": "India",
    "german": "Germany",
    "australian": "Australia",
}
_PLACE_ADJECTIVE = re.compile(rf"\b(?:{'|'.join(_PLACES_BY_ADJECTIVE)})\b", re.IGNORECASE)


def _places_named(source: str, words: FilingWords | None) -> str:
    """The question with a place named by its adjective written as the place, where a member of the named
    companies' filings is that place ("european" → "Europe", Meta's "Europe" member), or their cells print it
    (Smucker's "Canada", tagged with the generic country:CA)."""
    if words is None:
        return source
    places = {word for _, name in words.members for word in name.split()}
    fold = words.fold

    def named(found: re.Match[str]) -> str:
        place = _PLACES_BY_ADJECTIVE[found.group().lower()]
        printed = fold is not None and fold(place) <= words.terms
        return place if place in places or printed else found.group()

    return _PLACE_ADJECTIVE.sub(named, source)


_SLIP_LENGTH = 5  # the shortest word read as a slip; a shorter one may be a word without its vowels


@cache
def _skeletons() -> dict[str, str]:
    """Analysts' words by their letters without the vowels after the first ("mrgn": margin), where no two
    words share them."""
    by_skeleton: dict[str, set[str]] = {}
    for term in _analysts_terms():
        if (skeleton := _skeleton(term)) != term and len(skeleton) >= 4:
            by_skeleton.setdefault(skeleton, set()).add(term)
    return {skeleton: terms.pop() for skeleton, terms in by_skeleton.items() if len(terms) == 1}


@cache
def _analysts_terms() -> frozenset[str]:
    """The words of the analysts' phrases and of what they bind to ("margin", "revenue", "dividends"), which
    a word typed with a slip may be ("margn")."""
    phrases = [text for phrase in analyst_words() for text in (phrase.phrase, phrase.bound)]
    return frozenset(word for text in phrases for word in re.findall(r"[a-z]+", text.lower()))


def _nearest(word: str, terms: frozenset[str]) -> str | None:
    """The term one edit from a word of five letters or more (a letter missing, added, changed, or two
    swapped): a misspelling ("dilutd", "revnue"). One edit only: two would turn words into others
    ("operations" into "operating")."""
    if len(word) < 5 or not word.isalpha():
        return None
    lengths = _by_length(terms)
    near = [
        term
        for length in (len(word) - 1, len(word), len(word) + 1)
        for term in lengths.get(length, ())
        if one_edit(word, term)
    ]
    if len(near) > 1:
        # a doubled letter typed once is the commonest slip: "actualy" is "actually", not "actual"
        near = [term for term in near if _one_of_double_dropped(word, term)]
    return min(near) if len(near) == 1 else None


def _one_of_double_dropped(typed: str, term: str) -> bool:
    return len(term) == len(typed) + 1 and any(
        term[i] == term[i + 1] and term[:i] + term[i + 1 :] == typed for i in range(len(term) - 1)
    )


# The filings' terms by length, for the sets of terms read lately (`qa.filing_words` keeps each set while
# its filings stay the same): a misspelling is compared with the terms of its length and its neighbours'
# only, not with all of a company's (or, for a question naming none, every company's) terms.
@lru_cache(maxsize=16)
def _by_length(terms: frozenset[str]) -> dict[int, tuple[str, ...]]:
    grouped: dict[int, list[str]] = {}
    for term in terms:
        grouped.setdefault(len(term), []).append(term)
    return {length: tuple(found) for length, found in grouped.items()}


# what a verb of shares is done to: "how much stock did dow buy back" asks the share repurchases
_VERB_OBJECTS = frozenset({"stock", "shares", "share"})
_OBJECT_BEFORE = 24  # characters between the shares and the verb done to them ("stock did dow ")


def _verb_objects(draft: _Draft) -> list[Span]:
    """The shares a verb of shares is done to, named just before it: "stock" of "how much stock did dow
    buy back"."""
    verbs = [span for span in draft.spans if span.bound.startswith("verb:") and "share" in span.bound]
    return [
        span
        for span in draft.spans
        if span.role == "item"
        and span.bound.lower() in _VERB_OBJECTS
        and any(0 <= verb.start - span.end <= _OBJECT_BEFORE for verb in verbs)
    ]


# where a figure was made, which names no line ("how much did Upstream earn outside the U.S.")
_PLACES = frozenset({"non-u.s.", "non-us"})
# "outside the US" is what filings print as "Non-U.S.", but for a line that prints it after a participle
# (Walmart's "Income taxed outside the U.S.")
_PRINTED_BEFORE = re.compile(r"(?<!earn)(?<!generat)ed\s+$", re.IGNORECASE)
_OUTSIDE_HOME = re.compile(
    r"\boutside\s+(?:of\s+)?(?:the\s+)?(?:U\.S\.(?:A\.)?|US|USA|United\s+States)(?![\w.])", re.IGNORECASE
)


def _names_an_item(draft: _Draft, members: frozenset[str] = frozenset()) -> bool:
    """Whether the clause names an item besides verbs (a word for a company's part is none: "how much did
    Abbott's diagnostics segment sell", nor a member's printed name typed in lowercase: "how much did
    gamestop sell in europe"; nor the shares a verb of shares is done to: "how much stock did Dow buy
    back"). `members`: the lowercase printed names of the named companies' members."""
    objects = _verb_objects(draft)
    net_of = [found.span() for found in _NET_OF.finditer(draft.text)]
    return any(
        span.role == "item"
        and not span.bound.startswith("verb:")
        # what a line is net of is no line of its own: "what did amex's ICS bring in, net of interest
        # expense" asks the revenue net of it, not the interest expense
        and not any(a <= span.start - draft.offset < b for a, b in net_of)
        and span.bound.lower() not in PART_WORDS
        and span.bound.lower() not in _PLACES
        and span.bound.lower() not in members
        and span.bound not in _SAYS_WHICH_PART
        and span not in objects
        for span in draft.spans
    )


# what a line is said to be net of, up to the clause's next mark ("net of interest expense")
_NET_OF = re.compile(r"(?<![\w-])net\s+of\s+[^,.;?!()]{1,40}", re.IGNORECASE)
# what a line's words say of which part of it is asked, naming no line ("how much did they earn … once you
# strip out the noncontrolling interest piece": the verb's net income, the company's share of it)
_SAYS_WHICH_PART = frozenset({"attributable", "noncurrent"})


def _resolve_verbs(draft: _Draft, items: bool) -> None:
    """A verb names its item ("bring in" → revenue) only when the question's asking clauses name no other
    (`items`): "how much operating earnings did GD's Marine Systems group (the shipyards) make" asks the
    operating earnings, though a parenthesis parts the verb from them. A verb of shares with the shares it
    is done to named just before it names its item whatever else is asked ("how much stock did dow buy back
    …, and what's left on the authorization"), and those shares are its object."""
    objects = _verb_objects(draft)
    part = _names_a_part_only(draft)
    spans = []
    for span in draft.spans:
        if span.bound.startswith("verb:"):
            # with another item named, the verb says nothing more: it is filler ("revenue … brought in"),
            # unless what is named is a part, whose line the verb says ("how much did medtronic's cranial &
            # spinal business sell")
            said = items and not (objects and "share" in span.bound) and not (part and span.start > part)
            span = Span(span.start, span.end, span.text, "filler" if said else "item",
                        "" if said else span.bound.removeprefix("verb:"))  # fmt: skip
        elif span in objects:
            span = Span(span.start, span.end, span.text, "filler", "")
        spans.append(span)
    draft.spans = spans


def _names_a_part_only(draft: _Draft) -> int | None:
    """Where the part word ends when a clause's items are all the name of a part, said with its part word
    ("cranial & spinal business"); else None."""
    items = sorted(
        (span for span in draft.spans if span.role == "item" and not span.bound.startswith("verb:")),
        key=lambda span: span.start,
    )
    # (words as typed, one run: no line of an analyst's word, as in "operating profit … hill's business")
    if not items or any(span.bound != span.text for span in items):
        return None
    between = [
        draft.text[a.end - draft.offset : b.start - draft.offset] for a, b in itertools.pairwise(items)
    ]
    if any(gap.strip() not in ("", "&", "and") for gap in between):
        return None
    word = _PART_WORD.match(draft.text, items[-1].end - draft.offset)
    return None if word is None else draft.offset + word.end()


def _rendered_span(span: Span) -> str:
    if span.role in ("item", "operation", "period") and span.bound:
        return span.bound
    if span.role == "grammar" and span.bound:
        return span.bound  # as typed, or spelled right ("hte": "the")
    if span.role == "qualifier":
        # as typed, unless typed as initials ("AWS" → "Amazon Web Services") or with the name's words run
        # together ("Datacenter and AI" → "Data Center and AI")
        name = span.bound.split(":", 1)[1]
        typed = span.text
        return typed if _letters(typed) == _letters(name) and not _run_together(typed, name) else name
    if span.role == "company" and span.text.islower() and re.sub(r"'s$", "", span.text).upper() == span.bound:
        # a ticker that is also a word, typed in lower case where what stood around it said it is the company
        # ("how much cash was gm sitting on"), in capitals: the text read next holds no such context
        return span.text.upper().replace("'S", "'s")
    return span.text


def _run_together(typed: str, name: str) -> bool:
    """Whether `typed` writes the name's words, some run together ("datacenter" for "Data Center"); a name
    with a word of one letter is a tag's spelling ("I Phone" of IPhoneMember), no way to write it."""
    written, words = spelled_words(typed), spelled_words(name)
    if len(written) >= len(words) or any(len(word) < 2 for word in words):
        return False
    at = 0
    for word in written:
        joined = ""
        while at < len(words) and len(joined) < len(word):
            joined += words[at]
            at += 1
        if joined != word:
            return False
    return at == len(words)


def _letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower().replace("&", "and"))


def _named_before(ordered: Sequence[Span], index: int, draft: _Draft) -> bool:
    """Whether the span at `index` comes before a capitalised word once filler is out ("Facebook
    sum-of-the-parts I need Family of Apps …")."""
    after = next((span for span in ordered[index + 1 :] if span.role != "filler"), None)
    follows = draft.text[ordered[index].end - draft.offset :] if after is None else " " + after.text
    return re.match(r"\s+[A-Z]", follows) is not None


def _rendered(draft: _Draft, by_ticker: Collection[str] = ()) -> str:
    """The clause as the pipeline reads it: filler out, bound words in the filings' terms, a company named
    by a name only its ticker beside it tells (`by_ticker`: "Raytheon (RTX)") by its ticker."""
    out, position = [], 0
    ordered = sorted(draft.spans, key=lambda span: span.start)
    for index, span in enumerate(ordered):
        start, end = span.start - draft.offset, span.end - draft.offset
        out.append(draft.text[position:start])
        if span.role == "filler":
            out.append(" ")
        elif span.role == "company" and span.text in by_ticker:
            out.append(span.bound)
        elif span.role == "company" and not span.text.endswith("s") and _named_before(ordered, index, draft):
            # "AAPL Greater China sales": the company's, not part of a name ("Google Cloud")
            out.append(f"{span.text}'s")
        else:
            out.append(_rendered_span(span))
        position = end
    out.append(draft.text[position:])
    return " ".join("".join(out).split()).strip(" ,;:-")


# A definition's operator words, as the formula language writes them ("CFO minus capex" → "CFO - capex").
_OPERATORS = (
    (re.compile(r"\b(?:minus|less|(?:and\s+)?subtracting)\b|\s?−\s?", re.I), " - "),
    (re.compile(r"\bplus\b|\s\+\s", re.I), " + "),
    (
        re.compile(
            r"\bdivided\s+by\b|\bover\b|\bas\s+a\s+(?:%|percent(?:age)?)\s+of\b|\s/\s"
            r"|(?<=\))\s*/\s*|\s?÷\s?",  # "(net rev - COGS)/net rev"
            re.I,
        ),
        " / ",
    ),
    (re.compile(r"\btimes\b|\bmultiplied\s+by\b|\s\*\s|\s?×\s?", re.I), " * "),
)
_DEFINITION_OPENING = re.compile(
    r"^[^\w(]*(?:(?:i\.?e\.?|e\.?g\.?|that\s+is|calculated\s+as|computed\s+as|defined\s+as|measured\s+as|="
    r"|compute|calculate"
    r"|if\s+you(?:\s+just)?(?:\s+(?:do|take|use))?|using|taking|computing|calculating)[^\w(]*)?",
    re.I,
)
# "Dividing total current assets by total current liabilities": its "by" divides
_DIVIDING = re.compile(r"^\W*dividing\s+(.+?)\s+by\s+(.+)$", re.I)


_RATE_WORD = re.compile(r"\s*\b(?:ratio|margin|percentage|rate)\b", re.IGNORECASE)


def _asked_term(asking: Sequence[_Draft], lent: FilingWords | None = None) -> str:
    """The asked figure's name in the asking clause: from its first item word to its last, with a rate word
    right after ("current ratio", "free cash flow", "gross margin percentage"). Of a clause that lends the
    item (`lent`: the filings' words), only the words that name a line ("Palantir bulls love bragging about
    free cash flow…": "free cash flow")."""
    for draft in asking:
        items = sorted((s for s in draft.spans if s.role == "item"), key=lambda span: span.start)
        if lent is not None:
            items = [span for span in items if _names_a_line(span, lent)]
        if not items:
            continue
        start, end = items[0].start - draft.offset, items[-1].end - draft.offset
        rate = _RATE_WORD.match(draft.text, end)
        sub = _Draft(draft.text[start : rate.end() if rate else end], draft.offset + start)
        sub.spans = [
            span for span in draft.spans if items[0].start <= span.start and span.end <= items[-1].end
        ]
        return _rendered(sub)
    return ""


_SHARE_OF = re.compile(r"\bas\s+a\s+(?:%|percent(?:age)?)\s+of\b", re.IGNORECASE)
_IN_PERCENT = re.compile(
    r"[\s,]*\b(?:(?:expressed|shown|stated)\s+)?(?:in|as\s+an?)\s+(?:percent(?:age)?s?|%)(?:\s+terms)?\W*$",
    re.IGNORECASE,
)
_ROUNDED = re.compile(r"[\s,;]*\b(?:rounded|round(?:ing)?)\b.*$", re.IGNORECASE)
_TIMES_HUNDRED = re.compile(r"\s*(?:[×*]|times)\s*100\W*$", re.IGNORECASE)
_RATE_NAME = re.compile(r"\b(?:margin|percentage)\b", re.IGNORECASE)


# A gloss that restates the period: "(2q23)", ", i.e. q2 2023", "(Jul-Sep 2023)"
_RESTATED = re.compile(r"\W*(?:(?:i\.?\s?e|aka|that\s+is)\b\.?\W*)?(?P<period>.*?)\W*", re.IGNORECASE)
# a period spelled out (`_periods_spelled`) with its year, and nothing else
_ONE_PERIOD = re.compile(
    r"(?:(?:fiscal\s+)?(?:q[1-4]|(?:first|second|third|fourth)\s+quarter)\s+(?:of\s+(?:their\s+|its\s+|the\s+)?)?"
    r"(?:fy\s?|fiscal\s+)?|fy\s?|fiscal\s+|(?:first|second)\s+half\s+of\s+|calendar\s+)?"
    r"\d{4}"
    # ("(12 wks to sep 9 2023)", "(three months ended July 1, 2023)")
    r"|(?:the\s+)?(?:\d{1,2}\s+weeks|(?:three|six|nine|twelve|3|6|9|12)\s+months|quarter|year)\s+"
    r"(?:ended|ending|to|through|thru)\s+[a-z]{3,9}\.?\s+\d{1,2},?\s+\d{4}",
    re.IGNORECASE,
)


# "…? just the inventory line off the balance sheet", "… - the programming + production line": the line the
# asker means, said after the question
_JUST_THE_LINE = re.compile(
    r"(?:\s*[-–—]\s*(?:(?:just|only)\s+)?|\W*(?:just|only)\s+)(?:the\s+)?(?P<line>[\w&/'’ +-]+?)\s+"
    r"(?:line(?:\s+item)?|number|figure)\b",
    re.IGNORECASE,
)


# words that narrow the line asked, or say where it is read ("just the cash flow number is fine")
_NARROWING = frozenset(
    [
        "cash",
        "expense",
        "expenses",
        "cost",
        "costs",
        "reported",
        "gaap",
        "noncurrent",
        "current",
        "total",
        "consolidated",
        "net",
        "gross",
        "diluted",
        "basic",
        "bottom",
        "top",
        "adjusted",
        "flow",
        "flows",
        "statement",
        "balance",
        "sheet",
    ]
)


def _joined_as_typed(draft: _Draft, spans: Sequence[Span]) -> str:
    """The spans' words, an "and" where the asker typed one, or "+" or "&" for it ("programming + production":
    "programming and production")."""
    line = _rendered_span(spans[0])
    for before, span in itertools.pairwise(spans):
        between = draft.text[before.end - draft.offset : span.start - draft.offset]
        line += (" and " if re.search(r"[+&]|\band\b", between) else " ") + _rendered_span(span)
    return line


def _restate_item(drafts: Sequence[tuple[Clause, _Draft]], words: FilingWords | None) -> None:
    """An aside that names the line asked ("how much stock was colgate sitting on …? just the inventory
    line"): the asking clause's item is read as that line, its own words the asker's way of saying it."""
    asking = [draft for clause, draft in drafts if clause.kind == "asking"]
    if len(asking) != 1:
        return
    items = sorted((span for span in asking[0].spans if span.role == "item"), key=lambda span: span.start)
    asked = {word.lower() for span in items for word in span.text.split()}
    for clause, draft in drafts:
        said = _JUST_THE_LINE.match(draft.text) if clause.kind != "asking" else None
        if said is None or not items:
            continue
        start, end = draft.offset + said.start("line"), draft.offset + said.end("line")
        named = [span for span in draft.spans if span.role == "item" and start <= span.start < end]
        # a word that narrows the line asked ("just the cash number", "only the noncurrent line", "just the
        # reported expense line"), one it shares, or a line said of more ("just the bottom line that belongs
        # to shareholders") restates nothing
        written = {word.lower() for span in named for word in span.text.split()}
        after = any(span.role == "item" and span.start >= draft.offset + said.end() for span in draft.spans)
        if not named or written <= _NARROWING or written & asked or after:
            continue
        if not all(_names_a_line(span, words) for span in named):
            continue
        line = _joined_as_typed(draft, sorted(named, key=lambda span: span.start))
        others = [replace(span, role="filler", bound="") for span in items[1:]]
        kept = [span for span in asking[0].spans if span.role != "item"]
        asking[0].spans = [*kept, replace(items[0], bound=line), *others]
        return


def _period_said_aside(drafts: Sequence[tuple[Clause, _Draft]]) -> Span | None:
    """A parenthesis or gloss right after an asking clause that names a period and nothing else ("(Jul-Sep
    2023)", "the june quarter last year (2q23)", "…, i.e. q2 2023"), as a period span."""
    for (before, _), (clause, draft) in itertools.pairwise(drafts):
        said = _RESTATED.fullmatch(draft.text)
        if before.kind != "asking" or clause.kind != "gloss" or said is None or not said["period"]:
            continue
        text = said["period"]
        if _MONTH_RANGE.fullmatch(text) or _ONE_PERIOD.fullmatch(_periods_spelled(text)):
            start = draft.offset + said.start("period")
            return Span(start, start + len(text), text, "period", text)
    return None


def _definition(draft: _Draft, term: str, words: FilingWords | None) -> str:
    """A clause stating how the asked figure is computed, in the words a stated definition is read in
    (`metrics.definition`): "Free cash flow is defined as: cash provided by operating activities - capital
    expenditures". A division's left side is kept together: "A minus B, over C" is "(A - B) / C". One
    naming no line says how a period is made ("FY23 less 1H23": the second half), which the period read
    says, or is no formula at all ("(the shipyards / sub builder)"): none."""
    if not any(span.role == "item" and _names_a_line(span, words) for span in draft.spans):
        return ""
    if _one_line_over_periods(draft):
        return ""
    body = _DEFINITION_OPENING.sub("", _rendered(_without_trailing_period(draft)))
    body = _DIVIDING.sub(r"\1 / \2", body)
    # "…, divided by net sales, in percent": how the figure is written, no operand
    # (so is "× 100" after it: "segment profit ÷ segment net sales × 100")
    in_percent = _IN_PERCENT.search(body) or _TIMES_HUNDRED.search(body)
    body = body[: in_percent.start()] if in_percent else body
    # and how it is rounded: "total current assets ÷ total current liabilities, rounded to two decimals"
    rounded = _ROUNDED.search(body)
    body = body[: rounded.start()] if rounded else body
    for pattern, symbol in _OPERATORS:
        body = pattern.sub(symbol, body)
    body = " ".join(body.replace(",", " ").split())
    if " / " in body:
        left, right = body.split(" / ", 1)
        if " - " in left or " + " in left:
            body = f"({left}) / {right}"
    # a share of another figure is asked as a percentage ("as a % of revenue", an "operating margin")
    percent = in_percent or _SHARE_OF.search(draft.text) or _RATE_NAME.search(term)
    return f"{' as a %' if percent else ''}. {term[:1].upper()}{term[1:]} is defined as: {body}"


_BETWEEN_DATES = re.compile(r"[\s,'–-]*(?:(?:the|of|to|through|thru|and)\b[\s,'–-]*)*")


_PART_OF_YEAR = re.compile(
    r"\b(?:q[1-4]|[1-4]q|h[12]|[12]h|half|first|second|third|fourth|three|six|nine|ytd|year-to-date)\b", re.I
)


def _runs(text: str, spans: Sequence[Span]) -> list[list[Span]]:
    """The spans of `text` that follow one another with only a date's small words between ("April-June
    2023 quarter"), run by run."""
    runs: list[list[Span]] = []
    for span in sorted(spans, key=lambda span: span.start):
        if runs and _BETWEEN_DATES.fullmatch(text, runs[-1][-1].end, max(runs[-1][-1].end, span.start)):
            runs[-1].append(span)
        else:
            runs.append([span])
    return runs


_MONTH_DAY = re.compile(r"\s+\d{1,2}(?:st|nd|rd|th)?,?\s+", re.IGNORECASE)


def _period_words(text: str, spans: Sequence[Span]) -> list[str]:
    """Period spans read one by one, spelled, a month's day kept with its month ("six months ended July 1,
    2023": the day is no span of its own, and without it the date is no date)."""
    words: list[str] = []
    for before, span in zip([None, *spans], spans, strict=False):
        if before is not None and words and _MONTH_DAY.fullmatch(text, before.end, span.start):
            words[-1] += text[before.end : span.start] + _rendered_span(span)
        else:
            words.append(_rendered_span(span))
    return [_periods_spelled(word) for word in words]


def _rendered_run(text: str, run: Sequence[Span]) -> str:
    """A run of period spans as read: each in the pipeline's words ("back half": "second half"), the small
    words between as typed."""
    out = [_rendered_span(run[0])]
    for before, span in itertools.pairwise(run):
        out += [text[before.end : span.start], _rendered_span(span)]
    return "".join(out)


_LEADS_INTO_PERIOD = re.compile(r"(?:[\s,]|\b(?:for|in|during|over|the|of|as|at)\b)*$", re.IGNORECASE)


def _without_trailing_period(draft: _Draft) -> _Draft:
    """A formula's clause up to the period said after its last line ("operating cash flow less payments for
    PP&E, first half of 2023"): the period is the question's, no operand's."""
    ends = [span.end for span in draft.spans if span.role == "item"]
    after = [span.start for span in draft.spans if span.role == "period" and ends and span.start >= max(ends)]
    if not after:
        return draft
    cut = min(after) - draft.offset
    # (and the small words that lead into it: "… minus capital expenditures, for the six months ended …")
    leading = _LEADS_INTO_PERIOD.search(draft.text, 0, cut)
    cut = leading.start() if leading else cut
    kept = _Draft(draft.text[:cut], draft.offset)
    kept.spans = [span for span in draft.spans if span.end - draft.offset <= cut]
    return kept


def _one_line_over_periods(draft: _Draft) -> bool:
    """Whether a stated formula takes one line over periods ("full-year 2023 net revenue minus net revenue
    for the 36 weeks ended September 9, 2023"): it says how the asked period is made, which the period read
    says."""
    hundred = _TIMES_HUNDRED.search(draft.text)  # "… × 100": a percentage, no line
    formula = draft.text[: hundred.start()] if hundred else draft.text
    operators = [found.start() for found in OPERATOR_WORD.finditer(formula)]
    if not operators or not any(span.role == "period" for span in draft.spans):
        return False
    sides: list[set[str]] = [set() for _ in range(len(operators) + 1)]
    opening = _DEFINITION_OPENING.match(draft.text)
    for span in draft.spans:
        if span.role == "item" and span.start - draft.offset >= (opening.end() if opening else 0):
            side = sum(span.start - draft.offset > at for at in operators)
            sides[side].add((span.bound or span.text).lower())
    # "full-year 2023 net income attributable to Verizon minus the amount for the six months …": a side that
    # names the figure only as "the amount" is the same line
    named = [side - _SAME_FIGURE for side in sides if side - _SAME_FIGURE]
    return all(sides) and bool(named) and all(side == named[0] for side in named)


_SAME_FIGURE = frozenset({"amount", "figure", "number", "value", "one"})


_YEAR_IN = re.compile(r"\d{2}")
_DAY = re.compile(r"\d{1,2}")


def _names_a_year(span: Span, spans: Sequence[Span]) -> bool:
    """Whether a period span holds a year: not a month's day ("through the Dec 30 year end")."""
    if not _YEAR_IN.search(span.text):
        return False
    if not _DAY.fullmatch(span.text) or int(span.text) > 31:
        return True
    before = [s for s in spans if s.role == "period" and s.end <= span.start]
    return not before or max(before, key=lambda s: s.end).text.lower().rstrip(".") not in MONTH_NUMBERS


_VERSUS = re.compile(r"\b(?:versus|vs\.?|compared\s+(?:with|to))(?!\w)", re.IGNORECASE)
# "What total net sales did RTX, then called Raytheon Technologies, report …": the name it had then
_THEN_CALLED = re.compile(
    r",\s*((?:then\s+(?:called|named|known\s+as)|formerly(?:\s+(?:called|known\s+as))?|previously\s+"
    r"(?:called|known\s+as)|f/?k/?a)\s+[^,?]{1,60}),",
    re.IGNORECASE,
)
# An aside that names the company by another name, once or also ("RTX (the old Raytheon Technologies)",
# "Block (formerly known as Square)"): its words, a member's among them ("Raytheon"), name nothing asked
_FORMER_NAME = re.compile(
    r"^\W*(?:the\s+)?(?:old|former(?:ly)?|previously|fka|f/k/a|aka|a\.k\.a\.|also\s+known|known|then\s+called"
    r"|then\s+named|then\s+known)\b",
    re.IGNORECASE,
)
# An aside that adds parts up ("US + international combined please"): the whole is asked, no part of it
# ("putting together a deck" adds nothing up)
_COMBINED = re.compile(
    r"\b(?:combined|(?<!putting\s)(?<!put\s)(?<!pulling\s)(?<!pull\s)together|altogether|all\s+in)\b",
    re.IGNORECASE,
)
_OWNER_BACK = re.compile(r"\b(?:its|their)\b", re.IGNORECASE)
# An asking clause that points back at a figure named before it.
_REFERS_BACK = re.compile(
    r"\b(?:calculate|compute|work|figure|find|pull|get|give|check)\s+(?:it|that|this)\b", re.IGNORECASE
)


@cache
def _analysts_item(text: str) -> bool:
    """Whether a phrase is one of the analysts' words for an item ("free cash flow")."""
    return any(phrase.role == "item" and phrase.phrase == text.lower() for phrase in analyst_words())


def _names_a_line(span: Span, words: FilingWords | None) -> bool:
    """An item word an aside lends: an analyst's word ("capex") or one the filings name, not every word of
    the aside ("so I'm modeling the telcos and need Verizon's capex")."""
    if span.bound != span.text or words is None or words.fold is None or _analysts_item(span.text):
        return True
    folded = words.fold(span.text)
    return bool(folded) and folded <= words.terms


# A name written as an owner ("Eli Lilly's", "Northrop's"), or two words or more in capitals ("need Eli Lily
# rev FY23", "Northrup Grumman sales FY23?").
_NAME_LIKE = re.compile(
    r"(?<![\w'’-])((?:[A-Z][\w&.-]*\s+){0,3}[A-Z][\w&.-]*)(?:['’]s\b|(?<=s)['’](?!\w))"
    r"|(?<![\w'’-])((?:[A-Z][a-z][\w&.-]*\s+){1,3}[A-Z][a-z][\w&.-]*)\b"
    # one capitalised word after a word, no English one ("still need Accentur FY23 rev")
    r"|(?<=[a-z,]\s)([A-Z][a-z]{3,})\b"
    # initials joined by "&" ("AT&T"), where no analyst's word binds them ("R&D")
    r"|(?<![\w&])([A-Z]{1,3}&[A-Z]{1,3})(?![\w&])"
)


# what an aside says the figure takes in ("consolidated, so Sky and NBCUniversal included", "with gm financial
# in there")
_TAKEN_IN = re.compile(r"\b(?:included|including|incl\.?|inclusive|consolidated|in\s+there)\b", re.IGNORECASE)
# what a name before it says is a kind of company ("the HVAC / building-tech names", "the GLP-1 players")
_KIND_OF_COMPANY = re.compile(
    r"[\s/&,-]*(?:[\w-]+\s+){0,2}?(?:names|stocks|companies|peers|players|sector|space|industry|comps)\b",
    re.IGNORECASE,
)
# what people talk about, which an aside names without asking of it
_TALKED_ABOUT = re.compile(
    r"\b(?:argu|debat|talk|chatter|obsess|worr|fret|fight)\w*\s+(?:about|over|on)\s+[^,;:.?!]{0,40}$",
    re.IGNORECASE,
)
# the verb of a sentence told of the name before it ("Reality Labs keeps eating cash", "given how much Humira
# made"), not one that makes it what is asked about ("AWS is what I need", "Azure was my focus")
_TOLD_OF = re.compile(
    # (after the other names of a list: "now that Comirnaty and Paxlovid are fading")
    r"(?:(?:\s*,\s*|\s+(?:and|&|or)\s+)[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*)*)*"
    r"\s+(?:keeps?|kept|continues?|continued|(?:has|have|had)\s+been|looks?|looked|seems?|seemed|is|are|was|"
    r"were|made|makes|sold|sells|earned|earns|brought|brings|grew|grows|fell|falls|dropped|drops|lost|loses|"
    r"generated|generates)\b(?!\s+(?:what|my|our|the\s+(?:one|focus|part|piece)\b))"
    # or an event it names ("the whole Cruise robotaxi mess", "the Uncrustables plant delays", "the Humira
    # biosimilars hitting the US market")
    r"|\s+(?:[\w'’-]+\s+){0,2}(?:mess|saga|drama|fiasco|debacle|scandal|headlines|strike|recall|lawsuit|probe"
    r"|incident|accident|hype|chaos|turmoil|meltdown|shutdown|delays?|woes|troubles|problems|issues|markets?"
    r"|hitting|eating|weighing|hurting|dragging|squeezing)\b",
    re.IGNORECASE,
)
# an asking clause's pointer back at a part named before it ("what did that segment do")
_PART_BACK = re.compile(
    r"\b(?:that|this|the\s+same)\s+(?:segment|business|unit|division|part|piece|region|product|brand)\b",
    re.IGNORECASE,
)
# what a name after it is the object of, no company asked of ("pushing price hard on Doritos and Gatorade")
_ABOUT_BEFORE = re.compile(
    r"\b(?:on|about|with|into|over|behind|against|like|via)\s+(?:the\s+)?(?:[A-Z][\w'’&.-]*\s+(?:and|&|,)\s+)*$"
)
# or of a purchase, a company's too ("borrowed a mountain of money to buy Cerner", "since it acquired Splunk",
# "the purchase of Pioneer"): what was bought is no company asked about
_BOUGHT_BEFORE = re.compile(
    r"\b(?:buy|buying|bought|acquire|acquiring|acquired|(?:acquisition|purchase|takeover|buyout)\s+of)\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
# what a name before it makes an event of ("the Figma deal", "the Activision acquisition")
_EVENT_AFTER = re.compile(
    r"\s+(?:deal|acquisition|merger|buyout|takeover|transaction|bid|lawsuit|litigation|trial|settlement"
    r"|spin-?off|breakup|strike)s?\b",
    re.IGNORECASE,
)


def _unknown_names(draft: _Draft, words: FilingWords | None) -> list[str]:
    """The names in capitals the clause writes that nothing the filings or the companies' list know binds:
    their words are left as typed, none a line's ("what was Eli Lilly's revenue", Eli Lilly neither ingested
    nor known). Such a clause names a company, one not recognised: it borrows none from an aside."""
    names = []
    # an owner in capitals, where no company is, is one whatever its words ("Charter Communications'")
    owners = not any(span.role == "company" for span in draft.spans)
    for found in _NAME_LIKE.finditer(draft.text):
        group = next(index for index in (1, 2, 3, 4) if found.group(index))
        if group == 3 and is_english_word(found.group(3).lower()):
            continue
        if (
            _EVENT_AFTER.match(draft.text, found.end(group))
            or _ABOUT_BEFORE.search(draft.text, 0, found.start(group))
            or _BOUGHT_BEFORE.search(draft.text, 0, found.start(group))
        ):
            continue  # "the Figma deal", "pushing price hard on Doritos": an event's or a thing's name
        start, end = found.start(group) + draft.offset, found.end(group) + draft.offset
        covering = [span for span in draft.spans if span.start < end and start < span.end]
        if covering and all(
            span.role == "item"
            and span.bound == span.text
            and ((owners and group == 1) or not _names_a_line(span, words))
            for span in covering
        ):
            names.append(found.group(group))
    return names


def _unknown_named_last(
    drafts: Sequence[tuple[Clause, _Draft]], words: FilingWords | None
) -> tuple[str, ...]:
    """The names not recognised that an aside writes after every company it names, in the nearest aside
    before the first asking clause that names any: the company an asking clause that names none asks about
    ("J&J and Merck are done …, but I still need Eli Lilly - what was their full-year 2023 revenue?")."""
    first = next((i for i, (clause, _) in enumerate(drafts) if clause.kind == "asking"), 0)
    for clause, draft in reversed(drafts[:first]):
        if clause.kind != "context":
            continue
        names = [name for name in _unknown_names(draft, words) if not _named_in_passing(draft.text, name)]
        # (a company that says whose rival the name is does not come after it: "Cinemark, AMC's big rival")
        companies = [
            span.end
            for span in draft.spans
            if span.role == "company" and not _RELATION_AFTER.match(draft.text, span.end - draft.offset)
        ]
        if names and draft.text.rfind(names[-1]) + draft.offset >= max(companies, default=0):
            return tuple(names)
        if companies:
            return ()
    return ()


def _named_in_passing(text: str, name: str) -> bool:
    """Whether an aside names a name only to measure its company against it ("underspending on brand vs On
    and Hoka") or to tell something of it ("PPD and Patheon sit inside …", "Pampers, Always, Bounty and
    Charmin all roll into Baby, Feminine & Family Care"): brands and businesses, no company asked about."""
    at = max(text.find(name), 0)
    after = at + len(name)
    return bool(
        _AGAINST_BEFORE.search(text, 0, at)
        or _TOLD_OF.match(text, after)
        or _PART_OF_AFTER.match(text, after)
        or _SITE_AFTER.match(text, after)
    )


# a name that says which of the company's sites or products a thing is ("the new Uncrustables plant")
_SITE_AFTER = re.compile(
    r"\s+(?:plants?|factory|factories|facility|facilities|mills?|fabs?|refinery|refineries|stores?|warehouses?"
    r"|campus|site|brand|franchise|launch|rollout|line)\b",
    re.IGNORECASE,
)


_PART_OF_AFTER = re.compile(
    r"(?:(?:\s*,\s*|\s+(?:and|&|or)\s+)[A-Z][\w'’&.-]*)*\s+(?:all\s+|both\s+)?"
    r"(?:sits?|rolls?|fall|falls|belongs?|lives?)\s+(?:in|into|inside|under|within|to)\b",
    re.IGNORECASE,
)
_AGAINST_BEFORE = re.compile(
    r"\b(?:vs\.?|versus|than|against|compared\s+(?:to|with))\s+(?:[A-Z][\w'’&.-]*\s+(?:and|&|,|or)\s+)*$"
)
# what a company's name before it says another is to it ("AMC's big rival", "Nike's closest competitor")
_RELATION_AFTER = re.compile(
    r"['’]s\s+(?:[a-z]+\s+){0,2}?(?:rival|competitor|peer|parent|subsidiary|spin-?off|supplier|customer"
    r"|partner)s?\b"
)


# What an aside says is done, after the companies it names: "Mastercard is done already", "HON + ABT June
# qtr done", "MSFT's covered"
_DONE_AFTER = re.compile(rf"[^.;:?!]{{0,40}}?\b(?:{DONE_WORDS})\b", re.IGNORECASE)
# "thanks for the Kraft Heinz and Pepsi numbers!!": what the asker has been given
_THANKED_FOR = re.compile(
    r"\b(?:thanks|thank\s+you|thx|ty)\s+(?:so\s+much\s+)?for\s+(?:the\s+|your\s+)?[^.;:?!]{0,40}$",
    re.IGNORECASE,
)


# "i've pulled apple and alphabet already": what the asker has, said so
_HAD_BEFORE = re.compile(
    r"\b(?:pulled|grabbed|got|gotten|have|(?:i|we)['’]ve|did|covered|finished)"
    r"\s+[^.;:?!]{0,40}$",
    re.IGNORECASE,
)
_ALREADY_AFTER = re.compile(r"[^.;:?!]{0,40}?\balready\b", re.IGNORECASE)
# "already did DOW, HON -> LYB net sales": what the asker has done, said before the companies (an arrow, "now"
# or "but" turns to what is asked)
_ALREADY_HAD = re.compile(
    rf"\b{ALREADY_DONE}\s+(?:(?!\b(?:now|but|what|how)\b)[^.;:?!>→]){{0,40}}$",
    re.IGNORECASE,
)
# "done w/ UNH + MRK", "finished with Amex and Mastercard": what the asker has done already
_DONE_WITH = re.compile(r"\b(?:done|finished)\s+(?:w/|with)\s+[^.;:?!]{0,40}$", re.IGNORECASE)


def _done_companies(draft: _Draft) -> list[Span]:
    """The companies an aside says are done ("Mastercard is done already, now I just need PayPal's …"): what
    is at hand is not what is asked, so they are lent to no asking clause."""
    return [
        span
        for span in draft.spans
        if span.role == "company"
        and (
            _DONE_AFTER.match(draft.text, span.end - draft.offset)
            or _THANKED_FOR.search(draft.text, 0, span.start - draft.offset)
            or _DONE_WITH.search(draft.text, 0, span.start - draft.offset)
            or _ALREADY_HAD.search(draft.text, 0, span.start - draft.offset)
            or (
                _HAD_BEFORE.search(draft.text, 0, span.start - draft.offset)
                and _ALREADY_AFTER.match(draft.text, span.end - draft.offset)
            )
            or BEYOND.match(draft.text)
            # "Cinemark, AMC's big rival": whose rival, not the company asked about
            or _RELATION_AFTER.match(draft.text, span.end - draft.offset)
        )
    ]


# an asked item of the whole company, which no member an aside names qualifies
_WHOLE = re.compile(
    r"\b(?:total|consolidated|company-?wide|overall)\s+(?:net\s+)?(?:revenues?|sales)\b", re.I
)


def _item_lender(drafts: Sequence[tuple[Clause, _Draft]]) -> _Draft | None:
    """The aside an asking clause that names no item takes it from: the nearest before the first asking
    clause that names one ("Hope all's well. I was curious about Intel's R&D spend - what was it?"), else
    the nearest after it."""
    first = next((i for i, (clause, _) in enumerate(drafts) if clause.kind == "asking"), len(drafts))
    naming = [
        i
        for i, (clause, draft) in enumerate(drafts)
        if clause.kind in ("context", "gloss") and any(span.role == "item" for span in draft.spans)
    ]
    before = [i for i in naming if i < first]
    chosen = before[-1] if before else next(iter(naming), None)
    return None if chosen is None else drafts[chosen][1]


def read(
    question: str,
    companies: CompanyFinder,
    grammar: Collection[str],
    words: FilingWords | None = None,
) -> Reading:
    """The reading of `question`: its clauses, each span bound, and the text the pipeline reads."""
    typed = _provision_spelled(_year_before_spelled(plain(question)))
    whole = companies(typed)
    source = _places_named(_respelled(typed, whole, words), words)
    excluded: list[str] = []  # the lines the figure is asked without
    # found before the exclusions are blanked, which keeps every offset (and leaves no break in the blanks)
    names = named_members(source, words) if words is not None else []
    source = _renamed(_parenthesised_exclusions_out(source, excluded, names))
    source = _spelled_out(source, words) if words is not None else source
    clauses = split_clauses(source, names)
    drafts: list[tuple[Clause, _Draft]] = []
    instructions = []  # read whole by the metric library, as typed
    # a name before its company's ticker in parentheses or after a slash ("Raytheon (RTX)", "Raytheon/RTX's")
    # is the company's, though a parenthesis ends a clause and a member may print the name too (RTX's
    # Raytheon segment)
    before_ticker = [
        (mention, ticker)
        for mention, ticker in whole
        if ticker
        and re.search(
            rf"{re.escape(mention)}\s*(?:\(\s*{re.escape(ticker)}\s*\)|/{re.escape(ticker)}\b)", source, re.I
        )
    ]
    # a ticker in capitals that is also an analyst's word ("GM": gross margin) is the company where it is
    # the only company named, or one of a list of companies ("GM buybacks FY23", "GM vs JCI")
    # and a name of three words or more is bound before the words people use, which may hold one of its
    # words ("international business machines": "business" is no segment here)
    long_names = [(mention, ticker) for mention, ticker in whole if ticker and len(mention.split()) >= 3]
    first = [*before_ticker, *_tickers_as_companies(source, whole), *long_names]
    for clause in clauses:
        draft = _Draft(source[clause.start : clause.end], clause.start)
        if clause.kind == "instruction" and _PERIOD_METHOD.search(draft.text):
            draft.bind(0, len(draft.text.rstrip()), "filler")  # the period asked says it (a second half)
            drafts.append((clause, draft))
            continue
        if clause.kind == "instruction":
            draft.bind(0, len(draft.text.rstrip()), "operation", draft.text.strip())
            instructions.append(draft)
            continue
        excluded += _bind_exclusions(draft, clause.kind == "asking")
        for outside in _OUTSIDE_HOME.finditer(draft.text):  # before members: its "U.S." is no member
            if not _PRINTED_BEFORE.search(draft.text, 0, outside.start()):
                draft.bind(*outside.span(), "item", "non-U.S.")
        for cash_from in (_CASH_FROM_OPERATIONS, _CASH_IN_FROM_OPERATIONS):  # before the verbs' words
            for operations in cash_from.finditer(draft.text):  # the cash, its verb, "from operations"
                draft.bind(*operations.span(1), "item", "cash provided by operating activities")
                for group in range(2, cash_from.groups + 1):
                    draft.bind(*operations.span(group), "filler")
        _bind_groups_as_filler(draft, (_THEN_CALLED,))  # before the names a former name holds ("Raytheon")
        found = companies(draft.text)
        # before analysts' words; never inside a member's name that opens with it ("GM Financial")
        _bind_companies(draft, [mention for mention, _ in first], dict(first), names)
        _bind_size_of_part(draft)  # before members, which take a word for a part after their name as theirs
        if words is not None:  # before companies: "Amazon Web Services" is a segment, "Walmart U.S." too
            _bind_members(draft, words, found)
        _bind_presentation(draft)
        for subtracted in _PART_BACKED_OUT.finditer(draft.text):  # before the filler "back out"
            draft.bind(*subtracted.span(), "grammar", "less")
            # the year it is taken from, said bare: "V capex 4Q FY23 FY less 9M" (the quarter is the year
            # less its nine months, the period already asked)
            year = _BARE_YEAR_BEFORE.search(draft.text, 0, subtracted.start())
            if year is not None and draft.free(*year.span(1)):
                draft.bind(*year.span(1), "filler")
        for spent in _SPENT_IDIOM.finditer(draft.text):  # "shell out": what was paid, read so (`qa.asked`)
            draft.bind(*spent.span(), "grammar", "spent")
        for less in _LESS_AS_MINUS.finditer(draft.text):
            if draft.free(*less.span(1)):
                draft.bind(*less.span(1), "operation", "difference between")
        # before the period words it is made of, and the words of lines ("table")
        _bind_groups_as_filler(draft, (_FIGURES_FROM, _WHAT_IM_AFTER, _BEFORE_TAKEN_OUT))
        # before companies too: "NI" is net income, not NiSource's ticker
        # a company's name is no word of a printed line ("amazon NI")
        # (a ticker that is an analyst's word is the word, unless it stands for its company: "CSCO APJC seg GM
        # $ FY24" asks Cisco's gross margin)
        as_words = {m for m, t in found if t and m == t and is_analysts_word(m) and (m, t) not in first}
        kept = [mention for mention, _ in found if mention not in as_words]
        named = {*grammar, *(word.lower() for mention in kept for word in mention.split())}
        _bind_phrases(draft, analyst_words(), named, words)
        _bind_companies(draft, [mention for mention, _ in found], dict(found))
        _bind_statement_last(draft)
        _bind_parent_words(draft)
        if clause.kind != "gloss":
            _bind_manner(draft)
            _bind_rest(draft, words, grammar, PERIOD_WORDS)
            _unbind_verbs(draft, words)
            _unbind_nicknames(draft, words)
            _unbind_customers(draft)
            _unbind_parents(draft)
            _unbind_other_names(draft)
            _size_named_otherwise(draft)
        if clause.kind == "definition":  # its "minus" is an operator, read by `_definition`
            draft.spans = [span for span in draft.spans if span.role != "operation"]
        drafts.append((clause, draft))
    _unbind_seasons(drafts)
    # the members' printed names, lowercase (read once: both the verbs and the parts typed in lowercase ask)
    members = frozenset(name.lower() for _, name in words.members) if words is not None else frozenset()
    items = any(_names_an_item(draft, members) for clause, draft in drafts if clause.kind == "asking")
    for clause, draft in drafts:
        _resolve_verbs(draft, items if clause.kind == "asking" else _names_an_item(draft, members))
    _restate_item(drafts, words)
    asking = [draft for clause, draft in drafts if clause.kind == "asking"]
    by_ticker = [mention for mention, _ in before_ticker]
    parts = [_sections_spelled(_periods_spelled(_rendered(draft, by_ticker))) for draft in asking]
    spans = [span for draft in asking for span in draft.spans]
    asked_spans = list(spans)
    # What the asking clauses leave unnamed, an aside may name ("I'm looking at Tesla. What was revenue?");
    # the rest of an aside is filler, its companies included ("we already have McDonald's numbers").
    missing = {role for role in ("company", "qualifier", "period") if not any(s.role == role for s in spans)}
    # "Costco is easy but Sam's is buried inside Walmart. what did the Sam's Club U.S. segment make": a member
    # one company reports names its company, whatever other companies an aside names
    owners = {_sole_reporter(s.bound) for s in spans if s.role == "qualifier"} - {None}
    if any(_WHOLE.search(draft.text) and not _OWNER_BACK.search(draft.text) for draft in asking):
        # "… sliding with the Revlimid generics... what was the change in total revenues": the whole company's
        missing.discard("qualifier")
    if _member_typed(spans, members):
        # "how much operating profit did europe bring in …? curious how it stacks up against latin america":
        # a part named in lowercase words is named all the same; the aside's is the one it is compared with
        missing.discard("qualifier")
    unknown = tuple(dict.fromkeys(name for draft in asking for name in _unknown_names(draft, words)))
    if "company" in missing and not unknown and not owners:
        unknown = _unknown_named_last(drafts, words)
    if unknown:
        # "…; what was Eli Lilly's revenue": a company, one not recognised, and no member of the aside's
        # companies is its ("… Comcast's connectivity and media segment figures …")
        missing -= {"company", "qualifier"}
    periods = [span for span in spans if span.role == "period" and _names_a_year(span, spans)]
    said_when = _period_said_aside(drafts) if not periods else None
    if said_when is not None:
        # "what diluted EPS did they post for those three months (Jul-Sep 2023)?": the months an aside
        # names are the asked ones, before any year a preamble names
        spans.append(said_when)
        parts.append(_periods_spelled(said_when.text))
        periods.append(said_when)
        missing.discard("period")
    if len(periods) < 2 and any(_VERSUS.search(draft.text) for draft in asking):
        missing.add("period")  # "Cisco had a softer year in FY24 - … gave up versus FY23": both years
    if not periods:
        missing.add("period")  # "reconciling Medtronic's Q1 FY24 print. what was EPS for the quarter?"
    if any(_REFERS_BACK.search(draft.text) for draft in asking) or not any(s.role == "item" for s in spans):
        # "Tesla's auto GM — could you calculate it for 2024", "Intel's R&D spend - what was it for 2023": the
        # item is the aside's
        missing.add("item")
    spans += [span for draft in instructions for span in draft.spans]
    lender = _item_lender(drafts) if "item" in missing else None
    points_back = any(_PART_BACK.search(draft.text) for draft in asking)
    # which part of a year the asking clause names ("2H", "the first half"), not one it points back at
    # ("for the quarter", "that quarter")
    said_kind = any(
        span.role == "period" and _PART_OF_YEAR.search(span.bound or span.text) for span in asked_spans
    )
    # the period an asking clause leaves unnamed is the asides' before it where they name one ("Oracle Q4 of
    # fiscal 2023: what were total revenues for that quarter? I want to line it up next to the Q1 FY24 print")
    first_asking = min((clause.start for clause, _ in drafts if clause.kind == "asking"), default=0)
    dated_before = [
        draft
        for clause, draft in drafts
        if clause.kind != "asking"
        and clause.start < first_asking
        and any(s.role == "period" for s in draft.spans)
    ]
    for clause, draft in drafts:
        if clause.kind == "asking":
            continue
        aside_said = _said_whole(draft, asked_spans)
        if aside_said is not None:
            role, bound = aside_said
            spans.append(Span(clause.start, clause.end, source[clause.start : clause.end], role, bound))
            parts.append(bound)
            continue
        if clause.kind == "definition" and not _one_line_over_periods(draft):
            spans += draft.spans
            # "…: operating cash flow less payments for PP&E, first half of 2023. what do you get?": its
            # period words one by one ("first half FY2023", which the metric library reads; not as a run)
            if "period" in missing:
                parts += _period_words(source, [s for s in draft.spans if s.role == "period"])
            continue
        if (
            clause.kind == "definition"
            or _FORMER_NAME.match(draft.text)
            or NEGATION.match(draft.text)
            or _COMBINED.search(draft.text)
        ):
            spans.append(Span(clause.start, clause.end, source[clause.start : clause.end], "filler"))
            continue
        done = _done_companies(draft)
        borrowed = [
            span
            for span in draft.spans
            # the aside that lends the item lends the share it asks of it ("how profitable was Smucker's?
            # operating income as a % of net sales for Q1 …": the margin, not the income); not a move it tells
            # of ("op loss shrank from $311.6M to $34.5M … what drove it?")
            if (
                span.role in missing
                or (span.role == "operation" and draft is lender and _SHARE_ASKED in span.bound)
            )
            and (span.role != "item" or (draft is lender and _names_a_line(span, words)))
            # "the full twelve months, not just the first half": what follows "not" is not asked
            and not _NOT_SAID.search(draft.text, 0, span.start - draft.offset)
            # a member qualifies the item the aside that lends it names ("iPhone volumes were awful in 2024 so
            # I'm checking Apple's net sales. what was it?": Apple's net sales, not the iPhone's)
            and (span.role != "qualifier" or lender is None or draft is lender)
            # "while my desk argues about Keytruda launch spending: how much SG&A …": a topic of talk
            and not (
                span.role == "qualifier" and _TALKED_ABOUT.search(draft.text, 0, span.start - draft.offset)
            )
            # "building a working-capital comp for the HVAC / building-tech names": a kind of company
            and not (span.role == "qualifier" and _KIND_OF_COMPANY.match(draft.text, span.end - draft.offset))
            # "consolidated, so Sky and NBCUniversal included": parts the figure takes in, not the part asked
            and not (span.role == "qualifier" and _TAKEN_IN.search(draft.text))
            # "Raytheon/RTX's back half of 2023": a name the company went by, set beside its own
            and not (span.role == "qualifier" and _beside_company(draft, span))
            # "… and Reality Labs keeps eating cash... how much did Meta book as R&D": what is told of it,
            # unless the question points back at it ("Fabric & Home Care is P&G's biggest piece, right? what
            # did that segment do in net sales")
            and not (
                span.role == "qualifier"
                and not points_back
                and _TOLD_OF.match(draft.text, span.end - draft.offset)
            )
            and (span.role != "period" or not dated_before or draft in dated_before)
            and (span.role != "company" or not owners or span.bound in owners)
            and span not in done
        ]
        # a company lent already ("… AbbVie was spun out of Abbott … for AbbVie just the regular R&D line")
        held = {span.bound for span in spans if span.role == "company" and span.bound}
        borrowed = sorted(
            (span for span in borrowed if not (span.role == "company" and span.bound in held)),
            key=lambda span: span.start,
        )
        # where the asking clause names the period's kind but no year ("what was 2H operating income?"),
        # the aside lends its year only
        dated = [span for span in borrowed if span.role == "period"]
        if said_kind:
            dated = [span for span in dated if _names_a_year(span, draft.spans)]
            borrowed = [span for span in borrowed if span.role != "period" or span in dated]
        parts += [_periods_spelled(_rendered_span(span)) for span in borrowed if span.role != "period"]
        # "2Q23" as "Q2 2023"; "the April-June 2023 quarter" as its three months, its words read together
        runs = _runs(source, dated)
        # "Dow's Q2 2023 and Visa's fiscal Q3 2023 are both the April-June 2023 quarter": the months, which
        # every filer's calendar reads alike, are the period asked, not each company's number for it
        spanned = [run for run in runs if _MONTH_RANGE.search(_rendered_run(source, run))]
        parts += [_periods_spelled(_rendered_run(source, run)) for run in spanned or runs]
        spans += borrowed
        spans += [Span(clause.start, clause.end, source[clause.start : clause.end], "filler")]
    if points_back and not any(span.role == "qualifier" for span in spans):
        # "mastercard keeps pointing to cyber & intelligence as a growth engine - how much revenue did that
        # business do": the part pointed back at is none the filings report; it stays asked, so that no
        # figure of the whole answers it
        for draft in asking:
            for pointer in _PART_BACK.finditer(draft.text):
                start, end = pointer.start() + draft.offset, pointer.end() + draft.offset
                spans = [span for span in spans if not (start <= span.start and span.end <= end)]
                # (bound as every part is, "TICKERS:name", to no company)
                spans.append(Span(start, end, source[start:end], "qualifier", f":{pointer.group()}"))
                parts.append(pointer.group())
    lent = sorted((s for s in spans if s.role == "qualifier" and s not in asked_spans), key=lambda s: s.start)
    if len(lent) > 1 and any(_OWNER_BACK.search(draft.text) for draft in asking):
        # "… everyone's watching Skyrizi - what were its total net revenues": the one named last
        dropped = lent[:-1]
        spans = [span for span in spans if span not in dropped]
        unsaid = {_rendered_span(span) for span in dropped}
        parts = [part for part in parts if part not in unsaid]
    text = " ".join(part for part in parts if part)
    # "I'm curious what the fulfillment expense line actually came to": its verb was filler
    text = _WHAT_THE.sub(r"\1 was \2", text)
    # "… free cash flow... what does it come to for calendar 2023": "it" is the figure the lender names
    text = _WHAT_DOES_IT.sub(r"\1 was", text)
    if any(_DID_MUCH.match(draft.text) for draft in asking):
        # "did jci buy back much stock in the september quarter": how much, as "what was …" asks it
        text = re.sub(r"^\W*did\b", "what was", text, flags=re.IGNORECASE)
    if text and not _QUESTION_WORD.match(text):
        # "TSLA rev FY24": a figure is asked for, as "What was …" asks it; in lower case where the question
        # is ("dow inventories": a name that is also a word names a company in a question without capitals)
        text = f"{'What was' if any(c.isupper() for c in source) else 'what was'} {text}"
    asked = _years_spelled(_share_spelled(text))
    said = _years_spelled(" ".join(draft.text.strip().rstrip(".") + "." for draft in instructions))
    # what a clause asking "what do you get?" computes is the item its lender names ("its own FCF number")
    term = _asked_term(asking) or (_asked_term([lender], words) if lender is not None else "")
    definitions = [draft for clause, draft in drafts if clause.kind == "definition"]
    # the first one: a later gloss restates it ("— ignore the proceeds")
    definition = _definition(definitions[0], term, words) if term and definitions else ""
    ordered = tuple(sorted(spans, key=lambda span: span.start))
    return Reading(
        source, asked, definition, said, ordered, tuple(clauses), unknown, _left_out(excluded, asked)
    )


_SHARE_ASKED = "as a percentage of"  # the operation a share of a line is read as ("% of sales")
# an aside that asks for the total with non-controlling interests ("including the portion attributable to
# non-controlling interests", "before the non-controlling split")
_WITH_NONCONTROLLING = re.compile(
    r"\b(?<!not )(?<!n't )(?:including|incl\.?|with|before)\b[^,;)]*\bnon-?\s*controlling\b", re.IGNORECASE
)
_WITH_NCI = "including noncontrolling interests"
_NONCONTROLLING_LINE = re.compile(r"\bnon-?\s*controlling\b|\bNCI\b|\bminority\b", re.IGNORECASE)
# an aside that asks the move of the asking clause in percent
_MOVED_IN_PERCENT = re.compile(
    r"\b(?:percent(?:age)?|%)\s*(?:change|increase|decrease|decline|drop|fall|move)\b", re.IGNORECASE
)
_MOVES = frozenset({"decrease", "increase", "change"})
_IN_PERCENT_MOVE = "percent change"


def _said_whole(draft: _Draft, asked: Sequence[Span]) -> tuple[SpanRole, str] | None:
    """What an aside says, whole, of the figure asked: the move asked, in percent ("how much did Cisco's
    operating income fall …? percent change on the GAAP number please"), or which total the line is (",
    including the portion attributable to non-controlling interests,"); None where it says neither."""
    if _MOVED_IN_PERCENT.search(draft.text) and any(
        span.role == "operation" and span.bound in _MOVES for span in asked
    ):
        return "operation", _IN_PERCENT_MOVE
    if _WITH_NONCONTROLLING.search(draft.text):
        return "item", _WITH_NCI
    return None


_NOT_SAID = re.compile(r"(?:^|,|\s)\s*not\s+(?:just|only|merely)\b", re.IGNORECASE)
_WHAT_THE = re.compile(r"^(what)\s+(the|its|their)\b", re.IGNORECASE)
_WHAT_DOES_IT = re.compile(r"^(what)\s+(?:does|did|do|would|will)\s+(?:it|that|this)\b", re.IGNORECASE)


def _member_typed(spans: Sequence[Span], names: frozenset[str]) -> bool:
    """Whether an item word of the spans is, in any case, the whole printed name of a named company's member
    (lowercase "europe", which is also an English word, is left to the line's words to bind). `names`: the
    members' printed names, lowercase."""
    return any(
        span.role == "item" and span.bound == span.text and span.text.lower() in names for span in spans
    )


def _sole_reporter(bound: str) -> str | None:
    """The one company a member's binding names ("WMT" of "WMT:Sam's Club U.S."), or None where several
    report it ("AAPL,MCD:Americas")."""
    reporters, _, name = bound.partition(":")
    return reporters if name and reporters and "," not in reporters else None


def with_instructions(asked: str, instructions: str) -> str:
    """The text the pipeline reads: the asking clauses, then the instructions as typed. A sentence's stop
    ends the asking part: a definition stated there ends with it (`metrics.definition` reads to it)."""
    return f"{asked.rstrip(' ?.')}. {instructions}" if instructions else asked


# A year standing alone ("revenue in 2024", "2024 FCF"), not a date's ("December 31, 2024"), a quarter's
# ("Q2 2023") or a half's ("first half of 2023"): written as the fiscal year it names, as metric
# questions name years ("FY2024").
_BARE_YEAR = re.compile(
    r"(?<![\w'/-])(?<!\d, )(?<!\d,)(?<!fiscal )(?<!fy )(?<!year )(?<!half of )(?<!quarter of )(?<!months of )"
    r"(?<!months ended )(?<!ended )(?!\d{4}\s*-)((?:19|20)\d{2})(?![\w'/-])",
    re.IGNORECASE,
)


# "What percentage of Intel's revenue went to research and development", "what share of AMC's revenues came
# from food and beverage", "what % of sales was gross profit" (read "what as a percentage of revenue was …"):
# the part named after the whole.
_SHARE_OF_WHOLE = (
    r"^what\s+(?:was\s+|is\s+)?(?:the\s+)?(?:%|percent(?:age)?|share|portion|proportion|fraction|as\s+a\s+percentage)\s+of\s+"
    r"(?P<whole>.+?)\s+"
)
_AMOUNT_FROM = re.compile(
    # ("how much net revenue came from the U.S. in fiscal 2024")
    r"^(?P<whole>how\s+much\s+(?:of\s+)?.+?)\s+(?:came|comes|come)\s+from\s+(?P<part>.+)$",
    re.IGNORECASE,
)
_SHARE_WENT_TO = re.compile(
    _SHARE_OF_WHOLE + r"(?:(?:went|goes|go|was\s+spent|is\s+spent|was\s+used|was\s+devoted)\s+(?:to|on)"
    r"|(?:came|comes|come)\s+from)\s+"
    r"(?P<part>.+)$",
    re.IGNORECASE,
)
# "What percentage of Cisco's total revenue did R&D represent": the part as the subject of a verb
_SHARE_PART_VERB = re.compile(
    _SHARE_OF_WHOLE + r"(?:did|does|do|was|were|is)\s+(?P<part>.+?)(?:\s+(?:represent|account\s+for|make\s+up"
    r"|take\s+up|comprise|consume))?(?P<after>\s+(?:in|for|during|over)\s.*)?$",
    re.IGNORECASE,
)


# "How dependent is ABBV on Humira - what % of 2023 net revenues?" (read "How is ABBV on Humira what % of
# …"): the part is what the company depends on, named before the share is asked
_SHARE_OF_DEPENDED = re.compile(
    r"^how\s+(?:\w+\s+)?(?:is|are)\s+(?P<company>.+?)\s+(?:on|to)\s+(?P<part>.+?)\s+what\s+(?:is\s+|was\s+)?"
    r"(?:the\s+)?(?:%|percent(?:age)?|share|portion)\s+of\s+(?P<whole>.+)$",
    re.IGNORECASE,
)


# The line a whole ends with ("Intel's FY2023 revenue"); what comes before it (company, period) is both's.
_WHOLE_LINE = re.compile(
    r"^(?P<before>.*?)\s*(?P<line>(?:(?:total|net|operating)\s+)*(?:revenues?|sales|expenses|costs?))$",
    re.IGNORECASE,
)


def _whole_apart(whole: str) -> tuple[str, str]:
    """A share's whole as (what comes before its line, its line): ("Intel's FY2023", "revenue")."""
    found = _WHOLE_LINE.match(whole)
    return (found["before"], found["line"]) if found else ("", whole)


def _share_spelled(text: str) -> str:
    """A share of a whole asked whole first, written part first as the ratio reader reads it: "What
    percentage of Intel's FY2023 revenue went to research and development" → "What was Intel's FY2023
    research and development as a percentage of revenue"."""
    depended = _SHARE_OF_DEPENDED.match(text)
    if depended is not None:
        before, line = _whole_apart(depended["whole"])
        company = re.sub(r"['’]s$", "", depended["company"])
        part = re.sub(r"^(?:the|its|their)\s+", "", depended["part"], flags=re.IGNORECASE)
        return " ".join(f"What was {company}'s {before} {part} as a percentage of {line}".split())
    found = _SHARE_WENT_TO.match(text) or _SHARE_PART_VERB.match(text)
    if found is None:
        # "How much of AbbVie's net revenues for 2023 came from Japan": the part's amount, not a share
        return _AMOUNT_FROM.sub(r"\g<whole> \g<part>", text)
    before, line = _whole_apart(found["whole"])
    after = found.groupdict().get("after") or ""
    return " ".join(f"What was {before} {found['part']} as a percentage of {line}{after}".split())


def _years_spelled(text: str) -> str:
    def fiscal(match: re.Match[str]) -> str:
        before = text[: match.start()].rstrip().split()[-2:] or [""]
        word = before[-1].lower().rstrip(".,")
        if word in MONTH_NAMES or re.fullmatch(r"q[1-4]", word) or "calendar" in (w.lower() for w in before):
            return match.group()
        if word.isdigit() and len(before) == 2 and before[0].lower().rstrip(".,") in MONTH_NAMES:
            return match.group()  # a date's year, written without its comma: "June 30 2023"
        return f"FY{match.group(1)}"

    return _BARE_YEAR.sub(fiscal, text)
