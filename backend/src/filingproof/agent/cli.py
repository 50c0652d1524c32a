"""`filingproof ask "QUESTION" [--json]`, and `filingproof ask --json -` for one question per stdin line."""

import asyncio
import sys
from collections.abc import Iterable
from typing import Annotated

import typer

from filingproof.agent.response import QueryResponse
from filingproof.agent.service import run_query
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.llm.openai_compat import provider_from_settings


async def _answer_all(questions: Iterable[str], json_out: bool) -> None:
    await upgrade_database_async()
    provider = provider_from_settings(get_settings())
    for question in questions:
        if not question.strip():
            continue
        response = await run_query(question, provider=provider)
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
