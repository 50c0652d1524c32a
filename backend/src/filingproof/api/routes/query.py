"""Questions: `POST /query/sync` answers; `POST /query` streams each hop, then the answer, as SSE."""

import asyncio
import itertools
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel, Field, field_validator
from sse_starlette import EventSourceResponse, ServerSentEvent

from filingproof.agent.response import MAX_QUESTION_CHARS, QueryFilters, QueryResponse, TraceEvent
from filingproof.agent.service import Pipeline
from filingproof.api.dedup import QuestionKey, RecentQuestions, settle
from filingproof.api.deps import client_key, rate_limited
from filingproof.api.errors import Problem, problem_responses
from filingproof.api.stats import record_query
from filingproof.llm.base import Provider

logger = logging.getLogger(__name__)

HEARTBEAT_S = 15
ClientKey = Annotated[str, Depends(client_key)]
HOP_EVENTS = ("router", "retrieval", "table_qa", "synthesis", "verify", "repair")

router = APIRouter(
    tags=["query"],
    dependencies=[Depends(rate_limited)],
    responses=problem_responses(400, 413, 422, 429),
)


class QueryFilterParams(BaseModel):
    tickers: list[Annotated[str, Field(pattern=r"^[A-Za-z0-9.\-]{1,16}$")]] = Field(
        default_factory=list, max_length=20
    )
    form: Literal["10-K", "10-Q"] | None = None
    fiscal_year: int | None = Field(default=None, ge=1900, le=2200)
    filing_id: int | None = Field(default=None, ge=1, le=2_147_483_647)


# Printable text with at least one visible character (tabs and newlines allowed): JSON Schema's `pattern`,
# so clients and fuzzers see the same rule the server applies. The spaces are spelled out rather than `\s`,
# which Python and JSON Schema's ECMAScript regexes read differently (Python's includes U+0085).
_SPACES = r"\x00-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_QUESTION_PATTERN = rf"^[^\x00-\x08\x0b\x0c\x0e-\x1f]*[^{_SPACES}][^\x00-\x08\x0b\x0c\x0e-\x1f]*$"


class QueryRequest(BaseModel):
    question: str = Field(
        min_length=1,
        max_length=MAX_QUESTION_CHARS,
        pattern=_QUESTION_PATTERN,
        examples=["What were Apple's net sales in fiscal 2024?"],
    )
    filters: QueryFilterParams = Field(default_factory=QueryFilterParams)

    @field_validator("question", mode="before")
    @classmethod
    def _valid_unicode(cls, value: object) -> object:
        # JSON may carry lone surrogates (`"\ud800"`), which no database text can hold.
        return value.encode("utf-8", "replace").decode("utf-8") if isinstance(value, str) else value

    def pipeline_filters(self) -> QueryFilters:
        return QueryFilters(
            tickers=[ticker.upper() for ticker in self.filters.tickers],
            form=self.filters.form,
            fiscal_year=self.filters.fiscal_year,
            filing_id=self.filters.filing_id,
        )


class _Run:
    """One question through the pipeline, logged to the query log however it ends; or, when the same
    client asked the same question within a second, that first request's answer (`api.dedup`)."""

    def __init__(self, request: Request, body: QueryRequest, route: str, client: str) -> None:
        self.app = request.app
        self.body = body
        self.route = route
        self.key: QuestionKey = (client, body.question, body.filters.model_dump_json())
        self.started = time.perf_counter()
        self.status = "cancelled"
        self.tokens = 0
        self.cost = 0.0

    @property
    def pipeline(self) -> Pipeline:
        pipeline: Pipeline = self.app.state.pipeline
        return pipeline

    @property
    def provider(self) -> Provider | None:
        return self.pipeline.provider

    async def events(self) -> AsyncIterator[TraceEvent | QueryResponse]:
        recent: RecentQuestions = self.app.state.recent_questions
        leads, answer = recent.claim(self.key)
        if not leads:
            first = await asyncio.shield(answer)
            if first is not None:  # its hops, then its answer, as if this request had run them
                for event in first.trace:
                    yield event
                yield first
                return
            answer = asyncio.get_running_loop().create_future()  # the first ended without an answer
        response: QueryResponse | None = None
        try:
            async for item in self._answered():
                if isinstance(item, QueryResponse):
                    response = item
                yield item
        finally:
            settle(answer, response)
            recent.release(self.key, answer)

    async def _answered(self) -> AsyncIterator[TraceEvent | QueryResponse]:
        try:
            async for item in self.pipeline.stream(self.body.question, self.body.pipeline_filters()):
                if isinstance(item, TraceEvent):
                    self.tokens += item.tokens
                    self.cost += item.cost
                else:
                    self.status = item.status
                yield item
        except asyncio.CancelledError:
            self.status = "cancelled"
            raise
        except Exception:
            self.status = "error"
            logger.exception("the pipeline failed on %r", self.body.question)
            raise
        finally:
            await asyncio.shield(self._log())

    async def _log(self) -> None:
        try:
            await record_query(
                self.app.state.sessionmaker,
                question=self.body.question,
                status=self.status,
                latency_ms=round((time.perf_counter() - self.started) * 1000, 2),
                provider=self.provider.name if self.provider else "deterministic",
                tokens=self.tokens,
                cost=self.cost,
                route=self.route,
            )
        except Exception:  # the answer matters more than its log line
            logger.exception("could not write the query log")


@router.post("/query/sync", summary="Answer a question: verified figures with their cells, or none")
async def query_sync(request: Request, body: QueryRequest, client: ClientKey) -> QueryResponse:
    response: QueryResponse | None = None
    try:
        async for item in _Run(request, body, "sync", client).events():
            if isinstance(item, QueryResponse):
                response = item
    except Exception as error:
        raise HTTPException(500, "The answer pipeline failed.") from error
    if response is None:
        raise HTTPException(500, "The answer pipeline ended without an answer.")
    return response


_SSE_EVENT = {
    "type": "object",
    "properties": {
        "event": {"type": "string", "enum": [*HOP_EVENTS, "answer", "error"]},
        "id": {"type": "string"},
        "data": {"type": "string", "contentMediaType": "application/json"},
    },
    "required": ["event", "id", "data"],
}


def _sse_documentation() -> dict[int | str, dict[str, Any]]:
    events = ", ".join(f"`{name}`" for name in HOP_EVENTS)
    return {
        200: {
            "description": (
                f"Server-Sent Events: one per hop ({events}; data: a TraceEvent), then `answer` "
                "(data: the /query/sync response) or `error` (data: a Problem). Ids count from 1; "
                f"comments every {HEARTBEAT_S} s keep the connection alive."
            ),
            "content": {"text/event-stream": {"schema": _SSE_EVENT}},
        }
    }


@router.post(
    "/query",
    summary="Answer a question, streaming each hop of the pipeline as it completes",
    response_class=EventSourceResponse,
    responses=_sse_documentation(),
)
async def query_stream(request: Request, body: QueryRequest, client: ClientKey) -> EventSourceResponse:
    run = _Run(request, body, "stream", client)

    async def events() -> AsyncIterator[ServerSentEvent]:
        ids = itertools.count(1)
        try:
            async for item in run.events():
                if isinstance(item, TraceEvent):
                    if item.name in HOP_EVENTS:  # the assembling hop is in the answer's own trace
                        yield ServerSentEvent(item.model_dump_json(), event=item.name, id=str(next(ids)))
                else:
                    yield ServerSentEvent(item.model_dump_json(), event="answer", id=str(next(ids)))
        except Exception:
            problem = Problem(title="Internal Server Error", status=500, detail="The answer pipeline failed.")
            yield ServerSentEvent(
                json.dumps(problem.model_dump(exclude_none=True)), event="error", id=str(next(ids))
            )

    return EventSourceResponse(events(), ping=HEARTBEAT_S)
