"""Query understanding on terse and wordy phrasings, and on the traps of company names that are words."""

from datetime import date
from typing import Any

import pytest

from filingproof.understanding import (
    COVERED_COMPANIES_SHOWN,
    Catalog,
    CompanyRef,
    FilingRef,
    company_mentions,
    covered_lines,
    display_name,
    find_companies,
    select_filings,
    understand,
)

_FILINGS = [
    ("AAPL", "10-K", date(2024, 9, 28), 2024, "FY"),
    ("AAPL", "10-Q", date(2025, 3, 29), 2025, "Q2"),
    ("NVDA", "10-K", date(2024, 1, 28), 2024, "FY"),
    ("NVDA", "10-K", date(2025, 1, 26), 2025, "FY"),
    ("NVDA", "10-Q", date(2025, 7, 27), 2026, "Q2"),
    ("AMZN", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("AMZN", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("GOOGL", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("GOOGL", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("META", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("META", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("TSLA", "10-K", date(2023, 12, 31), 2023, "FY"),
    ("TSLA", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("WMT", "10-K", date(2025, 1, 31), 2025, "FY"),
    ("KO", "10-K", date(2024, 12, 31), 2024, "FY"),
    ("MMM", "10-Q", date(2023, 6, 30), 2023, "Q2"),
    ("PFE", "10-Q", date(2023, 7, 2), 2023, "Q2"),
]
_NAMES = {
    "AAPL": "Apple Inc.",
    "NVDA": "NVIDIA CORP",
    "AMZN": "AMAZON COM INC",
    "GOOGL": "Alphabet Inc.",
    "META": "Meta Platforms, Inc.",
    "TSLA": "Tesla, Inc.",
    "WMT": "Walmart Inc.",
    "KO": "COCA COLA CO",
    "MMM": "3M CO",
    "PFE": "PFIZER INC",
}

CORPUS = Catalog(
    companies=tuple(CompanyRef(ticker, name) for ticker, name in _NAMES.items()),
    filings=tuple(
        FilingRef(i + 1, ticker, form, period_end, year, period)
        for i, (ticker, form, period_end, year, period) in enumerate(_FILINGS)
    ),
)


def filing_id(ticker: str, form: str, period_end: date) -> int:
    return next(
        f.filing_id for f in CORPUS.filings if (f.ticker, f.form, f.period_end) == (ticker, form, period_end)
    )


CASES: list[tuple[str, dict[str, Any]]] = [
    # terse, tickers in any case
    (
        "AAPL total net sales FY24",
        {"companies": ("AAPL",), "fiscal_year": 2024, "statement": "income_statement"},
    ),
    ("nvda net income fy2025", {"companies": ("NVDA",), "fiscal_year": 2025}),
    ("amzn 10-k 2023 operating income", {"companies": ("AMZN",), "form": "10-K", "fiscal_year": 2023}),
    ("googl revenue fy 2024", {"companies": ("GOOGL",), "fiscal_year": 2024}),
    ("TSLA FY'23 automotive revenues", {"companies": ("TSLA",), "fiscal_year": 2023}),
    ("WMT total revenues fiscal 2025", {"companies": ("WMT",), "fiscal_year": 2025}),
    ("KO net operating revenues 2024", {"companies": ("KO",), "fiscal_year": 2024}),
    (
        "MMM Q2 2023 net loss",
        {"companies": ("MMM",), "fiscal_period": "Q2", "form": "10-Q", "fiscal_year": 2023},
    ),
    ("pfe 10q revenues", {"companies": ("PFE",), "form": "10-Q"}),
    ("META capex 2024", {"companies": ("META",), "fiscal_year": 2024, "statement": "cash_flow"}),
    # names and aliases
    ("What were Apple's total net sales in fiscal 2024?", {"companies": ("AAPL",), "fiscal_year": 2024}),
    ("How much did NVIDIA spend on research and development in FY2025?", {"companies": ("NVDA",)}),
    ("Google advertising revenue 2023", {"companies": ("GOOGL",), "fiscal_year": 2023}),
    ("Alphabet total revenues 2024", {"companies": ("GOOGL",)}),
    ("Facebook daily active people 2024", {"companies": ("META",)}),
    ("Meta's capital expenditures in 2024", {"companies": ("META",), "statement": "cash_flow"}),
    ("Meta Platforms net income 2023", {"companies": ("META",), "fiscal_year": 2023}),
    ("Coca-Cola net operating revenues 2024", {"companies": ("KO",)}),
    ("Coke unit case volume", {"companies": ("KO",)}),
    ("Walmart eCommerce sales FY2025", {"companies": ("WMT",)}),
    ("Wal-Mart net sales", {"companies": ("WMT",)}),
    (
        "3M net loss three months ended June 30, 2023",
        {"companies": ("MMM",), "period_kind": "three_months", "period_end": date(2023, 6, 30)},
    ),
    (
        "Pfizer Q2 2023 revenues",
        {"companies": ("PFE",), "fiscal_period": "Q2", "period_kind": "three_months"},
    ),
    ("amazon.com AWS segment operating income 2024", {"companies": ("AMZN",)}),
    ("tesla free cash flow 2024", {"companies": ("TSLA",), "statement": "cash_flow"}),
    (
        "Compare Apple and Microsoft revenue",
        {"companies": ("AAPL",), "unknown_companies": ("Microsoft (MSFT)",)},
    ),
    ("apple vs nvidia net income 2024", {"companies": ("AAPL", "NVDA")}),
    # periods and forms
    (
        "Apple total assets as of September 28, 2024",
        {"as_of": date(2024, 9, 28), "period_kind": "instant", "statement": "balance_sheet"},
    ),
    (
        "AAPL net sales three months ended March 29, 2025",
        {"period_kind": "three_months", "period_end": date(2025, 3, 29)},
    ),
    ("AAPL net sales six months ended March 29, 2025", {"period_kind": "six_months", "form": "10-Q"}),
    (
        "NVDA revenue six months ended 2025-07-27",
        {"period_kind": "six_months", "period_end": date(2025, 7, 27)},
    ),
    ("PFE nine months revenues", {"period_kind": "nine_months", "form": "10-Q"}),
    ("AAPL Q2 FY25 net sales", {"fiscal_period": "Q2", "fiscal_year": 2025, "form": "10-Q"}),
    ("Apple second quarter 2025 iPhone sales", {"fiscal_period": "Q2", "fiscal_year": 2025}),
    ("MMM 2Q23 sales", {"fiscal_period": "Q2", "fiscal_year": 2023}),
    ("NVDA Q2 10-Q data center revenue", {"fiscal_period": "Q2", "form": "10-Q", "fiscal_year": None}),
    ("Tesla annual report 2023 deliveries", {"form": "10-K", "fiscal_year": 2023}),
    ("Amazon net sales 2024 vs 2023", {"years": (2023, 2024), "fiscal_year": 2024}),
    ("KO balance sheet at December 31, 2024", {"statement": "balance_sheet", "as_of": date(2024, 12, 31)}),
    # a day named by the end of a year: a balance, not the year's flow
    ("how much accounts payable did Walmart have at the end of fiscal 2025", {"period_kind": "instant"}),
    ("WMT A/P at year-end FY2025", {"period_kind": "instant"}),
    ("Walmart's accounts payable in fiscal 2025", {"period_kind": None}),
    (
        "GOOGL consolidated statements of cash flows 2024",
        {"statement": "cash_flow", "statement_inferred": False},
    ),
    ("TSLA income statement 2024", {"statement": "income_statement", "statement_inferred": False}),
    ("Walmart statement of shareholders' equity", {"statement": "equity"}),
    ("MMM year-to-date cash from operating activities", {"period_kind": "year_to_date"}),
    # traps: common words that are company names
    ("What is the target market for Apple's iPhone?", {"companies": ("AAPL",), "unknown_companies": ()}),
    ("Target market size for wearables", {"companies": (), "unknown_companies": ()}),
    ("Target's revenue in 2024", {"companies": (), "unknown_companies": ("Target (TGT)",)}),
    ("cost of sales for Apple FY2024", {"companies": ("AAPL",), "unknown_companies": ()}),
    ("What was the COST of revenues at NVDA?", {"companies": ("NVDA",), "unknown_companies": ()}),
    ("apples to apples comparison of revenue", {"companies": ()}),
    ("the apple of my eye: NVDA revenue", {"companies": ("NVDA",)}),
    ("apple revenue 2024", {"companies": ("AAPL",)}),
    ("metadata of the 10-K filings", {"companies": ()}),
    ("meta data retention policy at Alphabet", {"companies": ("GOOGL",)}),
    ("meta net income 2024", {"companies": ("META",)}),
    ("analyst price target for NVDA", {"companies": ("NVDA",), "unknown_companies": ()}),
    ("Oracle of Omaha letter", {"unknown_companies": ()}),
    ("FY total net sales", {"companies": (), "unknown_companies": ()}),
    ("EPS and GAAP net income for KO", {"companies": ("KO",), "unknown_companies": ()}),
    ("APPLE TOTAL NET SALES 2024", {"companies": ("AAPL",)}),
    # a possessive names its company in any case, unless a determiner makes it a common noun
    ("What was apple's net income in FY2024?", {"companies": ("AAPL",)}),
    ("How much did meta's revenue grow in 2024?", {"companies": ("META",)}),
    ("Is the target's price for NVDA above $150?", {"companies": ("NVDA",), "unknown_companies": ()}),
    # nicknames no registered name holds
    ("what's driving the 20% jump in Amex card fees?", {"unknown_companies": ("American Express (AXP)",)}),
    ("Is TI a capital-intensive business right now?", {"unknown_companies": ("Texas Instruments (TXN)",)}),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[q for q, _ in CASES])
def test_understanding(query: str, expected: dict[str, Any]) -> None:
    understanding = understand(query, CORPUS)
    got = {key: getattr(understanding, key) for key in expected}
    assert got == expected


def test_there_are_enough_phrasings() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("Microsoft revenue 2024", "Microsoft (MSFT) is not among the ingested filings"),
        ("Costco membership fee income", "Costco (COST) is not among the ingested filings"),
        ("Apple revenue 2015", "AAPL fiscal 2015 is not covered by the ingested filings"),
        ("AMZN Q2 2024 net sales", "AMZN Q2 fiscal 2024 is not covered by the ingested filings"),
    ],
)
def test_out_of_scope_says_what_is_covered(query: str, reason: str) -> None:
    understanding = understand(query, CORPUS)
    assert understanding.out_of_scope == reason
    assert understanding.covered
    if understanding.companies:
        assert all(line.startswith(understanding.companies[0]) for line in understanding.covered)


@pytest.mark.parametrize(
    "query",
    [
        "AAPL total net sales FY24",
        "Apple revenue 2023",
        "apple revenue 2022",
        "NVDA Q2 FY2026 revenue",
        "3M net loss three months ended June 30, 2023",
        "the target market",
        "Tesla deliveries",
    ],
)
def test_in_scope(query: str) -> None:
    assert understand(query, CORPUS).out_of_scope is None


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("AAPL total net sales FY24", [("AAPL", "10-K", date(2024, 9, 28))]),
        ("AAPL net sales 2023", [("AAPL", "10-K", date(2024, 9, 28))]),  # a prior-year column
        ("AAPL Q2 FY25 net sales", [("AAPL", "10-Q", date(2025, 3, 29))]),
        ("nvda net income fy2025", [("NVDA", "10-K", date(2025, 1, 26))]),
        ("NVDA revenue six months ended July 27, 2025", [("NVDA", "10-Q", date(2025, 7, 27))]),
        ("Apple total assets as of September 28, 2024", [("AAPL", "10-K", date(2024, 9, 28))]),
        ("META 10-K", [("META", "10-K", date(2023, 12, 31)), ("META", "10-K", date(2024, 12, 31))]),
        (
            "Google and Amazon revenue 2024",
            [("AMZN", "10-K", date(2024, 12, 31)), ("GOOGL", "10-K", date(2024, 12, 31))],
        ),
    ],
)
def test_filters_narrow_filings(query: str, expected: list[tuple[str, str, date]]) -> None:
    selection = select_filings(understand(query, CORPUS), CORPUS)
    assert selection.filing_ids == tuple(sorted(filing_id(*key) for key in expected))
    assert selection.notes == ()


# the corpus grown with corpus-large's 10-Qs of the same companies (their real periods and fiscal years)
GROWN = Catalog(
    companies=CORPUS.companies,
    filings=(
        *CORPUS.filings,
        FilingRef(101, "AAPL", "10-Q", date(2023, 7, 1), 2023, "Q3"),
        FilingRef(102, "AMZN", "10-Q", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(103, "WMT", "10-Q", date(2023, 7, 31), 2024, "Q2"),
    ),
)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # a year: the annual report of that year, else the next one's comparatives, before the year's 10-Qs
        ("What was Apple's revenue in fiscal 2023?", [("AAPL", "10-K", date(2024, 9, 28))]),
        ("What was Walmart's net income in fiscal 2024?", [("WMT", "10-K", date(2025, 1, 31))]),
        # a quarter of that year is still its 10-Q
        ("Apple Q3 2023 revenue", [("AAPL", "10-Q", date(2023, 7, 1))]),
        # a fiscal year's end: the annual report a year later, not the nearest 10-Q
        ("What were Amazon's total assets at December 31, 2022?", [("AMZN", "10-K", date(2023, 12, 31))]),
        # a quarter a year back: the same quarter's 10-Q a year later (its comparative column)
        (
            "Apple's revenue from Mac for the three months ended March 30, 2024",
            [("AAPL", "10-Q", date(2025, 3, 29))],
        ),
    ],
)
def test_filters_prefer_the_filing_that_prints_the_period(
    query: str, expected: list[tuple[str, str, date]]
) -> None:
    ids = {(f.ticker, f.form, f.period_end): f.filing_id for f in GROWN.filings}
    selection = select_filings(understand(query, GROWN), GROWN)
    assert selection.filing_ids == tuple(sorted(ids[key] for key in expected))
    assert selection.notes == ()


def test_no_filter_searches_everything() -> None:
    assert select_filings(understand("revenue recognition policy", CORPUS), CORPUS).filing_ids is None


def test_impossible_filter_is_dropped_with_a_note() -> None:
    selection = select_filings(understand("AMZN 10-Q net sales", CORPUS), CORPUS)
    assert selection.filing_ids == (
        filing_id("AMZN", "10-K", date(2023, 12, 31)),
        filing_id("AMZN", "10-K", date(2024, 12, 31)),
    )
    assert selection.notes == ("no ingested filing matches form 10-Q; that filter was dropped",)


EDGAR_LIKE = Catalog(
    companies=(
        *CORPUS.companies,
        CompanyRef("V", "VISA INC.", covered=False),
        CompanyRef("BLK", "BlackRock, Inc.", covered=False),
        CompanyRef("EPS", "Invesco Earnings Fund", covered=False),
        CompanyRef("AGM", "FEDERAL AGRICULTURAL MORTGAGE CORP", covered=False),
    ),
    filings=CORPUS.filings,
)


@pytest.mark.parametrize(
    ("query", "unknown"),
    [
        ("What was Visa's revenue in 2024?", ("Visa Inc. (V)",)),
        ("BLK net income 2024", ("BlackRock, Inc. (BLK)",)),
        ("What are BlackRock's assets under management?", ("BlackRock, Inc. (BLK)",)),
        # a one-word name that opens the query may just be a capitalised word
        ("Visa requirements for Apple employees", ()),
        ("Apple visa requirements for employees", ()),
        ("Apple diluted EPS 2024", ()),
        # a shareholders' meeting, not Farmer Mac
        ("At the Apple AGM held on February 28, 2024, what was the outcome of the vote on director pay?", ()),
    ],
)
def test_companies_known_only_from_the_catalog(query: str, unknown: tuple[str, ...]) -> None:
    assert understand(query, EDGAR_LIKE).unknown_companies == unknown


def test_a_former_name_stored_as_filed_names_its_company() -> None:
    """A covered company's stored alias is a former name as its filing printed it ("RAYTHEON TECHNOLOGIES
    CORPORATION" of RTX): a question names it without the legal form."""
    renamed = Catalog(
        companies=(
            *CORPUS.companies,
            CompanyRef("RTX", "RTX Corporation", ("RAYTHEON TECHNOLOGIES CORPORATION",), covered=True),
        ),
        filings=CORPUS.filings,
    )
    assert understand("Raytheon Technologies' revenue in 2021", renamed).companies == ("RTX",)
    assert understand("Raytheon Technologies Corporation net sales", renamed).companies == ("RTX",)


def test_what_is_covered_is_a_line_per_company_and_counts_past_twenty() -> None:
    assert covered_lines(CORPUS.filings_of(["NVDA"])) == (
        "NVDA 10-K FY2024 (period ended 2024-01-28)",
        "NVDA 10-K FY2025 (period ended 2025-01-26)",
        "NVDA 10-Q Q2 FY2026 (period ended 2025-07-27)",
    )
    lines = covered_lines(CORPUS.filings)
    assert len(lines) == 10 and lines[0] == "AAPL: 10-K FY2024, 10-Q Q2 FY2025"
    many = [FilingRef(i, f"T{i:03d}", "10-K", date(2024, 12, 31), 2024, "FY") for i in range(45)]
    shown = covered_lines(many)
    assert len(shown) == COVERED_COMPANIES_SHOWN + 1
    assert shown[-1].startswith(f"and {45 - COVERED_COMPANIES_SHOWN} more companies")


def test_a_company_not_ingested_is_named_with_its_ticker() -> None:
    u = understand("Microsoft revenue 2024", CORPUS)
    assert (u.unknown_companies, u.unknown_tickers) == (("Microsoft (MSFT)",), ("MSFT",))


def test_a_company_not_ingested_beside_an_ingested_one_leaves_the_question_in_scope() -> None:
    u = understand("What were the net incomes of Meta and Microsoft in 2024?", CORPUS)
    assert (u.companies, u.unknown_tickers, u.out_of_scope) == (("META",), ("MSFT",), None)


RETAILERS = Catalog(
    companies=(
        CompanyRef("LOW", "LOWES COMPANIES INC", covered=True),
        CompanyRef("CSCO", "CISCO SYSTEMS, INC.", covered=True),
        CompanyRef("CL", "COLGATE-PALMOLIVE COMPANY", covered=True),
        CompanyRef("HD", "HOME DEPOT, INC.", covered=True),
        CompanyRef("KEY", "KEYCORP", covered=True),
        CompanyRef("AI", "C3.ai, Inc.", covered=True),
        CompanyRef("SJM", "SMUCKER J M CO", covered=True),
    ),
    filings=(),
)


@pytest.mark.parametrize(
    ("query", "companies"),
    [
        # a registered name that drops the apostrophe ("LOWES COMPANIES") is written with it
        ("What was Lowe's free cash flow for fiscal 2023?", ("LOW",)),
        ("Lowes net sales", ("LOW",)),
        # a hyphenated name by its first part, as people call it
        ("bottom line at Colgate in 2023", ("CL",)),
        # a ticker that is no English word counts in lower case; one that is a word needs capitals
        ("csco buybacks fy24", ("CSCO",)),
        ("HD vs LOW FY23 net sales diff", ("HD", "LOW")),
        ("low margin businesses of csco", ("CSCO",)),
        ("KEY METRICS OF CSCO", ("CSCO",)),
        ("key metrics of Home Depot", ("HD",)),
        # a ticker that is a common acronym ("AI") names its company in capitals set against another
        ("SJM vs AI total assets 4/30/24 - which bigger + diff", ("SJM", "AI")),
        ("SJM AI strategy", ("SJM",)),
        # the letters of an analyst's ratio are no ticker: "CL" of "CA/CL" is no Colgate
        ("Home Depot current ratio FY23 (CA/CL)", ("HD",)),
    ],
)
def test_companies_by_the_names_people_type(query: str, companies: tuple[str, ...]) -> None:
    assert understand(query, RETAILERS).companies == companies


# Names as the probe-4 filings' covers and EDGAR's company list print them (EDGAR lists Ford's preferred
# shares under the same name, "FORD MOTOR CO"; other companies begin with "Thermo" or "Johnson").
INDUSTRIALS = Catalog(
    companies=(
        CompanyRef("F", "Ford Motor Co", covered=True),
        CompanyRef("F-PB", "FORD MOTOR CO", covered=False),
        CompanyRef("DOW", "Dow Inc.", covered=True),
        CompanyRef("TMO", "THERMO FISHER SCIENTIFIC INC.", covered=True),
        CompanyRef("TMQ", "THERMO QUANTUM INC", covered=False),
        CompanyRef("RTX", "RTX Corporation", covered=True),
        CompanyRef("JCI", "JOHNSON CONTROLS INTERNATIONAL PLC", covered=True),
        CompanyRef("JNJ", "JOHNSON & JOHNSON", covered=False),
    ),
    filings=(),
)


@pytest.mark.parametrize(
    ("query", "companies"),
    [
        # a first word shared only with the company's own other listings is its name
        ("What was EBIT for Ford's Model e segment in Q2 2023?", ("F",)),
        # a registered name of three letters
        ("What was Dow's total inventory as of June 30, 2023?", ("DOW",)),
        ("dow inventories as of 6/30/23", ("DOW",)),
        # the first words of a name no other company's begins with
        ("can you work out Thermo Fisher's FCF for 2023?", ("TMO",)),
        ("Johnson Controls revenue FY24", ("JCI",)),
        # words of a name shortened as analysts shorten them
        ("Johnson Ctrls revenue FY24", ("JCI",)),
        # a name before the company's ticker in parentheses is the company's (a former name)
        ("how much cash did Raytheon (RTX) generate from operations in 1H23?", ("RTX",)),
    ],
)
def test_companies_by_their_short_and_former_names(query: str, companies: tuple[str, ...]) -> None:
    assert understand(query, INDUSTRIALS).companies == companies


def test_a_name_before_a_parenthesised_ticker_is_no_word_of_the_item() -> None:
    mentions = company_mentions("operating cash flow did Raytheon (RTX) generate", INDUSTRIALS)
    assert mentions == [("Raytheon", "RTX"), ("RTX", "RTX")]


def test_a_shared_first_word_names_no_company_alone() -> None:
    # "Thermo" begins two companies' names: alone it names neither; "Johnson" neither JCI nor J&J
    assert understand("Thermo revenue 2023", INDUSTRIALS).companies == ()
    assert understand("Johnson revenue 2023", INDUSTRIALS).companies == ()


def test_a_name_that_is_also_a_word_set_against_a_company_is_a_company() -> None:
    catalog = Catalog(
        companies=(
            CompanyRef("ABT", "ABBOTT LABORATORIES", covered=True),
            CompanyRef("HON", "HONEYWELL INTERNATIONAL INC", covered=True),
            CompanyRef("MDT", "Medtronic plc", covered=True),
        ),
        filings=(),
    )
    # "abbott" is also a word: in lower case it names the company only set against one named for sure
    assert understand("random comp q - abbott vs honeywell, Q2 2023 top line", catalog).companies == (
        "ABT",
        "HON",
    )
    assert understand("honeywell or abbott revenue Q2 2023", catalog).companies == ("HON", "ABT")
    assert understand("my abbott revenue notes for Q2 2023", catalog).companies == ()
    # a short name that is no word counts in any case
    assert understand("what was medtronic revenue in Q2 2023", catalog).companies == ("MDT",)


@pytest.mark.parametrize(
    ("registered", "written"),
    [
        ("GENERAL MOTORS COMPANY", "General Motors Company"),
        ("AMC ENTERTAINMENT HOLDINGS, INC.", "AMC Entertainment Holdings, Inc."),
        ("JOHNSON CONTROLS INTERNATIONAL PLC", "Johnson Controls International plc"),
        ("THE J. M. SMUCKER COMPANY", "The J. M. Smucker Company"),
        ("NEW YORK TIMES CO", "New York Times Co"),
        ("AT&T INC.", "AT&T Inc."),
        ("BEST BUY CO., INC.", "Best Buy Co., Inc."),  # a short word that is a word, not initials
        ("COLGATE-PALMOLIVE COMPANY", "Colgate-Palmolive Company"),  # each part of a hyphened name
        ("Apple Inc.", "Apple Inc."),  # as written where it is not all capitals
    ],
)
def test_a_name_set_in_capitals_is_written_in_the_usual_case(registered: str, written: str) -> None:
    assert display_name(registered) == written


def test_a_name_written_as_a_web_address_by_its_parts() -> None:
    catalog = Catalog(companies=(CompanyRef("AI", "C3.ai, Inc.", covered=True),), filings=())
    for question in [
        "What was C3.ai revenue",
        "C3 AI Q1 FY24 total rev",
        "can you back out C3's FCF for FY24",
        "c3ai competition risks",  # its parts run together
    ]:
        assert understand(question, catalog).companies == ("AI",), question


def test_a_name_after_its_initials_and_initials_written_together() -> None:
    catalog = Catalog(companies=(CompanyRef("SJM", "THE J. M. SMUCKER COMPANY", covered=True),), filings=())
    assert understand("What was J.M. Smucker's diluted EPS for FY2024?", catalog).companies == ("SJM",)
    assert understand("Smucker's net sales FY2024", catalog).companies == ("SJM",)


_SLIP_CATALOG = Catalog(
    companies=(
        CompanyRef("ABT", "ABBOTT LABORATORIES"),
        CompanyRef("CVX", "CHEVRON CORP"),
        CompanyRef("TXN", "TEXAS INSTRUMENTS INC"),
        CompanyRef("AAPL", "Apple Inc."),
        CompanyRef("HD", "HOME DEPOT, INC."),
        CompanyRef("HON", "HONEYWELL INTERNATIONAL INC"),
        CompanyRef("MULN", "MULLEN AUTOMOTIVE INC."),
        CompanyRef("XOM", "EXXON MOBIL CORP", covered=False),
    ),
    filings=(),
)


@pytest.mark.parametrize(
    ("question", "companies"),
    [
        ("Chevorn Q2 2023 capex", ("CVX",)),
        ("Texas Instrumnets rev FY23", ("TXN",)),
        ("home depto inventory at FYE", ("HD",)),
        ("what was abbot's revenue in Q2 2023", ("ABT",)),  # "abbot" is a word: as an owner it is a name
        ("appel's revenue 2024", ("AAPL",)),
        ("revenu growth for honeywel vs chevorn", ("HON", "CVX")),
        ("appel revenue 2024", ("AAPL",)),
        ("Mullen Automotve net loss 9M FY23", ("MULN",)),  # the whole name, not "Mullen" and an item word
        # a word, not an owner: no company
        ("my abbot notes for Q2 2023", ()),
        ("the abbot's revenue", ()),
        # a slip of a company that is not ingested is not taken for an ingested one
        ("Exxn revenue 2023", ()),
    ],
)
def test_a_name_typed_with_one_slip_names_the_ingested_company(
    question: str, companies: tuple[str, ...]
) -> None:
    assert understand(question, _SLIP_CATALOG).companies == companies


def test_a_long_name_is_named_by_its_initials_in_capitals() -> None:
    catalog = Catalog(
        companies=(
            CompanyRef("BMY", "BRISTOL MYERS SQUIBB CO"),
            CompanyRef("TMO", "THERMO FISHER SCIENTIFIC INC."),
            CompanyRef("KO", "COCA COLA CO"),
            CompanyRef("TFS", "TFS FINANCIAL CORP", covered=False),
        ),
        filings=(),
    )
    assert understand("Hey, do you have BMS's Opdivo number for Q2 2023?", catalog).companies == ("BMY",)
    assert understand("who bought back more in 2023, BMS or Coca-Cola?", catalog).companies == ("BMY", "KO")
    # in lower case initials may be any word; a name of two words has none ("CC"); initials that are
    # another company's ticker are that company's
    assert understand("bms opdivo revenue q2 2023", catalog).companies == ()
    assert understand("CC revenue 2023", catalog).companies == ()
    assert find_companies("TFS revenue 2023", catalog)[:2] == ([], ["TFS"])


def test_a_company_edgar_lists_surname_first_is_named_in_the_usual_order() -> None:
    catalog = Catalog(
        companies=(
            CompanyRef("BMY", "Bristol-myers Squibb Company"),
            CompanyRef("LLY", "LILLY ELI & CO", covered=False),
            CompanyRef("SCHW", "SCHWAB CHARLES CORP", covered=False),
        ),
        filings=(),
    )
    assert find_companies("what was Eli Lilly's total revenue for 2023?", catalog)[:2] == ([], ["LLY"])
    assert find_companies("Charles Schwab net revenue 2023", catalog)[:2] == ([], ["SCHW"])
    assert find_companies("Bristol Myers R&D 2023", catalog)[:2] == (["BMY"], [])


def test_a_name_ending_in_s_with_its_apostrophe_after_is_a_possessive() -> None:
    # probe 7: "what was travelers' top-line growth in Q3 '23" names The Travelers Companies
    catalog = Catalog(companies=(CompanyRef("TRV", "TRAVELERS COMPANIES, INC.", covered=True),), filings=())
    assert understand("hi! what was travelers' top-line growth in Q3 '23?", catalog).companies == ("TRV",)
    # a common noun, with its determiner
    assert understand("what do the travelers' surveys say about Q3 '23?", catalog).companies == ()


def test_a_name_that_ends_a_plural_noun_in_lowercase_is_the_word() -> None:
    # analyst probe 6: "… and the savings target" had been read as Target (not ingested) and refused
    catalog = Catalog(
        companies=(
            CompanyRef("MRK", "MERCK & CO., INC.", covered=True),
            CompanyRef("TGT", "TARGET CORP", covered=False),
        ),
        filings=(),
    )
    question = "merck's 2019 restructuring program - total expected cost, and the savings target"
    assert find_companies(question, catalog)[:2] == (["MRK"], [])
    assert find_companies("compare merck and target revenue 2023", catalog)[:2] == (["MRK"], ["TGT"])
    assert find_companies("what was target's revenue in 2023?", catalog)[:2] == ([], ["TGT"])


def test_a_name_with_a_word_shortened_names_its_company() -> None:
    defense = Catalog(companies=(CompanyRef("GD", "GENERAL DYNAMICS CORP", covered=True),), filings=())
    assert understand("Gen Dynamics shr repo $ FY23 (CF stmt)", defense).companies == ("GD",)
    # one word left alone is no name: "Gen" is no company
    assert understand("Gen AI revenue FY23", defense).companies == ()


def test_cat_capitalised_is_caterpillar_and_a_cat_is_not() -> None:
    catalog = Catalog(companies=(CompanyRef("CAT", "CATERPILLAR INC"),), filings=())
    assert understand("Cat had a monster Q2 - what was operating profit?", catalog).companies == ("CAT",)
    assert understand("What does a cat eat in 2023?", catalog).companies == ()


def test_a_day_without_its_year_is_the_latest_that_a_filing_ends_on() -> None:
    # "the six months ended January 26" had read as any six months (the first half of a year, verified)
    read = understand("NVIDIA revenue for the six months ended January 26", CORPUS)
    assert read.period_end == date(2025, 1, 26)
    # the year written beside it
    read = understand("NVIDIA revenue for the six months ended January 28 in fiscal 2024", CORPUS)
    assert read.period_end == date(2024, 1, 28)
    # a day no filing ends on: that day of the latest filing's year, which no figure ends on
    read = understand("NVIDIA revenue for the six months ended March 3", CORPUS)
    assert read.period_end == date(2025, 3, 3)


def test_the_capitals_of_codes_say_nothing_of_how_names_are_written() -> None:
    # analysts' probe 5: questions typed in lowercase but for their periods ("Q2'23", "FY23")
    catalog = Catalog(
        companies=(
            CompanyRef("RKT", "Rocket Companies, Inc.", covered=True),
            CompanyRef("DOW", "Dow Inc.", covered=True),
            CompanyRef("AMC", "AMC ENTERTAINMENT HOLDINGS, INC.", covered=True),
        ),
        filings=(),
    )
    assert understand("did rocket actually cut costs in FY23? total expenses yoy", catalog).companies == (
        "RKT",
    )
    assert understand("how much stock did dow buy back in Q2'23 and 1H23?", catalog).companies == ("DOW",)
    # a ticker that is also a word names its company in lowercase as an owner, where no name is capitalised
    assert understand("what drove amc's rev growth in Q2'23?", catalog).companies == ("AMC",)
    # capitals elsewhere say names are written capitalised; a determiner makes a word of a name
    assert understand("Did the rocket launch cut costs in FY23?", catalog).companies == ()
    assert understand("what did the rocket launch cost in FY23?", catalog).companies == ()


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What net cash provided by operating activities did PepsiCo report for the 36 weeks ended "
         "September 9, 2023?", "nine_months"),
        ("PepsiCo revenue for the 12 weeks ended September 9, 2023", "three_months"),
        ("how much cash did PepsiCo generate from operations in the 36 weeks through Sept 9, 2023?",
         "nine_months"),
    ],
)  # fmt: skip
def test_weeks_as_52_53_week_calendars_count_them(question: str, kind: str) -> None:
    u = understand(question, Catalog((CompanyRef("PEP", "PEPSICO INC"),), ()))
    assert (u.period_kind, u.period_end) == (kind, date(2023, 9, 9))


def test_of_two_spans_ended_the_later_is_asked() -> None:
    # "… for the three months ended June 30, 2023 compared with the three months ended June 30, 2022" had
    # been read as asking the 2022 quarter, and its growth from a 2021 quarter no filing held
    read = understand(
        "What was the percentage change in NVIDIA's revenue for the three months ended July 27, 2025 "
        "compared with the three months ended July 28, 2024?",
        CORPUS,
    )
    assert read.period_end == date(2025, 7, 27)
