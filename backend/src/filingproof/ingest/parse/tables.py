"""HTML tables → logical cell grids.

Filers lay statements out on a fine physical grid: a `$` in one cell, the digits in the next, a `)` or `%` in
a third, spacer columns between. Here spans are expanded, fragment cells are folded into their number,
and the physical columns that hold one figure per row are merged into logical columns, each named by the
header rows above it. Values are parsed from the text the page shows; XBRL tags are not consulted.

Here the walk over the rows (`_RowWalker`); the grid and its fragments in `table_grid`, the header and its
columns in `table_header`, the scale in `table_scale`, each figure's unit and cell in `table_cells`, and the
periods the columns and rows name in `periods`.
"""

import itertools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from lxml import etree

from filingproof.calendar import parse_long_date
from filingproof.ingest.parse.inline import InlineFigure
from filingproof.ingest.parse.numbers import PARENTHETICAL_RE, YEAR_IN_RE, ParsedNumber, is_year
from filingproof.ingest.parse.periods import (
    DocumentPeriod,
    Period,
    months_in,
    parse_column_period,
    periods_by_block,
    printed_year,
    stated_as_of,
)
from filingproof.ingest.parse.periods.columns import ORIGINATION_RE, PLAN_NAME_RE, origination_columns
from filingproof.ingest.parse.periods.context import CellPeriod
from filingproof.ingest.parse.periods.prose import Acquisition
from filingproof.ingest.parse.periods.registry import column_periods, columns_roll_forward
from filingproof.ingest.parse.periods.table import TablePeriods
from filingproof.ingest.parse.table_cells import (
    COUNTS,
    LENGTH_RE,
    NumericCell,
    Place,
    bare_label,
    has_inline,
    inline_cells,
    numeric_cell,
    range_ends,
    written_figures,
)
from filingproof.ingest.parse.table_grid import (
    Item,
    Surroundings,
    cell_text,
    fold_fragments,
    indent_of,
    is_header_value,
    physical_grid,
)
from filingproof.ingest.parse.table_header import (
    Columns,
    Rows,
    columns_under,
    find_columns,
    group_label_columns,
    header_labels,
    shown_header_rows,
    split_header,
    unlabel_header_rows,
)
from filingproof.ingest.parse.table_scale import Scale, find_scale, scale_of_table
from filingproof.ingest.parse.xhtml import local_name

logger = logging.getLogger(__name__)


_THOUSANDS_MARK_RE = re.compile(r"\((?:in\s+)?000'?s\)", re.IGNORECASE)  # "(000s)", "(in 000's)"


# A thousand times more shares than that: a label count so scaled shows the table writes its counts in full.
_SURELY_IN_FULL = 10**14


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
        around = Surroundings(
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
    rows = [texts for row in cells if any(texts := [cell_text(td) for td in row])]
    if not rows:
        return None
    width = max(map(len, rows))
    grid = [row + [""] * (width - len(row)) for row in rows]
    return ParsedTable(table, title, 0, None, 0, grid, [], warning=f"kept as text: {warning}")


def _parse_items(
    table: etree._Element, items: list[list[Item]], document: DocumentPeriod, around: Surroundings
) -> ParsedTable:
    rows = split_header(items)
    columns = find_columns(rows)
    unlabel_header_rows(rows, columns)
    group_label_columns(rows, columns)
    header_text = " ".join(item.text for row in items[: rows.header_rows] for item in row)
    scale = scale_of_table(items, header_text, around)
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
        header_rows=shown_header_rows(rows, columns),
        grid=walker.grid,
        column_labels=walker.column_labels,
        cells=walker.cells,
    )


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

    rows: Rows
    columns: Columns
    scale: Scale
    document: DocumentPeriod
    table_context: str
    resolver: TablePeriods
    grid: list[list[str]] = field(default_factory=list)
    cells: list[NumericCell] = field(default_factory=list)
    column_labels: list[str] = field(default_factory=list)
    periods: list[Period | None] = field(default_factory=list)  # what each column's label names
    # The column inference that dated each column its label leaves undated (`registry.COLUMN_INFERENCES`).
    inferred: list[str | None] = field(default_factory=list)
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
            c for c in self.cells if c.unit in COUNTS and c.inline_span is not None and c.text[-1:].isdigit()
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
        # The grid shows the groups' labels where they print: "Humira United States".
        printed = [group.text for group in rows.group(r) if any(i is group for i in rows.items[r])]
        shown = " ".join([*printed, label]) if printed else label
        self.grid.append(self._display(shown, values, header=header))
        indent = indent_of(label_item.cells[0].element) if label_item else 0.0
        if label_item is not None and not values:
            if r >= rows.header_rows:
                self._label_figures(r, label_item)
            if find_scale(label)[1] is None:
                self._heading(r, label_item, indent)
                return
        numbers = [item for item in values if item.number is not None]
        if r < rows.header_rows or header_like or (not numbers and not has_inline(rows.items[r])):
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
        names = all(is_header_value(item) and not months_in(item.text) for item in values)
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
        block = indent_of(label_item.cells[0].element, block=True) if label_item else 0.0
        path = self._path(indent, label, closing=summed is not None, block=block if ruled else indent)
        # the labels that head the row in its label columns stand before its own
        path[len(path) - 1 : len(path) - 1] = [group.text for group in self.rows.group(r)]
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
                self.inferred = [None] * len(self.periods)

    def _name_columns(self, r: int) -> None:
        """A header row: the columns' labels (with the header rows just above) and the periods they name."""
        if not (r > 0 and r - 1 in self.header_block):
            self.header_block = []
        self.header_block.append(r)
        labels = header_labels(self.rows.items, self.header_block, self.columns.spans, self.columns.stub_end)
        if any(labels):  # a row over the stub alone ("Change in Plan Assets") leaves the columns as named
            self._set_columns(labels)

    def _set_columns(self, labels: list[str]) -> None:
        """The columns' labels, and the periods they name."""
        self.column_labels = labels
        years = {year for label in labels if (year := printed_year(label))}
        stated = stated_as_of(self.table_context, years)
        vintages = origination_columns(labels, self.by_origination)
        periods = [
            None
            if ORIGINATION_RE.search(label) or PLAN_NAME_RE.search(label) or vintage
            else parse_column_period(label, self.document, self.table_context, stated)
            for label, vintage in zip(labels, vintages, strict=True)
        ]
        completed = column_periods(labels, periods_by_block(labels, periods))
        self.periods, self.inferred = completed.periods, completed.inferred
        self.resolver.columns_roll_forward = columns_roll_forward(completed)

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
        if figures := written_figures(label_item.text):
            label = label_item.text
            path = [section.name for section in self.path_stack] + [label]
            dated = self.resolver.for_cell(r, label, None, inline=True, path=path)
            self.cells.extend(self._inline(Place(r, 0, label, path), label_item, figures, dated))

    def _heading(self, r: int, label_item: Item, indent: float) -> None:
        """A heading row ("Current assets:"), also when it sits right under the column headers; not a
        caption above them ("The following summarizes …" over "Three Months Ended")."""
        label = label_item.text
        cell = label_item.cells[0].element
        if _CENTERED_RE.search(cell.get("style") or ""):
            indent = float("-inf")  # a centered heading ("ASSETS") stands above the left-aligned ones
        elif _bold(cell) and not YEAR_IN_RE.search(label):
            # A bold one above a plain one at its indentation ("Cash Flows from Operating Activities" over
            # "Adjustments to reconcile net income …", both at the left edge); not a period's heading
            # ("Year Ended December 31, 2023"), which ends the one before it.
            indent -= 0.5
        # A label that states its figure ("Shares authorized: 4,687,500,000") is a line, not a section.
        # (Not a unit note: "Weighted Average Number of Shares Outstanding (000s)".)
        states_figures = r >= self.rows.header_rows and any(f.value for f in written_figures(label))
        if not states_figures and (r >= self.rows.header_rows or not self._columns_named_below(r)):
            while self.path_stack and self.path_stack[-1].indent >= indent:
                self.path_stack.pop()
            self.path_stack.append(_Section(indent, label.rstrip(":"), indent_of(cell, block=True), row=r))
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
        shares"), a value cell's ("3.6%-5.4%"). A group's label in a first label column reads as a label."""
        groups = self.rows.group(r)
        for item in self.rows.items[r]:
            own = item is label_item or any(item is group for group in groups)
            if not own and (ends := range_ends(item)):
                self._range_cells(r, item, ends, label, path)
                continue
            if item.number is not None or not (figures := written_figures(item.text)):
                continue
            col = None if own else self.columns.of(item)
            beside = self._dated_column_over(item) if col is None and not own else None
            named = col if beside is None else beside
            column = None if named is None else self.periods[named]
            column_label = "" if named is None else self.column_labels[named]
            inferred = None if named is None else self.inferred[named]
            dated = self.resolver.for_cell(
                r, label, column, column_label=column_label, inline=True, path=path, column_inferred=inferred
            )
            # A label may list one figure per dated column: each takes that column's period.
            listed = list(dict.fromkeys(p for p in self.periods if p is not None)) if own else []
            respective = [self.resolver.for_cell(r, label, p, path=path) for p in listed]
            place = Place(r, 0 if col is None else col + 1, label, path)  # grid columns: 0 is the label
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
                under = columns_under(head, self.columns.spans)
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
        place in the text. (A column of nothing but ranges is no column: `find_columns` reads figures.)"""
        col = self.columns.of(item)
        if col is None:
            return
        column_label, column = self.column_labels[col], self.periods[col]
        if LENGTH_RE.search(f"{label} {column_label}"):
            return  # a range of useful lives ("3-40" under "Estimated Useful Lives"), not of amounts
        place = Place(r, col + 1, label, path, column_label, column)
        dated = self.resolver.for_cell(
            r, label, column, column_label=column_label, path=path, column_inferred=self.inferred[col]
        )
        sign = self.columns.sign(r, col)
        column_kind = (sign == "%", sign == "$", False)
        for number, span in ends:
            cell = numeric_cell(place, item, number, dated, self.scale, column_kind)
            cell.text, cell.inline_span = item.text[span[0] : span[1]], span
            self.cells.append(cell)

    def _inline(
        self,
        place: "Place",
        item: Item,
        figures: list[InlineFigure],
        dated: CellPeriod,
        respective: Sequence[CellPeriod] = (),
    ) -> list[NumericCell]:
        cells = inline_cells(place, item, figures, dated, self.scale.scale, self.scale.shares, respective)
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
            inferred = self.inferred[col]
            if column is None and (year := self._year_beside(r)) is not None:
                # "Net Sales" over the figures, the row's year in a column of its own: "Net Sales 2024".
                column = parse_column_period(f"{column_label} {year}", self.document, self.table_context)
            own_scale, own_scale_text = self._own_scale(label, column_label, path[:-1])
            table_scale = own_scale if own_scale_text else self.scale.scale
            shares_scale = own_scale if own_scale_text else self.scale.shares
            place = Place(r, col + 1, label, path, column_label, column)
            dated = self.resolver.for_cell(
                r, label, column, column_label=column_label, path=path, column_inferred=inferred
            )
            scale = replace(self.scale, scale=table_scale, shares=shares_scale)
            award_table = any(_AWARD_PRICE_RE.search(bare_label(label)) for label in self.column_labels)
            sign = self.columns.sign(r, col)
            column_kind = (sign == "%", sign == "$", award_table)
            self.cells.append(numeric_cell(place, item, item.number, dated, scale, column_kind))


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
    bare = PARENTHETICAL_RE.sub(" ", text.lower().replace("’", "'"))
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


_LAST_SENTENCE_RE = re.compile(r"(?:^|\.\s)([^.]*)$")


def _introduces_vintages(around: Surroundings) -> bool:
    """Does the table's title or the sentence introducing it sort it by the year loans were made: "Our
    financing receivable balances at December 31, 2023 by internal credit rating category and year of
    origination consisted of the following:" (BA 2023 10-K)?"""
    sentence = _LAST_SENTENCE_RE.search(around.context_before[-300:])
    return bool(ORIGINATION_RE.search(f"{around.title or ''} {sentence[1] if sentence else ''}"))


# The price column of an award roll-forward: "Weighted-Average Exercise Price", "Grant-Date Fair Value".
_AWARD_PRICE_RE = re.compile(
    r"\b(?:exercise|purchase|grant|strike)\s+price\b|grant[- ]date fair value|fair value per", re.IGNORECASE
)
