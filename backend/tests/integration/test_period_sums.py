"""Periods filings seldom print, answered from the corpus filings as sums of the periods they do print:
trailing twelve months (the 10-K's year plus the 10-Q's year to date less its comparative), a second half
(the year less the first half a later 10-Q prints as its comparative), and a fourth quarter that needs a
nine-month figure no ingested filing has (refused, naming it, never the year's figure instead)."""

from decimal import Decimal

import pytest

from filingproof.agent.response import Figure, QueryResponse
from filingproof.agent.service import Pipeline

pytestmark = pytest.mark.usefixtures("ingested_corpus")


def _summed(response: QueryResponse) -> Figure:
    (figure,) = [f for f in response.figures if f.source.derivation is not None]
    assert figure.source.derivation is not None and figure.source.derivation.kind == "period"
    return figure


def _cited_values(response: QueryResponse) -> set[Decimal]:
    return {
        Decimal(str(figure.value)).scaleb(-6)
        for figure in response.figures
        if figure.source.derivation is None
    }


@pytest.mark.parametrize(
    "question",
    ["AAPL TTM rev as of March 2025", "What were Apple's net sales for the trailing twelve months?"],
)
async def test_apples_trailing_twelve_months_from_its_10k_and_10q(pipeline: Pipeline, question: str) -> None:
    """FY2024 391,035 + six months to March 29, 2025 219,659 − six months to March 30, 2024 210,328."""
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    figure = _summed(response)
    assert Decimal(str(figure.value)) == Decimal(400366).scaleb(6)
    assert _cited_values(response) == {Decimal(391035), Decimal(219659), Decimal(210328)}
    first = response.answer.split(". ")[0]
    assert first.startswith("Apple's")
    assert "for the twelve months ended March 29, 2025 is $400,366 million" in first
    assert (derivation := figure.source.derivation) is not None and derivation.formula.count("-") == 1


async def test_nvidias_second_half_is_its_year_less_the_first_half_a_later_10q_prints(
    pipeline: Pipeline,
) -> None:
    """FY2025 130,497 (10-K) − six months to July 28, 2024 56,084 (the July 2025 10-Q's comparative)."""
    response = await pipeline.run("NVIDIA H2 FY2025 revenue")
    assert response.status == "verified", response.answer
    assert Decimal(str(_summed(response).value)) == Decimal(74413).scaleb(6)
    assert "six months ended January 26, 2025" in response.answer
    assert _cited_values(response) == {Decimal(130497), Decimal(56084)}


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        ("Meta Q4 2024 revenue", "nine months ended September 30, 2024"),
        ("Tesla revenue second half of 2024", "six months ended June 30, 2024"),
    ],
)
async def test_a_sum_missing_a_period_names_it_and_gives_no_figure(
    pipeline: Pipeline, question: str, missing: str
) -> None:
    response = await pipeline.run(question)
    assert response.status == "refused", response.answer
    assert missing in response.answer
    assert not response.figures
