"""A line's parts as a table prints them (issue 28): where no member is tagged (a PDF, an earnings release),
the rows right above a total of the line that add up to it are its parts, ranked as a tagged filing's
members are; and which parts pass a share of the line a question bounds ("more than 20% of revenue"), from
the members a filing tags or else from its printed parts. Read from MGM Resorts' fourth-quarter 2022
earnings release (FinanceBench's PDF, ingested for this module, then removed) and the corpus's 10-Ks."""

from collections.abc import AsyncIterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import select
from stored_pdf import ingest_pdf, remove_filing

from filingproof.agent.response import QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.config import Settings
from filingproof.db.models import Cell
from filingproof.db.session import Sessions, session_scope
from filingproof.qa.items import ITEMS_BY_KEY
from filingproof.qa.parts import PART_PREFIX, proven_parts
from filingproof.qa.periods import Target
from filingproof.qa.pick import Pick
from filingproof.qa.store import table_cells

pytestmark = pytest.mark.usefixtures("ingested_corpus")


@pytest.fixture(scope="module")
async def mgm_release(settings: Settings, sessions: Sessions, shared_dir: Path) -> AsyncIterator[int]:
    path = shared_dir / "financebench" / "pdfs" / "MGMRESORTS_2022Q4_EARNINGS.pdf"
    result = await ingest_pdf(settings, sessions, path)
    yield result.filing_id
    await remove_filing(settings, result.filing_id)


def _computed(response: QueryResponse) -> list[str]:
    return [f.text for f in response.figures if f.source.derivation is not None]


async def test_the_worst_top_line_performance_is_the_lowest_growth_of_the_printed_parts(
    pipeline: Pipeline, mgm_release: int
) -> None:
    # The release's "SUPPLEMENTAL DATA – NET REVENUES" (page 15), twelve months 2022 / 2021, in thousands:
    # Las Vegas Strip Resorts 8,398,372 / 4,737,185; Regional Operations 3,815,885 / 3,392,363; MGM China
    # 673,593 / 1,210,761; Management and other operations 239,635 / 339,831; a blank total 13,127,485.
    response = await pipeline.run(
        "Which region had the worst topline performance for MGM during FY2022?",
        QueryFilters(filing_id=mgm_release),
    )
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "MGM China had the lowest revenue growth of the parts MGM Resorts International's filing prints its "
        "revenue in. MGM China and Management and other operations were lower than the year before."
    )
    assert round((Decimal(673_593) / Decimal(1_210_761) - 1) * 100, 1) == Decimal("-44.4")
    assert "44.4%" in " ".join(_computed(response))
    cited = {cell.label for citation in response.citations for cell in citation.cells}
    assert cited == {
        "Las Vegas Strip Resorts",
        "Regional Operations",
        "MGM China",
        "Management and other operations",
    }


async def test_a_cell_is_a_printed_part_only_of_the_line_its_rows_add_up_to(mgm_release: int) -> None:
    """The verifier's rule, read again from the table: MGM China's cells of "NET REVENUES" (page 15) are
    parts of revenue; its cells of "ADJUSTED PROPERTY EBITDAR AND ADJUSTED EBITDAR", whose rows add up to a
    total of that line, are not."""
    async with session_scope() as session:
        rows = (
            await session.execute(
                select(Cell.id, Cell.table_id).where(
                    Cell.filing_id == mgm_release, Cell.row_label == "MGM China"
                )
            )
        ).all()
        cells = [
            cell
            for cell in await table_cells(session, sorted({row.table_id for row in rows}))
            if cell.cell_id in {row.id for row in rows}
        ]
        line = replace(ITEMS_BY_KEY["revenue"], key=f"{PART_PREFIX}revenue")
        picks = [
            Pick("MGM", "MGM", line, "MGM China", Target("duration", cell.period_end, 365), cell)
            for cell in cells
        ]
        proven = await proven_parts(session, picks)
    revenue = {cell.cell_id for cell in cells if "NET REVENUES" in cell.column_label}
    ebitdar = {cell.cell_id for cell in cells if "EBITDAR" in cell.column_label}
    assert len(revenue) == 4 and len(ebitdar) == 4  # two quarters and two years in each table
    assert proven == revenue


async def test_which_product_lines_are_more_than_a_share_of_net_sales(pipeline: Pipeline) -> None:
    # Apple's FY2024 10-K: total net sales 391,035; iPhone 201,183 (51.4%), Services 96,169 (24.6%), Wearables
    # 37,005 (9.5%), Mac 29,984 (7.7%), iPad 26,694 (6.8%); the "Products" total ranks with none of them.
    response = await pipeline.run(
        "Are there any product categories that represent more than 20% of Apple's net sales in fiscal 2024?"
    )
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "Yes: of Apple's product lines tagged, Services and iPhone were each more than 20% of Apple's total "
        "net sales."
    )
    assert sorted(_computed(response)) == ["20%", "24.6%", "51.4%", "6.8%", "7.7%", "9.5%"]


async def test_a_part_under_the_bound_is_named_with_its_share(pipeline: Pipeline) -> None:
    # Amazon's FY2024 10-K: North America 387,497, International 142,906, AWS 107,556 of 637,959.
    response = await pipeline.run("Does any Amazon segment make up less than 20% of its net sales in 2024?")
    assert response.status == "verified", response.answer
    assert response.answer.startswith(
        "Yes: of Amazon's segments tagged, Amazon Web Services was less than 20% of Amazon's total net sales."
    )
    assert round(Decimal(107_556) / Decimal(637_959) * 100, 1) == Decimal("16.9")
    assert "16.9%" in _computed(response)
