"""Periods of flows that tables of balances, dates over their columns or figures written in sentences made
look like balances, in corpus-large filings (`../shared/corpus-large`): each table is cut down from the named
filing's to the rows that show the rule, with the period the filer's own XBRL tags give."""

from datetime import date

from html_tables import at, calendar_year, flow, parse_html_table, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period

AMC_10Q = DocumentPeriod("10-Q", date(2023, 6, 30), 2023, "Q2")
CL_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
RIOT_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")

# AMC Q2 2023 10-Q, debt repurchases: an "Accrued Interest Paid" column gives the table a balance word.
AMC_REPURCHASES = row(
    "(In millions)",
    "Aggregate Principal Repurchased",
    "Reacquisition Cost",
    "Gain on Extinguishment",
    "Accrued Interest Paid",
) + row("Second Lien Notes due 2026", "$58.9", "$36.2", "$33.4", "$1.0")


def _periods(
    html: str, document: DocumentPeriod, label: str, context: str, title: str | None
) -> list[tuple[str, Period | None, str]]:
    """(column label, period, rule) of each cell of the row `label`."""
    parsed = parse_html_table(html, document, context, title)
    return [(c.column_label, c.period, c.period_rule) for c in parsed.cells if c.row_label == label]


def test_the_sentence_before_the_title_dates_the_flows_though_it_names_another_day() -> None:
    # The prose ends on a colon, the title follows: the prose's sentence introduces the table; the day
    # Antara became a related party is not the table's date.
    context = (
        "Debt Repurchases The below table summarizes the cash debt repurchase transactions during the six "
        "months ended June 30, 2023, including the related party transactions with Antara, which became a "
        "related party on February 7, 2023:"
    )
    cells = _periods(AMC_REPURCHASES, AMC_10Q, "Second Lien Notes due 2026", context, "Debt Repurchases")
    half_year = flow(date(2023, 1, 1), date(2023, 6, 30))
    flows = [c for c in cells if c[0] != "Aggregate Principal Repurchased"]
    assert [c[1] for c in flows] == [half_year] * 3, cells
    assert {c[2] for c in flows} == {"flow_over_the_document_period"}


def test_a_month_the_introduction_names_dates_the_flows() -> None:
    context = (
        "Debt Repurchases. The below table summarizes the cash debt repurchases during July 2023, including "
        "related party transactions with Antara:"
    )
    cells = _periods(AMC_REPURCHASES, AMC_10Q, "Second Lien Notes due 2026", context, None)
    july = flow(date(2023, 7, 1), date(2023, 7, 31))
    assert [c[1] for c in cells if c[0] == "Gain on Extinguishment"] == [july], cells


def test_without_the_introduction_the_balance_word_still_makes_a_balance() -> None:
    # The same table with no sentence naming its period: the "accrued" column keeps its cells at the date.
    cells = _periods(AMC_REPURCHASES, AMC_10Q, "Second Lien Notes due 2026", "(In millions)", None)
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
    granted = _periods(html, CL_10K, "Granted", context, None)
    assert [c[1:] for c in granted] == [
        (flow(date(2023, 1, 2), date(2023, 12, 31)), "flow_of_a_dated_stretch")
    ] * 2
    opening = _periods(html, CL_10K, "Options outstanding, January 1, 2023", context, None)
    assert {c[1] for c in opening} == {at(2023, 1, 1)}
    exercisable = _periods(html, CL_10K, "Options exercisable, December 31, 2023", context, None)
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
    cells = _periods(
        html, RIOT_10K, "Warrants to purchase common stock", context, "Note 19. Earnings Per Share"
    )
    assert [c[1:] for c in cells] == [
        (calendar_year(2023), "per_share_computation_under_a_date"),
        (calendar_year(2022), "per_share_computation_under_a_date"),
    ]
    # The same rows in a table that computes no per-share figure are at the dates printed.
    plain = _periods(html, RIOT_10K, "Warrants to purchase common stock", "Warrants outstanding were:", None)
    assert [c[1] for c in plain] == [at(2023, 12, 31), at(2022, 12, 31)]


def test_a_figure_written_in_a_sentence_takes_the_period_the_sentence_names() -> None:
    # AMC Q2 2023 10-Q, stock-based compensation: bullets of prose in a table.
    text = (
        "Stock Award Agreement: During the six months ended June 30, 2023, the Company granted awards of "
        "85,552 fully vested shares of Common Stock with a grant date fair value of $0.9 million. Awards of "
        "1,000 shares remain unvested."
    )
    parsed = parse_html_table(row("●", text), AMC_10Q, "(in millions)", None)
    by_text = {c.text: (c.period, c.period_rule) for c in parsed.cells}
    half_year = flow(date(2023, 1, 1), date(2023, 6, 30))
    assert by_text["85,552"] == (half_year, "period_its_sentence_names"), by_text
    assert by_text["$0.9 million"] == (half_year, "period_its_sentence_names")
    # (The next sentence names no period: its figure stays at the report date.)
    assert by_text["1,000"] == (at(2023, 6, 30), "written_figure_at_the_report_date"), by_text


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
        assert [c[1] for c in _periods(html, document, label, context, None)] == [flow(day, day)], label
    for label in ("Contingent consideration", "Inventories"):
        assert [c[1] for c in _periods(html, document, label, context, None)] == [at(2023, 1, 3)], label
