"""`filingproof ask "QUESTION" [--json]`, and `filingproof ask --json -` for one question per stdin line; the
filters (`--ticker`, `--form`, `--fiscal-year`, `--filing-id`) bound every answer as the API's do.

A question that cannot be answered (not UTF-8, longer than any surface takes, or failing anywhere in the
pipeline) is that question's error, never the batch's: its line says so (in `--json`, an
object with the question and an `error`), the other questions are answered, and the command exits 1 at the
end when any failed.
"""

import asyncio
import json
import logging
import sys
from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated

import typer

from filingproof.agent.response import MAX_QUESTION_CHARS, QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.config import get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import database_url, get_sessionmaker

logger = logging.getLogger(__name__)


class QuestionError(Exception):
    """A question the command will not put to the pipeline, and why."""


class Form(StrEnum):
    ANNUAL = "10-K"
    QUARTERLY = "10-Q"


async def _answer_all(questions: Iterable[bytes], json_out: bool, filters: QueryFilters) -> int:
    """Answer each question in turn; the number that failed."""
    settings = get_settings()
    await upgrade_database_async(database_url(settings))
    pipeline = Pipeline.from_settings(get_sessionmaker(), settings)
    failed = 0
    for raw in questions:
        if not raw.strip():
            continue
        shown = raw.decode("utf-8", "replace").strip()
        try:
            response = await pipeline.run(_question(raw), filters)
        except QuestionError as error:
            failed += 1
            _write(_error_line(shown, str(error), json_out))
        except Exception as error:  # one question's failure, whatever it is, is its own
            logger.exception("the question %r failed", shown)
            failed += 1
            _write(_error_line(shown, f"{type(error).__name__}: {error}", json_out))
        else:
            _write(response.model_dump_json() if json_out else _text(response))
    return failed


def _question(raw: bytes) -> str:
    """The line as a question, else a `QuestionError`: text (a file saved in Latin-1 is not; its bytes
    would reach the pipeline as lone surrogates, which its tokenizer and database cannot take) no longer
    than any surface takes."""
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError as error:
        raise QuestionError(f"the line is not UTF-8 text (byte {raw[error.start]:#04x})") from error
    if len(text) > MAX_QUESTION_CHARS:
        raise QuestionError(f"the question is longer than {MAX_QUESTION_CHARS} characters ({len(text)})")
    return text


def _error_line(question: str, error: str, json_out: bool) -> str:
    if json_out:
        return json.dumps({"question": question, "error": error}, ensure_ascii=False, separators=(",", ":"))
    return f"error: {error}\n  question: {question}"


def _write(line: str) -> None:
    sys.stdout.write(line + "\n")
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
    if not question.strip():
        # blank lines of a batch are skipped; a blank question given alone is a mistake, said so
        raise typer.BadParameter('give a question, or "-" to read one per stdin line', param_hint="QUESTION")
    # stdin as bytes: a line that is not UTF-8 is that line's error, not the end of reading.
    given = [question.encode("utf-8", "replace")]
    questions: Iterable[bytes] = sys.stdin.buffer if question == "-" else given
    filters = QueryFilters(
        tickers=[name.upper() for name in ticker or []],
        form=None if form is None else form.value,
        fiscal_year=fiscal_year,
        filing_id=filing_id,
    )
    failed = asyncio.run(_answer_all(questions, json_out, filters))
    if failed:
        typer.echo(f"{failed} question(s) failed", err=True)
        raise typer.Exit(1)
