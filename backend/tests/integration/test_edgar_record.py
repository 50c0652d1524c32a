"""Accession and filing date of filings ingested from files, looked up on EDGAR (the loopback mirror of
`../shared/edgar-mirror`, real HTTP): each corpus filing that EDGAR's mirror holds is found by its stored
company, form and period end; one that cannot be looked up keeps them empty, with a warning, and its
ingest goes on."""

import asyncio
import hashlib
import json
import logging
import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from edgar_mirror import MIRROR_DIR, EdgarMirror
from sqlalchemy import select, update
from stored_pdf import USER_AGENT, mirrored, remove_filing

from filingproof.config import Settings
from filingproof.db.models import Filing
from filingproof.db.session import Sessions
from filingproof.ingest.edgar_record import FilingKey, accession_in_name, edgar_record
from filingproof.ingest.progress import SilentProgress
from filingproof.ingest.service import file_source, ingest_sources

pytestmark = pytest.mark.corpus

ARCHIVES = MIRROR_DIR / "www.sec.gov" / "Archives" / "edgar" / "data"
SUBMISSIONS = MIRROR_DIR / "data.sec.gov" / "submissions"
LOGGER = "filingproof.ingest.edgar_record"


@pytest.fixture(scope="module")
def mirror() -> Iterator[EdgarMirror]:
    with EdgarMirror() as running:
        yield running


def accession_of_folder(folder: str) -> str:
    """EDGAR's archive folder names the accession without its dashes: 000032019324000123."""
    return f"{folder[:10]}-{folder[10:12]}-{folder[12:]}"


def mirrored_documents() -> dict[str, str]:
    """sha256 → accession, for every filing document the mirror holds at its EDGAR address."""
    return {
        hashlib.sha256(path.read_bytes()).hexdigest(): accession_of_folder(path.parent.name)
        for path in ARCHIVES.glob("*/*/*.htm")
        if not path.name.startswith("R")  # SEC's statement renderings (R2.htm …), not filings
    }


def filing_dates() -> dict[str, date]:
    """accession → filing date, as EDGAR's submissions list them (every page of every history)."""
    dates: dict[str, date] = {}
    for path in SUBMISSIONS.glob("*.json"):
        payload: dict[str, Any] = json.loads(path.read_text())
        table = payload.get("filings", {}).get("recent", payload)
        for accession, filed in zip(table["accessionNumber"], table["filingDate"], strict=True):
            dates[accession] = date.fromisoformat(filed)
    return dates


async def stored(sessions: Sessions, sha256: str) -> Filing | None:
    async with sessions() as session:
        return (await session.execute(select(Filing).where(Filing.sha256 == sha256))).scalar_one_or_none()


def key_of(filing: Filing) -> FilingKey:
    return FilingKey(filing.cik, filing.form, filing.period_end)


async def test_each_mirrored_corpus_filing_is_found_by_its_company_form_and_period(
    ingested_corpus: Any, settings: Settings, sessions: Sessions, mirror: EdgarMirror
) -> None:
    documents = mirrored_documents()
    dates = filing_dates()
    found = 0
    for sha256, accession in documents.items():
        filing = await stored(sessions, sha256)
        assert filing is not None, f"the mirror's {accession} is a corpus document"
        record = await edgar_record(mirrored(settings, mirror), key_of(filing), None, filing.source_name)
        assert record is not None, accession
        assert (record.accession, record.filed_at) == (accession, dates[accession])
        assert filing.period_end < record.filed_at
        found += 1
    assert found == 7  # Apple's two, NVIDIA's three, Tesla's two


async def test_a_file_named_by_its_accession_is_looked_up_by_it(
    settings: Settings, mirror: EdgarMirror, shared_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    [named] = (shared_dir / "corpus-large" / "AAPL").glob("10-K_0000320193-24-000123.htm.gz")
    assert accession_in_name(str(named)) == "0000320193-24-000123"
    assert accession_in_name("filings/AAPL/10-K_2024-09-28.htm") is None
    apple = FilingKey(320193, "10-K", date(2024, 9, 28))
    record = await edgar_record(mirrored(settings, mirror), apple, "0000320193-24-000123", named.name)
    assert record is not None and record.accession == "0000320193-24-000123"
    assert record.filed_at == filing_dates()["0000320193-24-000123"]
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        unlisted = await edgar_record(mirrored(settings, mirror), apple, "0000320193-24-999999", "x.htm")
    assert unlisted is None
    assert "x.htm: accession and filing date not found on EDGAR: No 10-K with accession" in caplog.text


@pytest.mark.parametrize("case", ["unreachable", "no user agent", "not listed", "no history"])
async def test_a_lookup_that_cannot_succeed_says_why_and_finds_nothing(
    settings: Settings, mirror: EdgarMirror, caplog: pytest.LogCaptureFixture, case: str
) -> None:
    apple = FilingKey(320193, "10-K", date(2024, 9, 28))
    edgar, key, why = {
        "unreachable": (
            settings.model_copy(
                update={
                    "edgar_user_agent": USER_AGENT,
                    "edgar_www_base": "http://127.0.0.1:9",  # the discard port: nothing listens
                    "edgar_data_base": "http://127.0.0.1:9",
                }
            ),
            apple,
            "Could not reach EDGAR",
        ),
        "no user agent": (settings.model_copy(update={"edgar_user_agent": ""}), apple, "User-Agent"),
        # a period no Apple 10-K ended on (its fiscal 2024 ended on September 28)
        "not listed": (mirrored(settings, mirror), FilingKey(320193, "10-K", date(2024, 9, 30)), "No 10-K"),
        # Alphabet's history is not in the mirror: EDGAR's 404
        "no history": (mirrored(settings, mirror), FilingKey(1652044, "10-K", date(2024, 12, 31)), "404"),
    }[case]
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert await edgar_record(edgar, key, None, "doc.htm") is None
    assert "doc.htm: accession and filing date not found on EDGAR" in caplog.text
    assert why in caplog.text


async def test_ingesting_a_stored_file_again_fills_in_its_accession_and_filing_date(
    ingested_corpus: Any, settings: Settings, sessions: Sessions, mirror: EdgarMirror, corpus_dir: Path
) -> None:
    """The corpus was ingested without EDGAR: ingesting a file again, with EDGAR, records where it is."""
    path = corpus_dir / "AAPL" / "10-Q_2025-03-29.htm"
    filing = await stored(sessions, hashlib.sha256(path.read_bytes()).hexdigest())
    assert filing is not None and filing.accession is None  # as the corpus was ingested
    try:
        results, failures = await ingest_sources(
            [file_source(path)], mirrored(settings, mirror), sessions, lambda _n: SilentProgress()
        )
        assert failures == [] and [result.outcome for result in results] == ["unchanged"]
        again = await stored(sessions, filing.sha256)
        assert again is not None and again.id == filing.id
        assert (again.accession, again.filed_at) == (
            "0000320193-25-000057",
            filing_dates()["0000320193-25-000057"],
        )
        listed = await asyncio.to_thread(
            subprocess.run,
            [sys.executable, "-m", "filingproof", "filings", "--json"],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        [row] = [row for row in json.loads(listed.stdout) if row["id"] == filing.id]
        assert (row["accession"], row["filed_at"]) == (again.accession, str(again.filed_at))
    finally:  # the shared corpus database as it was
        async with sessions() as session:
            values = {"accession": filing.accession, "filed_at": filing.filed_at}
            await session.execute(update(Filing).where(Filing.id == filing.id).values(**values))
            await session.commit()


async def test_a_new_file_is_stored_with_its_accession_and_filing_date(
    ingested_corpus: Any,
    settings: Settings,
    sessions: Sessions,
    mirror: EdgarMirror,
    corpus_dir: Path,
    tmp_path: Path,
) -> None:
    """A document ingested from a file (here Apple's 10-Q with other bytes, so it is a filing of its own)
    is stored with the accession and filing date EDGAR lists for its company, form and period."""
    copy = tmp_path / "apple-10-q.htm"
    shutil.copyfile(corpus_dir / "AAPL" / "10-Q_2025-03-29.htm", copy)
    with copy.open("a") as document:
        document.write("<!-- a copy -->\n")
    async with sessions() as session:
        holder = select(Filing.id).where(Filing.accession == "0000320193-25-000057")
        assert (await session.execute(holder)).first() is None, "the copy would replace that filing"
    results, failures = await ingest_sources(
        [file_source(copy)], mirrored(settings, mirror), sessions, lambda _n: SilentProgress()
    )
    assert failures == []
    (result,) = results
    try:
        assert result.outcome == "ingested"
        filing = await stored(sessions, hashlib.sha256(copy.read_bytes()).hexdigest())
        assert filing is not None
        assert (filing.accession, filing.filed_at) == (
            "0000320193-25-000057",
            filing_dates()["0000320193-25-000057"],
        )
    finally:
        await remove_filing(settings, result.filing_id)
