"""The request's filters in the one understanding: a bound on the filings every route reads, standing in
for the question where it is silent, and putting a company the question names outside them out of scope."""

from datetime import date

from test_query_understanding import CORPUS, filing_id

from filingproof.understanding import Filters, select_filings, understand

NVDA_FY2025 = filing_id("NVDA", "10-K", date(2025, 1, 26))
AAPL_10Q = filing_id("AAPL", "10-Q", date(2025, 3, 29))


def test_a_filing_filter_names_the_company_form_and_year_of_a_silent_question() -> None:
    u = understand("What are the main supply chain risks?", CORPUS, Filters(filing_id=NVDA_FY2025))
    assert (u.companies, u.form, u.years, u.fiscal_year) == (("NVDA",), "10-K", (2025,), 2025)
    assert u.filing_ids == (NVDA_FY2025,)
    assert u.out_of_scope is None
    assert select_filings(u, CORPUS).filing_ids == (NVDA_FY2025,)


def test_a_quarterly_filing_filter_names_its_quarter() -> None:
    u = understand("What were total net sales?", CORPUS, Filters(filing_id=AAPL_10Q))
    assert (u.companies, u.form, u.fiscal_period, u.years) == (("AAPL",), "10-Q", "Q2", (2025,))


def test_the_question_s_own_year_stays_within_the_filter() -> None:
    # FY2024 is a comparative column of the FY2025 10-K: the filter's filing is still the only one searched.
    u = understand("NVIDIA revenue in fiscal 2024", CORPUS, Filters(filing_id=NVDA_FY2025))
    assert u.years == (2024,) and u.out_of_scope is None
    assert select_filings(u, CORPUS).filing_ids == (NVDA_FY2025,)
    assert u.filings_of(CORPUS, "NVDA") == [f for f in CORPUS.filings if f.filing_id == NVDA_FY2025]


def test_a_company_outside_the_filters_is_out_of_scope_and_named() -> None:
    u = understand("What was Apple's net income in fiscal 2024?", CORPUS, Filters(tickers=("NVDA",)))
    assert u.outside_filters == ("AAPL",)
    assert u.out_of_scope == "the question names Apple (AAPL), outside the filters (company NVDA)"
    # what the refusal lists as covered: the filter's filings only
    assert [line.split(" ")[0] for line in u.covered] == ["NVDA", "NVDA", "NVDA"]


def test_one_company_outside_the_filters_is_enough_to_refuse_a_comparison() -> None:
    u = understand("Compare NVIDIA's and Apple's revenue in 2024", CORPUS, Filters(tickers=("NVDA",)))
    assert u.outside_filters == ("AAPL",) and u.out_of_scope is not None


def test_a_company_with_no_filing_of_the_filtered_form_is_outside_them() -> None:
    u = understand("Coca-Cola revenue", CORPUS, Filters(form="10-Q"))
    assert u.outside_filters == ("KO",)
    assert u.out_of_scope is not None and "form 10-Q" in u.out_of_scope


def test_filters_that_match_no_filing_leave_nothing_to_read() -> None:
    u = understand("net sales", CORPUS, Filters(tickers=("AAPL",), filing_id=NVDA_FY2025))
    assert u.filing_ids == ()
    assert u.out_of_scope is not None and u.out_of_scope.startswith("no ingested filing matches the filters")
    assert select_filings(u, CORPUS).filing_ids == ()


def test_a_year_the_filtered_filings_cannot_hold_is_out_of_scope() -> None:
    u = understand("NVIDIA revenue in fiscal 2021", CORPUS, Filters(filing_id=NVDA_FY2025))
    assert u.out_of_scope is not None
    assert (
        u.out_of_scope.startswith("NVDA fiscal 2021 is not covered")
        and "within the filters" in u.out_of_scope
    )


def test_a_form_filter_bounds_a_question_that_names_a_company() -> None:
    u = understand("Apple net sales", CORPUS, Filters(form="10-Q"))
    assert u.companies == ("AAPL",) and u.form == "10-Q"
    assert select_filings(u, CORPUS).filing_ids == (AAPL_10Q,)


def test_no_filters_read_as_before() -> None:
    question = "Apple net sales 2024"
    assert understand(question, CORPUS, Filters()) == understand(question, CORPUS)
    assert understand(question, CORPUS).filing_ids is None
