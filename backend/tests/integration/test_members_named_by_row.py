"""A figure of two members, one named by its tag and one by its row (issue 27).

Exxon's Q2 2023 10-Q (corpus-large) tags its earnings by segment and by geography: the cell of "Energy
Products" × "United States" is us-gaap:NetIncomeLoss for xom:EnergyProductsMember and country:US, its row
printed "United States" under "Energy Products". Asked "how much did Exxon's Energy Products segment earn in
the United States", the answer names both, so that it is verified as the U.S. piece, never as the segment's
whole. The filing is ingested (BM25 only) into a throwaway home.
"""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from throwaway_home import Store, ingested_home

from filingproof.agent.service import Pipeline

EXXON = "corpus-large/XOM/10-Q_0000034088-23-000048.htm.gz"


@pytest.fixture(scope="module")
async def exxon(shared_dir: Path) -> AsyncIterator[Store]:
    async with ingested_home("filingproof-members-", [shared_dir / EXXON]) as store:
        assert len(store.results) == 1
        yield store


@pytest.mark.parametrize(
    "question",
    [
        "how much did Exxon's Energy Products segment earn in the United States in Q2 2023?",
        "refining question: how much did Exxon's Energy Products segment earn in the United States in "
        "Q2 2023 (three months to June 30)? just the U.S. piece, not non-U.S.",
    ],
)
async def test_a_member_the_row_prints_is_named_beside_the_tagged_one(exxon: Store, question: str) -> None:
    response = await Pipeline(exxon.sessions, exxon.settings).run(question)
    assert response.status == "verified", response.answer
    assert "Energy Products United States net income" in response.answer
    [figure] = response.figures
    assert figure.value == 1_528_000_000


async def test_the_segments_whole_is_not_its_us_piece(exxon: Store) -> None:
    # the non-U.S. piece and the whole are other cells: asked without a geography, the figure is not $1,528M
    response = await Pipeline(exxon.sessions, exxon.settings).run(
        "how much did Exxon's Energy Products segment earn outside the United States in Q2 2023?"
    )
    assert all(figure.value != 1_528_000_000 for figure in response.figures), response.answer
