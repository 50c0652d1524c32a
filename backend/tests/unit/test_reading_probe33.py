"""Questions as people typed them (probe 33's dev sets): a company by its ticker in lower case where its
name begins with it ("amc") or a question's "did" asks about it ("what did ge put into capex"), a part glossed
before its name in parentheses ("the domestic theatres (us markets)"), examples ended with "etc", a formula
that restates its period, a comparison of companies of which one alone is named, and the lines' own words
("Deferred revenues and income", "Additions to property, plant and equipment and internal-use software",
"Actual income tax rate"), and income asked "to common" shareholders."""

from datetime import date
from decimal import Decimal

from filingproof.agent.nodes.router import one_of_those_compared
from filingproof.agent.writer import _counted, figure
from filingproof.calendar import QUARTER_DAYS
from filingproof.qa.store import CellHit
from filingproof.qa.vocabulary import Entry, _common_asked, _to_common
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, SpanRole, read
from filingproof.understanding import Catalog, CompanyRef, FilingRef, company_mentions, understand
from filingproof.verify.items import implied_words, terms

CATALOG = Catalog(
    (
        CompanyRef("AMC", "AMC Entertainment Holdings, Inc."),
        CompanyRef("GE", "General Electric Company"),
        CompanyRef("CAT", "Caterpillar Inc."),
        CompanyRef("PG", "Procter & Gamble Co"),
        CompanyRef("TRV", "The Travelers Companies, Inc."),
        CompanyRef("HD", "Home Depot, Inc."),
    ),
    (
        FilingRef(1, "AMC", "10-Q", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(2, "GE", "10-K", date(2023, 12, 31), 2023, "FY"),
        FilingRef(3, "CAT", "10-Q", date(2023, 6, 30), 2023, "Q2"),
        FilingRef(4, "PG", "10-K", date(2024, 6, 30), 2024, "FY"),
        FilingRef(5, "TRV", "10-Q", date(2023, 9, 30), 2023, "Q3"),
        FilingRef(6, "HD", "10-K", date(2024, 1, 28), 2023, "FY"),
    ),
)
WORDS = FilingWords(
    terms=terms("revenue adjusted ebitda markets provision income taxes deferred renewable energy"),
    members=(
        ("AMC", "US Markets"),
        ("CAT", "Deferred income taxes"),
        ("GE", "Renewable Energy"),
        ("TRV", "Bond & Specialty Insurance"),
        ("TRV", "Business Insurance"),
        ("TRV", "North America"),
        ("TRV", "North America Retail"),
        ("HD", "Tools"),
    ),
)


def reading(question: str) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, WORDS)


def spans(question: str, role: SpanRole) -> list[str]:
    return [span.text for span in reading(question).of(role)]


def test_a_ticker_its_name_begins_with_names_the_company_in_lower_case() -> None:
    # "amc" is a word of the embedding model's vocabulary, and AMC Entertainment's name begins with it
    asked = understand("how much deferred revenue amc was carrying at the end of june '23", CATALOG)
    assert asked.companies == ("AMC",)
    assert understand("how fast did concessions grow at amc in the first half", CATALOG).companies == ("AMC",)
    # after a determiner it is the word ("the amc theatres"), as any name that is also a word
    assert understand("the amc theatres revenue", CATALOG).companies == ()


def test_a_ticker_a_questions_did_asks_about_is_the_company() -> None:
    assert understand("what did ge put into capex last year?", CATALOG).companies == ("GE",)
    assert understand("what tax rate did ge effectively pay in 2023?", CATALOG).companies == ("GE",)


def test_the_askers_words_before_a_part_named_in_parentheses_describe_it() -> None:
    question = (
        "how much adjusted ebitda did the domestic theatres (us markets) at amc do in the first half of '23?"
    )
    assert "domestic theatres" in spans(question, "filler")
    assert spans(question, "item") == ["adjusted", "ebitda"]


def test_a_member_is_named_by_its_first_words_where_they_begin_no_other() -> None:
    assert spans("TRV Bond & Specialty earned prems 3Q23", "qualifier") == ["Bond & Specialty"]
    # "North America" is a member of its own, and begins "North America Retail" too
    assert spans("TRV North America premiums 3Q23", "qualifier") == ["North America"]


def test_examples_ended_with_etc_name_no_line() -> None:
    question = (
        "how big was ge's renewables business in 2023? segment revenue for the year, wind + grid etc. thanks"
    )
    assert not {"wind", "grid"} & set(spans(question, "item"))


def test_a_lines_words_in_lowercase_name_no_member_by_their_end() -> None:
    # Caterpillar's "Deferred income taxes" member does not make "income taxes" its
    question = (
        "which recorded the larger provision for income taxes, Caterpillar Inc. or General Electric Company?"
    )
    assert spans(question, "qualifier") == []
    assert spans(question, "item") == ["provision", "income", "taxes"]


def test_a_formula_after_the_question_may_restate_its_period() -> None:
    question = (
        "what tax rate did ge pay in 2023? just tax provision over pre-tax earnings from continuing ops"
    )
    question += ", full year."
    assert "tax provision / earnings before income taxes" in reading(question).definition


def test_a_comparison_of_companies_of_which_one_alone_is_named_gets_no_figure() -> None:
    # "ge" set beside "cat" by "and" is not read as General Electric: Caterpillar's figure answers nothing
    question = "ok comparing cat and ge for the june quarter - who had the bigger tax bill? ty"
    asked = understand("Caterpillar tax provision for the june quarter", CATALOG)
    why = one_of_those_compared(question, asked)
    assert why is not None and "CAT is the only one" in why
    assert one_of_those_compared("Caterpillar's tax provision for the june quarter", asked) is None


def test_a_lines_own_words_for_what_is_asked() -> None:
    # AMC's "Deferred revenues and income" is its deferred revenue
    assert terms("Deferred revenues and income") <= terms("deferred revenue") | implied_words(
        terms("deferred revenue")
    )
    # GE's capital expenditures take in the software it builds for its own use
    capex = terms("capex")
    line = terms("Additions to property, plant and equipment and internal-use software")
    assert capex <= line <= capex | implied_words(capex)
    # GE's "Actual income tax rate" is its effective tax rate
    assert "effective" in terms("Actual income tax rate")


def test_figures_in_millions_show_four_digits_where_the_filing_prints_them() -> None:
    assert figure(Decimal(385_300_000), "USD") == "$385.3 million"
    # four digits at least, where the figure has them
    assert figure(Decimal(20_183_000), "USD") == "$20.18 million"
    assert figure(Decimal(1_499_218_000), "USD") == "$1,499 million"
    assert figure(Decimal(391_035_000_000), "USD") == "$391,035 million"


def test_a_quarter_of_sixteen_weeks_is_said_in_weeks() -> None:
    # PepsiCo's fourth quarter of 2023, September 10 to December 30
    assert _counted(112, QUARTER_DAYS, "three months") == "16 weeks"
    assert _counted(91, QUARTER_DAYS, "three months") == "three months"


def test_a_yes_or_no_question_of_an_amount_asks_the_amount() -> None:
    asked = reading("did ge buy back much stock in the september quarter of fy23?")
    assert asked.text.startswith("what was ")
    assert [span.bound for span in asked.of("item")] == ["share repurchases"]


def test_a_retailers_department_is_a_word_for_a_part() -> None:
    # Home Depot's merchandising departments: "Tools" is the member, "dept" and "merchandising department"
    # name no line
    assert spans("HD tools dept sales FY23", "item") == ["sales"]
    assert spans("Home Depot net sales in the Tools merchandising department for fiscal 2023", "item") == [
        "net",
        "sales",
    ]


def _income_line(concept: str) -> Entry:
    cell = CellHit(
        1, 1, concept, {}, "14,595", Decimal(14_595_000_000), "USD", 6, "Net earnings", "2024", False,
        date(2023, 7, 1), date(2024, 6, 30), 53, None, None, None, 4, None, "PG", "10-K", date(2024, 6, 30),
        2024, "FY",
    )  # fmt: skip
    return Entry(cell, frozenset({"income"}), frozenset({"income"}), (), frozenset({"income"}), 0)


def test_income_asked_to_common_is_the_line_left_to_the_common_shareholders() -> None:
    # Procter & Gamble prints $14,879 million attributable to P&G and $14,595 million available to its
    # common shareholders after preferred dividends (basic; $14,879 million diluted)
    basic = _income_line("us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic")
    diluted = _income_line("us-gaap:NetIncomeLossAvailableToCommonStockholdersDiluted")
    whole = _income_line("us-gaap:NetIncomeLoss")
    asked = _common_asked("net income attributable to common stockholders")
    assert [_to_common(entry, asked) for entry in (basic, diluted, whole)] == [0, 1, 2]
    assert _to_common(diluted, _common_asked("net income attributable to common stockholders, diluted")) == 0
    # not asked "to common": no line is preferred
    assert {_to_common(entry, _common_asked("net income")) for entry in (basic, diluted, whole)} == {0}
