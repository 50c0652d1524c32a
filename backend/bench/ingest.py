"""Prints seconds per filing and per stage for ingesting the corpus into a fresh embedded database.

    .venv/bin/python backend/bench/ingest.py [--no-index] [CORPUS_DIR]

Budget: a 10-K end to end in at most 30 s on the 2-core machine.
"""

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "filings"


async def run(corpus: Path, index: bool) -> None:
    from filingproof.config import get_settings
    from filingproof.db.session import get_sessionmaker
    from filingproof.index.hook import default_index_hook
    from filingproof.ingest.progress import SilentProgress
    from filingproof.ingest.service import file_source, filing_files, ingest_sources

    settings = get_settings()
    files = filing_files(corpus)
    started = time.perf_counter()
    results, failures = await ingest_sources(
        [file_source(path) for path in files],
        settings,
        get_sessionmaker(),
        lambda _name: SilentProgress(),
        default_index_hook(settings) if index else None,
    )
    wall = time.perf_counter() - started
    stages = sorted({stage for r in results for stage in r.seconds})
    print(f"{'filing':34s} {'pages':>5s} {'cells':>6s} " + " ".join(f"{s:>7s}" for s in stages) + "   total")
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
    ten_ks = [sum(r.seconds.values()) for r in results if r.form == "10-K"]
    print(
        f"\n{len(results)} filings in {wall:.1f} s wall ({len(failures)} failed); per stage: "
        + ", ".join(f"{s} {t:.1f} s" for s, t in totals.items())
    )
    if ten_ks:
        print(
            f"10-K end to end: mean {sum(ten_ks) / len(ten_ks):.1f} s, max {max(ten_ks):.1f} s (budget 30 s)"
        )


def main() -> None:
    args = [arg for arg in sys.argv[1:] if arg != "--no-index"]
    corpus = Path(args[0]) if args else DEFAULT_CORPUS
    home = Path(tempfile.mkdtemp(prefix="filingproof-bench-"))
    home.chmod(0o755)
    os.environ["FILINGPROOF_HOME"] = str(home)
    os.environ.pop("DATABASE_URL", None)
    print(f"fresh FILINGPROOF_HOME={home}")
    asyncio.run(run(corpus, index="--no-index" not in sys.argv))


if __name__ == "__main__":
    main()
