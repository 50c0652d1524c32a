"""Probe 27's held-out wordings, read after it was measured (spent): what the words around a line say."""

import pytest

from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.reading import FilingWords, read
from filingproof.understanding import Catalog, CompanyRef, company_mentions
from filingproof.verify.items import terms

CATALOG = Catalog(
    (
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
        # what the figure is not, after the figure it names without a comma
        ("hey quick one, putting together a comp sheet for the snack and beverage names and I need Pepsi's "
         "diluted EPS for fiscal 2023, the GAAP number not the core one pls", "diluted", "core"),
        # cash that went out the door was paid
        ("doing a payout sanity check on Johnson Controls, how much cash actually went out the door as "
         "dividends over their fiscal 2024 (the year that wrapped up at the end of Sept)?", "dividends",
         "door"),
        # a remark closed by an exclamation is no part of the question
        ("rates really bite huh, how much did JCI's net financing charges climb in fiscal 2024 vs the prior "
         "year, in percent? just need the yoy growth", "net financing charges", "bite"),
        # short forms of a line
        ("JCI FY24 net fin chgs y/y % chg", "net financing charges", "chgs"),
    ],
)  # fmt: skip
def test_heldout_words(question: str, said: str, unsaid: str) -> None:
    text = reading_text(question)
    assert said in text and unsaid not in text, text
