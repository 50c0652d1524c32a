"""What period a table column covers, read from its header text as the page prints it.

"Three Months Ended Jul 27, 2025" is a 3-month duration ending 2025-07-27; "September 28, 2024" in a balance
sheet is an instant; a bare "2024" in a 10-K is the fiscal year 2024 (its end estimated from the document's
own period end, since 52/53-week fiscal years move by a few days: matching allows for that).
"""

import calendar
import re
from collections.abc import Mapping, Sequence
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
        month = _MONTH_NAMES.index(month_year[1].lower()[:3]) + 1
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
            end = _fiscal_year_end(year, document)
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
_LONG_DATE_RE = re.compile(LONG_DATE_PATTERN, re.IGNORECASE)


def stated_as_of(table_context: str, years: set[int]) -> dict[int, date]:
    """The dates a table's caption says its figures are "as of" ("As of September 28, 2024 and September 30,
    2023, the components … were"), by year; only when it names one date for each of `years`, the years
    its columns print."""
    dates: dict[int, set[date]] = {}
    for match in _AS_OF_DATES_RE.finditer(table_context):
        for text in _LONG_DATE_RE.findall(match[1]):
            if (dated := parse_long_date(text)) is not None:
                dates.setdefault(dated.year, set()).add(dated)
    if not years or any(len(dates.get(year, ())) != 1 for year in years):
        return {}
    return {year: next(iter(dates[year])) for year in years}


_BALANCE_ROW_RE = re.compile(
    r"^(?:total\s+(?:\S+\s+){0,3})?balances?\b|^(?:beginning|ending|as of)\b|"
    r"\b(?:beginning|ending)\s+(?:of\s+(?:the\s+)?(?:year|period)\s+)?balances?\b|"
    r"balances?,?\s+(?:at|as of|beginning|end)\b|"
    r"\b(?:beginning|end)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|"
    rf"\b(?:at|as of|on)\s+{LONG_DATE_PATTERN}|^{LONG_DATE_PATTERN}$|[-–—]\s*{LONG_DATE_PATTERN}$",
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
_DATE_HEADING_RE = re.compile(rf"^(?:(?:as of|at)\s+)?{LONG_DATE_PATTERN}:?$", re.IGNORECASE)
_FISCAL_HEADING_RE = re.compile(r"^(?:fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})$", re.IGNORECASE)


class TablePeriods:
    """The period of each cell of one table: its column's, or what its rows and headings say.

    Columns name most periods. Where they do not, a table still says it: a section heading
    ("Six months ended June 30, 2023"), dated balance rows (the rows between "Balance at December 31,
    2022" and "Balance at June 30, 2023" are that half-year's flows), maturity buckets (future years:
    amounts owed at the report date), stock cues ("fair value", "as of"), the row's own words (assets
    are balances, revenue is a flow); failing all, the document's own period.
    """

    def __init__(
        self,
        document: DocumentPeriod,
        table_text: str,
        row_labels: list[str],
        headings: frozenset[int] = frozenset(),  # header rows, and rows with a label and no figure
    ) -> None:
        self.document = document
        self.months = 3 if document.form.upper().startswith("10-Q") else 12
        self.stock_table = bool(_STOCK_CUES_RE.search(table_text))
        as_of = _AS_OF_RE.search(table_text)
        self.as_of = parse_long_date(as_of[1]) if as_of else None
        row_labels = [_FOOTNOTE_RE.sub("", label) for label in row_labels]  # "… at end of year1"
        self.row_labels = row_labels
        # A roll-forward opens and closes with balances; its other rows are the period's flows.
        balance_rows = [row for row, label in enumerate(row_labels) if _BALANCE_ROW_RE.search(label)]
        balances = [row_labels[row] for row in balance_rows]
        month_days = [label for label in row_labels if _MONTH_DAY_END_RE.search(label)]
        self.rollforward = len(month_days) >= 2 or (
            any(_BEGINNING_RE.search(b) for b in balances)
            and any(re.search(r"\bend(?:ing)?\b", b, re.IGNORECASE) for b in balances)
        )
        self.movement_rows = _movement_rows(row_labels, headings) if self.rollforward else frozenset()
        self.between_blocks = _between_blocks(row_labels, headings) if self.rollforward else frozenset()
        # Rows of future years ("2026", "Thereafter"): amounts owed at the report date, and their totals too.
        self.maturity_schedule = sum(map(self._future_row, row_labels)) >= 2
        self.closing_row = balance_rows[-1] if self.rollforward and balance_rows else len(row_labels)
        self.balance_dates = [
            (row, dated)
            for row in balance_rows
            if row not in headings and (dated := _row_date(row_labels[row])) is not None
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
        elif _DATE_HEADING_RE.match(label.strip()) and (dated := parse_long_date(label)) is not None:
            period = Period("instant", None, dated)  # "December 31, 2024": the balances at that date
        if period is not None:
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
        dated = _row_date(label)
        balance_row = bool(_BALANCE_ROW_RE.search(label)) and not _PORTION_RE.search(label)
        if dated is not None and (
            balance_row or (_is_stock_row(label) and (column is None or column.assumed))
        ):
            return Period("instant", None, dated)
        document_end = self.as_of or self.document.period_end
        if (quarter := _QUARTER_ROW_RE.search(label)) and (
            (within := self.document.quarter(_ORDINALS[quarter[1].lower()])) is not None
            and self.document.fiscal_year in (None, int(quarter[2]))
        ):
            return within  # "Expense incurred in the first quarter of 2023"
        if during := _DURING_YEAR_RE.search(label):  # "Released during 2024": that fiscal year's flow
            end = _fiscal_year_end(int(during[1]), self.document)
            return Period("duration", months_before(end, 12), end)
        row_span = parse_column_period(label, self.document) if months_in(label) and dated else None
        if row_span is not None and row_span.kind == "duration" and row_span.start is not None:
            # Rows name the years, columns the movement: "Year ended December 31, 2023" × "Balance at End".
            if _BALANCE_ROW_RE.search(column_label):
                if _BEGINNING_RE.search(column_label):
                    return Period("instant", None, row_span.start - timedelta(days=1))
                return Period("instant", None, row_span.end)
            return row_span
        if column is not None and self.section is not None and self.section.kind == column.kind == "instant":
            # a later block of the table: "As of December 31, 2024" over the same headers
            column = self.section
        if column is not None:
            month_day = _MONTH_DAY_END_RE.search(label)
            if month_day is not None:
                return Period("instant", None, _month_day_in(month_day, column.end))
            return self._with_column(row, label, column, balance_row, document_end, path)
        if dated is not None:
            return Period("instant", None, dated)  # "April 18, 2023": the day the row speaks of
        if _TO_DATE_RE.search(column_label):
            return Period("instant", None, document_end)  # "Plan to Date": what has built up by the report
        base = self._bracket(row) or self.section
        if base is not None:
            # The balance is the row's ("Balance at end of year") or the column's ("Balance at Beginning of
            # Period" over a section "Fiscal year 2025").
            balance = label if balance_row else column_label if _BALANCE_ROW_RE.search(column_label) else None
            if balance is not None:
                if _BEGINNING_RE.search(balance) and base.start is not None:
                    return Period("instant", None, base.start - timedelta(days=1))
                return Period("instant", None, base.end)
            return base
        if balance_row and _BEGINNING_RE.search(label):
            return Period("instant", None, months_before(document_end, self.months) - timedelta(days=1))
        if row in self.movement_rows and not balance_row:  # "Granted", "Exercised" in an award roll-forward
            return Period("duration", months_before(document_end, self.months), document_end)
        kind = _row_kind([label, *reversed(path[:-1])]) or self.kind
        # A row with no label of its own is what its column names ("Total Annualized Revenue Milestone").
        unlabelled_flow = not label and _row_kind([column_label]) == "flow"
        if (
            inline
            or (self.stock_table and not unlabelled_flow)
            or balance_row
            or self._future_row(label)
            or self._future_row(column_label)
            or self.maturity_schedule  # its totals ("Total future lease payments", "Less imputed interest")
            or kind == "stock"
        ):
            return Period("instant", None, document_end)
        return Period("duration", months_before(document_end, self.months), document_end)

    def _with_column(
        self,
        row: int,
        label: str,
        column: Period,
        balance_row: bool,
        document_end: date,
        path: Sequence[str] = (),
    ) -> Period:
        future_column = column.end > self.document.period_end + timedelta(days=7)
        if future_column or self._future_row(label):
            # a maturity bucket, owed at the report date (or at the column's, "Jan 28, 2024 Amortized Cost")
            dated_column = column.kind == "instant" and not future_column
            return Period("instant", None, column.end if dated_column else document_end)
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
        if row in self.movement_rows and not balance_row:
            return column
        if column.kind == "duration" and any(
            _BALANCE_NOUN_RE.search(text) and not _OBTAINED_RE.search(text) for text in [label, *path[-2:-1]]
        ):
            # "Total assets" in a segment table under "Fiscal Years Ended January 31, 2025": at the year's end
            return Period("instant", None, column.end)
        kind = _row_kind([label, *reversed(path[:-1])])
        if column.kind == "duration" and (
            (row > self.closing_row and kind == "stock") or (row in self.between_blocks and kind != "flow")
        ):
            # After a roll-forward's closing balance, a balance: "Net asset (liability) recognized", or the
            # "Common Stock" line between an equity statement's blocks.
            return Period("instant", None, column.end)
        if column.assumed:
            kind = kind or self.kind
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
        if len(before) > 1:
            # After the closing balance: its breakdown at that date ("Vested and expected to vest").
            return Period("instant", None, before[-1])
        months = self.section_months or self.months
        return Period("duration", start, _months_after(start, months))


# Balances under any column: "Total assets", "Long-lived assets", "Unrecognized compensation cost".
_BALANCE_NOUN_RE = re.compile(
    r"^(?:total\s+)?(?:long-lived|identifiable|segment)?\s*assets\b|^unrecognized compensation\b",
    re.IGNORECASE,
)
_OBTAINED_RE = re.compile(r"acquired|obtained|exchange|additions", re.IGNORECASE)
_DURING_YEAR_RE = re.compile(r"\bduring (?:fiscal (?:year )?)?((?:19|20)\d{2})$", re.IGNORECASE)
# "Portion of total net sales that was included in deferred revenue at the beginning of the period": a flow.
# So is "Net unrealized gains recognized during the year related to securities held at the end of the year".
_PORTION_RE = re.compile(
    r"^(?:portion|amount|revenue|net sales) .*\b(?:included|recognized) in\b|\bduring the (?:year|period)\b",
    re.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}
_QUARTER_ROW_RE = re.compile(
    r"\b(first|second|third|fourth) quarter of (?:fiscal )?((?:19|20)\d{2})$", re.IGNORECASE
)
_TO_DATE_RE = re.compile(r"\bto date\b|\bsince inception\b", re.IGNORECASE)
_FOOTNOTE_RE = re.compile(r"(?<=[a-z])\d{1,2}$|(?<=\b(?:19|20)\d\d)\d$|\s*\(\d{1,2}\)$|\s*\([a-z]\)$|[*†‡]+$")
_AS_OF_RE = re.compile(r"\bas of\s+([A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4})")
_STOCK_ROW_RE = re.compile(
    r"\bassets?\b|liabilit|\bdebt\b|borrowings|obligations?\b|equity\b|\breserves?\b|allowance|inventor|"
    r"receivable|payable|goodwill|intangible|property|deferred (?:tax|revenue)|accrued|"
    r"\bcash(?: and|,) cash equivalents\b|restricted cash|securities\b|investments\b|carrying|fair value|"
    r"outstanding|unrecognized",
    re.IGNORECASE,
)
_FLOW_ROW_RE = re.compile(
    r"revenues?|sales\b|expenses?\b|costs?\b|income\b|earnings|gains?\b|loss(?:es)?\b|provision|proceeds|"
    r"payments|purchases|repayments|depreciation|amortization|compensation|dividends|repurchases|issuances?|"
    r"net change|ebitda|acquisitions?\b|"
    r"weighted[- ]average (?:number of )?(?:basic |diluted )?(?:common )?shares|"
    r"increases?|decreases?|additions|deductions|charged|benefits?\b|impairment|write-?offs?",
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


def _row_date(label: str) -> date | None:
    """The date a row label names as its own ("Balance at December 31, 2023", "Shares at December 31, 2022:
    394,787,951"), not one inside a description ("… as of December 31, 2024 and 2023, respectively; 4,141
    million …", "… as of December 31, 2024 and December 31, 2023, respectively")."""
    found = list(_LONG_DATE_RE.finditer(label))
    tail = label[found[-1].end() :] if found else ""
    states_its_figure = tail.lstrip().startswith(":")  # "…, 2022: 394,787,951"
    if len(found) != 1 or (re.search(r"\d", tail) and not states_its_figure):
        return None
    return parse_long_date(found[-1][0])


def _movement_rows(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """The rows that move a roll-forward's balance: flows, whatever their words ("Participant
    contributions", "Divestitures"). They follow an opening balance, up to the next balance, heading or
    total of a balance ("Total Equity Attributable to Noncontrolling Interests")."""
    moving: set[int] = set()
    is_open = False
    for row, label in enumerate(row_labels):
        if _BALANCE_ROW_RE.search(label):
            is_open = bool(_BEGINNING_RE.search(label))
        elif row in headings or (label.lower().startswith("total") and _is_stock_row(label)):
            is_open = False
        elif is_open:
            moving.add(row)
    return frozenset(moving)


def _between_blocks(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """Rows after one roll-forward block closes and before the next opens: balances, not movements."""
    between: set[int] = set()
    pending: list[int] = []
    closed = False
    for row, label in enumerate(row_labels):
        if row in headings:
            continue
        if _BALANCE_ROW_RE.search(label):
            if _BEGINNING_RE.search(label) and closed:
                between.update(pending)
            closed, pending = not _BEGINNING_RE.search(label), []
        elif closed:
            pending.append(row)
    return frozenset(between)


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
