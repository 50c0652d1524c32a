"""Questions as people typed them (probe 26's dev sets and the misses earlier sets left), read (`reading`,
`qa.filing_words`): a printed line of three words or more by its initials, small words kept or left out
("EFO" for UnitedHealth's "Earnings from operations")."""

from datetime import date

import pytest
from vocabulary_rows import row

from filingproof.qa.asked import with_operands
from filingproof.qa.filing_words import CompanyWords, _together, line_acronyms, line_initials
from filingproof.qa.items import ITEMS_BY_KEY, Ask
from filingproof.qa.periods import Target
from filingproof.qa.vocabulary import build_vocabulary, resolve
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions
from filingproof.verify.items import concept_words, terms

CATALOG = Catalog((CompanyRef("UNH", "UnitedHealth Group Inc", ("UnitedHealth",)),), ())


def reading(question: str, words: FilingWords) -> Reading:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR, words)


@pytest.mark.parametrize(
    ("label", "written"),
    [
        # UnitedHealth 10-Q Q2 2023, page 2
        # two letters ("eo") are too few to name a line
        ("Earnings from operations", {("efo", "earnings from operations")}),
        ("Total net earned premiums (a)", {("nep", "net earned premiums")}),
        (
            "Value-added services and solutions",
            {("vasas", "value-added services and solutions"), ("vass", "value-added services and solutions")},
        ),
        # two words give two letters, read as the word they spell ("dc", "gp"); seven words are no acronym
        ("Data Center", set()),
        ("Net cash provided by (used in) operating activities of continuing operations", set()),
        (
            "Cost of sales and services",
            {("cosas", "cost of sales and services"), ("css", "cost of sales and services")},
        ),
        # initials that spell an English word or an analysts' word are that word ("COGS")
        ("Cost of goods sold", {("cgs", "cost of goods sold")}),
    ],
)
def test_a_printed_line_by_its_initials(label: str, written: set[tuple[str, str]]) -> None:
    assert line_acronyms(label) == written


def test_initials_of_a_printed_line_name_it() -> None:
    words = FilingWords(
        terms=terms("earnings from operations total revenues"),
        fold=terms,
        initials=(("efo", "earnings from operations"),),
    )
    read_ = reading("UNH 2Q23 op mgn % (EFO / tot rev)", words)
    assert ("EFO", "earnings from operations") in [(span.text, span.bound) for span in read_.spans]
    assert read_.definition.endswith("earnings from operations / total revenue")


NICKNAMED = Catalog(
    (CompanyRef("IBM", "International Business Machines Corp"), CompanyRef("WMT", "Walmart Inc.")), ()
)


@pytest.mark.parametrize(
    ("question", "mentioned"),
    [
        ("Hi, what was Big Blue's R&D spend for Q2 2023", [("Big Blue's", "IBM")]),
        ("what did big blue book in r&d for 2q23", [("big blue", "IBM")]),
        ("quick q on wally world: how much grocery did they sell", [("wally world", "WMT")]),
        # a blue chip is no company
        ("is a big blue chip like Walmart capital-intensive?", [("Walmart", "WMT")]),
    ],
)
def test_companies_by_their_nicknames(question: str, mentioned: list[tuple[str, str]]) -> None:
    assert company_mentions(question, NICKNAMED) == mentioned


def test_a_named_ratio_with_its_lines_stated_is_their_ratio() -> None:
    """Exxon's net margin "calculated as net income attributable to ExxonMobil divided by total revenues and
    other income": the lines the question states, not the curated net income over revenue (10-Q Q2 2023,
    page 3: $19,310 million over $169,478 million, 11.39%)."""
    text = (
        "What was Exxon Mobil Corporation's net margin for the six months ended June 30, 2023, net income "
        "attributable to ExxonMobil / total revenues and other income"
    )
    curated = Ask((ITEMS_BY_KEY["net_income"], ITEMS_BY_KEY["revenue"]), "margin")
    ask = with_operands(text, ["Exxon Mobil Corporation's", "ExxonMobil"], curated)
    assert ask == Ask((), "margin", operands=("net income attributable", "total revenues and other income"))
    # a growth of a curated line keeps its reading whatever the question writes after it
    growth = Ask((ITEMS_BY_KEY["revenue"],), "growth")
    assert with_operands("What was Apple's revenue growth, revenue + services", ["Apple's"], growth) == growth


def test_companies_words_name_a_line_once_however_its_short_forms_write_it() -> None:
    """C3.ai's "Europe, the Middle East and Africa([…])" by its capitals' initials and by the line's: one
    line, as printed."""
    label = "Europe, the Middle East and Africa([…])"
    written = {line_initials(label), *line_acronyms(label)} - {None}
    words = CompanyWords(frozenset(), frozenset(), frozenset(written), frozenset())  # type: ignore[arg-type]
    assert ("emea", "Europe, the Middle East and Africa") in _together({"AI": words}).initials


TERSE = Catalog((CompanyRef("AI", "C3.ai, Inc."), CompanyRef("NVDA", "NVIDIA Corp")), ())


@pytest.mark.parametrize(
    ("question", "tickers"),
    [
        ("AI SBC FY24 (FYE 4/30/24)", ["AI"]),
        ("AI op loss FY24", ["AI"]),
        # a sentence about AI, or a line naming another company, is no terse line of C3.ai's
        ("AI is all anyone talks about, what was NVDA revenue in FY25", ["NVDA"]),
        ("AI capex FY25 NVDA", ["NVDA"]),
    ],
)
def test_a_ticker_that_is_a_word_opens_a_terse_line(question: str, tickers: list[str]) -> None:
    assert [ticker for _, ticker in company_mentions(question, TERSE)] == tickers


def test_the_taxonomys_pretax_income_names_no_more_than_the_line() -> None:
    """IBM 10-Q Q2 2023: the statement's "Income from continuing operations before income taxes" (page 3,
    tagged IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest) before
    the MD&A's untagged row of the same words (page 49) and the Financing segment's untagged "Pre-tax income"
    (page 78, $64 million), which tied as ambiguous: the concept's "extraordinary items, noncontrolling
    interest" had counted as words beyond the item."""
    quarter = {"period_start": date(2023, 4, 1), "period_end": date(2023, 6, 30), "ticker": "IBM"}
    concept = (
        "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
    )
    line = "Income from continuing operations before income taxes"
    rows = [
        row(139022, line, concept, "2000000000", **quarter),
        row(141079, line, None, "2000000000", **quarter),
        row(141904, "Pre-tax income", None, "64000000", table_title="Results of Operations", **quarter),
    ]
    q2 = [Target("duration", date(2023, 6, 30), 91, 2023, 2)]
    found = resolve(
        build_vocabulary("IBM", rows, frozenset({"ibm"})),
        "income from continuing operations before income taxes",
        q2,
        frozenset({"ibm"}),
    )
    assert found is not None and [entry.cell.cell_id for entry in found.best] == [139022]
    assert concept_words(concept) == "income loss from continuing operations before income taxes"
