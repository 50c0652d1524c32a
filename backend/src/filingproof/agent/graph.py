"""The pipeline: router → retrieval → table_qa → synthesis → verify → (repair → synthesis, once) → answer.

Narrative questions skip table QA; refusals go straight to the answer.
"""

from functools import lru_cache
from typing import Any, Literal

from langgraph.graph import END, START, StateGraph

from filingproof.agent.nodes.answer import answer
from filingproof.agent.nodes.repair import repair
from filingproof.agent.nodes.retrieval import retrieval
from filingproof.agent.nodes.router import router
from filingproof.agent.nodes.synthesis import synthesis
from filingproof.agent.nodes.table_qa import table_qa
from filingproof.agent.nodes.verify import verify
from filingproof.agent.state import AgentState

MAX_SYNTHESES = 2  # the first draft and one repair

# The edges' choices are coroutines, though they await nothing: LangGraph runs a plain function in a worker
# thread (four thread hand-offs a question, each waiting on the event loop's and other requests' turns).


async def after_router(state: AgentState) -> Literal["retrieval", "answer"]:
    return "answer" if state["route"] == "refuse" else "retrieval"


async def after_retrieval(state: AgentState) -> Literal["table_qa", "synthesis"]:
    return "synthesis" if state["route"] == "narrative" else "table_qa"


async def after_table_qa(state: AgentState) -> Literal["synthesis", "answer"]:
    return "answer" if state.get("refusal") else "synthesis"


async def after_verify(state: AgentState) -> Literal["repair", "answer"]:
    # A figure that is not the item asked comes from the cell picked, not the writing: no rewrite mends it.
    if state["verdict"].ok or state.get("item_failures") or state.get("attempts", 0) >= MAX_SYNTHESES:
        return "answer"
    return "repair"


def build_graph() -> StateGraph[Any]:
    graph: StateGraph[Any] = StateGraph(AgentState)
    graph.add_node("router", router)
    graph.add_node("retrieval", retrieval)
    graph.add_node("table_qa", table_qa)
    graph.add_node("synthesis", synthesis)
    graph.add_node("verify", verify)
    graph.add_node("repair", repair)
    graph.add_node("answer", answer)
    graph.add_edge(START, "router")
    graph.add_conditional_edges("router", after_router)
    graph.add_conditional_edges("retrieval", after_retrieval)
    graph.add_conditional_edges("table_qa", after_table_qa)
    graph.add_edge("synthesis", "verify")
    graph.add_conditional_edges("verify", after_verify)
    graph.add_edge("repair", "synthesis")
    graph.add_edge("answer", END)
    return graph


@lru_cache
def compiled_graph() -> Any:
    return build_graph().compile()
