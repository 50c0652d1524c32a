"""A filing no `dei:` tag dates (no inline XBRL) is given its fiscal year from its period's end."""

from dataclasses import replace
from datetime import date

import pytest

from filingproof.ingest.metadata import FilingMetadata, completed, fiscal_year_from_end


@pytest.mark.parametrize(
    ("period_end", "fiscal_year_end", "fiscal_year"),
    [
        (date(2024, 9, 28), "--09-28", 2024),  # Apple's 10-K
        (date(2025, 3, 29), "--09-28", 2025),  # Apple's second quarter: its fiscal year ends that September
        (date(2025, 1, 26), "--01-26", 2025),  # NVIDIA's 10-K
        (date(2025, 7, 27), "--01-26", 2026),  # NVIDIA's second quarter of fiscal 2026
        (date(2024, 1, 28), "--01-26", 2024),  # a 52/53-week year ends two days later than last year
        (date(2020, 6, 27), "--01-03", 2020),  # fiscal 2020 ends on January 2, 2021
        (date(2023, 12, 31), None, 2023),  # the period's own end: an annual report's
        (date(2021, 1, 2), None, 2020),  # a 52/53-week year ending in January's first week
        (date(2023, 12, 31), "September 30", 2023),  # not a month-day as XBRL writes it: the period's end
    ],
)
def test_the_fiscal_year_is_the_calendar_year_it_ends_in(
    period_end: date, fiscal_year_end: str | None, fiscal_year: int
) -> None:
    assert fiscal_year_from_end(period_end, fiscal_year_end) == fiscal_year


def test_a_complete_record_without_a_fiscal_year_gets_one() -> None:
    pfizer = FilingMetadata(cik=78003, company_name="PFIZER INC")
    annual = completed(replace(pfizer, form="10-K", period_end=date(2023, 12, 31)))
    assert (annual.fiscal_year, annual.fiscal_period) == (2023, "FY")
    quarter = completed(replace(pfizer, form="10-Q", period_end=date(2023, 7, 2)))
    assert (quarter.fiscal_year, quarter.fiscal_period) == (2023, None)  # which quarter, no tag says
    tagged = FilingMetadata(
        cik=1045810, company_name="NVIDIA CORP", form="10-Q", period_end=date(2025, 7, 27), fiscal_year=2026,
        fiscal_period="Q2",
    )  # fmt: skip
    assert (completed(tagged).fiscal_year, completed(tagged).fiscal_period) == (2026, "Q2")
