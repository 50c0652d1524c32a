"""Item faithfulness: whether a cell is the thing the question asks for, not only a true cell.

A figure answers a question only when its cell carries every qualifier of the asked item. This module
checks that from what the cell itself says it is, apart from the code that picked it, and fails closed:

1. Company: the cell is in a filing of the company asked about.
2. Words: every word of the asked item ("income before provision for income taxes", "Family of Apps
   revenue") is carried by the cell's row-label path, column label, XBRL concept or dimension members.
   An untagged cell's table caption counts too; a tagged cell is what its tag and its row say.
3. Identity: the cell is not a more specific line than the one asked. Its row label, or else its concept,
   names nothing the question does not: "Cost of revenue" is not "revenue", "Income before provision for
   income taxes" is not "provision for income taxes", "Total current assets" is not "total assets".
4. Members: every dimension member of the cell (segment, product, geography, equity component) is named by
   the question: Meta's "Family of Apps" revenue is not Meta's revenue, nor the other way round. A
   question that says "segment" is answered only by a cell of a segment (a member on a segments axis, or a
   row or caption that says "segment"), not by a line of the same name elsewhere.
5. Units: a per-share cell answers only a per-share question, and the other way round; a percentage or
   ratio cell only a question for a rate, percentage or ratio, and the other way round.
6. Period: the cell's period is one the question asks for (not the prior year of the same row).

Words are compared after folding the spellings filings use for one line: case, plurals, footnote marks
and parenthesised alternatives ("Net income (loss)"), synonyms ("net sales" = "revenue", "profit" =
"income", "provision for income taxes" = "income tax expense", "capital expenditures" = "purchases of
property and equipment"), and words that qualify nothing ("total", "net", "consolidated", "attributable
to <the company>", the company's own name, dates).

Pure, plain data in and out; imports nothing else of the project (`verify.periods` is this package's).
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from filingproof.verify.periods import DATE_TOLERANCE, LENGTH_TOLERANCE_DAYS


@dataclass(frozen=True, slots=True)
class AskedPeriod:
    """A period the question asks for: a duration of `days` ending on `end`, or the instant `end`."""

    end: date
    days: int | None = None  # None: an instant


@dataclass(frozen=True, slots=True)
class AskedItem:
    """One line item a question asks for, as the question words it, for one company and its periods."""

    phrase: str  # "income before provision for income taxes", "Family of Apps revenue"
    company: str | None = None  # the ticker; None: any company
    periods: tuple[AskedPeriod, ...] | None = None  # None: any period; empty: none could be read


@dataclass(frozen=True, slots=True)
class CellFacts:
    """What a cell says it is."""

    row_path: tuple[str, ...]  # outermost first; the last is the row label
    caption: str | None = None  # the table's caption or title
    column_label: str = ""
    concept: str | None = None  # the XBRL concept of its fact ("us-gaap:Revenues"); None: untagged
    members: tuple[str, ...] = ()  # dimension members of its fact ("meta:FamilyOfAppsMember")
    axes: tuple[str, ...] = ()  # the axes of those members ("us-gaap:StatementBusinessSegmentsAxis")
    unit: str = "USD"  # USD, USD/share, percent, ratio, shares, number
    instant: bool = False
    period_start: date | None = None
    period_end: date | None = None
    company: str | None = None  # the ticker of its filing
    company_names: tuple[str, ...] = ()  # names the filer goes by, which qualify nothing in its labels


@dataclass(frozen=True, slots=True)
class ItemCheck:
    ok: bool
    reason: str


# --- folding text to terms ---------------------------------------------------------------------------

_FOOTNOTE = re.compile(r"\([^)]*\)|\[[^\]]*\]|(?<=[a-z])\d{1,2}\b|[*†‡]")
# In order: abbreviations first, then the several spellings of one line item, then qualifier tokens. Each
# rewrite runs only on text holding one of its needles (a plain substring test: labels and sentences are
# folded by the hundred per question).
_REWRITE_RULES: tuple[tuple[str, str, str], ...] = (
    ("&", r"\br\s*&\s*d\b", " research and development "),
    ("&", r"\bsg\s*&\s*a\b", " selling general and administrative "),
    ("&", r"\bpp\s*&\s*e\b", " property and equipment "),
    ("&", r"&", " and "),
    ("u.s united", r"\bu\.\s?s\.?(?![a-z])|\bunited\s+states\b", " us "),
    ("eps", r"\beps\b", " earnings per share "),
    ("capex capital", r"\bcapex\b|\bcapital\s+expenditures?\b", " purchases of property and equipment "),
    ("plant", r"\bproperty,?\s+plant,?\s+and\s+equipment\b", " property and equipment "),
    (
        "payment purchase",
        r"\b(?:payments?\s+(?:to\s+acquire|for(?:\s+(?:the\s+)?acquisitions?\s+of)?)|purchases?\s+related"
        r"\s+to)\s+(?=property)",
        " purchases of ",
    ),
    (
        "cash",
        r"\boperating\s+cash\s+flows?\b|\bcash\s+flows?\s+from\s+operati(?:ons|ng\s+activities)\b",
        " cash from operating activities ",
    ),
    (
        "operat",
        r"\b(?:income|profit|earnings|loss)\s+from\s+operations\b|\boperating\s+(?:profit|earnings|loss)\b",
        " operating income ",
    ),
    (
        "per",
        r"\b(?:net\s+)?(?:income|earnings|loss)\s+(?:\w+\s+)?per\s+(?:common\s+)?share\b",
        " income per share ",
    ),
    ("per", r"\bper\s+(?:common\s+)?share\b", " pershare "),
    # "common stock" and "common shares" are the shares: "repurchases of common stock" = "share repurchases"
    ("common", r"\bcommon\s+(?:stock|shares?)\b", " share "),
    # a printed change: "Increase/(Decrease) in cash" (its alternative already cut), "(increase) decrease in
    # inventories", "net change in short-term borrowings", the concept's "increase decrease in …"
    (
        "increase decrease change",
        r"\b(?:net\s+)?(?:(?:increase|decrease)s?\s*/?\s*){1,2}(?=in\b)|\bnet\s+changes?\b",
        " change ",
    ),
    ("goods", r"\bcosts?\s+of\s+goods\s+(?:and\s+services\s+)?sold\b", " cost of revenue "),
    ("gross", r"\bgross\s+margin\b(?!\s+(?:percentage|percent|%|ratio|rate))", " gross profit "),
    ("operating", r"\b(?:net\s+)?operating\s+revenues?\b", " revenue "),
    ("sales", r"\bsales,?\s+general\b", " selling general "),
    # "provision for income taxes" = "income tax expense" = "taxes on income"
    ("tax", r"\bincome\s+tax(?:es)?\b|\btax(?:es)?\s+on\s+income\b", " tax "),
    ("continuing", r"\b(?:from\s+)?continuing\s+operations\b", " "),
    ("tax", r"\bpre-?\s*tax\b", " before tax "),
    ("tax", r"\bafter-?\s*tax\b|\bnet\s+of\s+(?:income\s+)?tax(?:es)?\b|\bnet\s+of\s+tax\b", " aftertax "),
    ("non-", r"\bnon-\s*current\b", " noncurrent "),
    # "attributable to Walmart", "… to common stockholders": the company's share, which is the line itself
    ("attributable available", r"\b(?:attributable|available)\s+to\s+(?!non-?\s*controlling)[^,;—–]*", " "),
    (
        "contract assessed",
        r"\bfrom\s+contracts?\s+with\s+customers?\b|\b(?:ex|in)cluding\s+assessed\s+tax\b",
        " ",
    ),
    ("carrying", r"\bat\s+carrying\s+value\b", " "),
)
_REWRITES: tuple[tuple[tuple[str, ...], re.Pattern[str], str], ...] = tuple(
    (tuple(needles.split()), re.compile(pattern), replacement)
    for needles, pattern, replacement in _REWRITE_RULES
)
_WORD = re.compile(r"[a-z][a-z0-9]*")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z][a-z]+|[a-z]+|\d+")


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_MONTHS = _wordset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
_SYNONYMS = {
    "sale": "revenue",
    "turnover": "revenue",
    "earning": "income",
    "profit": "income",
    "loss": "income",
    "spending": "expense",
    "spend": "expense",
    "provision": "expense",
    "stockholder": "shareholder",
    "shareowner": "shareholder",
    "buyback": "repurchase",
    # "stock-based compensation" = "share-based compensation", "stock repurchases" = "share repurchases"
    "stock": "share",
    "paid": "payment",
}
# Words that qualify nothing: what every line has ("total", "net"), filler, and period words (the period is
# checked on its own).
NEUTRAL = _wordset(
    "a an and the of for from to in on by at as with its our their or is was were be "
    "total net consolidated company worldwide overall amount amounts reported provided generated used "
    "balance beginning ending end year years ended ending period periods fiscal month months quarter "
    "segment segments member members reportable line item value figure dollar usd million millions "
    "thousand thousands billion billions except data inc incorporated corporation corp co llc plc benefit "
    "benefits"
)
_KEEP_S = ("ss", "us", "is", "ous")


def _stem(word: str) -> str:
    """Plural to singular (Harman's S rules, and "-xes"/"-ches"/"-shes"/"-sses"): "taxes" → "tax"."""
    if len(word) <= 3 or word.endswith(_KEEP_S):
        return word
    if word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if word.endswith(("xes", "ches", "shes", "sses")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


def fold(text: str) -> str:
    """`text` lowercased, without footnotes or parenthesised alternatives, one spelling per line item."""
    folded = text.lower().replace("’", "'").replace("‘", "'")
    folded = _FOOTNOTE.sub(" ", folded)
    folded = re.sub(r"'s\b|'", "", folded)
    for needles, pattern, replacement in _REWRITES:
        if any(needle in folded for needle in needles):
            folded = pattern.sub(replacement, folded)
    return folded


def terms(text: str, neutral: Iterable[str] = ()) -> frozenset[str]:
    """The content terms of `text`: folded, singular, synonyms joined, neutral words and dates dropped."""
    return _all_terms(text) - frozenset(neutral)


@lru_cache(maxsize=8192)
def _all_terms(text: str) -> frozenset[str]:
    found = set()
    for word in _WORD.findall(fold(text)):
        if word in _MONTHS:
            continue
        term = _SYNONYMS.get(_stem(word), _stem(word))
        if term not in NEUTRAL:
            found.add(term)
    return frozenset(found)


def concept_words(concept: str) -> str:
    """`us-gaap:IncomeTaxExpenseBenefit` → "income tax expense benefit"."""
    local = concept.split(":")[-1]
    return " ".join(part.lower() for part in _CAMEL.findall(local))


def member_words(member: str) -> str:
    """`meta:FamilyOfAppsMember` → "family of apps"; `country:US` → "us"."""
    local = re.sub(r"(?:Segment)?Member$", "", member.split(":")[-1])
    return concept_words(local)


# --- the checks --------------------------------------------------------------------------------------

# Members that qualify nothing: a segment's own figure before eliminations (srt:ConsolidationItemsAxis)
_QUALIFY_NOTHING = frozenset({"us-gaap:OperatingSegmentsMember"})
_RATE_TERMS = frozenset({"rate", "percent", "percentage", "ratio", "pct"})
_RATE_UNITS = frozenset({"percent", "ratio"})
PER_SHARE = "pershare"
PAYMENT = "payment"


def _company_neutral(cell: CellFacts) -> frozenset[str]:
    return frozenset(word for name in cell.company_names for word in _WORD.findall(fold(name)))


def _row_terms(cell: CellFacts, neutral: frozenset[str]) -> frozenset[str]:
    """What the row says the cell is: the nearest label of its path that names something ("Total" under
    "Net sales" is net sales)."""
    for label in reversed(cell.row_path):
        found = terms(label, neutral)
        if found:
            return found
    return frozenset()


_SEGMENT = re.compile(r"\bsegments?\b", re.IGNORECASE)


def _of_a_segment(cell: CellFacts) -> bool:
    if any("Segment" in axis for axis in cell.axes):
        return True
    return any(_SEGMENT.search(text) for text in (*cell.row_path, cell.caption or ""))


def _label(cell: CellFacts) -> str:
    return cell.row_path[-1] if cell.row_path else ""


def _quoted(words: Iterable[str]) -> str:
    return ", ".join(f"'{word}'" for word in sorted(words))


def _period_ok(asked: AskedPeriod, cell: CellFacts) -> bool:
    if cell.period_end is None or abs(cell.period_end - asked.end) > DATE_TOLERANCE:
        return False
    if asked.days is None:
        return cell.instant
    if cell.instant or cell.period_start is None:
        return False
    return abs((cell.period_end - cell.period_start).days + 1 - asked.days) <= LENGTH_TOLERANCE_DAYS


def _describe_period(cell: CellFacts) -> str:
    if cell.period_end is None:
        return "no period"
    if cell.instant or cell.period_start is None:
        return f"as of {cell.period_end.isoformat()}"
    return f"{cell.period_start.isoformat()} to {cell.period_end.isoformat()}"


def _unit_problem(asked_terms: frozenset[str], cell: CellFacts) -> str | None:
    asks_per_share = PER_SHARE in asked_terms
    if asks_per_share != (cell.unit == "USD/share"):
        if asks_per_share:
            return f"the question asks per share; the cell is in {cell.unit}"
        return "the cell is per share; the question does not ask per share"
    if cell.unit == "shares" and "share" not in asked_terms:
        return "the cell is a number of shares; the question does not ask for shares"
    asks_rate = bool(asked_terms & _RATE_TERMS)
    if asks_rate != (cell.unit in _RATE_UNITS):
        wanted = "a rate or percentage" if asks_rate else "an amount"
        return f"the cell is in {cell.unit}, the question asks for {wanted}"
    return None


def check_item(asked: AskedItem, cell: CellFacts, filler: Iterable[str] = ()) -> ItemCheck:
    """Whether `cell` is the item `asked` names, for its company and one of its periods. Fails closed.
    `filler`: more words of the phrase that name nothing (a claim's "reported", "was")."""
    if asked.company is not None and cell.company != asked.company:
        return ItemCheck(
            False, f"the cell is {cell.company or 'of no known company'}'s, not {asked.company}'s"
        )
    neutral = _company_neutral(cell)
    wanted = terms(asked.phrase, neutral | frozenset(filler))
    if not wanted:
        return ItemCheck(False, f"'{asked.phrase}' names no line item to check the cell against")
    label = _label(cell)
    members = tuple(member_words(member) for member in cell.members if member not in _QUALIFY_NOTHING)
    concept = concept_words(cell.concept) if cell.concept else ""
    described = [*cell.row_path, cell.column_label, concept, *members]
    if cell.concept is None and cell.caption:
        described.append(cell.caption)
    carried = frozenset().union(*(terms(text, neutral) for text in described))
    missing = wanted - carried
    if missing:
        return ItemCheck(
            False, f"the cell (row '{label}') does not carry {_quoted(missing)} of '{asked.phrase}'"
        )
    foreign = [words for words in members if terms(words, neutral) - wanted]
    if foreign:
        listed = " and ".join(f"'{words}'" for words in foreign)
        return ItemCheck(False, f"the cell is for {listed}, which '{asked.phrase}' does not name")
    if _SEGMENT.search(asked.phrase) and not _of_a_segment(cell):
        return ItemCheck(
            False, f"the cell (row '{label}') is not a segment's, and '{asked.phrase}' asks for one"
        )
    # An unqualified EPS is the diluted figure, the one filings headline.
    accepted = wanted | {"diluted"} if PER_SHARE in wanted and not wanted & {"basic", "diluted"} else wanted
    # A payment line is its item as the cash-flow statement prints it ("Payments for repurchase of common
    # stock" is "share repurchases"); which statement answers is the picker's choice, ambiguous when the
    # question does not choose (`qa.vocabulary`).
    accepted |= {PAYMENT}
    row = _row_terms(cell, neutral)
    named = terms(concept, neutral) if concept else frozenset()
    if not (row and row <= accepted) and not (named and named <= accepted):
        extra = row - accepted or named - accepted
        return ItemCheck(
            False, f"the row '{label}' is another line than '{asked.phrase}' (it says {_quoted(extra)})"
        )
    problem = _unit_problem(wanted, cell)
    if problem is not None:
        return ItemCheck(False, f"{problem} (row '{label}')")
    if asked.periods is not None and not any(_period_ok(period, cell) for period in asked.periods):
        return ItemCheck(
            False, f"the cell's period ({_describe_period(cell)}) is not one the question asks for"
        )
    return ItemCheck(True, f"row '{label}' is '{asked.phrase}'")


def check_cell(asked: Sequence[AskedItem], cell: CellFacts) -> ItemCheck:
    """The cell passes when it is one of the asked items; otherwise the reason against the first."""
    checks = [check_item(item, cell) for item in asked]
    passed = next((check for check in checks if check.ok), None)
    if passed is not None:
        return passed
    # the reason against an item of the cell's own company says most
    own = [check for item, check in zip(asked, checks, strict=True) if item.company == cell.company]
    if not checks:
        return ItemCheck(False, "the question names no line item to check the cell against")
    return (own or checks)[0]
