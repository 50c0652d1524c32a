"""The period of a cell, read from what the page shows around it: each case a small handwritten table laid out
the way the corpus filers lay theirs out (the filing and table it comes from is named)."""

from datetime import date
from decimal import Decimal

from html_tables import at, calendar_year, parse_html_table, periods, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period
from filingproof.ingest.parse.tables import ParsedTable

CALENDAR_10K = DocumentPeriod(form="10-K", period_end=date(2024, 12, 31), fiscal_year=2024)
APPLE_10K = DocumentPeriod(form="10-K", period_end=date(2024, 9, 28), fiscal_year=2024)
PFIZER_10Q = DocumentPeriod(form="10-Q", period_end=date(2023, 7, 2), fiscal_year=2023)


def table(html: str, document: DocumentPeriod = CALENDAR_10K, context: str = "") -> ParsedTable:
    return parse_html_table(html, document, context)


def test_a_roll_forward_under_year_columns_moves_by_flows_and_closes_with_balances() -> None:
    # KO 2024 10-K, "Obligations and Funded Status": footnoted balance rows, movements with no flow word.
    parsed = table(
        row("", "2024", "2023")
        + row("Benefit obligation at beginning of year1", "$6,544", "$6,376")
        + row("Participant contributions", "6", "5")
        + row("Divestitures", "(78)", "—")
        + row("Benefit obligation at end of year1", "$6,045", "$6,544")
        + row("Net asset (liability) recognized", "$390", "$716"),
        context="(in millions)",
    )
    assert periods(parsed, "Benefit obligation at beginning of year1") == [at(2023, 12, 31), at(2022, 12, 31)]
    assert periods(parsed, "Participant contributions") == [calendar_year(2024), calendar_year(2023)]
    assert periods(parsed, "Divestitures") == [calendar_year(2024), calendar_year(2023)]
    assert periods(parsed, "Benefit obligation at end of year1") == [at(2024, 12, 31), at(2023, 12, 31)]
    # after the closing balance, a balance again
    assert periods(parsed, "Net asset (liability) recognized") == [at(2024, 12, 31), at(2023, 12, 31)]


def test_years_over_the_labels_head_sections_not_columns() -> None:
    # KO 2024 10-K, goodwill by segment: "2023" and "2024" rows over the labels, dated only by them.
    parsed = table(
        row("", "", "Europe", "Total")
        + row("2023")
        + row("Balance at beginning of year", "", "$1,197", "$18,782")
        + row("Effect of foreign currency translation", "", "(44)", "(193)")
        + row("Balance at end of year", "", "$1,153", "$18,358")
        + row("2024")
        + row("Balance at beginning of year", "", "$1,153", "$18,358")
        + row("Effect of foreign currency translation", "", "(66)", "(212)"),
        context="(in millions)",
    )
    assert parsed.column_labels == ["Europe", "Total"]
    assert (
        periods(parsed, "Effect of foreign currency translation")
        == [calendar_year(2023)] * 2 + [calendar_year(2024)] * 2
    )
    assert periods(parsed, "Balance at end of year") == [at(2023, 12, 31)] * 2
    assert periods(parsed, "Balance at beginning of year") == [at(2022, 12, 31)] * 2 + [at(2023, 12, 31)] * 2


def test_a_date_heading_dates_the_rows_under_it_and_a_later_block_its_own() -> None:
    # KO 2024 10-K debt securities ("December 31, 2024" rows), GOOGL derivatives ("As of December 31, 2023").
    parsed = table(
        row("", "Cost", "Estimated Fair Value")
        + row("December 31, 2024")
        + row("Trading securities", "$45", "$45")
        + row("December 31, 2023")
        + row("Available-for-sale securities", "1,136", "1,134"),
        context="(in millions)",
    )
    assert periods(parsed, "Trading securities") == [at(2024, 12, 31)] * 2
    assert periods(parsed, "Available-for-sale securities") == [at(2023, 12, 31)] * 2
    blocks = table(
        row("As of December 31, 2023")
        + row("", "Gross Amounts", "Net Amounts")
        + row("Derivatives assets", "$535", "$453")
        + row("As of December 31, 2024")
        + row("", "Gross Amounts", "Net Amounts")
        + row("Derivatives liabilities", "$660", "$612"),
        context="(in millions)",
    )
    assert periods(blocks, "Derivatives assets") == [at(2023, 12, 31)] * 2
    assert periods(blocks, "Derivatives liabilities") == [at(2024, 12, 31)] * 2


def test_undated_columns_break_down_the_one_dated_column() -> None:
    # META fair value hierarchy: "December 31, 2023" then the three levels, measured at that date.
    parsed = table(
        row("Description", "December 31, 2023", "Level 1", "Level 2")
        + row("Money market funds", "$32,910", "$32,910", "$—"),
        context="(in millions)",
    )
    assert periods(parsed, "Money market funds") == [at(2023, 12, 31)] * 3


def test_balance_columns_over_a_fiscal_year_section() -> None:
    # NVDA Schedule II: "Balance at Beginning of Period | Additions | Balance at End of Period" by year.
    parsed = table(
        row("Description", "Balance at Beginning of Period", "Additions", "Balance at End of Period")
        + row("Fiscal year 2024")
        + row("Sales return allowance", "$26", "$213", "$109"),
        DocumentPeriod(form="10-K", period_end=date(2024, 1, 28), fiscal_year=2024),
        context="(in millions)",
    )
    start, flow, end = periods(parsed, "Sales return allowance")
    assert start == at(2023, 1, 28) and end == at(2024, 1, 28)
    assert flow is not None and flow.kind == "duration" and flow.end == date(2024, 1, 28)


def test_plan_to_date_is_what_has_built_up_by_the_report() -> None:
    # META restructuring: cumulative charges "Plan to Date" are balances at the report date.
    parsed = table(
        row("", "Plan to Date") + row("", "Facilities Consolidation") + row("Cost of revenue", "$362"),
        context="(in millions)",
    )
    assert periods(parsed, "Cost of revenue") == [at(2024, 12, 31)]


def test_a_caption_across_the_columns_does_not_name_them() -> None:
    # PFE 10-Q, Haleon: "for the three and six months ending March 31, 2023 …" spans every column.
    caption = (
        "Summarized financial information for the three and six months ending March 31, 2023, and for "
        "the three and six months ending March 31, 2022, is as follows:"
    )
    parsed = table(
        f'<tr><td colspan="5">{caption}</td></tr>'
        + '<tr><td></td><td colspan="2">Three Months Ended</td><td colspan="2">Six Months Ended</td></tr>'
        + row("(MILLIONS)", "March 31, 2023", "March 31, 2022", "March 31, 2023", "March 31, 2022")
        + row("Net sales", "$3,627", "$3,526", "$6,889", "$6,945"),
        PFIZER_10Q,
    )
    assert periods(parsed, "Net sales") == [
        Period("duration", date(2023, 1, 1), date(2023, 3, 31)),
        Period("duration", date(2022, 1, 1), date(2022, 3, 31)),
        Period("duration", date(2022, 10, 1), date(2023, 3, 31)),
        Period("duration", date(2021, 10, 1), date(2022, 3, 31)),
    ]


def test_a_label_that_lists_one_figure_per_column_gives_each_its_column() -> None:
    # KO, AMZN, GOOGL, PFE balance sheets and equity statements.
    columns = row("", "December 31, 2024", "December 31, 2023")
    parsed = table(
        columns
        + row("Treasury stock, at cost — 2,738 and 2,732 shares, respectively", "(55,916)", "(54,535)")
        + row(
            "Common stock ($0.01 par value; 100,000 shares authorized; 11,108 and 10,898 shares issued)",
            "111",
            "109",
        )
        + row(
            "Class A stock: 12,211 (Class A 5,835, Class B 861) and 12,460 (Class A 5,899, Class B 870) "
            "shares issued and outstanding",
            "1",
            "2",
        )
        + row("Receivables, less allowance: 2024—$471; 2023—$449", "9,000", "8,000")
        + row("Notes due 2027 (2.1% for 2024 and 3.7% for 2023)", "1,000", "1,000"),
        context="(in millions)",
    )
    dec24, dec23 = at(2024, 12, 31), at(2023, 12, 31)
    assert periods(parsed, "Treasury stock, at cost — 2,738 and 2,732 shares, respectively") == [
        dec24, dec23, dec24, dec23,
    ]  # fmt: skip
    common = [
        (c.text, c.period) for c in parsed.cells if c.row_label.startswith("Common stock") and c.inline_span
    ]
    assert common == [("$0.01", dec24), ("100,000", dec24), ("11,108", dec24), ("10,898", dec23)]
    classes = [c.period for c in parsed.cells if c.row_label.startswith("Class A") and c.inline_span]
    assert classes == [dec24] * 3 + [dec23] * 3
    assert periods(parsed, "Receivables, less allowance: 2024—$471; 2023—$449")[:2] == [dec24, dec23]
    assert periods(parsed, "Notes due 2027 (2.1% for 2024 and 3.7% for 2023)")[:2] == [dec24, dec23]


def test_a_clause_that_says_as_of_dates_its_figures_and_days_are_not_figures() -> None:
    # NVDA balance sheet: "… 24,477 shares issued and outstanding as of January 26, 2025; 24,643 … 2024".
    parsed = table(
        row("", "Jan 26, 2025", "Jan 28, 2024")
        + row(
            "Common stock, $0.001 par value; 80,000 shares authorized; 24,477 shares issued and outstanding "
            "as of January 26, 2025; 24,643 shares issued and outstanding as of January 28, 2024",
            "24",
            "25",
        ),
        DocumentPeriod(form="10-K", period_end=date(2025, 1, 26), fiscal_year=2025),
        context="(in millions)",
    )
    inline = [(c.text, c.period, c.period_rule) for c in parsed.cells if c.inline_span]
    assert inline == [
        ("$0.001", at(2025, 1, 26), "written_figure_at_the_report_date"),
        ("80,000", at(2025, 1, 26), "written_figure_at_the_report_date"),
        ("24,477", at(2025, 1, 26), "date_written_beside_the_figure"),
        ("24,643", at(2024, 1, 28), "date_written_beside_the_figure"),
    ]


def test_a_period_phrase_in_the_header_stub_heads_every_column() -> None:
    # KO property, plant and equipment: "December 31, | 2024 | 2023".
    parsed = table(row("December 31,", "2024", "2023") + row("Land", "$226", "$229"), context="(in millions)")
    assert periods(parsed, "Land") == [at(2024, 12, 31), at(2023, 12, 31)]


def test_a_caption_that_says_as_of_both_dates_makes_year_columns_balances() -> None:
    # AAPL deferred taxes: "As of September 28, 2024 and September 30, 2023, the significant components …"
    caption = "As of September 28, 2024 and September 30, 2023, the significant components were:"
    parsed = table(row("", "2024", "2023") + row("Depreciation", "2,551", "1,998"), APPLE_10K, caption)
    assert periods(parsed, "Depreciation") == [at(2024, 9, 28), at(2023, 9, 30)]
    # … but not when a column's year has no date in the caption (AAPL commercial paper: flows for 3 years)
    caption = "… 5.00% and 5.28% as of September 28, 2024 and September 30, 2023. Flows in 2024, 2023, 2022:"
    flows = table(row("", "2024", "2023", "2022") + row("Proceeds", "1", "2", "3"), APPLE_10K, caption)
    assert all(p is not None and p.kind == "duration" for p in periods(flows, "Proceeds"))


def test_an_award_roll_forward_without_period_columns() -> None:
    # KO stock options: dated balance rows bracket the year's grants; rows after the close are at its date.
    parsed = table(
        row("", "Shares (In millions)", "Weighted-Average Exercise Price")
        + row("Outstanding on January 1, 2024", "47", "$48.52")
        + row("Granted", "2", "60.28")
        + row("Outstanding on December 31, 2024", "31", "$52.81")
        + row("Vested and expected to vest", "30", "$52.72")
        + row("Exercisable on December 31, 2024", "22", "$50.43"),
        context="Stock option activity during the year ended December 31, 2024 was as follows:",
    )
    assert periods(parsed, "Outstanding on January 1, 2024") == [at(2024, 1, 1)] * 2
    granted = periods(parsed, "Granted")
    assert all(p is not None and p.kind == "duration" and p.end == date(2024, 12, 31) for p in granted)
    assert periods(parsed, "Vested and expected to vest") == [at(2024, 12, 31)] * 2


def test_a_maturity_schedule_and_its_totals_are_owed_at_the_report_date() -> None:
    # GOOGL lease maturities: future years, then "Total future lease payments" and "Less imputed interest".
    parsed = table(
        row("", "Operating Leases")
        + row("2025", "$3,000")
        + row("2026", "2,800")
        + row("Thereafter", "9,000")
        + row("Total future lease payments", "17,682")
        + row("Less imputed interest", "(2,431)"),
        context="(in millions)",
    )
    for label in ("2025", "Thereafter", "Total future lease payments", "Less imputed interest"):
        assert periods(parsed, label) == [at(2024, 12, 31)], label


def test_a_figure_written_in_a_value_cell_takes_that_column_s_period() -> None:
    # NVDA ESPP assumptions: "3.6%-5.4%" under "Year Ended Jan 26, 2025", "3.9%-5.5%" under the year before.
    parsed = table(
        row("", "Year Ended Jan 26, 2025", "Year Ended Jan 28, 2024")
        + row("Expected life (in years)", "0.5", "0.5")
        + row("Risk-free interest rate", "3.6%-5.4%", "3.9%-5.5%"),
        DocumentPeriod(form="10-K", period_end=date(2025, 1, 26), fiscal_year=2025),
    )
    inline = [(c.col, c.text, c.period) for c in parsed.cells if c.row_label == "Risk-free interest rate"]
    fy25 = Period("duration", date(2024, 1, 27), date(2025, 1, 26))
    fy24 = Period("duration", date(2023, 1, 29), date(2024, 1, 28))
    assert inline == [(1, "3.6%", fy25), (1, "5.4%", fy25), (2, "3.9%", fy24), (2, "5.5%", fy24)]


def test_total_assets_in_a_segment_table_is_a_balance_at_the_year_end() -> None:
    # WMT segments: "Total assets" among flows under "Fiscal Years Ended January 31,".
    parsed = table(
        row("Fiscal Years Ended January 31,", "2025", "2024")
        + row("Total assets", "$150,006", "$137,782")
        + row("Capital expenditures", "16,466", "13,877"),
        DocumentPeriod(form="10-K", period_end=date(2025, 1, 31), fiscal_year=2025),
        context="(Amounts in millions)",
    )
    assert periods(parsed, "Total assets") == [at(2025, 1, 31), at(2024, 1, 31)]
    capex = periods(parsed, "Capital expenditures")
    assert all(p is not None and p.kind == "duration" for p in capex)


def test_a_quarter_a_row_names_is_that_fiscal_quarter() -> None:
    # MMM Q2 10-Q restructuring: "Expense incurred in the first quarter of 2023" beside second-quarter rows.
    mmm_q2 = DocumentPeriod(form="10-Q", period_end=date(2023, 6, 30), fiscal_year=2023, fiscal_period="Q2")
    parsed = table(
        row("(Millions)", "Employee-Related", "Total")
        + row("Expense incurred in the first quarter of 2023", "$52", "$52")
        + row("Incremental expense incurred in the second quarter of 2023", "192", "212"),
        mmm_q2,
    )
    assert (
        periods(parsed, "Expense incurred in the first quarter of 2023")
        == [Period("duration", date(2023, 1, 1), date(2023, 3, 31))] * 2
    )
    assert (
        periods(parsed, "Incremental expense incurred in the second quarter of 2023")
        == [Period("duration", date(2023, 4, 1), date(2023, 6, 30))] * 2
    )


def test_a_line_between_two_blocks_of_an_equity_statement_is_a_balance() -> None:
    # KO statement of shareowners' equity: "Common Stock $1,760" between the share count and surplus blocks.
    parsed = table(
        row("", "2024", "2023")
        + row("Balance at beginning of year", "4,308", "4,328")
        + row("Purchases of stock for treasury", "(27)", "(37)")
        + row("Balance at end of year", "4,302", "4,308")
        + row("Common Stock", "$1,760", "$1,760")
        + row("Capital Surplus")
        + row("Balance at beginning of year", "19,209", "18,822")
        + row("Stock-based compensation expense", "273", "233")
        + row("Balance at end of year", "19,801", "19,209"),
        context="(In millions)",
    )
    assert periods(parsed, "Common Stock") == [at(2024, 12, 31), at(2023, 12, 31)]
    assert periods(parsed, "Purchases of stock for treasury") == [calendar_year(2024), calendar_year(2023)]


def test_a_dash_before_a_percent_sign_is_zero_percent() -> None:
    # NVDA tax-rate reconciliation ("—" then "%" in the next cell) and ESPP assumptions ("—%-4.6%").
    parsed = table(
        row("", "Year Ended Jan 26, 2025")
        + row("Acquisition termination cost", "—", "%")
        + row("Rate", "—%-4.6%"),
        DocumentPeriod(form="10-K", period_end=date(2025, 1, 26), fiscal_year=2025),
    )
    (dash,) = [c for c in parsed.cells if c.row_label == "Acquisition termination cost"]
    assert (dash.value, dash.unit) == (Decimal(0), "percent")
    assert [(c.text, c.value, c.unit) for c in parsed.cells if c.row_label == "Rate"] == [
        ("—", Decimal(0), "percent"),
        ("4.6%", Decimal("4.6"), "percent"),
    ]
