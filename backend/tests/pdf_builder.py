"""Small PDFs written with PDFium for the PDF parser's tests: text placed where a test says, an image-only
page (a scan), and a password-protected file (PDFium cannot encrypt: that one is written by hand).

Text is Helvetica; `Text.right` aligns a run's right edge, as statements print their figures, and
`Text.centred` its middle, as headers are.
"""

import ctypes
import io
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image

PAGE_WIDTH, PAGE_HEIGHT = 612.0, 792.0


@dataclass(frozen=True, slots=True)
class Text:
    x: float  # the left edge, or the right edge when `right`, or the middle when `centred`
    top: float  # from the top of the page
    text: str
    size: float = 9.0
    right: bool = False
    centred: bool = False


def pdf_with_pages(pages: list[list[Text]]) -> bytes:
    document = pdfium.PdfDocument.new()
    for texts in pages:
        page = document.new_page(PAGE_WIDTH, PAGE_HEIGHT)
        for text in texts:
            _place(document, page, text)
        pdfium_c.FPDFPage_GenerateContent(page.raw)
    return _saved(document)


def _place(document: pdfium.PdfDocument, page: pdfium.PdfPage, text: Text) -> None:
    obj = pdfium_c.FPDFPageObj_NewTextObj(document.raw, b"Helvetica", ctypes.c_float(text.size))
    encoded = (text.text + "\x00").encode("utf-16-le")
    buffer = ctypes.create_string_buffer(encoded, len(encoded))
    pdfium_c.FPDFText_SetText(obj, ctypes.cast(buffer, ctypes.POINTER(pdfium_c.FPDF_WCHAR)))
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    pdfium_c.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    width = right.value - left.value
    x = text.x - width if text.right else text.x - width / 2 if text.centred else text.x
    baseline = PAGE_HEIGHT - text.top - text.size  # the run's top at `top`, roughly
    pdfium_c.FPDFPageObj_Transform(obj, 1, 0, 0, 1, x, baseline)
    pdfium_c.FPDFPage_InsertObject(page.raw, obj)


def image_only_pdf() -> bytes:
    """One page that is a picture of text and nothing else, as a scanner makes it."""
    document = pdfium.PdfDocument.new()
    page = document.new_page(PAGE_WIDTH, PAGE_HEIGHT)
    picture = Image.new("RGB", (200, 100), (255, 255, 255))
    for x in range(20, 180):
        picture.putpixel((x, 50), (0, 0, 0))
    image = pdfium.PdfImage.new(document)
    image.set_bitmap(pdfium.PdfBitmap.from_pil(picture))
    image.set_matrix(pdfium.PdfMatrix().scale(PAGE_WIDTH, PAGE_HEIGHT))
    page.insert_obj(image)
    page.gen_content()
    return _saved(document)


def _saved(document: pdfium.PdfDocument) -> bytes:
    out = io.BytesIO()
    document.save(out)
    document.close()
    return out.getvalue()


def encrypted_pdf() -> bytes:
    """A one-page PDF under the standard security handler whose user password is not empty (its /U entry
    matches no key derived from ""), so no reader opens it without the password."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        b"<< /Filter /Standard /V 1 /R 2 /P -44 /O <" + b"11" * 32 + b"> /U <" + b"22" * 32 + b"> >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Encrypt 4 0 R /ID [<" % (len(objects) + 1)
    out += b"00" * 16 + b"> <" + b"00" * 16 + b">] >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)
