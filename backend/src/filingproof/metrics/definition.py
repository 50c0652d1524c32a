"""Reading a metric question, deterministically: the metric asked, a definition it states, its years, and
how the figure is to be written.

"DPO is defined as: 365 * (average accounts payable between FY2016 and FY2017) / (FY2017 COGS + change in
inventory between FY2016 and FY2017)" becomes `365 * avg(accounts_payable@FY2016, accounts_payable@FY2017)
/ (cost_of_sales@FY2017 + (inventories@FY2017 - inventories@FY2016))`: the definition is split at its
operators and parentheses, and each operand read as a number, "average X between FYa and FYb", "change in
X between FYa and FYb", "FYn X", or X alone (at the metric's own year). A stated definition wins over the
library's formula for the metric it names; one that cannot be read word for word is not guessed at (the
question is then not taken as a metric question, and no figure comes from this path).

"round to two decimal places", "in USD thousands"/"millions"/"billions" and "in units of percents" / "as a
%" set how the figure is written (`Presentation`).
"""

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from filingproof.calendar import fiscal_year_of, parse_long_date
from filingproof.metrics.items import INPUTS, InputItem, Statement
from filingproof.metrics.library import (
    METRICS,
    METRICS_BY_KEY,
    MetricError,
    average,
    cagr,
    expand,
    growth,
    shift,
)
from filingproof.verify.cells import Unit
from filingproof.verify.expression import (
    Call,
    Expr,
    ExpressionError,
    Leaf,
    Quantity,
    Ref,
    evaluate,
    leaves,
    parse,
    quantity,
    render,
    unit_of,
)

Scale = Literal["thousands", "millions", "billions"]


@dataclass(frozen=True)
class Presentation:
    decimals: int | None = None  # "round to two decimal places"
    scale: Scale | None = None  # "in USD millions"
    percent: bool = False  # "in units of percents", "as a %"


@dataclass(frozen=True)
class MetricQuestion:
    name: str  # what the answer calls the figure
    expr: Expr  # over line items at absolute fiscal years
    year: int  # the metric's own fiscal year
    dimensionless: Unit
    presentation: Presentation
    stated: bool  # the question states its own definition

    @property
    def formula(self) -> str:
        return render(self.expr)

    @property
    def inputs(self) -> list[Ref]:
        """Each (line item, fiscal year) the formula reads, once, in the order written."""
        return list(dict.fromkeys(leaf for leaf in leaves(self.expr) if isinstance(leaf, Ref)))


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_COUNT = r"(\d+|one|two|three|four|five|six|seven|eight)"
_YEAR = re.compile(r"\bFY\s?'?(\d{4})\b|\bfiscal\s+(?:year\s+)?(\d{4})\b", re.IGNORECASE)
_DATED_YEAR = re.compile(
    r"\bfiscal\s+year\s+(?:ended|ending)\s+[A-Za-z]+\.?\s+\d{1,2},?\s+(\d{4})\b", re.IGNORECASE
)
_DECIMALS = re.compile(
    rf"\bround(?:ed|ing)?\b[^.]*?\b(?:to\s+)?{_COUNT}\s+decimal\s+places?\b", re.IGNORECASE
)
_SCALE = re.compile(r"\b(?:in\s+)?(?:USD|US\s+dollars?|\$)\s*(thousands|millions|billions)\b", re.IGNORECASE)
_PERCENT = re.compile(
    r"\bunits\s+of\s+percents?\b|\bas\s+a\s+(?:%|percent(?:age)?\b)|%\s+margin\b|\bin\s+percent(?:age)?s?\b",
    re.IGNORECASE,
)
_DEFINED = re.compile(
    r"(?P<term>[A-Za-z][\w&%'’ -]*?)\s+(?:is|are)\s+defined\s+as:?\s*(?P<body>.+?)(?=\.\s+[A-Z]|\.?\s*$)"
    r"|\bdefine\s+(?P<term2>[A-Za-z][\w&%'’ -]*?)\s+as:?\s*(?P<body2>.+?)(?=\.\s+[A-Z]|\.?\s*$)",
    re.IGNORECASE | re.DOTALL,
)
_USING = re.compile(
    r"\bcalculate\s+(?P<term>[A-Za-z][\w&%'’ -]*?)\s+using\s+(?P<first>.+?)\s+and\s+(?P<second>.+?)"
    r"(?=\.\s+[A-Z]|\.?\s*$)",
    re.IGNORECASE | re.DOTALL,
)
_STATEMENT_HINT = re.compile(
    r"\s*[\[(]\s*from\s+(?:the\s+)?(?:cash\s+flows?|income|balance\s+sheet|p&l)(?:\s+statement)?\s*[\])]",
    re.IGNORECASE,
)
_OPERATOR = re.compile(r"(\s[-+]\s|[*/()])")
_AVERAGE = re.compile(
    r"average\s+(?:of\s+)?(?P<what>.+?)\s+between\s+FY(?P<a>\d{4})\s+and\s+FY(?P<b>\d{4})", re.I
)
_CHANGE = re.compile(r"change\s+in\s+(?P<what>.+?)\s+between\s+FY(?P<a>\d{4})\s+and\s+FY(?P<b>\d{4})", re.I)
_AT_YEAR = re.compile(
    r"FY(?P<year>\d{4})\s+(?P<what>.+)|(?P<what2>.+?)\s+(?:in|for|of)\s+FY(?P<year2>\d{4})", re.I
)
_AVERAGE_OF = re.compile(rf"\b{_COUNT}[- ]year\s+average\s+(?:of\s+)?(?:the\s+)?", re.IGNORECASE)
_CAGR = re.compile(
    rf"\b{_COUNT}[- ]year\s+(?:\w+\s+)?(?:cagr|compound(?:ed)?\s+annual\s+growth)", re.IGNORECASE
)
_CAGR_SPAN = re.compile(r"\bcagr\b|\bcompound(?:ed)?\s+annual\s+growth", re.IGNORECASE)
_GROWTH = re.compile(
    r"\b(?:year[- ]over[- ]year|yoy|annual)\s+(?:change|growth)\s+in\s+(?P<what>[\w\s&'’-]+?)"
    r"(?=\s+(?:from|between|for|in)\b|[?.,(])",
    re.IGNORECASE,
)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def presentation(question: str) -> Presentation:
    decimals = _DECIMALS.search(question)
    scale = _SCALE.search(question)
    return Presentation(
        _count(decimals[1]) if decimals else None,
        scale[1].lower() if scale else None,  # type: ignore[arg-type]
        _PERCENT.search(question) is not None,
    )


def years_of(question: str) -> list[int]:
    """The fiscal years a question names ("FY2024", "fiscal 2024"), else the one year a date it names ends
    in ("the fiscal year ended Jan 31, 2025")."""
    named = {int(found[1] or found[2]) for found in _YEAR.finditer(question)}
    if not named:
        named = {int(found[1]) for found in _DATED_YEAR.finditer(question)}
    return sorted(named) if len(named) <= 1 or _YEAR.search(question) else []


def dated_year(text: str) -> int | None:
    """The fiscal year of the first date a text writes out ("the six months ended June 30, 2023": 2023)."""
    day = parse_long_date(text)
    return fiscal_year_of(day) if day is not None else None


def _clean(phrase: str) -> str:
    phrase = re.sub(r"^(?:the|a|an|total)\s+|\s+(?:amount|figure|value)$", "", phrase.strip(), flags=re.I)
    return re.sub(r"\s+", " ", phrase)


def item_key(phrase: str) -> str | None:
    """The line item or metric a phrase names as a whole ("COGS" → cost_of_sales), or None."""
    cleaned = _clean(phrase)
    for metric in METRICS:
        if metric.names.fullmatch(cleaned):
            return metric.key
    for item in INPUTS:
        if item.words.fullmatch(cleaned):
            return item.key
    # a line named as filings print it ("payments for property and equipment", Walmart's capex)
    for item in INPUTS:
        if item.row_rank(cleaned) is not None:
            return item.key
    return None


def _known(phrase: str) -> str:
    key = item_key(phrase)
    if key is None:
        raise MetricError(f"the definition names {phrase.strip()!r}, which is no known line item")
    return key


def _operand(chunk: str) -> str:
    """One operand of a stated definition, in the formula language."""
    text = chunk.strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return text
    if found := _AVERAGE.fullmatch(text):
        key, first, last = _known(found["what"]), int(found["a"]), int(found["b"])
        return "avg(" + ", ".join(f"{key}@FY{year}" for year in range(first, last + 1)) + ")"
    if found := _CHANGE.fullmatch(text):
        key = _known(found["what"])
        return f"({key}@FY{found['b']} - {key}@FY{found['a']})"
    if found := _AT_YEAR.fullmatch(text):
        return f"{_known(found['what'] or found['what2'])}@FY{found['year'] or found['year2']}"
    return f"{_known(text)}@t"


def translate(definition: str) -> Expr:
    """A definition in words, as an expression over line items (MetricError if a part is not readable)."""
    text = _STATEMENT_HINT.sub("", definition).strip().rstrip(".")
    parts: list[str] = []
    for chunk in _OPERATOR.split(text):
        if not chunk.strip():
            continue
        parts.append(chunk.strip() if _OPERATOR.fullmatch(chunk) else _operand(chunk))
    try:
        return parse(" ".join(parts))
    except ExpressionError as error:
        raise MetricError(f"the definition does not read as a formula: {error}") from error


def stated_definitions(question: str) -> dict[str, Expr]:
    """The definitions a question states, by the metric (or term) each defines."""
    found: dict[str, Expr] = {}
    for match in _DEFINED.finditer(question):
        term, body = match["term"] or match["term2"], match["body"] or match["body2"]
        key = _term_key(term)
        found[key] = translate(body)
    for match in _USING.finditer(question):
        # "Calculate unadjusted EBITDA using unadjusted operating income and D&A": a sum, for a metric the
        # library knows; "calculate a financial metric by using information …" defines nothing
        key = _term_key(match["term"])
        if key in METRICS_BY_KEY and key not in found:
            try:
                found[key] = translate(f"{match['first']} + {match['second']}")
            except MetricError:
                continue
    return found


def _term_key(term: str) -> str:
    """The metric a defined term names ("DPO", "Fixed asset turnover ratio"); its own words otherwise."""
    cleaned = re.sub(r"^.*?\b(?:the|an?)\s+", "", term.strip(), flags=re.I)
    for metric in METRICS:
        if metric.names.search(cleaned):
            return metric.key
    return re.sub(r"\W+", "_", cleaned.lower()).strip("_")


def named_metric(text: str) -> str | None:
    """The key of the first metric of the library the text names ("gross margin"), or None."""
    for metric in METRICS:
        if metric.names.search(text):
            return metric.key
    return None


def _asked(question: str, definitions: dict[str, Expr], years: list[int]) -> tuple[Expr, str] | None:
    """The expression asked (relative to the latest year) and its name."""
    if found := _AVERAGE_OF.search(question):
        n = _count(found[1])
        base = named_metric(question[found.end() :])
        if base is not None:
            return average(base, n), f"average {METRICS_BY_KEY[base].name}"
    if found := _CAGR.search(question) or _CAGR_SPAN.search(question):
        # "2-year CAGR", or "CAGR from FY2015 to FY2017": as many years as the span
        n = _count(found[1]) if found.re is _CAGR else max(years) - min(years)
        items = items_named(question)
        base = named_metric(question) or (items[0].key if items else None)
        if base is not None and n > 0:
            return cagr(base, n), f"compound annual growth rate of {_name(base)}"
    if found := _GROWTH.search(question):
        base = item_key(found["what"])
        if base is not None and len(years) <= 2:
            return growth(base), f"year-over-year growth in {_name(base)}"
    named = named_metric(question)
    if named in _ONE_YEAR_RATIOS and not definitions and not presentation(question).percent:
        # the line-item pipeline answers these from tagged facts (`qa.items`); but one asked "in units of
        # percents" is the ratio, where "gross margin" alone also names the gross-profit line in dollars
        return None
    if named is None:
        named = next(iter(definitions), None)
    if named is None:
        return _single_item(question, years)
    return Ref(named, 0, True), _name(named)


_STATEMENTS: tuple[tuple[Statement, re.Pattern[str]], ...] = (
    ("balance_sheet", re.compile(r"balance\s+sheet|statement\s+of\s+financial\s+position", re.I)),
    ("cash_flow", re.compile(r"cash\s+flows?\s+statement|statement\s+of\s+cash\s+flows?", re.I)),
    ("income_statement", re.compile(r"income\s+statement|statement\s+of\s+(?:income|operations|earnings)"
                                    r"|\bp\s*&\s*l\b", re.I)),
)  # fmt: skip
_COMPARING = re.compile(
    r"\b(?:change[sd]?|increase[sd]?|decrease[sd]?|growth|gr[eo]w|difference|compared|versus|vs)\b", re.I
)


def items_named(text: str) -> list[InputItem]:
    """The input items a text names, longest wording first where two overlap ("cost of sales", not
    "sales"), in the order they are named."""
    found = sorted(
        ((match.start(), match.end(), item) for item in INPUTS for match in item.words.finditer(text)),
        key=lambda hit: hit[0] - hit[1],
    )
    kept: list[tuple[int, int, InputItem]] = []
    for start, end, item in found:
        if all(end <= other_start or start >= other_end for other_start, other_end, _ in kept):
            kept.append((start, end, item))
    return [item for _, _, item in sorted(kept, key=lambda hit: hit[0])]


def _single_item(question: str, years: list[int]) -> tuple[Expr, str] | None:
    """One line item asked at one year, read from the statement the question names or in the scale it
    asks for ("the FY2018 capital expenditure amount (in USD millions) … the cash flow statement"): its
    cell, written as asked. Not a change or a comparison, and not an item of another statement than the
    one named (a cash-flow statement's change in inventories is not the inventories balance)."""
    named = {statement for statement, pattern in _STATEMENTS if pattern.search(question)}
    if not named and presentation(question).scale is None:
        return None
    if len(years) != 1 or _COMPARING.search(question):
        return None
    items = list(dict.fromkeys(items_named(question)))
    if len(items) != 1 or (named and items[0].statement not in named):
        return None
    return Ref(items[0].key, years[0]), items[0].name


# One-year ratios the line-item pipeline derives itself (`qa.items._NAMED_RATIOS`); taken here only when
# the question defines them, or averages or grows them over years.
_ONE_YEAR_RATIOS = frozenset(
    {"gross_margin", "operating_margin", "net_margin", "current_ratio", "debt_to_equity"}
)


def _name(key: str) -> str:
    metric = METRICS_BY_KEY.get(key)
    if metric is not None:
        return metric.name
    item = next((item for item in INPUTS if item.key == key), None)
    return item.name if item is not None else key.replace("_", " ")


def metric_question(question: str, year: int | None = None) -> MetricQuestion | None:
    """The metric a question asks for, bound to its fiscal years (`year` where its text names none: the year
    of a quarter or a date it asks for); None when it asks for none (or states a definition that cannot be
    read)."""
    years = years_of(question) or ([year] if year is not None else [])
    if not years:
        return None
    try:
        definitions = stated_definitions(question)
        asked = _asked(question, definitions, years)
        if asked is None:
            return None
        relative, name = asked
        expr = expand(shift(relative, max(years)), definitions)
    except MetricError:
        return None
    top = relative.item if isinstance(relative, Ref) else None
    metric = METRICS_BY_KEY.get(top or "")
    dimensionless = metric.dimensionless if metric else "ratio"
    shown = presentation(question)
    if shown.percent and dimensionless == "ratio":
        expr = in_percent(expr)
    return MetricQuestion(name, expr, max(years), dimensionless, shown, stated=bool(definitions))


def in_percent(expr: Expr) -> Expr:
    """A ratio asked "in units of percents" ("ROA … answer in units of percents") as the percent it is
    written in: 0.0597 is 5.97%. A percent already, or a currency amount, stays as it is."""
    inputs = list(dict.fromkeys(leaves(expr)))

    def probe(leaf: Leaf) -> Quantity:
        # distinct amounts, so that no difference of two inputs is zero by chance
        return quantity(Decimal(2 + inputs.index(leaf)), "USD")

    try:
        unit = unit_of(evaluate(expr, probe))
    except ExpressionError:
        return expr  # the formula cannot be evaluated: answering it will say why
    return Call("pct", (expr,)) if unit == "ratio" else expr
