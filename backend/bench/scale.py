"""Scale figures (#18 item 6): the wall time of corpus-large ingested through the job queue by 1 and by 2
worker processes, and search, `/query/sync` and retrieval quality with 17 filings against 17 + corpus-large,
with index and page-image sizes per filing.

    .venv/bin/python backend/bench/scale.py [--workers 1,2] [--sample N] [--from-home DIR] [--keep-homes]
    .venv/bin/python backend/bench/scale.py --measure HOME_17 HOME_LARGE   # step 3 alone, on kept homes

1. A fresh home with the 17-filing corpus ingested (as bench/ingest.py does), or a copy of `--from-home`
   (a home holding those 17 filings that nothing else uses: its server is stopped, then it is copied).
2. For each worker count W, a copy of that home: W `filingproof worker` processes take corpus-large (or a
   `--sample N` of it, distinct companies first), enqueued as one job per document. The wall clock runs
   from the first enqueue to the last job ended, and to the index built over everything (the finalize
   job); failed jobs are listed with their errors. Filings of corpus-large already in the 17 (same bytes)
   end `unchanged`, as they would for a user. Without EDGAR_USER_AGENT, the children reach EDGAR through
   the mirror (`--edgar-mirror`, ../shared/edgar-mirror) on loopback: a filing whose cover has no `dei:`
   tags takes its CIK from EDGAR's company list. The mirror lacks EDGAR's list of past names: offline,
   Facebook's 2019 10-Q (a name no longer listed) is known by the registrant numbers Meta's filings store;
   with EDGAR_USER_AGENT set, EDGAR itself is used.
3. Then, one after the other, on the 17-filing home and on the first W's home: hybrid search p50/p95 in a
   warm process (bench/search_latency.py), `/query/sync` p50/p95 from one client on a real server
   (bench/load.py), page and filing hit@3 of hybrid search over the gold sets (bench/retrieval.py's ranking;
   retrieval_dev, v1 and v2 with their source pages), and the store's sizes per filing.

Each step runs in a child process of its own on one home. Every figure is printed with the machine's load;
on a shared machine, compare figures of one run. The homes are removed at the end unless `--keep-homes`.
`--measure` runs step 3 alone on two kept homes (a ranking change is measured without ingesting again).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import itertools
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ingest import DEFAULT_CORPUS, fresh_home, stop_database

if TYPE_CHECKING:  # filingproof's settings are read once a child's FILINGPROOF_HOME names its home
    from filingproof.db.session import Sessions
    from filingproof.evals.metrics import PageKey
    from filingproof.jobs.records import JobOut

DEFAULT_LARGE = DEFAULT_CORPUS.parents[1] / "corpus-large"
DEFAULT_MIRROR = DEFAULT_CORPUS.parents[1] / "edgar-mirror"
SAMPLE_SEED = 18  # the sample's order of companies: fixed, so that runs of one --sample N compare
# Settings that would point a child at another database or page store than its home's.
FOREIGN_SETTINGS = ("DATABASE_URL", "PAGE_STORE_URL", "PAGE_STORE_ENDPOINT_URL", "PAGE_STORE_PUBLIC_URL")
WORKER_READY = "worker taking ingest jobs"  # what `filingproof worker` prints once it takes jobs
POLL_S = 0.3
MB = 1_000_000

Figures = dict[str, Any]

# -- the sample -------------------------------------------------------------------------------------------


def sample(files: Sequence[Path], n: int | None) -> list[Path]:
    """`n` of the filings (None: all), distinct companies first: one filing of every company per round,
    the companies in a seeded order, each company's filings in name order. A filing's company is its
    folder (corpus-large's `<TICKER>/<form>_<accession>.htm.gz`)."""
    by_company: dict[str, list[Path]] = defaultdict(list)
    for path in sorted(files):
        by_company[path.parent.name].append(path)
    companies = sorted(by_company)
    random.Random(SAMPLE_SEED).shuffle(companies)
    rounds = itertools.zip_longest(*(by_company[company] for company in companies))
    ordered = [path for round_ in rounds for path in round_ if path is not None]
    return ordered if n is None else ordered[:n]


def large_files(args: argparse.Namespace) -> list[Path]:
    from filingproof.ingest.service import filing_files

    return sample(filing_files(args.large), args.sample)


def html_bytes(files: Sequence[Path]) -> int:
    """Decompressed bytes: what a filing costs to ingest grows with them, not with its file count."""
    return sum(len(gzip.decompress(p.read_bytes())) if p.suffix == ".gz" else p.stat().st_size for p in files)


# -- child: the 17-filing home ----------------------------------------------------------------------------


async def ingest_corpus(corpus: Path) -> Figures:
    from ingest import ingest, report

    from filingproof.ingest.service import filing_files

    results, wall, failed = await ingest(filing_files(corpus), index=True)
    report("HTML", results, wall, failed, budget_s=15)
    return {"filings": len(results), "wall_s": wall, "failed": failed}


# -- child: corpus-large through the queue ----------------------------------------------------------------


@contextmanager
def worker_process(log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """One `filingproof worker` (one job at a time) on this process's home, its output in `log`;
    stopped on exit (SIGTERM: a running job finishes first)."""
    from filingproof.api.server import stop_process

    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "filingproof", "worker", "--concurrency", "1"], stdout=out, stderr=out
        )
        try:
            yield process
        finally:
            stop_process(process, grace_s=120)


def worker_failed(process: subprocess.Popen[bytes], log: Path) -> RuntimeError:
    tail = log.read_text(errors="replace")[-2000:]
    return RuntimeError(f"a worker exited with status {process.returncode}:\n{tail}")


def wait_until_taking_jobs(workers: Sequence[tuple[subprocess.Popen[bytes], Path]], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    waiting = list(workers)
    while waiting:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{len(waiting)} worker(s) not taking jobs after {timeout_s:.0f} s")
        for process, log in waiting:
            if process.poll() is not None:
                raise worker_failed(process, log)
        waiting = [(p, log) for p, log in waiting if WORKER_READY not in log.read_text(errors="replace")]
        time.sleep(POLL_S)


class Watch:
    """Follows the jobs (`run_ingest_jobs`' `show`): prints each job as it ends, and stops the run when a
    worker died (its jobs would otherwise wait for a worker that never comes)."""

    def __init__(self, workers: Sequence[tuple[subprocess.Popen[bytes], Path]], started: float) -> None:
        self.workers = workers
        self.started = started
        self.ended: set[int] = set()

    def __call__(self, jobs: list[JobOut]) -> None:
        for process, log in self.workers:
            if process.poll() is not None:
                raise worker_failed(process, log)
        for job in jobs:
            if job.final and job.id not in self.ended:
                self.ended.add(job.id)
                error = f": {job.error}" if job.error else ""
                print(
                    f"  {time.perf_counter() - self.started:7.1f} s  {len(self.ended)}/{len(jobs)} "
                    f"{job.source} {job.status} {job.outcome or ''}{error}",
                    flush=True,
                )


async def queue_drained(sessions: Sessions) -> None:
    """Until no job of the queue waits or runs: the finalize job, queued by the last filing's job before
    that job ends, builds the index over everything."""
    from sqlalchemy import text

    from filingproof.jobs.queue import QUEUE

    pending = text(
        "SELECT count(*) FROM procrastinate_jobs WHERE queue_name = :q AND status IN ('todo', 'doing')"
    )
    while True:
        async with sessions() as session:
            if not (await session.execute(pending, {"q": QUEUE})).scalar_one():
                return
        await asyncio.sleep(POLL_S)


def job_figures(job: JobOut) -> Figures:
    seconds = (
        (job.finished_at - job.started_at).total_seconds() if job.finished_at and job.started_at else None
    )
    return {
        "source": job.source,
        "status": job.status,
        "outcome": job.outcome,
        "attempts": job.attempts,
        "error": job.error,
        "seconds": seconds,
        "stages": {stage.name: stage.seconds for stage in job.stages if stage.seconds is not None},
    }


async def queue_ingest(files: list[Path], workers: int, logs: Path) -> Figures:
    from filingproof.config import get_settings
    from filingproof.db.migrate import upgrade_database_async
    from filingproof.db.session import database_url, get_sessionmaker
    from filingproof.jobs.cli import DocumentGiven, enqueue_files, run_ingest_jobs
    from filingproof.jobs.queue import JobQueue

    settings = get_settings()
    sessions = get_sessionmaker()
    await upgrade_database_async(database_url(settings))  # the database runs before any worker starts
    with ExitStack() as stack:
        processes = [
            (stack.enter_context(worker_process(logs / f"worker-{n}.log")), logs / f"worker-{n}.log")
            for n in range(workers)
        ]
        spawned = time.perf_counter()
        await asyncio.to_thread(wait_until_taking_jobs, processes, 300)
        ready_s = time.perf_counter() - spawned
        started = time.perf_counter()

        async def enqueue(queue: JobQueue) -> list[int]:
            return await enqueue_files(queue, files, DocumentGiven(None, None, None, None))

        jobs = await run_ingest_jobs(
            settings, sessions, enqueue, Watch(processes, started), local_worker=False, wait=True
        )
        jobs_s = time.perf_counter() - started
        await queue_drained(sessions)
        indexed_s = time.perf_counter() - started
    return {
        "workers": workers,
        "workers_ready_s": ready_s,
        "last_job_s": jobs_s,
        "indexed_s": indexed_s,
        "jobs": [job_figures(job) for job in jobs],
        "load": load_average(),
    }


# -- child: the measures on one home ----------------------------------------------------------------------

GoldQuestions = list[tuple[str, set["PageKey"]]]


def gold_sets() -> dict[str, GoldQuestions]:
    """Each gold set's questions that have source pages, with those pages."""
    from retrieval import DEFAULT_GOLD, expected_pages, read_gold

    from filingproof.evals.gold import gold_path, load_gold
    from filingproof.evals.metrics import source_page

    sets = {"retrieval_dev": [(q["question"], expected_pages(q)) for q in read_gold(DEFAULT_GOLD)]}
    for version in ("v1", "v2"):
        items = load_gold(gold_path(version))
        sets[version] = [(i.question, {source_page(s) for s in i.sources}) for i in items if i.sources]
    return sets


async def gold_hits(questions: GoldQuestions) -> Figures:
    """Hybrid search's page and filing hit@3 (the filing: among the distinct filings of the pages found,
    as the evaluation ranks them)."""
    from retrieval import ranked_pages, summarise

    from filingproof.config import get_settings
    from filingproof.evals.metrics import first_rank
    from filingproof.retrieval.search import Retriever

    retriever = Retriever(get_settings())
    page_ranks: list[int | None] = []
    filing_ranks: list[int | None] = []
    for question, expected in questions:
        ranked = await ranked_pages(retriever, question, "hybrid")
        page_ranks.append(first_rank(ranked, expected))
        filings = list(dict.fromkeys(page[:3] for page in ranked))
        filing_ranks.append(first_rank(filings, {page[:3] for page in expected}))
    return {"n": len(questions), "page": summarise(page_ranks), "filing": summarise(filing_ranks)}


async def store_sizes() -> Figures:
    """Counts, and bytes of each store (`pg_total_relation_size`: with indexes and TOAST) and of the page
    images on disk."""
    from sqlalchemy import text

    from filingproof.config import get_settings
    from filingproof.db.session import session_scope
    from filingproof.index.store import VECTOR_INDEX

    query = text(
        "SELECT (SELECT count(*) FROM filings) AS filings, (SELECT count(*) FROM pages) AS pages,"
        " (SELECT count(*) FROM chunks) AS chunks, (SELECT count(*) FROM cells) AS cells,"
        " pg_total_relation_size('bm25_postings') AS bm25_postings,"
        " pg_total_relation_size('bm25_terms') + pg_total_relation_size('bm25_stats') AS bm25_terms,"
        " pg_total_relation_size('chunks') - coalesce(pg_relation_size(to_regclass(:hnsw)), 0)"
        " AS chunks_bytes, coalesce(pg_relation_size(to_regclass(:hnsw)), 0) AS hnsw,"
        " pg_total_relation_size('cells') AS cells_bytes"
    )
    async with session_scope() as session:
        row = (await session.execute(query, {"hnsw": VECTOR_INDEX})).mappings().one()
    pages_dir = get_settings().pages_dir
    images = sum(p.stat().st_size for p in pages_dir.rglob("*") if p.is_file()) if pages_dir.is_dir() else 0
    return {**dict(row), "page_images": images}


async def in_process_measures(rounds: int) -> Figures:
    from search_latency import latency

    from filingproof.config import get_settings
    from filingproof.db.migrate import upgrade_database_async
    from filingproof.db.session import database_url

    # as every process start does: a home copied from an older checkout (`--from-home`) is migrated first
    await upgrade_database_async(database_url(get_settings()))
    sets = gold_sets()
    search = await latency([question for question, _ in sets["retrieval_dev"]], rounds)
    quality = {name: await gold_hits(questions) for name, questions in sets.items()}
    return {"search": search, "quality": quality, "sizes": await store_sizes()}


def query_sync_latency(requests: int) -> Figures:
    """`/query/sync` from one client on a warm server of this home (bench/load.py's questions)."""
    import httpx
    from load import UNLIMITED, run_load, summary

    from filingproof.api.server import child_server, wait_until_warm

    with child_server(UNLIMITED, startup_timeout_s=300) as server:
        deadline = time.monotonic() + 600
        while True:  # on a loaded machine, /ready may take longer than one request's timeout while warming
            try:
                wait_until_warm(server.base_url)
                break
            except httpx.TimeoutException:
                if time.monotonic() > deadline:
                    raise
        results, _ = asyncio.run(run_load(server.base_url, "query", clients=1, requests=requests))
    return {"n": len(results.latencies_ms), "errors": results.errors, **summary(results.latencies_ms)}


def measure(rounds: int, requests: int) -> Figures:
    started_load = load_average()
    figures = asyncio.run(in_process_measures(rounds))  # one loop: the cached engine is bound to it
    figures["query_sync"] = query_sync_latency(requests)
    figures["load"] = f"{started_load} at start, {load_average()} at end"
    return figures


def load_average() -> str:
    from load import load_average as averages

    return f"load average (1, 5, 15 min) {averages()} on {os.cpu_count()} CPUs"


# -- the parent: homes, children, the report --------------------------------------------------------------


@contextmanager
def edgar_mirror(folder: Path) -> Iterator[dict[str, str]]:
    """EDGAR's two hosts served from the mirror folder on loopback (Python's own file server), and the
    settings that point the children at them."""
    from filingproof.api.server import free_port, stop_process

    env = {"EDGAR_USER_AGENT": "filingproof scale bench dev@filingproof.org"}
    with ExitStack() as stack:
        for host, setting in (("www.sec.gov", "EDGAR_WWW_BASE"), ("data.sec.gov", "EDGAR_DATA_BASE")):
            port = free_port()
            command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]
            server = subprocess.Popen(
                [*command, "--directory", str(folder / host)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            stack.callback(stop_process, server)
            env[setting] = f"http://127.0.0.1:{port}"
            wait_until_listening(port)
        yield env


def wait_until_listening(port: int, timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def child(phase: str, home: Path, args: argparse.Namespace, *extra: str) -> Figures:
    """Run `phase` of this bench in a child process on `home`; its figures."""
    out = home.parent / f"{home.name}-{phase}.json"
    env = {name: value for name, value in os.environ.items() if name not in FOREIGN_SETTINGS}
    env.update(args.edgar_env)
    env["FILINGPROOF_HOME"] = str(home)
    command = [sys.executable, __file__, "--phase", phase, "--home", str(home), "--out", str(out), *extra]
    command += ["--large", str(args.large), "--corpus", str(args.corpus), "--rounds", str(args.rounds)]
    command += ["--requests", str(args.requests), *(["--sample", str(args.sample)] if args.sample else [])]
    print(f"\n== {phase} on {home} ({datetime_now()})", flush=True)
    subprocess.run(command, env=env, check=True)
    stop_database(home)  # each child leaves the home's server running; stopped, the home can be copied
    figures: Figures = json.loads(out.read_text())
    return figures


def datetime_now() -> str:
    return time.strftime("%H:%M:%S")


def copy_home(source: Path, target: Path) -> None:
    """A copy of a home whose server is stopped; `cp -a` keeps the database files' owner (the embedded
    server runs as an unprivileged user when we are root)."""
    stop_database(source)
    subprocess.run(["cp", "-a", str(source), str(target)], check=True)


def run(args: argparse.Namespace, work: Path) -> None:
    base = work / "17"
    if args.from_home is not None:
        copy_home(args.from_home, base)
        base_figures: Figures = {"copied_from": str(args.from_home)}
    else:
        base.mkdir(mode=0o755)
        base_figures = child("ingest17", base, args)
    files = large_files(args)
    runs = []
    for workers in args.workers:
        home = work / f"large-{workers}w"
        copy_home(base, home)
        runs.append(child("queue", home, args, "--workers", str(workers)))
    at_17 = child("measure", base, args)
    at_large = child("measure", work / f"large-{args.workers[0]}w", args)
    print_report(args, files, base_figures, runs, at_17, at_large)


def print_report(
    args: argparse.Namespace,
    files: list[Path],
    base: Figures,
    runs: list[Figures],
    at_17: Figures,
    at_large: Figures,
) -> None:
    print("\n" + "=" * 100)
    if "wall_s" in base:
        print(f"the 17-filing home: {base['filings']} filings in {base['wall_s']:.1f} s (one process)")
    print_queue_runs(args, files, runs)
    print_side_by_side(at_17, at_large)


def print_queue_runs(args: argparse.Namespace, files: list[Path], runs: list[Figures]) -> None:
    everything = large_files_all(args)
    share = html_bytes(files) / html_bytes(everything) if args.sample else 1.0
    companies = len({path.parent.name for path in files})
    print(
        f"corpus-large through the job queue: {len(files)} of its {len(everything)} filings "
        f"({companies} companies, {share:.1%} of its HTML bytes)"
    )
    for run_ in runs:
        jobs = run_["jobs"]
        seconds = [job["seconds"] for job in jobs if job["seconds"] is not None]
        failed = [job for job in jobs if job["status"] != "succeeded"]
        unchanged = sum(job["outcome"] == "unchanged" for job in jobs)
        print(
            f"{run_['workers']} worker(s): {len(jobs)} jobs, {len(failed)} failed, {unchanged} unchanged; "
            f"last job ended after {run_['last_job_s']:.1f} s, index built after {run_['indexed_s']:.1f} s "
            f"(workers took {run_['workers_ready_s']:.1f} s to start, not counted); "
            f"a job {sum(seconds) / max(1, len(seconds)):.1f} s on average"
        )
        if args.sample:
            minutes = run_["indexed_s"] / share / 60
            print(f"    all {len(everything)}, scaled by HTML bytes: about {minutes:.0f} min")
        for job in failed:
            print(f"    FAILED {job['source']}: {job['error']}")
        stages: dict[str, float] = defaultdict(float)
        for job in jobs:
            for name, value in job["stages"].items():
                stages[name] += value
            # A job records its pipeline stages; indexing (BM25, embeddings) and a worker's first start of
            # its browser and model are the rest of its time.
            stages["the rest (index; first starts)"] += (job["seconds"] or 0.0) - sum(job["stages"].values())
        print("    stages, summed over the jobs: " + ", ".join(f"{k} {v:.0f} s" for k, v in stages.items()))
        print(f"    {run_['load']} at the end")


def large_files_all(args: argparse.Namespace) -> list[Path]:
    from filingproof.ingest.service import filing_files

    return filing_files(args.large)


def print_side_by_side(at_17: Figures, at_large: Figures) -> None:
    both = (at_17, at_large)
    print(f"\n{'':<44}" + "".join(f"{str(m['sizes']['filings']) + ' filings':>18}" for m in both))

    def row(label: str, values: Iterator[str]) -> None:
        print(f"{label:<44}" + "".join(f"{value:>18}" for value in values))

    for name in ("pages", "chunks", "cells"):
        row(name, (f"{m['sizes'][name]:,}" for m in both))
    for mode in ("hybrid", "bm25", "dense"):
        row(
            f"search {mode} p50 / p95 ms (n {at_17['search'][mode]['n']})",
            (f"{m['search'][mode]['p50_ms']:.1f} / {m['search'][mode]['p95_ms']:.1f}" for m in both),
        )
    row(
        f"/query/sync p50 / p95 ms (1 client, n {at_17['query_sync']['n']})",
        (f"{m['query_sync']['p50']:.1f} / {m['query_sync']['p95']:.1f}" for m in both),
    )
    row("/query/sync errors", (str(sum(m["query_sync"]["errors"].values())) for m in both))
    for name in at_17["quality"]:
        n = at_17["quality"][name]["n"]
        for level in ("page", "filing"):
            row(f"{level} hit@3, {name} (n {n})", (f"{m['quality'][name][level]['hit@3']:.3f}" for m in both))
    print("sizes per filing (MB; with indexes):")
    for name, label in SIZES:
        row(f"  {label}", (f"{m['sizes'][name] / m['sizes']['filings'] / MB:.2f}" for m in both))
    for label, m in zip(("17", "large"), both, strict=True):
        print(f"measured at {label}: {m['load']}")


SIZES = (
    ("bm25_postings", "BM25 postings"),
    ("bm25_terms", "BM25 terms and statistics"),
    ("chunks_bytes", "chunks with their embeddings"),
    ("hnsw", "HNSW vector index"),
    ("cells_bytes", "cells"),
    ("page_images", "page images"),
)


# -- the command line -------------------------------------------------------------------------------------


def run_phase(args: argparse.Namespace) -> None:
    figures: Figures
    if args.phase == "ingest17":
        figures = asyncio.run(ingest_corpus(args.corpus))
    elif args.phase == "queue":
        figures = asyncio.run(queue_ingest(large_files(args), args.workers[0], args.home))
    else:
        figures = measure(args.rounds, args.requests)
    args.out.write_text(json.dumps(figures, default=str))


def worker_counts(text: str) -> list[int]:
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("worker counts are positive integers, e.g. 1,2")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=worker_counts, default=[1, 2], help="worker counts, e.g. 1,2")
    parser.add_argument("--sample", type=int, help="only N filings of corpus-large, distinct companies first")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="the 17-filing corpus")
    parser.add_argument("--large", type=Path, default=DEFAULT_LARGE, help="corpus-large")
    parser.add_argument("--from-home", type=Path, help="copy this home of the 17 filings, not ingest them")
    parser.add_argument("--rounds", type=int, default=1, help="rounds of the search latency questions")
    parser.add_argument("--requests", type=int, default=44, help="/query/sync requests, one client")
    parser.add_argument(
        "--edgar-mirror",
        type=Path,
        default=DEFAULT_MIRROR,
        help="without EDGAR_USER_AGENT, serve this EDGAR mirror on loopback to the workers",
    )
    parser.add_argument("--keep-homes", action="store_true", help="keep the homes and their databases")
    parser.add_argument(
        "--measure", type=Path, nargs=2, metavar=("HOME_17", "HOME_LARGE"), help="only measure two kept homes"
    )
    parser.add_argument("--phase", choices=("ingest17", "queue", "measure"), help=argparse.SUPPRESS)
    parser.add_argument("--home", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase is not None:
        run_phase(args)
        return
    if args.measure is not None:
        args.edgar_env = {}
        print(load_average(), flush=True)
        print_side_by_side(*(child("measure", home, args) for home in args.measure))
        return
    work = fresh_home("filingproof-scale-")
    print(f"homes under {work}; {load_average()}", flush=True)
    try:
        with ExitStack() as stack:
            args.edgar_env = {}
            if not os.environ.get("EDGAR_USER_AGENT") and args.edgar_mirror.is_dir():
                args.edgar_env = stack.enter_context(edgar_mirror(args.edgar_mirror))
                print(f"EDGAR: the mirror {args.edgar_mirror} on loopback", flush=True)
            run(args, work)
    finally:
        for home in work.iterdir():
            if home.is_dir():
                stop_database(home)
        if not args.keep_homes:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
