"""One filing document, parsed: cover metadata, pages, tables with their cells, facts linked to cells."""

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from functools import partial

from lxml import etree

from filingproof.ingest.errors import NotAFilingError
from filingproof.ingest.parse.cover import printed_form, printed_period_end
from filingproof.ingest.parse.layout import DocumentLayout, layout_document
from filingproof.ingest.parse.numbers import normalize_space
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.periods.prose import Acquisition, acquisitions_in
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.table_scale import find_scale
from filingproof.ingest.parse.tables import ParsedTable, parse_table
from filingproof.ingest.parse.tags import conflict_warnings, tag_conflicts
from filingproof.ingest.parse.xbrl import (
    CoverData,
    Fact,
    parse_contexts,
    parse_cover,
    parse_facts,
    parse_units,
)
from filingproof.ingest.parse.xhtml import BLOCK_TAGS, body_of, local_name, parse_document


@dataclass(slots=True)
class ParsedDocument:
    root: etree._Element
    is_xhtml: bool
    cover: CoverData
    layout: DocumentLayout
    tables: list[ParsedTable | None]  # aligned with layout.tables
    facts: list[Fact]
    fact_cells: dict[int, tuple[int, int]] = field(default_factory=dict)  # fact index → (table, cell index)
    degraded: list[str] = field(default_factory=list)
    # What the parser could not read and kept as text ("table 12 on page 40 kept as text: …").
    warnings: list[str] = field(default_factory=list)
    # Cells linked to a fact whose value they do not show (`tags`): flagged, never cited.
    tag_conflicts: dict[tuple[int, int], Fact] = field(default_factory=dict)

    @property
    def period(self) -> DocumentPeriod:
        return document_period(self.cover)


def document_period(cover: CoverData) -> DocumentPeriod:
    fiscal_year = cover.get("DocumentFiscalYearFocus")
    return DocumentPeriod(
        form=cover.get("DocumentType") or "",
        period_end=cover.document_period_end or date.min,
        fiscal_year=int(fiscal_year) if fiscal_year and fiscal_year.isdigit() else None,
        fiscal_period=cover.get("DocumentFiscalPeriodFocus"),
    )


def parse_filing(raw: bytes) -> ParsedDocument:
    root, is_xhtml, repaired = parse_document(raw)
    body = body_of(root)
    if body is None:
        raise NotAFilingError("the document has no <body>")
    contexts = parse_contexts(root)
    cover = parse_cover(root, contexts)
    facts = parse_facts(root, contexts, parse_units(root))
    degraded: list[str] = []
    if not contexts:
        degraded.append("no inline XBRL: cells carry no XBRL concepts and metadata must be given")
    layout = layout_document(body)
    read_printed_cover(cover, layout)
    if not layout.breaks:
        degraded.append("no page breaks: the document is one page")
    tables = parse_tables(layout, document_period(cover))
    document = ParsedDocument(root, is_xhtml, cover, layout, tables, facts, degraded=degraded)
    document.warnings = repair_warnings(repaired) + table_warnings(layout, tables)
    document.fact_cells = link_facts(document)
    document.tag_conflicts = tag_conflicts(facts, tables, document.fact_cells)
    document.warnings += conflict_warnings(layout, tables, document.tag_conflicts)
    return document


def parse_tables(layout: DocumentLayout, period: DocumentPeriod) -> list[ParsedTable | None]:
    """The layout's tables parsed in order, each with the scale and the columns it may take from the one
    before it and the document's default scale (the PDF path reads its tables this way too)."""
    tables: list[ParsedTable | None] = []
    inherited: tuple[int, str | None] = (0, None)
    figures_before = False  # the table before this one has figures
    header = _Header()
    acquisitions = _acquisitions_before(layout)
    for t, default, earlier in zip(layout.tables, default_scales(layout), acquisitions, strict=True):
        # A table continued from the one just before it keeps its scale; others take the document's default
        # (where the document states one, only a table with little but a page footer before it continues).
        continued = inherited[1] is not None and t.prose_gap < (_CONTINUED_GAP if default[1] else 3000)
        # A scale line before a table of figures is that table's, not this one's.
        scale_context = t.own_context if figures_before else t.context_before
        scale = inherited if continued else (0, None)
        read = partial(parse_table, t.element, period, t.context_before, t.title, scale, scale_context)
        read = partial(read, document_scale=default, earlier_acquisitions=earlier)
        parsed = read()
        header.prose += t.prose_gap
        if header.continued_by(parsed):
            # A table a page later whose header is not repeated: named by the columns of the one it continues.
            parsed = read(continued_columns=header.labels)
        tables.append(parsed)
        figures_before = parsed is not None and bool(parsed.cells)
        if parsed is not None and parsed.cells:
            inherited = (parsed.scale, parsed.scale_text)
            header.follow(parsed)
    return tables


def _acquisitions_before(layout: DocumentLayout) -> list[tuple[Acquisition, ...]]:
    """For each table, the acquisitions the document's prose dates before it ("On December 8, 2021, the
    company acquired PPD, Inc."): a purchase price allocation may come well after each deal's sentence."""
    before: list[tuple[Acquisition, ...]] = [() for _ in layout.tables]
    found: list[Acquisition] = []
    for page in layout.pages:
        for block in page.blocks:
            if (marker := _TABLE_MARKER_RE.fullmatch(block)) and int(marker[1]) < len(before):
                before[int(marker[1])] = tuple(found)
            else:
                found.extend(acquisitions_in(block))
    return before


@dataclass(slots=True)
class _Header:
    """The column labels of the last table whose header named its columns, and the prose since."""

    labels: list[str] = field(default_factory=list)
    prose: int = 0

    def follow(self, table: ParsedTable) -> None:
        if any(table.column_labels):
            self.labels, self.prose = table.column_labels, 0

    def continued_by(self, table: ParsedTable | None) -> bool:
        """Does `table` continue the last named one: figures under columns its own header leaves unnamed,
        as many as that table had, with little but a page footer and header between them?"""
        if table is None or not table.cells or any(table.column_labels) or not self.labels:
            return False
        return len(table.column_labels) == len(self.labels) and self.prose <= _CONTINUED_GAP


_CONTINUED_GAP = 300  # characters of prose: a page footer and header
_COVER_PAGES = 3  # the cover is the first page, but a filing may open with a title page or an index


def read_printed_cover(cover: CoverData, layout: DocumentLayout) -> None:
    """Fill the form and period end that no `dei:` tag gave from what the cover page prints."""
    if cover.document_period_end is not None and cover.get("DocumentType"):
        return
    text = " ".join(block for page in layout.pages[:_COVER_PAGES] for block in page.blocks)
    if cover.document_period_end is None:
        cover.document_period_end = printed_period_end(text)
    if not cover.get("DocumentType") and (form := printed_form(text)):
        cover.values["DocumentType"] = form


def repair_warnings(repaired: str | None) -> list[str]:
    """The filing says its inline XBRL was repaired: a page may differ from the filer's where a tag broke."""
    if repaired is None:
        return []
    return [f"inline XBRL is not well-formed XML ({repaired}): read with a recovering XML parse"]


def table_warnings(layout: DocumentLayout, tables: list[ParsedTable | None]) -> list[str]:
    """One line per table kept as text: where it is and why."""
    return [
        f"table {t} on page {layout.tables[t].page} {table.warning}"
        for t, table in enumerate(tables)
        if table is not None and table.warning
    ]


# "Unless otherwise noted, tables are presented in U.S. dollars in millions" (GE), "(Dollars in millions,
# except otherwise stated)" (BA, atop its notes), "All dollar amounts in the tables are stated in millions"
# (TXN).
_DEFAULT_SCALE_RE = re.compile(
    r"unless otherwise|(?:except|or) (?:as )?otherwise|(?<!following )\btables\b|tabular|"
    r"\bamounts (?:are |have been )?(?:stated|presented|expressed|reported) in",
    re.IGNORECASE,
)
_SENTENCE_END_RE = re.compile(r"(?<![A-Z])\.\s+")  # not the dots of "U.S. dollars"
_SCALE_LINE = 120  # a block this short that states a scale is a scale line: "(Dollars in thousands)"
_TABLE_MARKER_RE = re.compile(r"\[table (\d+)\]")


def default_scales(layout: DocumentLayout) -> list[tuple[int, str | None]]:
    """The scale each table takes when neither it nor the prose just before it states one: the last that
    the document's prose stated for what follows: "unless otherwise noted", "amounts in tables", or a
    scale line that heads prose rather than a table ("NOTES TO … STATEMENTS (Dollars in thousands)")."""
    defaults: list[tuple[int, str | None]] = [(0, None)] * len(layout.tables)
    current: tuple[int, str | None] = (0, None)
    line: tuple[int, str] | None = None  # the last scale line, and how much prose has followed it
    prose_after = 0
    for page in layout.pages:
        for block in page.blocks:
            if marker := _TABLE_MARKER_RE.fullmatch(block):
                defaults[int(marker[1])] = current
                line = None
                continue
            if line is not None:
                prose_after += len(block)
                if prose_after > _CONTINUED_GAP:
                    current, line = (line[0], line[1]), None
            for sentence in _SENTENCE_END_RE.split(block):
                scale, text = find_scale(sentence)
                if text is None:
                    continue
                if _DEFAULT_SCALE_RE.search(sentence):
                    current = (scale, normalize_space(sentence))
                elif len(block) < _SCALE_LINE:
                    line, prose_after = (scale, normalize_space(sentence)), 0
    return defaults


def link_facts(document: ParsedDocument) -> dict[int, tuple[int, int]]:
    """Tie each fact that sits in a table cell to the parsed cell showing it.

    A value cell is tied by its `<td>`; a figure written inside a text cell by its position in the text.
    """
    owners: dict[etree._Element, list[tuple[int, int]]] = {}
    for t, table in enumerate(document.tables):
        if table is None:
            continue
        for c, cell in enumerate(table.cells):
            for element in cell.elements:
                owners.setdefault(element, []).append((t, c))
    links: dict[int, tuple[int, int]] = {}
    for f, fact in enumerate(document.facts):
        td = next((a for a in fact.element.iterancestors() if local_name(a) in ("td", "th")), None)
        if td is None or td not in owners:
            continue
        candidates = owners[td]
        table_cells = document.tables[candidates[0][0]].cells  # type: ignore[union-attr]
        value_cells = [key for key in candidates if table_cells[key[1]].inline_span is None]
        if value_cells:
            links[f] = value_cells[0]
            continue
        before = text_before(td, fact.element)
        offset = len(" ".join(before.split()))
        offset += 1 if offset and before[-1:].isspace() else 0  # the space normalised text keeps before it
        for key in candidates:
            span = table_cells[key[1]].inline_span
            if span is not None and span[0] <= offset < span[1]:
                links[f] = key
                break
    return links


def text_before(container: etree._Element, target: etree._Element) -> str:
    """The visible text of `container` that comes before `target` (with block-level spacing)."""
    return "".join(_walk_until(container, target, [False])).replace("\u200b", "")


def _walk_until(element: etree._Element, target: etree._Element, found: list[bool]) -> Iterator[str]:
    if element is target:
        found[0] = True
        return
    if element.text:
        yield element.text
    for child in element:
        if found[0]:
            return
        if isinstance(child.tag, str):
            if local_name(child) in BLOCK_TAGS:
                yield " "
            yield from _walk_until(child, target, found)
            if found[0]:
                return
        if child.tail:
            yield child.tail


def facts_in_tables(document: ParsedDocument) -> list[int]:
    """Indexes of facts whose element sits inside a parsed table."""
    table_elements = {t.element for t in document.layout.tables}
    inside: list[int] = []
    for f, fact in enumerate(document.facts):
        if any(ancestor in table_elements for ancestor in fact.element.iterancestors()):
            inside.append(f)
    return inside


def cell_of(document: ParsedDocument, fact_index: int) -> NumericCell | None:
    link = document.fact_cells.get(fact_index)
    if link is None:
        return None
    table = document.tables[link[0]]
    return None if table is None else table.cells[link[1]]
