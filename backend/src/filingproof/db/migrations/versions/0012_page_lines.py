"""Pages keep their text lines as drawn: `pages.lines`

Each line of a page's text with its box on the page image, measured in the Chromium layout that draws the
image (like cells' boxes), so that a quoted sentence is outlined where it stands. Pages stored before, and
PDF pages, have none (NULL): their quotes are cited without an outline until the filing is ingested again.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01 17:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("pages", sa.Column("lines", postgresql.JSONB(), nullable=True))


def downgrade() -> None:
    op.drop_column("pages", "lines")
