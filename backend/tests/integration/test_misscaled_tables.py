"""A table whose scale was not read is caught by the filing's own tags (`agent.scales`).

Lowe's FY2023 10-K (corpus-large) opens its MD&A with "The following table highlights our annual financial
results" and prints "Net earnings 7,726" there, in millions, where the parser reads no scale: the cell says
$7,726. The filing tags $7,726 million of net earnings for the same year; that cell is never verified as
the value it shows. The statement's own "Net earnings", tagged, is not touched. The filing is ingested (BM25
only) into a throwaway home.
"""

from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import text
from throwaway_home import Store, ingested_home

from filingproof.agent.scales import misscaled_cells
from filingproof.qa.store import CellHit, page_cells

LOWES = "corpus-large/LOW/10-K_0000060667-24-000033.htm.gz"


@pytest.fixture(scope="module")
async def lowes(shared_dir: Path) -> AsyncIterator[Store]:
    async with ingested_home("filingproof-scales-", [shared_dir / LOWES]) as store:
        assert len(store.results) == 1
        yield store


async def _cells_named(store: Store, label: str) -> list[CellHit]:
    async with store.sessions() as session:
        query = "SELECT DISTINCT filing_id, page_no FROM cells WHERE lower(row_label) = :label"
        pages = await session.execute(text(query), {"label": label})
        return [
            cell
            for filing_id, page_no in pages.all()
            for cell in await page_cells(session, filing_id, page_no)
            if cell.row_label.lower() == label
        ]


async def test_a_cell_at_no_scale_that_the_tags_state_in_millions_is_caught(lowes: Store) -> None:
    cells = await _cells_named(lowes, "net earnings")
    async with lowes.sessions() as session:
        caught = await misscaled_cells(session, cells)
        linked = set((await session.execute(text("SELECT cell_id FROM xbrl_facts"))).scalars())
    highlights = [cell for cell in cells if cell.value == Decimal(7726)]
    assert highlights and all(caught[cell.cell_id] == Decimal(7_726_000_000) for cell in highlights)
    # the statement's own line, tagged and scaled, is what it shows
    tagged = [cell for cell in cells if cell.cell_id in linked]
    assert Decimal(7_726_000_000) in {cell.value for cell in tagged}
    assert not any(cell.cell_id in caught for cell in tagged)
    assert all(cell.display_scale == 0 for cell in cells if cell.cell_id in caught)
