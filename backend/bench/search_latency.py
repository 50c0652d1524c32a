"""Search latency in a warm process (p50 / p95 per mode) and embedding throughput.

Warm means: model loaded, catalog and in-process vectors cached, one untimed pass first. Each timed search
opens its own session, as a request would, and does all its work: nothing is cached per query (every round
embeds every query again). Run against an ingested database:

    FILINGPROOF_HOME=/tmp/fphome-dev .venv/bin/python backend/bench/search_latency.py [--rounds 3]

Measured here on 2026-11-30 (2 cores, no AVX-512, so dense search in process; the 17-filing test corpus; a
quiet machine), the code before and after the traced query embedding run alternately, --rounds 3, five runs
before and four after: hybrid p50 26.8-34.5 ms before (p95 34-45), 22.7-23.4 ms after (p95 30-33); dense p50
27-29 -> 20.5-23.9 ms; BM25 alone p50 8-13 ms either way; one query embedded on the main thread 20-26 ->
15-21 ms. Figures drift by a quarter between runs when anything else runs, so compare runs made alternately.
"""

import argparse
import asyncio
import json
import statistics
import time
from pathlib import Path

from sqlalchemy import text

from filingproof.config import get_settings
from filingproof.db.session import session_scope
from filingproof.index.embed import get_embedder
from filingproof.retrieval.search import Mode, Retriever

DEFAULT_GOLD = Path(__file__).parents[1] / "src/filingproof/evals/gold/retrieval_dev.jsonl"
MODES: tuple[Mode, ...] = ("bm25", "dense", "hybrid")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _timed_search(retriever: Retriever, query: str, mode: Mode) -> float:
    started = time.perf_counter()
    async with session_scope() as session:
        await retriever.search(session, query, limit=5, mode=mode)
    return (time.perf_counter() - started) * 1000


async def latency(queries: list[str], rounds: int) -> dict[str, dict[str, float]]:
    retriever = Retriever(get_settings())
    for query in queries:  # warm: model, catalog, vectors, plans
        await _timed_search(retriever, query, "hybrid")
    report: dict[str, dict[str, float]] = {}
    for mode in MODES:
        times = [await _timed_search(retriever, query, mode) for _ in range(rounds) for query in queries]
        report[mode] = {
            "n": len(times),
            "p50_ms": statistics.median(times),
            "p95_ms": percentile(times, 0.95),
            "max_ms": max(times),
        }
    return report


async def embedding_throughput(sample: int) -> dict[str, float]:
    async with session_scope() as session:
        rows = await session.execute(text("SELECT text FROM chunks ORDER BY id LIMIT :n"), {"n": sample})
        texts = [body for (body,) in rows]
    embedder = get_embedder()
    embedder.embed(texts[:8])
    started = time.perf_counter()
    embedder.embed(texts)
    chunk_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for query in texts[:20]:
        embedder.embed([query[:120]])
    query_ms = (time.perf_counter() - started) * 1000 / min(20, len(texts))
    return {
        "chunks": len(texts),
        "chunks_per_s": len(texts) / chunk_seconds,
        "mean_words_per_chunk": sum(len(t.split()) for t in texts) / max(1, len(texts)),
        "query_embed_ms": query_ms,
    }


async def main(queries: list[str], rounds: int, sample: int, as_json: bool) -> None:
    timings = await latency(queries, rounds)
    e = await embedding_throughput(sample)
    if as_json:
        print(json.dumps({"latency": timings, "embedding": e}, indent=2))
        return
    for mode, figures in timings.items():
        print(
            f"{mode:<7} n={figures['n']:<5} p50 {figures['p50_ms']:7.1f} ms   p95 {figures['p95_ms']:7.1f} ms"
            f"   max {figures['max_ms']:7.1f} ms"
        )
    print(
        f"embedding: {e['chunks_per_s']:.1f} chunks/s over {e['chunks']:.0f} chunks "
        f"({e['mean_words_per_chunk']:.0f} words each); one query {e['query_embed_ms']:.1f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", type=Path, default=DEFAULT_GOLD)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sample", type=int, default=256, help="chunks to embed for the throughput figure")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    gold = [json.loads(line) for line in args.gold.read_text().splitlines() if line.strip()]
    asyncio.run(main([question["question"] for question in gold], args.rounds, args.sample, args.json))
