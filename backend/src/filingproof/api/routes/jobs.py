"""Filings added through the API: `POST /filings` (admin) enqueues an ingest job; `GET /jobs/{id}` and its
event stream report it, stage by stage. `filingproof worker`s run the jobs."""

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends, File, Form, HTTPException, Path, Request, UploadFile
from sse_starlette import EventSourceResponse, ServerSentEvent

from filingproof.api.deps import require_admin
from filingproof.api.errors import problem_responses
from filingproof.db.session import Sessions
from filingproof.jobs.checks import RefusedRequestError, check_ticker, check_upload
from filingproof.jobs.queue import JobQueue
from filingproof.jobs.records import JobOut, read_jobs
from filingproof.jobs.requests import DocumentRequest, EdgarRequest

router = APIRouter(tags=["jobs"], responses=problem_responses(404, 422))

JobId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The job's id.")]
POLL_S = 0.25
HEARTBEAT_S = 15
Ticker = Annotated[
    str | None, Form(pattern=r"^[A-Za-z0-9.\-]{1,16}$", description="EDGAR ticker, e.g. AAPL.")
]
FormName = Annotated[str | None, Form(pattern=r"^[A-Za-z0-9/\-]{1,16}$", examples=["10-K"])]
FiscalYear = Annotated[int | None, Form(ge=1993, le=2200)]


async def _job(sessions: Sessions, job_id: int) -> JobOut:
    found = await read_jobs(sessions, [job_id])
    if not found:
        raise HTTPException(404, f"No ingest job has id {job_id}.")
    return found[0]


@router.post(
    "/filings",
    status_code=202,
    summary="Add a filing: from EDGAR (ticker, form, fiscal year) or an uploaded document; answers its job",
    dependencies=[Depends(require_admin)],
    # 400: a malformed multipart body; 422: a document that is no filing, a ticker EDGAR lacks; 503: EDGAR
    # not set up or not reachable. Each is refused before a job is queued.
    responses=problem_responses(400, 401, 403, 413, 503),
)
async def add_filing(
    request: Request,
    ticker: Ticker = None,
    form: FormName = None,
    fiscal_year: FiscalYear = None,
    document: Annotated[UploadFile | None, File(description="A filing document: HTML or PDF.")] = None,
) -> JobOut:
    queue: JobQueue = request.app.state.job_queue
    try:
        if document is not None:
            raw = await document.read()
            name = document.filename or "upload"
            check_upload(name, raw)
            job_id = await queue.enqueue_document(DocumentRequest(name=name, ticker=ticker, form=form), raw)
        elif ticker is not None:
            await check_ticker(request.app.state.settings, ticker)
            job_id = await queue.enqueue_edgar(
                EdgarRequest(ticker=ticker, form=form or "10-K", fiscal_year=fiscal_year)
            )
        else:
            raise HTTPException(422, "Give a ticker (with form and fiscal year) or upload a document.")
    except RefusedRequestError as refused:
        raise HTTPException(refused.status, str(refused)) from refused
    return await _job(request.app.state.sessionmaker, job_id)


@router.get(
    "/jobs/{job_id}", summary="An ingest job: status, stages with progress and timings, error, filing"
)
async def get_job(request: Request, job_id: JobId) -> JobOut:
    return await _job(request.app.state.sessionmaker, job_id)


def _sse_documentation() -> dict[int | str, dict[str, Any]]:
    return {
        200: {
            "description": (
                "Server-Sent Events: `job` (data: the job, as GET /jobs/{id}) at once and on every change, "
                "the last once it succeeded or failed."
            ),
            "content": {"text/event-stream": {"schema": {"type": "object"}}},
        }
    }


@router.get(
    "/jobs/{job_id}/events",
    summary="An ingest job's progress, streamed until it ends",
    response_class=EventSourceResponse,
    responses=_sse_documentation(),
)
async def job_events(request: Request, job_id: JobId) -> EventSourceResponse:
    sessions: Sessions = request.app.state.sessionmaker
    first = await _job(sessions, job_id)

    async def events() -> AsyncIterator[ServerSentEvent]:
        job, seen = first, None
        for count in range(1, 10**9):
            if job.updated_at != seen:
                seen = job.updated_at
                yield ServerSentEvent(job.model_dump_json(), event="job", id=str(count))
            if job.final:
                return
            await asyncio.sleep(POLL_S)
            job = await _job(sessions, job_id)

    return EventSourceResponse(events(), ping=HEARTBEAT_S)
