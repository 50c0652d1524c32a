"""The filer's pages: the document split at its own page breaks, with each page's prose and tables.

Nothing is moved: elements are assigned to pages in document order, a page ending at each element styled
`page-break-after: always` and starting at each one styled `page-break-before: always`. The printed page
number is read from the page's last short lines (the footer).
"""

import re
from collections import Counter
from dataclasses import dataclass, field

from lxml import etree

from filingproof.ingest.parse.xhtml import (
    BLOCK_TAGS,
    is_hidden,
    is_page_break,
    local_name,
    starts_page,
    text_of,
)

_PAGE_LABEL_RE = re.compile(r"(?:^|\|\s*|\s)((?:[A-Z]{1,2}-)?\d{1,3}|[ivxlc]{1,7})$")
# A footer that is the number and a full stop alone ("51.", Alphabet's); in running text a number before a
# full stop ends a sentence, so the stop is taken only on a line of its own.
_DOTTED_LABEL_RE = re.compile(r"((?:[A-Z]{1,2}-)?\d{1,3})\.")
_CONTEXT_CHARS = 1500
# a table that holds only a page number: some filers lay their footer out as a one-cell table
_NUMBER_TABLE_RE = re.compile(r"(?:[A-Z]{1,2}-)?\d{1,3}|[ivxlc]{1,7}")
# an item's title as some filers lay it out, in a table of its own: "Item 1A. Risk Factors"
_ITEM_TITLE_RE = re.compile(r"item\s*\d{1,2}[a-c]?\.?\s*[:.\-–—]?\s*[A-Za-z][^\d]{0,80}", re.IGNORECASE)
_WEIGHT_RE = re.compile(r"font-weight:\s*([a-z0-9]+)", re.IGNORECASE)
_SLANT_RE = re.compile(r"font-style:\s*([a-z]+)", re.IGNORECASE)
_DECORATION_RE = re.compile(r"text-decoration(?:-line)?:\s*([a-z ]+)", re.IGNORECASE)
_SIZE_RE = re.compile(r"font-size:\s*(\d+(?:\.\d+)?)\s*(pt|px)", re.IGNORECASE)
_PX_PER_PT = 4 / 3
# a block set wholly in a font this much larger than the document's text is a heading (Intel's risk headings,
# 12pt in colour over 9pt text, neither bold nor italic), where it is no longer than a heading is
_LARGER = 1.15
_HEADING_WORDS = 60


@dataclass(frozen=True, slots=True)
class _Emphasis:
    bold: bool = False
    italic: bool = False
    underlined: bool = False  # Texas Instruments' risk headings are underlined, not bold
    size: float | None = None  # in points, where the style says

    def within(self, element: etree._Element) -> "_Emphasis":
        """The emphasis of the element's own text: its tag or style, over what it inherits (a span styled
        `font-weight:400` inside a bold paragraph is plain)."""
        name = local_name(element)
        style = element.get("style") or ""
        bold, italic = self.bold or name in ("b", "strong"), self.italic or name in ("i", "em")
        if weight := _WEIGHT_RE.search(style):
            bold = weight[1].lower() in ("bold", "bolder") or (weight[1].isdigit() and int(weight[1]) >= 600)
        if slant := _SLANT_RE.search(style):
            italic = slant[1].lower() in ("italic", "oblique")
        underlined = self.underlined or name == "u"
        if decoration := _DECORATION_RE.search(style):
            underlined = "underline" in decoration[1].lower()
        size = self.size
        if sized := _SIZE_RE.search(style):
            size = float(sized[1]) / (_PX_PER_PT if sized[2].lower() == "px" else 1)
        return _Emphasis(bold, italic, underlined, size)

    @property
    def any(self) -> bool:
        return self.bold or self.italic or self.underlined


@dataclass(slots=True)
class PageLayout:
    number: int  # 1-based position in the document
    blocks: list[str] = field(default_factory=list)  # prose paragraphs and "[table N]" markers
    tables: list[int] = field(default_factory=list)  # indexes into DocumentLayout.tables
    number_tables: dict[str, str] = field(default_factory=dict)  # "[table N]" → the page number it holds
    # the page's headings: each prose block's lead set in bold or italics (the whole block, a risk factor's
    # heading, or one run in before plain text, "ITEM 1A. RISK FACTORS The risks described below …"), and an
    # item's title laid out as a small table ("Item 1A. | Risk Factors"); None where the document does not
    # say (a PDF)
    headings: list[str] | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.blocks)

    @property
    def label(self) -> str | None:
        lines = [
            self.number_tables.get(block, block)
            for block in self.blocks
            if not block.startswith("[table ") or block in self.number_tables
        ]
        for line in reversed(lines[-3:]):
            if len(line) <= 60 and (match := _PAGE_LABEL_RE.search(line) or _DOTTED_LABEL_RE.fullmatch(line)):
                return match[1]
        return None


@dataclass(slots=True)
class TableLayout:
    element: etree._Element
    page: int
    context_before: str  # the prose just before the table: its title and "(in millions)" line
    title: str | None
    prose_gap: int  # characters of prose between the previous table and this one
    own_context: str = ""  # the prose between the previous table and this one (its end)


@dataclass(frozen=True, slots=True)
class PageBreak:
    """Where one filer page ends and the next starts: after `element`, or at its top when `before`."""

    element: etree._Element
    before: bool = False


@dataclass(slots=True)
class DocumentLayout:
    pages: list[PageLayout]
    tables: list[TableLayout]
    breaks: list[PageBreak]  # one between each two pages


def _joined(pieces: list[str]) -> str:
    """The pieces of a block's text as one line, its runs of spaces one space, without zero-width spaces."""
    return " ".join("".join(pieces).replace("\u200b", "").split())


class _Walker:
    def __init__(self) -> None:
        self.pages = [PageLayout(1, headings=[])]
        self.tables: list[TableLayout] = []
        self.breaks: list[PageBreak] = []
        self.buffer: list[str] = []
        self.lead: list[str] = []  # the buffer's text up to its first plain words
        self.lead_ended = False  # whether plain words have come since the buffer was flushed
        self.smallest: float | None = None  # the buffer's smallest font (0: a piece of a size not said)
        self.chars_by_size: Counter[float] = Counter()  # the document's text, by its font size
        # blocks wholly in one font or larger, each with its page and place among the page's headings: those
        # larger than the document's text are headings (`sized_headings`)
        self.sized: list[tuple[PageLayout, int, str, float]] = []
        self.recent: list[str] = []  # recent prose blocks, for a table's context
        self.since_table: list[str] = []  # the prose blocks since the last table
        self.prose_since_table = 0

    def flush(self) -> None:
        text = _joined(self.buffer)
        self.buffer.clear()
        lead = _joined(self.lead)
        smallest, self.smallest = self.smallest, None
        self.lead, self.lead_ended = [], False
        if text:
            self.pages[-1].blocks.append(text)
            if lead:
                self.add_heading(lead)
            elif smallest and (headings := self.pages[-1].headings) is not None:
                self.sized.append((self.pages[-1], len(headings), text, smallest))
            self.recent.append(text)
            del self.recent[:-12]
            self.since_table.append(text)
            del self.since_table[:-12]
            self.prose_since_table += len(text)

    def new_page(self, at: PageBreak) -> None:
        self.flush()
        self.breaks.append(at)
        self.pages.append(PageLayout(len(self.pages) + 1, headings=[]))

    def add_heading(self, heading: str) -> None:
        if (headings := self.pages[-1].headings) is not None:
            headings.append(heading)

    def add_text(self, text: str | None, emphasis: _Emphasis) -> None:
        if text:
            self.buffer.append(text)
            blank = text.isspace()
            if not blank:
                size = emphasis.size or 0.0
                self.smallest = size if self.smallest is None else min(self.smallest, size)
                if size:
                    self.chars_by_size[size] += len(text.strip())
            self.lead_ended = self.lead_ended or not (emphasis.any or blank)
            if not self.lead_ended:
                self.lead.append(text)

    def walk(self, element: etree._Element, inherited: _Emphasis = _Emphasis()) -> None:
        if is_hidden(element):
            return
        if starts_page(element):
            self.flush()
            if self.pages[-1].blocks:  # a break before the first content, or right after one, adds no page
                self.new_page(PageBreak(element, before=True))
        name = local_name(element)
        if name == "table" and not any(local_name(e) == "table" for e in element.iterdescendants()):
            self.flush()
            self.add_table(element)
        else:
            block = name in BLOCK_TAGS
            if block:
                self.flush()
            emphasis = inherited.within(element)
            if name not in ("script", "style"):
                self.add_text(element.text, emphasis)
            for child in element:
                if isinstance(child.tag, str):
                    self.walk(child, emphasis)
                self.add_text(child.tail, emphasis)
            if block:
                self.flush()
        if is_page_break(element):
            self.new_page(PageBreak(element))

    def add_table(self, element: etree._Element) -> None:
        context = " ".join(self.recent)[-_CONTEXT_CHARS:]
        title = next((block for block in reversed(self.recent) if 3 <= len(block) <= 160), None)
        index = len(self.tables)
        own = " ".join(self.since_table)[-_CONTEXT_CHARS:]
        self.tables.append(TableLayout(element, len(self.pages), context, title, self.prose_since_table, own))
        self.prose_since_table = 0
        self.since_table = []
        self.pages[-1].tables.append(index)
        self.pages[-1].blocks.append(f"[table {index}]")
        table_text = text_of(element)
        if _NUMBER_TABLE_RE.fullmatch(table_text):
            self.pages[-1].number_tables[f"[table {index}]"] = table_text
        if _ITEM_TITLE_RE.fullmatch(table_text):
            self.add_heading(table_text)
        # A small table (often a title block) is context for the next one; a big one ends the context.
        if len(table_text) < 300:
            self.recent.append(table_text)
            del self.recent[:-12]
        else:
            self.recent.clear()


def sized_headings(walker: _Walker) -> None:
    """The blocks set wholly in a font larger than the document's text (the size most of its characters are
    set in), placed among their pages' headings where they stand."""
    if not walker.chars_by_size:
        return
    text_size = walker.chars_by_size.most_common(1)[0][0]
    for page, place, text, size in reversed(walker.sized):
        if size >= text_size * _LARGER and len(text.split()) <= _HEADING_WORDS and page.headings is not None:
            page.headings.insert(place, text)


def layout_document(body: etree._Element) -> DocumentLayout:
    walker = _Walker()
    walker.walk(body)
    walker.flush()
    sized_headings(walker)
    pages = walker.pages
    # A break at the very end leaves an empty last page: the filer's last page is the one before it.
    if len(pages) > 1 and not pages[-1].blocks:
        pages.pop()
    return DocumentLayout(pages=pages, tables=walker.tables, breaks=walker.breaks)
