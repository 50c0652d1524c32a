"""Companies keep the numbers a rename keeps: `companies.file_number`, `companies.tax_id`

A filing from before inline XBRL names its registrant in print, under the name it had then; its commission
file number and employer identification number find the stored company (`ingest.registrants`). Companies
stored before have neither until one of their filings is ingested again.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 07:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("companies", sa.Column("file_number", sa.String(16), nullable=True))
    op.add_column("companies", sa.Column("tax_id", sa.String(9), nullable=True))
    op.create_index("ix_companies_registrant", "companies", ["file_number", "tax_id"])


def downgrade() -> None:
    op.drop_index("ix_companies_registrant", table_name="companies")
    op.drop_column("companies", "tax_id")
    op.drop_column("companies", "file_number")
