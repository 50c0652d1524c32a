"""Figures computed in code from cited cells, each recorded with its formula and input cells.

Operand order: change is later − earlier; growth is (later − earlier) / |earlier| × 100; margin is
part / whole × 100; ratio is numerator / denominator; difference is first − second (e.g. between two
companies); sum adds any number of operands. All operands must share a unit. Arithmetic runs in a
fixed decimal context (28 significant digits, half-even) so a recomputation reproduces it exactly.

A "formula" derivation (an analyst metric, see `filingproof.metrics`) records its expression over cell ids
in the language of `expression`; recomputing it parses and evaluates that text again from the cited cells.

A "period" derivation is one line's figures added and subtracted to give a period no cell prints (Q4 is the
year less its first nine months; trailing twelve months are the last year plus this year to date less
last year to date): its text is a signed sum of cells, and the period it covers is recomputed from the
cited cells' periods (`verify.period_sums`), never taken from the writer.
"""

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Context, Decimal, localcontext
from typing import Literal, Protocol

from filingproof.verify.cells import Unit
from filingproof.verify.expression import (
    Cell,
    ExpressionError,
    Leaf,
    Quantity,
    evaluate,
    leaves,
    parse,
    quantity,
    unit_of,
)

DerivationKind = Literal["change", "growth", "margin", "ratio", "sum", "difference", "formula", "period"]

_CONTEXT = Context(prec=28, rounding=ROUND_HALF_EVEN)
_HUNDRED = Decimal(100)


class DerivationError(ValueError):
    """The inputs cannot give the derived figure: mixed units, division by zero, missing inputs."""


class Operand(Protocol):
    """A cited cell as arithmetic needs it (`CitedValue` is one)."""

    @property
    def cell_id(self) -> int: ...

    @property
    def value(self) -> Decimal: ...

    @property
    def unit(self) -> Unit: ...


@dataclass(frozen=True, slots=True)
class Derivation:
    kind: DerivationKind
    formula: str
    inputs: tuple[int, ...]
    value: Decimal
    unit: Unit
    label: str = ""  # what a formula computes ("days payable outstanding"), which claims may name


def _ref(operand: Operand) -> str:
    return f"[{operand.cell_id}]"


def _common_unit(operands: Sequence[Operand]) -> Unit:
    units = {operand.unit for operand in operands}
    if len(units) != 1:
        listed = ", ".join(f"{_ref(operand)} {operand.unit}" for operand in operands)
        raise DerivationError(f"inputs must share one unit, got {listed}")
    return operands[0].unit


def _nonzero(operand: Operand) -> Decimal:
    if operand.value == 0:
        raise DerivationError(f"division by zero: cell {_ref(operand)} is 0")
    return operand.value


def _derivation(
    kind: DerivationKind,
    formula: str,
    operands: Sequence[Operand],
    unit: Unit,
    compute: Callable[[], Decimal],
) -> Derivation:
    with localcontext(_CONTEXT):
        value = compute()
    return Derivation(kind, formula, tuple(operand.cell_id for operand in operands), value, unit)


def change(earlier: Operand, later: Operand) -> Derivation:
    unit = _common_unit([earlier, later])
    formula = f"{_ref(later)} - {_ref(earlier)}"
    return _derivation("change", formula, [earlier, later], unit, lambda: later.value - earlier.value)


def growth(earlier: Operand, later: Operand) -> Derivation:
    _common_unit([earlier, later])
    base = _nonzero(earlier)
    formula = f"({_ref(later)} - {_ref(earlier)}) / |{_ref(earlier)}| * 100"
    return _derivation(
        "growth", formula, [earlier, later], "percent", lambda: (later.value - base) / abs(base) * _HUNDRED
    )


def margin(part: Operand, whole: Operand) -> Derivation:
    _common_unit([part, whole])
    base = _nonzero(whole)
    formula = f"{_ref(part)} / {_ref(whole)} * 100"
    return _derivation("margin", formula, [part, whole], "percent", lambda: part.value / base * _HUNDRED)


def ratio(numerator: Operand, denominator: Operand) -> Derivation:
    _common_unit([numerator, denominator])
    base = _nonzero(denominator)
    formula = f"{_ref(numerator)} / {_ref(denominator)}"
    return _derivation("ratio", formula, [numerator, denominator], "ratio", lambda: numerator.value / base)


def total(*operands: Operand) -> Derivation:
    if not operands:
        raise DerivationError("a sum needs at least one input")
    unit = _common_unit(operands)
    formula = " + ".join(_ref(operand) for operand in operands)
    return _derivation("sum", formula, operands, unit, lambda: sum((o.value for o in operands), Decimal(0)))


def difference(first: Operand, second: Operand) -> Derivation:
    unit = _common_unit([first, second])
    formula = f"{_ref(first)} - {_ref(second)}"
    return _derivation("difference", formula, [first, second], unit, lambda: first.value - second.value)


def period_sum(plus: Sequence[Operand], minus: Sequence[Operand]) -> Derivation:
    """One line's figures for several periods, `plus` added and `minus` subtracted: a period's figure."""
    if not plus:
        raise DerivationError("a period's sum needs a figure to add")
    unit = _common_unit([*plus, *minus])
    text = " + ".join(_ref(o) for o in plus) + "".join(f" - {_ref(o)}" for o in minus)
    operands = [*plus, *minus]

    def value() -> Decimal:
        return sum((o.value for o in plus), Decimal(0)) - sum((o.value for o in minus), Decimal(0))

    derivation = _derivation("period", text, operands, unit, value)
    if len(set(derivation.inputs)) != len(derivation.inputs):
        raise DerivationError("a period's sum takes each figure once")
    return derivation


_SIGNED_CELL = re.compile(r"\s*([+-]?)\s*\[(\d+)\]")


def signed_cells(text: str) -> list[tuple[int, int]]:
    """The (sign, cell id) terms of a period derivation's text ("[1] + [2] - [3]"); DerivationError when
    it is not a signed sum of cells, each once, the first added."""
    terms: list[tuple[int, int]] = []
    at = 0
    while at < len(text):
        found = _SIGNED_CELL.match(text, at)
        if found is None or found.end() == at or (terms and not found[1]) or (not terms and found[1] == "-"):
            raise DerivationError(f"not a signed sum of cells: {text!r}")
        terms.append((-1 if found[1] == "-" else 1, int(found[2])))
        at = found.end()
    if not terms or len({cell for _, cell in terms}) != len(terms):
        raise DerivationError(f"not a signed sum of distinct cells: {text!r}")
    return terms


def _period_sum_again(text: str, cited: Mapping[int, Operand]) -> Derivation:
    terms = signed_cells(text)
    missing = [cell for _, cell in terms if cell not in cited]
    if missing:
        raise DerivationError(f"inputs not among the cited cells: {missing}")
    return period_sum(
        [cited[cell] for sign, cell in terms if sign > 0], [cited[cell] for sign, cell in terms if sign < 0]
    )


def formula(text: str, cited: Mapping[int, Operand], dimensionless: Unit = "ratio") -> Derivation:
    """The expression `text` over cell ids evaluated from `cited`; `dimensionless` is the unit a
    dimensionless result is recorded in (ratio, or number for a count such as days)."""
    try:
        expr = parse(text)
        written = list(leaves(expr))
        if not all(isinstance(leaf, Cell) for leaf in written):
            raise DerivationError("a recorded formula's inputs must all be cells")
        inputs = tuple(dict.fromkeys(leaf.cell_id for leaf in written if isinstance(leaf, Cell)))

        def value_of(leaf: Leaf) -> Quantity:
            assert isinstance(leaf, Cell)
            if leaf.cell_id not in cited:
                raise DerivationError(f"inputs not among the cited cells: [{leaf.cell_id}]")
            operand = cited[leaf.cell_id]
            return quantity(operand.value, operand.unit)

        result = evaluate(expr, value_of)
        unit = unit_of(result, dimensionless if dimensionless in ("ratio", "number") else "ratio")
    except ExpressionError as error:
        raise DerivationError(str(error)) from error
    return Derivation("formula", text, inputs, result.value, unit)


def derive(kind: DerivationKind, operands: Sequence[Operand]) -> Derivation:
    """The derivation of `kind` over `operands`, in the order the functions above take them."""
    if kind == "formula":
        raise DerivationError("a formula derivation is made with `formula`, from its text")
    if kind == "period":
        raise DerivationError("a period derivation is made with `period_sum`, from its signed figures")
    if kind == "sum":
        return total(*operands)
    if len(operands) != 2:
        raise DerivationError(f"{kind} takes two inputs, got {len(operands)}")
    binary = {"change": change, "growth": growth, "margin": margin, "ratio": ratio, "difference": difference}
    return binary[kind](operands[0], operands[1])


def recompute(derivation: Derivation, cited: Mapping[int, Operand]) -> Derivation:
    """The derivation redone from cited cells; DerivationError if an input is not cited."""
    missing = [cell_id for cell_id in derivation.inputs if cell_id not in cited]
    if missing:
        raise DerivationError(f"inputs not among the cited cells: {missing}")
    if derivation.kind == "formula":
        return formula(derivation.formula, cited, derivation.unit)
    if derivation.kind == "period":
        return _period_sum_again(derivation.formula, cited)
    return derive(derivation.kind, [cited[cell_id] for cell_id in derivation.inputs])


def check(derivation: Derivation, cited: Mapping[int, Operand]) -> str | None:
    """Why a recorded derivation cannot be trusted, or None if recomputing it gives its value and unit."""
    try:
        redone = recompute(derivation, cited)
    except DerivationError as error:
        return str(error)
    if redone.unit != derivation.unit:
        return f"recorded unit {derivation.unit} but the inputs give {redone.unit}"
    if redone.value != derivation.value:
        return f"recorded value {derivation.value} but the inputs give {redone.value}"
    return None
