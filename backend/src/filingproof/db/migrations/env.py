"""Alembic environment: async engine, on the caller's URL (`db.migrate`); run by `alembic -c alembic.ini`
(its own entry point, for autogenerate during development), on the URL of the process's settings."""

import asyncio

from alembic import context
from sqlalchemy import pool
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from filingproof.config import get_settings
from filingproof.db.models import Base
from filingproof.db.session import database_url

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.attributes.get("url") or database_url(get_settings())


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    engine = create_async_engine(_url(), poolclass=pool.NullPool)
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_async())
