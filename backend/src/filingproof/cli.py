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

from filingproof.agent.cli import ask
from filingproof.api.serve import serve
from filingproof.catalog.reads import (
    FilingFilters,
    FilingNotIngestedError,
    numeric_cells,
    page_of_filings,
    resolve_filing,
)
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database, upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker, session_scope
from filingproof.demo import demo
from filingproof.evals.cli import eval_command, gold_command
from filingproof.index.cli import index_app
from filingproof.ingest.errors import IngestError
from filingproof.ingest.metadata import FilingMetadata
from filingproof.ingest.service import NamedSource, file_source, filing_files, ingest_sources
from filingproof.mcp.cli import mcp
from filingproof.progress_bars import RichProgress, progress_bars
from filingproof.retrieval.cli import search

app = typer.Typer(
    help="Answers about SEC filings in which every figure is traced to a cell.", no_args_is_help=True
)
db_app = typer.Typer(help="Database maintenance.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(index_app, name="index")
app.command()(serve)
app.command("ask")(ask)
app.command("search")(search)
app.command("demo")(demo)
app.command("mcp")(mcp)
app.command("eval")(eval_command)
app.command("gold")(gold_command)
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
) -> None:
    """Ingest filings: from EDGAR by ticker, or local HTML/PDF documents (metadata from their cover; a PDF's
    from its cover page and EDGAR's company list, or --ticker/--cik/--form/--period-end)."""
    settings = get_settings()
    sources: list[NamedSource] = []
    given = _given_metadata(document_ticker, cik, form, _parse_date(period_end))
    try:
        if directory is not None:
            sources.extend(file_source(path, given) for path in filing_files(directory))
        sources.extend(file_source(path, given) for path in file or [])
        if ticker is not None:
            from filingproof.ingest.edgar_source import edgar_source

            sources.append(edgar_source(settings, ticker, form or "10-K", year, _parse_date(period_end)))
    except IngestError as error:
        raise _fail(str(error)) from error
    if not sources:
        raise _fail("nothing to ingest: give a TICKER, --file PATH or --dir PATH")
    from filingproof.index.hook import default_index_hook

    with progress_bars(console) as bars:
        results, failures = _run(
            ingest_sources(
                sources,
                settings,
                get_sessionmaker(),
                lambda name: RichProgress(bars, Path(name).name),
                default_index_hook(settings),
            )
        )
    summary = RichTable(
        "filing", "ticker", "form", "period end", "outcome", "pages", "tables", "cells", "facts"
    )
    for result in results:
        summary.add_row(
            str(result.filing_id),
            result.ticker or "",
            result.form,
            result.period_end,
            result.outcome,
            str(result.counts.pages),
            str(result.counts.tables),
            str(result.counts.cells),
            str(result.counts.facts),
        )
    Console().print(summary)
    for failure in failures:
        console.print(f"[red]failed:[/red] {failure.name}: {failure.error}")
    if failures:
        raise typer.Exit(code=1)


def _given_metadata(
    ticker: str | None, cik: int | None, form: str | None, period_end: date | None
) -> FilingMetadata | None:
    """What the caller says of local documents, over what their covers say."""
    if ticker is None and cik is None and form is None and period_end is None:
        return None
    symbol = ticker.upper() if ticker else None
    return FilingMetadata(cik=cik, ticker=symbol, form=form, period_end=period_end)


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
                    "fiscal_year": f.fiscal_year,
                    "fiscal_period": f.fiscal_period,
                    "pages": f.page_count,
                    "tables": f.table_count,
                    "cells": f.cell_count,
                    "facts": f.fact_count,
                    "degraded": list(f.degraded),
                }
                for f in listed
            ]

    rows = _run(load())
    if json_out:
        sys.stdout.write(json.dumps(rows, default=_json_default, indent=1) + "\n")
        return
    table = RichTable(
        "id", "accession", "ticker", "form", "period end", "FY", "FP", "pages", "tables", "cells", "facts"
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
                    "fiscal_year",
                    "fiscal_period",
                    "pages",
                    "tables",
                    "cells",
                    "facts",
                )
            )
        )
    Console().print(table)


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
