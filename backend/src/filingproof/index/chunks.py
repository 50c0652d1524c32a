"""Cut a page into the chunks that are indexed: prose windows and table rows as text.

Prose: the page's paragraphs (one per line) packed into windows of about `PROSE_WORDS` words, never
splitting a paragraph unless it alone is longer than `MAX_PROSE_WORDS` (then it is cut into windows).

Tables: one line per row × value column, `row label | column period | value`, e.g.
`Total net sales | Years Ended September 28, 2024 | 391,035`, so that a row, its period and its figure
are found together. Labels come from the parsed cells (row path, column period) where the ingester gave
them; otherwise from the grid: the header rows give the column label, and a row without values is a
heading that prefixes the rows under it (`Net sales: Products | …`) until a `Total …` row closes it.
Lines are grouped by `TABLE_LINES`, each group headed by the table's title and scale line.

Chunks keep the page's order: a table's chunks stand where its `[table N]` marker is in the page text.
"""

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

PROSE_WORDS = 200
MAX_PROSE_WORDS = 300
TABLE_LINES = 25

_TABLE_MARKER = re.compile(r"^\s*\[table (\d+)\]\s*$")


@dataclass(frozen=True)
class TableView:
    """What the chunker needs of a table (a `tables` row)."""

    table_index: int
    title: str | None
    scale_text: str | None
    header_rows: int
    grid: Sequence[Sequence[str]]
    # (row, col) → (row label path, column period label) of the parsed numeric cells (`cells` rows), which
    # are more exact than what the display grid's header rows give; other cells fall back to the grid
    labels: Mapping[tuple[int, int], tuple[str, str]] = field(default_factory=dict)


def column_labels(grid: Sequence[Sequence[str]], header_rows: int) -> list[str]:
    """Each column's label: its header cells top to bottom, repeats (spanned cells) folded."""
    width = max((len(row) for row in grid), default=0)
    labels = []
    for col in range(width):
        parts: list[str] = []
        for row in grid[:header_rows]:
            text = " ".join(row[col].split()) if col < len(row) else ""
            if text and text not in parts:
                parts.append(text)
        labels.append(" ".join(parts))
    return labels


def table_lines(table: TableView) -> list[str]:
    labels = column_labels(table.grid, table.header_rows)
    lines = []
    heading = ""
    for r in range(table.header_rows, len(table.grid)):
        row = table.grid[r]
        label = " ".join(row[0].split()) if row else ""
        values = [(col, " ".join(cell.split())) for col, cell in enumerate(row) if col > 0 and cell.strip()]
        if not values:
            heading = label.rstrip(":")
            continue
        full_label = f"{heading}: {label}" if heading and label else label or heading
        for col, value in values:
            row_label, column_label = table.labels.get(
                (r, col), (full_label, labels[col] if col < len(labels) else "")
            )
            lines.append(f"{row_label} | {column_label} | {value}")
        if label.lower().startswith("total"):
            heading = ""
    return lines


def table_chunks(table: TableView) -> list[str]:
    scale = (
        table.scale_text
        if table.scale_text and table.scale_text.lower() not in (table.title or "").lower()
        else None
    )
    head = " ".join(part for part in (table.title, scale) if part)
    lines = table_lines(table)
    chunks = []
    for start in range(0, len(lines), TABLE_LINES):
        body = "\n".join(lines[start : start + TABLE_LINES])
        chunks.append(f"{head}\n{body}" if head else body)
    return chunks


def _split_long(words: list[str]) -> Iterator[str]:
    for start in range(0, len(words), PROSE_WORDS):
        yield " ".join(words[start : start + PROSE_WORDS])


def prose_chunks(paragraphs: Sequence[str]) -> list[str]:
    chunks: list[str] = []
    window: list[str] = []
    size = 0
    for paragraph in paragraphs:
        words = paragraph.split()
        if not words:
            continue
        if len(words) > MAX_PROSE_WORDS:
            if window:
                chunks.append("\n".join(window))
                window, size = [], 0
            chunks.extend(_split_long(words))
            continue
        if window and size + len(words) > PROSE_WORDS:
            chunks.append("\n".join(window))
            window, size = [], 0
        window.append(" ".join(words))
        size += len(words)
    if window:
        chunks.append("\n".join(window))
    return chunks


def page_chunks(page_text: str, tables: Sequence[TableView]) -> list[str]:
    """The chunk texts of one page, in reading order."""
    by_index = {table.table_index: table for table in tables}
    placed: set[int] = set()
    chunks: list[str] = []
    paragraphs: list[str] = []
    for line in page_text.splitlines():
        marker = _TABLE_MARKER.match(line)
        if marker is None:
            paragraphs.append(line)
            continue
        chunks.extend(prose_chunks(paragraphs))
        paragraphs = []
        table = by_index.get(int(marker.group(1)))
        if table is not None and table.table_index not in placed:
            placed.add(table.table_index)
            chunks.extend(table_chunks(table))
    chunks.extend(prose_chunks(paragraphs))
    for table in sorted(tables, key=lambda t: t.table_index):
        if table.table_index not in placed:
            chunks.extend(table_chunks(table))
    return [chunk for chunk in chunks if chunk.strip()]
