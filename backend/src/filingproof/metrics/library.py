"""The metric library: each analyst metric a formula over line items at years relative to its own (`t`).

A formula says which balances are averaged over which fiscal years (`avg(total_assets@t-1,
total_assets@t)`: the opening and closing balance of year t) and, through its inputs (`metrics.items`),
where each is read from (D&A from the cash-flow statement). A formula may use another metric by name
(`ebitda@t`): it is expanded at that year. Growth, CAGR and n-year averages apply to any metric or item.
"""

import re
from dataclasses import dataclass
from decimal import Decimal

from filingproof.metrics.items import INPUTS_BY_KEY
from filingproof.verify.cells import Unit
from filingproof.verify.expression import Bin, Call, Expr, Leaf, Num, Ref, parse, substitute


class MetricError(ValueError):
    """A formula that names no known item or metric, or that cannot be bound to years."""


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    formula: str  # over items and metrics at years relative to t
    names: re.Pattern[str]  # how a question names it
    dimensionless: Unit = "ratio"  # the unit of a dimensionless value: ratio, or number (days)

    @property
    def expr(self) -> Expr:
        return parse(self.formula)


def _metric(key: str, name: str, formula: str, names: str, dimensionless: Unit = "ratio") -> Metric:
    return Metric(key, name, formula, re.compile(rf"\b(?:{names})(?![\w&])", re.IGNORECASE), dimensionless)


_AVG = "avg({0}@t-1, {0}@t)"

# Most specific first: the first metric a question names is the one asked.
METRICS: tuple[Metric, ...] = (
    _metric("ebitda_less_capex", "EBITDA less capital expenditures", "ebitda@t - capex@t",
            r"(?:unadjusted\s+)?ebitda\s+(?:less|minus)\s+(?:capex|capital\s+expenditures?)"),
    _metric("ebitda_margin", "EBITDA margin", "pct(ebitda@t / revenue@t)",
            r"(?:unadjusted\s+)?ebitda\s+(?:%\s+)?margin"),
    _metric("capex_pct_revenue", "capital expenditures as a percentage of revenue",
            "pct(capex@t / revenue@t)",
            r"(?:capex|capital\s+expenditures?)\s+as\s+a\s+(?:%|percent(?:age)?)\s+of\s+(?:total\s+)?revenues?"),
    _metric("cogs_pct_revenue", "cost of sales as a percentage of revenue",
            "pct(cost_of_sales@t / revenue@t)",
            r"(?:cogs|cost\s+of\s+(?:goods\s+sold|sales))\s+as\s+a\s+(?:%|percent(?:age)?)\s+of\s+"
            r"(?:total\s+)?revenues?"),
    _metric("gross_margin", "gross margin", "pct((revenue@t - cost_of_sales@t) / revenue@t)",
            r"gross\s+(?:profit\s+)?margin"),
    _metric("operating_margin", "operating margin", "pct(operating_income@t / revenue@t)",
            r"(?:unadjusted\s+)?operating\s+(?:profit\s+|income\s+)?margin"),
    _metric("net_margin", "net profit margin", "pct(net_income@t / revenue@t)",
            r"net\s+(?:profit\s+|income\s+)?margin|profit\s+margin"),
    _metric("ebitda", "EBITDA", "operating_income@t + d_and_a@t", r"(?:unadjusted\s+)?ebitda"),
    _metric("roa", "return on assets", f"net_income@t / {_AVG.format('total_assets')}",
            r"return\s+on\s+(?:total\s+)?assets|roa"),
    _metric("roe", "return on equity", f"net_income@t / {_AVG.format('equity')}",
            r"return\s+on\s+(?:shareholders['\u2019]?\s+)?equity|roe"),
    _metric("quick_ratio", "quick ratio",
            "(cash@t + short_term_investments@t + accounts_receivable@t) / current_liabilities@t",
            r"quick\s+ratio|acid[- ]test\s+ratio"),
    _metric("operating_cash_flow_ratio", "operating cash flow ratio",
            "operating_cash_flow@t / current_liabilities@t", r"operating\s+cash\s+flow\s+ratio"),
    _metric("current_ratio", "current ratio", "current_assets@t / current_liabilities@t", r"current\s+ratio"),
    _metric("working_capital", "working capital", "current_assets@t - current_liabilities@t",
            r"(?:net\s+)?working\s+capital"),
    _metric("fixed_asset_turnover", "fixed asset turnover", f"revenue@t / {_AVG.format('ppe_net')}",
            r"fixed[- ]asset\s+turnover(?:\s+ratio)?"),
    _metric("inventory_turnover", "inventory turnover", f"cost_of_sales@t / {_AVG.format('inventories')}",
            r"inventory\s+turnover(?:\s+ratio)?"),
    _metric("asset_turnover", "asset turnover", f"revenue@t / {_AVG.format('total_assets')}",
            r"(?:total\s+)?asset\s+turnover(?:\s+ratio)?"),
    _metric("dso", "days sales outstanding", f"365 * {_AVG.format('accounts_receivable')} / revenue@t",
            r"days\s+sales\s+outstanding|dso", "number"),
    _metric("dio", "days inventory outstanding", f"365 * {_AVG.format('inventories')} / cost_of_sales@t",
            r"days\s+inventory\s+outstanding|days\s+(?:of\s+)?inventory|dio", "number"),
    _metric("dpo", "days payable outstanding",
            f"365 * {_AVG.format('accounts_payable')} "
            "/ (cost_of_sales@t + (inventories@t - inventories@t-1))",
            r"days\s+payables?\s+outstanding|dpo", "number"),
    _metric("ccc", "cash conversion cycle", "dso@t + dio@t - dpo@t", r"cash\s+conversion\s+cycle|ccc",
            "number"),
    _metric("fcf", "free cash flow", "operating_cash_flow@t - capex@t", r"free\s+cash(?:\s+flows?)?|fcf"),
    _metric("payout", "dividend payout ratio", "pct(dividends_paid@t / net_income@t)",
            r"(?:dividend\s+)?payout\s+ratio"),
    _metric("retention", "retention ratio", "pct((net_income@t - dividends_paid@t) / net_income@t)",
            r"retention\s+ratio|plowback\s+ratio"),
    _metric("debt_to_equity", "debt to equity",
            "(short_term_debt@t + current_long_term_debt@t + long_term_debt@t) / equity@t",
            r"debt[- ]to[- ]equity(?:\s+ratio)?"),
    _metric("interest_coverage", "interest coverage", "operating_income@t / interest_expense@t",
            r"interest\s+coverage(?:\s+ratio)?|times\s+interest\s+earned"),
)  # fmt: skip

METRICS_BY_KEY: dict[str, Metric] = {metric.key: metric for metric in METRICS}


def shift(expr: Expr, year: int, absolute: bool = True) -> Expr:
    """`expr` with its relative years moved by `year`: made absolute at year t = `year`, or (with
    `absolute` False) shifted by `year` and kept relative."""

    def moved(leaf: Leaf) -> Expr:
        if isinstance(leaf, Ref) and leaf.relative:
            return Ref(leaf.item, leaf.year + year, relative=not absolute)
        return leaf

    return substitute(expr, moved)


def expand(expr: Expr, definitions: dict[str, Expr] | None = None, depth: int = 0) -> Expr:
    """`expr` over line items only: each metric it names replaced by its formula at that year (a stated
    definition in `definitions` wins over the library's), each outflow wrapped in `abs`."""
    stated = definitions or {}
    if depth > 8:
        raise MetricError("metric definitions refer to each other in a loop")

    def expanded(leaf: Leaf) -> Expr:
        if not isinstance(leaf, Ref):
            return leaf
        definition = stated.get(leaf.item)
        if definition is None and leaf.item in METRICS_BY_KEY:
            definition = METRICS_BY_KEY[leaf.item].expr
        if definition is not None:
            inner = shift(definition, leaf.year, absolute=not leaf.relative)
            return expand(inner, stated, depth + 1)
        item = INPUTS_BY_KEY.get(leaf.item)
        if item is None:
            raise MetricError(f"no line item or metric is called {leaf.item!r}")
        return Call("abs", (leaf,)) if item.outflow else leaf

    return substitute(expr, expanded)


def growth(base: str) -> Expr:
    """Year-over-year growth of an item or metric, in percent of the earlier year's magnitude."""
    earlier, later = Ref(base, -1, True), Ref(base, 0, True)
    return Call("pct", (Bin("/", Bin("-", later, earlier), Call("abs", (earlier,))),))


def cagr(base: str, years: int) -> Expr:
    """The compound annual growth rate over `years` years ending at t, in percent."""
    first, last = Ref(base, -years, True), Ref(base, 0, True)
    power = Bin("^", Bin("/", last, first), Bin("/", Num(Decimal(1)), Num(Decimal(years))))
    return Call("pct", (Bin("-", power, Num(Decimal(1))),))


def average(base: str, years: int) -> Expr:
    """The mean of an item or metric over the `years` fiscal years ending at t."""
    return Call("avg", tuple(Ref(base, offset, True) for offset in range(1 - years, 1)))
