"""A PDF filing parsed into the same model as an HTML one (`parse.document.ParsedDocument`).

Pages are the PDF's own pages. Each page's lines outside tables are its prose (one block per paragraph);
each table is rebuilt (`pdf.tables`) and read by the HTML table parser, so values, scales, periods and row
paths follow the same rules as for HTML. Every parsed cell keeps its box on its page, in points.
"""

import dataclasses
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from lxml import etree

from filingproof.ingest.metadata import FilingMetadata, fiscal_year_from_end
from filingproof.ingest.parse.document import ParsedDocument, parse_tables
from filingproof.ingest.parse.layout import DocumentLayout, PageLayout, TableLayout
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.release import RELEASE_FORM, quarter_end
from filingproof.ingest.parse.table_scale import find_scale
from filingproof.ingest.parse.tables import ParsedTable
from filingproof.ingest.parse.xbrl import CoverData
from filingproof.ingest.pdf.cover import (
    PdfCover,
    named_fiscal_year,
    printed_year_end,
    quarter_reported,
    read_cover,
)
from filingproof.ingest.pdf.errors import MissingMetadataError, ScannedPdfError
from filingproof.ingest.pdf.glyphs import PdfPage, open_pdf, read_pages
from filingproof.ingest.pdf.lines import Line, page_lines
from filingproof.ingest.pdf.tables import Box, PdfTable, find_tables, is_period_line, page_margins

TextLine = tuple[str, float, float, float, float]  # a line's text and box, as `ingest.render` keeps them
_CONTEXT_CHARS = 1500  # as the HTML layout keeps before a table


@dataclass(slots=True)
class PdfDocument(ParsedDocument):
    """A parsed PDF: the HTML model, plus the page sizes and cell boxes (points) that rendering scales."""

    pdf: bytes = b""
    page_sizes: list[tuple[float, float]] = field(default_factory=list)
    cell_boxes: dict[tuple[int, int], Box] = field(default_factory=dict)
    pdf_cover: PdfCover | None = None
    # each page's text lines with their boxes (points), top to bottom: a quoted sentence is outlined by them
    text_lines: list[list[TextLine]] = field(default_factory=list)


def parse_pdf(raw: bytes, given: FilingMetadata | None = None) -> PdfDocument:
    """Parse a PDF filing; `given` (the caller's form and period end) wins over what the cover says."""
    handle = open_pdf(raw)
    try:
        pages = read_pages(handle)
    finally:
        handle.close()
    _require_text(pages)
    lines = [page_lines(page.glyphs) for page in pages]
    cover = read_cover(lines)
    period = _document_period(cover, given, lines)
    layout, tables, boxes = _read_pages(pages, lines, period)
    body = etree.Element("body")
    for table in layout.tables:
        body.append(table.element)
    root = etree.Element("html")
    root.append(body)
    degraded = ["PDF: no XBRL tags, so cells carry no XBRL concepts"]
    blank = [page.number for page in pages if not page.glyphs]
    if blank:
        degraded.append(f"pages without text (images only or empty): {_ranges(blank)}")
    if period.quarterly and period.fiscal_period is None:
        # which quarter is said by the filing alone (its tables were dated as any 10-Q's, above)
        texts = (line.text for page in lines for line in page)
        period = dataclasses.replace(period, fiscal_period=quarter_reported(texts))
    return PdfDocument(
        root=root,
        is_xhtml=False,
        cover=_cover_data(cover, period),
        layout=layout,
        tables=tables,
        facts=[],
        degraded=degraded,
        pdf=raw,
        page_sizes=[(page.width, page.height) for page in pages],
        cell_boxes=boxes,
        pdf_cover=cover,
        text_lines=[[(ln.text, ln.x0, ln.top, ln.x1, ln.bottom) for ln in page] for page in lines],
    )


def _require_text(pages: Sequence[PdfPage]) -> None:
    if any(page.glyphs for page in pages):
        return
    if any(page.images for page in pages):
        raise ScannedPdfError(
            "the PDF has no text layer: its pages are scanned images. Run OCR on it (e.g. ocrmypdf) and "
            "ingest the result"
        )
    raise ScannedPdfError("the PDF has no text on any page")


def _document_period(
    cover: PdfCover, given: FilingMetadata | None, lines: Sequence[Sequence[Line]]
) -> DocumentPeriod:
    texts = [line.text for page in lines for line in page]
    form = (given.form if given and given.form else None) or cover.form
    period_end = (given.period_end if given and given.period_end else None) or cover.period_end
    release = cover.release if form == RELEASE_FORM else None
    if release is not None and period_end is None:
        period_end = quarter_end(release, texts)
    missing = [
        (name, flag)
        for name, value, flag in (("form", form, "--form"), ("period end", period_end, "--period-end"))
        if value is None
    ]
    if missing:
        raise MissingMetadataError(
            "the PDF's cover page does not say its "
            + " or ".join(name for name, _ in missing)
            + ": give "
            + " and ".join(flag for _, flag in missing)
        )
    assert form is not None and period_end is not None
    fiscal_year = given.fiscal_year if given and given.fiscal_year else None
    if fiscal_year is None and release is not None:
        fiscal_year = release.fiscal_year
    if fiscal_year is None:
        year_end = printed_year_end(texts, period_end)
        fiscal_year = named_fiscal_year(texts, period_end) or fiscal_year_from_end(period_end, year_end)
    if release is not None:
        return DocumentPeriod(form, period_end, fiscal_year, release.fiscal_period)
    return DocumentPeriod(form, period_end, fiscal_year, "FY" if form.upper().startswith("10-K") else None)


def _cover_data(cover: PdfCover, period: DocumentPeriod) -> CoverData:
    values = {
        "DocumentType": period.form,
        "DocumentFiscalYearFocus": str(period.fiscal_year) if period.fiscal_year else None,
        "DocumentFiscalPeriodFocus": period.fiscal_period,
        "EntityRegistrantName": cover.company_name,
        "TradingSymbol": cover.ticker,
    }
    return CoverData({k: v for k, v in values.items() if v}, period.period_end)


class _Context:
    """The prose read so far, as the HTML layout keeps it: a table's title and scale line come from it."""

    def __init__(self) -> None:
        self.recent: list[str] = []
        self.since_table: list[str] = []  # the prose since the last table: a scale line of its own
        self.prose_since_table = 0

    def add_prose(self, block: str, furniture: bool = False) -> None:
        """Prose read; a page's running header or footer (`furniture`) names no table and states no scale,
        but counts in the prose between two tables, as in an HTML filing."""
        self.prose_since_table += len(block)
        if furniture:
            return
        self.recent.append(block)
        del self.recent[:-12]
        self.since_table.append(block)
        del self.since_table[:-12]

    def table_layout(self, table: PdfTable, page: int) -> TableLayout:
        """The table's layout, with the prose before it; then the table is context for the next one."""
        before = " ".join(self.recent)[-_CONTEXT_CHARS:]
        own = " ".join(self.since_table)[-_CONTEXT_CHARS:]
        title = next((block for block in reversed(self.recent) if _is_caption(block)), None)
        layout = TableLayout(table.element, page, before, title, self.prose_since_table, own)
        self.prose_since_table, self.since_table = 0, []
        # A small table (often a title block) is context for the next one; a big one ends the context.
        if len(table.text) < 300:
            self.recent.append(table.text)
            del self.recent[:-12]
        else:
            self.recent.clear()
        return layout


def _is_caption(block: str) -> bool:
    """A block that can name a table (as the HTML layout picks them), but not one that only states its
    period or scale: "Years ended December 31", "(In millions, except per share data)"."""
    if not 3 <= len(block) <= 160 or is_period_line(block):
        return False
    return not (block.startswith("(") and block.endswith(")") and find_scale(block)[1] is not None)


def _read_pages(
    pages: Sequence[PdfPage], lines: Sequence[Sequence[Line]], period: DocumentPeriod
) -> tuple[DocumentLayout, list[ParsedTable | None], dict[tuple[int, int], Box]]:
    """The pages' prose and tables laid out as the HTML layout lays out a filing, then the tables parsed
    as the HTML parser parses them (`parse_tables`: scales carried from table to table, the document's
    default scale, a header a page earlier)."""
    layouts: list[PageLayout] = []
    found: list[PdfTable] = []
    table_layouts: list[TableLayout] = []
    context = _Context()
    edges = _furniture_edges(lines)
    for page, all_lines, (top, bottom) in zip(pages, lines, edges, strict=True):
        layout = PageLayout(page.number)
        layouts.append(layout)
        # The running header and footer are prose of the page, never a table's rows or its caption.
        for line in all_lines[:top]:
            layout.blocks.append(line.text)
            context.add_prose(line.text, furniture=True)
        page_lines_ = all_lines[top : len(all_lines) - bottom]
        margins = page_margins(page_lines_, page.width)
        tables = find_tables(page_lines_, margins)
        cursor = 0
        for table in [*tables, None]:
            stop = table.first_line if table is not None else len(page_lines_)
            for block in _paragraphs(page_lines_[cursor:stop], margins.right):
                layout.blocks.append(block)
                context.add_prose(block)
            if table is None:
                break
            layout.tables.append(len(table_layouts))
            layout.blocks.append(f"[table {len(table_layouts)}]")
            table_layouts.append(context.table_layout(table, page.number))
            found.append(table)
            cursor = table.last_line + 1
        for line in all_lines[len(all_lines) - bottom :]:
            layout.blocks.append(line.text)
            context.add_prose(line.text, furniture=True)
    document = DocumentLayout(layouts, table_layouts, [])
    parsed_tables = parse_tables(document, period)
    boxes: dict[tuple[int, int], Box] = {}
    for index, (table, parsed) in enumerate(zip(found, parsed_tables, strict=True)):
        if parsed is not None:
            boxes.update(_cell_boxes(index, parsed, table))
    return document, parsed_tables, boxes


_EDGE_LINES = 2  # at most this many lines at each edge
_RUNNING_SHARE = 0.25  # of the pages: a line repeated this often at an edge runs on every page


def _furniture_edges(lines: Sequence[Sequence[Line]]) -> list[tuple[int, int]]:
    """How many lines at the top and at the bottom of each page are its running header and footer
    ("Table of Contents", "2023 Annual Report 65"): a text that stands at a page's edge on many pages,
    its figures (page numbers) aside."""
    counts: Counter[str] = Counter()
    for page_lines_ in lines:
        counts.update({_running_key(line) for line in _edge_lines(page_lines_)})
    running = {key for key, count in counts.items() if count >= max(3, _RUNNING_SHARE * len(lines))}
    edges = []
    for page_lines_ in lines:
        at_edge = {id(line) for line in _edge_lines(page_lines_) if _running_key(line) in running}
        top = next((i for i, line in enumerate(page_lines_) if id(line) not in at_edge), len(page_lines_))
        rest = page_lines_[top:]
        bottom = next((i for i, line in enumerate(reversed(rest)) if id(line) not in at_edge), len(rest))
        edges.append((top, bottom))
    return edges


def _edge_lines(lines: Sequence[Line]) -> list[Line]:
    """The first and last lines of a page. (Where: a filing printed from HTML ends each of its pages
    where the filer's page ends, not at the foot of the sheet.)"""
    top = list(lines[:_EDGE_LINES])
    return top + [line for line in lines[-_EDGE_LINES:] if all(line is not other for other in top)]


def _running_key(line: Line) -> str:
    return re.sub(r"\d+", "#", line.text.lower()).strip()


def _cell_boxes(index: int, parsed: ParsedTable, table: PdfTable) -> dict[tuple[int, int], Box]:
    boxes: dict[tuple[int, int], Box] = {}
    for c, cell in enumerate(parsed.cells):
        parts = [box for element in cell.elements for box in table.boxes.get(element, [])]
        if parts:
            boxes[(index, c)] = (
                min(b[0] for b in parts),
                min(b[1] for b in parts),
                max(b[2] for b in parts),
                max(b[3] for b in parts),
            )
    return boxes


def _paragraphs(lines: Sequence[Line], right: float) -> list[str]:
    """Lines joined into paragraphs: a line that runs to the right margin wraps into the next one."""
    blocks: list[list[str]] = []
    previous: Line | None = None
    for line in lines:
        wraps = (
            previous is not None
            and previous.x1 >= right - 4 * previous.height
            and line.top - previous.bottom <= 0.8 * line.height
            and abs(line.height - previous.height) < 1
        )
        if wraps and blocks:
            blocks[-1].append(line.text)
        else:
            blocks.append([line.text])
        previous = line
    return [" ".join(parts) for parts in blocks]


def _ranges(numbers: Sequence[int]) -> str:
    spans: list[list[int]] = []
    for number in numbers:
        if spans and number == spans[-1][1] + 1:
            spans[-1][1] = number
        else:
            spans.append([number, number])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)
