"""BM25 in PostgreSQL against two implementations over the same tokens, and the hybrid search built on it.

A temporary embedded PostgreSQL, a few pages of real corpus sentences (Apple FY2024 and NVIDIA FY2025
10-Ks), indexed by `index_filing`; the SQL scores must equal, to 1e-6, with and without a filing filter, both
a plain-Python Okapi BM25 written from the formula (Lucene idf) and the `bm25s` library's, and the
statistics must stay exact when a filing is deleted.
"""

import math
import os
import shutil
import signal
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import bm25s
import numpy as np
import pytest
from sqlalchemy import delete, select, text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.pool import NullPool

from filingproof.config import Settings
from filingproof.db.embedded import embedded_database_url
from filingproof.db.migrate import upgrade_database
from filingproof.db.models import Cell, Chunk, Company, Filing, Page, Table
from filingproof.index.bm25 import search_bm25
from filingproof.index.embed import Embedder, EmbeddingUnavailable, get_embedder
from filingproof.index.store import backfill_embeddings, finalize_index, index_filing
from filingproof.index.tokenize import tokenize
from filingproof.index.vectors import InMemoryVectors, pgvector_distances_safe
from filingproof.retrieval.catalog import load_catalog
from filingproof.retrieval.search import Retriever

K1, B = 1.2, 0.75

APPLE_PAGES = [
    "The Company’s fiscal year is the 52- or 53-week period that ends on the last Saturday of September.\n"
    "iPhone is the Company’s line of smartphones based on its iOS operating system. The iPhone line includes "
    "iPhone 16 Pro, iPhone 16, iPhone 15, iPhone 14 and iPhone SE.",
    "iPhone net sales were relatively flat during 2024 compared to 2023.\n"
    "Mac net sales increased during 2024 compared to 2023 due primarily to higher net sales of laptops.\n"
    "iPad net sales decreased during 2024 compared to 2023 due primarily to lower net sales of iPad Pro and "
    "the entry-level iPad models, partially offset by higher net sales of iPad Air.\n[table 0]",
]
APPLE_TABLE = [
    ["", "2024", "2023", "2022"],
    ["Net sales:", "", "", ""],
    ["Products", "$ 294,866", "$ 298,085", "$ 316,199"],
    ["Services", "96,169", "85,200", "78,129"],
    ["Total net sales", "391,035", "383,285", "394,328"],
]
NVIDIA_PAGES = [
    "The increases in research and development expenses for fiscal year 2025 were driven by a 32% "
    "increase in "
    "compensation and benefits, including stock-based compensation, reflecting employee growth and "
    "compensation increases, a 100% increase in compute and infrastructure, and a 234% increase in "
    "engineering development costs for new product introductions.",
    "The Chinese government may also encourage customers to purchase from our China-based competitors, or "
    "impose restrictions on the sale to certain customers of our products, which could reduce Data Center "
    "revenue and net sales.",
]

QUERIES = [
    "iPhone net sales 2024",
    "total net sales",
    "research and development expenses",
    "data center revenue",
]


def _stop_server(pg_dir: Path) -> None:
    """Fast shutdown of the test's server (pgserver keeps servers it started with cleanup_mode=None)."""
    pid = int((pg_dir / "postmaster.pid").read_text().split()[0])
    os.kill(pid, signal.SIGINT)
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)


@pytest.fixture(scope="module")
def database_url() -> Iterator[str]:
    root = Path(tempfile.mkdtemp(prefix="fp-bm25-"))
    root.chmod(0o777)  # the embedded server runs as the `pgserver` user when we are root
    url = embedded_database_url(root / "pg")
    upgrade_database(url)
    yield url
    _stop_server(root / "pg")
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
async def sessions(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_async_engine(database_url, poolclass=NullPool)
    yield async_sessionmaker(engine, expire_on_commit=False)
    await engine.dispose()


@pytest.fixture
def retriever(settings: Settings) -> Retriever:
    """Search over this module's database, with the session's settings (a fresh one: nothing cached)."""
    return Retriever(settings)


async def _add_filing(session: AsyncSession, ticker: str, cik: int, pages: list[str]) -> int:
    company = Company(cik=cik, ticker=ticker, name=ticker, aliases=[])
    session.add(company)
    await session.flush()
    filing = Filing(
        accession=f"{cik:010d}-24-000001",
        sha256=f"{cik:064d}",
        company_id=company.id,
        cik=cik,
        ticker=ticker,
        company_name=ticker,
        form="10-K",
        period_end=date(2024, 9, 28),
        fiscal_year=2024,
        source_name=f"{ticker}.htm",
        parser_version="test",
        status="ready",
        degraded=[],
    )
    session.add(filing)
    await session.flush()
    for page_no, page_text in enumerate(pages, start=1):
        session.add(Page(filing_id=filing.id, page_no=page_no, label=str(page_no), text=page_text))
    await session.flush()
    return filing.id


@pytest.fixture(scope="module")
async def filing_ids(sessions: async_sessionmaker[AsyncSession]) -> list[int]:
    async with sessions() as session:
        apple = await _add_filing(session, "AAPL", 320193, APPLE_PAGES)
        page = (
            await session.execute(select(Page).where(Page.filing_id == apple, Page.page_no == 2))
        ).scalar_one()
        table = Table(
            filing_id=apple,
            page_id=page.id,
            page_no=2,
            table_index=0,
            title="Net sales",
            scale_text="(in millions)",
            scale=6,
            header_rows=1,
            grid=APPLE_TABLE,
        )
        session.add(table)
        await session.flush()
        session.add(
            Cell(
                filing_id=apple, table_id=table.id, page_no=2, row=4, col=1, text="391,035",
                value=Decimal("391035000000"), unit="USD", scale=6, row_label="Total net sales",
                row_path=["Net sales", "Total net sales"], column_label="2024",
                concept="us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
            )
        )  # fmt: skip
        await session.flush()
        nvidia = await _add_filing(session, "NVDA", 1045810, NVIDIA_PAGES)
        for filing_id in (apple, nvidia):
            await index_filing(session, filing_id, embedder=None)
        await session.commit()
    return [apple, nvidia]


def textbook_bm25(documents: dict[int, list[str]], query: list[str]) -> dict[int, float]:
    """Okapi BM25 with Lucene's idf, written from the formula, over the same tokens."""
    n = len(documents)
    avgdl = sum(len(tokens) for tokens in documents.values()) / n
    df: Counter[str] = Counter(term for tokens in documents.values() for term in set(tokens))
    scores = {}
    for doc_id, tokens in documents.items():
        tf = Counter(tokens)
        score = 0.0
        for term in set(query):
            if tf[term] == 0:
                continue
            idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
            score += idf * tf[term] * (K1 + 1) / (tf[term] + K1 * (1 - B + B * len(tokens) / avgdl))
        if score > 0:
            scores[doc_id] = score
    return scores


def library_bm25(documents: dict[int, list[str]], query: list[str]) -> dict[int, float]:
    """The same scores from the `bm25s` library (its Lucene variant, in float64). bm25s follows Lucene 8+,
    which drops Okapi's constant factor (k1 + 1) from the numerator (it never changes a ranking), so its
    scores times (k1 + 1) are ours."""
    ids = list(documents)
    retriever = bm25s.BM25(k1=K1, b=B, method="lucene", idf_method="lucene", dtype="float64")
    retriever.index([documents[doc_id] for doc_id in ids], show_progress=False)
    scores = retriever.get_scores(sorted(set(query)))
    return {doc_id: float(score) * (K1 + 1) for doc_id, score in zip(ids, scores, strict=True) if score > 0}


async def _documents(session: AsyncSession) -> dict[int, tuple[int, list[str]]]:
    rows = await session.execute(select(Chunk.id, Chunk.filing_id, Chunk.text))
    return {chunk_id: (filing_id, tokenize(body)) for chunk_id, filing_id, body in rows}


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("scope", [None, 0, 1])
async def test_sql_scores_equal_textbook_and_library_bm25(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], query: str, scope: int | None
) -> None:
    async with sessions() as session:
        documents = await _documents(session)
        allowed = None if scope is None else [filing_ids[scope]]
        got = await search_bm25(session, tokenize(query), filing_ids=allowed, limit=100, k1=K1, b=B)
        rows = await session.execute(select(Chunk.id, Chunk.filing_id, Chunk.page_no))
        pages = {chunk_id: (filing_id, page_no) for chunk_id, filing_id, page_no in rows}
    assert all((hit.filing_id, hit.page_no) == pages[hit.chunk_id] for hit in got)  # read with the ranking
    tokens_by_chunk = {doc_id: tokens for doc_id, (_, tokens) in documents.items()}
    for reference in (textbook_bm25, library_bm25):
        expected = reference(tokens_by_chunk, tokenize(query))
        if allowed is not None:
            expected = {doc_id: s for doc_id, s in expected.items() if documents[doc_id][0] in allowed}
        assert expected or allowed is not None, "the sample must match something"
        assert {hit.chunk_id for hit in got} == set(expected), reference.__name__
        for hit in got:
            assert hit.score == pytest.approx(expected[hit.chunk_id], abs=1e-6), reference.__name__
    assert [hit.score for hit in got] == sorted((hit.score for hit in got), reverse=True)


async def test_table_rows_are_indexed_with_their_period(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int]
) -> None:
    async with sessions() as session:
        hits = await search_bm25(session, tokenize("391,035"), filing_ids=None, limit=5, k1=K1, b=B)
        body = (await session.execute(select(Chunk.text).where(Chunk.id == hits[0].chunk_id))).scalar_one()
    assert "Net sales: Total net sales | 2024 | 391,035" in body or "Total net sales | 2024 | 391,035" in body


async def _df_and_stats(session: AsyncSession) -> tuple[dict[str, int], tuple[int, int]]:
    rows = await session.execute(text("SELECT term, df FROM bm25_terms WHERE df > 0"))
    df: dict[str, int] = {term: count for term, count in rows}
    stats = (await session.execute(text("SELECT doc_count, total_length FROM bm25_stats"))).one()
    return df, (stats[0], stats[1])


async def test_statistics_stay_exact_through_delete_and_reindex(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], settings: Settings
) -> None:
    async with sessions() as session:
        before = await _df_and_stats(session)
        await index_filing(session, filing_ids[0], embedder=None)  # re-index replaces, stats unchanged
        assert await _df_and_stats(session) == before
        await session.execute(
            delete(Filing).where(Filing.id == filing_ids[1])
        )  # cascades to chunks, postings
        df, (doc_count, total_length) = await _df_and_stats(session)
        documents = await _documents(session)
        expected_df: Counter[str] = Counter(t for _, tokens in documents.values() for t in set(tokens))
        assert df == dict(expected_df)
        assert doc_count == len(documents)
        assert total_length == sum(len(tokens) for _, tokens in documents.values())
        finalized = await finalize_index(session, settings, build_vectors=True)
        assert finalized.df_corrected == 0
        assert finalized.vector_index_built == pgvector_distances_safe(settings)
        await session.rollback()
    async with sessions() as session:
        assert await _df_and_stats(session) == before  # a rolled-back change leaves no trace


# hybrid search over the same small index: filters first, fusion, BM25-only fallback


@pytest.fixture(scope="module")
async def embedded(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], settings: Settings
) -> int:
    async with sessions() as session:
        done = await backfill_embeddings(session, get_embedder())
        await finalize_index(session, settings)
        await session.commit()
    return done


async def test_backfill_embeds_every_chunk(sessions: async_sessionmaker[AsyncSession], embedded: int) -> None:
    async with sessions() as session:
        missing = (
            await session.execute(text("SELECT count(*) FROM chunks WHERE embedding IS NULL"))
        ).scalar()
        total = (await session.execute(text("SELECT count(*) FROM chunks"))).scalar()
    assert missing == 0
    assert embedded == total


async def test_hybrid_search_filters_by_company_and_finds_the_table(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], embedded: int, retriever: Retriever
) -> None:
    async with sessions() as session:
        catalog = await load_catalog(session)
        result = await retriever.search(session, "AAPL total net sales FY2024", limit=5, catalog=catalog)
    assert result.mode == "hybrid"
    assert result.filing_ids == (filing_ids[0],)
    assert {hit.filing_id for hit in result.hits} == {filing_ids[0]}
    top = result.hits[0]
    assert (top.page_no, top.ticker, top.form) == (2, "AAPL", "10-K")
    assert top.bm25_rank == 1
    assert top.dense_rank is not None
    assert "**2024** | 391,035" in top.snippet


async def test_search_falls_back_to_bm25_when_the_model_is_unavailable(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], embedded: int, retriever: Retriever
) -> None:
    def unavailable() -> Embedder:
        raise EmbeddingUnavailable("no model here")

    async with sessions() as session:
        result = await retriever.search(
            session,
            "Chinese government restrictions",
            embedder=unavailable,
            catalog=await load_catalog(session),
        )
    assert result.mode == "bm25"
    assert any(warning.startswith("embedding model unavailable: BM25 only") for warning in result.warnings)
    assert result.hits[0].filing_id == filing_ids[1]


async def test_dense_search_alone_ranks_pages(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], embedded: int, retriever: Retriever
) -> None:
    async with sessions() as session:
        result = await retriever.search(
            session, "smartphones", mode="dense", catalog=await load_catalog(session)
        )
    assert result.mode == "dense"
    assert (result.hits[0].filing_id, result.hits[0].page_no) == (filing_ids[0], 1)
    assert result.hits[0].bm25_rank is None


async def test_in_process_vectors_follow_a_reindex_of_the_same_chunks(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], embedded: int
) -> None:
    """A re-index gives the same number of chunks new ids: the per-process copy must notice (dense search
    would otherwise return chunk ids that no longer exist)."""
    vectors = InMemoryVectors()
    async with sessions() as session:
        before = await vectors.snapshot(session, [filing_ids[0]])
        await index_filing(session, filing_ids[0], get_embedder())
        after = await vectors.snapshot(session, [filing_ids[0]])
        rows = await session.execute(select(Chunk.id).where(Chunk.filing_id == filing_ids[0]))
        current = set(rows.scalars())
        await session.rollback()
    [(_, old)] = before.filings
    [(_, new)] = after.filings
    assert len(old.chunk_ids) == len(new.chunk_ids) == len(current)
    assert set(new.chunk_ids.tolist()) == current
    assert not set(old.chunk_ids.tolist()) & current
    assert np.allclose(old.matrix, new.matrix, atol=1e-6)  # the same texts, the same vectors


async def test_in_process_vectors_keep_the_filings_searched_last(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], embedded: int
) -> None:
    """A store of thousands of filings keeps `kept` of them in memory; a search over more reads the others
    for itself and still ranks them all."""
    vectors = InMemoryVectors(kept=1)
    async with sessions() as session:
        both = await vectors.snapshot(session, None)
        assert [filing_id for filing_id, _ in both.filings] == sorted(filing_ids)
        assert len(vectors._filings) == 1 and sorted(filing_ids)[-1] in vectors._filings
        first = await vectors.snapshot(session, [filing_ids[0]])
    assert [filing_id for filing_id, _ in first.filings] == [filing_ids[0]]
    assert filing_ids[0] in vectors._filings and len(vectors._filings) == 1


async def test_tagged_pages_are_those_with_an_xbrl_linked_cell(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], retriever: Retriever
) -> None:
    async with sessions() as session:
        assert await retriever.tagged_pages(session, None) == {(filing_ids[0], 2)}
        assert await retriever.tagged_pages(session, [filing_ids[1]]) == set()


async def test_a_company_not_ingested_is_refused_with_what_is_covered(
    sessions: async_sessionmaker[AsyncSession], filing_ids: list[int], retriever: Retriever
) -> None:
    async with sessions() as session:
        result = await retriever.search(
            session, "Microsoft revenue 2024", catalog=await load_catalog(session)
        )
    assert result.hits == []
    assert result.warnings[0] == "out of scope: Microsoft (MSFT) is not among the ingested filings"
    # a line per ingested company, not a line per filing
    assert result.understanding.covered == ("AAPL: 10-K FY2024", "NVDA: 10-K FY2024")
