"""Which years a company's filings cover, for an earnings release and an 8-K beside 10-Ks and 10-Qs, and the
year a filing's outlook is about (issue 28): JnJ's Q2 2023 release prints the second quarter of 2022 beside
its own; Boeing's FY2022 10-K forecasts FY2023; an 8-K reports an event, no fiscal year's figures; a fiscal
year asked by the calendar year it ends in is read as the filer names it, and the answer says so."""

from datetime import date

from filingproof.understanding import Catalog, CompanyRef, FilingRef, understand

CATALOG = Catalog(
    (
        CompanyRef("JNJ", "Johnson & Johnson"),
        CompanyRef("BA", "Boeing"),
        CompanyRef("FL", "Foot Locker"),
        CompanyRef("ULTA", "Ulta Beauty, Inc."),
        CompanyRef("WMT", "Walmart Inc."),
    ),
    (
        FilingRef(1, "JNJ", "8-K EX-99.1", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(2, "BA", "10-K", date(2022, 12, 31), 2022, "FY"),
        FilingRef(3, "FL", "8-K", date(2022, 8, 19), 2022, None),
        # Ulta names a year by the calendar year it starts in, Walmart by the one it ends in
        FilingRef(4, "ULTA", "8-K EX-99.1", date(2023, 1, 28), 2022, "Q4"),
        FilingRef(5, "WMT", "10-K", date(2025, 1, 31), 2025, "FY"),
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


def test_a_fiscal_year_asked_by_the_year_it_ends_in_is_read_as_the_filer_names_it() -> None:
    # FinanceBench 00606, whose gold assumes "FY2023" is the year ended January 28, 2023 (Ulta's fiscal 2022)
    u = understand("Did Ulta Beauty's SG&A as a % of net sales go down in FY2023 vs FY2022?", CATALOG)
    assert u.out_of_scope is None and u.years == (2021, 2022)
    assert u.years_read == (
        "Ulta Beauty, Inc. names the year ended January 28, 2023 its fiscal 2022; FY2023 is read as that "
        "year, the one that ends in 2023."
    )
    own = understand("What were Ulta Beauty's net sales in fiscal 2022?", CATALOG)
    assert own.years == (2022,) and own.years_read is None  # the filer's own name answers as it is
    assert understand("Ulta Beauty net sales FY2024", CATALOG).out_of_scope is not None  # no year ends so
    calendar = understand("Ulta Beauty net sales in calendar 2023", CATALOG)  # January to December 2023
    assert calendar.years == (2023,) and calendar.years_read is None
    # Walmart names its years by their end: FY2026 is not ingested, and no year is moved to answer it
    walmart = understand("What were Walmart's net sales in FY2026?", CATALOG)
    assert walmart.out_of_scope is not None and walmart.years_read is None
