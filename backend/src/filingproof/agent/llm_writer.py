"""The LLM writer: a provider writes from the picked cells' display values only, citing them by id.

What the draft cites is read back from its markers (`[c123]` a cell, `[d0]` a derivation, whose input
cells count as cited); the verifier then holds every figure to those, so an uncited figure fails.
"""

import re
from collections.abc import Sequence

from filingproof.agent.state import Draft, Passage
from filingproof.agent.writer import figure, period_phrase, quote_sentence
from filingproof.llm.base import ChatMessage, Provider, Usage
from filingproof.qa.pick import TableAnswer

SYSTEM = (
    "You answer questions about SEC filings. Use ONLY the facts listed. Copy every figure exactly as a "
    "fact or computed value shows it, and put its id in square brackets right after it, like [c123] or [d0]. "
    "Never compute, round differently, or add a figure of your own. Name periods as the facts name them. "
    "Answer in one to three sentences."
)
_CELL_MARK = re.compile(r"\[c(\d+)\]")
_DERIVATION_MARK = re.compile(r"\[d(\d+)\]")


def facts_prompt(question: str, table: TableAnswer) -> str:
    lines = [f"Question: {question}", "Facts:"]
    for cell in table.cells:
        pick = next((p for p in table.picks if p.cell.cell_id == cell.cell_id), None)
        what = f"{pick.company} {pick.item.name}" if pick else cell.row_label
        lines.append(
            f"[c{cell.cell_id}] {what} ({cell.row_label}, {cell.ticker} {cell.form}) "
            f"{period_phrase(cell)}: {figure(cell.value, cell.unit)} (shown as {cell.text!r})"
        )
    for index, derived in enumerate(table.derived):
        d = derived.derivation
        inputs = ", ".join(f"[c{cell_id}]" for cell_id in d.inputs)
        lines.append(f"[d{index}] {d.kind} computed from {inputs}: {figure(d.value, d.unit)}")
    return "\n".join(lines)


async def llm_write(
    provider: Provider,
    question: str,
    table: TableAnswer,
    passages: Sequence[Passage],
    repair_hint: str | None,
) -> tuple[Draft, Usage]:
    messages = [ChatMessage("system", SYSTEM), ChatMessage("user", facts_prompt(question, table))]
    if repair_hint:
        messages.append(ChatMessage("user", repair_hint))
    completion = await provider.complete(messages)
    body = completion.text.strip()
    derivations = [
        table.derived[int(i)].derivation
        for i in dict.fromkeys(_DERIVATION_MARK.findall(body))
        if int(i) < len(table.derived)
    ]
    cited_ids = {int(i) for i in _CELL_MARK.findall(body)}
    cited_ids.update(cell_id for d in derivations for cell_id in d.inputs)
    cells = [cell for cell in table.cells if cell.cell_id in cited_ids]
    text = body
    if passages:
        text += "\nThe filings say:\n" + "\n".join(quote_sentence(p) for p in passages)
        cells += [c for p in passages for c in p.cells]
    draft = Draft(text, tuple(cells), tuple(derivations), tuple(passages), writer=provider.name)
    return draft, completion.usage
