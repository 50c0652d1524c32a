"""A filer that names its fiscal year by the calendar year it begins in: Home Depot's fiscal 2023 ended
January 28, 2024 (its 10-K in corpus-large, `dei:DocumentFiscalYearFocus` 2023). A question in the filer's
words is answered in them, and verified: the answer said "fiscal 2024", and a metric computed for "fiscal
2023" failed as naming no cited period. The filing is ingested (BM25 only) into a throwaway home."""

from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest
from throwaway_home import ingested_home

from filingproof.agent.service import Pipeline

HOME_DEPOT = "corpus-large/HD/10-K_0000354950-24-000062.htm.gz"


@pytest.fixture(scope="module")
async def home_depot(shared_dir: Path) -> AsyncIterator[Pipeline]:
    async with ingested_home("filingproof-fiscal-names-", [shared_dir / HOME_DEPOT]) as store:
        assert [(r.ticker, r.period_end) for r in store.results] == [("HD", "2024-01-28")]
        yield Pipeline(store.sessions, store.settings)


async def test_a_year_is_answered_by_the_name_its_filer_gives_it(home_depot: Pipeline) -> None:
    response = await home_depot.run("Home Depot net sales fiscal 2023")
    assert response.status == "verified", response.answer
    assert [Decimal(str(f.value)) for f in response.figures] == [Decimal(152_669_000_000)]
    assert "for fiscal 2023 (the year ended January 28, 2024)" in response.answer


async def test_a_metric_for_the_filers_year_is_verified(home_depot: Pipeline) -> None:
    question = (
        "What was Home Depot's free cash flow in fiscal 2023, calculated as operating cash flow minus "
        "capital expenditures?"
    )
    response = await home_depot.run(question)
    assert response.status == "verified", response.answer
    computed = [f for f in response.figures if f.source.derivation is not None]
    assert [Decimal(str(f.value)) for f in computed] == [Decimal(17_946_000_000)]  # 21,172 - 3,226
    assert "fiscal 2024" not in response.answer
