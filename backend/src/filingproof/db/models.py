"""The relational model: every table of the product. Alembic owns them all (see `migrations/`)."""

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from pgvector.sqlalchemy import Vector
from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    Numeric,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    func,
)
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

EMBEDDING_DIM = 384

JsonB = JSON().with_variant(JSONB(), "postgresql")
Box = tuple[float, float, float, float]  # a cell's box on its page image: x0, y0, x1, y1


def drawn_box(x0: float | None, y0: float | None, x1: float | None, y1: float | None) -> Box | None:
    """The box of a cell from its stored corners, or None when nothing of it is drawn."""
    if x0 is None or y0 is None or x1 is None or y1 is None:
        return None
    return (x0, y0, x1, y1)


class Base(DeclarativeBase):
    pass


class Company(Base):
    __tablename__ = "companies"
    __table_args__ = (Index("ix_companies_registrant", "file_number", "tax_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    cik: Mapped[int] = mapped_column(BigInteger, unique=True)
    ticker: Mapped[str | None] = mapped_column(String(16), index=True)
    name: Mapped[str] = mapped_column(Text)
    aliases: Mapped[list[str]] = mapped_column(ARRAY(Text), default=list)
    # The numbers a rename keeps (migration 0009): a filing that names the company only in print, under a
    # former name, is known by them (`ingest.registrants`). "1-35551", "201665019".
    file_number: Mapped[str | None] = mapped_column(String(16))
    tax_id: Mapped[str | None] = mapped_column(String(9))


class Filing(Base):
    __tablename__ = "filings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    accession: Mapped[str | None] = mapped_column(String(25), unique=True)
    sha256: Mapped[str] = mapped_column(String(64), unique=True)
    company_id: Mapped[int] = mapped_column(ForeignKey("companies.id"), index=True)
    cik: Mapped[int] = mapped_column(BigInteger)
    ticker: Mapped[str | None] = mapped_column(String(16), index=True)
    company_name: Mapped[str] = mapped_column(Text)
    form: Mapped[str] = mapped_column(String(16))
    period_end: Mapped[date] = mapped_column(Date)
    fiscal_year: Mapped[int | None] = mapped_column(Integer)
    fiscal_period: Mapped[str | None] = mapped_column(String(4))
    fiscal_year_end: Mapped[str | None] = mapped_column(
        String(8)
    )  # --MM-DD, from dei:CurrentFiscalYearEndDate
    filed_at: Mapped[date | None] = mapped_column(Date)
    source_url: Mapped[str | None] = mapped_column(Text)
    source_name: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="ready")
    degraded: Mapped[list[str]] = mapped_column(ARRAY(Text), default=list)
    # What the parser kept as text, one line each: "table 12 on page 40 kept as text: …" (its periods or
    # values could not be resolved); the filing is stored all the same.
    warnings: Mapped[list[str]] = mapped_column(ARRAY(Text), default=list, server_default="{}")
    parser_version: Mapped[str] = mapped_column(String(16))
    page_count: Mapped[int] = mapped_column(Integer, default=0)
    table_count: Mapped[int] = mapped_column(Integer, default=0)
    cell_count: Mapped[int] = mapped_column(Integer, default=0)
    fact_count: Mapped[int] = mapped_column(Integer, default=0)
    ingested_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())

    pages: Mapped[list["Page"]] = relationship(
        back_populates="filing", cascade="all, delete-orphan", passive_deletes=True
    )


class Page(Base):
    __tablename__ = "pages"
    __table_args__ = (UniqueConstraint("filing_id", "page_no"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    filing_id: Mapped[int] = mapped_column(ForeignKey("filings.id", ondelete="CASCADE"))
    page_no: Mapped[int] = mapped_column(Integer)  # 1-based position in the document
    label: Mapped[str | None] = mapped_column(String(32))  # the printed page number, when the page shows one
    text: Mapped[str] = mapped_column(Text)
    image_path: Mapped[str | None] = mapped_column(Text)  # relative to settings.pages_dir
    width: Mapped[int | None] = mapped_column(Integer)
    height: Mapped[int | None] = mapped_column(Integer)
    # its text lines as drawn, [text, x0, y0, x1, y1] on the image; None when not measured (PDF, older ingest)
    lines: Mapped[list[list[Any]] | None] = mapped_column(JsonB)
    # its blocks' leads set in bold or italics (`ingest.parse.layout.PageLayout.headings`); None for a PDF
    # page or one stored before headings were kept
    headings: Mapped[list[str] | None] = mapped_column(JsonB)

    filing: Mapped[Filing] = relationship(back_populates="pages")


class Table(Base):
    __tablename__ = "tables"
    __table_args__ = (UniqueConstraint("filing_id", "table_index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    filing_id: Mapped[int] = mapped_column(ForeignKey("filings.id", ondelete="CASCADE"))
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), index=True)
    page_no: Mapped[int] = mapped_column(Integer)
    table_index: Mapped[int] = mapped_column(Integer)  # position among the document's tables
    title: Mapped[str | None] = mapped_column(Text)
    scale_text: Mapped[str | None] = mapped_column(Text)
    scale: Mapped[int] = mapped_column(Integer, default=0)  # power of ten of the "(in millions)" line
    header_rows: Mapped[int] = mapped_column(Integer, default=0)
    grid: Mapped[list[list[str]]] = mapped_column(JsonB)  # display text per logical row and column


class Cell(Base):
    __tablename__ = "cells"
    __table_args__ = (Index("ix_cells_filing_concept", "filing_id", "concept"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    filing_id: Mapped[int] = mapped_column(ForeignKey("filings.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    page_no: Mapped[int] = mapped_column(Integer)
    row: Mapped[int] = mapped_column(Integer)
    col: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)  # as displayed, fragments folded: "$ (1,234 )" → "$(1,234)"
    value: Mapped[Decimal] = mapped_column(Numeric)  # in base units: dollars, shares, percent points
    unit: Mapped[str] = mapped_column(String(16))  # USD, USD/share, percent, shares, number
    scale: Mapped[int] = mapped_column(Integer)
    row_label: Mapped[str] = mapped_column(Text)
    row_path: Mapped[list[str]] = mapped_column(ARRAY(Text))
    column_label: Mapped[str] = mapped_column(Text)
    period_kind: Mapped[str | None] = mapped_column(String(8))  # instant | duration
    period_start: Mapped[date | None] = mapped_column(Date)
    period_end: Mapped[date | None] = mapped_column(Date)
    concept: Mapped[str | None] = mapped_column(Text)  # of the linked fact (xbrl_facts.cell_id), if any
    # The linked fact's value where the cell does not show it (`ingest.parse.tags`): the cell is never cited.
    tag_conflict: Mapped[Decimal | None] = mapped_column(Numeric)
    x0: Mapped[float | None] = mapped_column(Float)
    y0: Mapped[float | None] = mapped_column(Float)
    x1: Mapped[float | None] = mapped_column(Float)
    y1: Mapped[float | None] = mapped_column(Float)

    @property
    def box(self) -> Box | None:
        return drawn_box(self.x0, self.y0, self.x1, self.y1)


class XbrlFact(Base):
    __tablename__ = "xbrl_facts"
    __table_args__ = (Index("ix_facts_filing_concept", "filing_id", "concept"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    filing_id: Mapped[int] = mapped_column(ForeignKey("filings.id", ondelete="CASCADE"))
    fact_key: Mapped[str | None] = mapped_column(Text)  # the element's id attribute
    concept: Mapped[str] = mapped_column(Text)
    value: Mapped[Decimal | None] = mapped_column(Numeric)  # signed, in base units (nil facts: NULL)
    text: Mapped[str] = mapped_column(Text)
    unit: Mapped[str | None] = mapped_column(Text)
    decimals: Mapped[str | None] = mapped_column(String(8))
    scale: Mapped[int] = mapped_column(Integer, default=0)
    negated: Mapped[bool] = mapped_column(default=False)
    context_id: Mapped[str] = mapped_column(Text)
    period_start: Mapped[date | None] = mapped_column(Date)
    period_end: Mapped[date] = mapped_column(Date)
    instant: Mapped[bool] = mapped_column()
    dimensions: Mapped[dict[str, Any]] = mapped_column(JsonB, default=dict)
    page_no: Mapped[int | None] = mapped_column(Integer)
    # indexed (migration 0010): table QA joins a company's cells to their facts by it
    cell_id: Mapped[int | None] = mapped_column(ForeignKey("cells.id", ondelete="SET NULL"), index=True)


class Chunk(Base):
    __tablename__ = "chunks"
    __table_args__ = (UniqueConstraint("page_id", "ordinal"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    filing_id: Mapped[int] = mapped_column(ForeignKey("filings.id", ondelete="CASCADE"), index=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    page_no: Mapped[int] = mapped_column(Integer)
    ordinal: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    length: Mapped[int] = mapped_column(Integer, default=0)  # tokens, for BM25's document length
    embedding: Mapped[list[float] | None] = mapped_column(Vector(EMBEDDING_DIM))


class Bm25Term(Base):
    __tablename__ = "bm25_terms"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    term: Mapped[str] = mapped_column(Text, unique=True)
    df: Mapped[int] = mapped_column(Integer, default=0)


class Bm25Posting(Base):
    __tablename__ = "bm25_postings"
    __table_args__ = (Index("ix_bm25_postings_term_filing", "term_id", "filing_id"),)

    term_id: Mapped[int] = mapped_column(ForeignKey("bm25_terms.id", ondelete="CASCADE"), primary_key=True)
    chunk_id: Mapped[int] = mapped_column(
        ForeignKey("chunks.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    tf: Mapped[int] = mapped_column(Integer)
    # Copies of the chunk's filing and length, so ranking reads postings alone (migration 0005).
    filing_id: Mapped[int] = mapped_column(Integer)
    length: Mapped[int] = mapped_column(Integer)


class Bm25Stats(Base):
    """The one row of corpus-wide BM25 statistics, kept exact by triggers (migration 0002)."""

    __tablename__ = "bm25_stats"
    __table_args__ = (CheckConstraint("id = 1", name="ck_bm25_stats_single_row"),)

    id: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    doc_count: Mapped[int] = mapped_column(BigInteger)
    total_length: Mapped[int] = mapped_column(BigInteger)


class QueryLog(Base):
    """One answered (or failed) query, behind `GET /stats` (migration 0003)."""

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


class EvalRun(Base):
    """A persisted evaluation run (migration 0004); its per-item results are `EvalResult` rows."""

    __tablename__ = "eval_runs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16))  # running | done | failed
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    git_commit: Mapped[str | None] = mapped_column(String(64))
    gold_version: Mapped[str] = mapped_column(String(64), index=True)
    provider: Mapped[str] = mapped_column(String(64))  # "deterministic" or the LLM model
    settings: Mapped[dict[str, Any]] = mapped_column(JsonB, default=dict)  # what shaped the scores
    total: Mapped[int] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer, default=0)
    scores: Mapped[dict[str, Any] | None] = mapped_column(JsonB)
    per_kind: Mapped[dict[str, Any] | None] = mapped_column(JsonB)
    error: Mapped[str | None] = mapped_column(Text)
    # Renewed by the run's process while it runs (migration 0006); a running run past it lost its process.
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class EvalResult(Base):
    __tablename__ = "eval_results"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("eval_runs.id", ondelete="CASCADE"), index=True)
    ordinal: Mapped[int] = mapped_column(Integer)  # position in the gold file
    item_id: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(32))
    result: Mapped[dict[str, Any]] = mapped_column(JsonB)  # an ItemResult


class IngestJob(Base):
    """One ingest run as a job on the queue (migration 0007; `jobs/`): what to ingest, where it stands,
    how long each stage took, how it ended. The queue's own rows (procrastinate's tables, created by the
    same migration) say who runs it; this row is what the command line, the API and the web app read."""

    __tablename__ = "ingest_jobs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(Text)  # a file name, or "EDGAR AAPL 10-K 2024", for people
    request: Mapped[dict[str, Any]] = mapped_column(JsonB)  # an ingest request (jobs.requests)
    # An uploaded or local document's bytes, so that a worker on any machine can ingest it; dropped once
    # the filing is stored.
    document: Mapped[bytes | None] = mapped_column(LargeBinary)
    status: Mapped[str] = mapped_column(String(16), index=True)  # queued|running|retrying|succeeded|failed
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    stage: Mapped[str | None] = mapped_column(String(32))  # the stage now running
    stages: Mapped[list[dict[str, Any]]] = mapped_column(JsonB, default=list)  # per stage: done, total, s
    error: Mapped[str | None] = mapped_column(Text)
    outcome: Mapped[str | None] = mapped_column(String(16))  # ingested | reingested | unchanged
    filing_id: Mapped[int | None] = mapped_column(ForeignKey("filings.id", ondelete="SET NULL"))
    queue_job_id: Mapped[int | None] = mapped_column(BigInteger)  # procrastinate's job id
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class CompanyWords(Base):
    """What a company's filings name, for the reading of questions (migration 0013; `qa.filing_words`):
    worked out from its cells once and kept, so that a question naming no company reads every company's
    words in one query instead of every company's cells. A row holds only while the company's filings
    and the code that made it are the ones it was made from."""

    __tablename__ = "company_words"

    ticker: Mapped[str] = mapped_column(String(16), primary_key=True)
    filing_ids: Mapped[list[int]] = mapped_column(ARRAY(Integer))  # sorted: the filings read
    made_by: Mapped[str] = mapped_column(Text)  # the fingerprint of the code that read them
    terms: Mapped[list[str]] = mapped_column(ARRAY(Text))  # the folded terms of the cells
    members: Mapped[list[str]] = mapped_column(ARRAY(Text))  # members' names, as tagged and as printed
    initials: Mapped[list[list[str]]] = mapped_column(JsonB)  # [short, line]: "f&b", "food and beverage"
    printed: Mapped[list[list[str]]] = mapped_column(JsonB)  # [printed name, tag's name] of one member
