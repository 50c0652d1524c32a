"""Figures written inside a table's text cells: "3.70% Notes Due 2060", "500 shares authorized; no shares
issued", "4.70-5.75%". They are figures of the table like any value cell, found by position in the text."""

import itertools
import re
from dataclasses import dataclass, field
from decimal import Decimal

from filingproof.calendar import LONG_DATE_PATTERN, MONTH_NAME_PATTERN

_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_WORD_SCALES = {"thousand": 3, "million": 6, "billion": 9, "trillion": 12}
_TOKEN_RE = re.compile(
    r"(?<![\w.,$€£])(?P<cur>[$€£]\s?(?P<paren>\()?)?(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?![\w,]*\d)(?![^\W\d_])(?P<pct>\s?%|\s+percent\b)?(?:\s(?P<word>thousand|million|billion|trillion)s?\b)?"
    r"|(?<![\w])(?P<no>no)(?=\s+(?:\w+\s+){0,2}shares\b)|(?<![\w])(?P<none>none)(?=\s+(?:issued|outstanding)\b)"
    # "no par value"; "Issued and outstanding – none", "outstanding: none"
    r"|(?<![\w])(?P<nopar>no)(?=\s+par\s+value\b)|(?:(?<=outstanding)|(?<=issued))(?P<none_after>\s*[:–—-]?\s*none)\b"
    r"|(?P<dash>[—–])(?=\s?%)",  # "—%-4.6%": a dash is zero
    re.IGNORECASE,
)
_RANGE_PERCENT_RE = re.compile(r"(\d+(?:\.\d+)?)\s?[-–]\s?\d+(?:\.\d+)?\s?%")
_MONTH_BEFORE_RE = re.compile(rf"\b{MONTH_NAME_PATTERN}\s+$", re.IGNORECASE)
_YEAR_RE = re.compile(r"(?:19|20)\d{2}")
_SECTION_AFTER_RE = re.compile(r"\([a-z]\)")
# A count of shares: "558.8 and 553.5 shares", "927 and 934 issued and outstanding" (a clause ends at ";" or
# at a full stop, not at a decimal point), "shares authorized: 2,250", "Shares: 2023: 662,213; 2022: 403,314".
_SHARES_AFTER_RE = re.compile(r"(?:[^;.$]|\.(?=\d))*?\b(?:shares|issued|outstanding)\b", re.IGNORECASE)
_SHARES_BEFORE_RE = re.compile(r"\bshares\b[^;$]*$|^\W*shares\s*:[^$]*$", re.IGNORECASE)
# "$0.01 par value", "$1.10 per share", "($1.86)/per share", "($2.635, $2.585, $2.535 per share)"; a range
# of prices ("$44.09 to $193.58", "$10 - $40": exercise prices)
_PER_SHARE_AFTER_RE = re.compile(
    r"(?:\s*(?:,|,?\s*and)\s*\$\s?[\d.,]*\d)*\)?\s*/?\s*(?:par value|per\b)|\s*(?:-|–|to)\s*\$\s?\d",
    re.IGNORECASE,
)
_PRICE_RANGE_BEFORE_RE = re.compile(r"\$\s?[\d.,]*\d\s*(?:-|–|to)\s*$", re.IGNORECASE)
_PER_SHARE_BEFORE_RE = re.compile(
    r"per (?:common )?share\b[^;]*$|\(per (?:common )?share\b[^)]*$", re.IGNORECASE
)  # "per share: $0.80", "(per share — 2023: $2.08; 2022: $1.92)"
_PAR_VALUE_AFTER_RE = re.compile(r"\s*par value\b", re.IGNORECASE)
_PAR_VALUE_BEFORE_RE = re.compile(r"\bpar value(?:\s+of)?\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class InlineFigure:
    start: int
    end: int
    text: str
    value: Decimal  # as written, before any table scale
    unit: str  # percent, USD, USD/share, shares, number
    word_scale: int | None  # "$10.0 billion" states its own scale
    authorized: bool = False  # a count of shares its clause says are authorized (they may be huge)


def inline_figures(text: str) -> list[InlineFigure]:
    """The figures `text` writes. A number glued to a letter is a name, not a figure ("3M", "1st")."""
    percent_starts = {m.start(1) for m in _RANGE_PERCENT_RE.finditer(text)}
    figures: list[InlineFigure] = []
    for match in _TOKEN_RE.finditer(text):
        if _MONTH_BEFORE_RE.search(text, 0, match.start()):
            continue  # the day of a date ("as of December 31, 2024"), not a figure
        if match["no"] or match["none"] or match["none_after"] or match["nopar"]:
            unit = "USD/share" if match["nopar"] else "shares"
            figures.append(InlineFigure(match.start(), match.end(), match[0].strip(), Decimal(0), unit, None))
            continue
        if match["dash"]:
            figures.append(InlineFigure(match.start(), match.end(), match[0], Decimal(0), "percent", None))
            continue
        number, word = match["num"], match["word"]
        if not (match["cur"] or match["pct"] or word or "," in number) and _SECTION_AFTER_RE.match(
            text, match.end()
        ):
            continue  # a plan or a section, not a figure: "401(k) contribution", "Section 16(b)"
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
            before = text[: match.start()]
            per_share = (
                _PER_SHARE_AFTER_RE.match(after)
                or _PAR_VALUE_BEFORE_RE.search(before)
                or _PER_SHARE_BEFORE_RE.search(before)
                or _PRICE_RANGE_BEFORE_RE.search(before)
            )
            currency = _CURRENCIES[match["cur"][0]]
            unit = f"{currency}/share" if per_share else currency
        elif _PAR_VALUE_AFTER_RE.match(after):
            unit = "USD/share"  # "Common stock, 0.0001 par value, 200,000,000 shares authorized"
        elif _SHARES_AFTER_RE.match(after) or _SHARES_BEFORE_RE.search(text[: match.start()]):
            unit = "shares"
        else:
            unit = "number"
        word_scale = _WORD_SCALES[word.lower()] if word else None
        authorized = unit == "shares" and bool(_AUTHORIZED_RE.search(_clause(text, match.start())))
        figures.append(
            InlineFigure(match.start(), match.end(), match[0].strip(), value, unit, word_scale, authorized)
        )
    return figures


_AUTHORIZED_RE = re.compile(r"\bauthori[sz]ed\b", re.IGNORECASE)


def _clause(text: str, at: int) -> str:
    """The clause of `text` (between semicolons) that position `at` is in."""
    return text[text.rfind(";", 0, at) + 1 : (end if (end := text.find(";", at)) >= 0 else len(text))]


_AS_OF_DATE_RE = re.compile(rf"\b(?:as of|at)\s+({LONG_DATE_PATTERN})", re.IGNORECASE)


# "3.9% for 2023", "$15 in 2023, $(10) in 2022 and $(35) in 2021", "$(3) and $(3) in 2023 and $12 and $25 in
# 2022": the year written after a figure, or after the list of figures it heads (one per column of that year).
# Not the first of a list of years: "$1.94, $1.84 and $1.76 in 2024, 2023 and 2022, respectively".
_YEAR_AFTER_RE = re.compile(
    r"(?:\)?\s*(?:,|,?\s*and)\s*\$?\s?\(?[\d.,]*\d)*\)?\s*(?:for|in)\s+((?:19|20)\d{2})\b"
    r"(?!,?\s*(?:and\s+)?(?:19|20)\d{2})",
    re.IGNORECASE,
)
# "2022—$449", "2022, $5" (after a comma, an amount: not "Notes due 2016, 0.45% Notes due 2018")
_YEAR_BEFORE_RE = re.compile(r"\b((?:19|20)\d{2})\s*([—–:,-])\s*\$?$")
# "$(6) for the three months and $6 for the six months ended June 30, 2023": the length written after a
# figure, the year that of the date that follows.
_LENGTH_AFTER_RE = re.compile(r"\)?\s*for\s+the\s+(three|six|nine|twelve)\s+months\b", re.IGNORECASE)
_MONTHS = {"three": 3, "six": 6, "nine": 9, "twelve": 12}


@dataclass(frozen=True, slots=True)
class Respective:
    """Which figures of a label belong to which of the table's dated columns."""

    columns: dict[int, int]  # figure index → column order (0 for the first dated column, …)
    as_of: dict[int, str]  # figure index → the date its clause names ("… outstanding as of January 26, 2025")
    years: dict[int, int]  # figure index → the year written with it ("2022—$449", "$15 in 2023")
    # figure index → its place among the figures listed for the same year, and how many they are
    # ("$(3) and $(3) in 2023": (0, 2) and (1, 2)); the months written after it ("for the six months").
    places: dict[int, tuple[int, int]] = field(default_factory=dict)
    months: dict[int, int] = field(default_factory=dict)


def respective_figures(text: str, figures: list[InlineFigure], columns: int) -> Respective:
    """A label that lists one figure per dated column: "15,116,786 and 15,550,061 shares issued",
    "12,460 (Class A 5,899, …) and 12,211 (Class A 5,835, …) shares", "$1.94, $1.84 and $1.76".

    Clause by clause (`;`), among the figures outside any parenthesis of the clause, a list of as many as
    there are columns ("A and B", "A, B and C") gives each member (and the breakdown in parentheses after
    it) its column, in order. The clause's other figures take the date it names "as of", if any.
    A figure written with its year ("2023—$471; 2022—$449", "3.9% for 2023") goes to that year.
    """
    written = _years_written(text, figures)
    if written.years:
        return written
    text = _ACCOUNTING_NEGATIVE_RE.sub(r" \1 ", text)  # "($11), $12 and ($16)": a list, not parentheses
    columns_of: dict[int, int] = {}
    as_of: dict[int, str] = {}
    ends = [*(m.start() for m in re.finditer(";", text)), len(text)]
    starts = [0, *(end + 1 for end in ends[:-1])]
    # Clauses that split the columns between them: "($2) and $8; ($1) and $6" over the quarters, then the
    # half years (TXN Q2 2023 10-Q): each lists its share of the columns, in order.
    clauses = list(zip(starts, ends, strict=True))
    listing = [n for n, (a, b) in enumerate(clauses) if any(a <= f.start < b for f in figures)]
    share = columns // len(listing) if len(listing) > 1 and columns % len(listing) == 0 else 0
    for n, (start, clause_end) in enumerate(clauses):
        inside = [i for i, f in enumerate(figures) if start <= f.start < clause_end]
        depth = {i: _depth(text[start : figures[i].start]) for i in inside}
        top = [i for i in inside if depth[i] == min(depth.values())]
        run, offset = _listed_run(text, figures, top, columns), 0
        if not run and share > 1 and inside:
            run = _listed_run(text, figures, top, share)
            offset = share * listing.index(n)
        if run:
            for order, member in enumerate(run, offset):
                # the member and the breakdown in parentheses after it, up to the next figure of the clause
                following = next((i for i in top if i > member), None)
                columns_of.update(
                    {i: order for i in inside if member <= i and (following is None or i < following)}
                )
        # Each figure takes the date written next after it in the clause ("1,823,046,087 shares issued as
        # of December 31, 2023 and 1,813,770,294 as of December 31, 2022"), else the clause's first.
        dates = list(_AS_OF_DATE_RE.finditer(text, start, clause_end))
        for i in (i for i in inside if i not in columns_of and dates):
            after = next((match for match in dates if match.start() >= figures[i].end), dates[0])
            as_of[i] = after[1]
    return Respective(columns_of, as_of, {})


_ACCOUNTING_NEGATIVE_RE = re.compile(r"\((\$\s?[\d.,]*\d)\)")


def _years_written(text: str, figures: list[InlineFigure]) -> Respective:
    """The year (and length) written with each figure: after it or after the list it heads ("$15 in 2023,
    $(10) in 2022", "$(3) and $(3) in 2023"), before it ("2023: $2.08", "2022, $5"), or in the date after its
    length ("$6 for the six months ended June 30, 2023")."""
    years: dict[int, int] = {}
    months: dict[int, int] = {}
    lists: dict[int, list[int]] = {}  # where a year is written → the figures listed for it
    for i, figure in enumerate(figures):
        if after := _YEAR_AFTER_RE.match(text, figure.end):
            years[i] = int(after[1])
            lists.setdefault(after.start(1), []).append(i)
        elif (before := _YEAR_BEFORE_RE.search(text[: figure.start])) and (
            before[2] != "," or figure.text.startswith(tuple(_CURRENCIES))
        ):
            years[i] = int(before[1])
        elif (length := _LENGTH_AFTER_RE.match(text, figure.end)) and (
            year := _YEAR_RE.search(text, length.end(), _clause_end(text, length.end()))
        ):
            years[i], months[i] = int(year[0]), _MONTHS[length[1].lower()]
    places = {i: (place, len(listed)) for listed in lists.values() for place, i in enumerate(listed)}
    return Respective({}, {}, years, places, months)


def _clause_end(text: str, at: int) -> int:
    end = text.find(";", at)
    return len(text) if end < 0 else end


_LIST_SEPARATOR_RE = re.compile(r"\)?\s*(?:,|,?\s*and)", re.IGNORECASE)  # ")" closes "$(55)"


def _listed_run(text: str, figures: list[InlineFigure], top: list[int], columns: int) -> list[int]:
    """`columns` consecutive figures written as a list ("A, B and C"), or none."""
    if columns < 2:
        return []
    for first in range(len(top) - columns + 1):
        run = top[first : first + columns]
        separators = [
            _outside_parentheses(text[figures[a].end : figures[b].start]).strip()
            for a, b in itertools.pairwise(run)
        ]
        if all(_LIST_SEPARATOR_RE.fullmatch(sep) for sep in separators) and "and" in separators[-1]:
            return run
    return []


def _depth(text: str) -> int:
    return text.count("(") - text.count(")")


def _outside_parentheses(text: str) -> str:
    return re.sub(r"\([^()]*\)", " ", text)
