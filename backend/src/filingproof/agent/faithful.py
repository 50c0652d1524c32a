"""Item faithfulness in the pipeline: is each figure of the answer the item the question asks for?

The verifier proves a figure is a cell; this proves the cell is the thing asked. Every figure written
outside a verbatim quote is checked through its source cells (a derivation: each of its inputs) against
the asked items (`qa.asked`), with `verify.items.check_cell`. What a cell is comes from the database here,
by cell id, not from the code that picked it: its row-label path, column label, table caption, and the
XBRL facts linked to it with the cell's concept (concept, dimension members, period; read through the
facts' filing-and-concept index), and the filing's other tagged lines for the cell's period that say
"sales" or "revenue" (which tell the two words apart where the filing prints both). A cell passes when
one of its facts, or the untagged cell itself, is an asked item. Figures inside quotes are the filer's
words about its own page: they are held to the page's cells, not to the question's item.
"""

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from datetime import date
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import StoreKey
from filingproof.lru import LruCache
from filingproof.qa.pick import member_name
from filingproof.verify import CellSource, DerivationSource, Failure, Verdict
from filingproof.verify.claims import inside
from filingproof.verify.items import (
    QUALIFY_NOTHING,
    SALES_WORDS,
    AskedItem,
    CellFacts,
    ItemCheck,
    Line,
    check_cell,
    leaves_out,
    parent_members,
)

_FACTS = r"""
SELECT c.id AS cell_id, c.row_path, c.row_label, c.column_label, c.unit, t.title AS caption, f.ticker,
       c.filing_id, COALESCE(x.value, c.value) AS value, x.id AS fact_id, x.concept, x.dimensions,
       CASE WHEN x.id IS NULL THEN c.period_kind = 'instant' ELSE x.instant END AS instant,
       CASE WHEN x.id IS NULL THEN c.period_start ELSE x.period_start END AS period_start,
       CASE WHEN x.id IS NULL THEN c.period_end ELSE x.period_end END AS period_end,
       (SELECT o.row_label FROM cells o
        WHERE o.table_id = c.table_id AND o.col = c.col AND o.row > c.row AND o.row_label ~* '^\s*total\M'
        ORDER BY o.row LIMIT 1) AS closing
FROM cells c
JOIN tables t ON t.id = c.table_id
JOIN filings f ON f.id = c.filing_id
LEFT JOIN xbrl_facts x ON x.filing_id = c.filing_id AND x.concept = c.concept AND x.cell_id = c.id
WHERE c.id = ANY(CAST(:ids AS integer[]))
ORDER BY c.id, x.id
"""

# The tagged lines of the filings whose labels say one of `SALES_WORDS`, with their facts' periods
_LINES = """
SELECT c.filing_id, c.row_label, x.value, x.concept, x.dimensions, x.instant, x.period_start, x.period_end
FROM cells c
JOIN xbrl_facts x ON x.filing_id = c.filing_id AND x.concept = c.concept AND x.cell_id = c.id
WHERE c.filing_id = ANY(CAST(:filings AS integer[])) AND c.row_label ~* :words AND x.value IS NOT NULL
"""
LineKey = tuple[int, bool, date | None, date | None]  # filing, instant, period start, period end


def _line_key(row: Any) -> LineKey:
    instant = bool(row.instant)
    return (row.filing_id, instant, None if instant else row.period_start, row.period_end)


# The lines of the filings read lately, by (store, filing): a filing's rows never change once stored, and
# every figure question's check reads its filing's lines again.
FILINGS_LINES_KEPT = 256
_LINES_KEPT: LruCache[tuple[StoreKey, int], dict[LineKey, list[Line]]] = LruCache(FILINGS_LINES_KEPT)


async def _lines(
    session: AsyncSession, filing_ids: Collection[int], store: StoreKey | None
) -> dict[LineKey, list[Line]]:
    """The filings' tagged lines that say "sales" or "revenue", by filing and period."""
    found: dict[LineKey, list[Line]] = {}
    kept = {filing: _LINES_KEPT.get((store, filing)) if store else None for filing in filing_ids}
    for lines in kept.values():
        found.update(lines or {})
    missing = sorted(filing for filing, lines in kept.items() if lines is None)
    if not missing:
        return found
    words = r"\m(?:" + "|".join(SALES_WORDS) + r")\M"
    rows = await session.execute(text(_LINES), {"filings": missing, "words": words})
    read: dict[int, dict[LineKey, list[Line]]] = {filing: defaultdict(list) for filing in missing}
    for row in rows:
        members = tuple(str(member) for member in (row.dimensions or {}).values())
        read[row.filing_id][_line_key(row)].append(Line(row.row_label, row.value, members, row.concept))
    for filing, lines in read.items():
        if store:
            _LINES_KEPT.put((store, filing), dict(lines))
        found.update(lines)
    return found


# The dimensions of a filing's facts of one concept and period
_SIBLINGS = """
SELECT x.dimensions FROM xbrl_facts x
WHERE x.filing_id = :filing AND x.concept = :concept AND x.instant = :instant
  AND x.period_start IS NOT DISTINCT FROM :start AND x.period_end = :end
"""


async def _parents(session: AsyncSession, row: Any, store: StoreKey | None) -> tuple[str, ...]:
    """The members of the cell's fact that are parents of another of its members (`parent_members`)."""
    dims = [(str(a), str(m)) for a, m in (row.dimensions or {}).items()]
    if row.fact_id is None or len([pair for pair in dims if pair[1] not in QUALIFY_NOTHING]) < 2:
        return ()
    if store and (kept := _PARENTS_KEPT.get((store, row.fact_id))) is not None:
        return kept
    found = await session.execute(
        text(_SIBLINGS),
        {"filing": row.filing_id, "concept": row.concept, "instant": bool(row.instant),
         "start": None if row.instant else row.period_start, "end": row.period_end},
    )  # fmt: skip
    siblings = [[(str(a), str(m)) for a, m in (sibling.dimensions or {}).items()] for sibling in found]
    parents = tuple(sorted(parent_members(dims, siblings)))
    if store:
        _PARENTS_KEPT.put((store, row.fact_id), parents)
    return parents


def _facts(
    row: Any,
    names: Mapping[str, tuple[str, ...]],
    lines: Mapping[LineKey, list[Line]],
    parents: tuple[str, ...],
) -> CellFacts:
    dimensions = dict(row.dimensions or {})
    return CellFacts(
        row_path=tuple(row.row_path or ()) or (row.row_label,),
        caption=row.caption,
        column_label=row.column_label or "",
        concept=row.concept,
        members=tuple(str(member) for member in dimensions.values()),
        axes=tuple(str(axis) for axis in dimensions),
        unit=row.unit,
        instant=bool(row.instant),
        period_start=row.period_start,
        period_end=row.period_end,
        company=row.ticker,
        company_names=names.get(row.ticker or "", ()),
        value=row.value,
        lines=tuple(line for line in lines.get(_line_key(row), ()) if line.label != row.row_label),
        implied=parents,
        closing=row.closing,
    )


# The facts' rows of the cells checked lately, by (store, cell): an answer's cells come back question after
# question (a company's revenue, its net income), and a stored cell never changes.
CELLS_KEPT = 4_096
_ROWS_KEPT: LruCache[tuple[StoreKey, int], tuple[Any, ...]] = LruCache(CELLS_KEPT)
# The parent members of the facts checked lately, by (store, fact): a stored fact never changes, and a
# segment's cell comes back question after question.
_PARENTS_KEPT: LruCache[tuple[StoreKey, int], tuple[str, ...]] = LruCache(CELLS_KEPT)


async def _fact_rows(session: AsyncSession, cell_ids: Sequence[int], store: StoreKey | None) -> list[Any]:
    """The `_FACTS` rows of the cells, in its order (by cell, then fact)."""
    kept = {cell: _ROWS_KEPT.get((store, cell)) if store else None for cell in sorted(set(cell_ids))}
    missing = [cell for cell, rows in kept.items() if rows is None]
    if missing:
        read: dict[int, list[Any]] = {cell: [] for cell in missing}
        for row in (await session.execute(text(_FACTS), {"ids": missing})).all():
            read[row.cell_id].append(row)
        for cell, rows in read.items():
            kept[cell] = tuple(rows)
            if store:
                _ROWS_KEPT.put((store, cell), tuple(rows))
    return [row for rows in kept.values() for row in rows or ()]


class CellFactsReader:
    """What each cell says it is (`cell_facts`), read once per run however many checks ask: the draft's
    claims and its figures' items are checked against the same cells."""

    def __init__(
        self, session: AsyncSession, names: Mapping[str, tuple[str, ...]], store: StoreKey | None = None
    ) -> None:
        self.session, self.names, self.store = session, names, store
        self._read: dict[int, list[CellFacts]] = {}

    async def __call__(self, cell_ids: Sequence[int]) -> dict[int, list[CellFacts]]:
        missing = sorted(set(cell_ids) - self._read.keys())
        if missing:
            found = await cell_facts(self.session, missing, self.names, self.store)
            self._read.update({cell_id: found.get(cell_id, []) for cell_id in missing})
        return {cell_id: self._read[cell_id] for cell_id in cell_ids if self._read[cell_id]}


async def cell_facts(
    session: AsyncSession,
    cell_ids: Sequence[int],
    names: Mapping[str, tuple[str, ...]],
    store: StoreKey | None = None,
) -> dict[int, list[CellFacts]]:
    """What each cell says it is: one `CellFacts` per linked XBRL fact, or one for an untagged cell.
    `names`: the names each company (by ticker) goes by, which qualify nothing in its labels; `store`:
    where the filings' lines are kept between runs (None: read again)."""
    if not cell_ids:
        return {}
    rows = await _fact_rows(session, cell_ids, store)
    lines = await _lines(session, {row.filing_id for row in rows}, store)
    found: dict[int, list[CellFacts]] = defaultdict(list)
    for row in rows:
        found[row.cell_id].append(_facts(row, names, lines, await _parents(session, row, store)))
    return dict(found)


# Each cell's row label, the labels of the rows below it in its table, and the members its filing tags beside
# the cell's own on each axis the cell's fact has (the other segments of a segment's figure)
_BELOW = """
SELECT c.id AS cell_id, c.row_label, c.concept,
       ARRAY(SELECT DISTINCT o.row_label FROM cells o
             WHERE o.table_id = c.table_id AND o.row > c.row AND o.row_label IS NOT NULL) AS below,
       ARRAY(SELECT DISTINCT s.dimensions ->> d.key
             FROM xbrl_facts f CROSS JOIN LATERAL jsonb_each_text(f.dimensions) AS d
             JOIN xbrl_facts s ON s.filing_id = f.filing_id AND jsonb_exists(s.dimensions, d.key)
             WHERE f.cell_id = c.id AND s.dimensions ->> d.key <> d.value) AS beside
FROM cells c
WHERE c.id = ANY(CAST(:ids AS integer[]))
"""


async def exclusion_failures(
    session: AsyncSession,
    verdict: Verdict,
    figure_sources: Mapping[int, Sequence[int]],
    excluded: Sequence[str],
) -> list[Failure]:
    """One failure per figure with a source cell not shown to leave out a line the question excludes
    (`verify.items.leaves_out`)."""
    if not excluded or not figure_sources:
        return []
    ids = sorted({cell for cells in figure_sources.values() for cell in cells})
    rows = {row.cell_id: row for row in await session.execute(text(_BELOW), {"ids": ids})}
    failures = []
    for index, cell_ids in figure_sources.items():
        figure = verdict.figures[index].figure
        for cell_id, line in ((cell, line) for cell in cell_ids for line in excluded):
            row = rows.get(cell_id)
            check = (
                leaves_out(
                    row.row_label or "",
                    row.below or (),
                    line,
                    [member_name(m) for m in row.beside or ()],
                    row.concept,
                )
                if row is not None
                else ItemCheck(False, "the cell is not in the database")
            )
            if not check.ok:
                failures.append(Failure("item", figure.text, (figure.start, figure.end), check.reason))
                break
    return failures


def figure_cells(verdict: Verdict, quotes: Sequence[tuple[int, int]]) -> dict[int, list[int]]:
    """The source cells of each matched figure written outside the quotes, by the figure's index."""
    cells: dict[int, list[int]] = {}
    for index, check in enumerate(verdict.figures):
        figure, source = check.figure, check.matched_source
        if inside((figure.start, figure.end), quotes):
            continue
        # a figure the filer states in a quoted sentence, or one computed from such figures (a reference
        # below zero, `agent.state.StatedFigure`), is held to its sentence, as a quote is
        if isinstance(source, CellSource) and source.cell_id > 0:
            cells[index] = [source.cell_id]
        elif isinstance(source, DerivationSource) and all(cell > 0 for cell in source.inputs):
            cells[index] = list(source.inputs)
    return cells


def _check(asked: Sequence[AskedItem], facts: Sequence[CellFacts]) -> ItemCheck:
    checks = [check_cell(asked, each) for each in facts]
    if not checks:
        return ItemCheck(False, "the cell is not in the database")
    return next((check for check in checks if check.ok), checks[0])


def item_failures(
    verdict: Verdict,
    figure_sources: Mapping[int, Sequence[int]],
    facts: Mapping[int, Sequence[CellFacts]],
    asked: Sequence[AskedItem],
    asked_inputs: Sequence[AskedItem],
    inputs: Collection[int],
) -> list[Failure]:
    """One failure per figure with a source cell that is not an asked item (fail closed). A cell that is an
    input of the draft's derivations is held to `asked_inputs` (the lines a change is computed from); any
    other to `asked` (a figure stated alone: "the increase in cash" is not the cash balance)."""
    failures = []
    for index, cell_ids in figure_sources.items():
        figure = verdict.figures[index].figure
        for cell_id in cell_ids:
            result = _check(asked_inputs if cell_id in inputs else asked, facts.get(cell_id, ()))
            if not result.ok:
                failures.append(Failure("item", figure.text, (figure.start, figure.end), result.reason))
                break
    return failures
