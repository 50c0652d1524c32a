"""What each company's filings name, kept: `company_words`

A question naming no company is read with every company's words (its cells' terms, its members' names), to
find the company a product or segment names ("AWS" → Amazon). They were worked out from every company's
cells on that question (0.3–0.5 s a company: minutes at a thousand filings, #31); now each company's are
kept in a row, made the first time they are needed and made again when its filings change.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 10:20:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "company_words",
        sa.Column("ticker", sa.String(16), primary_key=True),
        sa.Column("filing_ids", postgresql.ARRAY(sa.Integer()), nullable=False),
        sa.Column("made_by", sa.Text(), nullable=False),
        sa.Column("terms", postgresql.ARRAY(sa.Text()), nullable=False),
        sa.Column("members", postgresql.ARRAY(sa.Text()), nullable=False),
        sa.Column("initials", postgresql.JSONB(), nullable=False),
        sa.Column("printed", postgresql.JSONB(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("company_words")
