"""Database rows as `qa.vocabulary` reads them, for building a company's vocabulary in a unit test."""

from datetime import date
from decimal import Decimal
from types import SimpleNamespace
from typing import Any


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
