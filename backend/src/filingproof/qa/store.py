"""Reading candidate cells: tagged facts linked to cells, and cells by period for the row-label fallback."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import fiscal_year_of, naming_shift
from filingproof.db.models import Box, drawn_box
from filingproof.verify import CitedValue, as_unit
from filingproof.verify.cells import PeriodRef


@dataclass(frozen=True)
class CellHit:
    """A numeric cell with the filing and page it sits on, and the fact it is tagged with (if any)."""

    cell_id: int
    fact_id: int | None
    concept: str | None
    dimensions: dict[str, str]
    text: str
    value: Decimal
    unit: str
    display_scale: int
    row_label: str
    column_label: str
    instant: bool
    period_start: date | None
    period_end: date
    page_no: int
    page_label: str | None
    box: Box | None
    table_title: str | None
    filing_id: int
    accession: str | None
    ticker: str
    form: str
    filing_period_end: date
    fiscal_year: int | None
    fiscal_period: str | None
    # where the cell stands in its table: (table id, row, column); what a line's printed parts are read by
    position: tuple[int, int, int] | None = None

    def cited(self) -> CitedValue:
        return CitedValue(
            self.cell_id,
            self.value,
            as_unit(self.unit),
            self.display_scale,
            "instant" if self.instant else "duration",
            None if self.instant else self.period_start,
            self.period_end,
            self.year_shift,
        )

    @property
    def year_shift(self) -> int:
        """How the filer names its fiscal years, from its filing's own year (`calendar.naming_shift`)."""
        return naming_shift(self.form, self.filing_period_end, self.fiscal_year, self.fiscal_period)

    def named_year(self, end: date) -> int:
        """The filer's name for the fiscal year a period ending on `end` is in."""
        return fiscal_year_of(end) + self.year_shift

    @property
    def period(self) -> PeriodRef:
        return self.cited().period


_SELECT = """
SELECT c.id AS cell_id, {fact_cols}, c.text, {value_col} AS value, c.unit, c.scale AS display_scale,
       c.row_label, c.column_label, {period_cols}, c.page_no, p.label AS page_label, c.x0, c.y0, c.x1, c.y1,
       t.title AS table_title, f.id AS filing_id, f.accession, f.ticker, f.form,
       f.period_end AS filing_period_end, f.fiscal_year, f.fiscal_period, c.table_id, c.row AS row_no,
       c.col AS col_no
FROM cells c
JOIN tables t ON t.id = c.table_id
JOIN filings f ON f.id = c.filing_id
JOIN pages p ON p.filing_id = c.filing_id AND p.page_no = c.page_no
{join}
-- A cell its own XBRL tag contradicts (`ingest.parse.tags`) is never cited, in either value.
WHERE c.tag_conflict IS NULL AND {where}
"""

_FACTS = (
    _SELECT.format(
        fact_cols="x.id AS fact_id, x.concept, x.dimensions",
        # The fact's value, not the cell's: its sign is the concept's meaning ("(11,339)" printed in a
        # cash-flow statement is a payment of 11,339 for PaymentsToAcquirePropertyPlantAndEquipment).
        value_col="x.value",
        period_cols="x.instant, x.period_start, x.period_end",
        join="JOIN xbrl_facts x ON x.cell_id = c.id",
        where="""f.ticker = ANY(CAST(:tickers AS text[])) AND x.concept = ANY(CAST(:concepts AS text[]))
  AND x.value IS NOT NULL AND c.unit <> 'number'""",
    )
    + "ORDER BY x.id"
)

_BY_PERIOD = (
    _SELECT.format(
        fact_cols="NULL AS fact_id, c.concept, NULL AS dimensions",
        value_col="c.value",
        period_cols="c.period_kind = 'instant' AS instant, c.period_start, c.period_end",
        join="",
        where="""f.ticker = :ticker AND c.period_end BETWEEN :low AND :high
  AND c.unit = ANY(CAST(:units AS text[]))""",
    )
    + "ORDER BY c.id"
)


def hit_of(row: Any, positioned: bool = True) -> CellHit:
    return CellHit(
        cell_id=row.cell_id,
        fact_id=row.fact_id,
        concept=row.concept,
        dimensions=dict(row.dimensions or {}),
        text=row.text,
        value=row.value,
        unit=row.unit,
        display_scale=row.display_scale,
        row_label=row.row_label,
        column_label=row.column_label,
        instant=bool(row.instant),
        period_start=row.period_start,
        period_end=row.period_end,
        page_no=row.page_no,
        page_label=row.page_label,
        box=drawn_box(row.x0, row.y0, row.x1, row.y1),
        table_title=row.table_title,
        filing_id=row.filing_id,
        accession=row.accession,
        ticker=row.ticker,
        form=row.form,
        filing_period_end=row.filing_period_end,
        fiscal_year=row.fiscal_year,
        fiscal_period=row.fiscal_period,
        # a company's vocabulary reads no position: it holds every cell of the company, and a position
        # apiece would weigh on memory
        position=(row.table_id, row.row_no, row.col_no) if positioned else None,
    )


async def tagged_cells(
    session: AsyncSession, tickers: Sequence[str], concepts: Sequence[str]
) -> list[CellHit]:
    """Cells linked to a fact of one of `concepts`, in the companies' filings, in document order."""
    rows = await session.execute(text(_FACTS), {"tickers": list(tickers), "concepts": list(concepts)})
    return [hit_of(row) for row in rows]


async def cells_near(
    session: AsyncSession, ticker: str, end: date, units: Sequence[str], tolerance: timedelta
) -> list[CellHit]:
    """Cells of the company's filings whose period ends within `tolerance` of `end`."""
    rows = await session.execute(
        text(_BY_PERIOD),
        {"ticker": ticker, "low": end - tolerance, "high": end + tolerance, "units": list(units)},
    )
    return [hit_of(row) for row in rows if row.period_end is not None]


def _dated_cells(where: str) -> str:
    """The query of the dated cells `where` says, as printed (no fact joined), in document order."""
    return (
        _SELECT.format(
            fact_cols="NULL AS fact_id, c.concept, NULL AS dimensions",
            value_col="c.value",
            period_cols="c.period_kind = 'instant' AS instant, c.period_start, c.period_end",
            join="",
            where=f"{where} AND c.period_end IS NOT NULL",
        )
        + "ORDER BY c.id"
    )


async def table_cells(session: AsyncSession, table_ids: Sequence[int]) -> list[CellHit]:
    """Every dated numeric cell of the tables, in document order."""
    query = _dated_cells("c.table_id = ANY(CAST(:tables AS int[]))")
    rows = await session.execute(text(query), {"tables": list(table_ids)})
    return [hit_of(row) for row in rows]


async def page_cells(session: AsyncSession, filing_id: int, page_no: int) -> list[CellHit]:
    """Every dated numeric cell of one page (what an extractive quote from that page may cite)."""
    query = _dated_cells("c.filing_id = :filing AND c.page_no = :page")
    rows = await session.execute(text(query), {"filing": filing_id, "page": page_no})
    return [hit_of(row) for row in rows]
