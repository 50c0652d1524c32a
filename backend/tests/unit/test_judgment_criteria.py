"""Which quality a yes/no question asks about, and a criterion's threshold as a figure the verifier can
recompute (issue 28)."""

from datetime import date
from decimal import Decimal

import pytest

from filingproof.metrics.criteria import QUALITIES, quality_asked
from filingproof.metrics.judgment import decided, passes, threshold, verdict
from filingproof.metrics.trend import answer_trend, trend_asked
from filingproof.understanding import Catalog, CompanyRef, FilingRef, understand
from filingproof.verify.derive import recompute


@pytest.mark.parametrize(
    ("question", "key"),
    [
        ("Is 3M a capital-intensive business based on FY2022 data?", "capital_intensive"),
        ("quick one - is Coca-Cola capital intensive? FY24", "capital_intensive"),
        ("Are JnJ's FY2022 financials that of a high growth company?", "high_growth"),
        ("would you call NVIDIA fast-growing in FY2025", "high_growth"),
        ("Does Meta have healthy liquidity at the end of FY2024?", "liquid"),
        ("Has MGM Resorts paid dividends to common shareholders in FY2022?", "dividend_payer"),
    ],
)
def test_a_yes_no_question_names_its_quality(question: str, key: str) -> None:
    quality = quality_asked(question)
    assert quality is not None and quality.key == key


@pytest.mark.parametrize(
    "question",
    [
        "What was 3M's capital intensity in FY2022?",  # a figure, not a yes or no
        "Describe Meta's liquidity.",
        "Is Apple's revenue up in FY2024?",  # a yes or no, but no quality the criteria know
    ],
)
def test_other_questions_name_none(question: str) -> None:
    assert quality_asked(question) is None


def test_thresholds_recompute_from_no_cell() -> None:
    for quality in QUALITIES:
        for criterion in quality.criteria:
            rule = threshold(criterion)
            assert rule.inputs == () and rule.value == criterion.threshold
            assert recompute(rule, {}) == rule.__class__(rule.kind, rule.formula, (), rule.value, rule.unit)


def test_the_verdict_follows_the_rule() -> None:
    capital = next(q for q in QUALITIES if q.key == "capital_intensive")
    capex, ppe = capital.criteria
    assert not passes(capex, Decimal("5.1")) and passes(ppe, Decimal("40.4"))
    assert decided(capital, [passes(capex, Decimal("13.0")), passes(ppe, Decimal("40.4"))], True) is True
    assert decided(capital, [passes(capex, Decimal("5.1")), passes(ppe, Decimal("19.8"))], True) is False
    assert verdict(capital, "3M", 2022, False) == (
        "No: by a common screen: capital expenditure above 10% of revenue, or net PP&E above 40% of total "
        "assets, 3M is not capital-intensive on its fiscal 2022 figures."
    )
    assert verdict(capital, "X", 2022, True).startswith("Yes: ")


def test_criteria_computed_decide_alone_only_when_no_other_could_change_the_verdict() -> None:
    capital = next(q for q in QUALITIES if q.key == "capital_intensive")  # any criterion suffices
    assert decided(capital, [True], complete=False) is True  # Texas Instruments: capex 29% of revenue
    assert decided(capital, [False], complete=False) is None  # the other could still pass
    liquid = next(q for q in QUALITIES if q.key == "liquid")  # every criterion needed
    assert decided(liquid, [False], complete=True) is False
    assert decided(liquid, [], complete=False) is None


@pytest.mark.parametrize(
    ("question", "typed", "metric", "course", "bound"),
    [
        (
            "Are Best Buy's gross margins historically consistent",  # the reading drops the aside …
            "Are Best Buy's gross margins historically consistent (not fluctuating more than roughly 2% each "
            "year)?",  # … the bound is read from the question as typed
            "gross_margin",
            "stable",
            Decimal(2),
        ),
        (
            "Does Boeing have an improving gross margin profile as of FY2022?",
            "",
            "gross_margin",
            "improving",
            2,
        ),
        (
            "has Alphabet's operating margin been declining through 2024",
            "",
            "operating_margin",
            "declining",
            2,
        ),
        (
            "Is NVIDIA's net margin stable, within 1.5 points a year?",
            "",
            "net_margin",
            "stable",
            Decimal("1.5"),
        ),
    ],
)
def test_a_course_of_a_percent_metric(
    question: str, typed: str, metric: str, course: str, bound: Decimal
) -> None:
    asked = trend_asked(question, typed)
    assert asked is not None
    assert (asked.metric.key, asked.course, asked.bound) == (metric, course, bound)


def test_no_course_without_a_percent_metric() -> None:
    assert trend_asked("Is Apple's revenue improving?") is None  # a currency amount: no course in points
    assert trend_asked("What was Apple's gross margin in FY2024?") is None


def test_a_bound_in_points_however_written() -> None:
    nike = "Nike gross margins - consistent over FY22-FY24 (not swinging more than ~2 pts a year)?"
    asked = trend_asked(nike)
    assert asked is not None and (asked.bound, asked.stated) == (Decimal(2), True)
    basis = trend_asked("Is Apple's gross margin stable, within 200 bps a year?")
    assert basis is not None and not basis.stated  # basis points are not read as points


# Johnson Controls: its 10-K for the year ended September 30, 2024 and its 10-Q for the June 2023 quarter
JCI = Catalog(
    companies=(CompanyRef("JCI", "Johnson Controls International plc"),),
    filings=(
        FilingRef(1, "JCI", "10-K", date(2024, 9, 30), 2024, "FY"),
        FilingRef(2, "JCI", "10-Q", date(2023, 6, 30), 2023, "Q3"),
    ),
)


async def test_a_course_over_years_answers_no_question_about_a_quarter() -> None:
    # "did gross margin expand yoy?" of JCI's fiscal Q3'23 asks about that quarter, not its years
    question = "JCI fiscal Q3'23 (june qtr) - did gross margin expand yoy?"
    assert trend_asked(question) is not None  # a course is named …
    u = understand(question, JCI)
    assert u.fiscal_period == "Q3"
    # … of no year: no course is read, so the store is never asked
    assert await answer_trend(None, question, u, JCI) is None  # type: ignore[arg-type]
