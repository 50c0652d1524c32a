"""`filingproof demo`: give an empty database something to answer from (`make run` calls it).

Nothing happens when the database already holds a filing, so a second `make run` starts at once. Otherwise
the documents in `FILINGPROOF_DEMO_DIR` are ingested when it is set (CI and the tests point it at the local
corpus: no network), else a small set fetched from EDGAR when `EDGAR_USER_AGENT` is set.
"""

import asyncio
from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console
from sqlalchemy import func, select

from filingproof.config import Settings, get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.models import Filing
from filingproof.db.session import database_url, get_sessionmaker, session_scope
from filingproof.ingest.errors import IngestError
from filingproof.ingest.pipeline import IngestResult
from filingproof.ingest.service import IngestFailure, NamedSource, file_source, filing_files, ingest_sources
from filingproof.progress_bars import RichProgress, progress_bars

#: The EDGAR demo set (ticker, form, fiscal year): two 10-Ks the gold questions and the README use.
EDGAR_DEMO_FILINGS: tuple[tuple[str, str, int], ...] = (("AAPL", "10-K", 2024), ("NVDA", "10-K", 2025))

console = Console(stderr=True)


class DemoSourceMissingError(Exception):
    """Neither a local demo folder nor an EDGAR identity is configured."""


@dataclass(frozen=True)
class DemoOutcome:
    existing: int  # filings the database held before; when > 0 nothing was ingested
    results: list[IngestResult]
    failures: list[IngestFailure]


def demo_sources(settings: Settings) -> list[NamedSource]:
    """What to ingest: the local folder first (offline, reproducible), else the EDGAR demo set."""
    if settings.demo_dir is not None:
        return [file_source(path) for path in filing_files(settings.demo_dir)]
    if settings.edgar_user_agent.strip():
        from filingproof.ingest.edgar_source import edgar_source

        return [edgar_source(settings, *wanted, None) for wanted in EDGAR_DEMO_FILINGS]
    raise DemoSourceMissingError(
        "the database is empty and there is nothing to ingest: set FILINGPROOF_DEMO_DIR to a folder of "
        "filing documents (e.g. ../shared/corpus/filings), or EDGAR_USER_AGENT to "
        '"Your Company you@yourcompany.com" to fetch '
        + ", ".join(f"{ticker} {form} {year}" for ticker, form, year in EDGAR_DEMO_FILINGS)
        + " from EDGAR"
    )


async def filing_count() -> int:
    async with session_scope() as session:
        return int((await session.execute(select(func.count()).select_from(Filing))).scalar_one())


async def ingest_demo(settings: Settings) -> DemoOutcome:
    """One event loop for the count and the ingest: the cached engine's connections belong to it."""
    await upgrade_database_async(database_url(settings))
    existing = await filing_count()
    if existing:
        return DemoOutcome(existing, [], [])
    sources = demo_sources(settings)
    from filingproof.index.hook import default_index_hook

    with progress_bars(console) as bars:
        results, failures = await ingest_sources(
            sources,
            settings,
            get_sessionmaker(),
            lambda name: RichProgress(bars, Path(name).name),
            default_index_hook(settings),
        )
    return DemoOutcome(0, results, failures)


def demo() -> None:
    """Ingest the demo filings if the database holds none (FILINGPROOF_DEMO_DIR, else EDGAR)."""
    try:
        outcome = asyncio.run(ingest_demo(get_settings()))
    except (DemoSourceMissingError, IngestError) as error:
        console.print(f"[red]error:[/red] {error}")
        raise typer.Exit(code=2) from error
    if outcome.existing:
        console.print(f"the database holds {outcome.existing} filing(s): no demo ingest needed")
        return
    for result in outcome.results:
        console.print(
            f"ingested {result.ticker or '?'} {result.form} {result.period_end}: "
            f"{result.counts.pages} pages, {result.counts.cells} cells ({result.outcome})"
        )
    for failure in outcome.failures:
        console.print(f"[red]failed:[/red] {failure.name}: {failure.error}")
    if outcome.failures or not outcome.results:
        raise typer.Exit(code=1)
