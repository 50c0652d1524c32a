"""The traps of filer tables, each on a small handwritten table laid out the way filers do it."""

from datetime import date
from decimal import Decimal

import pytest
from html_tables import parse_html_table

from filingproof.ingest.parse.numbers import parse_number
from filingproof.ingest.parse.periods import DocumentPeriod, Period
from filingproof.ingest.parse.table_scale import find_scale
from filingproof.ingest.parse.tables import ParsedTable

TEN_K = DocumentPeriod(form="10-K", period_end=date(2024, 9, 28), fiscal_year=2024)
TEN_Q = DocumentPeriod(form="10-Q", period_end=date(2025, 7, 27), fiscal_year=2026)


def table(html: str, document: DocumentPeriod = TEN_K, context: str = "") -> ParsedTable:
    return parse_html_table(html, document, context)


def cell(parsed: ParsedTable, label: str, col: int) -> tuple[Decimal, str, Period | None]:
    found = [c for c in parsed.cells if c.row_label == label and c.col == col]
    assert len(found) == 1, f"{label!r} col {col}: {[(c.row_label, c.col, c.text) for c in parsed.cells]}"
    return found[0].value, found[0].unit, found[0].period


STATEMENT = """
<tr><td></td><td colspan="7">Years ended</td></tr>
<tr><td></td><td colspan="3">September 28, 2024</td><td></td><td colspan="3">September 30, 2023</td></tr>
<tr><td>Net sales</td><td>$</td><td>391,035</td><td></td><td></td><td>$</td><td>383,285</td><td></td></tr>
<tr><td>Other income/(expense), net</td><td></td><td>(1,234</td><td>)</td><td></td><td></td><td>565</td><td></td></tr>
<tr><td>Restructuring</td><td></td><td>—</td><td></td><td></td><td></td><td>12</td><td></td></tr>
<tr><td>Diluted earnings per share</td><td>$</td><td>6.08</td><td></td><td></td><td>$</td><td>6.13</td><td></td></tr>
<tr><td>Gross margin percentage</td><td></td><td>46.2</td><td>%</td><td></td><td></td><td>44.1</td><td>%</td></tr>
"""


def test_closing_parenthesis_in_its_own_cell_keeps_the_sign() -> None:
    value, unit, _ = cell(
        table(STATEMENT, context="(In millions, except per-share amounts)"), "Other income/(expense), net", 1
    )
    assert value == Decimal("-1234000000")
    assert unit == "USD"


def test_em_dash_is_zero() -> None:
    value, _, _ = cell(table(STATEMENT, context="(In millions)"), "Restructuring", 1)
    assert value == 0


def test_dollar_sign_cell_is_folded_into_its_number() -> None:
    parsed = table(STATEMENT, context="(In millions)")
    assert [c.text for c in parsed.cells if c.row_label == "Net sales"] == ["$391,035", "$383,285"]
    assert len(parsed.column_labels) == 2


def test_per_share_rows_are_not_scaled() -> None:
    value, unit, _ = cell(
        table(STATEMENT, context="(In millions, except per-share amounts)"), "Diluted earnings per share", 2
    )
    assert (value, unit) == (Decimal("6.13"), "USD/share")


def test_percent_cells_are_percent_points() -> None:
    value, unit, _ = cell(table(STATEMENT, context="(In millions)"), "Gross margin percentage", 1)
    assert (value, unit) == (Decimal("46.2"), "percent")


def test_spanning_header_names_every_column_below_it() -> None:
    parsed = table(STATEMENT)
    assert parsed.column_labels == ["Years ended September 28, 2024", "Years ended September 30, 2023"]
    _, _, period = cell(parsed, "Net sales", 2)
    assert period == Period("duration", date(2022, 10, 1), date(2023, 9, 30))


def test_scale_in_thousands() -> None:
    value, _, _ = cell(table(STATEMENT, context="(Dollars in thousands)"), "Net sales", 1)
    assert value == Decimal("391035000")


def test_shares_exception_does_not_override_the_table_scale() -> None:
    scale, text = find_scale(
        "(In millions, except number of shares, which are reflected in thousands, and per-share)"
    )
    assert (scale, text) == (6, "In millions")


QUARTER = """
<tr><td></td><td colspan="3">Three Months Ended</td><td></td><td colspan="3">Six Months Ended</td></tr>
<tr><td></td><td>Jul 27, 2025</td><td></td><td>Jul 28, 2024</td><td></td><td>Jul 27, 2025</td><td></td><td>Jul 28, 2024</td></tr>
<tr><td>Revenue</td><td>46,743</td><td></td><td>30,040</td><td></td><td>90,805</td><td></td><td>56,084</td></tr>
"""


def test_ten_q_three_and_six_month_columns() -> None:
    parsed = table(QUARTER, TEN_Q, "(In millions)")
    three = cell(parsed, "Revenue", 1)
    six = cell(parsed, "Revenue", 3)
    assert three[0] == Decimal("46743000000")
    assert three[2] == Period("duration", date(2025, 4, 28), date(2025, 7, 27))
    assert six[0] == Decimal("90805000000")
    assert six[2] == Period("duration", date(2025, 1, 28), date(2025, 7, 27))


def test_balance_sheet_dates_are_instants() -> None:
    parsed = table(
        """<tr><td></td><td>September 28, 2024</td><td></td><td>September 30, 2023</td></tr>
        <tr><td>Total assets</td><td>364,980</td><td></td><td>352,583</td></tr>""",
        context="(In millions)",
    )
    assert cell(parsed, "Total assets", 2)[2] == Period("instant", None, date(2023, 9, 30))


def test_row_path_follows_indentation() -> None:
    parsed = table(
        """<tr><td></td><td>2024</td></tr>
        <tr><td style="padding:0 1pt">Operating expenses:</td><td></td></tr>
        <tr><td style="padding:2px 1pt 2px 10pt">Research and development</td><td>31,370</td></tr>
        <tr><td style="padding:2px 1pt 2px 20pt">Total operating expenses</td><td>57,467</td></tr>""",
    )
    paths = {c.row_label: c.row_path for c in parsed.cells}
    assert paths["Research and development"] == ["Operating expenses", "Research and development"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("(1,234)", "-1234"),
        ("$ (62)", "-62"),
        ("—", "0"),
        ("–", "0"),
        ("12.5%", "12.5"),
        ("(3)%", "-3"),
        ("$391,035", "391035"),
    ],
)
def test_number_forms(text: str, value: str) -> None:
    parsed = parse_number(text)
    assert parsed is not None and parsed.value == Decimal(value)


@pytest.mark.parametrize("text", ["NM", "n/a", "Total", "", "Q3"])
def test_non_numbers(text: str) -> None:
    assert parse_number(text) is None


def test_a_dated_balance_row_is_an_instant_whatever_its_column() -> None:
    parsed = table(
        """<tr><td></td><td>Common Stock</td><td></td><td>Retained Earnings</td></tr>
        <tr><td>Balance as of September 30, 2023</td><td>73,812</td><td></td><td>(214)</td></tr>""",
        context="(In millions)",
    )
    assert cell(parsed, "Balance as of September 30, 2023", 2)[2] == Period(
        "instant", None, date(2023, 9, 30)
    )


def test_an_undated_column_reports_the_documents_own_period() -> None:
    parsed = table("""<tr><td></td><td>Americas</td></tr><tr><td>Net sales</td><td>167,045</td></tr>""")
    assert cell(parsed, "Net sales", 1)[2] == Period("duration", date(2023, 9, 29), date(2024, 9, 28))


def test_a_percent_column_heading_beside_a_year_leaves_the_years_a_header() -> None:
    """Comcast's 10-Q segment tables: "(in millions) | 2023 | 2022 | %" under "Three Months Ended June 30,".
    The "%" heads the change column; folded into "2022" it had made the years a row of figures, and every
    figure below was stored in units, not millions ($6,195 for the Media segment's $6,195 million)."""
    parsed = table(
        """
<tr><td></td><td colspan="3">Three Months Ended June 30,</td><td></td><td>Change</td></tr>
<tr><td>(in millions)</td><td>2023</td><td></td><td>2022</td><td></td><td>%</td></tr>
<tr><td>Total revenue</td><td>$6,195</td><td></td><td>$6,188</td><td></td><td>0.1%</td></tr>
""",
        TEN_Q,
    )
    value, unit, period = cell(parsed, "Total revenue", 1)
    assert (value, unit) == (Decimal("6195000000"), "USD")
    assert period is not None and period.end == date(2023, 6, 30)
    assert not [c for c in parsed.cells if c.text.startswith("2022")]
