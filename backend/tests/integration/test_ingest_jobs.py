"""Ingest jobs on the queue, run by real `filingproof worker` processes against an embedded database in a
throwaway home: a worker killed (SIGKILL) mid-filing leaves nothing half-written and its job is retried by
another worker and completes; an EDGAR outage is retried with backoff; a filing EDGAR lacks fails at once,
with its error; every job records its status, stage timings and error.
"""

import asyncio
import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pytest
from edgar_mirror import CORPUS_DIR, EdgarMirror
from sqlalchemy import func, select, text
from throwaway_home import migrated_home

from filingproof.api.app import create_app
from filingproof.config import Settings
from filingproof.db.models import Filing, IngestJob, Page
from filingproof.db.page_images import image_prefix_of
from filingproof.db.session import Sessions
from filingproof.jobs.queue import JobQueue
from filingproof.jobs.records import JobOut, read_jobs
from filingproof.jobs.requests import DocumentRequest, EdgarRequest

SOURCE = CORPUS_DIR / "MMM/10-Q_2023-06-30.htm"  # a small filing: seconds to render
EDGAR_DOCUMENT = "/Archives/edgar/data/320193/000032019325000057/aapl-20250329.htm"  # AAPL's 10-Q, Q2 FY25
USER_AGENT = "filingproof tests dev@filingproof.org"
# Beats every second; silent for 6 s: lost (a blocking parse of this filing takes well under that).
WORKER_ENV = {
    "WORKER_HEARTBEAT_S": "1",
    "WORKER_STALLED_S": "6",
    "JOB_RETRY_BASE_S": "1",
    "INGEST_EMBEDDINGS": "false",  # BM25 alone: the model's load would dominate the test
    "EDGAR_MAX_RETRIES": "0",  # the client gives up at once: the queue's retry is what is tested
    "EDGAR_USER_AGENT": USER_AGENT,
}
DEADLINE_S = 240


@dataclass(frozen=True)
class Home:
    path: Path
    sessions: Sessions
    queue: JobQueue
    mirror: EdgarMirror

    def worker_env(self) -> dict[str, str]:
        env = {**os.environ, **WORKER_ENV, "FILINGPROOF_HOME": str(self.path)}
        env |= {"EDGAR_WWW_BASE": self.mirror.www_base, "EDGAR_DATA_BASE": self.mirror.data_base}
        env.pop("FILINGPROOF_TEST_KILL_AT", None)
        return env


@pytest.fixture(scope="module")
def mirror() -> Iterator[EdgarMirror]:
    with EdgarMirror() as running:
        yield running


@pytest.fixture(scope="module")
async def home(mirror: EdgarMirror) -> AsyncIterator[Home]:
    async with migrated_home("filingproof-jobs-") as (path, sessions):
        settings = Settings(
            FILINGPROOF_HOME=path, EDGAR_WWW_BASE=mirror.www_base, EDGAR_DATA_BASE=mirror.data_base
        )
        async with JobQueue(settings, sessions).open() as queue:
            yield Home(path, sessions, queue, mirror)


async def start_worker(home: Home) -> asyncio.subprocess.Process:
    command = [sys.executable, "-m", "filingproof", "worker", "--concurrency", "2"]
    return await asyncio.create_subprocess_exec(
        *command, env=home.worker_env(), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )


async def stop(worker: asyncio.subprocess.Process) -> None:
    if worker.returncode is None:
        worker.send_signal(signal.SIGTERM)  # graceful: its running jobs finish first
        await asyncio.wait_for(worker.wait(), 60)


async def job_when(home: Home, job_id: int, reached: Callable[[JobOut], bool]) -> JobOut:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        (job,) = await read_jobs(home.sessions, [job_id])
        if reached(job):
            return job
        await asyncio.sleep(0.1)
    raise AssertionError(f"job {job_id} never reached the state looked for: {job}")


async def stored_images(home: Home) -> set[str]:
    async with home.sessions() as session:
        paths = (await session.execute(select(Page.image_path).where(Page.image_path.is_not(None)))).scalars()
        return {path for path in paths if path}


async def filing_count(home: Home) -> int:
    async with home.sessions() as session:
        return (await session.execute(select(func.count()).select_from(Filing))).scalar_one()


async def test_a_worker_killed_mid_filing_leaves_nothing_and_its_job_completes(home: Home) -> None:
    request = DocumentRequest(name=SOURCE.name)
    job_id = await home.queue.enqueue_document(request, SOURCE.read_bytes())
    first = await start_worker(home)
    try:
        running = await job_when(home, job_id, lambda job: job.stage == "render")
    finally:
        first.kill()  # SIGKILL: no cleanup, no `finally`
        await first.wait()
    assert running.status == "running" and running.attempts == 1
    assert [stage.name for stage in running.stages][:2] == ["fetch", "parse"]
    assert await filing_count(home) == 0  # the kill landed before the commit: no row of it

    second = await start_worker(home)
    try:
        done = await job_when(home, job_id, lambda job: job.final)
    finally:
        await stop(second)
    assert done.status == "succeeded", done.error
    assert done.attempts == 2  # the lost attempt, then the one that completed
    assert done.outcome == "ingested" and done.filing_id is not None
    assert [stage.name for stage in done.stages] == ["fetch", "parse", "render", "store"]
    assert all(stage.finished and stage.seconds is not None for stage in done.stages)
    render = next(stage for stage in done.stages if stage.name == "render")
    assert render.total is not None and render.done == render.total > 1
    assert done.started_at is not None and done.finished_at is not None and done.finished_at > done.started_at

    async with home.sessions() as session:
        filing = await session.get(Filing, done.filing_id)
        assert filing is not None and filing.ticker == "MMM" and filing.page_count == render.total
        record = await session.get(IngestJob, job_id)
        assert record is not None and record.queue_job_id is not None
        query = text("SELECT status, attempts FROM procrastinate_jobs WHERE id = :id")
        queue_row = (await session.execute(query, {"id": record.queue_job_id})).one()
    # The queue counts the lost attempt when it hands the job back, and the completed one when it ends.
    assert tuple(queue_row) == ("succeeded", 2)
    images = await stored_images(home)
    assert len(images) == filing.page_count
    assert all((home.path / "pages" / image).is_file() for image in images)
    # Nothing half-written: the killed attempt's folder was swept; only the rows' folder is left.
    folders = {path.name for path in (home.path / "pages").iterdir() if path.is_dir()}
    assert folders == {image_prefix_of(image) for image in images}


async def test_an_edgar_outage_is_retried_and_a_missing_filing_fails_at_once(home: Home) -> None:
    home.mirror.www.fail_next(EDGAR_DOCUMENT, status=503, times=1)
    outage = await home.queue.enqueue_edgar(
        EdgarRequest(ticker="AAPL", form="10-Q", period_end=date(2025, 3, 29))
    )
    absent = await home.queue.enqueue_edgar(EdgarRequest(ticker="TSLA", form="10-K", fiscal_year=1990))
    worker = await start_worker(home)
    try:
        retried = await job_when(home, outage, lambda job: job.status == "retrying")
        done = await job_when(home, outage, lambda job: job.final)
        failed = await job_when(home, absent, lambda job: job.final)
    finally:
        await stop(worker)
    assert retried.error is not None and "503" in retried.error
    assert done.status == "succeeded" and done.attempts == 2 and done.error is None
    assert done.filing_id is not None and done.source == "EDGAR AAPL 10-Q 2025-03-29"
    assert len(home.mirror.www.requests_for(EDGAR_DOCUMENT)) == 2  # the failure, then the document
    assert failed.status == "failed" and failed.attempts == 1  # not worth a retry
    assert failed.error is not None and "1990" in failed.error and "10-K" in failed.error
    # The stage it failed in is left unfinished: that is where it stopped.
    assert [(stage.name, stage.finished) for stage in failed.stages] == [("fetch", False)]
    assert failed.stage == "fetch"


ADMIN_TOKEN = "jobs-test-admin-token-0123456789"


@pytest.fixture(scope="module")
async def api(home: Home) -> AsyncIterator[httpx.AsyncClient]:
    """The HTTP API on the throwaway home (its lifespan run), admin token set."""
    settings = Settings(FILINGPROOF_HOME=home.path, ADMIN_TOKEN=ADMIN_TOKEN, WEB_DIST="")
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
            yield client


@pytest.fixture(scope="module")
async def edgar_api(home: Home) -> AsyncIterator[httpx.AsyncClient]:
    """The same API on a server set up to reach EDGAR (the loopback mirror, a real contact)."""
    settings = Settings(
        FILINGPROOF_HOME=home.path, ADMIN_TOKEN=ADMIN_TOKEN, WEB_DIST="", EDGAR_USER_AGENT=USER_AGENT,
        EDGAR_WWW_BASE=home.mirror.www_base, EDGAR_DATA_BASE=home.mirror.data_base,
    )  # fmt: skip
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
            yield client


def _upload(name: str = SOURCE.name, raw: bytes | None = None) -> dict[str, tuple[str, bytes, str]]:
    return {"document": (name, SOURCE.read_bytes() if raw is None else raw, "text/html")}


async def job_count(home: Home) -> int:
    async with home.sessions() as session:
        return (await session.execute(select(func.count()).select_from(IngestJob))).scalar_one()


NOT_A_FILING = b"<html><body><p>Notes from Tuesday's meeting: nothing about any filing.</p></body></html>"


@pytest.mark.parametrize(
    ("name", "raw", "reason"),
    [
        ("notes.txt", b"Net sales were up.", "notes.txt is not a filing document: upload the filing's HTML"),
        ("report.pdf", b"<html></html>", "report.pdf is not a PDF: it does not start with %PDF-."),
        ("notes.htm", NOT_A_FILING, "notes.htm does not look like an SEC filing"),
        ("10-Q.htm.gz", b"\x1f\x8b", "10-Q.htm.gz is compressed: upload it decompressed"),
        ("10-Q.htm", b"", "10-Q.htm is empty."),
    ],
)
async def test_an_upload_that_is_no_filing_is_refused_before_a_job_exists(
    home: Home, api: httpx.AsyncClient, name: str, raw: bytes, reason: str
) -> None:
    before = await job_count(home)
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    answer = await api.post("/filings", files=_upload(name, raw), headers=admin)
    assert answer.status_code == 422, answer.text
    assert answer.json()["detail"].startswith(reason)
    assert await job_count(home) == before


async def test_a_ticker_is_refused_before_queueing_when_edgar_cannot_give_it(
    home: Home, api: httpx.AsyncClient, edgar_api: httpx.AsyncClient
) -> None:
    before = await job_count(home)
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    unset = await api.post("/filings", data={"ticker": "AAPL"}, headers=admin)
    assert unset.status_code == 503, unset.text
    assert unset.json()["detail"].startswith(
        "This server is not set up to reach EDGAR: an administrator sets EDGAR_USER_AGENT"
    )
    unknown = await edgar_api.post("/filings", data={"ticker": "zzzzq"}, headers=admin)
    assert unknown.status_code == 422, unknown.text
    assert unknown.json()["detail"].startswith("EDGAR lists no company with ticker ZZZZQ.")
    assert await job_count(home) == before
    known = await edgar_api.post("/filings", data={"ticker": "TSLA", "fiscal_year": "1993"}, headers=admin)
    assert known.status_code == 202, known.text  # listed: queued (its job then finds no 10-K of 1993)
    assert await job_count(home) == before + 1


async def test_adding_a_filing_needs_the_admin_token(api: httpx.AsyncClient) -> None:
    assert (await api.post("/filings", files=_upload())).status_code == 401
    wrong = {"Authorization": "Bearer not-the-admin-token-at-all"}
    assert (await api.post("/filings", files=_upload(), headers=wrong)).status_code == 403
    assert (await api.get("/jobs/999999")).status_code == 404


async def test_a_filing_uploaded_through_the_api_is_a_job_whose_progress_streams(
    home: Home, api: httpx.AsyncClient
) -> None:
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    answer = await api.post("/filings", files=_upload(), data={"ticker": "MMM"}, headers=admin)
    assert answer.status_code == 202, answer.text
    job_id = answer.json()["id"]
    assert answer.json()["status"] == "queued" and answer.json()["source"] == SOURCE.name
    worker = await start_worker(home)
    events: list[dict[str, Any]] = []
    try:
        async with api.stream("GET", f"/jobs/{job_id}/events") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            async for line in stream.aiter_lines():
                if line.startswith("data:"):
                    events.append(json.loads(line.removeprefix("data:").strip()))
    finally:
        await stop(worker)
    assert events[0]["status"] in {"queued", "running"}
    assert events[-1]["status"] == "succeeded"  # the stream ends with the job
    # The same bytes as the first test's filing: found unchanged once read, nothing rendered again.
    assert events[-1]["outcome"] == "unchanged"
    assert [stage["name"] for stage in events[-1]["stages"]] == ["fetch"]
    job = (await api.get(f"/jobs/{job_id}")).json()
    assert job == events[-1]
    async with home.sessions() as session:
        filing = await session.get(Filing, job["filing_id"])
    assert filing is not None and filing.ticker == "MMM"
