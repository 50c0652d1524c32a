"""Answer: the response object: verified, no figures, cannot verify (nothing of the draft), or refused."""

from collections import defaultdict
from typing import Any

from filingproof.agent.response import (
    CellRef,
    Citation,
    DerivationRef,
    Figure,
    FigureSource,
    QueryResponse,
    Status,
)
from filingproof.agent.state import AgentState, Draft
from filingproof.agent.trace import hop
from filingproof.verify import CellSource, DerivationSource, Verdict

NO_PASSAGE = "No passage of the ingested filings answers this question, so there is no answer to give."
CANNOT_VERIFY = (
    "The answer could not be verified against the cited cells of the filings, so no figure is given. "
    "Try asking for one line item and one period, or open the filing pages listed in the sources."
)


def _figures(draft: Draft, verdict: Verdict) -> list[Figure]:
    by_id = {cell.cell_id: cell for cell in draft.cells}
    figures = []
    for check in verdict.figures:
        source = check.matched_source
        if isinstance(source, CellSource):
            cell = by_id[source.cell_id]
            figures.append(
                Figure(text=check.figure.text, value=float(cell.value), unit=cell.unit,
                       source=FigureSource(cells=[cell.cell_id]))
            )  # fmt: skip
        elif isinstance(source, DerivationSource):
            d = draft.derivations[source.index]
            ref = DerivationRef(kind=d.kind, formula=d.formula, inputs=list(d.inputs))
            figures.append(
                Figure(text=check.figure.text, value=float(d.value), unit=d.unit,
                       source=FigureSource(cells=list(d.inputs), derivation=ref))
            )  # fmt: skip
    return figures


def _citations(draft: Draft) -> list[Citation]:
    pages: dict[tuple[int, int], Citation] = {}
    cells_of: dict[tuple[int, int], list[CellRef]] = defaultdict(list)
    for cell in draft.cells:
        key = (cell.filing_id, cell.page_no)
        pages.setdefault(
            key,
            Citation(filing_id=cell.filing_id, accession=cell.accession, ticker=cell.ticker, form=cell.form,
                     period_end=cell.filing_period_end, page_no=cell.page_no, page_label=cell.page_label),
        )  # fmt: skip
        if all(ref.cell_id != cell.cell_id for ref in cells_of[key]):
            cells_of[key].append(CellRef(cell_id=cell.cell_id, box=cell.box))
    for p in draft.quotes:
        pages.setdefault(
            (p.filing_id, p.page_no),
            Citation(filing_id=p.filing_id, accession=p.accession, ticker=p.ticker, form=p.form,
                     period_end=p.period_end_iso, page_no=p.page_no, page_label=p.page_label),
        )  # fmt: skip
    return [c.model_copy(update={"cells": cells_of[key]}) for key, c in pages.items()]


async def answer(state: AgentState) -> dict[str, Any]:
    with hop("answer") as event:
        question = state["question"]
        refusal = state.get("refusal")
        if refusal is None and not state["draft"].text.strip():
            refusal = NO_PASSAGE
        if refusal is not None:
            response = QueryResponse(question=question, answer=refusal, status="refused")
        else:
            draft, verdict = state["draft"], state["verdict"]
            if verdict.ok:
                figures = _figures(draft, verdict)
                status: Status = "verified" if figures else "no_figures"
                response = QueryResponse(
                    question=question, answer=draft.text, status=status, figures=figures,
                    citations=_citations(draft),
                )  # fmt: skip
            else:
                response = QueryResponse(question=question, answer=CANNOT_VERIFY, status="cannot_verify")
        event.summary = (
            f"status={response.status}, {len(response.figures)} figures, "
            f"{len(response.citations)} pages cited"
        )
    return {"response": response}
