"""Values written as figures the extractor reads back and the matcher accepts.

Rounding is half-up to the written precision, so every formatted figure is within half a step of
its value and matches it. Styles:
- "short": the largest scale word that fits, one decimal ("$391.0 billion", "2.3 million shares");
- "millions": in millions, four digits at least where the figure has them ("$391,035 million",
  "$385.3 million", "$20.18 million");
- "full": every digit in base units ("$391,035,000,000", "2,024").
Percentages ("114.2%"), ratios ("1.52x") and per-share amounts ("$6.08 per share") ignore the style.
An amount in another currency is written with its own sign ("€750.0 million", "£1.25 per share").
Negatives take a leading minus ("-$6.8 billion", "-2.8%"); a figure that rounds to zero has no sign.
"""

from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

from filingproof.verify.cells import CURRENCY_SIGNS, Unit, currency_of

Style = Literal["short", "millions", "full"]

_SCALE_WORDS = ((12, "trillion"), (9, "billion"), (6, "million"), (3, "thousand"))


def _digits(magnitude: Decimal, decimals: int) -> str:
    """`magnitude` rounded half-up to `decimals` places, with thousands separators."""
    rounded = magnitude.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return f"{rounded:,.{decimals}f}"


_DIGITS_SHOWN = 4


def _places_shown(millions: Decimal) -> int:
    """The decimals a figure in millions shows: four digits at least where it has them (AMC's $385.3
    million, Riot's $20,183 thousand as $20.18 million), none past its own (whole millions stay whole), at
    most three."""
    exponent = millions.normalize().as_tuple().exponent
    own = max(0, -exponent) if isinstance(exponent, int) else 0
    whole_digits = len(str(int(millions))) if millions >= 1 else 0
    return min(own, max(0, _DIGITS_SHOWN - whole_digits), 3)


def _scaled(magnitude: Decimal, style: Style, whole_decimals: int) -> str:
    """The magnitude with a scale word (short, millions) or in full."""
    if style == "millions":
        millions = magnitude.scaleb(-6)
        return f"{_digits(millions, _places_shown(millions))} million"
    if style == "short":
        for power, word in _SCALE_WORDS:
            if magnitude >= Decimal(1).scaleb(power):
                return f"{_digits(magnitude.scaleb(-power), 1)} {word}"
    return _digits(magnitude, whole_decimals)


def _body(magnitude: Decimal, unit: Unit, style: Style) -> str:
    if unit == "percent":
        return f"{_digits(magnitude, 1)}%"
    if unit == "ratio":
        return f"{_digits(magnitude, 2)}x"
    currency = currency_of(unit)
    if currency is not None:
        sign = CURRENCY_SIGNS[currency]
        if unit == currency:
            return f"{sign}{_scaled(magnitude, style, 2 if magnitude < 1000 else 0)}"
        return f"{sign}{_digits(magnitude, 2)} per share"
    if unit == "shares":
        return f"{_scaled(magnitude, style, 0)} shares"
    return _scaled(magnitude, style, 0 if magnitude == magnitude.to_integral_value() else 2)


def format_figure(value: Decimal, unit: Unit, style: Style = "short") -> str:
    """`value` (base units) written in `unit` and `style`, e.g. "$391.0 billion", "114.2%"."""
    body = _body(abs(value), unit, style)
    is_zero = not any(char in "123456789" for char in body.split(" ")[0])
    return body if value >= 0 or is_zero else f"-{body}"
