"""HTML tables → logical cell grids.

Filers lay statements out on a fine physical grid: a `$` in one cell, the digits in the next, a `)` or `%` in
a third, spacer columns between. Here spans are expanded, fragment cells are folded into their number,
and the physical columns that hold one figure per row are merged into logical columns, each named by the
header rows above it. Values are parsed from the text the page shows; XBRL tags are not consulted.
"""

import itertools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from decimal import Decimal

from lxml import etree

from filingproof.calendar import LONG_DATE_PATTERN, MONTH_NAME_PATTERN, parse_long_date
from filingproof.ingest.parse.inline import InlineFigure, Respective, inline_figures, respective_figures
from filingproof.ingest.parse.numbers import ParsedNumber, is_year, normalize_space, parse_number
from filingproof.ingest.parse.periods import (
    LONG_DATE_RE,
    DocumentPeriod,
    Period,
    months_in,
    parse_column_period,
    periods_by_block,
    printed_year,
    stated_as_of,
)
from filingproof.ingest.parse.periods.context import CellPeriod
from filingproof.ingest.parse.periods.prose import Acquisition
from filingproof.ingest.parse.periods.table import TablePeriods
from filingproof.ingest.parse.periods.words import CHANGE_COLUMN_RE
from filingproof.ingest.parse.xhtml import local_name, text_of

logger = logging.getLogger(__name__)

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
    # (Not "(Dollars and shares in millions)", "($ and shares in millions …)": both are.)
    r"(?<!dollars and )(?<!\$ and )shares?\s+\(?in\s+(thousands|millions)\b",
    re.IGNORECASE,
)
# A footnote under a table ("(a) In billions.", "(1) Weighted-average shares (in millions)") speaks for the
# figures it marks, not for a table.
# (Not a label's mark: "Operating Earnings (a) (in millions)".)
_FOOTNOTE_START_RE = re.compile(
    r"(?:^|[.:;]\s*|[\d)]\s+)(?:\((?:[a-z]|\d{1,2})\)|\*+|†)\s*[^.;]{0,80}$", re.IGNORECASE
)
_EXCEPT_SHARES_RE = re.compile(r"\bexcept\b[^.;)]*?(?<!per )(?<!per-)\bshares?\b(?![- ]based)", re.IGNORECASE)
# More shares than any issuer has (Apple has some 15 billion), more dollars than any company's: a figure
# so scaled was written in full.
MOST_SHARES = 10**11
MOST_DOLLARS = 10**14
_TRILLION = 10**12
_THOUSANDS_MARK_RE = re.compile(r"\((?:in\s+)?000'?s\)", re.IGNORECASE)  # "(000s)", "(in 000's)"
_WHOLE_DOLLARS_RE = re.compile(r"\bin (?:whole|actual) dollars\b", re.IGNORECASE)
# A thousand times more shares than that: a label count so scaled shows the table writes its counts in full.
_SURELY_IN_FULL = 10**14
# A column of percentages by its header: "% Change", "Percent Change", "% of Net Sales", "(%)".
_VALUE_COLUMN_RE = re.compile(r"\bvalues?\b|\bprices?\b|\bcosts?\b|\$", re.IGNORECASE)
_PERCENT_COLUMN_RE = re.compile(
    r"^\s*%|%\s*$|\(%\)|\bpercent(?:age)?\b|%\s*(?:change|of\s+(?:total|net|sales|revenues?|earnings))",
    re.IGNORECASE,
)
# A rate by its row ("Discount rate", "U.S. statutory rate", "Rate of increase in compensation levels"), not
# a kind of contract ("Interest rate").
_RATE_LABEL_RE = re.compile(
    r"\brates?(?:\s*\(\w\)|\s*\d)?\s*$|\byield\b|^(?:expected\s+)?(?:long-term\s+)?rates?\s+of\s+"
    r"(?:\w+\s+){0,2}(?:increase|return|growth)\b",
    re.IGNORECASE,
)
_RATE_COLUMN_RE = re.compile(r"\brates?\s*$", re.IGNORECASE)
_RATE_OF_WHAT_RE = re.compile(
    r"^(?:foreign )?(?:interest|exchange|currency|commodity) rates?\b", re.IGNORECASE
)
# …or by its column or heading ("Effective Interest Rate", "Weighted-average assumptions").
_RATE_RE = re.compile(
    r"\brates?\s*$|\binterest rate\b(?!\s+(?:hedge\s+)?(?:contracts?|swaps?))|\bassumptions?\b|\byield\b",
    re.IGNORECASE,
)
_LENGTH_RE = re.compile(  # (not "Expected long-term rate of return")
    r"\byears?\b|(?<!long-)\bterm\b|\blife\b|\blives\b|\bmonths?\b|\bdays?\b|\bratio\b", re.IGNORECASE
)
_SCALE_POWERS = {"thousands": 3, "millions": 6, "billions": 9}
_PER_SHARE_RE = re.compile(
    r"per\s+(?:[\w-]+\s+){0,6}share(?:\s+units?\b)?|per\s+(?:basic|diluted)|earnings per|"
    r"dividends declared per|\bEPS\b|per\s+common\s+stock\b",  # "… per common stock - basic and diluted"
    re.IGNORECASE,
)
_SHARE_COUNT_RE = re.compile(r"\bshares\b|\bshare count\b|\bdilutive\b|\bstock awards\b", re.IGNORECASE)
_EXCEPT_RE = re.compile(r"except[^)]*", re.IGNORECASE)
_SHARES_FIRST_RE = re.compile(
    r"(?:weighted[- ]average\s+)?(?:number\s+of\s+)?(?:common\s+)?shares\b|"
    r"weighted[- ]average\s+(?:number\s+of\s+)?(?:common\s+)?stock\s+outstanding\b",  # (stock, not shares)
    re.IGNORECASE,
)
_AMOUNT_FOR_RE = re.compile(
    r"\b(?:used in|for|in computing|available to|on which)\b.*\b(?:per share|EPS)\b", re.IGNORECASE
)
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
    period_rule: str = ""  # the rule that gave `period` (`periods.registry`)


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
    warning: str | None = None  # why the table is kept as text (no cells), when it is


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


def _indent(element: etree._Element, *, block: bool = False) -> float:
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
    matches = [
        m
        for m in _SCALE_RE.finditer(text)
        if not any(a <= m.start() < b for a, b in exceptions)
        and not _FOOTNOTE_START_RE.search(text, max(0, m.start() - 80), m.start())
    ]
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
    scale_context: str | None = None,
    *,
    continued_columns: Sequence[str] = (),
    document_scale: tuple[int, str | None] = (0, None),
    earlier_acquisitions: Sequence[Acquisition] = (),
) -> ParsedTable | None:
    """Parse one table; None for layout tables with no text at all.

    In phases: the header (where the rows that name the columns end), the logical columns, the scale,
    then a walk over the rows that names the columns as their header rows come and reads every figure.
    A table whose periods or values cannot be resolved is kept as text, with a warning, never failing
    the document it is in. The scale is looked for in the header, then in `scale_context` (by default
    `context_before`), then taken from `inherited_scale`, then from `document_scale`. A table continued
    from an earlier one (a page later, its header not repeated) names its columns by that one's
    `continued_columns` until a header row of its own names them. `earlier_acquisitions`: the acquisitions
    the document dates before the table, for a purchase price allocation.
    """
    try:
        items = [row for row in map(fold_fragments, physical_grid(table)) if row]
        if not items:
            return None
        scale_prose = context_before if scale_context is None else scale_context
        around = _Surroundings(
            context_before,
            title,
            scale_prose,
            inherited_scale,
            continued_columns,
            document_scale,
            earlier_acquisitions,
        )
        return _parse_items(table, items, document, around)
    except Exception as error:
        logger.warning("table kept as text: %s", error, exc_info=logger.isEnabledFor(logging.DEBUG))
        return text_table(table, title, f"{type(error).__name__}: {error}")


def text_table(table: etree._Element, title: str | None, warning: str) -> ParsedTable | None:
    """A table as text alone (its rows' cell texts, no numeric cells), with why it was not parsed."""
    trs = [tr for tr in table.iter() if local_name(tr) == "tr"]
    cells = [[td for td in tr if local_name(td) in ("td", "th")] for tr in trs]
    rows = [texts for row in cells if any(texts := [_cell_text(td) for td in row])]
    if not rows:
        return None
    width = max(map(len, rows))
    grid = [row + [""] * (width - len(row)) for row in rows]
    return ParsedTable(table, title, 0, None, 0, grid, [], warning=f"kept as text: {warning}")


@dataclass(frozen=True, slots=True)
class _Surroundings:
    """What the document says around a table."""

    context_before: str  # the prose just before it
    title: str | None
    scale_prose: str  # the prose that may state its scale
    inherited_scale: tuple[int, str | None]  # else this scale (of the table it continues)
    continued_columns: Sequence[str]  # the column labels of the table it continues, if any
    document_scale: tuple[int, str | None] = (0, None)  # else the document's default scale
    earlier_acquisitions: Sequence[Acquisition] = ()  # the acquisitions the document dates before it


def _parse_items(
    table: etree._Element, items: list[list[Item]], document: DocumentPeriod, around: _Surroundings
) -> ParsedTable:
    rows = _split_header(items)
    columns = _find_columns(rows)
    _unlabel_header_rows(rows, columns)
    header_text = " ".join(item.text for row in items[: rows.header_rows] for item in row)
    scale = _table_scale(items, header_text, around)
    row_labels = [item.text if item else "" for item in rows.labels]
    title = around.title
    # Only the nearest prose says what the table's columns measure ("as of", "years ended").
    table_context = f"{title or ''} {around.context_before[-300:]} {header_text}"
    # The prose that introduces the table, then its title; not a page header taken for one ("Table of
    # Contents") after a sentence that introduces the table ("… is as follows:"), which it would hide.
    prose = around.context_before[-300:]
    header = title is not None and bool(_PAGE_HEADER_RE.search(title)) and prose.rstrip().endswith(":")
    caption = f"{prose} {'' if header else title or ''}"
    resolver = TablePeriods(
        document,
        f"{title or ''} {header_text}",
        row_labels,
        rows.headings(),
        caption,
        around.context_before,
        around.earlier_acquisitions,
    )
    walker = _RowWalker(rows, columns, scale, document, table_context, resolver)
    walker.by_origination = _introduces_vintages(around)
    walker.walk(around.continued_columns)
    return ParsedTable(
        element=table,
        title=title,
        scale=scale.scale,
        scale_text=scale.text,
        header_rows=_shown_header_rows(rows, columns),
        grid=walker.grid,
        column_labels=walker.column_labels,
        cells=walker.cells,
    )


@dataclass(slots=True)
class _Rows:
    """A table's rows split into their label and their values, and how many of them make the header."""

    items: list[list[Item]]
    labels: list[Item | None]
    values: list[list[Item]]
    header_rows: int  # the rows above the first with a figure

    def headings(self) -> frozenset[int]:
        """The header rows, and the rows with a label and no figure."""
        return frozenset(
            r for r, label in enumerate(self.labels) if r < self.header_rows or (label and not self.values[r])
        )

    def header_like(self, r: int) -> bool:
        """No label, and nothing but text or years: "2024 | 2023", "Three Months Ended"."""
        return self.labels[r] is None and all(_is_header_value(item) for item in self.values[r])


def _shown_header_rows(rows: _Rows, columns: "_Columns") -> int:
    """The rows shown as the table's header: down to the last that heads the figures' columns. Headings
    under it, above the first figure ("Net sales:", "ASSETS" across the table), head rows, not columns."""
    heads = [
        r
        for r in range(rows.header_rows)
        if rows.values[r] or ((label := rows.labels[r]) is not None and columns.over(label))
    ]
    return heads[-1] + 1 if heads else 0


def _split_header(items: list[list[Item]]) -> _Rows:
    """The header phase: each row's label (its first item, unless a figure), and where the header ends."""
    labels: list[Item | None] = []
    values: list[list[Item]] = []
    for row in items:
        first = row[0]
        has_label = first.number is None or (is_year(first.text) and len(row) > 1 and first.col_start == 0)
        labels.append(first if has_label else None)
        values.append(row[1:] if has_label else row)
    header_rows = next(
        (
            i
            for i, row in enumerate(values)
            if any(not _is_header_value(item) for item in row)
            or (labels[i] is not None and any(_inline_only(item) for item in row))
        ),
        len(items),
    )
    return _Rows(items, labels, values, header_rows)


def _unlabel_header_rows(rows: _Rows, columns: "_Columns") -> None:
    """A header repeated down the rows that leaves the stub empty and dates the columns anew names them, not
    a row: "Six Months Ended June 30, 2023 | Six Months Ended June 30, 2022" over the figures' columns (CAT
    Q2 2023 10-Q, allowance for credit losses). Its first item, standing over the first figures' column,
    was taken for the row's label. (Not names alone: "U.S. Defined Benefit | U.S. Retiree Health Care"
    over a block whose stub dates it, TXN.)"""
    first = columns.spans[0][0] if columns.spans else None
    for r in range(rows.header_rows, len(rows.items)):
        label = rows.labels[r]
        if first is None or label is None or label.col_start < first or not rows.values[r]:
            continue
        dated = all(months_in(item.text) and parse_long_date(item.text) for item in rows.items[r])
        if dated:
            rows.labels[r], rows.values[r] = None, rows.items[r]


@dataclass(frozen=True, slots=True)
class _Columns:
    spans: list[tuple[int, int]]  # the physical columns each logical column covers
    # (row, column) → the unit sign in force there: "%" or "$", printed by the column's figure at or above it
    signs: dict[tuple[int, int], str]
    stub_end: int = -1  # the last physical column of the row labels' stub

    def of(self, item: Item) -> int | None:
        return _column_of(item, self.spans)

    def sign(self, r: int, col: int) -> str | None:
        return self.signs.get((r, col))

    def over(self, item: Item) -> list[int]:
        """The logical columns a header item stands over: all it spans, unless it starts in the stub
        (a title across the whole table, a stub header such as "(In millions)")."""
        if item.col_start <= self.stub_end:
            return []
        return [
            c for c, (start, end) in enumerate(self.spans) if item.col_start <= end and item.col_end >= start
        ]


def _find_columns(rows: _Rows) -> _Columns:
    """The columns phase: the figures' physical spans merged into logical columns."""
    spans = [  # a row of years alone ("2023" over a roll-forward's rows) is a heading, not a column
        (item.col_start, item.col_end)
        for row in rows.values[rows.header_rows :]
        if not all(_is_header_value(item) for item in row)
        for item in row
        if item.number is not None
    ]
    columns = _logical_columns(spans) or _logical_columns(
        [(item.col_start, item.col_end) for row in rows.values for item in row]
    )
    return _Columns(columns, _unit_signs(rows, columns), _stub_end(rows, columns))


def _unit_signs(rows: _Rows, columns: list[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """The unit sign in force at each figure of each column. Typesetting puts the sign on a column's first
    figure only ("21.0 %" then "(2.2)"), and again where the unit changes: "Statutory rate 21%", then
    "Provision at statutory rate $587" and the bare amounts of a tax reconciliation under it. A "%" after
    amounts is a rate of its own row ("Effective tax rate 19.6 %"), not a new block: amounts stay in force."""
    signs: dict[tuple[int, int], str] = {}
    current: dict[int, str] = {}
    seen: set[int] = set()
    for r in range(rows.header_rows, len(rows.values)):
        for item in rows.values[r]:
            col = _column_of(item, columns)
            if item.number is None or col is None:
                continue
            if item.number.is_currency or (item.number.is_percent and col not in seen):
                current[col] = "$" if item.number.is_currency else "%"
            seen.add(col)
            if col in current:
                signs[(r, col)] = current[col]
    return signs


def _stub_end(rows: _Rows, columns: list[tuple[int, int]]) -> int:
    """The last physical column of the stub: where the narrowest row label of the body ends ("Net sales:"
    in columns 0–2, then "Years ended" over 3–17 heads the figures' columns, not the labels)."""
    first = columns[0][0] if columns else 0
    ends = [
        label.col_end
        for label in rows.labels[rows.header_rows :]
        if label is not None and label.col_start < first
    ]
    return min(ends, default=first - 1)


@dataclass(frozen=True, slots=True)
class _Scale:
    scale: int  # the power of ten the table's figures are stated in
    text: str | None  # the words that say so: "(in millions)"
    shares: int | None  # a scale stated for share counts alone: "(shares in thousands)"
    monetary: bool  # a `$` in the table or its scale line
    from_document: bool = False  # the document's default ("amounts in tables are in millions"), not its own
    shares_header: bool = False  # its header states a scale for shares: its bare counts are shares


def _states_default(prose: str, default: tuple[int, str | None]) -> bool:
    """Is the last scale `prose` states the document's default sentence, repeated (a page header)?"""
    sentence = default[1]
    at = prose.rfind(sentence) if sentence else -1
    return at >= 0 and find_scale(prose[at + len(sentence or "") :])[1] is None


def _table_scale(items: list[list[Item]], header_text: str, around: "_Surroundings") -> _Scale:
    """The scale phase: stated in the header, else in the prose just before the table, else the scale of
    the table it continues, else the document's default."""
    context_before = around.scale_prose
    scale, text = find_scale(header_text)
    if text is None and (whole := _WHOLE_DOLLARS_RE.search(header_text)):
        scale, text = 0, whole[0]  # "(in whole dollars)" under the years, in a note in millions
    # (The prose before a table may state the document's default itself: a page header repeating
    # "(Dollars in tables in millions, except per share amounts)".)
    repeated = False
    if text is None:
        scale, text = find_scale(context_before)
        repeated = text is not None and _states_default(context_before, around.document_scale)
    if text is None:
        # A table continued from the one just before it (same note, a page later) keeps its scale.
        scale, text = around.inherited_scale
    from_document = repeated or (text is None and around.document_scale[1] is not None)
    if from_document and text is None:
        scale, text = around.document_scale
    shares_match = _SHARES_SCALE_RE.search(f"{header_text} {context_before}")
    shares = _SCALE_POWERS[next(g for g in shares_match.groups() if g).lower()] if shares_match else None
    if shares is None and text is not None and _EXCEPT_SHARES_RE.search(text):
        shares = 0  # "(in thousands, except share and per share data)": share counts are written in full
    monetary = any("$" in item.text for row in items for item in row) or bool(
        re.search(r"dollars|\$", f"{header_text} {text or ''}", re.IGNORECASE)
    )
    # A header that states a scale for shares alone ("(shares in thousands)"), none for amounts.
    shares_header = bool(_SHARES_SCALE_RE.search(header_text)) and not re.search(
        r"dollars|\$|amounts", header_text, re.IGNORECASE
    )
    return _Scale(scale, text, shares, monetary, from_document, shares_header)


@dataclass(slots=True)
class _Section:
    """A heading open in the row walk: where it starts, its name, and where its first row starts."""

    indent: float
    name: str
    block: float = 0.0  # where its wrapped lines start
    rows_at: float | None = None
    row: int = -1  # the heading's row

    @property
    def indented(self) -> bool:
        """Its rows were indented under it."""
        return self.rows_at is not None and self.rows_at > self.indent

    def back_at(self, indent: float, block: float) -> bool:
        """Its rows were indented under it, and a row starts back at its indentation."""
        return self.indented and indent <= self.indent and block <= self.block


@dataclass(slots=True)
class _RowWalker:
    """The walk over a table's rows, top to bottom: header rows name the columns (and their periods),
    heading rows open a section of the row path, and every figure of the other rows becomes a cell."""

    rows: _Rows
    columns: _Columns
    scale: _Scale
    document: DocumentPeriod
    table_context: str
    resolver: TablePeriods
    grid: list[list[str]] = field(default_factory=list)
    cells: list[NumericCell] = field(default_factory=list)
    column_labels: list[str] = field(default_factory=list)
    periods: list[Period | None] = field(default_factory=list)  # what each column's label names
    header_block: list[int] = field(default_factory=list)  # the consecutive header rows naming the columns
    # Its introduction sorts it by the year loans were made (`_introduces_vintages`).
    by_origination: bool = False
    path_stack: list["_Section"] = field(default_factory=list)  # the headings open, outermost first

    def walk(self, continued_columns: Sequence[str] = ()) -> None:
        count = len(self.columns.spans)
        self._set_columns(list(continued_columns) if len(continued_columns) == count else [""] * count)
        for r in range(len(self.rows.items)):
            self._row(r)
        self._counts_in_full()

    def _counts_in_full(self) -> None:
        """A column that writes one share count in full ("108,339,057" shares, in a table in millions) writes
        them all in full, small ones too ("178,343"); so do the labels of a table that writes one count in
        full in its text ("Shares: 2023: 4,023,445; 2022: 9,891", "Shares: 2023: 662,213; …")."""
        counts = [c for c in self.cells if c.unit == "shares" and c.inline_span is None]
        in_full = {c.col for c in counts if c.scale == 0}
        # (Not a count that states its own scale: "2.0 billion shares".)
        written = [
            c for c in self.cells if c.unit in _COUNTS and c.inline_span is not None and c.text[-1:].isdigit()
        ]
        labels_in_full = any(
            abs(c.shown.value.scaleb(self._count_scale(c.unit))) > _SURELY_IN_FULL for c in written
        )
        for cell in counts + (written if labels_in_full else []):
            if (cell.col in in_full or cell.inline_span is not None) and cell.scale:
                cell.value, cell.scale = cell.shown.value, 0

    def _count_scale(self, unit: str) -> int:
        """The scale the table states for counts of `unit` ("shares in thousands"), else its scale."""
        shares = self.scale.shares if unit == "shares" else None
        return self.scale.scale if shares is None else shares

    def _row(self, r: int) -> None:
        rows, values, label_item = self.rows, self.rows.values[r], self.rows.labels[r]
        header_like = rows.header_like(r)
        names_columns = any(self.columns.of(item) is not None for item in values)
        if header_like and (r >= rows.header_rows or not names_columns):
            # A heading in the rows, or one in the header's stub ("2022" over the labels) names no column.
            self._observe_heading(" ".join(item.text for item in values))
        elif label_item is not None and self._length_over_years(r, label_item, values):
            self._observe_heading(label_item.text)
        if r < rows.header_rows or (header_like and names_columns and r > 0):
            self._name_columns(r)
        header = r < rows.header_rows
        if header and label_item is not None and self.columns.over(label_item):
            # A header row's first item that stands over the figures' columns ("Years ended", "September
            # 28, 2024" over the first column) names columns, not a row.
            values, label_item = [label_item, *values], None
        label = label_item.text if label_item else ""
        self.grid.append(self._display(label, values, header=header))
        indent = _indent(label_item.cells[0].element) if label_item else 0.0
        if label_item is not None and not values:
            if r >= rows.header_rows:
                self._label_figures(r, label_item)
            if find_scale(label)[1] is None:
                self._heading(r, label_item, indent)
                return
        numbers = [item for item in values if item.number is not None]
        if r < rows.header_rows or header_like or (not numbers and not _has_inline(rows.items[r])):
            return
        self._figure_row(r, label_item, label, indent, numbers)

    def _length_over_years(self, r: int, label_item: Item, values: list[Item]) -> bool:
        """A header repeated down the rows, its stub naming how long over years ("For Six Months Ended June
        30, | 2023 | 2022", TXN Q2 2023 10-Q, benefit costs) or over the columns' names again ("Six Months
        Ended July 2, 2023 | Aerospace | Marine Systems", GD Q2 2023 10-Q, revenue by contract type): a
        section of that length (and date)."""
        below_header = r >= self.rows.header_rows and bool(values) and bool(months_in(label_item.text))
        if not below_header:
            return False
        if all(is_year(item.text) for item in values):
            return True
        # Names over the columns: only a stub that dates its section in full, the names naming no period
        # (not "Three months ended June 30, | | Six months ended June 30," over a second block, MMM).
        names = all(_is_header_value(item) and not months_in(item.text) for item in values)
        return names and parse_long_date(label_item.text) is not None

    def _figure_row(
        self, r: int, label_item: Item | None, label: str, indent: float, numbers: list[Item]
    ) -> None:
        """A row of figures: its cells under the headings it sits in. A total ("Total cost of sales" under
        "Cost of sales:") stands in the section it sums, not in one inside it, and closes it with every
        section inside it: "Gross margin" after it stands outside, whatever its indentation."""
        ruled = self._subtotal(r, label)
        summed = next(
            (
                d
                for d in reversed(range(len(self.path_stack)))
                if _sums(label, heading := self.path_stack[d].name) or (ruled and _names(label, heading))
            ),
            None,
        )
        if summed is None and label_item is None and self._totals_section(numbers):
            summed, indent = len(self.path_stack) - 1, self.path_stack[-1].indent
        if summed is not None:
            del self.path_stack[summed + 1 :]
        # A sum under a rule whose wrapped lines are indented past its heading's stays under it, though its
        # first line is back at the heading's ("Net income attributable to Pfizer Inc. common shareholders"
        # closing "Earnings per common share––basic:").
        block = _indent(label_item.cells[0].element, block=True) if label_item else 0.0
        path = self._path(indent, label, closing=summed is not None, block=block if ruled else indent)
        self._written_figures(r, label_item, label, path)
        self._number_cells(r, numbers, label, path)
        if summed is not None:
            del self.path_stack[summed:]

    def _totals_section(self, numbers: list[Item]) -> bool:
        """Whether an unlabelled row of figures is the total of the innermost open section: its rows were
        indented under it, and each figure is the sum of the section's own rows in its column ("Revenues",
        its lines, then their sum alone on a row, as MGM's statements of operations print it). One that
        sums nothing open (a section the walk misread) stays outside every section."""
        if not self.path_stack or not self.path_stack[-1].indented:
            return False
        section, names = self.path_stack[-1], [open_.name for open_ in self.path_stack]
        for item in numbers:
            col = self.columns.of(item)
            parts = [
                cell.shown
                for cell in self.cells
                if col is not None
                and cell.col == col + 1
                and cell.row > section.row
                and cell.inline_span is None
                and cell.row_path == [*names, cell.row_label]
            ]
            if item.number is None or len(parts) < 2:
                return False
            # the parts are rounded as printed: their sum may be off the total's by half a unit each
            slack = Decimal(len(parts)) / 2 * Decimal(1).scaleb(-max(part.decimals for part in parts))
            if abs(sum(part.value for part in parts) - item.number.value) > slack:
                return False
        return True

    def _observe_heading(self, text: str) -> None:
        """A heading in the rows. One that names a period where every column named one and the same
        ("Year Ended December 31, 2023" over the first block, "Year Ended December 31, 2022" heading the
        second) names the columns of the rows under it."""
        before = self.resolver.section
        self.resolver.observe_heading(text)
        section = self.resolver.section
        named = set(self.periods)
        if section is not None and section is not before and len(named) == 1 and None not in named:
            (only,) = named
            if only is not None and only.kind == section.kind:
                self.periods = [section] * len(self.periods)

    def _name_columns(self, r: int) -> None:
        """A header row: the columns' labels (with the header rows just above) and the periods they name."""
        if not (r > 0 and r - 1 in self.header_block):
            self.header_block = []
        self.header_block.append(r)
        labels = _column_labels(self.rows.items, self.header_block, self.columns.spans, self.columns.stub_end)
        if any(labels):  # a row over the stub alone ("Change in Plan Assets") leaves the columns as named
            self._set_columns(labels)

    def _set_columns(self, labels: list[str]) -> None:
        """The columns' labels, and the periods they name."""
        self.column_labels = labels
        years = {year for label in labels if (year := printed_year(label))}
        stated = stated_as_of(self.table_context, years)
        vintages = _origination_columns(labels, self.by_origination)
        periods = [
            None
            if _ORIGINATION_RE.search(label) or _PLAN_NAME_RE.search(label) or vintage
            else parse_column_period(label, self.document, self.table_context, stated)
            for label, vintage in zip(labels, vintages, strict=True)
        ]
        named = _one_date_for_all(periods_by_block(labels, periods))
        self.periods = _between_balance_columns(labels, named)
        # Dated balances around the columns' flows: the dates are balances, whatever the rows' words.
        self.resolver.columns_roll_forward = self.periods != named

    def _display(self, label: str, values: list[Item], *, header: bool) -> list[str]:
        """The row as the grid shows it: its label, then each logical column's text. A header's text
        stands over every column it spans ("Years ended" over three years), as each column's label reads."""
        display = [label] + [""] * len(self.columns.spans)
        for item in values:
            col = self.columns.of(item)
            over = (self.columns.over(item) if header else []) or ([] if col is None else [col])
            for c in over:
                display[c + 1] = (display[c + 1] + " " + item.text).strip()
        return display

    def _label_figures(self, r: int, label_item: Item) -> None:
        """ "Cash dividends declared, per share: $0.80": a label alone on its row states its figure."""
        if figures := _written_figures(label_item.text):
            label = label_item.text
            path = [section.name for section in self.path_stack] + [label]
            dated = self.resolver.for_cell(r, label, None, inline=True, path=path)
            self.cells.extend(self._inline(_Place(r, 0, label, path), label_item, figures, dated))

    def _heading(self, r: int, label_item: Item, indent: float) -> None:
        """A heading row ("Current assets:"), also when it sits right under the column headers; not a
        caption above them ("The following summarizes …" over "Three Months Ended")."""
        label = label_item.text
        cell = label_item.cells[0].element
        if _CENTERED_RE.search(cell.get("style") or ""):
            indent = float("-inf")  # a centered heading ("ASSETS") stands above the left-aligned ones
        elif _bold(cell) and not _YEAR_IN_RE.search(label):
            # A bold one above a plain one at its indentation ("Cash Flows from Operating Activities" over
            # "Adjustments to reconcile net income …", both at the left edge); not a period's heading
            # ("Year Ended December 31, 2023"), which ends the one before it.
            indent -= 0.5
        # A label that states its figure ("Shares authorized: 4,687,500,000") is a line, not a section.
        # (Not a unit note: "Weighted Average Number of Shares Outstanding (000s)".)
        states_figures = r >= self.rows.header_rows and any(f.value for f in _written_figures(label))
        if not states_figures and (r >= self.rows.header_rows or not self._columns_named_below(r)):
            while self.path_stack and self.path_stack[-1].indent >= indent:
                self.path_stack.pop()
            self.path_stack.append(_Section(indent, label.rstrip(":"), _indent(cell, block=True), row=r))
        if r >= self.rows.header_rows or self.columns.of(label_item) is None:
            self._observe_heading(label)  # not a caption across the columns, which name their own

    def _subtotal(self, r: int, label: str) -> bool:
        """A row under a rule that may end a section without saying "Total" (`_names`): not the section's
        first row, and not in a table ruled under every row. A "Total …" that names no open section is a
        subtotal inside one ("Total Cash, Cash Equivalents and Short-Term Investments")."""
        if _TOTAL_RE.match(label) or r < 2 or not self.rows.values[r - 1]:
            return False
        return self._ruled_above(r) and not self._ruled_above(r - 1)

    def _ruled_above(self, r: int) -> bool:
        """A rule over the row's figures: their cells' top border, or the bottom border of the row above."""
        over = [c.element for item in self.rows.values[r] for c in item.cells]
        under = [c.element for item in self.rows.values[r - 1] for c in item.cells] if r else []
        return any(_RULE_TOP_RE.search(e.get("style") or "") for e in over) or any(
            _RULE_BOTTOM_RE.search(e.get("style") or "") for e in under
        )

    def _columns_named_below(self, r: int) -> bool:
        """A header row below `r` names the figures' columns in words or years ("July 2, 2023", "Level 1"),
        not in figures ("Weighted average expected life (in years) | 0.1-2.0" is a row of the body)."""
        below = self.rows.items[r + 1 : self.rows.header_rows]
        return any(
            self.columns.over(item) and (_LETTER_RE.search(item.text) or is_year(item.text))
            for row in below
            for item in row
        )

    def _path(self, indent: float, label: str, *, closing: bool = False, block: float = 0.0) -> list[str]:
        """The headings the row sits under (by indentation), then its label."""
        # Rows under a heading are often not indented ("Earnings per share" › "Basic", "Diluted"): a heading
        # stays the parent of the rows at its own indentation, up to the next heading there; unless its rows
        # were indented under it and this one is back at its indentation ("Basic earnings per share" after
        # "Denominator:" and its indented rows): that closes it, but a total naming it (`closing`) stays in,
        # and so does one whose wrapped lines are indented past the heading's (a hanging indent, `block`).
        stack = self.path_stack
        while stack and (stack[-1].indent > indent or (stack[-1].back_at(indent, block) and not closing)):
            stack.pop()
        if stack and stack[-1].rows_at is None:
            stack[-1].rows_at = indent
        return [section.name for section in stack] + ([label] if label else [])

    def _written_figures(self, r: int, label_item: Item | None, label: str, path: list[str]) -> None:
        """Figures written inside the row's text cells: its label's ("Treasury stock — 2,738 and 2,732
        shares"), a value cell's ("3.6%-5.4%")."""
        for item in self.rows.items[r]:
            if item is not label_item and (ends := _range_ends(item)):
                self._range_cells(r, item, ends, label, path)
                continue
            if item.number is not None or not (figures := _written_figures(item.text)):
                continue
            col = None if item is label_item else self.columns.of(item)
            beside = self._dated_column_over(item) if col is None and item is not label_item else None
            named = col if beside is None else beside
            column = None if named is None else self.periods[named]
            column_label = "" if named is None else self.column_labels[named]
            dated = self.resolver.for_cell(
                r, label, column, column_label=column_label, inline=True, path=path
            )
            # A label may list one figure per dated column: each takes that column's period.
            listed = (
                list(dict.fromkeys(p for p in self.periods if p is not None)) if item is label_item else []
            )
            respective = [self.resolver.for_cell(r, label, p, path=path) for p in listed]
            place = _Place(r, 0 if col is None else col + 1, label, path)  # grid columns: 0 is the label
            self.cells.extend(self._inline(place, item, figures, dated, respective))

    def _dated_column_over(self, item: Item) -> int | None:
        """The column of figures that a text cell standing between the columns sits beside, under one header
        date: "67% - 100%" under "Range", beside "86%" under "Weighted Average", both under "December 31,
        2022" (RKT 2023 10-K, Level 3 inputs). None unless that header dates its columns as one day (not
        "2022" over a year's "Range | Weighted Average", ABBV: the inputs stand at the report date)."""
        for r in self.header_block:
            for head in self.rows.items[r]:
                if head.col_start <= self.columns.stub_end or not (
                    head.col_start <= item.col_start and item.col_end <= head.col_end
                ):
                    continue
                under = _columns_under(head, self.columns.spans)
                periods = {self.periods[c] for c in under}
                day = periods.pop() if len(periods) == 1 else None
                if day is not None and day.kind == "instant" and not day.assumed:
                    return under[0]
        return None

    def _range_cells(
        self,
        r: int,
        item: Item,
        ends: list[tuple[ParsedNumber, tuple[int, int]]],
        label: str,
        path: list[str],
    ) -> None:
        """A value cell that prints a range ("0.41 - 6.09" under "Interest Rates %", "0-250" under "$ in
        millions"): each end is a figure of its column, read as the column's figures are, and found by its
        place in the text. (A column of nothing but ranges is no column: `_find_columns` reads figures.)"""
        col = self.columns.of(item)
        if col is None:
            return
        column_label, column = self.column_labels[col], self.periods[col]
        if _LENGTH_RE.search(f"{label} {column_label}"):
            return  # a range of useful lives ("3-40" under "Estimated Useful Lives"), not of amounts
        place = _Place(r, col + 1, label, path, column_label, column)
        dated = self.resolver.for_cell(r, label, column, column_label=column_label, path=path)
        sign = self.columns.sign(r, col)
        column_kind = (sign == "%", sign == "$", False)
        for number, span in ends:
            cell = _numeric_cell(place, item, number, dated, self.scale, column_kind)
            cell.text, cell.inline_span = item.text[span[0] : span[1]], span
            self.cells.append(cell)

    def _inline(
        self,
        place: "_Place",
        item: Item,
        figures: list[InlineFigure],
        dated: CellPeriod,
        respective: Sequence[CellPeriod] = (),
    ) -> list[NumericCell]:
        cells = _inline_cells(place, item, figures, dated, self.scale.scale, self.scale.shares, respective)
        for cell in cells:  # a figure no column dates may be of the period its own sentence names
            if cell.period_rule != "written_figure_at_the_report_date" or cell.inline_span is None:
                continue
            at = cell.inline_span[0]
            said = self.resolver.sentence_period(item.text, at) or self.resolver.spread_period(item.text, at)
            if said is not None:
                cell.period, cell.period_rule = said.period, said.rule
        return cells

    def _own_scale(
        self, label: str, column_label: str, headings: Sequence[str] = ()
    ) -> tuple[int, str | None]:
        """A scale stated for a row's or a column's figures alone: "Total assets (billions)", "Basic (in
        thousands)", "Shares (In millions)" over an award roll-forward's column; not one the header states
        over every column ("(dollars in millions, except per share amounts, and shares in thousands)").
        The headings the row sits under speak for it too, nearest first: "Denominator (shares in
        thousands)", "Weighted Average Number of Shares Outstanding (000s)"."""
        for text_of_row in (label, *reversed(headings)):
            scale, text = find_scale(text_of_row, shares_apart=False)
            if text is None and (mark := _THOUSANDS_MARK_RE.search(text_of_row)):
                scale, text = 3, mark[0]
            if text is not None:
                return scale, text
        scale, text = find_scale(column_label, shares_apart=False)
        if text is not None and not all(text in other for other in self.column_labels):
            return scale, text
        return 0, None

    def _year_beside(self, r: int) -> str | None:
        """The year a row prints in a body column of years that no header names, beside its label: "BEAUTY |
        2024 | $15,220 | …", then " | 2023 | 15,008 | …" (PG 2024 10-K, segment results)."""
        for item in self.rows.values[r]:
            col = self.columns.of(item)
            if col is not None and not self.column_labels[col] and is_year(item.text):
                return item.text if self._years_column(col) else None
        return None

    def _years_column(self, col: int) -> bool:
        """Every body row that prints something in column `col` prints a year there, two rows or more."""
        body = self.rows.values[self.rows.header_rows :]
        texts = [item.text for row in body for item in row if self.columns.of(item) == col]
        return len(texts) >= 2 and all(map(is_year, texts))

    def _number_cells(self, r: int, numbers: list[Item], label: str, path: list[str]) -> None:
        for item in numbers:
            col = self.columns.of(item)
            if col is None or item.number is None:
                continue
            column_label, column = self.column_labels[col], self.periods[col]
            if column is None and (year := self._year_beside(r)) is not None:
                # "Net Sales" over the figures, the row's year in a column of its own: "Net Sales 2024".
                column = parse_column_period(f"{column_label} {year}", self.document, self.table_context)
            own_scale, own_scale_text = self._own_scale(label, column_label, path[:-1])
            table_scale = own_scale if own_scale_text else self.scale.scale
            shares_scale = own_scale if own_scale_text else self.scale.shares
            place = _Place(r, col + 1, label, path, column_label, column)
            dated = self.resolver.for_cell(r, label, column, column_label=column_label, path=path)
            scale = replace(self.scale, scale=table_scale, shares=shares_scale)
            award_table = any(_AWARD_PRICE_RE.search(_bare_label(label)) for label in self.column_labels)
            sign = self.columns.sign(r, col)
            column_kind = (sign == "%", sign == "$", award_table)
            self.cells.append(_numeric_cell(place, item, item.number, dated, scale, column_kind))


_PAGE_HEADER_RE = re.compile(r"^table of contents$|\bform 10-[kq]\b.*\d+$|^\d+$", re.IGNORECASE)
_BOLD_RE = re.compile(r"font-weight:\s*(?:bold|[6-9]00)")


def _bold(cell: etree._Element) -> bool:
    """The cell's first text is set in bold (its style, or that of an element around the text)."""
    for node in cell.iter():
        if node.text and node.text.strip():
            chain = [node, *itertools.takewhile(lambda e: e is not cell, node.iterancestors()), cell]
            return any(
                local_name(e) in ("b", "strong") or _BOLD_RE.search(e.get("style") or "") for e in chain
            )
    return False


_CENTERED_RE = re.compile(r"text-align:\s*center")
_RULE_TOP_RE = re.compile(r"border-top:\s*(?:0*[1-9][\d.]*|0?\.\d*[1-9])(?:pt|px)\s+(?:solid|double)")
_RULE_BOTTOM_RE = re.compile(r"border-bottom:\s*(?:0*[1-9][\d.]*|0?\.\d*[1-9])(?:pt|px)\s+(?:solid|double)")
_LETTER_RE = re.compile(r"[^\W\d_]")
_TOTAL_RE = re.compile(r"^total\s+", re.IGNORECASE)
_ACTIVITIES_RE = re.compile(r"\b(operating|investing|financing)\s+activities\b", re.IGNORECASE)
_ACTIVITIES_HEADING_RE = re.compile(
    r"(?:cash flows?\b[^:]{0,30}?)?(operating|investing|financing)\s+activities\b", re.IGNORECASE
)
_CASH_FROM_RE = re.compile(r"^(?:net\s+)?cash\b", re.IGNORECASE)


def _section_name(text: str) -> str:
    """A heading or a total's name, compared: "Other income (expense), net:" → "other income"."""
    bare = _PARENTHETICAL_RE.sub(" ", text.lower().replace("’", "'"))
    words = re.sub(r"[^a-z0-9']+", " ", bare).split()
    return " ".join(words[:-1] if words[-1:] == ["net"] else words)


_MINOR_WORDS = frozenset({"the", "of", "and", "to", "in", "for", "a", "an"})


def _names(label: str, heading: str) -> bool:
    """A subtotal that names its section in other words: "Equity Attributable to Shareowners of The
    Coca-Cola Company" under "The Coca-Cola Company Shareowners' Equity"; not "Weighted average shares
    outstanding, including dilutive effect" under "Diluted Earnings Per Common Share"."""
    words = {w.strip("'").removesuffix("'s") for w in _section_name(heading).split()} - _MINOR_WORDS
    return bool(words) and words <= {w.strip("'").removesuffix("'s") for w in _section_name(label).split()}


def _sums(label: str, heading: str) -> bool:
    """The row totals the section: "Total operating expenses" under "Operating expenses:", "Net cash used
    in investing activities" under "Cash flows from investing activities:"."""
    if total := _TOTAL_RE.match(label):
        return _section_name(label[total.end() :]) == _section_name(heading)
    if _section_name(label) == _section_name(
        heading
    ):  # "Other comprehensive income (loss)" under its heading
        return True
    activities = _ACTIVITIES_HEADING_RE.match(
        heading
    )  # not "Adjustments to reconcile … operating activities"
    found = _ACTIVITIES_RE.search(label)
    return bool(
        activities and found and _CASH_FROM_RE.match(label) and found[1].lower() == activities[1].lower()
    )


# Columns by the year loans were made ("Year of Origination 2021", "Amortized Cost Basis by Origination
# Year"): balances at the report date, whatever year they print.
_ORIGINATION_RE = re.compile(r"originat|vintage", re.IGNORECASE)
# A year that names a plan, not a period: "FISCAL 2024 PLAN", "FISCAL 2023 AND PRIOR PLANS" over the
# columns of a restructuring liability's roll-forward, its rows dated by their balances (CSCO 2024 10-K).
_PLAN_NAME_RE = re.compile(
    r"\b(?:fiscal\s+)?(?:19|20)\d{2}(?:\s+and\s+prior)?\s+(?:restructuring\s+)?"
    r"(?:plans?|programs?|initiatives?)\b",
    re.IGNORECASE,
)
# A column that prints a year alone, or the date a fiscal year ended: "2021", "Fiscal Year July 31, 2021".
_VINTAGE_COLUMN_RE = re.compile(
    rf"^(?:fiscal\s+(?:year\s+)?)?(?:(?:19|20)\d{{2}}|{LONG_DATE_PATTERN})$", re.IGNORECASE
)
_LAST_SENTENCE_RE = re.compile(r"(?:^|\.\s)([^.]*)$")


def _introduces_vintages(around: _Surroundings) -> bool:
    """Does the table's title or the sentence introducing it sort it by the year loans were made: "Our
    financing receivable balances at December 31, 2023 by internal credit rating category and year of
    origination consisted of the following:" (BA 2023 10-K)?"""
    sentence = _LAST_SENTENCE_RE.search(around.context_before[-300:])
    return bool(_ORIGINATION_RE.search(f"{around.title or ''} {sentence[1] if sentence else ''}"))


def _origination_columns(labels: list[str], by_origination: bool) -> list[bool]:
    """Which columns of a table sorted by the year loans were made print that year, not the period of their
    figures: three or more years or fiscal year ends alone ("Current | 2022 | 2021 | 2020 | 2019 | Prior", BA
    2023 10-K; "Prior | Fiscal Year July 25, 2020" … under "July 27, 2024", CSCO 2024 10-K). Their figures
    are balances at the report date (or flows of the section's period: gross write-offs). A table that
    continues one without its introduction shows it by its "Prior" column, the loans made before them."""
    by_origination = by_origination or any(label.strip().lower() == "prior" for label in labels)
    vintages = [by_origination and bool(_VINTAGE_COLUMN_RE.match(label.strip())) for label in labels]
    return vintages if sum(vintages) >= 3 else [False] * len(labels)


_BALANCE_COLUMN_RE = re.compile(r"\bbalance|\bbeginning\b|\bend(?:ing)? of\b", re.IGNORECASE)


def _names_a_balance(label: str) -> bool:
    """A column of balances: "Balance, Beginning 2022", or a date alone: "December 31, 2022 (in
    millions)"."""
    undated = LONG_DATE_RE.sub("", _PARENTHETICAL_RE.sub("", label)).strip(" ,")
    return bool(_BALANCE_COLUMN_RE.search(label)) or not undated


def _between_balance_columns(labels: list[str], periods: list[Period | None]) -> list[Period | None]:
    """A roll-forward across the columns: "Balance, Beginning 2022 | Acquisitions | Impairment | … |
    Balance, End of 2022", "December 31, 2022 | Increase/(Decrease) | Reclassifications | December 31,
    2023". The undated columns between two dated balances are the flows between them."""
    instants = [(c, p) for c, p in enumerate(periods) if p is not None and p.kind == "instant"]
    balances = [(c, p) for c, p in instants if _names_a_balance(labels[c])]
    # Also the same measure at two dates with columns between them: "Intangible Assets, Gross May 31, 2023
    # | Additions & Adjustments, net | Intangible Assets, Gross August 31, 2023" (ORCL Q1 2024 10-Q).
    same_measure = [
        pair for pair in itertools.pairwise(instants) if _same_measure(labels[pair[0][0]], labels[pair[1][0]])
    ]
    filled = list(periods)
    for (left, opening), (right, closing) in [*itertools.pairwise(balances), *same_measure]:
        if closing.end <= opening.end:
            continue
        for c in range(left + 1, right):
            if filled[c] is None and labels[c]:
                filled[c] = Period("duration", opening.end + timedelta(days=1), closing.end)
    return filled


def _same_measure(left: str, right: str) -> bool:
    """Two column labels that name the same measure once their dates are left out: "January 1, 2023 Carrying
    Value" and "December 31, 2023 Carrying Value"."""
    measure = LONG_DATE_RE.sub("", _PARENTHETICAL_RE.sub("", left)).strip(" ,")
    return bool(measure) and measure == LONG_DATE_RE.sub("", _PARENTHETICAL_RE.sub("", right)).strip(" ,")


def _one_date_for_all(periods: list[Period | None]) -> list[Period | None]:
    """Where every dated column names the same period, the undated ones break it down: "December 31,
    2023" then "Level 1", "Level 2" (fair value at that reporting date), or "2024" then "% of total"."""
    named = {period for period in periods if period is not None}
    if len(named) != 1:
        return periods
    (only,) = named
    return [only] * len(periods)


def _column_labels(
    rows: list[list[Item]], header_block: list[int], columns: list[tuple[int, int]], stub_end: int = -1
) -> list[str]:
    labels: list[list[str]] = [[] for _ in columns]
    # The lowest row that names columns, and how many times it names the same ones over again.
    lowest = max(
        (r for r in header_block if any(columns and i.col_end >= columns[0][0] for i in rows[r])), default=-1
    )
    blocks = _repeated_blocks(rows[lowest], columns) if lowest >= 0 else 1
    # Blocks of years ("2023 | 2022" under each measure) or of measures under a period each.
    dated = lowest >= 0 and all(is_year(i.text) for i in rows[lowest] if i.col_start > stub_end)
    respread = {
        r: _over_blocks(rows[r], columns, blocks, stub_end, dated) for r in header_block if r < lowest
    }
    spread_all = _across_blocks(rows, [r for r in header_block if r < lowest], columns, blocks, stub_end)
    for r in header_block:
        # Does the row name columns too ("Year Ended December 31, 2022 | Direct to Consumer | Partner …")?
        beside = any(columns and item.col_start >= columns[0][0] for item in rows[r])
        over_blocks = (
            respread.get(r)
            or spread_all.get(r)
            or _one_over_each(rows[r], columns, stub_end)
            or (_over_gaps(rows, header_block, r, columns, stub_end) if blocks < 2 else {})
        )
        for item in rows[r]:
            if id(item) in over_blocks:
                for index in over_blocks[id(item)]:
                    if item.text not in labels[index]:
                        labels[index].append(item.text)
                continue
            # A period phrase in the header's stub ("December 31," left of "2024 | 2023") heads every column.
            # (One that prints its year on a row of its own heads a section of rows instead: "Year Ended
            # December 31, 2023".)
            # (Not the header of a column of text between the stub and the figures: "Weighted-Average
            # Original Useful Life as of December 31, 2023" over "11 years", CMCSA 2023 10-K.)
            stub = (
                columns
                and item.col_end < columns[0][0]
                and (stub_end < 0 or item.col_start <= stub_end)
                and _STUB_PERIOD_RE.search(item.text)
                and (beside or not _YEAR_IN_RE.search(item.text))
            )
            # A caption across the table from the stub ("ASSETS") heads rows, unless it names a period.
            across = item.col_start <= stub_end and not (
                _STUB_PERIOD_RE.search(item.text) or _YEAR_IN_RE.search(item.text)
            )
            for index, (start, end) in enumerate(columns):
                over = item.col_start <= end and item.col_end >= start and not across
                if (over or stub) and item.text not in labels[index]:
                    labels[index].append(item.text)
    return [" ".join(parts) for parts in labels]


def _repeated_blocks(row: list[Item], columns: list[tuple[int, int]]) -> int:
    """How many times a header row names the same columns over again, one name over each column: 2 for
    "Gross | Netting | Net | Gross | Netting | Net" (DOW Q2 2023 10-Q, derivatives); 1 when it does not."""
    names = [item.text for item in row if columns and item.col_end >= columns[0][0]]
    if len(names) != len(columns):
        return 1
    for width in range(1, len(names) // 2 + 1):
        if len(names) % width == 0 and names == names[:width] * (len(names) // width):
            return len(names) // width
    return 1


# What names a period over a block: "Jun 30, 2023", "2022", "For the Three Months Ended", "Impact of
# correction of error - year to date".
_PERIOD_WORDS_RE = re.compile(
    r"\b(?:19|20)\d{2}\b|\b(?:quarters?|years?|months|weeks)\b|\bto[- ]date\b|\bended\b", re.IGNORECASE
)


def _over_blocks(
    row: list[Item], columns: list[tuple[int, int]], blocks: int, stub_end: int, dated_blocks: bool = False
) -> dict[int, list[int]]:
    """The columns each item of a header row stands over where the row below repeats its names block by
    block, this row prints one item a block, and their spans fall across the blocks: each item over its
    block, whatever its span. A filer's spans may fall a column or more short ("Jun 30, 2023" over two of
    the three columns "Gross | Netting | Net" of its block, "Dec 31, 2022" over the third and the next
    two, DOW Q2 2023 10-Q). Keyed by the item's id; empty where the row does not fit, or its items stand
    within their blocks already ("Fair Value" over "Asset | Liability" beside "Notional", PFE). (Not a
    caption that starts in the stub: "The following presents the detailed calculation of EPS:", PFE.)"""
    # (Not a header over a column of text: "Location of (Gain) Loss", MDT.)
    items = [item for item in row if item.col_start > stub_end and _columns_under(item, columns)]
    if blocks < 2 or len(items) != blocks:
        return {}
    if not (dated_blocks or all(_PERIOD_WORDS_RE.search(item.text) for item in items)):
        return {}
    width = len(columns) // blocks
    under = [_columns_under(item, columns) for item in items]
    crosses = any(len({c // width for c in cols}) > 1 for cols in under)
    # Each starts its block, but the last column is left out ("Three Months Ended | Six Months Ended"
    # over "2023 | 2022 | 2023 | 2022", the second over one year, CMCSA).
    short = [cols[0] for cols in under] == list(range(0, len(columns), width)) and not any(
        len(columns) - 1 in cols for cols in under
    )
    # Or two in one block ("2023 | 2022" over "Fair Value | Total Losses" of the first, BA).
    shared = [cols[0] // width for cols in under] != list(range(blocks))
    if not (crosses or short or shared):
        return {}
    return {id(item): list(range(b * width, (b + 1) * width)) for b, item in enumerate(items)}


def _across_blocks(
    rows: list[list[Item]],
    header_block: list[int],
    columns: list[tuple[int, int]],
    blocks: int,
    stub_end: int,
) -> dict[int, dict[int, list[int]]]:
    """The header rows of one item that starts over the first column and ends inside a block: that item
    over every column. "Nine Months Ended June 30" over "2023" (Number Granted, Weighted Average Grant
    Date Fair Value) and the first column of "2022" (JCI Q3 2023 10-Q). (Not one that ends where a block
    does: "Pension Plans" over "U.S. | International" beside "Postretirement Plans", PFE.)"""
    if blocks < 2:
        return {}
    width = len(columns) // blocks
    across: dict[int, dict[int, list[int]]] = {}
    for r in header_block:
        items = [i for i in rows[r] if i.col_start > stub_end and _columns_under(i, columns)]
        under = _columns_under(items[0], columns) if len(items) == 1 else []
        if under and under[0] == 0 and (under[-1] + 1) % width and under[-1] < len(columns) - 1:
            across[r] = {id(items[0]): list(range(len(columns)))}
    return across


def _columns_under(item: Item, columns: list[tuple[int, int]]) -> list[int]:
    """The logical columns an item's span overlaps."""
    return [c for c, (start, end) in enumerate(columns) if item.col_start <= end and item.col_end >= start]


def _one_over_each(row: list[Item], columns: list[tuple[int, int]], stub_end: int) -> dict[int, list[int]]:
    """A header row that prints one item for each column, its spans off the columns: each item over its
    column in order. "Three Months Ended July 31, 2022 | Total Costs Incurred to Date at April 30, 2023"
    set a column to the left of the two columns of figures (SJM Q1 2024 10-Q, restructuring costs).
    Empty where the row does not fit, its items stand over their columns already, or one stands over
    several ("Depreciable Lives (Years) | December 31," over a column of text and two years, TXN)."""
    items = [item for item in row if item.col_start > stub_end]
    if stub_end < 0 or len(columns) < 2 or len(items) != len(columns):
        return {}
    if not all(is_year(item.text) or parse_long_date(item.text) for item in items):  # each dates its column
        return {}
    over = [_columns_under(item, columns) for item in items]
    if all(len(cols) == 1 for cols in over) and len({cols[0] for cols in over}) == len(columns):
        return {}
    if any(len(cols) > 1 for cols in over):  # "December 31," over both years, beside a text column's header
        return {}
    return {id(item): [c] for c, item in enumerate(items)}


# A column of changes between the periods, its header's words too: "% Change", "Increase (Decrease)".
_CHANGE_HEADER_RE = re.compile(
    rf"{CHANGE_COLUMN_RE.pattern}|%|\bvs\b|\bincrease\b|\bdecrease\b", re.IGNORECASE
)


def _over_gaps(
    rows: list[list[Item]], header_block: list[int], r: int, columns: list[tuple[int, int]], stub_end: int
) -> dict[int, list[int]]:
    """A header row of dates (or years) whose spans leave a column between two of them uncovered (or after
    the one date over the first columns): each column left out stands under the date on its left, as do
    those after the last. The filer's spans fall short of the block each date heads: "December 30, 2023"
    over "Cost of products sold | Interest expense" and not "Other expense/ (income)" beside them,
    "December 31, 2022" over the next three and not the fourth (KHC 2023 10-K, derivatives' impact on
    income). Keyed by the item's id; empty where no column between two dates is left out, or a column left
    out holds changes ("% Change"). (Where the row below repeats its names block by block, the blocks say
    where each date stands: "2023" over "Amount", not "Shares | Amount", VZ; the caller leaves those rows
    out.)"""
    items = [item for item in rows[r] if item.col_start > stub_end and _columns_under(item, columns)]
    if not items or not all(is_year(item.text) or parse_long_date(item.text) for item in items):
        return {}
    under = [_columns_under(item, columns) for item in items]
    pairs = list(itertools.pairwise(under))
    between = any(right[0] - left[-1] > 1 for left, right in pairs)
    # One date over the first columns and not the last: "2023" over "Carrying Amount … Cash & Cash
    # Equivalents", not "Current Marketable Securities" beside them (JNJ 2023 10-K, marketable securities).
    alone = len(under) == 1 and len(under[0]) > 1 and under[0][0] == 0 and under[0][-1] < len(columns) - 1
    if any(left[-1] >= right[0] for left, right in pairs) or not (between or alone):
        return {}
    below = [item for row in header_block if row > r for item in rows[row]]

    def names(cols: range | list[int]) -> list[str]:
        return [i.text for i in below if set(_columns_under(i, columns)) & set(cols)]

    spread: dict[int, list[int]] = {}
    for k, (item, cols) in enumerate(zip(items, under, strict=True)):
        gap = range(cols[-1] + 1, under[k + 1][0] if k + 1 < len(under) else len(columns))
        if any(_CHANGE_HEADER_RE.search(name) for name in names(gap)):
            return {}
        # The same measure at both dates: what moved it stands between ("January 1, 2023 Carrying Value |
        # Changes in Fair Value | … | December 31, 2023 Carrying Value", JNJ 2023 10-K): a roll-forward.
        if gap and k + 1 < len(under) and (ends := names([cols[-1]])) and ends == names([under[k + 1][0]]):
            return {}
        spread[id(item)] = [*cols, *gap]
    return spread


_YEAR_IN_RE = re.compile(r"\b(?:19|20)\d{2}\b")
_STUB_PERIOD_RE = re.compile(
    rf"\b(?:ended|ending|as of)\b|(?:^|\bat\s+){MONTH_NAME_PATTERN}\s+\d{{1,2}},?$|"
    # "(at December 31, 2022, in millions)", "2022" over segments
    rf"\bat\s+{LONG_DATE_PATTERN}|^(?:fiscal\s+)?(?:19|20)\d{{2}}$",
    re.IGNORECASE,
)


_PARENTHETICAL_RE = re.compile(r"\([^)]*\)")
_PRICE_COLUMN_RE = re.compile(
    r"\bper\s+(?:common\s+)?(?:share|unit|rsu|psu|option)|"
    r"\b(?:exercise|purchase|grant|share|stock|average|option)\s+price\b|grant[- ]date fair value|"
    r"fair value per|\bEPS\b",
    re.IGNORECASE,
)
# What a column of an EPS computation holds besides the per-share figure: "Income Allocation", "Net income
# attributable to …", "Weighted-Average Shares Outstanding", "Shares".
_AMOUNT_COLUMN_RE = re.compile(r"\b(?:net\s+)?income\b|\ballocation\b|\bnet earnings\b", re.IGNORECASE)
_OF_WHAT_RE = re.compile(r"\s*(?:of|per)\b", re.IGNORECASE)
_COUNT_COLUMN_RE = re.compile(r"\bshares(?:\s+outstanding)?\s*$", re.IGNORECASE)
# The price column of an award roll-forward: "Weighted-Average Exercise Price", "Grant-Date Fair Value".
_AWARD_PRICE_RE = re.compile(
    r"\b(?:exercise|purchase|grant|strike)\s+price\b|grant[- ]date fair value|fair value per", re.IGNORECASE
)
_COUNT_WORDS_RE = re.compile(
    r"shares used|number of shares|weighted[- ]average (?:number|shares|basic|diluted)|excluded|awards|"
    r"outstanding|units|computation",
    re.IGNORECASE,
)


# A column that says what its figures are and nothing else: "Shares", "Shares (millions)", "Per Share".
_SHARES_COLUMN_RE = re.compile(
    r"^(?:weighted[- ]average )?(?:number of )?(?:common )?shares(?: outstanding)?$|^per (?:common )?share$",
    re.IGNORECASE,
)
_INLINE_PER_SHARE_RE = re.compile(
    r"\(?\$\s?[\d.,]+\)?\s*/?\s*(?:per|/)\s*(?:\w+\s+){0,2}share\b", re.IGNORECASE
)
_PER_SHARE_PARENTHETICAL_RE = re.compile(r"^\((?:in dollars )?per (?:common )?share\)$", re.IGNORECASE)


def _price_column(column: str) -> str | None:
    """What a column's label says its figures are when it names a price or a per-share figure: "per_share",
    or what words after its last "per share" name (the "Basic Earnings Per Share" header over "Income
    Allocation", "Weighted-Average Shares Outstanding" and "Earnings per Share"). None: it names no price."""
    prices = list(_PRICE_COLUMN_RE.finditer(column))
    if not prices:
        return None
    after = column[prices[-1].end() :]
    if _OF_WHAT_RE.match(after):
        return "per_share"  # "Weighted-Average Exercise Price of Shares"
    return _column_measure(after) or "per_share"


def _column_measure(column: str) -> str | None:
    """The measure an EPS computation's column names: "shares", "amount" ("Net income attributable to …")."""
    if _COUNT_COLUMN_RE.search(column):
        return "shares"
    return "amount" if _AMOUNT_COLUMN_RE.search(column) else None


def _bare_label(label: str) -> str:
    """A label without its parentheticals and "except …" clauses: "(in millions, except per share data)"."""
    return _EXCEPT_RE.sub("", _PARENTHETICAL_RE.sub("", label)).strip()


def _kept_parenthetical(match: re.Match[str]) -> str:
    """Parentheticals are dropped from a label, but "(per share)" says what the row measures."""
    return match[0] if _PER_SHARE_PARENTHETICAL_RE.match(match[0]) else ""


def _unit_kind(label: str, path: list[str], column_label: str, decimals: int) -> str | None:
    """What a row measures, from its column when the column says it alone ("Shares", "Per Share"), else
    from its own label first, then its parent heading, then its column."""
    column = _bare_label(column_label)
    if _SHARES_COLUMN_RE.search(column):
        return "per_share" if _PER_SHARE_RE.search(column) else "shares"
    # "(per share)" says what the row is; "$0.60 per share" in "Cash dividends declared, $0.60 per share"
    # is a figure of its own, not what the row's figures are.
    own = _INLINE_PER_SHARE_RE.sub("", _PARENTHETICAL_RE.sub(_kept_parenthetical, label))
    if _SHARES_FIRST_RE.match(own):
        return "shares"
    if _AMOUNT_FOR_RE.search(own):
        return None  # "Net income used in computing basic net income per share" is an amount
    if (price := _price_column(column)) is not None:
        # A column of prices speaks for its figures whatever the rows count ("Nonvested shares at February 3"
        # under "Weighted-Average Grant Date Fair Value").
        return None if price == "amount" else price
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
            # (What is counted is named outside the per-share words: not "per performance share units".)
            if _COUNT_WORDS_RE.search(_PER_SHARE_RE.sub(" ", text)):
                return "shares"
            # Beside "Diluted EPS", a column of an EPS computation names what it holds: "Net income
            # attributable to …", "Shares (millions)", then "Per Share" (whose figures print cents).
            measure = _column_measure(column) if decimals != 2 else None
            return "per_share" if measure is None else None if measure == "amount" else measure
        if _SHARE_COUNT_RE.search(text) and "$" not in text:
            return "shares"
    # (An equity statement's "Common Stock Number" beside its "Amount" counts shares too; not "Exhibit
    # Number".)
    if re.search(r"\bshares\b|\bnumber of\b|\bstock number\b", column, re.IGNORECASE) and "$" not in column:
        return "shares"
    return None


def _written_figures(text: str) -> list[InlineFigure]:
    """The figures a text cell writes: percentages, amounts, shares, "$10.0 billion"; not a bare number in
    prose ("Level 2", "Note 7")."""
    # (A count written with separators is one: "~115,400 retirees and beneficiaries".)
    return [
        figure
        for figure in inline_figures(text)
        if figure.word_scale is not None or figure.unit != "number" or "," in figure.text
    ]


# A range of two plain figures: "0.41 - 6.09", "31.0 - 81.5", "0-250"; not a file number ("001-35551").
_RANGE_RE = re.compile(r"^\s*((?!0\d)\d[\d,]*(?:\.\d+)?)\s*[-–]\s*(\d[\d,]*(?:\.\d+)?)\s*$")


def _range_ends(item: Item) -> list[tuple[ParsedNumber, tuple[int, int]]]:
    """The two ends of a value cell that prints a range, each with where it sits in the cell's text."""
    match = _RANGE_RE.match(normalize_space(item.text)) if item.number is None else None
    # (Not years, "2023 - 2034", nor a registration number, "333-164593": figures that long print commas.)
    if match is None or all(is_year(end) for end in match.groups()) or re.search(r"\d{5}", match[0]):
        return []
    ends = [(parse_number(match[g]), match.span(g)) for g in (1, 2)]
    return [(number, span) for number, span in ends if number is not None]


def _inline_only(item: Item) -> bool:
    """A value cell that is not a number but writes figures: "3.6%-5.4%", "—%-0.5%"."""
    return item.number is None and bool(_written_figures(item.text))


def _has_inline(row: list[Item]) -> bool:
    return any(item.number is None and inline_figures(item.text) for item in row)


@dataclass(frozen=True, slots=True)
class _Place:
    """Where a cell sits: its grid row and column (0: the label), its row's label and path, and what the
    header over a value cell says (a figure written in a text cell keeps no column label)."""

    row: int
    col: int
    label: str
    path: list[str]
    column_label: str = ""
    column_period: Period | None = None


def _inline_cells(
    place: _Place,
    item: Item,
    figures: list[InlineFigure],
    dated: CellPeriod,
    table_scale: int,
    shares_scale: int | None,
    respective: Sequence[CellPeriod] = (),
) -> list[NumericCell]:
    """The cells of the `figures` written inside a text cell (`_written_figures`). A label that lists one
    figure per dated column ("Dividends (per share — $1.94, $1.84 and $1.76)" over 2024, 2023, 2022) gives
    each its column's period (`respective`); otherwise all take `dated`."""
    listed = respective_figures(item.text, figures, len(respective))
    periods = [
        respective[listed.columns[i]]
        if i in listed.columns
        else _of_its_year(listed, i, respective) or dated
        if i in listed.years
        else CellPeriod(Period("instant", None, day), "date_written_beside_the_figure")
        if (day := parse_long_date(listed.as_of.get(i, ""))) is not None
        else dated
        for i in range(len(figures))
    ]
    cells = []
    for figure, figure_period in zip(figures, periods, strict=True):
        scale = _figure_scale(figure, table_scale, shares_scale)
        shown = ParsedNumber(figure.value, figure.unit == "percent", figure.text.startswith("$"), False, 0)
        cells.append(
            NumericCell(
                row=place.row,
                col=place.col,
                text=figure.text,
                shown=shown,
                value=figure.value.scaleb(scale),
                unit=figure.unit,
                scale=scale,
                row_label=place.label,
                row_path=place.path,
                column_label=place.column_label,
                period=figure_period.period,
                elements=[cell.element for cell in item.cells],
                inline_span=(figure.start, figure.end),
                period_rule=figure_period.rule,
            )
        )
    return cells


def _of_its_year(listed: Respective, figure: int, respective: Sequence[CellPeriod]) -> CellPeriod | None:
    """The column of the year written with a figure: where that year has several ("Three Months Ended" and
    "Six Months Ended"), the one of the length written with it, or the one of its place in the list written
    for the year ("$(3) and $(3) in 2023"), else the last."""
    year = [p for p in respective if p.period.end.year == listed.years[figure]]
    if (months := listed.months.get(figure)) is not None:
        year = [p for p in year if p.period.kind == "duration" and round(p.period.days / 30.4) == months]
    place, count = listed.places.get(figure, (0, 0))
    if count == len(year) > 1:
        return year[place]
    return year[-1] if year and count <= 1 else None


_COUNTS = ("shares", "number")


def _figure_scale(figure: InlineFigure, table_scale: int, shares_scale: int | None) -> int:
    if figure.word_scale is not None:  # "$10.0 billion"
        return figure.word_scale
    if figure.unit == "percent" or figure.unit.endswith("/share"):
        return 0
    if figure.unit in _COUNTS:
        # A count written out in full ("944,033,056 shares", "issued and outstanding, 9,444,375",
        # "settlement of 1,257,235 warrants"), or one the table's scale would make more than any issuer has
        # ("Common shares issued from treasury stock: 416,751", in millions), is not in the table's scale.
        # (Authorized shares may be that many: "300,000 shares authorized", in millions.)
        if figure.unit == "shares" and shares_scale is not None:
            return shares_scale
        too_many = abs(figure.value.scaleb(table_scale)) > MOST_SHARES and not figure.authorized
        if len(figure.text.replace(",", "")) >= 7 or too_many:
            return 0
    return table_scale  # USD


def _cell_unit(
    place: _Place,
    shown: ParsedNumber,
    scale: _Scale,
    percent_column: bool,
    money_column: bool,
    award_table: bool,
) -> tuple[str, int]:
    """What a figure measures (USD, USD/share, shares, percent, number) and the scale it is stated in.
    `percent_column`, `money_column`: the unit sign in force in the column is "%", or "$" (`_unit_signs`);
    `award_table`: a column
    of the table prints prices per share (an award roll-forward)."""
    unit_kind = _unit_kind(place.label, place.path, place.column_label, shown.decimals)
    if unit_kind == "shares" and shown.is_currency:
        unit_kind = None  # "$16,444" beside "Performance-based stock awards" is an amount, not a count
    if unit_kind == "per_share" and shown.decimals == 0 and abs(shown.value) >= 1000:
        unit_kind = None  # "$15,790" under "Basic Earnings Per Share" is the income it divides
    bare = not shown.is_currency and unit_kind is None
    counts = scale.shares_header or award_table  # "(shares in thousands)"; a column of exercise prices
    if bare and counts and shown.decimals == 0 and not _VALUE_COLUMN_RE.search(place.column_label):
        unit_kind = "shares"  # the "Granted" row of an award roll-forward
    if shown.is_percent or (bare and _is_rate(place, shown, percent_column, money_column)):
        return "percent", 0
    if unit_kind == "per_share":
        return "USD/share", 0
    if unit_kind == "shares":
        table_scale = scale.shares if scale.shares is not None else scale.scale
        # "128,641,762" shares in a table "in thousands" is a count written in full
        return "shares", 0 if abs(shown.value.scaleb(table_scale)) > MOST_SHARES else table_scale
    if _in_cents(shown, scale.scale):
        return "USD/share", 0
    # "1.0030" (a conversion rate) in a table in millions, or "849,893,601" in one: written as they are.
    unscaled = shown.decimals >= 3 or abs(shown.value.scaleb(scale.scale)) > MOST_DOLLARS
    # A count written in full under no "$" ("Issued (6,904,556)" in Boeing's treasury stock column, in
    # millions): more than a trillion dollars is no amount there, and more than ten trillion is none
    # anywhere (the share rows at the foot of Chevron's equity statement, under its "$" columns).
    most = _TRILLION * (10 if money_column else 1)
    if abs(shown.value.scaleb(scale.scale)) > most and not shown.is_currency and shown.decimals == 0:
        return "number", 0
    if scale.monetary or shown.is_currency:
        return "USD", 0 if unscaled else scale.scale
    # A count of things ("Restaurants at December 31") is not in the document's scale for amounts.
    return "number", 0 if unscaled or scale.from_document else scale.scale


def _in_cents(shown: ParsedNumber, scale: int) -> bool:
    """A dollar figure printed to the cent in a table in thousands or millions ("$40.64" beside "Stock
    options", "$(1.00)" under "2022 Diluted") is a price or a per-share amount, not thousands of dollars:
    amounts there are printed in whole units, or tenths."""
    return shown.is_currency and shown.decimals == 2 and scale in (3, 6) and abs(shown.value) < 1000


def _is_rate(place: _Place, shown: ParsedNumber, percent_column: bool, money_column: bool) -> bool:
    """A figure with no sign of its own that is a percentage: in a column of them ("Percent Change", a
    column whose first figure prints "%"), or a rate ("Discount rate 5.40", "Effective Interest Rate")."""
    # (A header over a "$" and a "%" column both, "Change $%", speaks for the "%" one.)
    if percent_column or (_PERCENT_COLUMN_RE.search(place.column_label) and not money_column):
        return True
    # (A column named a rate speaks for its figures whatever the row names: "Effective Interest Rate" beside
    # "0.250 percent six-year 2019 senior notes".)
    named_rate = bool(_RATE_COLUMN_RE.search(_bare_label(place.column_label)))
    lengths = _LENGTH_RE.search(place.column_label) or (_LENGTH_RE.search(place.label) and not named_rate)
    if lengths or abs(shown.value) >= 100:
        return False
    if _RATE_RE.search(" ".join([place.column_label, *place.path[:-1]])):
        return True
    rate_row = _RATE_LABEL_RE.search(place.label) and not _RATE_OF_WHAT_RE.match(place.label)
    return bool(rate_row) and shown.decimals >= 1


def _numeric_cell(
    place: _Place,
    item: Item,
    shown: ParsedNumber,
    dated: CellPeriod,
    scale: _Scale,
    column: tuple[bool, bool, bool],  # its first figure is a percentage, or money; an award table
) -> NumericCell:
    unit, scale_power = _cell_unit(place, shown, scale, *column)
    return NumericCell(
        row=place.row,
        col=place.col,
        text=item.text,
        shown=shown,
        value=shown.value.scaleb(scale_power),
        unit=unit,
        scale=scale_power,
        row_label=place.label,
        row_path=place.path,
        column_label=place.column_label,
        period=dated.period,
        elements=[cell.element for cell in item.cells],
        column_period=place.column_period,
        period_rule=dated.rule,
    )
