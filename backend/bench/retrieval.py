"""Retrieval quality on the gold set: hit@1/3/5 and MRR, overall and per kind, for BM25, dense and fused.

A question hits at k when one of its expected pages (ticker, form, period end, page number) is among the
first k pages returned. Run against an ingested database:

    FILINGPROOF_HOME=/tmp/fphome-dev .venv/bin/python backend/bench/retrieval.py [--gold PATH] [--json]
"""

import argparse
import asyncio
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from filingproof.config import get_settings
from filingproof.db.session import session_scope
from filingproof.retrieval.search import Mode, Retriever

DEFAULT_GOLD = Path(__file__).parents[1] / "src/filingproof/evals/gold/retrieval_dev.jsonl"
MODES: tuple[Mode, ...] = ("bm25", "dense", "hybrid")
KS = (1, 3, 5)
DEPTH = 10

PageKey = tuple[str, str, str, int]


def _key(item: dict[str, Any]) -> PageKey:
    return (item["ticker"], item["form"], item["period_end"], int(item["page"]))


def read_gold(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def expected_pages(question: dict[str, Any]) -> set[PageKey]:
    return {_key(item) for item in question["expected"]}


async def ranked_pages(retriever: Retriever, question: str, mode: Mode) -> list[PageKey]:
    """The first DEPTH pages `mode` finds for `question`, searched in a session of its own (as a request)."""
    async with session_scope() as session:
        result = await retriever.search(session, question, limit=DEPTH, mode=mode)
    return [(h.ticker or "", h.form, h.period_end.isoformat(), h.page_no) for h in result.hits]


def first_hit(ranked: list[PageKey], expected: set[PageKey]) -> int | None:
    """1-based rank of the first expected page, None when none is in the list."""
    return next((rank for rank, page in enumerate(ranked, start=1) if page in expected), None)


def summarise(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks)
    scores = {f"hit@{k}": sum(1 for r in ranks if r is not None and r <= k) / n for k in KS}
    scores["mrr"] = sum(1 / r for r in ranks if r is not None) / n
    scores["n"] = n
    return scores


async def evaluate(gold: list[dict[str, Any]]) -> dict[str, Any]:
    ranks: dict[str, dict[str, list[int | None]]] = {mode: defaultdict(list) for mode in MODES}
    misses: dict[str, list[str]] = defaultdict(list)
    retriever = Retriever(get_settings())
    for question in gold:
        expected = expected_pages(question)
        for mode in MODES:
            rank = first_hit(await ranked_pages(retriever, question["question"], mode), expected)
            kind = question["kind"]
            ranks[mode][kind].append(rank)
            ranks[mode]["statement questions" if kind != "narrative" else "narrative questions"].append(rank)
            ranks[mode]["all"].append(rank)
            if mode == "hybrid" and (rank is None or rank > 3):
                misses[kind].append(f"{question['id']} {question['question']!r}: rank {rank}")
    return {
        "scores": {
            mode: {kind: summarise(r) for kind, r in by_kind.items()} for mode, by_kind in ranks.items()
        },
        "fused_misses_beyond_3": misses,
    }


def _print(report: dict[str, Any]) -> None:
    kinds = list(report["scores"]["hybrid"])
    print(f"{'kind':<22}{'n':>4}  " + "  ".join(f"{mode:^27}" for mode in MODES))
    print(f"{'':<22}{'':>4}  " + "  ".join("  h@1   h@3   h@5   MRR   " for _ in MODES))
    for kind in sorted(kinds, key=lambda k: (k != "all", k)):
        row = report["scores"]
        n = int(row["hybrid"][kind]["n"])
        cells = "  ".join(
            " ".join(f"{row[mode][kind][m]:5.2f}" for m in ("hit@1", "hit@3", "hit@5", "mrr")) + "   "
            for mode in MODES
        )
        print(f"{kind:<22}{n:>4}  {cells}")
    for kind, lines in report["fused_misses_beyond_3"].items():
        print(f"\nfused, not in the top 3 ({kind}):")
        for line in lines:
            print("  " + line)


async def main(gold: list[dict[str, Any]], as_json: bool) -> None:
    report = await evaluate(gold)
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        _print(report)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(read_gold(args.gold), args.json))
