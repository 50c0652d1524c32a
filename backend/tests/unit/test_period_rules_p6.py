"""Balances under columns of flows, in tables of corpus-large filings (`../shared/corpus-large`): each cut
down from the named filing's table to the rows that show the rule, what the fidelity bench found parsed as
a flow against the filer's own XBRL tags, and the period that the tags give."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, periods, row

from filingproof.ingest.parse.periods import DocumentPeriod

ABBV_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
AMZN_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
BA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
BMY_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CMCSA_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
CSCO_10K = DocumentPeriod("10-K", date(2024, 7, 27), 2024, "FY")
GM_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
JCI_10K = DocumentPeriod("10-K", date(2024, 9, 30), 2024, "FY")
LOW_10K = DocumentPeriod("10-K", date(2024, 2, 2), 2023, "FY")
PEP_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
WBA_10Q = DocumentPeriod("10-Q", date(2023, 5, 31), 2023, "Q3")
XOM_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")

LOW_YEARS = "February 2, 2024", "February 3, 2023", "January 28, 2022"


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
