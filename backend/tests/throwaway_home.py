"""A throwaway FILINGPROOF_HOME with its own embedded PostgreSQL, for tests whose child processes ingest
(and get killed): started by the test process, so that no killed child ever owns the server."""

import os
import signal
import tempfile
import time
from pathlib import Path

from filingproof.db.embedded import embedded_database_url


def new_home(prefix: str) -> tuple[Path, str]:
    """A new home and the asyncpg URL of its running database."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    path.chmod(0o755)  # under root, the embedded server runs as an unprivileged user
    return path, embedded_database_url(path / "pg")


def stop_database(pg_dir: Path) -> None:
    """A fast shutdown of the home's server (the first line of postmaster.pid is its process id)."""
    pid_file = pg_dir / "postmaster.pid"
    if not pid_file.exists():
        return
    os.kill(int(pid_file.read_text().split()[0]), signal.SIGINT)
    deadline = time.monotonic() + 60
    while pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
