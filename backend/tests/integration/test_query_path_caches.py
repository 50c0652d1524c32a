"""What the query path keeps between questions (#31), on the real corpus: a kept read gives what a fresh read
gives, a question asked again reads nothing of it from the database, and another version of the store's
filings (an ingest, a deletion) reads it afresh."""

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import Deps, StoreKey
from filingproof.agent.faithful import CellFactsReader, cell_facts
from filingproof.agent.nodes.retrieval import WHY_PAGES
from filingproof.agent.passages import select_passages
from filingproof.agent.service import Pipeline
from filingproof.db.session import transaction
from filingproof.qa.store import tagged_cells
from filingproof.understanding import Catalog, understand

pytestmark = pytest.mark.corpus

QUESTION = "What drove NVIDIA's revenue in fiscal 2025?"  # pages to quote, and a figure's cells
REVENUE = "us-gaap:Revenues"


@contextmanager
def statements(session: AsyncSession) -> Iterator[list[str]]:
    """The SQL statements the session's engine runs inside the block."""
    sent: list[str] = []
    engine = session.bind.sync_engine  # type: ignore[union-attr]

    def record(*args: Any) -> None:
        sent.append(args[2])

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", record)


@asynccontextmanager
async def store_of(pipeline: Pipeline) -> AsyncIterator[tuple[AsyncSession, Catalog, StoreKey]]:
    """A run's session, catalog and store key, as the pipeline's nodes have them."""
    async with transaction(pipeline.sessions) as session:
        catalog = await pipeline.retriever.catalog.get(session)
        store = Deps(session, pipeline.retriever).store
        assert store is not None
        yield session, catalog, store


async def read_kept(
    session: AsyncSession, store: StoreKey, fresh: object, read: Callable[[StoreKey], Awaitable[object]]
) -> list[str]:
    """Checks that `read` with the store gives `fresh` (what it gives without), the second time with no
    statement; returns the statements of a read for another version of the filings (an ingest)."""
    assert await read(store) == fresh
    with statements(session) as sent:
        assert await read(store) == fresh
    assert sent == []
    with statements(session) as sent:
        assert await read((store[0], ("another version",))) == fresh
    return sent


async def test_kept_quotes_equal_fresh_ones_and_are_read_once(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    async with store_of(pipeline) as (session, catalog, store):
        u = understand(QUESTION, catalog)
        # as many pages as the pipeline reads for a why: the MD&A's causes rank below the figure's tables
        hits = (await pipeline.retriever.search_understood(session, u, catalog, limit=WHY_PAGES)).hits
        fresh = await select_passages(session, u, hits)
        assert fresh
        again = await read_kept(session, store, fresh, lambda key: select_passages(session, u, hits, key))
        assert len(again) > 1  # the pages, then the cells of a page a sentence stating figures is checked on


async def test_kept_cell_facts_equal_fresh_ones_and_are_read_once(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    async with store_of(pipeline) as (session, catalog, store):
        cells = [cell.cell_id for cell in await tagged_cells(session, ["NVDA"], [REVENUE])][:6]
        names = {ticker: found[:1] for ticker, found in catalog.prose_names.items()}
        fresh = await cell_facts(session, cells, names)
        assert len(fresh) == len(cells) and any(facts[0].lines for facts in fresh.values())
        again = await read_kept(session, store, fresh, lambda key: cell_facts(session, cells, names, key))
        assert len(again) == 2  # the cells' facts, then their filings' lines


async def test_one_run_reads_a_cells_facts_once(ingested_corpus: object, pipeline: Pipeline) -> None:
    async with transaction(pipeline.sessions) as session:
        cells = [cell.cell_id for cell in await tagged_cells(session, ["NVDA"], [REVENUE])][:4]
        read = CellFactsReader(session, {})
        first = await read(cells)
        with statements(session) as sent:
            assert await read(cells[:2]) == {cell: first[cell] for cell in cells[:2]}
        assert sent == []
