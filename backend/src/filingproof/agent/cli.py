"""`filingproof ask "QUESTION" [--json]`, and `filingproof ask --json -` for one question per stdin line; the
filters (`--ticker`, `--form`, `--fiscal-year`, `--filing-id`) bound every answer as the API's do."""

import asyncio
import sys
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated

import typer

from filingproof.agent.response import QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker


class Form(StrEnum):
    ANNUAL = "10-K"
    QUARTERLY = "10-Q"


async def _answer_all(questions: Iterable[str], json_out: bool, filters: QueryFilters) -> None:
    settings = get_settings()
    await upgrade_database_async(database_url(settings))
    pipeline = Pipeline.from_settings(get_sessionmaker(), settings)
    for question in questions:
        if not question.strip():
            continue
        response = await pipeline.run(question, filters)
        sys.stdout.write((response.model_dump_json() if json_out else _text(response)) + "\n")
        sys.stdout.flush()


def _text(response: QueryResponse) -> str:
    lines = [response.answer, "", f"status: {response.status}  ({response.latency_ms:.0f} ms)"]
    for citation in response.citations:
        cells = ", ".join(str(cell.cell_id) for cell in citation.cells)
        lines.append(
            f"  source: {citation.ticker} {citation.form} {citation.period_end} page "
            f"{citation.page_label or citation.page_no}" + (f" cells {cells}" if cells else "")
        )
    return "\n".join(lines)


def ask(
    question: Annotated[str, typer.Argument(help='The question, or "-": one question per stdin line.')],
    json_out: Annotated[bool, typer.Option("--json", help="Print the /query/sync JSON object.")] = False,
    ticker: Annotated[
        list[str] | None,
        typer.Option("--ticker", help="Answer only from this company's filings (repeatable)."),
    ] = None,
    form: Annotated[
        Form | None, typer.Option("--form", help="Answer only from filings of this form.")
    ] = None,
    fiscal_year: Annotated[
        int | None, typer.Option("--fiscal-year", help="Answer only from filings of this fiscal year.")
    ] = None,
    filing_id: Annotated[
        int | None,
        typer.Option(
            "--filing-id", help="Answer only from this filing (its id, as `filingproof filings` prints it)."
        ),
    ] = None,
) -> None:
    """Answer a question; every figure is verified against a cited cell, or no figure is given. A question
    about a company outside the filters is refused, saying so."""
    questions: Iterable[str] = sys.stdin if question == "-" else [question]
    filters = QueryFilters(
        tickers=[name.upper() for name in ticker or []],
        form=None if form is None else form.value,
        fiscal_year=fiscal_year,
        filing_id=filing_id,
    )
    asyncio.run(_answer_all(questions, json_out, filters))
