"""Finding the cell of each metric input: a line item of one company at one fiscal year, or over the part of
a year a question asks for ("the six months ended June 30, 2023": `qa.periods.target_for`).

The year's end comes from the company's filings (`qa.periods.fiscal_year_end`); a balance is the instant
at that end, a flow the year that ends there. Cells are matched by row label (`metrics.items`), in tables
recognised as the statement the input is read from (a cash-flow statement has operating/investing
activities rows, a balance sheet total assets or liabilities, an income statement net income and earnings
per share or income before taxes; an MD&A summary of revenue and operating profit is none of them).

Only cells of that statement count. Preference: a row with one cell for the period (not a consolidating
breakdown), a column that names only its period (not a note's restated or segment columns), a tagged line
(not an untagged MD&A table's figure of a similar name), the most preferred row label, the filing whose own
year it is (else the latest filing that prints the year as a comparative, so FY2016 balances come from the
FY2017 10-K), the larger table (the statement, not an MD&A summary of its lines), then document order. A
year no ingested filing prints is reported missing; nothing is extrapolated.
"""

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import COUNTED_END_SLACK, YEAR_DAYS
from filingproof.metrics.items import INPUTS_BY_KEY, InputItem, Statement
from filingproof.qa.periods import Target, fiscal_year_end, target_for
from filingproof.qa.store import CellHit, cells_near
from filingproof.understanding import FilingRef, QueryUnderstanding
from filingproof.verify.expression import Ref
from filingproof.verify.items import column_words

_STATEMENT_ROWS = """
SELECT c.table_id,
       bool_or(c.row_label ~* '(operating|investing|financing)\\s+activities') AS cash_flow,
       bool_or(c.row_label ~* '^\\s*total\\s+(assets|liabilities|current\\s+(assets|liabilities)|equity)\\M'
               OR c.row_label ~* '(share|stock)(holders|owners).?\\s+equity') AS balance_sheet,
       bool_or(c.row_label ~* 'net\\s+(income|earnings|loss)') AS net_income,
       bool_or(c.row_label ~* '(per\\s+(common\\s+)?share|income\\s+before|^\\s*(basic|diluted)\\M)'
               OR c.row_label ~* 'before\\s+(provision\\s+for\\s+)?income\\s+tax') AS below_the_line,
       count(DISTINCT c.row) AS rows
FROM cells c WHERE c.table_id = ANY(CAST(:tables AS integer[])) GROUP BY c.table_id
"""
_TABLE_OF = "SELECT id, table_id FROM cells WHERE id = ANY(CAST(:cells AS integer[]))"
# a cell's row path, and that of the nearest row above it in its table (the section a blank total closes)
_ROW_PATH = """
SELECT c.id, c.row_path,
       (SELECT p.row_path FROM cells p WHERE p.table_id = c.table_id AND p.row < c.row
        ORDER BY p.row DESC LIMIT 1) AS above
FROM cells c WHERE c.id = ANY(CAST(:cells AS integer[]))
"""


@dataclass(frozen=True)
class Found:
    ref: Ref
    item: InputItem
    target: Target
    cell: CellHit
    label: str  # the row as read: its label, or the total of the section a blank label closes


@dataclass(frozen=True)
class Missing:
    ref: Ref
    reason: str


def target_of(item: InputItem, filings: list[FilingRef], year: int) -> Target | None:
    """The period of `item` in fiscal `year`: the balance at the year's end, or the year's flow."""
    end = fiscal_year_end(filings, year)
    if end is None:
        return None
    if item.nature == "instant":
        return Target("instant", end, None, year)
    return Target("duration", end, YEAR_DAYS, year)


class Resolver:
    """Cells of one company's filings, read once per period end and shared by a metric's inputs."""

    def __init__(
        self,
        session: AsyncSession,
        ticker: str,
        filings: list[FilingRef],
        allowed: Collection[int] | None,
        within: QueryUnderstanding | None = None,
    ) -> None:
        """`allowed`: the filings a request is restricted to (None: every filing of the company); `within`:
        a question asking for part of a year, whose period every input is read at (None: fiscal years)."""
        self._session = session
        self._within = within
        self._ticker = ticker
        self._filings = [f for f in filings if allowed is None or f.filing_id in allowed] or filings
        self._allowed = None if allowed is None else frozenset(allowed)
        self._near: dict[date, list[CellHit]] = {}
        self._statements: dict[int, Statement | None] = {}
        self._sizes: dict[int, int] = {}  # rows of each table
        self._tables: dict[int, int] = {}

    def target(self, ref: Ref) -> Target | None:
        item = INPUTS_BY_KEY[ref.item]
        if self._within is not None:
            return target_for(self._within, self._filings, item.nature)
        return target_of(item, self._filings, ref.year)

    def period_words(self, ref: Ref) -> str:
        """The period an input is read at, in words: "fiscal 2023", "the six months ended June 30, 2023"."""
        target = self.target(ref) if self._within is not None else None
        return target.words() if target is not None else f"fiscal {ref.year}"

    async def find(self, ref: Ref) -> Found | Missing:
        item = INPUTS_BY_KEY[ref.item]
        target = self.target(ref)
        if target is None:
            return Missing(ref, f"no ingested {self._ticker} filing dates {self.period_words(ref)}")
        in_period = [
            cell
            for cell in await self._cells_near(target.end)
            if (self._allowed is None or cell.filing_id in self._allowed)
            and target.matches(cell.instant, cell.period_start, cell.period_end)
            and not in_its_label(cell)
            and not of_discontinued_operations(cell)
        ]
        labels = await self._labels(in_period)
        candidates = [
            (rank, cell) for cell in in_period if (rank := item.row_rank(labels[cell.cell_id])) is not None
        ]
        await self._classify([cell for _, cell in candidates])
        # only the statement the input is read from: a line of a segment table or an MD&A summary is
        # another figure of the same name
        candidates = [
            (rank, cell)
            for rank, cell in candidates
            if self._statements.get(self._tables[cell.cell_id]) == item.statement
        ]
        if not candidates:
            at = item.nature == "instant"
            if self._within is None:
                when = f"{'at' if at else 'for the year ended'} {target.end.isoformat()}"
            else:
                when = f"{'at' if at else 'for'} {target.words()}"
            statement = item.statement.replace("_", " ")
            return Missing(ref, f"no ingested filing's {statement} prints it {when}")
        # A row with several cells of the one period is a breakdown (a consolidating statement's parent,
        # guarantor and eliminations columns; quarters read as years), not the line itself.
        rows = Counter(self._row_key(cell) for _, cell in candidates)
        best = min(candidates, key=lambda found: self._preference(target, rows, *found))[1]
        return Found(ref, item, target, best, labels[best.cell_id])

    async def _labels(self, cells: Sequence[CellHit]) -> dict[int, str]:
        """Each cell's row label; a blank one under a heading is that section's total ("Revenues", then
        a line with no label: "Total Revenues", as MGM's income statement prints it). Its heading is the
        last of its row path, else the section of the line just above it (a total that closes its section
        may be read with no path)."""
        labels = {cell.cell_id: cell.row_label.strip() for cell in cells}
        blank = [cell_id for cell_id, label in labels.items() if not label]
        if blank:
            rows = await self._session.execute(text(_ROW_PATH), {"cells": blank})
            for row in rows:
                path = [part for part in row.row_path or () if part.strip()]
                above = [part for part in row.above or () if part.strip()]
                heading = path[-1] if path else above[-2] if len(above) >= 2 else ""
                labels[row.id] = f"Total {heading.lower()}" if heading else ""
        return labels

    def _row_key(self, cell: CellHit) -> tuple[int, str, date | None, date]:
        return (self._tables.get(cell.cell_id, -1), cell.row_label, cell.period_start, cell.period_end)

    def _preference(
        self, target: Target, rows: Counter[tuple[int, str, date | None, date]], rank: int, cell: CellHit
    ) -> tuple[int, ...]:
        table = self._tables.get(cell.cell_id, -1)
        own = target.ends_near(cell.filing_period_end)
        return (
            0 if rows[self._row_key(cell)] == 1 else 1,
            # a column that names only its period: the statement's own, not a restated or segment breakdown
            # of it in the notes ("previously reported segment information … Year Ended December 31, 2018")
            1 if column_words(cell.column_label) else 0,
            # a tagged line before an untagged one: the statement the filer tags, not an MD&A table printing
            # a neighbouring figure under its own name (IBM's "Capital expenditures, net", which nets in
            # software and the proceeds of disposals, beside the statement's "Payments for property, plant
            # and equipment")
            0 if cell.concept else 1,
            rank,
            0 if own else 1,
            -cell.filing_period_end.toordinal(),
            -self._sizes.get(table, 0),  # the statement itself, not a summary of a few of its lines
            cell.page_no,
            cell.cell_id,
        )

    async def _cells_near(self, end: date) -> list[CellHit]:
        if end not in self._near:
            self._near[end] = await cells_near(
                self._session, self._ticker, end, ["USD"], COUNTED_END_SLACK + timedelta(days=1)
            )
        return self._near[end]

    async def _classify(self, cells: Sequence[CellHit]) -> None:
        unknown = [cell.cell_id for cell in cells if cell.cell_id not in self._tables]
        if unknown:
            rows = await self._session.execute(text(_TABLE_OF), {"cells": unknown})
            self._tables.update({row.id: row.table_id for row in rows})
        tables = sorted({self._tables[cell.cell_id] for cell in cells} - set(self._statements))
        if not tables:
            return
        for row in await self._session.execute(text(_STATEMENT_ROWS), {"tables": tables}):
            income = row.net_income and row.below_the_line  # a summary with operating profit is not one
            self._statements[row.table_id] = _statement(row.cash_flow, row.balance_sheet, income)
            self._sizes[row.table_id] = row.rows


def of_discontinued_operations(cell: CellHit) -> bool:
    """Whether the cell is tagged as discontinued operations' ("Net cash used in operating activities" under
    RTX's "Discontinued Operations", printed in the words of the company's own line): never an input."""
    return cell.concept is not None and "DiscontinuedOperation" in cell.concept


def in_its_label(cell: CellHit) -> bool:
    """Whether the cell is a number printed inside its own row's label ("Accounts receivable — net of
    allowances of $95 and $103": the allowances), not the line's value."""
    printed = cell.text.strip()
    return (
        bool(printed)
        and re.search(rf"(?<![\w.,]){re.escape(printed)}(?![\w,]|\.\d)", cell.row_label) is not None
    )


def _statement(cash_flow: bool, balance_sheet: bool, income_statement: bool) -> Statement | None:
    if cash_flow:
        return "cash_flow"
    if balance_sheet:
        return "balance_sheet"
    return "income_statement" if income_statement else None
