"""A PDF's pages as images (PDFium), at the width the HTML pages use, with each cell's box scaled onto them.

The cell boxes were measured in page points when the PDF was parsed; one scale per page (image width over
page width) puts them on the image, so the viewer outlines exactly the glyphs of the cell.
"""

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pypdfium2 as pdfium
from PIL import ImageChops
from PIL.Image import Image

from filingproof.ingest.pdf.document import PdfDocument
from filingproof.ingest.pdf.glyphs import open_pdf
from filingproof.ingest.render import Box, RenderedPage, Rendering

_PNG_LEVEL = 1  # lossless; the fastest zlib level (PNG encoding, not drawing, is most of the time)


async def render_pdf(document: PdfDocument, out_dir: Path, width: int) -> Rendering:
    """Render every page to `out_dir/<page>.png`, `width` pixels wide, off the event loop."""
    return await asyncio.to_thread(render_pages, document, out_dir, width)


def render_pages(document: PdfDocument, out_dir: Path, width: int) -> Rendering:
    out_dir.mkdir(parents=True, exist_ok=True)
    handle = open_pdf(document.pdf)
    pages: list[RenderedPage] = []
    scales: list[float] = []
    try:
        # PDFium draws on this thread (it is not thread-safe); PNG encoding, which releases the GIL,
        # runs beside it.
        with ThreadPoolExecutor(max_workers=2) as encoders:
            saving = []
            for index in range(len(handle)):
                page_width = document.page_sizes[index][0]
                scale = width / page_width if page_width > 0 else 1.0
                image = _draw(handle, index, scale)
                path = out_dir / f"{index + 1}.png"
                saving.append(encoders.submit(_save_png, image, path))
                pages.append(RenderedPage(index + 1, path, image.width, image.height))
                scales.append(scale)
            for future in saving:
                future.result()
    finally:
        handle.close()
    return Rendering(pages, _scaled_boxes(document, scales))


def _draw(handle: pdfium.PdfDocument, index: int, scale: float) -> Image:
    page = handle[index]
    try:
        bitmap = page.render(scale=scale, rev_byteorder=True)
        image: Image = bitmap.to_pil()
        return image
    finally:
        page.close()


def _save_png(image: Image, path: Path) -> None:
    """Lossless PNG; a page drawn in greys only (most pages of a filing) as one channel, a third of the
    bytes to compress."""
    red, green, blue = image.split()[:3]
    if (
        ImageChops.difference(red, green).getbbox() is None
        and ImageChops.difference(red, blue).getbbox() is None
    ):
        image = red
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=_PNG_LEVEL)
    path.write_bytes(buffer.getvalue())


def _scaled_boxes(document: PdfDocument, scales: list[float]) -> dict[tuple[int, int], Box]:
    boxes: dict[tuple[int, int], Box] = {}
    for (t, c), (x0, top, x1, bottom) in document.cell_boxes.items():
        scale = scales[document.layout.tables[t].page - 1]
        boxes[(t, c)] = Box(
            round(x0 * scale, 2), round(top * scale, 2), round(x1 * scale, 2), round(bottom * scale, 2)
        )
    return boxes
