"""A table's physical grid: its `<td>`s with their spans expanded (`SourceCell`), the fragment cells folded
into the figure they belong to (`Item`: "$", "1,234", ")" → "$(1,234)"), indents, the logical columns items
fall in, and what the document says around the table (`Surroundings`).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from filingproof.ingest.parse.numbers import ParsedNumber, is_year, normalize_space, parse_number
from filingproof.ingest.parse.periods.prose import Acquisition
from filingproof.ingest.parse.xhtml import local_name, text_of

LEADING_FRAGMENTS = frozenset({"$", "€", "£", "(", "$(", "$ ("})


TRAILING_FRAGMENTS = frozenset({")", "%", ")%", "%)", ") %", "pts", "bps", "x"})


_PADDING_LEFT_RE = re.compile(r"padding-left:\s*([\d.]+)(pt|px)")


_PADDING_RE = re.compile(r"padding:\s*([^;]+)")


_INDENTS_RE = re.compile(r"(?:text-indent|margin-left|padding-left|padding):\s*-?[\d.]")


_MARGIN_LEFT_RE = re.compile(r"margin-left:\s*(-?[\d.]+)(pt|px)")


_TEXT_INDENT_RE = re.compile(r"(?<![\w-])text-indent:\s*(-?[\d.]+)(pt|px)")


@dataclass(slots=True)
class SourceCell:
    """One `<td>` placed on the physical grid."""

    element: etree._Element
    row: int
    col_start: int
    col_end: int
    text: str


@dataclass(slots=True)
class Item:
    """A run of source cells that shows one thing: a label, a header, or a number with its fragments."""

    cells: list[SourceCell]
    text: str
    col_start: int
    col_end: int
    number: ParsedNumber | None = None


def cell_text(element: etree._Element) -> str:
    return normalize_space(text_of(element))


def physical_grid(table: etree._Element) -> list[list[SourceCell]]:
    """Expand row and column spans; each row lists the cells anchored in it, left to right."""
    occupied: dict[tuple[int, int], bool] = {}
    rows: list[list[SourceCell]] = []
    tr_elements = [tr for tr in table.iter() if local_name(tr) == "tr"]
    for r, tr in enumerate(tr_elements):
        placed: list[SourceCell] = []
        col = 0
        for td in tr:
            if local_name(td) not in ("td", "th"):
                continue
            while occupied.get((r, col)):
                col += 1
            colspan = _span(td.get("colspan"))
            rowspan = _span(td.get("rowspan"))
            for dr in range(rowspan):
                for dc in range(colspan):
                    occupied[(r + dr, col + dc)] = True
            placed.append(SourceCell(td, r, col, col + colspan - 1, cell_text(td)))
            col += colspan
        rows.append(placed)
    return rows


def _span(value: str | None) -> int:
    try:
        return max(1, min(int(value or 1), 1000))
    except ValueError:
        return 1


def fold_fragments(row: list[SourceCell]) -> list[Item]:
    """Fold `$`, `(`, `)` and `%` cells into the number beside them; drop empty cells."""
    items = [Item([cell], cell.text, cell.col_start, cell.col_end) for cell in row if cell.text]
    folded: list[Item] = []
    pending: Item | None = None
    for item in items:
        if pending is not None:
            item = Item(pending.cells + item.cells, pending.text + item.text, pending.col_start, item.col_end)
            pending = None
        if item.text in LEADING_FRAGMENTS:
            pending = item
            continue
        if (
            item.text.lower() in TRAILING_FRAGMENTS
            and folded
            and parse_number(folded[-1].text) is not None
            # a "%" heading a column of changes beside a year heading its own ("2023 | 2022 | %", CMCSA)
            and not (item.text == "%" and is_year(folded[-1].text))
        ):
            previous = folded.pop()
            item = Item(
                previous.cells + item.cells, previous.text + item.text, previous.col_start, item.col_end
            )
        folded.append(item)
    if pending is not None:
        folded.append(pending)
    for item in folded:
        item.number = parse_number(item.text)
    return folded


def is_header_value(item: Item) -> bool:
    return item.number is None or is_year(item.text)


def indent_of(element: etree._Element, *, block: bool = False) -> float:
    """Where a label cell's first line starts, in points: the cell's left padding plus its own text-indent
    (a hanging indent, "padding-left:10pt; text-indent:-9pt", starts the line at 1pt), plus the indent of
    its content (the first element inside it that states one). With `block`, where its wrapped lines
    start (no text-indent)."""
    total = _own_indent(element.get("style") or "", block)
    for child in element.iterdescendants():
        style = child.get("style") or ""
        if _INDENTS_RE.search(style):
            margin = sum(_points(m[1], m[2]) for m in _MARGIN_LEFT_RE.finditer(style))
            return total + _own_indent(style, block) + margin
    return total


def _own_indent(style: str, block: bool = False) -> float:
    """Left padding plus text-indent: "padding-left:4.5pt;text-indent:-4.5pt" starts the line at 0."""
    indent = _padding_left(style)
    if not block and (match := _TEXT_INDENT_RE.search(style)):
        indent += _points(match[1], match[2])
    return indent


def _points(number: str, unit: str) -> float:
    return float(number or 0) * (0.75 if unit == "px" else 1)


def _padding_left(style: str) -> float:
    """The left padding a style states, in points (`padding-left`, or the `padding` shorthand's)."""
    if match := _PADDING_LEFT_RE.search(style):
        return _points(match[1], match[2])
    if match := _PADDING_RE.search(style):
        parts = match[1].split()
        left = parts[-1] if len(parts) in (2, 4) else parts[0] if len(parts) == 1 else parts[1]
        if left.endswith(("pt", "px")):
            return _points(left[:-2], left[-2:])
    return 0.0


def logical_columns(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge overlapping physical spans of numbers into logical columns."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def column_of(item: Item, columns: list[tuple[int, int]]) -> int | None:
    for index, (start, end) in enumerate(columns):
        if item.col_start <= end and item.col_end >= start:
            return index
    return None


@dataclass(frozen=True, slots=True)
class Surroundings:
    """What the document says around a table."""

    context_before: str  # the prose just before it
    title: str | None
    scale_prose: str  # the prose that may state its scale
    inherited_scale: tuple[int, str | None]  # else this scale (of the table it continues)
    continued_columns: Sequence[str]  # the column labels of the table it continues, if any
    document_scale: tuple[int, str | None] = (0, None)  # else the document's default scale
    earlier_acquisitions: Sequence[Acquisition] = ()  # the acquisitions the document dates before it
