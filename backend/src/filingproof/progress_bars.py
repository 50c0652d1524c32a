"""Rich progress bars for the command line: one line per stage of each filing."""

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from filingproof.ingest.progress import StageProgress
from filingproof.jobs.records import JobOut


class RichStage:
    def __init__(self, bars: Progress, label: str, total: int | None) -> None:
        self._bars = bars
        self._task = bars.add_task(label, total=total)

    def advance(self, amount: int = 1) -> None:
        self._bars.advance(self._task, amount)

    def finish(self) -> None:
        task = next(t for t in self._bars.tasks if t.id == self._task)
        self._bars.update(self._task, completed=task.total if task.total is not None else task.completed)


class RichProgress:
    """Implements `filingproof.ingest.progress.Progress` for one filing."""

    def __init__(self, bars: Progress, name: str) -> None:
        self._bars = bars
        self._name = name

    def stage(self, name: str, total: int | None = None) -> StageProgress:
        return RichStage(self._bars, f"{self._name} · {name}", total)


class JobBars:
    """The stages of ingest jobs as bars, drawn from their records (whichever worker runs them); a retried
    job's attempt gets bars of its own."""

    def __init__(self, bars: Progress) -> None:
        self._bars = bars
        self._tasks: dict[tuple[int, int, int], TaskID] = {}

    def show(self, jobs: list[JobOut]) -> None:
        for job in jobs:
            for index, stage in enumerate(job.stages):
                key = (job.id, job.attempts, index)
                if key not in self._tasks:
                    attempt = f" (attempt {job.attempts})" if job.attempts > 1 else ""
                    label = f"{Path(job.source).name} · {stage.name}{attempt}"
                    self._tasks[key] = self._bars.add_task(label, total=stage.total)
                self._bars.update(self._tasks[key], completed=stage.done, total=stage.total)


def progress_bars(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )
