"""Engine and session factory, resolved once per process from the settings."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import lru_cache

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from filingproof.config import Settings, get_settings
from filingproof.db.embedded import embedded_database_url


def database_url(settings: Settings) -> str:
    if settings.database_url:
        url = settings.database_url
        for prefix in ("postgres://", "postgresql://", "postgresql+psycopg2://"):
            if url.startswith(prefix):
                return "postgresql+asyncpg://" + url[len(prefix) :]
        return url
    return embedded_database_url(settings.pg_dir)


@lru_cache
def get_engine() -> AsyncEngine:
    return create_async_engine(
        database_url(get_settings()), pool_size=10, max_overflow=20, pool_pre_ping=True
    )


@lru_cache
def get_sessionmaker() -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(get_engine(), expire_on_commit=False)


@asynccontextmanager
async def session_scope() -> AsyncIterator[AsyncSession]:
    """One unit of work: committed when the block ends normally, rolled back otherwise."""
    async with get_sessionmaker()() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise
