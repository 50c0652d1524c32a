"""What the read model gives: a filing, a page with its tables, a table with its cells, one cell.

`CellRecord` is the one cell record (exact value, where it sits, its tag's period); `CellOut` is its view in
the API's and the MCP server's pages and tables (the value as a JSON number, the box as an object).
"""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from pydantic import BaseModel, Field, field_validator

from filingproof.db.models import Box as BoxCorners


class FilingOut(BaseModel):
    id: int
    accession: str | None
    cik: int
    ticker: str | None
    company_name: str
    form: str
    period_end: date
    fiscal_year: int | None
    fiscal_period: str | None
    filed_at: date | None
    source_url: str | None
    status: str
    degraded: list[str]
    warnings: list[str] = Field(
        description="What the parser kept as text (a table whose periods or values it could not resolve), "
        "cells whose XBRL tag disagrees with the value read from the page (never cited), and a repaired "
        "inline XBRL document, one line each; the rest of the filing is stored as usual."
    )
    page_count: int
    table_count: int
    cell_count: int
    fact_count: int
    ingested_at: datetime


class FilingList(BaseModel):
    items: list[FilingOut]
    total: int = Field(description="Filings matching the filters, all pages together.")
    limit: int
    offset: int


@dataclass(frozen=True, slots=True)
class CellRecord:
    """A numeric cell: its table and page, its text and parsed value, its period, and the concept and period
    of the XBRL fact tagging it (if any)."""

    id: int
    page_no: int
    table_index: int
    row: int
    col: int
    text: str
    value: Decimal  # in base units: dollars, shares, percent points
    unit: str
    scale: int
    row_label: str
    row_path: list[str]
    column_label: str
    period_kind: str | None
    period_start: date | None
    period_end: date | None
    concept: str | None
    fact_period_start: date | None
    fact_period_end: date | None
    box: BoxCorners | None  # on the page image: x0, y0, x1, y1


class Box(BaseModel):
    """A rectangle on the page image, in its pixels: left, top, right, bottom."""

    x0: float
    y0: float
    x1: float
    y1: float


class CellOut(BaseModel):
    id: int
    row: int
    col: int
    text: str = Field(description="As displayed on the page.")
    value: float = Field(description="In base units: dollars, shares, percent points.")
    unit: str
    scale: int
    row_label: str
    row_path: list[str]
    column_label: str
    period_kind: str | None
    period_start: date | None
    period_end: date | None
    concept: str | None = Field(description="The XBRL concept of the fact tagging this cell, if any.")
    box: Box | None

    @field_validator("box", mode="before")
    @classmethod
    def _corners(cls, value: object) -> object:
        # A record's box is its four corners, in Box's field order.
        return dict(zip(Box.model_fields, value, strict=True)) if isinstance(value, tuple) else value

    @classmethod
    def of(cls, record: CellRecord) -> "CellOut":
        return cls.model_validate(record, from_attributes=True)


class TableOut(BaseModel):
    id: int
    table_index: int
    title: str | None
    scale_text: str | None
    header_rows: int
    grid: list[list[str]]
    cells: list[CellOut] = Field(description="The table's numeric cells on this page.")


class PrintedPageOut(BaseModel):
    """Where a printed page number is: the page's position in the document, for the page routes."""

    filing_id: int
    label: str = Field(description="The page number as printed on the page.")
    page_no: int = Field(description="1-based position of that page in the document.")


class PageOut(BaseModel):
    filing_id: int
    page_no: int
    label: str | None = Field(description="The page number printed on the page, when it shows one.")
    text: str
    width: int | None
    height: int | None
    image_url: str | None
    previous_page: int | None
    next_page: int | None
    tables: list[TableOut]
