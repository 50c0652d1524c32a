"""What a figure measures and the scale it is stated in, on rows laid out as the corpus-large filings print
them (the filer's own XBRL tags gave the values asserted here)."""

from datetime import date
from decimal import Decimal

from html_tables import parse_html_table
from lxml import etree

from filingproof.ingest.parse.inline import inline_figures
from filingproof.ingest.parse.periods import DocumentPeriod
from filingproof.ingest.parse.table_cells import NumericCell
from filingproof.ingest.parse.tables import ParsedTable, parse_table
from filingproof.ingest.parse.tags import same_measure

TEN_K = DocumentPeriod(form="10-K", period_end=date(2023, 12, 31), fiscal_year=2023)
TEN_Q = DocumentPeriod(form="10-Q", period_end=date(2023, 7, 1), fiscal_year=2023)


def cells(parsed: ParsedTable, label: str) -> list[NumericCell]:
    found = [c for c in parsed.cells if c.row_label == label]
    assert found, f"{label!r}: {[(c.row_label, c.text) for c in parsed.cells]}"
    return found


def shown(parsed: ParsedTable, label: str) -> list[tuple[Decimal, str]]:
    """The row's figures as (value, unit), left to right."""
    return [(c.value, c.unit) for c in cells(parsed, label)]


def td(text: str, span: int = 1) -> str:
    return f'<td colspan="{span}">{text}</td>' if span > 1 else f"<td>{text}</td>"


def tr(*cells: str) -> str:
    return "<tr>" + "".join(cells) + "</tr>"


def test_a_dollar_figure_under_a_percentage_puts_the_column_back_in_amounts() -> None:
    # Thermo Fisher's 10-Q tax reconciliation: the statutory rate prints "%", the provision at that rate "$",
    # and the bare figures under it are millions of dollars, not percentages.
    parsed = parse_html_table(
        tr(td("(In millions)", 3), td(""), td("July 1, 2023", 3), td(""), td("July 2, 2022", 3))
        + tr(
            td("Statutory federal income tax rate", 3),
            td(""),
            td("21", 2),
            td("%"),
            td(""),
            td("21", 2),
            td("%"),
        )
        + tr(
            td("Provision for income taxes at statutory rate", 3),
            td(""),
            td("$"),
            td("587"),
            td(""),
            td(""),
            td("$"),
            td("936"),
            td(""),
        )
        + tr(
            td("Foreign rate differential", 3),
            td(""),
            td(""),
            td("(125"),
            td(")"),
            td(""),
            td(""),
            td("(138"),
            td(")"),
        ),
        TEN_Q,
        "due to the following:",
    )
    assert shown(parsed, "Statutory federal income tax rate") == [
        (Decimal(21), "percent"),
        (Decimal(21), "percent"),
    ]
    assert shown(parsed, "Foreign rate differential") == [
        (Decimal("-125E6"), "USD"),
        (Decimal("-138E6"), "USD"),
    ]


def test_a_percentage_after_amounts_is_its_own_rows() -> None:
    # The reverse order keeps amounts in force: "Effective tax rate 19.6%" under a column of dollars.
    parsed = parse_html_table(
        tr(td("(In millions)"), td("2023", 2))
        + tr(td("Income before taxes"), td("$"), td("1,000"))
        + tr(td("Effective tax rate"), td("19.6"), td("%"))
        + tr(td("Other, net"), td("(42", 2), td(")")),
        TEN_K,
    )
    assert shown(parsed, "Other, net") == [(Decimal("-42E6"), "USD")]


def test_a_column_named_a_rate_holds_percentages_whatever_the_row_names() -> None:
    # Medtronic's 10-K debt table: "six-year" in the row is the note's term, not the figure's unit.
    parsed = parse_html_table(
        tr(td(""), td(""), td("April 26, 2024", 2))
        + tr(
            td("(in millions, except interest rates)"),
            td("Maturity by Fiscal Year"),
            td("Amount"),
            td("Effective Interest Rate"),
        )
        + tr(td("0.250 percent six-year 2019 senior notes"), td("2026"), td("1,070"), td("0.44")),
        TEN_K,
    )
    assert shown(parsed, "0.250 percent six-year 2019 senior notes")[-1] == (Decimal("0.44"), "percent")


def test_a_rate_of_increase_is_a_percentage() -> None:
    # Johnson & Johnson's 10-K actuarial assumptions, in a note "(Dollars in billions …)": only the first
    # column prints "%".
    parsed = parse_html_table(
        tr(td("Worldwide Benefit Plans"), td("2023", 2), td("2022"))
        + tr(td("Rate of increase in compensation levels"), td("3.71"), td("%"), td("4.02"))
        + tr(td("Expected long-term rate of return on plan assets"), td("7.21"), td("%"), td("7.25")),
        TEN_K,
        "(Dollars in billions)",
    )
    assert shown(parsed, "Rate of increase in compensation levels")[1] == (Decimal("4.02"), "percent")
    assert shown(parsed, "Expected long-term rate of return on plan assets")[1] == (
        Decimal("7.25"),
        "percent",
    )


def test_a_price_column_speaks_for_rows_that_count_shares() -> None:
    # GameStop's 10-K award roll-forward ("Nonvested shares at …" beside a grant-date fair value) and
    # Boeing's ("Number of shares under option" heading "Outstanding at end of year").
    parsed = parse_html_table(
        tr(td(""), td("Shares"), td("Weighted- Average Grant Date Fair Value"))
        + tr(td("Nonvested shares at February 3, 2024"), td("1,203"), td("$25.86")),
        TEN_K,
        "(in millions)",
    )
    assert shown(parsed, "Nonvested shares at February 3, 2024")[-1] == (Decimal("25.86"), "USD/share")


def test_the_columns_of_an_eps_computation_name_what_they_hold() -> None:
    # Visa's 10-Q: "Basic Earnings Per Share" spans the income allocated, the shares and the per-share
    # figure; Colgate's: "Diluted EPS" beside "Net income", "Shares (millions)" and "Per Share".
    parsed = parse_html_table(
        tr(td("(in millions, except per share data)"), td("Basic Earnings Per Share", 3))
        + tr(
            td(""),
            td("Income Allocation (A)"),
            td("Weighted- Average Shares Outstanding (B)"),
            td("Earnings per Share (A)/(B)"),
        )
        + tr(td("Class B common stock"), td("$ 785"), td("245"), td("$ 3.21")),
        TEN_Q,
    )
    assert shown(parsed, "Class B common stock") == [
        (Decimal("785E6"), "USD"),
        (Decimal("245E6"), "shares"),
        (Decimal("3.21"), "USD/share"),
    ]
    parsed = parse_html_table(
        tr(
            td("(millions)"),
            td("Net income attributable to Colgate-Palmolive Company"),
            td("Shares (millions)"),
            td("Per Share"),
        )
        + tr(td("Diluted EPS"), td("$ 603"), td("829.2"), td("$ 0.73")),
        TEN_Q,
    )
    assert shown(parsed, "Diluted EPS") == [
        (Decimal("603E6"), "USD"),
        (Decimal("829.2E6"), "shares"),
        (Decimal("0.73"), "USD/share"),
    ]


def test_a_per_share_figure_of_share_units_is_a_price() -> None:
    # Medtronic's 10-K: "per performance share units" names what the price is of, not a count.
    parsed = parse_html_table(
        tr(td("(in millions)"), td("Fiscal Year 2024"))
        + tr(td("Weighted-average grant-date fair value per performance share units"), td("$ 104.78")),
        TEN_K,
    )
    assert shown(parsed, "Weighted-average grant-date fair value per performance share units") == [
        (Decimal("104.78"), "USD/share")
    ]


def test_weighted_average_stock_outstanding_counts_shares() -> None:
    # Marathon Digital's 10-Q, in thousands: the count is written in full, the EPS in dollars.
    parsed = parse_html_table(
        tr(td("(in thousands, except share and per share data)"), td("2023"))
        + tr(td("Weighted average common stock outstanding - basic and diluted"), td("168,474,882")),
        TEN_Q,
    )
    assert shown(parsed, "Weighted average common stock outstanding - basic and diluted") == [
        (Decimal(168474882), "shares")
    ]


def test_counts_in_labels_written_in_full() -> None:
    # Abbott's 10-K equity statement, in millions: one label writes a count the scale would make two
    # quadrillion shares, so the table writes its label counts in full, six-digit ones too.
    parsed = parse_html_table(
        tr(td("(in millions)"), td("2023"))
        + tr(td("Common Shares"), td(""))
        + tr(td("Shares: 2023: 1,986,519,278; 2022: 1,985,273,421"), td(""))
        + tr(td("Issued under incentive stock programs"), td("$ 505"))
        + tr(td("Shares: 2023: 662,213; 2022: 403,314"), td("")),
        TEN_K,
    )
    assert [v for v, _ in shown(parsed, "Shares: 2023: 662,213; 2022: 403,314")] == [662213, 403314]
    # Comcast's balance sheet, in millions: a count written in full.
    label = "Class B common stock—authorized, 75,000,000 shares; issued and outstanding, 9,444,375"
    parsed = parse_html_table(tr(td("(in millions)"), td("2023")) + tr(td(label), td("—")), TEN_K)
    assert Decimal(9444375) in [v for v, _ in shown(parsed, label)]


def test_label_counts_in_the_table_scale_stay_scaled() -> None:
    # Alphabet's balance sheet, in millions: 300 billion shares authorized is a count in the table's scale.
    label = "Preferred stock, $0.001 par value per share, 100 shares authorized; no shares issued"
    parsed = parse_html_table(
        tr(td("(in millions, except par value per share amounts)"), td("2023")) + tr(td(label), td("0")),
        TEN_K,
    )
    assert (Decimal("100E6"), "shares") in shown(parsed, label)


def test_share_clauses_with_decimals_and_par_values() -> None:
    # Travelers: a decimal point does not end the clause before "shares".
    assert [
        (f.value, f.unit) for f in inline_figures("Treasury stock, at cost (558.8 and 553.5 shares)")
    ] == [
        (Decimal("558.8"), "shares"),
        (Decimal("553.5"), "shares"),
    ]
    # Home Depot: a par value written before its figure; Colgate: "($1.86)/per share".
    assert [
        (f.value, f.unit) for f in inline_figures("Common stock, par value $0.05; authorized: 10,000 shares")
    ] == [
        (Decimal("0.05"), "USD/share"),
        (Decimal(10000), "shares"),
    ]
    assert [f.unit for f in inline_figures("Dividends ($1.86)/per share*")] == ["USD/share"]
    # Marathon Digital: a par value with no "$".
    assert (
        inline_figures("Common stock, 0.0001 par value, 200,000,000 shares authorized")[0].unit == "USD/share"
    )
    # UnitedHealth: counts followed by "issued and outstanding".
    figures = inline_figures(
        "Common stock, $0.01 par value - 3,000 shares authorized; 927 and 934 issued and outstanding"
    )
    assert [(f.value, f.unit) for f in figures][-2:] == [(Decimal(927), "shares"), (Decimal(934), "shares")]
    # Texas Instruments: a label that opens "Shares:" counts shares in every clause.
    figures = inline_figures("Shares: June 30, 2023 – 833; December 31, 2022 – 835")
    assert [(f.value, f.unit) for f in figures] == [(Decimal(833), "shares"), (Decimal(835), "shares")]


def test_no_par_value_and_none_outstanding_are_zeros() -> None:
    # Riot's "no par value"; Lowe's "Issued and outstanding – none".
    figure = inline_figures("Common stock, no par value; 340,000,000 shares")[0]
    assert (figure.value, figure.unit) == (Decimal(0), "USD/share")
    figures = inline_figures(
        "Preferred stock – $5 par value: Authorized – 5.0 million shares; Issued and outstanding – none"
    )
    assert (figures[-1].value, figures[-1].unit) == (Decimal(0), "shares")


def test_a_dollar_figure_printed_to_the_cent_is_a_price() -> None:
    # PepsiCo's 10-K, its tabular dollars in millions: a fair value per option is printed to the cent.
    label = "Weighted-average grant-date fair value per unit of options granted"
    parsed = parse_html_table(tr(td("(in millions)"), td("2023")) + tr(td(label), td("$"), td("9.88")), TEN_K)
    assert shown(parsed, label) == [(Decimal("9.88"), "USD/share")]
    # In billions, cents are ten millions: "$1.25" is an amount.
    parsed = parse_html_table(
        tr(td("(in billions)"), td("2023")) + tr(td("Total debt"), td("$"), td("1.25")), TEN_K
    )
    assert shown(parsed, "Total debt") == [(Decimal("1.25E9"), "USD")]


def test_eps_columns_and_per_common_stock_rows() -> None:
    # GE's 10-K reconciliation: a column "2023 EPS"; Marathon Digital's 10-Q, in thousands: "… per common
    # stock - basic and diluted".
    parsed = parse_html_table(
        tr(td(""), td("2023"), td("2023 EPS"))
        + tr(td("Earnings (loss) from continuing operations (GAAP)"), td("$ 9,063"), td("$ 8.36")),
        TEN_K,
        "(In millions, per-share amounts in dollars)",
    )
    assert shown(parsed, "Earnings (loss) from continuing operations (GAAP)")[-1] == (
        Decimal("8.36"),
        "USD/share",
    )
    label = "Net loss attributable to common stockholders per common stock - basic and diluted"
    parsed = parse_html_table(tr(td("(in thousands)"), td("2023")) + tr(td(label), td("$(0.13)")), TEN_Q)
    assert shown(parsed, label) == [(Decimal("-0.13"), "USD/share")]


def test_a_label_count_no_issuer_could_have_is_in_full_unless_authorized() -> None:
    # Caterpillar's 10-Q equity statement, in millions; Alphabet's balance sheet, in millions.
    label = "Common shares issued from treasury stock for stock-based compensation: 416,751"
    parsed = parse_html_table(
        tr(td("(Dollars in millions)"), td("Common stock")) + tr(td(label), td("14")), TEN_Q
    )
    assert shown(parsed, label)[0] == (Decimal(416751), "shares")
    label = "Class A, Class B, and Class C stock, $0.001 par value per share: 300,000 shares authorized"
    parsed = parse_html_table(tr(td("(in millions)"), td("2023")) + tr(td(label), td("76,534")), TEN_K)
    assert (Decimal("300000E6"), "shares") in shown(parsed, label)


def test_a_bare_count_worth_trillions_of_dollars_is_written_in_full() -> None:
    # Boeing's 10-K "changes in each class of shares", under a note "(Dollars in millions …)".
    parsed = parse_html_table(
        tr(td(""), td("Common Stock"), td("Treasury Stock"))
        + tr(td("Balance at January 1, 2021"), td("1,012,261,159"), td("429,941,021"))
        + tr(td("Issued"), td(""), td("(6,904,556)")),
        TEN_K,
        "(Dollars in millions, except otherwise stated) The following table shows changes in shares:",
    )
    assert shown(parsed, "Issued") == [(Decimal(-6904556), "number")]
    # A dollar column keeps its scale, however large: "$3,875,393" million of assets is a bank's.
    parsed = parse_html_table(
        tr(td("(in millions)"), td("2023")) + tr(td("Total assets"), td("$"), td("3,875,393")), TEN_K
    )
    assert shown(parsed, "Total assets") == [(Decimal("3875393E6"), "USD")]


def test_a_header_in_whole_dollars_is_not_in_the_notes_scale() -> None:
    # Honeywell's 10-Q asbestos note (in millions): average resolution values per claim.
    parsed = parse_html_table(
        tr(td(""), td("Years Ended December 31,", 2))
        + tr(td(""), td("2022"), td("2021"))
        + tr(td(""), td("(in whole dollars)", 2))
        + tr(td("Mesothelioma and other cancer claims"), td("$"), td("59,200"), td("$"), td("56,000")),
        TEN_Q,
        "(Dollars in tables in millions, except per share amounts)",
    )
    assert parsed.scale == 0
    assert shown(parsed, "Mesothelioma and other cancer claims")[0] == (Decimal(59200), "USD")


def test_price_ranges_and_listed_per_share_figures() -> None:
    # Texas Instruments' and Bristol-Myers' ranges of exercise prices; Verizon's dividends.
    assert [f.unit for f in inline_figures("$44.09 to $193.58")] == ["USD/share", "USD/share"]
    assert [f.unit for f in inline_figures("$10 - $40")] == ["USD/share", "USD/share"]
    figures = inline_figures("Dividends declared ($2.635, $2.585, $2.535 per share)")
    assert [f.unit for f in figures] == ["USD/share"] * 3
    # Amounts listed without "per" stay amounts.
    assert [f.unit for f in inline_figures("Allowance for credit losses of $45 and $50")] == ["USD", "USD"]


def test_share_rows_under_dollar_columns_worth_over_ten_trillion_are_counts() -> None:
    # Chevron's 10-Q equity statement: its "$" columns end with the share activity, written in full.
    parsed = parse_html_table(
        tr(td("(Millions of dollars)"), td("Treasury Stock (at cost)"))
        + tr(td("Balance at March 31, 2022"), td("$(39,158)"))
        + tr(td("Purchases"), td("(27,314,816)"))
        + tr(td("Other"), td("(1,234,567)")),
        TEN_Q,
    )
    assert shown(parsed, "Purchases") == [(Decimal(-27314816), "number")]
    assert shown(parsed, "Other") == [(Decimal("-1234567E6"), "USD")]  # a trillion dollars, under "$"


def test_a_range_in_a_value_cell_is_two_figures_of_its_column() -> None:
    # Verizon's 10-K debt maturities: "0.75 - 6.94" under "Interest Rates %", amounts beside it.
    parsed = parse_html_table(
        tr(td(""), td(""), td("(dollars in millions)"), td("(dollars in millions)"))
        + tr(td("At December 31,"), td("Interest Rates %"), td("2023"), td("2022"))
        + tr(td("Verizon Communications"), td("0.75 - 6.94"), td("$33,316"), td("$23,929"))
        + tr(td("5-10 Years"), td("1.50 - 7.88"), td("37,229"), td("42,637"))
        + tr(td("Other subsidiaries—asset-backed debt"), td("6.09"), td("14,300"), td("12,000")),
        TEN_K,
    )
    range_cells = [c for c in cells(parsed, "Verizon Communications") if c.inline_span is not None]
    assert [(c.text, c.value, c.unit) for c in range_cells] == [
        ("0.75", Decimal("0.75"), "percent"),
        ("6.94", Decimal("6.94"), "percent"),
    ]
    assert [c.inline_span for c in range_cells] == [(0, 4), (7, 11)]
    # A range of years ("2023 - 2034", AbbVie's projected years of payment) is no pair of figures.
    parsed = parse_html_table(
        tr(td("(in millions)"), td("Range"), td("2023"))
        + tr(td("Projected year of payments"), td("2023 - 2034"), td("2028")),
        TEN_K,
    )
    assert not [c for c in parsed.cells if c.inline_span is not None]
    # Nor a file or registration number in an exhibit index ("001-35551", "333-164593"), nor a range of
    # useful lives.
    parsed = parse_html_table(
        tr(td("Exhibit"), td("File No."), td("Exhibit No."))
        + tr(td("Amended and Restated Certificate of Incorporation"), td("001-35551"), td("3.1"))
        + tr(td("2019 Equity Incentive Plan"), td("333-164593"), td("10.1")),
        TEN_K,
    )
    assert [c.text for c in parsed.cells] == ["3.1", "10.1"]
    parsed = parse_html_table(
        tr(td("(Amounts in millions)"), td("Estimated Useful Lives"), td("2025"))
        + tr(td("Buildings and improvements"), td("3-40"), td("117,973"))
        + tr(td("Land"), td("1"), td("19,342")),
        TEN_K,
    )
    assert [c.text for c in cells(parsed, "Buildings and improvements")] == ["117,973"]


def test_counts_under_a_page_header_that_repeats_the_default_scale_are_in_full() -> None:
    # Honeywell's 10-Q: every page opens "(Dollars in tables in millions, except per share amounts)", the
    # document's default; a table of asbestos claims after it prints counts, no "$".
    default = "(Dollars in tables in millions, except per share amounts)"
    rows = (
        tr(td(""), td("Six Months Ended June 30,"), td("Years Ended December 31,"))
        + tr(td(""), td("2023"), td("2022"))
        + tr(td("Claims filed"), td("892"), td("2,014"))
    )
    element = etree.fromstring(f'<table xmlns="http://www.w3.org/1999/xhtml">{rows}</table>')
    prose = f"{default} The following tables present information regarding asbestos claims activity:"
    parsed = parse_table(element, TEN_Q, prose, None, document_scale=(6, default))
    assert parsed is not None
    assert shown(parsed, "Claims filed") == [(Decimal(892), "number"), (Decimal(2014), "number")]
    # A scale line of the table's own stays the table's: the same counts "(in millions)" are millions.
    parsed = parse_table(
        element, TEN_Q, f"{default} Claims (in millions):", None, document_scale=(6, default)
    )
    assert parsed is not None
    assert shown(parsed, "Claims filed")[0] == (Decimal("892E6"), "number")


def test_an_equity_statements_number_column_counts_shares_in_full() -> None:
    # Marathon Digital's 10-Q, in thousands: "Common Stock" over "Number" and "Amount".
    parsed = parse_html_table(
        tr(td(""), td("Common Stock", 2), td("Additional Paid-in"))
        + tr(td(""), td("Number"), td("Amount"), td("Capital"))
        + tr(td("Balance as of December 31, 2022"), td("145,565,916"), td("$ 15"), td("$ 1,226,267"))
        + tr(td("Stock-based compensation, net of tax withholding"), td("519,868"), td("—"), td("8,209")),
        TEN_Q,
        "(in thousands, except share and per share data)",
    )
    assert shown(parsed, "Stock-based compensation, net of tax withholding")[0] == (Decimal(519868), "shares")
    assert shown(parsed, "Stock-based compensation, net of tax withholding")[-1] == (Decimal("8209E3"), "USD")


def test_a_heading_states_the_scale_of_the_rows_under_it() -> None:
    # Chevron's 10-Q income statement "(Millions of dollars, except per-share amounts)": its share counts sit
    # under "Weighted Average Number of Shares Outstanding (000s)"; AMC's under "Denominator (shares in
    # thousands)" in a table "(In millions, except share and per share amounts)".
    parsed = parse_html_table(
        tr(td(""), td("2023"))
        + tr(td(""), td("(Millions of dollars, except per-share amounts)"))
        + tr(td("Net Income Attributable to Chevron Corporation"), td("$ 6,010"))
        + tr(td("Weighted Average Number of Shares Outstanding (000s)"))
        + tr(td("- Basic"), td("1,947,703")),
        TEN_Q,
    )
    assert shown(parsed, "- Basic") == [(Decimal("1947703E3"), "shares")]
    parsed = parse_html_table(
        tr(td("(In millions, except share and per share amounts)"), td("2023"))
        + tr(td("Denominator (shares in thousands)"))
        + tr(td("Weighted average shares for basic earnings (loss) per common share"), td("1,513,018")),
        TEN_Q,
    )
    label = "Weighted average shares for basic earnings (loss) per common share"
    assert shown(parsed, label) == [(Decimal("1513018E3"), "shares")]


def test_a_cash_flow_line_is_an_amount_whatever_it_counts() -> None:
    # Caterpillar's 10-Q cash flow statement, in millions of dollars: "Common shares repurchased" (1,829) is
    # what the shares cost, tagged PaymentsForRepurchaseOfCommonStock 1,829,000,000 USD
    parsed = parse_html_table(
        tr(td("(Millions of dollars)"), td("Six Months Ended June 30 2023"), td("2022"))
        + tr(td("Cash flow from financing activities:"), td(""), td(""))
        + tr(td("Common shares repurchased"), td("(1,829"), td("(1,924"))
        + tr(td("Common stock issued, including treasury shares reissued"), td("(22"), td("4")),
        TEN_Q,
    )
    assert shown(parsed, "Common shares repurchased") == [
        (Decimal(-1_829_000_000), "USD"),
        (Decimal(-1_924_000_000), "USD"),
    ]
    assert [unit for _, unit in shown(parsed, "Common stock issued, including treasury shares reissued")] == [
        "USD",
        "USD",
    ]


def test_an_equity_statements_column_of_money_counts_no_shares() -> None:
    # NVIDIA's 10-K equity statement, in millions: "Shares repurchased" counts shares under "Shares" and is
    # money under "Retained Earnings" (tagged StockRepurchasedAndRetiredDuringPeriodValue, USD)
    parsed = parse_html_table(
        tr(td("(In millions)"), td("Common Stock Outstanding Shares"), td("Retained Earnings"))
        + tr(td("Balances, January 29, 2023"), td("2,466"), td("$ 10,171"))
        + tr(td("Shares repurchased"), td("(27"), td("(9,719")),
        TEN_K,
    )
    assert shown(parsed, "Shares repurchased") == [
        (Decimal(-27_000_000), "shares"),
        (Decimal(-9_719_000_000), "USD"),
    ]


def test_a_treasury_stock_column_holds_money() -> None:
    # Boeing's 10-K equity statement, in millions: "Treasury shares issued for 401(k) contribution" under
    # "Treasury Stock" is what they cost (tagged StockIssuedDuringPeriodValueOther, 675,000,000 USD)
    parsed = parse_html_table(
        tr(td("(Dollars in millions)"), td("Common Stock"), td("Treasury Stock"))
        + tr(td("Balance at January 1, 2023"), td("$ 5,061"), td("($ 54,318"))
        + tr(td("Treasury shares issued for 401(k) contribution"), td(""), td("675")),
        TEN_K,
    )
    assert shown(parsed, "Treasury shares issued for 401(k) contribution") == [(Decimal(675_000_000), "USD")]


def test_money_and_shares_are_other_measures() -> None:
    assert not same_measure("shares", "USD") and not same_measure("USD", "shares")
    assert same_measure("USD", "USD") and same_measure("shares", "shares")
    # a price per share, a percentage or a plain number is neither side's
    assert same_measure("USD/share", "USD/shares") and same_measure("percent", "pure")


def test_an_eps_computations_sections_say_what_their_rows_count() -> None:
    # Alphabet's 10-K: "Reallocation of undistributed earnings as a result of conversion of Class B to Class A
    # shares" under "Numerator" is money (tagged USD 5,124,000,000); Pfizer's 10-Q: "Common-share
    # equivalents" under "EPS Denominator" counts shares (tagged 67,000,000 shares)
    label = "Reallocation of undistributed earnings as a result of conversion of Class B to Class A shares"
    parsed = parse_html_table(
        tr(td("(In millions)"), td("Year Ended December 31, 2023"))
        + tr(td("Numerator"), td(""))
        + tr(td(label), td("$ 5,124"))
        + tr(td("EPS Denominator"), td(""))
        + tr(td("Common-share equivalents"), td("67")),
        TEN_K,
    )
    assert shown(parsed, label) == [(Decimal(5_124_000_000), "USD")]
    assert shown(parsed, "Common-share equivalents") == [(Decimal(67_000_000), "shares")]


def test_a_heading_that_counts_shares_speaks_for_its_roll_forward() -> None:
    # Coca-Cola's 10-K: "Balance at beginning of year" under "Number of Common Shares Outstanding" (in
    # millions), tagged CommonStockSharesOutstanding 4,308,000,000 shares
    parsed = parse_html_table(
        tr(td("Year Ended December 31, (In millions)"), td("2024"), td("2023"))
        + tr(td("Number of Common Shares Outstanding"), td(""), td(""))
        + tr(td("Balance at beginning of year"), td("4,308"), td("4,328"))
        + tr(td("Purchases of stock for treasury"), td("(27"), td("(37")),
        TEN_K,
    )
    assert shown(parsed, "Balance at beginning of year") == [
        (Decimal(4_308_000_000), "shares"),
        (Decimal(4_328_000_000), "shares"),
    ]
    assert [unit for _, unit in shown(parsed, "Purchases of stock for treasury")] == ["shares", "shares"]


def test_an_equity_line_that_states_its_shares_in_words_is_an_amount() -> None:
    # Coca-Cola's balance sheet, "Treasury stock, at cost — 2,738 and 2,732 shares, respectively" (55,916),
    # tagged TreasuryStockValue USD; Alphabet's "Preferred stock, $0.001 par value per share, 100 shares
    # authorized; no shares issued and outstanding" (—), tagged USD
    treasury = "Treasury stock, at cost — 2,738 and 2,732 shares, respectively"
    preferred = (
        "Preferred stock, $0.001 par value per share, 100 shares authorized; no shares issued and outstanding"
    )
    parsed = parse_html_table(
        tr(td("(In millions)"), td("December 31, 2024"), td("December 31, 2023"))
        + tr(td(treasury), td("(55,916"), td("(54,535"))
        + tr(td(preferred), td("—"), td("—")),
        TEN_K,
    )
    # (the counts the words write are figures of their own, in the label's column)
    assert [(c.value, c.unit) for c in cells(parsed, treasury) if c.col > 0] == [
        (Decimal(-55_916_000_000), "USD"),
        (Decimal(-54_535_000_000), "USD"),
    ]
    assert [c.unit for c in cells(parsed, preferred) if c.col > 0] == ["USD", "USD"]
