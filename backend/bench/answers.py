"""Answer accuracy on the development gold set, and the latency of `ask` in a warm process.

For each gold question: a numeric one is right when the response is `verified` and one of its figures has
the expected value (lookups within a millionth, relative; derived percentages within 0.05 points); a refusal
one is right when the response is `refused`. "wrong & verified" counts responses returned as `verified`
without the expected value (or with figures for a refusal question): the number that must stay 0.

    FILINGPROOF_HOME=/tmp/fphome-dev .venv/bin/python backend/bench/answers.py [--gold PATH] [--show-misses]
"""

import argparse
import asyncio
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import run_query
from filingproof.db.migrate import upgrade_database_async

DEFAULT_GOLD = Path(__file__).parents[1] / "src/filingproof/evals/gold/answers_dev.jsonl"


def has_expected(response: QueryResponse, item: dict[str, Any]) -> bool:
    expected = float(item["expected"])
    for figure in response.figures:
        if figure.unit != item["unit"]:
            continue
        if item["unit"] == "percent":
            if abs(figure.value - expected) <= 0.05:
                return True
        elif abs(figure.value - expected) <= max(abs(expected) * 1e-6, 0.005):
            return True
    return False


def grade(response: QueryResponse, item: dict[str, Any]) -> tuple[bool, bool]:
    """(right, wrong and verified)."""
    if item["kind"] == "refusal":
        return response.status == "refused", response.status == "verified" and bool(response.figures)
    right = response.status == "verified" and has_expected(response, item)
    return right, response.status == "verified" and not right


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def run(gold: Path, items: list[dict[str, Any]], show_misses: bool) -> None:
    await upgrade_database_async()
    await run_query(items[0]["question"])  # warm: catalog, connections, compiled graph
    per_kind: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    latencies: list[float] = []
    for item in items:
        started = time.perf_counter()
        response = await run_query(item["question"])
        latencies.append((time.perf_counter() - started) * 1000)
        right, wrong_verified = grade(response, item)
        per_kind[item["kind"]].append((right, wrong_verified))
        if show_misses and not right:
            print(f"MISS [{item['kind']}] {item['question']} expected {item['expected']}: "
                  f"{response.status}: {response.answer[:300]}")  # fmt: skip
    print(f"gold: {gold} ({len(items)} questions)")
    print(f"{'kind':<15}{'n':>5}{'right':>8}{'accuracy':>10}{'wrong&verified':>16}")
    for kind, results in sorted(per_kind.items()):
        n_right = sum(r for r, _ in results)
        n_wrong = sum(w for _, w in results)
        print(f"{kind:<15}{len(results):>5}{n_right:>8}{n_right / len(results):>10.3f}{n_wrong:>16}")
    numeric = [r for kind, results in per_kind.items() if kind != "refusal" for r in results]
    refusals = per_kind.get("refusal", [])
    accuracy = sum(r for r, _ in numeric) / max(1, len(numeric))
    print(f"numeric answer accuracy: {accuracy:.3f} ({len(numeric)})")
    print(f"refusal accuracy: {sum(r for r, _ in refusals) / max(1, len(refusals)):.3f} ({len(refusals)})")
    print(f"wrong and verified: {sum(w for results in per_kind.values() for _, w in results)}")
    print(
        f"ask latency (warm, deterministic): p50 {statistics.median(latencies):.1f} ms, "
        f"p95 {percentile(latencies, 0.95):.1f} ms over {len(latencies)} questions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    items = [json.loads(line) for line in args.gold.read_text().splitlines() if line.strip()]
    asyncio.run(run(args.gold, items, args.show_misses))


if __name__ == "__main__":
    main()
