"""A PDF table's column header can hold the statement's title: it names the table, not another line."""

from datetime import date

from filingproof.verify.items import AskedItem, CellFacts, check_item

# Activision Blizzard's FY2019 10-K PDF, page 70 (printed F-5): the statement of operations' first column
ACTIVISION_REVENUE = CellFacts(
    row_path=("Total net revenues",),
    column_label="ACTIVISION BLIZZARD, INC. AND SUBSIDIARIES CONSOLIDATED STATEMENTS OF OPERATIONS For the "
    "Years Ended December 31, 2019",
    period_start=date(2019, 1, 1),
    period_end=date(2019, 12, 31),
    company="ATVI",
    company_names=("Activision Blizzard",),
)


def test_a_statement_title_in_the_column_names_no_other_line() -> None:
    assert check_item(AskedItem("total net revenues", "ATVI"), ACTIVISION_REVENUE).ok


def test_a_column_naming_another_line_still_fails() -> None:
    """A table of lines side by side: "Operating income" over the cell is not its revenue."""
    beside = CellFacts(
        row_path=("Americas",),
        column_label="Operating income 2019",
        period_start=date(2019, 1, 1),
        period_end=date(2019, 12, 31),
        company="ATVI",
    )
    assert not check_item(AskedItem("Americas revenues", "ATVI"), beside).ok
