"""Which of a company's segments, regions or product lines ranks first on a line ("Which segment had the
highest operating income in 2023?", "which region brought in the least revenue in FY24"): the cells tagged
with that line's concept for each member of one axis, in the period asked, ranked; the first named, every
member's cell given so the reader sees the ranking.

Only a tagged fact's member counts: a segment is what the filer tags as one (`StatementBusinessSegmentsAxis`),
a region what it tags on the geographic axis, a product line on the product axis. A filing without tags (a
PDF) has no members to rank, and the question is left to the other routes.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import combinations
from typing import Literal

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.qa.items import Ask, LineItem
from filingproof.qa.periods import Target, target_for
from filingproof.qa.pick import Pick, TableAnswer, member_name
from filingproof.qa.store import CellHit, tagged_cells
from filingproof.understanding import Catalog, QueryUnderstanding

Order = Literal["highest", "lowest"]
# A ranked line's key: its figures are checked as the tagged member cells they were picked as, not against
# the question's words ("which segment … the highest" names no line "highest segment revenue").
RANKED_PREFIX = "ranked:"
_HIGHEST = r"highest|largest|biggest|most|greatest|top|best|leading"
_LOWEST = r"lowest|smallest|least|fewest|worst|weakest"
# "which segment … the highest", "which of its regions … the least"
_WHICH = re.compile(
    r"\bwhich\s+(?:of\s+(?:its|the)\s+)?(?:[\w&.'’-]+\s+){0,3}?(?P<kind>(?:reportable\s+|operating\s+|business\s+)?segments?|"
    r"regions?|geograph\w*|markets?|divisions?|businesses|business|units?|product\s+(?:lines?|categor\w+)|"
    r"categor\w+|brands?)\b",
    re.IGNORECASE,
)
_ORDER = re.compile(rf"\b(?P<high>{_HIGHEST})\b|\b(?P<low>{_LOWEST})\b", re.IGNORECASE)
_AXES = {
    "segment": ("StatementBusinessSegmentsAxis",),
    "region": ("StatementGeographicalAxis", "StatementBusinessSegmentsAxis"),
    "product": ("ProductOrServiceAxis",),
}


@dataclass(frozen=True)
class RankingQuestion:
    kind: Literal["segment", "region", "product"]
    order: Order


def ranking_asked(question: str) -> RankingQuestion | None:
    """The kind of member a question ranks and which end it asks for, or None."""
    which = _WHICH.search(question)
    order = _ORDER.search(question)
    if which is None or order is None:
        return None
    word = which["kind"].lower()
    kind: Literal["segment", "region", "product"] = (
        "region"
        if re.match(r"region|geograph|market", word)
        else "product"
        if re.match(r"product|categor|brand", word)
        else "segment"
    )
    return RankingQuestion(kind, "highest" if order["high"] else "lowest")


def _members(cells: Sequence[CellHit], axes: Sequence[str], target: Target) -> dict[str, CellHit]:
    """One cell per member of the first axis (in `axes`' order) that tags any, in the target period."""
    for axis in axes:
        found: dict[str, CellHit] = {}
        for cell in cells:
            own = _own_dimensions(cell)
            if len(own) != 1 or not target.matches(cell.instant, cell.period_start, cell.period_end):
                continue
            ((key, member),) = own.items()
            if key.split(":")[-1] == axis and isinstance(member, str):
                found.setdefault(member, cell)
        found = _without_totals(found)
        if len(found) >= 2:
            return found
    return {}


def _without_totals(members: dict[str, CellHit]) -> dict[str, CellHit]:
    """The members but those whose figure is the sum of two or more others (Apple tags "Products", the sum
    of iPhone, Mac, iPad and Wearables, on the same axis as them): a total ranks with none of its parts."""
    values = {member: cell.value for member, cell in members.items()}
    totals = {
        member
        for member, value in values.items()
        if _sums_to(value, [v for m, v in values.items() if m != member and v < value])
    }
    return {member: cell for member, cell in members.items() if member not in totals}


def _sums_to(total: Decimal, parts: list[Decimal]) -> bool:
    """Whether two or more of `parts` add up to `total` (few members: every subset is tried)."""
    if len(parts) > 12:
        return False
    return any(
        sum(chosen) == total for size in range(2, len(parts) + 1) for chosen in combinations(parts, size)
    )


def _own_dimensions(cell: CellHit) -> dict[str, object]:
    """The cell's dimensions but the mark that a segment's figure is its own, before eliminations
    (`ConsolidationItemsAxis` = `OperatingSegmentsMember`), which many filers tag beside the segment."""
    return {
        axis: member
        for axis, member in cell.dimensions.items()
        if not (axis.endswith("ConsolidationItemsAxis") and str(member).endswith("OperatingSegmentsMember"))
    }


def _printed_name(member: str, cell: CellHit, item: LineItem) -> str:
    """The member as the filing prints it: its cell's row ("iPhone", "Wearables, Home and Accessories"),
    unless the row is the line's own ("Revenue", the member in the column), then the tag's name."""
    label = " ".join(cell.row_label.split()).strip(" :")
    if label and not item.row_labels.fullmatch(label) and not item.pattern.search(label):
        return label
    return member_name(member)


async def answer_ranking(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask
) -> TableAnswer | None:
    """The ranking of one company's members on the one line asked; None when the question asks for none,
    or the filings tag no two members of the kind asked."""
    asked = ranking_asked(question)
    if asked is None or len(u.companies) != 1 or len(ask.items) != 1 or not ask.items[0].concepts:
        return None
    item: LineItem = ask.items[0]
    ticker = u.companies[0]
    filings = u.filings_of(catalog, ticker)
    target = target_for(u, filings, "duration", max(u.years) if u.years else None)
    if target is None:
        return None
    allowed = {f.filing_id for f in filings}
    cells = [c for c in await tagged_cells(session, [ticker], item.concepts) if c.filing_id in allowed]
    members = _members(cells, _AXES[asked.kind], target)
    if not members:
        return None
    company = catalog.matcher.companies.get(ticker)
    name = company.name if company else ticker
    ranked = sorted(members.items(), key=lambda pair: pair[1].value, reverse=asked.order == "highest")
    line = replace(item, key=f"{RANKED_PREFIX}{item.key}")
    picks = [
        Pick(ticker, name, line, _printed_name(member, cell, item), target, cell) for member, cell in ranked
    ]
    first = picks[0].segment
    kinds = {"segment": "segments", "region": "regions", "product": "product lines"}[asked.kind]
    verdict = f"{first} had the {asked.order} {item.name} of {name}'s {kinds} tagged in its filings."
    return TableAnswer(picks=picks, verdict=verdict)
