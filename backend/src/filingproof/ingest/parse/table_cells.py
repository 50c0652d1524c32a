"""One figure of a table as a `NumericCell`: its unit (dollars, shares, percent, per share) from its row, its
column and its sign, its scale, and the figures written inside a text cell or as a range.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from lxml import etree

from filingproof.calendar import parse_long_date
from filingproof.ingest.parse.inline import InlineFigure, Respective, inline_figures, respective_figures
from filingproof.ingest.parse.numbers import (
    PARENTHETICAL_RE,
    ParsedNumber,
    is_year,
    normalize_space,
    parse_number,
)
from filingproof.ingest.parse.periods import Period
from filingproof.ingest.parse.periods.context import CellPeriod
from filingproof.ingest.parse.table_grid import Item
from filingproof.ingest.parse.table_scale import Scale

# More shares than any issuer has (Apple has some 15 billion), more dollars than any company's: a figure
# so scaled was written in full.
MOST_SHARES = 10**11


MOST_DOLLARS = 10**14


_TRILLION = 10**12


# A column of percentages by its header: "% Change", "Percent Change", "% of Net Sales", "(%)".
_VALUE_COLUMN_RE = re.compile(r"\bvalues?\b|\bprices?\b|\bcosts?\b|\$", re.IGNORECASE)


_PERCENT_COLUMN_RE = re.compile(
    r"^\s*%|%\s*$|\(%\)|\bpercent(?:age)?\b|%\s*(?:change|of\s+(?:total|net|sales|revenues?|earnings))",
    re.IGNORECASE,
)


# A rate by its row ("Discount rate", "U.S. statutory rate", "Rate of increase in compensation levels"), not
# a kind of contract ("Interest rate").
_RATE_LABEL_RE = re.compile(
    r"\brates?(?:\s*\(\w\)|\s*\d)?\s*$|\byield\b|^(?:expected\s+)?(?:long-term\s+)?rates?\s+of\s+"
    r"(?:\w+\s+){0,2}(?:increase|return|growth)\b",
    re.IGNORECASE,
)


_RATE_COLUMN_RE = re.compile(r"\brates?\s*$", re.IGNORECASE)


_RATE_OF_WHAT_RE = re.compile(
    r"^(?:foreign )?(?:interest|exchange|currency|commodity) rates?\b", re.IGNORECASE
)


# …or by its column or heading ("Effective Interest Rate", "Weighted-average assumptions").
_RATE_RE = re.compile(
    r"\brates?\s*$|\binterest rate\b(?!\s+(?:hedge\s+)?(?:contracts?|swaps?))|\bassumptions?\b|\byield\b",
    re.IGNORECASE,
)


LENGTH_RE = re.compile(  # (not "Expected long-term rate of return")
    r"\byears?\b|(?<!long-)\bterm\b|\blife\b|\blives\b|\bmonths?\b|\bdays?\b|\bratio\b", re.IGNORECASE
)


_PER_SHARE_RE = re.compile(
    r"per\s+(?:[\w-]+\s+){0,6}share(?:\s+units?\b)?|per\s+(?:basic|diluted)|earnings per|"
    r"dividends declared per|\bEPS\b|per\s+common\s+stock\b",  # "… per common stock - basic and diluted"
    re.IGNORECASE,
)


# A heading of a cash-flow statement's section ("Cash flow from financing activities")
_CASH_FLOW_SECTION_RE = re.compile(r"\b(?:operating|investing|financing)\s+activities\b", re.IGNORECASE)


# A column of an equity statement that holds money, whatever its rows count ("Additional Paid-in Capital",
# "Retained Earnings", "Treasury Stock Amount", "Treasury Stock")
_EQUITY_AMOUNT_COLUMN_RE = re.compile(
    r"\bamount\b|\bpaid[- ]in\b|\bcapital\b|\bretained\b|\baccumulated\b|\bequity\b|\bsurplus\b|\bdeficit\b|"
    r"\btreasury stock\b",
    re.IGNORECASE,
)


_SHARE_COUNT_RE = re.compile(r"\bshares\b|\bshare count\b|\bdilutive\b|\bstock awards\b", re.IGNORECASE)


_EXCEPT_RE = re.compile(r"except[^)]*", re.IGNORECASE)


_SHARES_FIRST_RE = re.compile(
    r"(?:weighted[- ]average\s+)?(?:number\s+of\s+)?(?:common\s+)?shares\b|"
    r"weighted[- ]average\s+(?:number\s+of\s+)?(?:common\s+)?stock\s+outstanding\b",  # (stock, not shares)
    re.IGNORECASE,
)


_AMOUNT_FOR_RE = re.compile(
    r"\b(?:used in|for|in computing|available to|on which)\b.*\b(?:per share|EPS)\b", re.IGNORECASE
)


# The section of an EPS computation a row sits in: its numerator holds amounts; its denominator counts
# shares where its rows name them ("Denominator" › "Conversion of Class B to Class A common stock",
# "Dilution associated with … stock-based compensation plans", "Common-share equivalents"), not a return
# on capital's ("Denominator" › "Average accounts payable"); a heading that counts shares ("Number of
# Common Shares Outstanding" › "Balance at beginning of year") speaks for every row under it.
_NUMERATOR_RE = re.compile(r"^(?:eps\s+)?numerator\b", re.IGNORECASE)
_DENOMINATOR_RE = re.compile(r"^(?:eps\s+)?denominator\b", re.IGNORECASE)
_COUNTED_IN_A_DENOMINATOR_RE = re.compile(
    r"\bstock\b|\bshares?\b|dilut|equivalents\b|\bawards?\b|\boptions?\b|\bunits\b", re.IGNORECASE
)
_COUNTING_HEADING_RE = re.compile(r"^number of (?:\w+\s+){0,2}shares\b", re.IGNORECASE)


# What a balance sheet's equity line says of its shares, beside its amount: "$0.001 par value per share:
# 300,000 shares authorized", "at cost — 2,738 and 2,732 shares, respectively". The figures are the
# amount; the counts are in the words.
_SHARES_IN_THE_WORDS_RE = re.compile(
    r"\bpar value\b|\d[\d,.]*\s+(?:(?:and|or)\s+\d[\d,.]*\s+)?(?:million\s+|billion\s+)?(?:\w+\s+)?shares\b",
    re.IGNORECASE,
)


@dataclass(slots=True)
class NumericCell:
    row: int
    col: int
    text: str
    shown: ParsedNumber
    value: Decimal  # base units: dollars, shares, percent points
    unit: str
    scale: int
    row_label: str
    row_path: list[str]
    column_label: str
    period: Period | None
    elements: list[etree._Element]
    inline_span: tuple[int, int] | None = None  # where a figure written inside a text cell sits in its text
    column_period: Period | None = None  # what the column header alone names, if anything
    period_rule: str = ""  # the rule that gave `period` (`periods.registry`)


_PRICE_COLUMN_RE = re.compile(
    r"\bper\s+(?:common\s+)?(?:share|unit|rsu|psu|option)|"
    r"\b(?:exercise|purchase|grant|share|stock|average|option)\s+price\b|grant[- ]date fair value|"
    r"fair value per|\bEPS\b",
    re.IGNORECASE,
)


# What a column of an EPS computation holds besides the per-share figure: "Income Allocation", "Net income
# attributable to …", "Weighted-Average Shares Outstanding", "Shares".
_AMOUNT_COLUMN_RE = re.compile(r"\b(?:net\s+)?income\b|\ballocation\b|\bnet earnings\b", re.IGNORECASE)


_OF_WHAT_RE = re.compile(r"\s*(?:of|per)\b", re.IGNORECASE)


_COUNT_COLUMN_RE = re.compile(r"\bshares(?:\s+outstanding)?\s*$", re.IGNORECASE)


_COUNT_WORDS_RE = re.compile(
    r"shares used|number of shares|weighted[- ]average (?:number|shares|basic|diluted)|excluded|awards|"
    r"outstanding|units|computation",
    re.IGNORECASE,
)


# A column that says what its figures are and nothing else: "Shares", "Shares (millions)", "Per Share".
_SHARES_COLUMN_RE = re.compile(
    r"^(?:weighted[- ]average )?(?:number of )?(?:common )?shares(?: outstanding)?$|^per (?:common )?share$",
    re.IGNORECASE,
)


_INLINE_PER_SHARE_RE = re.compile(
    r"\(?\$\s?[\d.,]+\)?\s*/?\s*(?:per|/)\s*(?:\w+\s+){0,2}share\b", re.IGNORECASE
)


_PER_SHARE_PARENTHETICAL_RE = re.compile(r"^\((?:in dollars )?per (?:common )?share\)$", re.IGNORECASE)


def _price_column(column: str) -> str | None:
    """What a column's label says its figures are when it names a price or a per-share figure: "per_share",
    or what words after its last "per share" name (the "Basic Earnings Per Share" header over "Income
    Allocation", "Weighted-Average Shares Outstanding" and "Earnings per Share"). None: it names no price."""
    prices = list(_PRICE_COLUMN_RE.finditer(column))
    if not prices:
        return None
    after = column[prices[-1].end() :]
    if _OF_WHAT_RE.match(after):
        return "per_share"  # "Weighted-Average Exercise Price of Shares"
    return _column_measure(after) or "per_share"


def _column_measure(column: str) -> str | None:
    """The measure an EPS computation's column names: "shares", "amount" ("Net income attributable to …")."""
    if _COUNT_COLUMN_RE.search(column):
        return "shares"
    return "amount" if _AMOUNT_COLUMN_RE.search(column) else None


def bare_label(label: str) -> str:
    """A label without its parentheticals and "except …" clauses: "(in millions, except per share data)"."""
    return _EXCEPT_RE.sub("", PARENTHETICAL_RE.sub("", label)).strip()


def _kept_parenthetical(match: re.Match[str]) -> str:
    """Parentheticals are dropped from a label, but "(per share)" says what the row measures."""
    return match[0] if _PER_SHARE_PARENTHETICAL_RE.match(match[0]) else ""


def _amount_of_equity(column: str) -> bool:
    """Whether a column of an equity statement holds money ("Additional Paid-in Capital", "Retained
    Earnings"), not shares nor prices."""
    return (
        _EQUITY_AMOUNT_COLUMN_RE.search(column) is not None
        and re.search(r"\bshares\b|\bnumber\b", column, re.IGNORECASE) is None
        and _price_column(column) is None
    )


def _computation_section(label: str, path: list[str]) -> str | None:
    """What the nearest heading over a row that names an EPS computation's section (or a count of shares)
    says its figures are: "shares", "" (amounts), or None where no heading says."""
    for heading in reversed(path[:-1]):
        if _NUMERATOR_RE.match(heading):
            return ""
        if _DENOMINATOR_RE.match(heading):
            return "shares" if _COUNTED_IN_A_DENOMINATOR_RE.search(label) else None
        if _COUNTING_HEADING_RE.match(heading):
            return "shares"
    return None


def _unit_kind(label: str, path: list[str], column_label: str, decimals: int) -> str | None:
    """What a row measures, from its column when the column says it alone ("Shares", "Per Share"), else
    from its own label first, then its parent heading, then its column."""
    column = bare_label(column_label)
    if _SHARES_COLUMN_RE.search(column):
        return "per_share" if _PER_SHARE_RE.search(column) else "shares"
    if any(_CASH_FLOW_SECTION_RE.search(heading) for heading in path[:-1]):
        return None  # a cash flow's line is an amount: Caterpillar's "Common shares repurchased", (1,829)
    if (section := _computation_section(label, path)) is not None:
        return section or None
    # "(per share)" says what the row is; "$0.60 per share" in "Cash dividends declared, $0.60 per share"
    # is a figure of its own, not what the row's figures are.
    own = _INLINE_PER_SHARE_RE.sub("", PARENTHETICAL_RE.sub(_kept_parenthetical, label))
    # (an equity statement's column of money counts no shares, whatever its rows say: NVIDIA's "Shares
    # repurchased" under "Retained Earnings")
    counts_shares = not _amount_of_equity(column)
    if _SHARES_FIRST_RE.match(own):
        return "shares" if counts_shares else None
    if _AMOUNT_FOR_RE.search(own):
        return None  # "Net income used in computing basic net income per share" is an amount
    if _SHARES_IN_THE_WORDS_RE.search(own) and not re.search(r"\bshares\b|\bnumber\b", column, re.IGNORECASE):
        return None
    if (price := _price_column(column)) is not None:
        # A column of prices speaks for its figures whatever the rows count ("Nonvested shares at February 3"
        # under "Weighted-Average Grant Date Fair Value").
        return None if price == "amount" else price
    # A heading speaks for the rows under it ("Net income per share:" › "Basic") when they look like
    # per-share figures (short labels or cents), not for line items of an equity statement.
    speaks = len(path) >= 2 and (len(own.split()) <= 3 or decimals == 2)
    ancestors = [PARENTHETICAL_RE.sub("", heading) for heading in reversed(path[:-1])] if speaks else []
    for text in (own, *ancestors):
        if (
            text is not own
            and _PER_SHARE_RE.search(text)
            and decimals != 2
            and not _COUNT_WORDS_RE.search(text)
        ):
            continue
        if _PER_SHARE_RE.search(text):
            # (What is counted is named outside the per-share words: not "per performance share units".)
            if _COUNT_WORDS_RE.search(_PER_SHARE_RE.sub(" ", text)):
                return "shares"
            # Beside "Diluted EPS", a column of an EPS computation names what it holds: "Net income
            # attributable to …", "Shares (millions)", then "Per Share" (whose figures print cents).
            measure = _column_measure(column) if decimals != 2 else None
            return "per_share" if measure is None else None if measure == "amount" else measure
        if _SHARE_COUNT_RE.search(text) and "$" not in text:
            return "shares" if counts_shares else None
    # (An equity statement's "Common Stock Number" beside its "Amount" counts shares too; not "Exhibit
    # Number".)
    if re.search(r"\bshares\b|\bnumber of\b|\bstock number\b", column, re.IGNORECASE) and "$" not in column:
        return "shares"
    return None


def written_figures(text: str) -> list[InlineFigure]:
    """The figures a text cell writes: percentages, amounts, shares, "$10.0 billion"; not a bare number in
    prose ("Level 2", "Note 7")."""
    # (A count written with separators is one: "~115,400 retirees and beneficiaries".)
    return [
        figure
        for figure in inline_figures(text)
        if figure.word_scale is not None or figure.unit != "number" or "," in figure.text
    ]


# A range of two plain figures: "0.41 - 6.09", "31.0 - 81.5", "0-250"; not a file number ("001-35551").
_RANGE_RE = re.compile(r"^\s*((?!0\d)\d[\d,]*(?:\.\d+)?)\s*[-–]\s*(\d[\d,]*(?:\.\d+)?)\s*$")


def range_ends(item: Item) -> list[tuple[ParsedNumber, tuple[int, int]]]:
    """The two ends of a value cell that prints a range, each with where it sits in the cell's text."""
    match = _RANGE_RE.match(normalize_space(item.text)) if item.number is None else None
    # (Not years, "2023 - 2034", nor a registration number, "333-164593": figures that long print commas.)
    if match is None or all(is_year(end) for end in match.groups()) or re.search(r"\d{5}", match[0]):
        return []
    ends = [(parse_number(match[g]), match.span(g)) for g in (1, 2)]
    return [(number, span) for number, span in ends if number is not None]


def inline_only(item: Item) -> bool:
    """A value cell that is not a number but writes figures: "3.6%-5.4%", "—%-0.5%"."""
    return item.number is None and bool(written_figures(item.text))


def has_inline(row: list[Item]) -> bool:
    return any(item.number is None and inline_figures(item.text) for item in row)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a cell sits: its grid row and column (0: the label), its row's label and path, and what the
    header over a value cell says (a figure written in a text cell keeps no column label)."""

    row: int
    col: int
    label: str
    path: list[str]
    column_label: str = ""
    column_period: Period | None = None


def inline_cells(
    place: Place,
    item: Item,
    figures: list[InlineFigure],
    dated: CellPeriod,
    table_scale: int,
    shares_scale: int | None,
    respective: Sequence[CellPeriod] = (),
) -> list[NumericCell]:
    """The cells of the `figures` written inside a text cell (`written_figures`). A label that lists one
    figure per dated column ("Dividends (per share — $1.94, $1.84 and $1.76)" over 2024, 2023, 2022) gives
    each its column's period (`respective`); otherwise all take `dated`."""
    listed = respective_figures(item.text, figures, len(respective))
    periods = [
        respective[listed.columns[i]]
        if i in listed.columns
        else _of_its_year(listed, i, respective) or dated
        if i in listed.years
        else CellPeriod(Period("instant", None, day), "date_written_beside_the_figure")
        if (day := parse_long_date(listed.as_of.get(i, ""))) is not None
        else dated
        for i in range(len(figures))
    ]
    cells = []
    for figure, figure_period in zip(figures, periods, strict=True):
        scale = _figure_scale(figure, table_scale, shares_scale)
        shown = ParsedNumber(figure.value, figure.unit == "percent", figure.text.startswith("$"), False, 0)
        span = (figure.start, figure.end)  # (no column's period: the figure is dated by its words)
        unit = (figure.unit, scale)
        placed = _placed_cell(
            place, item, figure.text, shown, unit, figure_period, column_period=None, inline_span=span
        )
        cells.append(placed)
    return cells


def _placed_cell(
    place: Place,
    item: Item,
    text: str,
    shown: ParsedNumber,
    unit: tuple[str, int],  # what it measures, and the power of ten it is stated in
    dated: CellPeriod,
    *,
    column_period: Period | None,
    inline_span: tuple[int, int] | None = None,
) -> NumericCell:
    """The cell of a figure `shown` as `text` in `item` (at `inline_span` in its text, for a figure written
    in a text cell), at `place`, in base units."""
    return NumericCell(
        row=place.row,
        col=place.col,
        text=text,
        shown=shown,
        value=shown.value.scaleb(unit[1]),
        unit=unit[0],
        scale=unit[1],
        row_label=place.label,
        row_path=place.path,
        column_label=place.column_label,
        period=dated.period,
        elements=[cell.element for cell in item.cells],
        inline_span=inline_span,
        column_period=column_period,
        period_rule=dated.rule,
    )


def _of_its_year(listed: Respective, figure: int, respective: Sequence[CellPeriod]) -> CellPeriod | None:
    """The column of the year written with a figure: where that year has several ("Three Months Ended" and
    "Six Months Ended"), the one of the length written with it, or the one of its place in the list written
    for the year ("$(3) and $(3) in 2023"), else the last."""
    year = [p for p in respective if p.period.end.year == listed.years[figure]]
    if (months := listed.months.get(figure)) is not None:
        year = [p for p in year if p.period.kind == "duration" and round(p.period.days / 30.4) == months]
    place, count = listed.places.get(figure, (0, 0))
    if count == len(year) > 1:
        return year[place]
    return year[-1] if year and count <= 1 else None


COUNTS = ("shares", "number")


def _figure_scale(figure: InlineFigure, table_scale: int, shares_scale: int | None) -> int:
    if figure.word_scale is not None:  # "$10.0 billion"
        return figure.word_scale
    if figure.unit == "percent" or figure.unit.endswith("/share"):
        return 0
    if figure.unit in COUNTS:
        # A count written out in full ("944,033,056 shares", "issued and outstanding, 9,444,375",
        # "settlement of 1,257,235 warrants"), or one the table's scale would make more than any issuer has
        # ("Common shares issued from treasury stock: 416,751", in millions), is not in the table's scale.
        # (Authorized shares may be that many: "300,000 shares authorized", in millions.)
        if figure.unit == "shares" and shares_scale is not None:
            return shares_scale
        too_many = abs(figure.value.scaleb(table_scale)) > MOST_SHARES and not figure.authorized
        if len(figure.text.replace(",", "")) >= 7 or too_many:
            return 0
    return table_scale  # USD


def _cell_unit(
    place: Place,
    shown: ParsedNumber,
    scale: Scale,
    percent_column: bool,
    money_column: bool,
    award_table: bool,
) -> tuple[str, int]:
    """What a figure measures (USD, USD/share, shares, percent, number) and the scale it is stated in.
    `percent_column`, `money_column`: the unit sign in force in the column is "%", or "$" (`_unit_signs`);
    `award_table`: a column
    of the table prints prices per share (an award roll-forward)."""
    unit_kind = _unit_kind(place.label, place.path, place.column_label, shown.decimals)
    if unit_kind == "shares" and shown.is_currency:
        unit_kind = None  # "$16,444" beside "Performance-based stock awards" is an amount, not a count
    if unit_kind == "per_share" and shown.decimals == 0 and abs(shown.value) >= 1000:
        unit_kind = None  # "$15,790" under "Basic Earnings Per Share" is the income it divides
    bare = not shown.is_currency and unit_kind is None
    counts = scale.shares_header or award_table  # "(shares in thousands)"; a column of exercise prices
    if bare and counts and shown.decimals == 0 and not _VALUE_COLUMN_RE.search(place.column_label):
        unit_kind = "shares"  # the "Granted" row of an award roll-forward
    if shown.is_percent or (bare and _is_rate(place, shown, percent_column, money_column)):
        return "percent", 0
    if unit_kind == "per_share":
        return "USD/share", 0
    if unit_kind == "shares":
        table_scale = scale.shares if scale.shares is not None else scale.scale
        # "128,641,762" shares in a table "in thousands" is a count written in full
        return "shares", 0 if abs(shown.value.scaleb(table_scale)) > MOST_SHARES else table_scale
    if _in_cents(shown, scale.scale):
        return "USD/share", 0
    # "1.0030" (a conversion rate) in a table in millions, or "849,893,601" in one: written as they are.
    unscaled = shown.decimals >= 3 or abs(shown.value.scaleb(scale.scale)) > MOST_DOLLARS
    # A count written in full under no "$" ("Issued (6,904,556)" in Boeing's treasury stock column, in
    # millions): more than a trillion dollars is no amount there, and more than ten trillion is none
    # anywhere (the share rows at the foot of Chevron's equity statement, under its "$" columns).
    most = _TRILLION * (10 if money_column else 1)
    if abs(shown.value.scaleb(scale.scale)) > most and not shown.is_currency and shown.decimals == 0:
        return "number", 0
    if scale.monetary or shown.is_currency:
        return "USD", 0 if unscaled else scale.scale
    # A count of things ("Restaurants at December 31") is not in the document's scale for amounts.
    return "number", 0 if unscaled or scale.from_document else scale.scale


def _in_cents(shown: ParsedNumber, scale: int) -> bool:
    """A dollar figure printed to the cent in a table in thousands or millions ("$40.64" beside "Stock
    options", "$(1.00)" under "2022 Diluted") is a price or a per-share amount, not thousands of dollars:
    amounts there are printed in whole units, or tenths."""
    return shown.is_currency and shown.decimals == 2 and scale in (3, 6) and abs(shown.value) < 1000


def _is_rate(place: Place, shown: ParsedNumber, percent_column: bool, money_column: bool) -> bool:
    """A figure with no sign of its own that is a percentage: in a column of them ("Percent Change", a
    column whose first figure prints "%"), or a rate ("Discount rate 5.40", "Effective Interest Rate")."""
    # (A header over a "$" and a "%" column both, "Change $%", speaks for the "%" one.)
    if percent_column or (_PERCENT_COLUMN_RE.search(place.column_label) and not money_column):
        return True
    # (A column named a rate speaks for its figures whatever the row names: "Effective Interest Rate" beside
    # "0.250 percent six-year 2019 senior notes".)
    named_rate = bool(_RATE_COLUMN_RE.search(bare_label(place.column_label)))
    lengths = LENGTH_RE.search(place.column_label) or (LENGTH_RE.search(place.label) and not named_rate)
    if lengths or abs(shown.value) >= 100:
        return False
    if _RATE_RE.search(" ".join([place.column_label, *place.path[:-1]])):
        return True
    rate_row = _RATE_LABEL_RE.search(place.label) and not _RATE_OF_WHAT_RE.match(place.label)
    return bool(rate_row) and shown.decimals >= 1


def numeric_cell(
    place: Place,
    item: Item,
    shown: ParsedNumber,
    dated: CellPeriod,
    scale: Scale,
    column: tuple[bool, bool, bool],  # its first figure is a percentage, or money; an award table
) -> NumericCell:
    unit = _cell_unit(place, shown, scale, *column)
    return _placed_cell(place, item, item.text, shown, unit, dated, column_period=place.column_period)
