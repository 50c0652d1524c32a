"""Handwritten filer tables for the parser's unit tests: HTML rows in, the parsed table out."""

from lxml import etree

from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.tables import ParsedTable, parse_table


def parse_html_table(html: str, document: DocumentPeriod, context: str = "") -> ParsedTable:
    """`html` (the rows of one table) parsed as if in `document`, `context` being the prose before it."""
    element = etree.fromstring(f'<table xmlns="http://www.w3.org/1999/xhtml">{html}</table>')
    parsed = parse_table(element, document, context, None)
    assert parsed is not None
    return parsed
