"""Write a filing's chunks, embeddings and BM25 postings, in the caller's transaction.

`index_filing` is called by the ingester once the filing's pages and tables are flushed; it never commits.
After a bulk load, `finalize_index` checks the BM25 statistics and (re)builds the HNSW index, which is
about ten times cheaper than inserting into an indexed table. Chunks written without an embedder get
their vectors later from `backfill_embeddings`.
"""

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.config import Settings
from filingproof.db.models import Cell, Page, Table
from filingproof.index.bm25 import ChunkTerms, lock_statistics, recompute_statistics, write_postings
from filingproof.index.chunks import TableView, page_chunks
from filingproof.index.embed import Embedder, vector_literal
from filingproof.index.tokenize import term_frequencies
from filingproof.index.vectors import pgvector_distances_safe

VECTOR_INDEX = "ix_chunks_embedding_hnsw"

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class IndexStats:
    chunks: int
    embedded: int
    postings: int


@dataclass(frozen=True)
class FinalizeStats:
    chunks: int
    terms: int
    df_corrected: int
    vector_index_built: bool


@dataclass(frozen=True)
class _PendingChunk:
    page_id: int
    page_no: int
    ordinal: int
    text: str
    terms: Counter[str]
    length: int


async def _pending_chunks(session: AsyncSession, filing_id: int) -> list[_PendingChunk]:
    pages = (
        await session.execute(select(Page).where(Page.filing_id == filing_id).order_by(Page.page_no))
    ).scalars()
    tables = (await session.execute(select(Table).where(Table.filing_id == filing_id))).scalars()
    cell_rows = await session.execute(
        select(Cell.table_id, Cell.row, Cell.col, Cell.row_label, Cell.row_path, Cell.column_label).where(
            Cell.filing_id == filing_id
        )
    )
    labels: dict[int, dict[tuple[int, int], tuple[str, str]]] = {}
    for table_id, row, col, row_label, row_path, column_label in cell_rows:
        path = ": ".join(part for part in (row_path or [row_label]) if part)
        labels.setdefault(table_id, {})[(row, col)] = (path or row_label, column_label)
    tables_by_page: dict[int, list[TableView]] = {}
    for table in tables:
        view = TableView(
            table.table_index, table.title, table.scale_text, table.header_rows, table.grid,
            labels.get(table.id, {}),
        )  # fmt: skip
        tables_by_page.setdefault(table.page_id, []).append(view)
    pending = []
    for page in pages:
        for ordinal, chunk_text in enumerate(page_chunks(page.text, tables_by_page.get(page.id, []))):
            terms, length = term_frequencies(chunk_text)
            pending.append(_PendingChunk(page.id, page.page_no, ordinal, chunk_text, terms, length))
    return pending


async def _insert_chunks(
    session: AsyncSession, filing_id: int, pending: Sequence[_PendingChunk], vectors: Sequence[str | None]
) -> list[int]:
    rows = await session.execute(
        text(
            "INSERT INTO chunks (filing_id, page_id, page_no, ordinal, text, length, embedding) "
            "SELECT :filing_id, page_id, page_no, ordinal, body, length, CAST(vector AS vector) "
            "FROM unnest(CAST(:page_ids AS integer[]), CAST(:page_nos AS integer[]), "
            "CAST(:ordinals AS integer[]), CAST(:bodies AS text[]), CAST(:lengths AS integer[]), "
            "CAST(:vectors AS text[])) AS c(page_id, page_no, ordinal, body, length, vector) "
            "RETURNING id, page_id, ordinal"
        ),
        {
            "filing_id": filing_id,
            "page_ids": [chunk.page_id for chunk in pending],
            "page_nos": [chunk.page_no for chunk in pending],
            "ordinals": [chunk.ordinal for chunk in pending],
            "bodies": [chunk.text for chunk in pending],
            "lengths": [chunk.length for chunk in pending],
            "vectors": list(vectors),
        },
    )
    ids = {(page_id, ordinal): chunk_id for chunk_id, page_id, ordinal in rows}
    return [ids[(chunk.page_id, chunk.ordinal)] for chunk in pending]


async def delete_filing_index(session: AsyncSession, filing_id: int) -> None:
    """Remove a filing's chunks and postings (postings first, in one statement, for the df trigger)."""
    params = {"filing_id": filing_id}
    await session.execute(
        text(
            "DELETE FROM bm25_postings WHERE chunk_id IN (SELECT id FROM chunks WHERE filing_id = :filing_id)"
        ),
        params,
    )
    await session.execute(text("DELETE FROM chunks WHERE filing_id = :filing_id"), params)


async def index_filing(session: AsyncSession, filing_id: int, embedder: Embedder | None) -> IndexStats:
    """Chunk, embed (when `embedder` is given) and index one filing whose pages and tables are flushed.

    Replaces any earlier index of the filing. Runs in the caller's transaction and does not commit.
    """
    pending = await _pending_chunks(session, filing_id)
    vectors: list[str | None] = [None] * len(pending)
    if embedder is not None and pending:
        embedded = await asyncio.to_thread(embedder.embed_passages, [chunk.text for chunk in pending])
        vectors = [vector_literal(vector) for vector in embedded]
    await lock_statistics(session)  # after the embedding: other ingests embed meanwhile
    await delete_filing_index(session, filing_id)
    if not pending:
        return IndexStats(chunks=0, embedded=0, postings=0)
    chunk_ids = await _insert_chunks(session, filing_id, pending, vectors)
    postings = await write_postings(
        session,
        filing_id,
        [
            ChunkTerms(chunk_id, chunk.length, chunk.terms)
            for chunk_id, chunk in zip(chunk_ids, pending, strict=True)
        ],
    )
    return IndexStats(
        chunks=len(pending), embedded=0 if embedder is None else len(pending), postings=postings
    )


async def build_vector_index(session: AsyncSession, settings: Settings) -> bool:
    """(Re)build the HNSW index over the chunk embeddings (cosine distance, pgvector defaults m=16).

    Skipped (returns False) where pgvector cannot compute distances on this CPU: see `index.vectors`.
    """
    if not pgvector_distances_safe(settings):
        return False
    await session.execute(text(f"DROP INDEX IF EXISTS {VECTOR_INDEX}"))
    await session.execute(
        text(f"CREATE INDEX {VECTOR_INDEX} ON chunks USING hnsw (embedding vector_cosine_ops)")
    )
    return True


async def finalize_index(
    session: AsyncSession, settings: Settings, *, build_vectors: bool = True
) -> FinalizeStats:
    """After a bulk load: check and repair the BM25 statistics, rebuild the HNSW index, ANALYZE."""
    await lock_statistics(session)
    corrected = await recompute_statistics(session)
    built = await build_vector_index(session, settings) if build_vectors else False
    for table in ("chunks", "bm25_postings", "bm25_terms"):
        await session.execute(text(f"ANALYZE {table}"))
    chunks = (await session.execute(text("SELECT count(*) FROM chunks"))).scalar_one()
    terms = (await session.execute(text("SELECT count(*) FROM bm25_terms WHERE df > 0"))).scalar_one()
    return FinalizeStats(chunks=chunks, terms=terms, df_corrected=corrected, vector_index_built=built)


async def backfill_embeddings(
    session: AsyncSession, embedder: Embedder, progress: Progress | None = None
) -> int:
    """Embed the chunks that have no vector yet, calling `progress(done, total)` after each filing.

    A filing at a time, its chunks in one call and in order, as `index_filing` embeds them: int8 passage
    vectors (`Embedder.embed_passages`) depend a little on the chunks embedded with them (activations are
    quantized per batch), so a filing gets the same vectors either way."""
    total = (await session.execute(text("SELECT count(*) FROM chunks WHERE embedding IS NULL"))).scalar_one()
    filing_ids = (
        await session.execute(
            text("SELECT DISTINCT filing_id FROM chunks WHERE embedding IS NULL ORDER BY filing_id")
        )
    ).scalars()
    done = 0
    for filing_id in list(filing_ids):
        rows = (
            await session.execute(
                text("SELECT id, text FROM chunks WHERE embedding IS NULL AND filing_id = :id ORDER BY id"),
                {"id": filing_id},
            )
        ).all()
        vectors = await asyncio.to_thread(embedder.embed_passages, [body for _, body in rows])
        await session.execute(
            text(
                "UPDATE chunks c SET embedding = CAST(v.vector AS vector) "
                "FROM unnest(CAST(:ids AS integer[]), CAST(:vectors AS text[])) AS v(id, vector) "
                "WHERE c.id = v.id"
            ),
            {"ids": [chunk_id for chunk_id, _ in rows], "vectors": [vector_literal(v) for v in vectors]},
        )
        done += len(rows)
        if progress is not None:
            progress(done, total)
    return done
