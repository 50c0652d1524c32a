"""Period rules (group: roll-forwards): the opening and closing balances of a table that moves a balance,
the movements between them, the blocks and lines around them.
"""

import re

from filingproof.calendar import dates_match
from filingproof.ingest.parse.periods import Period, months_before
from filingproof.ingest.parse.periods.context import (
    CellContext,
    day_before,
    instant,
    under_a_column,
    without_a_column,
)
from filingproof.ingest.parse.periods.prose import last_sentence
from filingproof.ingest.parse.periods.structure import names_a_day, row_date, year_to_date_months
from filingproof.ingest.parse.periods.words import (
    AT_MONTH_DAY_RE,
    BALANCE_NOUN_RE,
    BALANCE_ROW_RE,
    BALANCE_SHEET_RE,
    BEGINNING_RE,
    CHANGE_ROW_RE,
    DAY_ALONE_RE,
    FLOW_VERB_RE,
    MONTH_DAY_END_RE,
    MOVEMENT_COLUMN_RE,
    MOVES_RE,
    OBTAINED_RE,
    OPENING_DAY_RE,
    STOCK_ROW_RE,
    TAKEN_ON_RE,
    column_words,
    is_stock_row,
    label_kind,
    month_day_in,
)


@under_a_column
def opening_balance_under_a_date_column(cell: CellContext, column: Period) -> Period | None:
    """A roll-forward under the dates its years end: "Balance at beginning of period" × "Jan 28, 2024"
    (NVDA, deferred revenue) → the eve of the year that ends there, 2023-01-28; in a 10-Q, of the year to
    date: "Contract liability beginning balance" × "July 29, 2023" (GME Q2 2023 10-Q) → the eve of fiscal
    2023 (tagged 2023-01-28)."""
    if column.kind != "instant" or not cell.table.rollforward:
        return None
    if cell.balance_row and BEGINNING_RE.search(cell.label):
        return day_before(months_before(column.end, cell.table.rollforward_months))
    return None


@under_a_column
def movement_between_dated_balances(cell: CellContext, column: Period) -> Period | None:
    """A row between two balances that print their dates is the stretch between them, under the date the
    column prints at its end: "Write-offs" between "Beginning balance at January 1, 2023" and "Ending
    balance at June 30, 2023" × "At June 30, 2023: Americas" (IBM Q2 2023 10-Q, allowance for credit
    losses) → the six months to 2023-06-30 (not the quarter)."""
    table = cell.table
    if column.kind != "instant" or cell.balance_row or not table.opening_row <= cell.row < table.closing_row:
        return None
    stretch = table.bracket(cell.row) if table.rollforward or len(table.balance_dates) > 1 else None
    if stretch is None or stretch.kind != "duration" or not dates_match(stretch.end, column.end):
        return None
    return stretch


@under_a_column
def balance_under_a_heading_of_balances(cell: CellContext, column: Period) -> Period | None:
    """Rows under a heading (or, failing one, a table introduction) about what is held in accumulated other
    comprehensive income or on the balance sheet are balances at the column's end, whatever its length:
    "Net actuarial loss" × "Year Ended December 31, 2023 Pension Benefits U.S." under "Amounts recorded in
    Accumulated other comprehensive loss" (GM 2023 10-K, pension obligations) → instant 2023-12-31. Not
    under a heading about changes ("Changes recognized in … other comprehensive loss"), nor a row that
    moves a balance ("Amortization and settlement recognition")."""
    table = cell.table
    if table.cash_flows or cell.balance_row or cell.row in table.movement_rows:
        return None
    if table.rollforward and cell.row > table.closing_row and cell.kind == "stock":
        return None  # a balance after the closing one: `stock_after_the_closing_balance`
    if MOVES_RE.search(cell.label) or FLOW_VERB_RE.search(cell.label):
        return None
    # (Not under a column of what moved: "Gain (loss) recognized in AOCI", "Increase / (Decrease)".)
    named = column_words(cell.column_label)
    if MOVES_RE.search(named) or _RECOGNIZED_RE.search(named) or label_kind(named):
        return None
    headings = [heading for heading in reversed(cell.path[:-1]) if heading]
    said = next((h for h in headings if _HELD_RE.search(h) or MOVES_RE.search(h)), None)
    # The introduction speaks for the rows under no such heading; not in a roll-forward, whose rows move.
    in_caption = said is None
    if in_caption:
        said = "" if table.rollforward else last_sentence(table.caption)
    if not said or MOVES_RE.search(said):
        return None
    if _RECOGNIZED_RE.search(said):  # "… the amounts of gain or (loss) … recognized in AOCI"
        return None
    # (Under no heading, a table of balances by its rows: not the derivative gains of a table whose
    # footnote places the derivatives on the sheet.)
    sheet = BALANCE_SHEET_RE.search(said) and (
        not in_caption or (cell.kind != "flow" and table.kind == "stock")
    )
    # (A balance sheet's printed dates say so already; amounts in AOCI under a date are not its year's flows.)
    sheet = sheet and (column.kind == "duration" or column.assumed)
    return instant(column.end) if sheet or _IN_AOCI_RE.search(said) else None


@under_a_column
def parts_of_the_opening_balance(cell: CellContext, column: Period) -> Period | None:
    """The lines that make up a roll-forward's opening balance, right above it, are at its day: "Accumulated
    impairment loss" above "Balance at beginning of period" × "Year Ended September 30, 2024 Global
    Products" (JCI 2024 10-K, goodwill by segment) → the eve of fiscal 2024, instant 2023-09-30."""
    if column.kind != "duration" or column.start is None or cell.row not in cell.table.opening_parts:
        return None
    return day_before(column.start)


@under_a_column
def line_above_the_roll_forward(cell: CellContext, column: Period) -> Period | None:
    """Where the blocks of a table each roll an account forward and close on its name, a line above the
    first block is a balance at the column's end too: "Common stock issued" above "Beginning balance" ×
    "For the years ended December 31 2023" (GE 2023 10-K, changes in shareholders' equity) → instant
    2023-12-31. (Not above the one roll-forward of a statement of cash flows, whose lines are flows.)"""
    table = cell.table
    if column.kind != "duration" or not table.closing_lines or cell.row >= table.opening_row:
        return None
    return instant(column.end) if cell.kind != "flow" and not cell.inline else None


@under_a_column
def under_a_balance_heading(cell: CellContext, column: Period) -> Period | None:
    """A row right under a heading that names a balance is part of it: "Shares: 2023: 1,986,519,278" under
    "Balance at January 1" × "Six Months Ended June 30 2023" (ABT Q2 2023 10-Q, equity) → the eve of the
    half-year, 2022-12-31."""
    heading = cell.path[-2] if len(cell.path) > 1 else ""
    if cell.inline or column.kind != "duration" or column.start is None or not BALANCE_ROW_RE.search(heading):
        return None
    if label_kind(cell.label) == "flow" or row_date(heading) is not None:
        return None
    if BEGINNING_RE.search(heading):
        return day_before(column.start)
    if (month_day := AT_MONTH_DAY_RE.search(heading)) and not dates_match(
        month_day_in(month_day, column.end), column.end
    ):
        return day_before(column.start)  # "Balance at March 31" over the quarter to June 30
    return instant(column.end)


@under_a_column
def movement_under_a_date_column(cell: CellContext, column: Period) -> Period | None:
    """A roll-forward under the dates its years end: "Gross increases to tax positions in prior periods"
    × "December 31, 2023" (AMZN, tax contingencies) → the year up to that date. In a 10-Q, the year to
    date: "Changes in estimated fair value" × "July 2, 2023" (JNJ Q2 2023 10-Q) → January 2 to July 2."""
    table = cell.table
    if (
        column.kind != "instant"
        or not table.rollforward
        or not table.opening_row <= cell.row < table.closing_row
    ):
        return None
    if not cell.balance_row and not MONTH_DAY_END_RE.search(cell.label):
        return cell.flow_to(column.end, cell.table.rollforward_months)
    return None


@under_a_column
def flow_from_the_opening_day(cell: CellContext, column: Period) -> Period | None:
    """In a 10-Q whose rows run from the day the fiscal year opened, a flow under a bare year is the year
    to date: "Current-period accruals" between "Balance at January 1" and "Balance at June 30" × "2023"
    (IBM Q2 2023 10-Q, standard warranty liability) → January to June 2023 (not the quarter)."""
    table = cell.table
    if not (table.year_to_date and column.assumed) or cell.balance_row or cell.kind == "stock":
        return None
    if OPENING_DAY_RE.search(cell.label) or MONTH_DAY_END_RE.search(cell.label):
        return None  # a balance on a day the row names ("Contract assets—June 30")
    return cell.flow_to(column.end, year_to_date_months(cell.document))


@under_a_column
def movement_under_a_column(cell: CellContext, column: Period) -> Period | None:
    """A row that moves a roll-forward's balance is the column's flow, whatever its words: "Increases
    related to tax positions taken during a prior year" × "2024" between "Beginning balances" and "Ending
    balances" (AAPL, uncertain tax positions) → fiscal 2024."""
    return column if cell.row in cell.table.movement_rows and not cell.balance_row else None


@under_a_column
def stock_after_the_closing_balance(cell: CellContext, column: Period) -> Period | None:
    """After a roll-forward's closing balance, a balance: "Cash and cash equivalents" × "Year Ended
    December 31, 2023" under "… restricted cash at end of the period" (META, cash flows) → instant
    2023-12-31. So is a line that names a balance and a flow both, outside a statement of cash flows: "Net
    benefit liability" × "Year Ended April 30, 2024" below "Fair value of plan assets at end of year" (SJM
    2024 10-K, the plans' funded status) → instant 2024-04-30. (Not what the period took on or moved: "Fair
    value of liabilities assumed", "Change in unrealized gains or losses for the period …".)"""
    moves = TAKEN_ON_RE.search(cell.label) or CHANGE_ROW_RE.search(cell.label)
    if column.kind != "duration" or cell.row <= cell.table.closing_row or moves:
        return None
    mixed = cell.kind is None and bool(STOCK_ROW_RE.search(cell.label)) and not cell.table.cash_flows
    return instant(column.end) if cell.kind == "stock" or mixed else None


@under_a_column
def stock_between_closing_balances(cell: CellContext, column: Period) -> Period | None:
    """Between a roll-forward's first closing balance and its last, a balance that reconciles the two:
    "Less restricted cash & cash equivalents, included in Investments" between "Cash & cash equivalents,
    including restricted, at end of year" and "Cash and cash equivalents at end of year" × "Years ended
    December 31, 2023" (BA 2023 10-K, cash flows) → instant 2023-12-31."""
    table = cell.table
    if column.kind != "duration" or not table.rollforward or cell.balance_row or cell.kind != "stock":
        return None
    return instant(column.end) if table.first_closing_row < cell.row < table.closing_row else None


@under_a_column
def line_between_roll_forwards(cell: CellContext, column: Period) -> Period | None:
    """A line between one roll-forward's closing balance and the next one's opening balance is a balance:
    "Total Equity Attributable to Shareowners of The Coca-Cola Company" × "2024", between the treasury stock
    and the noncontrolling interests blocks (KO, shareowners' equity) → instant 2024-12-31."""
    if column.kind == "duration" and cell.row in cell.table.between_blocks and cell.kind != "flow":
        return instant(column.end)
    return None


@under_a_column
def closing_line_of_a_block(cell: CellContext, column: Period) -> Period | None:
    """The line that closes a block of a roll-forward, the next block opening right after it, is that
    block's balance at the column's end: "Retained earnings" × "For the years ended December 31 2023"
    between "Beginning balance" rows (GE 2023 10-K, changes in shareholders' equity) → instant
    2023-12-31."""
    return instant(column.end) if cell.row in cell.table.closing_lines else None


@under_a_column
def movement_between_two_days(cell: CellContext, column: Period) -> Period | None:
    """Under a bare year, the rows between a first row that prints the day the year opens and a last that
    prints another day are the year's movements, whatever the introduction says of balances: "Settlements"
    between "January 1" and "December 31" × "2023" under "The following table summarizes the gross amounts
    of unrecognized tax benefits without regard to … deferred tax assets and liabilities …" (ABT 2023 10-K)
    → the year 2023."""
    days = cell.table.day_rows
    if not (column.assumed and column.kind == "duration") or len(days) < 2 or column.start is None:
        return None
    if not days[0] < cell.row < days[-1] or cell.row in days or cell.balance_row:
        return None
    opening = DAY_ALONE_RE.fullmatch(cell.table.row_labels[days[0]].strip())
    opens = opening is not None and dates_match(month_day_in(opening, column.start), column.start)
    return column if opens else None


def _stretch(cell: CellContext) -> Period | None:
    """The stretch of rows between two dated balances, else the section the rows sit in, else the dated
    balance heading over them."""
    return cell.table.bracket(cell.row) or cell.table.section or cell.table.balance_heading


@without_a_column
def balance_of_a_dated_stretch(cell: CellContext) -> Period | None:
    """A balance in a dated stretch, the row's ("Balance at end of year") or the column's: "Allowance
    for doubtful accounts" × "Balance at Beginning of Period" under "Fiscal year 2024" (NVDA, Schedule II)
    → the stretch's eve, 2023-01-28; × "Balance at End of Period" → its end."""
    stretch = _stretch(cell)
    if stretch is None:
        return None
    balance_column = BALANCE_ROW_RE.search(cell.column_label)
    balance = cell.label if cell.balance_row else cell.column_label if balance_column else None
    if balance is None:
        # A balance by its words in a section of a length: "Total assets" under "Second Quarter 2022" (F
        # Q2 2023 10-Q, segment information) → instant 2022-06-30; "Property and equipment, net" under "As of
        # and for the Fiscal Year Ended January 28, 2023" (GME 2023 10-K, segments) → that day. (Not between
        # two dated balances, where every line moves the balance.)
        in_section = cell.table.bracket(cell.row) is None and stretch.kind == "duration"
        # (Not under a column that names a flow or a movement: "Allowance for doubtful accounts" ×
        # "Additions", "Investment securities" × "Transfers into Level 3".)
        column = cell.column_label
        flow_column = label_kind(column) == "flow" or MOVEMENT_COLUMN_RE.search(column)
        stock_row = is_stock_row(cell.label) and not flow_column
        stock = BALANCE_NOUN_RE.search(cell.label) or stock_row
        assets = stock and not OBTAINED_RE.search(cell.label)
        return instant(stretch.end) if in_section and assets else None
    if BEGINNING_RE.search(balance) and stretch.start is not None:
        return day_before(stretch.start)
    return instant(stretch.end)


@without_a_column
def flow_before_the_first_dated_balance(cell: CellContext) -> Period | None:
    """Rows above the first of two or more dated balances, no opening balance dated, are the flows up to its
    date, as long as the stretch between the first two: "Packaging & Specialty Plastics" × "Asset
    Write-downs and Write-offs" above "Reserve balance at Mar 31, 2023" (DOW Q2 2023 10-Q, 2023
    restructuring program) → the quarter to 2023-03-31."""
    table, dates = cell.table, [day for _, day in cell.table.balance_dates]
    # (A balance moving forward in time: not blocks of balances, latest first.)
    moving = len(dates) > 1 and dates == sorted(dates) and dates[0] < dates[-1]
    if not moving or cell.row > table.balance_dates[0][0] or cell.balance_row or names_a_day(cell.label):
        return None  # (nor a row that names its own days: "January 1 - 31, 2023")
    spacing = round((dates[1] - dates[0]).days / 30.4)  # as long as the stretch between the first two
    return None if cell.kind == "stock" else cell.flow_to(dates[0], spacing)


@without_a_column
def subtotal_of_the_balances_above(cell: CellContext) -> Period | None:
    """A line with no label below a balance, after a dated balance, sums the balances above it at that date:
    "" (58.5) below "Goodwill" and "Accumulated impairment losses" under "Balance, December 31, 2022"
    (CMCSA 2023 10-K, goodwill by segment) → instant 2022-12-31, not the movements of the year after."""
    table = cell.table
    before = [day for row, day in table.balance_dates if row < cell.row]
    if cell.label or not before:
        return None
    above = next((label for label in reversed(table.row_labels[: cell.row]) if label), "")
    return instant(before[-1]) if label_kind(above) == "stock" else None


@without_a_column
def flow_of_a_dated_stretch(cell: CellContext) -> Period | None:
    """Rows between two dated balances, or under a section heading, are that stretch: "Units granted"
    between "Outstanding as of January 1, 2021" and "Outstanding as of December 31, 2021" (AMZN, restricted
    stock units) → 2021-01-02 to 2021-12-31."""
    return _stretch(cell)


@without_a_column
def opening_balance_of_the_document_period(cell: CellContext) -> Period | None:
    """ "Beginning of period" under no dated column (TSLA, stock options) → the eve of the document's
    period, 2022-12-31."""
    if cell.balance_row and BEGINNING_RE.search(cell.label) and (start := cell.document_flow.start):
        return day_before(start)
    return None


@without_a_column
def movement_over_the_document_period(cell: CellContext) -> Period | None:
    """A row that moves a balance whose rows name no date: "Granted" after "Beginning of period" (TSLA,
    stock options) → the document's period, the year 2023."""
    if cell.row in cell.table.movement_rows and not cell.balance_row:
        return cell.document_flow
    return None


_AOCI_RE = re.compile(r"\baccumulated other comprehensive\b|\bAOC[ILE]\b", re.IGNORECASE)


# Amounts held in accumulated other comprehensive income ("Amounts recorded in Accumulated other
# comprehensive loss", "Our accumulated other comprehensive income … balances … consisted of"), not the
# account itself (an equity statement's block).
_IN_AOCI_RE = re.compile(
    rf"\b(?:in|within)\s+(?:{_AOCI_RE.pattern})|"
    rf"(?:{_AOCI_RE.pattern}).*\b(?:balances|as of|consists?|consisted)\b",
    re.IGNORECASE,
)


# What is held (in accumulated other comprehensive income, on the balance sheet), against what moves.
_HELD_RE = re.compile(rf"{_AOCI_RE.pattern}|\bbalance sheets?\b|\bfinancial position\b", re.IGNORECASE)


_RECOGNIZED_RE = re.compile(r"\b(?:gains?|loss(?:es)?|income|expense)\b.*\brecogni[sz]ed\b", re.IGNORECASE)
