"""Running the pipeline: `run_query` for the response, `stream_query` for trace events as they happen."""

import time
from collections.abc import AsyncIterator

from filingproof.agent.deps import Deps
from filingproof.agent.graph import compiled_graph
from filingproof.agent.response import QueryFilters, QueryResponse, TraceEvent
from filingproof.agent.trace import TRACE_KEY
from filingproof.db.session import session_scope
from filingproof.llm.base import Provider
from filingproof.retrieval.catalog import catalog_cache


async def stream_query(
    question: str, filters: QueryFilters | None = None, provider: Provider | None = None
) -> AsyncIterator[TraceEvent | QueryResponse]:
    """Yield one `TraceEvent` per hop as it completes, then the final `QueryResponse` (trace included)."""
    started = time.perf_counter()
    trace: list[TraceEvent] = []
    final: QueryResponse | None = None
    async with session_scope() as session:
        catalog = await catalog_cache.get(session)
        state = {"question": question.strip(), "catalog": catalog, "filters": filters}
        config = {"configurable": {"deps": Deps(session, provider)}}
        async for mode, chunk in compiled_graph().astream(state, config, stream_mode=["custom", "values"]):
            if mode == "custom" and isinstance(chunk, dict) and isinstance(chunk.get(TRACE_KEY), TraceEvent):
                trace.append(chunk[TRACE_KEY])
                yield chunk[TRACE_KEY]
            elif mode == "values" and isinstance(chunk, dict) and "response" in chunk:
                final = chunk["response"]
    if final is None:
        raise RuntimeError("the graph ended without a response")
    yield final.model_copy(
        update={
            "trace": trace,
            "cost": sum(event.cost for event in trace),
            "latency_ms": round((time.perf_counter() - started) * 1000, 2),
        }
    )


async def run_query(
    question: str, filters: QueryFilters | None = None, provider: Provider | None = None
) -> QueryResponse:
    """The response to `question`: verified, no figures, cannot verify, or refused."""
    response: QueryResponse | None = None
    async for item in stream_query(question, filters, provider):
        if isinstance(item, QueryResponse):
            response = item
    assert response is not None
    return response
