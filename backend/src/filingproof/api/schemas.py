"""Response bodies of the read routes (the query routes return the pipeline's `QueryResponse`)."""

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field


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


class TableOut(BaseModel):
    id: int
    table_index: int
    title: str | None
    scale_text: str | None
    header_rows: int
    grid: list[list[str]]
    cells: list[CellOut] = Field(description="The table's numeric cells on this page.")


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


class Liveness(BaseModel):
    status: Literal["ok"] = "ok"


class ReadinessCheck(BaseModel):
    name: Literal["database", "pgvector", "embedding_model", "page_images"]
    ok: bool
    detail: str


class Readiness(BaseModel):
    ready: bool
    checks: list[ReadinessCheck]


class Latency(BaseModel):
    p50_ms: float | None
    p95_ms: float | None


class ProviderCost(BaseModel):
    provider: str
    queries: int
    tokens: int
    cost: float


class RecentQuery(BaseModel):
    id: int
    created_at: datetime
    question: str
    status: str
    latency_ms: float
    provider: str
    cost: float


class Stats(BaseModel):
    queries: int
    latency: Latency
    statuses: dict[str, int]
    cost_by_provider: list[ProviderCost]
    recent: list[RecentQuery]
