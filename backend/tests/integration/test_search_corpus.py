"""Hybrid search over the ingested corpus: filters first, the page holding the answer's cell ranked high."""

import pytest
from sqlalchemy import select

from filingproof.agent.service import Pipeline
from filingproof.db.models import Cell, Filing, XbrlFact
from filingproof.db.session import session_scope
from filingproof.index.embed import Embedder, EmbeddingUnavailable


async def _tagged_pages(ticker: str, form: str, concept: str, label: str) -> set[tuple[int, int]]:
    """Pages showing a cell tagged with `concept` whose row reads `label` (the expected answer's pages)."""
    async with session_scope() as session:
        rows = await session.execute(
            select(Filing.id, Cell.page_no)
            .join(Cell, Cell.filing_id == Filing.id)
            .join(XbrlFact, XbrlFact.cell_id == Cell.id)
            .where(
                Filing.ticker == ticker,
                Filing.form == form,
                XbrlFact.concept == concept,
                Cell.row_label == label,
            )
        )
        return {(filing_id, page_no) for filing_id, page_no in rows}


@pytest.mark.parametrize(
    ("query", "ticker", "form", "concept", "label"),
    [
        (
            "AAPL total net sales FY24",
            "AAPL",
            "10-K",
            "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
            "Total net sales",
        ),
        ("nvda net income fy2025", "NVDA", "10-K", "us-gaap:NetIncomeLoss", "Net income"),
    ],
)
async def test_the_answer_page_is_in_the_top_three(
    ingested_corpus: object, pipeline: Pipeline, query: str, ticker: str, form: str, concept: str, label: str
) -> None:
    expected = await _tagged_pages(ticker, form, concept, label)
    assert expected
    async with session_scope() as session:
        result = await pipeline.retriever.search(session, query, limit=3)
    assert {hit.ticker for hit in result.hits} == {ticker}  # the filter ran before ranking
    assert {(hit.filing_id, hit.page_no) for hit in result.hits} & expected


async def test_without_the_model_search_falls_back_to_bm25_with_a_warning(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    def unavailable() -> Embedder:
        raise EmbeddingUnavailable("model files missing")

    async with session_scope() as session:
        result = await pipeline.retriever.search(
            session, "Apple total net sales 2024", limit=3, embedder=unavailable
        )
    assert result.mode == "bm25"
    assert any("BM25" in warning for warning in result.warnings)
    assert result.hits


async def test_a_company_not_ingested_is_flagged_with_what_is_covered(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    async with session_scope() as session:
        result = await pipeline.retriever.search(session, "Microsoft revenue 2024", limit=3)
    assert result.hits == []
    assert result.understanding.out_of_scope
    assert result.understanding.out_of_scope is not None and "Microsoft" in result.understanding.out_of_scope
    assert "AAPL: 10-K FY2024, 10-Q Q2 FY2025" in result.understanding.covered
