"""The stored values an answer may cite, as the verifier sees them."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal, get_args

# An amount is in the currency its table prints: dollars, or euros and pounds sterling where a filer prints
# them ("€750 million note issuance"). A foreign amount is kept in its own currency, never converted, and a
# figure states it only when written in that currency ("€750 million"): a "$" figure never matches it.
Currency = Literal["USD", "EUR", "GBP"]
Unit = Literal[
    "USD",
    "USD/share",
    "EUR",
    "EUR/share",
    "GBP",
    "GBP/share",
    "percent",
    "shares",
    "number",
    "ratio",
]
PeriodKind = Literal["instant", "duration"]

UNITS: frozenset[str] = frozenset(get_args(Unit))
CURRENCIES: tuple[Currency, ...] = get_args(Currency)
# How a figure writes each currency's amounts: "$391.0 billion", "€750.0 million", "£700.0 million".
CURRENCY_SIGNS: dict[Currency, str] = {"USD": "$", "EUR": "€", "GBP": "£"}


def as_unit(text: str) -> Unit:
    """The unit named by a stored unit string; a ValueError for anything else."""
    for unit in get_args(Unit):
        if unit == text:
            return unit  # type: ignore[no-any-return]
    raise ValueError(f"unknown unit {text!r}; expected one of {sorted(UNITS)}")


def amount_unit(currency: Currency, per_share: bool = False) -> Unit:
    """The unit of an amount in `currency`, or of an amount per share in it."""
    return as_unit(f"{currency}/share" if per_share else currency)


def currency_of(unit: Unit) -> Currency | None:
    """The currency an amount (or an amount per share) is in; None for counts, rates and plain numbers."""
    for currency in CURRENCIES:
        if unit in (currency, f"{currency}/share"):
            return currency
    return None


@dataclass(frozen=True, slots=True)
class PeriodRef:
    """A reporting period: an instant (start is None or equals end) or a duration. `year_shift`: how many
    years the filer's name for a fiscal year is off the calendar rule (`calendar.naming_shift`: -1 where
    fiscal 2023 ended January 28, 2024)."""

    period_kind: PeriodKind
    period_start: date | None
    period_end: date
    year_shift: int = 0


@dataclass(frozen=True, slots=True)
class CitedValue:
    """A cell the draft cites: its value in base units and the scale its table displays it at.

    `display_scale` is the power of ten of the table's scale (6 for "in millions"), None if unknown.
    """

    cell_id: int
    value: Decimal
    unit: Unit
    display_scale: int | None
    period_kind: PeriodKind
    period_start: date | None
    period_end: date
    year_shift: int = 0

    @property
    def period(self) -> PeriodRef:
        return PeriodRef(self.period_kind, self.period_start, self.period_end, self.year_shift)
