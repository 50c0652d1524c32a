"""Writing one parsed, rendered filing into the database (inside the caller's transaction)."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof import PARSER_VERSION
from filingproof.db.models import Cell, Company, Filing, Page, Table, XbrlFact
from filingproof.ingest.parse.document import ParsedDocument
from filingproof.ingest.metadata import CompleteMetadata
from filingproof.ingest.progress import StageProgress
from filingproof.ingest.render import Rendering


@dataclass(frozen=True, slots=True)
class StoredCounts:
    pages: int
    tables: int
    cells: int
    facts: int


async def upsert_company(session: AsyncSession, meta: CompleteMetadata) -> Company:
    company = (await session.execute(select(Company).where(Company.cik == meta.cik))).scalar_one_or_none()
    if company is None:
        company = Company(cik=meta.cik, ticker=meta.ticker, name=meta.company_name, aliases=[])
        session.add(company)
    elif meta.ticker and not company.ticker:
        company.ticker = meta.ticker
    await session.flush()
    return company


async def store_filing(
    session: AsyncSession,
    document: ParsedDocument,
    rendering: Rendering,
    meta: CompleteMetadata,
    sha256: str,
    source_name: str,
    image_prefix: str,
    progress: StageProgress,
) -> tuple[Filing, StoredCounts]:
    company = await upsert_company(session, meta)
    filing = Filing(
        accession=meta.accession,
        sha256=sha256,
        company_id=company.id,
        cik=meta.cik,
        ticker=meta.ticker or company.ticker,
        company_name=meta.company_name,
        form=meta.form,
        period_end=meta.period_end,
        fiscal_year=meta.fiscal_year,
        fiscal_period=meta.fiscal_period,
        fiscal_year_end=meta.fiscal_year_end,
        filed_at=meta.filed_at,
        source_url=meta.source_url,
        source_name=source_name,
        status="ready",
        degraded=document.degraded,
        parser_version=PARSER_VERSION,
    )
    session.add(filing)
    await session.flush()

    page_rows = [
        {
            "filing_id": filing.id,
            "page_no": layout.number,
            "label": layout.label,
            "text": layout.text,
            "image_path": f"{image_prefix}/{rendered.image.name}" if rendered.image else None,
            "width": rendered.width,
            "height": rendered.height,
        }
        for layout, rendered in zip(document.layout.pages, rendering.pages, strict=True)
    ]
    page_ids = await _insert_returning_ids(session, Page, page_rows)
    progress.advance(len(page_rows))

    table_keys: list[int] = []
    table_rows: list[dict[str, Any]] = []
    for t, (layout, table) in enumerate(zip(document.layout.tables, document.tables, strict=True)):
        if table is None:
            continue
        table_keys.append(t)
        table_rows.append(
            {
                "filing_id": filing.id,
                "page_id": page_ids[layout.page - 1],
                "page_no": layout.page,
                "table_index": t,
                "title": table.title,
                "scale_text": table.scale_text,
                "scale": table.scale,
                "header_rows": table.header_rows,
                "grid": table.grid,
            }
        )
    table_ids = dict(zip(table_keys, await _insert_returning_ids(session, Table, table_rows), strict=True))
    progress.advance(len(table_rows))

    fact_by_cell = {link: f for f, link in document.fact_cells.items()}
    cell_keys: list[tuple[int, int]] = []
    cell_rows: list[dict[str, Any]] = []
    for t, table_id in table_ids.items():
        table = document.tables[t]
        assert table is not None
        page_no = document.layout.tables[t].page
        for c, cell in enumerate(table.cells):
            box = rendering.cell_boxes.get((t, c))
            fact_index = fact_by_cell.get((t, c))
            cell_keys.append((t, c))
            cell_rows.append(
                {
                    "filing_id": filing.id,
                    "table_id": table_id,
                    "page_no": page_no,
                    "row": cell.row,
                    "col": cell.col,
                    "text": cell.text,
                    "value": cell.value,
                    "unit": cell.unit,
                    "scale": cell.scale,
                    "row_label": cell.row_label,
                    "row_path": cell.row_path,
                    "column_label": cell.column_label,
                    "period_kind": cell.period.kind if cell.period else None,
                    "period_start": cell.period.start if cell.period else None,
                    "period_end": cell.period.end if cell.period else None,
                    "concept": document.facts[fact_index].concept if fact_index is not None else None,
                    "x0": box.x0 if box else None,
                    "y0": box.y0 if box else None,
                    "x1": box.x1 if box else None,
                    "y1": box.y1 if box else None,
                }
            )
    cell_ids = dict(zip(cell_keys, await _insert_returning_ids(session, Cell, cell_rows), strict=True))
    progress.advance(len(cell_rows))

    fact_pages = _fact_pages(document)
    fact_rows = [
        {
            "filing_id": filing.id,
            "fact_key": fact.key,
            "concept": fact.concept,
            "value": fact.value,
            "text": fact.text,
            "unit": fact.unit,
            "decimals": fact.decimals,
            "scale": fact.scale,
            "negated": fact.negated,
            "context_id": fact.context.id,
            "period_start": fact.context.start,
            "period_end": fact.context.end,
            "instant": fact.context.instant,
            "dimensions": fact.context.dimensions,
            "page_no": fact_pages.get(f),
            "cell_id": cell_ids.get(document.fact_cells[f]) if f in document.fact_cells else None,
        }
        for f, fact in enumerate(document.facts)
    ]
    if fact_rows:
        await session.execute(insert(XbrlFact), fact_rows)
    progress.advance(len(fact_rows))

    counts = StoredCounts(len(page_rows), len(table_rows), len(cell_rows), len(fact_rows))
    filing.page_count, filing.table_count = counts.pages, counts.tables
    filing.cell_count, filing.fact_count = counts.cells, counts.facts
    await session.flush()
    return filing, counts


def _fact_pages(document: ParsedDocument) -> dict[int, int]:
    """The page each fact is printed on, for facts inside tables (others: found by the prose walk later)."""
    pages: dict[int, int] = {}
    for f, (t, _c) in document.fact_cells.items():
        pages[f] = document.layout.tables[t].page
    return pages


async def _insert_returning_ids(session: AsyncSession, model: Any, rows: list[dict[str, Any]]) -> list[int]:
    if not rows:
        return []
    result = await session.execute(insert(model).returning(model.id, sort_by_parameter_order=True), rows)
    return [row[0] for row in result]
