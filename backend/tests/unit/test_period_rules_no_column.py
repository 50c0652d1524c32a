"""Periods of cells whose column names no period, in tables of corpus-large filings
(`../shared/corpus-large`), each cut down from the named filing's table (or its prose and tables) to the rows
that show the rule: what the fidelity bench found parsed wrong against the filer's own XBRL tags, and the
period the tags give. Figures written in a label or a text cell (a figure beside its year or its length,
figures listed over two lengths "respectively", a sentence that names its period, a spread over a reference
rate, the bounds of a price range), a year printed beside the row, an acquisition dated in the prose (even
well before the allocation, another table in between), a dated heading over a block, a month named alone,
balances that print their date without "at" around the year's movements, a section "As of and for the
fiscal year ended …", columns that name what stands at a day ("Authorized Shares", "Number of Plaintiffs",
"At December 31, Gross Amount") or a length and a day but no year, and a row that names a flow among
balances by year of origination."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, periods, row
from lxml import etree

from filingproof.ingest.parse.document import parse_tables
from filingproof.ingest.parse.layout import layout_document
from filingproof.ingest.parse.periods import DocumentPeriod, Period, periods_agree
from filingproof.ingest.parse.periods.prose import caption_period
from filingproof.ingest.parse.tables import ParsedTable

ABBV_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
ABBV_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
ABT_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
AMC_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
AMD_10Q = DocumentPeriod("10-Q", date(2023, 7, 1), 2023, "Q2")
AMZN_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
AXP_10Q = DocumentPeriod("10-Q", date(2023, 9, 30), 2023, "Q3")
BA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
BMY_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
DOW_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
F_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
GD_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GE_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GME_10K = DocumentPeriod("10-K", date(2024, 2, 3), 2023, "FY")
HD_10K = DocumentPeriod("10-K", date(2024, 1, 28), 2023, "FY")
JNJ_10Q = DocumentPeriod("10-Q", date(2023, 7, 2), 2023, "Q2")
KO_10K = DocumentPeriod("10-K", date(2024, 12, 31), 2024, "FY")
LOW_10K = DocumentPeriod("10-K", date(2024, 2, 2), 2023, "FY")
LOW_10Q = DocumentPeriod("10-Q", date(2023, 8, 4), 2023, "Q2")
MA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
MCD_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
NKE_10K = DocumentPeriod("10-K", date(2024, 5, 31), 2024, "FY")
PEP_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
PG_10K = DocumentPeriod("10-K", date(2024, 6, 30), 2024, "FY")
PG_10Q = DocumentPeriod("10-Q", date(2023, 9, 30), 2024, "Q1")
RKT_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")
TMO_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
TMO_10Q = DocumentPeriod("10-Q", date(2023, 7, 1), 2023, "Q2")
TRV_10Q = DocumentPeriod("10-Q", date(2023, 9, 30), 2023, "Q3")
TXN_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
TXN_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
V_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q3")
VZ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
VZ_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
WMT_10K = DocumentPeriod("10-K", date(2025, 1, 31), 2025, "FY")

QUARTERS_AND_HALVES = row(
    "",
    "Three months ended June 30, 2023",
    "Three months ended June 30, 2022",
    "Six months ended June 30, 2023",
    "Six months ended June 30, 2022",
)
Q2_2023, Q2_2022 = flow(date(2023, 4, 1), date(2023, 6, 30)), flow(date(2022, 4, 1), date(2022, 6, 30))
H1_2023, H1_2022 = flow(date(2023, 1, 1), date(2023, 6, 30)), flow(date(2022, 1, 1), date(2022, 6, 30))


def written(parsed: ParsedTable, label: str) -> list[Period | None]:
    """The periods of the figures written inside a row's label, in the order written."""
    return [c.period for c in parsed.cells if c.row_label == label and c.inline_span is not None]


def _tables(body: str, document: DocumentPeriod) -> list[ParsedTable]:
    """The tables of a document whose body is `body`, parsed as the ingest parses them."""
    root = etree.fromstring(f'<body xmlns="http://www.w3.org/1999/xhtml">{body}</body>')
    return [table for table in parse_tables(layout_document(root), document) if table is not None]


def _periods_in_column(table: ParsedTable, label: str, column: str) -> list[Period | None]:
    """The periods of a row's cells in one column (an allocation's columns name its businesses)."""
    return [c.period for c in table.cells if c.row_label == label and c.column_label == column]


def _agree_with_tags(parsed: list[Period | None], tagged: list[Period]) -> bool:
    """Each parsed period names its tagged one, within the calendar's slack (`periods_agree`)."""
    return len(parsed) == len(tagged) and all(
        p is not None and periods_agree(p, t.start, t.end, t.kind == "instant")
        for p, t in zip(parsed, tagged, strict=True)
    )


def _written_by_text(
    html: str, document: DocumentPeriod, context: str
) -> dict[str, tuple[Period | None, str]]:
    """(period, rule) of each figure written in a label or a text cell (no column), by its text."""
    parsed = parse_html_table(html, document, context, None)
    return {c.text: (c.period, c.period_rule) for c in parsed.cells if not c.column_label}


def _same_length_to_the_day(period: Period | None, expected: Period) -> bool:
    """The same length to the same day (the end exact, not `periods_agree`'s slack); a 52-53 week calendar
    may start a few days apart."""
    return (
        period is not None
        and period.kind == "duration"
        and period.end == expected.end
        and period.start is not None
        and expected.start is not None
        and abs((period.start - expected.start).days) <= 7
    )


def test_a_figure_written_with_its_year_takes_the_column_of_that_year() -> None:
    # ABBV 2023 10-K, statement of comprehensive income: each tax figure written "in" its year.
    label = (
        "Foreign currency translation adjustments, net of tax expense (benefit) of $15 in 2023, "
        "$(10) in 2022 and $(35) in 2021"
    )
    parsed = parse_html_table(
        row("years ended December 31 (in millions)", "2023", "2022", "2021")
        + row("Net earnings", "$4,873", "$11,836", "$11,549")
        + row(label, "(8)", "(1,156)", "(1,151)"),
        ABBV_10K,
    )
    assert written(parsed, label) == [calendar_year(2023), calendar_year(2022), calendar_year(2021)]


def test_figures_written_with_their_length_take_the_column_of_that_length() -> None:
    # ABBV Q2 2023 10-Q, statement of comprehensive income: "for the three months and … for the six months
    # ended June 30, 2023".
    label = (
        "Foreign currency translation adjustments, net of tax expense (benefit) of $(6) for the three "
        "months and $6 for the six months ended June 30, 2023 and $(12) for the three months and $(19) for "
        "the six months ended June 30, 2022"
    )
    parsed = parse_html_table(
        QUARTERS_AND_HALVES + row(label, "(16)", "(823)", "178", "(1,054)"), ABBV_10Q, "(in millions)"
    )
    assert written(parsed, label) == [Q2_2023, H1_2023, Q2_2022, H1_2022]


def test_figures_listed_before_their_year_take_that_years_columns_in_order() -> None:
    # ABT Q2 2023 10-Q, statement of comprehensive income: "$(3) and $(3) in 2023" over the quarter and the
    # half year of 2023.
    label = (
        "Net actuarial gains (losses) and amortization of net actuarial losses and prior service costs and "
        "credits, net of taxes of $(3) and $(3) in 2023 and $12 and $25 in 2022"
    )
    parsed = parse_html_table(QUARTERS_AND_HALVES + row(label, "(6)", "54", "(4)", "116"), ABT_10Q)
    assert written(parsed, label) == [Q2_2023, H1_2023, Q2_2022, H1_2022]


def test_a_list_with_negatives_in_parentheses_gives_one_figure_per_column() -> None:
    # BA 2023 10-K, statement of comprehensive income: "($11), $12 and ($16)" over 2023, 2022 and 2021.
    label = "Unrealized gain/(loss) arising during period, net of tax of ($11), $12 and ($16)"
    parsed = parse_html_table(
        row("Years ended December 31,", "2023", "2022", "2021") + row(label, "41", "(40)", "55"),
        BA_10K,
        "(Dollars in millions)",
    )
    assert written(parsed, label) == [calendar_year(2023), calendar_year(2022), calendar_year(2021)]


def test_a_year_printed_beside_the_row_dates_its_figures() -> None:
    # PG 2024 10-K, global segment results: the year in a column of its own, total assets at its end.
    parsed = parse_html_table(
        row("Global Segment Results", "", "Net Sales", "Net Earnings/(Loss)", "Total Assets")
        + row("BEAUTY", "2024", "$15,220", "$2,963", "$6,103")
        + row("", "2023", "15,008", "3,178", "6,196")
        + row("", "2022", "14,740", "3,160", "6,055"),
        PG_10K,
    )
    fiscal = [flow(date(y - 1, 7, 1), date(y, 6, 30)) for y in (2024, 2023, 2022)]
    by_column = {
        column: [c.period for c in parsed.cells if c.column_label == column]
        for column in ("Net Sales", "Total Assets")
    }
    assert by_column["Net Sales"] == fiscal
    assert by_column["Total Assets"] == [at(2024, 6, 30), at(2023, 6, 30), at(2022, 6, 30)]
    # PG Q1 2025 10-Q: the columns print the quarter's end without its year; the row prints the year.
    parsed = parse_html_table(
        row("", "", "Three Months Ended September 30", "Three Months Ended September 30")
        + row("", "", "Net Sales", "Net Earnings/(Loss)")
        + row("Beauty", "2023", "$4,097", "$971")
        + row("", "2022", "3,961", "1,011"),
        PG_10Q,
    )
    sales = [c.period for c in parsed.cells if c.column_label.endswith("Net Sales")]
    assert sales == [flow(date(2023, 7, 1), date(2023, 9, 30)), flow(date(2022, 7, 1), date(2022, 9, 30))]


def test_a_purchase_price_allocation_is_at_the_acquisition_date_the_prose_gives() -> None:
    # TMO 2023 10-K: one column per business acquired, each dated by its sentence before the table.
    prose = (
        "2023 On January 3, 2023, the company acquired, within the Specialty Diagnostics segment, The "
        "Binding Site Group, a U.K.-based provider of specialty diagnostic assays and instruments. The "
        "goodwill recorded as a result of this business combination is not tax deductible. On August 14, "
        "2023, the company acquired, within the Laboratory Products and Biopharma Services segment, "
        "CorEvitas, LLC, a U.S.-based provider of regulatory-grade, real-world evidence. The components of "
        "the purchase price and net assets acquired are as follows:"
    )
    parsed = parse_html_table(
        row("(In millions)", "The Binding Site", "CorEvitas")
        + row("Purchase price", "", "")
        + row("Cash paid", "$2,412", "$730")
        + row("Net assets acquired", "", "")
        + row("Customer relationships", "$868", "$260")
        + row("Goodwill", "1,741", "627"),
        TMO_10K,
        prose,
        "The components of the purchase price and net assets acquired are as follows:",
    )
    assert periods(parsed, "Customer relationships") == [at(2023, 1, 3), at(2023, 8, 14)]
    assert periods(parsed, "Goodwill") == [at(2023, 1, 3), at(2023, 8, 14)]
    # What was paid is a flow of that one day.
    assert periods(parsed, "Cash paid") == [
        flow(date(2023, 1, 3), date(2023, 1, 3)),
        flow(date(2023, 8, 14), date(2023, 8, 14)),
    ]


def test_a_dated_balance_heading_dates_the_block_under_it() -> None:
    # RKT 2023 10-K, fair values on a recurring basis: blocks headed "Balance at December 31, 2023", then
    # "Balance at December 31, 2022", over columns that name the levels.
    parsed = parse_html_table(
        row("", "Level 1", "Level 2", "Level 3", "Total")
        + row("Balance at December 31, 2023", "", "", "", "")
        + row("Assets:", "", "", "", "")
        + row("IRLCs", "—", "—", "132,870", "132,870")
        + row("Balance at December 31, 2022", "", "", "", "")
        + row("Assets:", "", "", "", "")
        + row("MSRs", "—", "—", "6,946,940", "6,946,940"),
        RKT_10K,
        "89 Rocket Companies, Inc. Notes to Consolidated Financial Statements (Continued)",
        "($ In Thousands, Except Per Share Amounts Or Unless Otherwise Noted)",
    )
    assert periods(parsed, "IRLCs") == [at(2023, 12, 31)] * 4
    assert periods(parsed, "MSRs") == [at(2022, 12, 31)] * 4


def test_a_month_named_alone_is_at_that_months_end() -> None:
    # LOW 2023 10-K, notes issued: the issue month in the rows.
    parsed = parse_html_table(
        row("Issue Date", "Principal Amount (in millions)", "Interest Rate", "Discount (in millions)")
        + row("March 2023", "$1,000", "4.800%", "$3"),
        LOW_10K,
        "During 2023, the Company issued $3.0 billion of unsecured fixed rate notes (collectively, the 2023 "
        "Notes) as follows:",
    )
    assert periods(parsed, "March 2023") == [at(2023, 3, 31)] * 3
    # VZ 2023 10-K, ABS notes issued: the month as a heading over its series.
    parsed = parse_html_table(
        row("(dollars in millions)", "Interest Rates %", "Principal Amount Issued")
        + row("January 2023", "", "")
        + row("Series 2023-1", "", "")
        + row("A Senior class notes", "4.490", "$891"),
        VZ_10K,
        "During the year ended December 31, 2023, we completed the following ABS Notes transactions:",
    )
    assert periods(parsed, "A Senior class notes") == [at(2023, 1, 31)] * 2


def test_a_month_notes_fall_due_in_is_not_a_date_of_the_figures() -> None:
    # GD 2023 10-K, debt: "May 2023" under "Fixed-rate notes due:"; the rate is tagged at the report date.
    parsed = parse_html_table(
        row("December 31", "", "2023", "2022")
        + row("Fixed-rate notes due:", "Interest rate:", "", "")
        + row("May 2023", "3.375%", "$—", "$750")
        + row("Total debt principal", "", "9,340", "10,590")
        + row("Long-term debt", "", "$8,754", "$9,243"),
        GD_10K,
        "Debt consisted of the following:",
    )
    assert periods(parsed, "May 2023")[0] == at(2023, 12, 31)


def test_clauses_that_split_the_columns_list_them_in_order() -> None:
    # TXN Q2 2023 10-Q, statement of comprehensive income: the quarters' tax effects, then the half years'.
    label = "Adjustments, net of tax effect of ($2) and $8; ($1) and $6"
    parsed = parse_html_table(
        row(
            "(In millions)",
            "For Three Months Ended June 30, 2023",
            "For Three Months Ended June 30, 2022",
            "For Six Months Ended June 30, 2023",
            "For Six Months Ended June 30, 2022",
        )
        + row(label, "2", "(40)", "—", "(34)"),
        TXN_10Q,
    )
    assert written(parsed, label) == [Q2_2023, Q2_2022, H1_2023, H1_2022]


def test_a_figure_takes_the_date_written_next_after_it() -> None:
    # HD 2023 10-K, balance sheet: "1,796 shares at January 28, 2024 and 1,794 shares at January 29, 2023".
    label = (
        "Common stock, par value $0.05; authorized: 10,000 shares; issued: 1,796 shares at January 28, 2024 "
        "and 1,794 shares at January 29, 2023; outstanding: 992 shares at January 28, 2024 and 1,016 shares "
        "at January 29, 2023"
    )
    parsed = parse_html_table(
        row("in millions, except per share data", "January 28, 2024", "January 29, 2023")
        + row(label, "90", "90"),
        HD_10K,
    )
    dated = {c.text: c.period for c in parsed.cells if c.row_label == label and c.inline_span is not None}
    assert [dated[count] for count in ("1,796", "1,794", "992", "1,016")] == [
        at(2024, 1, 28),
        at(2023, 1, 29),
        at(2024, 1, 28),
        at(2023, 1, 29),
    ]


def test_a_figure_after_its_year_and_a_comma_takes_that_years_column() -> None:
    # AXP Q3 2023 10-Q, balance sheet: "2023, $108; 2022, $59".
    label = "Other loans, less reserves for credit losses: 2023, $108; 2022, $59"
    parsed = parse_html_table(
        row("(Millions, except share data)", "September 30, 2023", "December 31, 2022")
        + row(label, "6,483", "5,357"),
        AXP_10Q,
    )
    assert written(parsed, label) == [at(2023, 9, 30), at(2022, 12, 31)]


def test_figures_listed_with_a_list_of_years_take_the_columns_in_order() -> None:
    # KO 2024 10-K (the 17-filing corpus), shareowners' equity: "$1.94, $1.84 and $1.76 in 2024, 2023 and
    # 2022, respectively" is one figure per column, not three of 2024.
    label = "Dividends (per share — $1.94, $1.84 and $1.76 in 2024, 2023 and 2022, respectively)"
    parsed = parse_html_table(
        row("Year Ended December 31,", "2024", "2023", "2022") + row(label, "(8,359)", "(7,952)", "(7,616)"),
        KO_10K,
    )
    assert [p.end.year for p in written(parsed, label) if p is not None] == [2024, 2023, 2022]


def test_rows_above_the_first_of_dated_balances_are_the_flows_up_to_it() -> None:
    # DOW Q2 2023 10-Q, 2023 restructuring program: charges by segment, then "Reserve balance at Mar 31,
    # 2023", the second quarter's movements, "Reserve balance at Jun 30, 2023".
    parsed = parse_html_table(
        row(
            "2023 Restructuring Program",
            "Severance and Related Benefit Costs",
            "Asset Write-downs and Write-offs",
            "Total",
        )
        + row("In millions", "", "", "")
        + row("Packaging &amp; Specialty Plastics", "$—", "$1", "$1")
        + row("Total restructuring charges", "$344", "$197", "$541")
        + row("Cash payments", "(11)", "—", "(11)")
        + row("Reserve balance at Mar 31, 2023", "$333", "$—", "$333")
        + row("Cash payments", "(60)", "—", "(60)")
        + row("Reserve balance at Jun 30, 2023", "$273", "$—", "$273"),
        DOW_10Q,
    )
    first_quarter = flow(date(2023, 1, 1), date(2023, 3, 31))
    assert periods(parsed, "Packaging & Specialty Plastics") == [first_quarter] * 3
    assert periods(parsed, "Reserve balance at Mar 31, 2023") == [at(2023, 3, 31)] * 3


def test_the_sentence_that_introduces_the_table_dates_it_after_a_page_header() -> None:
    # ABBV Q2 2023 10-Q: the page header "2023 Form 10-Q | 15" taken for the table's title, the sentence
    # after it dating the fair values at the year's end.
    parsed = parse_html_table(
        row("(in millions)", "Book value", "Approximate fair value")
        + row("Liabilities", "", "")
        + row("Short-term borrowings", "$1", "$1"),
        ABBV_10Q,
        "2023 Form 10-Q | 15 The book values, approximate fair values and bases used to measure the "
        "approximate fair values of certain financial instruments as of December 31, 2022 are shown in the "
        "table below:",
        "2023 Form 10-Q | 15",
    )
    assert periods(parsed, "Short-term borrowings") == [at(2022, 12, 31)] * 2


def test_a_maturity_date_in_the_row_is_not_the_date_of_its_figures() -> None:
    # NKE 2024 10-K, long-term debt by scheduled maturity: the original principal and rate at the report date.
    parsed = parse_html_table(
        row("", "", "", "BOOK VALUE OUTSTANDING AS OF MAY 31,", "BOOK VALUE OUTSTANDING AS OF MAY 31,")
        + row(
            "Scheduled Maturity (Dollars in millions)", "ORIGINAL PRINCIPAL", "INTEREST RATE", "2024", "2023"
        )
        + row("Corporate Term Debt:", "", "", "", "")
        + row("March 27, 2025", "1,000", "2.40%", "$999", "$998"),
        NKE_10K,
        "Long-term debt, net of unamortized premiums, discounts, and debt issuance costs, and swap fair "
        "value adjustments comprises the following:",
    )
    assert periods(parsed, "March 27, 2025")[:2] == [at(2024, 5, 31)] * 2


def test_assets_in_a_section_of_a_length_are_at_its_end() -> None:
    # F Q2 2023 10-Q, segment information: "Second Quarter 2022" over revenues (the quarter) and total
    # assets (at its end).
    parsed = parse_html_table(
        row("", "Ford Blue", "Ford Model e", "Total")
        + row("Second Quarter 2022", "", "", "")
        + row("External revenues", "$23,834", "$1,320", "$40,190")
        + row("Total assets", "56,047", "3,670", "245,755"),
        F_10Q,
        "Key financial information for the periods ended or at June 30 was as follows (in millions):",
    )
    assert periods(parsed, "External revenues") == [Q2_2022] * 3
    assert periods(parsed, "Total assets") == [at(2022, 6, 30)] * 3


def test_a_past_year_the_introduction_names_dates_the_table() -> None:
    # PEP 2023 10-K: charges "taken in 2022", under columns that name what they are.
    parsed = parse_html_table(
        row("", "Cost of sales", "Selling, general and administrative expenses", "Total")
        + row("Impairment charges related to intangible assets", "$—", "$—", "$1,198")
        + row("Other", "9", "42", "51"),
        PEP_10K,
        "",
        "A summary of pre-tax charges taken in 2022 in our Europe division as a result of the Russia-Ukraine "
        "conflict is as follows:",
    )
    # PEP tags fiscal 2022, 2021-12-26 to 2022-12-31 (a 53-week year).
    assert all(
        p is not None and periods_agree(p, date(2021, 12, 26), date(2022, 12, 31), False)
        for p in periods(parsed, "Other")
    )


def test_a_date_weeks_after_the_report_is_still_the_date_of_the_figure() -> None:
    # AMZN 2023 10-K, cover: the shares outstanding on a day after the fiscal year's end (not a maturity).
    label = "Number of shares of common stock outstanding as of January 24, 2024"
    parsed = parse_html_table(row(label, "10,387,381,291"), AMZN_10K)
    assert periods(parsed, label) == [at(2024, 1, 24)]


def test_a_year_heading_takes_the_length_and_day_the_header_prints() -> None:
    # TRV Q3 2023 10-Q, segment results: "(For the nine months ended September 30, in millions)" over the
    # segments, the year heading each block.
    parsed = parse_html_table(
        row(
            "(For the nine months ended September 30, in millions)",
            "Business Insurance",
            "Personal Insurance",
        )
        + row("2023", "", "")
        + row("Premiums", "$14,077", "$10,990")
        + row("2022", "", "")
        + row("Fee income", "285", "22"),
        TRV_10Q,
    )
    assert periods(parsed, "Premiums") == [flow(date(2023, 1, 1), date(2023, 9, 30))] * 2
    assert periods(parsed, "Fee income") == [flow(date(2022, 1, 1), date(2022, 9, 30))] * 2


def test_deferred_income_under_a_date_in_the_stub_is_a_balance() -> None:
    # GE 2023 10-K, progress collections and deferred income by segment, after a sentence about revenues
    # recognized from a liability position (not a table of revenues).
    parsed = parse_html_table(
        row("December 31, 2023", "Aerospace", "Renewable Energy", "Total")
        + row("Progress collections", "$6,198", "$6,886", "$19,106")
        + row("Current deferred income", "201", "239", "571")
        + row("Progress collections and deferred income", "$6,399", "$7,125", "$19,677")
        + row("Non-current deferred income", "1,150", "122", "1,339")
        + row("Total Progress collections and deferred income", "$7,549", "$7,247", "$21,017"),
        GE_10K,
        "Revenues recognized for contracts included in a liability position at the beginning of the year "
        "were $13,967 million and $12,345 million for the years ended December 31, 2023 and 2022, "
        "respectively.",
    )
    assert periods(parsed, "Current deferred income") == [at(2023, 12, 31)] * 3
    assert periods(parsed, "Progress collections") == [at(2023, 12, 31)] * 3


def test_a_page_header_taken_for_the_title_does_not_hide_the_introduction() -> None:
    # PEP 2023 10-K: "Table of Contents" (the page's header) found as the title, after the sentence that
    # introduces the table and names its year.
    parsed = parse_html_table(
        row("", "Cost of sales", "Selling, general and administrative expenses", "Total")
        + row("PBNA", "$26", "$8", "$160")
        + row("Total", "$61", "$174", "$648"),
        PEP_10K,
        "70 Table of Contents A summary of pre-tax charges taken in 2022 as a result of our decision to "
        "reposition or discontinue the sale/distribution of certain brands and to sell an investment is as "
        "follows:",
        "Table of Contents",
    )
    assert all(
        p is not None and periods_agree(p, date(2021, 12, 26), date(2022, 12, 31), False)
        for p in periods(parsed, "PBNA")
    )


def test_an_introduction_as_of_and_for_a_period_names_no_one_period() -> None:
    # VZ Q2 2023 10-Q, device payment plan receivables (balances) and gross write-offs (flows).
    introduction = (
        "The following table presents device payment plan agreement receivables, at amortized cost, and "
        "gross write-offs recorded, as of and for the six months ended June 30, 2023, by credit quality "
        "indicator and year of origination:"
    )
    assert caption_period(introduction, VZ_10Q) is None
    # V Q3 2023 10-Q: one period, and only one.
    one = "The following table presents earnings per share for the three months ended June 30, 2022:"
    assert caption_period(one, V_10Q) == Q2_2022


def test_blocks_closed_by_the_year_end_they_name_are_at_that_date() -> None:
    # TXN 2023 10-K, amounts recognized on the balance sheets: a block closed by "Funded status at end of
    # 2023", then one closed by "… at end of 2022".
    parsed = parse_html_table(
        row("", "U.S. Defined Benefit", "Non-U.S. Defined Benefit", "Total")
        + row("Overfunded retirement plans", "$—", "$165", "$173")
        + row("Underfunded retirement plans", "(82)", "(24)", "(108)")
        + row("Funded status at end of 2023", "$(87)", "$134", "$53")
        + row("Overfunded retirement plans", "$—", "$180", "$188")
        + row("Underfunded retirement plans", "(97)", "(19)", "(118)")
        + row("Funded status at end of 2022", "$(100)", "$155", "$61"),
        TXN_10K,
        "Amounts recognized on our Consolidated Balance Sheets as of December 31, are as follows:",
    )
    assert periods(parsed, "Overfunded retirement plans") == [at(2023, 12, 31)] * 3 + [at(2022, 12, 31)] * 3
    assert periods(parsed, "Funded status at end of 2022") == [at(2022, 12, 31)] * 3


def test_rows_above_quarterly_balances_in_a_10k_are_the_first_quarter() -> None:
    # MCD 2023 10-K, restructuring accruals: an undated "Beginning Balance", the first quarter's movements,
    # then balances at each quarter's end.
    parsed = parse_html_table(
        row("", "Employee Termination Benefits", "Total")
        + row("Beginning Balance", "$—", "$—")
        + row("Restructuring Costs Incurred", "110.3", "180.5")
        + row("Accrued Balance at March 31, 2023", "$108.8", "$163.2")
        + row("Cash Payments", "(27.7)", "(86.2)")
        + row("Accrued Balance at June 30, 2023", "$72.3", "$93.2"),
        MCD_10K,
        "",
        "The following table summarizes the balance of accrued expenses related to this strategic initiative "
        "(in millions):",
    )
    assert periods(parsed, "Restructuring Costs Incurred") == [flow(date(2023, 1, 1), date(2023, 3, 31))] * 2


def test_debt_issued_on_a_day_before_the_documents_period_is_dated_by_that_day() -> None:
    # WMT 2025 10-K (the 17-filing corpus), debt issued "during fiscal 2024": the terms at the issue date,
    # the proceeds over fiscal 2024 (to 2024-01-31).
    parsed = parse_html_table(
        row("(Amounts in millions)", "", "", "")
        + row("Issue Date", "Principal Amount", "Interest Rate", "Net Proceeds")
        + row("April 18, 2023", "$750", "4.000%", "$748")
        + row("Total", "", "", "$4,967"),
        WMT_10K,
        "There were no long-term debt issuances in fiscal 2025. Information on significant long-term debt "
        "issued during fiscal 2024, for general corporate purposes, is as follows:",
        "Debt Issuances",
    )
    fiscal_2024 = flow(date(2023, 2, 1), date(2024, 1, 31))
    assert periods(parsed, "April 18, 2023") == [at(2023, 4, 18), at(2023, 4, 18), fiscal_2024]


def test_a_figure_written_in_a_sentence_takes_the_period_the_sentence_names() -> None:
    # AMC Q2 2023 10-Q, stock-based compensation: bullets of prose in a table.
    text = (
        "Stock Award Agreement: During the six months ended June 30, 2023, the Company granted awards of "
        "85,552 fully vested shares of Common Stock with a grant date fair value of $0.9 million. Awards of "
        "1,000 shares remain unvested."
    )
    parsed = parse_html_table(row("●", text), AMC_10Q, "(in millions)", None)
    by_text = {c.text: (c.period, c.period_rule) for c in parsed.cells}
    half_year = flow(date(2023, 1, 1), date(2023, 6, 30))
    assert by_text["85,552"] == (half_year, "period_its_sentence_names"), by_text
    assert by_text["$0.9 million"] == (half_year, "period_its_sentence_names")
    # (The next sentence names no period: its figure stays at the report date.)
    assert by_text["1,000"] == (at(2023, 6, 30), "written_figure_at_the_report_date"), by_text


# A table of over 300 characters between the acquisition sentences and the allocation: the prose the
# allocation is parsed with starts after it.
_TABLE_BETWEEN = (
    "<table>"
    + row("(In millions)", "2023", "2022")
    + "".join(row(f"Segment income of the business unit number {n}", f"{n}00", f"{n}10") for n in range(1, 9))
    + "</table>"
)


def test_an_allocation_column_is_dated_by_its_business_s_sentence_earlier_in_the_document() -> None:
    # TMO 2023 10-K, note 2: the 2021 deals, each dated in its own paragraph; the allocation for all of
    # them comes after other tables (tags: PPD at 2021-12-08, Mesa Biotech at 2021-02-25, the European viral
    # vector business at 2021-01-15).
    body = (
        "<p>On December 8, 2021, the company acquired PPD, Inc., a leading global provider of clinical "
        "research services to the biopharma and biotech industry.</p>"
        "<p>On February 25, 2021, the company acquired, within the Life Sciences Solutions segment, Mesa "
        "Biotech, Inc., a U.S.-based molecular diagnostic company.</p>"
        "<p>On January 15, 2021, the company acquired, within the Laboratory Products and Biopharma Services "
        "segment, the Belgium-based European viral vector manufacturing business of Groupe Novasep SAS.</p>"
        f"{_TABLE_BETWEEN}"
        "<p>The components of the purchase price and net assets acquired for 2021 acquisitions are as "
        "follows:</p>"
        "<table>"
        + row("(In millions)", "PPD", "European Viral Vector Business", "Mesa Biotech")
        + row("Cash paid", "$ 17,237", "$ 848", "$ 421")
        + row("Customer relationships", "6,257", "302", "—")
        + row("Property, plant and equipment", "527", "59", "2")
        + "</table>"
    )
    allocation = _tables(body, TMO_10K)[-1]
    assert _periods_in_column(allocation, "Property, plant and equipment", "PPD") == [at(2021, 12, 8)]
    assert _periods_in_column(allocation, "Property, plant and equipment", "Mesa Biotech") == [
        at(2021, 2, 25)
    ]
    # A column that names the business in other words: each of its words is in the sentence.
    assert _periods_in_column(allocation, "Customer relationships", "European Viral Vector Business") == [
        at(2021, 1, 15)
    ]
    # What was paid is a flow of that one day.
    day = date(2021, 2, 25)
    assert _periods_in_column(allocation, "Cash paid", "Mesa Biotech") == [Period("duration", day, day)]


def test_an_allocation_of_one_deal_is_at_the_day_the_document_last_dated_one() -> None:
    # SJM 2024 10-K, note 3: "On November 7, 2023, we completed a cash and stock transaction to acquire
    # Hostess Brands", then the consideration table; the allocation's one column names no business (tags:
    # 2023-11-07, not the report date 2024-04-30).
    body = (
        "<p>On November 7, 2023, we completed a cash and stock transaction to acquire Hostess Brands, Inc., "
        "a manufacturer and marketer of sweet baked goods brands.</p>"
        f"{_TABLE_BETWEEN}"
        "<p>The following table summarizes the fair values of the assets acquired and liabilities assumed "
        "as of the acquisition date:</p>"
        "<table>"
        + row("Assets acquired:", "")
        + row("Inventories", "66.0")
        + row("Goodwill", "2,447.2")
        + row("Accounts payable", "$ 67.3")
        + "</table>"
    )
    allocation = _tables(body, SJM_10K)[-1]
    assert _periods_in_column(allocation, "Goodwill", "") == [at(2023, 11, 7)]
    assert _periods_in_column(allocation, "Accounts payable", "") == [at(2023, 11, 7)]


def test_a_table_that_allocates_no_purchase_price_is_not_dated_by_an_acquisition() -> None:
    # The same prose before a table of balances that allocates nothing: at the report date.
    body = (
        "<p>On November 7, 2023, we completed a cash and stock transaction to acquire Hostess Brands.</p>"
        f"{_TABLE_BETWEEN}"
        "<p>Inventories consisted of the following:</p>"
        "<table>"
        + row("", "")
        + row("Finished products", "$ 1,054.7")
        + row("Total inventories", "1,054.7")
        + "</table>"
    )
    inventories = _tables(body, SJM_10K)[-1]
    assert _periods_in_column(inventories, "Finished products", "") == [at(2024, 4, 30)]


def test_balances_that_print_their_date_without_at_bracket_the_year_s_movements() -> None:
    # VZ 2023 10-K, restricted and performance stock units: "Outstanding January 1, 2021" … "Outstanding
    # December 31, 2021" … 2022 (tags: each "Granted" the year between, each "Outstanding" its day).
    parsed = parse_html_table(
        row(
            "(shares in thousands)",
            "Restricted Stock Units Equity Awards",
            "Performance Stock Units Equity Awards",
        )
        + row("Outstanding January 1, 2021", "6,901", "4,242")
        + row("Granted", "4,079", "5,353")
        + row("Payments", "(3,417)", "—")
        + row("Outstanding December 31, 2021", "6,779", "8,640")
        + row("Granted", "4,149", "5,752")
        + row("Outstanding December 31, 2022", "7,253", "13,825"),
        VZ_10K,
    )
    granted = [c.period for c in parsed.cells if c.row_label == "Granted"]
    year_2021, year_2022 = (
        flow(date(2021, 1, 1), date(2021, 12, 31)),
        flow(date(2022, 1, 1), date(2022, 12, 31)),
    )
    assert _agree_with_tags(granted, [year_2021, year_2021, year_2022, year_2022])
    assert periods(parsed, "Outstanding December 31, 2021") == [at(2021, 12, 31)] * 2


def test_a_balance_in_a_section_as_of_and_for_a_year_is_at_its_end() -> None:
    # GME 2023 10-K, segment information: sections "As of and for the Fiscal Year Ended …" over columns that
    # name regions (tags: property at 2024-02-03, sales the fiscal year).
    parsed = parse_html_table(
        row("", "United States", "Canada", "Total")
        + row("As of and for the Fiscal Year Ended February 3, 2024", "", "", "")
        + row("Net sales", "$ 3,798.5", "$ 344.1", "$ 5,272.8")
        + row("Property and equipment, net", "56.8", "1.7", "94.9"),
        GME_10K,
    )
    assert periods(parsed, "Property and equipment, net") == [at(2024, 2, 3)] * 3
    assert _agree_with_tags(periods(parsed, "Net sales"), [flow(date(2023, 1, 29), date(2024, 2, 3))] * 3)


def test_columns_that_name_what_stands_at_a_day_are_at_the_report_date() -> None:
    # MA 2023 10-K, classes of stock; JNJ Q2 2023 10-Q, product liability plaintiffs; VZ 2023 10-K, other
    # intangible assets (tags: each at the report date).
    shares = parse_html_table(
        row("Classes of Common Stock", "Par Value Per Share", "Authorized Shares (in millions)")
        + row("A", "0.0001", "3,000")
        + row("Preferred", "0.0001", "300"),
        MA_10K,
    )
    assert periods(shares, "A") == [at(2023, 12, 31)] * 2
    plaintiffs = parse_html_table(
        row("Product or matter", "Number of Plaintiffs")
        + row("Pelvic meshes", "7,160")
        + row("TYLENOL", "520"),
        JNJ_10Q,
    )
    assert periods(plaintiffs, "Pelvic meshes") == [at(2023, 7, 2)]
    intangibles = parse_html_table(
        row("At December 31,", "Gross Amount", "Accumulated Amortization", "Net Amount")
        + row("Customer lists (5 to 13 years)", "$ 4,335", "$ (2,193)", "$ 2,142"),
        VZ_10K,
    )
    assert periods(intangibles, "Customer lists (5 to 13 years)") == [at(2023, 12, 31)] * 3


def test_a_column_that_names_a_day_over_a_flow_row_stays_a_flow() -> None:
    # The same words over a row that names a flow: the year's.
    parsed = parse_html_table(
        row("At December 31,", "Amount") + row("Amortization expense", "$ 2,100"), VZ_10K
    )
    assert _agree_with_tags(
        periods(parsed, "Amortization expense"), [flow(date(2023, 1, 1), date(2023, 12, 31))]
    )


def test_a_column_that_names_a_length_and_a_day_is_that_stretch_of_the_year_the_row_names() -> None:
    # VZ Q2 2023 10-Q, amortization of intangible assets: years printed as rows under "Six Months Ended
    # June 30," (tags: the six months of each year).
    parsed = parse_html_table(
        row("(dollars in millions)", "Six Months Ended June 30,")
        + row("2023", "$ 1,300")
        + row("2022", "1,240"),
        VZ_10Q,
    )
    assert _agree_with_tags(periods(parsed, "2023"), [flow(date(2023, 1, 1), date(2023, 6, 30))])
    assert _agree_with_tags(periods(parsed, "2022"), [flow(date(2022, 1, 1), date(2022, 6, 30))])


# F Q2 2023 10-Q, consumer loans by credit quality: amortized cost by origination year, and the half
# year's gross charge-offs under the same columns.
F_CREDIT_QUALITY = (
    '<tr><td></td><td colspan="3">Amortized Cost Basis by Origination Year</td><td></td></tr>'
    + row("", "2023", "2022", "Prior to 2019", "Total")
    + row("Total consumer", "$11,482", "$16,187", "$1,613", "$53,160")
    + row("Gross charge-offs", "$14", "$63", "$31", "$216")
)


def test_the_charge_offs_of_a_table_of_loans_are_the_year_to_date() -> None:
    parsed = parse_html_table(F_CREDIT_QUALITY, F_10Q, "Credit Quality. (in millions)")
    charge_offs = [c for c in parsed.cells if c.row_label == "Gross charge-offs"]
    half_year = flow(date(2023, 1, 1), date(2023, 6, 30))
    assert [(c.period, c.period_rule) for c in charge_offs] == [(half_year, "flow_row_among_balances")] * 4
    # The loans themselves stand at the report date.
    loans = [c.period for c in parsed.cells if c.row_label == "Total consumer"]
    assert loans == [at(2023, 6, 30)] * 4


# AMD Q2 2023 10-Q, operating income (loss) by segment: the footnote is a row of the table.
AMD_SEGMENTS = row("", "Three Months Ended July 1, 2023") + row("Client", "$(69)")


def test_figures_listed_over_two_lengths_respectively_take_each_its_own() -> None:
    # AMD Q2 2023 10-Q, segment operating income: the footnote under the table.
    note = (
        "(1) For the three and six months ended July 1, 2023, all other operating losses primarily included "
        "$693 million and $1.5 billion of amortization of acquisition-related intangibles, $348 million and "
        "$657 million of stock-based compensation expense and $34 million and $145 million of "
        "acquisition-related costs, respectively. For the three and six months ended June 25, 2022, all "
        "other operating losses primarily included $292 million and $491 million of stock-based "
        "compensation expense, respectively. The segment reports no other figure."
    )
    by_text = _written_by_text(AMD_SEGMENTS + row(note), AMD_10Q, "(In millions)")
    quarter, half = flow(date(2023, 4, 2), date(2023, 7, 1)), flow(date(2023, 1, 1), date(2023, 7, 1))
    rule = "length_its_sentence_lists"
    for text in ("$693 million", "$348 million", "$34 million"):
        assert by_text[text][1] == rule and _same_length_to_the_day(by_text[text][0], quarter), (
            text,
            by_text,
        )
    for text in ("$1.5 billion", "$657 million", "$145 million"):
        assert _same_length_to_the_day(by_text[text][0], half), (text, by_text)
    # The prior year's sentence dates its own pair: the quarter and the half year to June 25, 2022.
    assert _same_length_to_the_day(by_text["$292 million"][0], flow(date(2022, 3, 27), date(2022, 6, 25))), (
        by_text
    )
    assert _same_length_to_the_day(by_text["$491 million"][0], flow(date(2021, 12, 26), date(2022, 6, 25))), (
        by_text
    )


def test_figures_no_and_pairs_stay_at_the_report_date() -> None:
    # A figure no "and" pairs with another: which of the two lengths it is of, the sentence does not say.
    note = (
        "For the three and six months ended July 1, 2023, losses included $693 million of amortization, "
        "$348 million of stock-based compensation expense, respectively."
    )
    by_text = _written_by_text(AMD_SEGMENTS + row(note), AMD_10Q, "(In millions)")
    assert {rule for _, rule in by_text.values()} == {"written_figure_at_the_report_date"}, by_text
    assert by_text["$693 million"][0] == at(2023, 7, 1)


def test_a_spread_over_a_reference_rate_is_of_the_year_to_date() -> None:
    # TMO 2023 10-K and Q2 2023 10-Q, long-term debt: the floating rate notes' spreads over SOFR / EURIBOR.
    html = row("(Dollars in millions)", "December 31, 2023", "December 31, 2022") + row(
        "Floating Rate (SOFR + 0.35%) 1.5-Year Senior Notes, Due 4/18/2023", "—", "1,000"
    )
    year = _written_by_text(html, TMO_10K, "Note 10. Debt and Other Financing Arrangements")
    assert year["0.35%"] == (flow(date(2023, 1, 1), date(2023, 12, 31)), "spread_over_the_period"), year
    half = _written_by_text(html, TMO_10Q, "Note 10. Debt and Other Financing Arrangements")
    assert half["0.35%"][1] == "spread_over_the_period" and _same_length_to_the_day(
        half["0.35%"][0], flow(date(2023, 1, 1), date(2023, 7, 1))
    ), half
    # A rate written with no reference rate before it is the note's own coupon, at the report date.
    plain = row("(Dollars in millions)", "December 31, 2023") + row("0.797% 2-Year Senior Notes", "1,350")
    coupon = _written_by_text(plain, TMO_10K, "Note 10. Debt and Other Financing Arrangements")
    assert coupon["0.797%"][1] != "spread_over_the_period", coupon


def test_the_bounds_of_a_price_range_row_are_of_the_year() -> None:
    # BMY 2023 10-K, options outstanding by range of exercise prices.
    html = (
        row("Range of Exercise Prices", "Number of Options (in millions)", "Weighted-Average Exercise Price")
        + row("$10 - $40", "0.7", "$36.34")
        + row("$65 +", "3.4", "70.04")
    )
    by_text = _written_by_text(html, BMY_10K, "The following table summarizes options at December 31, 2023:")
    year = flow(date(2023, 1, 1), date(2023, 12, 31))
    for text in ("$10", "$40", "$65"):
        assert by_text[text] == (year, "price_range_over_the_period"), by_text


def test_notes_issued_on_a_day_stand_at_that_day() -> None:
    # LOW Q2 2023 10-Q, long-term debt: DebtInstrumentFaceAmount, ...InterestRateStatedPercentage and
    # ...UnamortizedDiscount of each note at 2023-03-30, the day of issue; the rows have no label.
    intro = (
        "Long-Term Debt On March 30, 2023, the Company issued $3.0 billion of unsecured fixed rate notes"
        " (March 2023 Notes) as follows:"
    )
    html = (
        row("Principal Amount (in millions)", "Maturity Date", "Interest Rate", "Discount (in millions)")
        + row("$1,000", "April 2026", "4.800%", "$3")
        + row("$500", "April 2063", "5.850%", "$5")
    )
    parsed = parse_html_table(html, LOW_10Q, intro)
    assert parsed.cells and all(c.period == at(2023, 3, 30) for c in parsed.cells), [
        (c.text, c.period) for c in parsed.cells
    ]
