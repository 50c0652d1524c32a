"""The ingest stage that indexes a stored filing: chunks, embeddings and BM25 postings, in its transaction."""

import logging

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.index.embed import Embedder, EmbeddingUnavailable, get_embedder
from filingproof.index.store import finalize_index, index_filing
from filingproof.ingest.pipeline import IndexHook

logger = logging.getLogger(__name__)


def default_index_hook(*, embed: bool = True) -> IndexHook:
    """Index each filing as it is stored; without the embedding model, BM25 alone (and a warning)."""
    embedder: list[Embedder | None] = []

    async def index(session: AsyncSession, filing_id: int) -> None:
        if not embedder:
            try:
                embedder.append(get_embedder() if embed else None)
            except EmbeddingUnavailable as error:
                logger.warning("embeddings skipped (%s): `filingproof index backfill` adds them later", error)
                embedder.append(None)
        await index_filing(session, filing_id, embedder[0])

    return index


async def finish_bulk_load(session: AsyncSession) -> None:
    """After a bulk load: exact BM25 statistics and the HNSW index built once, over everything."""
    stats = await finalize_index(session)
    logger.info("index finalized: %s", stats)
