"""What a year took on without cash, under a bare year, and the lines below a roll-forward's closing balance,
in corpus-large filings (`../shared/corpus-large`): each table is cut down from the named filing's to the rows
that show the rule, with the period the filer's own XBRL tags give."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, periods, row

from filingproof.ingest.parse.periods import DocumentPeriod

MA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
ABT_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")


def test_assets_acquired_and_liabilities_assumed_are_the_years_flows() -> None:
    # MA 2023 10-K, note 6 (supplemental cash flows): every row names assets or liabilities, yet each is
    # what the year's acquisitions brought, tagged over the year (FairValueOfAssetsAcquired, ...).
    intro = (
        "The following table includes supplemental cash flow disclosures for each of the years ended"
        " December 31:"
    )
    html = (
        row("", "2023", "2022", "2021")
        + row("(in millions)", "", "", "")
        + row("Non-cash investing and financing activities", "", "", "")
        + row("Fair value of assets acquired, net of cash acquired", "$—", "$341", "$4,969")
        + row("Fair value of liabilities assumed related to acquisitions", "—", "27", "522")
    )
    parsed = parse_html_table(html, MA_10K, intro, "Note 6. Supplemental Cash Flows")
    years = [calendar_year(2023), calendar_year(2022), calendar_year(2021)]
    assert periods(parsed, "Fair value of assets acquired, net of cash acquired") == years
    assert periods(parsed, "Fair value of liabilities assumed related to acquisitions") == years


def test_assets_taken_on_for_new_leases_are_the_years_flows() -> None:
    # ABT 2023 10-K, leases: RightOfUseAssetObtainedInExchangeForOperatingLeaseLiability, over each year.
    intro = "The following table provides information related to Abbott’s operating leases:"
    label = "ROU assets arising from entering into new operating lease obligations"
    html = row("(in millions, except weighted averages)", "2023", "2022", "2021")
    html += row(label, "253", "263", "343")
    parsed = parse_html_table(html, ABT_10K, intro)
    assert periods(parsed, label) == [calendar_year(2023), calendar_year(2022), calendar_year(2021)]


def test_lines_below_the_closing_balance_that_name_a_liability_are_balances() -> None:
    # SJM 2024 10-K, defined benefit pension plans: below the plan assets at the end of the year, where the
    # funded status sits in the balance sheet, tagged at each April 30 ("Accrued compensation" and "Net
    # benefit liability" name a balance and a flow both).
    html = (
        row("", "Year Ended April 30, 2024", "Year Ended April 30, 2023")
        + row("Change in plan assets:", "", "")
        + row("Fair value of plan assets at beginning of year", "$325.9", "$317.1")
        + row("Actual return on plan assets", "(12.3)", "(11.1)")
        + row("Company contributions", "4.1", "74.1")
        + row("Benefits paid", "(34.5)", "(17.7)")
        + row("Fair value of plan assets at end of year", "$283.0", "$325.9")
        + row("Funded status of the plans", "$(62.9)", "$(53.8)")
        + row("Other noncurrent assets", "8.8", "12.3")
        + row("Accrued compensation", "(17.6)", "(4.0)")
        + row("Net benefit liability", "$(62.9)", "$(53.8)")
    )
    parsed = parse_html_table(html, SJM_10K, "", "Defined Benefit Pension Plans")
    for label in ("Accrued compensation", "Net benefit liability"):
        assert periods(parsed, label) == [at(2024, 4, 30), at(2023, 4, 30)], label
    assert periods(parsed, "Company contributions")[0] == flow(date(2023, 5, 1), date(2024, 4, 30))
