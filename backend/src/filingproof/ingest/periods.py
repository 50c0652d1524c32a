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
            if _INSTANT_HINTS.search(table_context) or _STOCK_COLUMN_RE.search(label):
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


_BALANCE_ROW_RE = re.compile(
    r"^(?:total\s+\S+(?:\s+\S+)?\s+)?(?:\w+\s+)?(?:balances?|beginning|ending|end of|as of|at)\b|"
    r"\b(?:beginning|ending)\s+(?:of\s+(?:the\s+)?(?:year|period)\s+)?balances?\b|balances?,?\s+(?:beginning|end)|"
    r"\b(?:at|as of)\s+(?:the\s+)?(?:beginning|end)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b",
    re.IGNORECASE,
)
_BEGINNING_RE = re.compile(r"beginning|start of", re.IGNORECASE)
_FUTURE_ROW_RE = re.compile(r"^(?:(?:fiscal\s+)?(?:19|20)\d{2}\b|thereafter\b|due\s+(?:in|within|after)\b|"
                            r"(?:less than|within|after|more than)\s+(?:one|1)\s+year)", re.IGNORECASE)
_STOCK_CUES_RE = re.compile(
    r"\bas of\b|\bas at\b|balance sheets?|financial position|fair value|carrying|amortized cost|outstanding|"
    r"maturit|remaining|\bfuture\b|thereafter|payments? due|unrecognized|accrued|gross unrealized",
    re.IGNORECASE,
)


_STOCK_COLUMN_RE = re.compile(
    r"fair value|carrying|amortized cost|cash and cash equivalents|\bbalance|outstanding|\bassets\b|liabilit",
    re.IGNORECASE,
)
_FISCAL_HEADING_RE = re.compile(r"^(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})$", re.IGNORECASE)


class TablePeriods:
    """The period of each cell of one table: its column's, or what its rows and headings say.

    Columns name most periods. Where they do not, a table still says it: a section heading
    ("Three months ended June 30, 2023"), balance rows of an equity statement ("Balance as of
    December 31, 2022", after which rows are the next year's flows), maturity buckets (future years:
    amounts owed at the report date), or stock cues ("fair value", "as of"); failing all, the
    document's own period.
    """

    def __init__(self, document: DocumentPeriod, table_text: str, row_labels: list[str]) -> None:
        self.document = document
        self.months = 3 if document.form.upper().startswith("10-Q") else 12
        self.stock_table = bool(_STOCK_CUES_RE.search(table_text))
        # A roll-forward opens and closes with balances; its other rows are the period's flows.
        balances = [label for label in row_labels if _BALANCE_ROW_RE.search(label)]
        self.rollforward = any(_BEGINNING_RE.search(b) for b in balances) and any(
            re.search(r"\bend(?:ing)?\b", b, re.IGNORECASE) for b in balances
        )
        self.section: Period | None = None
        self.last_balance: date | None = None

    def observe_heading(self, label: str) -> None:
        """A heading row: "Six months ended June 30, 2023" or "Fiscal Year 2024" opens a section."""
        period = None
        if months_in(label):
            period = parse_column_period(label, self.document)
        elif match := _FISCAL_HEADING_RE.match(label.strip()):
            period = parse_column_period(match[1], self.document)
        if period is not None and period.kind == "duration":
            self.section = period
            self.last_balance = None

    def for_cell(self, label: str, column: Period | None, inline: bool = False) -> Period:
        dated = parse_long_date(label)
        balance_row = bool(_BALANCE_ROW_RE.search(label))
        if dated is not None and balance_row:
            self.last_balance = dated
            return Period("instant", None, dated)
        document_end = self.document.period_end
        if column is not None:
            if column.end > document_end + timedelta(days=7) or _FUTURE_ROW_RE.match(label):
                return Period("instant", None, document_end)  # a maturity bucket, owed at the report date
            if column.kind == "duration" and balance_row:
                if _BEGINNING_RE.search(label) and column.start is not None:
                    return Period("instant", None, column.start - timedelta(days=1))
                return Period("instant", None, column.end)
            if column.kind == "instant" and self.rollforward and not balance_row:
                return Period("duration", months_before(column.end, self.months), column.end)
            if column.kind == "duration" and self.section is not None and column.end == self.section.end:
                return self.section  # a "Six months ended" section over columns that print only dates
            return column
        if dated is not None:
            return Period("instant", None, dated)
        base = self.section
        if self.last_balance is not None:
            months = round(base.days / 30.4) if base is not None else self.months
            start = self.last_balance + timedelta(days=1)
            base = Period("duration", start, _months_after(start, months))
        if base is not None:
            if balance_row:
                if _BEGINNING_RE.search(label) and base.start is not None:
                    return Period("instant", None, base.start - timedelta(days=1))
                return Period("instant", None, base.end)
            return base
        if balance_row and _BEGINNING_RE.search(label):
            return Period("instant", None, months_before(document_end, self.months) - timedelta(days=1))
        if inline or self.stock_table or balance_row or _FUTURE_ROW_RE.match(label):
            return Period("instant", None, document_end)
        return Period("duration", months_before(document_end, self.months), document_end)


def _months_after(start: date, months: int) -> date:
    """The last day of a period of `months` months that starts on `start`."""
    year, month = start.year, start.month + months
    while month > 12:
        month -= 12
        year += 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    return date(year, month, day) - timedelta(days=1)


def periods_agree(parsed: Period, start: date | None, end: date, instant: bool) -> bool:
    """Does a parsed column period name the same period as an XBRL context? 52/53-week years allow ±7 days."""
    if instant != (parsed.kind == "instant"):
        return False
    if abs((parsed.end - end).days) > 7:
        return False
    if instant or start is None:
        return True
    return abs(parsed.days - ((end - start).days + 1)) <= 21
