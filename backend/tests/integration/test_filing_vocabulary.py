"""Items outside the curated list, resolved against the filing's own vocabulary, through the pipeline on the
real corpus. Expected values are the filings' XBRL facts (consolidated, fiscal 2024)."""

from decimal import Decimal

import pytest
from sqlalchemy import text

from filingproof.agent.service import Pipeline
from filingproof.db.session import session_scope

pytestmark = pytest.mark.corpus


async def consolidated(ticker: str, concept: str, year: int) -> set[Decimal]:
    """The values of the company's undimensioned fact for the calendar year `year` (a full-year period)."""
    async with session_scope() as session:
        rows = await session.execute(
            text(
                "SELECT DISTINCT x.value FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id "
                "WHERE f.ticker = :ticker AND x.concept = :concept "
                "AND EXTRACT(YEAR FROM x.period_end) = :year "
                "AND NOT x.instant AND x.period_end - x.period_start > 300 AND x.dimensions = '{}'::jsonb"
            ),
            {"ticker": ticker, "concept": concept, "year": year},
        )
        return {row.value for row in rows}


@pytest.mark.parametrize(
    ("question", "ticker", "concept"),
    [
        (
            "What was Meta's income before provision for income taxes in 2024?",
            "META",
            "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest",
        ),
        ("How much did Coca-Cola pay in dividends in 2024?", "KO", "us-gaap:PaymentsOfDividends"),
    ],
)
async def test_a_line_outside_the_curated_items_is_answered_and_verified(
    ingested_corpus: object, pipeline: Pipeline, question: str, ticker: str, concept: str
) -> None:
    expected = await consolidated(ticker, concept, 2024)
    assert len(expected) == 1
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    assert {abs(Decimal(str(figure.value))) for figure in response.figures} == {abs(v) for v in expected}


async def test_a_printed_ratio_is_read_as_its_cell(ingested_corpus: object, pipeline: Pipeline) -> None:
    fractions = await consolidated("GOOGL", "us-gaap:EffectiveIncomeTaxRateContinuingOperations", 2024)
    assert len(fractions) == 1  # the fact is a fraction (0.164); the cell prints percent points (16.4)
    response = await pipeline.run("What was Alphabet's effective tax rate in 2024?")
    assert response.status == "verified", response.answer
    assert [figure.unit for figure in response.figures] == ["percent"]
    assert Decimal(str(response.figures[0].value)) == fractions.pop() * 100
