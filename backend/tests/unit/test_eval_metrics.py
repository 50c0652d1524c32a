"""Eval metrics on handwritten cases: written precision and scale, correct and wrong figures, refusals."""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

import pytest

from filingproof.evals.gold import GoldItem, GoldSource
from filingproof.evals.metrics import (
    Outcome,
    Scored,
    deltas,
    first_rank,
    outcome,
    percentile,
    scores,
    scores_by_kind,
    states,
    written_precision,
)


@dataclass(frozen=True)
class Fig:
    text: str
    value: float
    unit: str


APPLE_PAGE = GoldSource(ticker="AAPL", form="10-K", period_end=date(2024, 9, 28), page_no=31, text="391,035")
REVENUE = GoldItem(
    id="aapl-revenue", kind="line_item", question="What was Apple's revenue in fiscal 2024?",
    expected=Decimal("391035000000"), unit="USD", sources=[APPLE_PAGE],
)  # fmt: skip
GROWTH = GoldItem(
    id="nvda-growth", kind="growth", question="How much did NVIDIA's revenue grow in fiscal 2025?",
    expected=Decimal("114.2002"), unit="percent", sources=[APPLE_PAGE],
)  # fmt: skip
REFUSAL = GoldItem(id="msft", kind="out_of_scope", question="What was Microsoft's revenue in 2024?")
NARRATIVE = GoldItem(
    id="risk", kind="narrative", question="What are Apple's risk factors?",
    sources=[APPLE_PAGE.model_copy(update={"page_no": 7, "text": "Risk Factors"})],
)  # fmt: skip


@pytest.mark.parametrize(
    ("figure", "right"),
    [
        (Fig("$391,035 million", 391035e6, "USD"), True),
        (Fig("391,035", 391035e6, "USD"), True),  # unscaled text in a table "in millions"
        (Fig("$391.0 billion", 391.0e9, "USD"), True),  # 391.035 rounds to 391.0
        (Fig("$391 billion", 391e9, "USD"), True),
        (Fig("$391.1 billion", 391.1e9, "USD"), False),
        (Fig("$408 billion", 408e9, "USD"), False),
        (Fig("$391,035 thousand", 391035e3, "USD"), False),  # another scale entirely
        (Fig("$391,035 million", 391035e6, "USD/share"), False),  # wrong unit
        (Fig("-$391,035 million", -391035e6, "USD"), False),  # wrong sign
    ],
)
def test_a_figure_states_the_expected_value_at_its_written_precision(figure: Fig, right: bool) -> None:
    assert states(figure, Decimal("391035000000"), "USD") is right


def test_written_precision_is_in_base_units() -> None:
    assert written_precision(Fig("$391.0 billion", 391.0e9, "USD")) == Decimal("1e8")
    assert written_precision(Fig("391,035", 391035e6, "USD")) == Decimal("1e6")
    assert written_precision(Fig("114.2%", 114.2, "percent")) == Decimal("0.1")


@pytest.mark.parametrize(
    ("text", "value", "right"),
    [("114.2%", 114.2, True), ("114%", 114.0, True), ("114.3%", 114.3, False), ("115%", 115.0, False)],
)
def test_percentages_match_at_written_precision(text: str, value: float, right: bool) -> None:
    assert states(Fig(text, value, "percent"), Decimal("114.2002"), "percent") is right


def test_a_correct_and_a_wrong_figure_is_right_and_not_wrong_verified() -> None:
    figures = [Fig("$391,035 million", 391035e6, "USD"), Fig("$383,285 million", 383285e6, "USD")]
    assert outcome(REVENUE, "verified", figures, []) == Outcome(
        right=True, wrong_verified=False, refused=False
    )


def test_only_a_wrong_figure_verified_is_wrong_and_verified() -> None:
    figures = [Fig("$383,285 million", 383285e6, "USD")]
    assert outcome(REVENUE, "verified", figures, []) == Outcome(
        right=False, wrong_verified=True, refused=False
    )


def test_cannot_verify_is_wrong_but_not_wrong_verified() -> None:
    assert outcome(REVENUE, "cannot_verify", [], []) == Outcome(
        right=False, wrong_verified=False, refused=False
    )


def test_refusals() -> None:
    assert outcome(REFUSAL, "refused", [], []) == Outcome(right=True, wrong_verified=False, refused=True)
    figures = [Fig("$245,122 million", 245122e6, "USD")]
    assert outcome(REFUSAL, "verified", figures, []) == Outcome(
        right=False, wrong_verified=True, refused=False
    )
    assert outcome(REVENUE, "refused", [], []) == Outcome(right=False, wrong_verified=False, refused=True)


def test_narrative_is_right_when_it_cites_the_page() -> None:
    page_7 = ("AAPL", "10-K", "2024-09-28", 7)
    assert outcome(NARRATIVE, "no_figures", [], [page_7]).right
    assert not outcome(NARRATIVE, "no_figures", [], [("AAPL", "10-K", "2024-09-28", 8)]).right
    assert not outcome(NARRATIVE, "no_figures", [], [("AAPL", "10-Q", "2024-09-28", 7)]).right


def test_a_quoted_narrative_answer_may_carry_its_quotes_figures_but_never_unverified_ones() -> None:
    page_7 = ("AAPL", "10-K", "2024-09-28", 7)
    figures = [Fig("$100", 100.0, "USD")]  # a figure of the quoted sentence, a cell of its page
    assert outcome(NARRATIVE, "quoted", figures, [page_7]).right
    assert not outcome(NARRATIVE, "cannot_verify", figures, [page_7]).right
    quoted_value = outcome(REVENUE, "quoted", [Fig("$391,035 million", 391035e6, "USD")], [])
    assert quoted_value == Outcome(right=True, wrong_verified=False, refused=False)
    assert not outcome(REVENUE, "quoted", [Fig("$100", 100.0, "USD")], []).wrong_verified


def _scored(
    kind: str, right: bool, refused: bool = False, rank: int | None = None, ms: float = 10.0
) -> Scored:
    return Scored(
        kind, Outcome(right, False, refused), rank, rank, rank is not None or kind == "line_item", ms
    )


def test_scores_refusal_precision_recall_and_ranks() -> None:
    results = [
        _scored("line_item", True, rank=1, ms=10),
        _scored("line_item", False, rank=3, ms=20),
        _scored("line_item", False, refused=True, rank=None, ms=30),  # a wrong refusal
        _scored("out_of_scope", True, refused=True, ms=40),
        _scored("unanswerable_period", False, refused=False, ms=50),  # a missed refusal
    ]
    got = scores(results)
    assert got.n == 5
    assert got.accuracy == pytest.approx(2 / 5)
    assert got.refusal_precision == pytest.approx(1 / 2)
    assert got.refusal_recall == pytest.approx(1 / 2)
    assert got.page_hit_at_1 == pytest.approx(1 / 3)
    assert got.page_hit_at_3 == pytest.approx(2 / 3)
    assert got.page_mrr == pytest.approx((1 + 1 / 3 + 0) / 3)
    assert got.latency_p50_ms == 30
    assert got.latency_p95_ms == 50
    assert set(scores_by_kind(results)) == {"line_item", "out_of_scope", "unanswerable_period"}


def test_no_refusal_items_leaves_refusal_scores_undefined() -> None:
    got = scores([_scored("line_item", True, rank=1)])
    assert got.refusal_recall is None and got.refusal_precision is None


def test_deltas_and_helpers() -> None:
    before = scores([_scored("line_item", False, rank=2)])
    after = scores([_scored("line_item", True, rank=1)])
    change = deltas(after, before)
    assert change["accuracy"] == pytest.approx(1.0)
    assert change["refusal_recall"] is None
    assert first_rank(["a", "b", "c"], {"c", "z"}) == 3
    assert first_rank(["a"], {"z"}) is None
    assert percentile([], 0.5) is None
