"""Generate the answer gold set from the ingested XBRL facts: every expected value is read from a fact.

Kinds: `lookup` (one line item for a filing's own period), `derived` (growth and operating margin computed
from facts), `cross_company` (difference of two companies' revenue), `refusal` (companies or years not
ingested). Only the question wording is typed here; values come from `xbrl_facts` (no dimensions).

    FILINGPROOF_HOME=/tmp/fphome-dev .venv/bin/python backend/bench/make_answer_gold.py \
        [--out backend/src/filingproof/evals/gold/answers_dev.jsonl]
"""

import argparse
import asyncio
import json
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import text

from filingproof.db.session import session_scope

DEFAULT_OUT = Path(__file__).parents[1] / "src/filingproof/evals/gold/answers_dev.jsonl"

NAMES = {
    "AAPL": "Apple", "NVDA": "NVIDIA", "AMZN": "Amazon", "GOOGL": "Alphabet", "META": "Meta",
    "TSLA": "Tesla", "WMT": "Walmart", "KO": "Coca-Cola", "MMM": "3M", "PFE": "Pfizer",
}  # fmt: skip

# Other ways people ask for the same item, rotated through the filings so the set is not one phrasing.
PARAPHRASES = {
    "revenue": ["revenue", "total revenue", "net sales", "top line"],
    "net_income": ["net income", "net earnings", "profit"],
    "diluted_eps": ["diluted earnings per share", "diluted EPS", "EPS (diluted)"],
    "operating_income": ["operating income", "income from operations"],
    "total_assets": ["total assets"],
}

# (key, wording, concepts in order of preference, instant?)
ITEMS: list[tuple[str, str, tuple[str, ...], bool]] = [
    ("revenue", "revenue", ("us-gaap:Revenues", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
                            "us-gaap:SalesRevenueNet"), False),
    ("net_income", "net income", ("us-gaap:NetIncomeLoss", "us-gaap:ProfitLoss"), False),
    ("diluted_eps", "diluted earnings per share", ("us-gaap:EarningsPerShareDiluted",), False),
    ("operating_income", "operating income", ("us-gaap:OperatingIncomeLoss",), False),
    ("total_assets", "total assets", ("us-gaap:Assets",), True),
]  # fmt: skip

REFUSALS = [
    "What was Microsoft's revenue in 2024?",
    "What was Netflix's net income in fiscal 2023?",
    "How much did Intel spend on research and development in 2024?",
    "What were Oracle's total assets at the end of fiscal 2024?",
    "What was Apple's revenue in 2015?",
    "What was NVIDIA's net income in fiscal 2019?",
    "What was Coca-Cola's operating income in 2010?",
    "What was JPMorgan Chase's net income in 2024?",
]


@dataclass(frozen=True)
class FilingRow:
    id: int
    ticker: str
    form: str
    period_end: date
    fiscal_year: int
    fiscal_period: str


async def _filings() -> list[FilingRow]:
    async with session_scope() as session:
        rows = await session.execute(
            text(
                "SELECT id, ticker, form, period_end, fiscal_year, fiscal_period FROM filings "
                "ORDER BY ticker, period_end"
            )
        )
        return [FilingRow(*row) for row in rows]


GROWTH_WORDINGS = [
    "What was {name}'s revenue growth in fiscal {year}?",
    "By what percentage did {name}'s revenue increase year over year in fiscal {year}?",
]


async def _fact(ticker: str, concepts: tuple[str, ...], end: date, days: int | None) -> Decimal | None:
    """The company's undimensioned fact value for the period (days None: an instant)."""
    async with session_scope() as session:
        for concept in concepts:
            rows = await session.execute(
                text(
                    "SELECT DISTINCT x.value FROM xbrl_facts x JOIN filings f ON f.id = x.filing_id "
                    "WHERE f.ticker = :t AND x.concept = :c AND x.dimensions::text = '{}' "
                    "AND x.value IS NOT NULL AND abs(x.period_end - CAST(:end AS date)) <= 7 "
                    "AND (CASE WHEN CAST(:days AS integer) IS NULL THEN x.instant ELSE NOT x.instant AND "
                    "abs(x.period_end - x.period_start + 1 - CAST(:days AS integer)) <= 20 END)"
                ),
                {"t": ticker, "c": concept, "end": end, "days": days},
            )
            values = [row[0] for row in rows]
            if len(values) == 1:
                return Decimal(values[0])
            if values:
                return None  # filings disagree (restated): no single expected value
    return None


def _period(filing: FilingRow, variant: int) -> tuple[str, int]:
    """How a question names the filing's own period (two wordings), and its length in days."""
    if filing.form == "10-K":
        return (f"in fiscal {filing.fiscal_year}", f"for fiscal year {filing.fiscal_year}")[variant % 2], 364
    end = f"{filing.period_end:%B} {filing.period_end.day}, {filing.period_end.year}"
    quarter = f"in {filing.fiscal_period} FY{filing.fiscal_year}"
    return (f"for the three months ended {end}", quarter)[variant % 2], 91


def _item(kind: str, question: str, value: Decimal | None, unit: str, **extra: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"kind": kind, "question": question, "expected": str(value), "unit": unit, **extra}


async def generate() -> list[dict[str, Any]]:
    items: list[dict[str, Any] | None] = []
    filings = await _filings()
    for index, filing in enumerate(filings):
        name = NAMES.get(filing.ticker, filing.ticker)
        for number, (key, _, concepts, instant) in enumerate(ITEMS):
            period, days = _period(filing, index + number)
            wording = PARAPHRASES[key][index % len(PARAPHRASES[key])]
            if instant:
                end = f"{filing.period_end:%B} {filing.period_end.day}, {filing.period_end.year}"
                question = f"What were {name}'s {wording} as of {end}?"
            else:
                question = f"What was {name}'s {wording} {period}?"
            unit = "USD/share" if key == "diluted_eps" else "USD"
            value = await _fact(filing.ticker, concepts, filing.period_end, None if instant else days)
            items.append(_item("lookup", question, value, unit, ticker=filing.ticker, item=key))
    annual = [f for f in filings if f.form == "10-K"]
    revenue = ITEMS[0][2]
    for filing in annual:
        name = NAMES.get(filing.ticker, filing.ticker)
        now = await _fact(filing.ticker, revenue, filing.period_end, 364)
        before_end = filing.period_end.replace(year=filing.period_end.year - 1)
        before = await _fact(filing.ticker, revenue, before_end, 364)
        if now is not None and before:
            growth = (now - before) / abs(before) * 100
            wording = GROWTH_WORDINGS[len(items) % len(GROWTH_WORDINGS)]
            question = wording.format(name=name, year=filing.fiscal_year)
            items.append(
                _item("derived", question, growth, "percent", ticker=filing.ticker, item="revenue_growth")
            )
        operating = await _fact(filing.ticker, ITEMS[3][2], filing.period_end, 364)
        if operating is not None and now:
            question = f"What was {name}'s operating margin in fiscal {filing.fiscal_year}?"
            margin = operating / now * 100
            items.append(
                _item("derived", question, margin, "percent", ticker=filing.ticker, item="operating_margin")
            )
    latest = {f.ticker: f for f in annual if f.period_end.year == 2024}
    tickers = sorted(latest)
    for first, second in zip(tickers, tickers[1:] + tickers[:1], strict=True):
        a = await _fact(first, revenue, latest[first].period_end, 364)
        b = await _fact(second, revenue, latest[second].period_end, 364)
        if a is not None and b is not None and first != second:
            pair = f"{NAMES[first]}'s and {NAMES[second]}'s"
            question = f"What is the difference between {pair} revenue in fiscal 2024?"
            items.append(_item("cross_company", question, a - b, "USD", ticker=f"{first},{second}",
                               item="revenue_difference"))  # fmt: skip
    for question in REFUSALS:
        items.append({"kind": "refusal", "question": question, "expected": None, "unit": None})
    return [item for item in items if item is not None]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    items = asyncio.run(generate())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w") as out:
        for item in items:
            out.write(json.dumps(item) + "\n")
    kinds: dict[str, int] = {}
    for item in items:
        kinds[item["kind"]] = kinds.get(item["kind"], 0) + 1
    print(f"{len(items)} questions written to {args.out}: {kinds}")


if __name__ == "__main__":
    main()
