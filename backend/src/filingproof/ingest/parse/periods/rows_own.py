"""Period rules (group: rows that name their own period): a balance row with its date ("Balance at
December 31, 2022"), a row that is a year or a quarter ("2023", "Q1 2021"), a day, a month, a section
heading's length.
"""

import re
from datetime import date, timedelta

from filingproof.calendar import MONTH_NAME_PATTERN, day_in_month, month_number
from filingproof.ingest.parse.periods import (
    DocumentPeriod,
    Period,
    fiscal_year_end,
    months_in,
    parse_column_period,
)
from filingproof.ingest.parse.periods.context import (
    CellContext,
    day_before,
    instant,
    under_a_column,
    without_a_column,
)
from filingproof.ingest.parse.periods.prose import month_end
from filingproof.ingest.parse.periods.structure import dated_balance, row_date, year_to_date_months
from filingproof.ingest.parse.periods.words import (
    BALANCE_ROW_RE,
    BEGINNING_RE,
    MONTH_DAY_END_RE,
    OPENING_DAY_RE,
    ROW_YEAR_RE,
    column_words,
    is_stock_row,
    label_kind,
    month_day_in,
)

_DURING_YEAR_RE = re.compile(r"\bduring (?:fiscal (?:year )?)?((?:19|20)\d{2})$", re.IGNORECASE)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4}


_QUARTER_ROW_RE = re.compile(
    r"\b(first|second|third|fourth) quarter of (?:fiscal )?((?:19|20)\d{2})$", re.IGNORECASE
)


# A column that prints a day and no year ("September 30 (in thousands)"), and a caption about quarters.
_MONTH_DAY_COLUMN_RE = re.compile(
    rf"^(?:(?:three months|quarters?) ended\s+)?({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}})\b"
    r"(?!,?\s*(?:19|20)\d{2})",
    re.IGNORECASE,
)


_QUARTERLY_RE = re.compile(r"\bquarterly\b|\bquarters?\b", re.IGNORECASE)


@without_a_column
def length_ending_on_the_rows_day(cell: CellContext) -> Period | None:
    """Rows that are each a day alone, under columns that name a length and no day, are that length up to
    the row's day: "July 27, 2024" × "Years Ended Shares" (CSCO 2024 10-K, stock repurchases) → the fiscal
    year to 2024-07-27; a balance column there is at either end of it: "December 30, 2023" × "Years Ended
    Balance at Beginning of Year" (INTC 2023 10-K, valuation allowance) → the eve of that year, instant
    2022-12-30."""
    months = months_in(cell.column_label)
    if not cell.table.rows_are_days or cell.dated is None or not months:
        return None
    span = cell.flow_to(cell.dated, months)
    if BALANCE_ROW_RE.search(cell.column_label) and BEGINNING_RE.search(cell.column_label):
        return day_before(span.start) if span.start is not None else None
    stock = label_kind(column_words(cell.column_label)) == "stock"
    return instant(cell.dated) if stock or BALANCE_ROW_RE.search(cell.column_label) else span


def balance_row_with_its_date(cell: CellContext) -> Period | None:
    """A balance row that names its date is at that date, under any column: "Outstanding as of January
    1, 2021" (AMZN, restricted stock units) → instant 2021-01-01. So is a stock row under a column that prints
    no date of its own ("Shares at December 31, 2022: 394,787,951")."""
    printed = cell.printed_column
    undated_column = printed is None or printed.assumed
    if cell.dated is not None and (cell.balance_row or (is_stock_row(cell.label) and undated_column)):
        return instant(cell.dated)
    return None


def balance_under_a_dated_heading(cell: CellContext) -> Period | None:
    """A row under a dated balance heading is part of that balance, under a column that prints no date:
    "Goodwill" × "Cable Communications" under "Balance, December 31, 2022" (CMCSA 2023 10-K, goodwill by
    segment) → instant 2022-12-31."""
    printed = cell.printed_column
    if printed is not None and not printed.assumed:
        return None
    for heading in reversed(cell.path[:-1]):
        if dated_balance(heading) and (dated := row_date(heading)) is not None:
            return instant(dated)
    return None


def quarter_the_row_names(cell: CellContext) -> Period | None:
    """ "Expense incurred in the first quarter of 2023" in a Q2 10-Q (MMM, restructuring) → that fiscal
    quarter, January to March 2023."""
    quarter = _QUARTER_ROW_RE.search(cell.label)
    if quarter is None or cell.document.fiscal_year not in (None, int(quarter[2])):
        return None
    return cell.document.quarter(_ORDINALS[quarter[1].lower()])


def year_the_row_names(cell: CellContext) -> Period | None:
    """ "Released during 2024" (KO, vested performance share units) → the fiscal year 2024."""
    during = _DURING_YEAR_RE.search(cell.label)
    if during is None:
        return None
    return cell.flow_to(fiscal_year_end(int(during[1]), cell.document), 12)


def year_the_row_names_with_balance_columns(cell: CellContext) -> Period | None:
    """Rows name the years, columns the movement: "Year ended December 31, 2023" × "Balance at Beginning
    of Year" (GOOGL, Schedule II) → instant 2022-12-31; × "Additions" → the year 2023; × "Balance at End of
    Year" → instant 2023-12-31."""
    if not (months_in(cell.label) and cell.dated):
        return None
    span = parse_column_period(cell.label, cell.document)
    if span is None or span.kind != "duration" or span.start is None:
        return None
    if BALANCE_ROW_RE.search(cell.column_label):
        return day_before(span.start) if BEGINNING_RE.search(cell.column_label) else instant(span.end)
    return span


@under_a_column
def month_day_the_row_names(cell: CellContext, column: Period) -> Period | None:
    """ "Gross tax contingencies – January 1" × "December 31, 2023" (AMZN, tax contingencies) → the
    balance on 2023-01-01."""
    month_day = MONTH_DAY_END_RE.search(cell.label)
    return None if month_day is None else instant(month_day_in(month_day, column.end))


@under_a_column
def opening_day_the_row_names(cell: CellContext, column: Period) -> Period | None:
    """A row that ends on the day a fiscal year opens, without its year, is the balance on the eve of the
    column's year: "Balance, January 1" × "2023" (TXN 2023 10-K, unrecognized tax benefits) → instant
    2022-12-31; "Balance at May 1," × "2024" (SJM, a fiscal year from May) → 2023-04-30; "Balance at
    January 1" × "2023" in a 10-Q (IBM, warranty liability) → 2022-12-31."""
    match = OPENING_DAY_RE.search(cell.label)
    if match is None:
        return None
    if column.kind == "duration" and column.start is not None and not column.assumed:
        day = month_day_in(match, column.start)
        opens = day == column.start  # not "Balance at April 30," closing the year
    else:  # a date, or a bare year: its fiscal year (the column's quarter, in a 10-Q)
        day = month_day_in(match, column.end)
        if day > column.end:
            day = month_day_in(match, date(column.end.year - 1, 12, 31))
        opens = _opens_a_fiscal_year(day, cell.document)
    return day_before(day) if opens else None


@under_a_column
def length_the_section_names(cell: CellContext, column: Period) -> Period | None:
    """ "Six Months Ended" heads a second section whose columns print the same dates as the first's:
    "Interest cost" × "Three Months Ended July 2, 2023" under "Six Months Ended" (PFE, net periodic benefit
    cost) → six months up to July 2, 2023."""
    months = cell.table.section_months
    if column.kind != "duration" or not months or round(column.days / 30.4) == months:
        return None
    return cell.flow_to(column.end, months)


# a heading of the row's own that says "year to date": Pfizer's "YTD" over a product's rows
_YEAR_TO_DATE_HEADING_RE = re.compile(r"^\W*(?:ytd|year[-\s]+to[-\s]+date)\W*$", re.IGNORECASE)


def year_to_date_the_row_group_names(cell: CellContext) -> Period | None:
    """A 10-Q's rows of flows headed "YTD": the year to date up to the end of the column, where it names the
    quarter or its last day, else of the report ("Vyndaqel family | YTD | U.S." under "Revenue July 2,
    2023", and its "% Change" beside, PFE Q2 2023 10-Q → six months)."""
    months = year_to_date_months(cell.document)
    headed = any(_YEAR_TO_DATE_HEADING_RE.match(label) for label in cell.path[:-1])
    column = cell.column
    shorter = column is None or column.kind == "instant" or round(column.days / 30.4) < months
    if not headed or not shorter or cell.kind == "stock":
        return None
    return cell.flow_to(cell.document_end if column is None else column.end, months)


@without_a_column
def date_the_row_names(cell: CellContext) -> Period | None:
    """A row that names its date, under a column that names none: "Vested and expected to vest,
    December 31, 2023" (TSLA, stock options) → instant 2023-12-31."""
    return None if cell.dated is None else instant(cell.dated)


@without_a_column
def day_something_happened(cell: CellContext) -> Period | None:
    """Rows dated under "Issue Date" are debt issued that day: what it raised ("Net Proceeds") is a flow of
    the table's period, its terms ("Principal Amount", "Fixed Interest Rate") stand at the report date:
    "April 18, 2023" × "Net Proceeds" under "Information on significant long-term debt issued during the six
    months ended July 31, 2023 …" (WMT Q2 2024 10-Q) → the six months to 2023-07-31. Issued before the
    document's period, its terms are at that day and what it raised is of the fiscal year it fell in (WMT
    2025 10-K: "April 18, 2023" → instant 2023-04-18, fiscal 2024)."""
    day = row_date(cell.label)
    if not cell.table.event_dates or day is None:
        return None
    flow_column = label_kind(column_words(cell.column_label)) == "flow"
    period = cell.document_flow
    if period.start is None or day >= period.start:
        return period if flow_column else instant(cell.document_end)
    year_end = fiscal_year_end(day.year, cell.document)
    if year_end < day:
        year_end = fiscal_year_end(day.year + 1, cell.document)
    return cell.flow_to(year_end, 12) if flow_column else instant(day)


# the days of a month a row names, its year only where the table's period does not say it: "October 1 - 31",
# "Oct. 29 - Nov. 25", "December 1 - 31, 2023"
_MONTH_DAYS_ROW_RE = re.compile(
    rf"^({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}})\s*[-–—]\s*(?:({MONTH_NAME_PATTERN})\.?\s+)?(\d{{1,2}})"
    r"(?:,?\s+((?:19|20)\d{2}))?$",
    re.IGNORECASE,
)


@without_a_column
def days_of_a_month_the_row_names(cell: CellContext) -> Period | None:
    """A row that names a stretch of days of a month, inside the period the table is over: "October 1 - 31"
    in the repurchases of the quarter ended December 31, 2023 (GOOGL 2023 10-K, issuer purchases of equity
    securities) → that October; a flow over those days, a balance (a row of its words) at their end."""
    match = _MONTH_DAYS_ROW_RE.match(cell.label.strip())
    within = cell.document_flow
    if match is None or within is None or within.start is None:
        return None
    first, last = month_number(match[1]), month_number(match[3] or match[1])
    end_year = int(match[5]) if match[5] else within.end.year
    end = day_in_month(end_year, last, int(match[4]))
    if not match[5] and end > within.end:
        end = day_in_month(end_year - 1, last, int(match[4]))
    start = day_in_month(end.year - (first > last), first, int(match[2]))
    if start > end or start < within.start or end > within.end:
        return None  # (not days outside the table's period)
    return instant(end) if cell.kind == "stock" else Period("duration", start, end)


@without_a_column
def month_the_row_names(cell: CellContext) -> Period | None:
    """A row that names a month and its year alone, under columns that name what they measure, is at that
    month's end: "March 2023" × "Principal Amount (in millions)" under "Issue Date" (LOW 2023 10-K, notes
    issued) → instant 2023-03-31; a flow, that month."""
    end = month_end(cell.label)
    if end is None or cell.table.names_due_dates:
        return None  # (not the month notes fall due in: "May 2023" under "Fixed-rate notes due:", GD)
    return Period("duration", end.replace(day=1), end) if cell.kind == "flow" else instant(end)


@without_a_column
def period_the_row_names_alone(cell: CellContext) -> Period | None:
    """A row that names a past fiscal year or quarter and nothing else, under columns that name what they
    measure: "Year 2023" × "Additions Charged to Expenses" (VZ 2023 10-K, Schedule II) → the year 2023;
    × "Balance at Beginning of Period" → instant 2022-12-31; "Q1 2021" × "Initial Shares Delivered" (LOW
    2023 10-K, accelerated share repurchases) → that fiscal quarter. (Not a future year: a maturity.)"""
    span: Period | None
    if (year := ROW_YEAR_RE.match(cell.label)) is not None and cell.table.months == 12:
        if int(year[1]) > cell.document.own_year:
            return None
        span = cell.flow_to(fiscal_year_end(int(year[1]), cell.document))
    elif _ROW_QUARTER_RE.match(cell.label):
        span = parse_column_period(cell.label, cell.document)
    else:
        return None
    if span is None or span.start is None:
        return None
    if BALANCE_ROW_RE.search(cell.column_label):
        return day_before(span.start) if BEGINNING_RE.search(cell.column_label) else instant(span.end)
    return span


@without_a_column
def quarter_of_the_section_year(cell: CellContext) -> Period | None:
    """A quarterly table prints the day each quarter ends over its columns, the year over each section:
    "Total revenues" × "December 31" under "2017" (NFLX 2017 10-K, selected quarterly financial data) →
    the three months to 2017-12-31 (not the year 2017); a balance there, at that day."""
    section = cell.table.section
    month_day = _MONTH_DAY_COLUMN_RE.match(cell.column_label)
    if section is None or section.start is None or month_day is None:
        return None
    if not _QUARTERLY_RE.search(cell.table.caption):
        return None
    end = month_day_in(month_day, section.end)
    if end > section.end:  # a fiscal year ending in June: its December is the calendar year before
        end = month_day_in(month_day, date(section.end.year - 1, 12, 31))
    return instant(end) if cell.kind == "stock" else cell.flow_to(end, 3)


@without_a_column
def date_in_the_header_stub(cell: CellContext) -> Period | None:
    """A date above the row labels dates the columns that name none: "U.S. government securities" ×
    "Fair Value" under "July 29, 2023" (CSCO 2024 10-K, unrealized losses) → instant 2023-07-29. Flow rows
    under it are the year (the quarter, in a 10-Q) that ends there. Not a figure written in a row's label."""
    period = cell.table.header_period
    if period is None or (cell.inline and not cell.column_label):
        return None
    flows = cell.table.flows_only and cell.kind != "stock"  # as under a date column (`flow_under_a_date`)
    return cell.flow_to(period.end) if period.kind == "instant" and flows else period


def _opens_a_fiscal_year(day: date, document: DocumentPeriod) -> bool:
    """Is `day` the first day of one of the document's last fiscal years?"""
    own = document.own_year
    ends = [document.quarter(4, year) for year in range(own - 6, own + 1)]
    return any(end is not None and end.end + timedelta(days=1) == day for end in ends)


_ROW_QUARTER_RE = re.compile(
    r"^(?:q[1-4]|(?:first|second|third|fourth)\s+quarter)\s+(?:of\s+)?(?:fiscal\s+)?(?:19|20)\d{2}$",
    re.IGNORECASE,
)
