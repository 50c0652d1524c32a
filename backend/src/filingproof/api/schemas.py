"""Response bodies of the service routes (the filings routes return the read model's, `catalog.models`; the
query routes the pipeline's `QueryResponse`)."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field


class Liveness(BaseModel):
    status: Literal["ok"] = "ok"


class ReadinessCheck(BaseModel):
    name: Literal["database", "pgvector", "embedding_model", "page_images", "query_path"]
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
    recent: list[RecentQuery] = Field(
        description="The latest queries with their questions: for the admin token only, else empty."
    )
