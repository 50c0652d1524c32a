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
  each the cell's period (a derivation: an input's). A date describing a filing ("the 10-K for the period
  ended …") names no claim's period.
- Sign and direction: a loss word ("net loss … was", "lost") needs a negative value or a line that is a
  loss; a direction verb ("grew", "declined") needs a cited change of that sign, or a comparison in its
  clause of the same line at two periods that moved that way.

Figures inside verbatim quotes are the filer's words and are not held to claims. Pure; plain data in.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

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


Span = tuple[int, int]

# Clauses: sentences and the parts of a sentence a semicolon or a line break separates.
_CLAUSE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'“])|;\s*|\n+")
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
    "then same prior previous last current latest up down increase increased decrease decreased grew "
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


def _company_pattern(names: Sequence[str]) -> re.Pattern[str] | None:
    """A company's names as written in prose: a ticker in capitals, a name with a capital initial."""
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
    for ticker, names in companies.items():
        pattern = _company_pattern([ticker, *names])
        if pattern is not None:
            found += [_Mention(ticker, m.start(), m.end()) for m in pattern.finditer(text)]
    found.sort(key=lambda mention: (mention.start, -mention.end))
    kept: list[_Mention] = []
    for mention in found:  # a longer name wins over a shorter one inside it ("Meta Platforms", "Meta")
        if not kept or mention.start >= kept[-1].end:
            kept.append(mention)
    return kept


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


def _inside(span: Span, spans: Sequence[Span]) -> bool:
    return any(start <= span[0] and span[1] <= end for start, end in spans)


def read_claims(
    text: str,
    figures: Sequence[FigureCheck],
    companies: Mapping[str, Sequence[str]],
    quotes: Sequence[Span] = (),
) -> list[Claim]:
    """The claim of each matched figure of `text` outside `quotes`. `companies`: ticker → the names it goes
    by (the cited filers' and the other known companies')."""
    extraction = extract(text)
    filing_dates = _filing_periods(text, extraction.periods)
    periods = [p for p in extraction.periods if p.start not in filing_dates]
    mentions = [m for m in _mentions(text, companies) if not _inside((m.start, m.end), quotes)]
    # what item words are read from: no figures, periods, references, markers or form names
    plain = _blank(
        text,
        [(f.start, f.end) for f in extraction.figures]
        + [(p.start, p.end) for p in extraction.periods]
        + [(r.start, r.end) for r in extraction.references]
        + [(m.start(), m.end()) for pattern in (_MARKER, _FORM) for m in pattern.finditer(text)]
        + [(m.start, m.end) for m in mentions],
    )
    plain = _ALTERNATIVE.sub(lambda m: " " * len(m[0]), plain)
    claims: list[Claim] = []
    for clause in _clauses(text):
        in_clause = [
            check
            for check in figures
            if clause[0] <= check.figure.start < clause[1] and check.matched_source is not None
        ]
        previous_end, previous_item = clause[0], ""
        for index, check in enumerate(in_clause):
            figure, source = check.figure, check.matched_source
            assert source is not None
            following_end = in_clause[index + 1].figure.start if index + 1 < len(in_clause) else clause[1]
            subject = _subject(mentions, clause, figure.start)
            if _inside((figure.start, figure.end), quotes):
                previous_end = figure.end
                continue
            start = max(previous_end, text.rfind(_COLON, clause[0], figure.start) + 1)
            if subject is not None and start <= subject.start < figure.start:
                start = subject.end
            item = plain[start : figure.start].strip() or previous_item
            named = _claim_periods(periods, (previous_end, figure.start), (figure.end, following_end))
            loss = bool(_LOSS.search(plain[start : figure.start]))
            claims.append(Claim(figure, source, subject.ticker if subject else None, item, named, loss))
            # periods after a figure are its own, not the next figure's ("$X in 2024 and $Y in 2023")
            previous_end = max([figure.end, *(period.end for period in named)])
            previous_item = item
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


def _item_problem(claim: Claim, cells: Sequence[ClaimCell]) -> str | None:
    wanted = terms(claim.item, _CLAIM_NEUTRAL)
    if not wanted:
        return None
    phrase = " ".join(sorted(wanted))
    if isinstance(claim.source, DerivationSource):
        carried = frozenset().union(*(_carried(fact) for cell in cells for fact in cell.facts))
        missing = wanted - carried
        return f"no input of the derivation carries {sorted(missing)}" if missing else None
    problems = []
    for cell in cells:
        for fact in cell.facts:
            result = check_item(AskedItem(phrase), replace(fact, unit=_unit_of(terms(phrase))))
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
    for period in claim.periods:
        if not any(backs(period, cell.period) for cell in cells):
            return f"'{period.text}' is not the cited figure's period"
    return None


def _loss_problem(claim: Claim, cells: Sequence[ClaimCell]) -> str | None:
    if not claim.loss or isinstance(claim.source, DerivationSource) or claim.figure.value < 0:
        return None
    if any(cell.value < 0 or _LOSS_LINE.search(cell.row_label) for cell in cells):
        return None
    return "a loss is named for a value that is not negative"


def check_claim(claim: Claim, cells: Mapping[int, ClaimCell]) -> Failure | None:
    """The first way `claim` misstates its cited cell or derivation; None when it states it."""
    found = [cells[cell_id] for cell_id in _cells_of(claim.source) if cell_id in cells]
    if not found:
        return Failure("company", claim.figure.text, _span(claim), "the cited cell is unknown")
    for kind, problem in (
        ("company", _company_problem(claim, found)),
        ("period", _period_problem(claim, found)),
        ("sign", _loss_problem(claim, found)),
        ("item", _item_problem(claim, found)),
    ):
        if problem is not None:
            return Failure(kind, claim.figure.text, _span(claim), problem)  # type: ignore[arg-type]
    return None


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
    failures = [failure for claim in claims if (failure := check_claim(claim, cells)) is not None]
    directions = _direction_failures(_blank(text, list(quotes)), claims, cells, derivations)
    return sorted([*failures, *directions], key=lambda failure: failure.span or (-1, -1))
