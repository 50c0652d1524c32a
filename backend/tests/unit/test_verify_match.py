"""Matching written figures to true values: precision, scale, sign and unit."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from filingproof.verify.cells import Unit
from filingproof.verify.figures import WrittenFigure, extract
from filingproof.verify.format import Style, format_figure
from filingproof.verify.match import matches

APPLE_NET_SALES_FY2024 = Decimal("391035e6")
APPLE_NET_SALES_FY2023 = Decimal("383285e6")
APPLE_DILUTED_EPS_FY2024 = Decimal("6.08")
MMM_NET_LOSS_Q2_2023 = Decimal("-6841e6")
APPLE_GROSS_MARGIN_FY2024 = Decimal("46.2")


def figure(text: str) -> WrittenFigure:
    [found] = extract(text).figures
    return found


@pytest.mark.parametrize(
    "written",
    [
        "$391.0 billion",
        "$391,035 million",
        "$391 billion",
        "$0.4 trillion",
        "$391.04 billion",
        "$391.03 billion",
    ],
)
def test_rephrasings_of_apple_net_sales_match(written: str) -> None:
    assert matches(figure(written), APPLE_NET_SALES_FY2024, "USD")


@pytest.mark.parametrize(
    "written",
    [
        "$408 billion",  # another figure
        "$383.3 billion",  # the previous year, same row
        "$399.0 billion",  # 2% off
        "$391.05 billion",  # one and a half steps off
        "$391,035 billion",  # right digits, wrong scale
        "$391,035 thousand",
        "-$391.0 billion",  # wrong sign
        "391.0%",  # wrong unit
        "391.0 million shares",
    ],
)
def test_wrong_figures_for_apple_net_sales_do_not_match(written: str) -> None:
    assert not matches(figure(written), APPLE_NET_SALES_FY2024, "USD", display_scale=6)


def test_the_tie_rule_is_inclusive_and_symmetric() -> None:
    # 391.035 is exactly half a step (0.005) from both 391.04 (half-up, half-even) and 391.03.
    assert matches(figure("$391.04 billion"), APPLE_NET_SALES_FY2024, "USD")
    assert matches(figure("$391.03 billion"), APPLE_NET_SALES_FY2024, "USD")
    assert not matches(figure("$391.02 billion"), APPLE_NET_SALES_FY2024, "USD")


def test_a_bare_number_matches_only_at_the_cells_display_scale() -> None:
    bare = figure("Net sales were 391,035.")
    assert matches(bare, APPLE_NET_SALES_FY2024, "USD", display_scale=6)
    assert not matches(bare, APPLE_NET_SALES_FY2024, "USD")
    assert not matches(bare, APPLE_NET_SALES_FY2024, "USD", display_scale=3)
    assert matches(figure("Net sales were $391,035."), APPLE_NET_SALES_FY2024, "USD", display_scale=6)


def test_a_bare_number_matches_a_count_at_scale_zero() -> None:
    assert matches(figure("2,024 employees"), Decimal(2024), "number")


def test_a_bare_number_never_matches_a_percent_or_ratio() -> None:
    assert not matches(figure("gross margin was 46.2"), APPLE_GROSS_MARGIN_FY2024, "percent")
    assert not matches(figure("coverage was 1.5"), Decimal("1.5"), "ratio")


def test_per_share_figures() -> None:
    assert matches(figure("$6.08 per share"), APPLE_DILUTED_EPS_FY2024, "USD/share", display_scale=0)
    assert matches(figure("diluted EPS of $6.08"), APPLE_DILUTED_EPS_FY2024, "USD/share")
    assert not matches(figure("$6.13 per share"), APPLE_DILUTED_EPS_FY2024, "USD/share")
    assert not matches(figure("$6.08 per share"), APPLE_DILUTED_EPS_FY2024, "USD")
    assert not matches(figure("$6.08 billion"), APPLE_DILUTED_EPS_FY2024, "USD/share")


def test_percent_written_as_x_does_not_match() -> None:
    assert matches(figure("46.2%"), APPLE_GROSS_MARGIN_FY2024, "percent")
    assert not matches(figure("46.2x"), APPLE_GROSS_MARGIN_FY2024, "percent")
    assert not matches(figure("46.2%"), APPLE_GROSS_MARGIN_FY2024, "ratio")


@pytest.mark.parametrize(
    ("written", "ok"),
    [
        ("a net loss of $6.8 billion", True),
        ("net income of -$6.8 billion", True),
        ("net income of $(6,841) million", True),
        ("(6,841)", True),
        ("net income of $6.8 billion", False),  # dropped sign
        ("6,841", False),
    ],
)
def test_sign_must_agree(written: str, ok: bool) -> None:
    assert matches(figure(written), MMM_NET_LOSS_Q2_2023, "USD", display_scale=6) is ok


def test_growth_rounded_to_whole_percent() -> None:
    data_center_growth = (Decimal(115186) - Decimal(47525)) / Decimal(47525) * 100  # 142.37…
    assert matches(figure("increased 142%"), data_center_growth, "percent")
    assert not matches(figure("increased 143%"), data_center_growth, "percent")
    assert not matches(figure("decreased 142%"), data_center_growth, "percent")


UNITS: list[Unit] = ["USD", "USD/share", "percent", "shares", "number", "ratio"]
STYLES: list[Style] = ["short", "millions", "full"]
values = st.decimals(min_value=Decimal("-1e13"), max_value=Decimal("1e13"), allow_nan=False, places=4)


@given(value=values, unit=st.sampled_from(UNITS), style=st.sampled_from(STYLES))
def test_formatted_figures_round_trip_through_extract_and_match(
    value: Decimal, unit: Unit, style: Style
) -> None:
    text = format_figure(value, unit, style)
    extraction = extract(f"The figure was {text} in fiscal 2024.")
    assert extraction.unrecognised == []
    [found] = extraction.figures
    assert found.text == text
    assert matches(found, value, unit), (text, value, unit)


@pytest.mark.parametrize(
    ("value", "unit", "style", "text"),
    [
        (APPLE_NET_SALES_FY2024, "USD", "short", "$391.0 billion"),
        (APPLE_NET_SALES_FY2024, "USD", "millions", "$391,035 million"),
        (APPLE_NET_SALES_FY2024, "USD", "full", "$391,035,000,000"),
        (Decimal("114.2029"), "percent", "short", "114.2%"),
        (APPLE_DILUTED_EPS_FY2024, "USD/share", "short", "$6.08 per share"),
        (MMM_NET_LOSS_Q2_2023, "USD", "short", "-$6.8 billion"),
        (Decimal("2.3e6"), "shares", "short", "2.3 million shares"),
        (Decimal("1.516"), "ratio", "short", "1.52x"),
        (Decimal(2024), "number", "full", "2,024"),
        (Decimal("-0.04"), "percent", "short", "0.0%"),
    ],
)
def test_format_figure(value: Decimal, unit: Unit, style: Style, text: str) -> None:
    assert format_figure(value, unit, style) == text


# Walgreens' "€750 million note issuance" (Q3 2023 10-Q): a cell in euros, as the store keeps it.
WALGREENS_EURO_NOTES = Decimal("750e6")


@pytest.mark.parametrize(
    ("written", "unit", "ok"),
    [
        ("€750 million", "EUR", True),
        ("EUR 750 million", "EUR", True),
        ("$750 million", "EUR", False),  # never dollars for euros
        ("750 million", "EUR", False),  # nor a bare number: the answer must say the currency
        ("£750 million", "EUR", False),
        ("€750 million", "USD", False),
        ("€750 million", "number", False),
    ],
)
def test_an_amount_in_another_currency_matches_only_that_currency(written: str, unit: Unit, ok: bool) -> None:
    assert matches(figure(written), WALGREENS_EURO_NOTES, unit, 6) is ok


@pytest.mark.parametrize(
    ("unit", "value", "written"),
    [("EUR", Decimal("750e6"), "€750.0 million"), ("GBP/share", Decimal("1.25"), "£1.25 per share")],
)
def test_an_amount_in_another_currency_is_written_with_its_sign_and_reads_back(
    unit: Unit, value: Decimal, written: str
) -> None:
    assert format_figure(value, unit) == written
    assert matches(figure(written), value, unit)
