"""The web app end to end: the real service over the ingested corpus serves the built app, and the
browser tests (`npm run test:e2e`: playwright-core driving Debian's Chromium) run against it.

Needs `npm ci && npm run build` in frontend/ first; without the build this test fails, it does not skip.
A PDF filing (Netflix's FY2017 10-K from FinanceBench) is ingested beside the corpus for the run and
removed after it (`e2e/pdf.e2e.ts` asks about it). A real `filingproof worker` takes the jobs of "Add filing"
(`e2e/addFiling.e2e.ts`); the filings and jobs they add are removed after the run. The server and the worker
reach EDGAR through the loopback mirror of ../shared/edgar-mirror, as a real contact.
Screenshots of each step land in frontend/test-artifacts (or E2E_ARTIFACTS).
"""

import asyncio
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from edgar_mirror import EdgarMirror
from sqlalchemy import delete, func, select
from stored_pdf import ingest_pdf, remove_filing

from filingproof.api.server import child_server, stop_process
from filingproof.config import Settings
from filingproof.db.models import Filing, IngestJob
from filingproof.db.session import Sessions, transaction

pytestmark = pytest.mark.corpus

FRONTEND = Path(__file__).resolve().parents[3] / "frontend"
ADMIN_TOKEN = "e2e-admin-token-0123456789"
E2E_TIMEOUT_S = 600
ADD_FILING_E2E = "e2e/addFiling.e2e.ts"


@pytest.fixture
async def pdf_filing(settings: Settings, sessions: Sessions, shared_dir: Path) -> AsyncIterator[int]:
    path = shared_dir / "financebench" / "pdfs" / "NETFLIX_2017_10K.pdf"
    result = await ingest_pdf(settings, sessions, path)
    yield result.filing_id
    await remove_filing(settings, result.filing_id)


@pytest.fixture
def edgar_env() -> Iterator[dict[str, str]]:
    """The settings that point the server and the worker at the EDGAR mirror."""
    with EdgarMirror() as mirror:
        yield {
            "EDGAR_USER_AGENT": "filingproof e2e tests dev@filingproof.org",
            "EDGAR_WWW_BASE": mirror.www_base,
            "EDGAR_DATA_BASE": mirror.data_base,
            "EDGAR_MAX_RETRIES": "0",
        }


@pytest.fixture
async def ingest_worker(
    settings: Settings, sessions: Sessions, edgar_env: dict[str, str]
) -> AsyncIterator[None]:
    """A `filingproof worker` on the test database (BM25 alone: no model to load); afterwards, what its
    jobs added is removed, so the corpus stays as it was."""
    async with sessions() as session:
        filings = set((await session.execute(select(Filing.id))).scalars())
        last_job = (await session.execute(select(func.coalesce(func.max(IngestJob.id), 0)))).scalar_one()
    command = [sys.executable, "-m", "filingproof", "worker", "--concurrency", "1"]
    env = {**os.environ, **edgar_env, "INGEST_EMBEDDINGS": "false"}
    worker = await asyncio.to_thread(subprocess.Popen, command, env=env)
    try:
        yield
    finally:
        await asyncio.to_thread(stop_process, worker, 60)  # SIGTERM: a running job finishes first
        async with sessions() as session:
            added = set((await session.execute(select(Filing.id))).scalars()) - filings
        for filing_id in added:
            await remove_filing(settings, filing_id)
        async with transaction(sessions) as session:
            await session.execute(delete(IngestJob).where(IngestJob.id > last_job))


def test_web_app_end_to_end(
    ingested_corpus: Any, pdf_filing: int, ingest_worker: None, edgar_env: dict[str, str]
) -> None:
    dist = FRONTEND / "dist"
    if not (dist / "index.html").is_file():
        pytest.fail(f"{dist} has no build: run `npm ci && npm run build` in {FRONTEND} first")
    if not (FRONTEND / "node_modules" / "playwright-core").is_dir():
        pytest.fail(f"the browser tests' packages are not installed: run `npm ci` in {FRONTEND}")
    npm = shutil.which("npm")
    assert npm, "npm is not on PATH"
    # The browser tests ask some fifty questions from one address within a minute or two, above the default
    # per-client limit (30 a minute): lifted here, the limit itself is tested against the API.
    env = {
        **edgar_env,
        "ADMIN_TOKEN": ADMIN_TOKEN,
        "WEB_DIST": str(dist),
        "QUERY_RATE_PER_MINUTE": "6000",
        "QUERY_RATE_BURST": "1000",
    }
    with child_server(env) as server:
        # "Add filing" adds a filing: it runs after the tests that read the corpus as it is.
        for selection in (["--exclude", ADD_FILING_E2E], [ADD_FILING_E2E]):
            result = subprocess.run(
                [npm, "run", "test:e2e", "--", *selection],
                cwd=FRONTEND,
                env={
                    **os.environ,
                    "FILINGPROOF_URL": server.base_url,
                    "ADMIN_TOKEN": ADMIN_TOKEN,
                    "E2E_ARTIFACTS": os.environ.get("E2E_ARTIFACTS", str(FRONTEND / "test-artifacts")),
                    "NO_COLOR": "1",
                },
                capture_output=True,
                text=True,
                timeout=E2E_TIMEOUT_S,
            )
            sys.stdout.write(result.stdout)
            sys.stderr.write(result.stderr)
            assert result.returncode == 0, f"npm run test:e2e exited {result.returncode}: its output is above"
