"""Writing one parsed, rendered filing into the database (inside the caller's transaction)."""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof import PARSER_VERSION
from filingproof.db.models import Cell, Company, Filing, Page, Table, XbrlFact
from filingproof.ingest.metadata import CompleteMetadata, company_key
from filingproof.ingest.parse.document import ParsedDocument
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.progress import StageProgress
from filingproof.ingest.render import Box, Rendering


@dataclass(frozen=True, slots=True)
class StoredCounts:
    pages: int
    tables: int
    cells: int
    facts: int


async def upsert_company(session: AsyncSession, meta: CompleteMetadata) -> Company:
    """The filing's company by its CIK, created on its first filing. It learns a ticker and its registrant
    numbers when it lacks them, and the names it filed under: the latest filing's name is its name, a
    former one ("Facebook, Inc." of Meta Platforms) an alias that questions may still use.

    Workers ingest a company's filings at once: the row is created by whichever comes first (the other's
    insert waits for it and does nothing), then locked until this filing's transaction ends, so that two
    filings never both create it, nor both rename it."""
    new = insert(Company).values(cik=meta.cik, ticker=meta.ticker, name=meta.company_name, aliases=[])
    await session.execute(new.on_conflict_do_nothing(index_elements=[Company.cik]))
    # as the lock finds it: another transaction may have renamed it while this one waited
    mine = select(Company).where(Company.cik == meta.cik).with_for_update()
    mine = mine.execution_options(populate_existing=True)
    company = (await session.execute(mine)).scalar_one()
    company.ticker = company.ticker or meta.ticker
    stored = select(func.max(Filing.period_end)).where(Filing.company_id == company.id)
    latest = await session.scalar(stored)
    former, current = company.name, meta.company_name
    if latest is not None and meta.period_end < latest:
        former, current = current, former
    company.name = current
    company.aliases = _with_alias(company.aliases or [], former, current)
    if meta.registrant is not None and company.file_number is None:
        company.file_number, company.tax_id = meta.registrant.file_number, meta.registrant.tax_id
    await session.flush()
    return company


def _with_alias(aliases: list[str], name: str, current: str) -> list[str]:
    """`aliases` and `name`, unless it is the current name or an alias but for case and legal form."""
    known = {company_key(alias) for alias in (current, *aliases)}
    return aliases if company_key(name) in known else [*aliases, name]


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
    """The filing's row, then its pages, tables, cells and XBRL facts, each kind pointing at the ids of
    the kinds before it. Page images are named under `image_prefix`."""
    filing = await _store_filing_row(session, document, meta, sha256, source_name)
    page_ids = await _store_pages(session, filing.id, document, rendering, image_prefix)
    progress.advance(len(page_ids))
    table_ids = await _store_tables(session, filing.id, document, page_ids)
    progress.advance(len(table_ids))
    cell_ids = await _store_cells(session, filing.id, document, rendering, table_ids)
    progress.advance(len(cell_ids))
    facts = await _store_facts(session, filing.id, document, cell_ids)
    progress.advance(facts)

    counts = StoredCounts(len(page_ids), len(table_ids), len(cell_ids), facts)
    filing.page_count, filing.table_count = counts.pages, counts.tables
    filing.cell_count, filing.fact_count = counts.cells, counts.facts
    await session.flush()
    return filing, counts


async def _store_filing_row(
    session: AsyncSession, document: ParsedDocument, meta: CompleteMetadata, sha256: str, source_name: str
) -> Filing:
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
        warnings=document.warnings,
        parser_version=PARSER_VERSION,
    )
    session.add(filing)
    await session.flush()
    return filing


async def _store_pages(
    session: AsyncSession, filing_id: int, document: ParsedDocument, rendering: Rendering, image_prefix: str
) -> list[int]:
    """One row per page, in page order; their ids."""
    rows = [
        {
            "filing_id": filing_id,
            "page_no": layout.number,
            "label": layout.label,
            "text": layout.text,
            "image_path": f"{image_prefix}/{rendered.image.name}" if rendered.image else None,
            "width": rendered.width,
            "height": rendered.height,
            "lines": rendering.page_lines.get(layout.number, []) if rendering.page_lines else None,
            "headings": layout.headings,
        }
        for layout, rendered in zip(document.layout.pages, rendering.pages, strict=True)
    ]
    return await _insert_returning_ids(session, Page, rows)


async def _store_tables(
    session: AsyncSession, filing_id: int, document: ParsedDocument, page_ids: list[int]
) -> dict[int, int]:
    """One row per parsed table (layout tables with no text have none); table index → id."""
    keys: list[int] = []
    rows: list[dict[str, Any]] = []
    for t, (layout, table) in enumerate(zip(document.layout.tables, document.tables, strict=True)):
        if table is None:
            continue
        keys.append(t)
        rows.append(
            {
                "filing_id": filing_id,
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
    return dict(zip(keys, await _insert_returning_ids(session, Table, rows), strict=True))


async def _store_cells(
    session: AsyncSession,
    filing_id: int,
    document: ParsedDocument,
    rendering: Rendering,
    table_ids: dict[int, int],
) -> dict[tuple[int, int], int]:
    """One row per parsed cell, with its box on the page image and the XBRL concept of the fact it
    shows; (table index, cell index) → id."""
    fact_by_cell = {link: f for f, link in document.fact_cells.items()}
    keys: list[tuple[int, int]] = []
    rows: list[dict[str, Any]] = []
    for t, table_id in table_ids.items():
        table = document.tables[t]
        assert table is not None
        page_no = document.layout.tables[t].page
        for c, cell in enumerate(table.cells):
            fact_index = fact_by_cell.get((t, c))
            concept = document.facts[fact_index].concept if fact_index is not None else None
            conflict = document.tag_conflicts.get((t, c))
            keys.append((t, c))
            row = _cell_row(filing_id, table_id, page_no, cell, concept, rendering.cell_boxes.get((t, c)))
            rows.append(row | {"tag_conflict": conflict.value if conflict is not None else None})
    return dict(zip(keys, await _insert_returning_ids(session, Cell, rows), strict=True))


def _cell_row(
    filing_id: int, table_id: int, page_no: int, cell: NumericCell, concept: str | None, box: Box | None
) -> dict[str, Any]:
    return {
        "filing_id": filing_id,
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
        "concept": concept,
        "x0": box.x0 if box else None,
        "y0": box.y0 if box else None,
        "x1": box.x1 if box else None,
        "y1": box.y1 if box else None,
    }


async def _store_facts(
    session: AsyncSession, filing_id: int, document: ParsedDocument, cell_ids: dict[tuple[int, int], int]
) -> int:
    """One row per XBRL fact, tied to the cell that shows it; how many."""
    fact_pages = _fact_pages(document)
    rows = [
        {
            "filing_id": filing_id,
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
    if rows:
        await session.execute(insert(XbrlFact), rows)
    return len(rows)


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
