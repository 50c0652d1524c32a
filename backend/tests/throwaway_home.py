"""A throwaway FILINGPROOF_HOME with its own embedded PostgreSQL, for tests whose child processes ingest
(and get killed): started by the test process, so that no killed child ever owns the server. Also a home
holding a few real filings for a test module of its own (`ingested_home`)."""

import asyncio
import os
import shutil
import signal
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from filingproof.config import Settings
from filingproof.db.embedded import embedded_database_url
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import Sessions, create_engine, sessions_for
from filingproof.index.hook import default_index_hook
from filingproof.ingest.pipeline import IngestResult
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import file_source, ingest_sources


def new_home(prefix: str) -> tuple[Path, str]:
    """A new home and the asyncpg URL of its running database."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    path.chmod(0o755)  # under root, the embedded server runs as an unprivileged user
    return path, embedded_database_url(path / "pg")


def stop_database(pg_dir: Path) -> None:
    """A fast shutdown of the home's server (the first line of postmaster.pid is its process id)."""
    pid_file = pg_dir / "postmaster.pid"
    if not pid_file.exists():
        return
    os.kill(int(pid_file.read_text().split()[0]), signal.SIGINT)
    deadline = time.monotonic() + 60
    while pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.1)


@asynccontextmanager
async def migrated_home(prefix: str) -> AsyncIterator[tuple[Path, Sessions]]:
    """A new home with its database migrated, and sessions on it; stopped and removed on exit."""
    path, url = await asyncio.to_thread(new_home, prefix)
    engine = create_engine(url)
    try:
        await upgrade_database_async(url)
        yield path, sessions_for(engine)
    finally:
        await engine.dispose()
        await asyncio.to_thread(stop_database, path / "pg")
        await asyncio.to_thread(shutil.rmtree, path, True)


@dataclass(frozen=True)
class Store:
    """A throwaway home holding real filings: its settings, sessions and what each ingest stored."""

    home: Path
    settings: Settings
    sessions: Sessions
    results: list[IngestResult]


@asynccontextmanager
async def ingested_home(prefix: str, documents: Sequence[Path]) -> AsyncIterator[Store]:
    """A migrated home with `documents` ingested, without embeddings (BM25 only); every one must ingest."""
    async with migrated_home(prefix) as (home, sessions):
        settings = Settings(FILINGPROOF_HOME=home, INGEST_EMBEDDINGS=False)
        results, failures = await ingest_sources(
            [file_source(document) for document in documents],
            settings,
            sessions,
            lambda _name: SilentProgress(),
            default_index_hook(settings, embed=False),
        )
        assert failures == [], failures
        yield Store(home, settings, sessions, results)
