"""Written numerals to values in base units, with the precision they are written to.

The precision of a written figure is one step of its last written digit, in base units:
`391.0 billion` → step 0.1e9, `391,035 million` → 1e6, `6.11` → 0.01, `114.2%` → 0.1 points.
"""

import unicodedata
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


def fold_text(text: str) -> str:
    """`text` with each decimal digit of any script as its ASCII digit (`９` `٩` `𝟗` → `9`) and each
    compatibility form of one ASCII character as that character (`＄` → `$`, no-break space → space).

    One character for one, so an offset into the result is an offset into `text`. Numerals that are not
    decimal digits (superscripts, fractions, Roman or CJK numerals) stay as they are, for
    `other_numerals` to report: a verifier must not read `⁹⁶` as a figure nor let it pass unread.
    """
    if text.isascii():
        return text
    table: dict[int, str] = {}
    for char in set(text):
        if char.isascii():
            continue
        digit = unicodedata.decimal(char, None)
        if digit is not None:
            table[ord(char)] = str(digit)
        elif unicodedata.numeric(char, None) is None:
            compatible = unicodedata.normalize("NFKC", char)
            if len(compatible) == 1 and compatible.isascii():
                table[ord(char)] = compatible
    return text.translate(table)


# Bidirectional controls reorder what a reader sees ("\u202e599,69" displays as "96,995").
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Invisible or combining marks: beside a digit they split or disguise a numeral ("96\u200b995").
_HIDDEN_CATEGORIES = frozenset({"Cf", "Mn", "Me", "Co", "Cs"})


def other_numerals(text: str) -> list[tuple[int, int, str]]:
    """Spans of numeric text no figure reading accounts for, with why: numerals other than ASCII digits
    (left by `fold_text`), bidirectional controls, and invisible or combining marks beside a digit."""
    if text.isascii():
        return []
    found: list[tuple[int, int, str]] = []
    for index, char in enumerate(text):
        if char.isascii():
            continue
        if unicodedata.numeric(char, None) is not None:
            found.append((index, index + 1, "a numeral that is not a plain digit"))
        elif char in _BIDI_CONTROLS:
            found.append((index, index + 1, "a bidirectional control character"))
        elif unicodedata.category(char) in _HIDDEN_CATEGORIES and _beside_digit(text, index):
            found.append((index, index + 1, "an invisible or combining mark beside a digit"))
    return _merged(found)


def _beside_digit(text: str, index: int) -> bool:
    return any(0 <= i < len(text) and text[i].isdigit() for i in (index - 1, index + 1))


def _merged(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Adjacent spans of the same reason as one (`⁹⁶` is one numeral, not two)."""
    merged: list[tuple[int, int, str]] = []
    for start, end, reason in spans:
        if merged and merged[-1][1] == start and merged[-1][2] == reason:
            merged[-1] = (merged[-1][0], end, reason)
        else:
            merged.append((start, end, reason))
    return merged
