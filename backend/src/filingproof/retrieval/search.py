"""Hybrid search: filters narrow the filings first, then BM25 and dense rankings are fused per page.

1. Query understanding (`filingproof.understanding`) picks companies, form and period, within the request's
   filters; `select_filings` turns them into filing ids. Nothing outside those filings is ranked. The
   pipeline passes its one understanding (`search_understood`); callers with only words use `search`.
2. BM25 (`index.bm25`; query terms less the company's name, plus line-item synonyms) and dense (cosine
   over all-MiniLM-L6-v2 vectors) each rank the chunks of those filings; each ranking becomes a page
   ranking where a page ranks as its best chunk.
3. For a question about a statement figure, a third ranking: the BM25 ranking kept to pages that hold an
   XBRL-tagged cell (the figures table QA can check against their tag), and the dense ranking counts half.
4. Reciprocal rank fusion (k = settings.rrf_k). When the embedding model cannot be loaded (or no chunk has
   a vector yet) the dense ranking is skipped with a warning: BM25 only.

Measured with bench/retrieval.py on the dev corpus (see its docstring for the command).

Latency (bench/search_latency.py has the figures): the query's embedding, the slowest step, starts first in
a worker thread (`index.embed` runs it outside the GIL) and overlaps every round trip that does not need it
(catalog check, BM25 with each chunk's page, the in-process vectors' check); after it, numpy, the fusion
and one query describing the pages shown.
"""

import asyncio
import contextlib
import functools
import itertools
import re
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.config import Settings
from filingproof.index.bm25 import search_bm25
from filingproof.index.embed import Embedder, EmbeddingUnavailable, get_embedder, vector_literal
from filingproof.index.tokenize import tokenize
from filingproof.index.vectors import InMemoryVectors, VectorSnapshot, pgvector_distances_safe
from filingproof.retrieval.catalog import CatalogCache
from filingproof.retrieval.fusion import best_first_unique, reciprocal_rank_fusion
from filingproof.retrieval.synonyms import expand
from filingproof.understanding import Catalog, Filters, QueryUnderstanding, select_filings, understand

Mode = Literal["hybrid", "bm25", "dense"]
PageKey = tuple[int, int]  # (filing id, page number)
PageRow = tuple[str | None, str | None, str, date, str | None, str]  # accession … label, the chunk's text

SNIPPET_WORDS = 40
TAGGED_DEPTH = 4  # the tagged-page ranking keeps the tagged pages among this many times the candidates
DENSE_WEIGHT_FOR_FIGURES = 0.5  # measured on the dev gold set: 0.25 and 1.0 both lower fused hit@3


@dataclass(frozen=True)
class PageHit:
    filing_id: int
    accession: str | None
    ticker: str | None
    form: str
    period_end: date
    page_no: int
    label: str | None
    score: float
    snippet: str
    chunk_id: int
    bm25_rank: int | None
    dense_rank: int | None


@dataclass(frozen=True)
class SearchResult:
    query: str
    understanding: QueryUnderstanding
    filing_ids: tuple[int, ...] | None
    mode: Mode
    hits: list[PageHit]
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Ranked:
    chunk_id: int
    page: PageKey


_FISCAL_TOKEN = re.compile(r"^(?:fy|[1-4]q|q[1-4]fy)(?:\d{2}|\d{4})$")


def query_terms(understanding: QueryUnderstanding) -> list[str]:
    """The BM25 terms of a query: its tokens less the words naming the company (the filing filter has done
    their work) and "fy24"-like tokens (read as the year 2024), plus the synonyms of line items it names."""
    naming = {term for mention in understanding.company_mentions for term in tokenize(mention)}
    naming.update(ticker.lower() for ticker in understanding.companies)
    terms = [
        term for term in tokenize(understanding.query) if term not in naming and not _FISCAL_TOKEN.match(term)
    ]
    terms.extend(str(year) for year in understanding.years if str(year) not in terms)
    return expand(terms)


@functools.lru_cache(maxsize=65536)
def _word_terms(word: str) -> frozenset[str]:
    """A word's index terms; cached, since snippets of one corpus repeat the same words."""
    return frozenset(tokenize(word))


def highlight(body: str, terms: Sequence[str], width: int = SNIPPET_WORDS) -> str:
    """The `width`-word window of `body` richest in query terms, matched words in **bold**."""
    wanted = set(terms)
    words = body.replace("\n", " ⏎ ").split()
    # each distinct word looked up once (a chunk repeats its words: labels, years), then a set test per word
    matched = {word for word in set(words) if not wanted.isdisjoint(_word_terms(word))}
    hits = [word in matched for word in words]
    # the first window with the most hits, from prefix sums (hits before word i: before[i])
    before = list(itertools.accumulate(hits, initial=0))
    counts = [before[start + width] - before[start] for start in range(len(words) - width + 1)]
    best_start = counts.index(max(counts)) if counts else 0
    shown = slice(best_start, best_start + width)
    window = [f"**{w}**" if hit else w for w, hit in zip(words[shown], hits[shown], strict=True)]
    prefix = "… " if best_start > 0 else ""
    suffix = " …" if best_start + width < len(words) else ""
    return prefix + " ".join(window).replace(" ⏎ ", " / ").replace("⏎", "").strip() + suffix


def _page_ranks(ranked: Sequence[_Ranked]) -> dict[PageKey, tuple[int, int]]:
    """page → (rank of the page, its best chunk)."""
    ranks: dict[PageKey, tuple[int, int]] = {}
    for item in ranked:
        if item.page not in ranks:
            ranks[item.page] = (len(ranks) + 1, item.chunk_id)
    return ranks


async def _describe_pages(session: AsyncSession, shown: dict[PageKey, int]) -> dict[PageKey, PageRow]:
    """page → (accession, ticker, form, period end, label, text of the chunk shown for it), for the pages of
    `shown` (page → chunk): one round trip."""
    if not shown:
        return {}
    rows = await session.execute(
        text(
            "SELECT w.filing_id, w.page_no, f.accession, f.ticker, f.form, f.period_end, p.label, c.text "
            "FROM unnest(CAST(:filings AS integer[]), CAST(:pages AS integer[]), CAST(:chunks AS integer[])) "
            "AS w(filing_id, page_no, chunk_id) "
            "JOIN pages p ON p.filing_id = w.filing_id AND p.page_no = w.page_no "
            "JOIN filings f ON f.id = w.filing_id "
            "JOIN chunks c ON c.id = w.chunk_id"
        ),
        {
            "filings": [page[0] for page in shown],
            "pages": [page[1] for page in shown],
            "chunks": list(shown.values()),
        },
    )
    return {(row[0], row[1]): (row[2], row[3], row[4], row[5], row[6], row[7]) for row in rows}


EmbedderProvider = Callable[[], Embedder]


def _weight(ranking: str, understanding: QueryUnderstanding) -> float:
    """A ranking's weight in the fusion: the dense one counts less for figures from statements, where
    MiniLM reads a table row no better than a neighbour row (measured in bench/retrieval.py)."""
    if ranking == "dense" and understanding.statement is not None:
        return DENSE_WEIGHT_FOR_FIGURES
    return 1.0


def _query_vector(query: str, provider: EmbedderProvider) -> list[float]:
    """In a worker thread: the first call loads the model (seconds)."""
    return provider().embed([query])[0]


@contextlib.asynccontextmanager
async def _embedding(
    query: str, mode: Mode, embedder: EmbedderProvider
) -> AsyncIterator["asyncio.Future[list[float]] | None"]:
    """The query's embedding, started first in a worker thread: it is the slowest step of a search, and
    overlaps all the others (one hop to the thread pool, model included; no task around it)."""
    vector_task = (
        asyncio.get_running_loop().run_in_executor(None, _query_vector, query, embedder)
        if mode != "bm25"
        else None
    )
    try:
        yield vector_task
    finally:
        if vector_task is not None:
            vector_task.cancel()  # nothing once awaited; else (an early return, an error) no one waits


class Retriever:
    """Hybrid search over one database, shaped by its caller's settings (BM25's k1 and b, the fusion's k, the
    candidates per ranking, whether pgvector may compute distances).

    It also holds what is kept warm for that database between searches (the catalog, the pages with tagged
    cells, the in-process vectors), so whoever owns the database's engine owns one: the API per app, the
    command line and the MCP server per process.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.catalog = CatalogCache()
        self._vectors = InMemoryVectors()
        self._distances_in_database = pgvector_distances_safe(settings)
        self._tagged: dict[tuple[tuple[object, ...], tuple[int, ...] | None], frozenset[PageKey]] = {}

    async def search(
        self,
        session: AsyncSession,
        query: str,
        *,
        limit: int = 5,
        mode: Mode = "hybrid",
        catalog: Catalog | None = None,
        embedder: EmbedderProvider = get_embedder,
        filters: Filters | None = None,
    ) -> SearchResult:
        """The best pages for `query`, understood here as the pipeline understands a question (for callers
        that have only the words: the command line, the API's and MCP's search, the benches)."""
        async with _embedding(query, mode, embedder) as vector_task:
            catalog = catalog if catalog is not None else await self.catalog.get(session)
            understanding = understand(query, catalog, filters)
            return await self._search(session, understanding, catalog, limit, mode, vector_task)

    async def search_understood(
        self,
        session: AsyncSession,
        understanding: QueryUnderstanding,
        catalog: Catalog,
        *,
        limit: int = 5,
        mode: Mode = "hybrid",
        embedder: EmbedderProvider = get_embedder,
    ) -> SearchResult:
        """The best pages for a question already understood (the pipeline's one understanding, the
        request's filters included): nothing outside the filings it allows is ranked."""
        async with _embedding(understanding.query, mode, embedder) as vector_task:
            return await self._search(session, understanding, catalog, limit, mode, vector_task)

    async def rank_bm25(
        self, session: AsyncSession, terms: Sequence[str], filing_ids: Sequence[int] | None, limit: int
    ) -> list[_Ranked]:
        hits = await search_bm25(
            session,
            terms,
            filing_ids=filing_ids,
            limit=limit,
            k1=self.settings.bm25_k1,
            b=self.settings.bm25_b,
        )
        return [_Ranked(hit.chunk_id, (hit.filing_id, hit.page_no)) for hit in hits]

    async def tagged_pages(
        self, session: AsyncSession, filing_ids: Sequence[int] | None
    ) -> frozenset[PageKey]:
        """Pages holding a table cell linked to an XBRL fact: the figures table QA can check against a tag.

        Kept for the catalog's version of the filings: only an ingest changes them."""
        version = self.catalog.version
        key = (version or (), None if filing_ids is None else tuple(sorted(filing_ids)))
        if version is not None and key in self._tagged:
            return self._tagged[key]
        own = "" if filing_ids is None else " AND filing_id = ANY(CAST(:ids AS integer[]))"
        rows = await session.execute(
            text(f"SELECT DISTINCT filing_id, page_no FROM cells WHERE concept IS NOT NULL{own}"),
            {} if filing_ids is None else {"ids": list(filing_ids)},
        )
        pages = frozenset((filing_id, page_no) for filing_id, page_no in rows)
        if version is not None:
            if any(cached != version for cached, _ in self._tagged):
                self._tagged.clear()  # the filings changed: every entry is stale
            self._tagged[key] = pages
        return pages

    async def rank_dense(
        self,
        session: AsyncSession,
        vector: Sequence[float],
        filing_ids: Sequence[int] | None,
        limit: int,
        local: VectorSnapshot | None = None,
    ) -> list[_Ranked]:
        """Nearest chunks by cosine distance: exact over the filtered filings (a few thousand vectors at
        most), through the HNSW index when unfiltered (iterative scan, so a filter never starves the list). In
        process where the database's pgvector cannot compute distances (see `index.vectors`): over `local`
        when the caller took the filings' vectors already."""
        if filing_ids is not None and not filing_ids:
            return []
        if not self._distances_in_database:
            local = local if local is not None else await self._vectors.snapshot(session, filing_ids)
            return [_Ranked(n.chunk_id, (n.filing_id, n.page_no)) for n in local.nearest(vector, limit)]
        params: dict[str, object] = {"q": vector_literal(vector), "limit": limit}
        if filing_ids is not None:
            params["ids"] = list(filing_ids)
            sql = (
                "WITH candidates AS MATERIALIZED (SELECT id, filing_id, page_no, embedding FROM chunks "
                "WHERE filing_id = ANY(CAST(:ids AS integer[])) AND embedding IS NOT NULL) "
                "SELECT id, filing_id, page_no FROM candidates "
                "ORDER BY embedding <=> CAST(:q AS vector), id LIMIT :limit"
            )
        else:
            await session.execute(text("SET LOCAL hnsw.iterative_scan = relaxed_order"))
            await session.execute(text(f"SET LOCAL hnsw.ef_search = {max(40, 2 * limit)}"))
            sql = (
                "SELECT id, filing_id, page_no FROM chunks WHERE embedding IS NOT NULL "
                "ORDER BY embedding <=> CAST(:q AS vector) LIMIT :limit"
            )
        rows = await session.execute(text(sql), params)
        return [_Ranked(chunk_id, (filing_id, page_no)) for chunk_id, filing_id, page_no in rows]

    async def _rankings(
        self,
        session: AsyncSession,
        mode: Mode,
        vector_task: "asyncio.Future[list[float]] | None",
        terms: Sequence[str],
        filing_ids: Sequence[int] | None,
        candidates: int,
        figures: bool,
        warnings: list[str],
    ) -> dict[str, list[_Ranked]]:
        """The chunk rankings the mode asks for, BM25 standing in for a dense ranking that cannot be had.

        The round trips that do not need the query's embedding run while it is computed (`vector_task`, a
        thread): BM25 and the in-process vectors' check, so that numpy alone is left once it is ready."""
        rankings: dict[str, list[_Ranked]] = {}
        if mode == "hybrid" and figures:
            deeper = await self.rank_bm25(session, terms, filing_ids, TAGGED_DEPTH * candidates)
            tagged = await self.tagged_pages(session, filing_ids)
            rankings["bm25"] = deeper[:candidates]
            rankings["tagged"] = [item for item in deeper if item.page in tagged][:candidates]
        elif mode in ("hybrid", "bm25"):
            rankings["bm25"] = await self.rank_bm25(session, terms, filing_ids, candidates)
        if vector_task is None:
            return rankings
        local = None if self._distances_in_database else await self._vectors.snapshot(session, filing_ids)
        try:
            vector = await vector_task
        except EmbeddingUnavailable as error:
            warnings.append(f"embedding model unavailable: BM25 only ({error})")
        else:
            dense = await self.rank_dense(session, vector, filing_ids, candidates, local)
            if dense:
                rankings["dense"] = dense
                return rankings
            warnings.append("no chunk has an embedding yet: BM25 only")
        if "bm25" not in rankings:
            rankings["bm25"] = await self.rank_bm25(session, terms, filing_ids, candidates)
        return rankings

    async def _page_hits(
        self,
        session: AsyncSession,
        rankings: dict[str, list[_Ranked]],
        understanding: QueryUnderstanding,
        terms: Sequence[str],
        limit: int,
    ) -> list[PageHit]:
        page_ranks = {name: _page_ranks(ranked) for name, ranked in rankings.items()}
        fused = reciprocal_rank_fusion(
            [best_first_unique([item.page for item in ranked]) for ranked in rankings.values()],
            k=self.settings.rrf_k,
            weights=[_weight(name, understanding) for name in rankings],
        )[:limit]
        # the chunk shown for a page: its best BM25 chunk (holding the query's words), else its best dense one
        best_chunk = {
            page: next(ranks[page][1] for ranks in page_ranks.values() if page in ranks) for page, _ in fused
        }
        described = await _describe_pages(session, best_chunk)
        hits = []
        for page, score in fused:
            accession, ticker, form, period_end, label, body = described[page]
            chunk_id = best_chunk[page]
            hits.append(
                PageHit(
                    filing_id=page[0], accession=accession, ticker=ticker, form=form, period_end=period_end,
                    page_no=page[1], label=label, score=score, snippet=highlight(body, terms),
                    chunk_id=chunk_id,
                    bm25_rank=page_ranks.get("bm25", {}).get(page, (None, 0))[0],
                    dense_rank=page_ranks.get("dense", {}).get(page, (None, 0))[0],
                )
            )  # fmt: skip
        return hits

    async def _search(
        self,
        session: AsyncSession,
        understanding: QueryUnderstanding,
        catalog: Catalog,
        limit: int,
        mode: Mode,
        vector_task: "asyncio.Future[list[float]] | None",
    ) -> SearchResult:
        query = understanding.query
        warnings: list[str] = []
        if understanding.out_of_scope:
            warnings.append(f"out of scope: {understanding.out_of_scope}")
        if (understanding.unknown_companies and not understanding.companies) or understanding.outside_filters:
            return SearchResult(query, understanding, (), mode, [], warnings)
        selection = select_filings(understanding, catalog)
        warnings.extend(selection.notes)
        terms = query_terms(understanding)
        candidates = max(self.settings.retrieval_candidates, limit)
        figures = understanding.statement is not None  # a question about a figure of the statements
        rankings = await self._rankings(
            session, mode, vector_task, terms, selection.filing_ids, candidates, figures, warnings
        )
        used: Mode = (
            "hybrid" if {"bm25", "dense"} <= rankings.keys() else ("dense" if "dense" in rankings else "bm25")
        )
        hits = await self._page_hits(session, rankings, understanding, terms, limit)
        return SearchResult(query, understanding, selection.filing_ids, used, hits, warnings)
