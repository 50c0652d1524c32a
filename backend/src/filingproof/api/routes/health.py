"""Liveness, readiness (each dependency checked and reported) and usage statistics."""

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.api.deps import SessionDep, SettingsDep, is_admin
from filingproof.api.errors import problem_responses
from filingproof.api.schemas import Liveness, Readiness, ReadinessCheck, Stats
from filingproof.api.stats import query_stats
from filingproof.api.warm import workers_warm
from filingproof.db.models import Page
from filingproof.db.page_store import PageStore, page_store

router = APIRouter(tags=["service"])


@router.get("/health", summary="Liveness: the process answers")
async def health() -> Liveness:
    return Liveness()


async def _database(session: AsyncSession) -> ReadinessCheck:
    try:
        version = (await session.execute(text("SHOW server_version"))).scalar_one()
    except Exception as error:  # any failure means "not ready"; say which
        return ReadinessCheck(name="database", ok=False, detail=f"{type(error).__name__}: {error}")
    return ReadinessCheck(name="database", ok=True, detail=f"PostgreSQL {version}")


async def _pgvector(session: AsyncSession) -> ReadinessCheck:
    try:
        version = (
            await session.execute(text("SELECT extversion FROM pg_extension WHERE extname = 'vector'"))
        ).scalar_one_or_none()
    except Exception as error:
        return ReadinessCheck(name="pgvector", ok=False, detail=f"{type(error).__name__}: {error}")
    if version is None:
        return ReadinessCheck(name="pgvector", ok=False, detail="the vector extension is not installed")
    return ReadinessCheck(name="pgvector", ok=True, detail=f"vector {version}")


def _load_embedder() -> str:
    from filingproof.index.embed import get_embedder

    embedder = get_embedder()
    return f"{embedder.model_name} ({embedder.dimension} dimensions)"


async def _embedding_model() -> ReadinessCheck:
    try:
        detail = await asyncio.to_thread(_load_embedder)
    except Exception as error:
        return ReadinessCheck(name="embedding_model", ok=False, detail=str(error))
    return ReadinessCheck(name="embedding_model", ok=True, detail=detail)


async def _page_images(session: AsyncSession, store: PageStore) -> ReadinessCheck:
    """Every image a page row names is in the store (a local folder, or a bucket that must answer)."""
    try:
        stored = list(
            (await session.execute(select(Page.image_path).where(Page.image_path.is_not(None)))).scalars()
        )
        missing = await asyncio.to_thread(store.missing, [path for path in stored if path])
    except Exception as error:
        return ReadinessCheck(name="page_images", ok=False, detail=f"{type(error).__name__}: {error}")
    if missing:
        return ReadinessCheck(
            name="page_images", ok=False, detail=f"{len(missing)} of {len(stored)} page images missing"
        )
    return ReadinessCheck(name="page_images", ok=True, detail=f"{len(stored)} page images present")


def _query_path(warm_up: "asyncio.Task[float]") -> ReadinessCheck:
    """Whether the first question is answered as fast as the next: the server's warm-up has finished."""
    if not warm_up.done():
        return ReadinessCheck(
            name="query_path", ok=False, detail="warming up: the query embedding and the search caches load"
        )
    if warm_up.cancelled() or (error := warm_up.exception()) is not None:
        reason = "cancelled" if warm_up.cancelled() else f"{type(error).__name__}: {error}"
        return ReadinessCheck(name="query_path", ok=False, detail=f"warm-up failed: {reason}")
    detail = f"warmed in {warm_up.result():.0f} ms"
    workers = workers_warm()
    if workers is not None:  # several server processes: ready once every one is warm
        detail += f"; {workers.warm} of {workers.workers} workers warm"
        return ReadinessCheck(name="query_path", ok=workers.all, detail=detail)
    return ReadinessCheck(name="query_path", ok=True, detail=detail)


@router.get(
    "/ready",
    summary="Readiness: database, pgvector, embedding model, page images, a warm query path",
    responses={503: {"model": Readiness, "description": "Some check failed; each is reported."}},
)
async def ready(
    session: SessionDep, settings: SettingsDep, request: Request, response: Response
) -> Readiness:
    database = await _database(session)
    if database.ok:
        dependent = [await _pgvector(session), await _page_images(session, page_store(settings))]
    else:
        dependent = [
            ReadinessCheck(name=name, ok=False, detail="not checked: the database is unavailable")
            for name in ("pgvector", "page_images")
        ]
    checks = [database, *dependent, await _embedding_model(), _query_path(request.app.state.warm_up)]
    report = Readiness(ready=all(check.ok for check in checks), checks=checks)
    if not report.ready:
        response.status_code = 503
    return report


@router.get(
    "/stats",
    summary="Query log statistics; the recent questions with the admin token only",
    responses=problem_responses(403),
    # The token is optional here (without it the recent questions are left out): FastAPI adds the bearer
    # requirement from the dependency, and `{}` beside it says in OpenAPI that no token is also accepted.
    openapi_extra={"security": [{}]},
)
async def stats(session: SessionDep, admin: Annotated[bool, Depends(is_admin)]) -> Stats:
    return await query_stats(session, with_questions=admin)
