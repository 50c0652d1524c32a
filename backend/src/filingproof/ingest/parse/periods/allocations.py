"""Period rules (group: allocations and acquisitions): a purchase price allocation stands at the day the
prose says the business was acquired.
"""

import re

from filingproof.ingest.parse.periods import Period
from filingproof.ingest.parse.periods.context import CellContext, instant, without_a_column


@without_a_column
def acquisition_date_in_the_prose(cell: CellContext) -> Period | None:
    """A purchase price allocation is at the day of the acquisition the prose before it dates: "Customer
    relationships" × "CorEvitas" under "The components of the purchase price and net assets acquired are as
    follows:", after "On August 14, 2023, the company acquired, …, CorEvitas, LLC" (TMO 2023 10-K) → instant
    2023-08-14. What was paid ("Cash paid"), given ("Total purchase consideration") or settled ("Debt
    settled") is a flow of that one day."""
    day = cell.table.acquired_on(cell.column_label)
    if day is None:
        return None
    paid = cell.kind == "flow" or bool(_CONSIDERATION_RE.search(cell.label))
    return Period("duration", day, day) if paid else instant(day)


# What an acquisition's price is made of, not what it bought: "Total purchase consideration", "Debt settled",
# "Settlement of pre-existing relationships" (not "Contingent consideration", a liability).
_CONSIDERATION_RE = re.compile(r"(?<!contingent )\bconsideration\b|\bsettle(?:d|ment)\b", re.IGNORECASE)
