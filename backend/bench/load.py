"""Load on the HTTP service: N concurrent clients x M requests against a warm server on loopback.

    .venv/bin/python backend/bench/load.py                      # 32 x 25 POST /query/sync
    .venv/bin/python backend/bench/load.py --route page         # GET /filings/{id}/pages/{n}
    .venv/bin/python backend/bench/load.py --url http://127.0.0.1:8000   # an already running server

Without --url it starts `filingproof serve` (the settings' database: FILINGPROOF_HOME / DATABASE_URL)
with the rate limit lifted, reports its start (seconds to answer /health, to a warm /ready, and the first
narrative question's latency once ready), warms it, and reports the server's peak resident memory (VmHWM).
Prints figures; it is not a pass/fail test.
"""

import argparse
import asyncio
import statistics
import time
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from filingproof.api.server import child_server, wait_until_warm

QUESTIONS = (
    "What were Apple's total net sales in fiscal 2024?",
    "What was Apple's net income in fiscal 2024?",
    "What was Amazon's operating income in 2024?",
    "What was Alphabet's total revenue in 2023?",
    "How much did Coca-Cola spend on dividends in 2024?",
)
UNLIMITED = {"QUERY_RATE_PER_MINUTE": "100000000", "QUERY_RATE_BURST": "1000000"}


@dataclass
class Results:
    latencies_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


@dataclass(frozen=True)
class Target:
    route: str
    filing_id: int = 0
    pages: int = 0

    async def request(self, client: httpx.AsyncClient, n: int) -> httpx.Response:
        if self.route == "query":
            return await client.post("/query/sync", json={"question": QUESTIONS[n % len(QUESTIONS)]})
        return await client.get(f"/filings/{self.filing_id}/pages/{1 + n % self.pages}")


async def target_of(client: httpx.AsyncClient, route: str) -> Target:
    if route == "query":
        return Target(route)
    filing = (await client.get("/filings", params={"limit": 1})).json()["items"][0]
    return Target(route, filing["id"], filing["page_count"])


async def one_request(client: httpx.AsyncClient, target: Target, n: int, results: Results) -> None:
    started = time.perf_counter()
    try:
        response = await target.request(client, n)
    except httpx.HTTPError as error:
        results.error(type(error).__name__)
        return
    results.latencies_ms.append((time.perf_counter() - started) * 1000)
    if response.status_code != 200:
        results.error(f"HTTP {response.status_code}")


async def run_load(base_url: str, route: str, clients: int, requests: int) -> tuple[Results, float]:
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base_url, timeout=120, limits=limits) as client:
        target = await target_of(client, route)
        warm = Results()
        for n in range(2 * len(QUESTIONS)):
            await one_request(client, target, n, warm)
        if warm.errors:
            raise SystemExit(f"the warm-up failed: {warm.errors}")
        results = Results()

        async def client_loop(c: int) -> None:
            for m in range(requests):
                await one_request(client, target, c * requests + m, results)

        started = time.perf_counter()
        await asyncio.gather(*(client_loop(c) for c in range(clients)))
        return results, time.perf_counter() - started


FIRST_NARRATIVE_QUESTION = "What are the main supply chain risks NVIDIA describes?"


def startup_figures(base_url: str, spawned: float) -> str:
    """The start as a user meets it: the server answers, says ready, then the first narrative question."""
    listening = time.perf_counter() - spawned
    warm = listening + wait_until_warm(base_url)
    started = time.perf_counter()
    httpx.post(f"{base_url}/query/sync", json={"question": FIRST_NARRATIVE_QUESTION}, timeout=120)
    first_ms = (time.perf_counter() - started) * 1000
    return (
        f"startup: /health after {listening:.1f} s, /ready (warm) after {warm:.1f} s; "
        f"first narrative question once ready: {first_ms:.0f} ms"
    )


def peak_rss_mib(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return None


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=25, help="per client")
    parser.add_argument("--route", choices=("query", "page"), default="query")
    parser.add_argument("--url", help="an already running server (no memory figure then)")
    args = parser.parse_args()
    with ExitStack() as stack:
        pid = None
        base_url = args.url
        startup = None
        if base_url is None:
            spawned = time.perf_counter()
            server = stack.enter_context(child_server(UNLIMITED, startup_timeout_s=300))
            base_url, pid = server.base_url, server.process.pid
            startup = startup_figures(base_url, spawned)
        results, elapsed = asyncio.run(run_load(base_url, args.route, args.clients, args.requests))
        rss = peak_rss_mib(pid) if pid is not None else None
    total = args.clients * args.requests
    latencies = results.latencies_ms
    route = "POST /query/sync" if args.route == "query" else "GET /filings/1/pages/{n}"
    if startup is not None:
        print(startup)
    print(f"{route}: {args.clients} clients x {args.requests} requests = {total}")
    print(f"errors: {sum(results.errors.values())} {results.errors or ''}".rstrip())
    print(f"throughput: {total / elapsed:.1f} requests/s over {elapsed:.2f} s")
    if latencies:
        print(
            f"latency ms: p50 {percentile(latencies, 50):.1f}  p95 {percentile(latencies, 95):.1f}  "
            f"p99 {percentile(latencies, 99):.1f}  max {max(latencies):.1f}  "
            f"mean {statistics.fmean(latencies):.1f}"
        )
    if rss is not None:
        print(f"server peak RSS: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
