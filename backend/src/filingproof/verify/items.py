"""Item faithfulness: whether a cell is the thing the question asks for, not only a true cell.

A figure answers a question only when its cell carries every qualifier of the asked item. This module
checks that from what the cell itself says it is, apart from the code that picked it, and fails closed:

1. Company: the cell is in a filing of the company asked about.
2. Words: every word of the asked item ("income before provision for income taxes", "Family of Apps
   revenue") is carried by the cell's row-label path, column label, XBRL concept or dimension members.
   An untagged cell's table caption counts too; a tagged cell is what its tag and its row say.
3. Identity: the cell is not a more specific line than the one asked. Its row label, or else its concept,
   names nothing the question does not: "Cost of revenue" is not "revenue", "Income before provision for
   income taxes" is not "provision for income taxes", "Total current assets" is not "total assets". A row
   that is its member's label ("Cost of revenue" for `us-gaap:CostOfSalesMember`) names the member, and
   the concept names the item (stock-based compensation). An untagged cell's column, too, names nothing
   beyond the item (not "Net Sales" or "% change" for operating income). Where the filing prints, for the
   cell's period, a line in the question's own word of "sales" and "revenue" with another value
   (Tesla's "Energy generation and storage sales" beside the segment's revenue), the cell must write it.
4. Members: every dimension member of the cell (segment, product, geography, equity component) is named by
   the question: Meta's "Family of Apps" revenue is not Meta's revenue, nor the other way round. A member
   the filer prints under a row label of its own ("Other Bets" for `us-gaap:AllOtherSegmentsMember`,
   "Other Americas" for `goog:AmericasExcludingUnitedStatesMember`) is named by that label. A question
   that says "segment" is answered only by a cell of a segment (a member on a segments axis, or a row or
   caption that says "segment"), not by a line of the same name elsewhere.
5. Units: a per-share cell answers only a per-share question, and the other way round; a percentage or
   ratio cell only a question for a rate, percentage or ratio, and the other way round; a share count only
   a question for shares ("weighted-average shares used in computing earnings per share" are shares) or
   what dilutes them; a count of awards (options, warrants) only a question that asks for awards.
6. Period: the cell's period is one the question asks for (not the prior year of the same row).

Words are compared after folding the spellings filings use for one line: case, plurals, footnote marks
and parenthesised alternatives ("Net income (loss)"), synonyms ("net sales" = "revenue", "profit" =
"income", "provision for income taxes" = "income tax expense", "capital expenditures" = "purchases of
property and equipment"), and words that qualify nothing ("total", "net", "consolidated", "attributable
to <the company>", the company's own name, dates).

Pure, plain data in and out; imports nothing else of the project (`verify.periods` is this package's).
"""

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import lru_cache
from itertools import pairwise

from filingproof.calendar import COUNTED_END_SLACK, MONTH_WORDS, dates_match, length_matches


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
    paid: bool = False  # the question asks what was paid or spent on it ("spend on property and equipment")


@dataclass(frozen=True, slots=True)
class Line:
    """Another tagged line of the cell's filing, for the cell's period, that names its item with the other
    of two words folded together ("Energy generation and storage sales" beside the segment's revenue)."""

    label: str
    value: Decimal
    members: tuple[str, ...] = ()  # its fact's dimension members ("wmt:WalmartUSSegmentMember")
    concept: str | None = None  # its fact's concept ("us-gaap:CostOfRevenue" under "Automotive sales")


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
    value: Decimal | None = None  # its fact's value (else the cell's)
    # its members that are parents of another of its members (`parent_members`), naming nothing more
    implied: tuple[str, ...] = ()
    lines: tuple[Line, ...] = ()  # the filing's other lines for its period that say "sales" or "revenue"
    # the first total printed below it in its column ("Total segment profit (loss)")
    closing: str | None = None


@dataclass(frozen=True, slots=True)
class ItemCheck:
    ok: bool
    reason: str


# --- folding text to terms ---------------------------------------------------------------------------

# A parenthesis is a footnote or an alternative ("(1)", "(loss)"), except one that says what a line takes in
# or leaves out ("China (including Hong Kong)", "(excluding fuel)"): that is part of the line's name.
_FOOTNOTE = re.compile(
    r"\((?!\s*(?:including|excluding|incl|excl)\b)[^)]*\)|\[[^\]]*\]|(?<=[a-z])\d{1,2}\b|[*†‡]"
)
# In order: abbreviations first, then the several spellings of one line item, then qualifier tokens. Each
# rewrite runs only on text holding one of its needles (a plain substring test: labels and sentences are
# folded by the hundred per question).
_REWRITE_RULES: tuple[tuple[str, str, str], ...] = (
    ("&", r"\br\s*&\s*d\b", " research and development "),
    ("&", r"\bsg\s*&\s*a\b", " selling general and administrative "),
    ("&", r"\bpp\s*&\s*e\b", " property and equipment "),
    ("&", r"\bd\s*&\s*a\b", " depreciation and amortization "),
    ("&", r"&", " and "),
    # U.S. GAAP is the accounting every statement is in, no geography ("Total U.S. GAAP Revenue, net")
    ("gaap", r"\b(?:u\.\s?s\.?|us)\s+gaap\b", " gaap "),
    ("u.s united", r"\bu\.\s?s\.?(?![a-z])|\bunited\s+states\b", " us "),
    ("eps", r"\beps\b", " earnings per share "),
    # GE's "Actual income tax rate" is its effective tax rate
    ("actual", r"\bactual\s+(?=(?:income\s+)?tax\s+rate)", " effective "),
    # "Earnings per Common Share Assuming Dilution" (Merck) is diluted EPS
    ("dilution", r"\bassuming\s+dilution\b", " diluted "),
    # PepsiCo's "Capital spending" is its capital expenditures
    (
        "capex capital",
        r"\bcapex\b|\bcapital\s+(?:expenditures?|spending)\b",
        " purchases of property and equipment ",
    ),
    ("plant", r"\bproperty,?\s+plant,?\s+and\s+equipment\b", " property and equipment "),
    (
        "payment purchase addition",
        r"\b(?:payments?\s+(?:to\s+acquire|for(?:\s+(?:the\s+)?acquisitions?\s+of)?)|purchases?\s+related"
        r"\s+to|additions\s+to)\s+(?=property)",
        " purchases of ",
    ),
    (
        "cash",
        r"\boperating\s+cash\s+flows?\b|\bcash\s+flows?\s+from\s+operati(?:ons|ng\s+activities)\b",
        " cash from operating activities ",
    ),
    (
        "cash",
        r"\b(investing|financing)\s+cash\s+flows?\b|\bcash\s+flows?\s+from\s+(investing|financing)\s+activities\b",
        r" cash from \1\2 activities ",
    ),
    # how a reader names a balance: "trade payables", "what customers owe"
    ("trade", r"\btrade\s+(payable|receivable)s?\b", r" accounts \1 "),
    ("owe", r"\bcustomers?\s+owed?\b|\bowed\s+by\s+customers?\b", " accounts receivable "),
    ("interest", r"\binterest\s+costs?\b", " interest expense "),
    # what falls due within the year is the current portion ("Long-term debt due within one year"; "not
    # counting the stuff due within a year")
    (
        "due",
        r"\b(?:(?:the\s+)?(?:stuff|amounts?|part|portion)\s+)?due\s+within\s+(?:one|a|1|the)\s+year\b",
        " current portion ",
    ),
    # a payment for businesses is printed net of the cash they held ("Acquisitions, net of cash and cash
    # equivalents acquired"): the cash taken over is no line of its own, the payment is net
    (
        "acquired",
        r"\bnet\s+of\s+(?:the\s+)?cash(?:\s+and\s+(?:cash\s+)?equivalents)?(?:\s+and\s+restricted\s+cash)?\s+acquired\b",
        " net ",
    ),
    # and what falls due after it is the long-term part ("Long-Term Debt", printed below the current portion)
    ("due", r"\bdue\s+after\s+(?:one|a|1|the)(?:\s+year)?\b", " long-term "),
    # the total of the balance sheet's right side, however its equity is named
    (
        "liabilities",
        r"\bliabilities\s+and\s+(?:(?:stock|share)(?:holders?|owners?)['’]?\s+)?(?:equity|deficit)\b",
        " liabilities and equity ",
    ),
    (
        "operat",
        r"\b(?:income|profit|earnings|loss)\s+from\s+operations\b|\boperating\s+(?:profit|earnings|loss)\b",
        " operating income ",
    ),
    # the shares an EPS is computed over are a share count, not a figure per share ("Shares used in
    # computing earnings per share", "Weighted average shares used in computing net income per share of
    # common stock"); a "share count" and a "number of shares" are shares
    (
        "used count number",
        r"\bshares?\s+used\s+(?:in|to|for)\b[^,;:]*?\bper\s+(?:common\s+)?share(?:\s+of\s+common\s+stock)?"
        r"(?:\s+(?:computations?|calculations?|amounts?))?\b|\bshare\s+count\b|\bnumber\s+of\s+shares\b",
        " shares ",
    ),
    (
        "per",
        r"\b(?:net\s+)?(?:income|earnings|loss)\s+(?:\w+\s+)?per\s+(?:common\s+)?share\b",
        " income per share ",
    ),
    ("per", r"\bper\s+(?:common\s+)?share\b", " pershare "),
    # "common stock" and "common shares" are the shares: "repurchases of common stock" = "share repurchases";
    # so are an Irish or British company's "ordinary shares" (Johnson Controls, Medtronic), and "common
    # dividends" are the dividends on them
    (
        "common ordinary",
        r"\b(?:common|ordinary)\s+(?:stock|shares?)\b|\bcommon\s+(?=dividends?\b)",
        " share ",
    ),
    # a printed change: "Increase/(Decrease) in cash" (its alternative already cut), "(increase) decrease in
    # inventories", "net change in short-term borrowings", the concept's "increase decrease in …"
    (
        "increase decrease change",
        r"\b(?:net\s+)?(?:(?:increase|decrease)s?\s*/?\s*){1,2}(?=in\b)|\bnet\s+changes?\b",
        " change ",
    ),
    # "Cost of products sold" (Procter & Gamble), "cost of merchandise sold"
    (
        "sold",
        r"\bcosts?\s+of\s+(?:goods|products|merchandise)\s+(?:and\s+services\s+)?sold\b",
        " cost of revenue ",
    ),
    ("gross", r"\bgross\s+margin\b(?!\s+(?:percentage|percent|%|ratio|rate))", " gross profit "),
    ("operating", r"\b(?:net\s+)?operating\s+revenues?\b", " revenue "),
    ("sales", r"\bsales,?\s+general\b", " selling general "),
    # "provision for income taxes" = "income tax expense" = "taxes on income"
    # "income before provision for income taxes" is pre-tax income
    (
        "before",
        r"\bbefore\s+(?:the\s+)?(?:provision|expense)\s+for\s+(?:income\s+)?tax(?:es)?\b",
        " before tax ",
    ),
    ("tax", r"\bincome\s+tax(?:es)?\b|\btax(?:es)?\s+on\s+income\b", " tax "),
    ("continuing", r"\b(?:from\s+)?continuing\s+operations\b", " "),
    ("tax", r"\bpre-?\s*tax\b", " before tax "),
    ("tax", r"\bafter-?\s*tax\b|\bnet\s+of\s+(?:income\s+)?tax(?:es)?\b|\bnet\s+of\s+tax\b", " aftertax "),
    # what is left once the current portion is taken out is the non-current line: "Debt and finance leases,
    # net of current portion" is not "Current portion of debt and finance leases"
    (
        "current",
        r"\b(?:net\s+of|less|excluding)\s+(?:the\s+)?current\s+(?:portion|maturities)(?:\s+thereof)?\b"
        r"|\bnon-?\s*current\s+portion\b",
        " noncurrent ",
    ),
    ("non-", r"\bnon-\s*current\b", " noncurrent "),
    # long-term debt is the non-current line: "long-term debt, excluding the current portion" is it
    ("noncurrent", r"\b(long[- ]term\s+debt),?\s+noncurrent\b", r" \1 "),
    ("noncurrent", r"\bnoncurrent\s+(long[- ]term\s+debt)\b", r" \1 "),
    # long-lived assets by geography are tagged NoncurrentAssets
    ("lived", r"\blong-?\s*lived\s+assets?\b", " noncurrent assets "),
    # "how much cash did P&G pay in dividends", "cash dividends", "cash spent repurchasing stock": dividends
    # and repurchases are paid in cash, the word names no other line
    ("cash", r"\bcash\s+(?=(?:[\w&']+\s+){0,6}?(?:dividend|repurchas|buyback))", " "),
    # dividends are paid to shareholders: "Dividends to shareholders" is the "Dividends" line
    (
        "holders",
        r"\b(?:to|for)\s+(?:our\s+)?(?:common\s+)?(?:share|stock)holders\b(?=.*dividend)"
        r"|(?<=dividends)\s+(?:paid\s+)?to\s+(?:our\s+)?(?:common\s+)?(?:share|stock)holders\b",
        " ",
    ),
    # "attributable to Walmart", "… to common stockholders": the company's share, which is the line itself
    # and so is "net loss attributable" once the reading has taken the company's name away
    (
        "attributable available",
        # ("NI attrib stockholders": the analyst's "to" left out)
        # (to the clause's end, but not over what the figure is of: "… attributable to PepsiCo per common
        # share" is per share)
        r"\b(?:attributable|available)\s+to\s+(?!non-?\s*controlling)(?:(?!\bpershare\b)[^,;—–])*"
        r"|\battributable\b(?!\s+to\b)(?:\s+(?:common\s+)?(?:share|stock)holders\b)?",
        " ",
    ),
    # a lender's revenue is its revenues net of the interest it pays (American Express's "Total revenues net
    # of interest expense", us-gaap:RevenuesNetOfInterestExpense), beside the "Revenue from contracts with
    # customers" that is only a part of it
    ("interest", r"\brevenues?,?\s+net\s+of\s+interest\s+expense\b", " revenue "),
    (
        "contract assessed",
        r"\bfrom\s+contracts?\s+with\s+customers?\b|\b(?:ex|in)cluding\s+assessed\s+tax\b",
        " ",
    ),
    # a balance sheet's line is its carrying amount: "the carrying amount of inventories" is "Inventories"
    ("carrying", r"\bat\s+carrying\s+value\b|\bcarrying\s+(?:amount|value)\s+of\b", " "),
    # where a line is printed says nothing more of it: "inventories on its consolidated balance sheet"
    (
        "sheet",
        r"\b(?:on|in|per|from)\s+(?:its|the|their|our)?\s*(?:consolidated\s+)?balance\s+sheets?\b",
        " ",
    ),
    # taxes paid "net of refunds" are the net taxes paid: Lowe's "Cash paid for income taxes, net"
    ("refund", r"\bnet\s+of\s+refunds?(?:\s+received)?\b", " net "),
    # "EBIT-adjusted" is GM's "Earnings (loss) before interest and taxes-adjusted"
    ("interest", r"\bearnings\s+(?:\(loss\)\s+)?before\s+interest\s+and\s+(?:income\s+)?taxes\b", " ebit "),
)
_REWRITES: tuple[tuple[tuple[str, ...], re.Pattern[str], str], ...] = tuple(
    (tuple(needles.split()), re.compile(pattern), replacement)
    for needles, pattern, replacement in _REWRITE_RULES
)
_WORD = re.compile(r"[a-z][a-z0-9]*")
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z][a-z]+|[a-z]+|\d+")


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


# the generic words that end a business's name, as folded: "Technologies", "Solutions", "Group", and a
# product's: Pfizer's "Vyndaqel family"
_BUSINESS_TAIL = frozenset({"technology", "solution", "group", "family"})


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
    "repurchasing": "repurchase",
    "repurchased": "repurchase",
    # "spend purchasing its own common shares": Abbott's "Purchases of common shares"
    "purchasing": "purchase",
    # "stock-based compensation" = "share-based compensation", "stock repurchases" = "share repurchases"
    "stock": "share",
    "paid": "payment",
    "declare": "declared",
    "acquiring": "acquired",  # "spend acquiring its own common stock": Exxon's "Common stock acquired"
    # where a figure was earned, said as an adverb ("revenue … earned in the U.S. and internationally")
    "internationally": "international",
    "domestically": "domestic",
    "globally": "global",
}


def spellings(found: frozenset[str]) -> frozenset[str]:
    """The words that `terms` joins into these terms ("provision" for "expense", "sale" for "revenue"): how a
    filing may spell them."""
    return frozenset(word for word, term in _SYNONYMS.items() if term in found)


# Words that qualify nothing: what every line has ("total", "net"; "GAAP", as every statement is, while
# "non-GAAP" keeps its "non"), filler, and period words (the period is checked on its own).
NEUTRAL = _wordset(
    "a an and the of for from to in within on by at as with under through via its our their or is was "
    "were be total net consolidated company worldwide global ww overall amount amounts reported provided "
    "generated provide provides providing used balance beginning ending end year years ended ending "
    "period periods "
    "fiscal month months quarter qtd ytd "
    "segment segments member members reportable line item value figure dollar usd million "
    "millions thousand thousands billion billions except data inc incorporated corporation corp co llc plc "
    "benefit benefits respectively gaap measure"
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


# A charge of a programme is its cost: "2022 restructuring charges" are "restructuring costs" (PepsiCo), and
# "impairment charges" "impairment costs"; not every charge is ("sales charges" are no "cost of sales").
_CHARGES_ARE_COSTS = re.compile(
    r"\b(restructuring|impairment|severance|integration|separation|transformation)\s+charges?\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=8192)
def _all_terms(text: str) -> frozenset[str]:
    found = set()
    for word in _WORD.findall(fold(_CHARGES_ARE_COSTS.sub(r"\1 costs", text))):
        if word in MONTH_WORDS:
            continue
        term = _SYNONYMS.get(_stem(word), _stem(word))
        if term not in NEUTRAL:
            found.add(term)
    return frozenset(found)


# the parts a caption says its table is split into ("net revenue earned in the U.S. and internationally", "by
# segment and geography"): no part is every cell's
_SPLIT_INTO = re.compile(
    r"\b(?:in|by|between|across|from)\s+(?:the\s+)?[\w.'’-]+(?:\s+[\w.'’-]+)?\s+(?:and|or|&)\s+"
    r"(?:the\s+)?[\w.'’-]+(?:\s+[\w.'’-]+)?",
    re.IGNORECASE,
)


# a cash-flow statement's activities, by their words
_ACTIVITY_WORD = r"(?:operating|investing|financing)"


def caption_words(caption: str) -> str:
    """What a table's caption says of each of its cells: the caption less the named parts it says the table
    is split into (Visa's "The following table presents our net revenue earned in the U.S. and
    internationally:" says "net revenue" of its total row, not "internationally"). The kinds of its rows
    stay: Medtronic's "net sales by segment and division" is over divisions' rows. Nor does a caption that
    lists several cash-flow activities say one of them of each cell (Honeywell's "Our cash flows from
    operating, investing, and financing activities … are summarized as follows:")."""
    caption = _ACTIVITIES_LISTED.sub(" activities", caption)
    return _SPLIT_INTO.sub(lambda found: " " if _NAMED_PART.search(found.group()) else found.group(), caption)


_ACTIVITIES_LISTED = re.compile(
    rf"\b{_ACTIVITY_WORD}(?:\s*,\s*(?:and\s+)?{_ACTIVITY_WORD}|\s+(?:and|or)\s+{_ACTIVITY_WORD})+\s+activities\b",
    re.IGNORECASE,
)


# a part a caption names: a capitalised name past its preposition, or where a figure was earned
_NAMED_PART = re.compile(r"(?<!^)\b(?-i:[A-Z])[\w.'’-]*|\b\w+ally\b", re.IGNORECASE)


# A cash-flow statement's section heading says where a line is printed, not what the line is: the
# "operating" of "Cash flows from operating activities" over "Net income attributable to Honeywell" is no
# word of that line (Honeywell prints no operating income, and its net income answers none); its cash is
_ACTIVITY_SECTION = re.compile(
    r"^\W*(?:(?:net\s+)?cash\s+flows?\s+(?:\(?(?:provided\s+by|used\s+(?:in|for)|from)\)?\s+)+)?"
    rf"{_ACTIVITY_WORD}\s+activities\W*$",
    re.IGNORECASE,
)
_ACTIVITY = re.compile(rf"\b{_ACTIVITY_WORD}\s+activities\b", re.IGNORECASE)


def describing_path(row_path: Sequence[str]) -> tuple[str, ...]:
    """The labels of a row's path as they describe its line: a cash-flow statement's activity section above
    it without its activity (`_ACTIVITY_SECTION`); the row's own label as printed."""
    *headings, own = row_path or ("",)
    kept = (_ACTIVITY.sub(" ", label) if _ACTIVITY_SECTION.search(label) else label for label in headings)
    return (*kept, own)


def concept_words(concept: str) -> str:
    """`us-gaap:IncomeTaxExpenseBenefit` → "income tax expense benefit"; `us-gaap:ProfitLoss`, the net income
    that includes non-controlling interests, says so as its label does."""
    local = _BEFORE_WHAT_NO_LONGER_IS.sub("", concept.split(":")[-1])
    words = " ".join(part.lower() for part in _CAMEL.findall(local))
    return f"{words} including noncontrolling interest" if local == "ProfitLoss" else words


# The taxonomy's pretax income is named "before income taxes, extraordinary items, noncontrolling interest"
# (`IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest`), words no
# filer prints for the line ("Income from continuing operations before income taxes"): not the line's
_BEFORE_WHAT_NO_LONGER_IS = re.compile(r"(?<=BeforeIncomeTaxes)ExtraordinaryItemsNoncontrollingInterest$")


# A member's kind after its name: "Segment", and "Market" (`mcd:USMarketMember`: McDonald's prints it "U.S.")
# (and a "segment" run together in lower case: Merck's `mrk:AnimalHealthsegmentMember`)
MEMBER_SUFFIX = re.compile(r"(?<=\w)(?:Segment|segment|Market)?Member$")


def member_words(member: str) -> str:
    """`meta:FamilyOfAppsMember` → "family of apps"; `country:US` → "us"; `mcd:USMarketMember` → "us"; a word
    run together with a lower-case "and" is two words (Thermo Fisher's `LaboratoryProductsandServicesMember`:
    "laboratory products and services"; P&G's "Baby Feminineand Family Care"), a "-land" or "-hand" none;
    initials with stops are one word, as a question's are (Smucker's `U.S.RetailPetFoodsMember`: "us retail
    pet foods")."""
    name = _DOTTED_INITIALS.sub(lambda m: m.group().replace(".", ""), member.split(":")[-1])
    return and_apart(concept_words(MEMBER_SUFFIX.sub("", name)))


_DOTTED_INITIALS = re.compile(r"\b(?:[A-Z]\.){2,}")


_RUN_TOGETHER_AND = re.compile(r"\b([a-z]{6,})(?<![lh])and\b", re.IGNORECASE)


def and_apart(words: str) -> str:
    """A tag's words with a lower-case "and" run into the word before it set apart ("Feminineand Family"
    → "Feminine and Family")."""
    return _RUN_TOGETHER_AND.sub(r"\1 and", words)


# --- the checks --------------------------------------------------------------------------------------

# Members that qualify nothing: a segment's own figure before eliminations (srt:ConsolidationItemsAxis)
QUALIFY_NOTHING = frozenset({"us-gaap:OperatingSegmentsMember"})
_RATE_TERMS = frozenset({"rate", "percent", "percentage", "ratio", "pct"})
_RATE_UNITS = frozenset({"percent", "ratio"})
PER_SHARE = "pershare"
# What a number of shares is asked by: shares, or what dilutes them ("effect of dilutive securities")
_COUNTED = frozenset({"share", "dilutive"})
# What every share count is: "diluted share count" is "Weighted-average number of diluted shares outstanding"
SHARE_COUNT_WORDS = frozenset({"weighted", "average", "outstanding", "number"})
PAYMENT = "payment"
# a payment line's words: "Payments for …", "Purchases of …", "Acquisitions of …", "Additions to …"
BUYING = frozenset({PAYMENT, "purchase", "acquisition", "acquire", "addition"})
# How many words a row may add to the asked item and still be it by its concept ("Sales to customers" is
# revenue); more, and the row names a narrower line
NARROWER_ROW = 4
# What a line leaves out or takes in is no part of what it is: "Purchases of property and equipment excluding
# finance leases, net of sales" is capital expenditures
_QUALIFYING_TAIL = re.compile(r"[,(]?\s*\b(?:excluding|including|net\s+of)\b.*$", re.IGNORECASE)


def narrower_line(label: str, accepted: frozenset[str], neutral: Iterable[str] = ()) -> bool:
    """Whether a row label names a narrower line than the asked item, its concept notwithstanding: its own
    words, less what it excludes or includes, add `NARROWER_ROW` or more to the item."""
    return len(terms(_QUALIFYING_TAIL.sub("", label), neutral) - accepted) >= NARROWER_ROW


# Words that name income as well as expense: "interest" is interest income or expense, "other" other income
# or expense
_EITHER_WAY = frozenset({"interest", "income", "other", "revenue", "tax", "expense"})


_ACCRUED = frozenset({"cost", "expense"})
_LEASE_CONCEPT = re.compile(r"(?:^|:)(?:Finance|Operating)LeaseLiabilit")  # not its cost: AMC's "Rent"


_OWN_SOFTWARE = frozenset({"internal", "use", "software", "capitalized"})


def implied_words(wanted: frozenset[str]) -> frozenset[str]:
    """The words a line may add to the item that the question leaves unsaid: "R&D" is the "Research and
    development expenses" line (a cost's line may say "expense", unless its words could name income too:
    "interest", "other"); "who was sitting on more cash" asks "Cash and cash equivalents"; an intangible is an
    asset ("Indefinite-lived intangible asset impairment charge"), and an impairment a charge or a loss
    ("Goodwill impairment losses" for "goodwill impairment"), and deferred revenue deferred income."""
    # (and the tax on income is its expense: "income taxes" is the "Provision for income taxes"; "deferred
    # income taxes" stays the deferred part)
    expense = (
        frozenset({"expense"}) if wanted and (not wanted & _EITHER_WAY or wanted == {"tax"}) else frozenset()
    )
    implied = expense | ({"equivalent"} if wanted == {"cash"} else frozenset())
    implied |= {"asset"} if "intangible" in wanted else frozenset()
    # capital expenditures take in the software a company builds for its own use (GE's "Additions to property,
    # plant and equipment and internal-use software")
    implied |= _OWN_SOFTWARE if {"purchase", "property", "equipment"} <= wanted else frozenset()
    # deferred revenue is also called deferred income (AMC's "Deferred revenues and income")
    implied |= {"income"} if {"deferred", "revenue"} <= wanted else frozenset()
    return implied | ({"cost", "income"} if "impairment" in wanted else frozenset())


def name_words(name: str) -> frozenset[str]:
    """The words of a company's name, which qualify none of its lines: as written and as terms
    ("Walgreens" also "walgreen", the term a question's "Walgreens" becomes)."""
    words = _WORD.findall(fold(name))
    return frozenset(words) | frozenset(_stem(word) for word in words)


def _company_neutral(cell: CellFacts) -> frozenset[str]:
    names = frozenset().union(*(name_words(name) for name in cell.company_names))
    # a filer that prints its ticker as its name ("Purchases of GE common stock for treasury")
    ticker = cell.company or ""
    printed = len(ticker) >= 2 and re.search(rf"\b{re.escape(ticker)}\b", " ".join(cell.row_path)) is not None
    return names | {ticker.lower()} if printed else names


_NAME_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['’]s\b)?")


def name_words_apart(
    phrase: str, names: Iterable[str], neutral: frozenset[str], ticker: str | None = None
) -> frozenset[str]:
    """The words of a company's name (`neutral`) that `phrase` writes apart from the name, which name the
    item: "digital" of Marathon Digital's "digital assets" (total assets are no digital assets). A name is
    written from its first word on ("Marathon Digital Holdings, Inc.'s total assets"), and ends at a
    possessive ("Marathon's digital assets"); the company's ticker is its name ("AI" of C3.ai)."""
    firsts = {words[0] for words in (_WORD.findall(fold(name)) for name in names) if words}
    apart: set[str] = set()
    in_name = False
    for token in _NAME_TOKEN.finditer(phrase):
        word = fold(token.group()).strip()
        if word in firsts or (in_name and word in neutral) or word == (ticker or "").lower():
            in_name = not re.search(r"['’]s$", token.group())
        else:
            in_name = False
            if word in neutral:
                apart |= {word, _stem(word)}
    return frozenset(apart)


# a row of what is earned abroad, and the home country a question may say it leaves out ("ex-US")
_ABROAD = re.compile(
    r"\b(?:international|foreign|non-?u\.?s\.?|outside\s+(?:of\s+)?(?:the\s+)?(?:u\.?s\.?|united\s+states))",
    re.I,
)
_HOME = re.compile(
    r"(?:the\s+)?(?:u\.?s\.?a?\.?|united\s+states(?:\s+of\s+america)?|domestic)", re.IGNORECASE
)


# the words of a row that says only where its figure was earned
_PLACE_TERMS = frozenset({"us", "non", "international", "foreign", "domestic", "outside", "abroad"})
_PRO_FORMA = re.compile(r"pro\s*-?\s*forma", re.IGNORECASE)
# Concepts of another measure than the line's, each with the words that ask for it: a pro forma figure (as if
# an acquisition had closed before the period: Cisco's pro forma revenue with Splunk, tagged with the Splunk
# member, is no "splunk revenue"); a figure disclosed at fair value beside the line's carrying amount
# (Coca-Cola's "Total liabilities" of its fair value table, LiabilitiesFairValueDisclosure, $6,148 million,
# is no total of its liabilities, which its balance sheet does not print).
_OTHER_MEASURE_CONCEPTS: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...] = (
    (_PRO_FORMA, _PRO_FORMA, "a pro forma figure"),
    (
        re.compile(r"FairValueDisclosure$|:(?:LongTermDebt|DebtInstrument)FairValue$"),
        re.compile(r"\bfair\s+value\b", re.IGNORECASE),
        "measured at fair value",
    ),
)
# measures a filer defines beside its reported ones, named in its rows' headings
_OWN_MEASURE = re.compile(
    r"\bwholesale\s+equivalent\b|\bconstant[\s-]+currency\b|\bcurrency[\s-]+neutral\b|\bnon-?\s*GAAP\b",
    re.IGNORECASE,
)
# a row that totals the segments: "Total segment sales", "Total reportable segments", "Segment totals"
_ALL_SEGMENTS = re.compile(
    r"^\W*(?:total\s+(?:(?:of\s+)?(?:all\s+)?(?:reportable\s+|operating\s+)?segments?\b)|segments?\s+totals?\b)",
    re.I,
)


def totals_every_segment(label: str, part: frozenset[str]) -> bool:
    """Whether a row totals every segment (`_ALL_SEGMENTS`) where the words `part` name one of them."""
    return bool(part) and _ALL_SEGMENTS.match(label) is not None


def _row_terms(cell: CellFacts, neutral: frozenset[str]) -> frozenset[str]:
    """What the row says the cell is: the nearest label of its path that names something ("Total" under
    "Net sales" is net sales)."""
    return terms(_INCLUDING.sub(" ", _naming_label(cell, neutral)), neutral)


def _naming_label(cell: CellFacts, neutral: frozenset[str]) -> str:
    """The nearest label of the row's path that names something (`_row_terms`), else ""."""
    return next(
        (label for label in reversed(cell.row_path) if terms(_INCLUDING.sub(" ", label), neutral)), ""
    )


# What a line takes in besides ("Capital expenditures (including capitalized software)") widens it: it is
# still the line its other words name, though a question naming what it includes must find those words too
_INCLUDING = re.compile(r"\(\s*(?:including|incl\.?)[^)]*\)", re.IGNORECASE)


_SEGMENT = re.compile(r"\bsegments?\b", re.IGNORECASE)
# A part's row that says "consolidated" or "external": RTX's "Consolidated net sales" of its Raytheon segment
# ($26,220 million) is what the segment adds to the company's sales, beside its "Business segment sales"
# ($26,350 million, with its inter-segment sales): the segment's own figure is the latter
_CONSOLIDATED_PART = re.compile(r"\b(?:consolidated|external|third[- ]party)\b", re.IGNORECASE)


def consolidated_part(text: str) -> bool:
    """Whether a part's row (or a question) says it is the part's share of the consolidated figure."""
    return _CONSOLIDATED_PART.search(text) is not None


def _of_a_segment(cell: CellFacts) -> bool:
    if any("Segment" in axis for axis in cell.axes):
        return True
    return any(_SEGMENT.search(text) for text in (*cell.row_path, cell.caption or ""))


def _of_equity(cell: CellFacts) -> bool:
    """An equity component's cell: its member (retained earnings) is the item, its concept the equity."""
    return any("EquityComponents" in axis for axis in cell.axes)


# "net income attributable (to Walgreens)": the parent's share, not the total with non-controlling interests
_PARENT_SHARE = re.compile(r"\battributable\b(?!\s+to\s+(?:the\s+)?non-?\s*controlling)", re.IGNORECASE)
_NONCONTROLLING = re.compile(r"\bnon-?\s*controlling\b", re.IGNORECASE)
_INCLUDING_NONCONTROLLING = re.compile(r":ProfitLoss$|IncludingPortionAttributableToNoncontrollingInterest")
# the words of lines a table's caption may say its rows are (folded), beside the revenue a part's size is
_LINE_TERMS = terms(
    "expense cost income asset liability depreciation amortization research development margin cash tax debt "
    "goodwill inventory capital expenditure employee"
)
# a caption that says its rows are parts: "… by segment of business", "by geographic area"
_BY_PART = re.compile(
    r"\bby\s+(?:\w+\s+){0,2}?(?:segments?|business(?:es)?|products?|regions?|geograph\w*|divisions?|units?"
    r"|brands?|markets?)\b",
    re.IGNORECASE,
)
# what is depreciated and amortized, as rows name them
_OF_BOTH = frozenset({"property", "intangible"})
_DEPRECIATED_AND_AMORTIZED = frozenset({"property", "plant", "equipment", "intangible", "asset"})
# the standard concepts that hold no non-controlling interests by their definition: the parent's equity and
# net income (each has a twin "…IncludingPortionAttributableToNoncontrollingInterest"), and liabilities,
# which no equity holder's interest is
_WITHOUT_NONCONTROLLING = frozenset(
    {"us-gaap:StockholdersEquity", "us-gaap:NetIncomeLoss", "us-gaap:Liabilities"}
)


def total_for_parent_share(phrase: str, concept: str | None) -> bool:
    """Whether the phrase asks the company's share ("net income attributable") of a cell whose concept is
    the total with non-controlling interests (ProfitLoss, "…Including Portion Attributable To
    Noncontrolling Interest"). An equity statement's column of one component (its retained earnings) is
    refused before, as a member the question does not name."""
    return (
        concept is not None
        and bool(_INCLUDING_NONCONTROLLING.search(concept))
        and _PARENT_SHARE.search(phrase) is not None
    )


def _label(cell: CellFacts) -> str:
    return cell.row_path[-1] if cell.row_path else ""


def _quoted(words: Iterable[str]) -> str:
    return ", ".join(f"'{word}'" for word in sorted(words))


def _period_ok(asked: AskedPeriod, cell: CellFacts) -> bool:
    # The asked end is counted by months from a fiscal year's end (`qa.periods.target_for`).
    if cell.period_end is None or not dates_match(cell.period_end, asked.end, COUNTED_END_SLACK):
        return False
    if asked.days is None:
        return cell.instant
    if cell.instant or cell.period_start is None:
        return False
    return length_matches((cell.period_end - cell.period_start).days + 1, asked.days)


def _describe_period(cell: CellFacts) -> str:
    if cell.period_end is None:
        return "no period"
    if cell.instant or cell.period_start is None:
        return f"as of {cell.period_end.isoformat()}"
    return f"{cell.period_start.isoformat()} to {cell.period_end.isoformat()}"


# "number of shares repurchased", "diluted share count": a count, whatever "share" folds with ("share
# repurchases" is also the amount paid)
_ASKS_COUNT = re.compile(
    r"\bnumber\s+of\s+(?:\w+\s+)?shares\b|\bshare\s+count\b|\bhow\s+many\b", re.IGNORECASE
)


def _a_count(cell: CellFacts) -> bool:
    """A number of shares or units, by the cell's unit or its concept (a share count in a table of dollars
    "except number of shares" may be stored in USD: its concept says "Shares")."""
    local = (cell.concept or "").split(":")[-1]
    return cell.unit in ("shares", "number") or bool(re.search(r"Shares|NumberOf", local))


# A count of awards is no count of the company's shares: what its concept counts, and the words by which a
# question asks for awards (their kinds, and what happens to them)
_AWARD_KINDS = terms("options awards warrants")
_ASKS_AWARDS = _AWARD_KINDS | terms(
    "units restricted rsu rsus psu psus grant granted vested unvested nonvested forfeited exercise exercised"
)
# A phrase that asks for a number of shares ("shares outstanding", "diluted share count", "number of shares")
ASKS_SHARES = re.compile(r"\bshares\b|\bshare\s+count\b|\bnumber\s+of\b", re.IGNORECASE)


def unasked_awards(wanted: frozenset[str], concept_terms: frozenset[str]) -> frozenset[str]:
    """The kinds of award a cell's concept says it is of, where the question asks for none: Coca-Cola's
    "Outstanding on December 31, 2024" in its stock-option table (…AwardOptionsOutstandingNumber) is options
    outstanding, not the 4,302 million shares outstanding."""
    return frozenset() if wanted & _ASKS_AWARDS else concept_terms & _AWARD_KINDS


def _unit_problem(asked_terms: frozenset[str], cell: CellFacts) -> str | None:
    asks_per_share = PER_SHARE in asked_terms
    if asks_per_share != (cell.unit == "USD/share"):
        if asks_per_share:
            return f"the question asks per share; the cell is in {cell.unit}"
        return "the cell is per share; the question does not ask per share"
    if cell.unit == "shares" and not asked_terms & _COUNTED:
        return "the cell is a number of shares; the question does not ask for shares"
    asks_rate = bool(asked_terms & _RATE_TERMS)
    if asks_rate != (cell.unit in _RATE_UNITS):
        wanted = "a rate or percentage" if asks_rate else "an amount"
        return f"the cell is in {cell.unit}, the question asks for {wanted}"
    return None


# "Sales" and "revenue" fold to one term ("net sales" is most filers' revenue line), but a filing may print
# both for one item with different values: Tesla's "Energy generation and storage sales" is the segment's
# revenue less its leasing. `SALES_WORDS`: the words of the lines `CellFacts.lines` holds.
SALES_WORDS = ("sale", "sales", "revenue", "revenues")
_SALES_WORD = re.compile(r"\b(?:sales?|revenues?)\b")


def _sales_words(text: str) -> frozenset[str]:
    """Which of "sale" and "revenue" `text` writes (after folding: "sales, general" is neither; "cost of
    sales" is the cost, whichever word it says)."""
    written = _SALES_WORD.findall(_COST_OF.sub(" ", fold(text)))
    return frozenset("sale" if w.startswith("sale") else "revenue" for w in written)


_COST_OF = re.compile(r"\bcosts?\s+of\s+(?:net\s+)?(?:sales?|revenues?)\b")


# Words of a column's period, which name no line: "Three months ended June 30, 2023", "52 weeks", and a
# period written short ("Q2 2023", "2Q23", "FY 2022", "H1 2023", "Full Year", "YTD", "QTD")
COLUMN_PERIOD = _wordset(
    "three six nine twelve thirteen weeks week first second third fourth q h fy full ytd qtd half quarter"
)
# A statement's title read into a PDF column's header ("ACTIVISION BLIZZARD, INC. AND SUBSIDIARIES
# CONSOLIDATED STATEMENTS OF OPERATIONS For the Years Ended …"), or a release's heading of its schedules
# ("SUPPLEMENTAL DATA – NET REVENUES"): the table's name, no line of it
_STATEMENT_TITLE = re.compile(
    r"^.*?\b(?:consolidated\s+)?(?:statements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings"
    r"|comprehensive\s+income|cash\s+flows?|financial\s+position)|balance\s+sheets?"
    r"|supplemental\s+(?:data|information|schedules?))\b",
    re.IGNORECASE,
)


_SALES_TERMS = frozenset({"sale", "revenue"})
# a line's words, any (`_LINE_TERMS` and revenue): what a part named alone does not say
_NAMED_LINE_TERMS = _LINE_TERMS | _SALES_TERMS
# A header that groups rows without naming a line: "Business Segments", "Operating segments"
_GROUPING = re.compile(
    r"\b(?:segments?|geograph(?:ic|y|ical)|areas?|regions?|categor(?:y|ies)|markets?|reportable|business(?:es)?)\b"
    # a heading over a list of products, "In-Line Products", "Growth Portfolio", "Key Brands"
    r"|\b(?:products|portfolio|brands|franchises)\s*:?\s*$",
    re.IGNORECASE,
)


_BREAKDOWN = re.compile(r"\s+by\s+[\w\s&,-]+:?\s*$", re.IGNORECASE)


def _narrower_parent(
    phrase: str, accepted: frozenset[str], wanted: frozenset[str], cell: CellFacts, neutral: frozenset[str]
) -> str | None:
    """The label above an untagged cell's row that makes it a narrower line than asked, when the row names
    only part of what is asked and its parent is the line ("International Operated Markets" under
    "Company-operated sales" is that segment's company-operated sales, not its revenues); None otherwise."""
    if cell.concept is not None:
        return None
    labels = [label for label in cell.row_path if terms(label, neutral)]
    row = terms(labels[-1], neutral) if labels else frozenset()
    if len(labels) < 2 or not wanted - row:
        return None
    parent = labels[-2]
    if _GROUPING.search(parent):
        return None  # a header that groups rows ("Operating segments", "Geographic areas") names no line
    titled = terms(cell.caption or "", neutral)
    titled |= _SALES_TERMS if titled & _SALES_TERMS else frozenset()
    line = wanted - row
    if line and line <= titled and not terms(parent, neutral) & titled:
        # the table's title names the line, and a heading that names none of it groups rows ("The following
        # table details AbbVie's worldwide net revenues": "Skyrizi" under "Immunology" is Skyrizi's net
        # revenues; "International Operated Markets" under "Company-operated sales" stays a part of them)
        return None
    # the words the row's own label takes from the phrase do not also vouch for the line above it
    # ("Operated" of "International Operated Markets" is not the "operated" of "Company-operated sales")
    words = re.findall(r"[A-Za-z0-9]+", labels[-1])
    rest = re.sub(r"\W+".join(map(re.escape, words)), " ", phrase, count=1, flags=re.IGNORECASE)
    # a heading of a breakdown names its line before "by" ("Revenues by Offerings": the rows are revenues)
    extra = terms(_BREAKDOWN.sub("", parent), neutral) - (accepted - wanted) - terms(rest, neutral)
    if accepted & _SALES_TERMS:
        extra -= _SALES_TERMS  # sales and revenue are one line here; which the filing prints is checked apart
    return parent if extra else None


# A table that spreads one charge over the income statement's lines ("Stock-based compensation expense was
# allocated … as follows", C3.ai's "(1)Includes stock-based compensation expense as follows:"): its row
# "Sales and marketing" is that charge within the line, not the line. A caption that sets the charge beside
# the line ("Operating expenses, excluding stock-based compensation") is of the lines.
_SPREAD_CHARGE = re.compile(
    r"\b(?:(?:stock|share|equity)[-\s]based\s+compensation|restructuring|severance"
    r"|amortization\s+of\s+(?:purchased\s+|acquired\s+)?intangibles?)\b",
    re.IGNORECASE,
)
_BESIDE_THE_LINE = re.compile(
    r"\b(?:including|excluding|net\s+of|before|exclusive\s+of|other\s+than)\W+(?:\w+\W+){0,2}$", re.IGNORECASE
)
_FUNCTION_LINE = re.compile(
    r"\b(?:cost\s+of|research|development|marketing|selling|general|administrative|operating\s+expenses?"
    r"|engineering)\b",
    re.IGNORECASE,
)


def spread_charge(caption: str, row: str) -> str | None:
    """The charge an untagged table spreads over the income statement's lines, where `row` is one of those
    lines ("stock-based compensation" for "Sales and marketing"); else None."""
    if not _FUNCTION_LINE.search(row):
        return None
    for found in _SPREAD_CHARGE.finditer(caption):
        if not _BESIDE_THE_LINE.search(caption[: found.start()]):
            return found.group(0)
    return None


def unasked_charge(caption: str, row: str, wanted: frozenset[str], neutral: Iterable[str] = ()) -> str | None:
    """The charge an untagged table spreads over the line `row` (`spread_charge`), where the asked terms
    (`wanted`) name none of it: the cell is that charge, not the line asked; else None."""
    charge = spread_charge(caption, row)
    return charge if charge is not None and not terms(charge, neutral) & wanted else None


def _other_column(
    accepted: frozenset[str], cell: CellFacts, neutral: frozenset[str], named: frozenset[str]
) -> frozenset[str]:
    """What the column of an untagged cell names beyond the asked item: a table can set lines side by side
    ("Net Sales", "Operating Income (Loss)", "% change" under one caption), and the column then says which
    line the cell is. A tagged cell is what its fact says, and its column too where its concept says the
    same: the "Aggregate Intrinsic Value" of Coca-Cola's options outstanding
    (…OptionsOutstandingIntrinsicValue) is not the options outstanding its row names. `named`: the terms of
    the cell's concept."""
    beyond = column_words(cell.column_label, neutral) - accepted
    return beyond if cell.concept is None else beyond & named


def column_words(column_label: str, neutral: Iterable[str] = ()) -> frozenset[str]:
    """What a column's label names beyond the statement's title and the column's period: a line ("Net
    Sales"), a breakdown ("Exchange Rate Effect"), a restatement ("previously reported segment
    information …"); nothing for a statement's own column ("For the Years Ended December 31, 2019")."""
    return terms(_STATEMENT_TITLE.sub(" ", column_label), neutral) - COLUMN_PERIOD


_COUNTRY = "country:"
_STANDARD = ("us-gaap:", "srt:", _COUNTRY)  # generic members, and ISO codes ("country:CN" is "China")
_MEMBER_AXES = re.compile(r"Segment|ProductOrService|Geographical")


Dims = Collection[tuple[str, str]]  # a fact's (axis, member) pairs


def parent_members(dims: Dims, siblings: Iterable[Dims]) -> frozenset[str]:
    """The members of a fact that are parents of another of its members in the filer's hierarchy, among
    `siblings` (the dimensions of the filing's facts of the same concept and period): B is A's parent when
    no sibling carries A without B, and some sibling carries B without A (GM's "Automotive" beside "GMNA";
    JCI's "Building Technologies & Solutions" beside "Global Products"). A parent names nothing more; two
    members never tagged apart are both kept, as neither tells which the fact is."""
    pairs = [pair for pair in dims if pair[1] not in QUALIFY_NOTHING]
    others = [frozenset(sibling) for sibling in siblings]

    def apart(one: tuple[str, str], other: tuple[str, str]) -> bool:  # some sibling has `one` without `other`
        return any(one in sibling and other not in sibling for sibling in others)

    return frozenset(
        parent[1]
        for parent in pairs
        for child in pairs
        if child != parent and not apart(child, parent) and apart(parent, child)
    )


def column_name(column_label: str) -> str:
    """A column's label from its first word to its last that `column_words` keeps: the name it prints
    beyond its period ("Direct to Consumer" of "Year Ended December 31, 2023 Direct to Consumer")."""
    kept = column_words(column_label)
    words = [
        w for w in re.finditer(r"[\w&'.-]+", column_label) if (named := terms(w.group())) and named <= kept
    ]
    return column_label[words[0].start() : words[-1].end()] if words else ""


def names_by_row(
    row: frozenset[str],
    member_terms: frozenset[str],
    concept: frozenset[str],
    member: str,
    others: Iterable[frozenset[str]] = (),
) -> bool:
    """Whether a row's words name a member of its cell: two words or more, or one of the member's
    (Verizon's "Business" for its Verizon Business Group), none of them the concept's, sharing a word with
    the member's (`goog:AmericasExcludingUnitedStatesMember` is "Other Americas") unless the member is the
    taxonomy's generic one (`us-gaap:AllOtherSegmentsMember` is "Other Bets"), and sharing no fewer than
    any of the cell's `others` members does: Smucker's "Pet snacks" row names its PetSnacksMember, not its
    U.S. Retail Pet Foods segment, which shares "pet". One rule for the reading's vocabulary and the item
    check. A country's ISO code is named by its one word ("Japan", `country:JP`)."""
    named = len(row) >= 2 or row < member_terms or member.startswith(_COUNTRY)
    shared = len(row & member_terms)
    if any(len(row & other) > shared for other in others):
        return False
    return named and not row & concept and bool(shared or member.startswith(_STANDARD))


def names_by_column(column: frozenset[str], member_terms: frozenset[str], concept: frozenset[str]) -> bool:
    """Whether a column's words name a member of its cell: none of them is the concept's, and every one is
    the member's (GameStop's "Europe" over `gme:VideoGameBrandsEuropeMember`, Verizon's "(dollars in
    millions) 2023 Consumer" over its Verizon Consumer Group) but for one word of a name of two or more
    that shares another with the member (Rocket prints "Direct to Consumer" over
    `rkt:DirectToCustomerSegmentMember`: the filer's printed name is the one people use). One rule for the
    reading's vocabulary, the picker and the item check."""
    if not column or column & concept:
        return False
    other = column - member_terms
    return column < member_terms or (len(column) >= 2 and len(other) == 1 and bool(column & member_terms))


def _member_names(cell: CellFacts, neutral: frozenset[str]) -> tuple[tuple[str, frozenset[str] | None], ...]:
    """The words of each member of the cell that qualifies something, with another name it goes by (or
    None). A member of a segment, product or geography is named by the filer's row label when that label
    names none of the concept's words and shares a word with the member's
    (`goog:AmericasExcludingUnitedStatesMember` is "Other Americas"), or the member is the taxonomy's generic
    one (`us-gaap:AllOtherSegmentsMember` is "Other Bets"); it also goes by its column's words where they
    name it (`names_by_column`)."""
    concept = terms(concept_words(cell.concept), neutral) if cell.concept else frozenset()
    row = _row_terms(cell, neutral)
    column = column_words(cell.column_label, neutral)
    names: list[tuple[str, frozenset[str] | None]] = []
    qualifying = [
        (axis, member)
        for axis, member in zip(cell.axes or ("",) * len(cell.members), cell.members, strict=False)
        if member not in QUALIFY_NOTHING and member not in cell.implied
    ]
    each_terms = [terms(member_words(member), neutral) for _, member in qualifying]
    for index, (axis, member) in enumerate(qualifying):
        words = member_words(member)
        member_terms = each_terms[index]
        others = each_terms[:index] + each_terms[index + 1 :]
        by_row = _MEMBER_AXES.search(axis) and names_by_row(row, member_terms, concept, member, others)
        by_column = _MEMBER_AXES.search(axis) and names_by_column(column, member_terms, concept)
        name = " ".join(_WORD.findall(fold(_label(cell)))) if by_row else words
        names.append((name, column if by_column else None))
    return tuple(names)


def _line_terms(line: Line, neutral: frozenset[str]) -> frozenset[str]:
    members = [terms(member_words(m), neutral) for m in line.members if m not in QUALIFY_NOTHING]
    concept = terms(concept_words(line.concept), neutral) if line.concept else frozenset()
    return frozenset().union(terms(line.label, neutral), concept, *members)


def _other_line(phrase: str, wanted: frozenset[str], cell: CellFacts, neutral: frozenset[str]) -> Line | None:
    """The filing's line that is the asked item in the question's own word ("sales"), when the cell says
    only the other word ("revenue") and the line prints another value for the cell's period: then the
    filing tells the two apart, and the cell is not the item asked. (A phrase that writes both words, "cost
    of revenue from Automotive sales", "sales revenue", is not read for either.)"""
    said = _sales_words(phrase)
    if len(said) != 1 or not cell.lines:
        return None
    own = [*cell.row_path, *(member_words(member) for member in cell.members)]
    if cell.concept is None and cell.caption:
        own.append(cell.caption)
    missing = said - frozenset().union(*(_sales_words(text) for text in own))
    if not missing:
        return None
    return next(
        (
            line
            for line in cell.lines
            if missing <= _sales_words(line.label)
            and line.value != cell.value
            and _line_terms(line, neutral) == wanted
        ),
        None,
    )


def squeezed(text: str) -> str:
    """The text's letters and digits only, lowercase: "iPad" and `IPadMember`'s "i pad" are "ipad"."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _written_words(phrase: str) -> frozenset[str]:
    """The phrase's words and pairs of neighbouring words, each as its letters only ("iphone", "ipad")."""
    words = phrase.split()
    return frozenset(squeezed(w) for w in words) | frozenset(squeezed(a + b) for a, b in pairwise(words))


def _heading_terms(cell: CellFacts, member_terms: frozenset[str], neutral: frozenset[str]) -> frozenset[str]:
    """The terms of the nearest label above a member's row that names more than the member, else of the
    total that closes its rows (GE's "Renewable Energy" over "Total segment profit (loss)", tagged
    GrossProfit, is the segment's profit)."""
    for label in reversed(cell.row_path[:-1]):
        found = terms(label, neutral)
        if found - member_terms:
            return found
    return terms(cell.closing or "", neutral) - member_terms


# a name in capitals, two words or more ("U.S. Retail Pharmacy")
_CAPITALISED_NAME = re.compile(r"\b[A-Z][\w.&'-]*(?:\s+[A-Z][\w.&'-]*)+")


# a word in lower case that names a line's kind, right before the line ("pharmacy sales")
_LINE_KIND = re.compile(r"\b([a-z][\w'-]*)\s+(?:sales|revenues?|income|profit|earnings|expenses?)\b")


def _named_twice(phrase: str, neutral: frozenset[str]) -> frozenset[str]:
    """The words a phrase writes both inside a name in capitals and, in lower case, as the kind of a line
    ("pharmacy sales in the U.S. Retail Pharmacy segment"): two things, the line and the part it is of ("the
    pet food business (U.S. Retail Pet Foods)" describes the one part)."""
    names = list(_CAPITALISED_NAME.finditer(phrase))
    inside = frozenset().union(*(terms(name.group(), neutral) for name in names))
    outside = _CAPITALISED_NAME.sub(" ", phrase)
    kinds = frozenset(term for found in _LINE_KIND.finditer(outside) for term in terms(found[1], neutral))
    return inside & kinds


def check_item(asked: AskedItem, cell: CellFacts, filler: Iterable[str] = ()) -> ItemCheck:
    """Whether `cell` is the item `asked` names, for its company and one of its periods. Fails closed.
    `filler`: more words of the phrase that name nothing (a claim's "reported", "was")."""
    if asked.company is not None and cell.company != asked.company:
        return ItemCheck(
            False, f"the cell is {cell.company or 'of no known company'}'s, not {asked.company}'s"
        )
    neutral = _company_neutral(cell)
    neutral -= name_words_apart(asked.phrase, cell.company_names, neutral, cell.company)
    wanted = terms(asked.phrase, neutral | frozenset(filler))
    if not wanted:
        return ItemCheck(False, f"'{asked.phrase}' names no line item to check the cell against")
    label = _label(cell)
    named_members = _member_names(cell, neutral)
    members = [name for name, _ in named_members]
    concept = concept_words(cell.concept) if cell.concept else ""
    # (and a parent member the cell's own implies is the cell's too: "Walmart U.S. … grocery" is carried by
    # the Grocery cell of the Walmart U.S. segment, wmt:WalmartUSSegmentMember, though nothing prints it)
    parents = [member_words(m) for m in cell.implied if m in cell.members]
    described = [*describing_path(cell.row_path), cell.column_label, concept, *members, *parents]
    if cell.concept is None and cell.caption:
        described.append(caption_words(cell.caption))
    carried = frozenset().union(*(terms(text, neutral) for text in described))
    missing = wanted - carried
    if missing:
        return ItemCheck(
            False, f"the cell (row '{label}') does not carry {_quoted(missing)} of '{asked.phrase}'"
        )
    # a part named alone is no line: an untagged row of its name alone, in a table whose caption names a
    # line by parts and not the revenue a part's size is, is that line of the part (J&J's "Innovative
    # Medicine" under "Research and development expense by segment of business" is the segment's R&D, no
    # answer to "what was j&j's innovative medicine in fy23")
    if cell.concept is None and cell.caption and not (wanted | terms(label, neutral)) & _NAMED_LINE_TERMS:
        captioned = terms(caption_words(cell.caption), neutral)
        by_part = _BY_PART.search(cell.caption) is not None
        if by_part and (line := captioned & _LINE_TERMS) and not captioned & _SALES_TERMS:
            return ItemCheck(
                False,
                f"the row '{label}' is its {_quoted(line)} (the table: '{cell.caption}'), which "
                f"'{asked.phrase}' does not name",
            )
    # a word the phrase says twice names two things ("pharmacy sales in the U.S. Retail Pharmacy segment":
    # the Pharmacy line of that segment), which one label of the cell does not carry both of
    # (a label counted once, where the member's printed name is its row's)
    labels = {terms(text, neutral) for text in described}
    for term in _named_twice(asked.phrase, neutral | frozenset(filler)):
        if sum(term in words for words in labels) < 2:
            return ItemCheck(
                False,
                f"'{asked.phrase}' names '{term}' twice, as a part and as a line, and the cell (row "
                f"'{label}') once",
            )
    # a member's tag split at its capitals ("IPhoneMember": "I Phone") is named by its letters ("iPhone")
    written = _written_words(asked.phrase)
    foreign = [
        w
        for w, printed in named_members
        if terms(w, neutral) - wanted
        and squeezed(w) not in written
        and not (printed is not None and printed <= wanted)
    ]
    if foreign:
        listed = " and ".join(f"'{words}'" for words in foreign)
        return ItemCheck(False, f"the cell is for {listed}, which '{asked.phrase}' does not name")
    if named_members and consolidated_part(label) and not consolidated_part(asked.phrase):
        return ItemCheck(
            False,
            f"the row '{label}' is the part's share of the consolidated figure (without its sales to the "
            f"company's other parts), and '{asked.phrase}' asks for the part's own",
        )
    if _SEGMENT.search(asked.phrase) and not _of_a_segment(cell):
        return ItemCheck(
            False, f"the cell (row '{label}') is not a segment's, and '{asked.phrase}' asks for one"
        )
    # An unqualified EPS is the diluted figure, the one filings headline.
    accepted = wanted | {"diluted"} if PER_SHARE in wanted and not wanted & {"basic", "diluted"} else wanted
    # A figure per share is of shares: "CommonStockDividendsPerShareDeclared" is "dividends per share".
    # and of common shares, their holders' ("per Common Share … Attributable to … Common Shareholders")
    accepted |= {"share", "common", "shareholder"} if PER_SHARE in wanted else frozenset()
    # A share count is a number of shares outstanding, weighted over the period where it is an average
    # (the unit rule below keeps it from answering for an amount or a figure per share).
    accepted |= SHARE_COUNT_WORDS if "share" in wanted and PER_SHARE not in wanted else frozenset()
    # A payment line is its item as the cash-flow statement prints it ("Payments for repurchase of common
    # stock" is "share repurchases"); which statement answers is the picker's choice, ambiguous when the
    # question does not choose (`qa.vocabulary`). Not a cost's or an expense's: what was paid in the year for
    # it is not what it cost ("Cash payments for restructuring charges" is no "restructuring costs")
    accepted |= implied_words(wanted) | (frozenset() if wanted & _ACCRUED else {PAYMENT})
    # what was spent on a thing is what bought it: "Acquisitions of property and equipment"
    accepted |= BUYING if asked.paid else frozenset()
    # dividends are the common shares' unless asked of another class ("Common stock dividends" is
    # McDonald's dividends; "preferred dividends" stays another line)
    accepted |= {"common", "share"} if "dividend" in wanted and "preferred" not in wanted else frozenset()
    # long-term debt is the balance sheet's non-current line ("Long-term debt, less current maturities")
    accepted |= {"noncurrent"} if {"long", "term", "debt"} <= wanted else frozenset()
    # a word the phrase writes is never one the row adds, though a claim's wording lets it go unnamed
    # ("margin" in "contribution margin … was $1,036 million")
    accepted |= terms(asked.phrase, neutral)
    row = _row_terms(cell, neutral)
    named = terms(concept, neutral) if concept else frozenset()
    # depreciation and amortization of both the things depreciated and those amortized is the whole of it
    # (J&J's "Depreciation and amortization of property and intangibles"); of either alone, a part
    if {"depreciation", "amortization"} <= wanted and row >= _OF_BOTH:
        accepted |= _DEPRECIATED_AND_AMORTIZED & row
    # a row that is its member's label ("Cost of revenue" for us-gaap:CostOfSalesMember) names the member,
    # and the concept names the item (AllocatedShareBasedCompensationExpense: stock-based compensation)
    labelled = terms(label, neutral)
    member_terms = frozenset().union(*(terms(words, neutral) for words in members))
    if labelled and labelled <= member_terms and named and not _of_equity(cell):
        # its line is named by the heading it is printed under, if any: Honeywell's "Segment profit" over
        # "Aerospace" (tagged OperatingIncomeLoss) is the segment's profit, as the filer names it; else by
        # its column, in a table of segments by measures (P&G's "GROOMING" under "Earnings/(Loss) Before
        # Income Taxes", tagged IncomeLossIncludingPortionAttributableToNoncontrollingInterest)
        row = _heading_terms(cell, member_terms, neutral) or column_words(cell.column_label, neutral)
    # a figure its concept says is of another measure answers only a question that says so
    # (`_OTHER_MEASURE_CONCEPTS`: pro forma, at fair value)
    for by_concept, said, what in _OTHER_MEASURE_CONCEPTS:
        if by_concept.search(cell.concept or "") and not said.search(asked.phrase):
            return ItemCheck(
                False, f"the cell (row '{label}') is {what} ({cell.concept}), and '{asked.phrase}' is none"
            )
    # a measure of the filer's own, which its rows' headings name, answers only a question that names it:
    # Nike's "Jordan Brand" under "NIKE Brand Wholesale Equivalent Revenues by:" is no Jordan Brand revenue
    own_measure = next((m.group() for text in cell.row_path if (m := _OWN_MEASURE.search(text))), None)
    if cell.concept is None and own_measure and not _OWN_MEASURE.search(asked.phrase):
        return ItemCheck(
            False,
            f"the row '{label}' is printed as the filer's '{own_measure}', which '{asked.phrase}' is not",
        )
    # every segment's total is no one part's: Merck's "Total segment sales", printed under its last segment's
    # heading ("Animal Health") and tagged without a member, is no answer to the Animal Health segment's sales
    part = wanted - terms(label, neutral) - named - member_terms
    if totals_every_segment(label, part):
        return ItemCheck(
            False, f"the row '{label}' totals every segment, and '{asked.phrase}' names one ({_quoted(part)})"
        )
    # a lease's liability is no other line its row may name: Verizon's finance-lease table prints "Long-term
    # debt" for FinanceLeaseLiabilityNoncurrent (a lease's cost is: AMC's "Rent", OperatingLeaseExpense)
    if _LEASE_CONCEPT.search(cell.concept or "") and "lease" not in wanted:
        return ItemCheck(
            False, f"the cell (row '{label}') is a lease's ({cell.concept}), and '{asked.phrase}' names none"
        )
    # a part is named without the generic word that ends its name ("cranial & spinal": Medtronic's "Cranial &
    # Spinal Technologies"), never without one inside it ("Technology and infrastructure")
    naming = _naming_label(cell, neutral).split() or [""]
    if (tail := row - accepted) and tail <= _BUSINESS_TAIL and tail == terms(naming[-1], neutral):
        accepted |= tail
    # a row that names only where a figure was earned ("Non-U.S.") says nothing of what it is; its concept
    # does: Visa's foreign income before income taxes is no net income earned outside the U.S.
    if (
        cell.concept is not None
        and row
        and row <= _PLACE_TERMS
        and (beyond := named - accepted - _PLACE_TERMS)
    ):
        return ItemCheck(
            False,
            f"the row '{label}' names a place, and its concept says {_quoted(beyond)}, not '{asked.phrase}'",
        )
    # a row that adds two words or more to the item is a narrower line, whatever its concept says: J&J tags
    # its "Charge for purchase of in-process research and development assets" as R&D expense
    narrower = narrower_line(label, accepted, neutral)
    if narrower or (not (row and row <= accepted) and not (named and named <= accepted)):
        extra = row - accepted if narrower else row - accepted or named - accepted
        return ItemCheck(
            False, f"the row '{label}' is another line than '{asked.phrase}' (it says {_quoted(extra)})"
        )
    if total_for_parent_share(asked.phrase, cell.concept):
        return ItemCheck(
            False,
            f"the cell (row '{label}') includes non-controlling interests, and '{asked.phrase}' asks for the "
            "company's share",
        )
    charge = unasked_charge(cell.caption or "", label, wanted, neutral) if cell.concept is None else None
    if charge is not None:
        return ItemCheck(
            False, f"the row '{label}' is the {charge} within that line (the table: '{cell.caption}')"
        )
    parent = _narrower_parent(asked.phrase, accepted, wanted, cell, neutral)
    if parent is not None:
        return ItemCheck(False, f"the row '{label}' is under '{parent}', another line than '{asked.phrase}'")
    column = _other_column(accepted, cell, neutral, named)
    if column:
        return ItemCheck(
            False,
            f"the cell (row '{label}') is in the column '{cell.column_label}', another line than "
            f"'{asked.phrase}' (it says {_quoted(column)})",
        )
    other = _other_line(asked.phrase, wanted, cell, neutral)
    if other is not None:
        return ItemCheck(
            False, f"the filing prints '{other.label}' apart from the row '{label}', which is another line"
        )
    if _ASKS_COUNT.search(asked.phrase) and not _a_count(cell):
        return ItemCheck(False, f"the question asks for a number of shares; the cell is in {cell.unit}")
    # (an award's count, or its value where the question counts shares: the options' intrinsic value)
    awards = unasked_awards(wanted, named) if _a_count(cell) or ASKS_SHARES.search(asked.phrase) else None
    if awards:
        return ItemCheck(
            False,
            f"the cell (row '{label}') is of {_quoted(awards)} ({cell.concept}), which '{asked.phrase}' "
            "does not ask for",
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


_TOTAL = re.compile(r"\s*total\b", re.IGNORECASE)


# A row that says what it leaves out: "Capital expenditures – excluding equipment leased to others"
_SAYS_EXCLUDED = re.compile(
    r"\b(?:excluding|excludes|exclusive\s+of|other\s+than|except|ex\.?)\s+(?P<line>.+)$", re.IGNORECASE
)
# words a question adds to a line's name that name nothing of it ("the equipment they lease out to others")
_PRONOUNS = frozenset({"they", "them", "their", "it", "its", "out", "we", "our"})


def _same_words(asked: frozenset[str], printed: frozenset[str]) -> bool:
    """Whether the question's words for a line are the printed line's, a word typed short or in another
    form standing for the printed one ("equip", "lease" for "equipment", "leased")."""
    return bool(asked) and all(
        word in printed or word in _PRONOUNS or any(_one_stem(word, other) for other in printed)
        for word in asked
    )


# what joins several parts left out ("the data center hosting or engineering stuff"), and words that name none
_PARTS_APART = re.compile(r",|\bor\b|\band\b|\bnor\b|/|\+", re.IGNORECASE)
_NO_PART = frozenset(
    {"stuff", "bit", "bits", "piece", "side", "business", "businesses", "segment", "segments", "one", "ones"}
)


def _other_members(excluded: str, beside: Sequence[str]) -> bool:
    """Whether each part of what is excluded is the whole name of a member in `beside` (its words, but
    the words that name no part)."""
    named = [terms(name) for name in beside]
    pieces = [terms(piece) - _NO_PART for piece in _PARTS_APART.split(excluded)]
    pieces = [piece for piece in pieces if piece]
    return bool(pieces) and all(any(piece == name for name in named) for piece in pieces)


_CURRENT_PORTION = terms("current portion")


def _one_stem(typed: str, printed: str) -> bool:
    shorter, longer = sorted((typed, printed), key=len)
    return len(shorter) >= 4 and longer.startswith(shorter)


def leaves_out(
    label: str, below: Iterable[str], excluded: str, beside: Sequence[str] = (), concept: str | None = None
) -> ItemCheck:
    """Whether a row is known to leave out a line the question excludes ("cash and cash equivalents,
    excluding short-term and other investments"): the excluded line is printed below the row in its table
    (a statement prints a line's parts above it, so a line above another is no sum of it), and the row is
    neither a total nor that line; or what is excluded is other members beside the cell's own on its axis
    (`beside`: "just DTC, leave out partner network", a segment's figure holds no other segment's); or the
    cell's concept is the noncurrent part of a line whose current portion is excluded (Colgate's "Long-term
    debt", LongTermDebtNoncurrent, printed below its current portion). Fails closed: where the filing does
    not show it, the figure may hold the line."""
    wanted = terms(excluded)
    if not wanted:
        return ItemCheck(False, f"'{excluded}' names no line the figure could be checked to leave out")
    if beside and _other_members(excluded, beside):
        return ItemCheck(True, f"'{excluded}' is another member than the cell's, beside it on its axis")
    if concept is not None and concept.endswith("Noncurrent") and wanted <= _CURRENT_PORTION:
        return ItemCheck(True, f"the cell's concept {concept} is the line without its '{excluded}'")
    said = _SAYS_EXCLUDED.search(label)
    if said is not None and _same_words(wanted, terms(said.group("line"))):
        # "Capital expenditures – excluding equipment leased to others": the row says it leaves it out
        return ItemCheck(True, f"the row '{label}' says it leaves out '{excluded}'")
    if _ABROAD.search(label) and _HOME.fullmatch(excluded.strip()):
        # "international net revenue ex-US": the row is what is earned outside the country left out
        return ItemCheck(True, f"the row '{label}' is outside '{excluded}'")
    if wanted <= terms(label):
        return ItemCheck(False, f"the row '{label}' is the '{excluded}' the question leaves out")
    if _NONCONTROLLING.search(excluded) and concept in _WITHOUT_NONCONTROLLING:
        return ItemCheck(True, f"the cell's concept {concept} holds no '{excluded}' by its definition")
    if _TOTAL.match(label):
        return ItemCheck(False, f"the row '{label}' is a total, which may hold the '{excluded}' left out")
    if _NONCONTROLLING.search(excluded) and concept is not None and _INCLUDING_NONCONTROLLING.search(concept):
        return ItemCheck(False, f"the cell's concept {concept} is the total with '{excluded}'")
    if _NONCONTROLLING.search(excluded) and _PARENT_SHARE.search(label) and not _NONCONTROLLING.search(label):
        # "net income attributable to Intel" is the parent's share: the non-controlling interests' is apart
        return ItemCheck(True, f"the row '{label}' is the company's share, without '{excluded}'")
    if not any(wanted <= terms(other) for other in below):
        return ItemCheck(
            False, f"no line below the row '{label}' is '{excluded}': the figure is not shown to leave it out"
        )
    return ItemCheck(True, f"'{excluded}' is a line of its own below the row '{label}'")
