"""Every metric of the library against values computed by hand from the filings' printed cells.

Amazon's FY2017 10-K (FinanceBench `AMAZON_2017_10K.pdf`, USD millions): cash-flow statement page 37,
income statement page 38, balance sheet page 40. Coca-Cola's FY2017 10-K (`COCACOLA_2017_10K.pdf`):
net income attributable to shareowners page 74, balance sheet page 76, dividends paid page 77.
"""

from decimal import Decimal

import pytest

from filingproof.metrics.items import INPUTS_BY_KEY
from filingproof.metrics.library import (
    METRICS,
    METRICS_BY_KEY,
    MetricError,
    average,
    cagr,
    expand,
    growth,
    shift,
)
from filingproof.verify.expression import (
    Expr,
    Leaf,
    Quantity,
    Ref,
    evaluate,
    parse,
    quantity,
    render,
    unit_of,
)

AMAZON: dict[tuple[str, int], int] = {
    # page 38, years ended December 31
    ("revenue", 2015): 107_006,  # Total net sales
    ("revenue", 2016): 135_987,
    ("revenue", 2017): 177_866,
    ("net_income", 2015): 596,
    ("net_income", 2016): 2_371,
    ("net_income", 2017): 3_033,
    ("cost_of_sales", 2017): 111_934,
    ("operating_income", 2017): 4_106,
    ("interest_expense", 2017): -848,  # printed "(848)"
    # page 37
    ("d_and_a", 2017): 11_478,  # Depreciation of property and equipment … and other amortization
    ("capex", 2017): -11_955,  # Purchases of property and equipment …, printed "(11,955)"
    ("operating_cash_flow", 2017): 18_434,
    # page 40, December 31, 2016 and 2017
    ("cash", 2017): 20_522,
    ("short_term_investments", 2017): 10_464,  # Marketable securities
    ("accounts_receivable", 2016): 8_339,
    ("accounts_receivable", 2017): 13_164,
    ("inventories", 2016): 11_461,
    ("inventories", 2017): 16_047,
    ("current_assets", 2017): 60_197,
    ("ppe_net", 2016): 29_114,
    ("ppe_net", 2017): 48_866,
    ("total_assets", 2016): 83_402,
    ("total_assets", 2017): 131_310,
    ("accounts_payable", 2016): 25_309,
    ("accounts_payable", 2017): 34_616,
    ("current_liabilities", 2017): 57_883,
    ("equity", 2016): 19_285,
    ("equity", 2017): 27_709,
}
COCA_COLA: dict[tuple[str, int], int] = {
    ("net_income", 2017): 1_248,  # page 74
    ("dividends_paid", 2017): -6_320,  # page 77, printed "(6,320)"
    ("short_term_debt", 2017): 13_205,  # page 76: Loans and notes payable
    ("current_long_term_debt", 2017): 3_298,
    ("long_term_debt", 2017): 31_182,
    ("equity", 2017): 18_977,  # TOTAL EQUITY
}

# metric → (company's values, hand-computed value at FY2017, decimals compared, unit)
EXPECTED: dict[str, tuple[dict[tuple[str, int], int], str, int, str]] = {
    # (177,866 − 111,934) / 177,866
    "gross_margin": (AMAZON, "37.0684", 4, "percent"),
    "operating_margin": (AMAZON, "2.3085", 4, "percent"),  # 4,106 / 177,866
    "net_margin": (AMAZON, "1.7052", 4, "percent"),  # 3,033 / 177,866
    "cogs_pct_revenue": (AMAZON, "62.9316", 4, "percent"),
    "ebitda": (AMAZON, "15584000000", 0, "USD"),  # 4,106 + 11,478
    "ebitda_margin": (AMAZON, "8.7617", 4, "percent"),  # 15,584 / 177,866
    "ebitda_less_capex": (AMAZON, "3629000000", 0, "USD"),  # 15,584 − 11,955
    "capex_pct_revenue": (AMAZON, "6.7214", 4, "percent"),  # 11,955 / 177,866
    "fcf": (AMAZON, "6479000000", 0, "USD"),  # 18,434 − 11,955
    "roa": (AMAZON, "0.0283", 4, "ratio"),  # 3,033 / ((83,402 + 131,310) / 2)
    "roe": (AMAZON, "0.1291", 4, "ratio"),  # 3,033 / ((19,285 + 27,709) / 2)
    "current_ratio": (AMAZON, "1.0400", 4, "ratio"),  # 60,197 / 57,883
    "quick_ratio": (AMAZON, "0.7627", 4, "ratio"),  # (20,522 + 10,464 + 13,164) / 57,883
    "working_capital": (AMAZON, "2314000000", 0, "USD"),
    "operating_cash_flow_ratio": (AMAZON, "0.3185", 4, "ratio"),  # 18,434 / 57,883
    "asset_turnover": (AMAZON, "1.6568", 4, "ratio"),  # 177,866 / 107,356
    "fixed_asset_turnover": (AMAZON, "4.5618", 4, "ratio"),  # 177,866 / 38,990
    "inventory_turnover": (AMAZON, "8.1383", 4, "ratio"),  # 111,934 / 13,754
    "dso": (AMAZON, "22.0632", 4, "number"),  # 365 × 10,751.5 / 177,866
    "dio": (AMAZON, "44.8497", 4, "number"),  # 365 × 13,754 / 111,934
    "dpo": (AMAZON, "93.8578", 4, "number"),  # 365 × 29,962.5 / (111,934 + 4,586); FinanceBench 93.86
    "ccc": (AMAZON, "-26.9449", 4, "number"),  # 22.0632 + 44.8497 − 93.8578
    "interest_coverage": (AMAZON, "4.8420", 4, "ratio"),  # 4,106 / 848
    "payout": (COCA_COLA, "506.4103", 4, "percent"),  # 6,320 / 1,248
    "retention": (COCA_COLA, "-406.4103", 4, "percent"),  # (1,248 − 6,320) / 1,248
    "debt_to_equity": (COCA_COLA, "2.5128", 4, "ratio"),  # (13,205 + 3,298 + 31,182) / 18,977
}


def _value(values: dict[tuple[str, int], int], expr: Expr) -> Quantity:
    def value_of(leaf: Leaf) -> Quantity:
        assert isinstance(leaf, Ref) and not leaf.relative
        return quantity(Decimal(values[(leaf.item, leaf.year)]) * 10**6, "USD")

    return evaluate(expr, value_of)


def test_every_metric_is_checked_here() -> None:
    assert set(EXPECTED) == {metric.key for metric in METRICS}


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_metric_over_the_filing_cells(key: str) -> None:
    values, expected, places, unit = EXPECTED[key]
    metric = METRICS_BY_KEY[key]
    result = _value(values, expand(shift(metric.expr, 2017)))
    assert result.value.quantize(Decimal(1).scaleb(-places)) == Decimal(expected)
    assert unit_of(result, metric.dimensionless) == unit


def test_balances_are_averaged_over_the_opening_and_closing_year() -> None:
    assert render(expand(shift(METRICS_BY_KEY["roa"].expr, 2017))) == (
        "net_income@FY2017 / avg(total_assets@FY2016, total_assets@FY2017)"
    )
    # D&A and capital expenditures are read from the cash-flow statement; capex as a magnitude
    assert render(expand(shift(METRICS_BY_KEY["ebitda_less_capex"].expr, 2022))) == (
        "(operating_income@FY2022 + d_and_a@FY2022) - abs(capex@FY2022)"
    )


def test_growth_cagr_and_averages_of_any_metric() -> None:
    yoy = _value(AMAZON, expand(shift(growth("revenue"), 2017)))
    assert yoy.value.quantize(Decimal("0.1")) == Decimal("30.8")  # FinanceBench: 30.8%
    two_year = _value(AMAZON, expand(shift(cagr("revenue", 2), 2017)))
    assert two_year.value.quantize(Decimal("0.0001")) == Decimal("28.9266")  # (177,866 / 107,006)^½ − 1
    margins = _value(AMAZON, expand(shift(average("net_margin", 3), 2017)))
    # (596 / 107,006 + 2,371 / 135,987 + 3,033 / 177,866) / 3
    assert margins.value.quantize(Decimal("0.0001")) == Decimal("1.3352")
    assert unit_of(margins) == "percent"


def test_a_stated_definition_wins_over_the_library() -> None:
    stated = {"ebitda": parse("operating_income@t")}
    assert render(expand(shift(METRICS_BY_KEY["ebitda_margin"].expr, 2017), stated)) == (
        "pct(operating_income@FY2017 / revenue@FY2017)"
    )


def test_an_unknown_name_is_an_error() -> None:
    with pytest.raises(MetricError):
        expand(parse("goodwill_impairment@FY2017"))


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("operating_income", "Earnings from operations"),  # Boeing FY2018 10-K, page 48
        ("interest_expense", "Interest and debt expense"),
        ("operating_cash_flow", "Net cash used in operating activities"),  # Netflix FY2017 10-K, page 42
        ("operating_cash_flow", "Net cash provided by/(used for) operating activities"),  # Kraft Heinz, p. 49
        ("accounts_receivable", "Accounts and notes receivable, net"),  # PepsiCo FY2022 10-K, page 64
        ("equity", "Total 3M Company shareholders’ equity"),  # 3M FY2018 10-K, page 58
        ("equity", "EQUITY ATTRIBUTABLE TO SHAREOWNERS OF THE COCA-COLA COMPANY"),  # Coca-Cola, page 74
        ("revenue", "NET OPERATING REVENUES"),  # Coca-Cola FY2017 10-K, page 72
        ("operating_income", "Operating income/(loss)"),  # Kraft Heinz FY2019 10-K, page 45
        ("net_income", "Net income/(loss) attributable to common shareholders"),  # Kraft Heinz, page 45
        ("net_income", "Net income (loss) attributable to MGM Resorts International"),  # MGM FY2020, p. 65
        ("cost_of_sales", "Merchandise costs"),  # Costco FY2021 10-K, page 36
        ("capex", "Property, plant and equipment additions"),  # Boeing FY2018 10-K, page 53
        ("dividends_paid", "Dividends paid to shareholders"),  # 3M FY2018 10-K, page 60
        ("accounts_payable", "Trade payables"),  # Kraft Heinz, page 47
        ("inventories", "Inventories (Notes 1 and 3)"),  # J&J FY2022 10-K, page 46: a reference to the notes
        ("operating_cash_flow", "Cash generated by operating activities"),  # Apple FY2024 10-K, page 33
        ("operating_cash_flow", "NET CASH FLOWS FROM OPERATING ACTIVITIES"),  # J&J Q2 2023 10-Q, page 7
        # NVIDIA FY2025 10-K, page 56: the line its own free cash flow subtracts
        ("capex", "Purchases related to property and equipment and intangible assets"),
        ("cost_of_sales", "Cost of products sold (A)"),  # Smucker's FY2024 10-K, page 53: a footnote's marker
    ],
)
def test_rows_as_other_filings_print_them(key: str, label: str) -> None:
    assert INPUTS_BY_KEY[key].row_rank(label) is not None


def test_rows_of_other_lines_are_not_the_input() -> None:
    assert INPUTS_BY_KEY["equity"].row_rank("Total liabilities and shareholders’ equity") is None
    assert INPUTS_BY_KEY["operating_cash_flow"].row_rank("Net cash used in investing activities") is None
    # a parenthesis that is no footnote's marker still says more
    assert INPUTS_BY_KEY["cost_of_sales"].row_rank("Cost of products sold (excluding depreciation)") is None
    # the owners' equity before the total that includes noncontrolling interests
    equity = INPUTS_BY_KEY["equity"]
    parent, total = equity.row_rank("Total 3M Company shareholders’ equity"), equity.row_rank("Total equity")
    assert parent is not None and total is not None and parent < total
    # the shareholders' net income before the one that includes noncontrolling interests (Kraft Heinz)
    income = INPUTS_BY_KEY["net_income"]
    owners = income.row_rank("Net income/(loss) attributable to common shareholders")
    including = income.row_rank("Net income/(loss)")
    assert owners is not None and including is not None and owners < including
    # Johnson Controls FY2024 10-K, page 57: its continuing operations' line before the discontinued ones',
    # printed in the words of the line without its qualifier
    cfo = INPUTS_BY_KEY["operating_cash_flow"]
    continuing = cfo.row_rank("Cash provided by operating activities from continuing operations")
    unqualified = cfo.row_rank("Cash provided by operating activities")
    assert continuing is not None and unqualified is not None and continuing < unqualified
    # RTX's FY2023 10-K: "flows" in the continuing operations' line
    flows = cfo.row_rank("Net cash flows provided by operating activities from continuing operations")
    assert flows is not None and flows < unqualified
    # dividends paid to the minority owners of subsidiaries are not the company's dividends (Coca-Cola)
    assert INPUTS_BY_KEY["dividends_paid"].row_rank("Dividends paid to noncontrolling interests") is None


def test_tesla_capex_is_its_payment_not_its_non_cash_disclosure() -> None:
    # Tesla's FY2024 10-K, page 52: the payment, and below the statement what it owed for equipment at year
    # end
    capex = INPUTS_BY_KEY["capex"]
    assert capex.row_rank("Purchases of property and equipment excluding finance leases, net of sales") == 1
    assert capex.row_rank("Acquisitions of property and equipment included in liabilities") is None
    assert capex.row_rank("Acquisitions of property and equipment") is not None
    # the tag's standard label, as Boeing prints it (10-K FY2023, page 54)
    assert capex.row_rank("Payments to acquire property, plant and equipment") is not None


def test_a_total_that_repeats_its_sections_heading_is_the_line() -> None:
    # AbbVie's FY2023 10-K, page 57: the operating section's total is printed "Cash flows from operating
    # activities", as its heading (which holds no figure)
    assert INPUTS_BY_KEY["operating_cash_flow"].row_rank("Cash flows from operating activities") is not None
    assert INPUTS_BY_KEY["operating_cash_flow"].row_rank("Cash flows from investing activities") is None
