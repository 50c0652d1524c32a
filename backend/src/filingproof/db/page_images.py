"""Page image folders in the page store (`db.page_store`: `settings.pages_dir`, or a bucket), kept so that
no page row ever names a missing image, whatever moment an ingest is killed at.

Each ingest attempt draws a token and holds a PostgreSQL advisory lock named by it while it runs: taken
before its first folder exists, released once its rows are committed or its folders removed. Its folders:

- `.staging-<sha16>-<token>/`: the pages being rendered;
- `<sha16>-<token>/`: the complete set, published (renamed durably, or uploaded to the bucket) *before* the
  rows naming it are committed, so a committed row always names a complete folder.

A folder whose token is unlocked belongs to no live attempt; if no page row names it either, it is dead (its
attempt was killed, or a later ingest replaced it) and `sweep_page_images` removes it. The lock lives in a
database session, so it goes with a killed process, on any host that shares the database and the store, and
is never mistaken for another process's (as a reused process id would be). A staging folder is on the disk
of the host that renders it: each host's sweep removes its own.

Folders of the earlier layout (`<sha16>/`, `.staging-<sha16>-<12 hex>/`, `.retired-…`) carry no token: they
are removed once no row names them and they are older than `LEGACY_LEASE_S`.
"""

import asyncio
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from filingproof.db.models import Page
from filingproof.db.page_store import STAGING, PageStore, as_page_store
from filingproof.db.session import Sessions

logger = logging.getLogger(__name__)

# The advisory lock class of image attempts (two-key form: apart from any single-key lock).
_LOCK_CLASS = 0x46504947  # "FPIG"
_ATTEMPT_DIR = re.compile(r"(?P<staging>\.staging-)?[0-9a-f]{16}-(?P<token>[0-9a-f]{8})")
_LEGACY_DIR = re.compile(r"(?:\.staging-|\.retired-)?[0-9a-f]{16}(?:-[0-9a-f]{12})?")
# A legacy folder has no lock to tell a live writer from a dead one: none of its writers runs for a day.
LEGACY_LEASE_S = 24 * 3600
_TOKEN_TRIES = 8


def image_prefix_of(image_path: str) -> str:
    """The folder part of a page row's `image_path` (`<folder>/<n>.png`)."""
    return image_path.split("/", 1)[0]


@dataclass(slots=True)
class ImageAttempt:
    """One ingest attempt's page image folders, and the lock that says the attempt is alive."""

    store: PageStore
    prefix: str  # `<sha16>-<token>`: what the page rows name
    connection: AsyncConnection  # holds the lock; also answers which folders rows name
    committed: bool = False

    @property
    def staging_dir(self) -> Path:
        return self.store.staging_dir(self.prefix)

    async def publish(self) -> None:
        """The rendered pages, stored for good under the name the rows will give: before the commit."""
        await asyncio.to_thread(self.store.publish, self.prefix)

    async def remove_replaced(self, prefixes: Collection[str]) -> None:
        """After the commit: the folders of the rows this attempt replaced (no row names them now)."""
        await asyncio.to_thread(self.store.remove, [p for p in prefixes if p != self.prefix])


@asynccontextmanager
async def image_attempt(
    sessions: Sessions, store: PageStore | Path, sha256: str
) -> AsyncIterator[ImageAttempt]:
    """An attempt's folders for the document `sha256` in `store` (a store, or a local pages folder), locked
    for the block. Unless the block marks the attempt `committed`, its folders are removed on the way out
    (the published one only if no row names it: a commit whose answer was lost may still have happened; the
    sweep settles it otherwise)."""
    store = as_page_store(store)
    async with _lock_connection(sessions) as connection:
        token = await _new_token(connection, store, sha256[:16])
        attempt = ImageAttempt(store, f"{sha256[:16]}-{token:08x}", connection)
        try:
            yield attempt
        finally:
            try:
                if not attempt.committed:
                    await _discard(attempt)
            finally:
                await _unlock(connection, [token])


async def sweep_page_images(sessions: Sessions, store: PageStore | Path) -> list[str]:
    """Remove every folder of `store` (a store, or a local pages folder) that no live attempt owns and no
    page row names; the names removed.

    Safe beside running ingests (in this process or any other): a folder is removed only while its
    attempt's lock is held here, and only if no row named it after the lock was taken."""
    store = as_page_store(store)
    entries = await asyncio.to_thread(store.folders)
    if not entries:
        return []
    async with _lock_connection(sessions) as connection:
        named = await _named_prefixes(connection, None)
        removed = await _sweep_attempt_dirs(connection, store, entries, named)
        now = time.time()
        legacy = [
            name
            for name, modified in entries.items()
            if _LEGACY_DIR.fullmatch(name)
            and name not in named
            and modified is not None
            and now - modified > LEGACY_LEASE_S
        ]
        await asyncio.to_thread(store.remove, legacy)
    removed += legacy
    if removed:
        logger.info("removed %d dead page image folders in %s", len(removed), store.description)
    return removed


async def missing_page_images(session: AsyncSession, store: PageStore | Path, filing_id: int) -> list[str]:
    """The image paths a filing's page rows name that are not in `store` (a store, or a local folder)."""
    paths = (
        await session.execute(
            select(Page.image_path).where(Page.filing_id == filing_id, Page.image_path.is_not(None))
        )
    ).scalars()
    return await asyncio.to_thread(as_page_store(store).missing, [path for path in paths if path])


async def filing_image_prefixes(session: AsyncSession, filing_ids: Collection[int]) -> set[str]:
    """The folders the page rows of these filings name."""
    if not filing_ids:
        return set()
    paths = (
        await session.execute(
            select(Page.image_path).where(Page.filing_id.in_(filing_ids), Page.image_path.is_not(None))
        )
    ).scalars()
    return {image_prefix_of(path) for path in paths if path}


async def _sweep_attempt_dirs(
    connection: AsyncConnection, store: PageStore, entries: dict[str, float | None], named: set[str]
) -> list[str]:
    """The attempt folders that are dead: unlocked, and named by no row once locked here."""
    by_token: dict[int, list[str]] = {}
    for name in entries:
        match = _ATTEMPT_DIR.fullmatch(name)
        if match and (match["staging"] or name not in named):
            by_token.setdefault(int(match["token"], 16), []).append(name)
    locked = [token for token in by_token if await _try_lock(connection, token)]
    try:
        candidates = [name for token in locked for name in by_token[token]]
        # Asked after the lock was taken: an attempt that committed before that is seen here.
        still_named = await _named_prefixes(connection, candidates)
        dead = [name for name in candidates if name not in still_named]
        await asyncio.to_thread(store.remove, dead)
        return dead
    finally:
        await _unlock(connection, locked)


@asynccontextmanager
async def _lock_connection(sessions: Sessions) -> AsyncIterator[AsyncConnection]:
    """A connection of its own in autocommit: session-level advisory locks, and no transaction held open
    while pages render."""
    async with sessions() as session:
        yield await session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


async def _new_token(connection: AsyncConnection, store: PageStore, sha16: str) -> int:
    """A token this session has locked, whose folders do not exist (a dead attempt's may, until swept)."""
    for _ in range(_TOKEN_TRIES):
        token = secrets.randbits(31)
        if not await _try_lock(connection, token):
            continue
        names = [f"{sha16}-{token:08x}", f".staging-{sha16}-{token:08x}"]
        if not await asyncio.to_thread(store.exists, names):
            return token
        await _unlock(connection, [token])
    raise RuntimeError(f"no free page image token after {_TOKEN_TRIES} tries")


async def _try_lock(connection: AsyncConnection, token: int) -> bool:
    query = text("SELECT pg_try_advisory_lock(:lock_class, :token)")
    return bool((await connection.execute(query, {"lock_class": _LOCK_CLASS, "token": token})).scalar_one())


async def _unlock(connection: AsyncConnection, tokens: Collection[int]) -> None:
    """Release the locks; if that fails, close the connection instead (which releases them all), so a
    pooled connection never keeps an attempt looking alive."""
    try:
        for token in tokens:
            query = text("SELECT pg_advisory_unlock(:lock_class, :token)")
            await connection.execute(query, {"lock_class": _LOCK_CLASS, "token": token})
    except BaseException:
        await connection.invalidate()
        raise


async def _named_prefixes(connection: AsyncConnection, among: Collection[str] | None) -> set[str]:
    """The folders page rows name now (only those `among`, when given)."""
    if among is not None and not among:
        return set()
    prefix = func.split_part(Page.image_path, "/", 1)
    query = select(prefix).where(Page.image_path.is_not(None)).distinct()
    if among is not None:
        query = query.where(prefix.in_(list(among)))
    return set((await connection.execute(query)).scalars())


async def _discard(attempt: ImageAttempt) -> None:
    await asyncio.to_thread(attempt.store.remove, [f"{STAGING}{attempt.prefix}"])
    try:
        named = await _named_prefixes(attempt.connection, [attempt.prefix])
    except Exception:  # the database is gone: the sweep decides later, with a lock and a fresh look
        logger.warning("%s kept for the sweep: cannot tell if rows name it", attempt.prefix, exc_info=True)
        return
    if attempt.prefix not in named:
        await asyncio.to_thread(attempt.store.remove, [attempt.prefix])
