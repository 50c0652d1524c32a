"""What period a table column covers, read from its header text as the page prints it.

"Three Months Ended Jul 27, 2025" is a 3-month duration ending 2025-07-27; "September 28, 2024" in a balance
sheet is an instant; a bare "2024" in a 10-K is the fiscal year 2024 (its end estimated from the document's
own period end, since 52/53-week fiscal years move by a few days: matching allows for that).
"""

import calendar
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal

from filingproof.ingest.parse.xbrl import LONG_DATE_PATTERN, parse_long_date

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

    def quarter(self, number: int) -> Period | None:
        """Fiscal quarter `number` of the document's fiscal year, when the cover says which quarter the
        document ends ("Expense incurred in the first quarter of 2023" in a Q2 10-Q)."""
        focus = (self.fiscal_period or "").upper()
        current = 4 if focus == "FY" else int(focus[1]) if re.fullmatch(r"Q[1-4]", focus) else None
        if current is None or not 1 <= number <= current:
            return None
        end = months_before(self.period_end, 3 * (current - number)) - timedelta(days=1)
        if current == number:
            end = self.period_end
        return Period("duration", months_before(end, 3), end)


MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
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
_MONTHS_RE = re.compile(
    r"(?<!less than )(?<!more than )\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b"
    r"(?!\s+or\s+(?:greater|more|longer))",
    re.IGNORECASE,
)
_WEEKS_RE = re.compile(
    r"\b(thirteen|twelve|twenty-six|twenty-four|thirty-nine|thirty-six|fifty-two|fifty-three|\d{2})[\s-]+weeks?\b",
    re.IGNORECASE,
)
_YEAR_ENDED_RE = re.compile(
    r"\b(years?|fiscal(?:\s+years?)?|annual)\b.{0,12}\b(ended|ending)\b", re.IGNORECASE
)
_QUARTER_ENDED_RE = re.compile(r"\bquarters?\s+ended\b", re.IGNORECASE)
_YEAR_RE = re.compile(r"(?<![\d,.$])((?:19|20)\d{2})(?![\d,.%])")
_MONTH_YEAR_RE = re.compile(
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*,?\s+((?:19|20)\d{2})\b", re.IGNORECASE
)
_INSTANT_HINTS = re.compile(
    r"balance sheets?|financial (?:position|condition)|\bas of\b|\bat (?:end of )?(?:year|period)|"
    r"\bbalance,?\s+(?:at|as of)|\bas at\b",
    re.IGNORECASE,
)
# A column of balances, when it prints only a year.
_STOCK_COLUMN_RE = re.compile(
    r"fair value|carrying|amortized cost|cash and cash equivalents|\bbalance|outstanding|\bassets\b|liabilit",
    re.IGNORECASE,
)


def months_in(label: str) -> int | None:
    if match := _MONTHS_RE.search(label):
        return _MONTH_WORDS[match[1].lower()]
    if match := _WEEKS_RE.search(label):
        return _WEEK_WORDS.get(match[1].lower())
    if _YEAR_ENDED_RE.search(label):
        return 12
    if _QUARTER_ENDED_RE.search(label):
        return 3
    return None


def months_before(end: date, months: int) -> date:
    """The first day of a period of `months` months that ends on `end` (month ends stay month ends)."""
    year, month = end.year, end.month - months
    while month <= 0:
        month += 12
        year -= 1
    last_day = calendar.monthrange(year, month)[1]
    day = last_day if end.day == calendar.monthrange(end.year, end.month)[1] else min(end.day, last_day)
    return date(year, month, day) + timedelta(days=1)


def fiscal_year_end(year: int, document: DocumentPeriod) -> date:
    anchor_year = document.fiscal_year if document.fiscal_year is not None else document.period_end.year
    shift = year - anchor_year
    end = document.period_end
    day = min(end.day, calendar.monthrange(end.year + shift, end.month)[1])
    return date(end.year + shift, end.month, day)


def printed_year(label: str) -> int | None:
    """The year of a header that names a period by its year alone ("2024", "Fiscal 2024"), else None."""
    years = _YEAR_RE.findall(label)
    if (
        len(years) != 1
        or "change" in label.lower()
        or "%" in label
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
    if end is not None and re.search(r"\bas of\b|\bas at\b", label, re.IGNORECASE):
        return Period("instant", None, end)
    month_year = _MONTH_YEAR_RE.search(label)
    if end is None and month_year and not re.search(r"[a-z]", label[month_year.end() :], re.IGNORECASE):
        # "June 2025": the month's end, in 10-Q headers that print no day.
        month = MONTH_ABBREVIATIONS.index(month_year[1].lower()[:3]) + 1
        year = int(month_year[2])
        end = date(year, month, calendar.monthrange(year, month)[1])
    if end is None and months and re.search(r"\bchange\b", label, re.IGNORECASE):
        # "Six Months Ended … % Change": the change over the current period of that length
        return Period("duration", months_before(document.period_end, months), document.period_end)
    if end is None:
        printed = printed_year(label)
        if printed is None:
            return None
        year = printed
        is_quarterly = document.form.upper().startswith("10-Q")
        if is_quarterly:
            shift = year - document.period_end.year
            ref = document.period_end
            end = date(
                ref.year + shift, ref.month, min(ref.day, calendar.monthrange(ref.year + shift, ref.month)[1])
            )
        else:
            end = fiscal_year_end(year, document)
        if months is None:
            if year in stated:  # "As of September 28, 2024 and September 30, 2023"
                return Period("instant", None, stated[year])
            if _INSTANT_HINTS.search(table_context) or _STOCK_COLUMN_RE.search(label):
                return Period("instant", None, end, assumed=True)
            months = 3 if is_quarterly else 12
            return Period("duration", months_before(end, months), end, assumed=True)
    if months is None:
        return Period("instant", None, end)  # a date alone: a balance at that date
    return Period("duration", months_before(end, months), end)


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
    """Does a parsed column period name the same period as an XBRL context? 52/53-week years allow ±7 days."""
    if instant != (parsed.kind == "instant"):
        return False
    if abs((parsed.end - end).days) > 7:
        return False
    if instant or start is None:
        return True
    return abs(parsed.days - ((end - start).days + 1)) <= 21
