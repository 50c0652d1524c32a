"""Verify, fail closed: every figure of the draft against the cells and derivations it cites.

Periods a draft names must be backed by a cited cell's period or by the period of a filing it cites;
inside a verbatim quote, periods are the filer's words and only its figures are held to cells.
"""

from datetime import date
from typing import Any

from filingproof.agent.state import AgentState, Draft
from filingproof.agent.trace import hop
from filingproof.verify import PeriodRef, Verdict, verify_draft


def _quote_spans(draft: Draft) -> list[tuple[int, int]]:
    spans = []
    for passage in draft.quotes:
        start = draft.text.find(passage.sentence)
        if start >= 0:
            spans.append((start, start + len(passage.sentence)))
    return spans


def check_draft(draft: Draft) -> Verdict:
    filing_ends = {cell.filing_period_end for cell in draft.cells}
    filing_ends.update(date.fromisoformat(p.period_end_iso) for p in draft.quotes)
    periods = [PeriodRef("instant", None, end) for end in sorted(filing_ends)]
    verdict = verify_draft(draft.text, [c.cited() for c in draft.cells], draft.derivations, periods)
    quotes = _quote_spans(draft)
    failed = [
        failure
        for failure in verdict.failed
        if not (
            failure.kind == "period"
            and failure.span is not None
            and any(start <= failure.span[0] and failure.span[1] <= end for start, end in quotes)
        )
    ]
    return Verdict(not failed, verdict.figures, verdict.periods, failed)


async def verify(state: AgentState) -> dict[str, Any]:
    with hop("verify") as event:
        verdict = check_draft(state["draft"])
        kinds = sorted({failure.kind for failure in verdict.failed})
        event.summary = f"{len(verdict.figures)} figures, {len(verdict.periods)} periods checked: " + (
            "all verified" if verdict.ok else f"{len(verdict.failed)} failed ({', '.join(kinds)})"
        )
    return {"verdict": verdict}
