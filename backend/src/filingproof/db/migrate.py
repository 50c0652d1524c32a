"""Run Alembic migrations from code (on start, and by `filingproof db upgrade`), on the caller's database."""

import asyncio
from pathlib import Path

from alembic import command
from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["url"] = url
    return config


def upgrade_database(url: str) -> None:
    """Bring the schema to head. Safe to call on every start: a no-op when already current."""
    command.upgrade(alembic_config(url), "head")


async def upgrade_database_async(url: str) -> None:
    # Alembic's env runs its own event loop, so it must not run on the caller's.
    await asyncio.to_thread(upgrade_database, url)
