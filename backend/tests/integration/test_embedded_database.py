"""The embedded server's lock file (`postmaster.pid`) outliving its server.

After a crash or a reboot the process id in the lock may belong to another program (here a `sleep`; on this
machine it was a Chromium rendering pages). pgserver and postgres take any live process for the server: no
server was started and every connection was refused ("[Errno 111] Connection refused"). The stale lock is
now removed and the server starts; a live server's lock is kept.
"""

import asyncio
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool
from throwaway_home import stop_database

from filingproof.db.embedded import embedded_database_url


@pytest.fixture
def pg_dir() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="fp-lock-"))
    root.chmod(0o777)  # the embedded server runs as the `pgserver` user when we are root
    yield root / "pg"
    stop_database(root / "pg")
    shutil.rmtree(root, ignore_errors=True)


def _url_in_a_new_process(pg_dir: Path) -> str:
    """The URL a new process gets (as after a reboot: pgserver keeps its servers per process)."""
    code = (
        "import sys; from pathlib import Path; from filingproof.db.embedded import embedded_database_url; "
        "print(embedded_database_url(Path(sys.argv[1])))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(pg_dir)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "a stale lock" in done.stderr
    return done.stdout.strip().splitlines()[-1]


async def _answers(url: str) -> int:
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            return int((await connection.execute(text("SELECT 1"))).scalar_one())
    finally:
        await engine.dispose()


def test_a_lock_naming_another_program_is_cleared_and_the_server_starts(pg_dir: Path) -> None:
    url = embedded_database_url(pg_dir)
    lock = pg_dir / "postmaster.pid"
    live = lock.read_text()
    assert embedded_database_url(pg_dir) == url and lock.read_text() == live  # a live server is kept
    stop_database(pg_dir)
    other = subprocess.Popen(["sleep", "120"])
    try:
        # the lock as the stopped server wrote it, its first line now naming a live program
        lock.write_text("\n".join([str(other.pid), *live.splitlines()[1:]]) + "\n")
        lock.chmod(0o644)
        assert asyncio.run(_answers(_url_in_a_new_process(pg_dir))) == 1
        assert int(lock.read_text().split()[0]) != other.pid
    finally:
        other.kill()
        other.wait()
