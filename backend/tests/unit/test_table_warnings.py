"""A table the parser cannot date is kept as text with a warning, never failing the filing it is in; a folder
of filings lists (and reads) gzip-compressed documents beside plain ones."""

import gzip
from datetime import date
from pathlib import Path

import pytest
from html_tables import parse_html_table, row

from filingproof.ingest.errors import IngestError
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.service import filing_files, read_filing

# A document that says nothing of its period (no `dei:` tags, no printed cover), and its table of contents:
# the page numbers under "Page", a column that names no period, would be flows over the document's period.
UNDATED = DocumentPeriod("", date.min, None)
CONTENTS = row("", "Page") + row("Item 7. Management’s Discussion and Analysis", "25") + row("Item 8.", "40")


def test_a_table_whose_periods_cannot_be_resolved_is_kept_as_text_with_a_warning() -> None:
    table = parse_html_table(CONTENTS, UNDATED)
    assert table.cells == []
    assert table.grid == [
        ["", "Page"],
        ["Item 7. Management’s Discussion and Analysis", "25"],
        ["Item 8.", "40"],
    ]
    assert table.warning is not None and table.warning.startswith("kept as text: ValueError")


def test_the_filing_keeps_its_pages_and_counts_the_warning() -> None:
    html = (
        "<html><body><p>Table of Contents</p>"
        f"<table>{CONTENTS}</table><p>Management discussion follows.</p></body></html>"
    )
    document = parse_filing(html.encode())
    [table] = document.tables
    assert table is not None and table.cells == [] and table.grid[2] == ["Item 8.", "40"]
    assert document.warnings == [f"table 0 on page 1 {table.warning}"]
    assert "Management discussion follows." in document.layout.pages[0].text


def test_a_folder_lists_and_reads_gzip_compressed_filings(tmp_path: Path) -> None:
    html = b"<html><body><p>FORM 10-K</p></body></html>"
    (tmp_path / "A").mkdir()
    (tmp_path / "A" / "10-K.htm.gz").write_bytes(gzip.compress(html))
    (tmp_path / "A" / "10-Q.htm").write_bytes(html)
    (tmp_path / "A" / "notes.txt.gz").write_bytes(gzip.compress(b"not a filing"))
    files = filing_files(tmp_path)
    assert [p.name for p in files] == ["10-K.htm.gz", "10-Q.htm"]
    assert [read_filing(p) for p in files] == [html, html]
    (tmp_path / "A" / "cut.htm.gz").write_bytes(gzip.compress(html)[:20])
    with pytest.raises(IngestError, match="not a readable gzip file"):
        read_filing(tmp_path / "A" / "cut.htm.gz")
