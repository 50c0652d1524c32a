"""The command line of the ingest queue: `filingproof worker`, and `filingproof ingest`'s jobs (enqueued,
run by a local worker unless told otherwise, followed until they end)."""

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from filingproof.config import Settings, get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import Sessions, database_url, get_sessionmaker
from filingproof.ingest.errors import IngestError
from filingproof.ingest.pipeline import FilingSource
from filingproof.ingest.service import file_source
from filingproof.jobs.queue import JobQueue
from filingproof.jobs.records import JobOut, read_jobs
from filingproof.jobs.requests import DocumentRequest

console = Console(stderr=True)
POLL_S = 0.3

Enqueue = Callable[[JobQueue], Awaitable[list[int]]]
ShowJobs = Callable[[list[JobOut]], None]


@dataclass(frozen=True, slots=True)
class DocumentGiven:
    """What the caller says of local documents (over what their covers say)."""

    ticker: str | None
    cik: int | None
    form: str | None
    period_end: date | None


async def enqueue_files(queue: JobQueue, paths: list[Path], given: DocumentGiven) -> list[int]:
    """One job per document, its bytes stored with it (read as `ingest` reads a file). Documents that
    name their registrant in `dei:` tags are queued first: one that names it only in print, under a former
    name, is then known by the registrant numbers the others stored (`ingest.registrants`). The others are
    read again when their turn comes, rather than held; one that cannot be read fails there, saying why."""

    async def enqueue(source: FilingSource) -> int:
        request = DocumentRequest(
            name=source.name, ticker=given.ticker, cik=given.cik, form=given.form, period_end=given.period_end
        )
        return await queue.enqueue_document(request, source.raw)

    ids, later = [], []
    for path in paths:
        try:
            source: FilingSource | None = await file_source(path).load()
        except IngestError:
            source = None
        if source is not None and _REGISTRANT_TAG in source.raw:
            ids.append(await enqueue(source))
        else:
            later.append(path)
    for path in later:
        ids.append(await enqueue(await file_source(path).load()))
    return ids


_REGISTRANT_TAG = b'name="dei:EntityCentralIndexKey"'


def worker(
    concurrency: Annotated[
        int, typer.Option("--concurrency", "-c", min=1, max=64, help="Jobs this worker runs at once.")
    ] = 1,
) -> None:
    """Take ingest jobs from the queue until stopped (Ctrl-C: running jobs finish first). Run as many
    workers as you like, on any machine that reaches the same DATABASE_URL and page store."""
    settings = get_settings()

    async def run() -> None:
        await upgrade_database_async(database_url(settings))
        async with JobQueue(settings, get_sessionmaker()).open() as queue:
            console.print(f"worker taking ingest jobs ({concurrency} at once)")
            await queue.run_worker(concurrency)

    asyncio.run(run())


async def run_ingest_jobs(
    settings: Settings,
    sessions: Sessions,
    enqueue: Enqueue,
    show: ShowJobs,
    *,
    local_worker: bool,
    wait: bool,
) -> list[JobOut]:
    """Enqueue the jobs; with `wait`, follow them until each has ended (`show` sees every change), run by
    a worker of this process (`local_worker`) and any other. Without: the jobs as enqueued."""
    await upgrade_database_async(database_url(settings))
    async with JobQueue(settings, sessions).open() as queue:
        ids = await enqueue(queue)
        if not wait:
            return await read_jobs(sessions, ids)
        follow = asyncio.create_task(_follow(sessions, ids, show))
        if not local_worker:
            return await follow
        local = asyncio.create_task(queue.run_worker())
        # The local worker stops (Ctrl-C) before the jobs end: stop following, report where they stand.
        await asyncio.wait({follow, local}, return_when=asyncio.FIRST_COMPLETED)
        local.cancel()  # running jobs finish first
        await asyncio.gather(local, return_exceptions=True)
        follow.cancel()
        await asyncio.gather(follow, return_exceptions=True)
        return await read_jobs(sessions, ids)


async def _follow(sessions: Sessions, ids: list[int], show: ShowJobs) -> list[JobOut]:
    while True:
        jobs = await read_jobs(sessions, ids)
        show(jobs)
        if all(job.final for job in jobs):
            return jobs
        await asyncio.sleep(POLL_S)
