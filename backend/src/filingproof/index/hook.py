"""The ingest stage that indexes a stored filing: chunks, embeddings and BM25 postings, in its transaction.

The ingester knows indexing only as `IndexHook`, the protocol here: `ingest` imports it (ingest → index),
`index` never imports `ingest`. Whoever starts an ingest (the CLI, the demo loader, the tests) passes
`default_index_hook(settings)` in, or nothing to store without indexing.
"""

import logging
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.config import Settings
from filingproof.index.embed import Embedder, EmbeddingUnavailable, get_passage_embedder
from filingproof.index.store import finalize_index, index_filing

logger = logging.getLogger(__name__)


class IndexHook(Protocol):
    async def index(self, session: AsyncSession, filing_id: int) -> None:
        """Index one filing just stored, in the ingester's transaction (never commits)."""
        ...

    async def finish(self, session: AsyncSession) -> None:
        """After a bulk load that stored anything: what is cheaper built once, over everything."""
        ...


class DefaultIndexHook:
    """Chunks, embeddings and BM25 postings per filing; without the embedding model, BM25 alone (and a
    warning). After a bulk load: exact BM25 statistics and the HNSW index built once."""

    def __init__(self, settings: Settings, *, embed: bool = True) -> None:
        self.settings = settings
        self.embed = embed
        self._embedder: Embedder | None = None  # loaded on the first filing, then kept
        self._loaded = False

    async def index(self, session: AsyncSession, filing_id: int) -> None:
        await index_filing(session, filing_id, self._loaded_embedder())

    async def finish(self, session: AsyncSession) -> None:
        stats = await finalize_index(session, self.settings)
        logger.info("index finalized: %s", stats)

    def _loaded_embedder(self) -> Embedder | None:
        if not self._loaded:
            self._loaded = True
            try:
                self._embedder = get_passage_embedder() if self.embed else None
            except EmbeddingUnavailable as error:
                logger.warning("embeddings skipped (%s): `filingproof index backfill` adds them later", error)
        return self._embedder


def default_index_hook(settings: Settings, *, embed: bool = True) -> IndexHook:
    return DefaultIndexHook(settings, embed=embed)
