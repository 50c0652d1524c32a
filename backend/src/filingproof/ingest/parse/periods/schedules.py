"""Period rules (group: schedules and maturities): amounts owed by year to come, terms of notes on the day
they were issued, ranges of prices over the period.
"""

import re

from filingproof.calendar import END_SLACK
from filingproof.ingest.parse.periods import Period
from filingproof.ingest.parse.periods.context import CellContext, instant, under_a_column, without_a_column
from filingproof.ingest.parse.periods.words import AS_OF_COLUMN_RE, label_kind


@under_a_column
def maturity_bucket(cell: CellContext, column: Period) -> Period | None:
    """A future year, in the row ("2026", "Thereafter", "Due within one year") or the column, is owed at
    the report date: "Long-term debt principal and interest" × "Year Ended December 31, 2025" (AMZN 2023,
    commitments) → instant 2023-12-31. Under a dated column, at the column's date."""
    future_column = column.end > cell.document.period_end + END_SLACK
    if not (future_column or cell.table.future_row(cell.label)):
        return None
    if future_column and column.kind == "instant" and AS_OF_COLUMN_RE.search(cell.column_label):
        # A count on a later day the column prints: "Outstanding at October 17, 2023" (AXP Q3 2023
        # 10-Q, cover page), not an amount owed.
        return None
    dated_column = column.kind == "instant" and not future_column
    return instant(column.end if dated_column else cell.document_end)


# A row that names a range of prices alone: "$10 - $40", "$44.09 to $193.58", "$65 +".
_PRICE_RANGE_ROW_RE = re.compile(r"^\$\s?[\d.,]*\d\s*(?:(?:-|–|to)\s*\$\s?[\d.,]*\d|\+)$", re.IGNORECASE)


@without_a_column
def price_range_over_the_period(cell: CellContext) -> Period | None:
    """The bounds of a range of exercise prices a row names, in a table of options by price range: "$10"
    and "$40" in "$10 - $40" (BMY 2023 10-K, options outstanding and exercisable) → the document's period,
    the year 2023. (The bounds group the options the period's table lists; the range is not a balance.)"""
    return cell.document_flow if cell.inline and _PRICE_RANGE_ROW_RE.match(cell.label.strip()) else None


@without_a_column
def terms_on_the_day_of_issue(cell: CellContext) -> Period | None:
    """What a table of notes the sentence introducing it says were issued on a day lists stands at that day:
    "$1,000" × "Principal Amount (in millions)", "4.800%" × "Interest Rate" under "On March 30, 2023, the
    Company issued $3.0 billion of unsecured fixed rate notes … as follows:" (LOW Q2 2023 10-Q) → instant
    2023-03-30; in a month, at its end ("In March 2023, the Company issued …", UNH). Not a flow row."""
    issued = cell.table.issued_on
    if issued is None or cell.kind == "flow" or label_kind(cell.column_label) == "flow":
        return None
    return instant(issued)
