"""Reading numeric questions: line items, derivations, and the period a question asks for."""

from datetime import date

import pytest

from filingproof.agent.nodes.router import ask_of, choose_route
from filingproof.calendar import QUARTER_DAYS, YEAR_DAYS, days_in_months, fiscal_year_of
from filingproof.qa.items import parse_ask
from filingproof.qa.periods import Target, fiscal_year_end, target_for
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions, understand


@pytest.mark.parametrize(
    ("question", "items", "derivation"),
    [
        ("What were Apple's total net sales in fiscal 2024?", ["revenue"], None),
        ("Apple diluted EPS 2024", ["diluted_eps"], None),
        ("What was Apple's cost of sales in 2024?", ["cost_of_sales"], None),
        ("NVIDIA revenue growth in fiscal 2025", ["revenue"], "growth"),
        ("How much did Amazon's net income increase in 2024?", ["net_income"], "change"),
        ("what % did Amazon's net income increase in 2024?", ["net_income"], "growth"),
        ("What was Amazon's operating margin in 2024?", ["operating_income", "revenue"], "margin"),
        ("Coca-Cola gross margin percentage 2024", ["gross_profit", "revenue"], "margin"),
        ("Alphabet current ratio 2024", ["current_assets", "current_liabilities"], "ratio"),
        ("What were Apple's total assets at the end of fiscal 2024?", ["total_assets"], None),
        ("What was Apple's gross margin in 2024?", ["gross_profit"], None),
        ("What was Apple's basic earnings per share in fiscal 2024?", ["basic_eps"], None),
        ("Apple EPS, basic, 2024", ["basic_eps"], None),
        ("What was Walmart's net income per share diluted in fiscal 2025?", ["diluted_eps"], None),
        ("Apple earnings per share in 2024", ["diluted_eps"], None),
    ],
)
def test_items_and_derivation(question: str, items: list[str], derivation: str | None) -> None:
    ask = parse_ask(question, company_count=1, year_count=1)
    assert ask is not None
    assert [item.key for item in ask.items] == items
    assert ask.derivation == derivation


def test_two_companies_difference_and_sum() -> None:
    difference = parse_ask("How much more revenue did Apple have than NVIDIA?", 2, 1)
    combined = parse_ask("Apple and Amazon combined net income", 2, 1)
    assert difference is not None and difference.derivation == "difference"
    assert combined is not None and combined.derivation == "sum"


def test_a_segments_profit_is_no_bottom_line() -> None:
    ask = parse_ask("What was Honeywell's Aerospace segment profit in Q2 2023?", 1, 1)
    assert ask is None or "net_income" not in [item.key for item in ask.items]
    profit = parse_ask("What was Apple's profit in fiscal 2024?", 1, 1)
    assert profit is not None and [item.key for item in profit.items] == ["net_income"]


def test_no_line_item_is_not_numeric() -> None:
    assert parse_ask("What does Apple say about competition?", 1, 0) is None


NVDA = [
    FilingRef(1, "NVDA", "10-K", date(2024, 1, 28), 2024, "FY"),
    FilingRef(2, "NVDA", "10-K", date(2025, 1, 26), 2025, "FY"),
    FilingRef(3, "NVDA", "10-Q", date(2025, 7, 27), 2026, "Q2"),
]
MMM = [FilingRef(4, "MMM", "10-Q", date(2023, 6, 30), 2023, "Q2")]
CATALOG = Catalog((CompanyRef("NVDA", "NVIDIA"), CompanyRef("MMM", "3M")), tuple(NVDA + MMM))


def test_fiscal_years_are_named_by_the_year_they_end_in() -> None:
    assert fiscal_year_of(date(2025, 1, 26)) == 2025
    assert fiscal_year_of(date(2025, 1, 3)) == 2024
    assert fiscal_year_end(NVDA, 2025) == date(2025, 1, 26)
    assert fiscal_year_end(NVDA, 2023) == date(2023, 1, 26)  # from the latest 10-K, within tolerance
    assert fiscal_year_end(MMM, 2023) == date(2023, 12, 30)


def test_fiscal_year_target_is_a_twelve_month_duration() -> None:
    u = understand("NVIDIA revenue fiscal 2025", CATALOG)
    target = target_for(u, NVDA, "duration")
    assert target == Target("duration", date(2025, 1, 26), YEAR_DAYS, 2025)
    assert target.matches(False, date(2024, 1, 29), date(2025, 1, 26))
    assert not target.matches(False, date(2024, 10, 28), date(2025, 1, 26))


def test_a_calendar_year_is_the_fiscal_year_that_is_it_or_none() -> None:
    # 3M's fiscal years are calendar years; NVIDIA's end in late January, so none of them is calendar 2024
    for question in ["3M revenue calendar 2023", "3M revenue CY23", "3M revenue in calendar year 2023"]:
        u = understand(question, CATALOG)
        assert u.calendar_year and u.years == (2023,), question
        target = target_for(u, MMM, "duration")
        assert (
            target is not None
            and target.fiscal_year == 2023
            and target.matches(False, date(2023, 1, 1), date(2023, 12, 31))
        )
    assert target_for(understand("NVIDIA revenue calendar 2024", CATALOG), NVDA, "duration") is None
    assert target_for(understand("NVIDIA revenue fiscal 2025", CATALOG), NVDA, "duration") is not None


def test_the_year_to_date_at_a_month_is_to_the_quarter_ending_then() -> None:
    # 3M's second quarter ends in June: "YTD June 2023" is its six months; NVIDIA's quarters end in
    # January, April, July and October: no quarter ends in June
    target = target_for(understand("3M operating cash flow YTD June 2023", CATALOG), MMM, "duration")
    assert target is not None and target.quarter == 2 and target.days == 2 * QUARTER_DAYS
    assert target.matches(False, date(2023, 1, 1), date(2023, 6, 30))
    assert target_for(understand("NVIDIA revenue YTD June 2025", CATALOG), NVDA, "duration") is None


def test_quarter_and_six_months_targets() -> None:
    quarter = target_for(understand("NVIDIA revenue Q2 FY2026", CATALOG), NVDA, "duration")
    half = target_for(
        understand("NVIDIA revenue for the six months ended July 27, 2025", CATALOG), NVDA, "duration"
    )
    assert (
        quarter is not None
        and quarter.days == QUARTER_DAYS
        and abs((quarter.end - date(2025, 7, 27)).days) <= 10
    )
    assert half is not None and half.days == days_in_months(6) and half.end == date(2025, 7, 27)


def test_balance_sheet_items_are_instants_and_growth_looks_a_year_back() -> None:
    target = target_for(understand("3M total assets Q2 2023", CATALOG), MMM, "instant")
    assert target is not None and target.kind == "instant"
    assert target.matches(True, None, date(2023, 6, 30))
    annual = target_for(understand("NVIDIA revenue fiscal 2025", CATALOG), NVDA, "duration")
    assert annual is not None and annual.earlier().end == date(2024, 1, 26)


def test_a_balance_at_the_end_of_a_month_is_the_instant_that_month_ends() -> None:
    # "at the end of June 2023" is 3M's balance on June 30, 2023, not at its fiscal year's end
    target = target_for(understand("3M inventories at the end of June 2023", CATALOG), MMM, "instant")
    assert target is not None and target.kind == "instant" and target.end == date(2023, 6, 30)


@pytest.mark.parametrize(
    ("question", "route"),
    [
        ("What was NVIDIA's revenue in fiscal 2025?", "numeric"),
        ("What drives NVIDIA's data center revenue?", "hybrid"),
        # a derivation asked why: computed, not quoted (quotes beside it were tried: a segment's sentences
        # from another year's section were given as the company's reasons, #28)
        ("Why did NVIDIA's revenue grow in fiscal 2025?", "numeric"),
        ("How does NVIDIA describe its data center platform?", "narrative"),
        ("What was Netflix's revenue in 2024?", "refuse"),
    ],
)
def test_routes(question: str, route: str) -> None:
    understanding = understand(question, CATALOG)
    ask = parse_ask(question, len(understanding.companies), len(understanding.years))
    assert choose_route(question, understanding, ask) == route


def test_a_line_attributable_to_the_company_by_its_name_asks_for_a_figure_not_a_reason() -> None:
    # "attributable to 3M" names a line, as "attributable to the company" does
    question = (
        "What were 3M's diluted earnings (loss) per share attributable to 3M common shareholders for the "
        "three months ended June 30, 2023?"
    )
    understanding = understand(question, CATALOG)
    reading = read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR)
    ask = ask_of(reading.text, understanding, reading)
    assert ask is not None
    assert choose_route(question, understanding, ask) != "narrative"


@pytest.mark.parametrize(
    ("question", "deals"),
    [
        ("What acquisitions did NVIDIA complete in fiscal 2025?", True),
        ("Which companies did Apple acquire in 2024?", True),
        ("what major acquisitions has Amazon made since 2023?", True),
        # what was paid for them is the cash flow's line
        ("How much did NVIDIA spend on acquisitions in fiscal 2025?", False),
        ("What were Amazon's acquisitions, net of cash acquired, in 2024?", False),
    ],
)
def test_which_deals_were_done_asks_their_names_not_a_figure(question: str, deals: bool) -> None:
    understanding = understand(question, CATALOG)
    reading = read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR)
    ask = ask_of(reading.text, understanding, reading)
    assert (ask is None) is deals  # None: the pages are asked, not the tables
