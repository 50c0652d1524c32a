"""What period a table column covers, read from its header text as the page prints it.

"Three Months Ended Jul 27, 2025" is a 3-month duration ending 2025-07-27; "September 28, 2024" in a balance
sheet is an instant; a bare "2024" in a 10-K is the fiscal year 2024 (its end estimated from the document's
own period end, since 52/53-week fiscal years move by a few days: matching allows for that).
"""

import calendar
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal

from filingproof.ingest.xbrl import parse_long_date

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


_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
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
    day = min(end.day, calendar.monthrange(end.year + shift, end.month)[1])
    return date(end.year + shift, end.month, day)


def parse_column_period(label: str, document: DocumentPeriod, table_context: str = "") -> Period | None:
    """The period a column header names, or None when it names none (e.g. "% Change")."""
    months = months_in(label)
    end = parse_long_date(label)
    if end is not None and re.search(r"\bas of\b|\bas at\b", label, re.IGNORECASE):
        return Period("instant", None, end)
    if end is None and (match := _MONTH_YEAR_RE.search(label)):
        # "June 2025": the month's end, in 10-Q headers that print no day.
        month = _MONTH_NAMES.index(match[1].lower()[:3]) + 1
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
            end = date(
                ref.year + shift, ref.month, min(ref.day, calendar.monthrange(ref.year + shift, ref.month)[1])
            )
        else:
            end = _fiscal_year_end(year, document)
        if months is None:
            if _INSTANT_HINTS.search(table_context) or _STOCK_COLUMN_RE.search(label):
                return Period("instant", None, end, assumed=True)
            months = 3 if is_quarterly else 12
            return Period("duration", months_before(end, months), end, assumed=True)
    if months is None:
        return Period("instant", None, end)  # a date alone: a balance at that date
    return Period("duration", months_before(end, months), end)


_BALANCE_ROW_RE = re.compile(
    r"^(?:total\s+(?:\S+\s+){0,3})?balances?\b|^(?:beginning|ending|as of)\b|"
    r"\b(?:beginning|ending)\s+(?:of\s+(?:the\s+)?(?:year|period)\s+)?balances?\b|"
    r"balances?,?\s+(?:at|as of|beginning|end)\b|"
    r"\b(?:beginning|end)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|"
    r"\b(?:at|as of)\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}|"
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}$",
    re.IGNORECASE,
)
_BEGINNING_RE = re.compile(r"beginning|start of", re.IGNORECASE)
_FUTURE_ROW_RE = re.compile(
    r"^(?:(?:fiscal\s+)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)?\d{2,4})?(?:\s*\([^)]*\))?$|thereafter\b|"
    r"due\s+(?:in|within|after)\b|"
    r"(?:less than|within|after|more than)\s+(?:one|1)\s+year)",
    re.IGNORECASE,
)
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
    ("Six months ended June 30, 2023"), dated balance rows (the rows between "Balance at December 31,
    2022" and "Balance at June 30, 2023" are that half-year's flows), maturity buckets (future years:
    amounts owed at the report date), stock cues ("fair value", "as of"), the row's own words (assets
    are balances, revenue is a flow); failing all, the document's own period.
    """

    def __init__(self, document: DocumentPeriod, table_text: str, row_labels: list[str]) -> None:
        self.document = document
        self.months = 3 if document.form.upper().startswith("10-Q") else 12
        self.stock_table = bool(_STOCK_CUES_RE.search(table_text))
        as_of = _AS_OF_RE.search(table_text)
        self.as_of = parse_long_date(as_of[1]) if as_of else None
        self.row_labels = row_labels
        # A roll-forward opens and closes with balances; its other rows are the period's flows.
        balances = [label for label in row_labels if _BALANCE_ROW_RE.search(label)]
        month_days = [label for label in row_labels if _MONTH_DAY_END_RE.search(label)]
        self.rollforward = len(month_days) >= 2 or (
            any(_BEGINNING_RE.search(b) for b in balances)
            and any(re.search(r"\bend(?:ing)?\b", b, re.IGNORECASE) for b in balances)
        )
        self.balance_dates = [
            (row, dated)
            for row, label in enumerate(row_labels)
            if _BALANCE_ROW_RE.search(label) and (dated := parse_long_date(label)) is not None
        ]
        self.section: Period | None = None
        self.section_months: int | None = None
        # What most rows that say so are: a schedule of balances (property, plan assets) or of flows.
        kinds = [_row_kind([label]) for label in row_labels]
        stocks, flows = kinds.count("stock"), kinds.count("flow")
        self.kind = "stock" if stocks > flows else "flow" if flows > stocks else None

    def observe_heading(self, label: str) -> None:
        """A heading row: "Six months ended June 30, 2023", "Six Months Ended" or "Fiscal Year 2024"."""
        period = None
        months = months_in(label)
        if months:
            period = parse_column_period(label, self.document)
            self.section_months = months
        elif match := _FISCAL_HEADING_RE.match(label.strip()):
            period = parse_column_period(match[1], self.document)
        if period is not None and period.kind == "duration":
            self.section = period

    def for_cell(
        self,
        row: int,
        label: str,
        column: Period | None,
        *,
        column_label: str = "",
        inline: bool = False,
        path: Sequence[str] = (),
    ) -> Period:
        label = _FOOTNOTE_RE.sub("", label)  # "Benefit obligation at beginning of year1", "Total (3)"
        dated = parse_long_date(label)
        balance_row = bool(_BALANCE_ROW_RE.search(label))
        if dated is not None and (
            balance_row or (_is_stock_row(label) and (column is None or column.assumed))
        ):
            return Period("instant", None, dated)
        document_end = self.as_of or self.document.period_end
        row_span = parse_column_period(label, self.document) if months_in(label) and dated else None
        if row_span is not None and row_span.kind == "duration" and row_span.start is not None:
            # Rows name the years, columns the movement: "Year ended December 31, 2023" × "Balance at End".
            if _BALANCE_ROW_RE.search(column_label):
                if _BEGINNING_RE.search(column_label):
                    return Period("instant", None, row_span.start - timedelta(days=1))
                return Period("instant", None, row_span.end)
            return row_span
        if column is not None:
            month_day = _MONTH_DAY_END_RE.search(label)
            if month_day is not None:
                return Period("instant", None, _month_day_in(month_day, column.end))
            return self._with_column(label, column, balance_row, document_end, path)
        if dated is not None:
            return Period("instant", None, dated)  # "April 18, 2023": the day the row speaks of
        base = self._bracket(row) or self.section
        if base is not None:
            if balance_row:
                if _BEGINNING_RE.search(label) and base.start is not None:
                    return Period("instant", None, base.start - timedelta(days=1))
                return Period("instant", None, base.end)
            return base
        if balance_row and _BEGINNING_RE.search(label):
            return Period("instant", None, months_before(document_end, self.months) - timedelta(days=1))
        if (
            inline
            or self.stock_table
            or balance_row
            or self._future_row(label)
            or (_row_kind([label, *reversed(path[:-1])]) or self.kind) == "stock"
        ):
            return Period("instant", None, document_end)
        return Period("duration", months_before(document_end, self.months), document_end)

    def _with_column(
        self, label: str, column: Period, balance_row: bool, document_end: date, path: Sequence[str] = ()
    ) -> Period:
        if column.end > self.document.period_end + timedelta(days=7) or self._future_row(label):
            return Period("instant", None, document_end)  # a maturity bucket, owed at the report date
        if column.kind == "duration" and balance_row:
            if _BEGINNING_RE.search(label) and column.start is not None:
                return Period("instant", None, column.start - timedelta(days=1))
            return Period("instant", None, column.end)
        if column.kind == "instant" and self.rollforward:
            if balance_row and _BEGINNING_RE.search(label):
                return Period("instant", None, months_before(column.end, self.months) - timedelta(days=1))
            if not balance_row and not _MONTH_DAY_END_RE.search(label):
                return Period("duration", months_before(column.end, self.months), column.end)
        if (
            column.kind == "duration"
            and self.section_months
            and round(column.days / 30.4) != self.section_months
        ):
            # "Six Months Ended" heads a section whose columns print the same dates as the first section.
            return Period("duration", months_before(column.end, self.section_months), column.end)
        if column.assumed:
            kind = _row_kind([label, *reversed(path[:-1])]) or self.kind
            if column.kind == "duration" and kind == "stock":
                return Period("instant", None, column.end)
            if column.kind == "instant" and kind == "flow":
                return Period("duration", months_before(column.end, self.months), column.end)
        return column

    def _future_row(self, label: str) -> bool:
        """ "2026", "Thereafter", "Due within one year": a maturity bucket (a year after the report's)."""
        match = _FUTURE_ROW_RE.match(label)
        if match is None:
            return False
        year = re.match(r"(?:fiscal\s+)?((?:19|20)\d{2})", label, re.IGNORECASE)
        return year is None or int(year[1]) > self.document.period_end.year

    def _bracket(self, row: int) -> Period | None:
        """Rows between two dated balances are the flows of the period between them."""
        before = [dated for r, dated in self.balance_dates if r < row]
        after = [dated for r, dated in self.balance_dates if r > row]
        if not before:
            return None
        start = before[-1] + timedelta(days=1)
        if after and after[0] > before[-1]:
            return Period("duration", start, after[0])
        months = self.section_months or self.months
        return Period("duration", start, _months_after(start, months))


_FOOTNOTE_RE = re.compile(r"(?<=[a-z])\d{1,2}$|\s*\(\d{1,2}\)$|\s*\([a-z]\)$|[*†‡]+$")
_AS_OF_RE = re.compile(r"\bas of\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})")
_STOCK_ROW_RE = re.compile(
    r"\bassets?\b|liabilit|\bdebt\b|borrowings|obligations?\b|equity\b|\breserves?\b|allowance|inventor|"
    r"receivable|payable|goodwill|intangible|property|deferred (?:tax|revenue)|accrued|"
    r"\bcash and cash equivalents\b|securities\b|investments\b|carrying|fair value|outstanding",
    re.IGNORECASE,
)
_FLOW_ROW_RE = re.compile(
    r"revenues?|sales\b|expenses?\b|costs?\b|income\b|earnings|gains?\b|loss(?:es)?\b|provision|proceeds|"
    r"payments|purchases|repayments|depreciation|amortization|compensation|dividends|repurchases|issuances?|"
    r"net change|"
    r"increases?|decreases?|additions|deductions|charged|benefit\b|impairment|write-?offs?",
    re.IGNORECASE,
)


_MONTH_DAY_END_RE = re.compile(
    r"[-–—]\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})$", re.IGNORECASE
)


def _month_day_in(match: re.Match[str], column_end: date) -> date:
    """ "Gross tax contingencies – January 1" in the 2023 column: the balance on that day of that year."""
    month = _MONTH_NAMES.index(match[1].lower()[:3]) + 1
    day = min(int(match[2]), calendar.monthrange(column_end.year, month)[1])
    return date(column_end.year, month, day)


def _row_kind(labels: Sequence[str]) -> str | None:
    """ "stock" or "flow", from the row's own label first, then its headings."""
    for label in labels:
        if _is_stock_row(label):
            return "stock"
        if _is_flow_row(label):
            return "flow"
    return None


def _is_stock_row(label: str) -> bool:
    return bool(_STOCK_ROW_RE.search(label)) and not _FLOW_ROW_RE.search(label)


def _is_flow_row(label: str) -> bool:
    return bool(_FLOW_ROW_RE.search(label)) and not _STOCK_ROW_RE.search(label)


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
