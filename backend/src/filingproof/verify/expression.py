"""The formula language of derived figures: arithmetic over cells or line items, parsed, printed, evaluated.

One grammar serves both sides. An analyst metric is written over line items at fiscal years
(`365 * avg(accounts_payable@FY2016, accounts_payable@FY2017) / cost_of_sales@FY2017`, or with years
relative to the metric's own, `revenue@t-1`); once its inputs are picked, the same expression is printed
over cell ids (`365 * avg([12], [34]) / [56]`) and recorded as a derivation, which the verifier parses
and evaluates again from the cited cells.

    expr  := term (('+' | '-') term)*
    term  := unary (('*' | '/') unary)*
    unary := '-' unary | power
    power := atom ('^' unary)?
    atom  := number | '[' cell id ']' | name '@' year | name '(' expr (',' expr)* ')' | '(' expr ')'
    year  := 'FY' digits | 't' | 't' ('+' | '-') digits

Functions: `avg(a, b, …)` the mean; `pct(x)` x × 100 as a percent; `abs(x)`.

Units are checked as dimensions: currency and shares are counted (USD/share is currency over shares),
sums need equal dimensions, and `pct` takes a dimensionless value. A dimensionless result is a ratio
(or a plain number, e.g. days, when the recorder says so); a `pct` result, or a sum, mean or scaling of
percents, is a percent. Arithmetic runs in a fixed decimal context (28 significant digits, half-even), so
evaluating the same expression over the same values always gives the same digits.
"""

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Context, Decimal, InvalidOperation, localcontext
from typing import Literal

from filingproof.verify.cells import CURRENCIES, Unit, amount_unit

CONTEXT = Context(prec=28, rounding=ROUND_HALF_EVEN)
FUNCTIONS = ("avg", "pct", "abs")
Operator = Literal["+", "-", "*", "/", "^"]


class ExpressionError(ValueError):
    """A formula that does not parse, or that cannot be evaluated (units, division by zero, an input)."""


@dataclass(frozen=True, slots=True)
class Num:
    value: Decimal


@dataclass(frozen=True, slots=True)
class Cell:
    cell_id: int


@dataclass(frozen=True, slots=True)
class Ref:
    """A line item at a fiscal year: absolute (`FY2017`) or relative to the metric's year (`t-1`)."""

    item: str
    year: int
    relative: bool = False


@dataclass(frozen=True, slots=True)
class Neg:
    operand: "Expr"


@dataclass(frozen=True, slots=True)
class Bin:
    op: Operator
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True, slots=True)
class Call:
    fn: str
    args: tuple["Expr", ...]


Expr = Num | Cell | Ref | Neg | Bin | Call
Leaf = Cell | Ref

# ---------------------------------------------------------------------------------------------- printing


def _year(ref: Ref) -> str:
    if not ref.relative:
        return f"FY{ref.year}"
    return "t" if ref.year == 0 else f"t{ref.year:+d}"


def render(expr: Expr) -> str:
    """The expression as text; `parse(render(e)) == e`. Nested operations are parenthesised."""
    if isinstance(expr, Num):
        return format(expr.value, "f")
    if isinstance(expr, Cell):
        return f"[{expr.cell_id}]"
    if isinstance(expr, Ref):
        return f"{expr.item}@{_year(expr)}"
    if isinstance(expr, Neg):
        return f"-{_operand(expr.operand)}"
    if isinstance(expr, Bin):
        return f"{_operand(expr.left)} {expr.op} {_operand(expr.right)}"
    return f"{expr.fn}({', '.join(render(arg) for arg in expr.args)})"


def _operand(expr: Expr) -> str:
    text = render(expr)
    return f"({text})" if isinstance(expr, Bin | Neg) else text


# ----------------------------------------------------------------------------------------------- parsing

_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+(?:\.\d+)?|\.\d+)|\[(?P<cell>\d+)\]|(?P<ref>[a-z_][a-z0-9_]*)@(?P<year>FY\d{4}|t(?:[+-]\d+)?)"
    r"|(?P<name>[a-z_][a-z0-9_]*)|(?P<punct>[-+*/^(),]))"
)


def _tokens(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        found = _TOKEN.match(text, position)
        if found is None or found.end() == position:
            raise ExpressionError(f"cannot read the formula at {text[position:]!r}")
        position = found.end()
        kind = found.lastgroup
        assert kind is not None
        if kind == "year":
            tokens.append(("ref", f"{found['ref']}@{found['year']}"))
        else:
            tokens.append((kind, found[kind]))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self._tokens = _tokens(text)
        self._at = 0

    def _peek(self) -> tuple[str, str] | None:
        return self._tokens[self._at] if self._at < len(self._tokens) else None

    def _take(self, punct: str | None = None) -> tuple[str, str]:
        token = self._peek()
        if token is None or (punct is not None and token != ("punct", punct)):
            raise ExpressionError(f"expected {punct or 'more'} in the formula, got {token}")
        self._at += 1
        return token

    def _is(self, *puncts: str) -> bool:
        token = self._peek()
        return token is not None and token[0] == "punct" and token[1] in puncts

    def parse(self) -> Expr:
        expr = self._expr()
        if self._peek() is not None:
            raise ExpressionError(f"unexpected {self._peek()} in the formula")
        return expr

    def _expr(self) -> Expr:
        return self._left_to_right(("+", "-"), self._term)

    def _term(self) -> Expr:
        return self._left_to_right(("*", "/"), self._unary)

    def _left_to_right(self, operators: tuple[Operator, ...], operand: Callable[[], Expr]) -> Expr:
        """Operands joined by `operators`, grouped from the left (`a - b - c` is `(a - b) - c`)."""
        expr = operand()
        while self._is(*operators):
            taken = self._take()[1]
            op = next(o for o in operators if o == taken)
            expr = Bin(op, expr, operand())
        return expr

    def _unary(self) -> Expr:
        if self._is("-"):
            self._take()
            return Neg(self._unary())
        base = self._atom()
        if self._is("^"):
            self._take()
            return Bin("^", base, self._unary())
        return base

    def _atom(self) -> Expr:
        kind, text = self._take()
        if kind == "number":
            return Num(Decimal(text))
        if kind == "cell":
            return Cell(int(text))
        if kind == "ref":
            return _ref(text)
        if kind == "name":
            if text not in FUNCTIONS:
                raise ExpressionError(f"unknown function {text!r}; known: {', '.join(FUNCTIONS)}")
            self._take("(")
            args = [self._expr()]
            while self._is(","):
                self._take()
                args.append(self._expr())
            self._take(")")
            return Call(text, tuple(args))
        if (kind, text) == ("punct", "("):
            inner = self._expr()
            self._take(")")
            return inner
        raise ExpressionError(f"unexpected {text!r} in the formula")


def _ref(text: str) -> Ref:
    item, year = text.split("@")
    if year.startswith("FY"):
        return Ref(item, int(year[2:]))
    return Ref(item, int(year[1:] or 0), relative=True)


def parse(text: str) -> Expr:
    """The expression `text` writes; ExpressionError if it is not one."""
    return _Parser(text).parse()


def leaves(expr: Expr) -> Iterator[Leaf]:
    """The expression's inputs, in the order they are written (repeats included)."""
    if isinstance(expr, Cell | Ref):
        yield expr
    elif isinstance(expr, Neg):
        yield from leaves(expr.operand)
    elif isinstance(expr, Bin):
        yield from leaves(expr.left)
        yield from leaves(expr.right)
    elif isinstance(expr, Call):
        for arg in expr.args:
            yield from leaves(arg)


def substitute(expr: Expr, replace: Callable[[Leaf], Expr]) -> Expr:
    """The expression with every input replaced (a line item by its cell, a relative year by a year)."""
    if isinstance(expr, Cell | Ref):
        return replace(expr)
    if isinstance(expr, Neg):
        return Neg(substitute(expr.operand, replace))
    if isinstance(expr, Bin):
        return Bin(expr.op, substitute(expr.left, replace), substitute(expr.right, replace))
    if isinstance(expr, Call):
        return Call(expr.fn, tuple(substitute(arg, replace) for arg in expr.args))
    return expr


# -------------------------------------------------------------------------------------------- evaluation

# Powers of each currency (USD, EUR, GBP: one dimension each, so that dollars never add to euros) and of
# shares.
Dims = tuple[int, ...]
_BASES = (*CURRENCIES, "shares")
_DIMENSIONLESS: Dims = (0,) * len(_BASES)


def _dims(**powers: int) -> Dims:
    return tuple(powers.get(base, 0) for base in _BASES)


_UNIT_DIMS: dict[Unit, Dims] = {
    **{amount_unit(currency): _dims(**{currency: 1}) for currency in CURRENCIES},
    **{amount_unit(cur, per_share=True): _dims(**{cur: 1, "shares": -1}) for cur in CURRENCIES},
    "shares": _dims(shares=1),
    "number": _DIMENSIONLESS,
    "ratio": _DIMENSIONLESS,
    "percent": _DIMENSIONLESS,
}


@dataclass(frozen=True, slots=True)
class Quantity:
    value: Decimal
    dims: Dims
    percent: bool = False


def quantity(value: Decimal, unit: Unit) -> Quantity:
    """A cell's value as the evaluator takes it (a percent cell stays in points)."""
    return Quantity(value, _UNIT_DIMS[unit], unit == "percent")


def _add(op: str, left: Quantity, right: Quantity) -> Quantity:
    if left.dims != right.dims or left.percent != right.percent:
        raise ExpressionError(f"cannot {'add' if op == '+' else 'subtract'} values of different units")
    value = left.value + right.value if op == "+" else left.value - right.value
    return Quantity(value, left.dims, left.percent)


def _multiply(op: str, left: Quantity, right: Quantity) -> Quantity:
    if op == "/" and right.value == 0:
        raise ExpressionError("division by zero")
    sign = 1 if op == "*" else -1
    dims = tuple(mine + sign * theirs for mine, theirs in zip(left.dims, right.dims, strict=True))
    value = left.value * right.value if op == "*" else left.value / right.value
    if left.percent and right.percent:
        return Quantity(value, dims, percent=False) if op == "/" else _no_percent_product()
    return Quantity(value, dims, left.percent or (right.percent and op == "*"))


def _no_percent_product() -> Quantity:
    raise ExpressionError("cannot multiply two percents")


def _power(base: Quantity, exponent: Quantity) -> Quantity:
    if base.dims != _DIMENSIONLESS or exponent.dims != _DIMENSIONLESS or base.percent or exponent.percent:
        raise ExpressionError("a power takes dimensionless values")
    try:
        return Quantity(base.value**exponent.value, _DIMENSIONLESS)
    except InvalidOperation as error:
        raise ExpressionError(f"cannot raise {base.value} to {exponent.value}") from error


def _call(fn: str, args: list[Quantity]) -> Quantity:
    if fn == "avg":
        total = args[0]
        for arg in args[1:]:
            total = _add("+", total, arg)
        return Quantity(total.value / len(args), total.dims, total.percent)
    if len(args) != 1:
        raise ExpressionError(f"{fn} takes one argument, got {len(args)}")
    (arg,) = args
    if fn == "abs":
        return Quantity(abs(arg.value), arg.dims, arg.percent)
    if arg.dims != _DIMENSIONLESS or arg.percent:
        raise ExpressionError("pct takes a dimensionless ratio")
    return Quantity(arg.value * 100, _DIMENSIONLESS, percent=True)


def _evaluate(expr: Expr, value_of: Callable[[Leaf], Quantity]) -> Quantity:
    if isinstance(expr, Num):
        return Quantity(expr.value, _DIMENSIONLESS)
    if isinstance(expr, Cell | Ref):
        return value_of(expr)
    if isinstance(expr, Neg):
        inner = _evaluate(expr.operand, value_of)
        return Quantity(-inner.value, inner.dims, inner.percent)
    if isinstance(expr, Bin):
        left, right = _evaluate(expr.left, value_of), _evaluate(expr.right, value_of)
        if expr.op in "+-":
            return _add(expr.op, left, right)
        if expr.op in "*/":
            return _multiply(expr.op, left, right)
        return _power(left, right)
    return _call(expr.fn, [_evaluate(arg, value_of) for arg in expr.args])


def evaluate(expr: Expr, value_of: Callable[[Leaf], Quantity]) -> Quantity:
    """The expression's value and dimensions, its inputs read through `value_of`."""
    with localcontext(CONTEXT):
        return _evaluate(expr, value_of)


def unit_of(result: Quantity, dimensionless: Unit = "ratio") -> Unit:
    """The unit of an evaluated value; `dimensionless` (ratio or number) names a dimensionless one."""
    if result.percent:
        return "percent"
    for unit, dims in _UNIT_DIMS.items():
        if dims == result.dims and dims != _DIMENSIONLESS:
            return unit
    if result.dims == _DIMENSIONLESS:
        return dimensionless
    raise ExpressionError(f"the formula gives a value of no known unit (dimensions {result.dims})")
