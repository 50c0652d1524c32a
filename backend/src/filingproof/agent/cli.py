"""`filingproof ask "QUESTION" [--json]`, and `filingproof ask --json -` for one question per stdin line."""

import asyncio
import sys
from collections.abc import Iterable
from typing import Annotated

import typer

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker


async def _answer_all(questions: Iterable[str], json_out: bool) -> None:
    settings = get_settings()
    await upgrade_database_async(database_url(settings))
    pipeline = Pipeline.from_settings(get_sessionmaker(), settings)
    for question in questions:
        if not question.strip():
            continue
        response = await pipeline.run(question)
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
) -> None:
    """Answer a question; every figure is verified against a cited cell, or no figure is given."""
    questions: Iterable[str] = sys.stdin if question == "-" else [question]
    asyncio.run(_answer_all(questions, json_out))
