"""A row that names a flow in a table of balances that no column dates, in corpus-large filings
(`../shared/corpus-large`): each table is cut down from the named filing's to the rows that show the rule,
with the period the filer's own XBRL tags give."""

from datetime import date

from html_tables import at, flow, parse_html_table, row

from filingproof.ingest.parse.periods import DocumentPeriod

F_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")

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
