"""What period a table column covers, read from its header text as the page prints it.

"Three Months Ended Jul 27, 2025" is a 3-month duration ending 2025-07-27; "September 28, 2024" in a balance
sheet is an instant; a bare "2024" in a 10-K is the fiscal year 2024 (its end estimated from the document's
own period end, since 52/53-week fiscal years move by a few days: matching allows for that).
"""

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Literal

from filingproof.ingest.xbrl import parse_long_date

PeriodKind = Literal["instant", "duration"]


@dataclass(frozen=True, slots=True)
class Period:
    kind: PeriodKind
    start: date | None
    end: date

    @property
    def days(self) -> int:
        return 0 if self.start is None else (self.end - self.start).days + 1


@dataclass(frozen=True, slots=True)
class DocumentPeriod:
    """What the whole document covers: the anchor for columns that print only a year."""

    form: str
    period_end: date
    fiscal_year: int | None


_MONTH_WORDS = {"three": 3, "six": 6, "nine": 9, "twelve": 12, "3": 3, "6": 6, "9": 9, "12": 12}
_WEEK_WORDS = {"thirteen": 3, "13": 3, "twelve": 3, "12": 3, "twenty-six": 6, "26": 6, "twenty-four": 6,
               "24": 6, "thirty-nine": 9, "39": 9, "thirty-six": 9, "36": 9, "fifty-two": 12, "52": 12,
               "fifty-three": 12, "53": 12}
_MONTHS_RE = re.compile(r"\b(three|six|nine|twelve|3|6|9|12)[\s-]+months?\b", re.IGNORECASE)
_WEEKS_RE = re.compile(
    r"\b(thirteen|twelve|twenty-six|twenty-four|thirty-nine|thirty-six|fifty-two|fifty-three|\d{2})[\s-]+weeks?\b",
    re.IGNORECASE,
)
_YEAR_ENDED_RE = re.compile(r"\b(years?|fiscal(?:\s+years?)?|annual)\b.{0,12}\b(ended|ending)\b", re.IGNORECASE)
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


def _fiscal_year_end(year: int, document: DocumentPeriod) -> date:
    anchor_year = document.fiscal_year if document.fiscal_year is not None else document.period_end.year
    shift = year - anchor_year
    end = document.period_end
    if document.form.upper().startswith("10-Q"):
        # A 10-Q's own fiscal year ends after its period; only the year offset is known here.
        pass
    day = min(end.day, calendar.monthrange(end.year + shift, end.month)[1])
    return date(end.year + shift, end.month, day)


def parse_column_period(label: str, document: DocumentPeriod, table_context: str = "") -> Period | None:
    """The period a column header names, or None when it names none (e.g. "% Change")."""
    months = months_in(label)
    end = parse_long_date(label)
    if end is None:
        if match := _MONTH_YEAR_RE.search(label):
            # "June 2025": the month's end, in 10-Q headers that print no day.
            month = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].index(
                match[1].lower()[:3]
            ) + 1
            year = int(match[2])
            end = date(year, month, calendar.monthrange(year, month)[1])
    if end is None:
        years = _YEAR_RE.findall(label)
        if len(years) != 1 or "change" in label.lower() or "%" in label:
            return None
        year = int(years[0])
        is_quarterly = document.form.upper().startswith("10-Q")
        if is_quarterly:
            shift = year - document.period_end.year
            ref = document.period_end
            end = date(ref.year + shift, ref.month, min(ref.day, calendar.monthrange(ref.year + shift, ref.month)[1]))
        else:
            end = _fiscal_year_end(year, document)
        if months is None:
            if _INSTANT_HINTS.search(table_context):
                return Period("instant", None, end)
            months = 3 if is_quarterly else 12
    if months is None:
        if _YEAR_ENDED_RE.search(table_context) or _MONTHS_RE.search(table_context):
            months = months_in(table_context)
        else:
            return Period("instant", None, end)
    if months is None:
        return Period("instant", None, end)
    return Period("duration", months_before(end, months), end)


_BALANCE_ROW_RE = re.compile(r"^(?:\w+\s+)?(?:balances?|beginning|ending|end of|as of|at)\b", re.IGNORECASE)


def row_period(label: str, column: Period | None, document: DocumentPeriod) -> Period | None:
    """The period a row names when its column names none: "Balance as of September 28, 2024" is an instant.

    Otherwise the column's period; failing that, the document's own period (a 10-K's fiscal year, a
    10-Q's quarter), which is what an undated column of a filing's table reports.
    """
    dated = parse_long_date(label)
    if dated is not None and _BALANCE_ROW_RE.search(label):
        return Period("instant", None, dated)
    if column is not None:
        if column.kind == "duration" and _BALANCE_ROW_RE.search(label):
            if re.search(r"beginning", label, re.IGNORECASE) and column.start is not None:
                return Period("instant", None, column.start - timedelta(days=1))
            return Period("instant", None, column.end)
        return column
    if dated is not None:
        return Period("instant", None, dated)
    months = 3 if document.form.upper().startswith("10-Q") else 12
    return Period("duration", months_before(document.period_end, months), document.period_end)


def periods_agree(parsed: Period, start: date | None, end: date, instant: bool) -> bool:
    """Does a parsed column period name the same period as an XBRL context? 52/53-week years allow ±7 days."""
    if instant != (parsed.kind == "instant"):
        return False
    if abs((parsed.end - end).days) > 7:
        return False
    if instant or start is None:
        return True
    return abs(parsed.days - ((end - start).days + 1)) <= 21
