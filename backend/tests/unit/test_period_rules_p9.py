"""Balances under a bare year whose column prints the day "as of" or "at", in corpus-large filings
(`../shared/corpus-large`): each table is cut down from the named filing's to the rows that show the rule,
with the period the filer's own XBRL tags give."""

from datetime import date

from html_tables import at, calendar_year, parse_html_table, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period

ABBV_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
VZ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")


def _periods(
    html: str, document: DocumentPeriod, label: str, title: str | None
) -> list[tuple[str, Period | None]]:
    """(column label, period) of each cell of the row `label`."""
    parsed = parse_html_table(html, document, "(in millions)", title)
    return [(c.column_label, c.period) for c in parsed.cells if c.row_label == label]


def test_a_bare_year_under_as_of_a_day_holds_balances() -> None:
    # ABBV 2023 10-K, other long-term liabilities: the stub prints "as of December 31", the columns the years.
    html = (
        row("as of December 31 (in millions)", "2023", "2022")
        + row("Contingent consideration liabilities", "$17,938", "$14,915")
        + row("Pension and other post-employment benefits", "1,538", "1,638")
        + row("Other long-term liabilities", "$32,327", "$30,655")
    )
    cells = _periods(
        html, ABBV_10K, "Pension and other post-employment benefits", "Other Long-Term Liabilities"
    )
    assert [c[1] for c in cells] == [at(2023, 12, 31), at(2022, 12, 31)], cells


def test_net_amount_at_a_day_under_a_bare_year_is_a_balance() -> None:
    # VZ 2023 10-K, other intangible assets: "At December 31," spans the amounts of both years.
    html = (
        row("(dollars in millions)", "2023", "", "", "2022", "", "")
        + row(
            "At December 31,",
            "Gross Amount",
            "Accumulated Amortization",
            "Net Amount",
            "Gross Amount",
            "Accumulated Amortization",
            "Net Amount",
        )
        + row(
            "Customer lists (5 to 13 years)", "$4,335", "$(2,193)", "$2,142", "$4,335", "$(1,646)", "$2,689"
        )
    )
    cells = _periods(html, VZ_10K, "Customer lists (5 to 13 years)", None)
    net = [c[1] for c in cells if c[0].endswith("Net Amount")]
    assert net == [at(2023, 12, 31), at(2022, 12, 31)], cells


def test_a_bare_year_with_no_day_still_holds_the_years_flow() -> None:
    # VZ 2023 10-K: the amortization expense table prints years alone; its figures stay the years' flows.
    html = row("Years (dollars in millions)", "") + row("2023", "$2,687") + row("2022", "2,507")
    parsed = parse_html_table(
        html, VZ_10K, "The amortization expense for Other intangible assets was as follows:"
    )
    periods = [c.period for c in parsed.cells]
    assert periods == [calendar_year(2023), calendar_year(2022)], [
        (c.row_label, c.period) for c in parsed.cells
    ]
