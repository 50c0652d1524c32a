"""Written numerals to values in base units, with the precision they are written to.

The precision of a written figure is one step of its last written digit, in base units:
`391.0 billion` → step 0.1e9, `391,035 million` → 1e6, `6.11` → 0.01, `114.2%` → 0.1 points.
"""

from dataclasses import dataclass
from decimal import Decimal

# Power of ten of each scale word or abbreviation (lower-cased).
SCALE_POWERS: dict[str, int] = {
    "thousand": 3,
    "k": 3,
    "million": 6,
    "mn": 6,
    "mm": 6,
    "m": 6,
    "billion": 9,
    "bn": 9,
    "b": 9,
    "trillion": 12,
    "tn": 12,
    "t": 12,
}

BASIS_POINT_POWER = -2  # 1 bp = 0.01 percentage points


@dataclass(frozen=True, slots=True)
class Quantity:
    """A written value and the step of its last written digit, both in the same units."""

    value: Decimal
    precision: Decimal

    def scaled(self, power: int) -> "Quantity":
        """The same quantity times 10**power (exact: only the exponent moves)."""
        return Quantity(self.value.scaleb(power), self.precision.scaleb(power))

    def negated(self) -> "Quantity":
        return Quantity(-self.value, self.precision)


def parse_numeral(digits: str) -> Quantity:
    """`"391,035"` → 391035 step 1; `"391.0"` → 391.0 step 0.1; `".5"` → 0.5 step 0.1."""
    value = Decimal(digits.replace(",", ""))
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int):  # NaN or infinity cannot come from digits
        raise ValueError(f"not a numeral: {digits!r}")
    return Quantity(value, Decimal(1).scaleb(exponent))


def scale_power(word: str) -> int:
    """Power of ten of a scale word (`billion`, `bn`, `B`); KeyError for anything else."""
    return SCALE_POWERS[word.lower()]


def normalize(digits: str, power: int = 0, *, negative: bool = False) -> Quantity:
    """The written numeral times 10**power, negated if the figure is written as negative."""
    quantity = parse_numeral(digits).scaled(power)
    return quantity.negated() if negative else quantity
