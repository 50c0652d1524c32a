"""Numbers written in words ("ninety-three point seven billion", "twelve", "a hundred"), read as numerals.

A run of number words becomes the numeral it stands for and the power of ten of the scale word it ends
with, so it is read and matched as its digits would be: "ninety-three point seven billion" is "93.7" at
10^9 (precision 0.1e9, like "$93.7 billion"); "three hundred ninety-one billion" is "391" at 10^9;
"ninety-six thousand nine hundred ninety-five" is "96995" with no scale word (like "96,995"). A run that
is no well-formed number ("one two", "point five hundred", "thousand million") reads as None, and the
caller reports it as unrecognised.
"""

import re
from dataclasses import dataclass

UNIT_WORDS: dict[str, int] = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
TENS_WORDS: dict[str, int] = {
    word: 10 * tens
    for tens, word in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"], start=2
    )
}
SCALE_WORDS: dict[str, int] = {"thousand": 3, "million": 6, "billion": 9, "trillion": 12}
HUNDRED = "hundred"
POINT = "point"

_NUMBER_WORDS = sorted([*UNIT_WORDS, *TENS_WORDS, *SCALE_WORDS, HUNDRED], key=len, reverse=True)
_WORD = rf"(?:{'|'.join(_NUMBER_WORDS)})\b"
_MULTIPLIER = rf"(?:{HUNDRED}|{'|'.join(SCALE_WORDS)})\b"
# A run of number words joined by spaces, hyphens or "and"; "a" only before a multiplier ("a billion").
WORD_NUMERAL = (
    rf"(?:a\s+(?={_MULTIPLIER}))?{_WORD}"
    rf"(?:(?:\s+and\s+|\s*-\s*|\s+)(?:{_WORD}|{POINT}\b(?=\s+{_WORD})))*"
)
_TOKEN = re.compile(r"[a-z]+")


@dataclass(frozen=True, slots=True)
class WordNumeral:
    """A run of number words as `digits` (ASCII, maybe with a decimal point) times 10**`power`."""

    digits: str
    power: int


def has_multiplier(run: str) -> bool:
    """Whether the run names hundreds or a scale: then it is a figure, not a count like "two segments"."""
    return any(token == HUNDRED or token in SCALE_WORDS for token in _TOKEN.findall(run.lower()))


class _Reader:
    """Left to right: units, teens and tens fill a group below a thousand; `hundred` multiplies the group;
    a scale word closes the group at its power, each scale smaller than the one before."""

    def __init__(self) -> None:
        self.total = 0
        self.group = 0
        self.last: str | None = None  # "unit", "teen", "tens", "hundred", "scale"
        self.scale_power: int | None = None  # of the last scale word read

    def read(self, token: str) -> bool:
        if token in UNIT_WORDS and UNIT_WORDS[token] < 10:
            return self._unit(UNIT_WORDS[token])
        if token in UNIT_WORDS or token in TENS_WORDS:
            return self._tens(UNIT_WORDS.get(token) or TENS_WORDS[token], token in TENS_WORDS)
        if token == HUNDRED:
            return self._hundred()
        if token in SCALE_WORDS:
            return self._scale(SCALE_WORDS[token])
        return token == "a" and self.last is None and self._unit(1)

    def _unit(self, value: int) -> bool:
        if self.last in ("unit", "teen") or (self.last == "tens" and self.group % 10):
            return False  # "one two", "twenty one two"
        self.group += value
        self.last = "unit"
        return True

    def _tens(self, value: int, tens: bool) -> bool:
        if self.last in ("unit", "teen", "tens") or self.group % 100:
            return False
        self.group += value
        self.last = "tens" if tens else "teen"
        return True

    def _hundred(self) -> bool:
        if self.last not in ("unit", "teen", "tens") or not 1 <= self.group <= 99:
            return False
        self.group *= 100
        self.last = "hundred"
        return True

    def _scale(self, power: int) -> bool:
        if self.group == 0 or (self.scale_power is not None and power >= self.scale_power):
            return False  # "thousand" alone, "thousand million"
        self.total += self.group * 10**power
        self.group = 0
        self.scale_power = power
        self.last = "scale"
        return True


def read_words(run: str) -> WordNumeral | None:
    """The numeral a run of number words stands for, or None when it is not one well-formed number."""
    tokens = [token for token in _TOKEN.findall(run.lower()) if token != "and"]
    fraction: list[str] = []
    pointed = POINT in tokens
    if pointed:
        at = tokens.index(POINT)
        tokens, fraction = tokens[:at], tokens[at + 1 :]
    scale = fraction.pop() if fraction and fraction[-1] in SCALE_WORDS else None
    if pointed and (not fraction or any(UNIT_WORDS.get(token, 10) > 9 for token in fraction)):
        return None  # after "point" one or more digit words, then at most one scale word
    reader = _Reader()
    if not tokens or not all(reader.read(token) for token in tokens):
        return None
    if fraction and reader.scale_power is not None:
        return None  # "two thousand point five"
    if fraction:
        digits = f"{reader.group}.{''.join(str(UNIT_WORDS[token]) for token in fraction)}"
        return WordNumeral(digits, SCALE_WORDS[scale] if scale else 0)
    value = reader.total + reader.group
    # Trailing scale word: the numeral is written at that scale ("two billion three hundred million" is
    # 2300 at 10^6, precision one million), as "$2,300 million" would be.
    power = reader.scale_power if reader.last == "scale" and reader.scale_power is not None else 0
    return WordNumeral(str(value // 10**power), power)
