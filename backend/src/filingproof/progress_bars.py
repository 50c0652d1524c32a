"""Rich progress bars for the command line: one line per stage of each filing."""

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from filingproof.ingest.progress import StageProgress


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


def progress_bars(console: Console) -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )
