"""Gold v3, natural questions written apart from the code (`evals/gold/v3.md`): every expected value is read
back from the filings' own tags, and the dev split's questions about the 17-filing corpus's companies are the
CI gate, on the session's store (the whole dev split, with its corpus-large filings, and the held-out split,
measured once after the work, are `bench/natural.py`'s)."""

import gzip
import json
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from filingproof.evals.gold import GOLD_DIR, GoldItem, gold_path, load_gold
from filingproof.evals.metrics import family_scores
from filingproof.evals.runner import evaluate

pytestmark = pytest.mark.corpus

ITEMS = load_gold(gold_path("v3"))
CORPUS_COMPANIES = {"AAPL", "AMZN", "GOOGL", "KO", "META", "MMM", "NVDA", "PFE", "TSLA", "WMT"}
# a refusal of a company not ingested names none of them: it is asked of the corpus store too
DEV = [item for item in ITEMS if item.split == "dev" and set(item.tickers or ()) <= CORPUS_COMPANIES]


def _files(items: list[GoldItem]) -> set[str]:
    return {fact.file for item in items for fact in item.facts or ()}


def _facts_of(path: Path) -> dict[tuple[str, str], set[Decimal]]:
    """(concept, context) → the values its `ix:nonFraction` tags show, scaled and signed."""
    raw = path.read_bytes()
    root = etree.fromstring(
        gzip.decompress(raw) if path.suffix == ".gz" else raw, etree.XMLParser(huge_tree=True)
    )
    found: dict[tuple[str, str], set[Decimal]] = defaultdict(set)
    for tag in root.iter("{*}nonFraction"):
        shown = "".join(str(text) for text in tag.itertext()).replace(",", "").strip()
        if not re.fullmatch(r"\d+(?:\.\d+)?", shown):
            continue  # a dash, or a number in words ("no", "zero"): no value the gold reads
        value = Decimal(shown).scaleb(int(tag.get("scale", "0")))
        found[(tag.get("name", ""), tag.get("contextRef", ""))].add(
            -value if tag.get("sign") == "-" else value
        )
    return found


def test_every_fact_of_gold_v3_is_tagged_with_its_value(shared_dir: Path) -> None:
    wrong = []
    for file in sorted(_files(ITEMS)):
        tagged = _facts_of(shared_dir / file)
        for item in ITEMS:
            for fact in item.facts or ():
                if fact.file == file and fact.value not in tagged.get((fact.concept, fact.context), set()):
                    wrong.append(f"{item.id}: {fact.concept} {fact.context} is not tagged {fact.value}")
    assert wrong == []


def test_a_one_fact_item_expects_its_fact_and_families_come_in_threes() -> None:
    for item in ITEMS:
        if item.kind in ("value", "segment") and item.facts and len(item.facts) == 1:
            assert item.expected == item.facts[0].value, item.id
    variants: dict[str, list[str]] = defaultdict(list)
    for item in ITEMS:
        assert item.family is not None and item.variant is not None
        variants[item.family].append(item.variant)
    assert all(sorted(found) == ["casual", "plain", "terse"] for found in variants.values())
    refusals = [item for item in ITEMS if item.expected is None]
    assert len(ITEMS) >= 300 and len(refusals) >= 0.1 * len(ITEMS)
    # split by company: no company is asked about alone in both splits (a comparison of a dev company with a
    # held-out one is held out)
    alone = [item for item in ITEMS if item.kind != "cross_company"]
    by_split = {
        split: {t for i in alone if i.split == split for t in i.tickers or ()} for split in ("dev", "heldout")
    }
    assert by_split["dev"] & by_split["heldout"] == set()


async def test_the_dev_split_clears_the_committed_thresholds(ingested_corpus: Any, pipeline: Any) -> None:
    """The CI gate of gold v3: no wrong figure verified, accuracy and families answered alike above their
    floors (thresholds.json)."""
    thresholds = json.loads((GOLD_DIR / "thresholds.json").read_text())["v3"]
    results = await evaluate(pipeline, DEV)
    wrong = [(r.item_id, r.answer[:200]) for r in results if r.wrong_verified]
    accuracy = sum(r.right for r in results) / len(results)
    families = family_scores(DEV, results)
    print(f"gold v3 dev ({len(DEV)}): accuracy {accuracy:.3f}, families alike {families.alike}/{families.n}")
    assert wrong == [] and thresholds["wrong_verified"] == 0
    assert accuracy >= thresholds["dev_accuracy"]
    assert families.share >= thresholds["dev_families_alike"]
