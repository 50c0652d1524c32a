"""Running a gold set through the answer pipeline and the retrieval it rests on: one `ItemResult` each.

Each question is answered by the same `Pipeline` every surface uses (so the scores are the product's), the
one the caller gives (its database, settings and writer), and searched with that pipeline's hybrid
retrieval, whose ranking of the item's source filing and page gives hit@k and MRR.
"""

import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from pydantic import BaseModel

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.db.session import transaction
from filingproof.evals.gold import GoldItem
from filingproof.evals.metrics import Outcome, Scored, first_rank, outcome, source_page
from filingproof.retrieval.search import PageHit

RANK_DEPTH = 10  # pages searched per item: a source page below this is "not found"

ProgressCallback = Callable[[int, int], Awaitable[None]]


class FigureResult(BaseModel):
    text: str
    value: float
    unit: str


class ItemResult(BaseModel):
    item_id: str
    kind: str
    question: str
    ticker: str | None
    expected: float | None
    unit: str | None
    status: str
    right: bool
    wrong_verified: bool
    refused: bool
    filing_rank: int | None
    page_rank: int | None
    latency_ms: float
    tokens: int
    cost: float
    answer: str
    figures: list[FigureResult]

    def scored(self, ranked: bool) -> Scored:
        return Scored(
            kind=self.kind,
            outcome=Outcome(self.right, self.wrong_verified, self.refused),
            filing_rank=self.filing_rank,
            page_rank=self.page_rank,
            ranked=ranked,
            latency_ms=self.latency_ms,
            tokens=self.tokens,
            cost=self.cost,
        )


def _ranks(item: GoldItem, hits: Sequence[PageHit]) -> tuple[int | None, int | None]:
    """Rank of the first source filing among the distinct filings hit, and of the first source page."""
    pages = [(h.ticker or "", h.form, h.period_end.isoformat(), h.page_no) for h in hits]
    filings = list(dict.fromkeys(page[:3] for page in pages))
    wanted_pages = {source_page(source) for source in item.sources}
    wanted_filings = {page[:3] for page in wanted_pages}
    return first_rank(filings, wanted_filings), first_rank(pages, wanted_pages)


async def _hits(pipeline: Pipeline, question: str) -> Sequence[PageHit]:
    async with transaction(pipeline.sessions) as session:
        return (await pipeline.retriever.search(session, question, limit=RANK_DEPTH)).hits


def item_result(
    item: GoldItem, response: QueryResponse, latency_ms: float, hits: Sequence[PageHit]
) -> ItemResult:
    cited = [(c.ticker or "", c.form, c.period_end.isoformat(), c.page_no) for c in response.citations]
    scored = outcome(item, response.status, response.figures, cited)
    filing_rank, page_rank = _ranks(item, hits) if item.sources else (None, None)
    tickers = sorted({source.ticker for source in item.sources})
    return ItemResult(
        item_id=item.id,
        kind=item.kind,
        question=item.question,
        ticker=",".join(tickers) or None,
        expected=float(item.expected) if item.expected is not None else None,
        unit=item.unit,
        right=scored.right,
        wrong_verified=scored.wrong_verified,
        refused=scored.refused,
        filing_rank=filing_rank,
        page_rank=page_rank,
        **answered(response, latency_ms),
    )


def answered(response: QueryResponse, latency_ms: float) -> dict[str, Any]:
    """The fields of an `ItemResult` that come from the response itself."""
    return {
        "status": response.status,
        "latency_ms": round(latency_ms, 2),
        "tokens": sum(event.tokens for event in response.trace),
        "cost": response.cost,
        "answer": response.answer,
        "figures": [FigureResult(text=f.text, value=f.value, unit=f.unit) for f in response.figures],
    }


async def evaluate(
    pipeline: Pipeline, items: Sequence[GoldItem], progress: ProgressCallback | None = None
) -> list[ItemResult]:
    """Every item answered and searched, in order; `progress(done, total)` after each."""
    results: list[ItemResult] = []
    for item in items:
        started = time.perf_counter()
        response = await pipeline.run(item.question)
        latency_ms = (time.perf_counter() - started) * 1000
        hits = await _hits(pipeline, item.question) if item.sources else ()
        results.append(item_result(item, response, latency_ms, hits))
        if progress is not None:
            await progress(len(results), len(items))
    return results
