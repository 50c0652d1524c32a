"""Tables that print their row labels in two text columns before the figures, parsed from the real filings
through `parse_filing`: the first column names a group ("Humira"), the second breaks it down ("United
States", "International", "Total"), and each row's path carries both."""

import gzip
from datetime import date
from decimal import Decimal
from functools import cache

from edgar_mirror import CORPUS_DIR, SHARED_DIR

from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.tables import ParsedTable

ABBV_10K = SHARED_DIR / "corpus-large" / "ABBV" / "10-K_0001551152-24-000011.htm.gz"
AAPL_10K = CORPUS_DIR / "AAPL" / "10-K_2024-09-28.htm"


def _millions(amount: int) -> Decimal:
    return Decimal(amount) * 10**6


@cache
def _abbv_tables() -> tuple[ParsedTable, ...]:
    document = parse_filing(gzip.decompress(ABBV_10K.read_bytes()))
    return tuple(t for t in document.tables if t is not None)


def _abbv_revenues() -> ParsedTable:
    title = "The following table details AbbVie's worldwide net revenues:"
    return next(t for t in _abbv_tables() if t.title == title)


def _first_figures(table: ParsedTable) -> dict[int, NumericCell]:
    """Each row's figure under the first column of figures (2023, or the latest year)."""
    return {cell.row: cell for cell in table.cells if cell.col == 1 and cell.inline_span is None}


def test_a_product_in_the_first_label_column_heads_its_geographies() -> None:
    # ABBV 2023 10-K, page 41: "Humira | United States | $12,160", " | International | 2,244", " | Total |
    # $14,404". The United States line is not Humira's worldwide revenue: the Total row is.
    table = _abbv_revenues()
    humira = [cell for cell in _first_figures(table).values() if "Humira" in cell.row_path]
    assert [(c.row_path, c.row_label, c.value) for c in humira] == [
        (["Immunology", "Humira", "United States"], "United States", _millions(12160)),
        (["Immunology", "Humira", "International"], "International", _millions(2244)),
        (["Immunology", "Humira", "Total"], "Total", _millions(14404)),
    ]
    assert all(c.period is not None and c.period.end.year == 2023 for c in humira)
    # The grid keeps both label columns where the product prints.
    assert [row[:2] for row in table.grid[4:7]] == [
        ["Humira United States", "$12,160"],
        ["International", "2,244"],
        ["Total", "$14,404"],
    ]
    # The next product opens its own group: Skyrizi's rows do not stand under Humira.
    skyrizi = [c.row_path for c in _first_figures(table).values() if "Skyrizi" in c.row_path]
    assert skyrizi == [
        ["Immunology", "Skyrizi", part] for part in ("United States", "International", "Total")
    ]


def test_rows_below_a_run_labelled_in_both_columns_continue_the_run_not_its_last_row() -> None:
    # GOOGL 2024 10-K, AOCI reclassifications: "Foreign exchange contracts | Revenue | 2,046", "Interest rate
    # contracts | Other income (expense), net | 6", then " | Net of income tax | 1,706" for both.
    document = parse_filing((CORPUS_DIR / "GOOGL" / "10-K_2024-12-31.htm").read_bytes())
    table = next(
        t for t in document.tables if t is not None and ["AOCI Components"] in (r[:1] for r in t.grid)
    )
    paths = [c.row_path for c in _first_figures(table).values()]
    assert [p[-1] for p in paths if "Interest rate contracts" in p] == ["Interest rate contracts"]
    assert any(p[-1] == "Net of income tax" and "Interest rate contracts" not in p for p in paths)


def test_a_lease_class_heads_the_balance_sheet_lines_it_is_carried_in() -> None:
    # AAPL 2024 10-K, Note 8: "Operating leases | Other current liabilities | $1,488", then " | Other
    # non-current liabilities | 10,046"; the total back in the first column closes the group.
    document = parse_filing(AAPL_10K.read_bytes())
    table = next(
        t
        for t in document.tables
        if t is not None and t.grid[:1] and t.grid[0][0].startswith("Lease-Related")
    )
    rows = {c.row: (c.row_path, c.value) for c in _first_figures(table).values()}
    assert rows[6] == (
        ["Lease liabilities", "Operating leases", "Other current liabilities"],
        _millions(1488),
    )
    assert rows[7] == (
        ["Lease liabilities", "Operating leases", "Other non-current liabilities"],
        _millions(10046),
    )
    assert rows[9] == (
        ["Lease liabilities", "Finance leases", "Other non-current liabilities"],
        _millions(752),
    )
    assert rows[10] == (["Lease liabilities", "Total lease liabilities"], _millions(12430))


PFE_10Q = CORPUS_DIR / "PFE" / "10-Q_2023-07-02.htm"


def test_labels_that_span_rows_head_every_row_they_span() -> None:
    # PFE Q2 2023 10-Q, page 44: "Vyndaqel family" spans six rows, "QTD" and "YTD" three each, then each
    # row prints its own "U.S.", "Int'l." or "Worldwide". The first row is the U.S. revenue, not the family's
    # worldwide ($434 million against $782 million); the YTD rows are the six months.
    document = parse_filing(PFE_10Q.read_bytes())
    family = [
        cell
        for table in document.tables
        if table is not None
        for cell in table.cells
        if cell.row_path[:1] == ["Vyndaqel family"]
    ]
    current = [c for c in family if c.col == 1 and len(c.row_path) == 3]
    quarter = (date(2023, 4, 3), date(2023, 7, 2))
    to_date = (date(2023, 1, 3), date(2023, 7, 2))
    read = [(c.row_path[1:], c.value, (c.period.start, c.period.end) if c.period else None) for c in current]
    assert read == [
        (["QTD", "U.S."], _millions(434), quarter),
        (["QTD", "Int’l."], _millions(348), quarter),
        (["QTD", "Worldwide"], _millions(782), quarter),
        (["YTD", "U.S."], _millions(818), to_date),
        (["YTD", "Int’l."], _millions(650), to_date),
        (["YTD", "Worldwide"], _millions(1468), to_date),
    ]
    # "$782 Up 43% (operationally)", printed beside the three quarter rows, sums them up: no figure of a row
    assert all(c.col > 0 for c in family)
