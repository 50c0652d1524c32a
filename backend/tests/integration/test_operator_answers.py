"""Two lines an operator the question writes joins, answered over the corpus's filings: each line picked as
the question words it, the arithmetic derived from the two cited cells and checked again by the verifier,
and the sentence naming both lines ("A plus B", "A minus B", "A as a percentage of B")."""

from decimal import Decimal

import pytest

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline

pytestmark = pytest.mark.usefixtures("ingested_corpus")


def _computed(response: QueryResponse) -> tuple[str, Decimal]:
    (figure,) = [f for f in response.figures if f.source.derivation is not None]
    return figure.text, Decimal(str(figure.value))


def _values(response: QueryResponse) -> set[Decimal]:
    return {Decimal(str(f.value)) for f in response.figures if f.source.derivation is None}


@pytest.mark.parametrize(
    "question",
    ["Apple total current assets minus total current liabilities at Sept 28 2024",
     "what's the difference between Apple's total current assets and total current liabilities at FYE 2024?"],
)  # fmt: skip
async def test_one_line_minus_another_of_one_company(pipeline: Pipeline, question: str) -> None:
    """Apple's 10-K balance sheet: total current assets 152,987, total current liabilities 176,392."""
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    assert _values(response) == {Decimal("152987000000"), Decimal("176392000000")}
    assert _computed(response) == ("-$23,405 million", Decimal("-23405000000"))
    assert "total current assets minus total current liabilities as of September 28, 2024" in response.answer


async def test_two_lines_added(pipeline: Pipeline) -> None:
    """Tesla's FY2024 automotive sales 72,480 and automotive leasing 1,827."""
    response = await pipeline.run("TSLA 2024 automotive sales + automotive leasing revenue")
    assert response.status == "verified", response.answer
    assert _values(response) == {Decimal("72480000000"), Decimal("1827000000")}
    assert _computed(response) == ("$74,307 million", Decimal("74307000000"))
    assert "automotive sales plus automotive leasing revenue" in response.answer


async def test_a_ratio_asked_in_percent_is_a_percentage(pipeline: Pipeline) -> None:
    """Coca-Cola's FY2024 income taxes 2,437 over income before income taxes 13,086: 18.6 %."""
    question = "what was coke's income taxes divided by income before income taxes in 2024, as a %"
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    assert _values(response) == {Decimal("2437000000"), Decimal("13086000000")}
    text, value = _computed(response)
    assert text == "18.6%"
    assert abs(value - Decimal("18.62")) < Decimal("0.01")


async def test_lines_joined_without_one_of_them_give_no_figure(pipeline: Pipeline) -> None:
    """The line found answers no question asked: no figure at all, not Tesla's automotive sales alone."""
    response = await pipeline.run("TSLA 2024 automotive sales + flux capacitor revenue")
    assert response.status == "refused", response.answer
    assert not response.figures


async def test_a_parts_gross_margin_is_computed_where_no_gross_profit_is_printed_for_it(
    pipeline: Pipeline,
) -> None:
    """Tesla's FY2024 10-K prints "Services and other" under revenues (10,534) and under cost of revenues
    (9,921), and no gross profit for it: its gross margin is (10,534 - 9,921) / 10,534."""
    response = await pipeline.run("TSLA svcs & other GM% FY24")
    assert response.status == "verified", response.answer
    assert _values(response) == {Decimal("10534000000"), Decimal("9921000000")}
    text, value = _computed(response)
    assert text == "5.8%" and round(value, 2) == Decimal("5.82")
