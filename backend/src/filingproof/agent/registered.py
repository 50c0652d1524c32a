"""The securities a company registers under Section 12(b) of the Exchange Act, as its cover page lists them.

A 10-K's or a 10-Q's cover prints a table headed "Title of each class | Trading Symbol(s) | Name of each
exchange on which registered" (some filers print two such column groups side by side). Its rows answer
"which securities are registered to trade on an exchange", "what does X have registered under 12(b)", "X's
trading symbols": each class is quoted as the cover prints it and outlined there. The cover is the filer's
saying, not a figure's: the answer is `quoted`, never `verified`, and a row is given only where it is found
drawn on the page.
"""

import re
from collections.abc import Sequence
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.passages import drawn_passage
from filingproof.agent.state import Passage
from filingproof.understanding import Catalog, QueryUnderstanding, select_filings

_ASKS = re.compile(
    r"\bregistered\b.*\b(?:securit|exchange|classes|notes|shares|stock)|"
    r"\b(?:securit|classes|notes|shares|stock)\w*\b.*\bregistered\b|"
    r"\b12\s*\(\s*b\s*\)|\btrading\s+symbols?\b|\blisted\s+on\b.*\bexchange",
    re.IGNORECASE,
)
# the cover's column naming the class; the header also names the exchange or the trading symbol (Apple's
# cover prints its exchange once, beside the rows)
_TITLE = re.compile(r"\btitle\s+of\s+(?:each|the)\s+class", re.IGNORECASE)
_LISTED = re.compile(r"\bexchange\b|\btrading\s+symbol", re.IGNORECASE)
_COVER_PAGES = 3  # the cover, and the page a long list of notes runs on to

_COVER_TABLES = """
SELECT t.filing_id, t.page_no, t.grid, f.accession, c.ticker, f.form, f.period_end, p.label, p.lines
FROM tables t
JOIN filings f ON f.id = t.filing_id
JOIN companies c ON c.id = f.company_id
JOIN pages p ON p.filing_id = t.filing_id AND p.page_no = t.page_no
WHERE t.filing_id = ANY(CAST(:ids AS integer[])) AND t.page_no <= :pages
ORDER BY f.period_end DESC, t.filing_id, t.page_no, t.table_index
"""


def asks_registered(question: str) -> bool:
    """Whether the question asks what the company registers under Section 12(b) (its listed securities)."""
    return _ASKS.search(question) is not None


def registered_classes(grid: Sequence[Sequence[str]]) -> list[str]:
    """Each class a cover's 12(b) table lists, as its row prints it ("1.000% Senior Notes due 2023 JCI23A New
    York Stock Exchange"); [] for any other table. Column groups side by side are read one after another."""
    header_at = next(
        (
            i
            for i, row in enumerate(grid[:3])
            if _TITLE.search(" ".join(row)) and _LISTED.search(" ".join(row))
        ),
        None,
    )
    if header_at is None:
        return []
    header = grid[header_at]
    starts = [i for i, cell in enumerate(header) if _TITLE.search(cell)]
    groups = [range(start, end) for start, end in zip(starts, [*starts[1:], len(header)], strict=True)]
    classes = []
    for row in grid[header_at + 1 :]:
        for group in groups:
            cells = list(dict.fromkeys(row[i].strip() for i in group if i < len(row) and row[i].strip()))
            # a class prints its title and its exchange at least ("SECURITIES REGISTERED PURSUANT TO SECTION
            # 12(g) OF THE ACT: NONE", spanning the table, is none); a spanned cell is printed once
            if len(cells) > 1 and not _TITLE.search(cells[0]):
                classes.append(" ".join(cells))
    return classes


def _passages(row: Any) -> list[Passage]:
    """The classes of one cover table, each a passage outlined where the cover draws it."""
    return [passage for listed in registered_classes(row.grid) if (passage := drawn_passage(listed, row))]


async def registered_securities(
    session: AsyncSession, u: QueryUnderstanding, catalog: Catalog
) -> list[Passage]:
    """The classes the question's company registers under 12(b), from the cover of its filing the question
    narrows to (the latest of them): one company, named; [] when no cover lists any."""
    if len(u.companies) != 1:
        return []
    ids = select_filings(u, catalog).filing_ids
    if ids is None:
        ids = tuple(f.filing_id for f in u.filings_of(catalog, u.companies[0]))
    rows = await session.execute(text(_COVER_TABLES), {"ids": list(ids), "pages": _COVER_PAGES})
    by_filing: dict[int, list[Passage]] = {}
    for row in rows:
        by_filing.setdefault(row.filing_id, []).extend(_passages(row))
    return next((listed for listed in by_filing.values() if listed), [])
