"""The FastAPI application: `create_app(settings)`; the routes live in `routes/`, one module per resource."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from filingproof.agent.service import Pipeline
from filingproof.api.dedup import RecentQuestions
from filingproof.api.errors import FieldError, Problem, ProblemCORSMiddleware, install_problem_handlers
from filingproof.api.head import HeadAsGetMiddleware
from filingproof.api.limits import BodySizeLimitMiddleware, TokenBuckets
from filingproof.api.routes import evals, filings, health, jobs, query
from filingproof.api.spa import install_spa
from filingproof.api.warm import mark_warm
from filingproof.config import Settings, get_settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.page_images import sweep_page_images
from filingproof.db.page_store import page_store
from filingproof.db.session import create_engine, database_url, sessions_for
from filingproof.evals.store import interrupt_stale_runs
from filingproof.jobs.queue import JobQueue
from filingproof.llm.openai_compat import provider_from_settings

DESCRIPTION = (
    "Ask questions of SEC filings: every figure in an answer is traced to a cell of the filing, "
    "or no figure at all. Errors are RFC 7807 problem details (application/problem+json)."
)


async def _warm(pipeline: Pipeline) -> float:
    """The pipeline's warm-up, then this worker marked warm for `/ready` (`api.warm`)."""
    milliseconds = await pipeline.warm()
    mark_warm()
    return milliseconds


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    url = await asyncio.to_thread(database_url, settings)  # may start the embedded server
    await upgrade_database_async(url)
    # The app owns its engine (connections belong to the event loop that serves it), and everything below
    # the routes works on it and on the app's settings: the pipeline, search, evaluation runs.
    engine = app.state.engine = create_engine(url)
    app.state.sessionmaker = sessions_for(engine)
    app.state.pipeline = Pipeline(app.state.sessionmaker, settings, app.state.provider)
    app.state.eval_tasks = set()
    await interrupt_stale_runs(app.state.sessionmaker)
    # Page image folders that ingests killed mid-way left behind (never a running ingest's).
    await sweep_page_images(app.state.sessionmaker, page_store(settings))
    # The first question would wait seconds for the model and the caches: load them now, in the background
    # (the server answers meanwhile; `/ready` says ready once they are loaded).
    app.state.warm_up = asyncio.create_task(_warm(app.state.pipeline))
    # Filings added through the API are jobs on the queue (`filingproof worker`s run them).
    app.state.job_queue = JobQueue(settings, app.state.sessionmaker)
    try:
        async with app.state.job_queue.open():
            yield
    finally:
        app.state.warm_up.cancel()
        await asyncio.gather(app.state.warm_up, return_exceptions=True)
        for task in list(app.state.eval_tasks):  # each marks its run failed ("interrupted") as it stops
            task.cancel()
        await asyncio.gather(*app.state.eval_tasks, return_exceptions=True)
        await engine.dispose()


def _openapi_with_problems(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema is None:
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        problem = Problem.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(problem.pop("$defs", {}))
        components[Problem.__name__] = problem
        components.setdefault(FieldError.__name__, FieldError.model_json_schema())
        app.openapi_schema = schema
    return app.openapi_schema


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    app = FastAPI(
        title="filingproof",
        version="0.1.0",
        description=DESCRIPTION,
        lifespan=_lifespan,
        generate_unique_id_function=lambda route: route.name,
    )
    app.state.settings = settings
    app.state.provider = provider_from_settings(settings)
    app.state.query_buckets = TokenBuckets(settings.query_rate_per_minute, settings.query_rate_burst)
    app.state.recent_questions = RecentQuestions(settings.query_dedup_s)
    install_problem_handlers(app)
    app.add_middleware(
        BodySizeLimitMiddleware,
        max_bytes=settings.max_body_bytes,
        larger={("POST", "/filings"): settings.max_upload_bytes},
    )
    app.add_middleware(HeadAsGetMiddleware)
    if settings.cors_origins:
        app.add_middleware(
            ProblemCORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type", "Last-Event-ID"],
            expose_headers=["ETag", "Retry-After"],
        )
    app.include_router(filings.router)
    app.include_router(jobs.router)
    app.include_router(query.router)
    app.include_router(health.router)
    app.include_router(evals.router)
    app.openapi = lambda: _openapi_with_problems(app)  # type: ignore[method-assign]
    install_spa(app, settings.web_dist)  # last: every API route is matched before the web app
    return app
