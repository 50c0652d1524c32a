"""Flows under dates that end three successive fiscal years, in corpus-large filings
(`../shared/corpus-large`): each table is cut down from the named filing's to the rows that show the rule,
with the period the filer's own XBRL tags give."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period

KHC_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
INTC_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
KHC_YEARS = (
    flow(date(2022, 12, 31), date(2023, 12, 30)),
    calendar_year(2022),
    flow(date(2020, 12, 26), date(2021, 12, 25)),
)

# KHC 2023 10-K, restructuring by segment: segment names read neither as balances nor as flows.
KHC_RESTRUCTURING = (
    row("", "December 30, 2023", "December 31, 2022", "December 25, 2021")
    + row("North America", "$15", "$40", "$15")
    + row("International", "220", "25", "22")
    + row("General corporate expenses", "(10)", "9", "47")
    + row("", "$225", "$74", "$84")
)
KHC_INTRODUCTION = (
    "The pre-tax impact of allocating such expenses/(income) to our segments would have been (in millions):"
)
# INTC 2023 10-K, volume of derivative activity: three year ends over balances its introduction names.
INTC_NOTIONAL = (
    row("(In Millions)", "Dec 30, 2023", "Dec 31, 2022", "Dec 25, 2021")
    + row("Foreign currency contracts", "$30,064", "$31,603", "$38,024")
    + row("Total", "$50,530", "$49,708", "$55,750")
)


def _periods(
    html: str, document: DocumentPeriod, label: str, context: str
) -> list[tuple[Period | None, str]]:
    """(period, rule) of each cell of the row `label`."""
    parsed = parse_html_table(html, document, context, None)
    return [(c.period, c.period_rule) for c in parsed.cells if c.row_label == label]


def test_rows_that_name_a_segment_under_three_year_ends_are_the_years() -> None:
    cells = _periods(KHC_RESTRUCTURING, KHC_10K, "International", KHC_INTRODUCTION)
    assert cells == [(period, "flow_under_three_year_ends") for period in KHC_YEARS]


def test_an_introduction_that_names_balances_keeps_them_at_the_dates() -> None:
    context = (
        "Total gross notional amounts for outstanding derivatives (recorded at fair value) at the end of "
        "each period were as follows:"
    )
    cells = _periods(INTC_NOTIONAL, INTC_10K, "Foreign currency contracts", context)
    assert [c[0] for c in cells] == [at(2023, 12, 30), at(2022, 12, 31), at(2021, 12, 25)], cells


def test_two_year_ends_are_a_balance_sheet_s_dates() -> None:
    two_dates = row("", "December 30, 2023", "December 31, 2022") + row("North America", "$15", "$40")
    cells = _periods(two_dates, KHC_10K, "North America", KHC_INTRODUCTION)
    assert [c[0] for c in cells] == [at(2023, 12, 30), at(2022, 12, 31)], cells
