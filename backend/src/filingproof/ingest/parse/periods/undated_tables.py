"""Period rules (group: undated tables): cells under a column that names no period, dated by what the table,
its introduction or the document says.
"""

import re
from datetime import date

from filingproof.calendar import END_SLACK, MONTH_NAME_PATTERN, day_in_month, month_number
from filingproof.ingest.parse.periods import Period, fiscal_year_end, months_in
from filingproof.ingest.parse.periods.context import CellContext, instant, without_a_column
from filingproof.ingest.parse.periods.structure import year_to_date_months
from filingproof.ingest.parse.periods.words import (
    CHANGE_COLUMN_RE,
    ROW_YEAR_RE,
    STOCK_CUES_RE,
    label_kind,
    month_day_in,
    row_kind,
)

_STANDING_COLUMN_RE = re.compile(
    r"\bauthorized\b|\bpar value\b|\bnumber of (?:plaintiffs|claimants|claims|cases|lawsuits)\b|"
    rf"^(?:\S+\s+)?(?:at|as of)\s+{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}}\b",
    re.IGNORECASE,
)


_TO_DATE_RE = re.compile(r"\bto[- ]date\b|\bsince inception\b", re.IGNORECASE)


# A length that ends on a day without its year: "Six months ended June 30 V %".
_ENDED_MONTH_DAY_RE = re.compile(
    rf"\bended\s+({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}})\b(?!,?\s*(?:19|20)\d{{2}})", re.IGNORECASE
)


@without_a_column
def to_date_column(cell: CellContext) -> Period | None:
    """ "Cost of revenue" × "Plan to Date" (META, restructuring) → what has built up by the report date."""
    return instant(cell.document_end) if _TO_DATE_RE.search(cell.column_label) else None


# A column that names a month and the two last digits of its year: "Sep-23", "Dec-22".
_MONTH_YEAR_COLUMN_RE = re.compile(rf"^({MONTH_NAME_PATTERN})\s*[-–]\s*(\d{{2}})$", re.IGNORECASE)


@without_a_column
def balance_at_the_month_the_column_names(cell: CellContext) -> Period | None:
    """A balance under a column that names a month as "Sep-22" stands at that month's end: "Cash and cash
    equivalents per Consolidated Balance Sheets" × "Sep-22" (AXP Q3 2023 10-Q, cash reconciliation) →
    instant 2022-09-30. Not a flow row."""
    match = _MONTH_YEAR_COLUMN_RE.match(cell.column_label.strip())
    if match is None or cell.kind == "flow":
        return None
    year, month = 2000 + int(match[2]), month_number(match[1])
    return instant(day_in_month(year, month, 31))


@without_a_column
def written_figure_at_the_report_date(cell: CellContext) -> Period | None:
    """A figure written in a label that no column dates: "$0.01", "500" and "no" shares in "Preferred
    stock ($0.01 par value; 500 shares authorized; no shares issued or outstanding)" (AMZN, balance
    sheet) → as of the report date."""
    return instant(cell.document_end) if cell.inline else None


# What a period took off the books: "Gross charge-offs" in a table of loans by origination year.
_CHARGE_OFFS_RE = re.compile(r"\bcharge-?offs?\b", re.IGNORECASE)


_WRITE_OFFS_HEADING_RE = re.compile(r"\b(?:charge|write)-?offs?$", re.IGNORECASE)


# The columns of a schedule of years to come: "For the Years Ending September 30, Thereafter".
_SCHEDULE_COLUMN_RE = re.compile(r"\bthereafter\b|\byears? ending\b|\bpresent value\b", re.IGNORECASE)


_TERM_RATE_RE = re.compile(r"\brates?\b", re.IGNORECASE)


@without_a_column
def flow_row_among_balances(cell: CellContext) -> Period | None:
    """A row whose own words name a flow, in a table of balances no column dates: "Gross charge-offs" ×
    "Amortized Cost Basis by Origination Year 2021" (F Q2 10-Q, credit quality) and "Granted" × "RSUs
    Shares" (TXN 10-K, stock awards) → over the year to the report date (in a 10-Q, the year to date). (Not
    under a column of balances, nor in a schedule of future years.)"""
    row_flow = (
        label_kind(cell.label) == "flow"
        or bool(_CHARGE_OFFS_RE.search(cell.label))
        or _under_a_heading_of_write_offs(cell)
    )
    if (
        not row_flow
        or STOCK_CUES_RE.search(cell.label)  # "Future principal payments", "Present value of …"
        or _SCHEDULE_COLUMN_RE.search(cell.column_label)
        or months_in(cell.column_label)  # "Three months ended June 30 V %": the column's own length
        or _TERM_RATE_RE.search(cell.column_label)  # "2014 Notes issuance" × "Coupon Rate": a term
        or CHANGE_COLUMN_RE.search(cell.column_label)  # "Change 2017 vs. 2016": between two periods
        or cell.balance_row
        or label_kind(cell.column_label) == "stock"
        or _STANDING_COLUMN_RE.search(cell.column_label)
        or cell.table.future_row(cell.label)
        or cell.table.future_row(cell.column_label)
        or cell.table.maturity_schedule  # "Total lease payments", the schedule's total
    ):
        return None
    # A 10-Q's table of what stood and what moved reports the year to date.
    return cell.table.caption_period or cell.flow_to(cell.document_end, year_to_date_months(cell.document))


def _under_a_heading_of_write_offs(cell: CellContext) -> bool:
    """A row that names no kind of its own under a heading of what was taken off the books: "New customers"
    under "Gross write-offs" (VZ 2023 10-K, device payment receivables by origination year)."""
    heading = cell.path[-2] if len(cell.path) > 1 else ""
    return label_kind(cell.label) is None and bool(_WRITE_OFFS_HEADING_RE.search(heading.strip()))


@without_a_column
def balance_at_the_report_date(cell: CellContext) -> Period | None:
    """A balance by the table's words ("fair value", "as of"), the row's ("Balance …", "Total assets")
    or a maturity schedule's: "2025" × "Operating Leases" (AAPL, lease liability maturities) → as of the
    report date; so are the schedule's totals ("Total undiscounted liabilities"). Not a row with no label
    under a flow column ("Total Annualized Revenue Milestone")."""
    table = cell.table
    unlabelled_flow = not cell.label and row_kind([cell.column_label]) == "flow"
    # (A table its introduction dates as a flow, "… for the three months ended June 30, 2022", is one
    # whatever its words: "Weighted-Average Shares Outstanding" in an earnings per share table, V.)
    stock_words = table.stock_table and table.caption_period is None
    # A column that names what stands at a day: "Authorized Shares", "Par Value Per Share", "Number of
    # plaintiffs", "At December 31, Gross Amount" (unless the row names a flow).
    standing_column = bool(_STANDING_COLUMN_RE.search(cell.column_label)) and cell.kind != "flow"
    if (
        (stock_words and not unlabelled_flow)
        or standing_column
        or cell.balance_row
        or table.future_row(cell.label)
        or table.future_row(cell.column_label)
        or table.maturity_schedule  # its totals ("Total future lease payments", "Less imputed interest")
        or (cell.kind or table.kind) == "stock"
    ):
        return instant(cell.document_end)
    return None


@without_a_column
def length_and_day_the_column_names(cell: CellContext) -> Period | None:
    """A column that names a length and a day but no year is that stretch of the report's year (of the year
    a row names alone): "Total revenues" × "Six months ended June 30 V %" (GE Q2 2023 10-Q) → the six
    months to 2023-06-30; "2022" × "Six Months Ended June 30," → those of 2022. (Not a balance.)"""
    months = months_in(cell.column_label)
    day = _ENDED_MONTH_DAY_RE.search(cell.column_label)
    if not months or day is None or cell.kind == "stock" or cell.balance_row:
        return None
    year = ROW_YEAR_RE.match(cell.label)
    end = month_day_in(day, date(int(year[1]), 12, 31) if year else cell.document_end)
    if year is None and end > cell.document_end + END_SLACK:
        end = month_day_in(day, date(end.year - 1, 12, 31))
    return cell.flow_to(end, months)


@without_a_column
def change_between_two_years(cell: CellContext) -> Period | None:
    """A change from one year to the next is tagged with the later year's period: "Sales to customers" ×
    "% Change ’22 vs. ’21" (JNJ 2023 10-K, sales by segment) → fiscal 2022. (A 10-K's years only.)"""
    match = _CHANGE_YEARS_RE.search(cell.column_label)
    if match is None or cell.table.months != 12:
        return None
    later = max(_full_year(match[1]), _full_year(match[2]))
    return cell.flow_to(fiscal_year_end(later, cell.document))


@without_a_column
def flow_over_the_document_period(cell: CellContext) -> Period | None:
    """Failing all else, a flow over the document's period up to the report date: "Research and
    development" × "Change" (AAPL, operating expenses) → fiscal 2024. Over the period the table's
    introduction names, where it names one: "Class A common stock" × "Basic Earnings Per Share Income
    Allocation" under "… earnings per share for the three months ended June 30, 2022:" (V, Q3 10-Q) → the
    quarter to 2022-06-30."""
    return cell.document_flow


# "’22 vs. ’21", "2024 compared to 2023": the change between two years.
_CHANGE_YEARS_RE = re.compile(
    r"[’'‘]?((?:19|20)?\d{2})\s*(?:vs\.?|versus|compared (?:to|with))\s*[’'‘]?((?:19|20)?\d{2})\b",
    re.IGNORECASE,
)


def _full_year(printed: str) -> int:
    """ "22" → 2022, "2022" → 2022."""
    return int(printed) if len(printed) == 4 else 2000 + int(printed)
