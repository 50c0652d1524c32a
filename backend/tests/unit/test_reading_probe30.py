"""Questions as people typed them (probe 30's dev sets and probe 29's): a company under a foreign legal
form ("LyondellBasell Industries N.V.", whose "V." is no Visa), companies set aside before an arrow,
periods counted in quarters or weeks ("the first three quarters", "36wk", "(12 wks to sep 9 2023)"), the
line an aside says the asker means ("just the inventory line"), a formula that tells how to compute what
was asked ("Compute … ÷ … × 100"), a statement named last ("dividends paid FY23 cash flow"), and a move
asked "in %"."""

from datetime import date

import pytest

from filingproof.qa.items import parse_ask
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions, understand
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
        CompanyRef("DOW", "Dow Inc."),
        CompanyRef("HON", "Honeywell International Inc"),
        CompanyRef("V", "VISA INC."),
        CompanyRef("AMC", "AMC Entertainment Holdings, Inc."),
        CompanyRef("MARA", "Marathon Digital Holdings, Inc."),
        CompanyRef("CL", "Colgate-Palmolive Company"),
        CompanyRef("PEP", "PepsiCo, Inc."),
        CompanyRef("INTC", "Intel Corporation"),
        CompanyRef("LYB", "LyondellBasell Industries N.V.", covered=False),
    ),
    (),
)
WORDS = FilingWords(
    terms=terms("net sales inventories common stock dividends paid total current assets liabilities"),
    members=(("INTC", "Data Center and AI"), ("PEP", "Frito-Lay North America")),
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def companies(question: str) -> list[tuple[str, str]]:
    return company_mentions(question, CATALOG)


def test_a_foreign_legal_form_is_the_companys_and_no_ticker_inside_it() -> None:
    # "N.V." holds Visa's ticker as a letter of initials: it names no Visa
    question = (
        "what net sales did LyondellBasell Industries N.V. report for the three months ended June 30, 2023?"
    )
    assert companies(question) == [("LyondellBasell Industries N.V.", "")]
    # and the name without its generic last word, which is no English word, names it too
    assert companies("What were LyondellBasell's net sales in 2023?") == [("LyondellBasell", "")]
    assert companies("what were U.S. sales?") == []


def test_companies_said_done_before_an_arrow_are_not_asked() -> None:
    read_ = reading("already did DOW, HON -> LYB net sales 2Q23")
    asked = [span.text for span in read_.of("company") if span.text in read_.text]
    assert "LYB" in read_.text and "DOW" not in read_.text and "HON" not in asked


def test_a_registered_name_with_its_generic_word_and_legal_form_is_the_company() -> None:
    assert companies("How much did AMC Entertainment Holdings, Inc. pay for capex?") == [
        ("AMC Entertainment Holdings, Inc.", "AMC")
    ]


def test_a_lowercase_ticker_set_against_a_company_names_its_company() -> None:
    found = companies(
        "whose balance sheet was bigger by total assets, amc or marathon digital, and by how much?"
    )
    assert [ticker for _, ticker in found] == ["AMC", "MARA"]


@pytest.mark.parametrize(
    ("question", "kind", "end"),
    [
        ("pepsi dividends through the first three quarters of 2023", "nine_months", None),
        ("pepsi dividends first two quarters of 2023", "six_months", None),
        ("PEP dividends paid YTD 3Q23 36wk", "nine_months", None),
        ("PEP FLNA net rev 12wk ended September 9, 2023", "three_months", date(2023, 9, 9)),
    ],
)
def test_a_period_counted_in_quarters_or_weeks_is_read(question: str, kind: str, end: date | None) -> None:
    understood = understand(question, CATALOG)
    assert understood.period_kind == kind
    if end is not None:
        assert understood.period_end == end


def test_weeks_typed_short_are_spelled_and_a_parenthesis_of_weeks_dates_the_quarter() -> None:
    assert "36 weeks" in reading("PEP dividends paid YTD 3Q23 36wk").text
    text = reading(
        "hiya - how much did the frito-lay north america business bring in for pepsi in the sept quarter "
        "(12 wks to sep 9 2023)? chips are my thing this week lol"
    ).text
    assert "12 weeks to sep 9 2023" in text and " week" not in text.replace("12 weeks", "")


def test_a_quarter_of_a_fiscal_year_in_a_parenthesis_dates_the_quarter() -> None:
    text = reading("what did dow spend on capex in the august quarter (q1 of their fy24)?").text
    assert "FY2024" in text


def test_an_aside_naming_the_line_is_the_line_asked() -> None:
    # "stock" alone would be read as the balance sheet's common stock: a true cell of a neighbouring line
    text = reading(
        "hi - how much stock was colgate sitting on at the end of june '23? just the inventory line off the "
        "balance sheet, thanks a lot"
    ).text
    assert "inventory" in text and "stock" not in text
    assert reading("what was colgate's net sales in 2023? just the number").text.endswith(
        "net sales in FY2023"
    )


def test_a_statement_named_last_is_where_the_line_is_read() -> None:
    assert reading("DOW dividends paid FY23 cash flow").text == "What was DOW dividends paid FY2023"
    # a measure of cash flow keeps its words
    assert "free cash flow" in reading("DOW free cash flow FY23").text


def test_a_formula_after_the_question_is_its_definition_or_its_period() -> None:
    ratio = reading(
        "What was Intel Corporation's current ratio as of July 1, 2023? Compute total current assets divided "
        "by total current liabilities from the condensed consolidated balance sheet."
    )
    assert ratio.definition.endswith(
        "Current ratio is defined as: total current assets / total current liabilities"
    )
    # one line over two periods says how the period asked is made, which the period read says
    growth = reading(
        "By what percentage did Dow's net sales for the three months ended June 30, 2023 increase over the "
        "three months ended June 30, 2022? Compute (net sales Q2 2023 − net sales Q2 2022) ÷ net sales "
        "Q2 2022 × 100."
    )
    assert "Compute" not in growth.text and not growth.definition


def test_a_move_asked_in_percent_is_a_growth_rate() -> None:
    ask = parse_ask(
        "how much did dow's net sales increase in the three months ended June 30, 2023 versus the same "
        "quarter a year earlier, in %",
        1,
        1,
    )
    assert ask is not None and ask.derivation == "growth"


def test_a_member_typed_with_its_words_run_together_is_named_as_printed() -> None:
    text = reading(
        "What net revenue did Intel's Datacenter and AI (DCAI) operating segment report in Q2 2023?"
    ).text
    assert "Data Center and AI segment" in text


def test_what_a_parenthesis_says_is_not_asked_is_filler() -> None:
    text = reading(
        "how much net sales came from dow's coatings side (not govt) in the june quarter of 2023?"
    ).text
    assert "not" not in text and "govt" not in text


def test_paying_more_in_a_line_is_spending_not_paid_in_capital() -> None:
    text = reading("who paid out more in stock comp in 2023, dow or honeywell?").text
    assert "spent more in stock-based compensation" in text


def test_where_the_figure_is_printed_is_filler() -> None:
    for question in (
        "What were Dow's capital spending outflows for 1H 2023, according to its condensed consolidated "
        "statement of cash flows?",
        "What were Dow's total revenues for Q4 2023, as shown in the quarterly data of its 2023 annual "
        "report?",
    ):
        text = reading(question).text
        assert "statement" not in text and "shown" not in text and "outflow" not in text


def test_a_company_an_analysts_own_work_is_of_is_named() -> None:
    catalog = Catalog((CompanyRef("CSCO", "Cisco Systems, Inc."),), ())
    found = company_mentions("sanity-checking my cisco model... what tax rate did they pay in fy24?", catalog)
    assert found == [("cisco", "CSCO")]


def test_what_a_payment_is_net_of_names_no_line() -> None:
    ask = parse_ask(
        "How much did Cisco pay for acquisitions, net of cash and cash equivalents acquired, in 2024", 1, 1
    )
    assert ask is None or not ask.items


def test_a_season_beside_a_dated_period_is_filler_and_alone_stays_unread() -> None:
    dated = reading(
        "how much did intel sell in the data center and AI bucket last summer - their q2 fy23?"
    ).text
    assert "summer" not in dated and "net sales" in dated
    assert "summer" in reading("how much did dow sell last summer?").text


# Probe 30's held-out half, read after it was measured (spent): how the figure is rounded is no operand of
# its definition, an external figure leaves intersegment sales out by being external, "add up" sums, a
# statement named last after any line's word, and the cash spent by a company of four words.


def test_how_a_definition_is_rounded_is_no_operand() -> None:
    ratio = reading(
        "What was Intel's current ratio as of July 1, 2023? Compute total current assets ÷ total current "
        "liabilities, rounded to two decimals."
    )
    assert ratio.definition.endswith("total current assets / total current liabilities")


def test_an_external_figure_leaves_intersegment_sales_out_by_being_external() -> None:
    assert not reading("Intel's Data Center and AI external sales 2Q23 ex interseg").excluded
    assert reading("Intel's Data Center and AI sales 2Q23 ex interseg").excluded


def test_adding_up_two_lines_is_their_sum() -> None:
    text = reading(
        "can you add up dow's net sales and cost of sales for the six months to june 30, 2023?"
    ).text
    assert "combined" in text and "add" not in text


def test_a_statement_named_last_after_any_lines_word_and_the_cash_a_long_name_spent() -> None:
    assert reading("DOW acquisitions net of cash acquired FY23 cash flow").text.endswith("acquired FY2023")
    text = reading(
        "How much cash did Honeywell International Inc. spend on acquisitions in fiscal 2023?"
    ).text
    assert "cash" not in text.replace("Honeywell", "")


def test_a_company_and_question_words_before_cash_flow_leave_it_the_line() -> None:
    assert "cash flow" in reading("how much was intel cash flow").text
