"""Synthesis: the deterministic writer, or the injected provider when one is configured.

The provider path degrades, never breaks: a provider error, a timeout, a malformed or oversized reply
(each a `ProviderError`) hands the draft to the deterministic writer, and the hop's summary says so.
"""

import logging
from typing import Any

from langchain_core.runnables import RunnableConfig

from filingproof.agent.deps import deps_of
from filingproof.agent.llm_writer import llm_write
from filingproof.agent.offload import over_draft
from filingproof.agent.state import AgentState, Draft, Passage
from filingproof.agent.trace import Hop, hop
from filingproof.agent.writer import write
from filingproof.llm.base import Provider, ProviderError
from filingproof.qa.pick import TableAnswer
from filingproof.verify import extract

logger = logging.getLogger(__name__)

FALLBACK = "fallback to the deterministic writer"


async def _llm_or_fallback(
    provider: Provider, state: AgentState, table: TableAnswer, passages: list[Passage], event: Hop
) -> tuple[Draft, str]:
    """The provider's draft, or the deterministic one with why the provider's could not be used."""
    try:
        # the writer is shown the question as typed: its instructions ("answer briefly") are the writer's
        draft, usage = await llm_write(
            provider, state["reading"].question, table, passages, state.get("repair_hint")
        )
    except ProviderError as error:
        logger.warning("%s failed, %s: %s", provider.name, FALLBACK, error)
        return write(table, passages), f" ({FALLBACK}: {provider.name} failed: {error})"
    event.add(usage)
    return draft, ""


async def synthesis(state: AgentState, config: RunnableConfig) -> dict[str, Any]:
    with hop("synthesis") as event:
        provider = deps_of(config).provider
        table = state.get("table")
        passages = state.get("passages", [])
        fallback = ""
        if provider is not None and table is not None and table.picks:
            draft, fallback = await _llm_or_fallback(provider, state, table, passages, event)
        else:
            draft = write(table, passages, state.get("stated", ()))
        attempts = state.get("attempts", 0) + 1
        figures = len((await over_draft(draft.text, extract, draft.text)).figures)
        event.summary = (
            f"draft {attempts} by {draft.writer}{fallback}: {figures} figures, "
            f"{len(draft.cells)} cells cited, {len(draft.derivations)} derivations"
        )
    return {"draft": draft, "attempts": attempts}
