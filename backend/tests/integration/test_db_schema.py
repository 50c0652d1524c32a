"""The migrations build exactly the schema the models declare: no table, column or index drifts."""

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.models import Base
from filingproof.db.session import database_url
from filingproof.index.store import VECTOR_INDEX

QUEUE_TABLE_PREFIX = "procrastinate_"


def _declared(obj: Any, name: str | None, kind: str, reflected: bool, compare_to: Any) -> bool:
    # The HNSW index is built after bulk loads (`index.store.finalize_index`), not by a migration.
    if kind == "index" and name == VECTOR_INDEX:
        return False
    # The job queue's own tables (and their indexes), created by migration 0007 from procrastinate's schema.
    table = obj.table.name if kind == "index" else name
    return not (reflected and compare_to is None and (table or "").startswith(QUEUE_TABLE_PREFIX))


def _differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True, "include_object": _declared})
    return list(compare_metadata(context, Base.metadata))


async def test_migrations_match_the_models() -> None:
    url = database_url(get_settings())
    await upgrade_database_async(url)
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            differences = await connection.run_sync(_differences)
    finally:
        await engine.dispose()
    assert differences == []
