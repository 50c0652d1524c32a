"""Ingest one filing end to end: parse → render → store (→ index), in one transaction.

Idempotent: a filing already stored (same accession or same bytes) by this parser version, with every
page image on disk, is left as it is; one stored by another parser version, or missing images, is stored
anew. A failure at any stage leaves no row of the filing behind and no page image on disk; a kill at any
point leaves no row naming a missing image (the images are published before the rows are committed, see
`db.page_images`), and what a killed ingest left on disk is swept at the next ingest or server start.
"""

import hashlib
import logging
import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

from playwright.async_api import Browser
from sqlalchemy import ColumnElement, delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof import PARSER_VERSION
from filingproof.config import Settings
from filingproof.db.models import Filing
from filingproof.db.page_images import filing_image_prefixes, image_attempt, missing_page_images
from filingproof.db.page_store import PageStore, page_store
from filingproof.db.session import Sessions
from filingproof.index.bm25 import lock_statistics
from filingproof.index.hook import IndexHook
from filingproof.ingest.edgar_record import record_stored_filing, with_edgar_record
from filingproof.ingest.metadata import CompleteMetadata, FilingMetadata
from filingproof.ingest.parse.document import ParsedDocument
from filingproof.ingest.pdf.source import parse_source, render_source
from filingproof.ingest.progress import Progress, stage
from filingproof.ingest.registrants import stored_registrants
from filingproof.ingest.render import Rendering
from filingproof.ingest.store import StoredCounts, store_filing

logger = logging.getLogger(__name__)

IngestOutcome = Literal["ingested", "reingested", "unchanged"]


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
    sessions: Sessions,
    browser: Browser,
    progress: Progress,
    index_hook: IndexHook | None = None,
) -> IngestResult:
    run = _Run(settings, sessions, browser, progress, index_hook)
    sha256 = hashlib.sha256(source.raw).hexdigest()
    # The same bytes by the same parser: nothing to do, and no need to parse them to know it.
    async with sessions() as session:
        stored = await _existing(session, None, sha256)
        same_bytes = await _reusable(session, page_store(settings), stored, quiet=True)
    given_accession = source.metadata.accession if source.metadata else None
    if same_bytes is not None and (same_bytes.accession or not given_accession):
        if same_bytes.accession is None:  # stored from a file while EDGAR could not be read: try again
            await record_stored_filing(sessions, same_bytes.id, source.name, settings)
        return _unchanged(same_bytes, run.seconds)

    with run.timed("parse"), stage(progress, "parse", 1) as current:
        document, meta = await parse_source(
            source.raw, source.name, source.metadata, settings, stored_registrants(sessions)
        )
        current.advance()
    meta = await with_edgar_record(meta, source.name, settings)
    async with sessions() as session:
        stored = await _existing(session, meta.accession, sha256)
        existing = await _reusable(session, page_store(settings), stored)
        if existing is not None:
            if meta.accession and not existing.accession:
                existing.accession = meta.accession
                existing.filed_at = existing.filed_at or meta.filed_at
                await session.commit()
            return _unchanged(existing, run.seconds)
    return await run.render_and_store(document, meta, sha256, source.name)


@dataclass(slots=True)
class _Run:
    """The render and store stages of one ingest, and how long each stage took."""

    settings: Settings
    sessions: Sessions
    browser: Browser
    progress: Progress
    index_hook: IndexHook | None
    seconds: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def timed(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        yield
        self.seconds[name] = time.perf_counter() - started

    async def render_and_store(
        self, document: ParsedDocument, meta: CompleteMetadata, sha256: str, source_name: str
    ) -> IngestResult:
        """Page images go to this attempt's own folder, published before the rows that name it are
        committed; the replaced filing's images are removed after the commit."""
        async with image_attempt(self.sessions, page_store(self.settings), sha256) as images:
            with self.timed("render"), stage(self.progress, "render", len(document.layout.pages)) as current:
                width, stall_s = self.settings.page_viewport_width, self.settings.render_stall_s
                rendering = await render_source(self.browser, document, images.staging_dir, width, stall_s)
                current.advance(len(rendering.pages))
            _kill_point("rendered")
            await images.publish()
            _kill_point("published")
            async with self.sessions() as session, session.begin():
                replaced = await _existing_ids(session, meta.accession, sha256)
                replaced_images = await filing_image_prefixes(session, replaced)
                if replaced:  # its chunks and postings go with it: the index's lock first
                    await lock_statistics(session)
                await session.execute(delete(Filing).where(Filing.id.in_(replaced)))
                filing, counts = await self._store(
                    session, images.prefix, document, rendering, meta, sha256, source_name
                )
                filing_id = filing.id
                _kill_point("stored")
            images.committed = True
            _kill_point("committed")
            await images.remove_replaced(replaced_images)
        outcome: IngestOutcome = "reingested" if replaced else "ingested"
        period_end = meta.period_end.isoformat()
        return IngestResult(filing_id, outcome, meta.ticker, meta.form, period_end, counts, self.seconds)

    async def _store(
        self,
        session: AsyncSession,
        image_prefix: str,
        document: ParsedDocument,
        rendering: Rendering,
        meta: CompleteMetadata,
        sha256: str,
        source_name: str,
    ) -> tuple[Filing, StoredCounts]:
        """The filing's rows (its page images under `image_prefix`), then its index, in the caller's
        transaction."""
        total = len(document.layout.pages) + len(document.tables) + len(document.facts)
        with self.timed("store"), stage(self.progress, "store", total) as current:
            filing, counts = await store_filing(
                session, document, rendering, meta, sha256, source_name, image_prefix, current
            )
        if self.index_hook is not None:
            with self.timed("index"):
                await self.index_hook.index(session, filing.id)
        return filing, counts


def _kill_point(name: str) -> None:
    """A test seam for the crash tests: `FILINGPROOF_TEST_KILL_AT=<name>` kills this process outright
    (SIGKILL: no cleanup, no `finally`) when an ingest reaches that point. Unset (production): nothing."""
    if os.environ.get("FILINGPROOF_TEST_KILL_AT") == name:
        os.kill(os.getpid(), signal.SIGKILL)


async def _reusable(
    session: AsyncSession, store: PageStore, filing: Filing | None, *, quiet: bool = False
) -> Filing | None:
    """The stored filing, if this parser stored it and every page image it names is stored; else None:
    store it anew (a filing whose images are gone is repaired by rendering it again). `quiet`: a first
    look, whose verdict the look after parsing repeats (and reports)."""
    if filing is None or filing.parser_version != PARSER_VERSION:
        return None
    missing = await missing_page_images(session, store, filing.id)
    if missing and not quiet:
        logger.warning("filing %d: %d page images missing, rendering it again", filing.id, len(missing))
    return None if missing else filing


def _unchanged(filing: Filing, seconds: dict[str, float]) -> IngestResult:
    counts = StoredCounts(filing.page_count, filing.table_count, filing.cell_count, filing.fact_count)
    return IngestResult(
        filing.id, "unchanged", filing.ticker, filing.form, filing.period_end.isoformat(), counts, seconds
    )


async def _existing(session: AsyncSession, accession: str | None, sha256: str) -> Filing | None:
    return (await session.execute(select(Filing).where(_same_filing(accession, sha256)))).scalars().first()


def _same_filing(accession: str | None, sha256: str) -> ColumnElement[bool]:
    """A stored filing this document is: the same bytes, or the same accession."""
    return (
        Filing.sha256 == sha256
        if accession is None
        else or_(Filing.sha256 == sha256, Filing.accession == accession)
    )


async def _existing_ids(session: AsyncSession, accession: str | None, sha256: str) -> list[int]:
    """The stored filings this one replaces."""
    return list((await session.execute(select(Filing.id).where(_same_filing(accession, sha256)))).scalars())
