"""The one place the ingest pipeline tells a PDF from an HTML filing: by its bytes (`%PDF-`), or a `.pdf`
name on bytes that are not one (which then fails with a clear error rather than as broken HTML)."""

from pathlib import Path

from playwright.async_api import Browser

from filingproof.config import Settings
from filingproof.ingest.metadata import CompleteMetadata, FilingMetadata, resolve_metadata
from filingproof.ingest.parse.document import ParsedDocument, parse_filing
from filingproof.ingest.parse.xhtml import text_of
from filingproof.ingest.pdf.cover import PdfCover, read_text_cover
from filingproof.ingest.pdf.document import PdfDocument, parse_pdf
from filingproof.ingest.pdf.glyphs import is_pdf
from filingproof.ingest.pdf.metadata import pdf_metadata, printed_metadata
from filingproof.ingest.pdf.render import render_pdf
from filingproof.ingest.registrants import KnownRegistrants
from filingproof.ingest.render import Rendering, render_document

_COVER_PAGES = 3  # the cover is the first page, but a filing may open with a title page or an index


def is_pdf_source(raw: bytes, name: str) -> bool:
    return is_pdf(raw) or name.lower().endswith(".pdf")


async def parse_source(
    raw: bytes, name: str, given: FilingMetadata | None, settings: Settings, known: KnownRegistrants
) -> tuple[ParsedDocument, CompleteMetadata]:
    """Parse a filing document, HTML or PDF, and settle what it is (a company named only in print: by
    EDGAR's lists, or the `known` registrant with the numbers its cover prints)."""
    if is_pdf_source(raw, name):
        document = parse_pdf(raw, given)
        return document, await pdf_metadata(document, given, settings, known)
    parsed = parse_filing(raw)
    if _printed_cover_only(parsed, given):
        # An HTML filing from before inline XBRL: its printed cover, as a PDF's, and EDGAR's company list.
        return parsed, await printed_metadata(html_cover(parsed), parsed.period, given, settings, known)
    return parsed, resolve_metadata(parsed, given)


def _printed_cover_only(document: ParsedDocument, given: FilingMetadata | None) -> bool:
    """No `dei:` company, but a printed cover that says the form and period (or the caller does)."""
    if document.cover.get("EntityCentralIndexKey") or (given is not None and given.cik is not None):
        return False
    period = document.period
    form = period.form or (given.form if given else None)
    period_end = document.cover.document_period_end or (given.period_end if given else None)
    return bool(form) and period_end is not None


def html_cover(document: ParsedDocument) -> PdfCover:
    """The printed cover of an HTML filing: its first pages' prose, and the text of the tables among it."""
    blocks = [block for page in document.layout.pages[:_COVER_PAGES] for block in page.blocks]
    prose = [block for block in blocks if not block.startswith("[table ")]
    return read_text_cover(
        prose, [_table_text(document, b) if b.startswith("[table ") else b for b in blocks]
    )


def _table_text(document: ParsedDocument, marker: str) -> str:
    """The text of the table a "[table N]" block stands for."""
    return text_of(document.layout.tables[int(marker.strip("[]").split()[1])].element)


async def render_source(
    browser: Browser, document: ParsedDocument, out_dir: Path, width: int, stall_s: float
) -> Rendering:
    """Page images and cell boxes: PDFium draws a PDF's own pages, Chromium lays out an HTML filing."""
    if isinstance(document, PdfDocument):
        return await render_pdf(document, out_dir, width)
    return await render_document(browser, document, out_dir, width, stall_s)
