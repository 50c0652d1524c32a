"""Gold v3, natural questions (written apart from the code): accuracy per split and kind, families answered
alike, wrong-and-verified, refusals. Run against a store holding the corpus and the gold's corpus-large
filings (`backend/src/filingproof/evals/gold/v3.md` lists them):

    FILINGPROOF_HOME=/tmp/fphome-v3 .venv/bin/python backend/bench/natural.py --split dev [--out results.json]

`--gold PATH` scores another set of natural questions in v3's format (a probe written after the work).

The held-out split is measured once, after the work; its figure is reported whatever it is.
"""

import argparse
import asyncio
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker, session_scope
from filingproof.evals.gold import gold_path, load_gold
from filingproof.evals.metrics import family_scores
from filingproof.evals.runner import ItemResult, evaluate


def _line(name: str, results: Sequence[ItemResult]) -> str:
    right = sum(r.right for r in results)
    wrong = sum(r.wrong_verified for r in results)
    return f"{name:<22} {len(results):>4} {right:>5} {right / len(results):>7.3f} {wrong:>6}"


async def _stored_tickers(pipeline: Pipeline) -> set[str]:
    async with session_scope() as session:
        catalog = await pipeline.retriever.catalog.get(session)
    return {filing.ticker for filing in catalog.filings}


async def main(
    split: str | None, out: Path | None, match: str | None, stored_only: bool, gold: Path | None = None
) -> None:
    items = [
        item
        for item in load_gold(gold or gold_path("v3"))
        if (split is None or item.split == split) and (match is None or match in item.id)
    ]
    await upgrade_database_async(database_url(get_settings()))  # as the command line does
    pipeline = Pipeline(get_sessionmaker(), get_settings())
    if stored_only:  # a partial store: only the items whose companies it holds (refusals of others too)
        stored = await _stored_tickers(pipeline)
        items = [item for item in items if set(item.tickers or ()) <= stored]
    results = await evaluate(pipeline, items)
    by_kind: dict[str, list[ItemResult]] = defaultdict(list)
    by_variant: dict[str, list[ItemResult]] = defaultdict(list)
    for item, result in zip(items, results, strict=True):
        by_kind[item.kind].append(result)
        by_variant[item.variant or "-"].append(result)
    name = gold.stem if gold else "gold v3"
    print(f"{name + ' ' + (split or 'all'):<22} {'n':>4} {'right':>5} {'acc':>7} {'wrong✓':>6}")
    print(_line("all", results))
    for name, group in sorted(by_kind.items()):
        print(_line(f"  kind {name}", group))
    for name, group in sorted(by_variant.items()):
        print(_line(f"  variant {name}", group))
    families = family_scores(items, results)
    print(f"families answered alike (all three right): {families.alike}/{families.n} = {families.share:.3f}")
    if out is not None:
        out.write_text(json.dumps([r.model_dump() for r in results], indent=1))  # noqa: ASYNC240


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=["dev", "heldout"], default=None)
    parser.add_argument("--match", default=None, help="only items whose id contains this")
    parser.add_argument("--out", type=Path, default=None, help="write every item's result as JSON")
    parser.add_argument("--stored-only", action="store_true", help="only items whose companies are stored")
    parser.add_argument("--gold", type=Path, default=None, help="another set in v3's format (default: v3)")
    args = parser.parse_args()
    asyncio.run(main(args.split, args.out, args.match, args.stored_only, args.gold))
