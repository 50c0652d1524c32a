"""What a table's columns name as periods, beyond what each header prints: a date over columns that break it
down ("December 31, 2023" then "Level 1", "Level 2"), undated columns between two dated balances (the flows
between them), and the years of origination that date loans rather than figures.
"""

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import timedelta

from filingproof.calendar import LONG_DATE_PATTERN
from filingproof.ingest.parse.numbers import PARENTHETICAL_RE
from filingproof.ingest.parse.periods import LONG_DATE_RE, Period

# Columns by the year loans were made ("Year of Origination 2021", "Amortized Cost Basis by Origination
# Year"): balances at the report date, whatever year they print.
ORIGINATION_RE = re.compile(r"originat|vintage", re.IGNORECASE)


# A year that names a plan, not a period: "FISCAL 2024 PLAN", "FISCAL 2023 AND PRIOR PLANS" over the
# columns of a restructuring liability's roll-forward, its rows dated by their balances (CSCO 2024 10-K).
PLAN_NAME_RE = re.compile(
    r"\b(?:fiscal\s+)?(?:19|20)\d{2}(?:\s+and\s+prior)?\s+(?:restructuring\s+)?"
    r"(?:plans?|programs?|initiatives?)\b",
    re.IGNORECASE,
)


# A column that prints a year alone, or the date a fiscal year ended: "2021", "Fiscal Year July 31, 2021".
_VINTAGE_COLUMN_RE = re.compile(
    rf"^(?:fiscal\s+(?:year\s+)?)?(?:(?:19|20)\d{{2}}|{LONG_DATE_PATTERN})$", re.IGNORECASE
)


def origination_columns(labels: list[str], by_origination: bool) -> list[bool]:
    """Which columns of a table sorted by the year loans were made print that year, not the period of their
    figures: three or more years or fiscal year ends alone ("Current | 2022 | 2021 | 2020 | 2019 | Prior", BA
    2023 10-K; "Prior | Fiscal Year July 25, 2020" … under "July 27, 2024", CSCO 2024 10-K). Their figures
    are balances at the report date (or flows of the section's period: gross write-offs). A table that
    continues one without its introduction shows it by its "Prior" column, the loans made before them."""
    by_origination = by_origination or any(label.strip().lower() == "prior" for label in labels)
    vintages = [by_origination and bool(_VINTAGE_COLUMN_RE.match(label.strip())) for label in labels]
    return vintages if sum(vintages) >= 3 else [False] * len(labels)


_BALANCE_COLUMN_RE = re.compile(r"\bbalance|\bbeginning\b|\bend(?:ing)? of\b", re.IGNORECASE)


def _names_a_balance(label: str) -> bool:
    """A column of balances: "Balance, Beginning 2022", or a date alone: "December 31, 2022 (in
    millions)"."""
    return bool(_BALANCE_COLUMN_RE.search(label)) or not _measure(label)


def _measure(label: str) -> str:
    """What a column label names without its dates and parentheticals: "December 31, 2023 Carrying Value
    (in millions)" → "Carrying Value"."""
    return LONG_DATE_RE.sub("", PARENTHETICAL_RE.sub("", label)).strip(" ,")


def flow_between_balance_columns(labels: list[str], periods: list[Period | None]) -> list[Period | None]:
    """A roll-forward across the columns: "Balance, Beginning 2022 | Acquisitions | Impairment | … |
    Balance, End of 2022", "December 31, 2022 | Increase/(Decrease) | Reclassifications | December 31,
    2023". The undated columns between two dated balances are the flows between them."""
    instants = [(c, p) for c, p in enumerate(periods) if p is not None and p.kind == "instant"]
    balances = [(c, p) for c, p in instants if _names_a_balance(labels[c])]
    # Also the same measure at two dates with columns between them: "Intangible Assets, Gross May 31, 2023
    # | Additions & Adjustments, net | Intangible Assets, Gross August 31, 2023" (ORCL Q1 2024 10-Q).
    same_measure = [
        pair for pair in itertools.pairwise(instants) if _same_measure(labels[pair[0][0]], labels[pair[1][0]])
    ]
    filled = list(periods)
    for (left, opening), (right, closing) in [*itertools.pairwise(balances), *same_measure]:
        if closing.end <= opening.end:
            continue
        for c in range(left + 1, right):
            if filled[c] is None and labels[c]:
                filled[c] = Period("duration", opening.end + timedelta(days=1), closing.end)
    return filled


# A column of what changed: "Increase / (Decrease)", "Change" (not a percentage of it).
_CHANGE_COLUMN_RE = re.compile(r"\bincrease\b|\bdecrease\b|\bchange\b", re.IGNORECASE)


# A column of balances by its words: "At June 30, 2023", "As of December 31, 2022".
_AT_A_DAY_RE = re.compile(r"\b(?:as of|at)\b", re.IGNORECASE)


def change_beside_two_balances(labels: list[str], periods: list[Period | None]) -> list[Period | None]:
    """The change between two balances printed beside them is the flow from the one's day to the other's:
    "At June 30, 2023 | At December 31, 2022 | Increase / (Decrease)" (VZ Q2 2023 10-Q, cash, cash
    equivalents and restricted cash) → the six months to 2023-06-30. Only two balances "at" their days,
    and an undated column that names a change in figures (not "%")."""
    balances = [
        p
        for c, p in enumerate(periods)
        if p is not None and p.kind == "instant" and _AT_A_DAY_RE.search(labels[c])
    ]
    if len(balances) != 2 or len(balances) != sum(p is not None for p in periods):
        return periods
    first, last = sorted(p.end for p in balances)
    if first == last:
        return periods
    change = Period("duration", first + timedelta(days=1), last)
    return [
        change if p is None and _CHANGE_COLUMN_RE.search(label) and "%" not in label else p
        for label, p in zip(labels, periods, strict=True)
    ]


def _same_measure(left: str, right: str) -> bool:
    """Two column labels that name the same measure once their dates are left out: "January 1, 2023 Carrying
    Value" and "December 31, 2023 Carrying Value"."""
    measure = _measure(left)
    return bool(measure) and measure == _measure(right)


def one_date_for_all_columns(labels: list[str], periods: list[Period | None]) -> list[Period | None]:
    """Where every dated column names the same period, the undated ones break it down: "December 31,
    2023" then "Level 1", "Level 2" (fair value at that reporting date), or "2024" then "% of total"."""
    named = {period for period in periods if period is not None}
    if len(named) != 1:
        return periods
    (only,) = named
    return [only] * len(periods)


# A column inference: the columns' labels and the periods known so far → the periods, some undated ones dated.
ColumnInference = Callable[[list[str], list[Period | None]], list[Period | None]]


@dataclass(frozen=True, slots=True)
class ColumnPeriods:
    """The periods of a header row's columns, and which inference dated each one its header leaves undated."""

    periods: list[Period | None]
    inferred: list[
        str | None
    ]  # the name of the inference that dated the column; None: as printed, or undated

    def moved_by(self, inference: ColumnInference) -> bool:
        """Did `inference` date a column?"""
        return inference.__name__ in self.inferred


def infer_column_periods(
    labels: list[str], printed: list[Period | None], inferences: Sequence[ColumnInference]
) -> ColumnPeriods:
    """The periods `inferences`, in order, give the columns whose header names none."""
    periods: list[Period | None] = list(printed)
    inferred: list[str | None] = [None] * len(printed)
    for inference in inferences:
        after = inference(labels, periods)
        for c, (before, now) in enumerate(zip(periods, after, strict=True)):
            if before is None and now is not None:
                inferred[c] = inference.__name__
        periods = after
    return ColumnPeriods(periods, inferred)
