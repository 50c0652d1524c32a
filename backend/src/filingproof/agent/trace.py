"""One trace event per hop, written to LangGraph's custom stream (`stream_mode="custom"`)."""

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from langgraph.config import get_stream_writer

from filingproof.agent.response import TraceEvent
from filingproof.llm.base import Usage

TRACE_KEY = "trace"


@dataclass
class Hop:
    name: str
    summary: str = ""
    tokens: int = 0
    cost: float = 0.0

    def add(self, usage: Usage) -> None:
        self.tokens += usage.total_tokens
        self.cost += usage.cost


@contextmanager
def hop(name: str) -> Iterator[Hop]:
    """Time a node; on exit emit its event. Summaries never quote a draft (see `verify.redact`)."""
    started = time.perf_counter()
    current = Hop(name)
    yield current
    event = TraceEvent(
        name=name,
        latency_ms=round((time.perf_counter() - started) * 1000, 2),
        tokens=current.tokens,
        cost=current.cost,
        summary=current.summary,
    )
    get_stream_writer()({TRACE_KEY: event})
