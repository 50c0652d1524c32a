"""Whether every worker of a server has warmed its query path (`filingproof serve --workers N`).

Each worker is a process of its own with its own model and caches; the kernel hands a connection to any of
them, so the server is ready only once all are warm. The supervisor names a folder (`WARM_DIR_ENV`) and the
worker count (`WORKERS_ENV`); a worker writes a file named by its process id there once warm. A single
process (no folder named) answers for itself alone.
"""

import os
from dataclasses import dataclass
from pathlib import Path

WARM_DIR_ENV = "FILINGPROOF_WARM_DIR"
WORKERS_ENV = "FILINGPROOF_SERVER_WORKERS"


def mark_warm() -> None:
    """Say that this worker is warm (nothing without a supervisor's folder)."""
    folder = os.environ.get(WARM_DIR_ENV)
    if folder:
        (Path(folder) / str(os.getpid())).touch()


@dataclass(frozen=True)
class WorkersWarm:
    warm: int
    workers: int

    @property
    def all(self) -> bool:
        return self.warm >= self.workers


def workers_warm() -> WorkersWarm | None:
    """How many of the server's workers are warm; None for a single process."""
    folder = os.environ.get(WARM_DIR_ENV)
    if not folder:
        return None
    try:
        warm = sum(1 for _ in Path(folder).iterdir())
    except OSError:
        warm = 0
    return WorkersWarm(warm, int(os.environ.get(WORKERS_ENV, "1")))
