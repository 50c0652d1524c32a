"""Figures computed in code from cited cells, each recorded with its formula and input cells.

Operand order: change is later − earlier; growth is (later − earlier) / |earlier| × 100; margin is
part / whole × 100; ratio is numerator / denominator; difference is first − second (e.g. between two
companies); sum adds any number of operands. All operands must share a unit. Arithmetic runs in a
fixed decimal context (28 significant digits, half-even) so a recomputation reproduces it exactly.

A "formula" derivation (an analyst metric, see `filingproof.metrics`) records its expression over cell ids
in the language of `expression`; recomputing it parses and evaluates that text again from the cited cells.
"""

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

DerivationKind = Literal["change", "growth", "margin", "ratio", "sum", "difference", "formula"]

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
