"""A yes/no question about which way a figure moved is answered yes or no first, from the sign of the one
change the answer computes (issue 28)."""

from dataclasses import replace
from decimal import Decimal

import pytest

from filingproof.qa.direction import (
    FIGURES_NOT_REASONS,
    REASONS_UNANSWERED,
    asked_way,
    with_direction_verdict,
    with_unanswered_share,
    with_unanswered_why,
)
from filingproof.qa.pick import Derived, TableAnswer
from filingproof.verify.derive import Derivation


@pytest.mark.parametrize(
    ("question", "way"),
    [
        ("Did Home Depot's net sales increase in fiscal 2023 compared to fiscal 2022?", "up"),
        ("Was there any drop in Cash & Cash equivalents between FY 2023 and Q2 of FY2024?", "down"),
        ("did intel's R&D spending go down in 2023 vs 2022?", "down"),
        ("did G&A actually come down in 2024?", "down"),
        ("Was there any change in the number of Best Buy stores between Q2 of FY2024 and FY2023?", "any"),
        ("Did Ulta's wages expense as a percent of net sales increase or decrease in FY2023?", None),
        ("How much did Home Depot's net sales decrease in fiscal 2023?", None),  # no yes or no asked
    ],
)
def test_the_way_asked(question: str, way: str | None) -> None:
    assert asked_way(question) == way


def _change(value: int, kind: str = "change") -> TableAnswer:
    derivation = Derivation(kind, "[2] - [1]", (1, 2), Decimal(value), "USD")  # type: ignore[arg-type]
    return TableAnswer(derived=[Derived(derivation, ())])


def test_the_verdict_is_the_changes_sign() -> None:
    asked = "Did Home Depot's net sales increase in fiscal 2023?"
    assert with_direction_verdict(_change(-4734), asked).verdict == "No: the cited figures show a decrease."
    assert with_direction_verdict(_change(145), asked).verdict == "Yes: the cited figures show an increase."
    moved = "Was there any change in Nike's revenue between FY2023 and FY2024?"
    assert with_direction_verdict(_change(145), moved).verdict == "Yes: the cited figures show an increase."
    assert with_direction_verdict(_change(0), moved).verdict == "No: the cited figures show no change."


def test_no_verdict_without_one_change() -> None:
    asked = "Did Home Depot's net sales increase in fiscal 2023?"
    assert with_direction_verdict(TableAnswer(), asked).verdict is None
    two = _change(1)
    two.derived += _change(-1).derived
    assert with_direction_verdict(two, asked).verdict is None  # two changes: which one is asked is unclear
    assert with_direction_verdict(_change(1, "ratio"), asked).verdict is None


def test_a_why_the_computed_change_leaves_out_is_said() -> None:
    asked = "Did VZ cut capex in 2023 vs 2022? By how much and why?"
    assert with_unanswered_why(_change(-4320), asked, quoted=False).unanswered == [REASONS_UNANSWERED]
    assert with_unanswered_why(_change(-4320), asked, quoted=True).unanswered == []  # the filings quoted
    assert with_unanswered_why(_change(-4320), "By how much did VZ cut capex?", False).unanswered == []
    assert with_unanswered_why(TableAnswer(), asked, quoted=False).unanswered == []  # no figure given


def test_figures_given_for_what_drove_a_change_say_they_are_not_its_reasons() -> None:
    # FinanceBench 00669: "What drove gross margin change as of FY2022 for JnJ?", answered by the margin
    asked = "What drove gross margin change as of FY2022 for JnJ?"
    margin = with_unanswered_why(_change(67, "margin"), asked, quoted=False)
    assert margin.unanswered == [FIGURES_NOT_REASONS]
    assert with_unanswered_why(_change(67, "margin"), asked, quoted=True).unanswered == []


def test_a_share_of_sales_asked_beside_a_change_and_not_computed_is_said() -> None:
    # analyst probe 6: "Did Merck's SG&A go up in 1H23? by how much, and why? also as % of sales" had been
    # answered with the change and its reasons, the share of sales silently left out
    asked = "Did Merck's SG&A go up in 1H23? by how much, and why? also as % of sales"
    said = "This answer does not give the figures as a percentage of sales, which the question asks."
    assert with_unanswered_share(_change(348), asked).unanswered == [said]
    assert with_unanswered_share(_change(17, "margin"), asked).unanswered == []  # the share is computed
    assert with_unanswered_share(_change(348), "Did Merck's SG&A go up in 1H23?").unanswered == []
    assert with_unanswered_share(TableAnswer(), asked).unanswered == []  # no figure given


def test_a_rates_move_below_its_written_precision_is_no_move() -> None:
    # J&J's R&D as a percent of sales: 17.67% in 2022, 17.71% in 2023, both written 17.7%
    flat = Derivation("formula", "pct([1] / [2]) - pct([3] / [4])", (1, 2, 3, 4), Decimal("0.04"), "percent")
    answer = TableAnswer(derived=[Derived(replace(flat, label="change in R&D"), ())])
    verdict = with_direction_verdict(answer, "Did JNJ's R&D as a % of sales go up in 2023?").verdict
    assert verdict == "No: the cited figures show no change at the precision the figures are written in."
    moved = Derivation("formula", "pct([1] / [2]) - pct([3] / [4])", (1, 2, 3, 4), Decimal("0.06"), "percent")
    up = TableAnswer(derived=[Derived(replace(moved, label="change in R&D"), ())])
    assert with_direction_verdict(up, "Did it go up?").verdict == "Yes: the cited figures show an increase."
