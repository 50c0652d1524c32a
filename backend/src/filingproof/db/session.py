"""Engines and session factories.

Whoever owns the process's lifetime owns its engine: the API builds one per app from the app's settings
(`create_engine`, `sessions_for`) and passes its sessionmaker down; the command line and the MCP server,
which have no app to hold one, use the process default (`get_engine`, `get_sessionmaker`, `session_scope`,
resolved once from `get_settings()`). Nothing below those edges reaches for the process default.
"""

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from filingproof.config import Settings, get_settings
from filingproof.db.embedded import embedded_database_url

Sessions = async_sessionmaker[AsyncSession]


def database_url(settings: Settings) -> str:
    if settings.database_url:
        url = settings.database_url
        for prefix in ("postgres://", "postgresql://", "postgresql+psycopg2://"):
            if url.startswith(prefix):
                return "postgresql+asyncpg://" + url[len(prefix) :]
        return url
    return embedded_database_url(settings.pg_dir)


def create_engine(url: str) -> AsyncEngine:
    return create_async_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def sessions_for(engine: AsyncEngine) -> Sessions:
    return async_sessionmaker(engine, expire_on_commit=False)


@asynccontextmanager
async def transaction(sessions: Sessions) -> AsyncIterator[AsyncSession]:
    """One unit of work: committed when the block ends normally, rolled back otherwise."""
    async with sessions() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


@lru_cache
def get_engine() -> AsyncEngine:
    """The process default engine (the command line, the MCP server): one per process."""
    return create_engine(database_url(get_settings()))


@lru_cache
def get_sessionmaker() -> Sessions:
    return sessions_for(get_engine())


def session_scope() -> AbstractAsyncContextManager[AsyncSession]:
    """A unit of work on the process default engine (see `transaction`)."""
    return transaction(get_sessionmaker())
