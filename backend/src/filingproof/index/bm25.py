"""Okapi BM25 in PostgreSQL: postings (term, chunk, tf), df per term, chunk lengths, scored by SQL.

Formula (Lucene's, chosen because its idf is never negative, so a very common term cannot lower a score):

    idf(t)      = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))
    score(q, d) = Σ_{t ∈ set(q)} idf(t) · tf(t,d) · (k1 + 1) / (tf(t,d) + k1 · (1 - b + b · |d| / avgdl))

N, df and avgdl are corpus-wide (all chunks of all filings), like a filter query in Lucene: narrowing to
some filings picks the candidates, it does not change the statistics. A query's repeated terms count once.
|d| is the chunk's token count (`chunks.length`, from `index.tokenize`, copied into each posting).

Statistics stay exact without any refresh step: statement triggers (migration 0002) add and subtract
df per term and N / total length in `bm25_stats` as postings and chunks are inserted or deleted — a
filing deleted or re-ingested included, and a rolled-back ingest leaves them untouched.
`recompute_statistics` rebuilds them from the postings anyway, as a check and a repair.
"""

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession


@dataclass(frozen=True)
class ScoredChunk:
    chunk_id: int
    score: float
    filing_id: int  # the chunk's filing and page, read with the ranking: search needs them,
    page_no: int  # and a second query would cost a round trip


def idf(doc_count: int, df: int) -> float:
    return math.log(1 + (doc_count - df + 0.5) / (df + 0.5))


@dataclass(frozen=True)
class TermIdf:
    """The idf of terms of the store: `known` for those some chunk holds; `rarest` is a term's held once."""

    known: dict[str, float]
    rarest: float


async def term_idf(session: AsyncSession, terms: Sequence[str]) -> TermIdf:
    """The idf of each of `terms` in the store (one query)."""
    rows = (
        await session.execute(
            text(
                "SELECT s.doc_count, t.term, t.df FROM bm25_stats s "
                "LEFT JOIN bm25_terms t ON t.term = ANY(CAST(:terms AS text[])) WHERE s.id = 1"
            ),
            {"terms": sorted(set(terms))},
        )
    ).all()
    doc_count = int(rows[0].doc_count) if rows else 0
    found = {row.term: idf(doc_count, int(row.df)) for row in rows if row.term is not None and row.df}
    return TermIdf(found, idf(doc_count, 1))


@dataclass(frozen=True)
class ChunkTerms:
    chunk_id: int
    length: int  # the chunk's token count, as in `chunks.length`
    counts: Counter[str]


async def write_postings(session: AsyncSession, filing_id: int, chunks: Sequence[ChunkTerms]) -> int:
    """Insert the postings of a filing's new chunks (terms created as needed); returns their number.

    Each posting carries its chunk's filing and length (copies of `chunks`): ranking then reads the
    postings alone, instead of one chunk lookup per posting (5,000 lookups for a common term)."""
    vocabulary = sorted({term for chunk in chunks for term in chunk.counts})
    if not vocabulary:
        return 0
    await session.execute(
        text(
            "INSERT INTO bm25_terms (term, df) SELECT unnest(CAST(:terms AS text[])), 0 "
            "ON CONFLICT (term) DO NOTHING"
        ),
        {"terms": vocabulary},
    )
    rows = await session.execute(
        text("SELECT term, id FROM bm25_terms WHERE term = ANY(CAST(:terms AS text[]))"),
        {"terms": vocabulary},
    )
    term_ids: dict[str, int] = {term: term_id for term, term_id in rows}
    postings = sorted(
        (term_ids[term], chunk.chunk_id, tf, chunk.length)
        for chunk in chunks
        for term, tf in chunk.counts.items()
    )
    await session.execute(
        text(
            "INSERT INTO bm25_postings (term_id, chunk_id, tf, filing_id, length) "
            "SELECT term_id, chunk_id, tf, :filing_id, length FROM unnest(CAST(:term_ids AS integer[]), "
            "CAST(:chunk_ids AS integer[]), CAST(:tfs AS integer[]), CAST(:lengths AS integer[])) "
            "AS p(term_id, chunk_id, tf, length)"
        ),
        {
            "filing_id": filing_id,
            "term_ids": [posting[0] for posting in postings],
            "chunk_ids": [posting[1] for posting in postings],
            "tfs": [posting[2] for posting in postings],
            "lengths": [posting[3] for posting in postings],
        },
    )
    return len(postings)


_SEARCH = """
WITH stats AS (
    SELECT CAST(doc_count AS float8) AS n,
           CASE WHEN doc_count > 0 THEN CAST(total_length AS float8) / doc_count ELSE 1 END AS avgdl
    FROM bm25_stats WHERE id = 1
), query_terms AS (
    SELECT t.id, ln(1 + (s.n - t.df + 0.5) / (t.df + 0.5)) AS idf
    FROM bm25_terms t CROSS JOIN stats s
    WHERE t.term = ANY(CAST(:terms AS text[])) AND t.df > 0
), ranked AS (
    SELECT p.chunk_id,
           sum(q.idf * p.tf * (CAST(:k1 AS float8) + 1)
               / (p.tf + CAST(:k1 AS float8)
                         * (1 - CAST(:b AS float8) + CAST(:b AS float8) * p.length / s.avgdl)))
               AS score
    FROM query_terms q
    JOIN bm25_postings p ON p.term_id = q.id {filing_filter}
    CROSS JOIN stats s
    GROUP BY p.chunk_id
    ORDER BY score DESC, p.chunk_id
    LIMIT :limit
)
SELECT r.chunk_id, r.score, c.filing_id, c.page_no
FROM ranked r JOIN chunks c ON c.id = r.chunk_id
ORDER BY r.score DESC, r.chunk_id
"""


async def search_bm25(
    session: AsyncSession,
    terms: Sequence[str],
    *,
    filing_ids: Sequence[int] | None,
    limit: int,
    k1: float,
    b: float,
) -> list[ScoredChunk]:
    """The best `limit` chunks for the query terms, among the chunks of `filing_ids` (None: all filings),
    with their filing and page (joined after the limit: `limit` primary-key lookups)."""
    unique_terms = sorted(set(terms))
    if not unique_terms or (filing_ids is not None and not filing_ids):
        return []
    params: dict[str, object] = {"terms": unique_terms, "k1": k1, "b": b, "limit": limit}
    filing_filter = ""
    if filing_ids is not None:
        filing_filter = "AND p.filing_id = ANY(CAST(:filing_ids AS integer[]))"
        params["filing_ids"] = list(filing_ids)
    sql = _SEARCH.format(filing_filter=filing_filter)
    rows = await session.execute(text(sql), params)
    return [ScoredChunk(chunk, float(score), filing, page) for chunk, score, filing, page in rows]


async def lock_statistics(session: AsyncSession) -> None:
    """Lock the statistics' row until the transaction ends, before anything else of the index is written.

    Every writer of the index takes it first (an ingest's index stage, the deletion of a replaced filing,
    `finalize_index`): each changes it anyway, so they already run one at a time from that change on, and
    taking it first keeps one order of locks. Otherwise a finalize that rebuilt the statistics and then
    waited for the chunks table deadlocked with an ingest that had inserted chunks and waited for the
    statistics (two workers of one queue)."""
    await session.execute(text("SELECT 1 FROM bm25_stats WHERE id = 1 FOR UPDATE"))


async def recompute_statistics(session: AsyncSession) -> int:
    """Rebuild df and N / total length from the postings and chunks; returns how many df values were off."""
    result = await session.execute(
        text(
            "UPDATE bm25_terms t SET df = coalesce(d.n, 0) "
            "FROM bm25_terms t2 "
            "LEFT JOIN (SELECT term_id, count(*) AS n FROM bm25_postings GROUP BY term_id) d "
            "ON d.term_id = t2.id "
            "WHERE t.id = t2.id AND t.df <> coalesce(d.n, 0)"
        )
    )
    await session.execute(
        text(
            "INSERT INTO bm25_stats (id, doc_count, total_length) "
            "SELECT 1, count(*), coalesce(sum(length), 0) FROM chunks "
            "ON CONFLICT (id) DO UPDATE "
            "SET doc_count = excluded.doc_count, total_length = excluded.total_length"
        )
    )
    return int(getattr(result, "rowcount", 0) or 0)
