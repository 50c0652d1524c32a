"""Reciprocal rank fusion (Cormack et al., 2009): score(d) = Σ_lists w / (k + rank_list(d)), ranks from 1.

Weights w default to 1 (plain RRF)."""

from collections.abc import Hashable, Sequence
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)


def best_first_unique(keys: Sequence[Key]) -> list[Key]:
    """Keys in first-seen order, repeats dropped: a page's rank is that of its best chunk."""
    return list(dict.fromkeys(keys))


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[Key]], k: int = 60, weights: Sequence[float] | None = None
) -> list[tuple[Key, float]]:
    """Fused (key, score), best first; ties keep the order of first appearance across the rankings."""
    scores: dict[Key, float] = {}
    for i, ranking in enumerate(rankings):
        weight = 1.0 if weights is None else weights[i]
        for rank, key in enumerate(best_first_unique(ranking), start=1):
            scores[key] = scores.get(key, 0.0) + weight / (k + rank)
    order = {key: i for i, key in enumerate(scores)}
    return sorted(scores.items(), key=lambda item: (-item[1], order[item[0]]))
