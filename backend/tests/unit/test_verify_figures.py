"""Reading figures and periods out of draft prose."""

from datetime import date
from decimal import Decimal

import pytest

from filingproof.verify.figures import WrittenFigure, extract


def only_figure(text: str) -> WrittenFigure:
    extraction = extract(text)
    assert len(extraction.figures) == 1, extraction
    assert extraction.unrecognised == []
    return extraction.figures[0]


@pytest.mark.parametrize(
    ("text", "written", "value", "unit", "precision"),
    [
        ("Net sales were $391.0 billion.", "$391.0 billion", "391.0e9", "USD", "0.1e9"),
        ("Net sales were $391,035 million.", "$391,035 million", "391035e6", "USD", "1e6"),
        ("EPS was $6.11.", "$6.11", "6.11", "USD", "0.01"),
        ("EPS was $6.11 per share.", "$6.11 per share", "6.11", "USD/share", "0.01"),
        ("EPS was $6.08 per diluted share.", "$6.08 per diluted share", "6.08", "USD/share", "0.01"),
        ("Growth was 114.2%.", "114.2%", "114.2", "percent", "0.1"),
        ("Growth was 114.2 percent.", "114.2 percent", "114.2", "percent", "0.1"),
        ("Coverage was 1.5x.", "1.5x", "1.5", "ratio", "0.1"),
        ("It bought 2.3 million shares.", "2.3 million shares", "2.3e6", "shares", "0.1e6"),
        ("Assets of $1.2 trillion.", "$1.2 trillion", "1.2e12", "USD", "0.1e12"),
        ("A fee of $950K.", "$950K", "950e3", "USD", "1e3"),
        ("A fee of $2.5M.", "$2.5M", "2.5e6", "USD", "0.1e6"),
        ("A fee of $3B.", "$3B", "3e9", "USD", "1e9"),
        ("A fee of $3 bn.", "$3 bn", "3e9", "USD", "1e9"),
        ("A fee of US$3 billion.", "US$3 billion", "3e9", "USD", "1e9"),
        ("A fee of 3 billion dollars.", "3 billion dollars", "3e9", "USD", "1e9"),
        ("It has 2,024 employees.", "2,024", "2024", "number", "1"),
        ("A fee of $2024 million.", "$2024 million", "2024e6", "USD", "1e6"),
        ("Margin rose 50 bps.", "50 bps", "0.50", "percent", "0.01"),
        ("It rose 2.1 percentage points.", "2.1 percentage points", "2.1", "percent", "0.1"),
    ],
)
def test_reads_value_unit_and_precision(
    text: str, written: str, value: str, unit: str, precision: str
) -> None:
    figure = only_figure(text)
    assert figure.text == written
    assert text[figure.start : figure.end] == written
    assert figure.value == Decimal(value)
    assert figure.unit == unit
    assert figure.precision == Decimal(precision)


def test_a_bare_number_has_no_known_scale() -> None:
    figure = only_figure("Net sales were 391,035 in millions of dollars, per the table.")
    assert (figure.value, figure.unit, figure.scale_known) == (Decimal(391035), "number", False)


def test_a_dollar_amount_without_scale_word_has_no_known_scale() -> None:
    assert not only_figure("Net sales were $391,035.").scale_known
    assert only_figure("Net sales were $391,035 million.").scale_known


@pytest.mark.parametrize(
    "text",
    [
        "The change was (1,234).",
        "The change was -1,234.",
        "The change was −1,234.",
        "The change was $(1,234).",
        "The change was ($1,234).",
    ],
)
def test_minus_and_accounting_parentheses_are_negative(text: str) -> None:
    figure = only_figure(text)
    assert figure.value == Decimal(-1234)
    assert figure.direction == "down"


def test_parentheses_closing_after_the_unit_are_an_aside() -> None:
    assert only_figure("Gross margin (46.2%) was stable.").value == Decimal("46.2")
    assert only_figure("Net sales ($391.0 billion) rose.").value == Decimal("391.0e9")
    assert only_figure("Margin fell (2.8)% in the year.").value == Decimal("-2.8")
    assert only_figure("A loss of $(6.8) billion.").value == Decimal("-6.8e9")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("3M reported a net loss of $6.8 billion.", "-6.8e9"),
        ("Net sales decreased by $5 billion.", "-5e9"),
        ("Net sales declined 2.8%.", "-2.8"),
        ("Revenue was down 5%.", "-5"),
        ("Revenue fell approximately $1.1 billion.", "-1.1e9"),
        ("Revenue was up 5%.", "5"),
        ("Revenue increased 142%.", "142"),
        ("Net sales declined to $383.3 billion.", "383.3e9"),
        ("Revenue was up to $5 billion.", "5e9"),
    ],
)
def test_sign_words_make_the_figure_right_after_them_negative(text: str, value: str) -> None:
    assert only_figure(text).value == Decimal(value)


def test_a_change_and_its_restatement_share_a_direction() -> None:
    figures = extract("Net sales decreased 3%, or $11.0 billion, to $383.3 billion.").figures
    assert [figure.value for figure in figures] == [Decimal(-3), Decimal("-11.0e9"), Decimal("383.3e9")]
    assert [figure.direction for figure in figures] == ["down", "down", None]


def test_a_negative_mark_and_a_loss_word_do_not_cancel() -> None:
    assert only_figure("a net loss of $(6,841) million").value == Decimal("-6841e6")


@pytest.mark.parametrize(
    ("text", "kind", "year", "on"),
    [
        ("in fiscal 2025", "year", 2025, None),
        ("in FY24", "year", 2024, None),
        ("in FY 2024", "year", 2024, None),
        ("in 2024", "year", 2024, None),
        ("on September 28, 2024", "date", 2024, date(2024, 9, 28)),
        ("on Sept. 28, 2024", "date", 2024, date(2024, 9, 28)),
        ("on 28 September 2024", "date", 2024, date(2024, 9, 28)),
        ("on 2024-09-28", "date", 2024, date(2024, 9, 28)),
        ("in Q3 2025", "quarter", 2025, None),
        ("in Q2 FY26", "quarter", 2026, None),
        ("in the second quarter of fiscal 2026", "quarter", 2026, None),
        ("in the three months ended July 27, 2025", "duration", 2025, date(2025, 7, 27)),
        ("in September 2024", "month", 2024, date(2024, 9, 1)),
    ],
)
def test_years_and_dates_are_periods_not_figures(text: str, kind: str, year: int, on: date | None) -> None:
    extraction = extract(text)
    assert extraction.figures == []
    assert extraction.unrecognised == []
    [period] = extraction.periods
    assert (period.kind, period.year, period.on) == (kind, year, on)


def test_a_quarter_reads_its_number_and_fiscal_mark() -> None:
    [period] = extract("in the second quarter of fiscal 2026").periods
    assert (period.quarter, period.fiscal) == (2, True)
    [period] = extract("in 3Q25").periods
    assert (period.quarter, period.year, period.fiscal) == (3, 2025, False)


def test_the_length_of_a_duration_is_read() -> None:
    [period] = extract("for the nine months ended June 30, 2023").periods
    assert period.days == 274


@pytest.mark.parametrize(
    "text",
    [
        "See Note 7 and Item 1A of the 10-K.",
        "JNJ 8-K EX-99.1 for the period ended June 30, 2023, page 1.",
        "As stated [c123] and [cell:123] and [1].",
        "Exhibit 31.1 and ASU 2016-13 apply.",
        "The H100 and the GB200 systems, after COVID-19.",
        "3M is a company.",
        "The 2nd item (amounts in millions).",
    ],
)
def test_references_identifiers_and_markers_are_ignored(text: str) -> None:
    extraction = extract(text)
    assert (extraction.figures, extraction.unrecognised) == ([], [])


def test_a_bracketed_figure_is_no_citation_marker() -> None:
    assert only_figure("Net sales [391,035] were reported.").value == Decimal(391035)


def test_years_and_figures_in_one_sentence() -> None:
    extraction = extract(
        "In fiscal 2024, Apple's net sales were $391.0 billion, versus $383.3 billion in 2023 [c1]."
    )
    assert [figure.text for figure in extraction.figures] == ["$391.0 billion", "$383.3 billion"]
    assert [period.text for period in extraction.periods] == ["fiscal 2024", "2023"]


@pytest.mark.parametrize(
    "text",
    [
        "Revenue was hundreds of millions.",
        "A 4:1 split.",
        "Revenue was 1,23,456.",
        "A 1/2 share.",
        "Revenue was 391.0B.",
        "Revenue was 391bn5.",
    ],
)
def test_numeric_text_that_is_no_figure_is_unrecognised(text: str) -> None:
    assert extract(text).unrecognised


# Numbers that used to fail open (issue 20): each is now read as a figure (and held to a cell) or reported.


@pytest.mark.parametrize(
    ("text", "written", "value", "unit", "precision"),
    [
        ("Revenue was USD96,995 million.", "USD96,995 million", "96995e6", "USD", "1e6"),
        ("Revenue was ninety-seven bn.", "ninety-seven bn", "97e9", "number", "1e9"),
        ("Margin was twelve percent.", "twelve percent", "12", "percent", "1"),
        ("Sales were $93.7 billion.", "$93.7 billion", "93.7e9", "USD", "0.1e9"),
        (
            "Sales were ninety-three point seven billion dollars.",
            "ninety-three point seven billion dollars",
            "93.7e9",
            "USD",
            "0.1e9",
        ),
        (
            "Sales were three hundred ninety-one billion dollars.",
            "three hundred ninety-one billion dollars",
            "391e9",
            "USD",
            "1e9",
        ),
        ("Sales were two billion three hundred million dollars.", None, "2300e6", "USD", "1e6"),
        ("Growth was one hundred and fourteen point two percent.", None, "114.2", "percent", "0.1"),
        ("Margin was Forty-Six Point Two Percent.", None, "46.2", "percent", "0.1"),
        ("A fee of a billion dollars.", "a billion dollars", "1e9", "USD", "1e9"),
        ("Revenue was ９６,９９５ million.", "９６,９９５ million", "96995e6", "number", "1e6"),
        ("Revenue was ٩٦ million.", "٩٦ million", "96e6", "number", "1e6"),
        ("Revenue was $96,995\u00a0million.", "$96,995\u00a0million", "96995e6", "USD", "1e6"),
        ("A fee of $12 k.", "$12 k", "12e3", "USD", "1e3"),
    ],
)
def test_figures_in_words_codes_and_other_scripts_are_read(
    text: str, written: str | None, value: str, unit: str, precision: str
) -> None:
    figure = only_figure(text)
    assert figure.text == (written or figure.text) == text[figure.start : figure.end]
    assert (figure.value, figure.unit, figure.precision) == (Decimal(value), unit, Decimal(precision))


def test_a_count_in_words_is_no_figure() -> None:
    extraction = extract("Apple has two reportable segments and one of them is large.")
    assert (extraction.figures, extraction.unrecognised) == ([], [])


def test_a_number_in_words_without_a_scale_keeps_its_scale_open() -> None:
    figure = only_figure("Net sales were ninety-six thousand nine hundred ninety-five.")
    assert (figure.value, figure.scale_known) == (Decimal(96995), False)


def test_a_figure_glued_to_a_currency_code_is_a_dollar_figure() -> None:
    figure = only_figure("Revenue was USD96.")
    assert (figure.text, figure.value, figure.unit) == ("USD96", Decimal(96), "USD")


def test_sign_words_apply_to_figures_in_words() -> None:
    assert only_figure("Net income fell twelve percent.").value == Decimal(-12)


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [
        ("Revenue was EUR96m.", "EUR", Decimal("96e6")),
        ("Revenue was EUR 96 million.", "EUR", Decimal("96e6")),
        ("the €750 million note issuance", "EUR", Decimal("750e6")),
        ("£700 million", "GBP", Decimal("700e6")),
        ("a dividend of €1.25 per share", "EUR/share", Decimal("1.25")),
    ],
)
def test_euros_and_pounds_are_read_in_their_own_currency(text: str, unit: str, value: Decimal) -> None:
    """The currencies filers print tables in besides dollars: a figure in one is in it, never in dollars."""
    figure = only_figure(text)
    assert (figure.unit, figure.value) == (unit, value)


@pytest.mark.parametrize(
    ("text", "leak"),
    [
        ("Revenue was US96,995m.", "US96,995m"),
        ("Revenue was JPY96m.", "JPY96m"),
        ("Revenue was $96,995 million¹.", "¹"),
        ("Revenue was ⁹⁶,⁹⁹⁵ million.", "⁹⁶"),
        ("Revenue was ₉₆ million.", "₉₆"),
        ("Revenue was ½ billion.", "½"),
        ("Revenue was 九十六 million.", "九"),
        ("Revenue was 96\u200b995 million.", "\u200b"),
        ("Revenue was \u202e599,69 million.", "\u202e"),
        ("Revenue was $I00 billion.", "I00"),
        ("Revenue was revenue96 million.", "revenue96"),
        ("Revenue was H100m.", "H100m"),
        ("Revenue was 96,995USD.", "96,995USD"),
        ("Revenue was 96 million euros.", "96 million"),
        ("Revenue was JPY 96 million.", "96 million"),
        ("Revenue was ¥96 million.", "96"),
        ("Revenue was ninety-seven k.", "ninety-seven k"),
        ("Revenue was one two percent.", "one two percent"),
        ("Revenue was 96 bn5.", "bn5"),
        ("It was the 96995th customer.", "96995th"),
        ("Revenue was in the bn range.", "bn"),
    ],
)
def test_numbers_that_used_to_fail_open_are_unrecognised(text: str, leak: str) -> None:
    at = text.index(leak)
    assert any(item.start <= at < item.end for item in extract(text).unrecognised), extract(text)


@pytest.mark.parametrize(
    "text",
    [
        "The H100, H200, GB200, MI300X and A100 systems, after COVID-19.",
        "H100-based systems and H100s shipped.",
        "Apple's M4 chip and the CO2 goals.",
        "C3.ai, Inc.'s revenue",  # a company named by its web address
    ],
)
def test_product_names_stay_names(text: str) -> None:
    extraction = extract(text)
    assert (extraction.figures, extraction.unrecognised) == ([], [])


@pytest.mark.parametrize(
    ("text", "claim"),
    [
        ("Revenue roughly doubled.", "doubled"),
        ("Data Center revenue more than tripled in fiscal 2025.", "tripled"),
        ("The loss halved.", "halved"),
        ("Revenue grew twofold.", "twofold"),
        ("Revenue was twice that of 2023.", "twice"),
        ("Services were two-thirds of revenue.", "two-thirds"),
        ("Half of revenue came from iPhone.", "Half of"),
        ("Apple posted record revenue.", "record revenue"),
        ("It was a record quarter.", "a record"),
        ("Margins hit an all-time high.", "all-time high"),
    ],
)
def test_quantitative_claims_in_words_are_found(text: str, claim: str) -> None:
    assert [found.text for found in extract(text).claims] == [claim]


@pytest.mark.parametrize(
    "text",
    [
        "We record revenue when control transfers.",
        "Revenue in the first half of fiscal 2024 and the second half of 2023.",
        "Revenue was recorded in the period.",
    ],
)
def test_words_that_claim_no_quantity_are_no_claims(text: str) -> None:
    assert extract(text).claims == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("See Note 96995.", [("note", "96995")]),
        ("See Notes 3, 4 and 12.", [("note", "3"), ("note", "4"), ("note", "12")]),
        ("Item 7A and Part 2 and Exhibit 31.1.", [("item", "7A"), ("part", "2"), ("exhibit", "31.1")]),
        ("As shown [c12][d0] and [cell:7].", [("cell", "12"), ("derivation", "0"), ("cell", "7")]),
        ("AAPL 10-K, page 45.", [("page", "45")]),
    ],
)
def test_references_are_read_to_be_checked(text: str, expected: list[tuple[str, str]]) -> None:
    extraction = extract(text)
    assert [(reference.kind, reference.label) for reference in extraction.references] == expected
    assert (extraction.figures, extraction.unrecognised) == ([], [])


def test_a_text_read_again_gives_the_same_reading_in_lists_of_its_own() -> None:
    first = extract("Revenue was $391,035 million in fiscal 2024, up 2% (Note 3).")
    first.figures.clear()
    again = extract("Revenue was $391,035 million in fiscal 2024, up 2% (Note 3).")
    assert [f.text for f in again.figures] == ["$391,035 million", "2%"]
    assert again.periods and again.references and again.figures is not first.figures
