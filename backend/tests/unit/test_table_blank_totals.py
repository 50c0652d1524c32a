"""An unlabelled total row: the sum of its section's lines printed alone on a row, as MGM Resorts' statements
of operations print "Revenues" and "Expenses" (MGM Resorts 10-K FY2020, page 65, read from the PDF: each
label's indentation is its `padding-left`, as `ingest.pdf.tables` writes it)."""

from datetime import date
from decimal import Decimal

from html_tables import parse_html_table

from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.tables import ParsedTable

MGM_2020 = DocumentPeriod(form="10-K", period_end=date(2020, 12, 31), fiscal_year=2020)
CONTEXT = "CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands, except per share data)"

HEADER = (
    '<tr><td/><td/><td colspan="5">Year Ended December 31,</td><td/></tr>'
    "<tr><td/><td/><td>2020</td><td/><td>2019</td><td/><td>2018</td><td/></tr>"
)


def heading(label: str) -> str:
    return f'<tr><td style="padding-left:0.0pt">{label}</td><td colspan="7"/></tr>'


def line(label: str, indent: float, *figures: str) -> str:
    """A row of the statement; an empty label is a row of figures alone."""
    first = f'<td style="padding-left:{indent:.1f}pt">{label}</td>' if label else "<td/>"
    return "<tr>" + first + "".join(f"<td/><td>{figure}</td>" for figure in figures) + "<td/></tr>"


REVENUE_LINES = [
    line("Casino", 12.1, "$ 2,871,720", "$ 6,517,759", "$ 5,753,150"),
    line("Rooms", 12.1, "830,382", "2,322,579", "2,212,573"),
    line("Food and beverage", 12.1, "696,040", "2,145,247", "1,959,021"),
    line("Entertainment, retail and other", 12.1, "518,991", "1,477,200", "1,412,860"),
]
REIMBURSED = line("Reimbursed costs", 12.1, "244,949", "436,887", "425,492")
TOTAL_REVENUES = line("", 0, "5,162,082", "12,899,672", "11,763,096")
EXPENSES = [
    heading("Expenses"),
    line("Casino", 12.1, "1,701,783", "3,623,899", "3,199,775"),
    line("Rooms", 12.1, "419,156", "829,677", "791,761"),
    line("Food and beverage", 12.1, "674,118", "1,661,626", "1,501,868"),
    line("Entertainment, retail and other", 12.1, "412,705", "1,051,400", "999,979"),
    line("Reimbursed costs", 12.1, "244,949", "436,887", "425,492"),
    line("General and administrative", 12.1, "2,122,333", "2,101,217", "1,764,638"),
    line("Corporate expense", 12.1, "460,148", "464,642", "419,204"),
    line("Preopening and start-up expenses", 12.1, "84", "7,175", "151,392"),
    line("Property transactions, net", 12.1, "93,567", "275,802", "9,147"),
    line("Gain on REIT transactions, net", 12.1, "(1,491,945)", "(2,677,996)", "—"),
    line("Depreciation and amortization", 12.1, "1,210,556", "1,304,649", "1,178,044"),
    line("", 0, "5,847,454", "9,078,978", "10,441,300"),
    line("Income from unconsolidated affiliates", 0, "42,938", "119,521", "147,690"),
    line("Operating income (loss)", 0, "(642,434)", "3,940,215", "1,469,486"),
]


def statement(*rows: str) -> ParsedTable:
    return parse_html_table(HEADER + "".join(rows), MGM_2020, CONTEXT)


def unlabelled(parsed: ParsedTable, value: str) -> NumericCell:
    (found,) = [c for c in parsed.cells if not c.row_label and c.value == Decimal(value)]
    return found


def path_of(parsed: ParsedTable, label: str) -> list[list[str]]:
    return [c.row_path for c in parsed.cells if c.row_label == label and c.col == 2]


def test_an_unlabelled_sum_of_a_sections_lines_is_its_total_and_closes_it() -> None:
    parsed = statement(heading("Revenues"), *REVENUE_LINES, REIMBURSED, TOTAL_REVENUES, *EXPENSES)
    # total revenues FY2019, $12,899,672 thousand: the lines above it add up to it
    revenues = unlabelled(parsed, "12899672000")
    assert revenues.row_path == ["Revenues"]
    assert revenues.period is not None and revenues.period.end == date(2019, 12, 31)
    # total expenses FY2018 (the REIT gain's "—" counts as nothing)
    assert unlabelled(parsed, "10441300000").row_path == ["Expenses"]
    # each section closed at its total: the next heading's lines are its own, and a line back at the left
    # edge stands in no section
    assert path_of(parsed, "Casino") == [["Revenues", "Casino"], ["Expenses", "Casino"]]
    assert path_of(parsed, "Operating income (loss)") == [["Operating income (loss)"]]


def test_unlabelled_figures_that_do_not_sum_the_section_stand_in_none() -> None:
    # without "Reimbursed costs" the section's lines no longer add up to the row below them: that row is not
    # read as the section's total
    parsed = statement(heading("Revenues"), *REVENUE_LINES, TOTAL_REVENUES)
    assert unlabelled(parsed, "12899672000").row_path == []
