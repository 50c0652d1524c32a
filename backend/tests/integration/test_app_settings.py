"""Two apps in one process, built with different settings: each answers and searches with its own settings,
on its own engine, and neither touches the process's default engine (the command line's)."""

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack

import pytest
from fastapi import FastAPI
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine

from filingproof.agent.service import Pipeline
from filingproof.api.app import create_app
from filingproof.config import Settings
from filingproof.db import session as db_session
from filingproof.db.session import transaction
from filingproof.retrieval.search import SearchResult

pytestmark = pytest.mark.corpus

NARRATIVE = "What does Apple say about competition?"  # no statement figure: BM25 and dense, weight 1 each


@pytest.fixture
async def apps(settings: Settings, ingested_corpus: object) -> AsyncIterator[tuple[FastAPI, FastAPI]]:
    """Two apps on the session's database, far apart in their fusion constant and candidate depth."""
    first = create_app(settings.model_copy(update={"rrf_k": 1, "retrieval_candidates": 5}))
    second = create_app(settings.model_copy(update={"rrf_k": 500, "retrieval_candidates": 80}))
    async with AsyncExitStack() as running:
        for app in (first, second):
            await running.enter_async_context(app.router.lifespan_context(app))
            await app.state.warm_up  # the warm-up's own queries: done before connections are counted
        yield first, second


def checkouts(engine: AsyncEngine) -> list[object]:
    """The connections taken from `engine`'s pool from now on, one entry per checkout."""
    taken: list[object] = []
    event.listen(engine.sync_engine, "checkout", lambda connection, *_: taken.append(connection))
    return taken


async def search(pipeline: Pipeline, query: str) -> SearchResult:
    async with transaction(pipeline.sessions) as session:
        return await pipeline.retriever.search(session, query, limit=5)


def fused_score(k: int, bm25_rank: int | None, dense_rank: int | None) -> float:
    """Reciprocal rank fusion of a page's two ranks, with the fusion constant `k`."""
    return sum(1 / (k + rank) for rank in (bm25_rank, dense_rank) if rank is not None)


async def test_each_app_searches_with_its_own_settings(apps: tuple[FastAPI, FastAPI]) -> None:
    for app in apps:
        settings: Settings = app.state.settings
        pipeline: Pipeline = app.state.pipeline
        assert pipeline.settings is settings and pipeline.retriever.settings is settings
        result = await search(pipeline, NARRATIVE)
        assert result.understanding.statement is None and result.mode == "hybrid"
        assert result.hits
        for hit in result.hits:
            # the fusion used this app's k; each ranking was cut at this app's candidates
            assert hit.score == pytest.approx(fused_score(settings.rrf_k, hit.bm25_rank, hit.dense_rank))
            ranks = [rank for rank in (hit.bm25_rank, hit.dense_rank) if rank is not None]
            assert ranks and max(ranks) <= settings.retrieval_candidates
    first, second = [await search(app.state.pipeline, NARRATIVE) for app in apps]
    assert first.hits[0].score >= 0.5 > 0.01 > second.hits[0].score  # 1/(1+1) or more; at most 2/501


async def test_each_app_answers_on_its_own_engine(apps: tuple[FastAPI, FastAPI]) -> None:
    engines: list[AsyncEngine] = [app.state.engine for app in apps]
    assert engines[0] is not engines[1]
    taken = [checkouts(engine) for engine in engines]
    defaults = (db_session.get_engine.cache_info(), db_session.get_sessionmaker.cache_info())
    for index, app in enumerate(apps):
        pipeline: Pipeline = app.state.pipeline
        assert pipeline.sessions is app.state.sessionmaker
        before = [len(connections) for connections in taken]
        response = await pipeline.run(NARRATIVE)
        assert "retrieval" in [event.name for event in response.trace] and response.citations
        after = [len(connections) for connections in taken]
        assert after[index] > before[index], "the app's pipeline took no connection of its engine"
        assert [n for i, n in enumerate(after) if i != index] == [
            n for i, n in enumerate(before) if i != index
        ], "the app's pipeline took a connection of the other app's engine"
    # the process default (the command line's engine) was neither built nor used
    assert (db_session.get_engine.cache_info(), db_session.get_sessionmaker.cache_info()) == defaults
