"""Answering a judgment ("Is 3M a capital-intensive business based on FY2022 data?"): each criterion of the
quality asked (`metrics.criteria`) computed as a metric is (`metrics.answer`: its inputs' cells, its
formula recorded over them), compared with its threshold, and the verdict written first with its rule.

The verdict is arithmetic over verified figures, never a model's word: the thresholds the rule names are
recorded as formulas of their own (`pct(10 / 100)`), so the verifier holds every figure of the answer, the
rule's included, to a derivation or a cell. An input no filing prints leaves the judgment unanswered, with
what is missing, unless the criteria computed decide it alone (one passing criterion of a quality any of
whose criteria suffices; one failing criterion of a quality that needs them all): a verdict from part of
its criteria could otherwise say the opposite of the full one.
"""

from dataclasses import replace
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.metrics.answer import compute, find_inputs, pick_of, sentence
from filingproof.metrics.criteria import Criterion, Quality, quality_asked
from filingproof.metrics.definition import MetricQuestion, Presentation, years_of
from filingproof.metrics.library import expand, shift
from filingproof.metrics.resolve import Resolver
from filingproof.qa.pick import Derived, TableAnswer, unique_picks
from filingproof.understanding import Catalog, QueryUnderstanding
from filingproof.verify.derive import Derivation, DerivationError, formula
from filingproof.verify.expression import parse


def criterion_question(criterion: Criterion, year: int) -> MetricQuestion:
    """The criterion's metric as a metric question at fiscal `year`."""
    expr = expand(shift(parse(criterion.formula), year))
    # a rate or ratio to two decimals: a verdict near its threshold shows how near, and a figure the filing
    # prints rounded ("sales increased 1.3%") reads as the same one (1.25%), not as another (1.2%)
    shown = Presentation(decimals=2) if "/" in criterion.formula else Presentation()
    return MetricQuestion(criterion.name, expr, year, "ratio", shown, stated=False)


def threshold(criterion: Criterion) -> Derivation:
    """The criterion's threshold as a formula over no cell: the rule's own figure, recomputed like any."""
    text = f"pct({criterion.threshold} / 100)" if "pct(" in criterion.formula else str(criterion.threshold)
    return replace(formula(text, {}, "ratio"), label=f"threshold of {criterion.name}")


def passes(criterion: Criterion, value: Decimal) -> bool:
    return value > criterion.threshold if criterion.above else value < criterion.threshold


def judgment_year(question: str, u: QueryUnderstanding, catalog: Catalog, ticker: str) -> int | None:
    """The fiscal year judged: the one the question names, else the company's latest annual report's."""
    named = years_of(question) or list(u.years)
    if named:
        return max(named)
    annual = [
        f.fiscal_year for f in u.filings_of(catalog, ticker) if f.fiscal_period == "FY" and f.fiscal_year
    ]
    return max(annual) if annual else None


def judged_company(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog
) -> tuple[str, str, int | None, Resolver]:
    """The one company a judgment is about: its ticker, its name, the fiscal year judged (None: no annual
    report) and the resolver of its inputs' cells within the request's filings."""
    ticker = u.companies[0]
    name = catalog.company_name(ticker)
    resolver = Resolver(session, ticker, u.filings_of(catalog, ticker), u.filing_ids)
    return ticker, name, judgment_year(question, u, catalog, ticker), resolver


async def answer_judgment(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog
) -> TableAnswer | None:
    """The verdict on the quality a yes/no question names for one company, with the figures it rests on;
    None when the question names no known quality (or not one company)."""
    quality = quality_asked(question)
    if quality is None or len(u.companies) != 1:
        return None
    ticker, name, year, resolver = judged_company(session, question, u, catalog)
    if year is None:
        return TableAnswer(missing=[f"{ticker}: no annual report to judge {quality.phrase} from"])
    answer = TableAnswer()
    met: list[bool] = []
    for criterion in quality.criteria:
        asked = criterion_question(criterion, year)
        found, missing = await find_inputs(resolver, ticker, asked)
        if missing:
            answer.missing += missing
            continue
        try:
            derivation = replace(compute(asked, found), label=criterion.name)
        except DerivationError as error:
            answer.missing.append(f"{criterion.name} cannot be computed: {error}")
            continue
        picks = unique_picks(pick_of(ticker, name, each) for each in found.values())
        answer.picks += [pick for pick in picks if pick not in answer.picks]
        answer.derived.append(Derived(derivation, picks, sentence(name, asked, derivation)))
        met.append(passes(criterion, derivation.value))
    holds = decided(quality, met, complete=not answer.missing)
    if holds is None:
        return TableAnswer(missing=[f"{quality.phrase} ({quality.convention})", *answer.missing])
    rules = [Derived(threshold(criterion), (), "") for criterion in quality.criteria]
    answer.derived = rules + answer.derived
    answer.verdict = verdict(quality, name, year, holds)
    return answer


def decided(quality: Quality, met: list[bool], complete: bool) -> bool | None:
    """Whether the quality holds, from the criteria computed (`met`); None when those do not decide it (some
    criteria could not be computed, `complete` False, and the others leave either verdict open)."""
    if quality.holds_when == "any":
        return True if any(met) else False if complete else None
    return False if not all(met) else True if complete else None


def verdict(quality: Quality, company: str, year: int, holds: bool) -> str:
    """ "No: by a common screen (…), 3M COMPANY is not capital-intensive on its fiscal 2022 figures." """
    answer, is_ = ("Yes", "is") if holds else ("No", "is not")
    return (
        f"{answer}: by {quality.convention}, {company} {is_} {quality.phrase} on its fiscal {year} figures."
    )
