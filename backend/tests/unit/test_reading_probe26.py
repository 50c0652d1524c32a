"""Questions as people typed them (probe 26's dev sets and the misses earlier sets left), read (`reading`,
`qa.filing_words`): a printed line of three words or more by its initials, small words kept or left out
("EFO" for UnitedHealth's "Earnings from operations")."""

import pytest

from filingproof.qa.filing_words import line_acronyms
from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, Reading, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions
from filingproof.verify.items import terms

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
