"""Whether a written figure states a true value.

Rule: a figure matches when |written − true| ≤ half a step of its written precision, inclusive,
with sign and unit agreeing. That accepts every value that rounds to the written figure under half-up
or half-even rounding; at an exact tie it accepts both neighbours. So `$391.0 billion`, `$391 billion`
and `$391,035 million` match 391,035,000,000; `$408 billion` and `$391.05 billion` do not; and
`$391.04 billion` and `$391.03 billion` both match, since 391.035 lies exactly half a step from each
(half-up and half-even both write 391.04; truncation writes 391.03). A figure 2% off never matches.

Units: `%`/percent ↔ percent, `x` ↔ ratio, `per share` ↔ USD/share, `shares` ↔ shares, `$` ↔ USD (and
USD/share when no scale is written: "EPS of $6.08"); `€` ↔ EUR and `£` ↔ GBP likewise. A figure with no
unit mark ("391,035", "2.3 million") does not contradict USD, USD/share, shares or plain numbers, but never
matches a percent or a ratio, which must be written as such, nor an amount in another currency, which must
be written in it: "750 million" never states €750 million, and "$750 million" still less.

Scale: a figure without a written scale is read at scale 0 and, when the cited cell's table has a
display scale, at that scale too (`391,035` in a table "in millions" is 391,035e6). A written scale
is never second-guessed: `$391,035 billion` does not match 391,035e6.
"""

from collections.abc import Iterator
from decimal import Decimal

from filingproof.verify.cells import CURRENCIES, Unit, amount_unit, currency_of
from filingproof.verify.figures import WrittenFigure
from filingproof.verify.normalize import Quantity

# Amounts and amounts per share, in each currency: each states only itself.
_AMOUNTS = tuple(amount_unit(currency, per_share) for currency in CURRENCIES for per_share in (False, True))
_ACCEPTED_UNITS: dict[Unit, frozenset[Unit]] = {
    "percent": frozenset({"percent"}),
    "ratio": frozenset({"ratio"}),
    "shares": frozenset({"shares"}),
    "number": frozenset({"USD", "USD/share", "shares", "number"}),
    **{amount: frozenset({amount}) for amount in _AMOUNTS},
}


def units_agree(figure: WrittenFigure, unit: Unit) -> bool:
    """Whether the unit the figure is written in can state a value of `unit`."""
    currency = currency_of(figure.unit)
    if currency is not None and figure.unit == currency and unit == amount_unit(currency, per_share=True):
        return not figure.scale_known  # "$6.08" may be EPS; "$6.08 billion" is not
    return unit in _ACCEPTED_UNITS[figure.unit]


def readings(figure: WrittenFigure, display_scale: int | None) -> Iterator[Quantity]:
    """The quantities a figure may state: as written, or at the display scale if none is written."""
    written = Quantity(figure.value, figure.precision)
    yield written
    if not figure.scale_known and display_scale:
        yield written.scaled(display_scale)


def within_precision(written: Quantity, true_value: Decimal) -> bool:
    """|written − true| ≤ half a step of the written precision (inclusive)."""
    return abs(written.value - true_value) * 2 <= written.precision


def matches(figure: WrittenFigure, value: Decimal, unit: Unit, display_scale: int | None = None) -> bool:
    """Whether `figure` states `value` (base units, in `unit`) to the precision it is written to."""
    return units_agree(figure, unit) and any(
        within_precision(reading, value) for reading in readings(figure, display_scale)
    )
