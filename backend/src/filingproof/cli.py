"""The `filingproof` command line."""

import asyncio
import dataclasses
import json
import logging
import sys
from collections.abc import Awaitable
from datetime import date
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.table import Table as RichTable
from sqlalchemy import select

from filingproof.agent.cli import ask
from filingproof.api.serve import serve
from filingproof.catalog.models import FilingOut
from filingproof.catalog.reads import (
    FilingFilters,
    FilingNotIngestedError,
    filing_by_id,
    numeric_cells,
    page_of_filings,
    resolve_filing,
)
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database, upgrade_database_async
from filingproof.db.models import Chunk, Filing
from filingproof.db.session import database_url, get_sessionmaker, session_scope
from filingproof.demo import demo
from filingproof.evals.cli import eval_command, gold_command
from filingproof.index.embed import EmbeddingUnavailable, get_passage_embedder
from filingproof.index.store import backfill_embeddings, finalize_index, index_filing
from filingproof.ingest.errors import IngestError
from filingproof.ingest.service import filing_files
from filingproof.jobs.cli import DocumentGiven, enqueue_files, run_ingest_jobs, worker
from filingproof.jobs.queue import JobQueue
from filingproof.jobs.records import JobOut
from filingproof.jobs.requests import EdgarRequest
from filingproof.mcp.cli import mcp
from filingproof.progress_bars import JobBars, progress_bars
from filingproof.retrieval.cli import search

app = typer.Typer(
    help="Answers about SEC filings in which every figure is traced to a cell.", no_args_is_help=True
)
db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)
index_app = typer.Typer(help="Chunks, embeddings and the BM25 index.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(index_app, name="index")
app.command()(serve)
app.command("ask")(ask)
app.command("search")(search)
app.command("demo")(demo)
app.command("mcp")(mcp)
app.command("eval")(eval_command)
app.command("gold")(gold_command)
app.command("worker")(worker)
console = Console(stderr=True)
T = TypeVar("T")


def _run(coroutine: Awaitable[T]) -> T:
    return asyncio.run(coroutine)  # type: ignore[arg-type]


def _fail(message: str) -> typer.Exit:
    console.print(f"[red]error:[/red] {message}")
    return typer.Exit(code=2)


def _json_default(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


@app.callback()
def main(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log debug details.")] = False,
) -> None:
    logging.basicConfig(
        level=logging.DEBUG if verbose else logging.WARNING, format="%(levelname)s %(name)s: %(message)s"
    )


@db_app.command("upgrade")
def db_upgrade() -> None:
    """Apply the database migrations (also done on every start)."""
    upgrade_database(database_url(get_settings()))
    console.print("database schema is current")


@index_app.command("backfill")
def index_backfill() -> None:
    """Index filings that have no chunks yet, embed chunks that have no vector, then finalize.

    Here with the command line's other commands, not in `index`: it draws progress bars, which know the
    ingest and job records, and `index` sits below both."""

    async def run() -> None:
        settings = get_settings()
        await upgrade_database_async(database_url(settings))
        try:
            embedder = get_passage_embedder()
        except EmbeddingUnavailable as error:
            raise _fail(f"the embedding model cannot load: {error}") from error
        async with session_scope() as session:
            indexed = select(Chunk.filing_id).distinct()
            missing = list(
                (await session.execute(select(Filing.id).where(Filing.id.not_in(indexed)))).scalars()
            )
        with progress_bars(console) as bars:
            task = bars.add_task("index filings", total=len(missing))
            for filing_id in missing:
                async with session_scope() as session:  # one transaction per filing
                    await index_filing(session, filing_id, embedder)
                bars.advance(task)
            embed_task = bars.add_task("embed chunks", total=None)
            async with session_scope() as session:
                done = await backfill_embeddings(
                    session, embedder, lambda n, total: bars.update(embed_task, completed=n, total=total)
                )
            async with session_scope() as session:
                stats = await finalize_index(session, settings)
        console.print(f"indexed {len(missing)} filings, embedded {done} chunks; {stats}")

    _run(run())


@app.command()
def ingest(
    ticker: Annotated[str | None, typer.Argument(help="Ticker to fetch from EDGAR, e.g. AAPL.")] = None,
    form: Annotated[
        str | None,
        typer.Option(help="Form to fetch from EDGAR (default 10-K), or of a local document lacking it."),
    ] = None,
    year: Annotated[int | None, typer.Option(help="Fiscal year (EDGAR).")] = None,
    period_end: Annotated[
        str | None,
        typer.Option("--period-end", help="Period end date YYYY-MM-DD (EDGAR, or of a local document)."),
    ] = None,
    file: Annotated[list[Path] | None, typer.Option("--file", help="A filing document to ingest.")] = None,
    directory: Annotated[Path | None, typer.Option("--dir", help="A folder of filing documents.")] = None,
    document_ticker: Annotated[
        str | None, typer.Option("--ticker", help="Ticker of a local document (a PDF) whose cover has none.")
    ] = None,
    cik: Annotated[int | None, typer.Option(help="CIK of a local document, if EDGAR lacks it.")] = None,
    local_worker: Annotated[
        bool,
        typer.Option(
            "--worker/--no-worker",
            help="Run a worker in this process (else: `filingproof worker`s run them).",
        ),
    ] = True,
    wait: Annotated[
        bool, typer.Option("--wait/--no-wait", help="Follow the jobs until they end (else: print their ids).")
    ] = True,
) -> None:
    """Ingest filings, one job each on the queue: from EDGAR by ticker, or local HTML/PDF documents
    (metadata from their cover; a PDF's from its cover page and EDGAR's company list, or
    --ticker/--cik/--form/--period-end)."""
    settings = get_settings()
    try:
        paths = [*(filing_files(directory) if directory is not None else []), *(file or [])]
    except IngestError as error:
        raise _fail(str(error)) from error
    given = DocumentGiven(document_ticker, cik, form, _parse_date(period_end))
    edgar = [
        EdgarRequest(ticker=symbol, form=form or "10-K", fiscal_year=year, period_end=given.period_end)
        for symbol in ([ticker] if ticker is not None else [])
    ]
    if not paths and not edgar:
        raise _fail("nothing to ingest: give a TICKER, --file PATH or --dir PATH")

    async def enqueue(queue: JobQueue) -> list[int]:
        ids = await enqueue_files(queue, paths, given)
        return ids + [await queue.enqueue_edgar(request) for request in edgar]

    async def run_jobs(bars: JobBars) -> tuple[list[JobOut], dict[int, FilingOut]]:
        sessions = get_sessionmaker()
        jobs = await run_ingest_jobs(
            settings, sessions, enqueue, bars.show, local_worker=local_worker, wait=wait
        )
        return jobs, await _stored_filings(jobs)

    with progress_bars(console) as bars:
        try:
            jobs, stored = _run(run_jobs(JobBars(bars)))
        except IngestError as error:
            raise _fail(str(error)) from error
    _print_jobs(jobs, stored)
    if any(job.status != "succeeded" for job in jobs) and wait:
        raise typer.Exit(code=1)


async def _stored_filings(jobs: list[JobOut]) -> dict[int, FilingOut]:
    async with session_scope() as session:
        found = [await filing_by_id(session, job.filing_id) for job in jobs if job.filing_id is not None]
        return {filing.id: filing for filing in found if filing is not None}


def _print_jobs(jobs: list[JobOut], stored: dict[int, FilingOut]) -> None:
    summary = RichTable(
        "job",
        "status",
        "filing",
        "ticker",
        "form",
        "period end",
        "outcome",
        "pages",
        "tables",
        "cells",
        "facts",
    )
    for job in jobs:
        filing = stored.get(job.filing_id) if job.filing_id is not None else None
        counts = (
            (filing.page_count, filing.table_count, filing.cell_count, filing.fact_count) if filing else ()
        )
        summary.add_row(
            str(job.id),
            job.status,
            str(job.filing_id or ""),
            filing.ticker or "" if filing else "",
            filing.form if filing else "",
            str(filing.period_end) if filing else "",
            job.outcome or "",
            *(str(count) for count in counts),
        )
    Console().print(summary)
    for job in jobs:
        if job.status == "failed":
            console.print(f"[red]failed:[/red] {job.source}: {job.error}")


def _parse_date(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise _fail(f"--period-end must be a date like 2024-09-28, not {text!r}") from error


@app.command()
def filings(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the ingested filings."""

    async def load() -> list[dict[str, Any]]:
        await upgrade_database_async(database_url(get_settings()))
        async with session_scope() as session:
            listed, _ = await page_of_filings(session, FilingFilters())
            return [
                {
                    "id": f.id,
                    "accession": f.accession,
                    "ticker": f.ticker,
                    "company": f.company_name,
                    "form": f.form,
                    "period_end": f.period_end,
                    "filed_at": f.filed_at,
                    "fiscal_year": f.fiscal_year,
                    "fiscal_period": f.fiscal_period,
                    "pages": f.page_count,
                    "tables": f.table_count,
                    "cells": f.cell_count,
                    "facts": f.fact_count,
                    "degraded": list(f.degraded),
                    "warnings": list(f.warnings),
                }
                for f in listed
            ]

    rows = _run(load())
    if json_out:
        sys.stdout.write(json.dumps(rows, default=_json_default, indent=1) + "\n")
        return
    table = RichTable(
        "id",
        "accession",
        "ticker",
        "form",
        "period end",
        "filed",
        "FY",
        "FP",
        "pages",
        "tables",
        "cells",
        "facts",
        "warnings",
    )
    for row in rows:
        table.add_row(
            *(
                str(row[k] if row[k] is not None else "")
                for k in (
                    "id",
                    "accession",
                    "ticker",
                    "form",
                    "period_end",
                    "filed_at",
                    "fiscal_year",
                    "fiscal_period",
                    "pages",
                    "tables",
                    "cells",
                    "facts",
                )
            ),
            str(len(row["warnings"])),
        )
    Console().print(table)
    for row in rows:  # what each filing's parser kept as text, and why
        for warning in row["warnings"]:
            Console().print(
                f"filing {row['id']} ({row['ticker'] or row['company']}): {warning}", markup=False
            )


@app.command()
def cells(
    filing: Annotated[str, typer.Argument(help="The id or accession that `filingproof filings` prints.")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON (one array).")] = False,
) -> None:
    """Every numeric cell of a filing, with its parsed value, period, XBRL tag and box."""

    async def load() -> list[dict[str, Any]]:
        await upgrade_database_async(database_url(get_settings()))
        async with session_scope() as session:
            found = await resolve_filing(session, filing)
            return [dataclasses.asdict(record) for record in await numeric_cells(session, found.id)]

    try:
        rows = _run(load())
    except FilingNotIngestedError as error:
        raise _fail(str(error)) from error
    if json_out:
        sys.stdout.write(json.dumps(rows, default=_json_default) + "\n")
        return
    table = RichTable(
        "page", "table", "row", "col", "text", "value", "unit", "row label", "column", "concept"
    )
    for row in rows:
        table.add_row(
            str(row["page_no"]),
            str(row["table_index"]),
            str(row["row"]),
            str(row["col"]),
            row["text"],
            str(row["value"]),
            row["unit"],
            row["row_label"][:40],
            row["column_label"][:30],
            row["concept"] or "",
        )
    Console().print(table)
