"""BM25 statistics kept exact by triggers: df per term, chunk count and total length

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 19:30:00

`bm25_terms.df` and the single row of `bm25_stats` (N and the sum of chunk lengths, for avgdl) are
maintained by statement-level triggers on `bm25_postings` and `chunks`, so they stay exact through
inserts, deletes (a filing deleted cascades to its chunks and postings) and rollbacks. A chunk's length
is written once, with the chunk (re-indexing deletes and re-inserts), so updates need no trigger.
Rows of `bm25_terms` are locked in id order before their df changes, so concurrent ingests wait for one
another instead of deadlocking.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_FUNCTIONS = """
CREATE FUNCTION bm25_postings_df_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM bm25_terms WHERE id IN (SELECT term_id FROM added) ORDER BY id FOR UPDATE;
    UPDATE bm25_terms t SET df = t.df + d.n
    FROM (SELECT term_id, count(*) AS n FROM added GROUP BY term_id) d WHERE t.id = d.term_id;
    RETURN NULL;
END $$;

CREATE FUNCTION bm25_postings_df_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM bm25_terms WHERE id IN (SELECT term_id FROM removed) ORDER BY id FOR UPDATE;
    UPDATE bm25_terms t SET df = t.df - d.n
    FROM (SELECT term_id, count(*) AS n FROM removed GROUP BY term_id) d WHERE t.id = d.term_id;
    RETURN NULL;
END $$;

CREATE FUNCTION bm25_chunks_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE bm25_stats s SET doc_count = s.doc_count + d.n, total_length = s.total_length + d.len
    FROM (SELECT count(*) AS n, coalesce(sum(length), 0) AS len FROM added) d WHERE s.id = 1 AND d.n > 0;
    RETURN NULL;
END $$;

CREATE FUNCTION bm25_chunks_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE bm25_stats s SET doc_count = s.doc_count - d.n, total_length = s.total_length - d.len
    FROM (SELECT count(*) AS n, coalesce(sum(length), 0) AS len FROM removed) d WHERE s.id = 1 AND d.n > 0;
    RETURN NULL;
END $$;
"""

_TRIGGERS = """
CREATE TRIGGER bm25_postings_df_added AFTER INSERT ON bm25_postings
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION bm25_postings_df_added();
CREATE TRIGGER bm25_postings_df_removed AFTER DELETE ON bm25_postings
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION bm25_postings_df_removed();
CREATE TRIGGER bm25_chunks_added AFTER INSERT ON chunks
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION bm25_chunks_added();
CREATE TRIGGER bm25_chunks_removed AFTER DELETE ON chunks
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION bm25_chunks_removed();
"""

_NAMES = (
    ("bm25_postings", "bm25_postings_df_added"),
    ("bm25_postings", "bm25_postings_df_removed"),
    ("chunks", "bm25_chunks_added"),
    ("chunks", "bm25_chunks_removed"),
)


def upgrade() -> None:
    op.create_table(
        "bm25_stats",
        sa.Column("id", sa.SmallInteger(), nullable=False),
        sa.Column("doc_count", sa.BigInteger(), nullable=False),
        sa.Column("total_length", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.CheckConstraint("id = 1", name="ck_bm25_stats_single_row"),
    )
    op.execute(
        "INSERT INTO bm25_stats (id, doc_count, total_length) "
        "SELECT 1, count(*), coalesce(sum(length), 0) FROM chunks"
    )
    op.execute(
        "UPDATE bm25_terms t "
        "SET df = coalesce((SELECT count(*) FROM bm25_postings p WHERE p.term_id = t.id), 0)"
    )
    # one statement per execute: asyncpg prepares each statement
    for statement in (*_FUNCTIONS.split("\n\n"), *_TRIGGERS.strip().split(";\n")):
        if statement.strip():
            op.execute(statement)


def downgrade() -> None:
    for table, name in _NAMES:
        op.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
    for _, name in _NAMES:
        op.execute(f"DROP FUNCTION IF EXISTS {name}()")
    op.execute("DROP INDEX IF EXISTS ix_chunks_embedding_hnsw")
    op.drop_table("bm25_stats")
