"""Read queries of the HTTP service (every parameter is bound; ids are integers)."""

from dataclasses import dataclass

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.api.schemas import Box, CellOut, FilingOut, PageOut, TableOut
from filingproof.db.models import Cell, Filing, Page, Table


@dataclass(frozen=True)
class FilingFilters:
    ticker: str | None = None
    form: str | None = None
    fiscal_year: int | None = None

    def apply(self, query: Select[tuple[Filing]]) -> Select[tuple[Filing]]:
        if self.ticker is not None:
            query = query.where(func.upper(Filing.ticker) == self.ticker.upper())
        if self.form is not None:
            query = query.where(func.upper(Filing.form) == self.form.upper())
        if self.fiscal_year is not None:
            query = query.where(Filing.fiscal_year == self.fiscal_year)
        return query


async def page_of_filings(
    session: AsyncSession, filters: FilingFilters, limit: int, offset: int
) -> tuple[list[FilingOut], int]:
    matching = filters.apply(select(Filing))
    total = (await session.execute(select(func.count()).select_from(matching.subquery()))).scalar_one()
    rows = await session.execute(
        matching.order_by(Filing.ticker, Filing.period_end, Filing.form, Filing.id)
        .limit(limit)
        .offset(offset)
    )
    return [FilingOut.model_validate(filing, from_attributes=True) for filing in rows.scalars()], total


async def filing_by_id(session: AsyncSession, filing_id: int) -> FilingOut | None:
    filing = await session.get(Filing, filing_id)
    return None if filing is None else FilingOut.model_validate(filing, from_attributes=True)


async def page_row(session: AsyncSession, filing_id: int, page_no: int) -> Page | None:
    query = select(Page).where(Page.filing_id == filing_id, Page.page_no == page_no)
    return (await session.execute(query)).scalar_one_or_none()


async def neighbour_pages(
    session: AsyncSession, filing_id: int, page_no: int
) -> tuple[int | None, int | None]:
    of_filing = select(Page.page_no).where(Page.filing_id == filing_id)
    previous = await session.execute(
        of_filing.where(Page.page_no < page_no).order_by(Page.page_no.desc()).limit(1)
    )
    following = await session.execute(of_filing.where(Page.page_no > page_no).order_by(Page.page_no).limit(1))
    return previous.scalar_one_or_none(), following.scalar_one_or_none()


def _cell_out(cell: Cell) -> CellOut:
    drawn = cell.box
    box = Box(x0=drawn[0], y0=drawn[1], x1=drawn[2], y1=drawn[3]) if drawn else None
    return CellOut(
        id=cell.id,
        row=cell.row,
        col=cell.col,
        text=cell.text,
        value=float(cell.value),
        unit=cell.unit,
        scale=cell.scale,
        row_label=cell.row_label,
        row_path=list(cell.row_path),
        column_label=cell.column_label,
        period_kind=cell.period_kind,
        period_start=cell.period_start,
        period_end=cell.period_end,
        concept=cell.concept,
        box=box,
    )


async def tables_on_page(session: AsyncSession, page: Page) -> list[TableOut]:
    tables = (
        await session.execute(select(Table).where(Table.page_id == page.id).order_by(Table.table_index))
    ).scalars()
    cells = (
        await session.execute(
            select(Cell)
            .join(Table, Table.id == Cell.table_id)
            .where(Table.page_id == page.id)
            .order_by(Cell.row, Cell.col)
        )
    ).scalars()
    cells_by_table: dict[int, list[CellOut]] = {}
    for cell in cells:
        cells_by_table.setdefault(cell.table_id, []).append(_cell_out(cell))
    return [
        TableOut(
            id=table.id,
            table_index=table.table_index,
            title=table.title,
            scale_text=table.scale_text,
            header_rows=table.header_rows,
            grid=table.grid,
            cells=cells_by_table.get(table.id, []),
        )
        for table in tables
    ]


async def page_out(session: AsyncSession, page: Page, image_url: str) -> PageOut:
    """A page as the API and the MCP server give it; `image_url` is used only when the page has an image."""
    previous_page, next_page = await neighbour_pages(session, page.filing_id, page.page_no)
    return PageOut(
        filing_id=page.filing_id,
        page_no=page.page_no,
        label=page.label,
        text=page.text,
        width=page.width,
        height=page.height,
        image_url=image_url if page.image_path else None,
        previous_page=previous_page,
        next_page=next_page,
        tables=await tables_on_page(session, page),
    )
