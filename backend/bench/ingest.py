"""Prints seconds per filing and per stage for ingesting the corpus into a fresh embedded database, and
with `--pdfs DIR` the PDF filings of that folder after it (e.g. `../shared/financebench/pdfs`; their
metadata comes from the cover and EDGAR's company list: set EDGAR_USER_AGENT, and EDGAR_WWW_BASE to use a
mirror).

    .venv/bin/python backend/bench/ingest.py [--no-index] [--pdfs DIR] [--keep-home] [CORPUS_DIR]

Budgets on the 2-core machine: an HTML 10-K end to end in at most 15 s (#18); a 150-page 10-K PDF
without embeddings (`--no-index` leaves out BM25 and embeddings) in at most 15 s (#16). The fresh home
and its PostgreSQL are removed at the end unless `--keep-home`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # filingproof is imported once FILINGPROOF_HOME names the fresh home
    from filingproof.ingest.pipeline import IngestResult

DEFAULT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "filings"


async def ingest(files: list[Path], index: bool) -> tuple[list[IngestResult], float, int]:
    from filingproof.config import get_settings
    from filingproof.db.session import get_sessionmaker
    from filingproof.index.hook import default_index_hook
    from filingproof.ingest.progress import SilentProgress
    from filingproof.ingest.service import file_source, ingest_sources

    settings = get_settings()
    started = time.perf_counter()
    results, failures = await ingest_sources(
        [file_source(path) for path in files],
        settings,
        get_sessionmaker(),
        lambda _name: SilentProgress(),
        default_index_hook(settings) if index else None,
    )
    for failure in failures:
        print(f"FAILED {failure}")
    return results, time.perf_counter() - started, len(failures)


def report(kind: str, results: list[IngestResult], wall: float, failed: int, budget_s: float) -> None:
    stages = sorted({stage for r in results for stage in r.seconds})
    print(f"\n{kind:34s} {'pages':>5s} {'cells':>6s} " + " ".join(f"{s:>7s}" for s in stages) + "   total")
    totals = dict.fromkeys(stages, 0.0)
    for result in results:
        name = f"{result.ticker} {result.form} {result.period_end}"
        row = " ".join(f"{result.seconds.get(s, 0.0):7.2f}" for s in stages)
        print(
            f"{name:34s} {result.counts.pages:5d} {result.counts.cells:6d} {row}"
            f" {sum(result.seconds.values()):7.2f}"
        )
        for s in stages:
            totals[s] += result.seconds.get(s, 0.0)
    print(
        f"{len(results)} {kind} filings in {wall:.1f} s wall ({failed} failed); per stage: "
        + ", ".join(f"{s} {t:.1f} s" for s, t in totals.items())
        + f"; {_load()}"
    )
    ten_ks = [(sum(r.seconds.values()), r.counts.pages) for r in results if r.form == "10-K"]
    if ten_ks:
        seconds = [s for s, _ in ten_ks]
        per_page = sum(seconds) / sum(pages for _, pages in ten_ks)
        print(
            f"{kind} 10-K end to end: mean {sum(seconds) / len(seconds):.1f} s, max {max(seconds):.1f} s, "
            f"{per_page:.3f} s a page, {150 * per_page:.1f} s for 150 pages (budget {budget_s:.0f} s)"
        )


async def run(corpus: Path | None, pdfs: Path | None, index: bool) -> None:
    from filingproof.ingest.service import filing_files

    if corpus is not None:
        html = [path for path in filing_files(corpus) if path.suffix.lower() != ".pdf"]
        report("HTML", *await ingest(html, index), budget_s=15)
    if pdfs is not None:
        documents = [path for path in filing_files(pdfs) if path.suffix.lower() == ".pdf"]
        report("PDF", *await ingest(documents, index), budget_s=15)


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("corpus", type=Path, nargs="?", default=DEFAULT_CORPUS)
    parser.add_argument("--no-index", action="store_true", help="no BM25 nor embeddings")
    parser.add_argument("--pdfs", type=Path, help="a folder of PDF filings, ingested after the corpus")
    parser.add_argument("--pdfs-only", action="store_true", help="skip the HTML corpus")
    parser.add_argument("--keep-home", action="store_true", help="keep the fresh home and its database")
    args = parser.parse_args()
    home = fresh_home("filingproof-bench-")
    os.environ["FILINGPROOF_HOME"] = str(home)
    os.environ.pop("DATABASE_URL", None)
    print(f"fresh FILINGPROOF_HOME={home}; {_load()}")
    try:
        asyncio.run(run(None if args.pdfs_only else args.corpus, args.pdfs, index=not args.no_index))
    finally:
        if not args.keep_home:
            remove_home(home)


def _load() -> str:
    """The machine's load: the figures mean little on a loaded machine, so each is printed with it."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} CPUs"


def fresh_home(prefix: str) -> Path:
    """A new empty FILINGPROOF_HOME in the temporary folder."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    home.chmod(0o755)  # under root, the embedded server runs as an unprivileged user
    return home


def stop_database(home: Path) -> None:
    """Stop the home's embedded PostgreSQL (left running on exit, for the CLI's sake), if it runs."""
    pid_file = home / "pg" / "postmaster.pid"
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text().split()[0]), signal.SIGINT)  # PostgreSQL's fast shutdown
        except ProcessLookupError:
            return  # a stale file: the server died with its machine, and starts over it
        deadline = time.monotonic() + 30
        while pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)


def remove_home(home: Path) -> None:
    """Stop the fresh home's database and delete the home: each run would otherwise leave a server and
    its page images behind."""
    stop_database(home)
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
