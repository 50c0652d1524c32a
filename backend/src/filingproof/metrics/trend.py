"""Judging a metric's course over the years a filing prints ("Are Best Buy's gross margins historically
consistent (not fluctuating more than roughly 2% each year)?", "Does Boeing have an improving gross margin
profile as of FY2022?"): the metric computed for each of the last three fiscal years (two where the filings
print no third), its change from year to year computed over the same cells, and the verdict from those
changes: stable (no change beyond the bound the question states, else 2 points), improving (up every year)
or declining (down every year).
"""

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Literal

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.metrics.answer import compute, find_inputs, pick_of, sentence, written
from filingproof.metrics.definition import MetricQuestion, Presentation
from filingproof.metrics.judgment import judged_company
from filingproof.metrics.library import METRICS, Metric, expand, shift
from filingproof.metrics.resolve import Found
from filingproof.qa.direction import CHANGE_LABEL
from filingproof.qa.pick import Derived, Pick, TableAnswer, unique_picks
from filingproof.understanding import Catalog, QueryUnderstanding
from filingproof.verify.derive import DerivationError, formula
from filingproof.verify.expression import Bin, Expr, Ref, parse

Course = Literal["stable", "improving", "declining"]
_COURSES: tuple[tuple[Course, re.Pattern[str]], ...] = (
    ("stable", re.compile(r"\b(?:consistent|stable|steady|fluctuat\w*|volatil\w*|vary|varied)\b", re.I)),
    ("improving", re.compile(r"\b(?:improv\w*|expand\w*|rising|increasing|trending\s+up)\b", re.I)),
    ("declining", re.compile(r"\b(?:declin\w*|deteriorat\w*|shrink\w*|contract\w*|erod\w*|falling)\b", re.I)),
)
# The bound a question states: "not fluctuating more than roughly 2% each year", "within 1.5 points".
_BOUND = re.compile(
    r"\b(?:more\s+than|within|by\s+less\s+than|beyond)\s+(?:roughly\s+|about\s+|around\s+|~)?"
    r"(\d+(?:\.\d+)?)\s*(?:%|percent(?:age)?(?:\s+points?)?|points?|pts?|pp)(?!\w)",
    re.IGNORECASE,
)
_PLURAL = re.compile(r"\b(margin|rate|ratio)s\b", re.IGNORECASE)
DEFAULT_BOUND = Decimal(2)  # percentage points a year: the convention when the question states none
YEARS = 3  # a 10-K's income statement prints three years


@dataclass(frozen=True)
class TrendQuestion:
    metric: Metric
    course: Course
    bound: Decimal  # percentage points a year (stable only)
    stated: bool  # the question states its bound


def trend_asked(question: str, typed: str = "") -> TrendQuestion | None:
    """The metric and the course a question asks about, or None; the bound from the question as typed
    (`typed`), where an aside states it ("(not fluctuating more than roughly 2% each year)"). Only a percent
    metric (a margin, a rate) has a course in points."""
    course = next((name for name, pattern in _COURSES if pattern.search(question)), None)
    singular = _PLURAL.sub(r"\1", question)  # "gross margins" name the metric
    metric = next((m for m in METRICS if m.names.search(singular) and "pct(" in m.formula), None)
    if course is None or metric is None:
        return None
    bound = _BOUND.search(typed or question)
    return TrendQuestion(metric, course, Decimal(bound[1]) if bound else DEFAULT_BOUND, bound is not None)


def _at(metric: Metric, year: int) -> Expr:
    return expand(shift(parse(metric.formula), year))


async def answer_trend(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, typed: str = ""
) -> TableAnswer | None:
    """The verdict on a percent metric's course for one company, with each year's figure and change; None
    when the question asks about no course of a percent metric (or not of one company)."""
    asked = trend_asked(question, typed)
    # a course runs over fiscal years: a question about a quarter ("did Q3's gross margin expand yoy?") asks
    # about that quarter, not the years
    quarter = u.fiscal_period is not None and u.fiscal_period != "FY"
    if asked is None or len(u.companies) != 1 or quarter:
        return None
    ticker, name, last, resolver = judged_company(session, question, u, catalog)
    if last is None:
        return TableAnswer(missing=[f"{ticker}: no annual report to follow its {asked.metric.name} over"])
    years: list[int] = []
    found: dict[Ref, Found] = {}
    for year in range(last, last - YEARS, -1):
        question_at = MetricQuestion(
            asked.metric.name, _at(asked.metric, year), year, "ratio", Presentation(), False
        )
        inputs, missing = await find_inputs(resolver, ticker, question_at)
        if missing:
            if len(years) < 2:
                return TableAnswer(missing=missing)
            break  # the earliest year the filings print is the start of the course
        years.insert(0, year)
        found |= inputs
    return _answer(asked, name, ticker, years, found)


def _answer(
    asked: TrendQuestion, name: str, ticker: str, years: list[int], found: dict[Ref, Found]
) -> TableAnswer:
    answer = TableAnswer(picks=list(unique_picks(pick_of(ticker, name, each) for each in found.values())))
    try:
        answer.derived, changes = _course(asked.metric, name, years, found, tuple(answer.picks))
    except DerivationError as error:
        return TableAnswer(missing=[f"{asked.metric.name} cannot be computed: {error}"])
    holds, course = _verdict(asked, changes)
    if asked.course == "stable":
        bound = replace(formula(f"pct({asked.bound} / 100)", {}, "ratio"), label="bound on the yearly change")
        answer.derived.insert(0, Derived(bound, (), ""))
    span = f"fiscal {years[0]} to fiscal {years[-1]}"
    answer.verdict = f"{'Yes' if holds else 'No'}: {name}'s {asked.metric.name} {course} over {span}."
    return answer


def _course(
    metric: Metric, name: str, years: list[int], found: dict[Ref, Found], picks: tuple[Pick, ...]
) -> tuple[list[Derived], list[Decimal]]:
    """Each year's metric, and its change from the year before, each computed over the cited cells."""
    derived: list[Derived] = []
    changes: list[Decimal] = []
    for before, year in zip([None, *years], years, strict=False):
        level_q = MetricQuestion(metric.name, _at(metric, year), year, "ratio", Presentation(), False)
        level = replace(compute(level_q, found), label=metric.name)
        derived.append(Derived(level, picks, sentence(name, level_q, level)))
        if before is None:
            continue
        step = Bin("-", _at(metric, year), _at(metric, before))
        step_q = MetricQuestion(f"{CHANGE_LABEL}{metric.name}", step, year, "ratio", Presentation(), False)
        change = replace(compute(step_q, found), label=f"{CHANGE_LABEL}{metric.name}")
        points = f"{_points(change.value)} percentage points"
        said = f"From fiscal {before} to fiscal {year}, the change in {metric.name} was {points}."
        derived.append(Derived(change, picks, said))
        changes.append(change.value)
    return derived, changes


def _verdict(asked: TrendQuestion, changes: list[Decimal]) -> tuple[bool, str]:
    """Whether the course holds, and the course as the verdict says it."""
    if asked.course == "stable":
        holds = all(abs(change) <= asked.bound for change in changes)
        whose = "the bound the question states" if asked.stated else "a common bound for a stable margin"
        verb = "moved by no more than" if holds else "moved by more than"
        return (
            holds,
            f"{verb} {_points(asked.bound, _places(asked.bound))} percentage points a year ({whose})",
        )
    up = asked.course == "improving"
    holds = all((change > 0) if up else (change < 0) for change in changes)
    if holds:
        return True, f"{'rose' if up else 'fell'} every year"
    return False, f"did not {'rise' if up else 'fall'} every year"


def _points(value: Decimal, places: int = 1) -> str:
    """A percent metric's change in points, as a percent is written but without its mark: "-1.1"."""
    return written(value, "percent", Presentation(decimals=places)).removesuffix("%")


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0
