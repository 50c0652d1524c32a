"""A PDF filing parsed into the same model as an HTML one (`parse.document.ParsedDocument`).

Pages are the PDF's own pages. Each page's lines outside tables are its prose (one block per paragraph);
each table is rebuilt (`pdf.tables`) and read by the HTML table parser, so values, scales, periods and row
paths follow the same rules as for HTML. Every parsed cell keeps its box on its page, in points.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from lxml import etree

from filingproof.calendar import fiscal_year_of
from filingproof.ingest.metadata import FilingMetadata
from filingproof.ingest.parse.document import ParsedDocument
from filingproof.ingest.parse.layout import DocumentLayout, PageLayout, TableLayout
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.tables import ParsedTable, find_scale, parse_table
from filingproof.ingest.parse.xbrl import CoverData
from filingproof.ingest.pdf.cover import PdfCover, read_cover
from filingproof.ingest.pdf.errors import MissingMetadataError, ScannedPdfError
from filingproof.ingest.pdf.glyphs import PdfPage, open_pdf, read_pages
from filingproof.ingest.pdf.lines import Line, page_lines
from filingproof.ingest.pdf.tables import Box, PdfTable, find_tables, is_period_line, page_margins

_CONTEXT_CHARS = 1500  # as the HTML layout keeps before a table
_INHERIT_SCALE_GAP = 3000


@dataclass(slots=True)
class PdfDocument(ParsedDocument):
    """A parsed PDF: the HTML model, plus the page sizes and cell boxes (points) that rendering scales."""

    pdf: bytes = b""
    page_sizes: list[tuple[float, float]] = field(default_factory=list)
    cell_boxes: dict[tuple[int, int], Box] = field(default_factory=dict)
    pdf_cover: PdfCover | None = None


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
    period = _document_period(cover, given)
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


def _document_period(cover: PdfCover, given: FilingMetadata | None) -> DocumentPeriod:
    form = (given.form if given and given.form else None) or cover.form
    period_end = (given.period_end if given and given.period_end else None) or cover.period_end
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
    fiscal_year = given.fiscal_year if given and given.fiscal_year else fiscal_year_of(period_end)
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
        self.prose_since_table = 0
        self.scale: tuple[int, str | None] = (0, None)

    def add_prose(self, block: str) -> None:
        self.recent.append(block)
        del self.recent[:-12]
        self.prose_since_table += len(block)

    def after_table(self, table: PdfTable, parsed: ParsedTable | None) -> None:
        self.prose_since_table = 0
        if len(table.text) < 300:
            self.add_prose(table.text)
            self.prose_since_table = 0
        else:
            self.recent.clear()
        if parsed is not None and parsed.cells:
            self.scale = (parsed.scale, parsed.scale_text)

    def title(self) -> str | None:
        return next((block for block in reversed(self.recent) if _is_caption(block)), None)


def _is_caption(block: str) -> bool:
    """A block that can name a table (as the HTML layout picks them), but not one that only states its
    period or scale: "Years ended December 31", "(In millions, except per share data)"."""
    if not 3 <= len(block) <= 160 or is_period_line(block):
        return False
    return not (block.startswith("(") and block.endswith(")") and find_scale(block)[1] is not None)


def _read_pages(
    pages: Sequence[PdfPage], lines: Sequence[Sequence[Line]], period: DocumentPeriod
) -> tuple[DocumentLayout, list[ParsedTable | None], dict[tuple[int, int], Box]]:
    layouts: list[PageLayout] = []
    table_layouts: list[TableLayout] = []
    parsed_tables: list[ParsedTable | None] = []
    boxes: dict[tuple[int, int], Box] = {}
    context = _Context()
    for page, page_lines_ in zip(pages, lines, strict=True):
        layout = PageLayout(page.number)
        layouts.append(layout)
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
            index = len(table_layouts)
            context_before = " ".join(context.recent)[-_CONTEXT_CHARS:]
            title = context.title()
            gap = context.prose_since_table
            table_layouts.append(TableLayout(table.element, page.number, context_before, title, gap))
            inherited = context.scale if gap < _INHERIT_SCALE_GAP else (0, None)
            parsed = parse_table(table.element, period, context_before, title, inherited)
            parsed_tables.append(parsed)
            if parsed is not None:
                boxes.update(_cell_boxes(index, parsed, table))
            layout.tables.append(index)
            layout.blocks.append(f"[table {index}]")
            context.after_table(table, parsed)
            cursor = table.last_line + 1
    return DocumentLayout(layouts, table_layouts, []), parsed_tables, boxes


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
