"""What a row's or a column's words say about its period: balances against flows ("Total assets" stands at a
day, "Net sales" runs over a period), opening and closing balances, days printed without their year.
Shared by the rule groups and by `TablePeriods`.
"""

import re
from collections.abc import Sequence
from datetime import date, timedelta

from filingproof.calendar import (
    COUNTED_END_SLACK,
    LONG_DATE_PATTERN,
    MONTH_NAME_PATTERN,
    dates_match,
    day_in_month,
    month_number,
)
from filingproof.ingest.parse.periods import LONG_DATE_RE, DocumentPeriod, months_before

BALANCE_ROW_RE = re.compile(
    r"^(?:total\s+(?:\S+\s+){0,3})?balances?\b|^(?:total\s+)?(?:beginning|ending|as of)\b|"
    r"\b(?:beginning|ending)\s+(?:of\s+(?:the\s+)?(?:year|period)\s+)?balances?\b|"
    r"balances?,?\s+(?:at|as of|beginning|end)\b|"
    r"\b(?:beginning|end)\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|"
    r"\bend\s+of\s+(?:fiscal\s+)?(?:19|20)\d{2}$|"  # "Funded status at end of 2023"
    rf"\b(?:at|as of|on)\s+{LONG_DATE_PATTERN}|^{LONG_DATE_PATTERN}$|[-–—]\s*{LONG_DATE_PATTERN}$|"
    # "Outstanding January 1, 2021"; "Options outstanding, January 1, 2023", "Exercisable, September 30,
    # 2024" (stock option activity)
    r"(?:^(?:outstanding|(?:non|un)-?vested),?|\b(?:outstanding|exercisable|vested|nonvested|unvested),)"
    rf"\s+{LONG_DATE_PATTERN}$|"
    rf"\b(?:at|as of)\s+{MONTH_NAME_PATTERN}\s+\d{{1,2}}$|"  # "Cash … at June 30", the year the column's
    rf",\s+{MONTH_NAME_PATTERN}\s+\d{{1,2}}$|"  # "Gross unrecognized tax benefits, December 31"
    r"^(?:(?!\b(?:on|of|to|from|in|for)\b).)*\bbalance$",  # "GE shareholders' equity balance"
    re.IGNORECASE,
)


BEGINNING_RE = re.compile(r"beginning|start of|\bopening balances?\b", re.IGNORECASE)


END_RE = re.compile(r"\bend(?:ing)?\b", re.IGNORECASE)


STOCK_CUES_RE = re.compile(
    r"\bas of\b|\bas at\b|balance sheets?|financial position|fair value|carrying|amortized cost|outstanding|"
    r"maturit|remaining|\bfuture\b|thereafter|payments? due|unrecognized|accrued|gross unrealized",
    re.IGNORECASE,
)


DATE_ALONE_RE = re.compile(rf"^{LONG_DATE_PATTERN}$", re.IGNORECASE)


DATE_HEADING_RE = re.compile(rf"^(?:(?:as of|at)\s+)?{LONG_DATE_PATTERN}:?$", re.IGNORECASE)


# Balances under any column: "Total assets", "Long-lived assets", "Unrecognized compensation cost".
BALANCE_NOUN_RE = re.compile(
    r"^(?:total\s+)?(?:long-lived|identifiable|segment)?\s*assets\b|^unrecognized compensation\b",
    re.IGNORECASE,
)


OBTAINED_RE = re.compile(r"acquired|obtained|exchange|additions", re.IGNORECASE)


STOCK_ROW_RE = re.compile(
    r"\bassets?\b|liabilit|\bdebt\b|borrowings|obligations?\b|equity\b|\breserves?\b|allowance|inventor|"
    r"receivable|payable|goodwill|intangible|property|deferred (?:tax|revenue|income\b(?!\s+tax))|accrued|"
    r"\bcash(?: and|,) cash equivalents\b|restricted cash|securities\b|investments\b|carrying|fair value|"
    r"outstanding|unrecognized|funded status|net (?:amount|liability|asset)s? recognized",
    re.IGNORECASE,
)


_FLOW_ROW_RE = re.compile(
    r"revenues?|sales\b|expenses?\b|costs?\b|income\b|earnings|gains?\b|loss(?:es)?\b|provision|proceeds|"
    r"cash flows?\b|"
    r"payments|purchases|repayments|depreciation|amortization|compensation|dividends|repurchases|issuances?|"
    r"net change|ebitda|acquisitions?\b|"
    r"weighted[- ]average (?:number of )?(?:basic |diluted )?(?:common )?shares|"
    r"increases?|decreases?|additions|deductions|charged|benefits?\b(?!\s+obligations?)|impairment|write-?offs?|"
    r"\breturns? on\b|\bchanges? in\b|\bgrant(?:ed|s)?\b|\bspending\b|\bexpenditures?\b",
    re.IGNORECASE,
)


AT_MONTH_DAY_RE = re.compile(rf"\b(?:at|as of)\s+({MONTH_NAME_PATTERN})\s+(\d{{1,2}})$", re.IGNORECASE)


AS_OF_COLUMN_RE = re.compile(r"\bas (?:of|at)\b|\bbalance|\bat\b", re.IGNORECASE)


# A day without its year, the year left to the columns: a caption's "… at December 31 were as follows:", a
# column's "as of December 31 (in millions) 2023", "2023 At December 31, Net Amount".
AT_DAY_WITHOUT_YEAR_RE = re.compile(
    rf"\b(?:at|as of)\s+{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}}\b(?!,?\s*(?:19|20)\d{{2}})", re.IGNORECASE
)


# A row that ends on a day without its year: "Balance, January 1", "Balance at May 1,", "Fair value
# January 1".
OPENING_DAY_RE = re.compile(rf"(?:^|[\s,—–-])({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}}),?$", re.IGNORECASE)


MONTH_DAY_END_RE = re.compile(rf"[-–—]\s*({MONTH_NAME_PATTERN})\s+(\d{{1,2}})$", re.IGNORECASE)


# A day without its year, alone: "January 1", "December 31".
DAY_ALONE_RE = re.compile(rf"({MONTH_NAME_PATTERN})\.?\s+(\d{{1,2}}),?", re.IGNORECASE)


def undated(label: str) -> str:
    """A column label without the dates it prints: "July 2, 2023 Sales" → "Sales"."""
    return LONG_DATE_RE.sub("", label).strip()


CHANGE_ROW_RE = re.compile(r"\bchanges? in\b", re.IGNORECASE)


# Assets or liabilities taken on in the year: "… assumed", "… acquired", "… obtained in exchange for new
# leases", "… arising from entering into new operating lease obligations".
TAKEN_ON_RE = re.compile(r"\b(?:acquired|assumed|exchanged|obtained|arising from entering)\b", re.IGNORECASE)


ACCUMULATED_AGAINST_RE = re.compile(r"\baccumulated (?:amortization|depreciation|impairment)", re.IGNORECASE)


# The movements of a roll-forward across the columns: "2022 Acquisitions (1)", "Impairments", "2023
# Foreign currency translation".
MOVEMENT_COLUMN_RE = re.compile(
    r"(?:acquisitions?|additions?|impairments?|divestitures?|dispositions?|disposals?|transfers?|"
    r"reclassifications?|(?:foreign\s+)?(?:currency\s+)?translation)\b",
    re.IGNORECASE,
)


MOVES_RE = re.compile(
    r"\bchanges?\b|\bactivity\b|roll[- ]?forward|\bmovements?\b|reclassif|\barising\b|amortiz|\bduring\b|"
    r"recogni[sz]ed in (?:net|earnings|income|the (?:consolidated )?statements? of)|"
    r"statements? of (?:consolidated )?(?:income|operations|earnings|cash flows?)|income statements?",
    re.IGNORECASE,
)


BALANCE_SHEET_RE = re.compile(r"\bbalance sheets?\b|\bfinancial position\b", re.IGNORECASE)


_NOT_MEASURE_RE = re.compile(r"\([^)]*\)|\b(?:19|20)\d{2}\b|\bbenefits?\b", re.IGNORECASE)


def column_words(label: str) -> str:
    """What a column label says it measures, without its dates, years and notes: "Capital Spending 2023"
    → "Capital Spending". (Nor "benefit", which names a plan over columns: "Other Benefit Plans 2023".)"""
    return _NOT_MEASURE_RE.sub(" ", undated(label)).strip()


def ends_a_fiscal_period(day: date, document: DocumentPeriod) -> bool:
    """Is `day` the end of one of the document's fiscal periods: its own period end, or one a year or (in a
    10-Q) a quarter before, counted by months (hence the counted slack)?"""
    step = document.months
    end = document.period_end
    return dates_match(end, day) or any(
        dates_match(months_before(end, months) - timedelta(days=1), day, COUNTED_END_SLACK)
        for months in range(step, 12 * 6, step)
    )


def month_day_in(match: re.Match[str], column_end: date) -> date:
    """ "Gross tax contingencies – January 1" in the 2023 column: the balance on that day of that year."""
    return day_in_month(column_end.year, month_number(match[1]), int(match[2]))


# A year alone: "2023", "Fiscal 2023", "Fiscal Year 2023", "Year 2023" (a row, a section heading, a stub).
ROW_YEAR_RE = re.compile(r"^(?:fiscal\s+|(?:fiscal\s+)?year\s+)?((?:19|20)\d{2})$", re.IGNORECASE)


def row_kind(labels: Sequence[str]) -> str | None:
    """ "stock" or "flow", from the first of `labels` that says."""
    for label in labels:
        if kind := label_kind(label):
            return kind
    return None


FLOW_VERB_RE = re.compile(
    r"\b(?:paid|received|obtained|granted|transferred|incurred|exercised)\b|"
    r"\bduring the (?:period|year|quarter)\b|"
    r"\b(?:shares|stock|units|awards|options) vested\b|^effects? of\b",
    re.IGNORECASE,
)


# What has built up, or is yet to be: "Accumulated other comprehensive loss", "Less accumulated
# depreciation", "Unrecognized tax benefits". (Not "Cumulative translation adjustments", in a statement of
# comprehensive income the year's change.)
ACCUMULATED_RE = re.compile(r"(?:less:?\s+)?(?:total\s+)?(?:accumulated|unrecognized)\b", re.IGNORECASE)


# Where a label's head noun ends: "Amortization | of intangible assets", "Expected return | on plan assets".
HEAD_END_RE = re.compile(r"\s(?:of|on|in|from|for|to|under|related to)\s", re.IGNORECASE)


def label_kind(label: str) -> str | None:
    """ "stock" or "flow" by a label's words; where it has words of both, by its head noun: "Amortization of
    intangible assets" is a flow, "Accumulated depreciation of property" a stock. What was paid, received,
    obtained, granted or vested in the period is a flow, whatever it names: "Lease assets obtained in
    exchange for new operating lease liabilities", "Weighted average fair value of options granted", "Cash
    paid for interest", "Maximum amount outstanding during the period", "Effect of exchange rate changes on
    cash and cash equivalents"."""
    if FLOW_VERB_RE.search(label):
        return "flow"
    if is_stock_row(label) or ACCUMULATED_RE.match(label):
        return "stock"
    if is_flow_row(label):
        return "flow"
    head = HEAD_END_RE.split(label, maxsplit=1)
    if len(head) == 1:
        return None
    return "stock" if is_stock_row(head[0]) else "flow" if is_flow_row(head[0]) else None


def is_stock_row(label: str) -> bool:
    return bool(STOCK_ROW_RE.search(label)) and not _FLOW_ROW_RE.search(label)


def is_flow_row(label: str) -> bool:
    return bool(_FLOW_ROW_RE.search(label)) and not STOCK_ROW_RE.search(label)


# A column of the change between two periods: "Change 2017 vs. 2016", "% Change", "Variance".
CHANGE_COLUMN_RE = re.compile(r"\bchange\b|\bvs\.|\bversus\b|\bvariance\b", re.IGNORECASE)
