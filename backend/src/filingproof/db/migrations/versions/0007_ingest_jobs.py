"""Ingestion as jobs: procrastinate's queue schema, and our record of each ingest job

The queue is procrastinate's (PostgreSQL-backed, on this database): its tables, types and functions are
created here from the schema the installed procrastinate ships (`SchemaManager.get_schema()`), so Alembic
owns every object of the database. A later procrastinate release that changes its schema needs a migration
of ours that applies its SQL migrations (procrastinate/sql/migrations). Its objects are all named
`procrastinate_*`; the models do not declare them (the schema test leaves them out by that prefix).

`ingest_jobs` is ours: what a job ingests, its status, its stages' progress and timings, its error and the
filing it stored.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 10:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from procrastinate.schema import SchemaManager
from sqlalchemy.dialects import postgresql
from sqlalchemy.util import await_only

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PROCRASTINATE_TYPES = (
    "procrastinate_job_status",
    "procrastinate_job_event_type",
    "procrastinate_job_to_defer_v1",
)
_DROP_PROCRASTINATE_FUNCTIONS = """
DO $$ DECLARE f regprocedure; BEGIN
  FOR f IN SELECT oid::regprocedure FROM pg_proc WHERE proname LIKE 'procrastinate%' LOOP
    EXECUTE 'DROP FUNCTION IF EXISTS ' || f || ' CASCADE';
  END LOOP;
END $$;
"""


def _execute_script(script: str) -> None:
    """A multi-statement script (functions with `$$` bodies) in the migration's transaction: through the
    driver's own connection, since SQLAlchemy's asyncpg dialect prepares, and a prepared statement holds
    one command."""
    driver_connection = op.get_bind().connection.driver_connection
    await_only(driver_connection.execute(script))  # type: ignore[union-attr]


def upgrade() -> None:
    _execute_script(SchemaManager.get_schema())
    op.create_table(
        "ingest_jobs",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("request", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("document", sa.LargeBinary(), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("stage", sa.String(length=32), nullable=True),
        sa.Column("stages", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("outcome", sa.String(length=16), nullable=True),
        sa.Column("filing_id", sa.Integer(), sa.ForeignKey("filings.id", ondelete="SET NULL"), nullable=True),
        sa.Column("queue_job_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_index("ix_ingest_jobs_status", "ingest_jobs", ["status"])


def downgrade() -> None:
    op.drop_index("ix_ingest_jobs_status", table_name="ingest_jobs")
    op.drop_table("ingest_jobs")
    _execute_script(
        "DROP TABLE IF EXISTS procrastinate_events, procrastinate_periodic_defers, procrastinate_jobs, "
        "procrastinate_workers CASCADE;"
        + _DROP_PROCRASTINATE_FUNCTIONS
        + "".join(f" DROP TYPE IF EXISTS {name} CASCADE;" for name in _PROCRASTINATE_TYPES)
    )
