"""Retrieval: for narrative and hybrid questions, the best pages and the sentences to quote from them.

Numeric questions need no page ranking: table QA reads tagged cells directly, so this hop stays cheap.
"""

from typing import Any

from langchain_core.runnables import RunnableConfig

from filingproof.agent.deps import deps_of
from filingproof.agent.passages import asks_why_of_question, select_passages
from filingproof.agent.registered import asks_registered, registered_securities
from filingproof.agent.risk_factors import risk_factor_passages
from filingproof.agent.state import AgentState
from filingproof.agent.trace import hop

PAGES = 8
# a figure's causes stand in the MD&A's prose, which the pages holding the figure's tables rank above
WHY_PAGES = 24


async def retrieval(state: AgentState, config: RunnableConfig) -> dict[str, Any]:
    with hop("retrieval") as event:
        u = state["understanding"]
        asks_why = asks_why_of_question(u.query)
        # a numeric question that also asks why ("what drove gross margin change?"): the filer's sentences
        # giving causes answer that part, beside the figures
        if state["route"] == "numeric" and not asks_why:
            event.summary = "numeric question: cells are read by concept and period, no page search"
            return {"passages": []}
        deps = deps_of(config)
        session = deps.session
        if state["route"] == "narrative" and asks_registered(u.query):
            listed = await registered_securities(session, u, state["catalog"])
            if listed:
                event.summary = f"{len(listed)} classes registered under 12(b), from the cover"
                return {"passages": listed}
        topic = state.get("risk_topic")
        if state["route"] == "narrative" and topic is not None:
            risks = await risk_factor_passages(session, u, state["catalog"], topic)
            if risks:
                event.summary = f"{len(risks)} risk factors by their headings, from the 10-K's Item 1A"
                return {"passages": risks}
        limit = WHY_PAGES if asks_why else PAGES
        result = await deps.retriever.search_understood(session, u, state["catalog"], limit=limit)
        ask = state.get("ask")
        # a figure question asking why: the causes must be of its line (the first: a margin's, not revenue's)
        line = ask.items[0].name if state["route"] == "numeric" and ask and ask.items else None
        passages = await select_passages(session, u, result.hits, deps.store, line)
        pages = ", ".join(f"{h.ticker} {h.form} p{h.page_no}" for h in result.hits)
        event.summary = f"{len(result.hits)} pages ({pages}); {len(passages)} sentences quoted"
    return {"passages": passages}
