"""The filing's own vocabulary: what each numeric cell says it is, and the cells that best fit an asked item.

Any figure a filing shows can be asked for, in the filer's words: each cell (each XBRL fact linked to it, or
the untagged cell) is described by its row-label path, its column label, its XBRL concept split into words
(`PaymentsForRepurchaseOfCommonStock` → "payments for repurchase of common stock"), its dimension members
(`MacMember` → "mac") and, untagged, its table caption. Words are folded as the item-faithfulness check
folds them (`verify.items.terms`: plurals, synonyms, neutral words), so that a cell chosen here carries the
words the check looks for; the check itself stays separate and is run on the answer in the verifier.

Scoring is lexical and deterministic. A candidate must carry every term of the asked phrase, name no member
the phrase does not, fit the unit (per share, rate, share count) and the period asked. Among candidates,
in order: the fewest terms the row (or else the concept) names beyond the phrase (so "provision for
income taxes" is not picked for "income before provision for income taxes"), the curated items' concepts
as preferences (revenue means the consolidated total), the row itself naming the phrase, tagged before
untagged, the filing that reports the period as its own, document order. Cells that tie on all of these
but show different values are ambiguous: the answer names them all and is not `verified`.

A tagged cell's value is its fact's (the sign is the concept's meaning: a payment printed "(11,339)" is
11,339 paid), except for percentages, whose facts are fractions (0.162) where the cell prints 16.2.

Each company's vocabulary is read once per process and database (about 28k cells for the corpus) and kept
until its filings change.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.qa.periods import DATE_TOLERANCE, Target
from filingproof.qa.store import CellHit, hit_of
from filingproof.verify.items import PAYMENT, PER_SHARE, concept_words, member_words, terms

_CELLS = """
SELECT c.id AS cell_id, x.id AS fact_id, COALESCE(x.concept, c.concept) AS concept, x.dimensions, c.text,
       CASE WHEN c.unit = 'percent' THEN c.value ELSE COALESCE(x.value, c.value) END AS value,
       c.unit, c.scale AS display_scale, c.row_label, c.row_path,
       c.column_label,
       CASE WHEN x.id IS NULL THEN c.period_kind = 'instant' ELSE x.instant END AS instant,
       CASE WHEN x.id IS NULL THEN c.period_start ELSE x.period_start END AS period_start,
       CASE WHEN x.id IS NULL THEN c.period_end ELSE x.period_end END AS period_end,
       c.page_no, p.label AS page_label, c.x0, c.y0, c.x1, c.y1, t.title AS table_title, f.id AS filing_id,
       f.accession, f.ticker, f.form, f.period_end AS filing_period_end, f.fiscal_year, f.fiscal_period
FROM cells c
JOIN tables t ON t.id = c.table_id
JOIN filings f ON f.id = c.filing_id
JOIN pages p ON p.filing_id = c.filing_id AND p.page_no = c.page_no
LEFT JOIN xbrl_facts x ON x.cell_id = c.id AND x.value IS NOT NULL
WHERE f.ticker = :ticker AND c.unit <> 'number'
  AND (x.id IS NOT NULL OR c.period_end IS NOT NULL)
ORDER BY c.filing_id, c.id, x.id
"""

_RATE_TERMS = frozenset({"rate", "percent", "percentage", "ratio", "pct"})
_RATE_UNITS = frozenset({"percent", "ratio"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One cell, or one fact linked to it, with the terms that describe it."""

    cell: CellHit
    row: frozenset[str]  # what the row says it is: the nearest label of its path that names something
    concept: frozenset[str]  # its concept's words
    members: tuple[frozenset[str], ...]  # each dimension member's words
    carried: frozenset[str]  # every descriptor together
    order: int  # document order within the company's filings


@dataclass(frozen=True, slots=True)
class Vocabulary:
    ticker: str
    entries: tuple[Entry, ...]
    by_term: dict[str, tuple[int, ...]]  # term → indexes of the entries that carry it


@dataclass(frozen=True, slots=True)
class Resolution:
    """The cells that best fit an asked item: one, or several equally good with different values."""

    best: tuple[Entry, ...]  # the chosen entry first; the rest tie with it on every score
    same_item: tuple[Entry, ...]  # the chosen item's cells in other filings (restatements)
    exact: bool = False  # the chosen row (or concept) names nothing beyond the asked item

    @property
    def ambiguous(self) -> bool:
        return len({entry.cell.value for entry in self.best}) > 1


def _row_terms(path: Sequence[str], neutral: frozenset[str]) -> frozenset[str]:
    for label in reversed(path):
        found = terms(label, neutral)
        if found:
            return found
    return frozenset()


def _entry(row: Any, order: int, neutral: frozenset[str]) -> Entry:
    cell = hit_of(row)
    path = tuple(row.row_path or ()) or (row.row_label,)
    concept = terms(concept_words(cell.concept), neutral) if cell.concept else frozenset()
    members = tuple(terms(member_words(str(m)), neutral) for m in cell.dimensions.values())
    described = [*path, row.column_label or ""]
    if row.fact_id is None and row.table_title:
        described.append(row.table_title)
    carried = frozenset().union(concept, *members, *(terms(words, neutral) for words in described))
    return Entry(cell, _row_terms(path, neutral), concept, members, carried, order)


def build_vocabulary(ticker: str, rows: Iterable[Any], neutral: frozenset[str]) -> Vocabulary:
    entries = tuple(_entry(row, order, neutral) for order, row in enumerate(rows))
    index: dict[str, list[int]] = {}
    for i, entry in enumerate(entries):
        for term in entry.carried:
            index.setdefault(term, []).append(i)
    return Vocabulary(ticker, entries, {term: tuple(found) for term, found in index.items()})


# (database, ticker) → (the filings it was read from, the vocabulary)
_CACHE: dict[tuple[str, str], tuple[tuple[int, ...], Vocabulary]] = {}


def _database(session: AsyncSession) -> str:
    bind = session.bind
    return str(getattr(bind, "url", id(bind)))


async def vocabulary(
    session: AsyncSession, ticker: str, filing_ids: Sequence[int], neutral: frozenset[str]
) -> Vocabulary:
    """The company's vocabulary, read once per process and kept while its filings stay the same."""
    key = (_database(session), ticker)
    filings = tuple(sorted(filing_ids))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == filings:
        return cached[1]
    rows = (await session.execute(text(_CELLS), {"ticker": ticker})).all()
    built = build_vocabulary(ticker, rows, neutral)
    _CACHE[key] = (filings, built)
    return built


def _unit_fits(wanted: frozenset[str], unit: str) -> bool:
    if (PER_SHARE in wanted) != (unit == "USD/share"):
        return False
    if unit == "shares" and "share" not in wanted:
        return False
    return bool(wanted & _RATE_TERMS) == (unit in _RATE_UNITS)


def _extras(entry: Entry, accepted: frozenset[str]) -> int:
    """How many terms the row (or else the concept, whichever names fewer) adds to the asked item."""
    counts = [len(found - accepted) for found in (entry.row, entry.concept) if found]
    return min(counts, default=len(accepted))


def _in_period(cell: CellHit, targets: Sequence[Target]) -> bool:
    return any(t.matches(cell.instant, cell.period_start, cell.period_end) for t in targets)


def _own_filing(cell: CellHit, targets: Sequence[Target]) -> bool:
    return any(abs(cell.filing_period_end - t.end) <= DATE_TOLERANCE for t in targets)


def candidates(vocab: Vocabulary, wanted: frozenset[str], targets: Sequence[Target]) -> list[Entry]:
    """The entries that carry every asked term, name no other member, and fit the unit and period."""
    if not wanted:
        return []
    found: set[int] | None = None
    for term in wanted:
        having = set(vocab.by_term.get(term, ()))
        found = having if found is None else found & having
        if not found:
            return []
    entries = [vocab.entries[i] for i in sorted(found or ())]
    return [
        entry
        for entry in entries
        if all(member <= wanted for member in entry.members)
        and _unit_fits(wanted, entry.cell.unit)
        and _in_period(entry.cell, targets)
    ]


_SEGMENT = re.compile(r"\bsegments?\b", re.IGNORECASE)


def _is_payment(entry: Entry) -> bool:
    """A cash payment line: "Payments for repurchase of common stock", "Dividends paid"."""
    return PAYMENT in entry.concept or PAYMENT in entry.row


def _key(
    entry: Entry,
    wanted: frozenset[str],
    accepted: frozenset[str],
    preferred: Sequence[str],
    flags: tuple[bool, bool],
) -> tuple[int, bool, bool, int, int, int, bool]:
    concept = entry.cell.concept
    rank = preferred.index(concept) if concept in preferred else len(preferred)
    member_terms = frozenset().union(*entry.members)
    unnamed_by_row = len(wanted - entry.row - member_terms)
    # "the Automotive segment" is the segment's member, not the "Automotive sales" product line
    segment, paid = flags
    off_axis = segment and bool(entry.members) and not any("Segment" in a for a in entry.cell.dimensions)
    # what was spent or paid is the cash-flow statement's payment, not the equity statement's line
    not_paid = paid and not _is_payment(entry)
    # fewer members first: a consolidated line before a member's whose words the phrase happens to hold
    # ("Operating segments" for "operating income")
    members = len(entry.members)
    return (
        _extras(entry, accepted),
        not_paid,
        off_axis,
        members,
        rank,
        unnamed_by_row,
        entry.cell.fact_id is None,
    )


def resolve(
    vocab: Vocabulary,
    phrase: str,
    targets: Sequence[Target],
    neutral: frozenset[str],
    preferred: Sequence[str] = (),
    paid: bool = False,
) -> Resolution | None:
    """The cells of the vocabulary that best fit `phrase` for one of `targets`, or None. `paid`: the
    question asks what was paid or spent (a payment line is preferred, its word "payment" accepted)."""
    wanted = terms(phrase, neutral)
    # An unqualified EPS is the diluted figure, the one filings headline.
    accepted = wanted | {"diluted"} if PER_SHARE in wanted and not wanted & {"basic", "diluted"} else wanted
    accepted |= {PAYMENT} if paid else frozenset()
    found = candidates(vocab, wanted, targets)
    flags = (_SEGMENT.search(phrase) is not None, paid)
    if not found:
        return None
    keyed = sorted(
        (
            (_key(e, wanted, accepted, preferred, flags), not _own_filing(e.cell, targets), e.order, e)
            for e in found
        ),
        key=lambda item: item[:3],
    )
    top_key, top_own = keyed[0][0], keyed[0][1]
    chosen = keyed[0][3]
    own_filing = chosen.cell.filing_id
    best = [e for k, own, _, e in keyed if k == top_key and own == top_own and e.cell.filing_id == own_filing]
    # within one filing, the same item printed again (statement and note) is one figure, not a tie
    if not paid:
        best += _other_statement(found, chosen, accepted, top_key[0])
    distinct: dict[tuple[object, ...], Entry] = {}
    for entry in best:
        distinct.setdefault((entry.cell.value, entry.cell.period_end, entry.cell.instant), entry)
    same = [
        e
        for _, _, _, e in keyed
        if e.cell.filing_id != own_filing
        and _same_item(e, chosen)
        and e.cell.period_end == chosen.cell.period_end
    ]
    return Resolution(tuple(distinct.values()), tuple(same), top_key[0] == 0)


def _other_statement(
    found: Sequence[Entry], chosen: Entry, accepted: frozenset[str], extras: int
) -> list[Entry]:
    """The cash-flow statement's payment line for the same item and period as `chosen` (an equity
    statement's "Share repurchases" and the cash flows' "Repurchases of common stock") when it prints
    another value: nothing in a question that does not say "paid" or "spent" chooses between the two."""
    if _is_payment(chosen):
        return []
    return [
        entry
        for entry in found
        if _is_payment(entry)
        and entry.cell.filing_id == chosen.cell.filing_id
        and (entry.cell.period_start, entry.cell.period_end)
        == (chosen.cell.period_start, chosen.cell.period_end)
        and entry.cell.value != chosen.cell.value
        and not entry.members
        and _extras(entry, accepted | {PAYMENT}) == extras
    ]


def _same_item(entry: Entry, chosen: Entry) -> bool:
    a, b = entry.cell, chosen.cell
    if a.concept or b.concept:
        return a.concept == b.concept and a.dimensions == b.dimensions
    return entry.row == chosen.row


_AXES = re.compile(r"Segment|ProductOrService|Geographical", re.IGNORECASE)


def reported_members(vocab: Vocabulary) -> set[str]:
    """The segment, product and geography members the company's facts carry."""
    return {
        member
        for entry in vocab.entries
        for axis, member in entry.cell.dimensions.items()
        if _AXES.search(axis)
    }
