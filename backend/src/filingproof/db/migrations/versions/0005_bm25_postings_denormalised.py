"""BM25 postings carry their chunk's filing and length

Ranking joined every posting to its chunk for the length and the filing filter: one index lookup per
posting, 5,000 for a common term, most of a search's time. The copies make the postings self-sufficient.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29 22:35:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("bm25_postings", sa.Column("filing_id", sa.Integer(), nullable=True))
    op.add_column("bm25_postings", sa.Column("length", sa.Integer(), nullable=True))
    op.execute(
        "UPDATE bm25_postings p SET filing_id = c.filing_id, length = c.length "
        "FROM chunks c WHERE c.id = p.chunk_id"
    )
    op.alter_column("bm25_postings", "filing_id", nullable=False)
    op.alter_column("bm25_postings", "length", nullable=False)
    op.create_index("ix_bm25_postings_term_filing", "bm25_postings", ["term_id", "filing_id"])
    op.execute("ANALYZE bm25_postings")


def downgrade() -> None:
    op.drop_index("ix_bm25_postings_term_filing", table_name="bm25_postings")
    op.drop_column("bm25_postings", "length")
    op.drop_column("bm25_postings", "filing_id")
