"""`filingproof search "QUERY"`: the best pages for a query, as a table or as JSON (`--json`)."""

import asyncio
import dataclasses
import json
from datetime import date
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from filingproof.config import get_settings
from filingproof.db.session import session_scope
from filingproof.retrieval.search import Retriever, SearchResult


def _jsonable(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(item) for item in value]
    return value


def result_json(result: SearchResult) -> dict[str, Any]:
    payload: dict[str, Any] = _jsonable(dataclasses.asdict(result))
    return payload


async def _search(query: str, limit: int) -> SearchResult:
    async with session_scope() as session:
        return await Retriever(get_settings()).search(session, query, limit=limit)


def _print(result: SearchResult, console: Console) -> None:
    u = result.understanding
    filters = ", ".join(
        part
        for part in (
            " ".join(u.companies),
            u.form or "",
            f"FY{u.fiscal_year}" if u.fiscal_year else "",
            u.fiscal_period or "",
            u.period_kind or "",
            f"as of {u.as_of}" if u.as_of else "",
        )
        if part
    )
    console.print(f"[bold]{result.query}[/bold]  [dim]({result.mode}; {filters or 'no filter'})[/dim]")
    for warning in result.warnings:
        console.print(f"[yellow]warning:[/yellow] {warning}")
    if u.out_of_scope and u.covered:
        console.print("[dim]covered: " + "; ".join(u.covered) + "[/dim]")
    table = Table(show_lines=True)
    for column in ("#", "filing", "page", "score", "snippet"):
        table.add_column(column, overflow="fold")
    for rank, hit in enumerate(result.hits, start=1):
        page = f"{hit.page_no}" + (f" (p. {hit.label})" if hit.label else "")
        filing = f"{hit.ticker} {hit.form} {hit.period_end.isoformat()}"
        snippet = hit.snippet.replace("[", "\\[").replace("**", "")
        table.add_row(str(rank), filing, page, f"{hit.score:.4f}", snippet)
    console.print(table)


def search(
    query: str,
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    limit: int = typer.Option(5, min=1, max=100, help="How many pages."),
) -> None:
    """Search the ingested filings: the best pages, filtered by company, form and period."""
    result = asyncio.run(_search(query, limit))
    if json_out:
        typer.echo(json.dumps(result_json(result), indent=2))
    else:
        _print(result, Console())
