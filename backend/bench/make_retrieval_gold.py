"""Generate the retrieval gold set from the ingested corpus: every expected page comes from the database.

Statement questions take their answer from an XBRL fact of the filing (no dimensions, so the consolidated
figure) and expect the pages holding a table cell linked to that fact — in any ingested filing of the
company with the same concept and period (a prior-year figure sits in two 10-Ks). Narrative questions
expect the page whose text contains a quoted sentence. Only the wording and the quotes are typed by hand.

    FILINGPROOF_HOME=/tmp/fphome-dev .venv/bin/python backend/bench/make_retrieval_gold.py \
        [--out backend/src/filingproof/evals/gold/retrieval_dev.jsonl]
"""

import argparse
import asyncio
import json
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import text

from filingproof.calendar import long_date
from filingproof.db.session import session_scope

FilingKey = tuple[str, str, date]  # ticker, form, period end

DEFAULT_OUT = Path(__file__).parents[1] / "src/filingproof/evals/gold/retrieval_dev.jsonl"

NAMES = {
    "AAPL": "Apple", "NVDA": "NVIDIA", "AMZN": "Amazon", "GOOGL": "Alphabet", "META": "Meta",
    "TSLA": "Tesla", "WMT": "Walmart", "KO": "Coca-Cola", "MMM": "3M", "PFE": "Pfizer",
}  # fmt: skip

# (what people call it, concepts in order of preference, statement)
LINE_ITEMS: list[tuple[str, tuple[str, ...], str]] = [
    ("revenue", ("us-gaap:Revenues", "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
                 "us-gaap:SalesRevenueNet"), "income"),
    ("net income", ("us-gaap:NetIncomeLoss", "us-gaap:ProfitLoss"), "income"),
    ("operating income", ("us-gaap:OperatingIncomeLoss",), "income"),
    ("diluted earnings per share", ("us-gaap:EarningsPerShareDiluted",), "income"),
    ("research and development expense", ("us-gaap:ResearchAndDevelopmentExpense",), "income"),
    ("total assets", ("us-gaap:Assets",), "balance"),
    ("cash and cash equivalents", ("us-gaap:CashAndCashEquivalentsAtCarryingValue",), "balance"),
    ("total shareholders' equity", ("us-gaap:StockholdersEquity",), "balance"),
    ("cash provided by operating activities", ("us-gaap:NetCashProvidedByUsedInOperatingActivities",),
     "cash"),
]  # fmt: skip

# (ticker, form, period end, question, a sentence fragment of the expected page)
NARRATIVE: list[tuple[str, str, str, str, str]] = [
    ("AAPL", "10-K", "2024-09-28", "When does Apple's fiscal year end?",
     "fiscal year is the 52- or 53-week period that ends on the last Saturday of September"),
    ("NVDA", "10-K", "2025-01-26", "Which GPUs did NVIDIA launch for gaming in fiscal year 2025?",
     "we launched the NVIDIA Blackwell GeForce RTX 50 Series"),
    ("TSLA", "10-K", "2024-12-31", "Which vehicles does Tesla's Cybertruck compete with?",
     "Cybertruck competes with other pickup trucks"),
    ("WMT", "10-K", "2025-01-31",
     "How does Walmart measure the eCommerce sales impact on comparable sales?",
     "We measure the eCommerce sales impact by including all sales initiated digitally"),
    ("KO", "10-K", "2024-12-31",
     "What share of Coca-Cola's worldwide unit case volume is Trademark Coca-Cola?",
     "Trademark Coca-Cola accounted for 47% of our worldwide unit case volume"),
    ("MMM", "10-Q", "2023-06-30", "3M Combat Arms earplugs litigation Aearo Technologies",
     "Aearo Technologies sold Dual-Ended Combat Arms"),
    ("META", "10-K", "2024-12-31",
     "How much of Meta's Reality Labs operating expenses go to wearables in 2025?",
     "we expect to spend approximately 50% of our Reality Labs operating expenses on our wearables"),
    ("GOOGL", "10-K", "2024-12-31", "Which Google products use Gemini?",
     "Android, Chrome, Gmail, Maps, Play Store, Search, and YouTube"),
    ("AMZN", "10-K", "2024-12-31",
     "What are the principal competitive factors in Amazon's retail businesses?",
     "principal competitive factors in our retail businesses include selection, price, and convenience"),
    ("PFE", "10-Q", "2023-07-02", "To whom does Pfizer principally sell Paxlovid?",
     "We principally sell Paxlovid to government agencies"),
]  # fmt: skip


@dataclass(frozen=True)
class Fact:
    filing_id: int
    ticker: str
    form: str
    filing_period_end: date
    fiscal_year: int | None
    concept: str
    period_start: date | None
    period_end: date
    page_no: int


def _months(fact: Fact) -> int:
    if fact.period_start is None:
        return 0
    return round((fact.period_end - fact.period_start).days / 30.4)


async def _facts(concepts: list[str]) -> list[Fact]:
    async with session_scope() as session:
        rows = await session.execute(
            text(
                "SELECT DISTINCT f.id, f.ticker, f.form, f.period_end, f.fiscal_year, x.concept, "
                "x.period_start, x.period_end, c.page_no "
                "FROM xbrl_facts x JOIN cells c ON c.id = x.cell_id JOIN filings f ON f.id = x.filing_id "
                "WHERE x.concept = ANY(CAST(:concepts AS text[])) "
                "AND (x.dimensions IS NULL OR x.dimensions = CAST('{}' AS jsonb))"
            ),
            {"concepts": concepts},
        )
        return [Fact(*row) for row in rows]


async def _filings() -> dict[int, FilingKey]:
    async with session_scope() as session:
        rows = await session.execute(text("SELECT id, ticker, form, period_end FROM filings"))
        return {filing_id: (ticker, form, end) for filing_id, ticker, form, end in rows}


def _expected(facts: list[Fact], filings: dict[int, FilingKey]) -> list[dict[str, Any]]:
    pages = sorted({(f.filing_id, f.page_no) for f in facts})
    return [
        {
            "ticker": filings[fid][0],
            "form": filings[fid][1],
            "period_end": filings[fid][2].isoformat(),
            "page": page,
        }
        for fid, page in pages
    ]


def _phrase(kind: str, name: str, ticker: str, item: str, fact: Fact, fiscal_year: int | None, n: int) -> str:
    when = long_date(fact.period_end)
    if kind == "balance":
        return f"{name} {item} as of {when}" if n % 2 else f"What were {name}'s {item} at {when}?"
    if kind == "quarter":
        return f"{name} {item} three months ended {when}"
    if kind == "year_to_date":
        months = {6: "six", 9: "nine"}.get(_months(fact), str(_months(fact)))
        return f"{ticker} {item} {months} months ended {when}"
    year = fiscal_year or fact.period_end.year
    if n % 3 == 0:
        return f"{ticker} {item} FY{year % 100:02d}"
    if n % 3 == 1:
        return f"What was {name}'s {item} in fiscal {year}?"
    return f"{name.lower()} {item} {year}"


Wanted = tuple[str, Fact, int | None]  # kind, the fact, the fiscal year the question names


def _wanted(
    own: list[Fact], item: str, statement: str, form: str, end: date, year: int | None
) -> list[Wanted]:
    """Which of a filing's facts for one line item make questions: the current period, and some others."""
    wanted: list[Wanted] = []
    if statement == "balance":
        instants = [f for f in own if f.period_start is None]
        wanted += [("balance", f, year) for f in instants if f.period_end == end][:1]
        earlier = sorted((f for f in instants if f.period_end < end), key=lambda f: f.period_end)
        if earlier and form == "10-K" and item == "total assets":
            wanted.append(("balance", earlier[-1], None))
        return wanted
    durations = [f for f in own if f.period_start is not None]
    if form == "10-K":
        annual = [f for f in durations if _months(f) == 12]
        wanted += [("statement", f, year) for f in annual if f.period_end == end][:1]
        earlier = sorted((f for f in annual if f.period_end < end), key=lambda f: f.period_end)
        if earlier and item in ("revenue", "net income") and year:
            wanted.append(("prior_year", earlier[-1], year - 1))
        return wanted
    current = [f for f in durations if f.period_end == end]
    wanted += [("quarter", f, year) for f in current if _months(f) == 3][:1]
    if item in ("revenue", "net income", "cash provided by operating activities"):
        wanted += [("year_to_date", f, year) for f in current if _months(f) in (6, 9)][:1]
    return wanted


def statement_questions(facts: list[Fact], filings: dict[int, FilingKey]) -> list[dict[str, Any]]:
    by_key: dict[tuple[str, str, date | None, date], list[Fact]] = defaultdict(list)
    for fact in facts:
        by_key[(fact.ticker, fact.concept, fact.period_start, fact.period_end)].append(fact)
    questions: list[dict[str, Any]] = []
    for filing_id, (ticker, form, period_end) in sorted(filings.items(), key=lambda item: item[1]):
        of_filing = [f for f in facts if f.filing_id == filing_id]
        fiscal_year = of_filing[0].fiscal_year if of_filing else None
        for item, concepts, statement in LINE_ITEMS:
            concept = next((c for c in concepts if any(f.concept == c for f in of_filing)), None)
            own = [f for f in of_filing if f.concept == concept]
            for kind, fact, year in _wanted(own, item, statement, form, period_end, fiscal_year):
                phrasing = "balance" if statement == "balance" else kind
                name = NAMES.get(ticker, ticker)
                questions.append(
                    {
                        "kind": kind,
                        "statement": statement,
                        "question": _phrase(phrasing, name, ticker, item, fact, year, len(questions)),
                        "ticker": ticker,
                        "concept": fact.concept,
                        "period_start": fact.period_start.isoformat() if fact.period_start else None,
                        "period_end": fact.period_end.isoformat(),
                        "filing": {"ticker": ticker, "form": form, "period_end": period_end.isoformat()},
                        "expected": _expected(
                            by_key[(fact.ticker, fact.concept, fact.period_start, fact.period_end)], filings
                        ),
                    }
                )
    return questions


async def narrative_questions() -> list[dict[str, Any]]:
    questions = []
    async with session_scope() as session:
        for ticker, form, period_end, question, quote in NARRATIVE:
            rows = await session.execute(
                text(
                    "SELECT p.page_no, p.text FROM pages p JOIN filings f ON f.id = p.filing_id "
                    "WHERE f.ticker = :ticker AND f.form = :form AND f.period_end = :period_end "
                    "ORDER BY p.page_no"
                ),
                {"ticker": ticker, "form": form, "period_end": date.fromisoformat(period_end)},
            )
            needle = re.sub(r"\s+", " ", quote).lower()
            pages = [page for page, body in rows if needle in re.sub(r"\s+", " ", body).lower()]
            if not pages:
                print(f"skipped narrative {ticker} {form} {period_end}: quote not found")
                continue
            expected = [{"ticker": ticker, "form": form, "period_end": period_end, "page": p} for p in pages]
            questions.append(
                {
                    "kind": "narrative",
                    "question": question,
                    "ticker": ticker,
                    "quote": quote,
                    "filing": {"ticker": ticker, "form": form, "period_end": period_end},
                    "expected": expected,
                }
            )
    return questions


async def main(out: Path) -> None:
    concepts = [c for _, group, _ in LINE_ITEMS for c in group]
    facts = await _facts(concepts)
    filings = await _filings()
    questions = statement_questions(facts, filings) + await narrative_questions()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w") as handle:
        for i, question in enumerate(questions, start=1):
            handle.write(json.dumps({"id": f"r{i:03d}", **question}) + "\n")
    kinds: dict[str, int] = defaultdict(int)
    for question in questions:
        kinds[question["kind"]] += 1
    tickers = sorted({question["ticker"] for question in questions})
    print(
        f"{len(questions)} questions, {len(tickers)} companies ({' '.join(tickers)}): {dict(kinds)} → {out}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    asyncio.run(main(parser.parse_args().out))
