"""Questions as people typed them (probe 27's dev sets and the derived figures earlier sets missed): a formula
the question states over the company's own lines, a first quarter no filing covers, and the words around them.
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pytest

from filingproof.agent.writer import _formula_words
from filingproof.calendar import days_in_months
from filingproof.metrics.items import INPUTS_BY_KEY
from filingproof.qa.asked import item_phrases, stated_formula, with_operands
from filingproof.qa.items import find_items
from filingproof.qa.periods import period_sum_for
from filingproof.reading.clauses import split_clauses
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions, understand
from filingproof.verify.cells import Unit
from filingproof.verify.derive import formula
from filingproof.verify.items import implied_words, terms


def test_a_stated_formula_of_two_operators_is_computed_over_the_lines_it_names() -> None:
    # Boeing's gross margin "computed as (total revenues - total costs and expenses) / total revenues", as
    # the reading writes it out
    text = "What was BA gross margin percentage for the six months ended June 30, 2023, (total revenues - "
    text += "total costs and expenses) / total revenues"
    ask = stated_formula(text, ["BA"], "margin")
    assert ask is not None and ask.derivation == "formula"
    assert ask.operands == ("total revenues", "total costs and expenses")
    # what is taken away is its magnitude: Boeing prints its costs in parentheses
    assert ask.formula == "pct(([0] - abs([1])) / [0])"


def test_a_stated_formula_computes_with_the_costs_printed_negative() -> None:
    cited = {7: _Cited(7, 37_672), 9: _Cited(9, -33_810)}
    derived = formula("pct(([7] - abs([9])) / [7])", cited)
    assert round(derived.value, 2) == pytest.approx(10.25)
    assert derived.unit == "percent"


@dataclass(frozen=True)
class _Cited:
    cell_id: int
    millions: int
    unit: Unit = "USD"

    @property
    def value(self) -> Decimal:
        return Decimal(self.millions) * 1_000_000


@pytest.mark.parametrize(
    "text",
    [
        # one operator: `with_operands` reads it as a margin or a sum
        "What was UNH medical care ratio, medical costs / premiums",
        # no formula after the last comma
        "What was Boeing's revenue for 2023, and its net income",
        # a piece that names no line: how a period is made
        "What was MARA cost of revenues in Q1 2023, (1H23 - 2Q23) - Q2",
    ],
)
def test_no_stated_formula_where_the_text_states_none(text: str) -> None:
    assert stated_formula(text, []) is None


def test_a_formula_over_periods_says_how_a_period_is_made() -> None:
    # "Taking Intel's fiscal 2023 operating income and subtracting its operating result for the six months
    # ended July 1, 2023, how much … in the second half": the period asked, not a formula of two lines
    text = "how much operating income did Intel in the second half of fiscal 2023, Intel's fiscal 2023 "
    text += "operating income - its operating"
    assert stated_formula(text, ["Intel's"], defined=True) is None


def test_a_subtraction_the_reading_wrote_out_is_a_formula_and_a_names_parenthesis_is_no_edge() -> None:
    # Riot's free cash flow "calculated as net cash provided by (used in) operating activities minus purchases
    # of property and equipment": "(used in)" is part of the line's name
    text = (
        "What was Riot's free cash flow for the six months ended June 30, 2023, net cash provided by (used "
    )
    text += "in) operating activities - purchases of property and equipment"
    assert stated_formula(text, ["Riot's"]) is None  # a dash, unless the reading wrote it as a minus
    ask = with_operands(text, ["Riot's"], None, defined=True)
    assert ask is not None and ask.formula == "[0] - abs([1])"
    assert ask.operands[1] == "purchases of property and equipment"
    assert "operating activities" in ask.operands[0] and "used" in ask.operands[0]


def test_a_formula_in_words_names_its_lines() -> None:
    class _Pick:
        def __init__(self, cell_id: int, name: str) -> None:
            self.cell = type("C", (), {"cell_id": cell_id})()
            self.segment, self.item = None, type("I", (), {"name": name})()

    picks = [_Pick(3, "total revenues"), _Pick(5, "total costs and expenses")]
    words = _formula_words("pct(([3] - abs([5])) / [3])", picks)  # type: ignore[arg-type]
    assert words == "(total revenues - total costs and expenses) / total revenues"


MARATHON = [FilingRef(1, "MARA", "10-Q", date(2023, 6, 30), 2023, "Q2")]
MARATHON_CATALOG = Catalog((CompanyRef("MARA", "Marathon Digital Holdings, Inc."),), tuple(MARATHON))


@pytest.mark.parametrize(
    "question",
    [
        "MARA 1Q23 total cost of revenues",
        "What was Marathon Digital's total cost of revenues for the three months ended March 31, 2023",
    ],
)
def test_a_first_quarter_no_filing_covers_is_its_half_less_its_second_quarter(question: str) -> None:
    found = period_sum_for(understand(question, MARATHON_CATALOG), MARATHON)
    assert found is not None and found.asked.quarter == 1 and not found.printed_first
    assert [(t.end, t.days) for t in found.plus] == [(date(2023, 6, 30), days_in_months(6))]
    assert [(t.end, t.days) for t in found.minus] == [(date(2023, 6, 30), days_in_months(3))]


def test_a_first_quarter_its_own_filing_covers_is_printed() -> None:
    filings = [*MARATHON, FilingRef(2, "MARA", "10-Q", date(2023, 3, 31), 2023, "Q1")]
    catalog = Catalog(MARATHON_CATALOG.companies, tuple(filings))
    assert period_sum_for(understand("MARA 1Q23 total cost of revenues", catalog), filings) is None


def test_a_first_quarter_ending_on_another_day_than_the_one_named_is_none() -> None:
    # Home Depot's fiscal 2023 ended January 28, 2024; "the quarter ended April 28, 2024" is in fiscal 2024,
    # which no filing covers, not the first quarter of the half its June 10-Q prints
    home_depot = [
        FilingRef(1, "HD", "10-K", date(2024, 1, 28), 2023, "FY"),
        FilingRef(2, "HD", "10-Q", date(2023, 7, 30), 2023, "Q2"),
    ]
    catalog = Catalog((CompanyRef("HD", "Home Depot, Inc."),), tuple(home_depot))
    question = "HD Q1 FY24 net sales (qtr ended 4/28/24)"
    assert period_sum_for(understand(question, catalog), home_depot) is None
    # nor where the date is left out: a year Home Depot names by its start may be either "FY24"
    assert period_sum_for(understand("HD Q1 FY24 net sales", catalog), home_depot) is None


def test_deferred_revenue_is_no_revenue() -> None:
    assert [item.key for item in find_items("ADBE current deferred rev @ 3Q FY23 end")] == []
    assert [item.key for item in find_items("Adobe's revenue and its unearned revenue")] == ["revenue"]


def test_an_intangible_is_an_asset_and_an_impairment_a_charge_or_a_loss() -> None:
    assert "asset" in implied_words(terms("indefinite-lived intangible impairment charge"))
    assert {"cost", "income"} <= implied_words(terms("goodwill impairment"))
    assert "asset" not in implied_words(terms("goodwill"))


def test_a_sections_total_by_its_name_is_operating_cash_flow() -> None:
    # Procter & Gamble's 10-Q cash flow statement: "TOTAL OPERATING ACTIVITIES"
    assert any(
        pattern.fullmatch("total operating activities")
        for pattern in INPUTS_BY_KEY["operating_cash_flow"].rows
    )


CATALOG = Catalog(
    (
        CompanyRef("NKE", "NIKE, Inc."),
        CompanyRef("TRV", "Travelers Companies, Inc."),
        CompanyRef("CMCSA", "Comcast Corp"),
        CompanyRef("MARA", "Marathon Digital Holdings, Inc."),
        CompanyRef("ABBV", "AbbVie Inc."),
        CompanyRef("BA", "Boeing Co"),
        CompanyRef("PM", "Philip Morris International Inc", covered=False),
        CompanyRef("PEP", "PepsiCo, Inc."),
        CompanyRef("JCI", "Johnson Controls International plc"),
    ),
    (),
)


def reading_text(question: str) -> str:
    words = FilingWords(terms=frozenset(), fold=terms)
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, words).text


@pytest.mark.parametrize(
    ("question", "said", "unsaid"),
    [
        # a nickname
        ("where did the swoosh end fiscal '24 on inventories? the balance sheet number is fine",
         "inventories", "nike"),
        # what the figure is not, however it is named
        ("how much Travelers brought in overall through the first nine months of 2023 - total revenues, "
         "not just premiums. thx", "total revenues", "premiums"),
        # a statement before the question, after its comma
        ("nike q — converse looks like it's struggling, how much EBIT did the converse segment actually "
         "make in fiscal 2024?", "operating income", "struggling"),
        # a follow-up that asks nothing more
        ("did marathon digital lose money at the operating line in Q2 2023 (apr-jun)? and if so how big "
         "was the hit", "operating income", "hit"),
        # short forms of a line
        ("MARA 1Q23 totl COR (1H23 less 2Q23)", "total cost of revenue", "totl"),
        # the held-out half's wordings, read after it was measured (spent): what the figure is not, after the
        # figure it names without a comma
        ("hey quick one, putting together a comp sheet for the snack and beverage names and I need Pepsi's "
         "diluted EPS for fiscal 2023, the GAAP number not the core one pls", "diluted", "core"),
        # cash that went out the door was paid
        ("doing a payout sanity check on Johnson Controls, how much cash actually went out the door as "
         "dividends over their fiscal 2024 (the year that wrapped up at the end of Sept)?", "dividends",
         "door"),
        # a remark closed by an exclamation is no part of the question
        ("rates really bite huh, how much did JCI's net financing charges climb in fiscal 2024 vs the prior "
         "year, in percent? just need the yoy growth", "net financing charges", "bite"),
        ("JCI FY24 net fin chgs y/y % chg", "net financing charges", "chgs"),
    ],
)  # fmt: skip
def test_analysts_words(question: str, said: str, unsaid: str) -> None:
    text = reading_text(question)
    assert said in text and unsaid not in text, text


def test_recognizing_is_no_word_of_the_line() -> None:
    question = "What goodwill impairment losses did Kraft Heinz recognize in fiscal year 2023?"
    assert item_phrases(question, ["Kraft Heinz"], None) == ("goodwill impairment losses",)


def test_a_ticker_after_a_determiner_is_no_company() -> None:
    question = "my comcast model only has the basic number for 2023 and the PM wants diluted - what EPS?"
    assert understand(question, CATALOG).unknown_companies == ()
    assert understand("PM vs CMCSA revenue 2023", CATALOG).unknown_companies != ()


@pytest.mark.parametrize(
    ("question", "definition"),
    [
        # a formula that opens with its parenthesis, after a dash
        ("can you work out gross margin % for Q2 2023 - (net revenues - cost of products sold) / net "
         "revenues", "(net revenues - cost of products sold) / net revenues"),
        # a sentence that says to compute it
        ("By what percentage did R&D increase over 1H 2022? Compute (R&D 1H 2023 - R&D 1H 2022) / R&D "
         "1H 2022.", "Compute (R&D 1H 2023 - R&D 1H 2022) / R&D 1H 2022"),
        # "by taking" opens how a period is made
        ("how much MARA shelled out in total cost of revenues in Q1 2023 by taking the six-month figure "
         "less the june quarter? thx", "by taking the six-month figure less the june quarter"),
    ],
)  # fmt: skip
def test_where_a_stated_formula_opens(question: str, definition: str) -> None:
    clauses = split_clauses(question)
    stated = [question[c.start : c.end].strip(" -?.") for c in clauses if c.kind == "definition"]
    assert stated == [definition]


def test_a_figure_per_share_attributable_to_the_company_is_per_share() -> None:
    # PepsiCo's "diluted net income attributable to PepsiCo per common share" is no amount of net income
    assert "pershare" in terms("diluted net income attributable to PepsiCo per common share")
    assert "pershare" not in terms("net income attributable to PepsiCo")
