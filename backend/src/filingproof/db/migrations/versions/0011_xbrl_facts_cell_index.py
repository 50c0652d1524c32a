"""An index on `xbrl_facts.cell_id`: the reads that join a company's cells to their facts

Table QA reads a company's cells with the fact each is linked to (`qa.vocabulary`, `qa.store`) by
`xbrl_facts.cell_id`, which had no index: each read scanned every fact of the store (a hash join), so its
cost grew with the store, not with the company (#31).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01 16:00:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_xbrl_facts_cell_id", "xbrl_facts", ["cell_id"])


def downgrade() -> None:
    op.drop_index("ix_xbrl_facts_cell_id", table_name="xbrl_facts")
