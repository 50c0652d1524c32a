"""`filingproof eval --format financebench` end to end, as a real child process in a throwaway home whose
database holds nothing: it ingests the PDF its records name (EDGAR's company list from the loopback mirror),
answers both records in shared-store and per-filing mode at the gold's precision, stores one evaluation
run per mode, and does not ingest again on a second run. A PDF that cannot be ingested (Activision: the
mirror lacks its CIK) or is not there refuses its questions per filing with why, and the run goes on.
"""

import asyncio
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from edgar_mirror import MIRROR_DIR, SHARED_DIR, EdgarMirror
from sqlalchemy import text
from throwaway_home import migrated_home

from filingproof.db.session import Sessions

pytestmark = pytest.mark.skipif(not MIRROR_DIR.is_dir(), reason=f"EDGAR mirror not found at {MIRROR_DIR}")

FINANCEBENCH = SHARED_DIR / "financebench"
AMAZON = "AMAZON_2017_10K"  # 85 pages: the smallest PDF whose two records are both figures
ACTIVISION = "ACTIVISIONBLIZZARD_2019_10K"  # its CIK is in no company list the mirror holds
BESTBUY = "BESTBUY_2019_10K"  # its PDF is left out of the gold's folder
CHILD_ENV = {
    "INGEST_EMBEDDINGS": "false",  # BM25 alone: the embedding model's load would dominate the test
    "EDGAR_USER_AGENT": "filingproof tests dev@filingproof.org",
    "EDGAR_MAX_RETRIES": "0",
}
TIMEOUT_S = 900


@dataclass(frozen=True)
class Home:
    path: Path
    sessions: Sessions
    mirror: EdgarMirror

    def env(self) -> dict[str, str]:
        env = {**os.environ, **CHILD_ENV, "FILINGPROOF_HOME": str(self.path)}
        env |= {"EDGAR_WWW_BASE": self.mirror.www_base, "EDGAR_DATA_BASE": self.mirror.data_base}
        for name in ("DATABASE_URL", "LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"):
            env.pop(name, None)  # the home's own database, and the deterministic answerer
        return env


@dataclass(frozen=True)
class Ran:
    document: dict[str, Any]
    stderr: str


@pytest.fixture(scope="module")
async def home() -> AsyncIterator[Home]:
    with EdgarMirror() as mirror:
        async with migrated_home("filingproof-financebench-") as (path, sessions):
            yield Home(path, sessions, mirror)


def records(*docs: str) -> list[dict[str, Any]]:
    lines = (FINANCEBENCH / "questions_dev.jsonl").read_text().splitlines()
    return [record for line in lines if (record := json.loads(line))["doc_name"] in docs]


def gold_file(folder: Path, name: str, items: list[dict[str, Any]], pdfs: list[str]) -> Path:
    """A FinanceBench file of `items`, with `pdfs/` beside it holding the named PDFs (copies)."""
    (folder / "pdfs").mkdir(parents=True, exist_ok=True)
    for doc in pdfs:
        shutil.copyfile(FINANCEBENCH / "pdfs" / f"{doc}.pdf", folder / "pdfs" / f"{doc}.pdf")
    path = folder / f"{name}.jsonl"
    path.write_text("".join(json.dumps(item) + "\n" for item in items))
    return path


async def run_cli(home: Home, gold: Path) -> Ran:
    command = [sys.executable, "-m", "filingproof", "eval", "--gold", str(gold), "--format", "financebench"]
    done = await asyncio.to_thread(
        subprocess.run,
        [*command, "--json"],
        env=home.env(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return Ran(json.loads(done.stdout), done.stderr)


def sha256_of(pdf: Path) -> str:
    return hashlib.sha256(pdf.read_bytes()).hexdigest()


async def filings_with(home: Home, digest: str) -> int:
    """Filing rows holding the document whose bytes have this SHA-256."""
    async with home.sessions() as session:
        query = text("SELECT count(*) FROM filings WHERE sha256 = :digest")
        return int((await session.execute(query, {"digest": digest})).scalar_one())


async def stored_run(home: Home, run_id: int) -> tuple[str, str, list[bool]]:
    """A stored evaluation run's gold version, status, and whether each of its results is right."""
    async with home.sessions() as session:
        version, status = (
            await session.execute(
                text("SELECT gold_version, status FROM eval_runs WHERE id = :id"), {"id": run_id}
            )
        ).one()
        results = await session.execute(
            text("SELECT result FROM eval_results WHERE run_id = :id ORDER BY ordinal"), {"id": run_id}
        )
        return version, status, [bool(row.result["right"]) for row in results]


def at_gold_precision(figure: str, gold: str) -> tuple[Decimal, Decimal]:
    """The written figure rounded to the decimals the gold is written with ("93.86", "30.8%"), and the
    gold."""
    number = gold.strip().removesuffix("%")
    decimals = len(number.split(".")[1]) if "." in number else 0
    written = Decimal(figure.strip().removesuffix("%").replace(",", ""))
    return round(written, decimals), Decimal(number)


async def test_a_missing_pdf_is_ingested_answered_in_both_modes_and_stored(
    home: Home, tmp_path: Path
) -> None:
    items = records(AMAZON)
    assert len(items) == 2
    gold = gold_file(tmp_path, "amazon", items, [AMAZON])
    digest = sha256_of(tmp_path / "pdfs" / f"{AMAZON}.pdf")
    assert await filings_with(home, digest) == 0

    first = await run_cli(home, gold)
    assert f"ingesting 1 documents: {AMAZON}.pdf" in first.stderr
    assert await filings_with(home, digest) == 1
    assert first.document["not_ingested"] == {}
    for mode in ("shared", "per-filing"):
        graded = first.document["graded"][mode]
        assert [one["label"] for one in graded] == ["Correct Answer"] * 2, graded
        for item, one in zip(items, graded, strict=True):
            written, expected = at_gold_precision(one["figure"], item["answer"])
            assert written == expected, (mode, item["question"], one["figure"])
            assert item["answer"].endswith("%") == one["figure"].endswith("%")
            assert not one["result"]["wrong_verified"]
        version, status, right = await stored_run(home, first.document["run_ids"][mode])
        assert (version, status, right) == (f"amazon-{mode}", "done", [True, True])

    second = await run_cli(home, gold)
    assert "ingesting" not in second.stderr
    assert await filings_with(home, digest) == 1
    for mode in ("shared", "per-filing"):
        labels_figures = [(one["label"], one["figure"]) for one in second.document["graded"][mode]]
        assert labels_figures == [(one["label"], one["figure"]) for one in first.document["graded"][mode]]
    assert set(second.document["run_ids"].values()).isdisjoint(first.document["run_ids"].values())


async def test_a_pdf_that_cannot_be_ingested_is_refused_per_filing_with_why(
    home: Home, tmp_path: Path
) -> None:
    """Activision's cover names ATVI, whose CIK the mirror's lists lack; Best Buy's PDF is not in the
    folder. Both documents' questions are refused per filing with the reason, and the run is stored."""
    items = records(ACTIVISION, BESTBUY)
    assert [item["doc_name"] for item in items] == [ACTIVISION, ACTIVISION, BESTBUY]
    gold = gold_file(tmp_path, "unresolved", items, [ACTIVISION])

    ran = await run_cli(home, gold)
    assert f"ingesting 1 documents: {ACTIVISION}.pdf" in ran.stderr
    assert await filings_with(home, sha256_of(tmp_path / "pdfs" / f"{ACTIVISION}.pdf")) == 0
    why = ran.document["not_ingested"]
    assert set(why) == {ACTIVISION, BESTBUY}
    assert "the CIK of ATVI" in why[ACTIVISION] and "--cik" in why[ACTIVISION]
    assert why[BESTBUY] == f"no PDF at {tmp_path / 'pdfs' / f'{BESTBUY}.pdf'}"
    for item, one in zip(items, ran.document["graded"]["per-filing"], strict=True):
        assert one["label"] == "Refusal"
        assert one["result"]["answer"] == f"{item['doc_name']} is not ingested: {why[item['doc_name']]}"
    assert [one["result"]["wrong_verified"] for one in ran.document["graded"]["shared"]] == [False] * 3
    for mode in ("shared", "per-filing"):
        version, status, right = await stored_run(home, ran.document["run_ids"][mode])
        assert (version, status, len(right)) == (f"unresolved-{mode}", "done", 3)
