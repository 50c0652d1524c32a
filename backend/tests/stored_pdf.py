"""A FinanceBench PDF filing ingested into the session's test database for one test, then removed, so the
shared corpus database is left as it was. Its CIK and ticker come from EDGAR's company list, served by the
loopback mirror (`edgar_mirror`)."""

import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from edgar_mirror import EdgarMirror
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.config import Settings
from filingproof.db.models import Company, Filing
from filingproof.db.session import Sessions, session_scope
from filingproof.index.hook import default_index_hook
from filingproof.ingest.pipeline import IngestResult
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import file_source, ingest_sources

USER_AGENT = "filingproof tests dev@filingproof.org"


def mirrored(settings: Settings, mirror: EdgarMirror) -> Settings:
    """`settings` with EDGAR served by the loopback `mirror`."""
    return settings.model_copy(
        update={
            "edgar_www_base": mirror.www_base,
            "edgar_data_base": mirror.data_base,
            "edgar_user_agent": USER_AGENT,
        }
    )


class SearchableOnly:
    """Index a filing's pages as ingest does (chunks, embeddings, BM25 postings), without the bulk load's
    finish, which would rebuild the shared test database's index for one filing."""

    def __init__(self, settings: Settings) -> None:
        self.hook = default_index_hook(settings)

    async def index(self, session: AsyncSession, filing_id: int) -> None:
        await self.hook.index(session, filing_id)

    async def finish(self, session: AsyncSession) -> None:
        return None


async def ingest_pdf(
    settings: Settings, sessions: Sessions, path: Path, searchable: bool = False
) -> IngestResult:
    with EdgarMirror() as mirror:
        edgar = mirrored(settings, mirror)
        hook = SearchableOnly(settings) if searchable else None
        results, failures = await ingest_sources(
            [file_source(path)], edgar, sessions, lambda _n: SilentProgress(), index_hook=hook
        )
    assert failures == [], failures
    (result,) = results
    return result


async def remove_filing(settings: Settings, filing_id: int) -> None:
    """Leave the shared test database as the corpus had it: the filing, its company if it has no other
    filing, and its page images."""
    async with session_scope() as session:
        filing = await session.get(Filing, filing_id)
        assert filing is not None
        prefix, company_id = filing.sha256[:16], filing.company_id
        await session.execute(delete(Filing).where(Filing.id == filing_id))
        others = (
            await session.execute(
                select(func.count()).select_from(Filing).where(Filing.company_id == company_id)
            )
        ).scalar_one()
        if not others:
            await session.execute(delete(Company).where(Company.id == company_id))
        await session.commit()
    shutil.rmtree(settings.pages_dir / prefix, ignore_errors=True)


@asynccontextmanager
async def stored_financebench_pdf(
    settings: Settings, sessions: Sessions, shared_dir: Path, name: str, searchable: bool = False
) -> AsyncIterator[int]:
    """FinanceBench's PDF `name` ingested for the block (its filing id), then removed; `searchable`: its
    pages indexed for search as well."""
    path = shared_dir / "financebench" / "pdfs" / f"{name}.pdf"
    result = await ingest_pdf(settings, sessions, path, searchable)
    try:
        yield result.filing_id
    finally:
        await remove_filing(settings, result.filing_id)
