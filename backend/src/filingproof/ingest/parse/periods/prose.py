"""Reading the prose around a table for a period: the sentence that introduces it ("… for the three months
ended June 30, 2022:"), "as of" a day, two lengths listed "respectively", the day notes were issued, the
acquisitions the prose dates.
"""

import re
from datetime import date

from filingproof.calendar import (
    LONG_DATE_PATTERN,
    MONTH_NAME_PATTERN,
    day_in_month,
    month_number,
    parse_long_date,
)
from filingproof.ingest.parse.inline import inline_figures
from filingproof.ingest.parse.numbers import YEAR_IN_RE
from filingproof.ingest.parse.periods import (
    AS_OF_AND_FOR_RE,
    LONG_DATE_RE,
    DocumentPeriod,
    Period,
    fiscal_year_end,
    months_before,
    parse_column_period,
)

AS_OF_RE = re.compile(r"\bas of\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})")


# Where a sentence ends: "… of $0.9 million. The Company …" (not "U.S. federal", "No. 1").
SENTENCE_END_RE = re.compile(r"(?<=[a-z\d)%])\.\s+(?=[A-Z])")


Acquisition = tuple[date, str]  # the day of an acquisition, and the rest of the sentence that dates it


# The caption's last sentence (after its last colon): the one that introduces the table.
_CAPTION_SENTENCE_RE = re.compile(r"[^.]*$")


# A page's running header taken for the table's title: "Table of Contents", "2023 FORM 10-K 63".
_PAGE_FURNITURE_RE = re.compile(
    r"(?:\s+|^)(?:table of contents|(?:19|20)\d{2} form 10-[kq] \d+|\d{1,3})(?:\s+\d{1,3})?\s*$",
    re.IGNORECASE,
)


_TRAILING_PARENTHETICAL_RE = re.compile(r"(?:\s*\([^()]*\))+\s*$")


_CAPTION_DATE_RE = re.compile(rf"\b(?:as of|at|on)\s+({LONG_DATE_PATTERN})", re.IGNORECASE)


def last_sentence(caption: str) -> str:
    """The sentence (after the last colon) that introduces a table, without the parenthetical that may
    close it: "At December 31, 2022, the allocation … were as follows: (Dollars in Millions …)" (CL)."""
    caption = _PAGE_FURNITURE_RE.sub("", _TRAILING_PARENTHETICAL_RE.sub("", caption))
    sentence = _CAPTION_SENTENCE_RE.search(re.split(r":\s", caption.rstrip(" .:"))[-1])
    return sentence[0] if sentence else ""


def caption_period(caption: str, document: DocumentPeriod) -> Period | None:
    """The one period of a length the sentence introducing a table names: "The following table presents
    earnings per share for the three months ended June 30, 2022:" → April to June 2022 (V); none when it
    names more than one ("for the three and six months ended …", "… 2023 and 2022"), nor a date too ("as of
    and for the six months ended June 30, 2023": balances at its end, flows over it)."""
    return period_of_a_sentence(last_sentence(caption), document)


# A reference rate and the spread over it that follows: "SOFR + ", "EURIBOR plus ".
SPREAD_BEFORE_RE = re.compile(r"\b[A-Z]{3,}\s*(?:\+|plus)\s*$")


# "$693 million and $1.5 billion … for the three and six months ended July 1, 2023, respectively": two lengths
# to one date, each figure of a pair taking its own.
_TWO_LENGTHS_RE = re.compile(
    rf"\bfor\s+the\s+(three|six|nine)\s+and\s+(six|nine|twelve)\s+months\s+ended\s+(?P<day>{LONG_DATE_PATTERN})",
    re.IGNORECASE,
)


_RESPECTIVELY_RE = re.compile(r"\brespectively\b", re.IGNORECASE)


_PAIR_RE = re.compile(r"\)?\s*and\s*", re.IGNORECASE)  # "$693 million and $1.5 billion", "$(3) and $5"


def respective_length(sentence: str, at: int, document: DocumentPeriod) -> Period | None:
    """The length of the figure at `at` in a sentence that lists its figures in pairs over two lengths to
    one date, "respectively": "For the three and six months ended July 1, 2023, all other operating losses
    primarily included $693 million and $1.5 billion of amortization …, $348 million and $657 million of
    stock-based compensation expense …, respectively." (AMD Q2 2023 10-Q) → "$693 million" and "$348
    million" the quarter, "$1.5 billion" and "$657 million" the half year. None for a figure not paired by
    "and", or where the sentence names another date."""
    match = _TWO_LENGTHS_RE.search(sentence)
    if match is None or not _RESPECTIVELY_RE.search(sentence) or len(LONG_DATE_RE.findall(sentence)) != 1:
        return None
    figures = inline_figures(sentence)
    i = next((i for i, figure in enumerate(figures) if figure.start == at), None)
    if i is None:
        return None
    if i + 1 < len(figures) and _PAIR_RE.fullmatch(sentence[figures[i].end : figures[i + 1].start]):
        length = match[1]  # the first of "A and B"
    elif i > 0 and _PAIR_RE.fullmatch(sentence[figures[i - 1].end : figures[i].start]):
        length = match[2]
    else:
        return None
    return parse_column_period(f"{length} months ended {match['day']}", document)


def period_of_a_sentence(text: str, document: DocumentPeriod) -> Period | None:
    """The one period of a length a sentence names (`caption_period`)."""
    if (past_year := _past_year(text, document)) is not None:
        return past_year
    if (month := _past_month(text)) is not None:
        return month
    # (The day something else happened does not date the table: "… during the six months ended June 30,
    # 2023, including related party transactions with Antara, which became a related party on February 7,
    # 2023:", AMC Q2 2023 10-Q.)
    text = _ON_A_DAY_RE.sub("", text) if FOR_THE_PERIOD_RE.search(text) else text
    if not FOR_THE_PERIOD_RE.search(text) or len(LONG_DATE_RE.findall(text)) != 1:
        return None
    if AS_OF_AND_FOR_RE.search(text):
        return None
    if _TWO_PERIODS_RE.search(text) or len(FOR_THE_PERIOD_RE.findall(text)) > 1:
        return None
    if AS_OF_AND_FOR_RE.search(text):
        return None  # balances at its end and flows over it: "as of and for the six months ended …" (VZ)
    period = parse_column_period(text, document)
    return period if period is not None and period.kind == "duration" else None


# "… charges taken in 2022 in our Europe division", "during fiscal 2022": a year the figures are of.
_IN_YEAR_RE = re.compile(r"\b(?:in|during|for)\s+(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})\b", re.IGNORECASE)


def _past_year(text: str, document: DocumentPeriod) -> Period | None:
    """The one fiscal year before the document's that a sentence names, and no other year or date: "A
    summary of pre-tax charges taken in 2022 in our Europe division as a result of the Russia-Ukraine
    conflict is as follows:" (PEP 2023 10-K) → fiscal 2022."""
    match = _IN_YEAR_RE.search(text)
    if match is None or len(YEAR_IN_RE.findall(text)) != 1 or int(match[1]) >= document.own_year:
        return None
    end = fiscal_year_end(int(match[1]), document)
    return Period("duration", months_before(end, 12), end)


# "… during July 2023": the one month a sentence names, and no other date.
_DURING_MONTH_RE = re.compile(rf"\bduring\s+({MONTH_NAME_PATTERN})\s+((?:19|20)\d{{2}})\b", re.IGNORECASE)


# "… which became a related party on February 7, 2023": the day of an event the sentence mentions.
_ON_A_DAY_RE = re.compile(rf"\bon\s+{LONG_DATE_PATTERN}", re.IGNORECASE)


def _past_month(text: str) -> Period | None:
    """The one month a sentence says its figures are of, and no other year or date: "The below table
    summarizes the cash debt repurchases during July 2023, including related party transactions with
    Antara:" (AMC Q2 2023 10-Q, subsequent events) → July 2023."""
    match = _DURING_MONTH_RE.search(text)
    if match is None or len(YEAR_IN_RE.findall(text)) != 1:
        return None
    end = month_end(f"{match[1]} {match[2]}")
    return None if end is None else Period("duration", end.replace(day=1), end)


# "… ended June 30, 2023 and 2022", "for the three and six months ended …": more than one period.
_TWO_PERIODS_RE = re.compile(r"\band\s+(?:19|20)\d{2}\b|\b(?:three|six|nine)\s+and\b", re.IGNORECASE)


# "for the three months ended", "for the fiscal year ended", "for the 26 weeks ended", "during the six months
# ended"
FOR_THE_PERIOD_RE = re.compile(
    r"\b(?:for|during)\s+the\s+(?:fiscal\s+)?(?:years?|quarters?|(?:three|six|nine|twelve|thirteen|twenty-six|"
    r"thirty-nine|fifty-two|fifty-three|\d{1,2})[\s-]+(?:months|weeks))\s+end(?:ed|ing)\b",
    re.IGNORECASE,
)


def caption_date(caption: str) -> date | None:
    """The one date the sentence introducing a table says its figures are at: "The fair values for the
    pension plans by asset category at December 31, 2022 are as follows:" → 2022-12-31 (VZ); none when
    it names more than one ("as of December 31, 2023 and 2022")."""
    text = last_sentence(caption)
    if len(LONG_DATE_RE.findall(text)) != 1 or re.search(r"\band\s+(?:19|20)\d{2}\b", text):
        return None
    match = _CAPTION_DATE_RE.search(text)
    return parse_long_date(match[1]) if match else None


# "On March 30, 2023, the Company issued $3.0 billion of unsecured fixed rate notes", "In March 2023, the
# Company issued $6.5 billion of senior unsecured notes": the day (or month) notes were issued.
_ISSUED_ON_RE = re.compile(
    rf"\b(?:on|in)\s+(?:(?P<day>{LONG_DATE_PATTERN})|(?P<month>{MONTH_NAME_PATTERN}\.?\s+(?:19|20)\d{{2}})),?\s"
    r".*?\bissued\b.*?\b(?:notes|debentures|bonds)\b",
    re.IGNORECASE,
)


def issue_day(caption: str) -> date | None:
    """The day the sentence introducing a table says the notes it lists were issued (a month's last day,
    for a month): "In March 2023, the Company issued $6.5 billion of senior unsecured notes consisting of
    the following:" → 2023-03-31 (UNH Q2 2023 10-Q). (The point of "$6.5" ends no sentence.)"""
    text = re.split(r":\s", caption.rstrip(" .:"))[-1]
    match = _ISSUED_ON_RE.search(SENTENCE_END_RE.split(text)[-1])
    if match is None:
        return None
    return parse_long_date(match["day"]) if match["day"] else month_end(match["month"])


# A purchase price allocation: "The purchase consideration was allocated as follows:", "The acquisition date
# fair values of the assets acquired and liabilities assumed were as follows:".
ACQUISITION_TABLE_RE = re.compile(
    r"\bpurchase (?:price|consideration)\b|\bassets acquired\b|\bacquisition date\b", re.IGNORECASE
)


# "On February 14, 2022 (Xilinx Acquisition Date), the Company completed the acquisition of … Xilinx": the
# day, and the rest of its sentence.
_ACQUIRED_ON_RE = re.compile(
    rf"\bOn\s+(?P<day>{LONG_DATE_PATTERN})(?P<said>[^.]*?\bacqui(?:red?|sition)\b[^.]*)", re.IGNORECASE
)


def names_the_business(said: str, name: str) -> bool:
    """Does an acquisition's sentence name the business a column names: the name itself, or each of its
    words for a name of two or more ("European Viral Vector Business": "… the Belgium-based European viral
    vector manufacturing business of Groupe Novasep SAS", TMO 2023 10-K)."""
    if name.lower() in said.lower():
        return True
    words = set(re.findall(r"\w{3,}", name.lower()))
    return len(words) > 1 and words <= set(re.findall(r"\w+", said.lower()))


def acquisitions_in(prose: str) -> list[Acquisition]:
    """The acquisitions `prose` dates: "On November 7, 2023, we completed a cash and stock transaction to
    acquire Hostess Brands" → (2023-11-07, "…to acquire Hostess Brands")."""
    return [
        (day, match["said"])
        for match in _ACQUIRED_ON_RE.finditer(prose)
        if (day := parse_long_date(match["day"])) is not None
    ]


_MONTH_YEAR_RE = re.compile(rf"^({MONTH_NAME_PATTERN})\.?\s+((?:19|20)\d{{2}}):?$", re.IGNORECASE)


def month_end(label: str) -> date | None:
    """The last day of the month a label names alone: "March 2023" → 2023-03-31."""
    match = _MONTH_YEAR_RE.match(label.strip())
    if match is None:
        return None
    year, month = int(match[2]), month_number(match[1])
    return day_in_month(year, month, 31)
