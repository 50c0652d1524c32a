"""Synthesis: the deterministic writer, or the injected provider when one is configured."""

from typing import Any

from langchain_core.runnables import RunnableConfig

from filingproof.agent.deps import deps_of
from filingproof.agent.llm_writer import llm_write
from filingproof.agent.state import AgentState
from filingproof.agent.trace import hop
from filingproof.agent.writer import write
from filingproof.verify import extract


async def synthesis(state: AgentState, config: RunnableConfig) -> dict[str, Any]:
    with hop("synthesis") as event:
        provider = deps_of(config).provider
        table = state.get("table")
        passages = state.get("passages", [])
        if provider is not None and table is not None and table.picks:
            hint = state.get("repair_hint")
            draft, usage = await llm_write(provider, state["question"], table, passages, hint)
            event.add(usage)
        else:
            draft = write(table, passages)
        attempts = state.get("attempts", 0) + 1
        event.summary = (
            f"draft {attempts} by {draft.writer}: {len(extract(draft.text).figures)} figures, "
            f"{len(draft.cells)} cells cited, {len(draft.derivations)} derivations"
        )
    return {"draft": draft, "attempts": attempts}
