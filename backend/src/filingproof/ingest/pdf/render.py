"""A PDF's pages as images (PDFium), at the width the HTML pages use, with each cell's box scaled onto them.

The cell boxes were measured in page points when the PDF was parsed; one scale per page (image width over
page width) puts them on the image, so the viewer outlines exactly the glyphs of the cell.

PNG encoding, not drawing, was most of the render time: Pillow filters every row five ways to pick the
best (its `compress_level` only sets zlib's effort). A filing page is flat colour and antialiased text, which
deflate packs well unfiltered: written here with no filter at zlib level 1, a page encodes in a third of
Pillow's time and the file comes out smaller (every third page of MGM's FY2020 10-K PDF: 1.4 s and 8.9 MB
against 4.3 s and 9.6 MB). The images stay lossless, and the API serves them as PNG.
"""

import asyncio
import struct
import zlib
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pypdfium2 as pdfium
from PIL import ImageChops
from PIL.Image import Image

from filingproof.ingest.pdf.document import PdfDocument
from filingproof.ingest.pdf.glyphs import open_pdf
from filingproof.ingest.render import Box, RenderedPage, Rendering, TextLine

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_LEVEL = 1
_GREY, _RGB = 0, 2  # PNG colour types
_AHEAD = 8  # pages drawn and not yet written, at most (a drawn page is a few megabytes)


async def render_pdf(document: PdfDocument, out_dir: Path, width: int) -> Rendering:
    """Render every page to `out_dir/<page>.png`, `width` pixels wide, off the event loop."""
    return await asyncio.to_thread(render_pages, document, out_dir, width)


def render_pages(document: PdfDocument, out_dir: Path, width: int) -> Rendering:
    out_dir.mkdir(parents=True, exist_ok=True)
    handle = open_pdf(document.pdf)
    pages: list[RenderedPage] = []
    scales: list[float] = []
    try:
        # PDFium draws on this thread (it is not thread-safe); PNG encoding runs beside it.
        with png_writer() as write:
            for index in range(len(handle)):
                page_width = document.page_sizes[index][0]
                scale = width / page_width if page_width > 0 else 1.0
                image = _draw(handle, index, scale)
                path = out_dir / f"{index + 1}.png"
                write(image, path)
                pages.append(RenderedPage(index + 1, path, image.width, image.height))
                scales.append(scale)
    finally:
        handle.close()
    return Rendering(pages, _scaled_boxes(document, scales), _scaled_lines(document, scales))


def _draw(handle: pdfium.PdfDocument, index: int, scale: float) -> Image:
    page = handle[index]
    try:
        bitmap = page.render(scale=scale, rev_byteorder=True)
        image: Image = bitmap.to_pil()
        return image
    finally:
        page.close()


@contextmanager
def png_writer(threads: int = 2) -> Iterator[Callable[[Image, Path], None]]:
    """`write(image, path)` encodes and writes on `threads` threads (zlib releases the GIL) while the caller
    draws the next page; every page is written when the block ends. The drawing waits when it is `_AHEAD`
    pages ahead."""
    with ThreadPoolExecutor(max_workers=threads) as pool:
        pending: deque[Future[None]] = deque()

        def write(image: Image, path: Path) -> None:
            if len(pending) >= _AHEAD:
                pending.popleft().result()
            pending.append(pool.submit(save_png, image, path))

        yield write
        while pending:
            pending.popleft().result()


def save_png(image: Image, path: Path) -> None:
    """Lossless PNG; a page drawn in greys only as one channel, a third of the bytes to compress."""
    if image.mode != "L" and _is_grey(image):
        image = image.getchannel(0)
    path.write_bytes(encode_png(image))


def encode_png(image: Image) -> bytes:
    """An 8-bit greyscale ("L") or RGB image as PNG, every row unfiltered (filter type 0)."""
    if image.mode not in ("L", "RGB"):
        image = image.convert("RGB")
    width, height = image.size
    colour, channels = (_GREY, 1) if image.mode == "L" else (_RGB, 3)
    pixels = image.tobytes()
    stride = width * channels
    rows = b"".join(b"\x00" + pixels[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return b"".join(
        (
            _PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(rows, _ZLIB_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _is_grey(image: Image) -> bool:
    red, green, blue = image.split()[:3]
    return (
        ImageChops.difference(red, green).getbbox() is None
        and ImageChops.difference(red, blue).getbbox() is None
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _scaled_lines(document: PdfDocument, scales: list[float]) -> dict[int, list[TextLine]]:
    """Each page's text lines, their boxes put on its image (page numbers from 1)."""
    return {
        number: [_scaled_line(line, scale) for line in page]
        for number, (page, scale) in enumerate(zip(document.text_lines, scales, strict=False), start=1)
    }


def _scaled_line(line: TextLine, scale: float) -> TextLine:
    box = _scaled(line[1:], scale)
    return (line[0], box.x0, box.y0, box.x1, box.y1)


def _scaled(points: Sequence[float], scale: float) -> Box:
    x0, top, x1, bottom = points
    return Box(round(x0 * scale, 2), round(top * scale, 2), round(x1 * scale, 2), round(bottom * scale, 2))


def _scaled_boxes(document: PdfDocument, scales: list[float]) -> dict[tuple[int, int], Box]:
    boxes: dict[tuple[int, int], Box] = {}
    for (t, c), (x0, top, x1, bottom) in document.cell_boxes.items():
        boxes[(t, c)] = _scaled((x0, top, x1, bottom), scales[document.layout.tables[t].page - 1])
    return boxes
