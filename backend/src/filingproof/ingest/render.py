"""Render the filer's pages with Chromium: one image per page, every numeric cell's box on its image, and
each page's text lines with their boxes.

The document is laid out once at a fixed width; a filer page is the band between two of its page breaks.
Each band is captured as an image and cell boxes and text lines are measured in the same layout, so a box
outlines exactly the pixels of its cell (or line) on that image.
"""

import asyncio
import base64
import bisect
import logging
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from lxml import etree
from playwright.async_api import Browser, Page, Route, async_playwright
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from filingproof.ingest.errors import IngestError
from filingproof.ingest.parse.document import ParsedDocument

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

_MEASURE_JS = (Path(__file__).with_name("measure.js")).read_text()
_CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--font-render-hinting=none",
]
_MAX_VIEWPORT_HEIGHT = 8000
_CLOSE_S = 30.0
_DOCUMENT_URL = "http://filing.invalid/document"


@dataclass(frozen=True, slots=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(slots=True)
class RenderedPage:
    number: int
    image: Path | None  # None for an empty page (two breaks with nothing between)
    width: int
    height: int


# A line of text as drawn on its page's image: its words (single spaces) and its box, x0, y0, x1, y1.
TextLine = tuple[str, float, float, float, float]


@dataclass(slots=True)
class Rendering:
    pages: list[RenderedPage]
    cell_boxes: dict[tuple[int, int], Box]  # (table index, cell index) → box on its page's image
    # page number → its text lines in reading order (none for a rendering that measures none: PDF pages)
    page_lines: dict[int, list[TextLine]] = field(default_factory=dict)


class RenderError(IngestError):
    pass


class ChromiumStalledError(Exception):
    """Chromium did not answer one step of a rendering in time (`step` says which, as "while it …")."""

    def __init__(self, step: str) -> None:
        super().__init__(f"Chromium stopped answering while it {step}")
        self.step = step


async def within(step: str, seconds: float, awaitable: Awaitable[_T]) -> _T:
    """The step's result, or `ChromiumStalledError` after `seconds`.

    Raw DevTools calls never time out: headless Chromium has been seen to leave `Page.captureScreenshot`
    unanswered for ever, which had hung a whole ingest (and a CI run) on one page."""
    try:
        return await asyncio.wait_for(awaitable, seconds)
    except (TimeoutError, PlaywrightTimeoutError) as error:
        raise ChromiumStalledError(step) from error


def mark_document(document: ParsedDocument) -> tuple[bytes, dict[tuple[int, int], list[str]]]:
    """The document with markers the renderer finds page breaks and cell elements by (layout is unaffected).

    Returns the marked bytes and, per cell, the marks of its elements: one `<td>` may show several
    figures ("3.02% - 4.33%"), and one figure may span several (`$`, digits, `)`).
    """
    for index, page_break in enumerate(document.layout.breaks):
        page_break.element.set("data-fp-break-before" if page_break.before else "data-fp-break", str(index))
    marks: dict[etree._Element, str] = {}
    cell_marks: dict[tuple[int, int], list[str]] = {}
    for t, table in enumerate(document.tables):
        if table is None:
            continue
        for c, cell in enumerate(table.cells):
            for element in cell.elements:
                if element not in marks:
                    marks[element] = str(len(marks))
                    element.set("data-fp-el", marks[element])
                cell_marks.setdefault((t, c), []).append(marks[element])
    method = "xml" if document.is_xhtml else "html"
    return etree.tostring(document.root, encoding="utf-8", method=method), cell_marks


@asynccontextmanager
async def chromium(chromium_path: Path) -> AsyncIterator[Browser]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not chromium_path.exists():  # noqa: ASYNC240 (one stat before a browser start)
        raise RenderError(
            f"Chromium not found at {chromium_path}: install it (apt-get install -y chromium) "
            "or set CHROMIUM_PATH"
        )
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(chromium_path), args=_CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            # A wedged browser may not close either; leaving Playwright stops its driver, and the browser
            # with it.
            with suppress(ChromiumStalledError):
                await within("closed the browser", _CLOSE_S, browser.close())


async def open_document(page: Page, body: bytes, is_xhtml: bool) -> None:
    """Load a document's bytes into the page; nothing outside it is fetched (its images and links resolve
    nowhere)."""
    content_type = "application/xhtml+xml" if is_xhtml else "text/html"

    async def serve(route: Route) -> None:
        if route.request.url == _DOCUMENT_URL:
            await route.fulfill(status=200, body=body, headers={"content-type": content_type})
        else:
            await route.abort()

    await page.route("**/*", serve)
    await page.goto(_DOCUMENT_URL, wait_until="load")


async def render_document(
    browser: Browser, document: ParsedDocument, out_dir: Path, width: int, stall_s: float
) -> Rendering:
    """The document's pages and boxes. A step Chromium leaves unanswered for `stall_s` seconds is tried
    again once, with the whole rendering on a fresh page; a second stall, or Chromium failing, is a
    `RenderError` (the filing fails alone, nothing of it stored)."""
    body, cell_marks = mark_document(document)
    try:
        try:
            return await _render_once(browser, document, body, cell_marks, out_dir, width, stall_s)
        except ChromiumStalledError as stall:
            logger.warning("%s; rendering the filing again on a fresh page", stall)
            return await _render_once(browser, document, body, cell_marks, out_dir, width, stall_s)
    except ChromiumStalledError as stall:
        raise RenderError(f"{stall} (twice, {stall_s:g} s each); the filing was not stored") from stall
    except PlaywrightError as error:
        raise RenderError(f"Chromium failed while rendering: {error.message}") from error


async def _render_once(
    browser: Browser,
    document: ParsedDocument,
    body: bytes,
    cell_marks: dict[tuple[int, int], list[str]],
    out_dir: Path,
    width: int,
    stall_s: float,
) -> Rendering:
    page = await within("opened a page", stall_s, browser.new_page(viewport={"width": width, "height": 1200}))
    try:
        await within("loaded the document", stall_s, open_document(page, body, document.is_xhtml))
        measured = await within("laid the document out", stall_s, page.evaluate(_MEASURE_JS))
        return await _capture(page, document, measured, cell_marks, out_dir, width, stall_s)
    finally:
        with suppress(ChromiumStalledError, PlaywrightError):  # a stalled page may not close either
            await within("closed the page", stall_s, page.close())


async def _capture(
    page: Page,
    document: ParsedDocument,
    measured: dict[str, object],
    cell_marks: dict[tuple[int, int], list[str]],
    out_dir: Path,
    width: int,
    stall_s: float,
) -> Rendering:
    breaks: list[list[float]] = measured["breaks"]  # type: ignore[assignment]
    total_height = float(measured["height"])  # type: ignore[arg-type]
    bands: list[tuple[float, float]] = []
    top = 0.0
    for number in range(len(document.layout.pages)):
        bottom = breaks[number][1] if number < len(breaks) else total_height
        bands.append((top, bottom))
        top = breaks[number][3] if number < len(breaks) else total_height
    tallest = max((b - a for a, b in bands), default=1)
    viewport = {"width": width, "height": int(min(max(tallest, 100), _MAX_VIEWPORT_HEIGHT)) + 1}
    await within("sized the page", stall_s, page.set_viewport_size(viewport))  # type: ignore[arg-type]
    cdp = await within("opened DevTools", stall_s, page.context.new_cdp_session(page))
    await asyncio.to_thread(out_dir.mkdir, parents=True, exist_ok=True)
    pages: list[RenderedPage] = []
    for number, (top, bottom) in enumerate(bands, start=1):
        height = round(bottom - top)
        if height < 2:
            pages.append(RenderedPage(number, None, width, 0))
            continue
        # The band is scrolled into the viewport: capturing beyond it is four times slower.
        scroll = {"expression": f"window.scrollTo(0, {top})"}
        await within(f"scrolled to page {number}", stall_s, cdp.send("Runtime.evaluate", scroll))
        capture = {
            "format": "png",
            "clip": {"x": 0, "y": top, "width": width, "height": height, "scale": 1},
            "captureBeyondViewport": height > _MAX_VIEWPORT_HEIGHT,
            "optimizeForSpeed": True,  # lossless still; a faster zlib level, larger files
        }
        shot = await within(f"captured page {number}", stall_s, cdp.send("Page.captureScreenshot", capture))
        image = out_dir / f"{number}.png"
        await asyncio.to_thread(image.write_bytes, base64.b64decode(shot["data"]))
        pages.append(RenderedPage(number, image, width, height))
    boxes: dict[tuple[int, int], Box] = {}
    element_boxes: dict[str, list[float]] = measured["elements"]  # type: ignore[assignment]
    for (t, c), marks in cell_marks.items():
        rects = [element_boxes[mark] for mark in marks if mark in element_boxes]
        if not rects:
            continue  # hidden: nothing of the cell is drawn on the page
        band_top = bands[document.layout.tables[t].page - 1][0]
        x0, y0 = min(r[0] for r in rects), min(r[1] for r in rects)
        x1, y1 = max(r[2] for r in rects), max(r[3] for r in rects)
        boxes[(t, c)] = Box(round(x0, 2), round(y0 - band_top, 2), round(x1, 2), round(y1 - band_top, 2))
    return Rendering(pages, boxes, _page_lines(measured["lines"], bands))  # type: ignore[arg-type]


def _page_lines(lines: list[TextLine], bands: list[tuple[float, float]]) -> dict[int, list[TextLine]]:
    """Each drawn line on the page whose band holds its middle, its box relative to that band's top."""
    tops = [top for top, _ in bands]
    by_page: dict[int, list[TextLine]] = {}
    for text, x0, y0, x1, y1 in lines:
        index = bisect.bisect_right(tops, (y0 + y1) / 2) - 1
        if index < 0 or (y0 + y1) / 2 >= bands[index][1]:
            continue  # between two pages (on a page break's own element)
        top = bands[index][0]
        line = (text, round(x0, 1), round(y0 - top, 1), round(x1, 1), round(y1 - top, 1))
        by_page.setdefault(index + 1, []).append(line)
    return by_page
