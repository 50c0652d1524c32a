"""Periods no cell prints, as one line's figures added and subtracted (the values are Apple's and NVIDIA's
net sales from the corpus filings): the period the sum covers, the derivation, and the verifier's hold on
both."""

from datetime import date
from decimal import Decimal

import pytest

from filingproof.verify.cells import CitedValue, PeriodRef
from filingproof.verify.derive import DerivationError, period_sum, recompute, signed_cells
from filingproof.verify.period_sums import combined_period, derived_period
from filingproof.verify.verifier import DerivationSource, verify_draft


def usd_millions(cell_id: int, millions: int, start: date, end: date) -> CitedValue:
    return CitedValue(cell_id, Decimal(millions).scaleb(6), "USD", 6, "duration", start, end)


# Apple: fiscal 2024 and the six months to March of fiscal 2025 and fiscal 2024 (its 10-Q's comparative)
APPLE_FY2024 = usd_millions(1, 391035, date(2023, 10, 1), date(2024, 9, 28))
APPLE_6M_FY2025 = usd_millions(2, 219659, date(2024, 9, 29), date(2025, 3, 29))
APPLE_6M_FY2024 = usd_millions(3, 210328, date(2023, 10, 1), date(2024, 3, 30))
# NVIDIA: fiscal 2025 and its first half (the comparative of the July 2025 10-Q)
NVDA_FY2025 = usd_millions(4, 130497, date(2024, 1, 29), date(2025, 1, 26))
NVDA_H1_FY2025 = usd_millions(5, 56084, date(2024, 1, 29), date(2024, 7, 28))


def test_trailing_twelve_months_are_last_year_plus_this_year_to_date_less_last_year_to_date() -> None:
    ttm = period_sum([APPLE_FY2024, APPLE_6M_FY2025], [APPLE_6M_FY2024])
    assert ttm.kind == "period" and ttm.formula == "[1] + [2] - [3]"
    assert ttm.value == Decimal(400366).scaleb(6)
    periods = {cell.cell_id: cell.period for cell in (APPLE_FY2024, APPLE_6M_FY2025, APPLE_6M_FY2024)}
    assert derived_period(ttm, periods) == PeriodRef("duration", date(2024, 3, 31), date(2025, 3, 29))


def test_the_second_half_is_the_year_less_its_first_half() -> None:
    half = period_sum([NVDA_FY2025], [NVDA_H1_FY2025])
    assert half.value == Decimal(74413).scaleb(6)
    covered = derived_period(half, {4: NVDA_FY2025.period, 5: NVDA_H1_FY2025.period})
    assert covered == PeriodRef("duration", date(2024, 7, 29), date(2025, 1, 26))


def test_edges_a_few_days_apart_are_one_edge() -> None:
    # the year's first day as tagged (December 31) and the nine months' (January 1) are one start: the
    # day between them decides nothing
    year = PeriodRef("duration", date(2023, 12, 31), date(2024, 12, 28))
    nine = PeriodRef("duration", date(2024, 1, 1), date(2024, 9, 28))
    assert combined_period([(1, year), (-1, nine)]) == PeriodRef(
        "duration", date(2024, 9, 29), date(2024, 12, 28)
    )


@pytest.mark.parametrize(
    "terms",
    [
        # two years' change: a year counted +1 and another -1
        [(1, APPLE_FY2024.period), (-1, PeriodRef("duration", date(2022, 9, 25), date(2023, 9, 30)))],
        # a year and its own first half added: the half counted twice
        [(1, NVDA_FY2025.period), (1, NVDA_H1_FY2025.period)],
        # two halves a year apart: a gap between them
        [(1, NVDA_H1_FY2025.period), (1, APPLE_6M_FY2025.period)],
        # a balance is no period
        [(1, PeriodRef("instant", None, date(2025, 1, 26)))],
        # the same period less itself: no days
        [(1, NVDA_FY2025.period), (-1, NVDA_FY2025.period)],
    ],
)
def test_sums_that_make_no_single_period(terms: list[tuple[int, PeriodRef]]) -> None:
    assert combined_period(terms) is None


@pytest.mark.parametrize("text", ["[1] [2]", "- [1] + [2]", "[1] + [1]", "[1] * [2]", "", "[1] + 2"])
def test_a_period_derivations_text_is_a_signed_sum_of_distinct_cells(text: str) -> None:
    with pytest.raises(DerivationError):
        signed_cells(text)


def test_a_period_derivation_recomputes_from_its_text() -> None:
    half = period_sum([NVDA_FY2025], [NVDA_H1_FY2025])
    assert recompute(half, {4: NVDA_FY2025, 5: NVDA_H1_FY2025}) == half


def test_the_verifier_backs_a_derived_periods_words_with_the_period_its_inputs_make() -> None:
    half = period_sum([NVDA_FY2025], [NVDA_H1_FY2025])
    draft = (
        "NVIDIA's revenue for the six months ended January 26, 2025 was $74,413 million, its fiscal 2025 "
        "revenue of $130,497 million [c4] less $56,084 million [c5] for the six months ended July 28, 2024."
    )
    verdict = verify_draft(draft, [NVDA_FY2025, NVDA_H1_FY2025], [half])
    assert verdict.ok, verdict.failed
    assert verdict.figures[0].matched_source == DerivationSource(0, (4, 5))


def test_a_period_no_cell_or_sum_covers_fails() -> None:
    # the year plus its own first half: it recomputes, but covers no one period
    wrong = period_sum([NVDA_FY2025, NVDA_H1_FY2025], [])
    draft = "NVIDIA's revenue for the six months ended January 26, 2025 was $186,581 million."
    verdict = verify_draft(draft, [NVDA_FY2025, NVDA_H1_FY2025], [wrong])
    assert not verdict.ok
    assert {failure.kind for failure in verdict.failed} == {"derivation", "period"}
