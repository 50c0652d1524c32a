"""An item no printed line names: the answer offers the nearest printed lines, linked, without figures.

The questions word the item as no synonym rule does ("outlay for property and equipment"), so lexical
resolution finds nothing; the lines offered are ranked by the embedding model. The expected lines are read
from the filings: the payment line of the statement of cash flows, on the page that prints it.
"""

import re

import pytest
from sqlalchemy import text

from filingproof.agent.response import QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.db.session import Sessions, transaction

pytestmark = pytest.mark.corpus
SUGGESTS = "The filings print no line that says"


async def _cells(sessions: Sessions, ids: list[int]) -> dict[int, tuple[str, bool, str]]:
    """cell id → (row label, whether its page is a statement of cash flows, the cell's printed text)."""
    async with transaction(sessions) as session:
        rows = await session.execute(
            text(
                "SELECT c.id, c.row_label, p.text ~* 'statements?\\s+of\\s+cash\\s+flows' AS cash_flows, "
                "c.text FROM cells c JOIN pages p ON p.filing_id = c.filing_id AND p.page_no = c.page_no "
                "WHERE c.id = ANY(CAST(:ids AS integer[]))"
            ),
            {"ids": ids},
        )
        return {row.id: (row.row_label, row.cash_flows, row.text) for row in rows}


def _suggestion(response: QueryResponse) -> str:
    """The answer's sentence that offers the nearest lines."""
    found = [line for line in response.answer.split("\n") if line.startswith(SUGGESTS)]
    assert len(found) == 1, response.answer
    return found[0]


async def _offered(sessions: Sessions, response: QueryResponse) -> dict[int, tuple[str, bool, str]]:
    """The cells the suggestion links, checked to be cited and written without any figure."""
    sentence = _suggestion(response)
    ids = [int(found) for found in re.findall(r"\[c(\d+)\]", sentence)]
    assert 1 <= len(ids) <= 3, sentence
    cited = {ref.cell_id for citation in response.citations for ref in citation.cells}
    assert set(ids) <= cited  # each line is linked to its cell and page
    # no figure: what is left without cell markers, page numbers and form names has no digit
    bare = re.sub(r"\[c\d+\]|page \d+|10-[KQ]", "", sentence)
    assert not re.search(r"\d", bare), sentence
    cells = await _cells(sessions, ids)
    for _, _, printed in cells.values():
        assert printed not in bare
    return cells


META = "What was Meta's outlay for property and equipment in 2024?"
APPLE = "What was Apple's outlay on marketable securities in fiscal 2024?"


@pytest.mark.parametrize(
    ("question", "label"),
    [(META, "Purchases of property and equipment"), (APPLE, "Purchases of marketable securities")],
)
async def test_an_unnamed_item_gets_the_nearest_printed_lines(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions, question: str, label: str
) -> None:
    response = await pipeline.run(question)
    assert response.status != "verified"
    assert response.figures == []
    cells = await _offered(sessions, response)
    # the cash-flow statement's payment line, on its page
    assert (label, True) in {(row_label, cash_flows) for row_label, cash_flows, _ in cells.values()}, cells


async def test_an_unnamed_item_asked_over_several_years_offers_its_lines_once(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    # the lines offered are lines, the same for each year asked: one sentence offers them (`_suggestion`)
    response = await pipeline.run("What was Meta's outlay for property and equipment in 2023 and 2024?")
    assert response.figures == []
    cells = await _offered(sessions, response)
    offered = {(label, cash_flows) for label, cash_flows, _ in cells.values()}
    assert ("Purchases of property and equipment", True) in offered, cells


async def test_the_lines_offered_are_of_the_filings_in_scope(
    ingested_corpus: object, pipeline: Pipeline, sessions: Sessions
) -> None:
    async with transaction(sessions) as session:
        filing = (
            await session.execute(
                text(
                    "SELECT id FROM filings WHERE ticker = 'META' AND form = '10-K' "
                    "ORDER BY period_end LIMIT 1"
                )
            )
        ).scalar_one()
    filters = QueryFilters(filing_id=filing)
    response = await pipeline.run("What was Meta's outlay for property and equipment in 2023?", filters)
    assert response.status != "verified"
    await _offered(sessions, response)
    assert {citation.filing_id for citation in response.citations} == {filing}


async def test_a_named_item_is_answered_without_suggestions(
    ingested_corpus: object, pipeline: Pipeline
) -> None:
    response = await pipeline.run("What were Meta's purchases of property and equipment in 2024?")
    assert response.status == "verified"
    assert SUGGESTS not in response.answer
    table_qa = next(event for event in response.trace if event.name == "table_qa")
    assert "nearest" not in table_qa.summary
