"""Load on the HTTP service: N concurrent clients x M requests against a warm server on loopback.

    .venv/bin/python backend/bench/load.py                      # 32 x 25 POST /query/sync
    .venv/bin/python backend/bench/load.py --route page         # GET /filings/{id}/pages/{n}
    .venv/bin/python backend/bench/load.py --url http://127.0.0.1:8000   # an already running server
    .venv/bin/python backend/bench/load.py --clients 1 --requests 60 --against HEAD   # working tree vs HEAD

Without --url it starts `filingproof serve` (the settings' database: FILINGPROOF_HOME / DATABASE_URL)
with the rate limit lifted, reports its start (seconds to answer /health, to a warm /ready, and the first
narrative question's latency once ready), warms it, and reports the server's peak resident memory (VmHWM).
Prints figures; it is not a pass/fail test.

With --against REV it also checks REV out in a temporary git worktree and serves it, on the same database,
with this venv's python and the worktree's `backend/src` first on PYTHONPATH (so REV's code is imported,
not the editable install's). Every request number goes to both servers, each first in turn, so load drift
on the machine hits both revisions alike; the figures are per revision.
"""

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import AsyncExitStack, ExitStack, contextmanager
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
    # narrative: page search, verbatim sentences
    "What are the main supply chain risks NVIDIA describes?",
    "How does Apple describe competition in its markets?",
    "What risks does Tesla describe for its energy generation and storage business?",
    "How does Coca-Cola describe its competition?",
    # hybrid: a figure, and the pages that explain it
    "What drove Amazon's operating income in 2024?",
    "What drove NVIDIA's revenue in fiscal 2025?",
)
# The server as measured: no rate limit, and every request answered on its own (the clients share the
# loopback address and ask the same questions: merging them would measure the de-duplication, not the path).
UNLIMITED = {"QUERY_RATE_PER_MINUTE": "100000000", "QUERY_RATE_BURST": "1000000", "QUERY_DEDUP_SECONDS": "0"}
REPO = Path(__file__).resolve().parents[2]
ROUTES = {"query": "POST /query/sync", "page": "GET /filings/{id}/pages/{n}"}


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


def new_client(base_url: str, clients: int) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    return httpx.AsyncClient(base_url=base_url, timeout=120, limits=limits)


async def warm_up(client: httpx.AsyncClient, target: Target) -> None:
    warm = Results()
    for n in range(2 * len(QUESTIONS)):
        await one_request(client, target, n, warm)
    if warm.errors:
        raise SystemExit(f"the warm-up of {client.base_url} failed: {warm.errors}")


async def run_load(base_url: str, route: str, clients: int, requests: int) -> tuple[Results, float]:
    async with new_client(base_url, clients) as client:
        target = await target_of(client, route)
        await warm_up(client, target)
        results = Results()

        async def client_loop(c: int) -> None:
            for m in range(requests):
                await one_request(client, target, c * requests + m, results)

        started = time.perf_counter()
        await asyncio.gather(*(client_loop(c) for c in range(clients)))
        return results, time.perf_counter() - started


async def run_alternating(base_urls: Sequence[str], route: str, clients: int, requests: int) -> list[Results]:
    """Request n goes to every server, the first one rotating with n; the results per server."""
    async with AsyncExitStack() as stack:
        pool = [await stack.enter_async_context(new_client(url, clients)) for url in base_urls]
        targets = [await target_of(client, route) for client in pool]
        for client, target in zip(pool, targets, strict=True):
            await warm_up(client, target)
        results = [Results() for _ in pool]

        async def client_loop(c: int) -> None:
            for m in range(requests):
                n = c * requests + m
                for i in ((n + k) % len(pool) for k in range(len(pool))):
                    await one_request(pool[i], targets[i], n, results[i])

        await asyncio.gather(*(client_loop(c) for c in range(clients)))
        return results


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True).stdout.strip()


@contextmanager
def git_worktree(rev: str) -> Iterator[Path]:
    """A detached checkout of `rev` in a temporary directory, removed on exit (Ctrl-C included)."""
    path = Path(tempfile.mkdtemp(prefix="filingproof-bench-"))
    try:
        git("worktree", "add", "--detach", str(path), rev)
        yield path
    finally:  # best effort: a failing clean-up must not hide the error that ended the run
        subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=REPO, capture_output=True)
        shutil.rmtree(path, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=REPO, capture_output=True)


MIGRATIONS = Path("backend/src/filingproof/db/migrations/versions")


def with_newer_migrations(tree: Path) -> Path:
    """`tree` with this tree's migrations that it lacks: both servers open one database, which the newer
    one brings to its head on start, and the older must find that head among its revisions to start at all
    (migrations only add to the schema, so the older code runs on it as it would on its own)."""
    for migration in (REPO / MIGRATIONS).glob("*.py"):
        if not (tree / MIGRATIONS / migration.name).exists():
            shutil.copy2(migration, tree / MIGRATIONS / migration.name)
    return tree


def env_for_checkout(tree: Path) -> dict[str, str]:
    """The child environment that imports `tree`'s package; checked, since a wrong path fails silently."""
    src = tree / "backend" / "src"
    env = {**UNLIMITED, "PYTHONPATH": os.pathsep.join(filter(None, (str(src), os.environ.get("PYTHONPATH"))))}
    check = [sys.executable, "-c", "import filingproof; print(filingproof.__file__)"]
    imported = subprocess.run(check, env={**os.environ, **env}, check=True, capture_output=True, text=True)
    package = Path(imported.stdout.strip()).resolve()
    if not package.is_relative_to(src.resolve()):
        raise SystemExit(f"the old server would import {package}, not {src}")
    print(f"the old server imports {package.parent}")
    return env


def summary(latencies: Sequence[float]) -> dict[str, float]:
    return {
        "p50": percentile(latencies, 50),
        "p95": percentile(latencies, 95),
        "mean": statistics.fmean(latencies),
    }


def latency_summary(latencies: Sequence[float]) -> str:
    return "  ".join(f"{name} {value:.1f}" for name, value in summary(latencies).items())


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def compare(rev: str, route: str, clients: int, requests: int) -> None:
    """The working tree against `rev`, both served at once on the same database, requests alternating."""
    label = f"{rev} ({git('rev-parse', '--short', rev)})"
    load_at_start = load_average()
    with ExitStack() as stack:
        old_env = env_for_checkout(with_newer_migrations(stack.enter_context(git_worktree(rev))))
        envs = (UNLIMITED, old_env)
        servers = [stack.enter_context(child_server(env, startup_timeout_s=300)) for env in envs]
        for server in servers:
            wait_until_warm(server.base_url)
        results = asyncio.run(run_alternating([s.base_url for s in servers], route, clients, requests))
    print(f"load average (1, 5, 15 min): {load_at_start} at start, {load_average()} at end")
    print(f"{ROUTES[route]}: {clients} clients x {requests} requests to each revision, alternating")
    for name, result in zip(("working tree", label), results, strict=True):
        errors = f"errors {sum(result.errors.values())} {result.errors or ''}".rstrip()
        print(f"{name:>20}: latency ms {latency_summary(result.latencies_ms)}  {errors}")
    new, old = (summary(r.latencies_ms) for r in results)
    deltas = "  ".join(f"{name} {new[name] - old[name]:+.1f}" for name in new)
    print(f"{'difference':>20}: latency ms {deltas} (working tree - {rev})")


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
    parser.add_argument("--route", choices=tuple(ROUTES), default="query")
    parser.add_argument("--url", help="an already running server (no memory figure then)")
    parser.add_argument("--against", metavar="REV", help="also serve git revision REV and alternate with it")
    args = parser.parse_args()
    if args.against is not None:
        compare(args.against, args.route, args.clients, args.requests)
        return
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
    if startup is not None:
        print(startup)
    print(f"{ROUTES[args.route]}: {args.clients} clients x {args.requests} requests = {total}")
    print(f"errors: {sum(results.errors.values())} {results.errors or ''}".rstrip())
    print(f"throughput: {total / elapsed:.1f} requests/s over {elapsed:.2f} s")
    if latencies:
        print(
            f"latency ms: {latency_summary(latencies)}  "
            f"p99 {percentile(latencies, 99):.1f}  max {max(latencies):.1f}"
        )
    if rss is not None:
        print(f"server peak RSS: {rss:.0f} MiB")


if __name__ == "__main__":
    main()
