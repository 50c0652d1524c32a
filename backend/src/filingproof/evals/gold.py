"""The gold set: versioned JSONL items, each with its expected value and the cells it is read from.

A file `gold/<version>.jsonl` is one version; items are never edited in place without a new version, so
runs of the same version compare. `make_gold` regenerates the expected values from the XBRL facts and
checks the committed file against them.
"""

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

GOLD_DIR = Path(__file__).parent / "gold"
DEFAULT_VERSION = "v1"

Kind = Literal[
    "line_item",  # a statement line item for the filing's own period
    "prior_year",  # a figure read from the prior-year column (no filing of its own for that year)
    "quarter",  # a 10-Q's three months
    "year_to_date",  # a 10-Q's six or nine months
    "instant",  # a balance-sheet figure at a date
    "negative",  # a loss or outflow printed in parentheses
    "per_share",  # basic or diluted EPS
    "growth",  # derived: year-over-year percent change
    "margin",  # derived: a line item as a percent of revenue
    "difference",  # derived: change between two years in currency
    "cross_company",  # derived: two companies' figures compared
    "restated",  # a figure two filings print differently: the later one is expected
    "narrative",  # no figure asked for: the right page must be cited
    "out_of_scope",  # a company that is not ingested: must be refused
    "unanswerable_period",  # a period no filing covers: must be refused
]
# Gold v3's kinds: natural questions, written apart from the code (evals/gold/v3.md).
NaturalKind = Literal[
    "value",  # one reported figure
    "derived",  # computed from tagged figures: growth, margin, share, difference, free cash flow, a ratio
    "derived_period",  # a period no column prints: Q4, a half, trailing twelve months
    "unreported_segment",  # a segment or product the company does not report: must be refused
]
# Gold v2's kinds: what a filing prints outside the curated line items (evals/make_gold_v2.py).
ItemKind = Literal[
    "cash_flow",  # a cash-flow statement line
    "balance_sheet",  # a balance-sheet line at a date
    "income_statement",  # an income-statement line other than the curated ones
    "tax_rate",  # the effective tax rate as printed
    "dividends_per_share",  # dividends declared or paid per share
    "share_count",  # weighted-average, outstanding or repurchased shares
    "segment",  # a figure of one operating segment
    "product",  # a figure of one product or service line
    "geography",  # a figure of one country or region
]
Split = Literal["dev", "heldout"]  # heldout: companies kept out of all tuning, scored apart
GoldUnit = Literal["USD", "USD/share", "percent", "ratio", "shares", "number"]
Variant = Literal["plain", "casual", "terse"]  # gold v3: one fact asked three ways

REFUSAL_KINDS: frozenset[str] = frozenset({"out_of_scope", "unanswerable_period", "unreported_segment"})
ANSWERLESS_KINDS: frozenset[str] = REFUSAL_KINDS | {"narrative"}


class GoldSource(BaseModel):
    """Where an expected value is printed: a cell (table, row, column) on a filer's page, or a page
    whose text holds `text` (narrative items)."""

    ticker: str
    form: str
    period_end: date
    page_no: int
    table_index: int | None = None
    row: int | None = None
    col: int | None = None
    text: str
    concept: str | None = None
    scale: int | None = None  # power of ten the cell is printed in ("in millions": 6)
    row_label: str | None = None  # the filer's own row label, as the question's wording came from it


class GoldFact(BaseModel):
    """An XBRL fact an expected value is read from (gold v3): where it is tagged and its value."""

    ticker: str
    file: str  # relative to ../shared
    concept: str
    context: str
    period_start: date | None = None
    period_end: date | None = None
    dims: dict[str, str] = Field(default_factory=dict)
    value: Decimal


class GoldItem(BaseModel):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.\-]*$")
    kind: Kind | ItemKind | NaturalKind
    question: str
    expected: Decimal | None = None  # base units: dollars, dollars per share, percentage points
    unit: GoldUnit | None = None
    # The cells the expected value is read from (derived items: its inputs); any one of them on its page
    # is a retrieval hit. Refusals have none.
    sources: list[GoldSource] = Field(default_factory=list)
    verified: bool = False  # a person checked the expected value against the page image
    note: str | None = None
    # Gold v2 (None in v1): the split, the XBRL fact the value is (its concept in the sources), its
    # dimension members (axis → member: the segment, product or geography asked for), its period, and
    # the value as the filing prints it when the print flips the sign ("(29,745)" for a payment).
    split: Split | None = None
    members: dict[str, str] | None = None
    period_start: date | None = None
    period_end: date | None = None
    printed: Decimal | None = None
    phrasing: Literal["label", "paraphrase", "issue"] | None = None  # where the question's wording came from
    # Gold v3: the family of three wordings of one fact, which wording this is, and the facts and formula
    # its expected value is computed from.
    family: str | None = None
    variant: Variant | None = None
    tickers: list[str] | None = None
    formula: str | None = None
    facts: list[GoldFact] | None = None

    @property
    def answerable(self) -> bool:
        return self.kind not in REFUSAL_KINDS


def gold_path(version: str) -> Path:
    return GOLD_DIR / f"{version}.jsonl"


def version_of(path: Path) -> str:
    return path.stem


def load_gold(path: Path) -> list[GoldItem]:
    """The items of a gold file; a malformed line is an error naming its line number."""
    items: list[GoldItem] = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        try:
            items.append(GoldItem.model_validate_json(line))
        except ValueError as error:
            raise ValueError(f"{path}:{number}: not a gold item: {error}") from error
    ids = [item.id for item in items]
    duplicates = sorted({item_id for item_id in ids if ids.count(item_id) > 1})
    if duplicates:
        raise ValueError(f"{path}: duplicate item ids: {', '.join(duplicates)}")
    return items


def dump_gold(items: list[GoldItem], path: Path) -> None:
    lines = [json.dumps(item.model_dump(mode="json", exclude_none=True)) for item in items]
    path.write_text("\n".join(lines) + "\n")
