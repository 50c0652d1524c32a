"""A line's parts as a table prints them: the rows right above a total of the line whose figures, in the
total's column, add up to it ("Commercial Airplanes" … "Unallocated items, eliminations and other" above
Boeing's "Total revenues"; "Las Vegas Strip Resorts" … "MGM China" above the blank total of a release's "NET
REVENUES" table). It is how a filing without member tags (a PDF, an earnings release) says what a line is
made of, and the sum is the proof: rows that add up to the total are its parts, not a neighbouring list.

Which breakdown a question means, when a line is printed in several (Boeing's revenues by product and
service, by segment, by customer location): the one whose total names what the question adds to the line
("Total Domestic revenue" for "in the domestic market"), then, for regions, the one whose parts name places,
for any other kind the one whose parts name none, then the finest, then one whose total's row names its line.
"""

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from typing import Literal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import MONTH_NAME_PATTERN
from filingproof.qa.items import LineItem, PeriodNature
from filingproof.qa.periods import Target
from filingproof.qa.pick import Pick
from filingproof.qa.store import CellHit, cells_near, table_cells

# a longer run of rows adding up to a total is a schedule, not a line's parts
_MOST_PARTS = 15
# a total printed without its line's name: blank, "Total" alone, or the whole company's ("Total Company" in
# 3M's "Net Sales" column): the table's title or the column's heading names the line
_BARE_TOTAL = re.compile(
    r"^\s*(?:total|(?:total\s+)?(?:company|consolidated)(?:\s+total)?)?\s*$", re.IGNORECASE
)
_TOTAL_WORD = re.compile(r"\btotal\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")
# words that name a place: what makes a breakdown one of regions (MGM's "Regional Operations", "MGM China")
_PLACE = re.compile(
    r"\b(?:americas?|north|south|latin|central|europe\w*|emea|apac|asia\w*|pacific|africa\w*|middle\s+east|"
    r"china|greater\s+china|hong\s+kong|macau|japan|india|korea|taiwan|canada|mexico|brazil|australia|"
    r"germany|france|united\s+(?:states|kingdom)|u\.\s?s\.|usa?|uk|international|domestic|foreign|"
    r"regional|rest\s+of\s+(?:the\s+)?world|other\s+countries|overseas)(?!\w)",
    re.IGNORECASE,
)
Kind = Literal["segment", "region", "product"]
# a figure picked as a printed part of a line: its item is checked by `proven_parts`, not by the question's
# words ("which region … the worst" names no row "worst region revenue")
PART_PREFIX = "part:"


@dataclass(frozen=True)
class Breakdown:
    """A total cell and the cells of the rows printed right above it that add up to it."""

    total: CellHit
    parts: tuple[CellHit, ...]
    # each part's row (and the total's) in the period before, where the table prints it: keyed by cell id
    earlier: dict[int, CellHit] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [part_name(part) for part in self.parts]

    def total_name(self, item: LineItem) -> str:
        """The total's row as printed ("total revenues"); where its row is bare, the line as its table's
        heading names it ("adjusted property ebitdar" of "SUPPLEMENTAL DATA – ADJUSTED PROPERTY EBITDAR AND
        ADJUSTED EBITDAR"), else the line's name."""
        label = self.total.row_label
        if not _BARE_TOTAL.match(label):
            return label.strip().lower()
        return _heading_name(f"{self.total.table_title or ''} {self.total.column_label}", item) or item.name


# what ends the words naming a line in a heading, to the left of its name
_HEADING_BREAK = re.compile(r"[–—:(]|\s-\s")
_HEADING_STOP = frozenset({"and", "or", "of", "the", "for", "by", "in", "to", "data", "total"})


def _heading_name(heading: str, item: LineItem) -> str | None:
    """The line's name in a heading, with the words that qualify it right before it."""
    match = item.pattern.search(heading)
    if match is None:
        return None
    breaks = [found.end() for found in _HEADING_BREAK.finditer(heading, 0, match.start())]
    kept: list[str] = []
    for word in reversed(heading[breaks[-1] if breaks else 0 : match.start()].split()):
        if word.lower() in _HEADING_STOP:
            break
        kept.insert(0, word)
    return " ".join([*kept, match.group(0)]).lower()


# a footnote's mark after a row's name: "Services (1)", "Corporate(2)", "Other (a)"
_NOTE_MARK = re.compile(r"(?:\s*\((?:\d{1,2}|[a-z])\))+\s*$")


def part_name(cell: CellHit) -> str:
    """A part as its row names it, without the marks of its footnotes."""
    return _NOTE_MARK.sub("", cell.row_label).strip()


async def dated_amounts(
    session: AsyncSession, ticker: str, filing_ids: Collection[int], target: Target
) -> list[CellHit]:
    """The company's amounts of the target period in the filings allowed, each placed in its table: where a
    line's totals, and so its breakdowns, are looked for."""
    near = await cells_near(session, ticker, target.end, ("USD",), timedelta(days=10))
    return [
        cell
        for cell in near
        if cell.filing_id in filing_ids
        and cell.position is not None
        and target.matches(cell.instant, cell.period_start, cell.period_end)
    ]


async def breakdowns(
    session: AsyncSession, amounts: Sequence[CellHit], item: LineItem, target: Target
) -> list[Breakdown]:
    """Every breakdown of the line among the period's `amounts` (`dated_amounts`), in document order."""
    totals = [cell for cell in amounts if _names_line(cell, item)]
    if not totals:
        return []
    tables = sorted({cell.position[0] for cell in totals if cell.position is not None})
    grid = {cell.position: cell for cell in await table_cells(session, tables) if cell.position is not None}
    rows: dict[tuple[int, int], list[CellHit]] = {}
    for (table, row, _), cell in sorted(grid.items()):
        rows.setdefault((table, row), []).append(cell)  # each row's cells in column order
    earlier = target.earlier()
    found = []
    for total in totals:
        parts = _parts_above(total, grid)
        if parts:
            before = {
                cell.cell_id: match
                for cell in (total, *parts)
                if (match := _same_row(cell, rows, earlier)) is not None
            }
            found.append(Breakdown(total, parts, before))
    return found


def printed_line(phrase: str, nature: PeriodNature) -> LineItem:
    """A line no curated item names, as the question's words for it ("short term investments", "EBITDAR"):
    what a row or a bare total's table heading must say, hyphens and plurals aside."""
    words = [re.escape(word.lower().removesuffix("s")) + "s?" for word in _WORD.findall(phrase.lower())]
    said = r"[\s-]+".join(words)
    return LineItem(
        f"printed:{phrase.lower()}",
        phrase.lower(),
        re.compile(rf"\b{said}\b", re.IGNORECASE),
        (),
        re.compile(rf"^\s*(?:total\s+)?{said}\s*$", re.IGNORECASE),
        nature,
    )


def first_printed_line(amounts: Sequence[CellHit], lines: Sequence[LineItem]) -> LineItem | None:
    """The first of `lines` that one of the period's `amounts` names, in its row or as a bare total."""
    return next((line for line in lines if any(_names_line(cell, line) for cell in amounts)), None)


def _names_line(cell: CellHit, item: LineItem) -> bool:
    """Whether the cell's row is the line's (a bare total: the table's title or column heading names it)."""
    label = cell.row_label
    if _BARE_TOTAL.match(label):
        return item.pattern.search(f"{cell.table_title or ''} {cell.column_label}") is not None
    return item.row_labels.fullmatch(label) is not None or item.pattern.search(label) is not None


def _parts_above(total: CellHit, grid: dict[tuple[int, int, int], CellHit]) -> tuple[CellHit, ...] | None:
    """The cells of the rows right above the total, in its column, that add up to it (two at least): the
    run ends at a row without a figure there (a heading) or of another period or unit."""
    assert total.position is not None
    table, row, col = total.position
    parts: list[CellHit] = []
    running = Decimal(0)
    for above in range(row - 1, max(row - 1 - _MOST_PARTS, -1), -1):
        cell = grid.get((table, above, col))
        if cell is None or cell.unit != total.unit or cell.period_end != total.period_end:
            return None
        parts.append(cell)
        running += cell.value
        if len(parts) >= 2 and running == total.value:
            return tuple(reversed(parts))
    return None


def _same_row(cell: CellHit, rows: dict[tuple[int, int], list[CellHit]], target: Target) -> CellHit | None:
    """The cell of the same row in the column of the target period, if the table prints one (`rows`: each
    (table, row)'s cells in column order)."""
    assert cell.position is not None
    table, row, _ = cell.position
    return next(
        (
            other
            for other in rows.get((table, row), ())
            if other.unit == cell.unit and target.matches(other.instant, other.period_start, other.period_end)
        ),
        None,
    )


def chosen(found: Sequence[Breakdown], item: LineItem, question: str, kind: Kind) -> Breakdown | None:
    """The breakdown the question means (see the module's note), or None: a total whose own words (beyond
    the line's and "total") the question does not say is another part of the company ("Total International
    revenue" for a question about the domestic market)."""
    said = set(_WORD.findall(question.lower()))
    fitting = []
    for breakdown in found:
        own = _own_words(breakdown.total, item)
        if not own <= said:
            continue
        places = sum(_PLACE.search(name) is not None for name in breakdown.names)
        # a segment may be a place (Amazon's North America) or not; a product line is none
        place_fit = places if kind == "region" else -places if kind == "product" else 0
        if kind == "region" and places == 0:
            continue
        # at last a total whose row names its line ("Total revenues"), which a claim about it can be read by
        named = not _BARE_TOTAL.match(breakdown.total.row_label)
        fitting.append(((len(own), place_fit, len(breakdown.parts), named), breakdown))
    if not fitting:
        return None
    return max(fitting, key=lambda scored: scored[0])[1]


def _own_words(total: CellHit, item: LineItem) -> set[str]:
    """The words of a total's row beyond the line's name and "total" ("domestic" of "Total Domestic
    revenue")."""
    if _BARE_TOTAL.match(total.row_label):
        return set()
    label = _TOTAL_WORD.sub(" ", item.pattern.sub(" ", total.row_label))
    return set(_WORD.findall(label.lower()))


async def proven_parts(session: AsyncSession, picks: Sequence[Pick]) -> set[int]:
    """The cells of the picks made as printed parts (`PART_PREFIX`) that are, read again from their table: a
    total of the picked line stands below each, in its column, and the rows above that total down to it add
    up to it; or the cell is such a total itself. What the verifier holds such a figure to, in place of the
    question's words."""
    parts = [pick for pick in picks if pick.item.key.startswith(PART_PREFIX) and pick.cell.position]
    tables = sorted({pick.cell.position[0] for pick in parts if pick.cell.position is not None})
    if not tables:
        return set()
    grid = {cell.position: cell for cell in await table_cells(session, tables) if cell.position is not None}
    return {
        pick.cell.cell_id
        for pick in parts
        if _is_part(pick.cell, pick.item, grid) or _is_total(pick, grid) or _measures_part(pick)
    }


def _is_total(pick: Pick, grid: dict[tuple[int, int, int], CellHit]) -> bool:
    """Whether the cell is a total of the picked line that the rows above it add up to."""
    return _names_line(pick.cell, pick.item) and _parts_above(pick.cell, grid) is not None


def _measures_part(pick: Pick) -> bool:
    """Whether the cell is the filer's own measure of the picked part's movement: its row names the part, its
    column's heading the measure (`own_measure_of_movement`)."""
    cell = pick.cell
    return (
        cell.unit == "percent"
        and part_name(cell) == pick.segment
        and measure_name(cell.column_label, cell.table_title or "") == pick.item.name
    )


def _is_part(cell: CellHit, item: LineItem, grid: dict[tuple[int, int, int], CellHit]) -> bool:
    assert cell.position is not None
    table, row, col = cell.position
    for below in range(row + 1, row + _MOST_PARTS + 2):
        total = grid.get((table, below, col))
        if total is None:
            return False
        parts = _parts_above(total, grid) if _names_line(total, item) else None
        if parts is not None and cell.cell_id in {part.cell_id for part in parts}:
            return True
    return False


# a filer's own measure of its parts' top-line movement ("Comparable Sales", "same-store sales"): how they
# "performed", which a growth computed over their revenue can rank otherwise (it counts stores opened and
# closed)
PERFORMANCE = re.compile(r"\bcomparable\b|\bsame[- ]store\b", re.IGNORECASE)


# what such a heading says besides the measure: its period and its basis ("Comparable Sales" of "Comparable
# Sales Three Months Ended July 29, 2023", "Organic Sales Growth" of "Year ended December 31, 2023 Organic
# Sales Growth (Non-GAAP)")
_HEADING_PERIOD = re.compile(
    r"\b(?:(?:three|six|nine|twelve|\d+)\s+months|(?:fiscal\s+)?years?|quarters?|(?:\d+\s+)?weeks?)\s+"
    rf"(?:ended|ending)\s+{MONTH_NAME_PATTERN}\.?\s+\d{{1,2}},?\s+\d{{4}}"
    r"|\b(?:fiscal\s+)?(?:19|20)\d{2}\b|\((?:non-)?gaap\)|\bunaudited\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class OwnMeasure:
    """The filer's own measure of its parts' movement, as printed beside them."""

    heading: str  # the column's heading ("Comparable Sales Three Months Ended July 29, 2023")
    # each part's figure by that measure in the period asked, keyed by the part's cell id: every part's, where
    # the breakdown's own table prints them in its rows, else none (the measure is then named, not ranked)
    beside: dict[int, CellHit]
    title: str = ""  # its table's ("Worldwide Sales Change")

    @property
    def name(self) -> str:
        return measure_name(self.heading, self.title)


def measure_name(heading: str, title: str) -> str:
    """A measure as its column's heading names it ("comparable sales"), a change where its table's title says
    so ("organic sales change" under "Worldwide Sales Change")."""
    name = " ".join(_HEADING_PERIOD.sub(" ", heading).split()).strip(" ,").lower()
    said_change = _A_CHANGE.search(title) and not _A_CHANGE.search(name) and not PERFORMANCE.search(name)
    return f"{name} change" if said_change else name


# words that make a figure a change
_A_CHANGE = re.compile(r"\bchanges?\b|\bgrowth\b", re.IGNORECASE)


async def own_measure_of_movement(
    session: AsyncSession, breakdown: Breakdown, item: LineItem, target: Target, heading: re.Pattern[str]
) -> OwnMeasure | None:
    """The filer's own measure of the parts' change, a percent in a column of the total's filing whose
    heading says `heading` and whose rows name the parts as theirs do (Best Buy's "Comparable Sales" by
    product category, in a table of the MD&A titled for the domestic segment whose revenue the parts add up
    to; 3M's "Organic sales" change by business segment), or None."""
    rows = await session.execute(
        text(
            "SELECT DISTINCT table_id FROM cells WHERE filing_id = :filing AND unit = 'percent' "
            "AND row_label = ANY(CAST(:rows AS text[]))"
        ),
        {"filing": breakdown.total.filing_id, "rows": [part.row_label for part in breakdown.parts]},
    )
    measured = [
        cell
        for cell in await table_cells(session, [table for (table,) in rows])
        if cell.unit == "percent" and heading.search(cell.column_label)
    ]
    if not measured:
        return None
    # a table of the measure for this breakdown prints it for every part (other parts of the line, such as a
    # corporate line, aside) in the period asked; of several, the one whose title says what the total adds to
    # the line ("Domestic")
    names = {part_name(part): part.cell_id for part in breakdown.parts}
    by_table: dict[int, dict[int, CellHit]] = {}
    for cell in measured:
        in_period = target.matches(cell.instant, cell.period_start, cell.period_end)
        if cell.position is not None and part_name(cell) in names and in_period:
            by_table.setdefault(cell.position[0], {})[names[part_name(cell)]] = cell
    most = max((len(beside) for beside in by_table.values()), default=0)
    complete = [beside for beside in by_table.values() if len(beside) == most and most >= 2]
    if len(complete) > 1:
        own = _own_words(breakdown.total, item)
        complete = [beside for beside in complete if own <= _title_words(next(iter(beside.values())))]
    if len(complete) != 1:
        return OwnMeasure(measured[0].column_label, {})
    beside = complete[0]
    first = next(iter(beside.values()))
    return OwnMeasure(first.column_label, beside, first.table_title or "")


def _title_words(cell: CellHit) -> set[str]:
    return set(_WORD.findall((cell.table_title or "").lower()))
