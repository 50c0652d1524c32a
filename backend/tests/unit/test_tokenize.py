"""The index tokenizer: one behaviour for chunks and queries."""

import pytest

from filingproof.index.tokenize import stem, term_frequencies, tokenize


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Total net sales", ["total", "net", "sale"]),
        ("$391,035 million", ["391035", "million"]),
        ("(1,234.5)", ["1234.5"]),
        ("3.5% and 12.25", ["3.5", "12.25"]),
        ("fiscal 2024, 2023,2022", ["fiscal", "2024", "2023", "2022"]),
        ("FY24 Q2 10-K", ["fy24", "q2", "10", "k"]),
        ("Apple's iPhone", ["apple", "iphone"]),
        ("What was the revenue of the Company?", ["revenue", "company"]),
        ("Liabilities and shareholders’ equity", ["liability", "shareholder", "equity"]),
        ("U.S. business", ["u", "business"]),
        ("", []),
    ],
)
def test_tokenize(text: str, tokens: list[str]) -> None:
    assert tokenize(text) == tokens


@pytest.mark.parametrize(
    ("word", "stemmed"),
    [
        ("sales", "sale"),
        ("revenues", "revenue"),
        ("liabilities", "liability"),
        ("business", "business"),
        ("status", "status"),
        ("its", "its"),
        ("shoes", "shoe"),
        ("2024s", "2024s"),
    ],
)
def test_stem_strips_plurals_only(word: str, stemmed: str) -> None:
    assert stem(word) == stemmed


def test_numbers_in_text_and_query_meet() -> None:
    assert tokenize("Total net sales | 2024 | 391,035")[-1] == tokenize("391035")[0]


def test_term_frequencies_count_repeats() -> None:
    counts, length = term_frequencies("net sales, net income, net loss")
    assert counts["net"] == 3
    assert length == 6
