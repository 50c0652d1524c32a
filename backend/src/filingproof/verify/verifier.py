"""Fail-closed verification of a draft against the cells and derivations it cites.

A draft passes only if every figure in it matches a cited cell or a valid recorded derivation, every
period it names is backed by a cited period (or by the period a "period" derivation's inputs add up to,
`period_sums`), every recorded derivation recomputes from cited cells,
every reference stands (a note or page the cited filings have, a marker of a cited cell, see
`references`), it claims no quantity in words ("doubled"), and nothing numeric in it is left
unaccounted for. Anything else is a failure, listed in `failed`.
"""

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

from filingproof.verify.cells import CitedValue, PeriodRef
from filingproof.verify.derive import Derivation, check
from filingproof.verify.figures import WrittenFigure, extract
from filingproof.verify.match import matches
from filingproof.verify.period_sums import derived_period
from filingproof.verify.periods import WrittenPeriod, is_backed
from filingproof.verify.references import reference_problem

REDACTED = "[…]"

# "item": a figure whose cell is not the item asked for (see `items`; the pipeline checks it beside the draft)
# "company", "sign": a claim names another company than the cell's filer, or a sign or direction the value
# does not have (see `claims`)
FailureKind = Literal[
    "figure", "period", "unrecognised", "derivation", "reference", "claim", "item", "company", "sign"
]


@dataclass(frozen=True, slots=True)
class CellSource:
    cell_id: int


@dataclass(frozen=True, slots=True)
class DerivationSource:
    index: int
    inputs: tuple[int, ...]


Source = CellSource | DerivationSource


@dataclass(frozen=True, slots=True)
class FigureCheck:
    figure: WrittenFigure
    matched_source: Source | None
    reason: str

    @property
    def ok(self) -> bool:
        return self.matched_source is not None


@dataclass(frozen=True, slots=True)
class PeriodCheck:
    period: WrittenPeriod
    ok: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Failure:
    """One reason the draft fails; `span` locates it in the draft (None for a derivation)."""

    kind: FailureKind
    text: str
    span: tuple[int, int] | None
    reason: str


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    figures: list[FigureCheck]
    periods: list[PeriodCheck]
    failed: list[Failure]


def _shared_display_scale(derivation: Derivation, cited: Mapping[int, CitedValue]) -> int | None:
    """The display scale all inputs share, at which a scale-less figure of the derivation may be written."""
    scales = {cited[cell_id].display_scale for cell_id in derivation.inputs}
    return scales.pop() if len(scales) == 1 else None


def _check_figure(
    figure: WrittenFigure,
    cited: Sequence[CitedValue],
    by_id: Mapping[int, CitedValue],
    valid: Sequence[tuple[int, Derivation]],
    rejected: Sequence[tuple[int, Derivation, str]],
    marked: int | None = None,
) -> FigureCheck:
    # the cell whose marker follows the figure first: two cited cells may hold one value (Intel's Network
    # and Edge and its Foundry Services both lost $482 million in 2023), and the figure is its marker's
    own = by_id.get(marked) if marked is not None else None
    for cell in (own, *cited) if own is not None else cited:
        if matches(figure, cell.value, cell.unit, cell.display_scale):
            return FigureCheck(figure, CellSource(cell.cell_id), f"matches cell {cell.cell_id}")
    for index, derivation in valid:
        if matches(figure, derivation.value, derivation.unit, _shared_display_scale(derivation, by_id)):
            source = DerivationSource(index, derivation.inputs)
            return FigureCheck(figure, source, f"matches derivation {index}: {derivation.formula}")
    for index, derivation, problem in rejected:
        if matches(figure, derivation.value, derivation.unit):
            return FigureCheck(figure, None, f"matches only rejected derivation {index} ({problem})")
    return FigureCheck(figure, None, "no cited cell or derivation has this value, unit and sign")


# What a filing's end date alone backs: the date, its month, its year; not a quarter or a length of time,
# which only a cell of that period backs.
_FILING_END_BACKS = frozenset({"date", "month", "year"})


def _check_period(
    period: WrittenPeriod, refs: Sequence[PeriodRef], filing_ends: Sequence[date] = ()
) -> PeriodCheck:
    if is_backed(period, refs):
        return PeriodCheck(period, True, "within a cited period")
    if period.kind in _FILING_END_BACKS and is_backed(
        period, [PeriodRef("instant", None, end) for end in filing_ends]
    ):
        return PeriodCheck(period, True, "the end of a cited filing's period")
    return PeriodCheck(period, False, "no cited cell is of this period")


_NO_PERIOD = "its inputs' periods do not add up to one period"


_MARKER = re.compile(r"\s*\[c(\d+)\]")  # a cited cell's marker, as the writer puts it after its figure


def _marker_after(draft: str, end: int) -> int | None:
    """The cell id of the marker right after a figure ending at `end`, if one follows it."""
    found = _MARKER.match(draft, end)
    return int(found[1]) if found else None


def _derived_periods(
    valid: Sequence[tuple[int, Derivation]], by_id: Mapping[int, CitedValue]
) -> dict[int, PeriodRef]:
    """The period each valid "period" derivation covers, by index (from its cells' periods)."""
    periods = {cell_id: cell.period for cell_id, cell in by_id.items()}
    found = {index: derived_period(derivation, periods) for index, derivation in valid}
    return {index: period for index, period in found.items() if period is not None}


def verify_draft(
    draft: str,
    cited: Sequence[CitedValue],
    derivations: Sequence[Derivation] = (),
    cited_periods: Sequence[PeriodRef] = (),
    known_references: Collection[str] = (),
    filing_ends: Sequence[date] = (),
) -> Verdict:
    """Check every figure, period and reference of `draft` against what it cites. Fails closed.

    `known_references` names the notes and pages the cited filings have ("note 12", "page 45"; see
    `references.reference_key`): a note or page reference not among them fails. `filing_ends`: the period
    ends of the cited filings, which back a date, month or year written (not a quarter or a duration).
    """
    by_id = {cell.cell_id: cell for cell in cited}
    failed: list[Failure] = []
    valid: list[tuple[int, Derivation]] = []
    rejected: list[tuple[int, Derivation, str]] = []
    for index, derivation in enumerate(derivations):
        problem = check(derivation, by_id)
        if problem is None:
            valid.append((index, derivation))
        else:
            rejected.append((index, derivation, problem))
            failed.append(Failure("derivation", derivation.formula, None, f"derivation {index}: {problem}"))

    spans = _derived_periods(valid, by_id)
    for index, derivation in valid:
        if derivation.kind == "period" and index not in spans:
            failed.append(
                Failure("derivation", derivation.formula, None, f"derivation {index}: {_NO_PERIOD}")
            )
    extraction = extract(draft)
    figures = [
        _check_figure(figure, cited, by_id, valid, rejected, _marker_after(draft, figure.end))
        for figure in extraction.figures
    ]
    refs = [*cited_periods, *(cell.period for cell in cited), *spans.values()]
    periods = [_check_period(period, refs, filing_ends) for period in extraction.periods]
    failed += [
        Failure("figure", result.figure.text, (result.figure.start, result.figure.end), result.reason)
        for result in figures
        if not result.ok
    ]
    failed += [
        Failure("period", result.period.text, (result.period.start, result.period.end), result.reason)
        for result in periods
        if not result.ok
    ]
    failed += [
        Failure("unrecognised", item.text, (item.start, item.end), item.reason)
        for item in extraction.unrecognised
    ]
    cell_ids = set(by_id)
    for reference in extraction.references:
        problem = reference_problem(reference, known_references, cell_ids, len(derivations))
        if problem is not None:
            failed.append(Failure("reference", reference.text, (reference.start, reference.end), problem))
    failed += [
        Failure("claim", claim.text, (claim.start, claim.end), claim.reason) for claim in extraction.claims
    ]
    failed.sort(key=lambda failure: failure.span or (-1, -1))
    return Verdict(not failed, figures, periods, failed)


def redact(draft: str) -> str:
    """`draft` with every figure and every unaccounted numeric text replaced by a placeholder.

    Repeats until nothing is left to remove: taking one thing out can expose another ("billion-0").
    """
    text = draft
    while True:
        extraction = extract(text)
        spans = [(f.start, f.end) for f in extraction.figures] + [
            (u.start, u.end) for u in extraction.unrecognised
        ]
        if not spans:
            return text
        for start, end in sorted(spans, reverse=True):
            text = text[:start] + REDACTED + text[end:]
