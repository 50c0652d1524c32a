"""Fidelity of the PDF path without hand labels: iXBRL filings printed to PDF, checked against their tags.

An inline-XBRL filing is printed to PDF by Chromium with the text of each fact inside a table drawn in a
colour of its own (every other text black; colour changes no layout). The PDF is parsed like any other
(the parser never looks at colours); then each fact is found where its colour was drawn, and the PDF cell
parsed at that spot must carry the fact's value and period (`ingest.fidelity.compare`, the same test the
HTML parser passes).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree
from playwright.async_api import Browser

from filingproof.ingest.fidelity import Fidelity, compare
from filingproof.ingest.parse.document import ParsedDocument, facts_in_tables
from filingproof.ingest.parse.numbers import normalize_space
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.xhtml import XHTML
from filingproof.ingest.pdf.document import PdfDocument
from filingproof.ingest.pdf.glyphs import open_pdf, read_pages
from filingproof.ingest.pdf.tables import Box
from filingproof.ingest.render import open_document

# Letter paper, the filer's page breaks kept; at 70 % a filing's page fits the sheet's width.
PRINT_OPTIONS = {
    "format": "Letter",
    "scale": 0.7,
    "margin": {"top": "0.3in", "bottom": "0.3in", "left": "0.3in", "right": "0.3in"},
}
_BLACK_TEXT = "* { color: #000 !important; }"


@dataclass(frozen=True, slots=True)
class DrawnFact:
    page: int
    box: Box


@dataclass(slots=True)
class ColouredFiling:
    body: bytes
    # A fact nested in another's element (the same figure tagged for two periods) is drawn in the inner
    # fact's colour: outer fact index → inner fact index.
    nested: dict[int, int]


def colour_facts(document: ParsedDocument) -> ColouredFiling:
    """The document with each in-table fact's text in colour `fact index + 1` (0xRRGGBB; black is none)."""
    namespace = f"{{{XHTML}}}" if document.is_xhtml else ""
    indexes = facts_in_tables(document)
    by_element = {document.facts[index].element: index for index in indexes}
    nested: dict[int, int] = {}
    for index in indexes:
        element = document.facts[index].element
        inner = next((by_element[e] for e in element.iterdescendants() if e in by_element), None)
        if inner is not None:
            nested[index] = inner
            continue
        # `ix:` elements take no style: an XHTML span inside the fact carries the colour.
        colour = f"color: #{index + 1:06x} !important"
        span = etree.Element(f"{namespace}span", style=colour)
        span.text, element.text = element.text, None
        for child in list(element):
            span.append(child)
        element.append(span)
        for part in span.iterdescendants():
            if isinstance(part.tag, str):
                part.set("style", f"{part.get('style') or ''};{colour}")
    method = "xml" if document.is_xhtml else "html"
    return ColouredFiling(etree.tostring(document.root, encoding="utf-8", method=method), nested)


async def print_pdf(browser: Browser, body: bytes, is_xhtml: bool) -> bytes:
    """The document printed by Chromium, all text black but what carries its own colour inline."""
    page = await browser.new_page()
    try:
        await open_document(page, body, is_xhtml)
        await page.add_style_tag(content=_BLACK_TEXT)
        return await page.pdf(**PRINT_OPTIONS)  # type: ignore[arg-type]
    finally:
        await page.close()


def drawn_facts(pdf: bytes, nested: dict[int, int]) -> dict[int, DrawnFact]:
    """Where each coloured fact was drawn: the page with most of its glyphs, and their box there."""
    handle = open_pdf(pdf)
    try:
        pages = read_pages(handle, with_color=True)
    finally:
        handle.close()
    glyphs: dict[int, dict[int, list[Box]]] = {}
    for page in pages:
        for glyph in page.glyphs:
            if glyph.color:
                boxes = glyphs.setdefault(glyph.color - 1, {}).setdefault(page.number, [])
                boxes.append((glyph.x0, glyph.top, glyph.x1, glyph.bottom))
    drawn: dict[int, DrawnFact] = {}
    for fact, by_page in glyphs.items():
        number, boxes = max(by_page.items(), key=lambda item: len(item[1]))
        drawn[fact] = DrawnFact(number, _union(boxes))
    for outer, inner in nested.items():
        while inner in nested:
            inner = nested[inner]
        if inner in drawn:
            drawn[outer] = drawn[inner]
    return drawn


def _union(boxes: Sequence[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def measure_printed(
    source: str,
    html: ParsedDocument,
    pdf: PdfDocument,
    drawn: dict[int, DrawnFact],
    result: Fidelity | None = None,
) -> Fidelity:
    """Compare every in-table fact of the HTML filing with the PDF cell parsed where the fact was drawn."""
    result = result if result is not None else Fidelity()
    cells_by_page = _cells_by_page(pdf)
    for index in facts_in_tables(html):
        fact = html.facts[index]
        where = drawn.get(index)
        if where is None:
            compare(result, source, fact, None, "the fact is not drawn in the printed PDF")
            continue
        cell = _cell_at(cells_by_page.get(where.page, []), where.box, fact.text)
        compare(result, source, fact, cell, f"no PDF cell where the fact is drawn (page {where.page})")
    return result


def _cells_by_page(pdf: PdfDocument) -> dict[int, list[tuple[Box, NumericCell]]]:
    cells: dict[int, list[tuple[Box, NumericCell]]] = {}
    for (t, c), box in pdf.cell_boxes.items():
        table = pdf.tables[t]
        if table is not None:
            cells.setdefault(pdf.layout.tables[t].page, []).append((box, table.cells[c]))
    return cells


def _cell_at(cells: Sequence[tuple[Box, NumericCell]], box: Box, text: str) -> NumericCell | None:
    """The cell whose box holds the middle of the fact's; among figures written in one text (which share
    its box), the one showing the fact's digits."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    found = [
        cell
        for cell_box, cell in cells
        if cell_box[0] <= x <= cell_box[2] and cell_box[1] <= y <= cell_box[3]
    ]
    if len(found) > 1:
        digits = _digits(text)
        found = [cell for cell in found if _digits(cell.text) == digits] or found
    return found[0] if found else None


def _digits(text: str) -> str:
    return "".join(ch for ch in normalize_space(text) if ch.isdigit())
