"""Evaluation runs hold a lease that their process renews while they run

A server starting up failed every run left `running`, including a live run of another process. A run now
carries `lease_until`, pushed forward by its process's heartbeat; only a run whose lease has lapsed has
lost its process. Runs from before (no lease) count as lapsed.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30 19:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("eval_runs", sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("eval_runs", "lease_until")
