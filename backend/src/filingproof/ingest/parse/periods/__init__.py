"""What period a table column covers, read from its header text as the page prints it.

"Three Months Ended Jul 27, 2025" is a 3-month duration ending 2025-07-27; "September 28, 2024" in a balance
sheet is an instant; a bare "2024" in a 10-K is the fiscal year 2024 (its end estimated from the document's
own period end, since 52/53-week fiscal years move by a few days: matching allows for that).
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal

from filingproof.calendar import (
    LONG_DATE_PATTERN,
    MONTH_NAME_PATTERN,
    dates_match,
    day_in_month,
    length_matches,
    month_number,
    parse_long_date,
    shift_months,
)
from filingproof.ingest.parse.numbers import PARENTHETICAL_RE

PeriodKind = Literal["instant", "duration"]


@dataclass(frozen=True, slots=True)
class Period:
    kind: PeriodKind
    start: date | None
    end: date
    # True when the header printed only a year and the kind (flow or balance) was assumed.
    assumed: bool = field(default=False, compare=False)

    @property
    def days(self) -> int:
        return 0 if self.start is None else (self.end - self.start).days + 1


@dataclass(frozen=True, slots=True)
class DocumentPeriod:
    """What the whole document covers: the anchor for columns that print only a year."""

    form: str
    period_end: date
    fiscal_year: int | None
    fiscal_period: str | None = None  # the cover's "Q2", "FY"

    @property
    def quarterly(self) -> bool:
        """A 10-Q (or 10-Q/A): its own period is a quarter, or the year to date."""
        return self.form.upper().startswith("10-Q")

    @property
    def months(self) -> int:
        """The months of the step its columns go by: 3 in a 10-Q, 12 in a 10-K."""
        return 3 if self.quarterly else 12

    @property
    def own_year(self) -> int:
        """The fiscal year the document is of: the cover's, else the year its period ends in."""
        return self.fiscal_year if self.fiscal_year is not None else self.period_end.year

    def quarter(self, number: int, fiscal_year: int | None = None) -> Period | None:
        """Fiscal quarter `number` of `fiscal_year` (by default the document's own), when the cover says
        which quarter the document ends ("Expense incurred in the first quarter of 2023" in a Q2 10-Q)."""
        return self.fiscal_part(number, 3, fiscal_year)

    def fiscal_part(self, number: int, months: int, fiscal_year: int | None = None) -> Period | None:
        """Part `number` of a fiscal year cut in parts of `months` ("Second Quarter 2022": 2, 3; "First Half
        2023": 1, 6), counted back from the document's own period end."""
        focus = (self.fiscal_period or "").upper()
        current = 4 if focus == "FY" else int(focus[1]) if re.fullmatch(r"Q[1-4]", focus) else None
        if current is None and self.form.upper().startswith("10-K"):
            current = 4
        own_year = self.own_year
        year = own_year if fiscal_year is None else fiscal_year
        if current is None or not 1 <= number * months // 3 <= 4:
            return None
        back = 3 * current - number * months + 12 * (own_year - year)  # months from that part's end to ours
        if back < 0 or (fiscal_year is None and back >= 3 * current):
            return None
        end = self.period_end if back == 0 else months_before(self.period_end, back) - timedelta(days=1)
        return Period("duration", months_before(end, months), end)


_MONTH_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "3": 3, "6": 6, "9": 9, "12": 12}
_WEEK_WORDS = {
    "thirteen": 3,
    "13": 3,
    "twelve": 3,
    "12": 3,
    "twenty-six": 6,
    "26": 6,
    "twenty-four": 6,
    "24": 6,
    "thirty-nine": 9,
    "39": 9,
    "thirty-six": 9,
    "36": 9,
    "fifty-two": 12,
    "52": 12,
    "fifty-three": 12,
    "53": 12,
}
_WEEK_COUNTS = {
    "twelve": 12,
    "thirteen": 13,
    "sixteen": 16,
    "twenty-four": 24,
    "twenty-six": 26,
    "twenty-eight": 28,
    "thirty-six": 36,
    "thirty-nine": 39,
    "forty": 40,
    "fifty-two": 52,
    "fifty-three": 53,
}
_MONTHS_RE = re.compile(
    r"(?<!less than )(?<!more than )(?<!greater than )\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b"
    r"(?!\s+or\s+(?:greater|more|longer|less))",
    re.IGNORECASE,
)
_WEEKS_RE = re.compile(
    r"\b(twelve|thirteen|sixteen|twenty-four|twenty-six|twenty-eight|thirty-six|thirty-nine|forty|fifty-two|"
    r"fifty-three|\d{2})[\s-]+weeks?\b",
    re.IGNORECASE,
)
_YEAR_ENDED_RE = re.compile(
    r"\b(years?|fiscal(?:\s+years?)?|annual)\b.{0,12}\b(ended|ending)\b", re.IGNORECASE
)
_QUARTER_ENDED_RE = re.compile(r"\bquarters?\s+ended\b", re.IGNORECASE)
_YEAR_RE = re.compile(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d,.%])")
_MONTH_YEAR_RE = re.compile(rf"\b({MONTH_NAME_PATTERN})\s*,?\s+((?:19|20)\d{{2}})\b", re.IGNORECASE)
_INSTANT_HINTS = re.compile(
    r"balance sheets?|financial (?:position|condition)|\bas of\b|\bat (?:end of )?(?:year|period)|"
    r"\bat the end of (?:the )?(?:fiscal )?(?:years?|periods?)\b|"  # "At the end of fiscal years 2023 …"
    r"\bbalance,?\s+(?:at|as of)|\bas at\b",
    re.IGNORECASE,
)
# A column of balances, when it prints only a year.
_STOCK_COLUMN_RE = re.compile(
    r"fair value|carrying|amortized cost|cash and cash equivalents|\bbalance|outstanding|\bassets\b|liabilit|"
    r"\bobligations?\b|funded status|deficit|surplus",
    re.IGNORECASE,
)


_PART_RE = re.compile(
    r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?(quarter|half)\b|\bq([1-4])\b",
    re.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}


def fiscal_part(label: str) -> tuple[int, int] | None:
    """Which part of a fiscal year a label names, and its length in months: "Second Quarter" → (2, 3),
    "First Half" → (1, 6), "Q3" → (3, 3)."""
    match = _PART_RE.search(label)
    if match is None:
        return None
    if match[3]:
        return int(match[3]), 3
    return _ORDINALS[match[1].lower()], 3 if match[2].lower() == "quarter" else 6


def weeks_in(label: str) -> int | None:
    """The weeks a label counts: "36 Weeks Ended", "Twelve Weeks Ended"."""
    if match := _WEEKS_RE.search(label):
        word = match[1].lower()
        return int(word) if word.isdigit() else _WEEK_COUNTS.get(word)
    return None


def months_in(label: str) -> int | None:
    if match := _MONTHS_RE.search(label):
        return _MONTH_WORDS[match[1].lower()]
    if (weeks := weeks_in(label)) is not None:
        return _WEEK_WORDS.get(str(weeks), round(weeks * 7 / 30.44))
    if part := fiscal_part(label):
        return part[1]
    if _QUARTER_ENDED_RE.search(label):  # (before the year's: "For the Fiscal Quarter Ended", AAPL)
        return 3
    if _YEAR_ENDED_RE.search(label):
        return 12
    return None


def months_before(end: date, months: int) -> date:
    """The first day of a period of `months` months that ends on `end` (month ends stay month ends)."""
    if end == day_in_month(end.year, end.month, 31):  # a month's end: the period opens on a month's first
        return shift_months(end.replace(day=1), 1 - months)
    return shift_months(end, -months) + timedelta(days=1)


def fiscal_year_end(year: int, document: DocumentPeriod) -> date:
    """The end of fiscal `year`: the document's own period end, that many years away."""
    return shift_months(document.period_end, 12 * (year - document.own_year))


# A change between periods ("% Change", "Increase/(Decrease)"), not one period ("% of Net Sales 2023").
_CHANGE_RE = re.compile(r"change|increase|decrease|growth|\bvs\b", re.IGNORECASE)
_BEGINNING_RE = re.compile(r"\bbeginning\b|\bstart\b|\bopening\b", re.IGNORECASE)
# Balances at a period's end and flows over it: "As of and for the Fiscal Year Ended …", "at and for".
AS_OF_AND_FOR_RE = re.compile(r"\b(?:as of|at) (?:and|or) for\b", re.IGNORECASE)
# The lengths a caption names: "for the six months ended", "three and six months ended".
_CAPTION_MONTHS_RE = re.compile(
    r"\b(three|six|nine|twelve|3|6|9|12)(?:\s*(?:,|and)\s*(three|six|nine|twelve|3|6|9|12))?[\s-]+months?\b",
    re.IGNORECASE,
)


def is_stock_column(label: str) -> bool:
    """A column of balances by its words: "Fair Value of Assets 2022", "Balance, Beginning 2022"."""
    label = PARENTHETICAL_RE.sub("", label)  # not "(in millions, except weighted-average fair value)"
    return bool(_STOCK_COLUMN_RE.search(label) or _BEGINNING_RE.search(label))


def caption_months(text: str) -> int | None:
    """The one length of period a caption names ("… for the six months ended June 30, 2023"), else None
    ("three and six months", or none)."""
    named = {
        _MONTH_WORDS[word.lower()] for m in _CAPTION_MONTHS_RE.finditer(text) for word in m.groups() if word
    }
    return named.pop() if len(named) == 1 else None


def printed_year(label: str) -> int | None:
    """The year of a header that names a period by its year alone ("2024", "Fiscal 2024"), else None."""
    years = _YEAR_RE.findall(label)
    if (
        len(years) != 1
        or _CHANGE_RE.search(label)
        or parse_long_date(label) is not None
        or _MONTH_YEAR_RE.search(label)
    ):
        return None
    return int(years[0])


def parse_column_period(
    label: str, document: DocumentPeriod, table_context: str = "", stated: Mapping[int, date] | None = None
) -> Period | None:
    """The period a column header names, or None when it names none (e.g. "% Change"). A bare year takes
    the date the caption `stated` for it (`stated_as_of`)."""
    stated = stated or {}
    spans = list(_MONTHS_RE.finditer(label))
    if len(spans) > 1 and parse_long_date(label[spans[-1].start() :]) is not None:
        # A caption over the columns ("for the three and six months ending March 31, 2023 and 2022")
        # names them all; the header nearest the figures ("Three Months Ended March 31, 2022") names one.
        label = label[spans[-1].start() :]
    months = months_in(label)
    end = parse_long_date(label)
    as_of = re.search(r"\bas of\b|\bas at\b", label, re.IGNORECASE)
    if end is not None and as_of and not (months and AS_OF_AND_FOR_RE.search(label)):
        return Period("instant", None, end)  # (not "As of and for the Fiscal Year Ended …": both)
    month_year = _MONTH_YEAR_RE.search(label)
    if end is None and month_year and not re.search(r"[a-z]", label[month_year.end() :], re.IGNORECASE):
        # "June 2025": the month's end, in 10-Q headers that print no day.
        month, year = month_number(month_year[1]), int(month_year[2])
        end = day_in_month(year, month, 31)
    if end is None and months and re.search(r"\bchange\b", label, re.IGNORECASE):
        # "Six Months Ended … % Change": the change over the current period of that length
        return Period("duration", months_before(document.period_end, months), document.period_end)
    part = fiscal_part(label)
    printed = printed_year(label) if end is None and part is not None else None
    # "Second Quarter 2022", "First Half 2023": that part of that fiscal year
    if part is not None and printed is not None and (named := document.fiscal_part(*part, printed)):
        return named
    if end is None:
        printed = printed_year(label)
        if printed is None:
            return None
        year = printed
        end = _bare_year_end(year, document)
        if months is None:
            if year in stated:  # "As of September 28, 2024 and September 30, 2023"
                return Period("instant", None, stated[year])
            if _BEGINNING_RE.search(label):  # "Balance, Beginning 2022": the eve of that year
                start = months_before(end, document.months)
                return Period("instant", None, start - timedelta(days=1), assumed=True)
            if _INSTANT_HINTS.search(table_context) or is_stock_column(label):
                return Period("instant", None, end, assumed=True)
            # In a 10-Q, the caption may say how long: "… for the six months ended June 30, 2023 and 2022".
            months = (caption_months(table_context) or 3) if document.quarterly else 12
            return Period("duration", months_before(end, months), end, assumed=True)
    if months is None:
        return Period("instant", None, end)  # a date alone: a balance at that date
    if (weeks := weeks_in(label)) is not None:  # "36 Weeks Ended": 252 days, not nine months
        return Period("duration", end - timedelta(days=7 * weeks - 1), end)
    if _YEAR_TO_DATE_RE.search(label):  # "year to date Quarter ended June 30, 2022": from the year's start
        months = _months_into_fiscal_year(end, document) or months
    return Period("duration", months_before(end, months), end)


def _bare_year_end(year: int, document: DocumentPeriod) -> date:
    """Where a column that prints a year alone ends: in a 10-Q, the report's day in that year; else the end
    of that fiscal year."""
    if not document.quarterly:
        return fiscal_year_end(year, document)
    return shift_months(document.period_end, 12 * (year - document.period_end.year))


_YEAR_TO_DATE_RE = re.compile(r"\byear[-\s]+to[-\s]+date\b", re.IGNORECASE)


def _months_into_fiscal_year(end: date, document: DocumentPeriod) -> int | None:
    """How many months of its fiscal year have passed at `end`, by the month the document's fiscal years
    end: 9 at June 30 for a fiscal year that ends in September."""
    last = document.quarter(4, document.own_year - 1)
    return None if last is None else (end.month - last.end.month) % 12 or 12


_AS_OF_DATES_RE = re.compile(
    rf"\b(?:as of|at)\s+({LONG_DATE_PATTERN}(?:,?\s+and\s+{LONG_DATE_PATTERN})?)", re.IGNORECASE
)
LONG_DATE_RE = re.compile(LONG_DATE_PATTERN, re.IGNORECASE)


def stated_as_of(table_context: str, years: set[int]) -> dict[int, date]:
    """The dates a table's caption says its figures are "as of" ("As of September 28, 2024 and September 30,
    2023, the components … were"), by year; only when it names one date for each of `years`, the years
    its columns print."""
    dates: dict[int, set[date]] = {}
    for match in _AS_OF_DATES_RE.finditer(table_context):
        for text in LONG_DATE_RE.findall(match[1]):
            if (dated := parse_long_date(text)) is not None:
                dates.setdefault(dated.year, set()).add(dated)
    if not years or any(len(dates.get(year, ())) != 1 for year in years):
        return {}
    return {year: next(iter(dates[year])) for year in years}


def periods_agree(parsed: Period, start: date | None, end: date, instant: bool) -> bool:
    """Does a parsed column period name the same period as an XBRL context, within the calendar's slack?"""
    if instant != (parsed.kind == "instant"):
        return False
    if not dates_match(parsed.end, end):
        return False
    if instant or start is None:
        return True
    return length_matches(parsed.days, (end - start).days + 1)


_MONTH_DAY_RE = re.compile(rf"\b{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}}\b,?", re.IGNORECASE)


def _yearless(label: str) -> str:
    """A column label without its dates and years: "Three Months Ended June 30, 2023 Shares" → "Three Months
    Ended Shares"; "June 30, 2023 Life" → "Life"."""
    return " ".join(_YEAR_RE.sub(" ", _MONTH_DAY_RE.sub(" ", label)).split())


def periods_by_block(labels: Sequence[str], periods: Sequence[Period | None]) -> list[Period | None]:
    """A header that repeats the same columns for each period and prints the period once over each block:
    the page spans it over the block, the header rows set it over the block's first columns only. The
    block's other columns take its period: "2023 | Effective Rate % | 2022 | Effective Rate %" (JNJ 2023
    10-K, long-term debt), "Three Months Ended June 30, 2023 Shares | Amount | 2022 Shares | Amount" (VZ,
    equity), "June 30, 2023 Long-term care | … Life | June 30, 2022 Long-term care | Life" (GE Q2 2023
    10-Q, future policy benefits). Only where the columns' labels, their dates aside, repeat block by
    block, and each block names one period of its own."""
    distinct = list(dict.fromkeys(p for p in periods if p is not None))
    count = len(periods)
    if len(distinct) < 2 or count % len(distinct) or None not in periods:
        return list(periods)
    size = count // len(distinct)
    shape = [_yearless(label) for label in labels]
    if any(shape[c] != shape[c % size] for c in range(count)):
        return list(periods)
    filled: list[Period | None] = []
    for start in range(0, count, size):
        block = periods[start : start + size]
        own = {p for p in block if p is not None}
        if len(own) != 1:
            return list(periods)
        (period,) = own
        filled.extend(period if p is None else p for p in block)
    return filled
