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
- Words: a run of number words is a figure when it names hundreds or a scale, or carries a unit or
  scale mark ("ninety-three point seven billion", "ninety-seven bn", "twelve percent"); it is read as
  its digits would be (see `words`). A count in words ("two segments", "one of") is no figure.
- Scripts: decimal digits of any script count as digits (`９６` is 96, and is held to a cell like 96);
  superscripts, fractions and other numerals, bidirectional controls, and invisible marks beside a
  digit are unrecognised. A figure in euros or pounds written with its sign or code before the digits
  (`€96 million`, `EUR 96`, `£7.5 billion`) is in that currency, as the cells a filer prints in it are; a
  figure in any other currency, or with the currency named after it (`¥96 million`, `96 million euros`),
  is unrecognised: no cited value is in it.
- Not figures: periods (see `periods`), references and citation markers (`Note 7`, `Item 1A`,
  `[c123]`; returned to be checked, see `references`), footnote markers (`[1]`), form names (`10-K`, an
  exhibit's `EX-99.1`),
  ordinals (`2nd`), product names that start with letters (`H100`, `GB200`, `COVID-19`: a capital,
  at most four digits, no currency code before the digits and no scale after them, so `USD96`,
  `US96,995m` and `H100m` are unrecognised) and a few names that start with digits (`3M`, `5G`). A
  one-letter scale needs a currency mark or `shares` to count (`$2.5M`, `2.5M shares`); "391.0B"
  alone is unrecognised, not ignored.
- Quantitative claims in words ("doubled", "record revenue") are returned as `claims` (see
  `references`); the verifier fails them.
- Anything else numeric — a stray digit, a malformed numeral, a scale word without a numeral
  ("hundreds of millions") — is returned as `Unrecognised`, which the verifier counts as a failure.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import Literal

from filingproof.verify.cells import Currency, Unit, amount_unit
from filingproof.verify.normalize import (
    BASIS_POINT_POWER,
    SCALE_POWERS,
    Quantity,
    fold_text,
    normalize,
    other_numerals,
    scale_power,
)
from filingproof.verify.periods import WrittenPeriod, find_periods
from filingproof.verify.references import Claim, Reference, find_claims, find_references
from filingproof.verify.words import WORD_NUMERAL, has_multiplier, read_words

Direction = Literal["up", "down"]

_NUMERAL = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+"
# Signs of currencies other than the dollar: a figure after one is in no cited unit.
_FOREIGN_SIGNS = "€£¥₹₩₽₺₪₫₱¢₿"
_CURRENCY_CODES = (
    "EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|NZD|INR|KRW|HKD|SGD|TWD|MXN|BRL|SEK|NOK|DKK|ZAR|ILS|RUB|TRY"
)
_FIGURE = re.compile(
    rf"""
    (?<![\w.,$\-−:/{_FOREIGN_SIGNS}])
    (?P<lparen>\(\s?)?
    (?P<minus1>[-−]\s?)?
    (?P<currency>(?:US)?\$\s?|USD\s?|€\s?|EUR\s?|£\s?|GBP\s?)?
    (?P<lparen2>\()?
    (?P<minus2>[-−])?
    (?:(?P<numeral>{_NUMERAL})(?![\d,.:/]\d)|(?P<words>{WORD_NUMERAL}))
    (?P<rparen>\))?
    (?:
        (?P<percent>\s?%|\s(?:percent|per\ cent|pct)\b|\s?(?:percentage\ points?|pp|ppts?)\b)
      | (?P<bps>\s?(?:bps|basis\ points?)\b)
      | (?P<times>\s?[x×](?![\w])|\stimes\b)
      | \s?(?P<scale>thousand|million|billion|trillion|mn|mm|bn|tn)\b
      | \s?(?P<abbrev>[KkMmBbTt])(?![\w])
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
    r"\[\d{1,2}\]"  # footnote markers; "[391,035]" stays a figure
    r"|\b(?:10-K|10-Q|8-K|20-F|40-F|6-K|11-K|S-[1348]|F-[13]|DEF\s?14A)(?:/A)?\b"
    r"|\bEX-\d{1,3}(?:\.\d{1,2})?\b"  # an exhibit's type: an 8-K's earnings release is its "EX-99.1"
    r"|\b\d{1,3}(?:st|nd|rd|th)\b"
    r"|\b(?:in|amounts\s+in)\s+(?:thousands|millions|billions)\b",
    re.IGNORECASE,
)
_LOOSE_SCALE = re.compile(r"\b(?:thousands?|millions?|billions?|trillions?|mn|bn|tn)\b", re.IGNORECASE)
# Names that start with digits; any other digit-led token with letters ("391.0B") is unrecognised.
_DIGIT_LED_NAMES = frozenset({"3m", "5g", "4g", "3d", "10b5-1"})
# Names that start with letters: a capital, at most four digits, a short tail ("GB200", "MI300X", "H100s",
# "COVID-19", "H100-based", a web address's "C3.ai"); see `_is_name` for the letters that may not stand
# around the digits.
_LETTER_LED_NAME = re.compile(
    r"(?P<head>[A-Za-z]{1,6})-?\d{1,4}(?P<tail>[A-Za-z]{0,3})(?:-[A-Za-z]+)*(?:\.[A-Za-z]{2,3})?", re.ASCII
)
_CURRENCY_HEADS = frozenset({"US", "USD", *_CURRENCY_CODES.split("|")})
_TOKEN = re.compile(r"[\w.,:/\-−]*\d[\w.,:/\-−]*")
_FOREIGN_BEFORE = re.compile(rf"(?:\b(?:{_CURRENCY_CODES})|[{_FOREIGN_SIGNS}])\s?$", re.IGNORECASE)
_FOREIGN_AFTER = re.compile(
    rf"\s?(?:euros?|pounds?|yen|yuan|renminbi|francs?|rupees?|won|pesos?|reais|{_CURRENCY_CODES})\b",
    re.IGNORECASE,
)
_SIGN_CONTEXT = 80
_CODE_CONTEXT = 8  # characters before a figure or name where a currency mark may stand


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
    references: list[Reference] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)


_CURRENCY_MARKS: dict[str, Currency] = {
    **{mark: "USD" for mark in ("$", "US$", "USD")},
    **{mark: "EUR" for mark in ("€", "EUR")},
    **{mark: "GBP" for mark in ("£", "GBP")},
}


def _currency(found: re.Match[str]) -> Currency | None:
    if found["currency"]:
        return _CURRENCY_MARKS[found["currency"].strip().upper()]
    return "USD" if found["dollars"] else None


def _unit(found: re.Match[str]) -> Unit:
    if found["percent"] or found["bps"]:
        return "percent"
    if found["times"]:
        return "ratio"
    currency = _currency(found)
    if found["per_share"]:
        return amount_unit(currency or "USD", per_share=True)
    if found["shares"]:
        return "shares"
    return "number" if currency is None else amount_unit(currency)


def _power(found: re.Match[str]) -> int | None:
    """Power of ten of the written scale mark, None if no scale is written."""
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


def _figure(
    text: str, found: re.Match[str], numeral: str, words_power: int, previous: WrittenFigure | None
) -> WrittenFigure:
    start, end = _span(found)
    parenthesised = bool((found["lparen"] or found["lparen2"]) and found["rparen"])
    minus = bool(found["minus1"] or found["minus2"])
    direction = _sign_word_direction(text, start)
    if direction is None and previous is not None and _INHERITS_DIRECTION.match(text[previous.end : start]):
        direction = previous.direction
    if minus or parenthesised:
        direction = "down"
    mark = _power(found)
    power = None if mark is None and not words_power else (mark or 0) + words_power
    quantity: Quantity = normalize(numeral, power or 0, negative=direction == "down")
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


def _marked(found: re.Match[str]) -> bool:
    """Whether the figure carries a unit or scale mark (not only digits or words)."""
    return any(found[group] for group in ("currency", "percent", "bps", "times", "scale", "abbrev"))


def _foreign(text: str, found: re.Match[str]) -> bool:
    before = _FOREIGN_BEFORE.search(text, max(0, found.start() - _CODE_CONTEXT), found.start())
    return bool(before or _FOREIGN_AFTER.match(text, found.end()))


def _readings(masked: str) -> Iterator[WrittenFigure | Unrecognised]:
    """Each figure of the text, or why a figure-like match is unrecognised."""
    previous: WrittenFigure | None = None
    for found in _FIGURE.finditer(masked):
        words = found["words"]
        has_unit_mark = bool(found["currency"] or found["shares"] or found["dollars"])
        if words and not (has_multiplier(words) or _marked(found) or has_unit_mark):
            continue  # a count in words ("two segments", "one of"), not a figure
        if found["abbrev"] and not has_unit_mark:
            if words:
                yield Unrecognised(
                    found[0], found.start(), found.end(), "a number word with a bare scale letter"
                )
            continue  # "3M" is a company, "5G" a network: an abbreviated scale needs a unit mark
        if _foreign(masked, found):
            yield Unrecognised(found[0], found.start(), found.end(), "a figure in a currency no cell is in")
            continue
        read = read_words(words) if words else None
        if words and read is None:
            yield Unrecognised(found[0], found.start(), found.end(), "number words that are no one number")
            continue
        numeral, words_power = (read.digits, read.power) if read else (found["numeral"], 0)
        previous = _figure(masked, found, numeral, words_power, previous)
        yield previous


def _is_name(masked: str, token: re.Match[str], core: str) -> bool:
    """A product or other name, not a disguised figure: see `_LETTER_LED_NAME` and `_DIGIT_LED_NAMES`."""
    if core.lower() in _DIGIT_LED_NAMES:
        return True
    name = _LETTER_LED_NAME.fullmatch(core)
    return (
        name is not None
        and any(char.isupper() for char in name["head"])
        and name["head"].upper() not in _CURRENCY_HEADS
        and name["tail"].lower() not in SCALE_POWERS
        and not masked[max(0, token.start() - _CODE_CONTEXT) : token.start()].rstrip().endswith("$")
    )


def _unrecognised(masked: str, folded: str) -> Iterator[Unrecognised]:
    for token in _TOKEN.finditer(masked):
        core = token[0].strip(".,:-−/")
        if not _is_name(masked, token, core):
            yield Unrecognised(
                token[0], token.start(), token.end(), "numeric text that is not a figure or a period"
            )
    for word in _LOOSE_SCALE.finditer(masked):
        yield Unrecognised(word[0], word.start(), word.end(), "a scale word without a numeral")
    # On the unmasked text: an invisible mark between two figures' digits is seen beside them.
    for start, end, reason in other_numerals(folded):
        yield Unrecognised(folded[start:end], start, end, reason)


def extract(draft: str) -> Extraction:
    """Figures, periods, references, claims and unaccounted numeric text of a draft, each in text order.

    Reading runs on the draft with digits of every script folded to ASCII (`normalize.fold_text`), one
    character for one, so spans index the draft; texts are re-read from the draft. A text read lately is
    not read again (a draft is read when written, when verified and when its claims are checked); each
    caller gets lists of its own.
    """
    kept = _extracted(draft)
    return Extraction(
        figures=list(kept.figures),
        periods=list(kept.periods),
        unrecognised=list(kept.unrecognised),
        references=list(kept.references),
        claims=list(kept.claims),
    )


@lru_cache(maxsize=1024)
def _extracted(draft: str) -> Extraction:
    folded = fold_text(draft)
    references = find_references(folded)
    # A reference's label is no period: "ASU 2016-13" names no year.
    periods = find_periods(_blank(folded, [(r.start, r.end) for r in references]))
    ignored = [(found.start(), found.end()) for found in _IGNORED.finditer(folded)]
    masked = _blank(
        folded, [(p.start, p.end) for p in periods] + [(r.start, r.end) for r in references] + ignored
    )
    claims = find_claims(masked)
    masked = _blank(masked, [(claim.start, claim.end) for claim in claims])
    readings = list(_readings(masked))
    figures = [reading for reading in readings if isinstance(reading, WrittenFigure)]
    misread = [reading for reading in readings if isinstance(reading, Unrecognised)]
    rest = _blank(masked, [(item.start, item.end) for item in readings])
    unrecognised = sorted([*misread, *_unrecognised(rest, folded)], key=lambda item: item.start)
    return Extraction(
        figures=[replace(f, text=draft[f.start : f.end]) for f in figures],
        periods=[replace(p, text=draft[p.start : p.end]) for p in periods],
        unrecognised=[replace(u, text=draft[u.start : u.end]) for u in unrecognised],
        references=[replace(r, text=draft[r.start : r.end]) for r in references],
        claims=[replace(c, text=draft[c.start : c.end]) for c in claims],
    )
