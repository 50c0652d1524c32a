"""Derived figures computed from cited cells, and their recomputation."""

from dataclasses import dataclass, replace
from decimal import Decimal

import pytest

from filingproof.verify.cells import Unit
from filingproof.verify.derive import (
    DerivationError,
    change,
    check,
    derive,
    difference,
    growth,
    margin,
    ratio,
    recompute,
    total,
)


@dataclass(frozen=True)
class Cell:
    cell_id: int
    value: Decimal
    unit: Unit


NVDA_REVENUE_FY2024 = Cell(1, Decimal("60922e6"), "USD")
NVDA_REVENUE_FY2025 = Cell(2, Decimal("130497e6"), "USD")
NVDA_DATA_CENTER_FY2025 = Cell(3, Decimal("115186e6"), "USD")
APPLE_NET_SALES_FY2024 = Cell(4, Decimal("391035e6"), "USD")
APPLE_NET_SALES_FY2023 = Cell(5, Decimal("383285e6"), "USD")
SHARES = Cell(6, Decimal("15e9"), "shares")
ZERO = Cell(7, Decimal(0), "USD")


def test_change_is_later_minus_earlier_in_the_inputs_unit() -> None:
    derived = change(APPLE_NET_SALES_FY2023, APPLE_NET_SALES_FY2024)
    assert (derived.kind, derived.value, derived.unit) == ("change", Decimal("7750e6"), "USD")
    assert derived.inputs == (5, 4)
    assert derived.formula == "[4] - [5]"


def test_growth_is_a_percent_of_the_earlier_magnitude() -> None:
    derived = growth(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)
    assert derived.unit == "percent"
    assert abs(derived.value - Decimal("114.2035")) < Decimal("0.0001")
    negative_base = growth(Cell(8, Decimal(-100), "USD"), Cell(9, Decimal(-50), "USD"))
    assert negative_base.value == Decimal(50)  # a loss that halved is growth of 50%


def test_margin_and_ratio() -> None:
    share = margin(NVDA_DATA_CENTER_FY2025, NVDA_REVENUE_FY2025)
    assert share.unit == "percent"
    assert abs(share.value - Decimal("88.27")) < Decimal("0.01")
    times = ratio(NVDA_REVENUE_FY2025, NVDA_REVENUE_FY2024)
    assert times.unit == "ratio"
    assert abs(times.value - Decimal("2.142")) < Decimal("0.001")


def test_sum_and_difference() -> None:
    both = total(APPLE_NET_SALES_FY2024, NVDA_REVENUE_FY2025)
    assert (both.kind, both.value, both.inputs) == ("sum", Decimal("521532e6"), (4, 2))
    gap = difference(APPLE_NET_SALES_FY2024, NVDA_REVENUE_FY2025)
    assert (gap.kind, gap.value, gap.formula) == ("difference", Decimal("260538e6"), "[4] - [2]")


@pytest.mark.parametrize(
    "make",
    [
        lambda: total(APPLE_NET_SALES_FY2024, SHARES),
        lambda: change(SHARES, APPLE_NET_SALES_FY2024),
        lambda: margin(APPLE_NET_SALES_FY2024, SHARES),
        lambda: growth(ZERO, APPLE_NET_SALES_FY2024),
        lambda: ratio(APPLE_NET_SALES_FY2024, ZERO),
        lambda: margin(APPLE_NET_SALES_FY2024, ZERO),
        lambda: total(),
        lambda: derive("growth", [APPLE_NET_SALES_FY2024]),
    ],
)
def test_impossible_derivations_raise(make: object) -> None:
    with pytest.raises(DerivationError):
        make()  # type: ignore[operator]


def test_recompute_reproduces_a_derivation_from_the_cited_cells() -> None:
    derived = growth(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)
    cited = {cell.cell_id: cell for cell in (NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)}
    assert recompute(derived, cited) == derived
    assert check(derived, cited) is None


def test_check_rejects_uncited_inputs_and_wrong_values_and_units() -> None:
    derived = change(NVDA_REVENUE_FY2024, NVDA_REVENUE_FY2025)
    assert "not among the cited cells" in (check(derived, {1: NVDA_REVENUE_FY2024}) or "")
    cited = {1: NVDA_REVENUE_FY2024, 2: NVDA_REVENUE_FY2025}
    assert "recorded value" in (check(replace(derived, value=Decimal("69575e6") + 1), cited) or "")
    assert "recorded unit" in (check(replace(derived, unit="percent"), cited) or "")
