"""Ingesting many filings: from files, a folder, or EDGAR; one browser for all, one transaction each."""

import asyncio
import gzip
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.exc import SQLAlchemyError

from filingproof.config import Settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.page_images import sweep_page_images
from filingproof.db.page_store import page_store
from filingproof.db.session import Sessions, database_url, transaction
from filingproof.index.hook import IndexHook
from filingproof.ingest.errors import IngestError
from filingproof.ingest.metadata import FilingMetadata
from filingproof.ingest.pipeline import FilingSource, IngestResult, ingest_source
from filingproof.ingest.progress import Progress
from filingproof.ingest.render import chromium

logger = logging.getLogger(__name__)


SourceLoader = Callable[[], Awaitable[FilingSource]]


@dataclass(frozen=True, slots=True)
class NamedSource:
    name: str
    load: SourceLoader


@dataclass(slots=True)
class IngestFailure:
    name: str
    error: str


FILING_SUFFIXES = (".htm", ".html", ".xhtml", ".pdf")
GZIP_SUFFIX = ".gz"  # "10-K_0001045810-24-000029.htm.gz": a filing document, gzip-compressed


def is_filing_file(path: Path) -> bool:
    """A filing document by its name: `.htm`, `.html`, `.xhtml`, `.pdf`, also gzip-compressed (`.htm.gz`)."""
    name = path.name.lower().removesuffix(GZIP_SUFFIX)
    return name.endswith(FILING_SUFFIXES)


def filing_files(directory: Path) -> list[Path]:
    """Every filing document (HTML or PDF, plain or `.gz`) under a folder, in a stable order."""
    if not directory.is_dir():
        raise IngestError(f"{directory} is not a folder")
    files = sorted(p for p in directory.rglob("*") if is_filing_file(p) and p.is_file())
    if not files:
        raise IngestError(f"no .htm/.html/.pdf documents (plain or .gz) under {directory}")
    return files


def read_filing(path: Path) -> bytes:
    """A filing document's bytes, decompressed when its name ends in `.gz`."""
    raw = path.read_bytes()
    if not path.name.lower().endswith(GZIP_SUFFIX):
        return raw
    try:
        return gzip.decompress(raw)
    except (OSError, EOFError) as error:  # not gzip, or cut short
        raise IngestError(f"{path} is not a readable gzip file: {error}") from error


async def ingest_sources(
    sources: Sequence[NamedSource],
    settings: Settings,
    sessions: Sessions,
    progress_for: Callable[[str], Progress],
    index_hook: IndexHook | None = None,
) -> tuple[list[IngestResult], list[IngestFailure]]:
    """Ingest each source; one failing does not stop the others, and leaves nothing of itself behind.

    `sessions` open the database of `settings`; `index_hook` indexes each filing as it is stored (none:
    stored unindexed), and finishes the index once at the end when anything was stored."""
    await upgrade_database_async(database_url(settings))
    # What killed ingests left on disk goes first (never a live ingest's folders, in any process).
    await sweep_page_images(sessions, page_store(settings))
    results: list[IngestResult] = []
    failures: list[IngestFailure] = []
    async with chromium(settings.chromium_path) as browser:
        for named in sources:
            try:
                source = await named.load()
                progress = progress_for(named.name)
                results.append(await ingest_source(source, settings, sessions, browser, progress, index_hook))
            except (IngestError, OSError, ValueError, SQLAlchemyError) as error:
                logger.debug("ingest of %s failed", named.name, exc_info=True)
                failures.append(IngestFailure(named.name, str(error)))
    if index_hook is not None and any(result.outcome != "unchanged" for result in results):
        async with transaction(sessions) as session:
            await index_hook.finish(session)
    return results, failures


def file_source(path: Path, metadata: FilingMetadata | None = None) -> NamedSource:
    async def load() -> FilingSource:
        try:
            raw = await asyncio.to_thread(read_filing, path)
        except OSError as error:
            raise IngestError(f"cannot read {path}: {error.strerror}") from error
        return FilingSource(raw=raw, name=str(path), metadata=metadata)

    return NamedSource(str(path), load)
