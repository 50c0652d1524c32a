"""Read-side queries over what has been ingested: filings and their numeric cells."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from filingproof.db.models import Cell, Filing, Table, XbrlFact


class FilingNotFoundError(LookupError):
    pass


@dataclass(frozen=True, slots=True)
class CellRecord:
    id: int
    page_no: int
    table_index: int
    row: int
    col: int
    text: str
    value: Decimal
    unit: str
    row_label: str
    row_path: list[str]
    column_label: str
    period_kind: str | None
    period_start: date | None
    period_end: date | None
    concept: str | None
    fact_period_start: date | None
    fact_period_end: date | None
    box: tuple[float, float, float, float] | None


async def list_filings(session: AsyncSession) -> list[Filing]:
    result = await session.execute(select(Filing).order_by(Filing.ticker, Filing.period_end, Filing.form))
    return list(result.scalars())


async def resolve_filing(session: AsyncSession, key: str) -> Filing:
    """A filing by the id or the accession that `filingproof filings` prints."""
    key = key.strip()
    query = (
        select(Filing).where(Filing.id == int(key))
        if key.isdigit()
        else select(Filing).where(Filing.accession == key)
    )
    filing = (await session.execute(query)).scalar_one_or_none()
    if filing is None:
        raise FilingNotFoundError(
            f"no ingested filing with id or accession {key!r} (see `filingproof filings`)"
        )
    return filing


async def numeric_cells(session: AsyncSession, filing_id: int) -> list[CellRecord]:
    fact = aliased(XbrlFact)
    query = (
        select(Cell, Table.table_index, fact.period_start, fact.period_end)
        .join(Table, Table.id == Cell.table_id)
        .outerjoin(fact, fact.cell_id == Cell.id)
        .where(Cell.filing_id == filing_id)
        .order_by(Cell.page_no, Table.table_index, Cell.row, Cell.col)
    )
    records: list[CellRecord] = []
    seen: set[int] = set()
    for cell, table_index, fact_start, fact_end in (await session.execute(query)).all():
        if cell.id in seen:  # a cell tagged by two facts (duplicates) is listed once
            continue
        seen.add(cell.id)
        records.append(
            CellRecord(
                id=cell.id,
                page_no=cell.page_no,
                table_index=table_index,
                row=cell.row,
                col=cell.col,
                text=cell.text,
                value=cell.value,
                unit=cell.unit,
                row_label=cell.row_label,
                row_path=list(cell.row_path),
                column_label=cell.column_label,
                period_kind=cell.period_kind,
                period_start=cell.period_start,
                period_end=cell.period_end,
                concept=cell.concept,
                fact_period_start=fact_start,
                fact_period_end=fact_end,
                box=cell.box,
            )
        )
    return records
