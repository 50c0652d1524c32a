"""Cells record a disagreeing tag: `cells.tag_conflict`

The value of the XBRL fact linked to a cell, where the cell does not show it (`ingest.parse.tags`): such a
cell is flagged on its filing and never cited. Cells stored before are NULL until their filing is ingested
again (the parser version changed with this, so the next ingest of a stored filing does it).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-08 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("cells", sa.Column("tag_conflict", sa.Numeric(), nullable=True))


def downgrade() -> None:
    op.drop_column("cells", "tag_conflict")
