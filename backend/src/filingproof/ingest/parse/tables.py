"""HTML tables → logical cell grids.

Filers lay statements out on a fine physical grid: a `$` in one cell, the digits in the next, a `)` or `%` in
a third, spacer columns between. Here spans are expanded, fragment cells are folded into their number,
and the physical columns that hold one figure per row are merged into logical columns, each named by the
header rows above it. Values are parsed from the text the page shows; XBRL tags are not consulted.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from lxml import etree

from filingproof.ingest.parse.inline import InlineFigure, inline_figures, respective_figures
from filingproof.ingest.parse.numbers import ParsedNumber, is_year, normalize_space, parse_number
from filingproof.ingest.parse.periods import (
    DocumentPeriod,
    Period,
    TablePeriods,
    parse_column_period,
    printed_year,
    stated_as_of,
)
from filingproof.ingest.parse.xbrl import MONTH_NAME_PATTERN, parse_long_date
from filingproof.ingest.parse.xhtml import local_name, text_of

LEADING_FRAGMENTS = frozenset({"$", "€", "£", "(", "$(", "$ ("})
TRAILING_FRAGMENTS = frozenset({")", "%", ")%", "%)", ") %", "pts", "bps", "x"})
_SCALE_RE = re.compile(
    r"\bin\s+(thousands|millions|billions)\b|\((thousands|millions|billions)\b|"
    r"\$\s*(thousands|millions|billions)\b|^(thousands|millions|billions)\b",
    re.IGNORECASE,
)
# "(In millions, except number of shares, which are reflected in thousands …)": shares have their own scale.
_SHARES_SCALE_RE = re.compile(
    r"except[^.;]{0,40}?shares?[^.;()]{0,40}?\b(?:in|reflected in)\s+(thousands|millions)|"
    r"shares?\s+\(?in\s+(thousands|millions)\b",
    re.IGNORECASE,
)
_SCALE_POWERS = {"thousands": 3, "millions": 6, "billions": 9}
_PER_SHARE_RE = re.compile(
    r"per\s+(?:\w+\s+){0,2}share|per\s+(?:basic|diluted)|earnings per|dividends declared per|\bEPS\b",
    re.IGNORECASE,
)
_SHARE_COUNT_RE = re.compile(r"\bshares\b|\bshare count\b|\bdilutive\b|\bstock awards\b", re.IGNORECASE)
_EXCEPT_RE = re.compile(r"except[^)]*", re.IGNORECASE)
_SHARES_FIRST_RE = re.compile(
    r"(?:weighted[- ]average\s+)?(?:number\s+of\s+)?(?:common\s+)?shares\b", re.IGNORECASE
)
_AMOUNT_FOR_RE = re.compile(
    r"\b(?:used in|for|in computing|available to)\b.*\b(?:per share|EPS)\b", re.IGNORECASE
)
_PADDING_LEFT_RE = re.compile(r"padding-left:\s*([\d.]+)(pt|px)")
_PADDING_RE = re.compile(r"padding:\s*([^;]+)")
_TEXT_INDENT_RE = re.compile(r"(?:text-indent|margin-left):\s*(-?[\d.]+)(pt|px)")


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


@dataclass(slots=True)
class NumericCell:
    row: int
    col: int
    text: str
    shown: ParsedNumber
    value: Decimal  # base units: dollars, shares, percent points
    unit: str
    scale: int
    row_label: str
    row_path: list[str]
    column_label: str
    period: Period | None
    elements: list[etree._Element]
    inline_span: tuple[int, int] | None = None  # where a figure written inside a text cell sits in its text
    column_period: Period | None = None  # what the column header alone names, if anything


@dataclass(slots=True)
class ParsedTable:
    element: etree._Element
    title: str | None
    scale: int
    scale_text: str | None
    header_rows: int
    grid: list[list[str]]
    column_labels: list[str]
    cells: list[NumericCell] = field(default_factory=list)


def _cell_text(element: etree._Element) -> str:
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
            placed.append(SourceCell(td, r, col, col + colspan - 1, _cell_text(td)))
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
        if item.text.lower() in TRAILING_FRAGMENTS and folded and parse_number(folded[-1].text) is not None:
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


def _is_header_value(item: Item) -> bool:
    return item.number is None or is_year(item.text)


def _indent(element: etree._Element) -> float:
    """Indentation of a label cell in points (padding-left of the cell, or indent of its content)."""
    total = 0.0
    style = element.get("style") or ""
    if match := _PADDING_LEFT_RE.search(style):
        total += float(match[1]) * (0.75 if match[2] == "px" else 1)
    elif match := _PADDING_RE.search(style):
        parts = match[1].split()
        left = parts[-1] if len(parts) in (2, 4) else parts[0] if len(parts) == 1 else parts[1]
        if left.endswith("pt"):
            total += float(left[:-2] or 0)
        elif left.endswith("px"):
            total += float(left[:-2] or 0) * 0.75
    for child in element.iter():
        if child is element:
            continue
        if match := _TEXT_INDENT_RE.search(child.get("style") or ""):
            total += float(match[1]) * (0.75 if match[2] == "px" else 1)
            break
    return total


def _logical_columns(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge overlapping physical spans of numbers into logical columns."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _column_of(item: Item, columns: list[tuple[int, int]]) -> int | None:
    for index, (start, end) in enumerate(columns):
        if item.col_start <= end and item.col_end >= start:
            return index
    return None


def find_scale(text: str, *, shares_apart: bool = True) -> tuple[int, str | None]:
    """The scale a "(in millions)" line states; the last one in the text is the nearest to the table.

    With `shares_apart`, a scale stated for shares alone ("shares in thousands") is not the table's.
    """
    exceptions = [m.span() for m in _SHARES_SCALE_RE.finditer(text)] if shares_apart else []
    matches = [m for m in _SCALE_RE.finditer(text) if not any(a <= m.start() < b for a, b in exceptions)]
    if not matches:
        return 0, None
    match = matches[-1]
    word = next(group for group in match.groups() if group)
    return _SCALE_POWERS[word.lower()], match[0]


def parse_table(
    table: etree._Element,
    document: DocumentPeriod,
    context_before: str,
    title: str | None,
    inherited_scale: tuple[int, str | None] = (0, None),
) -> ParsedTable | None:
    """Parse one table; None for layout tables with no text at all."""
    rows = [fold_fragments(row) for row in physical_grid(table)]
    rows = [row for row in rows if row]
    if not rows:
        return None

    labels: list[Item | None] = []
    values: list[list[Item]] = []
    for row in rows:
        first = row[0]
        has_label = first.number is None or (is_year(first.text) and len(row) > 1 and first.col_start == 0)
        labels.append(first if has_label else None)
        values.append(row[1:] if has_label else row)

    first_data = next(
        (
            i
            for i, row in enumerate(values)
            if any(not _is_header_value(item) for item in row)
            or (labels[i] is not None and any(_inline_only(item) for item in row))
        ),
        len(rows),
    )
    header_rows = first_data
    spans = [  # a row of years alone ("2023" over a roll-forward's rows) is a heading, not a column
        (item.col_start, item.col_end)
        for row in values[first_data:]
        if not all(_is_header_value(item) for item in row)
        for item in row
        if item.number is not None
    ]
    columns = _logical_columns(spans)
    if not columns:
        columns = _logical_columns([(item.col_start, item.col_end) for row in values for item in row])

    header_text = " ".join(item.text for row in rows[:header_rows] for item in row)
    scale, scale_text = find_scale(header_text)
    if scale_text is None:
        scale, scale_text = find_scale(context_before)
    if scale_text is None:
        # A table continued from the one just before it (same note, a page later) keeps its scale.
        scale, scale_text = inherited_scale
    shares_match = _SHARES_SCALE_RE.search(f"{header_text} {context_before}")
    shares_scale = (
        _SCALE_POWERS[next(g for g in shares_match.groups() if g).lower()] if shares_match else None
    )
    is_monetary = any("$" in item.text for row in rows for item in row) or bool(
        re.search(r"dollars|\$", f"{header_text} {scale_text or ''}", re.IGNORECASE)
    )
    # Only the nearest prose says what the table's columns measure ("as of", "years ended").
    table_context = f"{title or ''} {context_before[-300:]} {header_text}"
    resolver = TablePeriods(
        document,
        f"{title or ''} {header_text}",
        [item.text if item else "" for item in labels],
        frozenset(r for r, label in enumerate(labels) if r < header_rows or (label and not values[r])),
    )

    # Typesetting puts the unit sign on a column's first figure only: "21.0 %" then "(2.2)".
    percent_columns: set[int] = set()
    seen_columns: set[int] = set()
    for row in values[first_data:]:
        for item in row:
            col = _column_of(item, columns)
            if item.number is not None and col is not None and col not in seen_columns:
                seen_columns.add(col)
                if item.number.is_percent:
                    percent_columns.add(col)
    grid: list[list[str]] = []
    cells: list[NumericCell] = []
    column_labels = [""] * len(columns)
    header_block: list[int] = []
    path_stack: list[tuple[float, str, bool]] = []  # (indent, heading, heading ends with ":")
    periods: list[Period | None] = [None] * len(columns)
    for r, row in enumerate(rows):
        is_header_like = labels[r] is None and all(_is_header_value(item) for item in values[r])
        if is_header_like and (
            r >= header_rows or all(_column_of(item, columns) is None for item in values[r])
        ):
            # A heading in the rows, or one in the header's stub ("2022" over the labels) names no column.
            resolver.observe_heading(" ".join(item.text for item in values[r]))
        names_columns = any(_column_of(item, columns) is not None for item in values[r])
        if r < header_rows or (is_header_like and names_columns and r > 0):
            header_block = header_block if (r > 0 and r - 1 in header_block) else []
            header_block.append(r)
            column_labels = _column_labels(rows, header_block, columns)
            stated = stated_as_of(table_context, {y for label in column_labels if (y := printed_year(label))})
            periods = _one_date_for_all(
                [parse_column_period(label, document, table_context, stated) for label in column_labels]
            )
        display = [""] * (len(columns) + 1)
        label_item = labels[r]
        label = label_item.text if label_item else ""
        display[0] = label
        for item in values[r]:
            col = _column_of(item, columns)
            if col is not None:
                display[col + 1] = (display[col + 1] + " " + item.text).strip()
        grid.append(display)
        numbers = [item for item in values[r] if item.number is not None]
        indent = _indent(label_item.cells[0].element) if label_item else 0.0
        if label_item is not None and not values[r] and r >= header_rows:
            # "Cash dividends declared, per share: $0.80" states its figure in the label itself.
            path_here = [name for _, name, _ in path_stack] + [label]
            if figures := _written_figures(label_item.text):
                cells.extend(
                    _inline_cells(
                        r,
                        0,
                        label_item,
                        figures,
                        label,
                        path_here,
                        resolver.for_cell(r, label, None, inline=True, path=path_here),
                        scale,
                        shares_scale,
                    )
                )
        if label and not values[r] and find_scale(label)[1] is None:
            # A heading row ("Current assets:"), also when it sits right under the column headers.
            while path_stack and path_stack[-1][0] >= indent:
                path_stack.pop()
            path_stack.append((indent, label.rstrip(":"), label.endswith(":")))
            if r >= header_rows or label_item is None or _column_of(label_item, columns) is None:
                resolver.observe_heading(label)  # not a caption across the columns, which name their own
            continue
        if r < header_rows or is_header_like or (not numbers and not _has_inline(row)):
            continue
        # Rows under "Net income per share:" are often not indented: a colon heading stays their parent.
        while path_stack and (
            path_stack[-1][0] > indent or (path_stack[-1][0] == indent and not path_stack[-1][2])
        ):
            path_stack.pop()
        path = [name for _, name, _ in path_stack] + ([label] if label else [])
        for item in row:
            if item.number is None and (figures := _written_figures(item.text)):
                logical = None if item is label_item else _column_of(item, columns)
                period = None if logical is None else periods[logical]
                column_label = "" if logical is None else column_labels[logical]
                dated = list(dict.fromkeys(p for p in periods if p is not None)) if item is label_item else []
                cells.extend(
                    _inline_cells(
                        r,
                        0 if logical is None else logical + 1,  # grid columns: 0 is the label
                        item,
                        figures,
                        label,
                        path,
                        resolver.for_cell(
                            r, label, period, column_label=column_label, inline=True, path=path
                        ),
                        scale,
                        shares_scale,
                        [resolver.for_cell(r, label, p, path=path) for p in dated],
                    )
                )
        for item in numbers:
            col = _column_of(item, columns)
            if col is None or item.number is None:
                continue
            column_scale, column_scale_text = find_scale(column_labels[col], shares_apart=False)
            cells.append(
                _numeric_cell(
                    periods[col],
                    r,
                    col + 1,
                    item,
                    item.number,
                    label,
                    path,
                    column_labels[col],
                    resolver.for_cell(r, label, periods[col], column_label=column_labels[col], path=path),
                    column_scale if column_scale_text else scale,
                    column_scale if column_scale_text else shares_scale,
                    is_monetary,
                    col in percent_columns,
                )
            )
    return ParsedTable(
        element=table,
        title=title,
        scale=scale,
        scale_text=scale_text,
        header_rows=header_rows,
        grid=grid,
        column_labels=column_labels,
        cells=cells,
    )


def _one_date_for_all(periods: list[Period | None]) -> list[Period | None]:
    """Where every dated column names the same period, the undated ones break it down: "December 31,
    2023" then "Level 1", "Level 2" (fair value at that reporting date), or "2024" then "% of total"."""
    named = {period for period in periods if period is not None}
    if len(named) != 1:
        return periods
    (only,) = named
    return [only] * len(periods)


def _column_labels(
    rows: list[list[Item]], header_block: list[int], columns: list[tuple[int, int]]
) -> list[str]:
    labels: list[list[str]] = [[] for _ in columns]
    for r in header_block:
        for item in rows[r]:
            # A period phrase in the header's stub ("December 31," left of "2024 | 2023") heads every column.
            # (One that prints its year heads a section of rows instead: "Year Ended December 31, 2023".)
            stub = (
                columns
                and item.col_end < columns[0][0]
                and _STUB_PERIOD_RE.search(item.text)
                and not _YEAR_IN_RE.search(item.text)
            )
            for index, (start, end) in enumerate(columns):
                over = item.col_start <= end and item.col_end >= start
                if (over or stub) and item.text not in labels[index]:
                    labels[index].append(item.text)
    return [" ".join(parts) for parts in labels]


_YEAR_IN_RE = re.compile(r"\b(?:19|20)\d{2}\b")
_STUB_PERIOD_RE = re.compile(
    rf"\b(?:ended|ending|as of)\b|^{MONTH_NAME_PATTERN}\s+\d{{1,2}},?$", re.IGNORECASE
)


_PARENTHETICAL_RE = re.compile(r"\([^)]*\)")
_PRICE_COLUMN_RE = re.compile(
    r"\bper\s+(?:share|unit|rsu|psu|option)|\b(?:exercise|purchase|grant|share|stock|average)\s+price\b|"
    r"grant[- ]date fair value|fair value per",
    re.IGNORECASE,
)
_COUNT_WORDS_RE = re.compile(
    r"shares used|number of shares|weighted[- ]average (?:number|shares|basic|diluted)|excluded|awards|"
    r"outstanding|units|computation",
    re.IGNORECASE,
)


def _unit_kind(label: str, path: list[str], column_label: str, decimals: int) -> str | None:
    """What a row measures, from its own label first, then its parent heading, then its column."""
    own = _PARENTHETICAL_RE.sub("", label)
    if _SHARES_FIRST_RE.match(own):
        return "shares"
    if _AMOUNT_FOR_RE.search(own):
        return None  # "Net income used in computing basic net income per share" is an amount
    # A heading speaks for the rows under it ("Net income per share:" › "Basic") when they look like
    # per-share figures (short labels or cents), not for line items of an equity statement.
    speaks = len(path) >= 2 and (len(own.split()) <= 3 or decimals == 2)
    ancestors = [_PARENTHETICAL_RE.sub("", heading) for heading in reversed(path[:-1])] if speaks else []
    for text in (own, *ancestors):
        if (
            text is not own
            and _PER_SHARE_RE.search(text)
            and decimals != 2
            and not _COUNT_WORDS_RE.search(text)
        ):
            continue
        if _PER_SHARE_RE.search(text):
            return "shares" if _COUNT_WORDS_RE.search(text) else "per_share"
        if _SHARE_COUNT_RE.search(text) and "$" not in text:
            return "shares"
    column = _EXCEPT_RE.sub("", _PARENTHETICAL_RE.sub("", column_label))
    if _PRICE_COLUMN_RE.search(column):
        return "per_share"
    if re.search(r"\bshares\b|\bnumber of\b", column, re.IGNORECASE) and "$" not in column:
        return "shares"
    return None


def _written_figures(text: str) -> list[InlineFigure]:
    """The figures a text cell writes: percentages, amounts, shares, "$10.0 billion"; not a bare number in
    prose ("Level 2", "Note 7")."""
    return [
        figure for figure in inline_figures(text) if figure.word_scale is not None or figure.unit != "number"
    ]


def _inline_only(item: Item) -> bool:
    """A value cell that is not a number but writes figures: "3.6%-5.4%", "—%-0.5%"."""
    return item.number is None and bool(_written_figures(item.text))


def _has_inline(row: list[Item]) -> bool:
    return any(item.number is None and inline_figures(item.text) for item in row)


def _inline_cells(
    row: int,
    col: int,
    item: Item,
    figures: list[InlineFigure],
    label: str,
    path: list[str],
    period: Period | None,
    table_scale: int,
    shares_scale: int | None,
    respective: Sequence[Period | None] = (),
) -> list[NumericCell]:
    """The cells of the `figures` written inside a text cell (`_written_figures`). A label that lists one
    figure per dated column ("Dividends (per share — $1.94, $1.84 and $1.76)" over 2024, 2023, 2022) gives
    each its column's period (`respective`); otherwise all take `period`."""
    cells = []
    listed = respective_figures(item.text, figures, len(respective))
    by_year = {p.end.year: p for p in respective if p is not None}
    periods = [
        respective[listed.columns[i]]
        if i in listed.columns
        else by_year.get(listed.years[i], period)
        if i in listed.years
        else Period("instant", None, dated)
        if (dated := parse_long_date(listed.as_of.get(i, ""))) is not None
        else period
        for i in range(len(figures))
    ]
    for figure, figure_period in zip(figures, periods, strict=True):
        if figure.word_scale is not None:
            scale = figure.word_scale
        elif figure.unit in ("percent", "USD/share"):
            scale = 0
        elif figure.unit == "shares":
            # A count written out in full ("944,033,056 shares") is not in the table's scale.
            written_in_full = len(figure.text.replace(",", "")) >= 7
            scale = shares_scale if shares_scale is not None else 0 if written_in_full else table_scale
        else:  # USD
            scale = table_scale
        shown = ParsedNumber(figure.value, figure.unit == "percent", figure.text.startswith("$"), False, 0)
        cells.append(
            NumericCell(
                row=row,
                col=col,
                text=figure.text,
                shown=shown,
                value=figure.value.scaleb(scale),
                unit=figure.unit,
                scale=scale,
                row_label=label,
                row_path=path,
                column_label="",
                period=figure_period,
                elements=[cell.element for cell in item.cells],
                inline_span=(figure.start, figure.end),
            )
        )
    return cells


def _numeric_cell(
    column_period: Period | None,
    row: int,
    col: int,
    item: Item,
    shown: ParsedNumber,
    label: str,
    path: list[str],
    column_label: str,
    period: Period | None,
    table_scale: int,
    shares_scale: int | None,
    is_monetary: bool,
    percent_column: bool,
) -> NumericCell:
    unit_kind = _unit_kind(label, path, column_label, shown.decimals)
    if (
        shown.is_percent
        or "%" in column_label
        or (percent_column and not shown.is_currency and unit_kind is None)
    ):
        unit, scale = "percent", 0
    elif unit_kind == "per_share":
        unit, scale = "USD/share", 0
    elif unit_kind == "shares":
        unit, scale = "shares", shares_scale if shares_scale is not None else table_scale
    else:
        unit, scale = ("USD" if is_monetary or shown.is_currency else "number"), table_scale
    return NumericCell(
        row=row,
        col=col,
        text=item.text,
        shown=shown,
        value=shown.value.scaleb(scale),
        unit=unit,
        scale=scale,
        row_label=label,
        row_path=path,
        column_label=column_label,
        period=period,
        elements=[cell.element for cell in item.cells],
        column_period=column_period,
    )
