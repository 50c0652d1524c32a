"""How a table's rows are laid out in time: the blocks and movements of a roll-forward, its closing lines, the
days its rows print, the date in the stub of its header rows.
"""

import re
from collections.abc import Sequence
from datetime import date

from filingproof.calendar import MONTH_NAME_PATTERN, parse_long_date
from filingproof.ingest.parse.numbers import PARENTHETICAL_RE, YEAR_IN_RE
from filingproof.ingest.parse.periods import (
    LONG_DATE_RE,
    DocumentPeriod,
    Period,
    months_in,
    parse_column_period,
)
from filingproof.ingest.parse.periods.words import (
    ACCUMULATED_RE,
    BALANCE_ROW_RE,
    BEGINNING_RE,
    DATE_ALONE_RE,
    DATE_HEADING_RE,
    END_RE,
    ROW_YEAR_RE,
    is_stock_row,
    label_kind,
)

_DUE_BEFORE_RE = re.compile(
    r"\b(?:due|matur(?:es|ing|ity)|expir(?:es|ing))\s*(?:on\s+|in\s+)?$", re.IGNORECASE
)


def year_to_date_months(document: DocumentPeriod) -> int:
    """How many months of its fiscal year a document covers: 6 for a second-quarter 10-Q."""
    focus = (document.fiscal_period or "").upper()
    if re.fullmatch(r"Q[1-3]", focus):
        return 3 * int(focus[1])
    return 3 if document.quarterly and focus != "FY" else 12


def names_a_day(label: str) -> bool:
    """A label that names a month and a year: "January 1 - 31, 2023"."""
    return bool(re.search(MONTH_NAME_PATTERN, label, re.IGNORECASE) and YEAR_IN_RE.search(label))


def rows_are_days(row_labels: Sequence[str], headings: frozenset[int]) -> bool:
    """Two or more rows with figures, each labelled with a day alone ("July 27, 2024")."""
    labels = [label.strip() for row, label in enumerate(row_labels) if row not in headings and label.strip()]
    return len(labels) >= 2 and all(DATE_ALONE_RE.match(label) for label in labels)


def dated_balance(heading: str) -> bool:
    """A heading that names a balance and its date: "Balance, December 31, 2022"; not a date alone (a
    section, `observe_heading`, or the columns' date, `header_stub_period`), nor a period ("As of and for
    the Fiscal Year Ended February 3, 2024")."""
    heading = heading.strip()
    return (
        bool(BALANCE_ROW_RE.search(heading))
        and not DATE_HEADING_RE.match(heading)
        and not months_in(heading)
        and row_date(heading) is not None
    )


def header_stub_period(
    row_labels: Sequence[str], headings: frozenset[int], document: DocumentPeriod
) -> Period | None:
    """The one period the stub of a table's leading heading rows names: "July 29, 2023" over "Fair Value |
    Gross Unrealized Losses" (CSCO 2024 10-K, unrealized losses) → instant 2023-07-29; a year alone, the
    end of that fiscal year (or the report date, in its own year): "2022 (Millions)" over "Current | 30-59
    Days Past Due" (AXP Q3 2023 10-Q, loan aging) → 2022-12-31."""
    named: list[Period] = []
    for row, label in enumerate(row_labels):
        if row not in headings:
            break
        if DATE_HEADING_RE.match(label.strip()) and (dated := parse_long_date(label)) is not None:
            named.append(Period("instant", None, dated))
        elif (year_end := _stub_year_end(label, document)) is not None:
            named.append(Period("instant", None, year_end, assumed=True))
        elif (
            months_in(label)
            and parse_long_date(label) is not None
            and (period := parse_column_period(label, document)) is not None
        ):
            named.append(period)
    return named[0] if len(named) == 1 else None


def _stub_year_end(label: str, document: DocumentPeriod) -> date | None:
    """The end of the fiscal year a stub prints alone ("2022 (Millions)"): the report date in the
    document's own year, else that year's last day by the document's fiscal calendar."""
    year = ROW_YEAR_RE.match(PARENTHETICAL_RE.sub("", label).strip())
    if year is None:
        return None
    if int(year[1]) == document.own_year:
        return document.period_end
    last_quarter = document.quarter(4, int(year[1]))
    return last_quarter.end if last_quarter is not None else None


def row_date(label: str) -> date | None:
    """The date a row label names as its own ("Balance at December 31, 2023", "Shares at December 31, 2022:
    394,787,951"), not one inside a description ("… as of December 31, 2024 and 2023, respectively; 4,141
    million …", "… as of December 31, 2024 and December 31, 2023, respectively"), nor the date a debt falls
    due ("0.797% 2-Year Senior Notes, Due 10/18/2023")."""
    found = [m for m in LONG_DATE_RE.finditer(label) if not _DUE_BEFORE_RE.search(label, 0, m.start())]
    tail = label[found[-1].end() :] if found else ""
    states_its_figure = tail.lstrip().startswith(":")  # "…, 2022: 394,787,951"
    if len(found) != 1 or (re.search(r"\d", tail) and not states_its_figure):
        return None
    return parse_long_date(found[-1][0])


def movement_rows(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """The rows that move a roll-forward's balance: flows, whatever their words ("Participant
    contributions", "Divestitures"). They follow an opening balance, up to the next balance, heading or
    total of a balance ("Total Equity Attributable to Noncontrolling Interests")."""
    moving: set[int] = set()
    is_open = False
    for row, label in enumerate(row_labels):
        if BALANCE_ROW_RE.search(label):
            is_open = bool(BEGINNING_RE.search(label))
        elif row in headings or (label.lower().startswith("total") and is_stock_row(label)):
            is_open = False
        elif is_open:
            moving.add(row)
    return frozenset(moving)


def closing_lines(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """Where two or more blocks open with a beginning balance: the line before each later opening, when no
    balance words of its own close the block before it."""
    openings = [
        row
        for row, label in enumerate(row_labels)
        if BALANCE_ROW_RE.search(label) and BEGINNING_RE.search(label)
    ]
    if len(openings) < 2:
        return frozenset()
    lines = [row for row, label in enumerate(row_labels) if label and row not in headings]
    closing = _lines_before(lines, openings[1:], row_labels, openings[0])
    # Where the blocks close on such lines, the last one does too, on the line before the first balance
    # after it ("Common stock held in treasury" above "GE shareholders' equity balance", GE 2023 10-K).
    after_last = [r for r in lines if r > openings[-1] and BALANCE_ROW_RE.search(row_labels[r])]
    # (Not where the block closes on its own balance: "Balance, end of year".)
    if after_last and (END_RE.search(row_labels[after_last[0]]) or row_date(row_labels[after_last[0]])):
        after_last = []
    if closing and after_last:
        closing |= _lines_before(lines, after_last[:1], row_labels, openings[0])
    return frozenset(closing)


def _lines_before(
    lines: Sequence[int], rows: Sequence[int], row_labels: Sequence[str], first: int
) -> set[int]:
    """The line just before each of `rows`, after `first`, where it names no balance of its own."""
    before = {max((r for r in lines if r < row), default=-1) for row in rows}
    return {row for row in before if row > first and not BALANCE_ROW_RE.search(row_labels[row])}


def opening_parts(row_labels: Sequence[str], headings: frozenset[int], balance_rows: Sequence[int]) -> range:
    """The lines right above a roll-forward's opening balance that make it up, a gross amount less what has
    accumulated against it: "Goodwill" and "Accumulated impairment loss" above "Balance at beginning of
    period" (JCI 2024 10-K, goodwill by segment)."""
    opening = next((row for row in balance_rows if BEGINNING_RE.search(row_labels[row])), None)
    if opening is None:
        return range(0)
    first = opening
    while first > 0 and first - 1 not in headings and row_labels[first - 1]:
        first -= 1
    parts = range(first, opening)
    accumulated = any(ACCUMULATED_RE.match(row_labels[row]) for row in parts)
    return parts if len(parts) >= 2 and accumulated else range(0)


def between_blocks(row_labels: Sequence[str], headings: frozenset[int]) -> frozenset[int]:
    """Rows after one roll-forward block closes and before the next opens: balances, not movements."""
    between: set[int] = set()
    pending: list[int] = []
    closed = False
    for row, label in enumerate(row_labels):
        if row in headings:
            continue
        if BALANCE_ROW_RE.search(label):
            if BEGINNING_RE.search(label) and closed:
                between.update(pending)
            closed, pending = not BEGINNING_RE.search(label), []
        elif closed:
            pending.append(row)
    return frozenset(between)


_TOTAL_RE = re.compile(r"^total\b", re.IGNORECASE)


def total_kinds(row_labels: Sequence[str], headings: frozenset[int]) -> dict[int, str]:
    """The kind of the "Total …" line that closes each block of rows that name no kind of their own: "U.S.",
    "International Operated Markets" right above "Total assets" → "stock". (Not across a heading, a blank
    row or a row that names its kind, nor a total balance of a roll-forward: "Total accrued interest balance
    at December 31".)"""
    kinds: dict[int, str] = {}
    block: list[int] = []
    for row, label in enumerate(row_labels):
        kind = label_kind(label)
        if kind is None and label.strip() and row not in headings:
            block.append(row)
            continue
        if kind is not None and _TOTAL_RE.match(label.strip()) and not BALANCE_ROW_RE.search(label):
            kinds.update(dict.fromkeys(block, kind))
        block = []
    return kinds
