"""Pages keep their headings: `pages.headings`

Each prose block's lead set in bold or italics, and an item's title laid out as a table, in the page's order
(`ingest.parse.layout.PageLayout.headings`): a 10-K's risk factors are listed by them (`agent.risk_factors`).
Pages stored before, and PDF pages, have none (NULL): their risk factors are not listed by heading until the
filing is ingested again (the parser version says so).

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-07 21:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("pages", sa.Column("headings", postgresql.JSONB(), nullable=True))


def downgrade() -> None:
    op.drop_column("pages", "headings")
