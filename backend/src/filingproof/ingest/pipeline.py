"""Ingest one filing end to end: parse → render → store (→ index), in one transaction.

Idempotent: a filing already stored (same accession or same bytes) by this parser version is left as it
is; one stored by another parser version is replaced. A failure at any stage leaves no row of the filing
behind and no page image on disk.
"""

import hashlib
import logging
import shutil
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, TypeGuard

from playwright.async_api import Browser
from sqlalchemy import delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof import PARSER_VERSION
from filingproof.config import Settings
from filingproof.db.models import Filing
from filingproof.db.session import get_sessionmaker
from filingproof.ingest.parse.document import parse_filing
from filingproof.ingest.metadata import FilingMetadata, resolve_metadata
from filingproof.ingest.progress import Progress, stage
from filingproof.ingest.render import render_document
from filingproof.ingest.store import StoredCounts, store_filing

logger = logging.getLogger(__name__)

IngestOutcome = Literal["ingested", "reingested", "unchanged"]
IndexHook = Callable[[AsyncSession, int], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class FilingSource:
    raw: bytes
    name: str  # file name or URL, for messages
    metadata: FilingMetadata | None = None


@dataclass(slots=True)
class IngestResult:
    filing_id: int
    outcome: IngestOutcome
    ticker: str | None
    form: str
    period_end: str
    counts: StoredCounts
    seconds: dict[str, float] = field(default_factory=dict)


async def ingest_source(
    source: FilingSource,
    settings: Settings,
    browser: Browser,
    progress: Progress,
    index_hook: IndexHook | None = None,
) -> IngestResult:
    seconds: dict[str, float] = {}
    sha256 = hashlib.sha256(source.raw).hexdigest()
    sessionmaker = get_sessionmaker()
    # The same bytes by the same parser: nothing to do, and no need to parse them to know it.
    async with sessionmaker() as session:
        same_bytes = await _existing(session, None, sha256)
    given_accession = source.metadata.accession if source.metadata else None
    if _current(same_bytes) and (same_bytes.accession or not given_accession):
        return _unchanged(same_bytes, seconds)

    started = time.perf_counter()
    with stage(progress, "parse", 1) as current:
        document = parse_filing(source.raw)
        meta = resolve_metadata(document, source.metadata)
        current.advance()
    seconds["parse"] = time.perf_counter() - started

    async with sessionmaker() as session:
        existing = await _existing(session, meta.accession, sha256)
        if _current(existing):
            if meta.accession and not existing.accession:
                existing.accession = meta.accession
                await session.commit()
            return _unchanged(existing, seconds)

    image_prefix = sha256[:16]
    final_dir = settings.pages_dir / image_prefix
    # One staging folder per attempt: two processes ingesting the same document never share one.
    staging_dir = settings.pages_dir / f".staging-{image_prefix}-{uuid.uuid4().hex[:12]}"
    try:
        started = time.perf_counter()
        with stage(progress, "render", len(document.layout.pages)) as current:
            rendering = await render_document(browser, document, staging_dir, settings.page_viewport_width)
            current.advance(len(rendering.pages))
        seconds["render"] = time.perf_counter() - started

        async with sessionmaker() as session, session.begin():
            replaced = await _delete_existing(session, meta.accession, sha256)
            started = time.perf_counter()
            total = len(document.layout.pages) + len(document.tables) + len(document.facts)
            with stage(progress, "store", total) as current:
                filing, counts = await store_filing(
                    session, document, rendering, meta, sha256, source.name, image_prefix, current
                )
            seconds["store"] = time.perf_counter() - started
            if index_hook is not None:
                started = time.perf_counter()
                await index_hook(session, filing.id)
                seconds["index"] = time.perf_counter() - started
            filing_id = filing.id
        _publish(staging_dir, final_dir)
    except BaseException:
        shutil.rmtree(staging_dir, ignore_errors=True)
        raise
    return IngestResult(
        filing_id,
        "reingested" if replaced else "ingested",
        meta.ticker,
        meta.form,
        meta.period_end.isoformat(),
        counts,
        seconds,
    )


def _current(filing: Filing | None) -> TypeGuard[Filing]:
    return filing is not None and filing.parser_version == PARSER_VERSION


def _unchanged(filing: Filing, seconds: dict[str, float]) -> IngestResult:
    counts = StoredCounts(filing.page_count, filing.table_count, filing.cell_count, filing.fact_count)
    return IngestResult(
        filing.id, "unchanged", filing.ticker, filing.form, filing.period_end.isoformat(), counts, seconds
    )


async def _existing(session: AsyncSession, accession: str | None, sha256: str) -> Filing | None:
    condition = (
        Filing.sha256 == sha256
        if accession is None
        else or_(Filing.sha256 == sha256, Filing.accession == accession)
    )
    return (await session.execute(select(Filing).where(condition))).scalars().first()


async def _delete_existing(session: AsyncSession, accession: str | None, sha256: str) -> bool:
    condition = (
        Filing.sha256 == sha256
        if accession is None
        else or_(Filing.sha256 == sha256, Filing.accession == accession)
    )
    result = await session.execute(delete(Filing).where(condition).returning(Filing.id))
    return bool(result.all())


def _publish(staging_dir: Path, final_dir: Path) -> None:
    """Move the rendered pages into place once the rows that point at them are committed. The previous
    images are set aside first and only removed once the new ones are in place."""
    retired = staging_dir.with_name(staging_dir.name.replace(".staging-", ".retired-", 1))
    if final_dir.exists():
        final_dir.rename(retired)
    try:
        staging_dir.rename(final_dir)
    except OSError:
        if retired.exists():
            retired.rename(final_dir)
        raise
    shutil.rmtree(retired, ignore_errors=True)
