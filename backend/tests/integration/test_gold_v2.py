"""Gold v2 on the ingested corpus: the committed file still follows from the filings' facts, covers every
filing and kind with a held-out split by company, and every item's expected cell is in the database, on
the stated page, printing the expected value of the fact the item names (checked here with SQL of its own,
not with the generator's code); a full run clears the committed thresholds (the CI gate)."""

import json
import subprocess
import sys
import typing
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import text

from filingproof.db.session import session_scope
from filingproof.evals.gold import GOLD_DIR, GoldItem, ItemKind, gold_path, load_gold
from filingproof.evals.make_gold import differences
from filingproof.evals.make_gold_v2 import CURATED, HELDOUT, SILENT_DIMENSIONS, build_gold_v2

pytestmark = pytest.mark.corpus

ITEMS = load_gold(gold_path("v2"))

CELL_SQL = text(
    "SELECT c.value, c.unit, c.page_no, p.page_no, x.concept, x.value, x.dimensions::text, x.period_start, "
    "x.period_end, strpos(p.text, '[table ' || t.table_index || ']') > 0 "
    "FROM cells c JOIN tables t ON t.id = c.table_id JOIN filings f ON f.id = c.filing_id "
    "JOIN pages p ON p.id = t.page_id LEFT JOIN xbrl_facts x ON x.cell_id = c.id "
    "AND x.concept = :concept "
    "WHERE f.ticker = :ticker AND f.form = :form AND f.period_end = :period_end "
    "AND t.table_index = :table_index AND c.row = :row AND c.col = :col AND c.text = :text"
)

CELL_KEYS = {"ticker", "form", "period_end", "table_index", "row", "col", "text", "concept"}


async def test_the_committed_gold_v2_follows_from_the_filings(ingested_corpus: Any) -> None:
    async with session_scope() as session:
        fresh = await build_gold_v2(session)
    assert differences(fresh, ITEMS) == []


async def test_gold_v2_covers_every_filing_kind_and_split(ingested_corpus: Any) -> None:
    async with session_scope() as session:
        filings = {
            (r[0], r[1], r[2])
            for r in await session.execute(text("SELECT ticker, form, period_end FROM filings"))
        }
    assert len(filings) == 17
    labelled = [item for item in ITEMS if item.phrasing == "label"]
    assert len(labelled) >= 300
    primaries = {
        (item.sources[0].ticker, item.sources[0].form, item.sources[0].period_end) for item in labelled
    }
    assert primaries == filings
    kinds = Counter(item.kind for item in ITEMS)
    assert set(kinds) == set(typing.get_args(ItemKind)), kinds
    assert max(kinds.values()) <= 3 * min(kinds.values()) + 40, kinds  # no kind swamps the set
    assert {item.phrasing for item in ITEMS} == {"label", "paraphrase", "issue"}
    by_split = {
        split: {item.sources[0].ticker for item in ITEMS if item.split == split}
        for split in ("dev", "heldout")
    }
    assert by_split["heldout"] == set(HELDOUT)
    assert not by_split["dev"] & set(HELDOUT)
    assert all(len({source.ticker for source in item.sources}) == 1 for item in ITEMS)


# Curated in the answering code after gold v2 was built from the items outside `CURATED` (2026-12-03: the
# cash-flow statement's investing and financing totals, for "operating, investing and financing activities"
# named in one breath). v2 keeps its four items of them, measured as before, rather than change a set whose
# figures are on record; they are the only curated concepts it asks about. (2026-12-05: the balance sheet's
# long-term debt as Verizon tags it, LongTermDebtAndCapitalLeaseObligations, which v2 does not ask.)
CURATED_AFTER_V2 = frozenset(
    {
        *(f"us-gaap:NetCashProvidedByUsedIn{section}Activities" for section in ("Investing", "Financing")),
        "us-gaap:LongTermDebtAndCapitalLeaseObligations",
    }
)


def test_gold_v2_asks_nothing_of_the_curated_items() -> None:
    from filingproof.qa.items import LINE_ITEMS  # the answering code, read here only to check the list

    assert {concept for item in LINE_ITEMS for concept in item.concepts} <= CURATED | CURATED_AFTER_V2
    for item in ITEMS:
        assert item.members or item.sources[0].concept not in CURATED, item.id
    later = [item.id for item in ITEMS if not item.members and item.sources[0].concept in CURATED_AFTER_V2]
    assert len(later) == 4, later


def _unit_value(item: GoldItem, fact_value: Decimal) -> Decimal:
    return fact_value * 100 if item.unit == "percent" else fact_value


async def test_every_expected_cell_prints_the_expected_value_on_its_page(ingested_corpus: Any) -> None:
    problems: list[str] = []
    async with session_scope() as session:
        for item in ITEMS:
            assert item.expected is not None and item.unit is not None
            for source in item.sources:
                found = (await session.execute(CELL_SQL, source.model_dump(include=CELL_KEYS))).all()
                if len(found) != 1:
                    problems.append(f"{item.id}: {len(found)} cells at {source}")
                    continue
                value, unit, cell_page, table_page, concept, fact, dims, start, end, on_page = found[0]
                printed = {item.expected, item.printed}
                dimensions = {
                    k: v for k, v in json.loads(dims or "{}").items() if (k, v) not in SILENT_DIMENSIONS
                }
                checks = {
                    "page": cell_page == table_page == source.page_no and on_page,
                    "cell value": Decimal(value) in printed and unit == item.unit,
                    "concept": concept == source.concept,
                    "fact value": fact is not None and _unit_value(item, Decimal(fact)) == item.expected,
                    "members": dimensions == (item.members or {}),
                    "period": (start, end) == (item.period_start, item.period_end),
                }
                problems += [
                    f"{item.id}: {name} differs at {source}" for name, ok in checks.items() if not ok
                ]
    assert problems == []


def test_a_full_v2_run_clears_the_committed_thresholds(ingested_corpus: Any) -> None:
    """The CI gate of gold v2, as `test_eval_corpus` gates v1: no wrong figure verified, and the accuracy
    floors overall and on the held-out companies (kept out of all tuning)."""
    thresholds = json.loads((GOLD_DIR / "thresholds.json").read_text())["v2"]
    done = subprocess.run(
        [sys.executable, "-m", "filingproof", "eval", "--gold", str(gold_path("v2")), "--json"],
        capture_output=True,
        text=True,
        timeout=3600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    run = json.loads(done.stdout)
    splits = run["per_split"]
    print(json.dumps({split: kinds["all"] for split, kinds in splits.items()}, indent=1))
    assert run["status"] == "done"
    assert run["scores"]["n"] == len(ITEMS)
    assert run["scores"]["wrong_verified"] == thresholds["wrong_verified"] == 0, [
        (i["item_id"], i["answer"][:200]) for i in run["items"] if i["wrong_verified"]
    ]
    assert splits["all"]["all"]["accuracy"] >= thresholds["accuracy"]
    assert splits["heldout"]["all"]["accuracy"] >= thresholds["heldout_accuracy"]
