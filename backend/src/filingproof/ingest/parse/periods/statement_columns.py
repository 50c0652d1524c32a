"""Period rules (group: statement columns): what a dated column's figure is when the row's words say
otherwise (a balance under a column of a length, a flow under a date), and failing all, the column as
printed.
"""

import re
from datetime import timedelta

from filingproof.calendar import dates_match
from filingproof.ingest.parse.periods import AS_OF_AND_FOR_RE, Period, caption_months, is_stock_column
from filingproof.ingest.parse.periods.context import CellContext, day_before, instant, under_a_column
from filingproof.ingest.parse.periods.prose import last_sentence
from filingproof.ingest.parse.periods.words import (
    ACCUMULATED_AGAINST_RE,
    AS_OF_COLUMN_RE,
    AT_DAY_WITHOUT_YEAR_RE,
    AT_MONTH_DAY_RE,
    BALANCE_NOUN_RE,
    BALANCE_SHEET_RE,
    BEGINNING_RE,
    CHANGE_ROW_RE,
    HEAD_END_RE,
    MOVEMENT_COLUMN_RE,
    OBTAINED_RE,
    TAKEN_ON_RE,
    column_words,
    ends_a_fiscal_period,
    is_flow_row,
    label_kind,
    month_day_in,
    undated,
)

# The line items of a statement of operations, over columns: "Sales", "Cost of Products Sold", "R&D Expense".
_FLOW_COLUMN_RE = re.compile(
    r"^(?:net )?(?:sales|revenues?)$|^cost of (?:products|goods|sales|revenues?)\b|^[\w&/() -]*\bexpenses?\b|"
    r"^sg&a$",
    re.IGNORECASE,
)


@under_a_column
def balance_row_under_a_flow_column(cell: CellContext, column: Period) -> Period | None:
    """A balance under a year's column: "Beginning balances" × "2024" (AAPL, uncertain tax positions)
    → the eve of fiscal 2024, instant 2023-09-28; "Ending balances" → its end."""
    if column.kind != "duration" or not cell.balance_row or column.start is None:
        return None
    if BEGINNING_RE.search(cell.label):
        return day_before(column.start)
    if month_day := AT_MONTH_DAY_RE.search(cell.label):  # "… at January 1": the opening balance
        day = month_day_in(month_day, column.start)
        if dates_match(day, column.start):
            return day_before(column.start)
        # "Balance as of December 31" over the six months to June 30 (XOM Q2 2023 10-Q, shares): the eve.
        eve = column.start - timedelta(days=1)
        at_end = dates_match(month_day_in(month_day, column.end), column.end)
        if not at_end and dates_match(month_day_in(month_day, eve), eve):
            return instant(eve)
    return instant(column.end)


@under_a_column
def declared_but_not_paid(cell: CellContext, column: Period) -> Period | None:
    """What was declared but not yet paid is owed at the column's end, whatever its length: "Cash dividends
    declared but not paid" × "Fiscal 2023" in the supplemental cash flow information (LOW 2023 10-K) →
    instant 2024-02-02."""
    return instant(column.end) if _NOT_YET_PAID_RE.search(cell.label) else None


@under_a_column
def assets_under_a_flow_column(cell: CellContext, column: Period) -> Period | None:
    """ "Total assets" × "Fiscal Years Ended January 31, 2025" in a segment table (WMT) → the balance
    at the year's end (not "Assets acquired", a flow). So under a heading or a column of assets: "Canada"
    under "Assets:" › "International:" (SJM 2024 10-K, geographical information), "Aerospace" ×
    "Identifiable Assets Year Ended December 31 2023" (GD 2023 10-K) → instant 2023-12-31."""
    if column.kind != "duration":
        return None
    own_and_parent = [cell.label, *cell.path[:-1], cell.column_label]
    if any(BALANCE_NOUN_RE.search(text) and not OBTAINED_RE.search(text) for text in own_and_parent):
        return instant(column.end)
    return None


@under_a_column
def flow_the_column_names(cell: CellContext, column: Period) -> Period | None:
    """A column whose own words name a flow, over a bare year or a date alone, is the flow of that year
    (the quarter, in a 10-Q), whatever its rows: "Capital Spending 2023" × "Total" under "Total assets"
    (PEP 2023 10-K, divisions) → fiscal 2023; "Acquisitions" under "2023" in a goodwill roll-forward. Not
    in a table of balances by its words ("Gross Unrealized Gains" of securities "as of" a date)."""
    bare = column.assumed or (column.kind == "instant" and not AS_OF_COLUMN_RE.search(cell.column_label))
    words = column_words(cell.column_label)
    # ("Amortization of Intangible Assets" names assets, but what it measures is a flow.)
    stock_column = is_stock_column(cell.column_label) and not _head_is_flow(words)
    if not bare or cell.table.stock_table or cell.balance_row or stock_column:
        return None
    if label_kind(words) != "flow":
        return None
    if column.kind == "duration":
        return column
    if not ends_a_fiscal_period(column.end, cell.document):
        return None
    return cell.flow_to(column.end, caption_months(cell.table.caption) if cell.table.months == 3 else None)


# A column of what the period gained or lost: "Total Losses", "Gain (loss) recognized" (not "Gross
# Unrealized Gains", what a security carries).
_GAINS_OR_LOSSES_COLUMN_RE = re.compile(
    r"(?:total\s+)?(?:gains?|loss(?:es)?)(?:\s*\((?:gains?|loss(?:es)?)\))?(?:\s+recogni[sz]ed\b.*)?",
    re.IGNORECASE,
)


@under_a_column
def gains_or_losses_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """A bare year taken for a balance by a table's words heads what the year gained or lost as well: "Hedged
    long-term obligations" × "Gain (loss) recognized 2023" (TMO 2023 10-K, fair value hedges), "Investments"
    × "2023 Total Losses" beside "2023 Fair Value" (BA 2023 10-K, nonrecurring fair values) → fiscal 2023
    (in a 10-Q, the length its introduction names, else the quarter)."""
    if not (column.assumed and column.kind == "instant") or cell.balance_row:
        return None
    if not _GAINS_OR_LOSSES_COLUMN_RE.fullmatch(column_words(cell.column_label)):
        return None
    if not ends_a_fiscal_period(column.end, cell.document):
        return None
    return cell.flow_to(column.end, caption_months(cell.table.caption) if cell.table.months == 3 else None)


@under_a_column
def balance_under_an_as_of_and_for_column(cell: CellContext, column: Period) -> Period | None:
    """A column "as of and for" a period holds balances at its end and flows over it: "Equity in net assets
    of nonconsolidated affiliates" × "At and For the Year Ended December 31, 2023" (GM 2023 10-K, segments)
    → instant 2023-12-31; so is a row under a heading about the balance sheet ("Amounts recognized on the
    consolidated balance sheets" › "Actuarial loss, net", ABBV)."""
    if column.kind != "duration" or not AS_OF_AND_FOR_RE.search(cell.column_label):
        return None
    on_balance_sheet = any(BALANCE_SHEET_RE.search(heading) for heading in cell.path[:-1])
    # Or a row that names no kind under a column of balances: "Non-U.S." × "At and For the Years Ended
    # December 31, 2023 Long-Lived Assets" (GM 2023 10-K, geographic information).
    of_balances = cell.kind is None and label_kind(column_words(cell.column_label)) == "stock"
    return instant(column.end) if cell.kind == "stock" or on_balance_sheet or of_balances else None


@under_a_column
def carrying_amount_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """Under a bare year, a column of gross amounts, of what has accumulated against them, or of what is left
    holds balances at the year's end: "Brands" × "2023 Accumulated Amortization" in "A summary of our
    amortizable intangible assets is as follows:" (PEP 2023 10-K) → instant 2023-12-30. (Not a flow row
    under it: "Amortization expense" × "2023 Net".)"""
    if not (column.assumed and column.kind == "duration" and cell.table.carrying_amounts):
        return None
    if cell.kind == "flow" or not _CARRYING_COLUMN_RE.fullmatch(column_words(cell.column_label)):
        return None
    return instant(column.end)


@under_a_column
def balance_the_caption_dates(cell: CellContext, column: Period) -> Period | None:
    """A caption that gives the day of the table's balances leaves the year to the columns; every figure
    under a bare year is a balance at that year's end: "Research expenditures" × "2023" under "Significant
    components of our deferred tax assets/(liabilities) at December 31 were as follows:" (BA 2023 10-K)
    → instant 2023-12-31."""
    return instant(column.end) if column.assumed and cell.table.balances_dated else None


@under_a_column
def balance_the_column_dates(cell: CellContext, column: Period) -> Period | None:
    """A bare year whose column prints the day "as of" (or "at") holds balances at the year's end, not
    the year's flow: "Sales rebates" × "as of December 31 (in millions) 2023" (ABBV 2023 10-K, accrued
    liabilities) → instant 2023-12-31. Not a row that says it moves, nor a statement of cash flows."""
    if not column.assumed or not AT_DAY_WITHOUT_YEAR_RE.search(cell.column_label):
        return None
    if cell.table.cash_flows or CHANGE_ROW_RE.search(cell.label):
        return None
    return instant(column.end)


@under_a_column
def stock_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """A bare "2024" was taken for the year's flow; a row of balances under it is at the year's end:
    "Income taxes payable" × "2024" (AAPL, other non-current liabilities) → instant 2024-09-28."""
    if column.assumed and column.kind == "duration" and _kind_of_its_block(cell) == "stock":
        return None if _still_the_years_flow(cell) else instant(column.end)
    return None


def _kind_of_its_block(cell: CellContext) -> str | None:
    """What a row is, by its own words or its headings, else by the total that closes its block ("U.S." …
    "Total assets" after "U.S." … "Total revenues", MCD 2023 10-K, segments), else by most of the table's
    rows, else by the sentence that introduces the table ("United States" under "The following table
    presents our earnings before the provision for income taxes:", HD 2023 10-K)."""
    table = cell.table
    return (
        cell.kind or table.total_kinds.get(cell.row) or table.kind or label_kind(last_sentence(table.caption))
    )


def _still_the_years_flow(cell: CellContext) -> bool:
    """Where a row under a bare year is the year's flow though balance words are about: in a statement of
    cash flows ("Accounts receivable" is the year's change); under a column of flows (the segments' goodwill
    under "2022 Acquisitions"); under a heading of balances in a table about a flow ("U.S. taxes" under
    "Currently payable" in "The provision for taxes on income consists of:", JNJ 2023 10-K); a row that
    says it moves ("Change in contract assets"); a share count of an earnings per share computation
    ("Average shares outstanding — basic", JNJ 2023 10-K)."""
    table = cell.table
    flow_column = bool(MOVEMENT_COLUMN_RE.match(column_words(cell.column_label)))
    introduction = last_sentence(table.caption)
    flow_caption = label_kind(introduction) == "flow" and not label_kind(cell.label)
    moves = bool(CHANGE_ROW_RE.search(cell.label)) or bool(_EPS_RE.match(introduction))
    return table.cash_flows or flow_column or flow_caption or moves or _non_cash_activity(cell)


def _non_cash_activity(cell: CellContext) -> bool:
    """A row of what the year took on without cash, though it names assets or liabilities: "Fair value of
    liabilities assumed related to acquisitions" (MA 2023 10-K, non-cash investing activities), "ROU assets
    arising from entering into new operating lease obligations" (ABT 2023 10-K)."""
    return bool(TAKEN_ON_RE.search(cell.label))


@under_a_column
def flow_under_a_bare_year(cell: CellContext, column: Period) -> Period | None:
    """A bare "2024" under a caption that says "as of" was taken for the year's end; a flow row under it
    is the year: "Proceeds from/(Repayments of) commercial paper, net" × "2024" (AAPL, commercial paper) →
    fiscal 2024."""
    if column.assumed and column.kind == "instant" and _kind_of_its_block(cell) == "flow":
        # (Not a balance: "Benefit obligation at end of year", nor under a column of balances: "Fair Value
        # of Assets 2022", "Balance, Beginning 2022", nor in a balance sheet: "Retained earnings" × "2023"
        # in GE's "STATEMENT OF FINANCIAL POSITION".)
        balance = cell.balance_row or is_stock_column(cell.column_label) or cell.table.balance_sheet
        return None if balance else cell.flow_to(column.end)
    return None


@under_a_column
def flow_under_a_date(cell: CellContext, column: Period) -> Period | None:
    """A date alone over flows names the fiscal year (the quarter, in a 10-Q) that ends there: "Service
    cost" × "December 30, 2023" (KHC 2023 10-K, net pension cost) → fiscal 2023. Not under "as of" or a
    date that ends no fiscal period of the document."""
    if column.kind != "instant" or column.assumed or AS_OF_COLUMN_RE.search(cell.column_label):
        return None
    # (Nor a balance row: "Balance at end of fiscal year" × "July 27, 2024", CSCO 2024 10-K, allowances.)
    if cell.table.columns_roll_forward or cell.balance_row:
        return None  # (columns: "December 31, 2022 | Reclassifications | December 31, 2023")
    # Flows by their rows ("Service cost"), or by their column ("July 2, 2023 Sales", hedging effects). Not
    # the breakdown of a balance its last line sums: "Rebates and discounts", "Dividends" … "Other current
    # liabilities" (BMY 2023 10-K, other current liabilities).
    flows = cell.table.flows_only and cell.kind != "stock" and not cell.table.sums_a_balance
    # (Or under a heading of what was paid or received: "Cash paid for amounts included in the measurement
    # of lease liabilities" › "Operating cash flows from operating leases", KHC 2023 10-K.)
    flows |= not cell.table.balance_sheet and any(map(_PAID_HEADING_RE.search, cell.path[:-1]))
    if not (flows or _FLOW_COLUMN_RE.search(undated(cell.column_label))):
        return None
    if not ends_a_fiscal_period(column.end, cell.document):
        return None
    # In a 10-Q the caption may say how long: "… for the fiscal six months ended July 2, 2023".
    return cell.flow_to(column.end, caption_months(cell.table.caption) if cell.table.months == 3 else None)


@under_a_column
def flow_under_three_year_ends(cell: CellContext, column: Period) -> Period | None:
    """Dates that end three successive fiscal years over a 10-K's table name its years, as a balance sheet's
    two dates do not: "North America" × "December 30, 2023" beside "December 31, 2022" and "December 25,
    2021" (KHC 2023 10-K, restructuring by segment) → fiscal 2023. Not under "as of", nor a balance."""
    if column.kind != "instant" or column.assumed or not cell.table.three_year_ends:
        return None
    if AS_OF_COLUMN_RE.search(cell.column_label) or cell.table.columns_roll_forward or cell.balance_row:
        return None
    if (
        cell.kind == "stock"
        or cell.table.balance_sheet
        or not ends_a_fiscal_period(column.end, cell.document)
    ):
        return None
    return cell.flow_to(column.end)


@under_a_column
def per_share_computation_under_a_date(cell: CellContext, column: Period) -> Period | None:
    """The figures of an earnings per share computation, and the shares it leaves out as antidilutive,
    are the fiscal year's (the quarter's, in a 10-Q) whatever date the column prints: "Warrants to purchase
    common stock" × "December 31, 2023" under "The following table presents potentially dilutive securities
    that are not included in the computation of diluted net income (loss) per share …" (RIOT 2023 10-K) →
    fiscal 2023. Not a balance row."""
    if column.kind != "instant" or column.assumed or not cell.table.per_share_computation:
        return None
    if cell.balance_row or not ends_a_fiscal_period(column.end, cell.document):
        return None
    return cell.flow_to(column.end)


@under_a_column
def column_as_printed(cell: CellContext, column: Period) -> Period | None:
    """Most cells: what the column names. "Research and development" × "2024" (AAPL, operating
    expenses) → fiscal 2024."""
    return column


# A table titled for its earnings per share ("15. Earnings per share"), not a sentence that mentions it.
_EPS_RE = re.compile(r"^\s*(?:net )?(?:earnings|income) per (?:common )?share\b", re.IGNORECASE)


# Owed at the column's end: "Dividends declared but not yet paid", "Declared but unpaid dividends". (Not
# "Purchases of property and equipment, accrued but not paid", the year's purchases.)
_NOT_YET_PAID_RE = re.compile(r"\bdeclared\s+(?:but|and)\s+(?:not\s+(?:yet\s+)?paid|unpaid)\b", re.IGNORECASE)


_CARRYING_COLUMN_RE = re.compile(
    rf"(?:gross|net)(?: carrying)?(?: amounts?| value)?|{ACCUMULATED_AGAINST_RE.pattern}\w*", re.IGNORECASE
)


_PAID_HEADING_RE = re.compile(r"\b(?:paid|received)\b(?![- ]in\b)", re.IGNORECASE)


def _head_is_flow(label: str) -> bool:
    """Does a label's head noun name a flow, whatever it is of: "Amortization | of Intangible Assets"."""
    head = HEAD_END_RE.split(label, maxsplit=1)
    return len(head) > 1 and is_flow_row(head[0])
