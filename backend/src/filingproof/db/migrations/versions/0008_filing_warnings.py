"""Filings record what the parser kept as text: `filings.warnings`

A table whose periods or values the parser cannot resolve no longer fails its filing: it is stored as text
(its grid, no cells) and the filing carries one warning line for it. Filings stored before have none.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02 09:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "filings",
        sa.Column("warnings", postgresql.ARRAY(sa.Text()), nullable=False, server_default="{}"),
    )


def downgrade() -> None:
    op.drop_column("filings", "warnings")
