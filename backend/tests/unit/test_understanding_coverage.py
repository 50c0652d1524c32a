"""Which years a company's filings cover, for an earnings release and an 8-K beside 10-Ks and 10-Qs, and the
year a filing's outlook is about (issue 28): JnJ's Q2 2023 release prints the second quarter of 2022 beside
its own; Boeing's FY2022 10-K forecasts FY2023; an 8-K reports an event, no fiscal year's figures."""

from datetime import date

from filingproof.understanding import Catalog, CompanyRef, FilingRef, understand

CATALOG = Catalog(
    (CompanyRef("JNJ", "Johnson & Johnson"), CompanyRef("BA", "Boeing"), CompanyRef("FL", "Foot Locker")),
    (
        FilingRef(1, "JNJ", "8-K EX-99.1", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(2, "BA", "10-K", date(2022, 12, 31), 2022, "FY"),
        FilingRef(3, "FL", "8-K", date(2022, 8, 19), 2022, None),
    ),
)


def test_a_quarters_release_covers_the_quarter_a_year_before() -> None:
    question = (
        "Did JnJ's net earnings as a percent of sales increase in Q2 of FY2023 compared to Q2 of FY2022?"
    )
    assert understand(question, CATALOG).out_of_scope is None
    assert understand("What were JnJ's Q2 FY2021 sales?", CATALOG).out_of_scope is not None


def test_the_year_after_a_filing_is_its_outlooks() -> None:
    assert (
        understand("What production rate changes is Boeing forecasting for FY2023?", CATALOG).out_of_scope
        is None
    )
    assert understand("What was Boeing's revenue in FY2023?", CATALOG).out_of_scope is not None  # a figure
    assert understand("What is Boeing forecasting for FY2025?", CATALOG).out_of_scope is not None  # too far


def test_an_8k_covers_no_earlier_year() -> None:
    assert understand("What was Foot Locker's revenue in 2021?", CATALOG).out_of_scope is not None
