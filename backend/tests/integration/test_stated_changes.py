"""What 8-Ks and earnings releases say in sentences (issue 28): a change computed from two figures the filer
states of one thing, quoted (PepsiCo's credit agreements of May 26, 2023; its raised guidance for 2023); the
outcome of a vote, said in the matter's own lead over its table (PepsiCo's 2023 annual meeting); a new CEO's
experience, said as the roles held before (Foot Locker's 8-K of August 19, 2022). Read from FinanceBench's
PDFs, each ingested for this module, then removed."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from stored_pdf import stored_financebench_pdf

from filingproof.agent.service import Pipeline
from filingproof.config import Settings
from filingproof.db.session import Sessions

pytestmark = pytest.mark.usefixtures("ingested_corpus")


@pytest.fixture(scope="module")
async def pepsico_filings(
    settings: Settings, sessions: Sessions, shared_dir: Path
) -> AsyncIterator[list[int]]:
    names = [
        "PEPSICO_2023_8K_dated-2023-05-30",
        "PEPSICO_2023Q1_EARNINGS",
        "PEPSICO_2023_8K_dated-2023-05-05",
    ]
    async with (
        stored_financebench_pdf(settings, sessions, shared_dir, names[0], True) as credit,
        stored_financebench_pdf(settings, sessions, shared_dir, names[1], True) as release,
        stored_financebench_pdf(settings, sessions, shared_dir, names[2], True) as meeting,
    ):
        yield [credit, release, meeting]


@pytest.fixture(scope="module")
async def foot_locker_report(settings: Settings, sessions: Sessions, shared_dir: Path) -> AsyncIterator[int]:
    async with stored_financebench_pdf(
        settings, sessions, shared_dir, "FOOTLOCKER_2022_8K_dated_2022-08-19", searchable=True
    ) as filing_id:
        yield filing_id


async def test_an_increase_is_computed_from_the_two_amounts_the_filer_states(
    pipeline: Pipeline, pepsico_filings: list[int]
) -> None:
    response = await pipeline.run(
        "By how much did Pepsico increase its unsecured five year revolving credit agreement on May 26, 2023?"
    )
    assert response.status == "quoted", response.answer  # the filer's words: never "verified"
    assert response.answer.startswith(
        "PepsiCo's five year unsecured revolving credit agreement: from $3,800,000,000 to $4,200,000,000, an "
        "increase of $400,000,000 (computed from the figures the filer states, quoted below)."
    )
    (derivation, value) = next(
        (figure.source.derivation, figure.value) for figure in response.figures if figure.source.derivation
    )
    assert (value, derivation.inputs) == (400_000_000, [-1, -2])
    quoted = [quote.sentence for citation in response.citations for quote in citation.quotes]
    assert [sentence[:40] for sentence in quoted] == [
        "Effective May 26, 2023, PepsiCo terminat",
        "On May 26, 2023, PepsiCo entered into a ",
    ]
    assert all("five year" in sentence for sentence in quoted)


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        # the points between a figure and the one the sentence says it was before
        (
            "As of FY2023Q1, by how many percentage points did Pepsico raise full year guidance in respect "
            "of core constant currency EPS growth?",
            "PepsiCo's core constant currency EPS growth: from 8 percent to 9 percent, an increase of 1 "
            "percentage point (computed",
        ),
        # a total of the new things the question names, one amount each
        (
            "As of May 26, 2023, what is the total amount Pepsico may borrow under its unsecured revolving "
            "credit agreements?",
            "PepsiCo's unsecured revolving credit agreements: $4,200,000,000 and $4,200,000,000, "
            "$8,400,000,000 in total (computed",
        ),
    ],
)
async def test_a_figure_is_computed_from_the_figures_the_filer_states(
    pipeline: Pipeline, pepsico_filings: list[int], question: str, opening: str
) -> None:
    response = await pipeline.run(question)
    assert response.status == "quoted", response.answer
    assert response.answer.startswith(opening)


async def test_a_thing_the_filer_states_no_change_of_is_refused(
    pipeline: Pipeline, pepsico_filings: list[int]
) -> None:
    response = await pipeline.run(
        "By how much did Pepsico increase its commercial paper program on May 26, 2023?"
    )
    assert response.status != "quoted" or "computed from the figures the filer states" not in response.answer
    assert not [figure for figure in response.figures if figure.source.derivation is not None]


async def test_a_votes_outcome_is_its_matters_lead(pipeline: Pipeline, pepsico_filings: list[int]) -> None:
    response = await pipeline.run(
        "At the Pepsico AGM held on May 3, 2023, what was the outcome of the shareholder vote on the "
        "shareholder proposal for a congruency report by Pepsico on net-zero emissions policies?"
    )
    assert response.status == "quoted", response.answer
    lead = "(8) The shareholder proposal regarding a congruency report on net-zero emissions policies was"
    assert f"{lead} defeated:" in response.answer


async def test_a_new_ceos_experience_is_the_roles_held_before(
    pipeline: Pipeline, foot_locker_report: int
) -> None:
    response = await pipeline.run(
        "Does Foot Locker's new CEO have previous CEO experience in a similar company to Footlocker?"
    )
    assert response.status == "quoted", response.answer
    assert "former Executive Chair and CEO of Ulta Beauty, Inc." in response.answer
