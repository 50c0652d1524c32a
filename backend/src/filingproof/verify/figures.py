"""Every figure written in a draft answer, with its span, value, unit and written precision.

Reading rules (the verifier fails closed on anything these rules do not account for):

- A figure is a numeral with what is glued to it: a currency mark (`$`, `US$`, `USD`), a sign
  (`-`, `−`, accounting parentheses), a scale (`thousand` … `trillion`, `K/M/B/T`, `mn/bn/tn`), and a
  unit (`%`/`percent`/`percentage points`/`bps`, `x`/`×`/`times`, `shares`, `per share`, `dollars`).
- Negative: a leading minus; parentheses closing right after the digits (`(1,234)`, `$(6.8) billion`,
  `(2.8)%`) — but `(46.2%)` or `($391.0 billion)` are asides, not negatives; or a sign word right
  before the figure (`loss`, `decrease`, `decline`, `negative`, `down`, `fell`, `drop`, …, with only
  filler such as `of`/`by`/`a`/`approximately` between). So "a net loss of $6.8 billion" is −6.8e9 and
  "decreased by $5 billion" is a change of −5e9 (direction "down"). "declined to $383.3 billion" is a
  level, not a change: `to` breaks the link, the figure stays positive. A figure joined to a signed one
  by "or" / "(" ("decreased 3%, or $11.0 billion") takes its direction. Several negative marks do not
  cancel out: "a loss of $(6.8) billion" is still negative.
- Scale: a figure with a scale word, `%` or `x` has a known scale. One without (`391,035`, `$391,035`)
  may be written at its table's display scale; matching decides (see `match`).
- Not figures: periods (see `periods`), citation markers (`[c123]`, `[cell:123]`, `[1]`), references
  (`Note 7`, `Item 1A`, `Part II`, `Exhibit 31.1`, `ASU 2016-13`), form names (`10-K`), ordinals
  (`2nd`), identifiers that start with a letter (`H100`, `COVID-19`) and a few names that start
  with digits (`3M`, `5G`). A one-letter scale needs a currency mark or `shares` to count (`$2.5M`,
  `2.5M shares`); "391.0B" alone is unrecognised, not ignored.
- Anything else numeric — a stray digit, a malformed numeral, a scale word without a numeral
  ("hundreds of millions") — is returned as `Unrecognised`, which the verifier counts as a failure.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from filingproof.verify.cells import Unit
from filingproof.verify.normalize import BASIS_POINT_POWER, Quantity, normalize, scale_power
from filingproof.verify.periods import WrittenPeriod, find_periods

Direction = Literal["up", "down"]

_NUMERAL = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
_FIGURE = re.compile(
    rf"""
    (?<![\w.,$\-−:/])
    (?P<lparen>\(\s?)?
    (?P<minus1>[-−]\s?)?
    (?P<currency>(?:US)?\$\s?|USD\s)?
    (?P<lparen2>\()?
    (?P<minus2>[-−])?
    (?P<numeral>{_NUMERAL})(?![\d,.:/]\d)
    (?P<rparen>\))?
    (?:
        (?P<percent>\s?%|\s(?:percent|per\ cent|pct)\b|\s?(?:percentage\ points?|pp|ppts?)\b)
      | (?P<bps>\s?(?:bps|basis\ points?)\b)
      | (?P<times>\s?[x×](?![\w])|\stimes\b)
      | \s?(?P<scale>thousand|million|billion|trillion|mn|mm|bn|tn)\b
      | (?P<abbrev>[KkMmBbTt])(?![\w])
    )?
    (?P<rparen2>\))?
    (?P<shares>\s(?:of\s)?(?:(?:common|ordinary)\s)?shares\b)?
    (?P<per_share>\s?(?:per|a|/)\s?(?:(?:diluted|basic)\s)?share\b)?
    (?P<dollars>\s(?:dollars|USD)\b)?
    (?![\w])
    """,
    re.VERBOSE | re.IGNORECASE,
)
_FILLER = r"(?:of|by|a|an|approximately|about|roughly|nearly|almost|around|some|just|over|under|net)"
_DOWN_WORDS = re.compile(
    r"\b(?:loss(?:es)?|decreas(?:e|ed|es|ing)|declin(?:e|ed|es|ing)|negative|down|fell|fall(?:s|ing)?"
    rf"|drop(?:ped|s)?|reduc(?:ed|tion))\s+(?:{_FILLER}\s+)*$",
    re.IGNORECASE,
)
_UP_WORDS = re.compile(
    r"\b(?:increas(?:e|ed|es|ing)|gr[eo]w(?:th|s|ing)?|grown|rose|rising|rise|up|gain(?:ed|s)?|positive)"
    rf"\s+(?:{_FILLER}\s+)*$",
    re.IGNORECASE,
)
_INHERITS_DIRECTION = re.compile(r"^\s*,?\s*(?:or|\()\s*$", re.IGNORECASE)
_IGNORED = re.compile(
    r"\[(?:cell[:\s]?|c)\s*\d+(?:\s*[,;]\s*(?:cell[:\s]?|c)\s*\d+)*\]"  # citation markers
    r"|\[\d{1,2}\]"  # footnote markers; "[391,035]" stays a figure
    r"|\b(?:Notes?|Items?|Parts?|Exhibits?|Sections?|Rules?|Pages?|Tables?|Schedules?|ASC|ASU|Topic)"
    r"\s+\d[\w.\-]*(?:\s*(?:,|and|&)\s*\d[\w.\-]*)*"
    r"|\b(?:10-K|10-Q|8-K|20-F|40-F|6-K|11-K|S-[1348]|F-[13]|DEF\s?14A)(?:/A)?\b"
    r"|\b\d+(?:st|nd|rd|th)\b"
    r"|\b(?:in|amounts\s+in)\s+(?:thousands|millions|billions)\b",
    re.IGNORECASE,
)
_LOOSE_SCALE = re.compile(r"\b(?:thousands?|millions?|billions?|trillions?)\b", re.IGNORECASE)
# Names that start with digits; any other digit-led token with letters ("391.0B") is unrecognised.
_DIGIT_LED_NAMES = frozenset({"3m", "5g", "4g", "3d", "10b5-1"})
_TOKEN = re.compile(r"[\w.,:/\-−]*\d[\w.,:/\-−]*")
_SIGN_CONTEXT = 80


@dataclass(frozen=True, slots=True)
class WrittenFigure:
    """A figure as written. `value` and `precision` are in base units (dollars, shares, percentage
    points) when `scale_known`; otherwise as written, to be read at scale 0 or the cited display scale.
    """

    text: str
    start: int
    end: int
    value: Decimal
    unit: Unit
    precision: Decimal
    scale_known: bool = True
    direction: Direction | None = None


@dataclass(frozen=True, slots=True)
class Unrecognised:
    """Something numeric that is neither a figure, a period nor an ignorable reference."""

    text: str
    start: int
    end: int
    reason: str


@dataclass(frozen=True, slots=True)
class Extraction:
    figures: list[WrittenFigure]
    periods: list[WrittenPeriod]
    unrecognised: list[Unrecognised]


def _unit(found: re.Match[str]) -> Unit:
    if found["percent"] or found["bps"]:
        return "percent"
    if found["times"]:
        return "ratio"
    if found["per_share"]:
        return "USD/share"
    if found["shares"]:
        return "shares"
    if found["currency"] or found["dollars"]:
        return "USD"
    return "number"


def _power(found: re.Match[str]) -> int | None:
    """Power of ten the numeral is written at, None if no scale is written."""
    if found["bps"]:
        return BASIS_POINT_POWER
    word = found["scale"] or found["abbrev"]
    if word:
        return scale_power(word)
    return 0 if found["percent"] or found["times"] else None


def _span(found: re.Match[str]) -> tuple[int, int]:
    """The match without an opening parenthesis that is not closed, or a closing one never opened."""
    start, end = found.start(), found.end()
    opened = bool(found["lparen"] or found["lparen2"])
    closed = bool(found["rparen"] or found["rparen2"])
    if found["lparen"] and not closed:
        start += len(found["lparen"])
    if closed and not opened and found.end("rparen2" if found["rparen2"] else "rparen") == end:
        end -= 1
    return start, end


def _sign_word_direction(text: str, start: int) -> Direction | None:
    before = text[max(0, start - _SIGN_CONTEXT) : start]
    if _DOWN_WORDS.search(before):
        return "down"
    if _UP_WORDS.search(before):
        return "up"
    return None


def _figure(text: str, found: re.Match[str], previous: WrittenFigure | None) -> WrittenFigure:
    start, end = _span(found)
    parenthesised = bool((found["lparen"] or found["lparen2"]) and found["rparen"])
    minus = bool(found["minus1"] or found["minus2"])
    direction = _sign_word_direction(text, start)
    if direction is None and previous is not None and _INHERITS_DIRECTION.match(text[previous.end : start]):
        direction = previous.direction
    if minus or parenthesised:
        direction = "down"
    power = _power(found)
    quantity: Quantity = normalize(found["numeral"], power or 0, negative=direction == "down")
    return WrittenFigure(
        text=text[start:end],
        start=start,
        end=end,
        value=quantity.value,
        unit=_unit(found),
        precision=quantity.precision,
        scale_known=power is not None,
        direction=direction,
    )


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _figures(masked: str) -> Iterator[WrittenFigure]:
    previous: WrittenFigure | None = None
    for found in _FIGURE.finditer(masked):
        if found["abbrev"] and not (found["currency"] or found["shares"] or found["dollars"]):
            continue  # "3M" is a company, "5G" a network: an abbreviated scale needs a unit mark
        previous = _figure(masked, found, previous)
        yield previous


def _unrecognised(masked: str) -> Iterator[Unrecognised]:
    for token in _TOKEN.finditer(masked):
        core = token[0].strip(".,:-−/")
        if core[:1].isalpha() or core.lower() in _DIGIT_LED_NAMES:
            continue  # an identifier such as H100, COVID-19 or 3M
        yield Unrecognised(
            token[0], token.start(), token.end(), "numeric text that is not a figure or a period"
        )
    for word in _LOOSE_SCALE.finditer(masked):
        yield Unrecognised(word[0], word.start(), word.end(), "a scale word without a numeral")


def extract(draft: str) -> Extraction:
    """Figures, periods and unaccounted numeric text of a draft, each in text order."""
    periods = find_periods(draft)
    ignored = [(found.start(), found.end()) for found in _IGNORED.finditer(draft)]
    masked = _blank(draft, [(period.start, period.end) for period in periods] + ignored)
    figures = list(_figures(masked))
    unrecognised = sorted(
        _unrecognised(_blank(masked, [(figure.start, figure.end) for figure in figures])),
        key=lambda item: item.start,
    )
    # Masking keeps offsets, so spans index the draft; texts are re-read from it.
    figures = [
        WrittenFigure(
            draft[f.start : f.end], f.start, f.end, f.value, f.unit, f.precision, f.scale_known, f.direction
        )
        for f in figures
    ]
    return Extraction(figures, periods, unrecognised)
