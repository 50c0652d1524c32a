"""Every rule of `PERIOD_RULES` decides the cells of a real table: each case is a corpus filing's table cut
down to the rows that matter (the filing and table are named), with the periods its cells get and the rule
that must give them. A rule without a case, or a case without a rule, fails `test_every_rule_has_a_case`."""

from dataclasses import dataclass
from datetime import date

import pytest
from html_tables import at, calendar_year, flow, parse_html_table, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period
from filingproof.ingest.parse.periods.registry import PERIOD_RULES

AAPL_10K = DocumentPeriod("10-K", date(2024, 9, 28), 2024, "FY")
ABT_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
AMD_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
AMZN_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
BA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CMCSA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CSCO_10K = DocumentPeriod("10-K", date(2024, 7, 27), 2024, "FY")
DOW_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
GE_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GM_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GOOGL_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
IBM_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
JNJ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
KHC_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
KO_10K = DocumentPeriod("10-K", date(2024, 12, 31), 2024, "FY")
LOW_10K = DocumentPeriod("10-K", date(2024, 2, 2), 2023, "FY")
META_10K_2023 = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
META_10K_2024 = DocumentPeriod("10-K", date(2024, 12, 31), 2024, "FY")
MMM_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
NVDA_10K = DocumentPeriod("10-K", date(2024, 1, 28), 2024, "FY")
PEP_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
PFE_10Q = DocumentPeriod("10-Q", date(2023, 7, 2), 2023, "Q2")
TSLA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
TXN_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
VZ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
WMT_10K = DocumentPeriod("10-K", date(2025, 1, 31), 2025, "FY")
WMT_10Q = DocumentPeriod("10-Q", date(2023, 7, 31), 2024, "Q2")
NFLX_10K = DocumentPeriod("10-K", date(2017, 12, 31), 2017, "FY")  # FinanceBench's NETFLIX_2017_10K


def spanning(text: str, columns: int) -> str:
    """One `<td>` over `columns` columns."""
    return f'<td colspan="{columns}">{text}</td>'


def apple_year(y: int) -> Period:
    """Apple's fiscal year `y` as a bare "2024" column estimates it: to September 28."""
    return flow(date(y - 1, 9, 29), date(y, 9, 28))


@dataclass(frozen=True)
class Case:
    html: str
    document: DocumentPeriod
    label: str  # the row whose cells are checked
    periods: list[Period]  # their periods, left to right
    context: str = "(in millions)"  # the prose before the table
    title: str | None = None
    column: str | None = None  # only the cells under this column label ("" for figures written in text)


# AMZN 2023 10-K, restricted stock unit activity: dated balance rows, no dated column.
AMZN_RSUS = (
    row("", "Number of Units", "Weighted Average Grant-Date Fair Value")
    + row("Outstanding as of January 1, 2021", "303.3", "$100")
    + row("Units granted", "127.3", "167")
    + row("Units vested", "(108.4)", "85")
    + row("Outstanding as of December 31, 2021", "279.9", "134")
)
# AMZN 2023 10-K, the reconciliation of income tax contingencies: balances named by their day.
AMZN_TAX_CONTINGENCIES = (
    row("December 31,")
    + row("", "2021", "2022", "2023")
    + row("Gross tax contingencies – January 1", "$2,820", "$3,242", "$4,002")
    + row("Gross increases to tax positions in prior periods", "403", "274", "440")
    + row("Lapse of statute of limitations", "(74)", "(28)", "(79)")
    + row("Gross tax contingencies – December 31 (1)", "$3,242", "$4,002", "$5,228")
)
# AAPL 2024 10-K, uncertain tax positions: a roll-forward under bare years.
AAPL_UNCERTAIN_TAX = (
    row("", "2024", "2023", "2022")
    + row("Beginning balances", "$19,454", "$16,758", "$15,477")
    + row("Increases related to tax positions taken during a prior year", "1,727", "2,044", "2,284")
    + row("Decreases related to settlements with taxing authorities", "(1,070)", "(19)", "(28)")
    + row("Ending balances", "$22,038", "$19,454", "$16,758")
)
# AAPL 2024 10-K, operating expenses with the change between years.
AAPL_OPERATING_EXPENSES = row("", "2024", "Change", "2023") + row(
    "Research and development", "$31,370", "5%", "$29,915"
)
# NVDA 2024 10-K, changes in deferred revenue under the dates the years end.
NVDA_DEFERRED_REVENUE = (
    row("", "Jan 28, 2024", "Jan 29, 2023")
    + row("Balance at beginning of period", "$572", "$502")
    + row("Deferred revenue additions during the period", "2,038", "830")
    + row("Revenue recognized during the period", "(1,273)", "(760)")
    + row("Balance at end of period", "$1,337", "$572")
)
# TSLA 2023 10-K, stock option activity "for the year ended December 31, 2023": no dated column.
TSLA_OPTIONS = (
    row("", "Number of Options (in thousands)", "Weighted- Average Exercise Price")
    + row("Beginning of period", "343,564", "$30.65")
    + row("Granted", "9,521", "$226.50")
    + row("Exercised or released", "(7,626)", "$43.07")
    + row("End of period", "344,021", "$35.11")
    + row("Vested and expected to vest, December 31, 2023", "340,884", "$33.38")
)
TSLA_TITLE = (
    "The following table summarizes our stock option and RSU activity for the year ended December 31, 2023:"
)

CASES: dict[str, Case] = {
    "balance_row_with_its_date": Case(
        AMZN_RSUS, AMZN_10K, "Outstanding as of January 1, 2021", [at(2021, 1, 1)] * 2
    ),
    "balance_under_a_dated_heading": Case(  # CMCSA 2023 10-K (corpus-large), goodwill by segment
        row("(in billions)", "Cable Communications", "Media", "Total")
        + row("Balance, December 31, 2021")
        + row("Goodwill", "$16.2", "$14.7", "$70.2")
        + row("Impairment", "—", "—", "(8.1)")
        + row("Balance, December 31, 2022")
        + row("Goodwill", "$16.2", "$14.7", "$66.4"),
        CMCSA_10K,
        "Goodwill",
        [at(2021, 12, 31)] * 3 + [at(2022, 12, 31)] * 3,
        title="Goodwill",
    ),
    "quarter_the_row_names": Case(  # MMM Q2 2023 10-Q, restructuring
        row("(Millions)", "Employee-Related", "Asset-Related", "Total")
        + row("Expense incurred in the first quarter of 2023", "$52", "$—", "$52")
        + row("Incremental expense incurred in the second quarter of 2023", "192", "20", "212"),
        MMM_10Q,
        "Expense incurred in the first quarter of 2023",
        [flow(date(2023, 1, 1), date(2023, 3, 31))] * 3,
    ),
    "year_the_row_names": Case(  # KO 2024 10-K, vested performance share units
        row("", "Performance Share Units (In thousands)", "Weighted- Average Grant Date Fair Value")
        + row("Certified", "3,611", "$49.37")
        + row("Released during 2024", "(3,609)", "49.37"),
        KO_10K,
        "Released during 2024",
        [calendar_year(2024)] * 2,
    ),
    "year_the_row_names_with_balance_columns": Case(  # GOOGL 2023 10-K, Schedule II
        row("", "Balance at Beginning of Year", "Additions", "Usage", "Balance at End of Year")
        + row("Year ended December 31, 2022", "$1,389", "$2,125", "$(2,301)", "$1,213")
        + row("Year ended December 31, 2023", "$1,213", "$3,115", "$(2,737)", "$1,591"),
        GOOGL_10K,
        "Year ended December 31, 2023",
        [at(2022, 12, 31), calendar_year(2023), calendar_year(2023), at(2023, 12, 31)],
    ),
    "month_day_the_row_names": Case(
        AMZN_TAX_CONTINGENCIES,
        AMZN_10K,
        "Gross tax contingencies – January 1",
        [at(2021, 1, 1), at(2022, 1, 1), at(2023, 1, 1)],
    ),
    "maturity_bucket": Case(  # AMZN 2023 10-K, principal contractual commitments
        row("Year Ended December 31,")
        + row("", "2024", "2025", "Thereafter", "Total")
        + row("Long-term debt principal and interest", "$10,616", "$7,175", "$60,176", "$96,872"),
        AMZN_10K,
        "Long-term debt principal and interest",
        [at(2023, 12, 31)],
        context="The following summarizes our principal contractual commitments … as of December 31, 2023 "
        "(in millions):",
        column="Year Ended December 31, 2025",
    ),
    "opening_day_the_row_names": Case(  # TXN 2023 10-K (corpus-large), uncertain tax positions
        row("", "2023", "2022", "2021")
        + row("Balance, January 1", "$82", "$69", "$89")
        + row("Additions based on tax positions related to the current year", "3", "3", "2")
        + row("Balance, December 31", "$82", "$82", "$69"),
        TXN_10K,
        "Balance, January 1",
        [at(2022, 12, 31), at(2021, 12, 31), at(2020, 12, 31)],
        title="The changes in the total amounts of uncertain tax positions are as follows:",
    ),
    "balance_row_under_a_flow_column": Case(
        AAPL_UNCERTAIN_TAX,
        AAPL_10K,
        "Beginning balances",
        [at(2023, 9, 28), at(2022, 9, 28), at(2021, 9, 28)],
        title="Uncertain Tax Positions",
    ),
    "opening_balance_under_a_date_column": Case(
        NVDA_DEFERRED_REVENUE, NVDA_10K, "Balance at beginning of period", [at(2023, 1, 28), at(2022, 1, 29)]
    ),
    "movement_between_dated_balances": Case(  # IBM Q2 2023 10-Q (corpus-large), allowance for credit losses
        row("(Dollars in millions)", "", "")
        + row("At June 30, 2023:", "Americas", "Total")
        + row("Beginning balance at January 1, 2023", "$88", "$168")
        + row("Write-offs", "$(3)", "$(4)")
        + row("Ending balance at June 30, 2023", "$98", "$165"),
        IBM_10Q,
        "Write-offs",
        [flow(date(2023, 1, 2), date(2023, 6, 30))] * 2,
    ),
    "movement_under_a_date_column": Case(
        AMZN_TAX_CONTINGENCIES,
        AMZN_10K,
        "Gross increases to tax positions in prior periods",
        [calendar_year(2021), calendar_year(2022), calendar_year(2023)],
    ),
    "closing_line_of_a_block": Case(  # GE 2023 10-K (corpus-large), changes in shareholders' equity
        row("For the years ended December 31 (In millions)", "2023", "2022", "2021")
        + row("Beginning balance", "(2,272)", "(4,860)", "(9,749)")
        + row("Currency translation adjustments", "2,270", "(1,324)", "(174)")
        + row("Accumulated other comprehensive income (loss)", "$(6,150)", "$(2,272)", "$(4,860)")
        + row("Beginning balance", "34,173", "34,691", "34,307")
        + row("Stock-based compensation", "355", "362", "429")
        + row("Other capital", "$26,962", "$34,173", "$34,691")
        + row("Beginning balance", "82,983", "83,286", "92,247")
        + row("Net earnings (loss) attributable to the Company", "9,481", "339", "(6,337)")
        + row("Retained earnings", "$86,527", "$82,983", "$83,286"),
        GE_10K,
        "Other capital",
        [at(2023, 12, 31), at(2022, 12, 31), at(2021, 12, 31)],
        title="STATEMENT OF CHANGES IN SHAREHOLDERS' EQUITY",
    ),
    "length_the_section_names": Case(  # PFE Q2 2023 10-Q, net periodic benefit cost
        row("Three Months Ended")
        + row("(MILLIONS)", "July 2, 2023", "July 3, 2022")
        + row("Service cost", "$22", "$30")
        + row("Six Months Ended")
        + row("(MILLIONS)", "July 2, 2023", "July 3, 2022")
        + row("Interest cost", "295", "236"),
        PFE_10Q,
        "Interest cost",
        [flow(date(2023, 1, 3), date(2023, 7, 2)), flow(date(2022, 1, 4), date(2022, 7, 3))],
        title="Note 10. Pension and Postretirement Benefit Plans",
    ),
    "flow_from_the_opening_day": Case(  # IBM Q2 2023 10-Q (corpus-large), standard warranty liability
        row("(Dollars in millions)", "2023", "2022")
        + row("Balance at January 1", "$79", "$77")
        + row("Current-period accruals", "35", "39")
        + row("Accrual adjustments to reflect actual experience", "(14)", "(1)")
        + row("Charges incurred", "(43)", "(41)")
        + row("Balance at June 30", "$57", "$74"),
        IBM_10Q,
        "Current-period accruals",
        [flow(date(2023, 1, 1), date(2023, 6, 30)), flow(date(2022, 1, 1), date(2022, 6, 30))],
        title="Standard Warranty Liability",
    ),
    "movement_under_a_column": Case(
        AAPL_UNCERTAIN_TAX,
        AAPL_10K,
        "Increases related to tax positions taken during a prior year",
        [apple_year(2024), apple_year(2023), apple_year(2022)],
        title="Uncertain Tax Positions",
    ),
    "assets_under_a_flow_column": Case(  # WMT 2025 10-K, segments
        row("Fiscal Years Ended January 31,")
        + row("(Amounts in millions)", "2025", "2024")
        + row("Walmart U.S.")
        + row("Total assets", "$150,006", "$137,782")
        + row("Depreciation and amortization", "8,549", "7,671"),
        WMT_10K,
        "Total assets",
        [at(2025, 1, 31), at(2024, 1, 31)],
    ),
    "stock_after_the_closing_balance": Case(  # META 2023 10-K, statement of cash flows
        row("", "Year Ended December 31,", "")
        + row("", "2023", "2022")
        + row("Net increase (decrease) in cash, cash equivalents, and restricted cash", "27,231", "(1,269)")
        + row("Cash, cash equivalents, and restricted cash at beginning of the period", "15,596", "16,865")
        + row("Cash, cash equivalents, and restricted cash at end of the period", "$42,827", "$15,596")
        + row(
            "Reconciliation of cash, cash equivalents, and restricted cash to the consolidated balance sheets"
        )
        + row("Cash and cash equivalents", "$41,862", "$14,681"),
        META_10K_2023,
        "Cash and cash equivalents",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="(In millions)",
    ),
    # Balances under columns of flows and flows under columns of dates (corpus-large).
    "balance_under_a_heading_of_balances": Case(  # GM 2023 10-K, pension obligations and plan assets
        row("", "Year Ended December 31, 2023", "Year Ended December 31, 2022")
        + row("Amounts recorded in Accumulated other comprehensive loss")
        + row("Net actuarial loss", "$(3,372)", "$(1,186)")
        + row("Net prior service (cost) credit", "(793)", "5"),
        GM_10K,
        "Net actuarial loss",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="Pension and OPEB Obligations and Plan Assets",
    ),
    "assumption_of_what_it_measures": Case(  # GM 2023 10-K, pension assumptions
        row("", "Year Ended December 31, 2023", "Year Ended December 31, 2022")
        + row("Weighted-average assumptions used to determine benefit obligations(a)")
        + row("Discount rate", "5.12 %", "5.40 %"),
        GM_10K,
        "Discount rate",
        [at(2023, 12, 31), at(2022, 12, 31)],
        "pension and OPEB expense along with the assumptions used to determine benefit obligations:",
    ),
    "expected_return_of_the_period": Case(  # BA 2023 10-K, assumptions (tagged over each year)
        row("December 31,", "2023", "2022", "2021")
        + row("Discount rate:")
        + row("Pension", "5.10%", "5.40%", "2.80%")
        + row("Expected return on plan assets", "6.00%", "6.00%", "6.30%")
        + row("Rate of compensation increase", "4.30%", "4.30%", "4.30%"),
        BA_10K,
        "Expected return on plan assets",
        [calendar_year(2023), calendar_year(2022), calendar_year(2021)],
        "Assumptions",
    ),
    "valuation_input_of_awards": Case(  # KHC 2023 10-K, stock options
        row("", "December 30, 2023", "December 31, 2022")
        + row("Risk-free interest rate", "4.08%", "1.64%")
        + row("Expected volatility", "26.7%", "28.5%"),
        KHC_10K,
        "Risk-free interest rate",
        [flow(date(2022, 12, 31), date(2023, 12, 30)), calendar_year(2022)],
        "We use the Black-Scholes model to estimate the fair value of stock option grants. Our weighted "
        "average Black-Scholes fair value assumptions were:",
    ),
    "rate_reconciliation": Case(  # KHC 2023 10-K, effective tax rate
        row("", "December 30, 2023", "December 31, 2022")
        + row("U.S. federal statutory tax rate", "21.0%", "21.0%")
        + row("Effective tax rate", "21.7%", "20.2%"),
        KHC_10K,
        "U.S. federal statutory tax rate",
        [flow(date(2022, 12, 31), date(2023, 12, 30)), calendar_year(2022)],
        "Effective Tax Rate: The effective tax rate on income/(loss) before income taxes differed from the "
        "U.S. federal statutory tax rate for the following reasons:",
    ),
    "line_above_the_roll_forward": Case(  # GE 2023 10-K, statement of changes in shareholders' equity
        row("For the years ended December 31 (In millions)", "2023", "2022")
        + row("Common stock issued", "$15", "$15")
        + row("Beginning balance", "82,983", "83,286")
        + row("Net earnings (loss) attributable to the Company", "9,481", "339")
        + row("Retained earnings", "$86,527", "$82,983")
        + row("Beginning balance", "(81,209)", "(81,093)")
        + row("Purchases", "(1,244)", "(1,048)"),
        GE_10K,
        "Common stock issued",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="STATEMENT OF CHANGES IN SHAREHOLDERS' EQUITY",
    ),
    "under_a_balance_heading": Case(  # ABT Q2 2023 10-Q, shareholders' investment
        row("", "Six Months Ended June 30", "Six Months Ended June 30")
        + row("", "2023", "2022")
        + row("Common Shares:", "", "")
        + row("Balance at January 1", "", "")
        + row("Shares: 2023: 1,986,519,278; 2022: 1,985,273,421", "$24,709", "$24,470")
        + row("Share-based compensation", "415", "449"),
        ABT_10Q,
        "Shares: 2023: 1,986,519,278; 2022: 1,985,273,421",
        [at(2022, 12, 31)],
        column="Six Months Ended June 30 2023 Balance at January 1",  # (the heading joins the header)
    ),
    "line_between_roll_forwards": Case(  # KO 2024 10-K, statement of shareowners' equity
        row("", "2024", "2023")
        + row("Treasury Stock")
        + row("Balance at beginning of year", "(54,535)", "(52,601)")
        + row("Purchases of stock for treasury", "(1,702)", "(2,189)")
        + row("Balance at end of year", "(55,916)", "(54,535)")
        + row("Total Equity Attributable to Shareowners of The Coca-Cola Company", "$24,856", "$25,941")
        + row("Equity Attributable to Noncontrolling Interests")
        + row("Balance at beginning of year", "$1,539", "$1,721")
        + row("Divestitures", "(4)", "—"),
        KO_10K,
        "Total Equity Attributable to Shareowners of The Coca-Cola Company",
        [at(2024, 12, 31), at(2023, 12, 31)],
        title="(In millions except per share data)",
    ),
    "flow_the_column_names": Case(  # PEP 2023 10-K (corpus-large), total assets and capital spending
        "<tr><td></td>"
        + spanning("Total Assets", 2)
        + spanning("Capital Spending", 3)
        + "</tr>"
        + row("", "2023", "2022", "2023", "2022", "2021")
        + row("FLNA", "$12,176", "$11,042", "$1,341", "$1,464", "$1,411"),
        PEP_10K,
        "FLNA",
        [flow(date(2022, 12, 31), date(2023, 12, 30))],
        context="Total assets and capital spending of each division are as follows:",
        column="Capital Spending 2023",
    ),
    "balance_under_an_as_of_and_for_column": Case(  # GM 2023 10-K (corpus-large), segments
        "<tr><td></td>"
        + spanning("At and For the Year Ended December 31, 2023", 3)
        + "</tr>"
        + row("", "GMNA", "GMI", "Total")
        + row("Automotive interest income", "", "", "1,109")
        + row("Equity in net assets of nonconsolidated affiliates", "$2,595", "$6,348", "$10,613"),
        GM_10K,
        "Equity in net assets of nonconsolidated affiliates",
        [at(2023, 12, 31)] * 3,
        context="The following tables summarize key financial information by segment:",
    ),
    "balance_the_caption_dates": Case(  # BA 2023 10-K (corpus-large), deferred tax assets/(liabilities)
        row("", "2023", "2022")
        + row("Inventory and long-term contract methods", "($5,115)", "($4,369)")
        + row("Research expenditures", "2,873", "1,464")
        + row("Accrued expenses and reserves", "956", "933"),
        BA_10K,
        "Research expenditures",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="Significant components of our deferred tax assets/(liabilities) at December 31 were as "
        "follows:",
    ),
    "stock_under_a_bare_year": Case(  # AAPL 2024 10-K, other non-current liabilities
        row("", "2024", "2023")
        + row("Income taxes payable", "$9,254", "$15,457")
        + row("Other non-current liabilities", "36,634", "34,391"),
        AAPL_10K,
        "Income taxes payable",
        [at(2024, 9, 28), at(2023, 9, 28)],
        title="Other Non-Current Liabilities",
    ),
    "flow_under_a_bare_year": Case(  # AAPL 2024 10-K, commercial paper: the caption says "as of"
        row("", "2024", "2023", "2022")
        + row("Maturities 90 days or less:")
        + row("Proceeds from/(Repayments of) commercial paper, net", "$3,960", "$(1,333)", "$5,264"),
        AAPL_10K,
        "Proceeds from/(Repayments of) commercial paper, net",
        [apple_year(2024), apple_year(2023), apple_year(2022)],
        context="The weighted-average interest rate of the Company’s commercial paper was 5.00% and 5.28% as "
        "of September 28, 2024 and September 30, 2023, respectively. The following table provides a summary "
        "of cash flows associated with the issuance and maturities of commercial paper for 2024, 2023 and "
        "2022 (in millions):",
        title="Commercial Paper",
    ),
    "flow_under_a_date": Case(  # KHC 2023 10-K (corpus-large), net pension cost: dates alone over flows
        row("", "December 30, 2023", "December 31, 2022", "December 25, 2021")
        + row("Service cost", "$2", "$4", "$5")
        + row("Interest cost", "142", "118", "90")
        + row("Expected return on plan assets", "(196)", "(193)", "(186)")
        + row("Amortization of prior service costs/(credits)", "—", "—", "—")
        + row("Net pension cost/(benefit)", "$(52)", "$(72)", "$(99)"),
        KHC_10K,
        "Service cost",
        [
            flow(date(2022, 12, 31), date(2023, 12, 30)),
            calendar_year(2022),
            flow(date(2020, 12, 26), date(2021, 12, 25)),
        ],
        title="Net pension cost/(benefit) consisted of the following (in millions):",
    ),
    "column_as_printed": Case(
        AAPL_OPERATING_EXPENSES, AAPL_10K, "Research and development", [apple_year(2024)], column="2024"
    ),
    "date_the_row_names": Case(
        TSLA_OPTIONS,
        TSLA_10K,
        "Vested and expected to vest, December 31, 2023",
        [at(2023, 12, 31)] * 2,
        title=TSLA_TITLE,
    ),
    "period_the_row_names_alone": Case(  # VZ 2023 10-K (corpus-large), Schedule II
        row(
            "Description",
            "Balance at Beginning of Period",
            "Charged to Expenses",
            "Deductions(b)",
            "Balance at End of Period(c)",
        )
        + row("Allowance for credit losses deducted from accounts receivable:")
        + row("Year 2023", "$1,261", "$2,146", "$1,836", "$1,609")
        + row("Year 2022", "1,151", "1,531", "1,490", "1,261"),
        VZ_10K,
        "Year 2023",
        [at(2022, 12, 31), calendar_year(2023), calendar_year(2023), at(2023, 12, 31)],
        title="For the Years Ended December 31, 2023, 2022 and 2021",
    ),
    "to_date_column": Case(  # META 2024 10-K, restructuring charges
        '<tr><td></td><td colspan="3">Plan to Date</td></tr>'
        + row("", "Facilities Consolidation", "Severance and Other Personnel Costs", "Total")
        + row("Cost of revenue", "$362", "$—", "$1,478"),
        META_10K_2024,
        "Cost of revenue",
        [at(2024, 12, 31)] * 3,
    ),
    "quarter_of_the_section_year": Case(  # NFLX 2017 10-K, selected quarterly financial data
        row("", "December 31", "September 30", "June 30", "March 31")
        + row("2017")
        + row("Total revenues", "$3,285,755", "$2,984,859", "$2,785,464", "$2,636,635")
        + row("2016")
        + row("Total revenues", "$2,477,541", "$2,290,188", "$2,105,204", "$1,957,736"),
        NFLX_10K,
        "Total revenues",
        [
            flow(date(year, month - 2, 1), date(year, month, day))
            for year in (2017, 2016)
            for month, day in ((12, 31), (9, 30), (6, 30), (3, 31))
        ],
        context="(in thousands, except for per share data)",
        title="12. Selected Quarterly Financial Data (Unaudited)",
    ),
    "balance_of_a_dated_stretch": Case(  # NVDA 2024 10-K, Schedule II
        row(
            "Description",
            "Balance at Beginning of Period",
            "Additions",
            "Deductions",
            "Balance at End of Period",
        )
        + row("(In millions)")
        + row("Fiscal year 2024")
        + row("Allowance for doubtful accounts", "$4", "$—", "$—", "$4"),
        NVDA_10K,
        "Allowance for doubtful accounts",
        [at(2023, 1, 28)],
        title="Schedule II – Valuation and Qualifying Accounts",
        column="Balance at Beginning of Period",
    ),
    "date_in_the_header_stub": Case(  # CSCO 2024 10-K (corpus-large), unrealized losses a year earlier
        row("", "Unrealized Losses Less Than 12 Months", "", "Total", "")
        + row(
            "July 29, 2023", "Fair Value", "Gross Unrealized Losses", "Fair Value", "Gross Unrealized Losses"
        )
        + row("U.S. government securities", "$2,394", "$(26)", "$3,325", "$(62)")
        + row("Corporate debt securities", "1,736", "(22)", "6,051", "(297)"),
        CSCO_10K,
        "U.S. government securities",
        [at(2023, 7, 29)] * 4,
        context="Notes to Consolidated Financial Statements (Continued)",
    ),
    "flow_of_a_dated_stretch": Case(
        AMZN_RSUS, AMZN_10K, "Units granted", [flow(date(2021, 1, 2), date(2021, 12, 31))] * 2
    ),
    "opening_balance_of_the_document_period": Case(
        TSLA_OPTIONS, TSLA_10K, "Beginning of period", [at(2022, 12, 31)] * 2, title=TSLA_TITLE
    ),
    "movement_over_the_document_period": Case(
        TSLA_OPTIONS, TSLA_10K, "Granted", [calendar_year(2023)] * 2, title=TSLA_TITLE
    ),
    "written_figure_at_the_report_date": Case(  # AMZN 2023 10-K, balance sheet
        row("December 31,")
        + row("", "2022", "2023")
        # "$0.01", "500" shares and "no" shares: none of them listed one per column
        + row(
            "Preferred stock ($0.01 par value; 500 shares authorized; no shares issued or outstanding)",
            "—",
            "—",
        ),
        AMZN_10K,
        "Preferred stock ($0.01 par value; 500 shares authorized; no shares issued or outstanding)",
        [at(2023, 12, 31)] * 3,
        column="",
    ),
    "balance_at_the_report_date": Case(  # AAPL 2024 10-K, lease liability maturities
        row("", "Operating Leases", "Finance Leases", "Total")
        + row("2025", "$1,820", "$171", "$1,991")
        + row("2026", "1,914", "131", "2,045")
        + row("Total undiscounted liabilities", "13,518", "1,272", "14,790"),
        AAPL_10K,
        "2025",
        [at(2024, 9, 28)] * 3,
        context="Lease liability maturities as of September 28, 2024, are as follows (in millions):",
    ),
    "change_between_two_years": Case(  # JNJ 2023 10-K (corpus-large), sales by segment
        "<tr><td></td>"
        + spanning("Sales to Customers", 3)
        + spanning("% Change", 2)
        + "</tr>"
        + row("(Dollars in Millions)", "2023", "2022", "2021", "’23 vs. ’22", "’22 vs. ’21")
        + row("U.S.", "$11,539", "11,036", "10,843", "4.6%", "1.8"),
        JNJ_10K,
        "U.S.",
        [calendar_year(2022)],
        column="% Change ’22 vs. ’21",
    ),
    "flow_over_the_document_period": Case(
        AAPL_OPERATING_EXPENSES, AAPL_10K, "Research and development", [apple_year(2024)], column="Change"
    ),
    "day_something_happened": Case(  # WMT Q2 2024 10-Q (corpus-large), long-term debt issued
        row("(Amounts in millions)", "", "", "")
        + row("Issue Date", "Principal Amount", "Fixed Interest Rate", "Net Proceeds")
        + row("April 18, 2023", "$750", "4.00%", "$748")
        + row("Total", "", "", "$4,967"),
        WMT_10Q,
        "April 18, 2023",
        [at(2023, 7, 31), at(2023, 7, 31), flow(date(2023, 2, 1), date(2023, 7, 31))],
        title="Information on significant long-term debt issued during the six months ended July 31, 2023, "
        "for general corporate purposes, is as follows:",
    ),
    "days_of_a_month_the_row_names": Case(  # GOOGL 2023 10-K (corpus-large), issuer purchases of equity
        row(
            "Period",
            "Total Number of Class A Shares Purchased (in thousands)",
            "Average Price Paid per Class A Share",
        )
        + row("October 1 - 31", "9,923", "$134.66")
        + row("November 1 - 30", "9,197", "$134.53"),
        GOOGL_10K,
        "November 1 - 30",
        [flow(date(2023, 11, 1), date(2023, 11, 30))] * 2,
        context="The following table presents information with respect to Alphabet's repurchases of Class A "
        "and Class C stock during the quarter ended December 31, 2023:",
    ),
    "year_to_date_the_row_group_names": Case(  # PFE Q2 2023 10-Q (corpus), selected product revenues
        row("", "", "", "Revenue July 2, 2023", "Revenue July 3, 2022", "% Change Total")
        + '<tr><td rowspan="3">Vyndaqel family</td><td rowspan="3">YTD</td><td>U.S.</td><td>$818</td>'
        "<td>$561</td><td>46</td></tr>"
        + row("Int’l.", "650", "603", "8")
        + row("Worldwide", "$1,468", "$1,164", "26"),
        PFE_10Q,
        "Worldwide",
        [
            flow(date(2023, 1, 3), date(2023, 7, 2)),
            flow(date(2022, 1, 4), date(2022, 7, 3)),
            flow(date(2023, 1, 3), date(2023, 7, 2)),  # its "% Change" beside, under no dated column
        ],
    ),
    "month_the_row_names": Case(  # LOW 2023 10-K (corpus-large), notes issued
        row("Issue Date", "Principal Amount (in millions)", "Interest Rate", "Discount (in millions)")
        + row("March 2023", "$1,000", "4.800%", "$3"),
        LOW_10K,
        "March 2023",
        [at(2023, 3, 31)] * 3,
        title="During 2023, the Company issued $3.0 billion of unsecured fixed rate notes as follows:",
    ),
    "acquisition_date_in_the_prose": Case(  # AMD 2023 10-K (corpus-large), Xilinx purchase price allocation
        row("", "(In millions)") + row("Cash and cash equivalents", "$2,366") + row("Inventories", "539"),
        AMD_10K,
        "Inventories",
        [at(2022, 2, 14)],
        context="Xilinx Acquisition On February 14, 2022 (Xilinx Acquisition Date), the Company completed "
        "the acquisition of all issued and outstanding shares of Xilinx, a leading provider of adaptive "
        "computing solutions.",
        title="The purchase consideration was allocated as follows:",
    ),
    "flow_before_the_first_dated_balance": Case(  # DOW Q2 2023 10-Q (corpus-large), restructuring program
        row("2023 Restructuring Program", "Severance and Related Benefit Costs", "Total")
        + row("Corporate", "344", "451")
        + row("Reserve balance at Mar 31, 2023", "$333", "$333")
        + row("Cash payments", "(60)", "(60)")
        + row("Reserve balance at Jun 30, 2023", "$273", "$273"),
        DOW_10Q,
        "Corporate",
        [flow(date(2023, 1, 1), date(2023, 3, 31))] * 2,
    ),
    "length_and_day_the_column_names": Case(  # GE Q2 2023 10-Q (corpus-large), segment variances
        row("(In millions)", "Six months ended June 30 V %")
        + row("Renewable Energy", "12 %")
        + row("Total segment revenues", "16 %"),
        DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2"),
        "Total segment revenues",
        [flow(date(2023, 1, 1), date(2023, 6, 30))],
    ),
    "subtotal_of_the_balances_above": Case(  # CMCSA 2023 10-K (corpus-large), goodwill by segment
        row("(in billions)", "Media", "Total")
        + row("Balance, December 31, 2021")
        + row("Goodwill", "$ 14.7", "$ 70.2")
        + row("", "$ 14.7", "$ 70.2")
        + row("Impairment", "", "(8.1)")
        + row("Balance, December 31, 2022")
        + row("Goodwill", "$ 14.7", "$ 66.4")
        + row("Accumulated impairment losses", "", "(7.9)")
        + row("", "$ 14.7", "$ 58.5"),
        CMCSA_10K,
        "",
        [at(2021, 12, 31)] * 2 + [at(2022, 12, 31)] * 2,
    ),
    # Balances under columns of flows (corpus-large, round 2).
    "declared_but_not_paid": Case(  # LOW 2023 10-K, supplemental disclosures of cash flow information
        row("", "Years Ended", "Years Ended")
        + row("(In millions)", "February 2, 2024", "February 3, 2023")
        + row("Non-cash investing and financing activities:", "", "")
        + row("Cash dividends declared but not paid", "$633", "$633"),
        LOW_10K,
        "Cash dividends declared but not paid",
        [at(2024, 2, 2), at(2023, 2, 3)],
        title="Supplemental disclosures of cash flow information:",
    ),
    "discount_rate_of_leases": Case(  # ABBV 2023 10-K, leases
        row("years ended December 31", "2023", "2022")
        + row("Weighted-average discount rate", "", "")
        + row("Operating", "3.0%", "2.6%"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "Operating",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="The following table presents the weighted-average remaining lease term and weighted-average "
        "discount rate for operating and finance leases:",
    ),
    "stock_between_closing_balances": Case(  # BA 2023 10-K, statement of cash flows
        row("Years ended December 31,", "2023", "2022")
        + row("Cash &amp; cash equivalents, including restricted, at beginning of year", "8,104", "13,718")
        + row("Cash &amp; cash equivalents, including restricted, at end of year", "11,630", "8,104")
        + row("Less restricted cash &amp; cash equivalents, included in Investments", "22", "33")
        + row("Cash and cash equivalents at end of year", "$11,608", "$8,071"),
        BA_10K,
        "Less restricted cash & cash equivalents, included in Investments",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="Consolidated Statements of Cash Flows",
    ),
    "parts_of_the_opening_balance": Case(  # JCI 2024 10-K, goodwill by segment
        row("", "Year Ended September 30, 2024", "Year Ended September 30, 2024")
        + row("", "Global Products", "Total")
        + row("Goodwill", "$4,586", "17,737")
        + row("Accumulated impairment loss", "(259)", "(965)")
        + row("Balance at beginning of period", "4,327", "16,772")
        + row("Impairments", "—", "(230)")
        + row("Balance at end of period", "$4,345", "$16,725"),
        DocumentPeriod("10-K", date(2024, 9, 30), 2024, "FY"),
        "Accumulated impairment loss",
        [at(2023, 9, 30)] * 2,
        title="The changes in the carrying amount of goodwill in each of the Company’s reportable segments "
        "were as follows (in millions):",
    ),
    "carrying_amount_under_a_bare_year": Case(  # PEP 2023 10-K, amortizable intangible assets
        row("", "2023", "2023", "2023")
        + row("Average Useful Life (Years)", "Gross", "Accumulated Amortization", "Net")
        + row("Brands", "1,093", "(989)", "104"),
        PEP_10K,
        "Brands",
        [at(2023, 12, 30)] * 3,
        title="A summary of our amortizable intangible assets is as follows:",
    ),
    "per_share_computation_under_a_date": Case(  # RIOT 2023 10-K (corpus-large), antidilutive securities
        row("", "December 31, 2023", "December 31, 2022")
        + row("Warrants to purchase common stock", "63,000", "63,000"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "Warrants to purchase common stock",
        [calendar_year(2023), calendar_year(2022)],
        context="The following table presents potentially dilutive securities that are not included in the "
        "computation of diluted net income (loss) per share as their inclusion would be anti-dilutive:",
    ),
    "flow_under_three_year_ends": Case(  # KHC 2023 10-K, restructuring by segment
        row("", "December 30, 2023", "December 31, 2022", "December 25, 2021")
        + row("North America", "$15", "$40", "$15")
        + row("International", "220", "25", "22"),
        KHC_10K,
        "North America",
        [
            flow(date(2022, 12, 31), date(2023, 12, 30)),
            calendar_year(2022),
            flow(date(2020, 12, 26), date(2021, 12, 25)),
        ],
        "The pre-tax impact of allocating such expenses/(income) to our segments would have been (in "
        "millions):",
    ),
    "balance_the_column_dates": Case(  # ABBV 2023 10-K (corpus-large), accounts payable, accrued liabilities
        row("as of December 31 (in millions)", "2023", "2022")
        + row("Sales rebates", "$13,627", "$10,717")
        + row("Dividends payable", "2,783", "2,680"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "Sales rebates",
        [at(2023, 12, 31), at(2022, 12, 31)],
        title="Accounts Payable and Accrued Liabilities",
    ),
    "flow_row_among_balances": Case(  # F Q2 2023 10-Q (corpus-large), consumer loans by origination year
        '<tr><td></td><td colspan="2">Amortized Cost Basis by Origination Year</td><td></td></tr>'
        + row("", "2023", "2022", "Total")
        + row("Total consumer", "$11,482", "$16,187", "$53,160")
        + row("Gross charge-offs", "$14", "$63", "$216"),
        DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2"),
        "Gross charge-offs",
        [flow(date(2023, 1, 1), date(2023, 6, 30))] * 3,
    ),
    "price_range_over_the_period": Case(  # BMY 2023 10-K (corpus-large), options by range of exercise prices
        row("Range of Exercise Prices", "Number of Options (in millions)", "Weighted-Average Exercise Price")
        + row("$10 - $40", "0.7", "$36.34")
        + row("$40 - $55", "5.5", "49.76"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "$10 - $40",
        [flow(date(2023, 1, 1), date(2023, 12, 31))] * 2,
        context="The following table summarizes options at December 31, 2023:",
        column="",
    ),
    "length_ending_on_the_rows_day": Case(  # CSCO 2024 10-K (corpus-large), stock repurchases by year
        row("Years Ended", "Shares", "Weighted-Average Price per Share", "Amount")
        + row("July 27, 2024", "117", "$49.45", "$5,764")
        + row("July 29, 2023", "88", "$48.49", "$4,271"),
        CSCO_10K,
        "July 27, 2024",
        [flow(date(2023, 7, 28), date(2024, 7, 27))] * 3,
        title="(a)Stock Repurchase Program",
    ),
    "terms_on_the_day_of_issue": Case(  # UNH Q2 2023 10-Q (corpus-large), senior notes issued in March
        row("(in millions, except percentages)", "Par Value")
        + row("4.250% notes due January 2029", "$1,250")
        + row("4.500% notes due April 2033", "1,500"),
        DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2"),
        "4.500% notes due April 2033",
        [at(2023, 3, 31)],
        context="In March 2023, the Company issued $6.5 billion of senior unsecured notes consisting of the"
        " following:",
        column="Par Value",
    ),
    "balance_at_the_month_the_column_names": Case(  # AXP Q3 2023 10-Q (corpus-large), cash reconciliation
        row("Cash and cash equivalents reconciliation", "Sep-23", "Dec-22", "Sep-22", "Dec-21")
        + row(
            "Cash and cash equivalents per Consolidated Balance Sheets",
            "$43,908",
            "$33,914",
            "$31,182",
            "$22,028",
        )
        + row("Restricted balances included in Cash and cash equivalents", "468", "544", "1,360", "525"),
        DocumentPeriod("10-Q", date(2023, 9, 30), 2023, "Q3"),
        "Restricted balances included in Cash and cash equivalents",
        [at(2023, 9, 30), at(2022, 12, 31), at(2022, 9, 30), at(2021, 12, 31)],
    ),
    "trend_rate_assumed_ahead": Case(  # RTX 2023 10-K (corpus-large), health care cost trend rates
        row("", "2023", "2022")
        + row("Health care cost trend rate assumed for next year", "4.8%", "5.0%")
        + row("Ultimate health care cost trend rate", "4.2%", "4.2%"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "Health care cost trend rate assumed for next year",
        [at(2023, 12, 31), at(2022, 12, 31)],
        context="",
        title="Assumed health care cost trend rates used in determining the PRB benefit obligation and net "
        "periodic PRB (income) expense are as follows:",
    ),
    "gains_or_losses_under_a_bare_year": Case(  # TMO 2023 10-K (corpus-large), fair value hedges
        row("", "Gain (loss) recognized", "Gain (loss) recognized", "Gain (loss) recognized")
        + row("(In millions)", "2023", "2022", "2021")
        + row("Fair value hedging relationships")
        + row("Hedged long-term obligations - included in other income/(expense)", "$—", "$77", "$—"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "Hedged long-term obligations - included in other income/(expense)",
        [calendar_year(2023), calendar_year(2022), calendar_year(2021)],
        context="(b)The fair value of the currency exchange contracts is included in the accompanying "
        "balance sheet under the captions other current assets or other accrued expenses.",
    ),
    "movement_between_two_days": Case(  # ABT 2023 10-K (corpus-large), unrecognized tax benefits
        row("(in millions)", "2023", "2022")
        + row("January 1", "$2,036", "$1,908")
        + row("Settlements", "(144)", "3")
        + row("Lapse of statute", "(43)", "(22)")
        + row("December 31", "$3,323", "$2,036"),
        DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY"),
        "Settlements",
        [calendar_year(2023), calendar_year(2022)],
        context="The following table summarizes the gross amounts of unrecognized tax benefits without "
        "regard to reduction in tax liabilities or additions to deferred tax assets and liabilities if such "
        "unrecognized tax benefits were settled:",
    ),
}


@pytest.mark.parametrize("rule", [rule.__name__ for rule in PERIOD_RULES])
def test_the_rule_dates_the_cells_of_its_table(rule: str) -> None:
    case = CASES[rule]
    parsed = parse_html_table(case.html, case.document, case.context, case.title)
    cells = [
        c
        for c in parsed.cells
        if c.row_label == case.label and (case.column is None or c.column_label == case.column)
    ]
    assert [(c.period, c.period_rule) for c in cells] == [(period, rule) for period in case.periods], [
        (c.column_label, c.text, c.period, c.period_rule) for c in cells
    ]


def test_every_rule_has_a_case_and_shows_an_example() -> None:
    names = [rule.__name__ for rule in PERIOD_RULES]
    assert len(set(names)) == len(names)
    assert set(CASES) == set(names)
    for rule in PERIOD_RULES:
        assert rule.__doc__ is not None and "→" in rule.__doc__ and '"' in rule.__doc__, rule.__name__
