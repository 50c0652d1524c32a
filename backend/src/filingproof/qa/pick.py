"""Answering a numeric question from table cells: by XBRL concept and context period where tagged, by row
label and column period otherwise; derived figures computed in code from the picked cells.

Among cells of the asked concept and period, the filing that reports that period as its own wins (else the
latest, whose comparatives may be restated); within a filing, the first tagged cell in document order (the
primary statement comes before the notes). Other filings that show a different value for the same period
are kept as `restated`, so the answer can say which filing each figure comes from.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.qa.items import Ask, LineItem
from filingproof.qa.periods import DATE_TOLERANCE, Target, target_for
from filingproof.qa.store import CellHit, cells_near, tagged_cells
from filingproof.retrieval.query import Catalog, QueryUnderstanding
from filingproof.verify import Derivation, DerivationError, derive

_PER_SHARE_ITEMS = frozenset({"diluted_eps", "basic_eps"})


@dataclass(frozen=True)
class Pick:
    ticker: str
    company: str
    item: LineItem
    segment: str | None
    target: Target
    cell: CellHit
    restated: tuple[CellHit, ...] = ()


@dataclass(frozen=True)
class Derived:
    derivation: Derivation
    picks: tuple[Pick, ...]


@dataclass
class TableAnswer:
    picks: list[Pick] = field(default_factory=list)
    derived: list[Derived] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    @property
    def cells(self) -> list[CellHit]:
        seen: dict[int, CellHit] = {}
        for pick in self.picks:
            for cell in (pick.cell, *pick.restated):
                seen.setdefault(cell.cell_id, cell)
        return list(seen.values())


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def member_name(member: str) -> str:
    """`nvda:DataCenterMember` → "Data Center"."""
    local = member.split(":")[-1]
    local = re.sub(r"(?:Segment)?Member$", "", local)
    return _CAMEL.sub(" ", local).strip()


def mention_of(question: str, name: str) -> str | None:
    """How the question writes a member's name ("iPhone" for "I Phone"), if it does."""
    words = name.split()
    if not words or sum(len(w) for w in words) < 4:
        return None
    pattern = r"\b" + r"[\s-]*".join(re.escape(w) for w in words) + r"\b"
    found = re.search(pattern, question, re.IGNORECASE)
    return found.group() if found else None


def segment_of(question: str, candidates: Sequence[CellHit]) -> str | None:
    """The member (of a one-dimension fact) the question names, e.g. NVIDIA's "Data Center"."""
    members = {
        member
        for cell in candidates
        if len(cell.dimensions) == 1
        for member in cell.dimensions.values()
        if isinstance(member, str)
    }
    named = [m for m in members if mention_of(question, member_name(m))]
    return max(named, key=lambda m: len(member_name(m)), default=None)


class _Picker:
    def __init__(self, session: AsyncSession, question: str, catalog: Catalog) -> None:
        self._session = session
        self._question = question
        self._catalog = catalog
        self._tagged: dict[tuple[str, str], list[CellHit]] = {}

    def company_name(self, ticker: str) -> str:
        company = self._catalog.matcher.companies.get(ticker)
        return company.name if company else ticker

    async def _candidates(self, ticker: str, item: LineItem) -> list[CellHit]:
        key = (ticker, item.key)
        if key not in self._tagged:
            self._tagged[key] = await tagged_cells(self._session, [ticker], item.concepts)
        return self._tagged[key]

    async def pick(self, ticker: str, item: LineItem, target: Target) -> Pick | None:
        candidates = await self._candidates(ticker, item)
        # The item's own words name no member: "cash and cash equivalents" is not the "Cash" member.
        unmasked = item.pattern.sub(" ", self._question)
        segment = segment_of(unmasked, candidates)
        in_period = [
            c
            for c in candidates
            if target.matches(c.instant, c.period_start, c.period_end) and self._unit_ok(item, c)
        ]
        if segment is None:
            scoped = [c for c in in_period if not c.dimensions]
        else:
            scoped = [c for c in in_period if list(c.dimensions.values()) == [segment]]
        for concept in item.concepts:
            of_concept = [c for c in scoped if c.concept == concept]
            if of_concept:
                words = mention_of(unmasked, member_name(segment)) if segment else None
                return self._choose(ticker, item, target, words, of_concept)
        if segment is not None:
            return None
        return await self._by_label(ticker, item, target)

    @staticmethod
    def _unit_ok(item: LineItem, cell: CellHit) -> bool:
        return (cell.unit == "USD/share") == (item.key in _PER_SHARE_ITEMS)

    def _choose(
        self, ticker: str, item: LineItem, target: Target, segment: str | None, cells: list[CellHit]
    ) -> Pick:
        own = [c for c in cells if abs(c.filing_period_end - target.end) <= DATE_TOLERANCE]
        pool = own or [c for c in cells if c.filing_period_end == max(x.filing_period_end for x in cells)]
        chosen = pool[0]
        restated: dict[int, CellHit] = {}
        for cell in cells:
            if cell.filing_id != chosen.filing_id and cell.value != chosen.value:
                restated.setdefault(cell.filing_id, cell)
        return Pick(
            ticker, self.company_name(ticker), item, segment, target, chosen, tuple(restated.values())
        )

    async def _by_label(self, ticker: str, item: LineItem, target: Target) -> Pick | None:
        units = ["USD/share"] if item.key in _PER_SHARE_ITEMS else ["USD"]
        near = await cells_near(self._session, ticker, target.end, units, DATE_TOLERANCE + timedelta(days=1))
        labelled = [
            c
            for c in near
            if item.row_labels.match(c.row_label) and target.matches(c.instant, c.period_start, c.period_end)
        ]
        if not labelled:
            return None
        return self._choose(ticker, item, target, None, labelled)


def _describe(ticker: str, item: LineItem, target: Target | None) -> str:
    if target is None:
        return f"{ticker} {item.name} (no matching period in the ingested filings)"
    period = f"Q{target.quarter} " if target.quarter else ""
    return f"{ticker} {item.name} for {period}fiscal {target.fiscal_year}"


async def answer_table(
    session: AsyncSession, question: str, u: QueryUnderstanding, catalog: Catalog, ask: Ask
) -> TableAnswer:
    """Pick the cells `ask` needs for the companies and periods of `u`, and derive what it asks for."""
    picker = _Picker(session, question, catalog)
    answer = TableAnswer()

    async def one(ticker: str, item: LineItem, year: int | None, earlier: bool = False) -> Pick | None:
        target = target_for(u, catalog.filings_of([ticker]), item.nature, year)
        if target is not None and earlier:
            target = target.earlier()
        found = await picker.pick(ticker, item, target) if target is not None else None
        if found is None:
            answer.missing.append(_describe(ticker, item, target))
        else:
            answer.picks.append(found)
        return found

    years: list[int | None] = list(u.years) or [None]
    kind = ask.derivation
    if kind in ("growth", "change") and len(u.companies) == 1:
        ticker, item = u.companies[0], ask.items[0]
        if len(years) >= 2:
            first, second = await one(ticker, item, min(u.years)), await one(ticker, item, max(u.years))
        else:
            first, second = await one(ticker, item, years[0], earlier=True), await one(ticker, item, years[0])
        _derive(answer, kind, [first, second])
    elif kind in ("margin", "ratio") and len(ask.items) == 2:
        for ticker in u.companies:
            for year in years:
                part = await one(ticker, ask.items[0], year)
                whole = await one(ticker, ask.items[1], year)
                _derive(answer, kind, [part, whole])
    elif kind in ("difference", "sum") and len(u.companies) >= 2:
        picks = [await one(ticker, ask.items[0], years[-1]) for ticker in u.companies]
        _derive(answer, kind, picks)
    elif kind == "sum" and len(ask.items) >= 2 and len(u.companies) == 1:
        picks = [await one(u.companies[0], item, years[-1]) for item in ask.items]
        _derive(answer, kind, picks)
    else:
        for ticker in u.companies:
            for item in ask.items:
                for year in years:
                    await one(ticker, item, year)
    return answer


def _derive(answer: TableAnswer, kind: str, picks: Sequence[Pick | None]) -> None:
    present = [p for p in picks if p is not None]
    if len(present) != len(picks) or not present:
        return
    try:
        derivation = derive(kind, [p.cell.cited() for p in present])  # type: ignore[arg-type]
    except DerivationError as error:
        answer.missing.append(f"{kind} cannot be computed: {error}")
        return
    answer.derived.append(Derived(derivation, tuple(present)))
