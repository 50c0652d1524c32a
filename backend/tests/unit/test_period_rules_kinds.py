"""Balances under a column of flows and flows under a column of dates, in tables of corpus-large filings
(`../shared/corpus-large`): each cut down from the named filing's table to the rows that show the rule, what
the fidelity bench found parsed as the wrong kind against the filer's own XBRL tags, and the period that the
tags give."""

from datetime import date

from html_tables import at, calendar_year, parse_html_table, periods, row

from filingproof.ingest.parse.periods import DocumentPeriod

CL_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GE_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
GM_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
JNJ_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
PEP_10K = DocumentPeriod("10-K", date(2023, 12, 30), 2023, "FY")
RTX_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
SJM_10K = DocumentPeriod("10-K", date(2024, 4, 30), 2024, "FY")

GM_YEARS = "Year Ended December 31, 2023", "Year Ended December 31, 2022"


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
