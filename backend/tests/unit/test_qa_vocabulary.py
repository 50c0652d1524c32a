"""The filing's own vocabulary: cells described by their row-label path, concept words and members, and
the best fit for an asked phrase. Labels, concepts and members are the corpus filings' own."""

from datetime import date
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from filingproof.qa.periods import Target
from filingproof.qa.vocabulary import build_vocabulary, resolve

YEAR = Target("duration", date(2024, 12, 31), 364, 2024)
NEUTRAL = frozenset({"meta", "platforms"})


def row(cell_id: int, label: str, concept: str | None, value: str, **extra: Any) -> SimpleNamespace:
    """A database row of `qa.vocabulary` for a fiscal-2024 duration cell of Meta's 10-K."""
    fields: dict[str, Any] = {
        "cell_id": cell_id, "fact_id": cell_id if concept else None, "concept": concept,
        "dimensions": {}, "text": value, "value": Decimal(value), "unit": "USD", "display_scale": 6,
        "row_label": label, "row_path": [label], "column_label": "2024", "instant": False,
        "period_start": date(2024, 1, 1), "period_end": date(2024, 12, 31), "page_no": 1,
        "page_label": "1", "x0": None, "y0": None, "x1": None, "y1": None, "table_title": None,
        "filing_id": 1, "accession": "a", "ticker": "META", "form": "10-K",
        "filing_period_end": date(2024, 12, 31), "fiscal_year": 2024, "fiscal_period": "FY",
    }  # fmt: skip
    fields.update(extra)
    return SimpleNamespace(**fields)


PRETAX = "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest"
ROWS = [
    row(1, "Revenue", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "164501"),
    row(2, "Income before provision for income taxes", PRETAX, "70663"),
    row(3, "Provision for income taxes", "us-gaap:IncomeTaxExpenseBenefit", "8303"),
    row(4, "Repurchases of Class A common stock", "us-gaap:PaymentsForRepurchaseOfCommonStock", "30125"),
    row(5, "Revenue", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax", "162355",
        dimensions={"us-gaap:StatementBusinessSegmentsAxis": "meta:FamilyOfAppsMember"}),
    row(6, "Effective tax rate", "us-gaap:EffectiveIncomeTaxRateContinuingOperations", "11.8",
        unit="percent"),
    row(7, "Other", None, "10", row_path=["Other income, net", "Other"]),
    row(8, "Other", None, "12", row_path=["Other income, net", "Other"]),
]  # fmt: skip
VOCAB = build_vocabulary("META", ROWS, NEUTRAL)


def best(phrase: str, preferred: tuple[str, ...] = ()) -> list[int]:
    found = resolve(VOCAB, phrase, [YEAR], NEUTRAL, preferred)
    return [entry.cell.cell_id for entry in found.best] if found else []


def test_the_line_before_the_provision_is_not_the_provision() -> None:
    assert best("income before provision for income taxes") == [2]
    assert best("provision for income taxes") == [3]


def test_concept_words_answer_the_filers_other_wording() -> None:
    # the row says "Repurchases of Class A common stock"; the concept says "payments for repurchase"
    assert best("payments for repurchase of common stock") == [4]


def test_a_member_is_answered_only_when_named() -> None:
    assert best("revenue") == [1]
    assert best("Family of Apps revenue") == [5]


def test_a_printed_ratio_is_read_as_its_cell() -> None:
    assert best("effective tax rate") == [6]
    assert best("provision for income taxes") != [6]


def test_equal_fits_with_different_values_are_ambiguous() -> None:
    found = resolve(VOCAB, "other income other", [YEAR], NEUTRAL)
    assert found is not None and found.ambiguous
    assert sorted(entry.cell.cell_id for entry in found.best) == [7, 8]


def test_no_cell_for_another_period_or_an_unknown_item() -> None:
    assert resolve(VOCAB, "revenue", [Target("duration", date(2022, 12, 31), 364, 2022)], NEUTRAL) is None
    assert best("goodwill impairment") == []
