"""The periods filings seldom print, read from a question and written as sums of printed periods, over the
corpus's own fiscal calendars (Apple's 52/53-week year to late September, NVIDIA's to late January)."""

from datetime import date

import pytest
from test_query_understanding import CORPUS

from filingproof.calendar import days_in_months
from filingproof.qa.periods import PeriodSum, Target, period_sum_for, target_for
from filingproof.understanding import Catalog, CompanyRef, FilingRef, understand


def summed(question: str) -> PeriodSum | None:
    u = understand(question, CORPUS)
    (ticker,) = u.companies
    return period_sum_for(u, u.filings_of(CORPUS, ticker))


def ends(targets: tuple[Target, ...]) -> list[tuple[date, int | None]]:
    return [(target.end, target.days) for target in targets]


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("AAPL TTM revenue", "trailing_twelve_months"),
        ("Apple LTM net income", "trailing_twelve_months"),
        ("apple's last twelve months of sales", "trailing_twelve_months"),
        ("NVIDIA H2 FY2025 revenue", "second_half"),
        ("nvda 2H FY25 rev", "second_half"),
        ("NVIDIA revenue in the second half of fiscal 2025", "second_half"),
        ("NVIDIA revenue in the first half of fiscal 2025", "six_months"),
        ("NVIDIA revenue for the twelve months ended January 26, 2025", "twelve_months"),
    ],
)
def test_the_period_people_name(question: str, kind: str) -> None:
    assert understand(question, CORPUS).period_kind == kind


def test_trailing_twelve_months_to_a_10q_are_the_year_before_plus_year_to_date_less_its_comparative() -> None:
    found = summed("AAPL TTM revenue as of March 2025")
    assert found is not None
    assert (found.asked.end, found.asked.name) == (
        date(2025, 3, 29),
        "the twelve months ended March 29, 2025",
    )
    assert ends(found.plus) == [
        (date(2024, 9, 28), days_in_months(12)),
        (date(2025, 3, 29), days_in_months(6)),
    ]
    assert ends(found.minus) == [(date(2024, 3, 29), days_in_months(6))]


def test_trailing_twelve_months_to_a_10k_are_its_year() -> None:
    found = summed("NVIDIA trailing twelve months revenue as of January 2025")
    assert found is not None and not found.minus
    assert ends(found.plus) == [(date(2025, 1, 26), days_in_months(12))]


def test_trailing_twelve_months_to_a_month_no_filing_ends_in_are_none() -> None:
    assert summed("AAPL TTM revenue as of June 2025") is None


def test_a_second_half_is_the_year_less_the_six_months_before_it() -> None:
    found = summed("NVIDIA H2 FY2025 revenue")
    assert found is not None and found.asked.name == "the second half of fiscal 2025"
    assert ends(found.plus) == [(date(2025, 1, 26), days_in_months(12))]
    assert ends(found.minus) == [(date(2024, 7, 26), days_in_months(6))]


def test_a_fourth_quarter_is_the_year_less_its_first_nine_months() -> None:
    found = summed("Meta Q4 2024 revenue")
    assert found is not None and found.asked.name == "Q4 fiscal 2024"
    assert (found.asked.end, found.asked.days, found.asked.quarter) == (date(2024, 12, 31), 91, 4)
    assert ends(found.minus) == [(date(2024, 9, 30), days_in_months(9))]


def test_three_months_that_end_a_fiscal_year_are_its_fourth_quarter() -> None:
    # (probe 26's Visa: "the three months ended September 30, 2023", its fiscal year's last quarter, which
    # its 10-K does not print)
    found = summed("Apple revenue for the three months ended September 28, 2024")
    assert found is not None and found.asked.name == "Q4 fiscal 2024"
    assert (found.asked.end, found.asked.quarter) == (date(2024, 9, 28), 4)
    assert ends(found.plus) == [(date(2024, 9, 28), days_in_months(12))]
    # (nine months counted back from the year's end, the catalog holding no 10-Q of that quarter)
    assert ends(found.minus) == [(date(2024, 6, 28), days_in_months(9))]
    u = understand("Apple revenue for the three months ended September 28, 2024", CORPUS)
    assert target_for(u, u.filings_of(CORPUS, "AAPL"), "duration") == found.asked
    # three months that end a quarter a 10-Q prints are no sum
    assert summed("Apple revenue for the three months ended March 29, 2025") is None


def test_a_half_or_trailing_year_is_never_read_as_the_whole_fiscal_year() -> None:
    u = understand("Tesla revenue second half of 2024", CORPUS)
    target = target_for(u, u.filings_of(CORPUS, "TSLA"), "duration")
    assert target is not None and target.days == days_in_months(6)
    # a balance asked at a half's end is the balance at the year's end
    balance = target_for(u, u.filings_of(CORPUS, "TSLA"), "instant")
    assert balance is not None and balance.end == date(2024, 12, 31)


@pytest.mark.parametrize("question", ["Meta 2024 revenue", "AAPL Q2 2025 revenue", "NVDA first half FY2026"])
def test_printed_periods_are_no_sums(question: str) -> None:
    assert summed(question) is None


def test_a_quarter_ends_where_its_10q_says() -> None:
    # PepsiCo's fiscal 2023: quarters of 12, 12, 12 and 16 weeks; the third ended September 9, 2023
    pepsico = [
        FilingRef(1, "PEP", "10-K", date(2023, 12, 30), 2023, "FY"),
        FilingRef(2, "PEP", "10-Q", date(2023, 9, 9), 2023, "Q3"),
    ]
    catalog = Catalog((CompanyRef("PEP", "PEPSICO INC"),), tuple(pepsico))
    u = understand("PepsiCo diluted EPS Q3 2023", catalog)
    target = target_for(u, pepsico, "duration")
    assert (
        target is not None
        and target.end == date(2023, 9, 9)
        and target.matches(False, date(2023, 6, 18), date(2023, 9, 9))
    )
    fourth = period_sum_for(understand("PepsiCo Q4 2023 net revenue", catalog), pepsico)
    assert fourth is not None and ends(fourth.minus) == [(date(2023, 9, 9), days_in_months(9))]


def test_a_fiscal_years_year_to_date_is_its_latest_10qs() -> None:
    # Adobe's Q3 FY2023 10-Q is the latest of its fiscal 2023: its nine months ended September 1, 2023
    adobe = [FilingRef(1, "ADBE", "10-Q", date(2023, 9, 1), 2023, "Q3")]
    catalog = Catalog((CompanyRef("ADBE", "ADOBE INC."),), tuple(adobe))
    target = target_for(
        understand("Adobe operating income year-to-date in fiscal 2023", catalog), adobe, "duration"
    )
    assert target is not None and (target.end, target.quarter) == (date(2023, 9, 1), 3)
    assert (
        target_for(
            understand("Adobe operating income year-to-date in fiscal 2022", catalog), adobe, "duration"
        )
        is None
    )
