"""What nodes need from outside the state, passed through the run's config (never through the state)."""

from dataclasses import dataclass

from langchain_core.runnables import RunnableConfig
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.llm.base import Provider
from filingproof.qa.vocabulary import database_of
from filingproof.retrieval.search import Retriever

# What the caches of a filing's rows key on: the database and the version of its filings the run read
# (`CatalogCache.version`), so that an ingest or a deletion starts them afresh; None before any was read.
StoreKey = tuple[str, tuple[object, ...]]


@dataclass(frozen=True)
class Deps:
    session: AsyncSession  # the run's unit of work, on the caller's database
    retriever: Retriever  # the caller's search over that database, with its settings
    provider: Provider | None = None

    @property
    def store(self) -> StoreKey | None:
        version = self.retriever.catalog.version
        return None if version is None else (database_of(self.session), version)


def deps_of(config: RunnableConfig) -> Deps:
    deps = config.get("configurable", {}).get("deps")
    if not isinstance(deps, Deps):
        raise RuntimeError("the graph runs with config={'configurable': {'deps': Deps(...)}}")
    return deps
