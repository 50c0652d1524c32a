"""Reading metric questions: the 20 FinanceBench dev questions, each to the formula its annotators
computed (their justifications name the lines), with its rounding, scale and percent; and what is not
taken as a metric question."""

import json
from decimal import Decimal

import pytest
from edgar_mirror import SHARED_DIR

from filingproof.metrics.answer import _naming_terms, before_figures, written
from filingproof.metrics.definition import Presentation, metric_question, presentation, translate, years_of
from filingproof.metrics.library import MetricError
from filingproof.verify.expression import parse

DEV = SHARED_DIR / "financebench" / "questions_dev.jsonl"

# id → (the intended formula over line items at fiscal years, how the figure is written)
INTENDED: dict[str, tuple[str, Presentation]] = {
    "03029": ("abs(capex@FY2018)", Presentation(None, "millions")),
    "04672": ("ppe_net@FY2018", Presentation(None, "billions")),
    "02987": ("revenue@FY2019 / avg(ppe_net@FY2018, ppe_net@FY2019)", Presentation(2)),
    "07966": (
        "avg(pct(abs(capex@FY2017) / revenue@FY2017), pct(abs(capex@FY2018) / revenue@FY2018), "
        "pct(abs(capex@FY2019) / revenue@FY2019))",
        Presentation(1, None, True),
    ),
    "06655": (
        "365 * avg(accounts_payable@FY2016, accounts_payable@FY2017) / (abs(cost_of_sales@FY2017) + "
        "(inventories@FY2017 - inventories@FY2016))",
        Presentation(2),
    ),
    "08135": ("pct((revenue@FY2017 - revenue@FY2016) / abs(revenue@FY2016))", Presentation(1, None, True)),
    "08286": ("net_income@FY2019", Presentation(None, "millions")),
    "02608": (
        "avg(pct(net_income@FY2015 / revenue@FY2015), pct(net_income@FY2016 / revenue@FY2016), "
        "pct(net_income@FY2017 / revenue@FY2017))",
        Presentation(1, None, True),
    ),
    "04417": ("inventories@FY2019", Presentation(None, "millions")),
    "10285": ("ppe_net@FY2018", Presentation(None, "millions")),
    "03473": ("net_income@FY2017 / avg(total_assets@FY2016, total_assets@FY2017)", Presentation(2)),
    "04209": ("total_assets@FY2021", Presentation(None, "millions")),
    "10499": ("abs(cost_of_sales@FY2019) / avg(inventories@FY2018, inventories@FY2019)", Presentation(2)),
    "04171": ("accounts_payable@FY2018", Presentation(None, "millions")),
    "03849": (
        "avg(pct(abs(capex@FY2018) / revenue@FY2018), pct(abs(capex@FY2019) / revenue@FY2019), "
        "pct(abs(capex@FY2020) / revenue@FY2020))",
        Presentation(1, None, True),
    ),
    "04458": (
        "pct((operating_income@FY2015 + d_and_a@FY2015) / revenue@FY2015)",
        Presentation(None, None, True),
    ),
    "03282": ("current_liabilities@FY2017", Presentation(None, "millions")),
    "04980": ("abs(capex@FY2021)", Presentation(None, "billions")),
    "03620": ("operating_income@FY2022 + d_and_a@FY2022 - abs(capex@FY2022)", Presentation(None, "millions")),
    "04481": (
        "pct((operating_income@FY2022 + d_and_a@FY2022) / revenue@FY2022)",
        Presentation(None, None, True),
    ),
}


def _records() -> list[dict[str, str]]:
    return [json.loads(line) for line in DEV.read_text().splitlines() if line.strip()]


def test_every_dev_question_is_here() -> None:
    assert sorted(
        record["financebench_id"].removeprefix("financebench_id_") for record in _records()
    ) == sorted(INTENDED)


@pytest.mark.parametrize("record", _records(), ids=lambda record: record["financebench_id"])
def test_dev_question_reads_as_its_intended_formula(record: dict[str, str]) -> None:
    formula, shown = INTENDED[record["financebench_id"].removeprefix("financebench_id_")]
    asked = metric_question(record["question"])
    assert asked is not None
    assert asked.expr == parse(formula)
    assert parse(asked.formula) == asked.expr  # printed and read back: the same formula
    assert asked.presentation == shown


def test_stated_definitions_are_marked_and_days_are_numbers() -> None:
    by_id = {record["financebench_id"][-5:]: record["question"] for record in _records()}
    dpo = metric_question(by_id["06655"])
    assert dpo is not None and dpo.stated and dpo.dimensionless == "number"
    assert dpo.name == "days payable outstanding"
    growth = metric_question(by_id["08135"])
    assert growth is not None and not growth.stated


def test_a_definition_in_words() -> None:
    assert translate("FY2019 revenue / (average PP&E between FY2018 and FY2019)") == parse(
        "revenue@FY2019 / avg(ppe_net@FY2018, ppe_net@FY2019)"
    )
    assert translate(
        "unadjusted operating income + depreciation and amortization [from cash flow statement]"
    ) == (parse("operating_income@t + d_and_a@t"))
    assert translate("average total assets between FY2020 and FY2022") == parse(
        "avg(total_assets@FY2020, total_assets@FY2021, total_assets@FY2022)"
    )
    with pytest.raises(MetricError, match="goodwill impairment"):
        translate("FY2019 goodwill impairment / FY2019 revenue")


def test_a_definition_that_cannot_be_read_is_not_guessed() -> None:
    assert (
        metric_question("What is Amazon's FY2017 DPO? DPO is defined as: 365 * FY2017 payables float.")
        is None
    )


@pytest.mark.parametrize(
    "question",
    [
        "What was Apple's operating margin in fiscal 2024?",  # the line-item pipeline derives it
        "In Apple's cash flow statement, what was the change in inventories in fiscal 2022?",
        "What is Boeing's net property, plant and equipment (in USD millions)?",  # no year
        "What were Amazon's revenue and net income in FY2017 (in USD millions)?",  # two items
    ],
)
def test_not_metric_questions(question: str) -> None:
    assert metric_question(question) is None


def test_presentation_words() -> None:
    assert presentation("Round your answer to two decimal places.") == Presentation(2)
    assert presentation("Answer in units of percents and round to one decimal place.") == Presentation(
        1, None, True
    )
    assert presentation("what is the net PPNE for 3M? Answer in USD billions.") == Presentation(
        None, "billions"
    )
    assert presentation("Answer in USD thousands.") == Presentation(None, "thousands")


@pytest.mark.parametrize(
    ("value", "unit", "shown", "text"),
    [
        ("8738e6", "USD", Presentation(None, "billions"), "$8.7 billion"),  # 3M's net PP&E, page 58
        ("1577e6", "USD", Presentation(None, "millions"), "$1,577 million"),  # 3M's capex, page 60
        ("1469486e3", "USD", Presentation(None, "thousands"), "$1,469,486 thousand"),  # MGM, in thousands
        ("93.8578", "number", Presentation(2), "93.86 days"),
        ("24.2551", "ratio", Presentation(2), "24.26x"),
        ("1.8712", "percent", Presentation(1, None, True), "1.9%"),
        ("-26.9449", "number", Presentation(), "-26.94 days"),
        ("-0.001", "percent", Presentation(1), "0.0%"),  # no sign on a figure that rounds to zero
    ],
)
def test_the_figure_is_written_as_asked(value: str, unit: str, shown: Presentation, text: str) -> None:
    assert written(Decimal(value), unit, shown) == text


@pytest.mark.parametrize(
    ("question", "formula"),
    [
        (
            "What is Amazon's two-year revenue CAGR from FY2015 to FY2017? Answer in units of percents.",
            "pct(((revenue@FY2017 / revenue@FY2015) ^ (1 / 2)) - 1)",
        ),
        (
            "What is Amazon's revenue CAGR from FY2015 to FY2017 (in units of percents)?",
            "pct(((revenue@FY2017 / revenue@FY2015) ^ (1 / 2)) - 1)",
        ),
        (
            "What is Amazon's FY2017 cash conversion cycle? Round your answer to two decimal places.",
            "((((365 * avg(accounts_receivable@FY2016, accounts_receivable@FY2017)) / revenue@FY2017) + "
            "((365 * avg(inventories@FY2016, inventories@FY2017)) / abs(cost_of_sales@FY2017))) - "
            "((365 * avg(accounts_payable@FY2016, accounts_payable@FY2017)) / (abs(cost_of_sales@FY2017) + "
            "(inventories@FY2017 - inventories@FY2016))))",
        ),
        (
            "What is the FY2017 - FY2019 3 year average of unadjusted operating margin for Activision?",
            "avg(pct(operating_income@FY2017 / revenue@FY2017), pct(operating_income@FY2018 / "
            "revenue@FY2018), pct(operating_income@FY2019 / revenue@FY2019))",
        ),
    ],
)
def test_library_metrics_named_without_a_definition(question: str, formula: str) -> None:
    asked = metric_question(question)
    assert asked is not None and not asked.stated
    assert asked.expr == parse(formula)


@pytest.mark.parametrize(
    ("question", "formula"),
    [
        (  # a ratio asked in percents is the percent it is written in: 0.0597 is 5.97%
            "What is Amazon's FY2019 return on assets? ROA is defined as: FY2019 net income / (average total "
            "assets between FY2018 and FY2019). Answer in units of percents and round to two decimal places.",
            "pct(net_income@FY2019 / avg(total_assets@FY2018, total_assets@FY2019))",
        ),
        (
            "What is Netflix's FY2017 return on equity? Express it as a percentage, to one decimal place.",
            "pct(net_income@FY2017 / avg(equity@FY2016, equity@FY2017))",
        ),
        (  # a percent already, and days, stay as they are
            "What is Best Buy's FY2017 dividend payout ratio? Answer in units of percents.",
            "pct(abs(dividends_paid@FY2017) / net_income@FY2017)",
        ),
        (
            "What is Kraft Heinz's FY2019 DSO, in percent?",
            "365 * avg(accounts_receivable@FY2018, accounts_receivable@FY2019) / revenue@FY2019",
        ),
        (  # "gross margin" alone also names the gross-profit line in dollars: in percents it is the ratio
            "What was Costco's gross margin in FY2021? Answer in units of percents.",
            "pct((revenue@FY2021 - abs(cost_of_sales@FY2021)) / revenue@FY2021)",
        ),
        (
            "What was PepsiCo's FY2022 operating margin, in percent?",
            "pct(operating_income@FY2022 / revenue@FY2022)",
        ),
    ],
)
def test_a_ratio_asked_in_percents(question: str, formula: str) -> None:
    asked = metric_question(question)
    assert asked is not None and asked.presentation.percent
    assert asked.expr == parse(formula)


@pytest.mark.parametrize(
    ("definition", "formula"),
    [
        # the words filings use for the same lines: "net PP&E", the owners as "shareowners"
        ("FY2022 net revenue / (average net PP&E between FY2021 and FY2022)",
         "revenue@FY2022 / avg(ppe_net@FY2021, ppe_net@FY2022)"),
        ("FY2017 net income attributable to shareowners / (average equity attributable to shareowners "
         "between FY2016 and FY2017)", "net_income@FY2017 / avg(equity@FY2016, equity@FY2017)"),
        ("FY2018 earnings from operations / FY2018 interest and debt expense",
         "operating_income@FY2018 / interest_expense@FY2018"),
        # a retailer's "merchandise costs", payables as "trade payables", dividends as "cash dividends paid"
        ("365 * (average trade payables between FY2020 and FY2021) / (FY2021 merchandise costs)",
         "365 * avg(accounts_payable@FY2020, accounts_payable@FY2021) / cost_of_sales@FY2021"),
        ("FY2021 cash dividends paid / FY2021 net income attributable to shareholders",
         "dividends_paid@FY2021 / net_income@FY2021"),
        ("FY2021 operating income / FY2021 net operating revenues",
         "operating_income@FY2021 / revenue@FY2021"),
        # a line named as a filing prints it (Walmart's capex), analysts' short forms of cash from operations
        ("net cash provided by operating activities - payments for property and equipment",
         "operating_cash_flow@t - capex@t"),
        ("cash from ops - capex", "operating_cash_flow@t - capex@t"),
        ("OCF - capex", "operating_cash_flow@t - capex@t"),
    ],
)  # fmt: skip
def test_definitions_in_the_words_of_other_filings(definition: str, formula: str) -> None:
    assert translate(definition) == parse(formula)


@pytest.mark.parametrize(
    ("label", "name"),
    [
        # 3M FY2018 10-K page 58; Activision Blizzard FY2019 page F-4; Kraft Heinz FY2019 page 47
        (
            "Accounts receivable — net of allowances of $95 and $103",
            "Accounts receivable — net of allowances",
        ),
        (
            "Accounts receivable, net of allowances of $132 and $190, at December 31, 2019 and December 31, "
            "2018, respectively",
            "Accounts receivable, net of allowances",
        ),
        (
            "Trade receivables (net of allowances of $33 at December 28, 2019 and $24 at December 29, 2018)",
            "Trade receivables",
        ),
        ("Net income attributable to 3M", "Net income attributable to 3M"),  # a name, not a figure
        (
            "Purchases of property, plant and equipment (PP&E)",
            "Purchases of property, plant and equipment (PP&E)",
        ),
    ],
)
def test_a_line_is_named_without_the_figures_its_label_prints(label: str, name: str) -> None:
    assert before_figures(label) == name


def test_a_year_is_read_from_the_date_a_fiscal_year_ends_when_no_fiscal_year_is_named() -> None:
    assert years_of("What was Walmart's free cash flow for the fiscal year ended Jan 31, 2025") == [2025]
    assert years_of("FY2024 revenue, for the fiscal year ended Jan 31, 2025") == [2024]


def test_an_inputs_own_abbreviation_is_no_qualifier_of_it() -> None:
    # FinanceBench 04672: "net PPNE" is net property, plant and equipment, written as analysts write it
    asked = metric_question("what is the year end FY2018 net PPNE for 3M? Answer in USD billions.")
    assert asked is not None
    assert "ppne" in _naming_terms("what is the year end FY2018 net PPNE for 3M", asked)
    # a qualifier the metric's names do not hold stays one: Services' gross margin is not Apple's
    services = "What was Apple's Services gross margin in units of percents in FY2024?"
    margin = metric_question(services)
    assert margin is not None
    assert "gross" in _naming_terms(services, margin)
    assert not {"service", "services"} & _naming_terms(services, margin)
    # the words of the formula a question states inline name the metric: FinanceBench C 005
    roa = (
        "Compute Activision Blizzard's return on assets for FY2018 as net income divided by the average of "
        "total assets at the end of FY2017 and FY2018."
    )
    asked_roa = metric_question(roa)
    assert asked_roa is not None and "average" in _naming_terms(roa, asked_roa)
