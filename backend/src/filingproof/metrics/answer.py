"""Answering a metric question: pick each input's cell, compute the formula over them, write the figure; over
part of a year, a metric of flows alone or of balances alone reads every input at the period asked.

The formula over line items becomes the same formula over cell ids, recorded as a "formula" derivation
that the verifier evaluates again from the cited cells (`verify.derive.formula`). An input no ingested
filing prints is named, with its fiscal year, and no figure is given.
"""

import re
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import LONG_DATE_PATTERN, fiscal_year_of
from filingproof.metrics.definition import MetricQuestion, Presentation, metric_question, named_metric
from filingproof.metrics.items import IN_PARTS, INPUTS_BY_KEY
from filingproof.metrics.library import METRICS, METRICS_BY_KEY, expand, shift
from filingproof.metrics.resolve import Found, Resolver
from filingproof.qa.direction import CHANGE_LABEL, asked_way
from filingproof.qa.items import LineItem
from filingproof.qa.parts import PART_PREFIX
from filingproof.qa.periods import calendar_fiscal_year, ends_fiscal_year
from filingproof.qa.pick import Derived, Pick, TableAnswer, in_a_sentence, possessive, unique_picks
from filingproof.qa.ranking import RANKED_PREFIX
from filingproof.understanding import Catalog, FilingRef, QueryUnderstanding
from filingproof.verify import Failure, Verdict
from filingproof.verify.derive import Derivation, DerivationError, formula
from filingproof.verify.expression import Bin, Call, Cell, Expr, Leaf, Neg, Ref, leaves, render, substitute
from filingproof.verify.items import terms

ITEM_PREFIX = "metric:"
_SCALES = {"thousands": (3, "thousand"), "millions": (6, "million"), "billions": (9, "billion")}


def written(value: Decimal, unit: str, shown: Presentation) -> str:
    """The figure as the question asks it written: its decimals, scale and unit mark."""
    if unit == "USD" and shown.scale is not None:
        power, word = _SCALES[shown.scale]
        places = shown.decimals if shown.decimals is not None else (1 if shown.scale == "billions" else 0)
        return f"{_sign(value)}${_digits(abs(value).scaleb(-power), places)} {word}"
    if unit == "USD":
        return f"{_sign(value)}${_digits(abs(value).scaleb(-6), shown.decimals or 0)} million"
    places = shown.decimals if shown.decimals is not None else (1 if unit == "percent" else 2)
    body = _digits(abs(value), places)
    mark = {"percent": "%", "ratio": "x", "number": " days"}.get(unit, "")
    return f"{_sign(value) if body.strip('0.,') else ''}{body}{mark}"


def _sign(value: Decimal) -> str:
    return "-" if value < 0 else ""


def _digits(magnitude: Decimal, places: int) -> str:
    rounded = magnitude.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{rounded:,.{places}f}"


def _line_item(found: Found) -> LineItem:
    item = found.item
    label = in_a_sentence(before_figures(" ".join(found.label.split())))
    return LineItem(
        key=f"{ITEM_PREFIX}{item.key}",
        # the row as printed, so the sentence names the line the cell is (the figures a label prints, "net
        # of allowances of $95 and $103", would read as figures of the answer: they are left out)
        name=label or item.name,
        pattern=item.words,
        concepts=(),
        row_labels=item.rows[0],
        nature=item.nature,
    )


# the first figure or date a row label prints, with the words that lead to it and all that follows: a
# figure is digits not followed by a letter ("$95", "(1)", "2019"), so that "3M" stays a name
_FIGURE_IN_LABEL = re.compile(
    rf"[\s,\u2014-]*(?:\b(?:of|at|and|on|as)\s+)*(?:{LONG_DATE_PATTERN}|[$(]*\d[\d,.]*(?![\w]))"
    r".*$",
    re.DOTALL,
)


def before_figures(label: str) -> str:
    """A row label up to the first figure or date it prints: "Accounts receivable — net of allowances of
    $95 and $103" → "Accounts receivable — net of allowances"; a bracket the cut leaves open is cut too."""
    kept = _FIGURE_IN_LABEL.sub("", label)
    if kept.count("(") > kept.count(")"):
        kept = kept[: kept.rindex("(")]
    return kept.strip(" ,\u2014-")


def pick_of(ticker: str, company: str, found: Found) -> Pick:
    return Pick(ticker, company, _line_item(found), None, found.target, found.cell)


def _years(asked: MetricQuestion) -> str:
    years = sorted({ref.year for ref in asked.inputs})
    flows = [ref.year for ref in asked.inputs if INPUTS_BY_KEY[ref.item].nature == "duration"]
    last = max(flows or years)
    first = min(flows or years)
    return f"fiscal {last}" if first == last else f"fiscal {first} to fiscal {last}"


def sentence(company: str, asked: MetricQuestion, derivation: Derivation, when: str | None = None) -> str:
    """`when`: the period as the sentence says it ("for the six months ended June 30, 2023"; none: the
    metric's fiscal years)."""
    how = "as the question defines it" if asked.stated else "by its standard definition"
    return (
        f"{possessive(company)} {asked.name} {when or f'for {_years(asked)}'} is "
        f"{written(derivation.value, derivation.unit, asked.presentation)} (computed {how} from the cited "
        "figures)."
    )


async def find_inputs(
    resolver: Resolver, ticker: str, asked: MetricQuestion
) -> tuple[dict[Ref, Found], list[str]]:
    """The cell of each input (of each of its parts, where a filer prints it only in parts: `IN_PARTS`), and
    what is missing (the input, its year and why)."""
    found: dict[Ref, Found] = {}
    missing: list[str] = []
    for ref in asked.inputs:
        result = await resolver.find(ref)
        if isinstance(result, Found):
            found[ref] = result
            continue
        parts = [await resolver.find(part) for part in _parts(ref)]
        if parts and all(isinstance(part, Found) for part in parts):
            found |= {part.ref: part for part in parts if isinstance(part, Found)}
        else:
            name, period = INPUTS_BY_KEY[ref.item].name, resolver.period_words(ref)
            missing.append(f"{ticker} {name} for {period} ({result.reason})")
    return found, missing


# Lines not every business has: a lender or an insurer prints no cost of sales and no inventories, so a
# gross margin or an inventory turnover is no measure of it
_NOT_EVERY_BUSINESS = ("cost_of_sales", "inventories")
_ROWS = """
SELECT DISTINCT c.row_label, c.row_path, c.concept FROM cells c JOIN filings f ON f.id = c.filing_id
WHERE f.ticker = :ticker
"""
# any row that says it, however worded ("Cost of products and services sold", "Inventories, net of reserves")
_SAYS = {
    "cost_of_sales": re.compile(
        r"\bcosts?\s+of\b.*\b(?:sold|sales|revenues?|goods|products|services)\b", re.IGNORECASE
    ),
    "inventories": re.compile(r"\binventor(?:y|ies)\b", re.IGNORECASE),
}
# a concept of the line, the taxonomy's or the filer's own ("xom:InventoryCrudeOilProductsAndMerchandise")
_TAGGED = {
    "cost_of_sales": re.compile(r":CostOf(?:Goods|Revenue|Sales|Products|Services)"),
    "inventories": re.compile(r":Inventor"),
}


async def unfit_metric(session: AsyncSession, question: str, ticker: str, company: str) -> str | None:
    """Why the metric the question names does not fit the company, when it is computed from a line not every
    business has and no row of any of the company's ingested filings prints that line, nor its parts
    (American Express's gross margin, Travelers' inventory turnover); None when it fits, or may."""
    named = named_metric(question)
    if named is None:
        return None
    items = (ref.item for ref in leaves(expand(shift(METRICS_BY_KEY[named].expr, 0))) if isinstance(ref, Ref))
    needed = dict.fromkeys(item for item in items if item in _NOT_EVERY_BUSINESS)
    if not needed:
        return None
    rows = (await session.execute(text(_ROWS), {"ticker": ticker})).all()
    # every label of every row's path: "Crude oil, products and merchandise" stands under "Inventories"
    labels = {label for row in rows for label in (row.row_label, *(row.row_path or ())) if label}
    concepts = {row.concept for row in rows if row.concept}

    def printed(item: str) -> bool:
        # a tag of the line, or a row that says it: the check must never call unprinted what is printed
        tagged = any(_TAGGED[item].search(concept) for concept in concepts)
        return tagged or any(_SAYS[item].search(label) for label in labels)

    absent = [INPUTS_BY_KEY[item].name for item in needed if not printed(item)]
    if not absent or not labels:
        return None
    name = METRICS_BY_KEY[named].name
    lines = " or ".join(f"{'an' if line[0] in 'aeiou' else 'a'} {line} line" for line in absent)
    return (
        f"The {name} does not fit {possessive(company)} statements: none of its ingested filings prints "
        f"{lines}, which the {name} is computed from, so no figure is given."
    )


def _parts(ref: Ref) -> list[Ref]:
    """The refs of the parts an input is printed in, where it has any."""
    return [Ref(part, ref.year, ref.relative) for part in IN_PARTS.get(ref.item, ())]


def _mixed_scales(found: Mapping[Ref, Found]) -> str | None:
    """The inputs, listed with their scales, when currency inputs are printed at different scales (a
    statement "in millions" beside a table read without its scale: a figure off by a million)."""
    scales = {each.cell.display_scale for each in found.values() if each.cell.unit == "USD"}
    if len(scales) <= 1:
        return None
    return "; ".join(
        f"{each.item.name} fiscal {ref.year} at 10^{each.cell.display_scale}" for ref, each in found.items()
    )


def compute(asked: MetricQuestion, found: dict[Ref, Found]) -> Derivation:
    """The metric over the picked cells, recorded over their ids (DerivationError if it cannot be)."""

    def cell_of(leaf: Leaf) -> Expr:
        assert isinstance(leaf, Ref)
        if leaf in found:
            return Cell(found[leaf].cell.cell_id)
        first, *rest = (Cell(found[part].cell.cell_id) for part in _parts(leaf))  # the sum of its parts
        total: Expr = first
        for part in rest:
            total = Bin("+", total, part)
        return total

    cells = {each.cell.cell_id: each.cell.cited() for each in found.values()}
    return formula(render(substitute(asked.expr, cell_of)), cells, asked.dimensionless)


# Words a metric's question adds to its name: "gross margin percentage", "current ratio as a %".
_RATE_WORDS = "percentage percent rate ratio margin times"  # "how many times … its inventory": a turnover


# periods shorter than a fiscal year
_PART_YEAR_KINDS = frozenset({"three_months", "six_months", "nine_months", "year_to_date"})


def _within_a_year(u: QueryUnderstanding) -> bool:
    """Whether the question asks for a quarter or months to date, not a fiscal year."""
    quarter = u.fiscal_period is not None and u.fiscal_period != "FY"
    return quarter or u.period_kind in _PART_YEAR_KINDS


def _year_of_period(u: QueryUnderstanding, filings: list[FilingRef]) -> int | None:
    """The fiscal year of the period a question asks for by its date, or of the quarter it names, or the
    company's fiscal year that is the calendar year named ("calendar 2023", which the metric library does
    not read as a fiscal year)."""
    when = u.period_end or u.as_of or u.through
    if when is not None:
        return fiscal_year_of(when)
    if u.calendar_year and u.fiscal_year is not None and not _within_a_year(u):
        return calendar_fiscal_year(filings, u.fiscal_year)
    return u.fiscal_year if _within_a_year(u) else None


def _dated_within_a_year(u: QueryUnderstanding, filings: list[FilingRef], year: int) -> bool:
    """Whether the question dates its period ("at June 30, 2023", "at end of june '23") other than at fiscal
    `year`'s end."""
    when = u.period_end or u.as_of or u.through
    return when is not None and not ends_fiscal_year(filings, when, year)


def _over_a_part(asked: MetricQuestion, question: str) -> bool:
    """Whether a metric is computed over part of a year as over a year: from that period's own figures, all
    flows of it (free cash flow, a margin) or all balances at its end (a current ratio). One mixing them (a
    return on assets, a turnover, days of sales) depends on how the part is annualised, which the filings
    do not say; one averaged over years, or moved from the year before, reads other periods."""
    natures = {INPUTS_BY_KEY[ref.item].nature for ref in asked.inputs}
    own = all(ref.year == asked.year for ref in asked.inputs)
    formula = len(asked.inputs) > 1  # one line over a quarter is the tables' to answer (`qa.pick`)
    return formula and own and len(natures) == 1 and not _averages(asked.expr) and asked_way(question) is None


async def answer_metric(
    session: AsyncSession,
    question: str,
    u: QueryUnderstanding,
    catalog: Catalog,
    item_terms: frozenset[str] = frozenset(),
) -> TableAnswer | None:
    """The metric a question asks for one company, computed from its filings; None if it asks none, or if
    the question's item says more than the metric's name (`item_terms`: "gross margin on Services" is not
    the company's gross margin): the line items then answer it, each checked for its qualifier."""
    if len(u.companies) != 1:
        return None
    ticker = u.companies[0]
    filings = catalog.filings_of([ticker])
    asked = metric_question(question, _year_of_period(u, filings))
    if asked is None:
        return None
    # a quarter, months to date, or a date that ends no fiscal year: every input is read at that period
    within = u if _within_a_year(u) or _dated_within_a_year(u, filings, asked.year) else None
    if within is not None and not _over_a_part(asked, question):
        return None
    if not asked.stated and item_terms - terms(f"{asked.name} {_RATE_WORDS}") - _naming_terms(
        question, asked
    ):
        return None
    name = catalog.company_name(ticker)
    resolver = Resolver(session, ticker, filings, u.filing_ids, within)
    found, missing = await find_inputs(resolver, ticker, asked)
    if missing and within is not None:
        # a period no statement prints whole (a fourth quarter, a second half) may be a sum of periods
        # printed: the line items' path computes those (`qa.periods.PeriodSum`)
        return None
    answer = TableAnswer(missing=missing)
    if missing:
        return answer  # an input is missing: no figure at all
    mixed = _mixed_scales(found)
    if mixed is not None:
        answer.missing.append(f"{asked.name}: its inputs are printed at different scales ({mixed})")
        return answer
    by_cell = {each.cell.cell_id: each for each in found.values()}
    answer.picks = [pick_of(ticker, name, each) for each in by_cell.values()]
    if isinstance(asked.expr, Ref):
        # one line item as printed: its cell, written as the question asks (an outflow's magnitude, as
        # `abs` of its cell, is computed below)
        answer.picks = [
            replace(pick, written=written(pick.cell.value, pick.cell.unit, asked.presentation))
            for pick in answer.picks
        ]
        return answer
    try:
        derivation = compute(asked, found)
    except DerivationError as error:
        answer.missing.append(f"{asked.name} cannot be computed: {error}")
        answer.picks = []
        return answer
    derivation = replace(derivation, label=asked.name)
    when = None
    if within is not None:
        first = asked.inputs[0]
        at = INPUTS_BY_KEY[first.item].nature == "instant"
        when = f"{'at' if at else 'for'} {resolver.period_words(first)}"
    answer.derived.append(Derived(derivation, tuple(answer.picks), sentence(name, asked, derivation, when)))
    if asked_way(question) is not None:
        # "did capex intensity go up in 2024?": the year before's metric and the move between them
        return await _with_year_before(answer, asked, resolver, ticker, name, found)
    return answer


def _naming_terms(question: str, asked: MetricQuestion) -> frozenset[str]:
    """The question's words that name the metric or its inputs as analysts write them ("net PPNE" for net
    property, plant and equipment): no qualifier of the metric's name."""
    patterns = [INPUTS_BY_KEY[leaf.item].words for leaf in leaves(asked.expr) if isinstance(leaf, Ref)]
    patterns += [metric.names for metric in METRICS if metric.name == asked.name]
    named = terms(" ".join(found.group() for pattern in patterns for found in pattern.finditer(question)))
    # the words of the formula it is computed by ("the average of total assets"): the metric's own
    return named | (_AVERAGE_TERMS if _averages(asked.expr) else frozenset())


_AVERAGE_TERMS = terms("average mean")


def _averages(expr: Expr) -> bool:
    """Whether the expression averages a line over years (`avg(…)`)."""
    if isinstance(expr, Call):
        return expr.fn == "avg" or any(_averages(arg) for arg in expr.args)
    if isinstance(expr, Bin):
        return _averages(expr.left) or _averages(expr.right)
    return isinstance(expr, Neg) and _averages(expr.operand)


def _year_before(expr: Expr) -> Expr:
    return substitute(expr, lambda leaf: Ref(leaf.item, leaf.year - 1) if isinstance(leaf, Ref) else leaf)


async def _with_year_before(
    answer: TableAnswer,
    asked: MetricQuestion,
    resolver: Resolver,
    ticker: str,
    name: str,
    found: dict[Ref, Found],
) -> TableAnswer:
    """The answer with the metric of the year before and its change, each computed over the cited cells; as
    it was, saying what is missing, when the filings print no year before."""
    before = replace(asked, expr=_year_before(asked.expr), year=asked.year - 1)
    earlier, missing = await find_inputs(resolver, ticker, before)
    if missing:
        answer.missing += missing
        return answer
    both = {**found, **earlier}
    move = replace(asked, name=f"{CHANGE_LABEL}{asked.name}", expr=Bin("-", asked.expr, before.expr))
    try:
        level, change = compute(before, both), compute(move, both)
    except DerivationError as error:
        answer.missing.append(f"the change in {asked.name} cannot be computed: {error}")
        return answer
    answer.picks = list(
        unique_picks([*answer.picks, *(pick_of(ticker, name, each) for each in earlier.values())])
    )
    level = replace(level, label=asked.name)
    change = replace(change, label=move.name)
    points = " percentage points" if change.unit == "percent" else ""
    moved = written(change.value, change.unit, asked.presentation).removesuffix("%")
    said = (
        f"From fiscal {before.year} to fiscal {asked.year}, the {move.name} was {moved}{points} (computed "
        "from the cited figures)."
    )
    answer.derived[:0] = [Derived(level, tuple(answer.picks), sentence(name, before, level))]
    answer.derived.append(Derived(change, tuple(answer.picks), said))
    return answer


def metric_inputs(
    sources: Mapping[int, Sequence[int]],
    verdict: Verdict,
    table: TableAnswer | None,
    proven_parts: AbstractSet[int] = frozenset(),
) -> tuple[dict[int, Sequence[int]], list[Failure]]:
    """The figures whose cells are all metric inputs, checked here rather than against the question's
    words (a metric's inputs are lines the question does not name: "DPO" reads accounts payable): each
    cell's row must be a row of the input it stands for, checked again apart from the pick. A ranking's
    figures (`qa.ranking`) are their members' cells tagged with the ranked line's concept: what each stands
    for is its tag; or a line's parts as a table prints them, which must be among `proven_parts`
    (`qa.parts.proven_parts`: read again, they add up to a total of the line). Returns the other figures'
    sources, and a failure per metric figure whose cell fails."""
    own_rule = (ITEM_PREFIX, RANKED_PREFIX, PART_PREFIX)
    picks = {p.cell.cell_id: p for p in (table.picks if table else []) if p.item.key.startswith(own_rule)}
    rest: dict[int, Sequence[int]] = {}
    failures: list[Failure] = []
    for index, cell_ids in sources.items():
        if not cell_ids or not set(cell_ids) <= set(picks):
            rest[index] = cell_ids
            continue
        problems = [_row_problem(picks[cell_id], proven_parts) for cell_id in cell_ids]
        problem = next((found for found in problems if found is not None), None)
        if problem is not None:
            figure = verdict.figures[index].figure
            failures.append(Failure("item", figure.text, (figure.start, figure.end), problem))
    return rest, failures


def _row_problem(pick: Pick, proven_parts: AbstractSet[int]) -> str | None:
    if pick.item.key.startswith(RANKED_PREFIX):
        return None  # a member's cell tagged with the line's concept: what it stands for is its tag
    if pick.item.key.startswith(PART_PREFIX):
        if pick.cell.cell_id in proven_parts:
            return None
        return f"the cell (row {pick.cell.row_label!r}) is not printed as a part of {pick.item.name}"
    item = INPUTS_BY_KEY[pick.item.key.removeprefix(ITEM_PREFIX)]
    # a blank row is the total of its section, as the pick named it from the row's path
    label = pick.cell.row_label if pick.cell.row_label.strip() else pick.item.name
    if item.row_rank(label) is None:
        return f"the cell (row {label!r}) is not {item.name}"
    return None
