"""Page chunking: prose windows aligned on paragraphs, tables as `label | period | value` lines."""

from filingproof.index.chunks import (
    MAX_PROSE_WORDS,
    PROSE_WORDS,
    TABLE_LINES,
    TableView,
    column_labels,
    page_chunks,
    prose_chunks,
    table_chunks,
    table_lines,
)

INCOME = TableView(
    table_index=3,
    title="CONSOLIDATED STATEMENTS OF OPERATIONS",
    scale_text="(In millions, except number of shares)",
    header_rows=2,
    grid=[
        ["", "Years ended", "Years ended", "Years ended"],
        ["", "September 28, 2024", "September 30, 2023", "September 24, 2022"],
        ["Net sales:", "", "", ""],
        ["Products", "$ 294,866", "$ 298,085", "$ 316,199"],
        ["Services", "96,169", "85,200", "78,129"],
        ["Total net sales", "391,035", "383,285", "394,328"],
        ["Provision for income taxes", "29,749", "16,741", "19,300"],
    ],
)


def test_column_labels_fold_spanned_headers() -> None:
    assert column_labels(INCOME.grid, 2) == [
        "",
        "Years ended September 28, 2024",
        "Years ended September 30, 2023",
        "Years ended September 24, 2022",
    ]


def test_table_lines_keep_label_period_and_value() -> None:
    lines = table_lines(INCOME)
    assert lines[0] == "Net sales: Products | Years ended September 28, 2024 | $ 294,866"
    assert "Net sales: Total net sales | Years ended September 28, 2024 | 391,035" in lines
    # a Total row closes its heading
    assert "Provision for income taxes | Years ended September 24, 2022 | 19,300" in lines
    assert len(lines) == 4 * 3


def test_long_tables_split_with_their_title() -> None:
    grid = [["", "2024"]] + [[f"Item {i}", str(i)] for i in range(TABLE_LINES * 2 + 1)]
    table = TableView(0, "Segment data", "(in millions)", 1, grid)
    chunks = page_chunks("[table 0]", [table])
    assert len(chunks) == 3
    assert all(chunk.startswith("Segment data (in millions)\n") for chunk in chunks)


def test_prose_windows_align_on_paragraphs() -> None:
    paragraphs = [" ".join(["word"] * 80) for _ in range(5)]
    chunks = prose_chunks(paragraphs)
    assert [len(chunk.split()) for chunk in chunks] == [160, 160, 80]
    assert all(len(chunk.split()) <= PROSE_WORDS for chunk in chunks)


def test_a_very_long_paragraph_is_cut() -> None:
    chunks = prose_chunks([" ".join(["word"] * (MAX_PROSE_WORDS + 100))])
    assert [len(chunk.split()) for chunk in chunks] == [PROSE_WORDS, MAX_PROSE_WORDS + 100 - PROSE_WORDS]


def test_tables_stand_where_their_marker_is() -> None:
    page = "Results of operations.\n[table 3]\nThe following discussion."
    chunks = page_chunks(page, [INCOME])
    assert chunks[0] == "Results of operations."
    assert chunks[1].startswith("CONSOLIDATED STATEMENTS OF OPERATIONS (In millions")
    assert chunks[-1] == "The following discussion."


def test_a_table_without_marker_is_still_indexed() -> None:
    chunks = page_chunks("Only prose here.", [INCOME])
    assert chunks[0] == "Only prose here."
    assert "391,035" in chunks[1]


def test_empty_page_has_no_chunks() -> None:
    assert page_chunks("\n \n", []) == []


def test_labels_of_parsed_cells_win_over_the_grid_headers() -> None:
    # a 10-Q header as the ingester's grid shows it: period text not above its column
    grid = [
        ["Three Months Ended", "", "Six Months Ended"],
        ["March 29, 2025", "", "March 29, 2025"],
        ["Net sales:", "", ""],
        ["Products", "$68,714", "$166,674"],
    ]
    labels = {
        (3, 1): ("Net sales: Products", "Three Months Ended March 29, 2025"),
        (3, 2): ("Net sales: Products", "Six Months Ended March 29, 2025"),
    }
    table = TableView(0, "CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS", "(In millions)", 2, grid, labels)
    assert table_lines(table) == [
        "Net sales: Products | Three Months Ended March 29, 2025 | $68,714",
        "Net sales: Products | Six Months Ended March 29, 2025 | $166,674",
    ]


def test_scale_line_already_in_the_title_is_not_repeated() -> None:
    table = TableView(0, "(In millions)", "In millions", 1, [["", "2024"], ["Revenue", "1"]])
    assert table_chunks(table)[0].startswith("(In millions)\nRevenue")
