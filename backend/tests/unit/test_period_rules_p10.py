"""Periods of figures written in text cells that no column dates, in corpus-large filings
(`../shared/corpus-large`): each table is cut down from the named filing's to the rows that show the rule,
with the period the filer's own XBRL tags give."""

from datetime import date

from html_tables import at, flow, parse_html_table, row

from filingproof.ingest.parse.periods import DocumentPeriod, Period

AMD_10Q = DocumentPeriod("10-Q", date(2023, 7, 1), 2023, "Q2")
TMO_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
TMO_10Q = DocumentPeriod("10-Q", date(2023, 7, 1), 2023, "Q2")
BMY_10K = DocumentPeriod("10-K", date(2023, 12, 31), 2023, "FY")
# AMD Q2 2023 10-Q, operating income (loss) by segment: the footnote is a row of the table.
AMD_SEGMENTS = row("", "Three Months Ended July 1, 2023") + row("Client", "$(69)")


def _by_text(html: str, document: DocumentPeriod, context: str) -> dict[str, tuple[Period | None, str]]:
    parsed = parse_html_table(html, document, context, None)
    return {c.text: (c.period, c.period_rule) for c in parsed.cells if not c.column_label}


def test_figures_listed_over_two_lengths_respectively_take_each_its_own() -> None:
    # AMD Q2 2023 10-Q, segment operating income: the footnote under the table.
    note = (
        "(1) For the three and six months ended July 1, 2023, all other operating losses primarily included "
        "$693 million and $1.5 billion of amortization of acquisition-related intangibles, $348 million and "
        "$657 million of stock-based compensation expense and $34 million and $145 million of "
        "acquisition-related costs, respectively. For the three and six months ended June 25, 2022, all "
        "other operating losses primarily included $292 million and $491 million of stock-based "
        "compensation expense, respectively. The segment reports no other figure."
    )
    by_text = _by_text(AMD_SEGMENTS + row(note), AMD_10Q, "(In millions)")
    quarter, half = flow(date(2023, 4, 2), date(2023, 7, 1)), flow(date(2023, 1, 1), date(2023, 7, 1))
    rule = "length_its_sentence_lists"
    for text in ("$693 million", "$348 million", "$34 million"):
        assert by_text[text][1] == rule and _same(by_text[text][0], quarter), (text, by_text)
    for text in ("$1.5 billion", "$657 million", "$145 million"):
        assert _same(by_text[text][0], half), (text, by_text)
    # The prior year's sentence dates its own pair: the quarter and the half year to June 25, 2022.
    assert _same(by_text["$292 million"][0], flow(date(2022, 3, 27), date(2022, 6, 25))), by_text
    assert _same(by_text["$491 million"][0], flow(date(2021, 12, 26), date(2022, 6, 25))), by_text


def _same(period: Period | None, expected: Period) -> bool:
    """The same length to the same day; a 52-53 week calendar may start a few days apart."""
    return (
        period is not None
        and period.kind == "duration"
        and period.end == expected.end
        and period.start is not None
        and expected.start is not None
        and abs((period.start - expected.start).days) <= 7
    )


def test_figures_no_and_pairs_stay_at_the_report_date() -> None:
    # A figure no "and" pairs with another: which of the two lengths it is of, the sentence does not say.
    note = (
        "For the three and six months ended July 1, 2023, losses included $693 million of amortization, "
        "$348 million of stock-based compensation expense, respectively."
    )
    by_text = _by_text(AMD_SEGMENTS + row(note), AMD_10Q, "(In millions)")
    assert {rule for _, rule in by_text.values()} == {"written_figure_at_the_report_date"}, by_text
    assert by_text["$693 million"][0] == at(2023, 7, 1)


def test_a_spread_over_a_reference_rate_is_of_the_year_to_date() -> None:
    # TMO 2023 10-K and Q2 2023 10-Q, long-term debt: the floating rate notes' spreads over SOFR / EURIBOR.
    html = row("(Dollars in millions)", "December 31, 2023", "December 31, 2022") + row(
        "Floating Rate (SOFR + 0.35%) 1.5-Year Senior Notes, Due 4/18/2023", "—", "1,000"
    )
    year = _by_text(html, TMO_10K, "Note 10. Debt and Other Financing Arrangements")
    assert year["0.35%"] == (flow(date(2023, 1, 1), date(2023, 12, 31)), "spread_over_the_period"), year
    half = _by_text(html, TMO_10Q, "Note 10. Debt and Other Financing Arrangements")
    assert half["0.35%"][1] == "spread_over_the_period" and _same(
        half["0.35%"][0], flow(date(2023, 1, 1), date(2023, 7, 1))
    ), half
    # A rate written with no reference rate before it is the note's own coupon, at the report date.
    plain = row("(Dollars in millions)", "December 31, 2023") + row("0.797% 2-Year Senior Notes", "1,350")
    coupon = _by_text(plain, TMO_10K, "Note 10. Debt and Other Financing Arrangements")
    assert coupon["0.797%"][1] != "spread_over_the_period", coupon


def test_the_bounds_of_a_price_range_row_are_of_the_year() -> None:
    # BMY 2023 10-K, options outstanding by range of exercise prices.
    html = (
        row("Range of Exercise Prices", "Number of Options (in millions)", "Weighted-Average Exercise Price")
        + row("$10 - $40", "0.7", "$36.34")
        + row("$65 +", "3.4", "70.04")
    )
    by_text = _by_text(html, BMY_10K, "The following table summarizes options at December 31, 2023:")
    year = flow(date(2023, 1, 1), date(2023, 12, 31))
    for text in ("$10", "$40", "$65"):
        assert by_text[text] == (year, "price_range_over_the_period"), by_text
