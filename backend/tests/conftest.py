"""Shared fixtures: an isolated FILINGPROOF_HOME with its own embedded PostgreSQL, and the ingested corpus.

The home is set before any settings are read, so every part of the product under test (CLI, pipeline,
database) uses it. The corpus is ingested once per session: the integration tiers share it.

`FILINGPROOF_TEST_HOME=DIR` keeps the home in DIR between sessions (a developer's loop: the second session
finds the corpus ingested and unchanged); unset, every session starts from an empty temporary home.
"""

import os
import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

# pgserver runs PostgreSQL as an unprivileged user when tests run as root: the home must be reachable.
_KEEP_HOME = os.environ.get("FILINGPROOF_TEST_HOME")
_HOME = Path(_KEEP_HOME) if _KEEP_HOME else Path(tempfile.mkdtemp(prefix="filingproof-tests-"))
_HOME.mkdir(parents=True, exist_ok=True)
_HOME.chmod(0o755)
os.environ["FILINGPROOF_HOME"] = str(_HOME)
os.environ.pop("DATABASE_URL", None)

from edgar_mirror import CORPUS_DIR, SHARED_DIR  # noqa: E402

from filingproof.config import Settings, get_settings  # noqa: E402
from filingproof.ingest.pipeline import IngestResult  # noqa: E402
from filingproof.ingest.progress import SilentProgress  # noqa: E402
from filingproof.ingest.service import IngestFailure, file_source, filing_files, ingest_sources  # noqa: E402

if TYPE_CHECKING:
    from filingproof.agent.service import Pipeline
    from filingproof.db.session import Sessions


@pytest.fixture(scope="session")
def settings() -> Settings:
    return get_settings()


@pytest.fixture(scope="session")
def sessions() -> "Sessions":
    """The session factory on the session's database: the process's, as the command line uses it."""
    from filingproof.db.session import get_sessionmaker

    return get_sessionmaker()


@pytest.fixture(scope="session")
def pipeline(sessions: "Sessions", settings: Settings) -> "Pipeline":
    """The answer pipeline (and its search) on the session's database and settings, as the command line
    builds it (the deterministic writer)."""
    from filingproof.agent.service import Pipeline

    return Pipeline(sessions, settings)


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    return SHARED_DIR


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    return CORPUS_DIR


@pytest.fixture(scope="session")
def corpus_files(corpus_dir: Path) -> list[Path]:
    return filing_files(corpus_dir)


@pytest.fixture(scope="session")
async def ingested_corpus(
    settings: Settings, sessions: "Sessions", corpus_files: list[Path]
) -> AsyncIterator[tuple[list[IngestResult], list[IngestFailure]]]:
    """The 17 corpus filings ingested (with the default index stage) into the session's database."""
    from filingproof.index.hook import default_index_hook

    results, failures = await ingest_sources(
        [file_source(path) for path in corpus_files],
        settings,
        sessions,
        lambda _name: SilentProgress(),
        default_index_hook(settings),
    )
    yield results, failures


@pytest.fixture(scope="session", autouse=True)
def _remove_home() -> Iterator[None]:
    yield
    if not _KEEP_HOME:
        shutil.rmtree(_HOME / "pages", ignore_errors=True)
