"""What a column's header says of its cells' periods, in tables of corpus-large filings
(`../shared/corpus-large`): headers repeated down the rows, header spans that fall short of their block,
columns that print the year loans were made, roll-forwards between dated balances, dates that end three
successive fiscal years over flows, a bare year whose column prints the day "as of" or "at", rows that are
each a day under columns of a length, columns between two dated balances of their own, header dates whose
spans fall short of their blocks, ranges printed beside a dated column's figures, months written "Sep-23", and
the column inference a cell records where it dated the column.
Each table is cut down from the named filing's to the rows that show the rule; each period asserted is the one
the filer's own XBRL tag gives."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, periods, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period, parse_column_period

ABBV_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
BA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CAT_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
CMCSA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CSCO_10K = DocumentPeriod("10-K", date(2024, 7, 27), 2024, "FY")
DOW_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
GD_10Q = DocumentPeriod("10-Q", date(2023, 7, 2), 2023, "Q2")
GE_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
IBM_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
INTC_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
JNJ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
KHC_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
LOW_10K = DocumentPeriod("10-K", date(2024, 2, 2), 2023, "FY")
NKE_10K = DocumentPeriod("10-K", date(2024, 5, 31), 2024, "FY")
ORCL_10Q = DocumentPeriod("10-Q", date(2023, 8, 31), 2024, "Q1")
RKT_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")
SJM_10Q = DocumentPeriod("10-Q", date(2023, 7, 31), 2024, "Q1")
VZ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")


def spanned(*cells: tuple[str, int]) -> str:
    """One `<tr>`, a `<td colspan=…>` per (text, span)."""
    return "<tr>" + "".join(f'<td colspan="{span}">{text}</td>' for text, span in cells) + "</tr>"


def _periods_and_rules(
    html: str, document: DocumentPeriod, label: str, context: str
) -> list[tuple[Period | None, str]]:
    """(period, rule) of each cell of the row `label`."""
    parsed = parse_html_table(html, document, context, None)
    return [(c.period, c.period_rule) for c in parsed.cells if c.row_label == label]


def _columns_and_periods(
    html: str, document: DocumentPeriod, label: str, title: str | None
) -> list[tuple[str, Period | None]]:
    """(column label, period) of each cell of the row `label`."""
    parsed = parse_html_table(html, document, "(in millions)", title)
    return [(c.column_label, c.period) for c in parsed.cells if c.row_label == label]


def test_a_header_repeated_down_the_rows_with_a_dated_stub_dates_the_rows_under_it() -> None:
    # GD Q2 2023 10-Q, revenue by contract type: each block repeats the segments' names beside its period.
    segments = ("Aerospace", "Marine Systems", "Total Revenue")
    parsed = parse_html_table(
        row("Three Months Ended July 2, 2023", *segments)
        + row("Fixed-price", "$1,697", "$1,609", "$6,364")
        + row("Three Months Ended July 3, 2022")
        + row("Cost-reimbursement", "—", "1,042", "2,509")
        + row("Six Months Ended July 2, 2023", *segments)
        + row("Time-and-materials", "516", "1", "1,474")
        + row("Six Months Ended July 3, 2022")
        + row("Total revenue", "$3,770", "$5,302", "$18,581"),
        GD_10Q,
        "",
        "Revenue by contract type was as follows:",
    )
    # GD tags the six months 2023-01-01 to 2023-07-02 and 2022-01-01 to 2022-07-03.
    assert periods(parsed, "Fixed-price") == [flow(date(2023, 4, 3), date(2023, 7, 2))] * 3
    assert periods(parsed, "Cost-reimbursement") == [flow(date(2022, 4, 4), date(2022, 7, 3))] * 3
    assert periods(parsed, "Time-and-materials") == [flow(date(2023, 1, 3), date(2023, 7, 2))] * 3
    assert periods(parsed, "Total revenue") == [flow(date(2022, 1, 4), date(2022, 7, 3))] * 3


def test_a_repeated_header_that_leaves_the_stub_empty_names_the_columns_anew() -> None:
    # CAT Q2 2023 10-Q, allowance for credit losses: the six months' block prints its periods over the
    # columns with no stub cell.
    parsed = parse_html_table(
        spanned(
            ("(Millions of dollars)", 1),
            ("Three Months Ended June 30, 2023", 2),
            ("Three Months Ended June 30, 2022", 2),
        )
        + row("", "Customer", "Total", "Customer", "Total")
        + row("Beginning balance", "$278", "$343", "$271", "$352")
        + row("Write-offs", "(21)", "(21)", "(18)", "(18)")
        + row("Ending balance", "$265", "$315", "$290", "$372")
        + spanned(("", 1), ("Six Months Ended June 30, 2023", 2), ("Six Months Ended June 30, 2022", 2))
        + row("Beginning balance", "$277", "$342", "$251", "$333")
        + row("Recoveries", "23", "23", "30", "30")
        + row("Ending balance", "$265", "$315", "$290", "$372"),
        CAT_10Q,
        "",
        "An analysis of the allowance for credit losses was as follows:",
    )
    recoveries = periods(parsed, "Recoveries")
    assert (
        recoveries
        == [flow(date(2023, 1, 1), date(2023, 6, 30))] * 2 + [flow(date(2022, 1, 1), date(2022, 6, 30))] * 2
    )
    # The opening balances of the six months: at the eve of the year.
    assert periods(parsed, "Beginning balance")[4:] == [at(2022, 12, 31)] * 2 + [at(2021, 12, 31)] * 2


def test_header_spans_that_fall_short_of_their_block_date_the_whole_block() -> None:
    # DOW Q2 2023 10-Q, fair value of derivative instruments: "Jun 30, 2023" spans two of the three
    # columns "Gross | Netting | Net" of its block, "Dec 31, 2022" the third and the next two.
    parsed = parse_html_table(
        row("Fair Value of Derivative Instruments", "Jun 30, 2023", "Dec 31, 2022", "", "", "", "")
        .replace("<td>Jun 30, 2023</td>", '<td colspan="2">Jun 30, 2023</td>')
        .replace("<td>Dec 31, 2022</td>", '<td colspan="2">Dec 31, 2022</td>')
        + row("In millions", "Gross", "Netting 1", "Net 2", "Gross", "Netting 1", "Net 2")
        + row("Foreign currency contracts 3", "114", "(70)", "44", "58", "(39)", "19"),
        DOW_10Q,
        "",
        "The following table provides the fair value and balance sheet classification of derivative "
        "instruments at June 30, 2023 and December 31, 2022:",
    )
    assert periods(parsed, "Foreign currency contracts 3") == [at(2023, 6, 30)] * 3 + [at(2022, 12, 31)] * 3


def test_columns_by_year_of_origination_hold_balances_at_the_report_date() -> None:
    # BA 2023 10-K, financing receivables by credit rating and year of origination.
    parsed = parse_html_table(
        row("Rating categories", "Current", "2022", "2021", "2020", "2019", "Prior", "Total")
        + row("BB", "$73", "$32", "$198", "$103", "$36", "53", "495")
        + row(
            "Total carrying value of financing receivables",
            "$73",
            "$32",
            "$233",
            "$103",
            "$48",
            "$169",
            "$658",
        ),
        BA_10K,
        "Financing receivables that were past due as of December 31, 2023 totaled $9.",
        "Our financing receivable balances at December 31, 2023 by internal credit rating category and year "
        "of origination consisted of the following:",
    )
    assert periods(parsed, "BB") == [at(2023, 12, 31)] * 7


def test_fiscal_years_beside_a_prior_column_are_years_of_origination() -> None:
    # CSCO 2024 10-K, the second table of financing receivables by period of origination: a page later,
    # without the introduction, dated by its stub.
    parsed = parse_html_table(
        row("July 29, 2023", "", "Fiscal Year", "Fiscal Year", "Fiscal Year", "Fiscal Year", "")
        + row(
            "Internal Credit Risk Rating",
            "Prior",
            "July 25, 2020",
            "July 31, 2021",
            "July 30, 2022",
            "July 29, 2023",
            "Total",
        )
        + row("Loan Receivables:")
        + row("1 to 4", "$10", "$251", "$791", "$1,077", "$1,784", "$3,966"),
        CSCO_10K,
    )
    assert periods(parsed, "1 to 4") == [at(2023, 7, 29)] * 6


def test_movements_between_dated_balances_run_from_the_opening_date() -> None:
    # IBM Q2 2023 10-Q, allowance for credit losses of financing receivables: a roll-forward from January 1
    # under a column "At June 30, 2023" is the six months, not the quarter.
    parsed = parse_html_table(
        row("(Dollars in millions)", "", "")
        + row("At June 30, 2023:", "Americas", "Total")
        + row("Amortized cost", "$6,317", "$10,705")
        + row("Allowance for credit losses:")
        + row("Beginning balance at January 1, 2023", "$88", "$168")
        + row("Write-offs", "$(3)", "$(4)")
        + row("Additions/(releases)", "6", "(6)")
        + row("Ending balance at June 30, 2023", "$98", "$165"),
        IBM_10Q,
        "",
        "Financing Receivables by Portfolio Segment",
    )
    # IBM tags 2023-01-01 to 2023-06-30 (the parser's stretch starts the day after the opening balance).
    assert periods(parsed, "Write-offs") == [flow(date(2023, 1, 2), date(2023, 6, 30))] * 2
    assert periods(parsed, "Additions/(releases)") == [flow(date(2023, 1, 2), date(2023, 6, 30))] * 2


def test_a_balance_on_the_day_a_fiscal_year_opens_is_at_the_eve_of_the_columns_year() -> None:
    # SJM 2024 10-K, unrecognized tax benefits: a fiscal year from May 1; "Balance at April 30," closes it.
    parsed = parse_html_table(
        row("", "2024", "2023", "2022")
        + row("Balance at May 1,", "$5.3", "$6.5", "$10.2")
        + row("Balance at April 30,", "$4.6", "$5.3", "$6.5"),
        SJM_10K,
        "",
        "The following table summarizes the activity related to the gross unrecognized tax benefits from "
        "May 1, 2021, through April 30, 2024.",
    )
    assert periods(parsed, "Balance at May 1,") == [at(2023, 4, 30), at(2022, 4, 30), at(2021, 4, 30)]
    assert periods(parsed, "Balance at April 30,") == [at(2024, 4, 30), at(2023, 4, 30), at(2022, 4, 30)]


def test_a_row_that_prints_a_later_date_alone_is_a_maturity_not_a_balance_date() -> None:
    # NKE 2024 10-K, long-term debt by scheduled maturity.
    parsed = parse_html_table(
        row("", "", "", "BOOK VALUE OUTSTANDING AS OF MAY 31,", "BOOK VALUE OUTSTANDING AS OF MAY 31,")
        + row(
            "Scheduled Maturity (Dollars in millions)", "ORIGINAL PRINCIPAL", "INTEREST RATE", "2024", "2023"
        )
        + row("Corporate Term Debt:(1)(2)")
        + row("March 27, 2025", "1,000", "2.40%", "$999", "$998")
        + row("March 27, 2040(3)", "1,000", "3.25%", "966", "987"),
        NKE_10K,
        "",
        "Long-term debt, net of unamortized premiums, discounts, and debt issuance costs, and swap fair "
        "value adjustments comprises the following:",
    )
    at_report = [at(2024, 5, 31)] * 3 + [at(2023, 5, 31)]
    assert periods(parsed, "March 27, 2025") == at_report
    assert periods(parsed, "March 27, 2040(3)") == at_report


def test_shares_outstanding_at_a_later_day_the_column_prints_are_at_that_day() -> None:
    # LOW 2023 10-K, cover page: the count of shares on a day after the fiscal year end.
    parsed = parse_html_table(
        row("CLASS", "OUTSTANDING AT 3/21/2024") + row("Common Stock, $0.50 par value", "572,184,243"),
        LOW_10K,
        "",
        "Indicate the number of shares outstanding of each of the registrant’s classes of common stock, as "
        "of the latest practicable date.",
    )
    shares = [c for c in parsed.cells if c.column_label]
    assert [c.period for c in shares] == [at(2024, 3, 21)]


def test_the_header_of_a_column_of_text_does_not_date_the_figures() -> None:
    # CMCSA 2023 10-K, property and equipment: useful lives "as of December 31, 2023" beside two years.
    parsed = parse_html_table(
        row(
            "December 31 (in billions)",
            "Weighted-Average Original Useful Life as of December 31, 2023",
            "2023",
            "2022",
        )
        + row("Distribution systems", "11 years", "$45.7", "$43.0")
        + row("Land", "", "2.2", "1.7"),
        CMCSA_10K,
        "",
        "Note 9: Property and Equipment",
    )
    assert periods(parsed, "Distribution systems") == [at(2023, 12, 31), at(2022, 12, 31)]


def test_a_header_that_prints_one_item_for_each_column_dates_them_in_order() -> None:
    # SJM Q1 2024 10-Q, restructuring costs: the header cells set a column to the left of the figures.
    parsed = parse_html_table(
        row("", "", "Three Months Ended July 31, 2022", "Total Costs Incurred to Date at April 30, 2023", "")
        + row("Employee-related costs", "", "", "$1.1", "$27.1")
        + row("Total restructuring costs", "", "", "$2.5", "$63.7"),
        SJM_10Q,
        "",
        "The following table summarizes our restructuring costs incurred related to the restructuring "
        "program.",
    )
    assert periods(parsed, "Employee-related costs") == [
        flow(date(2022, 5, 1), date(2022, 7, 31)),
        at(2023, 4, 30),
    ]


def test_a_year_to_date_column_runs_from_the_start_of_the_fiscal_year() -> None:
    # MULN Q3 2023 10-Q (a fiscal year that ends in September), restatement of the prior year's third
    # quarter: "Impact of correction of error - year to date" over "Quarter ended June 30, 2022".
    mullen = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q3")
    label = "Impact of correction of error - year to date Quarter ended June 30, 2022 (Unaudited) As restated"
    # MULN tags 2021-10-01 to 2022-06-30.
    assert parse_column_period(label, mullen) == flow(date(2021, 10, 1), date(2022, 6, 30))
    quarter = "Impact of correction of error - quarter Quarter ended June 30, 2022 (Unaudited) As restated"
    assert parse_column_period(quarter, mullen) == flow(date(2022, 4, 1), date(2022, 6, 30))


def test_a_year_that_names_a_plan_over_the_columns_leaves_the_rows_to_date_them() -> None:
    # CSCO 2024 10-K, restructuring liabilities: "FISCAL 2024 PLAN" names a plan; the balances' dates say
    # which fiscal year each block of movements is.
    parsed = parse_html_table(
        row("", "FISCAL 2024 PLAN", "FISCAL 2024 PLAN", "FISCAL 2023 AND PRIOR PLANS", "")
        + row("", "Employee Severance", "Other", "Employee Severance", "Total")
        + row("Liability as of July 31, 2021", "$—", "$—", "$16", "$34")
        + row("Charges", "—", "—", "9", "6")
        + row("Liability as of July 30, 2022", "—", "—", "2", "9")
        + row("Cash payments", "—", "—", "(302)", "(314)")
        + row("Liability as of July 29, 2023", "—", "—", "167", "213"),
        CSCO_10K,
        "",
        "The following table summarizes the activities related to the restructuring and other charges, as "
        "discussed above (in millions):",
    )
    # CSCO tags fiscal 2022 from 2021-08-01 and fiscal 2023 from 2022-07-31.
    assert periods(parsed, "Charges") == [flow(date(2021, 8, 1), date(2022, 7, 30))] * 4
    assert periods(parsed, "Cash payments") == [flow(date(2022, 7, 31), date(2023, 7, 29))] * 4
    assert periods(parsed, "Liability as of July 30, 2022") == [at(2022, 7, 30)] * 4


def test_changes_between_balances_from_the_year_opening_are_the_year_to_date_in_a_10q() -> None:
    # HON Q2 2023 10-Q, contract assets and liabilities: balances on January 1 and June 30, then the change.
    honeywell = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
    parsed = parse_html_table(
        row("", "2023", "2022")
        + row("Contract assets—January 1", "$2,294", "$2,060")
        + row("Contract assets—June 30", "2,438", "2,243")
        + row("Change in contract assets - increase (decrease)", "$144", "$183")
        + row("Net change", "$548", "$144"),
        honeywell,
        "",
        "The following table summarizes the Company's contract assets and liabilities balances:",
    )
    half_years = [flow(date(2023, 1, 1), date(2023, 6, 30)), flow(date(2022, 1, 1), date(2022, 6, 30))]
    assert periods(parsed, "Change in contract assets - increase (decrease)") == half_years
    assert periods(parsed, "Net change") == half_years
    assert periods(parsed, "Contract assets—June 30") == [at(2023, 6, 30), at(2022, 6, 30)]


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


def test_rows_that_name_a_segment_under_three_year_ends_are_the_years() -> None:
    cells = _periods_and_rules(KHC_RESTRUCTURING, KHC_10K, "International", KHC_INTRODUCTION)
    assert cells == [(period, "flow_under_three_year_ends") for period in KHC_YEARS]


def test_an_introduction_that_names_balances_keeps_them_at_the_dates() -> None:
    context = (
        "Total gross notional amounts for outstanding derivatives (recorded at fair value) at the end of "
        "each period were as follows:"
    )
    cells = _periods_and_rules(INTC_NOTIONAL, INTC_10K, "Foreign currency contracts", context)
    assert [c[0] for c in cells] == [at(2023, 12, 30), at(2022, 12, 31), at(2021, 12, 25)], cells


def test_two_year_ends_are_a_balance_sheet_s_dates() -> None:
    two_dates = row("", "December 30, 2023", "December 31, 2022") + row("North America", "$15", "$40")
    cells = _periods_and_rules(two_dates, KHC_10K, "North America", KHC_INTRODUCTION)
    assert [c[0] for c in cells] == [at(2023, 12, 30), at(2022, 12, 31)], cells


def test_a_bare_year_under_as_of_a_day_holds_balances() -> None:
    # ABBV 2023 10-K, other long-term liabilities: the stub prints "as of December 31", the columns the years.
    html = (
        row("as of December 31 (in millions)", "2023", "2022")
        + row("Contingent consideration liabilities", "$17,938", "$14,915")
        + row("Pension and other post-employment benefits", "1,538", "1,638")
        + row("Other long-term liabilities", "$32,327", "$30,655")
    )
    cells = _columns_and_periods(
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
    cells = _columns_and_periods(html, VZ_10K, "Customer lists (5 to 13 years)", None)
    net = [c[1] for c in cells if c[0].endswith("Net Amount")]
    assert net == [at(2023, 12, 31), at(2022, 12, 31)], cells


def test_a_bare_year_with_no_day_still_holds_the_years_flow() -> None:
    # VZ 2023 10-K: the amortization expense table prints years alone; its figures stay the years' flows.
    html = row("Years (dollars in millions)", "") + row("2023", "$2,687") + row("2022", "2,507")
    parsed = parse_html_table(
        html, VZ_10K, "The amortization expense for Other intangible assets was as follows:"
    )
    cell_periods = [c.period for c in parsed.cells]
    assert cell_periods == [calendar_year(2023), calendar_year(2022)], [
        (c.row_label, c.period) for c in parsed.cells
    ]


def test_rows_that_are_days_under_years_ended_are_the_years_and_their_balances() -> None:
    # INTC 2023 10-K, Schedule II valuation allowance: each row a year by its last day, the columns naming
    # the balances at either end and what moved it (ValuationAllowancesAndReservesAdjustments over the year,
    # the opening balance at the year before's end: the fiscal calendar's December 31, 2022, within a week).
    html = (
        row(
            "Years Ended (In Millions)", "Balance at Beginning of Year", "Additions", "Balance at End of Year"
        )
        + row("Valuation allowance for deferred tax assets")
        + row("December 30, 2023", "$2,586", "$461", "$3,047")
        + row("December 31, 2022", "$2,259", "$401", "$2,586")
    )
    parsed = parse_html_table(html, INTC_10K, "Changes in the valuation allowance were as follows:")
    year_2023 = flow(date(2022, 12, 31), date(2023, 12, 30))
    assert periods(parsed, "December 30, 2023") == [at(2022, 12, 30), year_2023, at(2023, 12, 30)]
    assert periods(parsed, "December 31, 2022")[1:] == [
        flow(date(2022, 1, 1), date(2022, 12, 31)),
        at(2022, 12, 31),
    ]


def test_a_measure_at_two_dates_brackets_the_columns_that_move_it() -> None:
    # ORCL Q1 2024 10-Q, intangible assets: gross and accumulated amortization, each at May 31 and August 31
    # with what moved it between (AmortizationOfIntangibleAssets over the quarter).
    gross, accumulated = ["Intangible Assets, Gross"] * 3, ["Accumulated Amortization"] * 3
    html = (
        row("", *gross, *accumulated)
        + row(
            "(in millions)", "May 31, 2023", "Additions, net", "August 31, 2023", "May 31, 2023", "Expense"
        ).replace("</tr>", "<td>August 31, 2023</td></tr>")
        + row("Developed technology", "$4,300", "$—", "$4,300", "$(2,407)", "$(168)", "$(2,575)")
    )
    parsed = parse_html_table(html, ORCL_10Q, "The changes in intangible assets for fiscal 2024 were:")
    quarter = flow(date(2023, 6, 1), date(2023, 8, 31))
    assert periods(parsed, "Developed technology") == [
        at(2023, 5, 31),
        quarter,
        at(2023, 8, 31),
        at(2023, 5, 31),
        quarter,
        at(2023, 8, 31),
    ]


def test_columns_between_two_dated_carrying_values_are_the_year_between() -> None:
    # JNJ 2023 10-K, equity investments: the dates stand over the carrying values only
    # (EquityFairValueAdjustment over the fiscal year).
    html = (
        row("", "January 1, 2023", "", "", "December 31, 2023")
        + row(
            "(Dollars in Millions)",
            "Carrying Value",
            "Changes in Fair Value Reflected in Net Income",
            "Sales/ Purchases/Other",
            "Carrying Value",
        )
        + row("Equity Investments with readily determinable value", "$576", "(368)", "4,265", "4,473")
    )
    parsed = parse_html_table(html, JNJ_10K, "The following table is a summary of the activity:")
    year = flow(date(2023, 1, 2), date(2023, 12, 31))
    assert periods(parsed, "Equity Investments with readily determinable value") == [
        at(2023, 1, 1),
        year,
        year,
        at(2023, 12, 31),
    ]


def test_a_column_left_out_between_two_header_dates_stands_under_the_one_on_its_left() -> None:
    # KHC 2023 10-K, derivatives' impact on the statement of income: "December 30, 2023" spans the first
    # two of its three columns, "December 31, 2022" the first three of its four; each "Other expense/
    # (income)" is of the year on its left (tagged over fiscal 2022 in the second block).
    html = (
        spanned(("", 1), ("December 30, 2023", 2), ("", 1), ("December 31, 2022", 3), ("", 1))
        + row(
            "",
            *("Cost of products sold", "Interest expense", "Other expense/ (income)"),
            *("Cost of products sold", "SG&amp;A", "Interest expense", "Other expense/ (income)"),
        )
        + row("Cross-currency contracts", "—", "(27)", "63", "—", "—", "(28)", "(54)")
    )
    parsed = parse_html_table(html, KHC_10K, "", "Derivative Impact on the Statements of Income:")
    found = periods(parsed, "Cross-currency contracts")
    assert [p.end if p else None for p in found] == [date(2023, 12, 30)] * 3 + [date(2022, 12, 31)] * 4
    assert all(p is not None and p.kind == "duration" for p in found)


def test_the_last_column_left_out_stands_under_the_last_header_year() -> None:
    # GE 2023 10-K, geographic revenues: "2023" over the segments but not the corporate column, "2022" and
    # "2021" each a column too far left; the last "Total" (uncovered) is 2021's revenue.
    html = (
        spanned(("Years ended December 31", 1), ("2023", 2), ("", 1), ("2022", 1), ("2021", 1), ("", 1))
        + row("", "Aerospace", "Power", "Corporate", "Total", "Total", "Total")
        + row("Europe", "7,225", "4,178", "148", "15,650", "12,587", "11,244")
    )
    parsed = parse_html_table(html, GE_10K)
    assert periods(parsed, "Europe")[-1] == calendar_year(2021)
    assert periods(parsed, "Europe")[2] == calendar_year(2023)  # "Corporate", under "2023"


def test_the_columns_after_the_one_header_date_stand_under_it() -> None:
    # JNJ 2023 10-K, cash and current marketable securities: "2023" spans the first four columns, not
    # "Current Marketable Securities" (MarketableSecuritiesCurrent, tagged at fiscal 2023's end).
    intro = (
        "At the end of the fiscal year 2023 and 2022, cash, cash equivalents and current marketable"
        " securities comprised:"
    )
    html = (
        spanned(("(Dollars in Millions)", 1), ("2023", 4), ("", 1))
        + row(
            "",
            "Carrying Amount",
            "Unrecognized Loss",
            "Estimated Fair Value",
            "Cash &amp; Cash Equivalents",
            "Current Marketable Securities",
        )
        + row("Corporate debt securities", "338", "—", "338", "189", "149")
    )
    parsed = parse_html_table(html, JNJ_10K, intro)
    last = [c for c in parsed.cells if c.row_label == "Corporate debt securities"][-1]
    assert last.column_label == "2023 Current Marketable Securities"
    assert last.period == at(2023, 12, 31)


def test_no_column_of_changes_is_taken_under_a_header_date() -> None:
    # The same shape with a column of changes left out between the dates: not dated by the one on its left.
    html = (
        spanned(("", 1), ("December 30, 2023", 2), ("", 1), ("December 31, 2022", 2))
        + row("", "Sales", "Costs", "% Change", "Sales", "Costs")
        + row("Snacks", "10", "6", "5%", "9", "5")
    )
    parsed = parse_html_table(html, KHC_10K)
    change = [c for c in parsed.cells if c.row_label == "Snacks" and "Change" in c.column_label]
    assert change and all("December 30, 2023" not in c.column_label for c in change)


def test_a_range_beside_a_dated_columns_figure_is_at_that_date() -> None:
    # RKT 2023 10-K, Level 3 inputs: "67% - 100%" under "Range", beside "86%" under "Weighted Average",
    # both under "December 31, 2022" (LoansHeldForSaleMeasurementInput at 2022-12-31).
    intro = (
        "The following tables present the quantitative information about recurring Level 3 fair value"
        " financial instruments and the fair value measurements as of:"
    )
    html = (
        spanned(("", 1), ("December 31, 2023", 2), ("December 31, 2022", 2))
        + row("Unobservable Input", "Range", "Weighted Average", "Range", "Weighted Average")
        + row("Model pricing", "68% - 100%", "87%", "67% - 100%", "86%")
    )
    parsed = parse_html_table(html, RKT_10K, intro)
    ranges = [c.period for c in parsed.cells if c.row_label == "Model pricing" and c.inline_span is not None]
    assert ranges == [at(2023, 12, 31)] * 2 + [at(2022, 12, 31)] * 2


def test_a_range_beside_a_years_figures_stays_at_the_report_date() -> None:
    # ABBV 2023 10-K, contingent consideration inputs: "2023 | 2022" over "Range | Weighted Average" name
    # years, not days; the ranges stay at the report date, as the filer tags the current year's.
    html = (
        spanned(("", 1), ("2023", 2), ("2022", 2))
        + row(
            "years ended December 31 (in millions)", "Range", "Weighted Average", "Range", "Weighted Average"
        )
        + row("Discount rate", "4.3% - 5.9%", "4.5%", "4.7% - 5.1%", "4.8%")
    )
    parsed = parse_html_table(html, GE_10K)
    ranges = [c.period for c in parsed.cells if c.row_label == "Discount rate" and c.inline_span is not None]
    assert ranges and all(p == at(2023, 12, 31) for p in ranges)


def test_a_balance_under_a_month_and_its_years_last_digits_is_at_the_months_end() -> None:
    # AXP Q3 2023 10-Q, cash reconciliation: "Sep-23 | Dec-22 | Sep-22 | Dec-21" over balances, each tagged
    # at its month's end (a flow row there stays the year to date).
    html = (
        row("Cash and cash equivalents reconciliation", "Sep-23", "Dec-22", "Sep-22", "Dec-21")
        + row(
            "Total Cash and cash equivalents, excluding restricted balances",
            "$43,440",
            "$33,370",
            "$29,822",
            "$21,503",
        )
        + row("Interest expense", "1,200", "900", "800", "700")
    )
    parsed = parse_html_table(html, DocumentPeriod("10-Q", date(2023, 9, 30), 2023, "Q3"))
    label = "Total Cash and cash equivalents, excluding restricted balances"
    assert periods(parsed, label) == [at(2023, 9, 30), at(2022, 12, 31), at(2022, 9, 30), at(2021, 12, 31)]
    assert all(p is not None and p.kind == "duration" for p in periods(parsed, "Interest expense"))


def test_a_cell_records_the_column_inference_that_dated_its_column() -> None:
    # META fair value hierarchy: "December 31, 2023" dates the levels that break it down; ORCL Q1 2024 10-Q,
    # intangible assets: "Additions, net" is dated by the two dates of the gross amount around it.
    levels = row("Description", "December 31, 2023", "Level 1", "Level 2") + row(
        "Money market funds", "$32,910", "$32,910", "$—"
    )
    assert [
        rule for _, rule in _periods_and_rules(levels, GE_10K, "Money market funds", "(in millions)")
    ] == [
        "column_as_printed",
        "one_date_for_all_columns",
        "one_date_for_all_columns",
    ]
    moved = row("(in millions)", "May 31, 2023", "Additions, net", "August 31, 2023") + row(
        "Developed technology", "$4,300", "$—", "$4,300"
    )
    intro = "The changes in intangible assets for fiscal 2024 were:"
    assert _periods_and_rules(moved, ORCL_10Q, "Developed technology", intro) == [
        (at(2023, 5, 31), "column_as_printed"),
        (flow(date(2023, 6, 1), date(2023, 8, 31)), "flow_between_balance_columns"),
        (at(2023, 8, 31), "column_as_printed"),
    ]


def test_a_change_beside_two_balances_is_the_flow_between_their_days() -> None:
    # VZ 2023 10-K and Q2 2023 10-Q, cash, cash equivalents and restricted cash in the balance sheets: the
    # "Increase / (Decrease)" column is tagged over the year (the year to date) between the two dates.
    vz_10q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
    intro = (
        "Cash, cash equivalents and restricted cash are included in the following line items in the "
        "condensed consolidated balance sheets:"
    )
    quarter = (
        row("", "At June 30,", "At December 31,", "Increase / (Decrease)")
        + row("(dollars in millions)", "2023", "2022", "")
        + row("Cash and cash equivalents", "$4,803", "$2,605", "$2,198")
        + row("Restricted cash:", "", "", "")
        + row("Other assets", "155", "163", "(8)")
    )
    for label in ("Cash and cash equivalents", "Other assets"):
        assert _periods_and_rules(quarter, vz_10q, label, intro) == [
            (at(2023, 6, 30), "column_as_printed"),
            (at(2022, 12, 31), "column_as_printed"),
            (flow(date(2023, 1, 1), date(2023, 6, 30)), "change_beside_two_balances"),
        ]
    year = (
        row("(dollars in millions)", "", "", "")
        + row("At December 31,", "2023", "2022", "Increase / (Decrease)")
        + row("Cash and cash equivalents", "$2,065", "$2,605", "$(540)")
    )
    assert periods(parse_html_table(year, VZ_10K, intro), "Cash and cash equivalents")[2] == calendar_year(
        2023
    )
