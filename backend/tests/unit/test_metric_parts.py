"""An input a filer prints only in parts (issue 28): Boeing's income statement has "Cost of products" and
"Cost of services" and no line for their total, so its cost of sales is their sum, each part cited; its costs
are printed in parentheses, and a cost is a magnitude whatever its sign."""

from dataclasses import replace
from datetime import date
from decimal import Decimal

from filingproof.metrics.answer import compute
from filingproof.metrics.definition import metric_question
from filingproof.metrics.items import INPUTS_BY_KEY
from filingproof.metrics.resolve import Found
from filingproof.qa.periods import Target
from filingproof.qa.store import CellHit
from filingproof.verify.expression import Ref

FY2022 = Target("duration", date(2022, 12, 31), 365, 2022)
_GROSS_MARGIN = "What was Boeing's gross margin in FY2022? Answer in units of percents."


def _found(item: str, cell_id: int, value: int, label: str) -> Found:
    """A cell of Boeing's FY2022 10-K (FinanceBench's PDF), page 53."""
    cell = CellHit(
        cell_id=cell_id, fact_id=None, concept=None, dimensions={}, text=str(value), value=Decimal(value),
        unit="USD", display_scale=6, row_label=label, column_label="2022", instant=False,
        period_start=date(2022, 1, 1), period_end=date(2022, 12, 31), page_no=53, page_label=None, box=None,
        table_title=None, filing_id=1, accession=None, ticker="BA", form="10-K",
        filing_period_end=date(2022, 12, 31), fiscal_year=2022, fiscal_period="FY",
    )  # fmt: skip
    return Found(Ref(item, 2022), INPUTS_BY_KEY[item], FY2022, cell, label)


def test_gross_margin_over_the_parts_of_cost_of_sales() -> None:
    asked = metric_question(_GROSS_MARGIN)
    assert asked is not None
    found = {
        each.ref: each
        for each in (
            _found("revenue", 6904, 66_608, "Total revenues"),
            _found("cost_of_products", 6907, -53_969, "Cost of products"),
            _found("cost_of_services", 6910, -9_109, "Cost of services"),
        )
    }
    derivation = compute(asked, found)
    assert derivation.formula == "pct(([6904] - abs([6907] + [6910])) / [6904])"
    assert round(derivation.value, 1) == Decimal("5.3")  # (66,608 − 63,078) / 66,608


def test_a_cost_printed_in_parentheses_is_its_magnitude() -> None:
    asked = metric_question(_GROSS_MARGIN)
    assert asked is not None
    whole = _found("cost_of_sales", 1, -63_078, "Cost of sales")
    revenue = _found("revenue", 6904, 66_608, "Total revenues")
    derivation = compute(asked, {whole.ref: whole, revenue.ref: revenue})
    assert round(derivation.value, 1) == Decimal("5.3")
    positive = replace(whole, cell=replace(whole.cell, value=Decimal(63_078)))
    assert compute(asked, {positive.ref: positive, revenue.ref: revenue}).value == derivation.value
