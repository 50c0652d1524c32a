"""Figures written inside a table's text cells: "3.70% Notes Due 2060", "500 shares authorized; no shares
issued", "4.70-5.75%". They are figures of the table like any value cell, found by position in the text."""

import re
from dataclasses import dataclass
from decimal import Decimal

_WORD_SCALES = {"thousand": 3, "million": 6, "billion": 9, "trillion": 12}
_TOKEN_RE = re.compile(
    r"(?<![\w.,$])(?P<cur>\$\s?(?P<paren>\()?)?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?![\w,]*\d)(?P<pct>\s?%)?(?:\s(?P<word>thousand|million|billion|trillion)s?\b)?"
    r"|(?<![\w])(?P<no>no)(?=\s+(?:\w+\s+){0,2}shares\b)",
    re.IGNORECASE,
)
_RANGE_PERCENT_RE = re.compile(r"(\d+(?:\.\d+)?)\s?[-–]\s?\d+(?:\.\d+)?\s?%")
_YEAR_RE = re.compile(r"(?:19|20)\d{2}")
_SHARES_AFTER_RE = re.compile(r"[^;.$]*?\bshares\b", re.IGNORECASE)
_SHARES_BEFORE_RE = re.compile(r"\bshares\b[^;$]*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class InlineFigure:
    start: int
    end: int
    text: str
    value: Decimal  # as written, before any table scale
    unit: str  # percent, USD, USD/share, shares, number
    word_scale: int | None  # "$10.0 billion" states its own scale


def inline_figures(text: str) -> list[InlineFigure]:
    percent_starts = {m.start(1) for m in _RANGE_PERCENT_RE.finditer(text)}
    figures: list[InlineFigure] = []
    for match in _TOKEN_RE.finditer(text):
        if match["no"]:
            figures.append(InlineFigure(match.start(), match.end(), match[0], Decimal(0), "shares", None))
            continue
        number, word = match["num"], match["word"]
        is_percent = bool(match["pct"]) or match.start("num") in percent_starts
        if (
            not match["cur"]
            and not is_percent
            and not word
            and "," not in number
            and _YEAR_RE.fullmatch(number)
        ):
            continue  # a year: "Notes due 2045", "2020 Notes"
        value = Decimal(number.replace(",", ""))
        if match["paren"]:
            value = -value
        after = text[match.end() :]
        if is_percent:
            unit = "percent"
        elif match["cur"]:
            per_share = re.match(r"\s*par value|\s*per\b", after, re.IGNORECASE) or re.search(
                r"per (?:common )?share\b[^;$]*$", text[: match.start()], re.IGNORECASE
            )
            unit = "USD/share" if per_share else "USD"
        elif _SHARES_AFTER_RE.match(after) or _SHARES_BEFORE_RE.search(text[: match.start()]):
            unit = "shares"
        else:
            unit = "number"
        word_scale = _WORD_SCALES[word.lower()] if word else None
        figures.append(InlineFigure(match.start(), match.end(), match[0].strip(), value, unit, word_scale))
    return figures
