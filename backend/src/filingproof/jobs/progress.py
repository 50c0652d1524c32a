"""The pipeline's stages, as a running job reports them (`ingest.progress.Progress`), saved to its row.

`advance` is called from the pipeline's hot loops and cannot wait on the database: the stages are kept in
memory and a background task saves them while they change (every `interval` seconds), and once more at
the end."""

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from filingproof.db.session import Sessions
from filingproof.ingest.progress import StageProgress
from filingproof.jobs.records import save_progress


class _RecordedStage:
    def __init__(self, owner: "RecordingProgress", record: dict[str, Any]) -> None:
        self._owner = owner
        self._record = record
        self._started = time.perf_counter()

    def advance(self, amount: int = 1) -> None:
        self._record["done"] += amount
        self._owner.changed = True

    def finish(self) -> None:
        if self._record["total"] is not None:
            self._record["done"] = self._record["total"]
        self._record["seconds"] = round(time.perf_counter() - self._started, 3)
        self._record["finished"] = True
        self._owner.changed = True


class RecordingProgress:
    """Implements `ingest.progress.Progress` for one job: every stage, its progress and its time."""

    def __init__(self) -> None:
        self.stages: list[dict[str, Any]] = []
        self.changed = False

    def stage(self, name: str, total: int | None = None) -> StageProgress:
        record: dict[str, Any] = {"name": name, "done": 0, "total": total, "seconds": None, "finished": False}
        self.stages.append(record)
        self.changed = True
        return _RecordedStage(self, record)

    @property
    def current(self) -> str | None:
        running = [stage["name"] for stage in self.stages if not stage["finished"]]
        return running[-1] if running else None

    def snapshot(self) -> tuple[str | None, list[dict[str, Any]]]:
        self.changed = False
        return self.current, [dict(stage) for stage in self.stages]


@asynccontextmanager
async def recorded_progress(
    sessions: Sessions, job_id: int, interval: float = 0.25
) -> AsyncIterator[RecordingProgress]:
    progress = RecordingProgress()

    async def save() -> None:
        current, stages = progress.snapshot()
        await save_progress(sessions, job_id, current, stages)

    async def keep_saving() -> None:
        while True:
            await asyncio.sleep(interval)
            if progress.changed:
                await save()

    saver = asyncio.create_task(keep_saving())
    try:
        yield progress
    finally:
        saver.cancel()
        await asyncio.gather(saver, return_exceptions=True)
        await save()
