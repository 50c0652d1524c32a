"""Ingest crash safety with real kills: an ingest killed (SIGKILL) at any point leaves no page row naming a
missing image, and what it left on disk is swept at the next ingest or server start; a filing whose images
went missing is repaired by ingesting it again, after which `/ready` answers 200.

Each ingest runs in a child process (`tests/crash_ingest.py`) on a throwaway home with its own embedded
database. `FILINGPROOF_TEST_KILL_AT` kills the child at a named point of the pipeline; one test kills it
from outside instead, as soon as a page image is on disk.
"""

import asyncio
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from edgar_mirror import CORPUS_DIR
from sqlalchemy import select
from throwaway_home import new_home, stop_database

from filingproof.api.server import child_server, wait_until_warm
from filingproof.db.models import Filing, Page
from filingproof.db.page_images import LEGACY_LEASE_S, image_attempt, image_prefix_of, sweep_page_images
from filingproof.db.session import Sessions, create_engine, sessions_for

DRIVER = Path(__file__).parents[1] / "crash_ingest.py"
SOURCE = CORPUS_DIR / "AAPL/10-Q_2025-03-29.htm"  # a small filing: each ingest takes seconds
# Where a kill can land, in the pipeline's order: pages rendered to the attempt's staging folder, the
# folder published, the rows written (transaction open), the rows committed (replaced images not removed).
KILL_POINTS = ["rendered", "published", "stored", "committed"]


@dataclass(frozen=True)
class Home:
    path: Path
    sessions: Sessions

    @property
    def pages_dir(self) -> Path:
        return self.path / "pages"


@dataclass(frozen=True)
class Stored:
    filings: frozenset[str]  # each stored filing's sha256
    images: frozenset[str]  # the image paths page rows name

    @property
    def folders(self) -> set[str]:
        return {image_prefix_of(path) for path in self.images}


@pytest.fixture(scope="module")
async def home() -> AsyncIterator[Home]:
    """A throwaway home with `SOURCE` ingested (the tests repair it, or add copies of it beside it)."""
    path, url = await asyncio.to_thread(new_home, "filingproof-crash-")
    engine = create_engine(url)
    try:
        home = Home(path, sessions_for(engine))
        assert await ingest(home, SOURCE) == ["ingested"]
        yield home
    finally:
        await engine.dispose()
        await asyncio.to_thread(stop_database, path / "pg")
        await asyncio.to_thread(shutil.rmtree, path, True)


async def ingest(home: Home, source: Path, kill_at: str | None = None) -> list[str]:
    """Ingest `source` in a child process; its outcomes, or none when it was to be killed (and was)."""
    process = await _start_ingest(home, source, kill_at, subprocess.PIPE)
    stdout, stderr = await process.communicate()
    if kill_at is not None:
        assert process.returncode == -signal.SIGKILL, f"not killed at {kill_at}: {stderr.decode()[-3000:]}"
        return []
    assert process.returncode == 0, stderr.decode()[-3000:]
    report = json.loads(stdout.decode().splitlines()[-1])
    assert report["failures"] == []
    outcomes: list[str] = report["outcomes"]
    return outcomes


async def _start_ingest(
    home: Home, source: Path, kill_at: str | None, output: int
) -> asyncio.subprocess.Process:
    env = {**os.environ, "FILINGPROOF_HOME": str(home.path)}
    env.pop("FILINGPROOF_TEST_KILL_AT", None)
    if kill_at is not None:
        env["FILINGPROOF_TEST_KILL_AT"] = kill_at
    command = [sys.executable, str(DRIVER), str(source)]
    return await asyncio.create_subprocess_exec(*command, env=env, stdout=output, stderr=output)


def copy_of(folder: Path, tag: str) -> tuple[Path, str]:
    """A copy of `SOURCE` with other bytes (a filing of its own: no accession ties it to the first); its
    sha256."""
    raw = SOURCE.read_bytes() + f"\n<!-- {tag} -->\n".encode()
    path = folder / f"{tag}.htm"
    path.write_bytes(raw)
    return path, hashlib.sha256(raw).hexdigest()


async def stored(home: Home) -> Stored:
    async with home.sessions() as session:
        filings = frozenset((await session.execute(select(Filing.sha256))).scalars())
        paths = (await session.execute(select(Page.image_path).where(Page.image_path.is_not(None)))).scalars()
        return Stored(filings, frozenset(path for path in paths if path))


def folders(home: Home) -> set[str]:
    return {path.name for path in home.pages_dir.iterdir() if path.is_dir()}


def missing(home: Home, now: Stored) -> set[str]:
    """The images rows name that are not on disk (what `/ready` checks)."""
    return {path for path in now.images if not (home.pages_dir / path).is_file()}


def lose_an_image(home: Home, now: Stored) -> str:
    """One image of `SOURCE`'s filing goes (a hand-deleted file, a disk restored from an older backup)."""
    sha16 = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:16]
    lost = min(path for path in now.images if path.startswith(sha16))
    (home.pages_dir / lost).unlink()
    return lost


async def assert_next_ingest_sweeps(home: Home, source: Path, sha256: str, outcome: str) -> None:
    """The next ingest of `source` sweeps what a killed one left, and leaves every filing usable."""
    assert await ingest(home, source) == [outcome]
    now = await stored(home)
    assert sha256 in now.filings
    assert missing(home, now) == set()
    assert folders(home) == now.folders  # no folder that no row names


@pytest.mark.parametrize("point", ["published", "committed"])
async def test_a_kill_while_a_new_filing_is_stored(home: Home, tmp_path: Path, point: str) -> None:
    before = await stored(home)
    source, sha256 = copy_of(tmp_path, f"new-killed-at-{point}")
    await ingest(home, source, kill_at=point)

    after = await stored(home)
    assert missing(home, after) == set()  # no row names an image that is not there
    ours = {name for name in folders(home) if name.startswith(sha256[:16])}
    assert len(ours) == 1  # the kill landed after the folder was published
    if point == "committed":
        assert after.filings == before.filings | {sha256}
        assert ours <= after.folders
    else:
        assert after == before
        assert not ours & after.folders  # no row names it: the sweep's to remove
    await assert_next_ingest_sweeps(home, source, sha256, "unchanged" if point == "committed" else "ingested")


@pytest.mark.parametrize("point", KILL_POINTS)
async def test_a_kill_while_a_filing_with_missing_images_is_repaired(home: Home, point: str) -> None:
    """Ingesting the same bytes again renders a filing whose images are gone anew (not "unchanged"), and a
    kill at any point of that leaves its rows naming a complete folder: the old one or the new one."""
    lost = lose_an_image(home, await stored(home))
    before = await stored(home)
    sha256 = hashlib.sha256(SOURCE.read_bytes()).hexdigest()
    await ingest(home, SOURCE, kill_at=point)

    after = await stored(home)
    left = folders(home) - after.folders
    if point == "committed":
        # The new rows name the new, complete folder; the kill left the replaced one, named by no row.
        assert missing(home, after) == set()
        assert after.filings == before.filings
        assert left == {image_prefix_of(lost)}
    else:
        assert after == before  # the rows are untouched: only the image lost before is missing
        assert missing(home, after) == {lost}
        (name,) = left  # what the kill left: the staging folder, or the published one
        assert name.startswith(f".staging-{sha256[:16]}-" if point == "rendered" else f"{sha256[:16]}-")
    await assert_next_ingest_sweeps(
        home, SOURCE, sha256, "unchanged" if point == "committed" else "reingested"
    )


def _staged_pages(pages_dir: Path) -> list[Path]:
    return sorted(pages_dir.glob(".staging-*/*.png"))


async def _wait_for_a_rendered_page(pages_dir: Path, process: asyncio.subprocess.Process) -> Path:
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        assert process.returncode is None, "the ingest ended before a page was rendered"
        staged = _staged_pages(pages_dir)
        if staged:
            return staged[0]
        await asyncio.sleep(0.02)
    raise AssertionError("no page was rendered")


async def test_a_kill_from_outside_while_pages_render(home: Home, tmp_path: Path) -> None:
    before = await stored(home)
    source, sha256 = copy_of(tmp_path, "killed-from-outside")
    process = await _start_ingest(home, source, None, subprocess.DEVNULL)
    try:
        page = await _wait_for_a_rendered_page(home.pages_dir, process)
    finally:
        process.kill()
        await process.wait()
    assert process.returncode == -signal.SIGKILL
    assert page.parent.is_dir()  # the staging folder, left by the kill
    assert await stored(home) == before
    await assert_next_ingest_sweeps(home, source, sha256, "ingested")


async def test_the_server_sweeps_at_start_and_is_ready_once_a_reingest_repairs(
    home: Home, tmp_path: Path
) -> None:
    killed, sha256 = copy_of(tmp_path, "killed-before-the-server-starts")
    await ingest(home, killed, kill_at="published")
    assert {name for name in folders(home) if name.startswith(sha256[:16])}  # what the kill left
    lose_an_image(home, await stored(home))

    with child_server({"FILINGPROOF_HOME": str(home.path)}) as server:
        assert folders(home) == (await stored(home)).folders  # swept as the server started
        async with httpx.AsyncClient(base_url=server.base_url, timeout=300) as client:
            unready = await client.get("/ready")
            assert unready.status_code == 503
            checks = {check["name"]: check["ok"] for check in unready.json()["checks"]}
            checks.pop("query_path")  # the warm-up's own progress, checked below
            assert checks == {
                "database": True,
                "pgvector": True,
                "embedding_model": True,
                "page_images": False,
            }
            source_sha256 = hashlib.sha256(SOURCE.read_bytes()).hexdigest()
            await assert_next_ingest_sweeps(home, SOURCE, source_sha256, "reingested")
            await asyncio.to_thread(wait_until_warm, server.base_url)
            ready = await client.get("/ready")
            assert ready.status_code == 200, ready.text


async def test_the_sweep_spares_live_attempts_named_folders_and_young_legacy_ones(
    home: Home, tmp_path: Path
) -> None:
    """In a pages folder of its own: what a sweep removes, and what it leaves, beside an attempt in flight."""
    pages = tmp_path / "pages"
    pages.mkdir()
    named = image_prefix_of(min((await stored(home)).images))
    sha16 = hashlib.sha256(b"a document no row names").hexdigest()[:16]
    dead = {f"{sha16}-0badf00d", f".staging-{sha16}-0badf00d", f".retired-{sha16}-0123456789ab"}
    kept = {named, sha16, "not-ours"}  # named by a row; a legacy folder inside its lease; not a page folder
    for name in dead | kept:
        (pages / name).mkdir()
    old = time.time() - LEGACY_LEASE_S - 60
    os.utime(pages / f".retired-{sha16}-0123456789ab", (old, old))
    os.utime(pages / named, (old, old))

    async with image_attempt(home.sessions, pages, hashlib.sha256(b"in flight").hexdigest()) as live:
        live.staging_dir.mkdir()
        (live.staging_dir / "1.png").write_bytes(b"")
        assert set(await sweep_page_images(home.sessions, pages)) == dead
        await live.publish()  # published, not yet named by a row: still the live attempt's
        assert await sweep_page_images(home.sessions, pages) == []
        assert {path.name for path in pages.iterdir()} == kept | {live.prefix}
    # Not committed: the attempt removed its own folder on the way out.
    assert {path.name for path in pages.iterdir()} == kept
