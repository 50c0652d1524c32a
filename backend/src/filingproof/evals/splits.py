"""Scores per split (dev / held-out companies) and kind, for gold sets whose items carry a split (gold v2).

The held-out companies are kept out of all tuning, so their scores are read apart from the dev scores.
Counts come from the run's own item results; the split and kind of each come from the gold file.
"""

from collections.abc import Sequence

from pydantic import BaseModel
from rich.table import Table

from filingproof.evals.gold import GoldItem
from filingproof.evals.runner import ItemResult

ALL = "all"


class SplitScores(BaseModel):
    n: int
    accuracy: float | None
    wrong_verified: int  # verified answers whose figures do not state the expected value
    refused: int
    verified: int


def _scores(results: Sequence[ItemResult]) -> SplitScores:
    n = len(results)
    return SplitScores(
        n=n,
        accuracy=sum(r.right for r in results) / n if n else None,
        wrong_verified=sum(r.wrong_verified for r in results),
        refused=sum(r.refused for r in results),
        verified=sum(r.status == "verified" for r in results),
    )


Report = dict[str, dict[str, "SplitScores"]]  # split → kind (and "all") → scores


def split_scores(items: Sequence[GoldItem], results: Sequence[ItemResult]) -> Report:
    """{split: {"all": scores, kind: scores, …}} plus {"all": …} over every split; empty when the items
    carry no split. Results whose item is not in `items` are left out."""
    split_of = {item.id: item.split for item in items if item.split is not None}
    if not split_of:
        return {}
    known = [r for r in results if r.item_id in split_of]
    groups: dict[str, list[ItemResult]] = {ALL: known}
    for split in sorted(set(split_of.values())):
        groups[split] = [r for r in known if split_of[r.item_id] == split]
    return {
        split: {ALL: _scores(group)} | {kind: _scores([r for r in group if r.kind == kind])
                                         for kind in sorted({r.kind for r in group})}
        for split, group in groups.items()
    }  # fmt: skip


def render_splits(title: str, report: Report) -> Table:
    table = Table(title=title)
    for column in ("split", "kind", "n", "accuracy", "wrong&verified", "refused", "verified"):
        table.add_column(column, justify="left" if column in ("split", "kind") else "right")
    for split, kinds in report.items():
        for kind, s in kinds.items():
            accuracy = "–" if s.accuracy is None else f"{s.accuracy:.3f}"
            style = "bold" if kind == ALL else None
            cells = (split, kind, str(s.n), accuracy, str(s.wrong_verified), str(s.refused), str(s.verified))
            table.add_row(*cells, style=style)
    return table
