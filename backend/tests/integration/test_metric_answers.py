"""Analyst metrics answered by the pipeline from real filings: FinanceBench's Amazon FY2017 10-K PDF
(ingested for this module, then removed) and the corpus's Amazon 10-K filings (HTML).

Stated definitions are computed from the statement cells, verified by re-deriving the formula from the
cited cells; an input of a year no ingested filing prints is named and no figure is given; balances of a
year before a filing's earliest column come from the company's other filing.
"""

from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest
from stored_pdf import ingest_pdf, remove_filing

from filingproof.agent.response import Figure, QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.config import Settings
from filingproof.db.session import Sessions

pytestmark = pytest.mark.usefixtures("ingested_corpus")

DPO = (
    "What is Amazon's FY{year} days payable outstanding (DPO)? DPO is defined as: 365 * (average accounts "
    "payable between FY{before} and FY{year}) / (FY{year} COGS + change in inventory between FY{before} and "
    "FY{year}). Round your answer to two decimal places."
)


@pytest.fixture(scope="module")
async def amazon_2017(settings: Settings, sessions: Sessions, shared_dir: Path) -> AsyncIterator[int]:
    result = await ingest_pdf(
        settings, sessions, shared_dir / "financebench" / "pdfs" / "AMAZON_2017_10K.pdf"
    )
    yield result.filing_id
    await remove_filing(settings, result.filing_id)


def _computed(response: QueryResponse) -> Figure:
    (figure,) = [f for f in response.figures if f.source.derivation is not None]
    return figure


async def test_dpo_from_the_pdf_in_both_modes(pipeline: Pipeline, amazon_2017: int) -> None:
    """365 × average(25,309, 34,616) / (111,934 + 16,047 − 11,461) = 93.86 (pages 38 and 40)."""
    question = DPO.format(year=2017, before=2016)
    for filters in (None, QueryFilters(filing_id=amazon_2017)):
        response = await pipeline.run(question, filters)
        assert response.status == "verified", response.answer
        figure = _computed(response)
        assert figure.text == "93.86"
        assert Decimal(str(figure.value)).quantize(Decimal("0.0001")) == Decimal("93.8578")
        derivation = figure.source.derivation
        assert derivation is not None and derivation.kind == "formula"
        assert derivation.formula.startswith("(365 * avg([")
        cited = {(c.page_no, cell.label) for c in response.citations for cell in c.cells}
        assert {(40, "Accounts payable"), (38, "Cost of sales"), (40, "Inventories")} <= cited


async def test_a_missing_year_is_named_and_no_figure_given(pipeline: Pipeline, amazon_2017: int) -> None:
    """FY2016's DPO needs the balances at the end of FY2015, which no ingested filing prints (the FY2017
    10-K's balance sheet starts at 2016): refused, naming them, nothing extrapolated."""
    response = await pipeline.run(DPO.format(year=2016, before=2015), QueryFilters(filing_id=amazon_2017))
    assert response.status == "refused"
    assert response.figures == []
    assert "accounts payable for fiscal 2015" in response.answer


async def test_balances_of_an_earlier_year_come_from_the_earlier_filing(pipeline: Pipeline) -> None:
    """The FY2024 10-K's balance sheet starts at FY2023: the FY2022 balance is the FY2023 10-K's."""
    question = (
        "What is Amazon's FY2024 asset turnover ratio? Asset turnover ratio is defined as: FY2024 revenue / "
        "(average total assets between FY2022 and FY2024). Round your answer to two decimal places."
    )
    response = await pipeline.run(question)
    assert response.status == "verified", response.answer
    figure = _computed(response)
    # 637,959 / ((462,675 + 527,854 + 624,894) / 3)
    assert figure.text == "1.18x"
    assert {citation.period_end.year for citation in response.citations} == {2023, 2024}
