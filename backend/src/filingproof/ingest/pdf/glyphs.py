"""A PDF's pages as PDFium reads them: every drawn character with its box, in top-left page points.

PDFium (pypdfium2) reads a 150-page 10-K's characters in about two seconds; pdfminer, under pdfplumber,
takes some forty on this machine, over the ingest's time budget. Boxes are the characters' loose boxes
(advance width × font ascent/descent): neighbouring glyphs of a word touch, and every glyph of a line shares
its height, which is what word and column reconstruction measures.
"""

import ctypes
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from filingproof.ingest.pdf.errors import EncryptedPdfError, NotAPdfError, TruncatedPdfError

PDF_MAGIC = b"%PDF-"
_EOF_MARKER = b"%%EOF"
_TAIL = 2048  # the end-of-file marker sits in the last bytes (a little slack for trailing junk)


@dataclass(frozen=True, slots=True)
class Glyph:
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float  # the loose box's lower edge: shared by the glyphs of one font on one line
    color: int = 0  # fill colour as 0xRRGGBB, read only when asked for (the fidelity bench marks facts)

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(slots=True)
class PdfPage:
    number: int  # 1-based
    width: float  # points, as displayed (after the page's rotation)
    height: float
    glyphs: list[Glyph]
    images: int  # image objects drawn on the page


def is_pdf(raw: bytes) -> bool:
    """A PDF starts with `%PDF-` (the standard allows up to 1 KB of junk before it)."""
    return PDF_MAGIC in raw[:1024]


def open_pdf(raw: bytes) -> pdfium.PdfDocument:
    """Open the bytes with PDFium, or say clearly why they cannot be ingested."""
    if not is_pdf(raw):
        raise NotAPdfError("the file is not a PDF (it does not start with %PDF-)")
    try:
        document = pdfium.PdfDocument(raw)
    except pdfium.PdfiumError as error:
        code = getattr(error, "err_code", None)
        if code in (pdfium_c.FPDF_ERR_PASSWORD, pdfium_c.FPDF_ERR_SECURITY):
            raise EncryptedPdfError(
                "the PDF is encrypted and needs a password: save an unprotected copy and ingest that"
            ) from error
        if _EOF_MARKER not in raw[-_TAIL:]:
            raise TruncatedPdfError(_TRUNCATED) from error
        raise NotAPdfError(f"PDFium cannot read the PDF ({error}): the file is damaged") from error
    # PDFium repairs a cut file by scanning it, silently losing what was cut: refuse it instead.
    if _EOF_MARKER not in raw[-_TAIL:]:
        document.close()
        raise TruncatedPdfError(_TRUNCATED)
    return document


_TRUNCATED = "the PDF is truncated (no %%EOF at its end): download or copy it again"


def read_pages(document: pdfium.PdfDocument, *, with_color: bool = False) -> list[PdfPage]:
    return [read_page(document, index, with_color=with_color) for index in range(len(document))]


def read_page(document: pdfium.PdfDocument, index: int, *, with_color: bool = False) -> PdfPage:
    page = document[index]
    try:
        left, bottom, right, top = page.get_cropbox()
        rotation = page.get_rotation() % 360
        text_page = page.get_textpage()
        try:
            glyphs = _glyphs(text_page, _Frame(left, bottom, right, top, rotation), with_color)
        finally:
            text_page.close()
        images = 0 if glyphs else _images(page)
        width, height = right - left, top - bottom
        if rotation in (90, 270):
            width, height = height, width
        return PdfPage(index + 1, width, height, glyphs, images)
    finally:
        page.close()


def _images(page: pdfium.PdfPage) -> int:
    """Image objects drawn on the page (counted only where it has no text: a scan)."""
    return sum(
        1
        for i in range(pdfium_c.FPDFPage_CountObjects(page.raw))
        if pdfium_c.FPDFPageObj_GetType(pdfium_c.FPDFPage_GetObject(page.raw, i))
        == pdfium_c.FPDF_PAGEOBJ_IMAGE
    )


@dataclass(frozen=True, slots=True)
class _Frame:
    """The crop box and rotation that map PDF user space to the displayed page (top-left origin)."""

    left: float
    bottom: float
    right: float
    top: float
    rotation: int

    def point(self, x: float, y: float) -> tuple[float, float]:
        u, v = x - self.left, self.top - y  # unrotated, top-left origin
        width, height = self.right - self.left, self.top - self.bottom
        if self.rotation == 90:
            return height - v, u
        if self.rotation == 180:
            return width - u, height - v
        if self.rotation == 270:
            return v, width - u
        return u, v


def _glyphs(text_page: pdfium.PdfTextPage, frame: _Frame, with_color: bool) -> list[Glyph]:
    count = text_page.count_chars()
    if count <= 0:
        return []
    buffer = ctypes.create_string_buffer((count + 1) * 2)
    written = pdfium_c.FPDFText_GetText(
        text_page.raw, 0, count, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort))
    )
    text = buffer.raw[: max(written - 1, 0) * 2].decode("utf-16-le", errors="replace")
    rect = pdfium_c.FS_RECTF()
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    loose_box = pdfium_c.FPDFText_GetLooseCharBox
    glyphs: list[Glyph] = []
    raw_page = text_page.raw
    upright = frame.rotation == 0
    left_edge, top_edge = frame.left, frame.top
    for index, char in enumerate(text[:count]):
        if char.isspace():
            continue  # spaces are read back from the gaps between glyphs
        if char == "\ufffe":
            char = "-"  # PDFium's mark for a hyphen that breaks a word at the end of a line
        elif not char.isprintable():
            continue  # control characters some producers leave in the text (invalid in XML, too)
        if not loose_box(raw_page, index, rect):
            continue
        color = 0
        if with_color and pdfium_c.FPDFText_GetFillColor(raw_page, index, red, green, blue, alpha):
            color = (red.value << 16) | (green.value << 8) | blue.value
        if upright:  # the common case, without the general transform
            glyphs.append(
                Glyph(
                    char,
                    rect.left - left_edge,
                    rect.right - left_edge,
                    top_edge - rect.top,
                    top_edge - rect.bottom,
                    top_edge - rect.bottom,
                    color,
                )
            )
            continue
        x0, y0 = frame.point(rect.left, rect.top)
        x1, y1 = frame.point(rect.right, rect.bottom)
        glyphs.append(Glyph(char, min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1), max(y0, y1), color))
    return glyphs
