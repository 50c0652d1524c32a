"""Scoring one response against its gold item, and a run's scores: pure functions, no I/O.

- A numeric item is right when the expected value is among the response's figures, in the item's unit,
  to the precision the figure is written at ("$391.0 billion" states 391,035 million; "$408 billion"
  does not), whatever scale it is written in. Figures are only ever returned when they are cells: of the
  item asked (`verified`), or of the page a verbatim sentence is quoted from (`quoted`).
- A narrative item is right when the response cites one of the item's source pages, and gives no figure
  that is not verified or quoted.
- A refusal item (out of scope, unanswerable period) is right when the response is a refusal.
- Wrong and verified: a response marked verified that does not state the expected value (nor, where the
  filing prints it with the opposite sign, the printed value), or that gives figures to a question that
  must be refused. The count that must stay 0.
"""

import math
import statistics
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Protocol, TypeVar

from pydantic import BaseModel

from filingproof.evals.gold import REFUSAL_KINDS, GoldItem, GoldSource
from filingproof.verify.figures import extract

T = TypeVar("T")
PageKey = tuple[str, str, str, int]  # ticker, form, period end (ISO), page number


class FigureLike(Protocol):
    @property
    def text(self) -> str: ...
    @property
    def value(self) -> float: ...
    @property
    def unit(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    right: bool
    wrong_verified: bool
    refused: bool


def written_precision(figure: FigureLike) -> Decimal:
    """The step of the last written digit, in the figure's base units: "$391.0 billion" → 1e8;
    "391,035" standing for millions → 1e6. Text that cannot be read: exact (a millionth of a unit)."""
    figures = extract(figure.text).figures
    if len(figures) != 1:
        return Decimal("1e-6")
    written = figures[0]
    if written.scale_known or written.value == 0:
        return written.precision
    try:  # the value is normalised, the text is not: the ratio is the scale the text was read at
        factor = (Decimal(str(figure.value)) / written.value).copy_abs()
    except InvalidOperation:
        return written.precision
    return written.precision * factor


def states(figure: FigureLike, expected: Decimal, unit: str) -> bool:
    """Whether the figure states `expected` (base units, `unit`) at the precision it is written to."""
    if figure.unit != unit:
        return False
    return abs(Decimal(str(figure.value)) - expected) * 2 <= written_precision(figure) * Decimal("1.000001")


_DIFFERENCE_KINDS = frozenset({"derived", "cross_company"})


def outcome(
    item: GoldItem, status: str, figures: Sequence[FigureLike], cited_pages: Iterable[PageKey]
) -> Outcome:
    refused = status == "refused"
    verified = status == "verified"
    if item.kind in REFUSAL_KINDS:
        # a segment the company does not report: "the filings hold no such line" answers it as well
        unreported = item.kind == "unreported_segment" and status == "cannot_verify" and not figures
        return Outcome(
            right=refused or unreported, wrong_verified=verified and bool(figures), refused=refused
        )
    if item.expected is None or item.unit is None:  # narrative
        wanted = {source_page(source) for source in item.sources}
        # a quote's figures are cells of its own page, as verified ones are cells
        right = bool(wanted & set(cited_pages)) and (verified or status == "quoted" or not figures)
        return Outcome(right=right, wrong_verified=False, refused=refused)
    # The value as printed counts too when the print flips the sign ("(29,745)" for a payment), and a
    # difference asked as "how much did it fall" is stated by its size ("a decrease of $2,293 million").
    targets = [item.expected] + ([item.printed] if item.printed is not None else [])
    if item.kind in _DIFFERENCE_KINDS:
        targets.append(-item.expected)
    right = any(states(figure, target, item.unit) for figure in figures for target in targets)
    return Outcome(right=right, wrong_verified=verified and not right, refused=refused)


@dataclass(frozen=True, slots=True)
class FamilyScores:
    """Gold v3's families (one fact asked plainly, casually and tersely): how many were right all ways."""

    n: int
    alike: int

    @property
    def share(self) -> float:
        return self.alike / self.n if self.n else 0.0


class _Right(Protocol):
    @property
    def right(self) -> bool: ...


def family_scores(items: Sequence[GoldItem], results: Sequence[_Right]) -> FamilyScores:
    """Families whose every wording was answered right, of the families among `items` (in step with
    `results`)."""
    families: dict[str, bool] = {}
    for item, result in zip(items, results, strict=True):
        if item.family is not None:
            families[item.family] = families.get(item.family, True) and result.right
    return FamilyScores(len(families), sum(families.values()))


def source_page(source: GoldSource) -> PageKey:
    return (source.ticker, source.form, source.period_end.isoformat(), source.page_no)


def first_rank(ranked: Sequence[T], wanted: AbstractSet[T]) -> int | None:
    """1-based rank of the first element of `ranked` in `wanted`; None when absent."""
    return next((rank for rank, key in enumerate(ranked, start=1) if key in wanted), None)


class Scores(BaseModel):
    n: int
    accuracy: float | None
    wrong_verified: int
    refusal_precision: float | None
    refusal_recall: float | None
    filing_hit_at_1: float | None
    filing_hit_at_3: float | None
    filing_mrr: float | None
    page_hit_at_1: float | None
    page_hit_at_3: float | None
    page_mrr: float | None
    latency_p50_ms: float | None
    latency_p95_ms: float | None
    tokens: int
    cost: float


@dataclass(frozen=True, slots=True)
class Scored:
    """One item's result, as far as the scores need it."""

    kind: str
    outcome: Outcome
    filing_rank: int | None  # None: not ranked in the top k, or the item has no source (refusals)
    page_rank: int | None
    ranked: bool  # whether the item has source pages to rank
    latency_ms: float
    tokens: int = 0
    cost: float = 0.0


def _ratio(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def percentile(values: Sequence[float], share: float) -> float | None:
    """Nearest-rank percentile; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def _hit(ranks: list[int | None], k: int) -> float | None:
    return _ratio(sum(rank is not None and rank <= k for rank in ranks), len(ranks))


def _mrr(ranks: list[int | None]) -> float | None:
    return statistics.fmean(1 / rank if rank else 0.0 for rank in ranks) if ranks else None


def scores(results: Sequence[Scored]) -> Scores:
    refusal_items = [r for r in results if r.kind in REFUSAL_KINDS]
    refused = [r for r in results if r.outcome.refused]
    ranked = [r for r in results if r.ranked]
    filing_ranks = [r.filing_rank for r in ranked]
    page_ranks = [r.page_rank for r in ranked]
    latencies = [r.latency_ms for r in results]
    return Scores(
        n=len(results),
        accuracy=_ratio(sum(r.outcome.right for r in results), len(results)),
        wrong_verified=sum(r.outcome.wrong_verified for r in results),
        refusal_precision=_ratio(sum(r.kind in REFUSAL_KINDS for r in refused), len(refused)),
        refusal_recall=_ratio(sum(r.outcome.refused for r in refusal_items), len(refusal_items)),
        filing_hit_at_1=_hit(filing_ranks, 1),
        filing_hit_at_3=_hit(filing_ranks, 3),
        filing_mrr=_mrr(filing_ranks),
        page_hit_at_1=_hit(page_ranks, 1),
        page_hit_at_3=_hit(page_ranks, 3),
        page_mrr=_mrr(page_ranks),
        latency_p50_ms=percentile(latencies, 0.5),
        latency_p95_ms=percentile(latencies, 0.95),
        tokens=sum(r.tokens for r in results),
        cost=round(sum(r.cost for r in results), 6),
    )


def scores_by_kind(results: Sequence[Scored]) -> dict[str, Scores]:
    kinds = sorted({r.kind for r in results})
    return {kind: scores([r for r in results if r.kind == kind]) for kind in kinds}


def deltas(current: Scores, previous: Scores) -> dict[str, float | None]:
    """current − previous per score; None where either is undefined."""
    now, before = current.model_dump(), previous.model_dump()
    return {
        name: None if now[name] is None or before[name] is None else round(now[name] - before[name], 6)
        for name in now
    }
