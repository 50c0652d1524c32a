"""Reciprocal rank fusion (Cormack et al., 2009): score(d) = Σ_lists 1 / (k + rank_list(d)), ranks from 1."""

from collections.abc import Hashable, Sequence
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)


def best_first_unique(keys: Sequence[Key]) -> list[Key]:
    """Keys in first-seen order, repeats dropped: a page's rank is that of its best chunk."""
    return list(dict.fromkeys(keys))


def reciprocal_rank_fusion(rankings: Sequence[Sequence[Key]], k: int = 60) -> list[tuple[Key, float]]:
    """Fused (key, score), best first; ties keep the order of first appearance across the rankings."""
    scores: dict[Key, float] = {}
    for ranking in rankings:
        for rank, key in enumerate(best_first_unique(ranking), start=1):
            scores[key] = scores.get(key, 0.0) + 1.0 / (k + rank)
    order = {key: i for i, key in enumerate(scores)}
    return sorted(scores.items(), key=lambda item: (-item[1], order[item[0]]))
