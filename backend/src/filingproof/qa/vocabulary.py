"""The filing's own vocabulary: what each numeric cell says it is, and the cells that best fit an asked item.

Any figure a filing shows can be asked for, in the filer's words: each cell (each XBRL fact linked to it, or
the untagged cell) is described by its row-label path, its column label, its XBRL concept split into words
(`PaymentsForRepurchaseOfCommonStock` → "payments for repurchase of common stock"), its dimension members
(`MacMember` → "mac") and, untagged, its table caption. Words are folded as the item-faithfulness check
folds them (`verify.items.terms`: plurals, synonyms, neutral words), so that a cell chosen here carries the
words the check looks for; the check itself stays separate and is run on the answer in the verifier.

Scoring is lexical and deterministic. A candidate must carry every term of the asked phrase, name no member
the phrase does not (a member printed under a row label of its own is named by it: "Other Bets"), fit the
unit (per share, rate, share count) and the period asked. Among candidates, in order: the fewest terms the
row (or else the concept) names beyond the phrase (so "provision for income taxes" is not picked for
"income before provision for income taxes"); an amount before a share count unless shares are asked; a
payment line where the question says paid; a segment's cell where it says "segment"; the line written in
the question's word of "sales" and "revenue"; a cell that names the item itself (row, column, concept,
members) before one named by its caption or in another line's column; the fewest terms its concept (else
its row path) names beyond the phrase ("Depreciation and amortization" of the cash flows, not of the
deferred taxes); the fewest members (the consolidated line); the curated items' concepts as preferences
(revenue means the consolidated total); the row itself naming the phrase; tagged before untagged; the
filing that reports the period as its own; document order. Cells that tie on all of these but show
different values are ambiguous: the answer names them all and is not `verified` (a dash, the line's absence
from one table, yields to a printed figure).

A tagged cell's value is its fact's (the sign is the concept's meaning: a payment printed "(11,339)" is
11,339 paid), except for percentages, whose facts are fractions (0.162) where the cell prints 16.2.

Each company's vocabulary is read once per process and database (about 28k cells for the corpus) and kept
until its filings change.
"""

import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.lru import LruCache
from filingproof.qa.periods import Target
from filingproof.qa.store import CellHit, hit_of
from filingproof.verify.items import (
    ASKS_SHARES,
    BUYING,
    COLUMN_PERIOD,
    PAYMENT,
    PER_SHARE,
    QUALIFY_NOTHING,
    caption_words,
    column_name,
    column_words,
    concept_words,
    consolidated_part,
    describing_path,
    implied_words,
    member_words,
    names_by_column,
    names_by_row,
    narrower_line,
    parent_members,
    terms,
    total_for_parent_share,
    totals_every_segment,
    unasked_awards,
    unasked_charge,
)

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
    written: frozenset[str] = frozenset()  # which of "sales" and "revenue" its row, members or caption write
    path: frozenset[str] = frozenset()  # the terms of its whole row-label path ("Cost of revenues" above)
    own: frozenset[str] = frozenset()  # what it carries without its table's caption
    column: frozenset[str] = frozenset()  # untagged: what its column names beyond a period
    segmental: bool = False  # a segment's: on a segments axis, or its row or caption says "segment"
    in_statement: bool = False  # its table's caption is a financial statement's
    by_column: tuple[frozenset[str] | None, ...] = ()  # each member's name as its column prints it, if so


@dataclass(frozen=True, slots=True)
class Vocabulary:
    ticker: str
    entries: tuple[Entry, ...]
    by_term: dict[str, tuple[int, ...]]  # term → indexes of the entries that carry it
    # fact → its members that are parents of another of its members (`verify.items.parent_members`)
    parents: dict[int, frozenset[str]] = field(default_factory=dict)

    def qualifies(self, cell: CellHit, member: str) -> bool:
        """Whether a member of the cell's fact says more than its other members (is no parent of theirs)."""
        return cell.fact_id is None or member not in self.parents.get(cell.fact_id, frozenset())


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


def _member_terms(
    axis: str,
    member: str,
    words: frozenset[str],
    row: frozenset[str],
    concept: frozenset[str],
    others: Sequence[frozenset[str]],
) -> frozenset[str]:
    """A member's words (`words`, its tag's); a member of a segment, product or geography is what the filer's
    row calls it, where the row names it (`names_by_row`: `goog:AmericasExcludingUnitedStatesMember` is
    "Other Americas"), not one of the cell's `others` members better."""
    return row if _AXES.search(axis) and names_by_row(row, words, concept, member, others) else words


def _column_name(
    axis: str, member: str, column: frozenset[str], concept: frozenset[str], neutral: frozenset[str]
) -> frozenset[str] | None:
    """What the filer's column calls a member of a segment, product or geography, where it names it
    (`names_by_column`); else None."""
    named = _AXES.search(axis) and names_by_column(column, terms(member_words(member), neutral), concept)
    return column if named else None


def _entry(row: Any, order: int, neutral: frozenset[str]) -> Entry:
    cell = hit_of(row, positioned=False)
    path = tuple(row.row_path or ()) or (row.row_label,)
    concept = terms(concept_words(cell.concept), neutral) if cell.concept else frozenset()
    row_terms = _row_terms(path, neutral)
    column = terms(row.column_label or "", neutral)
    qualifying_members = [(axis, str(m)) for axis, m in cell.dimensions.items() if m not in QUALIFY_NOTHING]
    own_words = [terms(member_words(m), neutral) for _, m in qualifying_members]
    members = tuple(
        _member_terms(axis, m, own_words[i], row_terms, concept, own_words[:i] + own_words[i + 1 :])
        for i, (axis, m) in enumerate(qualifying_members)
    )
    by_column = tuple(_column_name(axis, m, column, concept, neutral) for axis, m in qualifying_members)
    path_terms = frozenset().union(*(terms(label, neutral) for label in describing_path(path)))
    own = frozenset().union(concept, *members, path_terms, column)
    names = [*path, *(member_words(str(m)) for m in cell.dimensions.values())]
    carried = own
    if row.fact_id is None and row.table_title:
        carried |= terms(caption_words(row.table_title), neutral)
        names.append(row.table_title)
    untagged_column = column - COLUMN_PERIOD if row.fact_id is None else frozenset()
    labels = [*path, row.table_title or ""] if row.fact_id is None else path
    segmental = any("Segment" in axis for axis in cell.dimensions) or any(_SEGMENT.search(t) for t in labels)
    return Entry(
        cell,
        row_terms,
        concept,
        members,
        carried,
        order,
        _written(names),
        path_terms,
        own,
        untagged_column,
        segmental,
        _STATEMENT_CAPTION.search(row.table_title or "") is not None,
        by_column,
    )


# "Sales" and "revenue" are one term, but a filing may print both for one item ("Energy generation and
# storage sales" beside the segment's revenue, which adds leasing): the line written in the question's word
# is preferred.
_SALES_OR_REVENUE = re.compile(r"\b(?:sales?|revenues?)\b", re.IGNORECASE)


def _asked_word(phrase: str, wanted: frozenset[str]) -> frozenset[str]:
    """Which of "sales" and "revenue" a phrase that names more than them writes ("automotive sales", "cost of
    revenue from Automotive sales"); the company's total ("net sales", "revenue") is the curated item's,
    whichever word it is asked by."""
    word = _written([_COST_OF.sub(" ", phrase)])  # "cost of sales" is the cost, whichever word it says
    return word if len(wanted) > len(word) else frozenset()


_COST_OF = re.compile(r"\bcosts?\s+of\s+(?:net\s+)?(?:sales|revenues?)\b", re.IGNORECASE)


def _written(texts: Iterable[str]) -> frozenset[str]:
    """Which of "sales" and "revenue" the texts write."""
    return frozenset(
        "sales" if word.lower().startswith("sale") else "revenue"
        for text in texts
        for word in _SALES_OR_REVENUE.findall(text)
    )


def build_vocabulary(ticker: str, rows: Iterable[Any], neutral: frozenset[str]) -> Vocabulary:
    return _indexed(ticker, tuple(_entry(row, order, neutral) for order, row in enumerate(rows)))


def within(vocab: Vocabulary, filing_ids: Collection[int] | None) -> Vocabulary:
    """The vocabulary of these filings only (a request's filters); all of it for None."""
    if filing_ids is None:
        return vocab
    return _indexed(vocab.ticker, tuple(e for e in vocab.entries if e.cell.filing_id in filing_ids))


def _indexed(ticker: str, entries: tuple[Entry, ...]) -> Vocabulary:
    index: dict[str, list[int]] = {}
    for i, entry in enumerate(entries):
        for term in entry.carried:
            index.setdefault(term, []).append(i)
    return Vocabulary(
        ticker, entries, {term: tuple(found) for term, found in index.items()}, _parents(entries)
    )


def qualifying(cell: CellHit) -> list[str]:
    """The cell's members that may qualify something (not a segment's own figure before eliminations)."""
    return [str(m) for m in cell.dimensions.values() if m not in QUALIFY_NOTHING]


def _parents(entries: Sequence[Entry]) -> dict[int, frozenset[str]]:
    """Each tagged entry's parent members, among the entries of its filing, concept and period."""
    groups: dict[tuple[object, ...], list[Entry]] = defaultdict(list)
    for entry in entries:
        cell = entry.cell
        if cell.fact_id is not None:
            fact = (cell.filing_id, cell.concept, cell.instant, cell.period_start, cell.period_end)
            groups[fact].append(entry)
    parents: dict[int, frozenset[str]] = {}
    for group in groups.values():
        several = [entry for entry in group if len(qualifying(entry.cell)) >= 2]  # only they can have one
        if not several:
            continue
        siblings = [list(entry.cell.dimensions.items()) for entry in group]
        for entry in several:
            found = parent_members(list(entry.cell.dimensions.items()), siblings)
            if found and entry.cell.fact_id is not None:
                parents[entry.cell.fact_id] = found
    return parents


# (database, ticker) → (the filings it was read from, the vocabulary); a vocabulary holds every cell of its
# company, so a store of thousands of companies keeps only the ones asked about lately
VOCABULARIES_KEPT = 64
_CACHE: LruCache[tuple[str, str], tuple[tuple[int, ...], Vocabulary]] = LruCache(VOCABULARIES_KEPT)


def database_of(session: AsyncSession) -> str:
    """The database a session reads, as the caches of its vocabularies key it."""
    bind = session.bind
    return str(getattr(bind, "url", id(bind)))


async def vocabulary(
    session: AsyncSession, ticker: str, filing_ids: Sequence[int], neutral: frozenset[str], keep: bool = True
) -> Vocabulary:
    """The company's vocabulary, read once per process and kept while its filings stay the same (and it is
    among the `VOCABULARIES_KEPT` asked about last); `keep=False` reads it without keeping it."""
    key = (database_of(session), ticker)
    filings = tuple(sorted(filing_ids))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == filings:
        return cached[1]
    rows = (await session.execute(text(_CELLS), {"ticker": ticker})).all()
    built = build_vocabulary(ticker, rows, neutral)
    if keep:
        _CACHE.put(key, (filings, built))
    return built


def _unit_fits(wanted: frozenset[str], unit: str) -> bool:
    if (PER_SHARE in wanted) != (unit == "USD/share"):
        return False
    # a number of shares: asked as shares, or as what dilutes them ("effect of dilutive RSUs")
    if unit == "shares" and not wanted & {"share", "dilutive"}:
        return False
    return bool(wanted & _RATE_TERMS) == (unit in _RATE_UNITS)


# What a share count's row says beyond the count asked ("diluted share count" is the "Weighted-average
# number of diluted shares outstanding"); kept apart from the verifier's own list on purpose.
_SHARE_COUNT = frozenset({"weighted", "average", "outstanding", "number"})


def _extras(entry: Entry, accepted: frozenset[str]) -> int:
    """How many terms the row (or else the concept, whichever names fewer) adds to the asked item."""
    if entry.cell.unit == "shares" and "share" in accepted:
        accepted |= _SHARE_COUNT
    if narrower_line(entry.cell.row_label, accepted):
        return len(entry.row - accepted)  # a narrower line, whatever its concept (`verify.items.check_item`)
    counts = [len(found - accepted) for found in (entry.row, entry.concept) if found]
    return min(counts, default=len(accepted))


def in_period(cell: CellHit, targets: Sequence[Target]) -> bool:
    """Whether the cell's period is one of the asked targets'."""
    return any(t.matches(cell.instant, cell.period_start, cell.period_end) for t in targets)


def own_filing(cell: CellHit, targets: Sequence[Target]) -> bool:
    """Whether the cell's filing reports an asked period as its own (ends where a target ends)."""
    return any(t.ends_near(cell.filing_period_end) for t in targets)


def candidates(
    vocab: Vocabulary, wanted: frozenset[str], targets: Sequence[Target], counted: bool = False
) -> list[Entry]:
    """The entries that carry every asked term, name no other member, and fit the unit and period, and are
    no award where the question asks for none (`counted`: it asks for a number of shares)."""
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
        if in_period(entry.cell, targets)  # first: it leaves out most
        and _unit_fits(wanted, entry.cell.unit)
        and not ((counted or entry.cell.unit == "shares") and unasked_awards(wanted, entry.concept))
        and not entry.column & _CHANGE_COLUMN - wanted
        and (not entry.members or _members_asked(vocab, entry, wanted))
        and not _another_charge(entry, wanted)
        # every segment's total is no one part's (Merck's "Total segment sales" under "Animal Health")
        and not totals_every_segment(
            entry.cell.row_label, wanted - entry.row - entry.concept - _members(entry)
        )
    ]


def _members(entry: Entry) -> frozenset[str]:
    """The terms of every member the entry's cell carries."""
    return frozenset().union(*entry.members)


def _another_charge(entry: Entry, wanted: frozenset[str]) -> bool:
    """Whether an untagged cell is a charge its table spreads over the line asked, not the line
    (`verify.items.unasked_charge`)."""
    cell = entry.cell
    return cell.fact_id is None and unasked_charge(cell.table_title or "", cell.row_label, wanted) is not None


# An untagged column of a line's change ("Change $ %" beside the years): the move, not the line, whatever
# period the table gave it; the line's own cells, or a figure derived from them, answer instead
_CHANGE_COLUMN = terms("change chg increase decrease variance")  # Caterpillar's "$% Chg"


def _members_asked(vocab: Vocabulary, entry: Entry, wanted: frozenset[str]) -> bool:
    """Whether the asked terms name every member of the entry that says more than the others, by its words
    or by its column's."""
    return all(
        words <= wanted
        or (column is not None and column <= wanted)
        or not vocab.qualifies(entry.cell, member)
        for words, column, member in zip(entry.members, entry.by_column, qualifying(entry.cell), strict=True)
    )


_SEGMENT = re.compile(r"\bsegments?\b", re.IGNORECASE)


def _is_payment(entry: Entry) -> bool:
    """A cash payment line: "Payments for repurchase of common stock", "Dividends paid"."""
    return PAYMENT in entry.concept or PAYMENT in entry.row


# the caption of a financial statement: its lines are the company's own, where a note's or a segment's table
# prints the same words
_STATEMENT_CAPTION = re.compile(
    r"\bstatements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings|cash\s+flows?|financial\s+"
    r"(?:position|condition))\b|\bbalance\s+sheets?\b",
    re.IGNORECASE,
)


def _nil(cell: CellHit) -> bool:
    """A cell printed as a dash or left blank: nothing in that table, not a figure of zero."""
    return cell.value == 0 and not any(ch.isdigit() for ch in cell.text)


# income asked "to common" shareholders ("NI to common", "net earnings attributable to its common holders")
_TO_COMMON = re.compile(r"\bto\s+(?:its\s+|our\s+|the\s+)?common\b", re.IGNORECASE)


def _common_asked(phrase: str) -> str | None:
    """The figure of income left to the common shareholders a phrase asks "to common": "Diluted" where it
    says so, else "Basic"; None where it asks none (read once per phrase, not per candidate)."""
    if _TO_COMMON.search(phrase) is None:
        return None
    return "Diluted" if re.search(r"\bdiluted\b", phrase, re.IGNORECASE) else "Basic"


def _to_common(entry: Entry, asked: str | None) -> int:
    """Where income is asked "to common" (`_common_asked`), the line tagged as what is left to the common
    shareholders first (Procter & Gamble's $14,595 million after preferred dividends, not the $14,879 million
    attributable to P&G), its basic figure before its diluted one unless "diluted" is asked: 0, 1, 2. A
    company that prints no such line answers with its net income as before (General Dynamics' "Net
    earnings")."""
    if asked is None:
        return 0
    concept = entry.cell.concept or ""
    if "AvailableToCommon" not in concept:
        return 2
    return 1 if concept.endswith("Diluted") and asked != "Diluted" else 0


def _key(
    entry: Entry,
    wanted: frozenset[str],
    accepted: frozenset[str],
    preferred: Sequence[str],
    flags: tuple[bool, bool, frozenset[str], bool, bool, str, str | None],
) -> tuple[
    bool, int, bool, bool, bool, bool, bool, bool, bool, int, int, int, int, int, int, int, bool, bool
]:
    concept = entry.cell.concept
    rank = preferred.index(concept) if concept in preferred else len(preferred)
    member_terms = _members(entry)
    unnamed_by_row = len(wanted - entry.row - member_terms)
    segment, paid, word, amount, consolidated, phrase, common = flags
    # a part's share of the consolidated figure after the part's own (`verify.items.consolidated_part`)
    share_of_whole = (
        bool(entry.cell.dimensions) and not consolidated and consolidated_part(entry.cell.row_label)
    )
    # "stock repurchases" is the amount, not the number of shares repurchased; "shares repurchased" the number
    uncounted = amount == (entry.cell.unit == "shares")
    # "the Automotive segment" is the segment's member, not the "Automotive sales" product line, nor a
    # table of the MD&A that does not say "segment"
    off_axis = segment and not entry.segmental
    # and a line its row names a segment's is no answer to a question that does not say "segment" ("pretax
    # income" is not American Express's "Pretax segment income", of a table captioned with one segment)
    unasked_segment = not segment and _SEGMENT.search(entry.cell.row_label) is not None
    # what was spent or paid is the cash-flow statement's payment, not the equity statement's line
    not_paid = paid and not _is_payment(entry)
    # fewer members first: a consolidated line before a member's whose words the phrase happens to hold
    # ("Operating segments" for "operating income")
    # (every member counts here: a segments' total before eliminations is not the consolidated line)
    members = len(entry.cell.dimensions)
    # "energy generation and storage sales" is the line written so, before the segment's revenue
    other_word = bool(word) and not word <= entry.written
    # a cell that names the item itself before one whose caption alone does ("Sales and operating income
    # by business segment" is over a sales column too)
    # an untagged cell in the column of another line ("Net Sales" beside "Operating Income", "% change",
    # "Constant Currency Revenues") after one in the item's own column
    by_caption = len(wanted - entry.own) + len(entry.column - accepted)
    # what the concept (else the whole row path) names beyond the item: the cash-flow statement's
    # "Depreciation and amortization" (DepreciationDepletionAndAmortization) before the deferred-tax line
    # of that label (DeferredTaxLiabilitiesPropertyPlantAndEquipment); "Automotive sales" under "Revenues"
    # before the one under "Cost of revenues"
    # (a concept of the curated item names it exactly: PepsiCo's "Capital spending", tagged
    # PaymentsToAcquireProductiveAssets, before the same figure untagged in its free-cash-flow table)
    if concept in preferred:
        named = 0
    elif entry.concept:
        named = len(entry.concept - accepted)
    else:
        named = len(entry.path - accepted - member_terms)
    return (
        # "net income attributable to Thermo Fisher" is its own line, before "Net income" with the
        # non-controlling interests, whose words are fewer (`verify.items` refuses that one)
        total_for_parent_share(phrase, concept),
        _extras(entry, accepted),
        uncounted,
        not_paid,
        off_axis,
        share_of_whole,
        unasked_segment,
        other_word,
        # a dash is the line's absence from one table (Adobe's equity statement prints "—" under "Common
        # Stock" beside the $3,407 million of its "Repurchases of common stock"): a figure printed for the
        # same words comes first
        _nil(entry.cell),
        _to_common(entry, common),
        by_caption,
        named,
        members,
        rank,
        unnamed_by_row,
        # what the row names beyond the item, where its concept names no more: GM's "Automotive net sales
        # and revenue" (tagged as revenue, as the total is) after its "Total net sales and revenue"
        # (a payment's word is every line's: "Payments to purchase common stock" is the repurchases)
        len(entry.row - accepted - {PAYMENT}),
        entry.cell.fact_id is None,
        # at last, a line of a statement before a table's of the same words: 3M's "Net sales" in its statement
        # of income, not a segment's "Sales (millions)" in a table captioned with the segment's name
        not entry.in_statement,
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
    # (and what buys what the phrase names: "spend on property and equipment" is its purchases; the common
    # shares' dividends are the dividends paid: "Cash dividends - common stock")
    accepted |= BUYING | ({"share"} if "dividend" in wanted else frozenset()) if paid else frozenset()
    accepted |= implied_words(wanted)
    # a figure per share is of shares: "CommonStockDividendsPerShareDeclared" is "dividends per share"
    accepted |= {"share"} if PER_SHARE in wanted else frozenset()
    if paid:
        # what was paid or spent is a flow, never a balance at the period's end
        targets = [target for target in targets if target.kind != "instant"] or targets
    # what was spent on shares is an amount, whatever the phrase says ("spent repurchasing shares")
    counted = not paid and ASKS_SHARES.search(phrase) is not None
    found = candidates(vocab, wanted, targets, counted)
    flags = (
        _SEGMENT.search(phrase) is not None,
        paid,
        _asked_word(phrase, wanted),
        not counted,
        consolidated_part(phrase),
        phrase,
        _common_asked(phrase),
    )
    if not found:
        return None
    keyed = sorted(
        (
            (_key(e, wanted, accepted, preferred, flags), not own_filing(e.cell, targets), e.order, e)
            for e in found
        ),
        key=lambda item: item[:3],
    )
    top_key, top_own = keyed[0][0], keyed[0][1]
    chosen = keyed[0][3]
    chosen_filing = chosen.cell.filing_id
    best = [
        e for k, own, _, e in keyed if k == top_key and own == top_own and e.cell.filing_id == chosen_filing
    ]
    # within one filing, the same item printed again (statement and note) is one figure, not a tie
    if not paid:
        best += _other_statement(found, chosen, accepted, top_key[1])
    # a dash beside a printed figure is that line's absence from one table (PepsiCo's "Restructuring
    # charges —" among its share-based compensation, beside the year's $411 million of them): the key ranks
    # it after a printed figure of the same words (`_key`), and a payment line `_other_statement` adds
    # beside a chosen dash is the figure asked
    printed = [entry for entry in best if not _nil(entry.cell)]
    best = printed or best
    distinct: dict[tuple[object, ...], Entry] = {}
    for entry in best:
        distinct.setdefault((entry.cell.value, entry.cell.period_end, entry.cell.instant), entry)
    same = [
        e
        for _, _, _, e in keyed
        if e.cell.filing_id != chosen_filing
        and _same_item(e, chosen)
        and e.cell.period_end == chosen.cell.period_end
    ]
    return Resolution(tuple(distinct.values()), tuple(same), top_key[1] == 0)


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
    # untagged: the same row path, in a column of the same line (not the equity statement's "Repurchases of
    # stock" under "Accumulated Other Comprehensive Income")
    return entry.path == chosen.path and entry.column == chosen.column


_AXES = re.compile(r"Segment|ProductOrService|Geographical", re.IGNORECASE)


def _names_member(label_terms: frozenset[str], member_terms: frozenset[str], glued: frozenset[str]) -> bool:
    """Whether a row's words are a member's, each its word or the start of one (a tag may glue words:
    "CardiacRhythmandHeartFailureDivisionMember" is printed "Cardiac Rhythm & Heart Failure"), or two of its
    words written as one (`glued`: "YouTube" of `goog:YouTubeAdvertisingRevenueMember`, "You Tube")."""
    return len(label_terms) >= 1 and all(
        # (a short word's plural too: "ads" shortens "advertising"; not "us")
        term in glued
        or any(word == term or word.startswith((term, _singular(term))) for word in member_terms)
        for term in label_terms
    )


def _singular(term: str) -> str:
    return term.removesuffix("s") if len(term) > 2 else term


def _glued_terms(member: str) -> frozenset[str]:
    """Each two words of a member's tag beside each other, glued."""
    written = member_words(member).split()
    return terms(" ".join(a + b for a, b in itertools.pairwise(written)))


def printed_names(vocab: Vocabulary, company: Iterable[str] = ()) -> dict[str, str]:
    """Each member as the filer's tables print it, where a row or a column does: its most printed label
    ("Total" left out) whose words are the member's or the `company`'s name's (GameStop heads its segments'
    columns "Europe" for `gme:VideoGameBrandsEuropeMember`; Honeywell prints "Honeywell Building
    Technologies" for `hon:HomeAndBuildingTechnologiesMember`)."""
    own = terms(" ".join(company))
    labels: dict[str, Counter[str]] = {}
    for entry in vocab.entries:
        column = column_words(entry.cell.column_label or "")
        # a column by its words beyond its period ("Personal Insurance" of "(For the three months ended
        # September 30, in millions) Personal Insurance")
        printed_column = column_name(entry.cell.column_label or "")
        for member in entry.cell.dimensions.values():
            member_terms = terms(member_words(str(member)))
            glued = _glued_terms(str(member))
            found = [
                label
                for printed in (entry.cell.row_label, printed_column)
                if _names_member(terms(label := printed_label(printed)) - own, member_terms, glued)
            ]
            if not found and printed_column and names_by_column(column, member_terms, entry.concept):
                found.append(printed_column)  # "Direct to Consumer"
            for label in found:
                labels.setdefault(str(member), Counter())[label] += 1
    printed = {member: found.most_common(1)[0][0] for member, found in labels.items()}
    return _rows_of_their_own(vocab, set(printed)) | printed


def _rows_of_their_own(vocab: Vocabulary, named: set[str]) -> dict[str, str]:
    """Members no label names by their words, printed on rows of their own under another name (Walgreens
    prints "U.S. Retail Pharmacy" for `wba:UnitedStatesReportableSegmentMember`): a label of two words or
    more that names no line (no word of its fact's concept), printed on that member's facts alone, each
    carrying no other segment, product or geography, under two headings or more (its "Sales" and its
    "Adjusted operating income"; not one asset of it, "Acquired franchise rights" under "PBNA" in a
    roll-forward of intangibles)."""
    owners: dict[str, set[str]] = defaultdict(set)
    lines: dict[str, dict[str, set[frozenset[str]]]] = defaultdict(lambda: defaultdict(set))
    for entry in vocab.entries:
        if entry.cell.fact_id is None:
            continue
        label = printed_label(entry.cell.row_label)
        qualifying = [str(m) for axis, m in entry.cell.dimensions.items() if _AXES.search(axis)]
        owners[label].update(qualifying or [""])
        if (
            len(qualifying) == 1
            and qualifying[0] not in named
            and len(label.split()) > 1
            and not terms(label) & entry.concept
        ):
            lines[qualifying[0]][label].add(entry.path - terms(label))  # the headings it is under
    return {
        member: label
        for member, labels in lines.items()
        for label in [
            next(
                (
                    label
                    for label, headings in sorted(labels.items(), key=lambda item: -len(item[1]))
                    if len(headings) > 1 and owners[label] == {member}
                ),
                None,
            )
        ]
        if label is not None
    }


# a segment's total line names the segment ("Total Personal Insurance")
_TOTAL = re.compile(r"^total\s+", re.IGNORECASE)
# a footnote's marker after a name ("U.S. Retail Pet Foods (A)"): no part of it
_MARKER = re.compile(r"\s*\((?:\d|[A-Za-z])\)\s*$")


def printed_label(label: str) -> str:
    """A label as the name it prints: without "Total" before it or a footnote's marker after it."""
    return _MARKER.sub("", _TOTAL.sub("", label.strip()))


def reported_members(vocab: Vocabulary) -> set[str]:
    """The segment, product and geography members the company's facts carry."""
    return {
        member
        for entry in vocab.entries
        for axis, member in entry.cell.dimensions.items()
        if _AXES.search(axis)
    }
