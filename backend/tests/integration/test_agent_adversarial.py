"""Adversarial drafts against the verifier, on real cells of the ingested corpus: each case one test.

The cited set is what table QA would cite for "Apple's total net sales in fiscal 2024" (one cell), 3M's Q2
2023 net loss, and NVIDIA's revenue growth; the traps are the figures a careless verifier lets through.
"""

from collections.abc import Sequence
from datetime import date, timedelta

import pytest

from filingproof.db.session import session_scope
from filingproof.qa.store import CellHit, tagged_cells
from filingproof.verify import CitedValue, Derivation, derive, verify_draft

pytestmark = pytest.mark.corpus

REVENUE = ("us-gaap:Revenues", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax")


async def _cell(ticker: str, concepts: Sequence[str], end: date, days: int | None) -> CellHit:
    async with session_scope() as session:
        cells = await tagged_cells(session, [ticker], concepts)
    for cell in cells:
        if cell.dimensions or abs(cell.period_end - end) > timedelta(days=7):
            continue
        if days is None and cell.instant:
            return cell
        if (
            days is not None
            and cell.period_start
            and abs((cell.period_end - cell.period_start).days - days) < 20
        ):
            return cell
    raise AssertionError(f"no {ticker} {concepts} cell for {end}")


async def apple(year: int) -> CitedValue:
    end = {2024: date(2024, 9, 28), 2023: date(2023, 9, 30)}[year]
    return (await _cell("AAPL", REVENUE, end, 364)).cited()


async def nvidia(year: int) -> CitedValue:
    end = {2025: date(2025, 1, 26), 2024: date(2024, 1, 28)}[year]
    return (await _cell("NVDA", REVENUE, end, 364)).cited()


async def mmm_loss() -> CitedValue:
    return (await _cell("MMM", ("us-gaap:NetIncomeLoss",), date(2023, 6, 30), 90)).cited()


async def apple_assets() -> CitedValue:
    return (await _cell("AAPL", ("us-gaap:Assets",), date(2024, 9, 28), None)).cited()


@pytest.mark.parametrize(
    "draft",
    [
        "Apple's total net sales were $391,035 million [c].",
        "Apple's total net sales were $391.0 billion.",
        "Apple's total net sales were $391 billion.",
        "Apple's total net sales were 391,035 (in millions).",
        "Apple's total net sales were $391,035,000,000.",
        "Total net sales for fiscal 2024 were $391.04 billion.",
    ],
)
async def test_correct_rephrasings_pass(ingested_corpus: object, draft: str) -> None:
    assert verify_draft(draft, [await apple(2024)]).ok


@pytest.mark.parametrize(
    ("draft", "why"),
    [
        ("Apple's total net sales were $383,285 million.", "the previous year's value from the same row"),
        ("Apple's total net sales were $383.3 billion.", "the previous year's value, rounded"),
        ("Apple's total net sales were $391,035 billion.", "right digits at the wrong scale"),
        ("Apple's total net sales were $391,035 thousand.", "right digits at the wrong scale"),
        ("Apple's total net sales were $399 billion.", "2% off"),
        ("Apple's total net sales were $408 billion.", "4% off"),
        ("Apple's total net sales were -$391.0 billion.", "a sign that is not there"),
        ("Apple's total net sales were 391.0%.", "a percent for a currency value"),
        ("Apple's total assets were $365.0 billion.", "a figure from an uncited cell and page"),
    ],
)
async def test_traps_fail(ingested_corpus: object, draft: str, why: str) -> None:
    assert not verify_draft(draft, [await apple(2024)]).ok, why


async def test_fiscal_year_not_backed_by_the_cited_period_fails(ingested_corpus: object) -> None:
    verdict = verify_draft("Total net sales for fiscal 2023 were $391.0 billion.", [await apple(2024)])
    assert not verdict.ok and verdict.failed[0].kind == "period"


async def test_a_dropped_sign_fails(ingested_corpus: object) -> None:
    loss = await mmm_loss()
    assert loss.value < 0
    assert not verify_draft("3M's net income was $6,841 million.", [loss]).ok
    assert verify_draft("3M's net income was -$6,841 million.", [loss]).ok
    assert verify_draft("3M reported a net loss of $6,841 million.", [loss]).ok
    assert verify_draft("3M's net income was $(6,841) million.", [loss]).ok


async def _growth() -> tuple[CitedValue, CitedValue, Derivation]:
    earlier, later = await nvidia(2024), await nvidia(2025)
    return earlier, later, derive("growth", [earlier, later])


async def test_growth_written_as_percent_passes_and_as_x_fails(ingested_corpus: object) -> None:
    earlier, later, growth = await _growth()
    assert verify_draft("Revenue grew 114.2%.", [earlier, later], [growth]).ok
    assert not verify_draft("Revenue grew 114.2x.", [earlier, later], [growth]).ok


async def test_a_derivation_whose_inputs_were_not_cited_fails(ingested_corpus: object) -> None:
    _, later, growth = await _growth()
    assert not verify_draft("Revenue grew 114.2%.", [later], [growth]).ok


async def test_a_derivation_with_a_wrong_result_fails(ingested_corpus: object) -> None:
    earlier, later, growth = await _growth()
    forged = Derivation(growth.kind, growth.formula, growth.inputs, growth.value + 10, growth.unit)
    verdict = verify_draft("Revenue grew 124.2%.", [earlier, later], [forged])
    assert not verdict.ok
    assert any(failure.kind == "derivation" for failure in verdict.failed)


async def test_a_growth_figure_without_any_derivation_fails(ingested_corpus: object) -> None:
    earlier, later, _ = await _growth()
    assert not verify_draft("Revenue grew 114.2%.", [earlier, later]).ok


async def test_citing_the_right_cell_does_not_rescue_an_uncited_one(ingested_corpus: object) -> None:
    assets = await apple_assets()
    assert verify_draft("Total assets were $365.0 billion.", [assets]).ok
    assert not verify_draft("Total assets were $365.0 billion and net sales $391.0 billion.", [assets]).ok


# Numbers the extractor used to miss (issue 20): each must be held to a cell or fail the draft.


@pytest.mark.parametrize(
    ("draft", "why"),
    [
        ("Apple's total net sales were USD96,995 million.", "a figure glued to a currency code"),
        ("Apple's total net sales were US96,995m.", "a figure glued to letters"),
        ("Apple's total net sales were $391.0 billion, or ⁹⁶,⁹⁹⁵ in all.", "superscript digits"),
        ("Apple's total net sales were ninety-seven bn.", "a number word with a scale"),
        ("Apple's total net sales grew twelve percent to $391.0 billion.", "a percent in words"),
        ("Apple's total net sales were $391.0 billion (Note 96995).", "a figure disguised as a note"),
        ("Apple's total net sales roughly doubled to $391.0 billion.", "a multiple in words"),
        ("Apple's total net sales were $391.0 billion, a record.", "a record claimed"),
        ("Apple's total net sales were ３９９ billion dollars.", "fullwidth digits, 2% off"),
        ("Apple's total net sales were €391.0 billion.", "another currency"),
    ],
)
async def test_numbers_the_extractor_used_to_miss_fail(ingested_corpus: object, draft: str, why: str) -> None:
    assert not verify_draft(draft, [await apple(2024)]).ok, why


@pytest.mark.parametrize(
    "draft",
    [
        "Apple's total net sales were USD391,035 million.",
        "Apple's total net sales were three hundred ninety-one billion dollars.",
        "Apple's total net sales were three hundred ninety-one point zero billion dollars.",
        "Apple's total net sales were 391 bn dollars.",
        "Apple's total net sales were $３９１.０ billion.",
    ],
)
async def test_right_figures_in_other_words_pass(ingested_corpus: object, draft: str) -> None:
    assert verify_draft(draft, [await apple(2024)]).ok
