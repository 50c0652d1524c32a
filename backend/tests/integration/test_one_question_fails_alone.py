"""Questions that used to end the whole request, or the whole batch (issue 28).

Walgreens' Q3 2023 10-Q (corpus-large) prints its debt in pounds and euros ("£700 million note issuance",
"€750 million note issuance"): those cells are stored in their currency, a question reaching their page is
answered or refused (it raised `ValueError: unknown unit 'GBP'`), and a dollar figure never verifies from
them. `filingproof ask -` answers every line of a batch, a line that fails being that line's error only.
The filing is ingested (BM25 only) into a throwaway home; the command runs as a child process on it.
"""

import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import text
from throwaway_home import Store, ingested_home

from filingproof.agent.service import Pipeline
from filingproof.qa.store import page_cells
from filingproof.verify import verify_draft

WALGREENS = "corpus-large/WBA/10-Q_0001618921-23-000043.htm.gz"
# The question that raised: its passages lie on the page of the debt table.
DEBT_WORDS = "What does Walgreens say about its long-term debt and credit facilities?"
LONG_TERM_DEBT = "What was Walgreens total long-term debt as of May 31, 2023?"


@pytest.fixture(scope="module")
async def walgreens(shared_dir: Path) -> AsyncIterator[Store]:
    async with ingested_home("filingproof-currency-", [shared_dir / WALGREENS]) as store:
        assert len(store.results) == 1
        yield store


@dataclass(frozen=True)
class ForeignCell:
    cell_id: int
    filing_id: int
    page_no: int
    text: str
    unit: str
    value: Decimal


async def foreign_cells(store: Store) -> list[ForeignCell]:
    query = "SELECT id, filing_id, page_no, text, unit, value FROM cells WHERE unit IN ('EUR', 'GBP')"
    async with store.sessions() as session:
        rows = (await session.execute(text(query + " ORDER BY id"))).all()
    return [ForeignCell(*row) for row in rows]


async def test_debt_printed_in_pounds_and_euros_is_stored_in_its_currency(walgreens: Store) -> None:
    cells = await foreign_cells(walgreens)
    assert [(c.text, c.unit, c.value) for c in cells] == [
        ("£700 million", "GBP", Decimal(700_000_000)),
        ("€750 million", "EUR", Decimal(750_000_000)),
    ]


async def test_a_question_reaching_the_euro_table_is_answered_not_raised(walgreens: Store) -> None:
    pipeline = Pipeline(walgreens.sessions, walgreens.settings)
    response = await pipeline.run(DEBT_WORDS)
    assert response.question == DEBT_WORDS
    assert response.status in {"quoted", "cannot_verify", "refused", "no_figures"}, response.answer


async def test_a_dollar_figure_never_verifies_from_a_euro_cell(walgreens: Store) -> None:
    euros = next(c for c in await foreign_cells(walgreens) if c.unit == "EUR")
    async with walgreens.sessions() as session:
        page = await page_cells(session, euros.filing_id, euros.page_no)
    [cell] = [hit for hit in page if hit.unit == "EUR"]
    cited = [cell.cited()]
    assert verify_draft(f"Walgreens issued notes of €750 million [c{cell.cell_id}].", cited).ok
    for draft in (
        f"Walgreens issued notes of $750 million [c{cell.cell_id}].",
        f"Walgreens issued notes of 750 million [c{cell.cell_id}].",
        f"Walgreens issued notes of £750 million [c{cell.cell_id}].",
    ):
        verdict = verify_draft(draft, cited)
        assert not verdict.ok and {failure.kind for failure in verdict.failed} == {"figure"}, draft


def ask_batch(store: Store, lines: bytes) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "FILINGPROOF_HOME": str(store.home), "INGEST_EMBEDDINGS": "false"}
    for name in ("DATABASE_URL", "LLM_BASE_URL", "LLM_MODEL", "LLM_API_KEY"):
        env.pop(name, None)  # the home's own database, and the deterministic answerer
    command = [sys.executable, "-m", "filingproof", "ask", "--json", "-"]
    return subprocess.run(command, input=lines, capture_output=True, env=env, timeout=600, check=False)


async def test_a_batch_answers_every_line_that_can_be_answered(walgreens: Store) -> None:
    """A line saved in Latin-1 (it reached the embedding tokenizer as a lone surrogate, which raised) and one
    longer than the API and the MCP server take fail alone; the lines around them are answered, in order."""
    too_long = "What was Walgreens total long-term debt " + "and more " * 250 + "?"
    lines = [
        LONG_TERM_DEBT.encode(),
        "What was Walgreens' long-term débt?".encode("latin-1"),
        too_long.encode(),
        DEBT_WORDS.encode(),
    ]
    done = ask_batch(walgreens, b"\n".join(lines) + b"\n")
    assert done.returncode == 1, done.stderr.decode()[-2000:]
    assert "2 question(s) failed" in done.stderr.decode()
    debt, latin1, long, debt_words = (json.loads(line) for line in done.stdout.decode().splitlines())
    assert debt["question"] == LONG_TERM_DEBT and debt["status"] == "verified", debt["answer"]
    assert [figure["value"] for figure in debt["figures"]] == [8_841_000_000]
    assert latin1 == {"question": "What was Walgreens' long-term d\ufffdbt?", "error": latin1["error"]}
    assert "not UTF-8" in latin1["error"]
    assert long["question"] == too_long and "longer than 2000 characters" in long["error"]
    assert debt_words["question"] == DEBT_WORDS and "error" not in debt_words
