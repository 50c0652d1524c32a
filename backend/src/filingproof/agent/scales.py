"""Figures from a table whose scale was not read: an untagged cell in dollars, at no scale, whose value is a
thousandth or a millionth of a tagged fact of its filing for the same period.

Why: a table's "(in millions)" may stand where the parser does not look for it (GM's 10-K prints its
segments' MD&A tables under a "Dollars in millions" line above the page's first table): its "$141,445" is
then read as dollars, written as such, and matches its own cell. The filing's tags say what the figure is
($141,445 million for GM North America's revenue), so such a cell is never verified as the value it shows
(#29: the tags as a cross-check).
"""

from collections.abc import Sequence
from decimal import Decimal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.faithful import figure_cells
from filingproof.agent.state import Draft
from filingproof.qa.store import CellHit
from filingproof.verify import Failure, Verdict

# Four figures or more: small sums at no scale are common and meet a tag's millions by chance (Coca-Cola's
# performance graph, "$131" beside a $131 million disposal group)
_LEAST = 1_000


def _unscaled(cell: CellHit) -> bool:
    """A dollar figure at no scale: what a missed "(in millions)" leaves."""
    return cell.unit == "USD" and cell.display_scale == 0 and abs(cell.value) >= _LEAST


async def misscaled_cells(session: AsyncSession, cells: Sequence[CellHit]) -> dict[int, Decimal]:
    """The cells among `cells`, linked to no fact, that a tagged fact of their filing for the same period end
    states a thousand or a million times over: cell id → the fact's value."""
    suspects = [cell.cell_id for cell in cells if _unscaled(cell)]
    if not suspects:
        return {}
    rows = await session.execute(
        text(
            "SELECT c.id, x.value FROM cells c JOIN xbrl_facts x ON x.filing_id = c.filing_id "
            "AND x.period_end = c.period_end "
            "AND abs(x.value) IN (abs(c.value) * 1000, abs(c.value) * 1000000) "
            "WHERE c.id = ANY(CAST(:ids AS integer[])) "
            "AND NOT EXISTS (SELECT 1 FROM xbrl_facts linked WHERE linked.cell_id = c.id)"
        ),
        {"ids": suspects},
    )
    return {cell_id: Decimal(value) for cell_id, value in rows}


async def scale_failures(
    session: AsyncSession, draft: Draft, verdict: Verdict, quotes: Sequence[tuple[int, int]]
) -> list[Failure]:
    """A failure for each figure of the draft computed from, or read off, a misscaled cell."""
    misscaled = await misscaled_cells(session, draft.cells)
    if not misscaled:
        return []
    failures = []
    for index, cells in figure_cells(verdict, quotes).items():
        wrong = [cell for cell in cells if cell in misscaled]
        if wrong:
            figure = verdict.figures[index].figure
            tagged = ", ".join(f"{misscaled[cell]:,}" for cell in wrong)
            failures.append(
                Failure(
                    "figure",
                    figure.text,
                    (figure.start, figure.end),
                    f"its cell shows the figure at no scale, where the filing's tags state {tagged}: "
                    "the table's scale was not read",
                )
            )
    return failures
