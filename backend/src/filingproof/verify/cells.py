"""The stored values an answer may cite, as the verifier sees them."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal, get_args

Unit = Literal["USD", "USD/share", "percent", "shares", "number", "ratio"]
PeriodKind = Literal["instant", "duration"]

UNITS: frozenset[str] = frozenset(get_args(Unit))


def as_unit(text: str) -> Unit:
    """The unit named by a stored unit string; a ValueError for anything else."""
    for unit in get_args(Unit):
        if unit == text:
            return unit  # type: ignore[no-any-return]
    raise ValueError(f"unknown unit {text!r}; expected one of {sorted(UNITS)}")


@dataclass(frozen=True, slots=True)
class PeriodRef:
    """A reporting period: an instant (start is None or equals end) or a duration."""

    period_kind: PeriodKind
    period_start: date | None
    period_end: date


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

    @property
    def period(self) -> PeriodRef:
        return PeriodRef(self.period_kind, self.period_start, self.period_end)
