"""Our record of each ingest job (`db.models.IngestJob`): created when it is enqueued, updated by the worker
that runs it; what the command line, `GET /jobs/{id}` and its event stream report."""

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field
from sqlalchemy import func, select, update

from filingproof.db.models import IngestJob
from filingproof.db.session import Sessions, transaction
from filingproof.ingest.pipeline import IngestResult

JobStatus = Literal["queued", "running", "retrying", "succeeded", "failed"]
FINAL_STATUSES: frozenset[str] = frozenset({"succeeded", "failed"})


class JobStage(BaseModel):
    name: str = Field(description="parse, render, store … in the order they ran.")
    done: int = 0
    total: int | None = None
    seconds: float | None = Field(default=None, description="How long it took, once finished.")
    finished: bool = False


class JobOut(BaseModel):
    """An ingest job: where it stands, each stage's progress and time, how it ended."""

    id: int
    source: str = Field(description="What it ingests: a file name, or 'EDGAR AAPL 10-K 2024'.")
    status: JobStatus
    attempts: int = Field(description="Attempts started (a retry after an EDGAR outage or a lost worker).")
    stage: str | None = Field(description="The stage running now.")
    stages: list[JobStage]
    error: str | None = Field(description="Why the last attempt failed (kept while it is retried).")
    outcome: str | None = Field(description="ingested, reingested or unchanged, once it succeeded.")
    filing_id: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    updated_at: datetime

    @property
    def final(self) -> bool:
        return self.status in FINAL_STATUSES


def job_out(job: IngestJob) -> JobOut:
    return JobOut(
        id=job.id,
        source=job.source,
        status=job.status,
        attempts=job.attempts,
        stage=job.stage,
        stages=[JobStage.model_validate(stage) for stage in job.stages],
        error=job.error,
        outcome=job.outcome,
        filing_id=job.filing_id,
        created_at=job.created_at,
        started_at=job.started_at,
        finished_at=job.finished_at,
        updated_at=job.updated_at,
    )


async def create_job(sessions: Sessions, source: str, request: dict[str, Any], document: bytes | None) -> int:
    async with transaction(sessions) as session:
        job = IngestJob(
            source=source, request=request, document=document, status="queued", attempts=0, stages=[]
        )
        session.add(job)
        await session.flush()
        return job.id


async def read_jobs(sessions: Sessions, ids: list[int]) -> list[JobOut]:
    """The jobs of `ids` that exist, in the order of `ids`."""
    async with sessions() as session:
        rows = (await session.execute(select(IngestJob).where(IngestJob.id.in_(ids)))).scalars()
        found = {job.id: job_out(job) for job in rows}
    return [found[job_id] for job_id in ids if job_id in found]


async def _update(sessions: Sessions, job_id: int, **values: Any) -> None:
    async with transaction(sessions) as session:
        await session.execute(
            update(IngestJob).where(IngestJob.id == job_id).values(updated_at=func.now(), **values)
        )


async def set_queue_job(sessions: Sessions, job_id: int, queue_job_id: int) -> None:
    await _update(sessions, job_id, queue_job_id=queue_job_id)


async def start_attempt(sessions: Sessions, job_id: int) -> IngestJob:
    """The job as a worker starts an attempt at it: running, its stages from scratch."""
    async with transaction(sessions) as session:
        job = await session.get(IngestJob, job_id, with_for_update=True)
        if job is None:
            raise LookupError(f"no ingest job {job_id}")
        job.status = "running"
        job.attempts += 1
        job.stage = None
        job.stages = []
        job.started_at = job.started_at or func.now()
        job.updated_at = func.now()
        await session.flush()
        await session.refresh(job)
        return job


async def save_progress(
    sessions: Sessions, job_id: int, stage: str | None, stages: list[dict[str, Any]]
) -> None:
    await _update(sessions, job_id, stage=stage, stages=stages)


async def record_success(sessions: Sessions, job_id: int, result: IngestResult) -> None:
    """Done: the filing it stored; the document's bytes are no longer needed."""
    await _update(
        sessions,
        job_id,
        status="succeeded",
        stage=None,
        error=None,
        outcome=result.outcome,
        filing_id=result.filing_id,
        document=None,
        finished_at=func.now(),
    )


async def record_failure(sessions: Sessions, job_id: int, error: str, *, retried: bool) -> None:
    """An attempt failed: retried later (the queue says when) or failed for good."""
    final = {} if retried else {"finished_at": func.now()}
    await _update(sessions, job_id, status="retrying" if retried else "failed", error=error, **final)


async def jobs_in_flight(sessions: Sessions, besides: int) -> bool:
    """Whether an ingest job other than `besides` has not ended (queued, running, or to be retried)."""
    unended = select(IngestJob.id).where(
        IngestJob.id != besides, IngestJob.status.in_(("queued", "running", "retrying"))
    )
    async with sessions() as session:
        return (await session.execute(unended.limit(1))).first() is not None
