"""The ingest queue: procrastinate on our database. Enqueue one job per document or EDGAR selection; run
workers on any machine that reaches the same database and page store.

- A job's attempt is one `ingest_source`: one transaction per filing, page images published before the
  commit (`ingest.pipeline`), so a worker killed mid-filing leaves nothing half-written.
- EDGAR outages (unreachable, 403 rate limit, 429, 5xx, after the client's own retries) are retried by the
  queue with exponential backoff (`SourceRetry`), and so is a document whose company nobody knows while
  other jobs have not ended (one of them may store its registrant, under the name it has now); anything
  else fails the job at once, with its error.
- Every worker beats; a worker looks for the jobs of workers silent for `worker_stalled_s` and hands them
  back to the queue (`recover_lost_jobs`), up to `job_max_attempts` attempts.
- Indexing: each filing is indexed in its own transaction; what is cheaper built once over everything (exact
  BM25 statistics, the HNSW index) is a job of its own, queued at most once at a time (a queueing lock) and
  never run twice at once (a lock).
"""

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from typing import Any

from playwright.async_api import Browser
from procrastinate import App, JobContext, PsycopgConnector
from procrastinate.exceptions import AlreadyEnqueued, ConnectorException
from procrastinate.jobs import Job, Status
from procrastinate.retry import BaseRetryStrategy, RetryDecision
from sqlalchemy.exc import DBAPIError

from filingproof.config import Settings
from filingproof.db.page_images import sweep_page_images
from filingproof.db.page_store import page_store
from filingproof.db.session import Sessions, database_url, transaction
from filingproof.edgar import EdgarHTTPError
from filingproof.index.hook import IndexHook, default_index_hook
from filingproof.ingest.edgar_source import edgar_source
from filingproof.ingest.errors import IngestError
from filingproof.ingest.pdf.errors import UnknownCompanyError
from filingproof.ingest.pipeline import FilingSource, IngestResult, ingest_source
from filingproof.ingest.progress import stage
from filingproof.ingest.render import chromium
from filingproof.jobs.progress import recorded_progress
from filingproof.jobs.records import (
    create_job,
    jobs_in_flight,
    record_failure,
    record_success,
    set_queue_job,
    start_attempt,
)
from filingproof.jobs.requests import DocumentRequest, EdgarRequest, request_from_json

logger = logging.getLogger(__name__)

QUEUE = "ingest"
INGEST_TASK = "filingproof.ingest"
FINALIZE_TASK = "filingproof.finalize_index"
FINALIZE_LOCK = "filingproof.finalize_index"
# HTTP statuses of EDGAR worth a later try: refused for rate (403, 429), or failing on its side (5xx).
_TRANSIENT_STATUSES = frozenset({403, 429})


class TransientSourceError(Exception):
    """The source could not be fetched now, but may be later (an EDGAR outage), or its company may be
    known later (another job stores its registrant): the queue retries it."""


def _is_transient(error: IngestError) -> bool:
    cause = error.__cause__
    if not isinstance(cause, EdgarHTTPError):
        return False
    return cause.status is None or cause.status in _TRANSIENT_STATUSES or cause.status >= 500


# Transactions PostgreSQL ends to break a deadlock or a serialization conflict: tried again, they pass
_CONFLICTS = frozenset({"40P01", "40001"})


def _conflicted(error: BaseException) -> bool:
    return isinstance(error, DBAPIError) and getattr(error.orig, "sqlstate", None) in _CONFLICTS


class SourceRetry(BaseRetryStrategy):
    """Retry a transient source error, or a transaction the database ended for a conflict with another's,
    `base_s`·2ⁿ (plus up to half again, so that jobs spread out) after attempt n, until `max_attempts`
    attempts were made."""

    def __init__(self, max_attempts: int, base_s: float) -> None:
        self.max_attempts = max_attempts
        self.base_s = base_s

    def get_retry_decision(self, *, exception: BaseException, job: Job) -> RetryDecision | None:
        # `job.attempts`: the attempts made before this one.
        transient = isinstance(exception, TransientSourceError) or _conflicted(exception)
        if not transient or job.attempts + 1 >= self.max_attempts:
            return None
        delay = self.base_s * 2**job.attempts
        return RetryDecision(retry_in={"seconds": delay + random.uniform(0, delay / 2)})


def queue_url(settings: Settings) -> str:
    """The database's URL for psycopg (procrastinate's driver): libpq's own form."""
    return database_url(settings).replace("postgresql+asyncpg://", "postgresql://", 1)


class _Ingester:
    """What a worker holds across jobs: one browser (started on the first job that renders) and one
    index hook (its embedding model loaded once)."""

    def __init__(self, settings: Settings, sessions: Sessions) -> None:
        self.settings = settings
        self.sessions = sessions
        self.index_hook: IndexHook = default_index_hook(settings, embed=settings.ingest_embeddings)
        self._resources = AsyncExitStack()
        self._browser: Browser | None = None
        self._browser_lock = asyncio.Lock()

    async def browser(self) -> Browser:
        async with self._browser_lock:
            if self._browser is None:
                self._browser = await self._resources.enter_async_context(
                    chromium(self.settings.chromium_path)
                )
            return self._browser

    async def close(self) -> None:
        await self._resources.aclose()
        self._browser = None

    async def ingest(self, job_id: int) -> IngestResult:
        job = await start_attempt(self.sessions, job_id)
        request = request_from_json(job.request)
        async with recorded_progress(self.sessions, job_id) as progress:
            with stage(progress, "fetch", 1) as current:
                source = await self._load(request, job.document)
                current.advance()
            browser = await self.browser()
            try:
                return await ingest_source(
                    source, self.settings, self.sessions, browser, progress, self.index_hook
                )
            except UnknownCompanyError as error:
                if await jobs_in_flight(self.sessions, besides=job_id):
                    message = f"{error}; tried again later: a job not ended may store it"
                    raise TransientSourceError(message) from error
                raise

    async def _load(self, request: DocumentRequest | EdgarRequest, document: bytes | None) -> FilingSource:
        if isinstance(request, DocumentRequest):
            if document is None:
                raise IngestError(f"the bytes of {request.name} are no longer stored: upload it again")
            return FilingSource(raw=document, name=request.name, metadata=request.metadata())
        named = edgar_source(
            self.settings, request.ticker, request.form, request.fiscal_year, request.period_end
        )
        try:
            return await named.load()
        except IngestError as error:
            if _is_transient(error):
                raise TransientSourceError(str(error)) from error
            raise


class JobQueue:
    """Ingest jobs on the database of `settings` (its sessionmaker: `sessions`). Open it (`open()`) to
    enqueue or to run a worker."""

    def __init__(self, settings: Settings, sessions: Sessions) -> None:
        self.settings = settings
        self.sessions = sessions
        self.retry = SourceRetry(settings.job_max_attempts, settings.job_retry_base_s)
        self.app = App(connector=PsycopgConnector(conninfo=queue_url(settings)))
        self._ingester = _Ingester(settings, sessions)
        self._ingest_task = self.app.task(name=INGEST_TASK, queue=QUEUE, pass_context=True, retry=self.retry)(
            self._run_ingest
        )
        self._finalize_task = self.app.task(name=FINALIZE_TASK, queue=QUEUE)(self._run_finalize)

    @asynccontextmanager
    async def open(self) -> AsyncIterator["JobQueue"]:
        async with self.app.open_async():
            try:
                yield self
            finally:
                await self._ingester.close()

    # -- enqueueing ------------------------------------------------------------------------------------

    async def enqueue_document(self, request: DocumentRequest, raw: bytes) -> int:
        """One job for one document, its bytes stored with it (any worker, on any machine, can take it)."""
        return await self._enqueue(request.name, request.model_dump(mode="json"), raw)

    async def enqueue_edgar(self, request: EdgarRequest) -> int:
        named = edgar_source(
            self.settings, request.ticker, request.form, request.fiscal_year, request.period_end
        )
        return await self._enqueue(named.name, request.model_dump(mode="json"), None)

    async def _enqueue(self, source: str, request: dict[str, Any], document: bytes | None) -> int:
        job_id = await create_job(self.sessions, source, request, document)
        try:
            queue_job_id = await self._ingest_task.defer_async(job_id=job_id)
        except ConnectorException as error:
            await record_failure(self.sessions, job_id, f"could not be queued: {error}", retried=False)
            raise
        await set_queue_job(self.sessions, job_id, queue_job_id)
        return job_id

    # -- the tasks -----------------------------------------------------------------------------------

    async def _run_ingest(self, context: JobContext, job_id: int) -> None:
        try:
            result = await self._ingester.ingest(job_id)
        except Exception as error:  # recorded, then the queue's to retry or fail
            retried = self.retry.get_retry_decision(exception=error, job=context.job) is not None
            logger.info("ingest job %d failed (retried: %s): %s", job_id, retried, error)
            await record_failure(self.sessions, job_id, str(error) or type(error).__name__, retried=retried)
            raise
        await record_success(self.sessions, job_id, result)
        if result.outcome != "unchanged":
            await self._queue_finalize()

    async def _queue_finalize(self) -> None:
        finalize = self._finalize_task.configure(lock=FINALIZE_LOCK, queueing_lock=FINALIZE_LOCK)
        with suppress(AlreadyEnqueued):  # one is waiting already: it will see this filing
            await finalize.defer_async()

    async def _run_finalize(self) -> None:
        async with transaction(self.sessions) as session:
            await self._ingester.index_hook.finish(session)

    # -- workers ---------------------------------------------------------------------------------------

    async def run_worker(self, concurrency: int = 1) -> None:
        """Take jobs until stopped (SIGINT/SIGTERM, or this coroutine cancelled: running jobs finish
        first), handing back the jobs of lost workers meanwhile."""
        await sweep_page_images(self.sessions, page_store(self.settings))  # what killed ingests left
        recovery = asyncio.create_task(self._recover_lost_jobs_forever())
        try:
            await self.app.run_worker_async(
                queues=[QUEUE],
                concurrency=concurrency,
                update_heartbeat_interval=self.settings.worker_heartbeat_s,
                stalled_worker_timeout=self.settings.worker_stalled_s,
            )
        finally:
            recovery.cancel()
            await asyncio.gather(recovery, return_exceptions=True)

    async def _recover_lost_jobs_forever(self) -> None:
        while True:
            try:
                await self.recover_lost_jobs()
            except ConnectorException:
                logger.warning("could not look for lost jobs", exc_info=True)
            await asyncio.sleep(self.settings.worker_heartbeat_s)

    async def recover_lost_jobs(self) -> int:
        """Jobs whose worker stopped beating (killed, its machine gone) go back to the queue, or fail once
        they used every attempt. Another worker may recover the same job first: then it is skipped."""
        manager = self.app.job_manager
        stalled = await manager.get_stalled_jobs(
            queue=QUEUE, seconds_since_heartbeat=self.settings.worker_stalled_s
        )
        recovered = 0
        for job in stalled:
            recovered += await self._recover(job)
        return recovered

    async def _recover(self, job: Job) -> int:
        manager = self.app.job_manager
        assert job.id is not None
        attempt = job.attempts + 1
        give_up = attempt >= self.settings.job_max_attempts
        try:
            if give_up:
                await manager.finish_job_by_id_async(job.id, status=Status.FAILED, delete_job=False)
            else:
                await manager.retry_job(job)
        except ConnectorException:
            return 0  # not `doing` any more: recovered by another worker
        job_id = job.task_kwargs.get("job_id")
        if isinstance(job_id, int):
            error = f"the worker running attempt {attempt} stopped (killed, or its machine lost)"
            await record_failure(self.sessions, job_id, error, retried=not give_up)
        logger.warning("job %s of a lost worker %s", job.id, "failed" if give_up else "queued again")
        return 1
