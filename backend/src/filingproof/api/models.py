"""The persisted query log behind `GET /stats` (table created by migration 0003)."""

from datetime import datetime

from sqlalchemy import DateTime, Float, Integer, String, Text, func
from sqlalchemy.orm import Mapped, mapped_column

from filingproof.db.models import Base


class QueryLog(Base):
    __tablename__ = "query_logs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), index=True
    )
    question: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))  # an answer status, or "error"
    latency_ms: Mapped[float] = mapped_column(Float)
    provider: Mapped[str] = mapped_column(String(64))  # "deterministic" or the LLM model
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost: Mapped[float] = mapped_column(Float, default=0.0)
    route: Mapped[str] = mapped_column(String(16))  # "sync" | "stream"
