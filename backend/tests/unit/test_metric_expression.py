"""The formula language of derived figures, and the verifier re-deriving a recorded formula from the
cited cells. Values are Amazon's FY2017 10-K PDF cells (FinanceBench AMAZON_2017_10K): income statement
page 38, balance sheet page 40, in USD millions."""

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from filingproof.verify import CitedValue, verify_draft
from filingproof.verify.cells import Unit
from filingproof.verify.claims import ClaimCell, claim_failures
from filingproof.verify.derive import Derivation, DerivationError, check, formula, recompute
from filingproof.verify.expression import (
    Bin,
    Call,
    Cell,
    ExpressionError,
    Leaf,
    Num,
    Quantity,
    Ref,
    evaluate,
    leaves,
    parse,
    quantity,
    render,
    unit_of,
)
from filingproof.verify.items import CellFacts

MILLION = Decimal(10) ** 6
END_2016, END_2017 = date(2016, 12, 31), date(2017, 12, 31)


def _balance(cell_id: int, millions: int, end: date) -> CitedValue:
    return CitedValue(cell_id, millions * MILLION, "USD", 6, "instant", None, end)


def _flow(cell_id: int, millions: int) -> CitedValue:
    return CitedValue(cell_id, millions * MILLION, "USD", 6, "duration", date(2017, 1, 1), END_2017)


# Amazon, page 40: accounts payable 25,309 (2016) and 34,616 (2017); inventories 11,461 and 16,047;
# page 38: cost of sales 111,934 (2017)
CELLS = {
    674: _balance(674, 25_309, END_2016),
    675: _balance(675, 34_616, END_2017),
    660: _balance(660, 11_461, END_2016),
    661: _balance(661, 16_047, END_2017),
    568: _flow(568, 111_934),
}
DPO = "365 * avg([674], [675]) / ([568] + ([661] - [660]))"


@pytest.mark.parametrize(
    "text",
    [
        "(365 * avg(accounts_payable@FY2016, accounts_payable@FY2017)) / (cost_of_sales@FY2017 + "
        "(inventories@FY2017 - inventories@FY2016))",
        "pct((revenue@t - revenue@t-1) / abs(revenue@t-1))",
        "pct(((revenue@t / revenue@t-2) ^ (1 / 2)) - 1)",
        "(-[12]) + [13]",
    ],
)
def test_printing_a_parsed_formula_gives_it_back(text: str) -> None:
    assert render(parse(text)) == text
    assert parse(render(parse(text))) == parse(text)


def test_the_grammar_reads_precedence_years_and_functions() -> None:
    expr = parse("365 * avg(accounts_payable@FY2016, accounts_payable@t-1) / cogs@t")
    assert expr == Bin(
        "/",
        Bin(
            "*",
            Num(Decimal(365)),
            Call("avg", (Ref("accounts_payable", 2016), Ref("accounts_payable", -1, True))),
        ),
        Ref("cogs", 0, True),
    )
    assert [leaf for leaf in leaves(parse(DPO)) if isinstance(leaf, Cell)] == [
        Cell(674),
        Cell(675),
        Cell(568),
        Cell(661),
        Cell(660),
    ]


@pytest.mark.parametrize("text", ["365 *", "avg([1]", "sqrt([1])", "[1] % [2]", "revenue@2017"])
def test_what_is_no_formula_is_refused(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)


def test_amazon_dpo_over_its_cells() -> None:
    """365 × average(25,309, 34,616) / (111,934 + 16,047 − 11,461) = 93.8578… days (FinanceBench: 93.86)."""
    derivation = formula(DPO, CELLS, "number")
    assert derivation.kind == "formula"
    assert derivation.unit == "number"
    assert derivation.inputs == (674, 675, 568, 661, 660)
    assert derivation.value.quantize(Decimal("0.0001")) == Decimal("93.8578")


def test_units_are_checked_as_dimensions() -> None:
    assert formula("[674] - [660]", CELLS).unit == "USD"
    assert formula("[674] / [660]", CELLS).unit == "ratio"
    assert formula("pct([674] / [568])", CELLS).unit == "percent"
    growth = formula("pct(([675] - [674]) / abs([674]))", CELLS)
    assert growth.unit == "percent"
    assert growth.value.quantize(Decimal("0.01")) == Decimal("36.77")  # (34,616 − 25,309) / 25,309
    for mixed in ("[674] + 1", "pct([674])", "[674] * [675] + [660]"):
        with pytest.raises(DerivationError):
            formula(mixed, CELLS)


def test_percent_arithmetic() -> None:
    def value_of(leaf: Leaf) -> Quantity:
        return quantity(Decimal(2), "percent")

    assert unit_of(evaluate(parse("avg([1], [2])"), value_of)) == "percent"
    assert unit_of(evaluate(parse("[1] / [2]"), value_of)) == "ratio"
    with pytest.raises(ExpressionError):
        evaluate(parse("[1] * [2]"), value_of)


def test_recomputing_needs_every_input_cited() -> None:
    recorded = formula(DPO, CELLS, "number")
    assert recompute(recorded, CELLS) == recorded
    without = {cell_id: cell for cell_id, cell in CELLS.items() if cell_id != 661}
    assert check(recorded, without) == "inputs not among the cited cells: [661]"
    forged = Derivation("formula", DPO, recorded.inputs, Decimal("95.00"), "number")
    assert check(forged, CELLS) == f"recorded value 95.00 but the inputs give {recorded.value}"
    relabelled = Derivation("formula", DPO, recorded.inputs, recorded.value, "USD")
    assert check(relabelled, CELLS) == "recorded unit USD but the inputs give ratio"  # days are a ratio


def test_the_verifier_holds_the_written_figure_to_the_formula_at_its_precision() -> None:
    recorded = formula(DPO, CELLS, "number")
    cited = list(CELLS.values())
    assert verify_draft("Amazon's DPO for fiscal 2017 is 93.86 days.", cited, [recorded]).ok
    assert verify_draft("Amazon's DPO for fiscal 2017 is 93.9 days.", cited, [recorded]).ok
    off = verify_draft("Amazon's DPO for fiscal 2017 is 93.87 days.", cited, [recorded])
    assert not off.ok and off.failed[0].text == "93.87"
    forged = Derivation("formula", DPO, recorded.inputs, Decimal("93.87"), "number")
    assert not verify_draft("Amazon's DPO for fiscal 2017 is 93.87 days.", cited, [forged]).ok


ROWS = {
    674: "Accounts payable",
    675: "Accounts payable",
    660: "Inventories",
    661: "Inventories",
    568: "Cost of sales",
}


def _claimed(cell: CitedValue) -> ClaimCell:
    facts = CellFacts(
        row_path=(ROWS[cell.cell_id],),
        instant=cell.period_kind == "instant",
        period_start=cell.period_start,
        period_end=cell.period_end,
        company="AMZN",
        company_names=("Amazon",),
        value=cell.value,
    )
    return ClaimCell(cell.cell_id, "AMZN", cell.value, cell.period, ROWS[cell.cell_id], (facts,))


def test_a_claim_names_the_metric_a_formula_is_labelled_with() -> None:
    """ "Amazon's days payable outstanding … is 93.86": no input row says "days payable outstanding"; the
    formula's label does, and nothing else may stand in for it."""
    draft = (
        "Amazon's days payable outstanding for fiscal 2017 is 93.86 days (computed from the cited figures)."
    )
    cited = list(CELLS.values())
    claimed = {cell.cell_id: _claimed(cell) for cell in cited}
    unlabelled = formula(DPO, CELLS, "number")

    def claim_problems(derivation: Derivation) -> list[str]:
        checks = verify_draft(draft, cited, [derivation]).figures
        return [f.reason for f in claim_failures(draft, checks, claimed, [derivation], {"AMZN": ("Amazon",)})]

    assert claim_problems(replace(unlabelled, label="days payable outstanding")) == []
    assert claim_problems(unlabelled) == ["no input of the derivation carries ['day', 'outstanding']"]
    assert claim_problems(replace(unlabelled, label="inventory turnover")) == [
        "no input of the derivation carries ['day', 'outstanding']"
    ]


def test_euros_never_add_to_dollars_and_keep_their_currency() -> None:
    units: dict[int, Unit] = {1: "EUR", 2: "USD", 3: "EUR", 4: "EUR/share"}

    def value_of(leaf: Leaf) -> Quantity:
        assert isinstance(leaf, Cell)
        return quantity(Decimal(leaf.cell_id), units[leaf.cell_id])

    with pytest.raises(ExpressionError, match="different units"):
        evaluate(parse("[1] + [2]"), value_of)
    assert unit_of(evaluate(parse("[1] + [3]"), value_of)) == "EUR"
    assert unit_of(evaluate(parse("[1] / [3]"), value_of)) == "ratio"
    assert unit_of(evaluate(parse("[4] * 2"), value_of)) == "EUR/share"
