"""Claims, not figures: the words around each figure of a draft must state its cell's company, line item,
period and sign.

The verifier proves that each figure is the value of some cited cell; a claim is the figure with what its
clause says of it, and each claim is held to the cell (or derivation) the figure matched:

- Company: the subject of the claim (the nearest company named before the figure in its clause, else after
  it, else the last one named earlier in the draft) is the cell's filer (a derivation: one of its inputs').
- Item: the words between the subject (or the previous figure, or a colon) and the figure name the cell's
  line item (`items.check_item`, less its unit rule: the matcher has held the unit); a derivation's words
  are carried by its inputs together.
- Period: the periods the claim names (before the figure in its part of the clause, else after it) are
  each the cell's period (a derivation: an input's; a "period" derivation: the one period its inputs, one
  line's figures, add up to, such as the fourth quarter from a year less nine months). A date describing a
  filing ("the 10-K for the period ended …") names no claim's period. A part of a year ("first half", "Q2",
  "three months ended") is no year's period, and a year (in words, "annual", or a year alone) is no
  quarter's or half-year's.
- Lists: "In fiscal 2023 and fiscal 2024, net sales were $X and $Y, respectively" pairs the periods,
  companies and item words listed with the figures, in order; periods that cannot pair fail closed.
- Sign and direction: a loss word ("net loss … was", "lost") needs a negative value or a line that is a
  loss; a direction verb ("grew", "declined") needs a cited change of that sign, or a comparison in its
  clause of the same line at two periods that moved that way.

Figures inside verbatim quotes are the filer's words and are not held to claims. Pure; plain data in.
"""

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TypeVar

from filingproof.verify.cells import PeriodRef
from filingproof.verify.derive import Derivation
from filingproof.verify.figures import WrittenFigure, extract
from filingproof.verify.items import (
    PER_SHARE,
    AskedItem,
    CellFacts,
    check_item,
    concept_words,
    member_words,
    terms,
)
from filingproof.verify.match import matches
from filingproof.verify.period_sums import derived_period
from filingproof.verify.periods import WrittenPeriod, backs
from filingproof.verify.verifier import CellSource, DerivationSource, Failure, FigureCheck


@dataclass(frozen=True, slots=True)
class ClaimCell:
    """What a cited cell is, for the claims about it: its filer, value, period and what it says it is."""

    cell_id: int
    company: str  # ticker
    value: Decimal
    period: PeriodRef
    row_label: str
    facts: tuple[CellFacts, ...] = ()


@dataclass(frozen=True, slots=True)
class Claim:
    """A figure of the draft and what its clause says of it."""

    figure: WrittenFigure
    source: CellSource | DerivationSource
    company: str | None  # the ticker of the subject; None: no company named
    item: str  # the item words
    periods: tuple[WrittenPeriod, ...]
    loss: bool  # a loss word stands in the item words
    partial: bool = False  # its clause names a part of a year ("first half", "Q2", "three months ended")
    whole_year: bool = False  # its clause names a whole year in words ("annual", "full-year")
    unpaired: str | None = None  # why a "respectively" listing cannot pair its periods with its figures


Span = tuple[int, int]

# Clauses: sentences and the parts of a sentence a semicolon or a line break separates.
# a sentence begins with a capital, a bracket or quote, or a name that starts with a digit ("3M's"); the
# dot of initials ends none ("U.S. Consumer Services")
_CLAUSE_BREAK = re.compile(r"(?<=[.!?])(?<!\b[A-Z]\.)\s+(?=[A-Z(\"'“]|\d+[A-Z])|;\s*|\n+")
# A date or period that describes a filing, not a figure: "the AAPL 10-K for the period ended …".
_FILING_PHRASE = re.compile(
    r"(?:10-K|10-Q|20-F|filings?|report)(?:/A)?\s+for\s+the\s+(?:fiscal\s+)?(?:period|year|quarter)"
    r"\s+(?:then\s+)?ended\s+",
    re.IGNORECASE,
)
_FORM = re.compile(r"\b(?:10-K|10-Q|8-K|20-F)(?:/A)?\b", re.IGNORECASE)
_MARKER = re.compile(r"\[[cd]\d+\]")
_ALTERNATIVE = re.compile(r"\(\s*(?:loss|losses|expense|gain|benefit|deficit)\s*\)", re.IGNORECASE)
_LOSS = re.compile(r"\b(?:loss(?:es)?|lost|los(?:e|es|ing)|deficits?|unprofitable)\b", re.IGNORECASE)
_LOSS_LINE = re.compile(r"\bloss", re.IGNORECASE)
# A loss that is only the other case of an income line ("Net income (loss)", "Income/(loss)", "income or
# loss"): such a line is a loss only where its value is negative.
_LOSS_ALTERNATIVE = re.compile(
    r"\(\s*loss(?:es)?\s*\)|/\s*\(?\s*loss(?:es)?\s*\)?|\bor\s+loss(?:es)?\b", re.IGNORECASE
)
_UP = re.compile(
    r"\b(?:gr[eo]w(?:s|n|ing)?|increas(?:ed|es|ing)|rose|risen|rises|rising|climb(?:ed|s)|jump(?:ed|s)"
    r"|expand(?:ed|s)|surg(?:ed|es)|soar(?:ed|s)|improv(?:ed|es))\b",
    re.IGNORECASE,
)
_DOWN = re.compile(
    r"\b(?:declin(?:ed|es|ing)|decreas(?:ed|es|ing)|fell|fallen|falls|dropped|drops|shr[au]nk|shrinks"
    r"|contract(?:ed|s)|slipped|slid|plunged|tumbled|worsened)\b",
    re.IGNORECASE,
)
_PARTIAL = re.compile(
    r"\b(?:first|second)\s+half\b|\bhalf[-\s]year\b|\b(?:three|six|nine)[-\s]months?\b"
    r"|\byear[-\s]to[-\s]date\b|\bYTD\b|\bquarter(?:ly)?\b",
    re.IGNORECASE,
)
# A whole year in words. (A period written out, "the year ended …", "fiscal year 2024", is blanked before
# this is read: its own length is held by `backs`.)
_WHOLE_YEAR = re.compile(
    r"\bannual(?:ly)?\b|\bfull[-\s]year\b|\bwhole\s+year\b|\btwelve[-\s]months?\b"
    r"|\bfor\s+the\s+(?:(?:fiscal|calendar)\s+)?year\b(?![-\s]+(?:to[-\s]+date|ago|over|earlier|before))",
    re.IGNORECASE,
)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
# What separates the items of a list: "net sales and net income", "revenue, cost of sales".
_LIST_BREAK = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)
_PART_OF_YEAR_DAYS = 300
_COLON = ":"
_CHANGE_KINDS = frozenset({"change", "growth", "difference"})


# Words of a claim that name no line item: verbs of reporting, filler, direction and derivation words.
def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_CLAIM_NEUTRAL = _wordset(
    "are been being has have had show shows showed shown stood stand came come amounted amount totaled "
    "totalled totaling totalling totals reach reached hit posted recorded record reports report "
    "reported earned booked brought delivered achieved approximately about roughly nearly some around "
    "just over under it they which that this these those while whereas compared versus vs than during "
    "then same prior previous last latest up down increase increased decrease decreased grew "
    "growth change difference computed cited two combined minus plus respectively also came reaching "
    "lost lose loss deficit declined fell rose dropped k q fy mark marked level levels who whose s "
    "margin ratio percentage percent rate pct"
)
_RATE = frozenset({"rate", "percent", "percentage", "ratio", "pct"})


# --- reading claims ----------------------------------------------------------------------------------


def _clauses(text: str) -> list[Span]:
    spans, start = [], 0
    for found in _CLAUSE_BREAK.finditer(text):
        spans.append((start, found.start()))
        start = found.end()
    spans.append((start, len(text)))
    return [span for span in spans if span[0] < span[1]]


@dataclass(frozen=True, slots=True)
class _Mention:
    ticker: str
    start: int
    end: int


@functools.lru_cache(maxsize=4096)
def _company_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """A company's names as written in prose: a ticker in capitals, a name with a capital initial. Kept
    compiled per company: `re`'s own cache holds 512 patterns, fewer than a store's companies."""
    forms = sorted({name for name in names if name}, key=len, reverse=True)
    if not forms:
        return None
    alternatives = [re.escape(name) if name.isupper() else _capital_initial(name) for name in forms]
    return re.compile(rf"(?<![\w-])(?:{'|'.join(alternatives)})(?:['’]s)?(?![\w-])")


def _capital_initial(name: str) -> str:
    """`name` case-insensitively, except that its first letter is a capital (so "target" is no Target)."""
    head, rest = name[0], name[1:]
    return f"{re.escape(head.upper())}(?i:{re.escape(rest)})"


def _mentions(text: str, companies: Mapping[str, Sequence[str]]) -> list[_Mention]:
    found: list[_Mention] = []
    lowered = text.lower()
    for ticker, names in companies.items():
        written = (ticker, *names)
        # A mention holds one of the names, in any case: a substring test first, so that a store of
        # thousands of companies costs a scan of the text per company only for those it may name (#31).
        if not any(name and name.lower() in lowered for name in written):
            continue
        pattern = _company_pattern(written)
        if pattern is not None:
            found += [
                _Mention(ticker, m.start(), m.end())
                for m in pattern.finditer(text)
                # a ticker ending a name of several words ("Intel's Data Center and AI revenue") is no
                # mention of that ticker's company (C3.ai)
                if not (m.group() == ticker and _NAME_BEFORE.search(text, 0, m.start()))
            ]
    found.sort(key=lambda mention: (mention.start, -mention.end))
    kept: list[_Mention] = []
    for mention in found:  # a longer name wins over a shorter one inside it ("Meta Platforms", "Meta")
        if kept and mention.start < kept[-1].end:
            continue
        # "Alphabet's (total) Google Cloud revenue": a name of the company after the company's mention, and
        # before a capitalised word, is a word of its segment's or product's name, not the company again
        if (
            kept
            and kept[-1].ticker == mention.ticker
            and _NAME_GOES_ON.match(text, mention.end)
            and not _CLAUSE_BREAK.search(text, kept[-1].end, mention.end)  # in the same sentence
        ):
            continue
        kept.append(mention)
    return kept


_NAME_GOES_ON = re.compile(r"\s+[A-Z]")
# (or, as an asker typed it, after "&": "data center & AI", which prose never writes between two companies)
_NAME_BEFORE = re.compile(r"\b[A-Z][\w.-]*\s+(?:and|&)\s+$|\b\w[\w.-]*\s+&\s+$")


def _subject(mentions: Sequence[_Mention], clause: Span, at: int) -> _Mention | None:
    before = [m for m in mentions if clause[0] <= m.start and m.end <= at]
    if before:
        return before[-1]
    after = [m for m in mentions if at <= m.start and m.end <= clause[1]]
    if after:
        return after[0]
    earlier = [m for m in mentions if m.end <= clause[0]]
    return earlier[-1] if earlier else None


def _blank(text: str, spans: Sequence[Span]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _filing_periods(text: str, periods: Sequence[WrittenPeriod]) -> set[int]:
    """The start of each period that describes a filing ("10-K for the period ended …")."""
    ends = {found.end() for found in _FILING_PHRASE.finditer(text)}
    return {period.start for period in periods if period.start in ends}


def _claim_periods(
    periods: Sequence[WrittenPeriod], segment: Span, following: Span
) -> tuple[WrittenPeriod, ...]:
    before = tuple(p for p in periods if segment[0] <= p.start and p.end <= segment[1])
    if before:
        return before
    return tuple(p for p in periods if following[0] <= p.start and p.end <= following[1])


def inside(span: Span, spans: Sequence[Span]) -> bool:
    """Whether the span lies within one of the spans."""
    return any(start <= span[0] and span[1] <= end for start, end in spans)


@dataclass(frozen=True, slots=True)
class _Reading:
    """What the claims of a draft are read from."""

    text: str
    plain: str  # the text less figures, periods, references, markers, form names and companies
    periods: list[WrittenPeriod]  # the periods a claim may name (not a filing's)
    mentions: list[_Mention]
    quotes: Sequence[Span]


def _reading(text: str, companies: Mapping[str, Sequence[str]], quotes: Sequence[Span]) -> _Reading:
    extraction = extract(text)
    filing_dates = _filing_periods(text, extraction.periods)
    periods = [p for p in extraction.periods if p.start not in filing_dates]
    mentions = [m for m in _mentions(text, companies) if not inside((m.start, m.end), quotes)]
    plain = _blank(
        text,
        [(f.start, f.end) for f in extraction.figures]
        + [(p.start, p.end) for p in extraction.periods]
        + [(r.start, r.end) for r in extraction.references]
        + [(m.start(), m.end()) for pattern in (_MARKER, _FORM) for m in pattern.finditer(text)]
        + [(m.start, m.end) for m in mentions],
    )
    plain = _ALTERNATIVE.sub(lambda m: " " * len(m[0]), plain)
    return _Reading(text, plain, periods, mentions, quotes)


def _part_of_year(period: WrittenPeriod) -> bool:
    """A quarter, or a length of months shorter than a year ("six months ended …")."""
    if period.kind == "quarter":
        return True
    return period.kind == "duration" and period.days is not None and period.days <= _PART_OF_YEAR_DAYS


def _item_start(reading: _Reading, clause: Span, previous_end: int, at: int) -> int:
    """Where the item words of the figure at `at` begin: after the previous figure, a colon, or the
    subject named before it."""
    start = max(previous_end, reading.text.rfind(_COLON, clause[0], at) + 1)
    subject = _subject(reading.mentions, clause, at)
    if subject is not None and start <= subject.start < at:
        start = subject.end
    return start


def _clause_claims(reading: _Reading, clause: Span, checks: Sequence[FigureCheck]) -> list[Claim]:
    """The claim of each matched figure of `clause` (`checks`, in text order) outside the quotes."""
    partial = bool(_PARTIAL.search(reading.plain, *clause)) or any(
        _part_of_year(p) for p in reading.periods if clause[0] <= p.start < clause[1]
    )
    whole_year = bool(_WHOLE_YEAR.search(reading.plain, *clause))
    claims: list[Claim] = []
    previous_end, previous_item = clause[0], ""
    for index, check in enumerate(checks):
        figure, source = check.figure, check.matched_source
        assert source is not None
        if inside((figure.start, figure.end), reading.quotes):
            previous_end = figure.end
            continue
        following_end = checks[index + 1].figure.start if index + 1 < len(checks) else clause[1]
        subject = _subject(reading.mentions, clause, figure.start)
        start = _item_start(reading, clause, previous_end, figure.start)
        item = reading.plain[start : figure.start].strip() or previous_item
        named = _claim_periods(reading.periods, (previous_end, figure.start), (figure.end, following_end))
        loss = bool(_LOSS.search(reading.plain[start : figure.start]))
        ticker = subject.ticker if subject else None
        claims.append(Claim(figure, source, ticker, item, named, loss, partial, whole_year))
        # periods after a figure are its own, not the next figure's ("$X in 2024 and $Y in 2023")
        previous_end = max([figure.end, *(period.end for period in named)])
        previous_item = item
    return claims


T = TypeVar("T")


def _listed(things: Sequence[T], index: int, count: int) -> T | None:
    """The `index`-th of `count` figures' own thing of a list: the one thing, or the thing at its place."""
    if len(things) == 1:
        return things[0]
    return things[index] if len(things) == count else None


@dataclass(frozen=True, slots=True)
class _Listing:
    """What a clause lists "respectively": its figures (each at its place) and the periods, companies and
    item words written before the first of them or after the last."""

    places: dict[Span, int]
    periods: list[WrittenPeriod] | None  # None: periods stand between the figures, each its figure's own
    mentions: list[_Mention]
    items: list[str]
    words: str  # the item words before the first figure, whole


def _listing(reading: _Reading, clause: Span, figures: Sequence[WrittenFigure]) -> _Listing | None:
    found = _RESPECTIVELY.search(reading.text, *clause)
    assert found is not None
    listed = [f for f in figures if f.start < found.start() and not inside((f.start, f.end), reading.quotes)]
    if len(listed) < 2:
        return None
    first, last = listed[0].start, listed[-1].end
    end = next((f.start for f in figures if f.start > found.start()), clause[1])

    def outside(start: int, stop: int) -> bool:
        return clause[0] <= start and stop <= end and (stop <= first or last <= start)

    between = any(first <= p.start and p.end <= last for p in reading.periods)
    words = reading.plain[_item_start(reading, clause, clause[0], first) : first]
    return _Listing(
        {(f.start, f.end): index for index, f in enumerate(listed)},
        None if between else [p for p in reading.periods if outside(p.start, p.end)],
        [m for m in reading.mentions if outside(m.start, m.end)],
        [part for part in _LIST_BREAK.split(words) if terms(part, _CLAIM_NEUTRAL)],
        words.strip(),
    )


def _paired(claim: Claim, listing: _Listing) -> Claim:
    """`claim` with the period, company and item words at its figure's place in `listing`."""
    index = listing.places.get((claim.figure.start, claim.figure.end))
    if index is None:
        return claim  # a figure after "respectively" is read as any other
    count = len(listing.places)
    item = _listed(listing.items, index, count) or listing.words
    company = listing.mentions[index].ticker if len(listing.mentions) == count else claim.company
    periods, unpaired = claim.periods, None
    if listing.periods:
        period = _listed(listing.periods, index, count)
        periods = (period,) if period is not None else ()
        unpaired = None if period is not None else f"{len(listing.periods)} periods for {count} figures"
    loss = bool(_LOSS.search(item))
    return replace(claim, company=company, item=item, periods=periods, loss=loss, unpaired=unpaired)


def _respectively(
    reading: _Reading, clause: Span, claims: Sequence[Claim], figures: Sequence[WrittenFigure]
) -> list[Claim]:
    """Claims of a clause that lists its figures "respectively" ("In fiscal 2023 and fiscal 2024, net
    sales were $X and $Y, respectively"): the periods, companies and items listed before the figures (or
    after them, up to the next figure) pair with the figures in order; one of them is every figure's.
    Periods that cannot pair (two for three figures) fail closed."""
    listing = _listing(reading, clause, figures)
    return [_paired(claim, listing) for claim in claims] if listing else list(claims)


def read_claims(
    text: str,
    figures: Sequence[FigureCheck],
    companies: Mapping[str, Sequence[str]],
    quotes: Sequence[Span] = (),
) -> list[Claim]:
    """The claim of each matched figure of `text` outside `quotes`. `companies`: ticker → the names it goes
    by (the cited filers' and the other known companies')."""
    reading = _reading(text, companies, quotes)
    claims: list[Claim] = []
    for clause in _clauses(text):
        in_clause = [check for check in figures if clause[0] <= check.figure.start < clause[1]]
        matched = [check for check in in_clause if check.matched_source is not None]
        own = _clause_claims(reading, clause, matched)
        if own and _RESPECTIVELY.search(text, *clause):
            own = _respectively(reading, clause, own, [check.figure for check in in_clause])
        claims += own
    return claims


# --- checking claims ---------------------------------------------------------------------------------


def _cells_of(source: CellSource | DerivationSource) -> tuple[int, ...]:
    return (source.cell_id,) if isinstance(source, CellSource) else source.inputs


def _company_problem(claim: Claim, cells: Sequence[ClaimCell]) -> str | None:
    filers = {cell.company for cell in cells}
    if claim.company is None or claim.company in filers:
        return None
    return f"the claim names {claim.company}; the cited figure is {', '.join(sorted(filers))}'s"


def _unit_of(phrase_terms: frozenset[str]) -> str:
    """The unit the item words imply: the figure's own unit has been matched already."""
    if PER_SHARE in phrase_terms:
        return "USD/share"
    return "percent" if phrase_terms & _RATE else "USD"


_CHANGE_TERM = "change"


def _readings(claim: Claim) -> list[frozenset[str]]:
    """The words that may name nothing in the claim's item words, in turn. A rate word names the unit
    ("a margin of 46%") or is the line's own name ("Effective tax rate"); a change word names a derivation
    or, for a cell, a printed change ("Increase/(Decrease) in cash", "Net change in borrowings")."""
    readings = [_CLAIM_NEUTRAL, _CLAIM_NEUTRAL - _RATE]
    if isinstance(claim.source, CellSource) and _CHANGE_TERM in terms(claim.item):
        readings += [filler - {_CHANGE_TERM} for filler in readings]
    return readings


def _item_problem(claim: Claim, cells: Sequence[ClaimCell], label: str = "") -> str | None:
    """None when some reading of the claim's item words names its cells (or, for a derivation, its
    label: the metric a formula computes, "days payable outstanding"); else the first reading's problem."""
    problems = []
    for filler in _readings(claim):
        problem = _item_problem_of(filler, claim, cells, label)
        if problem is None:
            return None
        problems.append(problem)
    return problems[0]


def _item_problem_of(
    filler: frozenset[str], claim: Claim, cells: Sequence[ClaimCell], label: str = ""
) -> str | None:
    wanted = terms(claim.item, filler)
    if not wanted:
        return None
    if isinstance(claim.source, DerivationSource):
        carried = terms(label).union(*(_carried(fact) for cell in cells for fact in cell.facts))
        missing = wanted - carried
        return f"no input of the derivation carries {sorted(missing)}" if missing else None
    # the item words themselves, not their terms re-joined: folding joins words by their order ("income
    # taxes" is "tax"), and sorted terms would fold to another line
    phrase = " ".join(claim.item.split())
    problems = []
    for cell in cells:
        for fact in cell.facts:
            result = check_item(AskedItem(phrase), replace(fact, unit=_unit_of(wanted)), filler)
            if result.ok:
                return None
            problems.append(result.reason)
    return problems[0] if problems else "the cell is not in the database"


def _carried(fact: CellFacts) -> frozenset[str]:
    """The terms a cell's labels, caption, concept and members carry."""
    described = [*fact.row_path, fact.column_label, fact.caption or ""]
    described += [concept_words(fact.concept)] if fact.concept else []
    described += [member_words(member) for member in fact.members]
    return frozenset().union(*(terms(text) for text in described))


def _period_problem(claim: Claim, cells: Sequence[ClaimCell]) -> str | None:
    if claim.unpaired is not None:
        return f"a list 'respectively' cannot pair its periods with its figures: {claim.unpaired}"
    if claim.partial and any(_days(cell.period) > _PART_OF_YEAR_DAYS for cell in cells):
        return "a part of a year is named for a full year's figure"
    if not claim.partial and any(_is_part_of_year(cell.period) for cell in cells):
        problem = _year_for_part(claim)
        if problem is not None:
            return problem
    for period in claim.periods:
        if not any(backs(period, cell.period) for cell in cells):
            return f"'{period.text}' is not the cited figure's period"
    return None


def _is_part_of_year(period: PeriodRef) -> bool:
    return period.period_kind == "duration" and 0 < _days(period) <= _PART_OF_YEAR_DAYS


def _year_for_part(claim: Claim) -> str | None:
    """A part of a year's figure (a quarter's, six months') stated as a year's: in words ("annual", "for
    the year"), or by a year alone with no quarter or months named in its clause ("a loss of $X in 2023").
    """
    if claim.whole_year:
        return "a whole year is named for a part of a year's figure"
    if claim.periods and all(period.kind == "year" for period in claim.periods):
        return f"'{claim.periods[0].text}' alone names a year for a part of a year's figure"
    return None


def _days(period: PeriodRef) -> int:
    if period.period_start is None:
        return 0
    return (period.period_end - period.period_start).days + 1


def _is_loss_line(label: str) -> bool:
    """A line whose positive value is a loss: "Net loss", "Loss (gain) on securities"; not "Net income
    (loss)"."""
    return bool(_LOSS_LINE.search(_LOSS_ALTERNATIVE.sub(" ", label)))


def _loss_problem(claim: Claim, cells: Sequence[ClaimCell]) -> str | None:
    if not claim.loss or isinstance(claim.source, DerivationSource) or claim.figure.value < 0:
        return None
    if any(cell.value < 0 or _is_loss_line(cell.row_label) for cell in cells):
        return None
    return "a loss is named for a value that is not negative"


def _one_line(cells: Sequence[ClaimCell]) -> bool:
    """Whether the cells are one company's one line: its tagged concept and members, else its label."""
    if len({cell.company for cell in cells}) != 1:
        return False
    tags = {(fact.concept, fact.members) for cell in cells for fact in cell.facts[:1] if fact.concept}
    if tags:
        return len(tags) == 1 and all(cell.facts for cell in cells)
    return len({" ".join(cell.row_label.lower().split()) for cell in cells}) == 1


def _as_one_period(
    derivation: Derivation | None, cells: Sequence[ClaimCell]
) -> tuple[Sequence[ClaimCell], str | None]:
    """The cells a claim's periods are held to: for a "period" derivation, its inputs as the one period they
    add up to (or why they do not); the cells themselves otherwise."""
    if derivation is None or derivation.kind != "period":
        return cells, None
    if not _one_line(cells):
        return cells, "the periods added up are not one line's"
    period = derived_period(derivation, {cell.cell_id: cell.period for cell in cells})
    if period is None:
        return cells, "the periods added up do not make one period"
    return [replace(cells[0], period=period)], None


def check_claim(
    claim: Claim, cells: Mapping[int, ClaimCell], derivations: Sequence[Derivation] = ()
) -> Failure | None:
    """The first way `claim` misstates its cited cell or derivation (`derivations`: the draft's, by the
    index a claim's source names); None when it states it."""
    derivation = derivations[claim.source.index] if isinstance(claim.source, DerivationSource) else None
    label = derivation.label if derivation is not None else ""
    if derivation is not None and not derivation.inputs:
        return None  # a stated rule's own figure (a judgment's threshold): it claims nothing of a filing
    found = [cells[cell_id] for cell_id in _cells_of(claim.source) if cell_id in cells]
    if not found:
        return Failure("company", claim.figure.text, _span(claim), "the cited cell is unknown")
    held, unsummed = _as_one_period(derivation, found)
    for kind, problem in (
        ("company", _company_problem(claim, found)),
        ("period", unsummed or _period_problem(claim, held)),
        ("sign", _loss_problem(claim, found)),
        ("item", _item_problem(claim, found, label)),
    ):
        if problem is not None:
            return Failure(kind, claim.figure.text, _span(claim), problem)  # type: ignore[arg-type]
    return None


def _checked(
    claim: Claim, cells: Mapping[int, ClaimCell], derivations: Sequence[Derivation]
) -> Failure | None:
    """`check_claim`, where a figure two derivations state alike ("4.7%": Walmart U.S.'s 4.66% growth and
    Sam's Club's 4.71%) stands for whichever one its words state: it fails only when none of them holds."""
    failed = check_claim(claim, cells, derivations)
    if failed is None or not isinstance(claim.source, DerivationSource):
        return failed
    for index, other in enumerate(derivations):
        if index != claim.source.index and matches(claim.figure, other.value, other.unit):
            alike = replace(claim, source=DerivationSource(index, other.inputs))
            if check_claim(alike, cells, derivations) is None:
                return None
    return failed


def _span(claim: Claim) -> Span:
    return claim.figure.start, claim.figure.end


# --- direction ---------------------------------------------------------------------------------------


def _direction_failures(
    text: str,
    claims: Sequence[Claim],
    cells: Mapping[int, ClaimCell],
    derivations: Sequence[Derivation],
) -> list[Failure]:
    """A direction verb ("grew", "declined") in a clause must agree with the cited change it states, or
    with the two periods of one line its clause compares; a direction with neither is unbacked."""
    failures: list[Failure] = []
    for clause in _clauses(text):
        words = [(m, "up") for m in _UP.finditer(text, *clause)]
        words += [(m, "down") for m in _DOWN.finditer(text, *clause)]
        if not words:
            continue
        own = [claim for claim in claims if clause[0] <= claim.figure.start < clause[1]]
        moved = _movements(own, cells, derivations)
        for found, way in words:
            span = (found.start(), found.end())
            if not own:
                continue  # no figure: a direction in words only ("sales grew") states no number
            if not moved:
                failures.append(Failure("sign", found[0], span, "a direction no cited change backs"))
            elif way not in moved:
                failures.append(Failure("sign", found[0], span, f"the cited figures moved {moved.pop()}"))
    return failures


def _movements(
    claims: Sequence[Claim], cells: Mapping[int, ClaimCell], derivations: Sequence[Derivation]
) -> set[str]:
    """Which ways the clause's figures moved: a cited change's sign, or one line's later period against
    its earlier one."""
    ways: set[str] = set()
    levels: dict[str, list[ClaimCell]] = {}
    for claim in claims:
        if isinstance(claim.source, DerivationSource):
            derivation = derivations[claim.source.index]
            if derivation.kind in _CHANGE_KINDS and derivation.value:
                ways.add("up" if derivation.value > 0 else "down")
        elif claim.source.cell_id in cells:
            cell = cells[claim.source.cell_id]
            levels.setdefault(f"{cell.company}|{cell.row_label.lower()}", []).append(cell)
    for same in levels.values():
        ordered = sorted(same, key=lambda cell: cell.period.period_end)
        if len(ordered) >= 2 and ordered[-1].value != ordered[0].value:
            ways.add("up" if ordered[-1].value > ordered[0].value else "down")
    return ways


def claim_failures(
    text: str,
    figures: Sequence[FigureCheck],
    cells: Mapping[int, ClaimCell],
    derivations: Sequence[Derivation],
    companies: Mapping[str, Sequence[str]],
    quotes: Sequence[Span] = (),
) -> list[Failure]:
    """Every claim of `text` that misstates its cited cell or derivation, and every direction word that no
    cited change backs. Fails closed."""
    claims = read_claims(text, figures, companies, quotes)
    failures = [failed for claim in claims if (failed := _checked(claim, cells, derivations)) is not None]
    directions = _direction_failures(_blank(text, list(quotes)), claims, cells, derivations)
    return sorted([*failures, *directions], key=lambda failure: failure.span or (-1, -1))
