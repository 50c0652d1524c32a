"""Tables on a PDF page, rebuilt from the page's lines into the HTML table the HTML parser reads.

A PDF has no table markup: a statement is lines of text whose figures line up in columns. Here:

- a line is cut into pieces: its label, its figures (with the `$`, `(`, `)` and `%` printed beside them),
  and other text (headers, text cells);
- a table is a run of lines that carry figures right of a label, with the header lines above it, up to
  prose that runs across the columns or a wide vertical gap;
- its columns are the right-aligned runs of figures (overlapping extents, merged), and each header is
  placed over the columns it overlaps;
- lines become rows: a label wrapped over two lines is joined, and figures printed a little below their
  label join it;
- the rows are written as a `<table>` whose `<td>`s sit on a grid (label, then for each column the gap
  before it and the column itself), with each label's indentation as its `padding-left`.

`parse/tables.parse_table` then reads that table exactly as it reads a filer's HTML: folding, scale lines,
header periods, row paths. Each `<td>` keeps the box of the text it holds, on its page, in points.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from lxml import etree

from filingproof.calendar import MONTH_NAME_PATTERN
from filingproof.ingest.parse.numbers import parse_number
from filingproof.ingest.parse.table_grid import LEADING_FRAGMENTS, TRAILING_FRAGMENTS
from filingproof.ingest.parse.table_scale import find_scale
from filingproof.ingest.pdf.lines import Line, Segment

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in page points

_MAX_ROW_GAP = 3.0  # × line height: a wider blank ends a table
_MAX_HEADER_GAP = 2.5
_JOIN_DISTANCE = 1.7  # × line height between baselines: a wrapped label's next line
_CONTINUES_RE = re.compile(
    r"(?:,|\band|\bor|\bof|\bfor|\bin|\bto|\bthe|\bfrom|\bby|\bon|\bwith|\bnet|\bat|&|-|—|–|\()$",
    re.IGNORECASE,
)


@dataclass(slots=True)
class Piece:
    """What one part of a line shows: a label, a header, or a figure with the signs printed beside it (its
    words, joined from one or more segments)."""

    words: Segment
    is_number: bool
    core: tuple[float, float]  # the figure's own extent (without a `$` printed apart, left of it)
    spans_all: bool = False  # a period line over the whole table ("Years ended December 31")

    @property
    def text(self) -> str:
        return self.words.text

    @property
    def x0(self) -> float:
        return self.words.x0

    @property
    def x1(self) -> float:
        return self.words.x1

    @property
    def box(self) -> Box:
        return (self.words.x0, self.words.top, self.words.x1, self.words.bottom)


@dataclass(slots=True)
class LineInfo:
    line: Line
    pieces: list[Piece]
    label: Piece | None  # the first piece, when it is text (or a number where labels stand)
    values: list[Piece]  # figures right of the label

    @property
    def height(self) -> float:
        return self.line.height


@dataclass(slots=True)
class Row:
    """One table row: the lines it was printed on, its label (joined over wrapped lines) and other pieces."""

    infos: list[LineInfo]
    label: list[Piece] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)

    @property
    def label_text(self) -> str:
        return " ".join(piece.text for piece in self.label)

    @property
    def has_values(self) -> bool:
        return any(piece.is_number for piece in self.pieces)


@dataclass(slots=True)
class PdfTable:
    """A rebuilt table: its `<table>` element, where it stands on the page, and each `<td>`'s boxes."""

    element: etree._Element
    first_line: int  # index of its first and last line among the page's lines
    last_line: int
    top: float
    bottom: float
    boxes: dict[etree._Element, list[Box]]
    text: str


def pieces_of(line: Line) -> list[Piece]:
    """The line's segments, with a `$` or `(` folded into the figure after it and a `)` or `%` into the one
    before it."""
    pieces: list[Piece] = []
    pending: Segment | None = None
    for segment in _split_signs(_figures_apart(line.segments, line.height)):
        text = segment.text
        if text in LEADING_FRAGMENTS:
            if pending is not None:
                pieces.append(_piece([pending]))
            pending = segment
            continue
        # Not into a year: "2023" over the amounts and "%" over the rates beside them are two headers.
        after_figure = pieces and pieces[-1].is_number and not _is_year(pieces[-1].text)
        if text.lower() in TRAILING_FRAGMENTS and pending is None and after_figure:
            last = pieces[-1]
            last.words.words.extend(segment.words)
            last.core = (last.core[0], segment.x1)
            continue
        if pending is not None:
            piece = _piece([pending, segment])
            if piece.is_number:
                piece.core = (segment.x0, segment.x1)
                pieces.append(piece)
            else:
                pieces.extend([_piece([pending]), _piece([segment])])
            pending = None
            continue
        pieces.append(_piece([segment]))
    if pending is not None:
        pieces.append(_piece([pending]))
    return pieces


def _split_signs(segments: Sequence[Segment]) -> list[Segment]:
    """A `$` printed just after a figure is the next figure's ("47,061 $  45,754"): a segment of its own.
    A footnote mark after a figure ("151 (2)", "2023 (2)", a superscript "(213) ²"), or a superscript mark
    standing apart, is dropped: it is no part of a value."""
    split: list[Segment] = []
    for index, segment in enumerate(segments):
        words = segment.words
        if index and len(words) == 1 and words[0].small and _MARK_RE.fullmatch(words[0].text):
            continue  # a footnote mark set apart ("Other Adjustments ¹" printed a little lower or higher)
        rest = " ".join(word.text for word in words[:-1])
        if len(words) > 1 and (parse_number(rest) is not None or rest in ("—", "–")):
            if words[-1].text in LEADING_FRAGMENTS:
                split.extend([Segment(words[:-1]), Segment(words[-1:])])
                continue
            if words[-1].small or _FOOTNOTE_MARK_RE.fullmatch(words[-1].text):
                split.append(Segment(words[:-1]))
                continue
        split.append(segment)
    return split


_FOOTNOTE_MARK_RE = re.compile(r"\(\d{1,2}\)|\([a-z]\)|\*{1,3}")
_MARK_RE = re.compile(r"\d{1,2}|[a-z]|[*†‡]{1,3}|\(\d{1,2}\)|\([a-z]\)")
_FIGURE_TEXT_GAP = 0.4  # × line height: wider than a space, narrower than a segment gap


def _figures_apart(segments: Sequence[Segment], height: float) -> list[Segment]:
    """A figure with a text cell printed close right of it ("160  Impairment and other charges …", a
    description column) is two segments: the figure, and the text. Not a row's first segment: a label may
    start with a figure ("5.50% Notes due 2024")."""
    split: list[Segment] = list(segments[:1])
    for segment in segments[1:]:
        words = segment.words
        figure = len(words) > 1 and (parse_number(words[0].text) is not None or words[0].text in ("—", "–"))
        if figure and words[1].text[:1].isalpha() and words[1].x0 - words[0].x1 >= _FIGURE_TEXT_GAP * height:
            split.extend([Segment(words[:1]), Segment(words[1:])])
        else:
            split.append(segment)
    return split


def _piece(segments: list[Segment]) -> Piece:
    words = Segment([word for segment in segments for word in segment.words])
    text = words.text
    figure = parse_number(text) is not None or _is_figure_range(text)
    return Piece(words, figure, (words.x0, words.x1))


_RANGE_CHARS_RE = re.compile(r"[$\d.,%()—–-]+")


def _is_figure_range(text: str) -> bool:
    """A range of figures in a value cell ("3.6%-5.4%", "0.1-2.0", "—%-4.6%"); the table parser reads the
    figures written in it."""
    compact = text.replace(" ", "")
    return (
        len(compact) <= 24
        and bool(_RANGE_CHARS_RE.fullmatch(compact))
        and any(ch.isdigit() for ch in compact)
        and any(ch in "-–—" for ch in compact[1:])
    )


@dataclass(frozen=True, slots=True)
class Margins:
    """Where a page's text stands: labels start near `left`; a figure right of `label_limit` is a value."""

    left: float
    right: float

    @property
    def label_limit(self) -> float:
        return self.left + 0.3 * (self.right - self.left)


def page_margins(lines: Sequence[Line], width: float) -> Margins:
    if not lines:
        return Margins(0.0, width)
    lefts = sorted(line.x0 for line in lines)
    rights = sorted(line.x1 for line in lines)
    return Margins(lefts[len(lefts) // 10], rights[-1 - len(rights) // 10])


def line_info(line: Line, margins: Margins) -> LineInfo:
    pieces = pieces_of(line)
    first = pieces[0]
    if not first.is_number or first.x0 < margins.label_limit:
        label: Piece | None = first
        rest = pieces[1:]
    else:
        label, rest = None, pieces
    # A label that is only a year ("2025" in a maturity schedule) stands where labels do.
    values = [piece for piece in rest if piece.is_number]
    if label is not None and label.is_number and not values:
        label = None if first.x0 >= margins.label_limit else label
    return LineInfo(line, pieces, label, values)


def find_tables(lines: Sequence[Line], margins: Margins) -> list[PdfTable]:
    infos = [line_info(line, margins) for line in lines]
    tables: list[PdfTable] = []
    index = 0
    while index < len(infos):
        if not _opens_table(infos[index]):
            index += 1
            continue
        edge = ColumnsEdge.of(infos[index].values)
        end = _table_end(infos, index, edge, margins)
        start = _header_start(infos, index, edge, margins)
        if _is_table(infos[start:end], index - start):
            tables.append(build_table(infos, start, end))
        index = end
    return tables


def _is_table(lines: Sequence[LineInfo], header_lines: int) -> bool:
    """Two rows of figures or more; or one row of several under header lines ("Long-term debt" under
    "Carrying Amount … Jul 1, 2023 | Dec 31, 2022")."""
    rows = [info for info in lines if info.values]
    return len(rows) >= 2 or (len(rows) == 1 and len(rows[0].values) >= 2 and header_lines > 0)


@dataclass(slots=True)
class ColumnsEdge:
    """Where a table's first column stands: its figures (`figures` to `right`), and its cells' left edge (a
    `$` printed apart, left of the figures). A header over that column is centred over its cell."""

    figures: float
    right: float
    cells: float

    @staticmethod
    def of(values: Sequence[Piece]) -> "ColumnsEdge":
        first = min(values, key=lambda piece: piece.core[0])
        return ColumnsEdge(first.core[0], first.core[1], min(piece.x0 for piece in values))

    def widen(self, values: Sequence[Piece]) -> None:
        first = min(values, key=lambda piece: piece.core[0])
        if first.core[0] < self.figures:
            self.figures, self.right = first.core
        self.cells = min(self.cells, *(piece.x0 for piece in values))


def _opens_table(info: LineInfo) -> bool:
    """A row of figures right of a label, or of two figures or more (a header of years, a wrapped row)."""
    if not info.values:
        return False
    return info.label is not None or len(info.values) >= 2


def _crosses(info: LineInfo, edge: ColumnsEdge, margins: Margins) -> bool:
    """Prose: a piece that runs from where labels stand across where the figures are. A header centred
    over the first column may start left of its figures (and of a `$` printed apart), but prose starts at
    the margin or is centred on the page, left of the columns."""
    height = info.height
    columns_left = edge.figures
    for piece in info.pieces:
        if piece.is_number or piece.x0 >= min(columns_left - 2 * height, margins.label_limit):
            continue
        if piece.x1 <= columns_left + height:
            continue
        centre = (piece.x0 + piece.x1) / 2
        # Over the first column alone, a header is centred over its cell, `$` included.
        over_first = piece.x1 <= edge.right + height
        left = min(columns_left, edge.cells) if over_first else columns_left
        if piece.x0 < margins.left + 4 * height:
            return True
        # left of the columns, prose is centred on the page; a header centred over right-aligned figures
        # narrower than it ("Total Stores at / Beginning of / Second Quarter" over "908") is not
        if centre < left - height and abs(centre - (margins.left + margins.right) / 2) <= 4 * height:
            return True
    return False


def _table_end(infos: Sequence[LineInfo], start: int, edge: ColumnsEdge, margins: Margins) -> int:
    """The index after a table's last line; `edge` widens to the columns of its later rows."""
    last = row = start  # `row`: the line the last row started on
    has_figures = _has_figures(infos[start])
    for index in range(start + 1, len(infos)):
        info = infos[index]
        gap = info.line.top - infos[index - 1].line.bottom
        if gap > _MAX_ROW_GAP * info.height:
            break
        if _wraps_text(info, infos[row:index]):
            last = index  # more of a text cell above ("Impairment and other charges …" / "rights and …")
            continue
        row = index
        if has_figures and _is_header(info, edge) and not _is_header(infos[index - 1], edge):
            break  # the header of the next table, under this one's figures
        has_figures = has_figures or _has_figures(info)
        if info.values:
            if info.label is None and len(info.values) == 1 and info.values[0].core[1] < edge.figures:
                break  # a lone figure left of the columns: a page number, not a row
            last = index
            edge.widen(info.values)
        elif _is_prose(info, edge, margins):
            break
    return last + 1


def _wraps_text(info: LineInfo, row: Sequence[LineInfo]) -> bool:
    """A line of text alone, each piece starting where a text cell right of the label starts in the row of
    figures above (its first line, then the lines that wrap it): that cell's text, wrapped. (Under a header
    line, a line of text is more header.)"""
    if not row or info.values or not row[0].values:
        return False
    starts = [p.x0 for p in row[0].pieces[1:] if not p.is_number]
    starts += [p.x0 for line in row[1:] for p in line.pieces]
    near = 0.5 * info.height
    return bool(starts) and all(
        not piece.is_number and any(abs(piece.x0 - x) <= near for x in starts) for piece in info.pieces
    )


def _has_figures(info: LineInfo) -> bool:
    return any(not _is_year(piece.text) for piece in info.values)


def _is_header(info: LineInfo, edge: ColumnsEdge) -> bool:
    """A line of column headers: text or years over the columns, no figures."""
    return not _has_figures(info) and any(piece.x1 >= edge.figures - info.height for piece in info.pieces)


def _header_start(infos: Sequence[LineInfo], start: int, edge: ColumnsEdge, margins: Margins) -> int:
    """The first line of a table whose first row of figures is `start`: the header lines over its
    columns, with what stands between them and that row (a section heading, the row's own label printed a
    little higher); not the title or caption above the header."""
    index = kept = start
    in_header = not _has_figures(infos[start])
    for _ in range(12):
        if index == 0:
            break
        above, below = infos[index - 1], infos[index]
        gap = below.line.top - above.line.bottom
        if (
            gap > _MAX_HEADER_GAP * max(above.height, below.height)  # a header may be set smaller
            or _is_prose(above, edge, margins)
            or _has_figures(above)  # the last row of the table above
        ):
            break
        if any(piece.x1 > edge.figures - above.height for piece in above.pieces):
            in_header = True  # a header line over the columns
            index = kept = index - 1
            continue
        own_label = below.label is None and below.line.baseline - above.line.baseline < 1.2 * above.height
        if own_label:
            index = kept = index - 1
            continue
        if in_header and _over_text_headers(above, below):
            index = kept = index - 1  # the upper line of a text column's header ("Location of Gains")
            continue
        if in_header and index >= 2 and _between_header_lines(infos[index - 2], above, edge):
            index -= 1  # the stub's own header ("(Millions of dollars)"), centred beside two header lines
            continue
        if in_header:
            if is_period_line(above.line.text):
                # "Years ended December 31" over the header: it heads every column.
                for piece in above.pieces:
                    piece.spans_all = True
                kept = index - 1
            break  # a title or caption in the label area: context, not header
        index -= 1  # a heading between the header and the first row: kept if a header stands above it
    return kept


def _over_text_headers(line: LineInfo, below: LineInfo) -> bool:
    """Is each piece of the line over a header of a text column in the line below, right of its label
    ("Location of Gains (Losses)" over "Recognized in Income on Derivatives")?"""
    texts = [piece for piece in below.pieces[1:] if not piece.is_number]
    return bool(texts) and all(
        any(piece.x0 < text.x1 and text.x0 < piece.x1 for text in texts) for piece in line.pieces
    )


def _between_header_lines(higher: LineInfo, line: LineInfo, edge: ColumnsEdge) -> bool:
    """A line of the label area printed between two header lines, overlapping the higher one's height: the
    text of the header's first cell, centred on its height ("(Millions of dollars)" beside "Fair / Value"),
    not a caption above the header."""
    over_columns = any(piece.x1 > edge.figures - higher.height for piece in higher.pieces)
    return over_columns and not _has_figures(higher) and higher.line.bottom > line.line.top


def _is_prose(info: LineInfo, edge: ColumnsEdge, margins: Margins) -> bool:
    """A line of prose: it runs across the columns, or it is a long sentence ("The following table …:")."""
    if _crosses(info, edge, margins):
        return True
    text = info.line.text
    if info.values:
        return False
    # "The Company expects … obligations." or "… were as follows (in millions):", but not a heading such
    # as "Adjustments to reconcile net income to net cash provided by operating activities:".
    # A label wrapped after an abbreviation ("… different from the statutory U.S." / "federal tax rate") is
    # not a sentence's end.
    sentence = text.endswith(".") and len(text.split()) >= 10 and not _ABBREVIATION_END_RE.search(text)
    introduces = text.endswith(":") and (
        find_scale(text)[1] is not None or bool(_AS_FOLLOWS_RE.search(text)) or bool(_NUMBERED_RE.match(text))
    )
    return sentence or introduces


# "Maturities of lease liabilities by year for our operating leases are as follows:" introduces a table.
_AS_FOLLOWS_RE = re.compile(r"\b(?:is|are|was|were)\s+as\s+follows:$", re.IGNORECASE)


# "(8) The shareholder proposal regarding … was defeated:" (an 8-K's Item 5.07): a numbered matter whose
# figures follow, each its own table; a row heading of one table is not numbered
_NUMBERED_RE = re.compile(r"^(?:\(\d{1,2}\)|\d{1,2}\.)\s+[A-Z]")

_ABBREVIATION_END_RE = re.compile(r"\b(?:[A-Za-z]\.){2,}$")

_PERIOD_LINE_RE = re.compile(
    rf"^(?:(?:for\s+the\s+)?(?:(?:three|six|nine|twelve|fiscal)\s+)?(?:years?|months|quarters?|weeks|periods?)\s+"
    rf"(?:ended|ending)|as\s+of|at)\b[^.;]*$|^{MONTH_NAME_PATTERN}\s+\d{{1,2}},?$",
    re.IGNORECASE,
)


def is_period_line(text: str) -> bool:
    """A line that states the period of a table's columns: "Years ended December 31", "At December 31"."""
    return bool(_PERIOD_LINE_RE.match(text.strip())) and len(text) <= 80


def build_table(infos: Sequence[LineInfo], start: int, end: int) -> PdfTable:
    lines = list(infos[start:end])
    columns = _columns(lines)
    rows = _rows(lines, columns)
    spans = _spanning_headers(rows, columns)
    element, boxes = _write(_join_wrapped_headers(rows, columns, spans), columns, spans)
    text = " ".join(info.line.text for info in lines)
    return PdfTable(
        element,
        start,
        end - 1,
        min(i.line.top for i in lines),
        max(i.line.bottom for i in lines),
        boxes,
        text,
    )


@dataclass(frozen=True, slots=True)
class Column:
    x0: float  # where its figures stand
    x1: float
    reach0: float  # the band of the page that belongs to the column: halfway to its neighbours
    reach1: float
    left: float  # where its cells start: a `$` printed apart stands left of the figures


def _columns(lines: Sequence[LineInfo]) -> list[Column]:
    """Merge the extents of the figures (not of year headers) into columns."""
    spans = sorted(
        piece.core
        for info in lines
        if any(not _is_year(piece.text) for piece in info.values)
        for piece in info.values
    )
    if not spans:
        spans = sorted(piece.core for info in lines for piece in info.values)
    merged: list[list[float]] = []
    for x0, x1 in spans:
        if merged and x0 <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], x1)
        else:
            merged.append([x0, x1])
    columns: list[Column] = []
    for index, (x0, x1) in enumerate(merged):
        left = min(
            (p.x0 for info in lines for p in info.values if x0 <= p.core[0] and p.core[1] <= x1), default=x0
        )
        before = (merged[index - 1][1] + x0) / 2 if index else min(left, x0 - (x1 - x0))
        after = (x1 + merged[index + 1][0]) / 2 if index + 1 < len(merged) else float("inf")
        columns.append(Column(x0, x1, before, after, left))
    return columns


def _is_year(text: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d{2}", text.strip()))


def _rows(lines: Sequence[LineInfo], columns: Sequence[Column]) -> list[Row]:
    left = columns[0].reach0 if columns else float("inf")
    text_columns = _text_columns(lines, left)
    header_limit = _header_limit(lines, columns)
    rows: list[Row] = []
    in_header = True
    for info in lines:
        in_header = in_header and not _has_figures(info)
        label = info.label if info.label is not None and info.label.x1 <= left else None
        if label is not None and (label.spans_all or _starts_text_column(label, text_columns, info.height)):
            label = None
        if label is not None and in_header and label.x0 > header_limit:
            label = None  # a header left of a narrow column ("Jan 26, 2025" over "12 %"), not a row label
        pieces = [piece for piece in info.pieces if piece is not label]
        previous = rows[-1] if rows else None
        if previous is not None and _continues(previous, info, label, pieces):
            if label is not None:
                previous.label.append(label)
            previous.pieces.extend(pieces)
            previous.infos.append(info)
            continue
        rows.append(Row([info], [label] if label else [], pieces))
    return rows


def _header_limit(lines: Sequence[LineInfo], columns: Sequence[Column]) -> float:
    """Over the figures' rows, text that starts right of halfway from their labels to the first column
    is a column header."""
    labels = [info.label.x0 for info in lines if info.values and info.label is not None]
    if not labels or not columns:
        return float("inf")
    return (min(labels) + columns[0].left) / 2


def _is_year_row(row: Row) -> bool:
    return any(p.is_number for p in row.pieces) and all(_is_year(p.text) for p in row.pieces if p.is_number)


def _text_columns(lines: Sequence[LineInfo], left: float) -> list[float]:
    """Where text cells right of the labels start ("Financial Statement Line Items" beside the labels)."""
    return sorted(
        {
            round(piece.x0)
            for info in lines
            if info.label is not None
            for piece in info.pieces[1:]
            if not piece.is_number and piece.x1 <= left
        }
    )


def _starts_text_column(label: Piece, text_columns: Sequence[float], height: float) -> bool:
    """A first piece that stands where a text column does is that column's (its row has no label)."""
    return any(abs(label.x0 - start) <= 0.3 * height for start in text_columns)


def _continues(previous: Row, info: LineInfo, label: Piece | None, pieces: list[Piece]) -> bool:
    """Is this line more of the row above: its label wrapped, or its figures printed a little lower?"""
    above = previous.infos[-1]
    distance = info.line.baseline - above.line.baseline
    if distance > _JOIN_DISTANCE * info.height:
        return False
    has_values = any(piece.is_number for piece in pieces)
    if previous.has_values and has_values:
        return False
    if label is None and not has_values and _wraps_text(info, previous.infos):
        return True
    if label is None:
        # Figures alone, just under a label with none: the row's figures, bottom-aligned to its cell.
        return bool(previous.label) and not previous.has_values and has_values and distance < info.height
    if not previous.label:
        return False
    first = label.text[:1]
    start = previous.label[0].x0
    text = previous.label_text
    open_bracket = text.count("(") > text.count(")")  # "… 300,000 shares authorized (Class A" / "180,000, …"
    return (
        (first.islower() or open_bracket or bool(_CONTINUES_RE.search(text)))
        and start - 0.5 * info.height <= label.x0 <= start + 4 * info.height
        and not _is_year_row(previous)
    )


def _slot(piece: Piece, columns: Sequence[Column], header: bool = True) -> tuple[int, int]:
    """The physical grid columns a piece takes: 0 is the label; column k is 2k + 2, the gap before it 2k + 1.
    In a row of figures (not `header`), text that is not over a column's figures is a text cell between
    columns."""
    if not columns:
        return 1, 1
    if piece.spans_all:
        return 2, 2 * len(columns)
    x0, x1 = piece.core if piece.is_number else (piece.x0, piece.x1)
    over = [k for k, column in enumerate(columns) if x0 <= column.x1 and x1 >= column.x0]
    if piece.is_number and len(over) > 1:
        over = [max(over, key=lambda k: min(x1, columns[k].x1) - max(x0, columns[k].x0))]
    if not over:
        # Off the figures, but mostly within a column's band: a header centred over a narrow column.
        center = (x0 + x1) / 2
        within = [k for k, column in enumerate(columns) if column.reach0 <= center < column.reach1]
        mostly = x1 - max(x0, columns[within[0]].reach0) >= 0.5 * (x1 - x0) if within else False
        if within and (piece.is_number or (header and mostly)):
            over = within
    if over:
        return 2 * over[0] + 2, 2 * over[-1] + 2
    gap = next((k for k, column in enumerate(columns) if x1 <= column.x0), len(columns))
    return 2 * gap + 1, 2 * gap + 1


def _spanning_headers(rows: Sequence[Row], columns: Sequence[Column]) -> dict[int, tuple[int, int]]:
    """Headers placed over their columns, by `id` of their piece → physical slots.

    A header line with as many headers as there are columns, or one for each run of k columns ("Jan 26,
    2025" over a figure and its percentage), takes them in order (`_ordered_headers`). A header over
    several columns ("Years ended" over three, "Three Months Ended" over two) is printed centred over
    them, and may overlap only one. Where a header line has fewer headers than a line below it, each of
    its headers takes the widest run of columns it is centred over (without taking a neighbour's):
    centred over their figures, or over the headers below that stand over them."""
    first_data = next(
        (r for r, row in enumerate(rows) if any(p.is_number and not _is_year(p.text) for p in row.pieces)),
        len(rows),
    )
    placed = [_ordered_headers(row, columns) or _over_columns(row, columns) for row in rows[:first_data]]
    spans: dict[int, tuple[int, int]] = {}
    for r, row in enumerate(rows[:first_data]):
        pieces = placed[r]
        below = next((lower for lower in placed[r + 1 :] if len(lower) > len(pieces)), None)
        if not pieces or len(pieces) >= len(columns) or below is None:
            spans.update({id(piece): (2 * a + 2, 2 * b + 2) for piece, (a, b) in pieces})
            continue
        low = 0
        for i, (piece, (a, b)) in enumerate(pieces):
            high = pieces[i + 1][1][0] - 1 if i + 1 < len(pieces) else len(columns) - 1
            center = (piece.x0 + piece.x1) / 2
            tolerance = row.infos[0].height
            best, centred = (a, b), False
            if a == b and _right_aligned(piece, columns[a]):
                spans[id(piece)] = (2 * a + 2, 2 * a + 2)  # set flush right over its figures, as they are
                low = a + 1
                continue
            # Centred over the figures first (its own columns' too); failing that, over the headers below.
            for runs in (_figure_runs(columns, low, high), _header_runs(below, low, high)):
                for run, middle in runs:
                    if run[0] <= a and b <= run[1] and abs(middle - center) <= tolerance:
                        best, centred = max(best, run, key=lambda span: span[1] - span[0]), True
                if centred:
                    break
            # Side by side with another header, one wider than its columns may be set off their middle (a
            # title line alone is centred on the page, not over columns).
            wide = len(pieces) > 1 and piece.x1 - piece.x0 > columns[b].x1 - columns[a].left
            if not centred and wide:
                best = _run_holding(piece, columns, (a, b), (low, high), tolerance)
            spans[id(piece)] = (2 * best[0] + 2, 2 * best[1] + 2)
            low = best[1] + 1
    return spans


Run = tuple[tuple[int, int], float]  # columns (first, last) and the middle of what stands over them
_SIDE = 0.2  # of a run's width: a header whose middle is nearer its side than this is not over it
_FLUSH = 1.0  # points: a header this close to its figures' right edge is set flush right with them


def _right_aligned(piece: Piece, column: Column) -> bool:
    """A header set flush right over one column's figures, within its band ("Effective" over "Rate" over
    the rates, with a date centred over more columns above it)."""
    return abs(piece.x1 - column.x1) <= _FLUSH and column.reach0 <= piece.x0


def _run_holding(
    piece: Piece, columns: Sequence[Column], over: tuple[int, int], bounds: tuple[int, int], slack: float
) -> tuple[int, int]:
    """A header wider than the columns it stands over, centred over none of the runs around them ("Sales
    to Customers" over three years' figures, set left of their middle; "% Change" over two): the widest
    run that holds it whole, with its middle in the run's middle three fifths. Else the columns it stands
    over."""
    best = over
    for (first, last), _ in _figure_runs(columns, *bounds):
        left, right = columns[first].left, columns[last].x1
        holds = left - slack <= piece.x0 and piece.x1 <= right + slack
        if first <= over[0] and over[1] <= last and holds and _in_middle(piece, left, right):
            best = max(best, (first, last), key=lambda span: span[1] - span[0])
    return best


def _in_middle(piece: Piece, left: float, right: float) -> bool:
    """Is the piece's middle in the middle three fifths of `left`–`right`?"""
    side, center = _SIDE * (right - left), (piece.x0 + piece.x1) / 2
    return left + side <= center <= right - side


def _off_centre_over(piece: Piece, run: Sequence[Column]) -> bool:
    """A header over a run of columns, set off its middle ("2023" over "Shares" and "Amount", left of their
    middle): its middle in the run's middle three fifths, and it is not within one column's figures."""
    alone = any(column.left - _FLUSH <= piece.x0 and piece.x1 <= column.x1 + _FLUSH for column in run)
    return not alone and _in_middle(piece, run[0].left, run[-1].x1)


def _figure_runs(columns: Sequence[Column], low: int, high: int) -> list[Run]:
    """Runs of columns between `low` and `high`, with the middle of their cells (a `$` included)."""
    return [
        ((start, end), (columns[start].left + columns[end].x1) / 2)
        for start in range(low, high + 1)
        for end in range(start, high + 1)
    ]


def _header_runs(below: Sequence[tuple[Piece, tuple[int, int]]], low: int, high: int) -> list[Run]:
    """Runs of the headers `below` (between columns `low` and `high`), with the middle of their text:
    "Year Ended" centred over "Jan 26, 2025 … Jan 29, 2023", whose figures are narrower than the dates."""
    runs = []
    for i, (first, (start, _)) in enumerate(below):
        for last, (_, end) in below[i:]:
            if low <= start and end <= high:
                runs.append(((start, end), (first.x0 + last.x1) / 2))
    return runs


def _ordered_headers(row: Row, columns: Sequence[Column]) -> list[tuple[Piece, tuple[int, int]]]:
    """A header line with one header for each column, or for each run of k columns (a figure and its
    percentage under one year), in order: each header over its own columns, when it stands nearer them than
    any other run (and, over a run, centred on it, or at least over its middle and more than one column's
    figures); else none."""
    pieces = sorted((p for p in row.pieces if not p.spans_all), key=lambda p: p.x0)
    if len(pieces) < 2 or len(columns) % len(pieces):
        return []  # (one header alone is centred over its run: `_spanning_headers`)
    k = len(columns) // len(pieces)
    middles = [(columns[i * k].left + columns[i * k + k - 1].x1) / 2 for i in range(len(pieces))]
    tolerance = 2 * row.infos[0].height
    for i, piece in enumerate(pieces):
        center = (piece.x0 + piece.x1) / 2
        nearest = min(range(len(middles)), key=lambda j: abs(middles[j] - center))
        off = k > 1 and abs(middles[i] - center) > tolerance
        if nearest != i or (off and not _off_centre_over(piece, columns[i * k : i * k + k])):
            return []
    return [(piece, (i * k, i * k + k - 1)) for i, piece in enumerate(pieces)]


def _over_columns(row: Row, columns: Sequence[Column]) -> list[tuple[Piece, tuple[int, int]]]:
    """The row's pieces that stand over columns, with the columns (indexes) they overlap."""
    placed = []
    for piece in sorted(row.pieces, key=lambda p: p.x0):
        first, last = _slot(piece, columns)
        if first % 2 == 0 and first > 0 and not piece.spans_all:
            placed.append((piece, ((first - 2) // 2, (last - 2) // 2)))
    return placed


def _join_wrapped_headers(
    rows: Sequence[Row], columns: Sequence[Column], spans: dict[int, tuple[int, int]]
) -> list[Row]:
    """Header lines stacked over the same single columns ("Fair" over "Value", "Cash and" over "Cash" over
    "Equivalents") are one header row, as a filer's HTML writes each header in one cell: the table's header
    text then reads "Fair Value". A header over several columns ("Year Ended") stays a row of its own.
    The stub's own header ("(Millions of dollars)") printed beside the first of them or between two of
    them does not part them: between them, it heads the table."""
    figures = (r for r, row in enumerate(rows) if row.has_values and not _is_year_row(row))
    first_data = next(figures, len(rows))
    joined: list[Row] = []
    stubs: list[Row] = []
    for row in rows[:first_data]:
        above = joined[-1] if joined else None
        if above is not None and row.label and not row.pieces and _overlaps_above(above, row):
            stubs.append(row)
            continue
        slots = _single_slots(row, columns, spans)
        one_label = not (above and above.label and row.label)
        if above is not None and _heads_nothing(above) and _heads_nothing(row) and one_label and slots:
            over = _single_slots(above, columns, spans)
            near = row.infos[0].line.baseline - above.infos[-1].line.baseline <= 1.6 * row.infos[0].height
            if over and over <= slots and near:
                above.label = above.label or list(row.label)
                above.pieces.extend(row.pieces)
                above.infos.extend(row.infos)
                continue
        joined.append(Row(list(row.infos), list(row.label), list(row.pieces)))
    return stubs + joined + list(rows[first_data:])


def _heads_nothing(row: Row) -> bool:
    """A header row without a label, or whose label is the stub's own header: "(Millions of dollars)"."""
    return not row.label or find_scale(row.label_text)[1] is not None


def _overlaps_above(above: Row, row: Row) -> bool:
    """Is the row's first line printed partly within the height of the last line of the row above?"""
    return above.infos[-1].line.bottom > row.infos[0].line.top


def _single_slots(row: Row, columns: Sequence[Column], spans: dict[int, tuple[int, int]]) -> set[int] | None:
    """The columns a header row's pieces stand over, each over one column alone; None when one spans
    several or stands between columns."""
    slots: set[int] = set()
    for piece in row.pieces:
        first, last = spans.get(id(piece)) or _slot(piece, columns)
        if piece.spans_all or first != last or first % 2 or first == 0:
            return None
        slots.add(first)
    return slots


def _write(
    rows: Sequence[Row], columns: Sequence[Column], spans: dict[int, tuple[int, int]]
) -> tuple[etree._Element, dict[etree._Element, list[Box]]]:
    table = etree.Element("table")
    boxes: dict[etree._Element, list[Box]] = {}
    width = 2 * len(columns) + 2
    left = min((row.label[0].x0 for row in rows if row.label), default=0.0)
    for row in rows:
        tr = etree.SubElement(table, "tr")
        label = etree.SubElement(tr, "td")
        if row.label:
            label.text = row.label_text
            label.set("style", f"padding-left:{row.label[0].x0 - left:.1f}pt")
            boxes[label] = [piece.box for piece in row.label]
        placed: dict[int, tuple[int, list[Piece]]] = {}
        header = not any(p.is_number and not _is_year(p.text) for p in row.pieces)
        lines = {id(piece): index for index, info in enumerate(row.infos) for piece in info.pieces}
        # Left to right; a header wrapped over lines (joined rows), line by line in each column.
        for piece in sorted(row.pieces, key=lambda p: (lines.get(id(p), 0), p.x0)):
            first, last = spans.get(id(piece)) or _slot(piece, columns, header)
            if first in placed:
                placed[first][1].append(piece)
                placed[first] = (max(placed[first][0], last), placed[first][1])
            else:
                placed[first] = (last, [piece])
        col = 1
        for first in sorted(placed):
            last, pieces = placed[first]
            if first < col:
                continue  # under a wider piece already placed
            if first > col:
                etree.SubElement(tr, "td").set("colspan", str(first - col))
            td = etree.SubElement(tr, "td")
            td.text = " ".join(piece.text for piece in pieces)
            if last > first:
                td.set("colspan", str(last - first + 1))
            # Where it stands, too: a header the table parser takes for a heading (the first text of its
            # row) is then no parent of the labels left of it.
            indent = max(pieces[0].x0, columns[0].left if columns else 0.0) - left
            td.set("style", f"padding-left:{indent:.1f}pt")
            boxes[td] = [piece.box for piece in pieces]
            col = last + 1
        if col < width:
            etree.SubElement(tr, "td").set("colspan", str(width - col))
    return table, boxes
