"""One cell's question to the period rules (`CellContext`), the answer (`CellPeriod`), and the two guards
that put a rule in the chain of cells under a dated column or in the chain of cells under none.
"""

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING

from filingproof.ingest.parse.periods import DocumentPeriod, Period, months_before
from filingproof.ingest.parse.periods.words import row_kind

if TYPE_CHECKING:
    from filingproof.ingest.parse.periods.table import TablePeriods


@dataclass(frozen=True, slots=True)
class CellPeriod:
    period: Period
    rule: str  # the name of the rule of its chain (`registry`) that gave it


@dataclass(frozen=True, slots=True)
class CellContext:
    """One cell's question to the rules: its row, what its column names, and the table around it."""

    table: "TablePeriods"
    row: int
    label: str  # the row's label, without a footnote mark
    column: Period | None  # what the column names, or the date heading the table's block stands for it
    printed_column: Period | None  # what the column header alone names
    column_label: str
    inline: bool  # a figure written inside a text cell
    path: Sequence[str]  # the headings above the row, then its label
    dated: date | None  # the date the row label names as its own (`row_date`)
    balance_row: bool  # an opening or closing balance: "Balance at end of year", "Outstanding on …"

    @property
    def document(self) -> DocumentPeriod:
        return self.table.document

    @property
    def document_end(self) -> date:
        """The report date: what the table says it is "as of", else the document's period end."""
        return self.table.as_of or self.table.document.period_end

    @property
    def kind(self) -> str | None:
        """ "stock" or "flow", from the row's own label first, then its headings."""
        return row_kind([self.label, *reversed(self.path[:-1])])

    @property
    def document_flow(self) -> Period:
        """The period the table's introduction names, else the table's usual length up to the report date."""
        return self.table.caption_period or self.flow_to(self.document_end)

    def flow_to(self, end: date, months: int | None = None) -> Period:
        """The flow of the table's usual length (a year; a quarter in a 10-Q) or `months`, up to `end`."""
        return Period("duration", months_before(end, months or self.table.months), end)


def instant(day: date) -> Period:
    return Period("instant", None, day)


def day_before(day: date) -> Period:
    return Period("instant", None, day - timedelta(days=1))


PeriodRule = Callable[[CellContext], Period | None]


def under_a_column(rule: Callable[[CellContext, Period], Period | None]) -> PeriodRule:
    """A rule for the cells whose column names a period; it passes over the others."""

    @functools.wraps(rule)
    def applied(cell: CellContext) -> Period | None:
        return None if cell.column is None else rule(cell, cell.column)

    return applied


def without_a_column(rule: PeriodRule) -> PeriodRule:
    """A rule for the cells whose column names no period."""

    @functools.wraps(rule)
    def applied(cell: CellContext) -> Period | None:
        return None if cell.column is not None else rule(cell)

    return applied
