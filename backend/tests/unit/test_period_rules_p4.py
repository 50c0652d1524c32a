"""Periods of cells whose column names no period, in tables of corpus-large filings
(`../shared/corpus-large`), cut down from the named filing to the prose and tables that show the rule: a
purchase price allocation dated by acquisition sentences that the document prints well before it (another
table in between), a roll-forward whose balances print their date without "at", a balance in a section "As
of and for the fiscal year ended …", columns that name what stands at a day ("Authorized Shares", "Number of
plaintiffs", "At December 31, Gross Amount"), columns that name a length and a day but no year; and the
period the filer's XBRL tags give."""

from datetime import date

from html_tables import at, flow, parse_html_table, periods, row
from lxml import etree

from filingproof.ingest.parse.document import parse_tables
from filingproof.ingest.parse.layout import layout_document
from filingproof.ingest.parse.periods import DocumentPeriod, Period, periods_agree
from filingproof.ingest.parse.tables import ParsedTable

JNJ_10Q = DocumentPeriod("10-Q", date(2023, 7, 2), 2023, "Q2")
MA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GME_10K = DocumentPeriod("10-K", date(2024, 2, 3), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")
TMO_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
VZ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
VZ_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")

# A table of over 300 characters between the acquisition sentences and the allocation: the prose the
# allocation is parsed with starts after it.
_TABLE_BETWEEN = (
    "<table>"
    + row("(In millions)", "2023", "2022")
    + "".join(row(f"Segment income of the business unit number {n}", f"{n}00", f"{n}10") for n in range(1, 9))
    + "</table>"
)


def _tables(body: str, document: DocumentPeriod) -> list[ParsedTable]:
    """The tables of a document whose body is `body`, parsed as the ingest parses them."""
    root = etree.fromstring(f'<body xmlns="http://www.w3.org/1999/xhtml">{body}</body>')
    return [table for table in parse_tables(layout_document(root), document) if table is not None]


def _periods(table: ParsedTable, label: str, column: str) -> list[Period | None]:
    return [c.period for c in table.cells if c.row_label == label and c.column_label == column]


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
    assert _periods(allocation, "Property, plant and equipment", "PPD") == [at(2021, 12, 8)]
    assert _periods(allocation, "Property, plant and equipment", "Mesa Biotech") == [at(2021, 2, 25)]
    # A column that names the business in other words: each of its words is in the sentence.
    assert _periods(allocation, "Customer relationships", "European Viral Vector Business") == [
        at(2021, 1, 15)
    ]
    # What was paid is a flow of that one day.
    day = date(2021, 2, 25)
    assert _periods(allocation, "Cash paid", "Mesa Biotech") == [Period("duration", day, day)]


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
    assert _periods(allocation, "Goodwill", "") == [at(2023, 11, 7)]
    assert _periods(allocation, "Accounts payable", "") == [at(2023, 11, 7)]


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
    assert _periods(inventories, "Finished products", "") == [at(2024, 4, 30)]


def _agree(parsed: list[Period | None], tagged: list[Period]) -> bool:
    return len(parsed) == len(tagged) and all(
        p is not None and periods_agree(p, t.start, t.end, t.kind == "instant")
        for p, t in zip(parsed, tagged, strict=True)
    )


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
    assert _agree(granted, [year_2021, year_2021, year_2022, year_2022])
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
    assert _agree(periods(parsed, "Net sales"), [flow(date(2023, 1, 29), date(2024, 2, 3))] * 3)


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
    assert _agree(periods(parsed, "Amortization expense"), [flow(date(2023, 1, 1), date(2023, 12, 31))])


def test_a_column_that_names_a_length_and_a_day_is_that_stretch_of_the_year_the_row_names() -> None:
    # VZ Q2 2023 10-Q, amortization of intangible assets: years printed as rows under "Six Months Ended
    # June 30," (tags: the six months of each year).
    parsed = parse_html_table(
        row("(dollars in millions)", "Six Months Ended June 30,")
        + row("2023", "$ 1,300")
        + row("2022", "1,240"),
        VZ_10Q,
    )
    assert _agree(periods(parsed, "2023"), [flow(date(2023, 1, 1), date(2023, 6, 30))])
    assert _agree(periods(parsed, "2022"), [flow(date(2022, 1, 1), date(2022, 6, 30))])
