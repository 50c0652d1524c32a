"""The one tokenizer of the BM25 index, used alike for chunks and for queries.

Rules, in order:
- lowercase;
- a token is a run of letters and digits; a number keeps its thousands separators and decimal point
  together and drops the separators (`391,035` → `391035`, `(1,234.5)` → `1234.5`, `2024` → `2024`);
- stopwords (a short list of English function words, incl. question words) are dropped;
- plural `s` is stripped by the Harman "S" stemmer, on alphabetic tokens longer than three letters
  (`sales` → `sale`, `liabilities` → `liability`, `business` stays).

Deterministic and dependency-free, so the index and the query side can never disagree.
"""

import re
from collections import Counter

_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d)|\d+\.\d+(?!\d)|[a-z0-9]+")

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "been",
        "s",
        "t",
        "but",
        "by",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "our",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    ]
)


def stem(token: str) -> str:
    """Harman's S-stemmer: only plural endings, so it never merges unrelated words."""
    if len(token) <= 3 or not token.isalpha():
        return token
    if token.endswith("ies") and not token.endswith(("eies", "aies")):
        return token[:-3] + "y"
    if token.endswith("es") and not token.endswith(("aes", "ees", "oes")):
        return token[:-1]
    if token.endswith("s") and not token.endswith(("us", "ss")):
        return token[:-1]
    return token


def tokenize(text: str) -> list[str]:
    """The index terms of `text`, in order, repeats kept (BM25 needs term frequencies)."""
    tokens = []
    for match in _TOKEN.finditer(text.lower()):
        token = match.group().replace(",", "")
        if token in STOPWORDS:
            continue
        tokens.append(stem(token))
    return tokens


def term_frequencies(text: str) -> tuple[Counter[str], int]:
    """Term → count, and the document length (number of tokens) for BM25."""
    tokens = tokenize(text)
    return Counter(tokens), len(tokens)
