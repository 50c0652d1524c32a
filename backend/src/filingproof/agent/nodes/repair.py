"""Repair: tell the writer which figures failed (once). The hint stays in the state, out of the trace."""

from typing import Any

from filingproof.agent.state import AgentState
from filingproof.agent.trace import hop


async def repair(state: AgentState) -> dict[str, Any]:
    with hop("repair") as event:
        failed = state["verdict"].failed
        listed = "\n".join(f"- {failure.text!r}: {failure.reason}" for failure in failed)
        hint = (
            "Your previous answer failed verification. These parts match no listed fact:\n"
            f"{listed}\nRewrite the answer using only the listed values, each followed by its id."
        )
        event.summary = f"{len(failed)} failures sent back to the writer for one rewrite"
    return {"repair_hint": hint}
