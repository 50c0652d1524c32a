"""Period rules (group: assumptions and rates): discount rates, trend rates, valuation inputs of awards and a
rate reconciliation, dated by what they measure rather than by the column alone.
"""

import re
from collections.abc import Sequence

from filingproof.ingest.parse.periods import Period
from filingproof.ingest.parse.periods.context import CellContext, instant, under_a_column
from filingproof.ingest.parse.periods.prose import last_sentence
from filingproof.ingest.parse.periods.words import MOVES_RE, ends_a_fiscal_period


@under_a_column
def discount_rate_of_leases(cell: CellContext, column: Period) -> Period | None:
    """The discount rate of the leases held is a balance at the column's end, whatever its length:
    "Operating" under "Weighted-average discount rate" × "years ended December 31 2023" in a table of the
    "weighted-average remaining lease term and weighted-average discount rate for operating and finance
    leases" (ABBV 2023 10-K) → instant 2023-12-31."""
    if not cell.table.leases or not any(map(_DISCOUNT_RATE_RE.search, [cell.label, *cell.path[-2:-1]])):
        return None
    return instant(column.end)


# A health care cost trend rate ("… assumed for next year", "Ultimate …"; "Average increase assumed" under
# "Health care cost trend rates"), not the year it reaches its ultimate nor the effect of a change in it.
_TREND_RATE_RE = re.compile(r"\bcost trend\b|\btrend rates?\b", re.IGNORECASE)


_NOT_A_TREND_RATE_RE = re.compile(r"\byears?\b.*\breach|\beffects?\b|percentage[- ]point", re.IGNORECASE)


@under_a_column
def trend_rate_assumed_ahead(cell: CellContext, column: Period) -> Period | None:
    """The health care cost trend rates assumed for the years ahead are assumptions at the column's end, the
    day the plans are measured, whatever its length: "Health care cost trend rate assumed for next year" ×
    "2023" (RTX 2023 10-K) → instant 2023-12-31."""
    if column.kind != "duration" or _NOT_A_TREND_RATE_RE.search(cell.label):
        return None
    if cell.row in cell.table.movement_rows:
        return None
    # (Not where the heading or the introduction says the rate measures the period's cost: the filer tags
    # it over the period, as `assumption_of_what_it_measures` does.)
    if _what_is_measured([*reversed(cell.path[:-1]), last_sentence(cell.table.caption)]) == "cost":
        return None
    return instant(column.end) if any(map(_TREND_RATE_RE.search, [cell.label, *cell.path[-2:-1]])) else None


@under_a_column
def assumption_of_what_it_measures(cell: CellContext, column: Period) -> Period | None:
    """An actuarial assumption is a balance where it measures the benefit obligation (at the column's end)
    and a flow where it measures the period's cost, as its heading (or the table's introduction) says:
    "Discount rate" × "Year Ended December 31, 2023 Pension Benefits" under "Weighted-average assumptions
    used to determine benefit obligations" (GM 2023 10-K) → instant 2023-12-31; under "Weighted-average
    assumptions used to determine net expense" → the year 2023."""
    # The rate may head its rows: "Non-U.S. Plans" under "Rate of compensation increase" (MA 2023 10-K).
    rate = _RATE_ROW_RE.search(cell.label) or _RATE_ROW_RE.search(" ".join(cell.path[-2:-1]))
    if not rate or MOVES_RE.search(cell.label) or cell.row in cell.table.movement_rows:
        return None
    measured = _what_is_measured([*reversed(cell.path[:-1]), last_sentence(cell.table.caption)])
    if measured == "obligation":
        return instant(column.end)
    # (A cost's assumption under a date is left to the column: "Discount rate in effect for determining
    # service cost" × "Pension At December 31, 2023", VZ, is tagged at that date.)
    return column if measured == "cost" and column.kind == "duration" else None


@under_a_column
def expected_return_of_the_period(cell: CellContext, column: Period) -> Period | None:
    """The expected return on plan assets measures the period's cost alone (no obligation is measured with
    it), so under a date it is the fiscal year (the quarter, in a 10-Q) that ends there, whatever the
    table's heading: "Expected return on plan assets" × "December 31, 2023" in a table of "Assumptions"
    beside the discount rates (BA 2023 10-K) → the year 2023; so under "Pension At December 31, 2023"
    (VZ 2023 10-K, assumptions used in determining net periodic cost)."""
    if column.kind != "instant" or cell.balance_row or not _EXPECTED_RETURN_RE.search(cell.label):
        return None
    return _flow_of_the_column(cell, column)


@under_a_column
def valuation_input_of_awards(cell: CellContext, column: Period) -> Period | None:
    """The inputs that value the awards granted in a period are that period's, whatever date its column
    prints: "Risk-free interest rate" × "December 30, 2023" under "Our weighted average Black-Scholes fair
    value assumptions were:" (KHC 2023 10-K) → fiscal 2023."""
    # The input may head its rows: "RSUs" under "Weighted-average grant date fair value (per share)".
    if cell.balance_row or not any(map(_VALUATION_INPUT_RE.search, [cell.label, *cell.path[-2:-1]])):
        return None
    if not _AWARDS_RE.search(" ".join([cell.table.caption, *cell.path[:-1]])):
        return None
    return _flow_of_the_column(cell, column)


@under_a_column
def rate_reconciliation(cell: CellContext, column: Period) -> Period | None:
    """The lines that reconcile the statutory tax rate to the effective one are the period's, whatever
    date the column prints: "U.S. federal statutory tax rate" × "December 30, 2023" under "The effective
    tax rate on income/(loss) before income taxes differed from the U.S. federal statutory tax rate for the
    following reasons:" (KHC 2023 10-K) → fiscal 2023."""
    # (The introduction after its last colon: its sentences may break at "U.S.".)
    introduction = re.split(r":\s", cell.table.caption.rstrip(" .:"))[-1]
    if not _RATE_RECONCILIATION_RE.search(introduction) or cell.kind == "stock":
        return None
    return _flow_of_the_column(cell, column)


# An assumption that is a rate: "Discount rate", "Expected rate of return on plan assets", "Rate of
# compensation increase", "Health care cost trend rate" (not "Exchange rate adjustments").
_RATE_ROW_RE = re.compile(r"(?<!exchange )\brates?\b|\bincreases?\b|\btrend\b", re.IGNORECASE)


# "Expected return on plan assets", "Expected long-term rate of return on plans' assets".
_EXPECTED_RETURN_RE = re.compile(r"\bexpected\b.*\breturns?\b.*\bassets?\b", re.IGNORECASE)


_OBLIGATION_RE = re.compile(r"\bobligations?\b", re.IGNORECASE)


_PERIODIC_COST_RE = re.compile(
    r"\bnet (?:periodic )?(?:pension |benefit |postretirement )*(?:cost|expense|income|credit)|\bperiodic\b",
    re.IGNORECASE,
)


_RATE_RECONCILIATION_RE = re.compile(
    r"\beffective (?:income )?tax rates?\b.*\bstatutory\b|"
    r"\bstatutory\b.*\beffective (?:income )?tax rates?\b",
    re.IGNORECASE,
)


_DISCOUNT_RATE_RE = re.compile(r"\bdiscount rates?\b", re.IGNORECASE)


# What values an award when it is granted, and the words of a table about awards.
_VALUATION_INPUT_RE = re.compile(
    r"risk[- ]free|volatility|dividend yield|expected (?:term|life|dividends?)\b|grant[- ]date fair value|"
    r"^fair value$|fair value of (?:\w+ )*(?:granted|that vested|vested)\b|"
    r"intrinsic value of (?:\w+ )*exercised",
    re.IGNORECASE,
)


_AWARDS_RE = re.compile(
    r"\bgrant|\bawards?\b|\boptions?\b|black[- ]scholes|lattice|stock-based|share-based|incentive|"
    r"purchase plan",
    re.IGNORECASE,
)


def _what_is_measured(texts: Sequence[str]) -> str | None:
    """ "obligation" or "cost", from the first of `texts` (headings, nearest first, then the introduction)
    that names one and not the other: "… assumptions used to determine benefit obligations"."""
    for text in texts:
        obligation, cost = bool(_OBLIGATION_RE.search(text)), bool(_PERIODIC_COST_RE.search(text))
        if obligation != cost:
            return "obligation" if obligation else "cost"
    return None


def _flow_of_the_column(cell: CellContext, column: Period) -> Period | None:
    """The flow a column stands for: its own period, or the fiscal period (a quarter, in a 10-Q) its date
    ends."""
    if column.kind == "duration":
        return column
    return cell.flow_to(column.end) if ends_a_fiscal_period(column.end, cell.document) else None
