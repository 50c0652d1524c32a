"""Progress of an ingest, reported per stage; the CLI shows bars, tests and the API pass their own."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol


class Progress(Protocol):
    def stage(self, name: str, total: int | None = None) -> "StageProgress": ...


class StageProgress(Protocol):
    def advance(self, amount: int = 1) -> None: ...

    def finish(self) -> None: ...


class SilentStage:
    def advance(self, amount: int = 1) -> None:
        pass

    def finish(self) -> None:
        pass


class SilentProgress:
    def stage(self, name: str, total: int | None = None) -> StageProgress:
        return SilentStage()


@contextmanager
def stage(progress: Progress, name: str, total: int | None = None) -> Iterator[StageProgress]:
    current = progress.stage(name, total)
    yield current
    # Only on success: a stage that raised is left unfinished, so that it shows where the work stopped.
    current.finish()
