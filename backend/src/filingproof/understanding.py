"""Deterministic query understanding: which companies, form, fiscal period and statement a question is about.

Pure, and imports nothing of the project: retrieval (which filings to search) and table QA (which period a
figure is for) both read it. The companies and filings that are ingested come in as a `Catalog` (see
`retrieval.catalog` for the database side), next to a built-in alias table of the corpus companies and of
a few well-known companies that are not ingested (so that "Microsoft revenue" is recognised, and refused,
rather than searched).

Company names that are also common words ("apple", "target", "meta", "alphabet", "oracle") are read as
companies only when the query's letter case says so: capitalised in a mixed-case query ("Apple", "Target's"),
or in a query written all in one case ("apple revenue 2024"), and never in a trap phrase ("the target
market", "price target", "meta data", "Target market size …"). Tickers that are words ("COST", "KEY")
count only in capitals in a mixed-case query; other tickers count in any case ("nvda", "AAPL").
"""

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import cached_property
from itertools import pairwise
from typing import Literal

from filingproof.calendar import (
    END_SLACK,
    MONTH_NAME_PATTERN,
    dates_match,
    day_in_month,
    find_dates,
    month_number,
    shift_months,
)
from filingproof.reading.grammar import FORWARD, JUXTAPOSED, PART_WORDS
from filingproof.reading.lexicon import is_english_word, is_known_word, joined_words
from filingproof.slips import NearNames

Form = Literal["10-K", "10-Q"]
FiscalPeriod = Literal["FY", "Q1", "Q2", "Q3", "Q4"]
PeriodKind = Literal[
    "three_months",
    "six_months",
    "nine_months",
    "twelve_months",
    "year_to_date",
    "instant",
    "second_half",  # the year less its first half (`qa.periods.PeriodSum`)
    "trailing_twelve_months",  # the twelve months to the latest (or named) quarter's end
]
Statement = Literal["income_statement", "balance_sheet", "cash_flow", "equity"]


# Legal forms as they are written in a name set in capitals ("JOHNSON CONTROLS INTERNATIONAL PLC")
_LEGAL_FORMS = {"INC": "Inc", "CORP": "Corp", "CO": "Co", "LTD": "Ltd", "PLC": "plc", "COMPANY": "Company"}
_SMALL_WORDS = frozenset({"AND", "OF", "THE", "FOR", "DE"})
# short words of names that are words, not initials ("NEW YORK TIMES", "EXXON MOBIL OIL", "BEST BUY CO.")
_SHORT_WORDS = frozenset(
    {
        "NEW",
        "OIL",
        "GAS",
        "AIR",
        "ONE",
        "TWO",
        "SUN",
        "BIG",
        "RED",
        "SEA",
        "BAY",
        "CAR",
        "BUY",
        "BOX",
        "KEY",
        "TOP",
        "WAY",
    }
)


def display_name(name: str) -> str:
    """A registered name as an answer writes it: one a cover sets in capitals ("GENERAL MOTORS COMPANY",
    "AMC ENTERTAINMENT HOLDINGS, INC.") in the usual case ("General Motors Company", "AMC Entertainment
    Holdings, Inc."); a word of three letters or fewer stays in capitals as initials ("AMC"), unless it is
    a common word ("NEW"), as does one with a digit or "&" ("3M", "AT&T"). A name already in mixed case is
    kept as written."""
    if not name.isupper():
        return name

    def word(token: str, first: bool) -> str:
        core = token.rstrip(".,")
        tail = token[len(core) :]
        if core in _LEGAL_FORMS:
            return _LEGAL_FORMS[core] + tail
        if core in _SMALL_WORDS:
            return (core.capitalize() if first else core.lower()) + tail
        if any(c.isdigit() or c in "&." for c in core) or (len(core) <= 3 and core not in _SHORT_WORDS):
            return token  # initials ("AMC", "GM"), "3M", "AT&T"
        return "-".join(part.capitalize() for part in core.split("-")) + tail  # "COLGATE-PALMOLIVE"

    return " ".join(word(token, index == 0) for index, token in enumerate(name.split()))


@dataclass(frozen=True)
class CompanyRef:
    ticker: str
    name: str
    aliases: tuple[str, ...] = ()
    covered: bool = True  # has ingested filings


@dataclass(frozen=True)
class FilingRef:
    filing_id: int
    ticker: str
    form: str
    period_end: date
    fiscal_year: int | None
    fiscal_period: str | None

    def describe(self) -> str:
        return f"{self.ticker} {self.short()} (period ended {self.period_end.isoformat()})"

    def short(self) -> str:
        """The form and fiscal period: "10-Q Q2 FY2025"."""
        period = self.fiscal_period if self.fiscal_period and self.fiscal_period != "FY" else ""
        fiscal = f"{period} FY{self.fiscal_year}".strip() if self.fiscal_year else ""
        return f"{self.form} {fiscal}".strip()


@dataclass(frozen=True)
class Catalog:
    companies: tuple[CompanyRef, ...]
    filings: tuple[FilingRef, ...]

    @cached_property
    def matcher(self) -> "_Matcher":
        return _matcher(self)

    @cached_property
    def prose_names(self) -> dict[str, tuple[str, ...]]:
        """ticker → the names a draft may call a company by, for the companies an answer's prose can name:
        the ingested ones and the well-known others (not all of EDGAR's list, which only questions read)."""
        return {
            ticker: (company.name, *company.aliases)
            for ticker, company in self.matcher.companies.items()
            if company.covered or ticker in _BUILTIN
        }

    @cached_property
    def _by_ticker(self) -> dict[str, list[tuple[int, FilingRef]]]:
        """ticker → its filings with their places in `filings`: a look-up, not a scan, per question."""
        found: dict[str, list[tuple[int, FilingRef]]] = {}
        for place, filing in enumerate(self.filings):
            found.setdefault(filing.ticker, []).append((place, filing))
        return found

    @cached_property
    def covered(self) -> tuple[str, ...]:
        """What is ingested, as a refusal lists it (`covered_lines`), worked out once per catalog."""
        return covered_lines(self.filings)

    def company_name(self, ticker: str) -> str:
        """The company's registered name as the catalog holds it, or its ticker where it holds none."""
        company = self.matcher.companies.get(ticker)
        return company.name if company else ticker

    def filings_of(self, tickers: Iterable[str]) -> list[FilingRef]:
        """The companies' filings, in the catalog's order."""
        found = [pair for ticker in set(tickers) for pair in self._by_ticker.get(ticker, ())]
        return [filing for _, filing in sorted(found, key=lambda pair: pair[0])]

    def within(self, filing_ids: Iterable[int] | None) -> "Catalog":
        """The same companies with only these filings (all of them for None)."""
        if filing_ids is None:
            return self
        wanted = set(filing_ids)
        narrowed = Catalog(self.companies, tuple(f for f in self.filings if f.filing_id in wanted))
        if "matcher" in self.__dict__:  # the same companies: their names need not be read again
            narrowed.__dict__["matcher"] = self.matcher
        return narrowed


@dataclass(frozen=True)
class QueryUnderstanding:
    query: str
    companies: tuple[str, ...] = ()  # tickers of ingested companies named in the query
    company_mentions: tuple[str, ...] = ()  # how the query names them ("Apple's", "nvda"), in order
    # companies recognised but not ingested, as a refusal names them: "Microsoft (MSFT)"
    unknown_companies: tuple[str, ...] = ()
    unknown_tickers: tuple[str, ...] = ()  # their tickers, for how to add them
    form: Form | None = None
    fiscal_year: int | None = None  # the latest year named
    years: tuple[int, ...] = ()  # every year named, ascending
    fiscal_period: FiscalPeriod | None = None
    period_kind: PeriodKind | None = None
    period_end: date | None = None  # "three months ended March 29, 2025"
    as_of: date | None = None  # "as of September 28, 2024"
    through: date | None = None  # the last day of a month named with its year ("as of June 2025")
    calendar_year: bool = False  # "calendar 2023", "CY23": January to December, whatever the fiscal year
    statement: Statement | None = None
    statement_inferred: bool = False  # from a line item ("total assets") rather than named
    out_of_scope: str | None = None
    covered: tuple[str, ...] = field(default=())  # what is ingested, for the named companies (or all)
    filing_ids: tuple[int, ...] | None = None  # the only filings the request's filters allow; None: any
    outside_filters: tuple[str, ...] = ()  # companies the question names that the filters leave out
    # how a fiscal year asked by the calendar year it ends in was read (`_years_by_their_end`), for the answer
    years_read: str | None = None

    def filings_of(self, catalog: Catalog, ticker: str) -> list[FilingRef]:
        """The company's filings this request may read: all of them, or those its filters allow."""
        return catalog.within(self.filing_ids).filings_of([ticker])


@dataclass(frozen=True)
class Filters:
    """What a request narrows the question to besides its words (the web app's Company and Filing, MCP's
    arguments). A constraint on every route, never a hint: no figure or page from outside them is given.
    Where the question is silent, they stand in for it (its company, form, year)."""

    tickers: tuple[str, ...] = ()
    form: Form | None = None
    fiscal_year: int | None = None
    filing_id: int | None = None

    def describe(self, catalog: Catalog) -> str:
        parts = []
        if self.tickers:
            parts.append(f"{'company' if len(self.tickers) == 1 else 'companies'} {', '.join(self.tickers)}")
        if self.form:
            parts.append(f"form {self.form}")
        if self.fiscal_year is not None:
            parts.append(f"fiscal {self.fiscal_year}")
        if self.filing_id is not None:
            filing = next((f for f in catalog.filings if f.filing_id == self.filing_id), None)
            parts.append(f"filing {filing.describe() if filing else self.filing_id}")
        return ", ".join(parts)


# ticker → (display name, aliases, ticker may be written in lowercase, ingested in the corpus)
_BUILTIN: dict[str, tuple[str, tuple[str, ...], bool]] = {
    "AAPL": ("Apple", ("apple", "apple inc"), True),
    "NVDA": ("NVIDIA", ("nvidia",), True),
    "AMZN": ("Amazon", ("amazon", "amazon.com"), True),
    "GOOGL": ("Alphabet", ("alphabet", "google", "goog"), True),
    "META": ("Meta Platforms", ("meta", "meta platforms", "facebook", "fb"), False),
    "TSLA": ("Tesla", ("tesla",), True),
    "WMT": ("Walmart", ("walmart", "wal-mart", "wal mart", "wally world"), True),
    "KO": ("Coca-Cola", ("coca-cola", "coca cola", "coke", "the coca-cola company"), True),
    "MMM": ("3M", ("3m", "3m company"), True),
    "PFE": ("Pfizer", ("pfizer",), True),
    "MSFT": ("Microsoft", ("microsoft",), True),
    "COST": ("Costco", ("costco",), False),
    "TGT": ("Target", ("target",), True),
    "NFLX": ("Netflix", ("netflix",), True),
    "INTC": ("Intel", ("intel",), True),
    "IBM": ("IBM", ("big blue",), True),
    "NKE": ("Nike", ("nike", "the swoosh"), True),
    "ORCL": ("Oracle", ("oracle",), True),
    "AMD": ("AMD", ("advanced micro devices",), True),
    "JPM": ("JPMorgan Chase", ("jpmorgan", "jp morgan", "jpmorgan chase"), True),
    "XOM": ("Exxon Mobil", ("exxon", "exxonmobil", "exxon mobil"), True),
    "PEP": ("PepsiCo", ("pepsico", "pepsi"), False),
    "JNJ": ("Johnson & Johnson", ("johnson & johnson", "johnson and johnson"), True),
    "BRK-B": ("Berkshire Hathaway", ("berkshire hathaway", "berkshire"), False),
    # names analysts use that no registered name holds
    "AXP": ("American Express", ("american express", "amex"), True),
    "TXN": ("Texas Instruments", ("texas instruments", "ti"), True),
    "CAT": ("Caterpillar", ("caterpillar", "cat"), False),  # "Cat had a monster Q2"
    "RKT": ("Rocket Companies", ("rocket companies", "rocket mortgage"), True),  # its lender's name
}

_AMBIGUOUS_WORDS = frozenset(
    {"apple", "target", "meta", "alphabet", "oracle", "cat", "big blue", "wally world"}
)

# what, after an ambiguous name, makes it a common word ("target market", "meta data", "apple pie")
_TRAP_NOUNS = {
    "target": "markets?|prices?|audiences?|customers?|segments?|range|rates?|allocation|levels?|date|"
    "returns?|"
    "demographics?",
    "meta": "data|analysis|description|tags?",
    "apple": "pie|juice|trees?|sauce",
    "alphabet": "soup|letters?",
    "oracle": "of",
    "big blue": "chips?",
    "cost": "of",
}
_TRAP_AFTER = {word: re.compile(rf"\s*(?:{nouns})\b", re.IGNORECASE) for word, nouns in _TRAP_NOUNS.items()}
_IDIOMS = re.compile(
    r"\b(?:price|sales|revenue|earnings|margin|inflation|on|above|below|off)\s+targets?\b|\bbig\s+apple\b",
    re.IGNORECASE,
)

# capitalised finance words that are never tickers
_ACRONYMS = frozenset(
    [
        "A",
        "I",
        "FY",
        "YTD",
        "QTD",
        "EPS",
        "GAAP",
        "SEC",
        "USD",
        "CEO",
        "CFO",
        "ROE",
        "ROA",
        "ROI",
        "EBIT",
        "EBITDA",
        "LLC",
        "INC",
        "CORP",
        "Q1",
        "Q2",
        "Q3",
        "Q4",
        "US",
        "USA",
        "UK",
        "EU",
        "AI",
        # a shareholders' meeting ("the AGM held on May 3"), not Farmer Mac's ticker
        "AGM",
        "EGM",
    ]
)
# ... nor, for a company that is not ingested, these words written in capitals ("NET", "LOW"); an ingested
# company's ticker that is a word counts in capitals within a question written in mixed case
_NOT_TICKERS = _ACRONYMS | frozenset(
    [
        "NET",
        "ALL",
        "IT",
        "ON",
        "NOW",
        "ARE",
        "HAS",
        "KEY",
        "LOW",
        "BIG",
        "FAST",
        "CASH",
        "TOTAL",
        "OR",
        "AND",
        "THE",
        "FOR",
        "OF",
        "IN",
        "TO",
        # analysts' acronyms that are also tickers ("Document Cloud ARR" is annual recurring revenue)
        "ARR",
        "MRR",
        "TTM",
        "LTM",
        "FCF",
        "OCF",
        "ROIC",
        "KPI",
        "YOY",
    ]
)

_TAKEN_AS_TAIL = frozenset({"group", "holdings"})
# legal forms of a registered name, foreign ones too ("LyondellBasell Industries N.V.", "Linde plc")
_LEGAL_FORM_WORDS = (
    r"inc|incorporated|corp|corporation|company|co|ltd|limited|plc|llc|n\.\s?v|s\.\s?a|se|ag|nv"
)
_LEGAL_FORM = re.compile(rf"[,.]?\s+(?:{_LEGAL_FORM_WORDS})\.?$", re.I)
# EDGAR's state of incorporation after a registered name, or its successor's mark: "QUALCOMM INC/DE"
_STATE = re.compile(r"\s*/\s*(?:[a-z]{2}|new)\s*/?$", re.IGNORECASE)
_COMPANY_SUFFIX = re.compile(
    rf"[,.]?\s+(?:{_LEGAL_FORM_WORDS}|holdings|group|international)\.?$"
    rf"|{_STATE.pattern}"
    r"|^the\s+(?=\S+\s+\S)",  # "The Kraft Heinz Company" is named "Kraft Heinz"; "The Boeing" keeps "the"
    re.IGNORECASE,
)


@dataclass(frozen=True)
class _Alias:
    ticker: str
    pattern: re.Pattern[str]
    ambiguous: bool
    case_sensitive_upper: bool  # a ticker that only counts written in capitals
    # lowercase ASCII text every match holds (its first word up to an apostrophe), so that a question
    # without it skips the pattern: a store of a thousand companies has thousands; None: always tried
    literal: str | None = None


def _literal(alias: str) -> str | None:
    """What a question holds, lowercase, wherever it names the alias: its first word up to an apostrophe, and
    without a final "s" an apostrophe may be typed before ("lowes" is written "Lowe's", `_written_word`)."""
    words = alias.split()
    head = re.split("['’]", words[0])[0].lower() if words else ""
    if words and _apostrophe_dropped(words[0]):
        head = head[:-1]
    return head if head and head.isascii() else None


def _alias_pattern(alias: str) -> re.Pattern[str]:
    # an apostrophe may be written either way, or not at all ("McDONALD’S", "McDonald's", "McDonalds",
    # "Teslas 2023 net profit"), except after a name that is also a word ("apples to apples")
    parts = alias.split()
    # words apart by spaces, initials maybe not ("J.M. Smucker" for "J. M. SMUCKER")
    body = "".join(
        _written_word(part) + ("" if i == len(parts) - 1 else r"\s*" if part.endswith(".") else r"\s+")
        for i, part in enumerate(parts)
    )
    possessive = r"['’]s" if alias in _AMBIGUOUS_WORDS else r"['’]?s"
    return re.compile(rf"{_WORD_BEFORE}{body}(?:{possessive})?{_WORD_AFTER}", re.IGNORECASE)


# A name or ticker stands as words of its own: never part of a word, nor a letter of initials ("V" of "N.V.",
# "S" of "U.S."); the same guards on both keep a longer name's pattern the longer (`_matcher` sorts by it)
_WORD_BEFORE = r"(?<![\w-])(?<!\w\.)"
_WORD_AFTER = r"(?![\w-])(?!\.\w)"


def _written_word(word: str) -> str:
    """A pattern for one word of a company's name as people write it: an apostrophe either way or left out,
    and one a registered name leaves out put back before a final "s" ("LOWES COMPANIES" → "Lowe's")."""
    # a hyphen may be a space ("Bristol Myers", "Coca Cola")
    pattern = re.escape(word).replace("’", "'").replace("'", "['’]?").replace(r"\-", r"(?:-|\s+)")
    if _apostrophe_dropped(word):
        pattern = pattern[:-1] + "['’]?s"
    return pattern


def _apostrophe_dropped(word: str) -> bool:
    """A name's word that may have lost an apostrophe before its final "s" ("LOWES" for "Lowe's")."""
    return len(word) >= 4 and word.lower().endswith("s") and not re.search("['’]", word)


# Words that end a registered name without naming the company: "Cisco Systems" is "Cisco", "UnitedHealth
# Group" is "UnitedHealth", "Marathon Digital Holdings" is "Marathon Digital".
_GENERIC_TAIL = frozenset(
    [
        "holdings",
        "group",
        "systems",
        "communications",
        "technologies",
        "technology",
        "international",
        "enterprises",
        "industries",
        "brands",
        "companies",
        "platforms",
        "worldwide",
        "global",
        "incorporated",
    ]
)


# Words of registered names as analysts shorten them ("Gen Dynamics", "Johnson Ctrls").
_NAME_SHORTENINGS = {
    "general": "gen",
    "international": "intl",
    "national": "natl",
    "controls": "ctrls",
    "systems": "sys",
    "services": "svcs",
    "technologies": "tech",
    "communications": "comms",
    "pharmaceuticals": "pharma",
    "manufacturing": "mfg",
}


def _shortened(name: str) -> str | None:
    """A name of two words or more with each word analysts shorten shortened, if any is."""
    words = name.split()
    short = [_NAME_SHORTENINGS.get(word, word) for word in words]
    return " ".join(short) if len(words) > 1 and short != words else None


# Words a name's beginning does not end on: "bank of" names no company.
_JOINERS = frozenset(["of", "and", "&", "the", "for", "de"])


def _name_beginnings(cores: Iterable[str]) -> Counter[str]:
    """How many registered names begin with each first word and each run of first words: a name counted
    once however many tickers EDGAR lists it under (Ford's preferred shares are listed as "FORD MOTOR CO")."""
    counts: Counter[str] = Counter()
    # a hyphen counts as a space: "BRISTOL MYERS SQUIBB CO" is "Bristol-Myers Squibb Company"
    for core in {core.replace("-", " ") for core in cores}:
        words = core.split()
        counts.update({words[0], *(" ".join(words[:k]) for k in range(2, len(words)))})
    return counts


def _without_generic_tail(core: str) -> list[str]:
    """A registered name without each generic last word in turn ("marathon digital holdings" → "marathon
    digital")."""
    words = core.split()
    names = []
    while len(words) > 1 and words[-1] in _GENERIC_TAIL:
        words = words[:-1]
        names.append(" ".join(words))
    return names


def _short_names(core: str, beginnings: Mapping[str, int], ticker: str = "") -> set[str]:
    """The names people use for a company registered as `core` (lowercase, without legal form): the name
    without a generic last word, the initials of a name joined by "&" ("johnson & johnson" → "j&j"), and
    its first words where no other company EDGAR lists begins with them ("walgreens boots alliance" →
    "walgreens", "thermo fisher scientific" → "thermo fisher"), or where they are its ticker ("amc
    entertainment" → "amc", a short name as any other, though AMC Networks begins with it too)."""
    names = set(_without_generic_tail(core))
    parts = [part.split() for part in core.split("&")]
    if len(parts) == 2 and all(len(part) == 1 for part in parts):
        names.add("&".join(part[0][0] for part in parts))
    first = _first_word(core)
    if (
        first != core
        and first.isalpha()
        and ((len(first) >= 4 and beginnings.get(first) == 1) or first == ticker.lower())
    ):
        names.add(first)
    every = core.split()
    spaced = core.replace("-", " ").split()  # as `_name_beginnings` counts them
    if len(every) > 1 and "-" in every[0] and beginnings.get(every[0].replace("-", " ")) == 1:
        names.add(every[0])  # "bristol-myers squibb" → "bristol-myers"
    for k in range(2, len(spaced)):
        if spaced[k - 1] not in _JOINERS and beginnings.get(" ".join(spaced[:k])) == 1:
            names.add(" ".join(spaced[:k]))
    names |= {short for name in (core, *names) if (short := _shortened(name))}
    # the name without the initials before it ("j. m. smucker" → "smucker")
    surname = _INITIALS.sub("", core)
    if surname != core and len(surname) >= 4:
        names.add(surname)
    # a name written as a web address, by its parts ("c3.ai" → "c3 ai", "c3ai", and "c3", a word with a
    # digit)
    dotted = _DOTTED_NAME.fullmatch(core)
    if dotted is not None:
        names |= {f"{dotted[1]} {dotted[2]}", f"{dotted[1]}{dotted[2]}"}
        if any(c.isdigit() for c in dotted[1]):
            names.add(dotted[1])
    return names


_DOTTED_NAME = re.compile(r"([a-z0-9]{2,})\.([a-z]{2,})")


_INITIALS = re.compile(r"^(?:[a-z]\.\s*)+")


def _initials(core: str) -> str | None:
    """The initials of a name of three words or more, joiners left out, that people write for it as for a
    ticker ("bristol-myers squibb" → "bms"), unless they spell an English word."""
    words = [word for word in re.split(r"[\s-]+", core) if word not in _JOINERS]
    initials = "".join(word[0] for word in words)
    if len(words) < 3 or not initials.isalpha() or is_english_word(initials):
        return None
    return initials


def _first_word(core: str) -> str:
    """A name's first word, a hyphenated one's first part counting as a word ("colgate-palmolive" →
    "colgate", as people call it)."""
    return re.split(r"[\s-]", core, maxsplit=1)[0]


def _core_name(name: str) -> str:
    previous = None
    core = name.strip()
    while previous != core:
        previous = core
        core = _COMPANY_SUFFIX.sub("", core).strip()
    return core.lower()


@dataclass(frozen=True)
class _Matcher:
    aliases: tuple[_Alias, ...]  # longest pattern first, so "meta platforms" wins over "meta"
    companies: dict[str, CompanyRef]
    # companies known only from the catalog and not ingested (EDGAR's list can hold thousands):
    # looked up by dictionary, not by one regex each
    other_tickers: dict[str, str]
    other_names: dict[str, str]
    # the ingested companies' names of five letters or more, for a name typed with a slip ("Chevorn")
    near: NearNames

    @cached_property
    def _by_gram(self) -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
        """The aliases (by place) whose literal begins with each three letters, and those always tried (no
        literal, or a shorter one)."""
        by_gram: dict[str, list[int]] = {}
        always = []
        for place, alias in enumerate(self.aliases):
            if alias.literal is None or len(alias.literal) < _GRAM:
                always.append(place)
            else:
                by_gram.setdefault(alias.literal[:_GRAM], []).append(place)
        return {gram: tuple(places) for gram, places in by_gram.items()}, tuple(always)

    def tried(self, lowered: str | None) -> list[_Alias]:
        """The aliases to try on a question (`lowered`: its lowercase text when ASCII, else None: all of
        them), in their order: those whose literal it holds, and those without one."""
        if lowered is None:
            return list(self.aliases)
        by_gram, always = self._by_gram
        grams = {lowered[i : i + _GRAM] for i in range(len(lowered) - _GRAM + 1)}
        places = sorted({*always, *(place for gram in grams for place in by_gram.get(gram, ()))})
        tried = (self.aliases[place] for place in places)
        return [alias for alias in tried if alias.literal is None or alias.literal in lowered]


_GRAM = 3  # letters of a literal the aliases are looked up by


def _matcher(catalog: Catalog) -> _Matcher:
    beginnings = _name_beginnings(core for c in catalog.companies if (core := _core_name(c.name)))
    companies: dict[str, CompanyRef] = {}
    for ticker, (name, aliases, _) in _BUILTIN.items():
        companies[ticker] = CompanyRef(ticker, name, aliases, covered=False)
    other_tickers: dict[str, str] = {}
    other_names: dict[str, str] = {}
    for company in catalog.companies:
        known = companies.get(company.ticker)
        if known is None and not company.covered:
            other_tickers[company.ticker.upper()] = company.ticker
            core = _core_name(company.name)
            if len(core) >= 4:
                other_names.setdefault(core, company.ticker)
                # without a generic last word, where what is left is no English word alone
                # ("LyondellBasell" of "LyondellBasell Industries N.V.")
                for short in _without_generic_tail(core):
                    if " " in short or not is_known_word(short):
                        other_names.setdefault(short, company.ticker)
                surname_first = core.removesuffix(" &").split()
                if len(surname_first) == 2:
                    # EDGAR lists a company named after a person surname first: "LILLY ELI & CO" is Eli Lilly,
                    # "SCHWAB CHARLES CORP" Charles Schwab
                    other_names.setdefault(f"{surname_first[1]} {surname_first[0]}", company.ticker)
            companies[company.ticker] = company
            continue
        # a company known by a short name keeps its registered one ("International Business Machines")
        registered = (core,) if known and len(core := _core_name(company.name)) >= 4 else ()
        aliases = tuple(dict.fromkeys((*(known.aliases if known else ()), *company.aliases, *registered)))
        companies[company.ticker] = CompanyRef(
            company.ticker, known.name if known else company.name, aliases, company.covered
        )
    patterns = []
    near: dict[str, str] = {}
    others = set(other_tickers.values())
    for ticker, company in companies.items():
        if ticker in others:
            continue
        builtin = _BUILTIN.get(ticker)
        # "csco", "abbv" name a company in any case; "low", "cat", "key" are words unless in capitals
        lowercase_ok = builtin[2] if builtin else not is_english_word(ticker)
        patterns.append(_Alias(ticker, _ticker_pattern(ticker), False, not lowercase_ok, _literal(ticker)))
        names = {alias.lower() for alias in company.aliases}
        # a stored former name as filed ("FACEBOOK, INC."), also without its legal form
        names |= {core for alias in company.aliases if len(core := _core_name(alias)) >= 4}
        core = _core_name(company.name)
        if builtin is not None or len(core) >= 4:
            names.add(core)
            names |= _words_apart(company.name, core)
        # the registered name without its legal form alone ("Honeywell International" of "Honeywell
        # International Inc."), whose last word the core leaves out: no word of it is left as an item's
        # (a "Group" or "Holdings" after the name the reading takes as the name's tail: "UnitedHealth Group")
        whole = _LEGAL_FORM.sub("", company.name).strip().lower()
        if len(whole) > len(core) >= 3 and whole.split()[-1] not in _TAKEN_AS_TAIL:
            names.add(whole)
        elif len(core) == 3 and core.isalpha():
            # a registered name of three letters ("Dow Inc.") names the company too, capitalised where it
            # is also a word, as a short name does
            patterns.append(_Alias(ticker, _alias_pattern(core), True, False, _literal(core)))
        for alias in names:
            if alias:
                patterns.append(
                    _Alias(ticker, _alias_pattern(alias), alias in _AMBIGUOUS_WORDS, False, _literal(alias))
                )
        # names derived from the registered one count only capitalised in a mixed-case question, where a
        # word of them is also an English word ("Ford", "Thermo Fisher"); "abbott", "walgreens" in any case
        short_names = _short_names(core, beginnings, ticker) - names if company.covered else set()
        for alias in short_names:
            common = any(is_english_word(word) for word in re.findall(r"[a-z]+", alias))
            patterns.append(_Alias(ticker, _alias_pattern(alias), common, False, _literal(alias)))
        initials = _initials(core) if company.covered else None
        if initials and initials.upper() not in other_tickers and initials.upper() not in companies:
            # in capitals only, as a ticker that is a word: "BMS" is Bristol-Myers Squibb, "bms" may be none
            patterns.append(_Alias(ticker, _ticker_pattern(initials), False, True, initials))
        if company.covered:
            near.update((name, ticker) for name in names | short_names if sum(map(str.isalpha, name)) >= 5)
    patterns.sort(key=lambda a: -len(a.pattern.pattern))
    return _Matcher(tuple(patterns), companies, other_tickers, other_names, NearNames(near))


# a word the filer writes run together from two, each capitalised ("UnitedHealth", "PayPal", "BlackRock")
_RUN_TOGETHER = re.compile(r"\b[A-Z][a-z]{2,}(?:[A-Z][a-z]{2,})+\b")
_CAPITALISED = re.compile(r"[A-Z][a-z]+")


def _words_apart(name: str, core: str) -> set[str]:
    """The core name with each word the filer runs together typed apart: "united health" (UnitedHealth)."""
    apart = core
    for found in _RUN_TOGETHER.finditer(name):
        apart = apart.replace(found.group().lower(), " ".join(_CAPITALISED.findall(found.group())).lower())
    return {apart} - {core}


def _ticker_pattern(ticker: str) -> re.Pattern[str]:
    return re.compile(rf"{_WORD_BEFORE}{re.escape(ticker)}(?:['’]s)?{_WORD_AFTER}", re.IGNORECASE)


def _in_idiom(query: str, match: re.Match[str]) -> bool:
    """A name used as a common word by what follows it ("target market", "apple pie")."""
    written = match.group()
    word = re.sub(r"['’]s$", "", written)
    trap = _TRAP_AFTER.get(word.lower())
    return word == written and trap is not None and bool(trap.match(query, match.end()))


def _counts_as_company(query: str, match: re.Match[str], alias: _Alias, mixed_case: bool) -> bool:
    if _in_idiom(query, match):
        return False
    written = match.group()
    word = re.sub(r"['’]s$", "", written)
    proper = mixed_case and any(char.isupper() for char in _CODES.sub(" ", query))
    if alias.case_sensitive_upper:
        if not word.isupper():
            # "amc's rev growth", where no name is written capitalised: a ticker that is also a word names
            # its company in lowercase as an owner, or as the subject a question's "did" asks about ("what
            # did ge put into capex"), only
            owner = written != word and _owner(query, match)
            return word.islower() and not proper and (owner or _subject_asked_about(query, match))
        return word not in _ACRONYMS and (mixed_case or not is_english_word(word))
    if not alias.ambiguous or written[0].isupper():
        return True
    # a word in lowercase after a determiner is the word ("the travelers' surveys", "the gap in margins"), as
    # is one after a plural noun it ends ("and the savings target": Merck's, not Target's); not the company an
    # analyst's own work is of ("sanity-checking my cisco model")
    return (
        _owner(query, match)
        or _own_work_of(query, match)
        or (
            not proper
            and _DETERMINER.search(query, 0, match.start()) is None
            and _PLURAL_BEFORE.search(query, 0, match.start()) is None
        )
    )


# Where a question writes capitals ("What", "Rocket"), a name that is also a word counts only capitalised;
# the capitals of codes ("FY23", "Q2'23", "1H23") and of words in capitals ("NCI", "SG&A", "NVDA") say nothing
# of how names are written: "did rocket actually cut costs in FY23?" names Rocket, "how much did thermo
# fisher earn once you strip out the NCI bit" Thermo Fisher.
_CODES = re.compile(r"\S*\d\S*|(?<![\w&'’])[A-Z][A-Z&/]+(?![\w&])")


# "savings target", "earnings target": a plural noun (not a verb's "does", "has", nor "vs", "plus") before
_PLURAL_BEFORE = re.compile(
    r"\b(?!(?:does|has|was|is|its|this|thus|versus|plus|vs|us|as|his|whereas|towards|minus)\s)[a-z]{3,}s\s+$"
)
# "my cisco model", "our meta deck": the asker's own work on a company
_MY = re.compile(r"\b(?:my|our)\s+$", re.IGNORECASE)
_OWN_WORK = re.compile(r"\s+(?:model|models|deck|thesis|position|notes)\b", re.IGNORECASE)


def _own_work_of(query: str, match: re.Match[str]) -> bool:
    return _MY.search(query, 0, match.start()) is not None and _OWN_WORK.match(query, match.end()) is not None


# "what did ge put into capex": the word after a question's "did" is what it asks about
_SUBJECT_OF_DO = re.compile(r"\b(?:did|does|do)\s+$", re.IGNORECASE)
_SUBJECT_OF_BE = re.compile(r"\b(?:was|is|were|are)\s+$", re.IGNORECASE)
_PARTICIPLE_NEXT = re.compile(r"\s+[a-z]{2,}ing\b")
# a question typed in lower case that opens with the company before a label of what it is about, then a
# dash or a colon ("gm leverage check - at the end of june '23 what's …")
_LABEL_AFTER = re.compile(r"(?:\s+[a-z&]+){1,3}\s*(?:[-–—:])\s")


def _subject_asked_about(query: str, match: re.Match[str]) -> bool:
    """A lower-case ticker that is also a word, as the subject a question asks about: after its "did" ("what
    did ge put into capex"), or before a participle after its "was" ("how much cash was gm sitting on")."""
    before = query[: match.start()]
    return _SUBJECT_OF_DO.search(before) is not None or (
        _SUBJECT_OF_BE.search(before) is not None and _PARTICIPLE_NEXT.match(query, match.end()) is not None
    )


def _opens_with_label(query: str, span: tuple[int, int]) -> bool:
    """Whether a ticker opens a question typed in lower case before a label of what it is about ("gm
    leverage check - at the end of june '23 what's …"): the company, where the question names no other."""
    return not query[: span[0]].strip() and _LABEL_AFTER.match(query, span[1]) is not None


# "apple's gross margin" names Apple in any case; "the target's price" names no company
_DETERMINER = re.compile(r"\b(?:the|a|an|its|their|our|my|your|this|that|each|every)\s+$", re.IGNORECASE)


def _owner(query: str, match: re.Match[str]) -> bool:
    """A name written as a possessive without a determiner before it: a company, in any case ("apple's",
    and "travelers'" after a name ending in s)."""
    written = match.group()
    after = query[match.end() : match.end() + 1]
    possessive = re.search(r"['’]s$", written) is not None or (written.endswith("s") and after in ("'", "’"))
    return possessive and not _DETERMINER.search(query, 0, match.start())


_WORD = re.compile(r"[\w&.-]+")
_HYPHENATED = re.compile(r"[a-z]{3,}(?:-[a-z]{3,})+")
# A word for a part right after a name: the name is a segment's or a division's ("DX seg", "the Xbox unit")
_PART_AFTER = re.compile(rf"\s+(?:{'|'.join(sorted(PART_WORDS))})\b", re.IGNORECASE)


def _right_after_company(query: str, start: int, end: int, taken: Sequence[tuple[int, int]]) -> bool:
    """Whether the word at `start` follows a company's name with nothing between: it names a part of that
    company (a product, a platform), not a second company, which a joiner would set beside it ("PLTR vs
    AIP", "PLTR, AIP"). Two letters stay a company's ticker, which the reading may take for the initials of
    the first company's member ("META RL": Reality Labs)."""
    return end - start > 2 and any(
        before <= start and JUXTAPOSED.fullmatch(query, before, start) for _, before in taken
    )


# what a company is named after when it is what is asked about: "now what about paypal", "visa vs paypal"
_ASKED_ABOUT = re.compile(r"\b(?:about|vs\.?|versus)\s+$", re.IGNORECASE)


def _other_companies(
    query: str, matcher: _Matcher, mixed_case: bool, taken: list[tuple[int, int]]
) -> Iterable[tuple[int, str]]:
    """Non-ingested companies of the catalog: capitals-only tickers and capitalised names (mixed case), and
    a name typed in lower case as an owner that is no English word ("can you also grab mondelez's net
    revenue")."""
    words = [
        (m.start(), m.end(), re.sub(r"['’]s$", "", m.group()).rstrip(".")) for m in _WORD.finditer(query)
    ]
    for i, (start, end, word) in enumerate(words):
        ticker = matcher.other_tickers.get(word)
        if _PART_AFTER.match(query, end):
            continue  # a part's name, not a company's ("ADBE DX seg rev")
        if mixed_case and ticker and word.isupper() and len(word) >= 2 and word not in _NOT_TICKERS:
            # (nor one typed right after a company's: "PLTR AIP rev"; nor one after a determiner, a person or
            # a thing: "the PM wants diluted")
            apart = all(end <= s or start >= e for s, e in taken) and not _DETERMINER.search(query, 0, start)
            if apart and not _right_after_company(query, start, end, taken):
                taken.append((start, end))
                yield start, ticker
            continue
        for n in (4, 3, 2, 1):
            phrase = words[i : i + n]
            if len(phrase) < n or (n == 1 and i == 0 and mixed_case):
                continue
            typed = " ".join(w for _, _, w in phrase)
            owner = re.match(r"['’]s\b", query[phrase[-1][1] :]) is not None
            lowercase_owner = owner and typed.islower() and not is_known_word(typed)
            # "what did kimberly-clark do in net sales": a hyphenated name in lower case, as registered; so is
            # one of two words or more, one of them no word ("what did lockheed martin bring in")
            hyphenated = n == 1 and _HYPHENATED.fullmatch(typed) is not None
            lowercase_name = n >= 2 and typed.islower() and not all(map(is_known_word, typed.split()))
            # and one word in lower case that is no word at all, asked about ("now what about paypal"; not
            # "intel mobileye revenue", where it names Intel's segment)
            lowercase_word = (
                n == 1
                and len(typed) >= 5
                and typed.islower()
                and not is_known_word(typed)
                and _ASKED_ABOUT.search(query, 0, start) is not None
            )
            if not (
                (mixed_case and word[:1].isupper())
                or lowercase_owner
                or hyphenated
                or lowercase_name
                or lowercase_word
            ):
                continue
            ticker = matcher.other_names.get(typed.lower().replace("-", " ") if hyphenated else typed.lower())
            span = (start, phrase[-1][1])
            if ticker and all(span[1] <= s or span[0] >= e for s, e in taken):
                taken.append(span)
                yield start, ticker
                break


def _found_companies(query: str, catalog: Catalog) -> list[tuple[int, int, str]]:
    """(start, end, ticker) of each company the query names, in query order."""
    matcher = catalog.matcher
    masked = _IDIOMS.sub(lambda m: " " * len(m.group()), query)
    masked = joined_words().sub(lambda m: " " * len(m.group()), masked)
    mixed_case = any(c.isupper() for c in query) and any(c.islower() for c in query)
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    # an ASCII question holds a pattern's literal wherever the pattern matches it (ignoring case)
    tried = matcher.tried(masked.lower() if masked.isascii() else None)
    for alias in tried:
        for match in alias.pattern.finditer(masked):
            span = match.span()
            if any(span[0] < end and start < span[1] for start, end in taken):
                continue
            if _counts_as_company(masked, match, alias, mixed_case):
                taken.append(span)
                found.append((span[0], alias.ticker))
    # a company named once for sure ("WBA") is named again by a name that alone could be a word ("walgreens"),
    # and one set against a company named for sure is a company too ("abbott vs honeywell")
    # a ticker that is a common acronym too ("AI") names its company only in capitals set against one
    # ("SJM vs AI total assets")
    named = {ticker for _, ticker in found}
    leading: list[tuple[tuple[int, int], str]] = []  # a ticker opening a terse line, if no other is named
    for alias in tried:
        if not (alias.ambiguous or alias.case_sensitive_upper):
            continue
        for match in alias.pattern.finditer(masked):
            span = match.span()
            if alias.case_sensitive_upper:
                if not match.group().isupper() and not mixed_case and _opens_with_label(masked, span):
                    leading.append((span, alias.ticker))
                    continue
                # (in a question typed all in lowercase, set against a company: "amc or marathon digital")
                if not match.group().isupper() and (mixed_case or not _set_against(masked, span, taken)):
                    continue
                if not (_set_against(masked, span, taken) or _leads(masked, span, taken)):
                    if _opens_terse_line(masked, span):
                        leading.append((span, alias.ticker))
                    continue
            elif alias.ticker not in named and not _set_against(masked, span, taken):
                continue
            if not any(span[0] < end and start < span[1] for start, end in taken) and not _in_idiom(
                masked, match
            ):
                taken.append(span)
                found.append((span[0], alias.ticker))
    found.extend(_other_companies(masked, matcher, mixed_case, taken))
    found.extend(_names_before_tickers(masked, found, taken))
    _misspelt(masked, matcher.near, taken, found)
    if not found and len(leading) == 1:
        span, ticker = leading[0]
        taken.append(span)
        found.append((span[0], ticker))
    ends = {start: _with_legal_form(masked, end) for start, end in taken}
    return [(start, ends[start], ticker) for start, ticker in sorted(found)]


# A legal form written after a company's name ("NIKE, Inc.", "Chubb Limited's"): part of the name
_LEGAL_FORM_AFTER = re.compile(
    # (after a generic word the name was found without: "AMC Entertainment Holdings, Inc.")
    r"(?:\s+(?:Holdings|Group|Companies))?(?:,\s*|\s+)(?:Inc\b\.?|Incorporated\b|Corp\b\.?|Corporation\b|Ltd\b\.?|Limited\b|plc\b|PLC\b|LLC\b|Co\."
    r"|N\.V\.|S\.A\.)(?:['’]s\b)?"
)


def _with_legal_form(query: str, end: int) -> int:
    """Where a company's name ends, its legal form taken in."""
    if re.search(r"['’]s$", query[:end]):
        return end  # "Palantir's Inc" is no legal form of it
    found = _LEGAL_FORM_AFTER.match(query, end)
    return found.end() if found else end


_LETTERS = re.compile(r"[A-Za-z][A-Za-z&'’.-]*")


def _misspelt(
    query: str, near: NearNames, taken: list[tuple[int, int]], found: list[tuple[int, str]]
) -> None:
    """Ingested companies named with one slip ("Chevorn", "Texas Instrumnets", "abbot's revenue"), added to
    `found` and `taken`: runs of up to three words one slip from a single company's names, which no other
    company's name took ("Mullen Automotve" takes the place of the "Mullen" found in it). Written as an
    owner (a possessive without a determiner before it) they name it; otherwise only where a word of them
    is no English word ("Boing" names Boeing; "abbot" names no company, where "abbot's revenue" names
    Abbott)."""
    words = list(_LETTERS.finditer(query))
    written = [re.sub(r"['’]s?$", "", m.group()).rstrip(".").lower() for m in words]
    # most words of most questions are English, or analysts' ("intl"): a run of them names a company only as
    # an owner
    typo = [not is_known_word(word) for word in written]
    owners = [bool(re.search(r"['’]s$", m.group())) for m in words]
    for i in range(len(words)):
        for n in (3, 2, 1):
            run = words[i : i + n]
            if len(run) < n or not (any(typo[i : i + n]) or owners[i + n - 1]):
                continue
            if any(a.end() + 2 < b.start() for a, b in pairwise(run)):
                continue
            span = (run[0].start(), run[-1].end())
            within = [(start, end) for start, end in taken if start < span[1] and span[0] < end]
            if any(start < span[0] or end > span[1] for start, end in within):
                continue
            nearest = near.nearest(" ".join(written[i : i + n]))
            if nearest is None:
                continue
            ticker, _ = nearest
            ends = dict(taken)
            if any(other != ticker for start, other in found if (start, ends[start]) in within):
                continue
            owner = owners[i + n - 1] and not _DETERMINER.search(query, 0, span[0])
            if owner or any(typo[i : i + n]):
                found[:] = [(start, other) for start, other in found if (start, ends[start]) not in within]
                taken[:] = [place for place in taken if place not in within] + [span]
                found.append((span[0], ticker))
                break


# What sets one company against another: "abbott vs honeywell", "Ford or GM", "Ford compared with GM"
_AGAINST = re.compile(r"\s*(?:vs\.?|versus|v\.|or|against|compared\s+(?:to|with))\s+", re.IGNORECASE)


# a terse line's period right after the ticker it opens with ("AI FY24 net loss (FYE 4/30/24)")
_PERIOD_NEXT = re.compile(r"\s+(?:(?:FY|CY)\s?'?\d{2,4}|[1-4]Q|Q[1-4]|[12]H|H[12]|(?:19|20)\d\d)\b")


# the small words of a sentence, which a terse line does without ("AI SBC FY24 (FYE 4/30/24)")
_SENTENCE_WORDS = re.compile(
    r"\b(?:what|how|who|which|is|are|was|were|did|does|do|the|a|an|can|could|will|would|of|for|in|on|to|and"
    r"|so|my|i|it|its|their|they)\b",
    re.IGNORECASE,
)
_TERSE_WORDS = 12


def _leads(query: str, span: tuple[int, int], taken: Sequence[tuple[int, int]]) -> bool:
    """Whether a ticker opens a terse line, its period next, no other company named."""
    return not taken and not query[: span[0]].strip() and _PERIOD_NEXT.match(query, span[1]) is not None


def _opens_terse_line(query: str, span: tuple[int, int]) -> bool:
    """Whether a ticker opens a line of a few words with a period later and none of a sentence's small words
    ("AI op loss FY24"): the company, where the line names no other."""
    return (
        not query[: span[0]].strip()
        and _PERIOD_NEXT.search(query, span[1]) is not None
        and _SENTENCE_WORDS.search(query) is None
        and len(query.split()) <= _TERSE_WORDS
    )


def _set_against(query: str, span: tuple[int, int], taken: Sequence[tuple[int, int]]) -> bool:
    """Whether the words at `span` are set against a company already found, right before or after them."""
    return any(
        _AGAINST.fullmatch(query[end : span[0]] if end <= span[0] else query[span[1] : start])
        for start, end in taken
    )


# Capitalised words right before a parenthesis: "Raytheon (" of "Raytheon (RTX)".
_NAME_BEFORE_PARENTHESIS = re.compile(r"(?<![\w&'.-])((?:[A-Z][\w&'.-]*\s+){1,3}?)\(\s*$")


def _names_before_tickers(
    query: str, found: Sequence[tuple[int, str]], taken: list[tuple[int, int]]
) -> list[tuple[int, str]]:
    """A name written before a company's ticker in parentheses names the company too, as a former or short
    name ("Raytheon (RTX)", "Facebook (META)"): it is the company's, not a word of the item."""
    ends = dict(taken)
    named = []
    for start, ticker in found:
        end = ends[start]
        if query[start:end].upper() != ticker.upper() or not query[end:].lstrip().startswith(")"):
            continue
        before = _NAME_BEFORE_PARENTHESIS.search(query, 0, start)
        if before is None:
            continue
        span = (before.start(1), before.start(1) + len(before.group(1).rstrip()))
        if all(span[1] <= s or span[0] >= e for s, e in taken):
            taken.append(span)
            named.append((span[0], ticker))
    return named


def company_mentions(query: str, catalog: Catalog) -> list[tuple[str, str]]:
    """(the words naming a company, its ticker if ingested, else "") for each company the query names."""
    companies = catalog.matcher.companies
    return [
        (query[start:end], ticker if companies[ticker].covered else "")
        for start, end, ticker in _found_companies(query, catalog)
    ]


def find_companies(query: str, catalog: Catalog) -> tuple[list[str], list[str], list[str]]:
    """(tickers of ingested companies, tickers of recognised companies not ingested, the words naming any
    of them as written), in query order."""
    found = _found_companies(query, catalog)
    mentions = [query[start:end] for start, end, _ in found]
    covered: list[str] = []
    unknown: list[str] = []
    for _, _, ticker in found:
        target = covered if catalog.matcher.companies[ticker].covered else unknown
        if ticker not in target:
            target.append(ticker)
    return covered, unknown, mentions


def not_ingested(labels: Sequence[str]) -> str:
    """ "Microsoft (MSFT) is not among the ingested filings": what a refusal or a partial answer says."""
    return f"{', '.join(labels)} {'is' if len(labels) == 1 else 'are'} not among the ingested filings"


def how_to_add(tickers: Sequence[str]) -> str:
    """How to add companies: "`filingproof ingest MSFT`, or Filings → Add filing"."""
    commands = " or ".join(f"`filingproof ingest {ticker}`" for ticker in tickers)
    return f"{commands}, or Filings → Add filing"


def _labels(tickers: Sequence[str], catalog: Catalog) -> tuple[str, ...]:
    """Companies not ingested as the refusal names them: "Microsoft (MSFT)"."""
    return tuple(
        f"{display_name(_STATE.sub('', catalog.matcher.companies[ticker].name))} ({ticker})"
        for ticker in tickers
    )


_WEEKS = r"[- ]?(?:weeks?|wks?)\b"
_DURATIONS: tuple[tuple[re.Pattern[str], PeriodKind], ...] = (
    (re.compile(r"\b(?:trailing|last|past)\s+(?:twelve|12)[- ]months?\b|\b[tl]tm\b", re.I),
     "trailing_twelve_months"),
    (re.compile(r"\b(?:second|2nd|back)\s+half\b|\bh2\b|\b2h\b", re.I), "second_half"),
    # (and as 52/53-week calendars count them: PepsiCo's "12 weeks", "16 weeks", "36 weeks ended September 9")
    (re.compile(rf"\b(?:three|3)[- ]months?\b|\bquarter\b|\b[1-4]q|\bq[1-4]\b|\b(?:12|13|16){_WEEKS}", re.I),
     "three_months"),
    (re.compile(rf"\b(?:six|6)[- ]months?\b|\b(?:first|1st)\s+half\b|\bhalf[- ]year\b|\bh1\b"
                rf"|\b(?:first|1st)\s+(?:two|2)\s+quarters\b|\b(?:24|26){_WEEKS}", re.I), "six_months"),
    (re.compile(rf"\b(?:nine|9)[- ]months?\b|\b(?:first|1st)\s+(?:three|3)\s+quarters\b|\b9m\b"
                rf"|\b(?:36|39|40){_WEEKS}", re.I), "nine_months"),
    (re.compile(rf"\b(?:twelve|12)[- ]months?\b|\b(?:fiscal\s+)?years?\s+ended\b|\bfull[- ]year\b"
                rf"|\b5[23]{_WEEKS}", re.I), "twelve_months"),
    (re.compile(r"\byear[- ]to[- ]date\b|\bytd\b", re.I), "year_to_date"),
)  # fmt: skip
_ENDED = re.compile(r"\b(?:ended|ending)\s*$", re.I)
_A_YEAR = r"(?:full[- ]?year|whole\s+year|fiscal\s+year|fiscal\s+'?\d{2,4}|fy\s?'?\d{2,4}|annual)"
_LESS = r"(?:less|minus|back\s+out|backing\s+out|subtract(?:ing)?|take\s+out|knock(?:ing)?\s+off|net\s+of)"
_YEAR_LESS_A_PART = re.compile(
    rf"\b{_A_YEAR}\b[^.?;]{{0,60}}?\b{_LESS}\s+(?:the\s+|its\s+)?(?:"
    rf"(?P<part>(?:first|1st)\s+(?:six|6)[- ]months?|(?:first|1st)\s+half|(?:six|6)[- ]months?|h1|1h)"
    rf"|(?:first\s+)?(?:nine|9)[- ]months?|9m|first\s+three\s+quarters)(?:\s*'?\d{{2,4}})?\b",
    re.I,
)
# A full year and a part of a year asked side by side ("FY23 and 1H23", "full-year net income and the first
# six months"): two figures of two lengths, which an answer of one period cannot give (it had given the part
# alone, verified). The year that dates a part ("Q2 of fiscal 2023", "1H FY23") or names a report ("the
# fiscal 2023 10-K") is no period of its own; the year less a part (`_YEAR_LESS_A_PART`) is one period.
_PART_OF_YEAR = (
    r"(?:(?:first|1st|second|2nd|back)\s+half|h[12]|[12]h|(?:first\s+)?(?:three|six|nine|3|6|9)[- ]months?"
    r"|9m|q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter"
    r"|year[- ]to[- ]date|ytd)"
)
_NOT_A_PERIOD = (
    r"(?!\s*(?:10-?[kq]\b|annual\s+report|report|filing|(?:fiscal\s+)?q[1-4]\b|[1-4]q\b"
    r"|first|second|third|fourth))"
)
_SIDE_BY_SIDE = (
    r"(?:\s+[\w'’-]+){0,4}?\s*(?:,\s*)?(?:and|&|vs\.?|versus|as\s+well\s+as|plus|,)\s+"
    r"(?:for\s+|in\s+|over\s+)?(?:the\s+|its\s+)?"
)
_TWO_LENGTHS = re.compile(
    rf"\b(?P<year>{_A_YEAR}){_NOT_A_PERIOD}{_SIDE_BY_SIDE}(?P<part>{_PART_OF_YEAR})\b"
    rf"|\b(?P<part2>{_PART_OF_YEAR})\b(?:\s+(?:of\s+)?(?:fiscal\s+|fy\s?)?'?\d{{2,4}}\b)?{_SIDE_BY_SIDE}"
    rf"(?P<year2>{_A_YEAR})\b{_NOT_A_PERIOD}",
    re.I,
)
_DERIVED_PART = re.compile(
    r"(?:second|2nd|back)\s+half|h2|2h|q4|4q|(?:fourth|4th)\s+(?:fiscal\s+)?quarter", re.I
)
# a year and a part a derivation takes ("back out … from the full-year and six-month numbers", the trailing
# twelve months) or a change between the two ("between FY 2023 and Q2 of FY2024") ask one figure
_DERIVES_FROM_BOTH = re.compile(rf"\b{_LESS}\b|\b(?:trailing|[tl]tm)\b", re.I)
_BETWEEN = re.compile(r"\b(?:between|from)\s+(?:the\s+)?$", re.I)
# a part just before the year dates it: "Q4 FY2023 and Q4 FY2022" asks two fourth quarters
_DATES_A_PART = re.compile(rf"\b{_PART_OF_YEAR}\s+(?:of\s+|in\s+)?(?:the\s+)?$", re.I)


def two_lengths(query: str) -> str | None:
    """Why the question cannot be answered as one period: it asks a full year and a part of a year side by
    side (as the refusal names them), or None."""
    if _DERIVES_FROM_BOTH.search(query):
        return None
    for found in _TWO_LENGTHS.finditer(query):
        year, part = found["year"] or found["year2"], found["part"] or found["part2"]
        before = query[: found.start()]
        if (found["year"] and _DATES_A_PART.search(before)) or _BETWEEN.search(before):
            continue
        if _DERIVED_PART.fullmatch(part):
            continue  # the second half or the fourth quarter beside its year: the year less a part
        return (
            f"the question asks for two periods of different lengths side by side ({year!r} and {part!r}); "
            "asked one at a time, each is answered"
        )
    return None


# a day a span is counted to: "the 36 weeks through Sept 9, 2023", "YTD OCF thru 9/9/23", "six months to
# 7/31/23"
_THROUGH = re.compile(r"\b(?:through|thru|(?<!compared )(?<!relative )to|till|until)\s*$", re.I)
# spans of a year no balance is (a balance is at a day, never "six months"): a day written beside one without
# "as of" or "at" is the day it ends ("WMT FCF 6M FY24, 7/31/23")
_SPANS_OF_A_YEAR = frozenset({"six_months", "nine_months", "year_to_date"})
# "ended December 30", its year unwritten
_ENDED_UNDATED = re.compile(
    rf"\b(?:ended|ending)\s+(?P<month>{MONTH_NAME_PATTERN})\s+(?P<day>\d{{1,2}})\b(?!,?\s*'?\d)", re.I
)
_AS_OF = re.compile(r"\b(?:as\s+of|at|on)\s*$", re.I)
# "at the end of fiscal 2025", "at year-end 2024", "as of the close of FY23": a day, not the year to it
_AT_THE_END = re.compile(
    r"\b(?:at|as\s+of)\s+(?:the\s+)?(?:end|close)\s+of\b"
    r"|\b(?:at|as\s+of)\s+(?:the\s+)?(?:fiscal\s+)?year[- ]?end\b",
    re.I,
)

_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}
_QUARTER = re.compile(
    r"\bq([1-4])(?:\s*(?:fy\s*)?['’]?(\d{4}|\d{2})(?![\w-]))?\b"
    r"|\b([1-4])q(?:\s*['’]?(\d{4}|\d{2})(?![\w-]))?\b"
    r"|\b(first|1st|second|2nd|third|3rd|fourth|4th)\s+(?:fiscal\s+)?quarter\b",
    re.IGNORECASE,
)
_FISCAL_YEAR = re.compile(
    r"\b[fc]y\s*['’]?(\d{4}|\d{2})\b|\bfiscal(?:\s+year)?\s+(\d{4})\b|\b((?:19|20)\d{2})\b", re.IGNORECASE
)
_CALENDAR_YEAR = re.compile(r"\bcalendar(?:\s+year)?\s+(?:19|20)\d{2}\b|\bcy\s*['’]?(?:\d{4}|\d{2})\b", re.I)
_FORMS: tuple[tuple[re.Pattern[str], Form], ...] = (
    (re.compile(r"\b10-?k\b|\bannual\s+report\b", re.I), "10-K"),
    (re.compile(r"\b10-?q\b|\bquarterly\s+report\b", re.I), "10-Q"),
)
_STATEMENTS: tuple[tuple[re.Pattern[str], Statement], ...] = (
    (re.compile(r"\bincome\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?(?:operations|income|"
                r"earnings)\b|\bp\s*&\s*l\b|\bprofit\s+and\s+loss\b", re.I), "income_statement"),
    (re.compile(r"\bbalance\s+sheets?\b|\bstatements?\s+of\s+financial\s+(?:position|condition)\b", re.I),
     "balance_sheet"),
    (re.compile(r"\bcash[- ]flows?\b", re.I), "cash_flow"),
    (re.compile(r"\bstatements?\s+of\s+(?:shareholders|stockholders|shareowners)['’]?\s+equity\b", re.I),
     "equity"),
)  # fmt: skip
_LINE_ITEMS: tuple[tuple[re.Pattern[str], Statement], ...] = (
    (re.compile(r"\b(?:total\s+)?(?:net\s+)?(?:sales|revenues?)\b|\bnet\s+(?:income|loss|earnings)\b|"
                r"\boperating\s+income\b|\bgross\s+(?:margin|profit)\b|\bcost\s+of\s+(?:sales|revenues?)\b|"
                r"\beps\b|\bearnings\s+per\s+share\b|\bresearch\s+and\s+development\b", re.I),
     "income_statement"),
    (re.compile(r"\btotal\s+(?:assets|liabilities)\b|\bshareholders['’]?\s+equity\b|\binventor(?:y|ies)\b|"
                r"\baccounts\s+receivable\b|\blong[- ]term\s+debt\b|\bcash\s+and\s+cash\s+equivalents\b",
                re.I),
     "balance_sheet"),
    (re.compile(r"\b(?:operating|investing|financing)\s+activities\b|\bcapital\s+expenditures?\b|\bcapex\b|"
                r"\bfree\s+cash\b", re.I), "cash_flow"),
)  # fmt: skip


def _year(text: str) -> int:
    value = int(text)
    return value + 2000 if value < 100 else value


def _outside(spans: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    return all(end <= s or start >= e for s, e in spans)


_MONTH_OF_YEAR = re.compile(rf"(?P<month>{MONTH_NAME_PATTERN}),?\s+(?P<year>(?:19|20)\d\d)\b")
# a quarter named by the month it ends in, of a fiscal year: "the september quarter of fy23"
_MONTH_QUARTER_OF_FISCAL = re.compile(
    rf"\b(?P<month>{MONTH_NAME_PATTERN})\.?\s+quarter\s+of\s+(?:(?:their|its|the)\s+)?"
    r"(?:fy\s*|fiscal\s+(?:year\s+)?)['’]?\d{2,4}\b",
    re.IGNORECASE,
)


def _quarter_ending_in(month: int, filings: Sequence[FilingRef]) -> FiscalPeriod | None:
    """The fiscal quarter that ends in `month`, where the companies' annual filings end their years in one
    month a whole number of quarters after it; else None. (A 52/53-week year ending October 1 ends in
    September: its month is read a week back, `END_SLACK`.)"""
    ends = {(f.period_end - END_SLACK).month for f in filings if f.form == "10-K"}
    if len(ends) != 1:
        return None
    gap = (ends.pop() - month) % 12
    return f"Q{4 - gap // 3}" if gap % 3 == 0 else None  # type: ignore[return-value]


# a quarter named by its month alone: "at the end of their july quarter"
_MONTH_QUARTER = re.compile(rf"\b(?P<month>{MONTH_NAME_PATTERN})\.?\s+quarter\b", re.IGNORECASE)


# a span ended in a month of a year, no day written ("the quarter that ended July 2023", "late july 2025")
_ENDED_IN_MONTH = re.compile(
    r"\b(?:ended|ending)\s+(?:in\s+)?(?:(?:late|early|mid)[- ]?\s*)?"
    rf"(?P<month>{MONTH_NAME_PATTERN}),?\s+(?:of\s+)?(?P<year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def _through(query: str) -> date | None:
    """The last day of the last month named with its year ("June 2025"), in a query that writes no day."""
    months = list(_MONTH_OF_YEAR.finditer(query))
    if not months:
        return None
    last = months[-1]
    return day_in_month(int(last["year"]), month_number(last["month"]), 31)


def _latest_end_in(month: int, filings: Sequence[FilingRef]) -> date | None:
    """The latest day a filing's period ends in `month` (a 52/53-week one read a week back, `END_SLACK`)."""
    return max((f.period_end for f in filings if (f.period_end - END_SLACK).month == month), default=None)


def _quarter_end_in(month_end: date, filings: Sequence[FilingRef]) -> date:
    """The day a quarter of the company's calendar ends in the month of `month_end` ("the quarter ending
    August 2023": Lowe's August 4), counted back from its filings' ends; else the month's last day. A filer
    whose quarters end on a month's last day is read as asked."""
    ends = {shift_months(f.period_end, -3 * back) for f in filings for back in range(12)}
    within = [end for end in ends if (end.year, end.month) == (month_end.year, month_end.month)]
    return max(within) if within else month_end


def _undated_end(undated: re.Match[str], years: Sequence[int], filings: Sequence[FilingRef]) -> date:
    """ "the six months ended December 30", its year unwritten: that day in the year named beside it
    ("… FY2023"); else the latest filing's end on that day, as a question that names no year asks of the
    latest; else that day of the latest filing's year, which no figure ends on."""
    month, day = month_number(undated["month"]), int(undated["day"])
    if years:
        return day_in_month(max(years), month, day)
    ends = [f.period_end for f in filings]
    dated = [end for end in ends if dates_match(end, day_in_month(end.year, month, day))]
    if dated:
        return max(dated)
    return day_in_month(max((end.year for end in ends), default=date.today().year), month, day)


def _periods(
    query: str,
) -> tuple[list[int], FiscalPeriod | None, PeriodKind | None, date | None, date | None]:
    dates = find_dates(query)
    date_spans = [(d.start, d.end) for d in dates]
    period_end = as_of = None
    through = False  # the day read as of is one a span is counted to
    said_at = False  # the day read as of is said as one ("as of", "at", "on")
    for mention in dates:
        before = query[: mention.start]
        if _ENDED.search(before):
            # of two spans ended ("the three months ended June 30, 2023 compared with the three months ended
            # June 30, 2022"), the later is asked and the earlier is what it is measured from
            period_end = mention.on if period_end is None else max(period_end, mention.on)
        elif _AS_OF.search(before) or as_of is None:
            as_of = mention.on
            through = _THROUGH.search(before) is not None
            said_at = _AS_OF.search(before) is not None
    if period_end is not None and as_of == period_end:
        as_of = None
    ended_in = _ENDED_IN_MONTH.search(query) if period_end is None and not dates else None
    if ended_in is not None:
        # "the quarter that ended July 2023": to that month's end, whatever day the filer's calendar ends on
        period_end = day_in_month(int(ended_in["year"]), month_number(ended_in["month"]), 31)
        date_spans.append(ended_in.span())
    years: list[int] = []
    fiscal_period: FiscalPeriod | None = None
    quarter_spans = []
    for match in _QUARTER.finditer(query):
        number = match.group(1) or match.group(3) or str(_ORDINALS[match.group(5).lower()])
        fiscal_period = f"Q{number}"  # type: ignore[assignment]
        year_text = match.group(2) or match.group(4)
        if year_text:
            years.append(_year(year_text))
        quarter_spans.append(match.span())
    for match in _FISCAL_YEAR.finditer(query):
        if _outside([*date_spans, *quarter_spans], *match.span()):
            years.append(_year(next(g for g in match.groups() if g)))
    kind: PeriodKind | None = None
    # the year less its first half or its nine months, said as a subtraction, is its second half or its
    # fourth quarter ("take FY23 net income and back out 1H23"), never the part subtracted
    rest = _YEAR_LESS_A_PART.search(query)
    if rest is not None:
        if rest.group("part") is not None:
            return sorted(set(years)), None, "second_half", None, None
        return sorted(set(years)), "Q4", "three_months", None, None
    for pattern, candidate in _DURATIONS:
        if pattern.search(query):
            kind = candidate
            if candidate != "three_months":
                break
    if kind is not None and period_end is None and (through or (kind in _SPANS_OF_A_YEAR and not said_at)):
        period_end, as_of = as_of, None  # "YTD OCF thru 9/9/23": the span runs to that day
    if kind is None and ((as_of is not None and period_end is None) or _AT_THE_END.search(query)):
        kind = "instant"
    if fiscal_period is None and re.search(r"\b(?:full|fiscal)[- ]year\b|\bannual\b", query, re.I):
        fiscal_period = "FY"
    return sorted(set(years)), fiscal_period, kind, period_end, as_of


def _form(query: str, fiscal_period: FiscalPeriod | None, kind: PeriodKind | None) -> Form | None:
    for pattern, form in _FORMS:
        if pattern.search(query):
            return form
    if fiscal_period in ("Q1", "Q2", "Q3") or kind in ("six_months", "nine_months"):
        return "10-Q"
    if fiscal_period == "FY":
        return "10-K"
    return None


def _statement(query: str) -> tuple[Statement | None, bool]:
    for pattern, statement in _STATEMENTS:
        if pattern.search(query):
            return statement, False
    for pattern, statement in _LINE_ITEMS:
        if pattern.search(query):
            return statement, True
    return None, False


def _reports_quarter(filing: FilingRef) -> bool:
    """A 10-Q, or an earnings release of a first, second or third quarter."""
    return filing.form == "10-Q" or filing.fiscal_period in ("Q1", "Q2", "Q3")


def _years_back(filing: FilingRef) -> int:
    """How many years before its own a filing prints: a 10-K two, a quarter's report or an earnings release
    one (the same quarter a year before), a current report (8-K) none."""
    if filing.form == "8-K":
        return 0
    return 1 if _reports_quarter(filing) or filing.fiscal_period == "Q4" else 2


def _year_covered(year: int, filings: Sequence[FilingRef], quarterly: bool) -> bool:
    """Whether any filing can hold the year; a quarter's only a quarter's report."""
    for filing in filings:
        if filing.fiscal_year is None or (quarterly and not _reports_quarter(filing)):
            continue
        if filing.fiscal_year - _years_back(filing) <= year <= filing.fiscal_year:
            return True
    return False


# A question about what is expected ("What production rate changes is Boeing forecasting for FY2023?", "Is
# growth in adjusted EPS expected to accelerate in FY2023?"): the year after the filings' is the outlook's.


# Companies a refusal lists by name before it counts the rest (a store may hold a thousand filings).
COVERED_COMPANIES_SHOWN = 20


def covered_lines(filings: Iterable[FilingRef]) -> tuple[str, ...]:
    """What is ingested, as a refusal lists it: one company's filings each with its period end; several
    companies' as a line each ("AAPL: 10-K FY2024, 10-Q Q2 FY2025"), the first twenty and a count."""
    ordered = sorted(filings, key=lambda f: (f.ticker, f.period_end))
    tickers = list(dict.fromkeys(filing.ticker for filing in ordered))
    if len(tickers) <= 1:
        return tuple(filing.describe() for filing in ordered)
    lines = [
        f"{ticker}: " + ", ".join(f.short() for f in ordered if f.ticker == ticker)
        for ticker in tickers[:COVERED_COMPANIES_SHOWN]
    ]
    rest = tickers[COVERED_COMPANIES_SHOWN:]
    if rest:
        lines.append(
            f"and {len(rest)} more companies (the Filings screen and `filingproof filings` list them)"
        )
    return tuple(lines)


def _scope(
    companies: Sequence[str],
    unknown: Sequence[str],
    years: Sequence[int],
    fiscal_period: FiscalPeriod | None,
    catalog: Catalog,
    forward: bool = False,
) -> tuple[str | None, tuple[str, ...]]:
    covered = covered_lines(catalog.filings_of(companies)) if companies else catalog.covered
    if unknown and not companies:
        return not_ingested(unknown), covered
    # beside an ingested company, one not ingested is named in the answer as left out (`agent.nodes.answer`)
    if companies and years:
        quarterly = fiscal_period in ("Q1", "Q2", "Q3")
        for ticker in companies:
            filings = catalog.filings_of([ticker])
            latest = max((f.fiscal_year for f in filings if f.fiscal_year is not None), default=None)
            missing = [
                year
                for year in years
                if not _year_covered(year, filings, quarterly)
                and not (forward and year == (latest or 0) + 1)  # the year a filing's outlook is about
            ]
            if missing:
                period = f"{fiscal_period} " if quarterly else ""
                return f"{ticker} {period}fiscal {missing[0]} is not covered by the ingested filings", covered
    return None, covered


def understand(
    query: str, catalog: Catalog, filters: Filters | None = None, naming: str | None = None
) -> QueryUnderstanding:
    """Read the companies, form, period and statement a question is about, within the request's `filters`
    (no I/O, no model). Every route reads this one understanding: the router, search and table QA.
    `naming`, when given, is the part of the query that can name companies (not its instructions: "Express
    it as a percentage" names no company)."""
    companies, unknown_tickers, mentions = find_companies(query if naming is None else naming, catalog)
    unknown = _labels(unknown_tickers, catalog)
    years, fiscal_period, kind, period_end, as_of = _periods(query)
    undated = _ENDED_UNDATED.search(query) if period_end is None else None
    if undated is not None:
        period_end = _undated_end(undated, years, catalog.filings_of(companies))
    if period_end is not None and (period_end + timedelta(days=1)).day == 1:
        # a month's end, as "the quarter that ended July 2023" is read: the company's quarter ending then
        period_end = _quarter_end_in(period_end, catalog.filings_of(companies))
    undated_quarter = fiscal_period is None and not years and period_end is None
    bare = _MONTH_QUARTER.search(query) if undated_quarter else None
    if bare is not None:
        # "their july quarter", no year said: the latest such quarter the company's filings end
        period_end = _latest_end_in(month_number(bare["month"]), catalog.filings_of(companies))
        kind = "three_months" if period_end is not None else kind
    said_month = _MONTH_QUARTER_OF_FISCAL.search(query) if fiscal_period is None else None
    if said_month is not None:
        # "the september quarter of fy23": the fiscal quarter of that year that ends in that month, by the
        # company's calendar (Apple's fourth, NVIDIA's "july quarter of fy24" its second)
        quarter = _quarter_ending_in(month_number(said_month["month"]), catalog.filings_of(companies))
        if quarter is not None:
            fiscal_period, kind = quarter, "three_months"
    statement, inferred = _statement(query)
    forward = FORWARD.search(query) is not None
    calendar_year = _CALENDAR_YEAR.search(query) is not None
    years, years_read = _years_by_their_end(companies, years, fiscal_period, catalog, calendar_year)
    out_of_scope, covered = _scope(companies, unknown, years, fiscal_period, catalog, forward)
    read = QueryUnderstanding(
        query=query,
        companies=tuple(companies),
        company_mentions=tuple(mentions),
        unknown_companies=unknown,
        unknown_tickers=tuple(unknown_tickers),
        form=_form(query, fiscal_period, kind),
        fiscal_year=max(years) if years else None,
        years=tuple(years),
        fiscal_period=fiscal_period,
        period_kind=kind,
        period_end=period_end,
        as_of=as_of,
        through=_through(query) if period_end is None and as_of is None else None,
        calendar_year=calendar_year,
        statement=statement,
        statement_inferred=inferred,
        out_of_scope=out_of_scope,
        covered=covered,
        years_read=years_read,
    )
    return read if filters is None or filters == Filters() else _within_filters(read, filters, catalog)


# Fiscal years that end this early in a calendar year are named by some filers for the year they start in
_EARLY_MONTHS = 2


def _years_by_their_end(
    companies: Sequence[str],
    years: list[int],
    fiscal_period: FiscalPeriod | None,
    catalog: Catalog,
    calendar_year: bool,
) -> tuple[list[int], str | None]:
    """The years asked, read as the filer names them where the question names a fiscal year by the calendar
    year it ends in: Ulta Beauty calls the year ended January 28, 2023 its fiscal 2022, and an analyst (and
    FinanceBench) calls it "FY2023". Read so only for one company whose own fiscal year of the latest number
    asked is not ingested while the one before it ends in January or February of that calendar year; every
    year asked moves with it, and the answer says how it was read. A calendar year asked ("calendar 2023")
    is January to December, whoever names which fiscal year how: never moved."""
    if calendar_year or len(companies) != 1 or not years:
        return years, None
    filings = catalog.filings_of(companies)
    latest = max(years)
    if _year_covered(latest, filings, fiscal_period in ("Q1", "Q2", "Q3")):
        return years, None
    ends = [
        filing.period_end
        for filing in filings
        if filing.fiscal_year == latest - 1
        and filing.period_end.year == latest
        and filing.period_end.month <= _EARLY_MONTHS
    ]
    if not ends:
        return years, None
    company = catalog.matcher.companies.get(companies[0])
    name = company.name if company is not None else companies[0]
    said = (
        f"{name} names the year ended {max(ends):%B} {max(ends).day}, {latest} its fiscal {latest - 1}; "
        f"FY{latest} is read as that year, the one that ends in {latest}."
    )
    return [year - 1 for year in years], said


_QUARTERS: dict[str, FiscalPeriod] = {"Q1": "Q1", "Q2": "Q2", "Q3": "Q3", "Q4": "Q4"}
_FORM_NAMES: dict[str, Form] = {"10-K": "10-K", "10-Q": "10-Q"}


def _passes(filing: FilingRef, filters: Filters) -> bool:
    return (
        (filters.filing_id is None or filing.filing_id == filters.filing_id)
        and (not filters.tickers or filing.ticker in filters.tickers)
        and (filters.form is None or filing.form == filters.form)
        and (filters.fiscal_year is None or filing.fiscal_year == filters.fiscal_year)
    )


def _company_label(catalog: Catalog, ticker: str) -> str:
    company = catalog.matcher.companies.get(ticker)
    return f"{company.name} ({ticker})" if company is not None and company.name != ticker else ticker


def _within_filters(u: QueryUnderstanding, filters: Filters, catalog: Catalog) -> QueryUnderstanding:
    """`u` kept to the filings the filters allow. Where the question is silent, the filters name its
    company, form and year; a company it names outside them puts it out of scope: no figure of it is given."""
    filings = [filing for filing in catalog.filings if _passes(filing, filters)]
    described = filters.describe(catalog)
    if not filings:
        return replace(
            u, filing_ids=(), out_of_scope=f"no ingested filing matches the filters ({described})", covered=()
        )
    allowed = tuple(dict.fromkeys(filing.ticker for filing in filings))
    chosen = next((f for f in filings if f.filing_id == filters.filing_id), None)
    named_by_filters = bool(filters.tickers) or chosen is not None
    companies = u.companies or (allowed if named_by_filters else ())
    year = filters.fiscal_year or (chosen.fiscal_year if chosen else None)
    years = u.years or ((year,) if year is not None else ())
    # the filing's quarter where the question names no period; "during FY2022" asked of a fourth quarter's
    # release is the year, which the release prints beside the quarter
    quarter = _QUARTERS.get(chosen.fiscal_period or "") if chosen and not u.years else None
    fiscal_period = u.fiscal_period or quarter
    outside = tuple(ticker for ticker in u.companies if ticker not in allowed)
    if outside:
        names = ", ".join(_company_label(catalog, ticker) for ticker in outside)
        out_of_scope: str | None = f"the question names {names}, outside the filters ({described})"
        covered = covered_lines(filings)
    else:
        within = catalog.within(f.filing_id for f in filings)
        forward = FORWARD.search(u.query) is not None
        out_of_scope, covered = _scope(companies, u.unknown_companies, years, fiscal_period, within, forward)
        if out_of_scope and not u.unknown_companies:
            out_of_scope += f" within the filters ({described})"
    return replace(
        u,
        companies=companies,
        form=u.form or filters.form or (_FORM_NAMES.get(chosen.form) if chosen else None),
        years=years,
        fiscal_year=max(years) if years else None,
        fiscal_period=fiscal_period,
        out_of_scope=out_of_scope,
        covered=covered,
        filing_ids=tuple(sorted(filing.filing_id for filing in filings)),
        outside_filters=outside,
    )


@dataclass(frozen=True)
class FilingSelection:
    filing_ids: tuple[int, ...] | None  # None: no filter, every filing
    notes: tuple[str, ...] = ()  # filters that matched nothing and were dropped


def _narrow(filings: list[FilingRef], keep: list[FilingRef], what: str, notes: list[str]) -> list[FilingRef]:
    if keep:
        return keep
    notes.append(f"no ingested filing matches {what}; that filter was dropped")
    return filings


def _by_year(filings: list[FilingRef], year: int, fiscal_period: FiscalPeriod | None) -> list[FilingRef]:
    """A quarter's filing of that fiscal year; for a year, the annual report of that year, else of one of the
    next two (their comparatives hold it), before the year's 10-Qs (a year to date is not the year). Else
    the nearest later filings."""
    exact = [f for f in filings if f.fiscal_year == year]
    if fiscal_period in ("Q1", "Q2", "Q3"):
        quarter = [f for f in exact if f.fiscal_period == fiscal_period]
        exact = quarter or exact
    else:
        for annual_year in (year, year + 1, year + 2):
            annual = [f for f in filings if f.fiscal_year == annual_year and f.form != "10-Q"]
            if annual:
                return annual
    if exact:
        return exact
    for later in (year + 1, year + 2):
        comparatives = [f for f in filings if f.fiscal_year == later]
        if comparatives:
            return comparatives
    return []


def _by_date(filings: list[FilingRef], when: date) -> list[FilingRef]:
    """Filings whose period ends on that date; else those ending a year after it (their comparative
    column is that date), the annual report first; else the nearest one ending within a year after it."""
    exact = [f for f in filings if f.period_end == when]
    if exact:
        return exact
    year_after = [f for f in filings if dates_match(f.period_end, shift_months(when, 12))]
    if year_after:
        return [f for f in year_after if f.form != "10-Q"] or year_after
    later = [f for f in filings if 0 < (f.period_end - when).days <= 400]
    nearest = min((f.period_end for f in later), default=None)
    return [f for f in later if f.period_end == nearest]


def select_filings(understanding: QueryUnderstanding, catalog: Catalog) -> FilingSelection:
    """The filings to search, narrowed by company, form and period before any ranking."""
    u = understanding
    catalog = catalog.within(u.filing_ids)  # the request's filters bound every narrowing below
    if not (u.companies or u.form or u.years or u.period_end or u.as_of):
        return FilingSelection(u.filing_ids)
    notes: list[str] = []
    filings = catalog.filings_of(u.companies) if u.companies else list(catalog.filings)
    if u.form:
        filings = _narrow(filings, [f for f in filings if f.form == u.form], f"form {u.form}", notes)
    when = u.period_end or u.as_of
    if when is not None:
        filings = _narrow(filings, _by_date(filings, when), f"a period ending {when.isoformat()}", notes)
    elif u.fiscal_year is not None:
        filings = _narrow(
            filings, _by_year(filings, u.fiscal_year, u.fiscal_period), f"fiscal {u.fiscal_year}", notes
        )
    return FilingSelection(tuple(sorted(f.filing_id for f in filings)), tuple(notes))
