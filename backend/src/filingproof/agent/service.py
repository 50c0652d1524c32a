"""Running the pipeline: `Pipeline.run` for the response, `Pipeline.stream` for trace events as they come."""

import time
from collections.abc import AsyncIterator

from filingproof.agent.deps import Deps
from filingproof.agent.graph import compiled_graph
from filingproof.agent.response import QueryFilters, QueryResponse, TraceEvent
from filingproof.agent.trace import TRACE_KEY
from filingproof.config import Settings
from filingproof.db.session import Sessions, transaction
from filingproof.llm.base import Provider
from filingproof.llm.openai_compat import provider_from_settings
from filingproof.retrieval.search import Retriever

# What a server asks itself before it says ready: a search that embeds its query, then a figure question
# and a narrative one through the whole graph (answered, or refused on an empty database: both warm it).
# They name one company, the first ingested: a question naming none would read every company's vocabulary
# and vectors, and the warm-up would grow with the store (#31); other companies load on their first question.
WARM_UP_SEARCH = "{company} total revenue net income cash flow risk factors"
WARM_UP_QUESTIONS = (
    "What was {company}'s total revenue in the latest fiscal year?",
    "What are the main risk factors {company} describes?",
)


class Pipeline:
    """The answer pipeline on its caller's database (`sessions`), settings and writer (`provider`; None: the
    deterministic one). Whoever owns the database's engine builds one: the API per app, the command line and
    the MCP server per process; evaluation runs through the one it is given."""

    def __init__(self, sessions: Sessions, settings: Settings, provider: Provider | None = None) -> None:
        self.sessions = sessions
        self.settings = settings
        self.provider = provider
        self.retriever = Retriever(settings)

    @classmethod
    def from_settings(cls, sessions: Sessions, settings: Settings) -> "Pipeline":
        """With the writer the settings name (`LLM_BASE_URL`), else the deterministic one."""
        return cls(sessions, settings, provider_from_settings(settings))

    async def stream(
        self, question: str, filters: QueryFilters | None = None
    ) -> AsyncIterator[TraceEvent | QueryResponse]:
        """Yield one `TraceEvent` per hop as it completes, then the final `QueryResponse` (trace included)."""
        started = time.perf_counter()
        trace: list[TraceEvent] = []
        final: QueryResponse | None = None
        async with transaction(self.sessions) as session:
            catalog = await self.retriever.catalog.get(session)
            state = {"question": question.strip(), "catalog": catalog, "filters": filters}
            config = {"configurable": {"deps": Deps(session, self.retriever, self.provider)}}
            graph = compiled_graph()
            async for mode, chunk in graph.astream(state, config, stream_mode=["custom", "values"]):
                if (
                    mode == "custom"
                    and isinstance(chunk, dict)
                    and isinstance(chunk.get(TRACE_KEY), TraceEvent)
                ):
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

    async def warm(self) -> float:
        """Load what the first question would otherwise wait for, and return the milliseconds it took: the
        query embedding model with its first encode, the search caches (catalog, tagged pages, in-process
        vectors) and the compiled graph. A server calls it at start and reports ready once it is done."""
        started = time.perf_counter()
        async with transaction(self.sessions) as session:
            catalog = await self.retriever.catalog.get(session)
            company = catalog.filings[0].ticker if catalog.filings else "Apple"
            await self.retriever.search(session, WARM_UP_SEARCH.format(company=company), mode="hybrid")
        for question in WARM_UP_QUESTIONS:
            await self.run(question.format(company=company))
        return round((time.perf_counter() - started) * 1000, 2)

    async def run(self, question: str, filters: QueryFilters | None = None) -> QueryResponse:
        """The response to `question`: verified, no figures, cannot verify, or refused."""
        response: QueryResponse | None = None
        async for item in self.stream(question, filters):
            if isinstance(item, QueryResponse):
                response = item
        assert response is not None
        return response
