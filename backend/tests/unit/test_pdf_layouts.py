"""Table layouts of corpus-large filings printed to PDF (`bench/pdf_fidelity.py --set dev`), rebuilt with
`pdf_builder`: each page places the lines of a real page (Caterpillar's, Johnson & Johnson's, PepsiCo's,
Travelers', Intel's 2023 filings) where they were printed, and the cells parsed must carry what those
filings' XBRL tags say.
"""

from datetime import date
from decimal import Decimal

from pdf_builder import Text, pdf_with_pages

from filingproof.ingest.parse.periods import Period
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.pdf.cover import named_fiscal_year, quarter_reported
from filingproof.ingest.pdf.document import PdfDocument, parse_pdf

SIZE = 7.0  # the printed filings' type is 6–8 points


def _cover(form: str, period: str) -> list[Text]:
    return [
        Text(270, 60, f"FORM {form}", size=12),
        Text(200, 80, period),
        Text(240, 110, "EXAMPLE WIDGETS, INC.", size=12),
        Text(200, 128, "(Exact name of registrant as specified in its charter)"),
    ]


QUARTER = _cover("10-Q", "For the quarterly period ended June 30, 2023")
YEAR = _cover("10-K", "For the fiscal year ended December 31, 2023")


def _text(x: float, top: float, text: str, size: float = SIZE) -> Text:
    return Text(x, top, text, size=size)


def _centred(middle: float, top: float, text: str) -> Text:
    return Text(middle, top, text, size=SIZE, centred=True)


def _figure(right: float, top: float, text: str) -> Text:
    return Text(right, top, text, size=SIZE, right=True)


def _row(top: float, label: str, rights: tuple[float, ...], figures: tuple[str, ...]) -> list[Text]:
    return [_text(55, top, label), *(_figure(r, top, f) for r, f in zip(rights, figures, strict=True))]


def _cells(document: PdfDocument) -> list[NumericCell]:
    return [cell for table in document.tables if table for cell in table.cells]


def _by_label(document: PdfDocument, label: str) -> list[NumericCell]:
    return [cell for cell in _cells(document) if cell.row_label == label]


def _instant(day: date) -> Period:
    return Period("instant", None, day)


# Caterpillar 10-Q, page 20: the stub's "(Millions of dollars)" printed between the header's "Fair /
# Unrealized" and "Value / Losses" lines, overlapping both. It must not cut the header off the table.
LOSS_POSITIONS = [
    _text(50, 246, "Available-for-sale debt securities in an unrealized loss position:"),
    _centred(389.5, 263, "June 30, 2023"),
    *(
        _centred(x, 275, t)
        for x, t in ((282.5, "Less than 12 months"), (392.5, "12 months or more"), (499.5, "Total"))
    ),
    *(_centred(x, 286.5, word) for x, word in ((253.5, "Fair"), (310, "Unrealized"), (364.5, "Fair"))),
    *(_centred(x, 286.5, word) for x, word in ((417.5, "Unrealized"), (471.5, "Fair"), (525, "Unrealized"))),
    _text(50, 291, "(Millions of dollars)"),
    *(_centred(x, 295.6, word) for x, word in ((253.5, "Value"), (309.5, "Losses"), (364, "Value"))),
    *(_centred(x, 295.6, word) for x, word in ((417.5, "Losses"), (471.5, "Value"), (524.5, "Losses"))),
    _text(50, 307, "Corporate debt securities"),
    *(_text(x, 318, "$") for x in (229, 284, 342, 392, 449, 500)),
    *_row(
        318, "Corporate bonds", (276, 334, 385, 441, 492, 547), ("1,414", "26", "947", "62", "2,361", "88")
    ),
    *_row(330, "Asset-backed securities", (276, 334, 385, 441, 492, 547), ("57", "1", "92", "4", "149", "5")),
]


def test_a_stub_header_between_header_lines_keeps_the_header() -> None:
    document = parse_pdf(pdf_with_pages([QUARTER, LOSS_POSITIONS]))
    bonds = _by_label(document, "Corporate bonds")
    assert [cell.value for cell in bonds] == [
        Decimal(v) * 10**6 for v in ("1414", "26", "947", "62", "2361", "88")
    ]
    assert bonds[0].column_label == "June 30, 2023 Less than 12 months Fair Value"
    assert bonds[1].column_label == "June 30, 2023 Less than 12 months Unrealized Losses"
    # Fair values and unrealized losses held at the balance sheet date (the tags' instants).
    assert {cell.period for cell in bonds} == {_instant(date(2023, 6, 30))}


# Johnson & Johnson 10-K, page 72: "Effective / Rate" flush right over the rates, "%" beside "2023" on the
# header's last line, a date centred over neither.
DEBT = [
    _text(25, 95, "The components of long-term debt are as follows:"),
    Text(422, 108, "Effective", size=SIZE, right=True),
    Text(569, 108, "Effective", size=SIZE, right=True),
    Text(422, 117.8, "Rate", size=SIZE, right=True),
    Text(569, 117.8, "Rate", size=SIZE, right=True),
    _text(26, 127.2, "(Dollars in Millions)"),
    _figure(348, 127.2, "2023"),
    _figure(422, 127.2, "%"),
    _figure(492, 127.2, "2022"),
    _figure(569, 127.2, "%"),
    *_row(138.7, "6.73% Debentures due 2023", (348, 422, 491, 569), ("$—", "— %", "$250", "6.73 %")),
    *_row(150.8, "3.375% Notes due 2023", (348, 415, 491, 561), ("—", "—", "801", "3.17")),
    *_row(162.3, "2.625% Notes due 2025", (348, 415, 491, 561), ("750", "2.63", "749", "2.63")),
]


def test_a_header_flush_right_over_its_column_and_a_percent_sign_under_it() -> None:
    document = parse_pdf(pdf_with_pages([YEAR, DEBT]))
    notes = _by_label(document, "2.625% Notes due 2025")
    figures = [cell for cell in notes if cell.text != "2.625%"]  # (the rate written in the label, too)
    assert [cell.column_label for cell in figures] == ["2023", "Effective Rate %", "2022", "Effective Rate %"]
    assert [(cell.value, cell.unit) for cell in figures] == [
        (Decimal("750E+6"), "USD"),
        (Decimal("2.63"), "percent"),
        (Decimal("749E+6"), "USD"),
        (Decimal("2.63"), "percent"),
    ]


# Johnson & Johnson 10-K, page 89: "Sales to Customers" and "% Change" set left of the middle of the
# columns they head, wider than any one of them.
SALES = [
    _text(25, 60, "Sales by segment were as follows:"),
    _text(314, 77.9, "Sales to Customers"),
    _text(505, 77.9, "% Change"),
    _text(26, 90, "(Dollars in Millions)"),
    _figure(303, 90, "2023"),
    _figure(373, 90, "2022"),
    _figure(444, 90, "2021"),
    _figure(514, 90, "’23 vs. ’22"),
    _figure(586, 90, "’22 vs. ’21"),
    _text(35, 105.6, "EDURANT / rilpivirine"),
    *_row(121.9, "U.S.", (303, 373, 444, 514, 586), ("35", "36", "41", "(3.7)", "(10.8)")),
    *_row(133.4, "International", (303, 373, 444, 512, 584), ("1,115", "972", "953", "14.8", "2.0")),
]


def test_headers_off_the_middle_of_the_columns_they_head() -> None:
    document = parse_pdf(pdf_with_pages([YEAR, SALES]))
    international = _by_label(document, "International")
    assert [cell.column_label for cell in international] == [
        "Sales to Customers 2023",
        "Sales to Customers 2022",
        "Sales to Customers 2021",
        "% Change ’23 vs. ’22",
        "% Change ’22 vs. ’21",
    ]
    assert [cell.unit for cell in international] == ["USD"] * 3 + ["percent"] * 2
    assert international[3].value == Decimal("14.8")


# PepsiCo 10-K, page 68: each year over its "Shares" and "Amount" columns, set left of their middle
# (farther than two lines' height: centred on neither run).
EQUITY = [
    _text(25, 51, "Consolidated Statement of Equity"),
    _text(25, 81.8, "(in millions except per share amounts)"),
    _centred(298.5, 97.7, "2023"),  # 18 points left of the middle of "Shares" and "Amount"
    _centred(413.5, 97.7, "2022"),
    _centred(528, 97.7, "2021"),
    *(Text(x, 109.8, word, size=SIZE, right=True) for x, word in ((297, "Shares"), (354, "Amount"))),
    *(Text(x, 109.8, word, size=SIZE, right=True) for x, word in ((412, "Shares"), (469, "Amount"))),
    *(Text(x, 109.8, word, size=SIZE, right=True) for x, word in ((526, "Shares"), (584, "Amount"))),
    _text(26, 121.3, "Common Stock"),
    *_row(
        133,
        "Balance, beginning of year",
        (295, 352, 409, 467, 524, 582),
        ("1,377", "23", "1,383", "23", "1,380", "23"),
    ),
    *_row(
        145,
        "Balance, end of year",
        (295, 352, 409, 467, 524, 582),
        ("1,374", "23", "1,377", "23", "1,383", "23"),
    ),
]


def test_a_year_over_a_pair_of_columns_set_off_their_middle() -> None:
    document = parse_pdf(pdf_with_pages([YEAR, EQUITY]))
    ending = _by_label(document, "Balance, end of year")
    assert [cell.column_label for cell in ending] == [
        f"{year} {name}" for year in (2023, 2022, 2021) for name in ("Shares", "Amount")
    ]
    assert [cell.period for cell in ending][::2] == [
        _instant(date(2023, 12, 31)),
        _instant(date(2022, 12, 31)),
        _instant(date(2021, 12, 31)),
    ]


# PepsiCo 10-K, page 73: a description column printed close right of the totals and wrapped under them;
# page 110: a sentence ending "are as follows:" between two tables.
CHARGES = [
    _text(25, 57, "A summary of pre-tax charges taken in 2023 is as follows:"),
    _centred(251, 85, "Selling, general and"),
    _centred(326.5, 85, "Impairment of intangible"),
    *(_centred(x, 94.5, t) for x, t in ((176, "Cost of sales"), (251, "administrative expenses"))),
    *(_centred(x, 94.5, t) for x, t in ((326.5, "assets"), (402.5, "Total"))),
    _text(26, 106.7, "PBNA"),
    *(_text(x, 106.7, "$") for x in (141, 216, 292, 367)),
    *(_figure(r, 106.7, f) for r, f in ((209, "26"), (284, "8"), (360, "126"), (435, "160"))),
    _text(441, 106.7, "Impairment and other charges"),
    _text(441, 116.2, "associated with distribution rights"),
    _text(26, 137.2, "LatAm"),
    *(_figure(r, 137.2, f) for r, f in ((209, "—"), (284, "35"), (360, "36"), (435, "71"))),
    _text(441, 137.2, "Loss on sale of certain brands"),
    _text(26, 148, "Total"),
    *(_figure(r, 148, f) for r, f in ((209, "26"), (284, "43"), (360, "162"), (435, "231"))),
    _text(25, 170, "Maturities of lease liabilities by year for our operating leases are as follows:"),
    *_row(185, "2024", (435,), ("663",)),
    *_row(197, "2025", (435,), ("569",)),
]


def test_a_text_column_wrapped_beside_the_figures_and_a_sentence_ending_as_follows() -> None:
    document = parse_pdf(pdf_with_pages([YEAR, CHARGES]))
    pbna = [cell for cell in _by_label(document, "PBNA")]
    assert [(cell.column_label, cell.value) for cell in pbna] == [
        ("Cost of sales", Decimal("26")),  # (no scale stated on the page)
        ("Selling, general and administrative expenses", Decimal("8")),
        ("Impairment of intangible assets", Decimal("126")),
        ("Total", Decimal("160")),
    ]
    # The lease maturities are a table of their own, not rows under the charges' "Total" column.
    lease = _by_label(document, "2025")
    assert [cell.value for cell in lease] == [Decimal("569")]
    assert document.layout.tables[-1].title == (
        "Maturities of lease liabilities by year for our operating leases are as follows:"
    )


# Caterpillar 10-Q, page 22: "Net periodic benefit cost (benefit)¹" with its footnote mark set 1.5 points
# above the line, which its figures (set 1 point above the label) must join; page 19: the mark of "Other
# Adjustments¹" printed on the stub's "(Millions of dollars)" line.
BENEFITS = [
    _text(50, 60, "Goodwill by segment:"),
    _text(331, 81.9, "December 31,"),
    _text(497, 81.9, "June 30,"),
    _text(50, 86.5, "(Millions of dollars)"),
    _text(461, 88.6, "1", size=4.4),  # (`top` + size is the baseline: half a point above the stub's)
    _figure(355, 91, "2022"),
    _text(402, 91, "Other Adjustments"),
    _figure(514, 91, "2023"),
    *_row(113.8, "Goodwill", (384, 465, 543), ("287", "(13)", "274")),
    *_row(273.8, "Amortization of prior service cost", (384, 465, 543), ("—", "—", "(6)")),
    _text(55, 285.7, "Net periodic benefit cost (benefit)"),
    _text(159, 285.8, "1", size=4.4),  # its baseline 1.5 points above the figures', 2.5 above the label's
    *(_figure(r, 284.7, f) for r, f in ((384, "(16)"), (465, "(134)"), (543, "1"))),
]


def test_footnote_marks_beside_a_label_and_on_the_stubs_line() -> None:
    document = parse_pdf(pdf_with_pages([QUARTER, BENEFITS]))
    goodwill = _by_label(document, "Goodwill")
    assert [cell.column_label for cell in goodwill] == [
        "December 31, 2022",
        "Other Adjustments",
        "June 30, 2023",
    ]
    assert goodwill[0].period == _instant(date(2022, 12, 31))
    net = [cell for cell in _cells(document) if cell.row_label.startswith("Net periodic benefit cost")]
    assert [cell.value for cell in net] == [Decimal("-16E+6"), Decimal("-134E+6"), Decimal("1E+6")]


# Travelers 10-Q, page 19: a header set smaller than the rows, further above them than 2.5 of its lines.
ALLOWANCE = [
    _text(25, 60, "Premiums receivable and the allowance for expected credit losses were as follows:"),
    _text(313, 88.5, "At and For the Six Months Ended June 30, 2023", size=6.2),
    _text(313, 100.5, "Premiums Receivable, Net", size=6.2),
    _text(386, 100.5, "Allowance", size=6.2),
    _text(26, 119.4, "(in millions)", size=6.2),
    # 19.5 points below the header: more than 2.5 of its lines, less than 2.5 of the rows'.
    *_row(146.2, "Balance, beginning of period", (374, 444), ("8,922", "77")),
    *_row(158, "Balance, end of period", (374, 444), ("10,345", "68")),
]


def test_a_header_set_smaller_than_the_rows_heads_them() -> None:
    document = parse_pdf(pdf_with_pages([QUARTER, ALLOWANCE]))
    ending = _by_label(document, "Balance, end of period")
    assert ending[0].column_label.startswith("At and For the Six Months Ended June 30, 2023")
    assert ending[0].value == Decimal("10345E+6")


# Intel 10-Q, page 21: one row of figures under a header of dates; a header over the text column.
HEDGES = [
    _text(25, 164.9, "The amounts recorded related to fair value hedges were as follows:"),
    _text(320, 192.2, "Carrying Amount of the Hedged Item"),
    _text(26, 213.7, "(In Millions)"),
    _figure(355, 213.7, "Jul 1, 2023"),
    _figure(429, 213.7, "Dec 31, 2022"),
    *_row(225.8, "Long-term debt", (371, 443), ("(11,200)", "(11,221)")),
    _text(25, 246.8, "The total notional amount of outstanding swaps was $12.0 billion as of July 1, 2023."),
    _text(25, 278.8, "The effects of derivative instruments not designated as hedges were as follows:"),
    _centred(377, 296.7, "Three Months Ended"),
    _centred(518, 296.7, "Six Months Ended"),
    _centred(239.5, 308.2, "Location of Gains (Losses)"),
    _text(26, 317.7, "(In Millions)"),
    _centred(239.5, 317.7, "Recognized in Income on Derivatives"),
    *(_figure(r, 317.7, t) for r, t in ((357, "Jul 1, 2023"), (428, "Jul 2, 2022"))),
    *(_figure(r, 317.7, t) for r, t in ((499, "Jul 1, 2023"), (570, "Jul 2, 2022"))),
    _text(26, 329.8, "Foreign currency contracts"),
    _text(176, 329.8, "Interest and other, net"),
    *(_text(x, 329.8, "$") for x in (309, 380, 450, 521)),
    *(_figure(r, 329.8, f) for r, f in ((372, "211"), (443, "1,023"), (513, "212"), (584, "1,181"))),
    _text(26, 341.3, "Other"),
    _text(176, 341.3, "Various"),
    *(_figure(r, 341.3, f) for r, f in ((372, "100"), (443, "(331)"), (513, "215"), (584, "(465)"))),
]


def test_one_row_under_a_header_and_a_header_over_a_text_column() -> None:
    document = parse_pdf(pdf_with_pages([QUARTER, HEDGES]))
    debt = _by_label(document, "Long-term debt")
    assert [cell.period for cell in debt] == [_instant(date(2023, 7, 1)), _instant(date(2022, 12, 31))]
    contracts = _by_label(document, "Foreign currency contracts")
    assert [cell.column_label for cell in contracts] == [
        f"{months} Months Ended {day}"
        for months in ("Three", "Six")
        for day in ("Jul 1, 2023", "Jul 2, 2022")
    ]
    assert contracts[0].period == Period("duration", date(2023, 4, 2), date(2023, 7, 1))
    six = contracts[2].period
    assert six is not None and six.start is not None
    assert (six.kind, six.end, six.start.month) == ("duration", date(2023, 7, 1), 1)


# Johnson & Johnson 10-K: "2023 Annual Report 65" ends each page, a line of text with a figure right of
# every column; PepsiCo 10-K: "Unless otherwise noted, tabular dollars are in millions" once for all tables.
def _report_page(number: int, rows: list[Text]) -> list[Text]:
    return [*rows, _text(501, 629, "2023 Annual Report"), _figure(586, 629, str(number))]


def test_a_running_footer_is_no_row_and_the_documents_scale_holds_for_its_tables() -> None:
    notes = [
        _text(25, 60, "Unless otherwise noted, tabular dollars are in millions, except per share amounts."),
        *(_text(25, 100 + 25 * n, f"Note {n} says something of its own, at some length.") for n in range(14)),
    ]
    sales = [
        _text(25, 560, "Net revenue of each division is as follows:"),
        _figure(348, 575, "2023"),
        _figure(422, 575, "2022"),
        *_row(587, "FLNA", (348, 422), ("24,914", "23,291")),
        *_row(599, "QFNA", (348, 422), ("3,101", "3,160")),
        *_row(611, "Total", (348, 422), ("28,015", "26,451")),
    ]
    pages = [YEAR, *(_report_page(n, rows) for n, rows in ((64, notes), (65, sales), (66, []), (67, [])))]
    document = parse_pdf(pdf_with_pages(pages))
    flna = _by_label(document, "FLNA")
    assert [cell.value for cell in flna] == [Decimal("24914E+6"), Decimal("23291E+6")]
    assert [cell.row_label for cell in _cells(document)] == ["FLNA"] * 2 + ["QFNA"] * 2 + ["Total"] * 2
    assert "2023 Annual Report 65" in document.layout.pages[2].blocks


def test_the_fiscal_year_a_filing_names_its_period_by() -> None:
    """Home Depot names the year ended January 28, 2024 "fiscal 2023"; its 10-K prints a glossary."""
    glossary = [
        "fiscal 2022 Fiscal year ended January 29, 2023 (includes 52 weeks)",
        "fiscal 2023 Fiscal year ended January 28, 2024 (includes 52 weeks)",
        "fiscal 2024 Fiscal year ending February 2, 2025 (includes 53 weeks)",
    ]
    assert named_fiscal_year(glossary, date(2024, 1, 28)) == 2023
    assert named_fiscal_year(glossary, date(2023, 10, 29)) == 2023  # a 10-Q: the named year it ends in
    sentence = ["for the fiscal year ended January 26, 2025 (“fiscal 2025”), revenue was"]
    assert named_fiscal_year(sentence, date(2025, 1, 26)) == 2025
    assert named_fiscal_year(["For the fiscal year ended January 28, 2024"], date(2024, 1, 28)) is None


def test_the_quarter_a_10q_reports_is_the_longest_length_its_headings_print() -> None:
    # Best Buy's 10-Q for the quarter ended July 29, 2023 heads its statements "Three Months Ended" and "Six
    # Months Ended"; a first quarter's prints only the quarter's, whatever a note says once of another length
    second = ["Three Months Ended Six Months Ended", "July 29, 2023 July 30, 2022"] * 3
    assert quarter_reported(second) == "Q2"
    first = ["Three Months Ended", "for the nine months ended September 30, 2022, the Company"] * 2
    assert quarter_reported([*first, "Three Months Ended"]) == "Q1"
    assert quarter_reported(["13 Weeks Ended 39 Weeks Ended"] * 4) == "Q3"
    assert quarter_reported(["Year Ended December 31, 2022"] * 4) is None


# Johnson & Johnson's fourth-quarter 2022 earnings release, page 2: "REGIONAL SALES RESULTS" printed twice,
# the quarter's over the year's, each naming its length alone over the stub ("Q4", "Full Year") beside
# "% Change", its years on the line below (here in an annual report's pages, whose year is the release's).
ANNUAL_2022 = _cover("10-K", "For the fiscal year ended December 31, 2022")


def _regional_sales(
    top: float, length: str, us: tuple[str, str], international: tuple[str, str]
) -> list[Text]:
    rights = (250.0, 310.0)
    return [
        _text(55, top, length),
        _figure(370, top, "% Change"),
        _text(55, top + 12, "($ in Millions)"),
        _figure(250, top + 12, "2022"),
        _figure(310, top + 12, "2021"),
        _figure(370, top + 12, "Reported"),
        *_row(top + 24, "U.S.", (*rights, 370), (*us, "2.9%")),
        *_row(top + 36, "International", (*rights, 370), (*international, "(11.5)")),
    ]


def test_a_length_alone_over_the_stub_heads_the_years_beside_it() -> None:
    page = [
        _text(55, 80, "REGIONAL SALES RESULTS"),
        *_regional_sales(100, "Q4", ("$12,516", "$12,163"), ("11,190", "12,641")),
        *_regional_sales(200, "Full Year", ("$48,580", "$47,156"), ("46,363", "46,619")),
    ]
    cells = _by_label(parse_pdf(pdf_with_pages([ANNUAL_2022, page])), "U.S.")
    periods = {(cell.column_label, cell.value): cell.period for cell in cells}
    assert periods[("Q4 2022", Decimal(12_516) * 10**6)] == Period(
        "duration", date(2022, 10, 1), date(2022, 12, 31)
    )
    assert periods[("Full Year 2022", Decimal(48_580) * 10**6)] == Period(
        "duration", date(2022, 1, 1), date(2022, 12, 31)
    )
