"""Build the gold set from the ingested filings' own XBRL facts, or check the committed one against them.

Only the question wording is written here; every expected value is read from an `ix:nonFraction` fact
(no dimensions) and every source is the cell that fact is printed in. Derived items compute their value
from those facts with the formula their kind names. `verified` flags of unchanged items are kept.

    filingproof eval gold [--check] [--out PATH]
"""

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.calendar import long_date
from filingproof.evals.gold import GoldItem, GoldSource, Kind

NAMES = {
    "AAPL": "Apple", "NVDA": "NVIDIA", "AMZN": "Amazon", "GOOGL": "Alphabet", "META": "Meta",
    "TSLA": "Tesla", "WMT": "Walmart", "KO": "Coca-Cola", "MMM": "3M", "PFE": "Pfizer",
}  # fmt: skip
MAX_SOURCES = 6
_AS_REVENUE = {"net sales": "revenue", "total net sales": "total revenue"}
DERIVED_PLACES = Decimal("1e-6")


@dataclass(frozen=True)
class Concept:
    key: str
    wordings: tuple[str, ...]  # rotated, so the set is not one phrasing
    concepts: tuple[str, ...]  # in order of preference
    unit: str = "USD"
    instant: bool = False


REVENUE = Concept(
    "revenue",
    ("revenue", "total revenue", "net sales", "total net sales"),
    ("us-gaap:Revenues", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax"),
)
NET_INCOME = Concept("net_income", ("net income", "net earnings", "profit"), ("us-gaap:NetIncomeLoss",))
OPERATING_INCOME = Concept(
    "operating_income", ("operating income", "income from operations"), ("us-gaap:OperatingIncomeLoss",)
)
GROSS_PROFIT = Concept("gross_profit", ("gross profit", "gross margin in dollars"), ("us-gaap:GrossProfit",))
COST_OF_SALES = Concept(
    "cost_of_sales",
    ("cost of sales", "cost of revenue"),
    ("us-gaap:CostOfGoodsAndServicesSold", "us-gaap:CostOfRevenue"),
)
RND = Concept(
    "rnd", ("research and development expense", "R&D spending"), ("us-gaap:ResearchAndDevelopmentExpense",)
)
SGA = Concept(
    "sga",
    ("selling, general and administrative expense",),
    ("us-gaap:SellingGeneralAndAdministrativeExpense",),
)
INCOME_TAX = Concept(
    "income_tax", ("provision for income taxes", "income tax expense"), ("us-gaap:IncomeTaxExpenseBenefit",)
)
OPERATING_CASH = Concept(
    "operating_cash_flow",
    ("cash provided by operating activities", "operating cash flow"),
    ("us-gaap:NetCashProvidedByUsedInOperatingActivities",),
)
CAPEX = Concept(
    "capex",
    ("capital expenditures", "purchases of property and equipment"),
    ("us-gaap:PaymentsToAcquirePropertyPlantAndEquipment",),
)
DILUTED_EPS = Concept(
    "diluted_eps",
    ("diluted earnings per share", "diluted EPS"),
    ("us-gaap:EarningsPerShareDiluted",),
    "USD/share",
)
BASIC_EPS = Concept(
    "basic_eps", ("basic earnings per share", "basic EPS"), ("us-gaap:EarningsPerShareBasic",), "USD/share"
)
TOTAL_ASSETS = Concept("total_assets", ("total assets",), ("us-gaap:Assets",), instant=True)
CASH = Concept(
    "cash", ("cash and cash equivalents",), ("us-gaap:CashAndCashEquivalentsAtCarryingValue",), instant=True
)
CURRENT_ASSETS = Concept(
    "current_assets", ("total current assets",), ("us-gaap:AssetsCurrent",), instant=True
)
CURRENT_LIABILITIES = Concept(
    "current_liabilities", ("total current liabilities",), ("us-gaap:LiabilitiesCurrent",), instant=True
)
EQUITY = Concept("equity", ("total shareholders' equity",), ("us-gaap:StockholdersEquity",), instant=True)

ANNUAL_ITEMS = (REVENUE, NET_INCOME, OPERATING_INCOME, GROSS_PROFIT, COST_OF_SALES, RND, SGA, INCOME_TAX,
                OPERATING_CASH, CAPEX)  # fmt: skip
INSTANT_ITEMS = (TOTAL_ASSETS, CASH, CURRENT_ASSETS, CURRENT_LIABILITIES, EQUITY)
SIGNED_ITEMS = (NET_INCOME, OPERATING_INCOME, INCOME_TAX)  # concepts whose negative value is a loss/benefit

OUT_OF_SCOPE = [
    "What was Microsoft's revenue in fiscal 2024?",
    "What was Netflix's net income in 2023?",
    "How much did Intel spend on research and development in 2024?",
    "What were Oracle's total assets at the end of fiscal 2024?",
    "What was JPMorgan Chase's net income in 2024?",
    "What was Berkshire Hathaway's operating income in 2023?",
    "What was Exxon Mobil's revenue in 2024?",
    "What is the difference between Apple's and Microsoft's revenue in fiscal 2024?",
]
UNANSWERABLE_PERIODS = [
    "What was Apple's revenue in fiscal 2015?",
    "What was NVIDIA's net income in fiscal 2019?",
    "What was Coca-Cola's operating income in 2010?",
    "What was Tesla's revenue in 2019?",
    "What was Walmart's net income in fiscal 2030?",
    "What were Meta's total assets at the end of 2015?",
    "What was Amazon's net income in 2018?",
    "What was Pfizer's revenue for the three months ended March 31, 2019?",
]
# (ticker, question, a phrase printed on the page that answers it): the pages holding the phrase are the
# sources; the phrase is checked to be on at least one page.
NARRATIVE = [
    ("AAPL", "How does Apple describe the price competition it faces?", "aggressive price competition"),
    ("NVDA", "How does NVIDIA describe its data center platform?", "data center platform"),
    ("AMZN", "What does Amazon say about the seasonality of its business?", "seasonality"),
    ("GOOGL", "What drives Alphabet's advertising revenues?", "advertising revenues"),
    ("META", "What does Meta say about the metaverse?", "metaverse"),
    ("TSLA", "What does Tesla say about Cybertruck?", "Cybertruck"),
    ("WMT", "How does Walmart describe its Walmart International segment?", "Walmart International"),
    ("KO", "What does Coca-Cola say about BodyArmor?", "BodyArmor"),
    ("MMM", "What does 3M say about the Combat Arms Earplugs litigation?", "Combat Arms Earplugs"),
    ("PFE", "What does Pfizer say about Paxlovid?", "Paxlovid"),
]


@dataclass(frozen=True)
class FilingRow:
    ticker: str
    form: str
    period_end: date
    fiscal_year: int
    fiscal_period: str

    @property
    def key(self) -> str:
        quarter = "" if self.form == "10-K" else f"-{self.fiscal_period}"
        return f"{self.ticker}-fy{self.fiscal_year}{quarter}".lower()

    @property
    def name(self) -> str:
        return NAMES.get(self.ticker, self.ticker)


@dataclass(frozen=True)
class Fact:
    value: Decimal
    sources: tuple[GoldSource, ...]


def _ago(end: date, years: int) -> date:
    if end.month == 2 and end.day == 29:
        return end - timedelta(days=365 * years)
    return end.replace(year=end.year - years)


class FactReader:
    """Undimensioned facts of a company by concept and period, with the cells that print them."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def fact(self, ticker: str, concept: Concept, end: date, days: int | None) -> Fact | None:
        """The value of the latest filing that tags it (days None: an instant; else a duration of about
        that many days ending within a week of `end`), and the cells of every filing printing it."""
        for name in concept.concepts:
            rows = (
                await self.session.execute(
                    text(
                        "SELECT x.value, f.ticker, f.form, f.period_end, c.page_no, t.table_index, c.row, "
                        "c.col, c.text FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id "
                        "JOIN cells c ON c.id = x.cell_id JOIN tables t ON t.id = c.table_id "
                        "WHERE f.ticker = :ticker AND x.concept = :concept AND x.dimensions::text = '{}' "
                        "AND x.value IS NOT NULL AND abs(x.period_end - CAST(:end AS date)) <= 7 AND "
                        "(CASE WHEN CAST(:days AS integer) IS NULL THEN x.instant ELSE NOT x.instant AND "
                        "abs(x.period_end - x.period_start + 1 - CAST(:days AS integer)) <= 20 END) "
                        "ORDER BY f.period_end DESC, c.page_no, t.table_index, c.row, c.col"
                    ),
                    {"ticker": ticker, "concept": name, "end": end, "days": days},
                )
            ).all()
            if not rows:
                continue
            latest = rows[0][3]
            values = {Decimal(row[0]) for row in rows if row[3] == latest}
            if len(values) != 1:
                return None  # one filing printing two values for one fact: no single expected value
            value = values.pop()
            sources = tuple(
                GoldSource(ticker=row[1], form=row[2], period_end=row[3], page_no=row[4], table_index=row[5],
                           row=row[6], col=row[7], text=row[8], concept=name)
                for row in rows if Decimal(row[0]) == value
            )[:MAX_SOURCES]  # fmt: skip
            return Fact(value, sources)
        return None

    async def restated(
        self, ticker: str, concept: Concept, end: date, days: int | None
    ) -> tuple[Fact, Decimal] | None:
        """(the latest filing's fact, the earlier filing's different value), when two filings disagree."""
        for name in concept.concepts:
            rows = (
                await self.session.execute(
                    text(
                        "SELECT DISTINCT x.value, f.period_end FROM xbrl_facts x "
                        "JOIN filings f ON f.id = x.filing_id "
                        "WHERE f.ticker = :ticker AND x.concept = :concept AND x.dimensions::text = '{}' "
                        "AND x.value IS NOT NULL AND x.cell_id IS NOT NULL "
                        "AND abs(x.period_end - CAST(:end AS date)) <= 7 AND NOT x.instant "
                        "AND abs(x.period_end - x.period_start + 1 - CAST(:days AS integer)) <= 20 "
                        "ORDER BY f.period_end DESC"
                    ),
                    {"ticker": ticker, "concept": name, "end": end, "days": days},
                )
            ).all()
            if len({row[1] for row in rows}) >= 2 and rows[0][0] != rows[-1][0]:
                only = Concept(concept.key, concept.wordings, (name,), concept.unit)
                fact = await self.fact(ticker, only, end, days)
                return (fact, Decimal(rows[-1][0])) if fact else None
        return None

    async def filings(self) -> list[FilingRow]:
        rows = await self.session.execute(
            text(
                "SELECT ticker, form, period_end, fiscal_year, fiscal_period FROM filings "
                "WHERE ticker IS NOT NULL ORDER BY ticker, period_end"
            )
        )
        return [FilingRow(*row) for row in rows]

    async def pages_with(self, ticker: str, phrase: str) -> list[GoldSource]:
        rows = await self.session.execute(
            text(
                "SELECT f.ticker, f.form, f.period_end, p.page_no FROM pages p "
                "JOIN filings f ON f.id = p.filing_id "
                "WHERE f.ticker = :ticker AND strpos(lower(regexp_replace(p.text, '\\s+', ' ', 'g')), "
                "lower(:phrase)) > 0 ORDER BY f.period_end DESC, p.page_no"
            ),
            {"ticker": ticker, "phrase": phrase},
        )
        return [GoldSource(ticker=r[0], form=r[1], period_end=r[2], page_no=r[3], text=phrase) for r in rows]


def _annual_period(year: int, variant: int) -> str:
    return (f"in fiscal {year}", f"for fiscal year {year}", f"in fiscal year {year}")[variant % 3]


class GoldBuilder:
    def __init__(self, reader: FactReader) -> None:
        self.reader = reader
        self.items: list[GoldItem] = []
        self.turn = 0  # rotates wordings

    def _wording(self, concept: Concept, fact: Fact) -> str:
        self.turn += 1
        wording = concept.wordings[self.turn % len(concept.wordings)]
        # us-gaap:Revenues is the "Total revenues" line: where a filer prints "Net sales" apart (Walmart adds
        # membership income), "net sales" names that other line
        if any(source.concept == "us-gaap:Revenues" for source in fact.sources):
            return _AS_REVENUE.get(wording, wording)
        return wording

    def add(
        self,
        item_id: str,
        kind: Kind,
        question: str,
        value: Decimal | None,
        unit: str | None,
        sources: Sequence[GoldSource],
        note: str | None = None,
    ) -> None:
        if value is not None and value != value.quantize(DERIVED_PLACES):
            value = value.quantize(DERIVED_PLACES)  # a computed ratio: far finer than any written figure
        fields = {"id": item_id, "kind": kind, "question": question, "expected": value, "unit": unit}
        self.items.append(GoldItem.model_validate({**fields, "sources": list(sources), "note": note}))

    async def lookup(self, filing: FilingRow, concept: Concept, kind: Kind, years_back: int = 0) -> None:
        year = filing.fiscal_year - years_back
        end = _ago(filing.period_end, years_back)
        fact = await self.reader.fact(filing.ticker, concept, end, None if concept.instant else 364)
        if fact is None:
            return
        wording = self._wording(concept, fact)
        if concept.instant:
            question = f"What were {filing.name}'s {wording} as of {long_date(end)}?"
        else:
            question = f"What was {filing.name}'s {wording} {_annual_period(year, self.turn)}?"
        item_id = f"{filing.ticker}-fy{year}-{concept.key}-{kind}".lower()
        self.add(item_id, kind, question, fact.value, concept.unit, fact.sources)

    async def quarter(self, filing: FilingRow, concept: Concept) -> None:
        spans: tuple[tuple[Kind, int, str], ...] = (("quarter", 91, "three"), ("year_to_date", 182, "six"))
        for kind, days, span in spans:
            fact = await self.reader.fact(filing.ticker, concept, filing.period_end, days)
            if fact is None:
                continue
            wording = self._wording(concept, fact)
            if kind == "quarter" and self.turn % 2:
                period = f"in {filing.fiscal_period} of fiscal {filing.fiscal_year}"
            else:
                period = f"for the {span} months ended {long_date(filing.period_end)}"
            question = f"What was {filing.name}'s {wording} {period}?"
            item_id = f"{filing.key}-{concept.key}-{kind}"
            self.add(item_id, kind, question, fact.value, concept.unit, fact.sources)

    async def negatives(self, filing: FilingRow) -> None:
        days = 364 if filing.form == "10-K" else 182
        for years_back in range(3):
            end, year = _ago(filing.period_end, years_back), filing.fiscal_year - years_back
            if filing.form == "10-K":
                period, span = f"in fiscal {year}", f"fy{year}"
            else:
                period = f"for the six months ended {long_date(end)}"
                span = f"fy{year}-{filing.fiscal_period}-ytd"
            for concept in SIGNED_ITEMS:
                fact = await self.reader.fact(filing.ticker, concept, end, days)
                if fact is None or fact.value >= 0:
                    continue
                question = f"What was {filing.name}'s {concept.wordings[0]} {period}?"
                item_id = f"{filing.ticker}-{span}-{concept.key}-negative".lower()
                if all(item.id != item_id for item in self.items):
                    self.add(item_id, "negative", question, fact.value, concept.unit, fact.sources)

    async def growth_and_difference(self, filing: FilingRow, concept: Concept, kind: Kind) -> None:
        now = await self.reader.fact(filing.ticker, concept, filing.period_end, 364)
        before = await self.reader.fact(filing.ticker, concept, _ago(filing.period_end, 1), 364)
        if now is None or before is None or before.value == 0:
            return
        year, name, wording = filing.fiscal_year, filing.name, self._wording(concept, now)
        if kind == "growth":
            value = (now.value - before.value) / abs(before.value) * 100
            question = (f"What was {name}'s {wording} growth in fiscal {year}?",
                        f"By what percentage did {name}'s {wording} change year over year in fiscal {year}?",
                        )[self.turn % 2]  # fmt: skip
            unit = "percent"
        else:
            value = now.value - before.value
            question = f"How much did {name}'s {wording} change from fiscal {year - 1} to fiscal {year}?"
            unit = concept.unit
        item_id = f"{filing.key}-{concept.key}-{kind}"
        self.add(item_id, kind, question, value, unit, (*now.sources[:2], *before.sources[:2]))

    async def margin(self, filing: FilingRow, concept: Concept, label: str) -> None:
        part = await self.reader.fact(filing.ticker, concept, filing.period_end, 364)
        whole = await self.reader.fact(filing.ticker, REVENUE, filing.period_end, 364)
        if part is None or whole is None or whole.value == 0:
            return
        question = f"What was {filing.name}'s {label} in fiscal {filing.fiscal_year}?"
        item_id = f"{filing.key}-{concept.key}-margin"
        self.add(item_id, "margin", question, part.value / whole.value * 100, "percent",
                 (*part.sources[:2], *whole.sources[:2]))  # fmt: skip

    async def cross_company(self, first: FilingRow, second: FilingRow, concept: Concept) -> None:
        a = await self.reader.fact(first.ticker, concept, first.period_end, 364)
        b = await self.reader.fact(second.ticker, concept, second.period_end, 364)
        if a is None or b is None:
            return
        wording = concept.wordings[0]
        question = (
            f"What is the difference between {first.name}'s and {second.name}'s {wording} in fiscal "
            f"{first.fiscal_year}?"
        )
        item_id = f"{first.ticker}-{second.ticker}-fy{first.fiscal_year}-{concept.key}-difference".lower()
        self.add(item_id, "cross_company", question, a.value - b.value, concept.unit,
                 (*a.sources[:2], *b.sources[:2]))  # fmt: skip

    async def restated(self, filing: FilingRow, concept: Concept, years_back: int) -> None:
        end = _ago(filing.period_end, years_back)
        found = await self.reader.restated(filing.ticker, concept, end, 364)
        if found is None:
            return
        fact, earlier = found
        year = filing.fiscal_year - years_back
        wording = concept.wordings[0]
        question = f"What was {filing.name}'s {wording} for fiscal {year}, as most recently reported?"
        note = f"an earlier filing printed {earlier}; the latest filing's {fact.value} is expected"
        item_id = f"{filing.ticker}-fy{year}-{concept.key}-restated".lower()
        self.add(item_id, "restated", question, fact.value, concept.unit, fact.sources, note)

    async def narrative(self) -> None:
        for ticker, question, phrase in NARRATIVE:
            pages = await self.reader.pages_with(ticker, phrase)
            if pages:
                slug = re.sub(r"[^a-z0-9]+", "-", phrase.lower()).strip("-")[:30]
                item_id = f"{ticker.lower()}-narrative-{slug}"
                self.add(item_id, "narrative", question, None, None, pages)

    def refusals(self) -> None:
        for number, question in enumerate(OUT_OF_SCOPE, start=1):
            self.add(f"out-of-scope-{number:02d}", "out_of_scope", question, None, None, ())
        for number, question in enumerate(UNANSWERABLE_PERIODS, start=1):
            self.add(f"unanswerable-period-{number:02d}", "unanswerable_period", question, None, None, ())


def _rotate(items: Sequence[Concept], start: int, count: int) -> Iterator[Concept]:
    for offset in range(count):
        yield items[(start + offset) % len(items)]


async def build_gold(session: AsyncSession) -> list[GoldItem]:
    reader = FactReader(session)
    builder = GoldBuilder(reader)
    filings = await reader.filings()
    annual = [f for f in filings if f.form == "10-K"]
    latest = {f.ticker: f for f in annual}  # ordered by period: the last one wins
    annual_tickers = {f.ticker for f in annual}
    for index, filing in enumerate(annual):
        for concept in _rotate(ANNUAL_ITEMS, index * 3, 4):
            await builder.lookup(filing, concept, "line_item")
        await builder.lookup(filing, INSTANT_ITEMS[index % len(INSTANT_ITEMS)], "instant")
        await builder.lookup(filing, (DILUTED_EPS, BASIC_EPS)[index % 2], "per_share")
        grown = (REVENUE, NET_INCOME, OPERATING_INCOME)[index % 3]
        await builder.growth_and_difference(filing, grown, "growth")
        await builder.growth_and_difference(filing, (NET_INCOME, REVENUE)[index % 2], "difference")
        margin = ((OPERATING_INCOME, "operating margin"), (GROSS_PROFIT, "gross margin percentage"),
                  (NET_INCOME, "net profit margin"))[index % 3]  # fmt: skip
        await builder.margin(filing, *margin)
        await builder.negatives(filing)
        if filing is latest[filing.ticker]:
            # The prior-year column, when no filing of that year is ingested.
            older = {f.fiscal_year for f in annual if f.ticker == filing.ticker}
            for years_back in (1, 2):
                if filing.fiscal_year - years_back not in older:
                    concept = (REVENUE, NET_INCOME)[years_back - 1]
                    await builder.lookup(filing, concept, "prior_year", years_back)
            for concept in (DILUTED_EPS, CAPEX):
                await builder.restated(filing, concept, 1)
    for filing in (f for f in filings if f.form == "10-Q"):
        for concept in (REVENUE, NET_INCOME):
            await builder.quarter(filing, concept)
        await builder.lookup(filing, INSTANT_ITEMS[len(builder.items) % len(INSTANT_ITEMS)], "instant")
        await builder.negatives(filing)
        if filing.ticker not in annual_tickers:
            await builder.lookup(filing, DILUTED_EPS, "per_share")
    for year in (2023, 2024):  # companies compared over the same fiscal year, each from its own filing
        of_year = [f for f in annual if f.fiscal_year == year]
        for first, second in itertools.pairwise(of_year):
            await builder.cross_company(first, second, (REVENUE, NET_INCOME)[year % 2])
    await builder.narrative()
    builder.refusals()
    return builder.items


def keep_verified(fresh: list[GoldItem], committed: list[GoldItem]) -> list[GoldItem]:
    """Carry a person's `verified` flag over to items whose question, value and sources are unchanged."""
    checked = {item.id: item for item in committed if item.verified}
    kept: list[GoldItem] = []
    for item in fresh:
        old = checked.get(item.id)
        same = old is not None and _comparable(old) == _comparable(item)
        kept.append(item.model_copy(update={"verified": True}) if same else item)
    return kept


def _comparable(item: GoldItem) -> dict[str, Any]:
    return item.model_dump(mode="json", exclude={"verified"})


def differences(fresh: list[GoldItem], committed: list[GoldItem]) -> list[str]:
    """What the committed file says that the filings no longer do (empty: the file checks out)."""
    now = {item.id: _comparable(item) for item in fresh}
    before = {item.id: _comparable(item) for item in committed}
    lines = [f"missing from the file: {item_id}" for item_id in now.keys() - before.keys()]
    lines += [f"no longer derivable from the filings: {item_id}" for item_id in before.keys() - now.keys()]
    for item_id in sorted(now.keys() & before.keys()):
        for field in now[item_id]:
            if now[item_id][field] != before[item_id].get(field):
                was, says = before[item_id].get(field), now[item_id][field]
                lines.append(f"{item_id}: {field} is {was!r} in the file, the filings say {says!r}")
    return sorted(lines)
