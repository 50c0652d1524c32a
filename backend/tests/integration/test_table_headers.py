"""A table's header model: the display grid puts each header over the column it names, so that the viewer's
table, its CSV (built from the grid) and the cells' column labels agree.

Statements with a stub header row: Apple's 10-K income statement ("Years ended" over the three years, the
dates under it, nothing over the labels) and Walmart's 10-K cash-flow statement ("Fiscal Years Ended
January 31," over the years, "(Amounts in millions)" over the labels).
"""

from pathlib import Path

import pytest

from filingproof.index.chunks import column_labels
from filingproof.ingest.parse.document import ParsedDocument, parse_filing
from filingproof.ingest.parse.tables import ParsedTable
from filingproof.ingest.row_paths import statement_tables


def _statement(document: ParsedDocument, name: str, label: str, text: str) -> ParsedTable:
    """The table of statement `name` whose row `label` shows `text` in its first value column."""
    return next(
        table
        for table in statement_tables(document, name)
        if any(c.row_label == label and c.text == text and c.col == 1 for c in table.cells)
    )


@pytest.fixture(scope="module")
def apple_10k(corpus_dir: Path) -> ParsedDocument:
    return parse_filing((corpus_dir / "AAPL/10-K_2024-09-28.htm").read_bytes())


@pytest.fixture(scope="module")
def walmart_10k(corpus_dir: Path) -> ParsedDocument:
    return parse_filing((corpus_dir / "WMT/10-K_2025-01-31.htm").read_bytes())


def _assert_headers_over_their_columns(table: ParsedTable) -> None:
    """Every figure's column label is what the grid's header rows show over its column."""
    shown = column_labels(table.grid, table.header_rows)
    assert all(len(row) == len(table.grid[0]) for row in table.grid)
    for cell in table.cells:
        assert cell.column_label == shown[cell.col], (cell.row_label, cell.text)


def test_apple_income_statement_dates_stand_over_their_figures(apple_10k: ParsedDocument) -> None:
    table = _statement(apple_10k, "CONSOLIDATED STATEMENTS OF OPERATIONS", "Net income", "$93,736")
    header = table.grid[: table.header_rows]
    assert [row[0] for row in header] == [""] * table.header_rows  # nothing printed over the labels
    assert ["", "September 28, 2024", "September 30, 2023", "September 24, 2022"] in header
    assert ["", "Years ended", "Years ended", "Years ended"] in header  # one header over three columns
    net_income = next(row for row in table.grid if row[0] == "Net income")
    assert net_income == ["Net income", "$93,736", "$96,995", "$99,803"]
    _assert_headers_over_their_columns(table)
    by_col = {c.col: c.column_label for c in table.cells if c.row_label == "Net income"}
    assert by_col == {
        1: "Years ended September 28, 2024",
        2: "Years ended September 30, 2023",
        3: "Years ended September 24, 2022",
    }


def test_walmart_cash_flows_stub_header_stays_over_the_labels(walmart_10k: ParsedDocument) -> None:
    table = _statement(
        walmart_10k, "CONSOLIDATED STATEMENTS OF CASH FLOWS", "Consolidated net income", "$20,157"
    )
    header = table.grid[: table.header_rows]
    assert ["(Amounts in millions)", "2025", "2024", "2023"] in header
    assert ["", *["Fiscal Years Ended January 31,"] * 3] in header
    _assert_headers_over_their_columns(table)
    cell = next(c for c in table.cells if c.row_label == "Consolidated net income" and c.col == 1)
    assert (cell.text, cell.column_label) == ("$20,157", "Fiscal Years Ended January 31, 2025")


def test_cells_column_labels_read_as_the_grid_shows_them(corpus_files: list[Path]) -> None:
    """Over the corpus, the header the grid shows over a figure is its column label (0.946 measured; 0.23
    when the first header item was taken for a row label and every header slid one column). The rest are
    period phrases printed in the stub ("December 31," left of "2024 | 2023"), which head every column,
    and header rows repeated inside a table."""
    same = total = 0
    for path in corpus_files:
        for table in parse_filing(path.read_bytes()).tables:
            if table is None:
                continue
            shown = column_labels(table.grid, table.header_rows)
            for cell in table.cells:
                if cell.col > 0 and cell.inline_span is None:
                    total += 1
                    same += shown[cell.col] == " ".join(cell.column_label.split())
    assert total > 25_000
    assert same / total >= 0.94
