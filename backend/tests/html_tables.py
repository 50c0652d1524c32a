"""Handwritten filer tables for the parser's unit tests: HTML rows in, the parsed table out."""

from datetime import date

from lxml import etree

from filingproof.ingest.parse.periods import DocumentPeriod, Period
from filingproof.ingest.parse.tables import ParsedTable, parse_table


def parse_html_table(
    html: str, document: DocumentPeriod, context: str = "", title: str | None = None
) -> ParsedTable:
    """`html` (the rows of one table) parsed as if in `document`, `context` being the prose before it and
    `title` the caption the layout found for it."""
    element = etree.fromstring(f'<table xmlns="http://www.w3.org/1999/xhtml">{html}</table>')
    parsed = parse_table(element, document, context, title)
    assert parsed is not None
    return parsed


def row(*cells: str) -> str:
    """One `<tr>`, a `<td>` per text."""
    return "<tr>" + "".join(f"<td>{text}</td>" for text in cells) + "</tr>"


def calendar_year(y: int) -> Period:
    return Period("duration", date(y, 1, 1), date(y, 12, 31))


def at(y: int, m: int, d: int) -> Period:
    return Period("instant", None, date(y, m, d))


def flow(start: date, end: date) -> Period:
    return Period("duration", start, end)


def periods(parsed: ParsedTable, label: str) -> list[Period | None]:
    """The periods of a row's cells, left to right (figures written in the label first)."""
    return [c.period for c in parsed.cells if c.row_label == label]
