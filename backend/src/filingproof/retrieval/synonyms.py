"""Filers name the same line item differently ("revenue", "net sales", "net revenues"): a query naming one
also looks for the others. Phrase-level, on index terms (`index.tokenize`), deterministic.
"""

from filingproof.index.tokenize import tokenize

# groups of phrases that name the same figure in different filers' statements
_GROUPS: tuple[tuple[str, ...], ...] = (
    ("revenue", "revenues", "net sales", "net revenues"),
    ("net income", "net earnings", "net loss"),
    ("operating income", "income from operations", "operating profit"),
    ("cost of sales", "cost of revenue", "cost of revenues", "cost of goods sold"),
    ("gross margin", "gross profit"),
    ("eps", "earnings per share"),
    ("shareholders equity", "stockholders equity", "shareowners equity"),
    ("capex", "capital expenditures", "purchases of property and equipment"),
    ("operating cash flow", "cash from operations", "cash provided by operating activities"),
)  # fmt: skip

# an analyst's topic and the phrases filers write it in (a question about "legal battles" is answered by
# the pages on "legal proceedings"); the quotes read them too (`agent.passages`)
TOPICS: tuple[tuple[str, ...], ...] = (
    ("legal battles", "legal proceedings", "legal actions", "litigation", "lawsuits", "legal matters"),
    ("cyclicality", "cyclical"),
    # who the customers are is said as whom revenue comes from ("We derive a significant portion of our
    # revenues from a limited number of commercial airlines")
    (
        "primary customers", "major customers", "largest customers", "principal customers",
        "portion of our revenue", "portion of our revenues",
    ),
    ("acquisitions", "acquired", "acquisition", "acquire"),
    ("production rates", "production rate"),
    ("ceo", "chief executive officer"),
    ("cfo", "chief financial officer"),
    # an officer's experience is written as the roles held before ("former Executive Chair and CEO of Ulta
    # Beauty", "She previously served as")
    ("experience", "former", "previously served", "prior to"),
    # guidance raised is written as what the company "now expects" ("(previously 6 percent)")
    ("guidance", "outlook", "now expect", "now expects"),
    # a gross margin moves as its cost of sales does as a percent of sales: filers give its causes so
    ("gross margin", "gross profit", "cost of products sold", "cost of sales", "cost of goods sold"),
)  # fmt: skip

_TOKENISED: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(tokenize(phrase)) for phrase in group) for group in (*_GROUPS, *TOPICS)
)


def _contains(tokens: list[str], phrase: tuple[str, ...]) -> bool:
    n = len(phrase)
    return n > 0 and any(tuple(tokens[i : i + n]) == phrase for i in range(len(tokens) - n + 1))


def expand(tokens: list[str]) -> list[str]:
    """`tokens` followed by the terms of every synonym of a phrase they contain (each term once)."""
    extra: list[str] = []
    for group in _TOKENISED:
        if any(_contains(tokens, phrase) for phrase in group):
            for phrase in group:
                extra.extend(term for term in phrase if term not in tokens and term not in extra)
    return tokens + extra
