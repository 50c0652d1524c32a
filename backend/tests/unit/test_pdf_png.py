"""PDF page images: the PNG encoder writes the pixels PDFium drew exactly (one channel for a page drawn in
greys only), and `render_pages` writes every page of a real FinanceBench 10-K PDF at the asked width."""

import io
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops

from filingproof.agent.passages import sentence_boxes
from filingproof.ingest.pdf.document import parse_pdf
from filingproof.ingest.pdf.render import encode_png, png_writer, render_pages

NETFLIX = "financebench/pdfs/NETFLIX_2017_10K.pdf"
WIDTH = 1000


@pytest.fixture(scope="module")
def netflix(shared_dir: Path) -> Iterator[pdfium.PdfDocument]:
    document = pdfium.PdfDocument((shared_dir / NETFLIX).read_bytes())
    yield document
    document.close()


def _drawn(document: pdfium.PdfDocument, number: int) -> Image.Image:
    page = document[number - 1]
    image: Image.Image = page.render(scale=WIDTH / page.get_width(), rev_byteorder=True).to_pil()
    return image


def _same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def test_the_png_holds_the_drawn_pixels_exactly(netflix: pdfium.PdfDocument) -> None:
    drawn = _drawn(netflix, 41)  # a statement page: text, rules and figures
    assert drawn.mode == "RGB"
    decoded = Image.open(io.BytesIO(encode_png(drawn)))
    assert decoded.mode == "RGB"
    assert _same_pixels(decoded, drawn)
    grey = drawn.convert("L")
    decoded_grey = Image.open(io.BytesIO(encode_png(grey)))
    assert decoded_grey.mode == "L"
    assert _same_pixels(decoded_grey, grey)


def test_pages_drawn_in_greys_are_written_as_one_channel(netflix: pdfium.PdfDocument, tmp_path: Path) -> None:
    """Every page is written, each one exactly: as one channel when drawn in greys only (the cover), as
    three when anything is coloured (the body text is not pure black)."""
    drawn = {number: _drawn(netflix, number) for number in (1, 7, 41)}
    with png_writer() as write:
        for number, image in drawn.items():
            write(image, tmp_path / f"{number}.png")
    modes = {}
    for number, image in drawn.items():
        greys_only = _same_pixels(image.convert("L"), image)
        with Image.open(tmp_path / f"{number}.png") as written:
            modes[number] = written.mode
            assert written.mode == ("L" if greys_only else "RGB")
            assert _same_pixels(written, image)
    assert set(modes.values()) == {"L", "RGB"}


def test_every_page_is_rendered_at_the_width_with_its_cells_on_it(
    netflix: pdfium.PdfDocument, shared_dir: Path, tmp_path: Path
) -> None:
    document = parse_pdf((shared_dir / NETFLIX).read_bytes())
    rendering = render_pages(document, tmp_path, WIDTH)
    assert [page.number for page in rendering.pages] == list(range(1, len(netflix) + 1))
    for page in rendering.pages[::9]:
        assert page.image is not None
        with Image.open(page.image) as written:
            assert written.size == (page.width, page.height)
            assert abs(page.width - WIDTH) <= 1
            assert _same_pixels(written, _drawn(netflix, page.number))
    assert len(rendering.cell_boxes) == len(document.cell_boxes) > 500
    for (t, _), box in rendering.cell_boxes.items():
        image = rendering.pages[document.layout.tables[t].page - 1]
        assert 0 <= box.x0 < box.x1 <= image.width
        assert 0 <= box.y0 < box.y1 <= image.height


def test_a_pdf_pages_lines_outline_a_sentence_of_its_prose(shared_dir: Path, tmp_path: Path) -> None:
    """A quoted sentence of a PDF page is outlined as on an HTML page: by the lines it is drawn on."""
    document = parse_pdf((shared_dir / NETFLIX).read_bytes())
    rendering = render_pages(document, tmp_path, WIDTH)
    lines = rendering.page_lines[7]
    sentence = (
        "Additionally, pending and ongoing litigation as well as negotiations between certain CMOs and other "
        "third parties in various territories could adversely impact our negotiations with CMOs"
    )
    boxes = sentence_boxes(sentence, lines)
    assert len(boxes) >= 2  # the sentence runs over several lines
    image = rendering.pages[6]
    assert all(0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height for x0, y0, x1, y1 in boxes)
    assert [y0 for _, y0, _, _ in boxes] == sorted(y0 for _, y0, _, _ in boxes)
