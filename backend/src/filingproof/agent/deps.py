"""What nodes need from outside the state, passed through the run's config (never through the state)."""

from dataclasses import dataclass

from langchain_core.runnables import RunnableConfig
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.llm.base import Provider


@dataclass(frozen=True)
class Deps:
    session: AsyncSession
    provider: Provider | None = None


def deps_of(config: RunnableConfig) -> Deps:
    deps = config.get("configurable", {}).get("deps")
    if not isinstance(deps, Deps):
        raise RuntimeError("the graph runs with config={'configurable': {'deps': Deps(...)}}")
    return deps
