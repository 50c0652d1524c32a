"""Periods of cells in tables of corpus-large filings (`../shared/corpus-large`), each cut down from the named
filing's table to the rows that show the rule: what the fidelity bench found parsed wrong against the filer's
own XBRL tags, and the period that the tags give."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, periods, row

from filingproof.ingest.parse.periods import (
    DocumentPeriod,
    Period,
    parse_column_period,
    periods_agree,
    periods_by_block,
)

AXP_10Q = DocumentPeriod("10-Q", date(2023, 9, 30), 2023, "Q3")
BMY_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CL_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GE_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GD_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
HD_10K = DocumentPeriod("10-K", date(2024, 1, 28), 2023, "FY")
JCI_10K = DocumentPeriod("10-K", date(2024, 9, 30), 2024, "FY")
JNJ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
LOW_10K = DocumentPeriod("10-K", date(2024, 2, 2), 2023, "FY")
PEP_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
RTX_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")
TXN_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
V_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q3")


def test_a_period_printed_once_over_a_block_dates_the_columns_of_the_block() -> None:
    # JNJ 2023 10-K, long-term debt: "2023 | Effective Rate % | 2022 | Effective Rate %".
    parsed = parse_html_table(
        row("(Dollars in Millions)", "2023", "Effective Rate %", "2022", "Effective Rate %")
        + row("2.625% Notes due 2025", "750", "2.63", "749", "2.63"),
        JNJ_10K,
        "See Notes 2 and 7 for financial assets and liabilities held at carrying amount on the Consolidated "
        "Balance Sheet. 7. Borrowings The components of long-term debt are as follows:",
    )
    rates = [c for c in parsed.cells if c.column_label == "Effective Rate %"]
    assert [c.period for c in rates] == [at(2023, 12, 31), at(2022, 12, 31)]


def test_blocks_take_their_period_only_where_the_columns_repeat_block_by_block() -> None:
    # VZ Q2 2023 10-Q, changes in equity: the year printed over "Shares" only, not over "Amount".
    quarter = [flow(date(2023, 4, 1), date(2023, 6, 30)), flow(date(2022, 4, 1), date(2022, 6, 30))]
    labels = [
        "Three Months Ended June 30, 2023 Shares",
        "Three Months Ended June 30, Amount",
        "Three Months Ended June 30, 2022 Shares",
        "Three Months Ended June 30, Amount",
    ]
    named = [quarter[0], None, quarter[1], None]
    assert periods_by_block(labels, named) == [quarter[0], quarter[0], quarter[1], quarter[1]]
    # GE Q2 2023 10-Q, future policy benefits: "June 30, 2022" set over the first column of its block.
    ge = ["Long-term care", "Structured settlement annuities", "Life"]
    at_june = [at(2023, 6, 30), at(2022, 6, 30)]
    labels = [f"June 30, 2023 {kind}" for kind in ge] + [f"June 30, 2022 {ge[0]}", *ge[1:]]
    dated = [at_june[0]] * 3 + [at_june[1], None, None]
    assert periods_by_block(labels, dated) == [at_june[0]] * 3 + [at_june[1]] * 3
    # Columns that do not repeat ("% of total" after two years) are left as they are.
    years = [calendar_year(2023), calendar_year(2022), None]
    assert periods_by_block(["2023", "2022", "% of total"], years) == years
    assert periods_by_block(["2023", "Rate", "2022", "Total"], [*years[:1], None, years[1], None]) == [
        years[0],
        None,
        years[1],
        None,
    ]


def test_rows_above_a_roll_forward_are_not_its_movements() -> None:
    # PEP 2023 10-K, supplemental balance sheet information: receivables above the allowance's roll-forward.
    parsed = parse_html_table(
        row("", "2023", "2022", "2021")
        + row("Accounts and notes receivable (a)")
        + row("Trade receivables", "$8,675", "$8,192", "")
        + row("Other receivables", "2,315", "2,121", "")
        + row("Allowance, beginning of year", "150", "147", "$201")
        + row("Net amounts charged to expense", "55", "21", "(19)")
        + row("Allowance, end of year", "175", "150", "$147"),
        PEP_10K,
        "Note 15 — Supplemental Financial Information",
        "Balance Sheet",
    )
    assert periods(parsed, "Trade receivables") == [at(2023, 12, 30), at(2022, 12, 30)]
    charged = periods(parsed, "Net amounts charged to expense")
    assert [p.kind for p in charged if p is not None] == ["duration"] * 3


def test_a_line_after_the_closing_balance_is_a_balance_under_a_date_column() -> None:
    # JCI 2024 10-K, pension obligations and funded status, under "September 30, | 2024 | 2023".
    parsed = parse_html_table(
        row("September 30,", "2024", "2023")
        + row("Projected benefit obligation at beginning of year", "$1,564", "$1,822")
        + row("Interest cost", "79", "78")
        + row("Projected benefit obligation at end of year", "$1,603", "$1,564")
        + row("Fair value of plan assets at beginning of year", "$1,499", "$1,730")
        + row("Actual return on plan assets", "234", "66")
        + row("Fair value of plan assets at end of year", "$1,591", "$1,499")
        + row("Funded status", "$(12)", "$(65)"),
        JCI_10K,
        "The following table contains the ABO and reconciliations of the changes in the PBO, the changes in "
        "plan assets and the funded status (in millions):",
    )
    assert periods(parsed, "Funded status") == [at(2024, 9, 30), at(2023, 9, 30)]
    assert periods(parsed, "Interest cost") == [
        flow(date(2023, 10, 1), date(2024, 9, 30)),
        flow(date(2022, 10, 1), date(2023, 9, 30)),
    ]


def test_the_period_the_introduction_names_dates_columns_that_name_none() -> None:
    # V Q3 2023 10-Q, earnings per share "for the three months ended June 30, 2022" (a share count
    # outstanding over the quarter is a flow too).
    parsed = parse_html_table(
        row("", "Income Allocation (A)", "Weighted- Average Shares Outstanding (B)", "Earnings per Share")
        + row("Class A common stock", "$3,228", "1,614", "$2.00")
        + row("Class B common stock", "785", "245", "$3.20"),
        V_10Q,
        "(in millions, except per share data)",
        "The following table presents earnings per share for the three months ended June 30, 2022:",
    )
    assert periods(parsed, "Class A common stock") == [flow(date(2022, 4, 1), date(2022, 6, 30))] * 3


def test_what_was_obtained_or_paid_in_the_year_is_a_flow_whatever_it_names() -> None:
    # HD 2023 10-K, supplemental cash flow information related to leases.
    parsed = parse_html_table(
        row("", "Fiscal", "Fiscal")
        + row("in millions", "2023", "2022")
        + row("Lease assets obtained in exchange for new operating lease liabilities", "1,827", "1,991"),
        HD_10K,
        "",
        "The following table presents supplemental information related to leases:",
    )
    assert periods(parsed, "Lease assets obtained in exchange for new operating lease liabilities") == [
        flow(date(2023, 1, 29), date(2024, 1, 28)),
        flow(date(2022, 1, 29), date(2023, 1, 28)),
    ]


def test_a_program_to_date_column_builds_up_to_the_report_date() -> None:
    # CL 2023 10-K, restructuring: the share of each segment in the charges, by year and to date.
    parsed = parse_html_table(
        row(
            "",
            "Twelve Months Ended December 31,",
            "Twelve Months Ended December 31,",
            "Program-to-date Accumulated Charges",
        )
        + row("", "2023", "2022", "")
        + row("North America", "15%", "11%", "12%")
        + row("Total", "100%", "100%", "100%"),
        CL_10K,
        "",
        "Total charges incurred for the 2022 Global Productivity Initiative relate to initiatives undertaken "
        "by the following reportable operating segments:",
    )
    assert periods(parsed, "North America") == [calendar_year(2023), calendar_year(2022), at(2023, 12, 31)]


def test_a_column_of_assets_over_the_years_holds_year_end_balances() -> None:
    # GD 2023 10-K, segments: "Identifiable Assets" spans the years under "Year Ended December 31".
    parsed = parse_html_table(
        row("", "Identifiable Assets", "Identifiable Assets", "Capital Expenditures", "Capital Expenditures")
        + row("Year Ended December 31", "2023", "2022", "2023", "2022")
        + row("Aerospace", "$15,099", "$12,676", "$200", "$214"),
        GD_10K,
        "The following is additional summary financial information for each of our segments:",
    )
    assert periods(parsed, "Aerospace") == [
        at(2023, 12, 31),
        at(2022, 12, 31),
        calendar_year(2023),
        calendar_year(2022),
    ]


def test_a_year_alone_in_the_stub_dates_the_columns_at_that_fiscal_year_end() -> None:
    # AXP Q3 2023 10-Q, Card Member loans aging: the second table, for the prior year end, prints "2022".
    parsed = parse_html_table(
        row("2022 (Millions)", "Current", "30-59 Days Past Due", "60-89 Days Past Due", "Total")
        + row("Card Member Loans:")
        + row("Consumer", "$84,102", "$281", "$198", "$84,964"),
        AXP_10Q,
    )
    assert periods(parsed, "Consumer") == [at(2022, 12, 31)] * 4


def test_blocks_of_balances_latest_first_take_the_date_of_the_total_that_closes_them() -> None:
    # RTX 2023 10-K, pension plan assets by category: "Total at December 31, 2023", then the 2022 block.
    parsed = parse_html_table(
        row("(dollars in millions)", "Level 1", "Level 2", "Total")
        + row("Global Equities", "$6,156", "$4", "$6,160")
        + row("Total at December 31, 2023", "", "", "$48,945")
        + row("Global Equities", "$6,194", "$5", "$6,199")
        + row("Total at December 31, 2022", "", "", "$47,960"),
        RTX_10K,
        "",
        "The fair values of pension plan assets at December 31, 2023 and 2022 by asset category are as "
        "follows:",
    )
    assert periods(parsed, "Global Equities") == [at(2023, 12, 31)] * 3 + [at(2022, 12, 31)] * 3


def test_a_row_that_names_a_past_fiscal_quarter_is_that_quarter() -> None:
    # LOW 2023 10-K, accelerated share repurchase agreements by the quarter they were entered into; the
    # filer tags "Q1 2021" 2021-01-30 to 2021-04-30 (its fiscal 2021 began January 30, 2021).
    parsed = parse_html_table(
        row("Agreement Execution Date", "ASR Agreement Amount", "Initial Shares Delivered")
        + row("Q1 2021", "2,000", "10.7")
        + row("Q2 2021", "2,132", "7.2"),
        LOW_10K,
        "",
        "The terms of each ASR agreement entered into during the last three fiscal years, structured as "
        "outlined above, are as follows (in millions):",
    )
    quarter = periods(parsed, "Q1 2021")
    assert len(quarter) == 2
    assert all(
        p is not None and periods_agree(p, date(2021, 1, 30), date(2021, 4, 30), False) for p in quarter
    )


def test_components_of_deferred_tax_assets_and_liabilities_are_year_end_balances() -> None:
    # PEP 2023 10-K, income taxes: "Recapture of net operating losses" is a deferred tax liability, not the
    # year's flow, under a bare year.
    parsed = parse_html_table(
        row("", "2023", "2022")
        + row("Deferred tax liabilities")
        + row("Recapture of net operating losses", "492", "492")
        + row("Deferred tax assets")
        + row("Share-based compensation", "137", "120"),
        PEP_10K,
        "Tax years 2014 through 2019 remain under audit for other issues.",
        "Deferred tax liabilities and assets are comprised of the following:",
    )
    assert periods(parsed, "Recapture of net operating losses") == [at(2023, 12, 30), at(2022, 12, 30)]
    assert periods(parsed, "Share-based compensation") == [at(2023, 12, 30), at(2022, 12, 30)]


def test_an_amount_outstanding_during_the_period_is_a_flow() -> None:
    # HD 2023 10-K, borrowings under the commercial paper program: a maximum over the year, not a balance.
    parsed = parse_html_table(
        row("", "Fiscal", "Fiscal")
        + row("in millions", "2023", "2022")
        + row("Maximum amount outstanding during the period", "$1,453", "$2,745")
        + row("Average daily short-term borrowings", "72", "269"),
        HD_10K,
        "",
        "The following table presents additional information on borrowings under our commercial paper "
        "program during fiscal 2023 and fiscal 2022:",
    )
    assert periods(parsed, "Maximum amount outstanding during the period") == [
        flow(date(2023, 1, 29), date(2024, 1, 28)),
        flow(date(2022, 1, 29), date(2023, 1, 28)),
    ]


def test_rows_under_an_assets_heading_are_balances_under_year_columns() -> None:
    # SJM 2024 10-K, geographical information: "Canada" under "Net sales:" and again under "Assets:" ›
    # "International:".
    parsed = parse_html_table(
        row("", "Year Ended April 30,", "Year Ended April 30,")
        + row("", "2024", "2023")
        + row("Net sales:")
        + row("United States", "$7,653.0", "$8,001.4")
        + row("Assets:")
        + '<tr><td style="padding-left:9pt">International:</td></tr>'
        + '<tr><td style="padding-left:18pt">Canada</td><td>$790.2</td><td>$412.5</td></tr>',
        SJM_10K,
        "",
        "The following table presents certain geographical information.",
    )
    assert periods(parsed, "United States") == [
        flow(date(2023, 5, 1), date(2024, 4, 30)),
        flow(date(2022, 5, 1), date(2023, 4, 30)),
    ]
    assert periods(parsed, "Canada") == [at(2024, 4, 30), at(2023, 4, 30)]


def test_a_header_repeated_down_the_rows_names_the_length_of_the_rows_under_it() -> None:
    # TXN Q2 2023 10-Q, benefit plan expenses: the six months' block repeats the header, its stub naming
    # the length over the years.
    parsed = parse_html_table(
        row("", "U.S. Defined Benefit", "U.S. Defined Benefit")
        + row("For Three Months Ended June 30,", "2023", "2022")
        + row("Service cost", "$2", "$4")
        + row("", "U.S. Defined Benefit", "")
        + row("For Six Months Ended June 30,", "2023", "2022")
        + row("Interest cost", "14", "12"),
        TXN_10Q,
        "",
        "Expenses related to defined benefit and retiree health care benefit plans are as follows:",
    )
    assert periods(parsed, "Service cost") == [
        flow(date(2023, 4, 1), date(2023, 6, 30)),
        flow(date(2022, 4, 1), date(2022, 6, 30)),
    ]
    assert periods(parsed, "Interest cost") == [
        flow(date(2023, 1, 1), date(2023, 6, 30)),
        flow(date(2022, 1, 1), date(2022, 6, 30)),
    ]


def test_the_parts_of_a_balance_its_last_line_sums_are_balances_under_dates() -> None:
    # BMY 2023 10-K, other current liabilities: lines that read as flows, summed into a liability.
    parsed = parse_html_table(
        row("", "December 31,", "December 31,")
        + row("Dollars in millions", "2023", "2022")
        + row("Rebates and discounts", "$7,680", "$6,702")
        + row("Income taxes", "1,371", "942")
        + row("Employee compensation and benefits", "1,291", "1,425")
        + row("Research and development", "1,257", "1,359")
        + row("Dividends", "1,213", "1,196")
        + row("Interest", "349", "321")
        + row("Royalties", "465", "431")
        + row("Operating leases", "162", "136")
        + row("Other", "2,096", "2,074")
        + row("Other current liabilities", "$15,884", "$14,586"),
        BMY_10K,
    )
    assert periods(parsed, "Rebates and discounts") == [at(2023, 12, 31), at(2022, 12, 31)]
    assert periods(parsed, "Research and development") == [at(2023, 12, 31), at(2022, 12, 31)]


def test_lines_of_a_balance_sheet_are_balances_whatever_their_words() -> None:
    # GE 2023 10-K, statement of financial position: "Retained earnings" and "Deferred income taxes" under
    # bare years.
    parsed = parse_html_table(
        row("STATEMENT OF FINANCIAL POSITION", "", "")
        + row("December 31 (In millions)", "2023", "2022")
        + row("Deferred income taxes (Note 15)", "10,575", "10,001")
        + row("Total assets", "$163,045", "$188,851")
        + row("Retained earnings", "86,527", "82,983"),
        GE_10K,
        "",
        "2023 FORM 10-K 41",
    )
    assert periods(parsed, "Retained earnings") == [at(2023, 12, 31), at(2022, 12, 31)]
    assert periods(parsed, "Deferred income taxes (Note 15)") == [at(2023, 12, 31), at(2022, 12, 31)]


def test_a_fiscal_quarter_ended_is_three_months_not_a_year() -> None:
    # AAPL Q2 2025 10-Q, over its table of contents: "For the Fiscal Quarter Ended March 29, 2025".
    apple = DocumentPeriod("10-Q", date(2025, 3, 29), 2025, "Q2")
    quarter = parse_column_period("For the Fiscal Quarter Ended March 29, 2025", apple)
    # Apple tags the quarter 2024-12-29 to 2025-03-29.
    assert quarter is not None and periods_agree(quarter, date(2024, 12, 29), date(2025, 3, 29), False)


def test_property_at_cost_and_its_accumulated_depreciation_are_year_end_balances() -> None:
    # JNJ 2023 10-K, property, plant and equipment "at the end of fiscal years 2023 and 2022".
    parsed = parse_html_table(
        row("(Dollars in Millions)", "2023", "2022")
        + row("Land and land improvements", "$795", "784")
        + row("Total property, plant and equipment, gross", "$47,776", "43,534")
        + row("Less accumulated depreciation", "27,878", "25,552")
        + row("Total property, plant and equipment, net", "$19,898", "17,982"),
        JNJ_10K,
        "4. Property, plant and equipment",
        "At the end of fiscal years 2023 and 2022, property, plant and equipment at cost and accumulated "
        "depreciation were:",
    )
    assert periods(parsed, "Less accumulated depreciation") == [at(2023, 12, 31), at(2022, 12, 31)]
    assert periods(parsed, "Land and land improvements") == [at(2023, 12, 31), at(2022, 12, 31)]


def test_a_roll_forward_under_the_report_date_of_a_10q_runs_over_the_year_to_date() -> None:
    # GME Q2 2023 10-Q, contract liabilities (tagged from the fiscal year's eve, 2023-01-28, not the
    # quarter's); JNJ Q2 2023 10-Q, level 3 fair values (from January 1, 2023, its fiscal year's eve).
    gme = DocumentPeriod("10-Q", date(2023, 7, 29), 2023, "Q2")
    parsed = parse_html_table(
        row("", "July 29, 2023", "July 30, 2022")
        + row("Contract liability beginning balance", "$338.2", "$378.3")
        + row("Increase to contract liabilities (1)", "320.1", "361.3")
        + row("Decrease to contract liabilities (2)", "(371.0)", "(414.0)")
        + row("Contract liability ending balance", "$286.7", "$323.1"),
        gme,
        "(in millions)",
        "The following table presents a rollforward of our contract liabilities:",
    )
    opening = _known(periods(parsed, "Contract liability beginning balance"))
    assert [p.kind for p in opening] == ["instant", "instant"]
    assert periods_agree(opening[0], None, date(2023, 1, 28), True)
    assert periods_agree(opening[1], None, date(2022, 1, 29), True)
    increases = _known(periods(parsed, "Increase to contract liabilities (1)"))
    assert periods_agree(increases[0], date(2023, 1, 29), date(2023, 7, 29), False)
    assert periods(parsed, "Contract liability ending balance") == [at(2023, 7, 29), at(2022, 7, 30)]
    jnj = DocumentPeriod("10-Q", date(2023, 7, 2), 2023, "Q2")
    parsed = parse_html_table(
        row("", "July 2, 2023", "July 3, 2022")
        + row("(Dollars in Millions)", "", "")
        + row("Beginning Balance", "$1,120", "533")
        + row("Changes in estimated fair value (6)", "25", "(88)")
        + row("Additions", "—", "91")
        + row("Ending Balance", "$1,142", "536"),
        jnj,
        "(Dollars in Millions)",
    )
    beginning = _known(periods(parsed, "Beginning Balance"))
    assert periods_agree(beginning[0], None, date(2023, 1, 1), True)
    assert periods_agree(beginning[1], None, date(2022, 1, 2), True)
    changes = _known(periods(parsed, "Changes in estimated fair value (6)"))
    assert periods_agree(changes[0], date(2023, 1, 2), date(2023, 7, 2), False)
    assert periods_agree(changes[1], date(2022, 1, 3), date(2022, 7, 3), False)


def _known(found: list[Period | None]) -> list[Period]:
    """The periods of a row's cells, each one found."""
    assert all(p is not None for p in found)
    return [p for p in found if p is not None]
