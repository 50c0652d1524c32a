"""filings pages tables cells facts chunks bm25

Revision ID: 0001
Revises:
Create Date: 2026-11-29 19:06:31.683003
"""

from collections.abc import Sequence

import pgvector.sqlalchemy
import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS vector")
    op.create_table(
        "bm25_terms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("term", sa.Text(), nullable=False),
        sa.Column("df", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("term"),
    )
    op.create_table(
        "companies",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("cik", sa.BigInteger(), nullable=False),
        sa.Column("ticker", sa.String(length=16), nullable=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("aliases", postgresql.ARRAY(sa.Text()), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("cik"),
    )
    op.create_index(op.f("ix_companies_ticker"), "companies", ["ticker"], unique=False)
    op.create_table(
        "filings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("accession", sa.String(length=25), nullable=True),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("company_id", sa.Integer(), nullable=False),
        sa.Column("cik", sa.BigInteger(), nullable=False),
        sa.Column("ticker", sa.String(length=16), nullable=True),
        sa.Column("company_name", sa.Text(), nullable=False),
        sa.Column("form", sa.String(length=16), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("fiscal_year", sa.Integer(), nullable=True),
        sa.Column("fiscal_period", sa.String(length=4), nullable=True),
        sa.Column("fiscal_year_end", sa.String(length=8), nullable=True),
        sa.Column("filed_at", sa.Date(), nullable=True),
        sa.Column("source_url", sa.Text(), nullable=True),
        sa.Column("source_name", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("degraded", postgresql.ARRAY(sa.Text()), nullable=False),
        sa.Column("parser_version", sa.String(length=16), nullable=False),
        sa.Column("page_count", sa.Integer(), nullable=False),
        sa.Column("table_count", sa.Integer(), nullable=False),
        sa.Column("cell_count", sa.Integer(), nullable=False),
        sa.Column("fact_count", sa.Integer(), nullable=False),
        sa.Column("ingested_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(
            ["company_id"],
            ["companies.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("accession"),
        sa.UniqueConstraint("sha256"),
    )
    op.create_index(op.f("ix_filings_company_id"), "filings", ["company_id"], unique=False)
    op.create_index(op.f("ix_filings_ticker"), "filings", ["ticker"], unique=False)
    op.create_table(
        "pages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_id", sa.Integer(), nullable=False),
        sa.Column("page_no", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(length=32), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("image_path", sa.Text(), nullable=True),
        sa.Column("width", sa.Integer(), nullable=True),
        sa.Column("height", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["filing_id"], ["filings.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("filing_id", "page_no"),
    )
    op.create_table(
        "chunks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_id", sa.Integer(), nullable=False),
        sa.Column("page_id", sa.Integer(), nullable=False),
        sa.Column("page_no", sa.Integer(), nullable=False),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("length", sa.Integer(), nullable=False),
        sa.Column("embedding", pgvector.sqlalchemy.vector.VECTOR(dim=384), nullable=True),
        sa.ForeignKeyConstraint(["filing_id"], ["filings.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["page_id"], ["pages.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("page_id", "ordinal"),
    )
    op.create_index(op.f("ix_chunks_filing_id"), "chunks", ["filing_id"], unique=False)
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_id", sa.Integer(), nullable=False),
        sa.Column("page_id", sa.Integer(), nullable=False),
        sa.Column("page_no", sa.Integer(), nullable=False),
        sa.Column("table_index", sa.Integer(), nullable=False),
        sa.Column("title", sa.Text(), nullable=True),
        sa.Column("scale_text", sa.Text(), nullable=True),
        sa.Column("scale", sa.Integer(), nullable=False),
        sa.Column("header_rows", sa.Integer(), nullable=False),
        sa.Column(
            "grid",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(["filing_id"], ["filings.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["page_id"], ["pages.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("filing_id", "table_index"),
    )
    op.create_index(op.f("ix_tables_page_id"), "tables", ["page_id"], unique=False)
    op.create_table(
        "bm25_postings",
        sa.Column("term_id", sa.Integer(), nullable=False),
        sa.Column("chunk_id", sa.Integer(), nullable=False),
        sa.Column("tf", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["chunk_id"], ["chunks.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["term_id"], ["bm25_terms.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("term_id", "chunk_id"),
    )
    op.create_index(op.f("ix_bm25_postings_chunk_id"), "bm25_postings", ["chunk_id"], unique=False)
    op.create_table(
        "cells",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("page_no", sa.Integer(), nullable=False),
        sa.Column("row", sa.Integer(), nullable=False),
        sa.Column("col", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("value", sa.Numeric(), nullable=False),
        sa.Column("unit", sa.String(length=16), nullable=False),
        sa.Column("scale", sa.Integer(), nullable=False),
        sa.Column("row_label", sa.Text(), nullable=False),
        sa.Column("row_path", postgresql.ARRAY(sa.Text()), nullable=False),
        sa.Column("column_label", sa.Text(), nullable=False),
        sa.Column("period_kind", sa.String(length=8), nullable=True),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=True),
        sa.Column("concept", sa.Text(), nullable=True),
        sa.Column("x0", sa.Float(), nullable=True),
        sa.Column("y0", sa.Float(), nullable=True),
        sa.Column("x1", sa.Float(), nullable=True),
        sa.Column("y1", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(["filing_id"], ["filings.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_cells_filing_concept", "cells", ["filing_id", "concept"], unique=False)
    op.create_index(op.f("ix_cells_filing_id"), "cells", ["filing_id"], unique=False)
    op.create_index(op.f("ix_cells_table_id"), "cells", ["table_id"], unique=False)
    op.create_table(
        "xbrl_facts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("filing_id", sa.Integer(), nullable=False),
        sa.Column("fact_key", sa.Text(), nullable=True),
        sa.Column("concept", sa.Text(), nullable=False),
        sa.Column("value", sa.Numeric(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("unit", sa.Text(), nullable=True),
        sa.Column("decimals", sa.String(length=8), nullable=True),
        sa.Column("scale", sa.Integer(), nullable=False),
        sa.Column("negated", sa.Boolean(), nullable=False),
        sa.Column("context_id", sa.Text(), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=True),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("instant", sa.Boolean(), nullable=False),
        sa.Column(
            "dimensions",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("page_no", sa.Integer(), nullable=True),
        sa.Column("cell_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["cell_id"], ["cells.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["filing_id"], ["filings.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_facts_filing_concept", "xbrl_facts", ["filing_id", "concept"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_facts_filing_concept", table_name="xbrl_facts")
    op.drop_table("xbrl_facts")
    op.drop_index(op.f("ix_cells_table_id"), table_name="cells")
    op.drop_index(op.f("ix_cells_filing_id"), table_name="cells")
    op.drop_index("ix_cells_filing_concept", table_name="cells")
    op.drop_table("cells")
    op.drop_index(op.f("ix_bm25_postings_chunk_id"), table_name="bm25_postings")
    op.drop_table("bm25_postings")
    op.drop_index(op.f("ix_tables_page_id"), table_name="tables")
    op.drop_table("tables")
    op.drop_index(op.f("ix_chunks_filing_id"), table_name="chunks")
    op.drop_table("chunks")
    op.drop_table("pages")
    op.drop_index(op.f("ix_filings_ticker"), table_name="filings")
    op.drop_index(op.f("ix_filings_company_id"), table_name="filings")
    op.drop_table("filings")
    op.drop_index(op.f("ix_companies_ticker"), table_name="companies")
    op.drop_table("companies")
    op.drop_table("bm25_terms")
