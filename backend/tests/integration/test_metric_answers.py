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
from filingproof.evals.financebench import MODES, grade, load_items
from filingproof.evals.gold import gold_path

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


@pytest.fixture(scope="module")
async def mmm_2018(settings: Settings, sessions: Sessions, shared_dir: Path) -> AsyncIterator[int]:
    result = await ingest_pdf(settings, sessions, shared_dir / "financebench" / "pdfs" / "3M_2018_10K.pdf")
    yield result.filing_id
    await remove_filing(settings, result.filing_id)


# the held-back records on 3M's FY2018 10-K, with the figure each must give (computed by hand, pages 56-60)
HELD_BACK_FIGURES = {
    "heldout_001": "55.32",  # DSO: 365 × (5,020 + 4,911) / 2 / 32,765, a label "net of allowances of $95…"
    "heldout_003": "28.2%",  # FY2016 EBITDA margin: (7,027 + 1,474) / 30,109, "3M's EBITDA …" in a sentence
    "heldout_002": "59.7%",  # payout stated over "cash dividends paid": 3,193 / 5,349, pages 56 and 60
}


async def test_held_back_questions_on_a_pdf_the_rules_were_not_written_for(
    pipeline: Pipeline, mmm_2018: int
) -> None:
    """3M's records of the held-back set, in both modes: each is right at its gold's precision or gives no
    figure, and none is wrong and verified; the allowances printed in the receivables' label are not the
    receivables."""
    items = [item for item in load_items(gold_path("financebench_heldout")) if item.doc_name == "3M_2018_10K"]
    assert {item.financebench_id for item in items} >= set(HELD_BACK_FIGURES)
    for item in items:
        for mode in MODES:
            filters = QueryFilters(filing_id=mmm_2018) if mode == "per-filing" else None
            response = await pipeline.run(item.question, filters)
            graded = grade(item, mode, response, 0.0)
            assert not graded.result.wrong_verified, (item.financebench_id, response.answer)
            if item.financebench_id in HELD_BACK_FIGURES:
                assert response.status == "verified", response.answer
                assert (graded.figure, graded.label) == (
                    HELD_BACK_FIGURES[item.financebench_id],
                    "Correct Answer",
                )


async def test_a_ratio_asked_in_percents_is_written_as_a_percent(pipeline: Pipeline, mmm_2018: int) -> None:
    """ROA is a ratio (0.1436); asked "in units of percents" it is written 14.36%: 5,349 / ((36,500 +
    37,987) / 2), pages 56 and 58."""
    question = (
        "What is 3M's FY2018 return on assets? ROA is defined as: FY2018 net income / (average total assets "
        "between FY2017 and FY2018). Answer in units of percents and round to two decimal places."
    )
    response = await pipeline.run(question, QueryFilters(filing_id=mmm_2018))
    assert response.status == "verified", response.answer
    assert _computed(response).text == "14.36%"


async def test_a_one_year_margin_asked_in_percents_is_the_ratio(pipeline: Pipeline, mmm_2018: int) -> None:
    """A "gross margin" also names the gross-profit line in dollars; asked in percents it is the ratio:
    (32,765 − 16,682) / 32,765 = 49.1%, page 56."""
    question = (
        "What was 3M's gross margin in FY2018? Answer in units of percents and round to one decimal place."
    )
    response = await pipeline.run(question, QueryFilters(filing_id=mmm_2018))
    assert response.status == "verified", response.answer
    assert _computed(response).text == "49.1%"


@pytest.fixture(scope="module")
async def boeing_2018(settings: Settings, sessions: Sessions, shared_dir: Path) -> AsyncIterator[int]:
    result = await ingest_pdf(
        settings, sessions, shared_dir / "financebench" / "pdfs" / "BOEING_2018_10K.pdf"
    )
    yield result.filing_id
    await remove_filing(settings, result.filing_id)


async def test_a_share_paid_out_is_of_the_payments_magnitude(pipeline: Pipeline, boeing_2018: int) -> None:
    """Held-back C's Boeing payout: "Dividends paid (3,946)" of net earnings of $10,460 million is 37.7%
    (pages 53 and 48), not −37.7%: a payment printed as an outflow is paid in its magnitude."""
    (item,) = [
        i for i in load_items(gold_path("financebench_heldout_c")) if i.financebench_id == "heldout_c_013"
    ]
    response = await pipeline.run(item.question, QueryFilters(filing_id=boeing_2018))
    assert response.status == "verified", response.answer
    assert _computed(response).text == "37.7%"
    assert grade(item, "per-filing", response, 0.0).label == "Correct Answer"
