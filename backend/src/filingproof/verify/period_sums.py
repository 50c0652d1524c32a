"""The period a signed sum of one line's figures covers: the year less its first nine months is its fourth
quarter; last year plus this year to date less last year to date is the trailing twelve months.

Each input period counts its days with the input's sign; the sum covers a period when every day ends up
counted once or not at all, and the days counted once run without a gap. Period edges within a few days of
each other are one edge (52/53-week years move ends by days; a filer's quarter may end on the 29th beside
a year ending on the 28th), so no sliver of days decides. Pure.
"""

import itertools
from collections.abc import Mapping, Sequence
from datetime import date, timedelta

from filingproof.calendar import END_SLACK
from filingproof.verify.cells import PeriodRef
from filingproof.verify.derive import Derivation, DerivationError, signed_cells

_DAY = timedelta(days=1)


def _edges(spans: Sequence[tuple[date, date]]) -> dict[date, date]:
    """Each edge (a start, or the day after an end) mapped to the latest edge of its cluster."""
    ordered = sorted({edge for span in spans for edge in span})
    clusters: list[list[date]] = []
    for edge in ordered:
        if clusters and edge - clusters[-1][0] <= END_SLACK:
            clusters[-1].append(edge)
        else:
            clusters.append([edge])
    return {edge: cluster[-1] for cluster in clusters for edge in cluster}


def combined_period(terms: Sequence[tuple[int, PeriodRef]]) -> PeriodRef | None:
    """The one duration that `terms` (sign, period) add up to; None when they add up to none."""
    if any(ref.period_kind != "duration" or ref.period_start is None for _, ref in terms):
        return None
    spans = [(ref.period_start, ref.period_end + _DAY) for _, ref in terms if ref.period_start is not None]
    edge = _edges(spans)
    bounds = sorted(set(edge.values()))
    counted: list[tuple[date, date]] = []
    for start, stop in itertools.pairwise(bounds):
        weight = sum(
            sign
            for (sign, _), (first, after) in zip(terms, spans, strict=True)
            if edge[first] <= start and stop <= edge[after]
        )
        if weight not in (0, 1):
            return None
        if weight == 1:
            if counted and counted[-1][1] != start:
                return None  # two periods with a gap between them
            counted.append((start, stop))
    if not counted:
        return None
    return PeriodRef("duration", counted[0][0], counted[-1][1] - _DAY, terms[0][1].year_shift)


def derived_period(derivation: Derivation, periods: Mapping[int, PeriodRef]) -> PeriodRef | None:
    """The period a "period" derivation covers, from its cited cells' periods; None for any other kind, or
    when its inputs do not add up to one period."""
    if derivation.kind != "period":
        return None
    try:
        terms = signed_cells(derivation.formula)
    except DerivationError:
        return None
    if any(cell not in periods for _, cell in terms):
        return None
    return combined_period([(sign, periods[cell]) for sign, cell in terms])
