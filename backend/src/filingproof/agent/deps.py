"""What nodes need from outside the state, passed through the run's config (never through the state)."""

from dataclasses import dataclass

from langchain_core.runnables import RunnableConfig
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.llm.base import Provider
from filingproof.retrieval.search import Retriever


@dataclass(frozen=True)
class Deps:
    session: AsyncSession  # the run's unit of work, on the caller's database
    retriever: Retriever  # the caller's search over that database, with its settings
    provider: Provider | None = None


def deps_of(config: RunnableConfig) -> Deps:
    deps = config.get("configurable", {}).get("deps")
    if not isinstance(deps, Deps):
        raise RuntimeError("the graph runs with config={'configurable': {'deps': Deps(...)}}")
    return deps
