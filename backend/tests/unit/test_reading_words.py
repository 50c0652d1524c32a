"""Every line of `reading/words.tsv`, the words people use, read as it says: a filler phrase leaves nothing
of itself in what the pipeline reads and selects nothing; an analyst's word for an item, an operation or a
period is read as the filings' words it is bound to."""

import pytest

from filingproof.reading.grammar import GRAMMAR
from filingproof.reading.lexicon import Phrase, analyst_words, parse_words
from filingproof.reading.reading import read
from filingproof.understanding import Catalog, CompanyRef, company_mentions

CATALOG = Catalog((CompanyRef("AAPL", "Apple Inc."),), ())
BASE = "What were Apple's net sales in fiscal 2024"


def _read_text(question: str) -> str:
    return read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR).text.lower()


def _id(phrase: Phrase) -> str:
    return f"{phrase.role}:{phrase.phrase}"


@pytest.mark.parametrize("phrase", [p for p in analyst_words() if p.role == "filler"], ids=_id)
def test_filler_leaves_nothing_and_selects_nothing(phrase: Phrase) -> None:
    for question in (f"{phrase.phrase}, {BASE}?", f"{BASE}? {phrase.phrase}", f"{BASE}, {phrase.phrase}?"):
        read_ = read(question, lambda text: company_mentions(text, CATALOG), GRAMMAR)
        assert read_.text.lower().removeprefix("what was ") == BASE.lower(), question
        assert [span.bound for span in read_.of("company")] == ["AAPL"]


@pytest.mark.parametrize("phrase", [p for p in analyst_words() if p.role in ("item", "operation")], ids=_id)
def test_an_analysts_word_is_read_as_the_filings_words(phrase: Phrase) -> None:
    assert phrase.bound.lower() in _read_text(f"Apple {phrase.phrase} fiscal 2024")


@pytest.mark.parametrize("phrase", [p for p in analyst_words() if p.role == "verb"], ids=_id)
def test_a_verb_names_its_item_only_alone(phrase: Phrase) -> None:
    assert phrase.bound in _read_text(f"What did Apple {phrase.phrase} in fiscal 2024?")
    assert phrase.phrase not in _read_text(f"How much operating income did Apple {phrase.phrase} in 2024?")


@pytest.mark.parametrize("phrase", [p for p in analyst_words() if p.role == "period"], ids=_id)
def test_a_period_word_is_read_as_the_pipelines_period_words(phrase: Phrase) -> None:
    assert phrase.bound in _read_text(f"Apple net sales {phrase.phrase} 2024")


def test_a_malformed_line_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match=r"words\.tsv:2"):
        parse_words("filler\thi\nitem\tcapex\n")
    assert [p.bound for p in parse_words("# a comment\nitem\tcapex\tcapital expenditures\n")] == [
        "capital expenditures"
    ]
