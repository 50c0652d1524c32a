"""A filing from before inline XBRL names its registrant in print under the name it had then: Facebook's
Q1 2019 10-Q. EDGAR's company list knows that CIK only as Meta Platforms, and the offline mirror lacks
EDGAR's list of past names. Queued with Meta's 2023 10-Q (whose `dei:` tags carry the same commission file
and employer identification numbers), it is stored under Meta's CIK, in whichever order the two were given
or taken: the real queue, a real worker, the embedded database of a throwaway home, EDGAR on loopback.
"""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import date
from pathlib import Path

import pytest
from edgar_mirror import EdgarMirror
from sqlalchemy import select
from stored_pdf import mirrored
from throwaway_home import migrated_home

from filingproof.config import Settings
from filingproof.db.models import Company, Filing
from filingproof.db.session import Sessions
from filingproof.ingest.pdf.errors import UnknownCompanyError
from filingproof.ingest.pdf.source import parse_source
from filingproof.ingest.registrants import stored_registrants
from filingproof.ingest.service import read_filing
from filingproof.jobs.cli import DocumentGiven, enqueue_files, run_ingest_jobs
from filingproof.jobs.queue import JobQueue
from filingproof.jobs.records import JobOut, read_jobs
from filingproof.jobs.requests import DocumentRequest

FACEBOOK = "META/10-Q_0001326801-19-000037.htm.gz"
META = "META/10-Q_0001326801-23-000093.htm.gz"
NOBODY = DocumentGiven(None, None, None, None)


@asynccontextmanager
async def offline_home() -> AsyncIterator[tuple[Settings, Sessions]]:
    """A throwaway home; EDGAR is the mirror on loopback (no list of past names); retries after 1 s."""
    with EdgarMirror() as mirror:
        async with migrated_home("filingproof-registrant-") as (home, sessions):
            settings = Settings(FILINGPROOF_HOME=home, INGEST_EMBEDDINGS=False, JOB_RETRY_BASE_S=1)
            yield mirrored(settings, mirror), sessions


async def run_jobs(settings: Settings, sessions: Sessions, enqueue_them: object) -> list[JobOut]:
    async def enqueue(queue: JobQueue) -> list[int]:
        return await enqueue_them(queue)  # type: ignore[operator,no-any-return]

    return await run_ingest_jobs(
        settings, sessions, enqueue, lambda _jobs: None, local_worker=True, wait=True
    )


async def stored(sessions: Sessions) -> tuple[list[Filing], Company]:
    async with sessions() as session:
        filings = (await session.execute(select(Filing).order_by(Filing.period_end))).scalars().all()
        [company] = (await session.execute(select(Company))).scalars().all()
    return list(filings), company


def assert_one_registrant(filings: list[Filing], company: Company) -> None:
    assert [(f.cik, f.ticker, f.company_name, f.period_end) for f in filings] == [
        (1326801, "META", "FACEBOOK, INC.", date(2019, 3, 31)),
        (1326801, "META", "Meta Platforms, Inc.", date(2023, 6, 30)),
    ]
    assert {filing.company_id for filing in filings} == {company.id}
    # The latest filing's name is the company's; the former one an alias questions may still use.
    assert (company.name, company.aliases) == ("Meta Platforms, Inc.", ["FACEBOOK, INC."])
    assert (company.file_number, company.tax_id) == ("1-35551", "201665019")


async def test_a_former_name_is_known_by_the_numbers_its_registrant_keeps(shared_dir: Path) -> None:
    facebook, meta = shared_dir / "corpus-large" / FACEBOOK, shared_dir / "corpus-large" / META
    async with offline_home() as (settings, sessions):
        # Alone: no EDGAR list names Facebook now, and nothing stored carries its numbers.
        with pytest.raises(UnknownCompanyError, match=r"CIK of FACEBOOK, INC\."):
            await parse_source(
                read_filing(facebook), facebook.name, None, settings, stored_registrants(sessions)
            )
        # Facebook's given first; Meta's is queued first, as it names its registrant in `dei:` tags.
        jobs = await run_jobs(
            settings, sessions, lambda queue: enqueue_files(queue, [facebook, meta], NOBODY)
        )
        filings, company = await stored(sessions)
    assert [(job.source, job.status, job.attempts, job.error) for job in jobs] == [
        (str(meta), "succeeded", 1, None),
        (str(facebook), "succeeded", 1, None),
    ]
    assert_one_registrant(filings, company)


async def test_a_document_taken_before_its_registrant_is_stored_waits_for_it(shared_dir: Path) -> None:
    """Queued first (by hand, or taken by a second worker while Meta's renders), Facebook's job finds no
    company, sees a job not ended, and is retried; once Meta's 10-Q is stored, it settles."""
    facebook, meta = shared_dir / "corpus-large" / FACEBOOK, shared_dir / "corpus-large" / META

    async def facebook_first(queue: JobQueue) -> list[int]:
        return [
            await queue.enqueue_document(DocumentRequest(name=path.name), read_filing(path))
            for path in (facebook, meta)
        ]

    async with offline_home() as (settings, sessions):
        jobs = await run_jobs(settings, sessions, facebook_first)
        filings, company = await stored(sessions)
    assert [(job.source, job.status, job.error) for job in jobs] == [
        (facebook.name, "succeeded", None),
        (meta.name, "succeeded", None),
    ]
    assert jobs[0].attempts == 2 and jobs[1].attempts == 1
    assert_one_registrant(filings, company)


async def test_a_company_nobody_knows_fails_at_once_when_nothing_else_is_queued(shared_dir: Path) -> None:
    facebook = shared_dir / "corpus-large" / FACEBOOK
    async with offline_home() as (settings, sessions):
        [job] = await run_jobs(settings, sessions, lambda queue: enqueue_files(queue, [facebook], NOBODY))
        [stored_job] = await read_jobs(sessions, [job.id])
    assert (stored_job.status, stored_job.attempts) == ("failed", 1)
    assert stored_job.error == (
        "the cover page does not say the CIK of FACEBOOK, INC., not found in EDGAR's company lists "
        "(give --ticker or --cik)"
    )
