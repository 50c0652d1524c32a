"""Flows and balances told apart, in tables of corpus-large filings (`../shared/corpus-large`): each cut down
from the named filing's table to the rows that show the rule, what the fidelity bench found parsed as the
wrong kind against the filer's own XBRL tags, and the period that the tags give. Flows that a balance word in
the table, dates over the columns or dated balance rows made look like balances; what an acquisition's price
is made of (a flow of its day) beside the assets bought (held at it); balances under columns of flows (amounts
owed at the year's end, the rates of the leases held, the lines that make up an opening balance, a balance at
the eve of the columns' first day); what a year took on (assets acquired, liabilities assumed, new leases)
under a bare year; the lines below a roll-forward's closing balance; rows under a heading of write-offs among
balances; and under bare years, a movement column of currency translation, the total that closes a block of
unlabelled rows, the sentence that introduces a table, health care cost trend rates and columns of gains or
losses."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, periods, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period

ABBV_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
ABT_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
AMC_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
AMZN_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
BA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
BMY_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CL_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CMCSA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CSCO_10K = DocumentPeriod("10-K", date(2024, 7, 27), 2024, "FY")
GE_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GM_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
HD_10K = DocumentPeriod("10-K", date(2024, 1, 28), 2023, "FY")
JCI_10K = DocumentPeriod("10-K", date(2024, 9, 30), 2024, "FY")
JNJ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
LOW_10K = DocumentPeriod("10-K", date(2024, 2, 2), 2023, "FY")
MA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
MCD_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
PEP_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
RIOT_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
RTX_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")
TMO_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
VZ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
WBA_10Q = DocumentPeriod("10-Q", date(2023, 5, 31), 2023, "Q3")
XOM_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")

GM_YEARS = "Year Ended December 31, 2023", "Year Ended December 31, 2022"
LOW_YEARS = "February 2, 2024", "February 3, 2023", "January 28, 2022"


def _cells_of_row(
    html: str, document: DocumentPeriod, label: str, context: str, title: str | None
) -> list[tuple[str, Period | None, str]]:
    """(column label, period, rule) of each cell of the row `label`."""
    parsed = parse_html_table(html, document, context, title)
    return [(c.column_label, c.period, c.period_rule) for c in parsed.cells if c.row_label == label]


def test_changes_recognized_in_oci_stay_flows_beside_the_amounts_held_there() -> None:
    # PEP 2023 10-K, pension plans: the amounts in AOCI, then the year's changes recognized in OCI.
    parsed = parse_html_table(
        row("", "Pension U.S. 2023", "Pension U.S. 2022")
        + row("Amounts included in accumulated other comprehensive loss (pre-tax)", "", "")
        + row("Net loss/(gain)", "$3,596", "$3,337")
        + row("Prior service cost/(credit)", "18", "(21)")
        + row("Changes recognized in net (gain)/loss included in other comprehensive loss", "", "")
        + row("Net loss/(gain) arising in current year", "$333", "$254")
        + row("Amortization and settlement recognition", "(74)", "(467)"),
        PEP_10K,
    )
    assert periods(parsed, "Net loss/(gain)") == [at(2023, 12, 30), at(2022, 12, 30)]
    arising = periods(parsed, "Net loss/(gain) arising in current year")
    assert [p.kind for p in arising if p is not None] == ["duration", "duration"]


def test_an_introduction_about_the_balance_sheet_makes_its_rows_balances() -> None:
    # SJM 2024 10-K, leases: "Year Ended April 30," over balances recognized in the balance sheets.
    parsed = parse_html_table(
        row("", "Year Ended April 30,", "Year Ended April 30,")
        + row("", "2024", "2023")
        + row("Operating lease right-of-use assets", "$174.6", "$103.0")
        + row("Current operating lease liabilities", "$40.5", "$33.2"),
        SJM_10K,
        "The following table sets forth the right-of-use assets and lease liabilities recognized in the "
        "Consolidated Balance Sheets.",
    )
    assert periods(parsed, "Operating lease right-of-use assets") == [at(2024, 4, 30), at(2023, 4, 30)]


def test_an_actuarial_assumption_of_the_years_cost_stays_a_flow() -> None:
    # GM 2023 10-K, pension assumptions: the rates that measured the year's expense (those that measure
    # the obligations are balances, `assumption_of_what_it_measures`).
    parsed = parse_html_table(
        row("", *GM_YEARS)
        + row("Weighted-average assumptions used to determine net expense(a)", "", "")
        + row("Discount rate", "5.37%", "2.34%")
        + row("Expected rate of return on plan assets", "6.30%", "5.38%"),
        GM_10K,
        "pension and OPEB expense along with the assumptions used to determine benefit obligations:",
    )
    for label in ("Discount rate", "Expected rate of return on plan assets"):
        assert periods(parsed, label) == [calendar_year(2023), calendar_year(2022)], label


def test_an_equity_statement_over_years_closes_its_last_account_on_its_name() -> None:
    # GE 2023 10-K, statement of changes in shareholders' equity: the last block closed by the account's
    # name, then totals that end in "balance".
    parsed = parse_html_table(
        row("For the years ended December 31 (In millions)", "2023", "2022")
        + row("Beginning balance", "82,983", "83,286")
        + row("Net earnings (loss) attributable to the Company", "9,481", "339")
        + row("Retained earnings", "$86,527", "$82,983")
        + row("Beginning balance", "(81,209)", "(81,093)")
        + row("Purchases", "(1,244)", "(1,048)")
        + row("Common stock held in treasury", "$(79,976)", "$(81,209)")
        + row("GE shareholders' equity balance", "27,378", "33,696")
        + row("Noncontrolling interests balance", "1,202", "1,216"),
        GE_10K,
        "STATEMENT OF CHANGES IN SHAREHOLDERS' EQUITY",
    )
    year_ends = [at(2023, 12, 31), at(2022, 12, 31)]
    for label in ("Common stock held in treasury", "GE shareholders' equity balance"):
        assert periods(parsed, label) == year_ends, label
    assert periods(parsed, "Purchases") == [calendar_year(2023), calendar_year(2022)]


def test_a_column_whose_head_noun_is_a_flow_is_one_though_it_names_assets() -> None:
    # PEP 2023 10-K, amortization of intangible assets by division.
    parsed = parse_html_table(
        row("", "Amortization of Intangible Assets", "Amortization of Intangible Assets")
        + row("", "2023", "2022")
        + row("FLNA", "$11", "$11"),
        PEP_10K,
        "Amortization of intangible assets and depreciation and other amortization of each division are as "
        "follows:",
    )
    assert [p.kind for p in periods(parsed, "FLNA") if p is not None] == ["duration", "duration"]


def test_a_columns_movement_or_a_flow_introduction_keeps_a_bare_year_a_flow() -> None:
    # CL 2023 10-K, goodwill by segment: the year's acquisitions across the columns.
    parsed = parse_html_table(
        row("", "2022", "2022", "2022")
        + row("", "Beginning Balance", "Acquisitions (1)", "Ending Balance")
        + row("Pet Nutrition", "15", "474", "488"),
        CL_10K,
        "The changes in net carrying value of Goodwill by segment for the years ended December 31, 2023 and "
        "2022 were as follows:",
    )
    assert [c.period for c in parsed.cells if c.column_label == "2022 Acquisitions (1)"] == [
        calendar_year(2022)
    ]
    # JNJ 2023 10-K, the provision for taxes on income: "Currently payable" heads the year's taxes.
    parsed = parse_html_table(
        row("(Dollars in Millions)", "2023", "2022")
        + row("Currently payable:", "", "")
        + row("U.S. taxes", "$2,628", "$3,083"),
        JNJ_10K,
        "8. Income taxes The provision for taxes on income consists of:",
    )
    years = periods(parsed, "U.S. taxes")
    assert [p.kind for p in years if p is not None] == ["duration", "duration"]


def test_an_introduction_at_a_date_of_two_years_dates_the_bare_years() -> None:
    # RTX 2023 10-K, deferred tax assets and liabilities; the page's running header taken for its title.
    parsed = parse_html_table(
        row("(dollars in millions)", "2023", "2022")
        + row("Future income tax benefits:", "", "")
        + row("Insurance and employee benefits", "$555", "$633"),
        RTX_10K,
        "Deferred Tax Assets and Liabilities. The tax effects of temporary differences and tax carryforwards "
        "which gave rise to future income tax benefits and payables at December 31, 2023 and 2022 are as "
        "follows:",
        "Table of Contents",
    )
    assert periods(parsed, "Insurance and employee benefits") == [at(2023, 12, 31), at(2022, 12, 31)]


def test_the_share_counts_of_an_earnings_per_share_computation_are_the_years() -> None:
    # JNJ 2023 10-K, reconciliation of basic to diluted earnings per share, under bare years.
    parsed = parse_html_table(
        row("(In Millions Except Per Share Amounts)", "2023", "2022")
        + row("Total net earnings per share - basic", "13.88", "6.83")
        + row("Average shares outstanding — basic", "2,533.5", "2,625.2")
        + row("Adjusted average shares outstanding — diluted", "2,560.4", "2,663.9"),
        JNJ_10K,
        "15. Earnings per share The following is a reconciliation of basic net earnings per share to diluted "
        "net earnings per share for the fiscal years ended December 31, 2023, January 1, 2023 and January 2, "
        "2022:",
        "15. Earnings per share",
    )
    for label in ("Average shares outstanding — basic", "Adjusted average shares outstanding — diluted"):
        assert periods(parsed, label) == [calendar_year(2023), calendar_year(2022)], label


# AMC Q2 2023 10-Q, debt repurchases: an "Accrued Interest Paid" column gives the table a balance word.
AMC_REPURCHASES = row(
    "(In millions)",
    "Aggregate Principal Repurchased",
    "Reacquisition Cost",
    "Gain on Extinguishment",
    "Accrued Interest Paid",
) + row("Second Lien Notes due 2026", "$58.9", "$36.2", "$33.4", "$1.0")


def test_the_sentence_before_the_title_dates_the_flows_though_it_names_another_day() -> None:
    # The prose ends on a colon, the title follows: the prose's sentence introduces the table; the day
    # Antara became a related party is not the table's date.
    context = (
        "Debt Repurchases The below table summarizes the cash debt repurchase transactions during the six "
        "months ended June 30, 2023, including the related party transactions with Antara, which became a "
        "related party on February 7, 2023:"
    )
    cells = _cells_of_row(AMC_REPURCHASES, AMC_10Q, "Second Lien Notes due 2026", context, "Debt Repurchases")
    half_year = flow(date(2023, 1, 1), date(2023, 6, 30))
    flows = [c for c in cells if c[0] != "Aggregate Principal Repurchased"]
    assert [c[1] for c in flows] == [half_year] * 3, cells
    assert {c[2] for c in flows} == {"flow_over_the_document_period"}


def test_a_month_the_introduction_names_dates_the_flows() -> None:
    context = (
        "Debt Repurchases. The below table summarizes the cash debt repurchases during July 2023, including "
        "related party transactions with Antara:"
    )
    cells = _cells_of_row(AMC_REPURCHASES, AMC_10Q, "Second Lien Notes due 2026", context, None)
    july = flow(date(2023, 7, 1), date(2023, 7, 31))
    assert [c[1] for c in cells if c[0] == "Gain on Extinguishment"] == [july], cells


def test_without_the_introduction_the_balance_word_still_makes_a_balance() -> None:
    # The same table with no sentence naming its period: the "accrued" column keeps its cells at the date.
    cells = _cells_of_row(AMC_REPURCHASES, AMC_10Q, "Second Lien Notes due 2026", "(In millions)", None)
    assert {c[1] for c in cells} == {at(2023, 6, 30)}, cells


def test_option_activity_between_dated_outstanding_rows_is_the_years_flow() -> None:
    # CL 2023 10-K, stock option activity: "Options outstanding, January 1, 2023" opens the year.
    html = (
        row("", "Shares (in thousands)", "Weighted Average Exercise Price")
        + row("Options outstanding, January 1, 2023", "33,713", "$75")
        + row("Granted", "2,310", "73")
        + row("Exercised", "(5,318)", "72")
        + row("Options outstanding, December 31, 2023", "30,014", "76")
        + row("Options exercisable, December 31, 2023", "21,946", "$77")
    )
    context = "A summary of stock option activity during 2023 is presented below:"
    granted = _cells_of_row(html, CL_10K, "Granted", context, None)
    assert [c[1:] for c in granted] == [
        (flow(date(2023, 1, 2), date(2023, 12, 31)), "flow_of_a_dated_stretch")
    ] * 2
    opening = _cells_of_row(html, CL_10K, "Options outstanding, January 1, 2023", context, None)
    assert {c[1] for c in opening} == {at(2023, 1, 1)}
    exercisable = _cells_of_row(html, CL_10K, "Options exercisable, December 31, 2023", context, None)
    assert {c[1] for c in exercisable} == {at(2023, 12, 31)}


def test_antidilutive_shares_under_a_date_are_the_years() -> None:
    # RIOT 2023 10-K, potentially dilutive securities left out of diluted earnings per share.
    html = row("", "December 31, 2023", "December 31, 2022") + row(
        "Warrants to purchase common stock", "63,000", "63,000"
    )
    context = (
        "Note 19. Earnings Per Share The following table presents potentially dilutive securities that are "
        "not included in the computation of diluted net income (loss) per share as their inclusion would be "
        "anti-dilutive:"
    )
    cells = _cells_of_row(
        html, RIOT_10K, "Warrants to purchase common stock", context, "Note 19. Earnings Per Share"
    )
    assert [c[1:] for c in cells] == [
        (calendar_year(2023), "per_share_computation_under_a_date"),
        (calendar_year(2022), "per_share_computation_under_a_date"),
    ]
    # The same rows in a table that computes no per-share figure are at the dates printed.
    plain = _cells_of_row(
        html, RIOT_10K, "Warrants to purchase common stock", "Warrants outstanding were:", None
    )
    assert [c[1] for c in plain] == [at(2023, 12, 31), at(2022, 12, 31)]


def test_what_an_acquisition_price_is_made_of_is_a_flow_of_its_day() -> None:
    # TMO 2023 10-K, The Binding Site purchase price allocation: the price is given on the day of the
    # acquisition, the assets bought are held at it.
    html = (
        row("(In millions)", "The Binding Site")
        + row("Purchase price", "")
        + row("Cash paid", "$2,392")
        + row("Debt settled", "307")
        + row("Total purchase consideration", "2,699")
        + row("Contingent consideration", "12")
        + row("Inventories", "44")
    )
    context = (
        "On January 3, 2023, the company acquired, within the Specialty Diagnostics segment, The Binding "
        "Site Group, a U.K.-based global leader in specialty diagnostics. The components of the purchase "
        "price and net assets acquired are as follows:"
    )
    document = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
    day = date(2023, 1, 3)
    for label in ("Cash paid", "Debt settled", "Total purchase consideration"):
        assert [c[1] for c in _cells_of_row(html, document, label, context, None)] == [flow(day, day)], label
    for label in ("Contingent consideration", "Inventories"):
        assert [c[1] for c in _cells_of_row(html, document, label, context, None)] == [at(2023, 1, 3)], label


def test_dividends_declared_but_not_paid_are_owed_at_the_years_end() -> None:
    # LOW 2023 10-K, supplemental disclosures of cash flow information: what was paid stays the year's.
    parsed = parse_html_table(
        row("", "Years Ended", "Years Ended", "Years Ended")
        + row("(In millions)", *LOW_YEARS)
        + row("Cash paid for income taxes, net", "$3,700", "$1,720", "$2,735")
        + row("Non-cash investing and financing activities:", "", "", "")
        + row("Cash dividends declared but not paid", "$633", "$633", "$537"),
        LOW_10K,
        title="Supplemental disclosures of cash flow information:",
    )
    assert periods(parsed, "Cash dividends declared but not paid") == [
        at(2024, 2, 2),
        at(2023, 2, 3),
        at(2022, 1, 28),
    ]
    paid = periods(parsed, "Cash paid for income taxes, net")
    assert [(p.kind, p.end) for p in paid if p is not None] == [
        ("duration", date(2024, 2, 2)),
        ("duration", date(2023, 2, 3)),
        ("duration", date(2022, 1, 28)),
    ]


ABBV_LEASES = (
    row("years ended December 31", "2023", "2022", "2021")
    + row("Weighted-average remaining lease term (years)", "", "", "")
    + row("Operating lease", "7", "8", "7")
    + row("Weighted-average discount rate", "", "", "")
    + row("Operating", "3.0%", "2.6%", "2.4%")
    + row("Finance", "3.6%", "1.5%", "1.1%")
)
ABBV_LEASES_TITLE = (
    "The following table presents the weighted-average remaining lease term and weighted-average discount "
    "rate for operating and finance leases:"
)


def test_the_discount_rate_of_leases_is_the_leases_held_at_the_years_end() -> None:
    # ABBV 2023 10-K, leases: "years ended December 31" over the rates of the leases held at each year's end.
    parsed = parse_html_table(ABBV_LEASES, ABBV_10K, title=ABBV_LEASES_TITLE)
    for label in ("Operating", "Finance"):
        assert periods(parsed, label) == [at(2023, 12, 31), at(2022, 12, 31), at(2021, 12, 31)], label


def test_a_discount_rate_outside_a_table_of_leases_is_left_to_the_column() -> None:
    # The same rows in a table that says nothing of leases: the year each column prints.
    parsed = parse_html_table(
        ABBV_LEASES.replace("lease ", "").replace("Operating lease", "Operating"), ABBV_10K, title="Rates:"
    )
    assert periods(parsed, "Finance") == [calendar_year(2023), calendar_year(2022), calendar_year(2021)]


def test_restricted_cash_between_the_closing_balances_of_cash_flows_is_a_balance() -> None:
    # BA 2023 10-K, statement of cash flows: cash including restricted at the end of the year, less the
    # restricted part, is the cash at its end.
    parsed = parse_html_table(
        row("(Dollars in millions)", "", "", "")
        + row("Years ended December 31,", "2023", "2022", "2021")
        + row(
            "Net (decrease)/increase in cash &amp; cash equivalents, including restricted",
            "3,526",
            "(5,614)",
            "(2,549)",
        )
        + row(
            "Cash &amp; cash equivalents, including restricted, at beginning of year",
            "8,104",
            "13,718",
            "16,267",
        )
        + row(
            "Cash &amp; cash equivalents, including restricted, at end of year", "11,630", "8,104", "13,718"
        )
        + row("Less restricted cash &amp; cash equivalents, included in Investments", "22", "33", "52")
        + row("Cash and cash equivalents at end of year", "$11,608", "$8,071", "$13,666"),
        BA_10K,
        title="Consolidated Statements of Cash Flows",
    )
    expected = [at(2023, 12, 31), at(2022, 12, 31), at(2021, 12, 31)]
    assert periods(parsed, "Less restricted cash & cash equivalents, included in Investments") == expected
    assert periods(parsed, "Net (decrease)/increase in cash & cash equivalents, including restricted") == [
        calendar_year(2023),
        calendar_year(2022),
        calendar_year(2021),
    ]


def test_the_lines_that_make_up_the_opening_balance_are_at_its_day() -> None:
    # JCI 2024 10-K, goodwill by segment: gross goodwill less accumulated impairment losses, then the
    # opening balance they make up, then the year's movements.
    parsed = parse_html_table(
        row("", "Year Ended September 30, 2024", "Year Ended September 30, 2024")
        + row("", "Building Solutions EMEA/LA", "Total")
        + row("Goodwill", "$1,932", "17,737")
        + row("Accumulated impairment loss", "(47)", "(965)")
        + row("Balance at beginning of period", "1,885", "16,772")
        + row("Impairments", "(230)", "(230)")
        + row("Foreign currency translation and other (1)", "107", "183")
        + row("Balance at end of period", "$1,762", "$16,725"),
        JCI_10K,
        "The changes in the carrying amount of goodwill in each of the Company’s reportable segments were as "
        "follows (in millions):",
    )
    for label in ("Goodwill", "Accumulated impairment loss"):
        assert periods(parsed, label) == [at(2023, 9, 30)] * 2, label
    assert periods(parsed, "Impairments") == [flow(date(2023, 10, 1), date(2024, 9, 30))] * 2


def test_lines_above_an_opening_balance_with_nothing_accumulated_are_left_alone() -> None:
    # Lines above the roll-forward that do not make up its opening balance (no amount accumulated against
    # them) are not dated by it.
    parsed = parse_html_table(
        row("", "Year Ended September 30, 2024")
        + row("Trade receivables", "$5,000")
        + row("Other receivables", "$700")
        + row("Balance at beginning of period", "100")
        + row("Write-offs", "(20)")
        + row("Balance at end of period", "$80"),
        JCI_10K,
    )
    rules = [c.period_rule for c in parsed.cells if c.row_label == "Trade receivables"]
    assert rules == ["column_as_printed"]


def test_a_balance_at_the_eve_of_the_columns_first_day_opens_it() -> None:
    # XOM Q2 2023 10-Q, common stock share activity: "Balance as of December 31" over the six months to
    # June 30 is the balance the half-year opens with (`balance_row_under_a_flow_column`).
    parsed = parse_html_table(
        row("", "Six Months Ended June 30, 2023", "Six Months Ended June 30, 2022")
        + row("Common Stock Share Activity (millions of shares)", "Issued", "Issued")
        + row("Balance as of December 31", "8,019", "8,019")
        + row("Acquisitions", "—", "—")
        + row("Balance as of June 30", "8,019", "8,019"),
        XOM_10Q,
    )
    assert periods(parsed, "Balance as of December 31") == [at(2022, 12, 31), at(2021, 12, 31)]
    assert periods(parsed, "Balance as of June 30") == [at(2023, 6, 30), at(2022, 6, 30)]


def test_an_opening_balance_is_the_eve_of_the_columns_first_day() -> None:
    # WBA Q3 2023 10-Q, redeemable non-controlling interest: "Opening balance" … "Ending balance".
    parsed = parse_html_table(
        row("", "Three months ended May 31,", "Nine months ended May 31,")
        + row("", "2023", "2023")
        + row("Opening balance", "$158", "$1,042")
        + row("Other", "2", "16")
        + row("Ending balance", "$160", "$160"),
        WBA_10Q,
        title="The following represents a roll forward of the redeemable non-controlling interest in the "
        "Consolidated Condensed Balance Sheets (in millions):",
    )
    assert periods(parsed, "Opening balance") == [at(2023, 2, 28), at(2022, 8, 31)]


def test_gross_accumulated_and_net_columns_under_a_bare_year_are_balances() -> None:
    # PEP 2023 10-K, amortizable intangible assets: "2023" over "Gross | Accumulated Amortization | Net";
    # the year's amortization expense, in the "Net" column, stays the year's.
    parsed = parse_html_table(
        row("", "2023", "2023", "2023")
        + row("Average Useful Life (Years)", "Gross", "Accumulated Amortization", "Net")
        + row("Brands", "1,093", "(989)", "104")
        + row("Total", "$2,942", "$(1,743)", "$1,199")
        + row("Amortization expense", "", "", "$75"),
        PEP_10K,
        title="A summary of our amortizable intangible assets is as follows:",
    )
    for label in ("Brands", "Total"):
        assert periods(parsed, label) == [at(2023, 12, 30)] * 3, label
    expense = periods(parsed, "Amortization expense")
    assert [(p.kind, p.end) for p in expense if p is not None] == [("duration", date(2023, 12, 30))]


def test_a_total_beginning_balance_is_the_eve_of_the_columns_first_day() -> None:
    # AMZN Q2 2023 10-Q, changes in stockholders' equity: "Total beginning stockholders’ equity" opens the
    # quarter and the half-year (`balance_row_under_a_flow_column`).
    parsed = parse_html_table(
        row("", "Three Months Ended June 30,", "Six Months Ended June 30,")
        + row("", "2023", "2023")
        + row("Total beginning stockholders’ equity", "$154,526", "$146,043")
        + row("Beginning common stock", "108", "108")
        + row("Ending common stock", "108", "108"),
        AMZN_10Q,
        title="The following table shows changes in stockholders’ equity (in millions):",
    )
    assert periods(parsed, "Total beginning stockholders’ equity") == [at(2023, 3, 31), at(2022, 12, 31)]


def test_the_value_of_options_exercised_is_the_years() -> None:
    # BMY 2023 10-K, share-based compensation: a bare "2023" over what was exercised in the year, in a
    # table whose other rows are balances.
    parsed = parse_html_table(
        row("Amounts in Millions, except per share data", "2023", "2022")
        + row("Total intrinsic value of stock options exercised", "90", "526")
        + row("Unrecognized compensation cost", "$1,000", "$900"),
        BMY_10K,
        "(in millions)",
    )
    assert periods(parsed, "Total intrinsic value of stock options exercised") == [
        calendar_year(2023),
        calendar_year(2022),
    ]


def test_a_balance_row_under_a_date_alone_stays_at_that_date() -> None:
    # CSCO 2024 10-K, valuation allowance: a roll-forward under the dates its fiscal years end; its closing
    # balance is at that date, its movements the year up to it (not `flow_under_a_date`).
    parsed = parse_html_table(
        row("", "July 27, 2024", "July 29, 2023")
        + row("Balance at beginning of fiscal year", "$754", "$834")
        + row("Additions", "148", "35")
        + row("Additions from Splunk", "147", "—")
        + row("Deductions", "(4)", "(18)")
        + row("Write-offs", "(20)", "(93)")
        + row("Balance at end of fiscal year", "$1,024", "$754"),
        CSCO_10K,
        title="The changes in the valuation allowance for deferred tax assets are summarized as follows (in "
        "millions):",
    )
    assert periods(parsed, "Balance at end of fiscal year") == [at(2024, 7, 27), at(2023, 7, 29)]
    additions = periods(parsed, "Additions")
    assert [(p.kind, p.end) for p in additions if p is not None] == [
        ("duration", date(2024, 7, 27)),
        ("duration", date(2023, 7, 29)),
    ]


def test_a_balance_that_names_its_month_and_day_after_a_comma() -> None:
    # CMCSA 2023 10-K, reconciliation of unrecognized tax benefits: "…, January 1" opens the year and
    # "…, December 31" closes it, under bare years.
    parsed = parse_html_table(
        row("Reconciliation of Unrecognized Tax Benefits", "", "")
        + row("(in millions)", "2023", "2022")
        + row("Gross unrecognized tax benefits, January 1", "$2,161", "$2,042")
        + row("Additions based on tax positions related to the current year", "546", "380")
        + row("Gross unrecognized tax benefits, December 31", "$2,593", "$2,161"),
        CMCSA_10K,
        title="Uncertain Tax Positions",
    )
    assert periods(parsed, "Gross unrecognized tax benefits, January 1") == [
        at(2022, 12, 31),
        at(2021, 12, 31),
    ]
    assert periods(parsed, "Gross unrecognized tax benefits, December 31") == [
        at(2023, 12, 31),
        at(2022, 12, 31),
    ]
    assert periods(parsed, "Additions based on tax positions related to the current year") == [
        calendar_year(2023),
        calendar_year(2022),
    ]


def test_a_row_of_no_kind_under_an_as_of_and_for_column_of_balances_is_at_its_end() -> None:
    # GM 2023 10-K, geographic information: "At and For the Years Ended December 31" over a column of
    # revenue (the year's) and one of long-lived assets (at its end), by region.
    at_and_for = "At and For the Years Ended December 31,"
    parsed = parse_html_table(
        row("", at_and_for, at_and_for, at_and_for, at_and_for)
        + row("", "2023", "2023", "2022", "2022")
        + row("", "Net Sales and Revenue", "Long-Lived Assets", "Net Sales and Revenue", "Long-Lived Assets")
        + row("Automotive", "", "", "", "")
        + row("Non-U.S.", "30,186", "16,054", "27,177", "14,907")
        + row("Total consolidated", "$171,842", "$80,903", "$156,735", "$77,950"),
        GM_10K,
        title="NOTES TO CONSOLIDATED FINANCIAL STATEMENTS – (Continued)",
    )
    for label in ("Non-U.S.", "Total consolidated"):
        assert periods(parsed, label) == [
            calendar_year(2023),
            at(2023, 12, 31),
            calendar_year(2022),
            at(2022, 12, 31),
        ], label


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


def test_rows_under_a_heading_of_write_offs_are_the_years_flows() -> None:
    # VZ 2023 10-K, device payment plan receivables by origination year: the receivables stand at the year's
    # end, the gross write-offs below them are the year's (FinancingReceivableYearOneOriginated…Writeoff).
    html = (
        row("", "Year of Origination", "Year of Origination", "")
        + row("(dollars in millions)", "2023", "2022", "Total")
        + row("Device payment plan agreement receivables, at amortized cost")
        + row("New customers", "$3,232", "$1,332", "$4,656")
        + row("Gross write-offs")
        + row("New customers", "$366", "$403", "$827")
        + row("Total", "$416", "$630", "$1,201")
    )
    intro = (
        "The following table presents device payment plan agreement receivables, at amortized cost, and gross"
        " write-offs recorded, as of and for the twelve months ended December 31, 2023, by credit quality"
        " indicator and year of origination:"
    )
    parsed = parse_html_table(html, VZ_10K, intro, "Credit Quality Information")
    year = flow(date(2023, 1, 1), date(2023, 12, 31))
    assert periods(parsed, "New customers") == [at(2023, 12, 31)] * 3 + [year] * 3
    assert periods(parsed, "Total") == [year] * 3


def test_a_column_of_currency_translation_moves_the_balance_across_the_columns() -> None:
    # CL 2023 10-K, goodwill by segment: the segments' balances, each column of the year one movement.
    parsed = parse_html_table(
        row("", *["2022"] * 5)
        + row(
            "",
            "Beginning Balance",
            "Acquisitions (1)",
            "Impairments",
            "Foreign currency translation",
            "Ending",
        )
        + row("North America", "$912", "$—", "$—", "$(6)", "$906")
        + row("Europe", "1,902", "—", "(332)", "(66)", "1,504")
        + row("Total Goodwill", "$3,284", "$474", "$(332)", "$(74)", "$3,352"),
        CL_10K,
        "5. Goodwill and Other Intangible Assets The changes in net carrying value of Goodwill by segment "
        "for the years ended December 31, 2023 and 2022 were as follows:",
    )
    translation = [c for c in parsed.cells if c.column_label == "2022 Foreign currency translation"]
    assert [c.period for c in translation] == [calendar_year(2022)] * 3
    assert [c.period_rule for c in translation] == ["column_as_printed"] * 3


MCD_SEGMENTS = (
    row("In millions", "2023", "2022", "2021")
    + row("U.S.", "$10,568.4", "$9,588.4", "$8,865.0")
    + row("International Operated Markets", "12,382.0", "11,297.0", "12,219.8")
    + row("Total revenues", "$25,493.7", "$23,182.6", "$23,222.9")
    + row("U.S.", "$22,477.0", "$21,793.0", "$21,280.3")
    + row("International Operated Markets", "23,946.9", "21,979.3", "24,186.1")
    + row("Total assets", "$56,146.8", "$50,435.6", "$53,854.3")
)


def test_rows_that_name_no_kind_take_the_kind_of_the_total_that_closes_their_block() -> None:
    # MCD 2023 10-K, segments: "U.S." above "Total revenues" is the year's revenue, above "Total assets"
    # the assets at the year's end (the bare years taken for balances by the title's "as of").
    parsed = parse_html_table(
        MCD_SEGMENTS,
        MCD_10K,
        "Corporate assets include corporate cash and equivalents, financial instruments and office "
        "facilities.",
        "•U.S. - the Company’s largest market. The segment is 95% franchised as of December 31, 2023.",
    )
    years = [calendar_year(y) for y in (2023, 2022, 2021)]
    year_ends = [at(y, 12, 31) for y in (2023, 2022, 2021)]
    assert periods(parsed, "U.S.") == years + year_ends
    assert periods(parsed, "International Operated Markets") == years + year_ends


def test_rows_that_name_no_kind_take_the_kind_the_tables_introduction_names() -> None:
    # HD 2023 10-K, earnings before taxes: the bare years taken for balances by the note before ("as of
    # January 28, 2024"); the sentence that introduces the table names the years' earnings.
    context = (
        "… which was recorded in other current assets on the consolidated balance sheets. We did not hold "
        "any cash collateral as of January 28, 2024 or January 29, 2023. "
    )
    header = row("in millions", "Fiscal 2023", "Fiscal 2022", "Fiscal 2021")
    parsed = parse_html_table(
        header
        + row("United States", "$18,681", "$20,990", "$20,320")
        + row("Foreign", "1,243", "1,487", "1,417"),
        HD_10K,
        f"{context}6.INCOME TAXES Provision for Income Taxes The following table presents our earnings "
        "before the provision for income taxes:",
    )
    fiscal_2023 = flow(date(2023, 1, 29), date(2024, 1, 28))
    assert periods(parsed, "United States")[0] == fiscal_2023
    assert [p.kind for p in periods(parsed, "Foreign") if p is not None] == ["duration"] * 3
    # (Introduced as balances, they stay balances.)
    held = parse_html_table(
        header + row("United States", "$18,681", "$20,990", "$20,320"),
        HD_10K,
        f"{context}The following table presents our long-lived assets by geography:",
    )
    assert [p.kind for p in periods(held, "United States") if p is not None] == ["instant"] * 3


RTX_TREND_RATES = (
    row("", "2023", "2022")
    + row("Health care cost trend rate assumed for next year", "4.8%", "5.0%")
    + row("Ultimate health care cost trend rate", "4.2%", "4.2%")
    + row("Year that the rate reaches the ultimate health care cost trend rate", "2029", "2029")
)


def test_health_care_cost_trend_rates_stand_at_the_measurement_date() -> None:
    # RTX 2023 10-K: the trend rates under bare years are tagged at each year's end; the year the rate
    # reaches its ultimate is not one of them.
    parsed = parse_html_table(
        RTX_TREND_RATES,
        RTX_10K,
        "",
        "Assumed health care cost trend rates used in determining the PRB benefit obligation and net "
        "periodic PRB (income) expense are as follows:",
    )
    for label in (
        "Health care cost trend rate assumed for next year",
        "Ultimate health care cost trend rate",
    ):
        assert periods(parsed, label) == [at(2023, 12, 31), at(2022, 12, 31)], label
    reaches = [c for c in parsed.cells if c.row_label.startswith("Year that the rate")]
    assert all(c.period_rule != "trend_rate_assumed_ahead" for c in reaches)


def test_a_trend_rate_of_the_periods_cost_is_left_to_its_heading() -> None:
    # (As KHC 2023 10-K tags it: the rate "used to determine … net periodic benefit cost" is the year's.)
    parsed = parse_html_table(
        row("", "2023", "2022") + row("Health care cost trend rate", "6.2%", "6.6%"),
        RTX_10K,
        "We used the following weighted average assumptions to determine our net periodic benefit cost:",
    )
    assert periods(parsed, "Health care cost trend rate") == [calendar_year(2023), calendar_year(2022)]


def test_a_column_of_gains_or_losses_under_a_year_taken_for_a_balance_is_the_years() -> None:
    # BA 2023 10-K, nonrecurring fair values: "Total Losses" beside "Fair Value" "as of the impairment date".
    parsed = parse_html_table(
        '<tr><td></td><td colspan="2">2023</td><td colspan="2">2022</td></tr>'
        + row("", "Fair Value", "Total Losses", "Fair Value", "Total Losses")
        + row("Investments", "", "($18)", "", "($31)")
        + row("Property, plant and equipment", "$14", "(26)", "", "(19)"),
        BA_10K,
        "The following table presents the nonrecurring losses recognized for the years ended December 31 due "
        "to long-lived asset impairment, and the fair value and asset classification of the related assets "
        "as of the impairment date:",
        "Table of Contents",
    )
    losses = [c for c in parsed.cells if c.column_label.endswith("Total Losses")]
    assert [c.period for c in losses] == [calendar_year(2023), calendar_year(2022)] * 2
    fair_values = [c for c in parsed.cells if c.column_label.endswith("Fair Value")]
    assert [c.period for c in fair_values] == [at(2023, 12, 31)]
