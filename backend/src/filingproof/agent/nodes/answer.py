"""Answer: the response object.

- `verified`: every figure of the answer's own text is a cited cell (or computed from cited cells) and that
  cell is the item asked (`agent.faithful`);
- `quoted`: the answer is verbatim sentences of the filings and nothing else: their figures are cells of
  their own pages, but no figure is vouched for as the item asked;
- `ambiguous`: several cells fit the asked item equally well and show different values: each is given,
  linked, and none is vouched for as the answer;
- `no_figures`: verified text without figures;
- `cannot_verify`: nothing of the draft is given; the answer says why when the figure found is not the item
  asked;
- `refused`: the filings cannot answer it.
"""

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from filingproof.agent.faithful import figure_cells
from filingproof.agent.nodes.verify import quote_spans
from filingproof.agent.response import (
    CellRef,
    Citation,
    DerivationRef,
    Figure,
    FigureSource,
    QueryResponse,
    QuestionReading,
    QuoteRef,
    ReadSpan,
    Reason,
    Status,
)
from filingproof.agent.state import AgentState, Draft
from filingproof.agent.trace import hop
from filingproof.reading.reading import Reading
from filingproof.understanding import QueryUnderstanding, how_to_add, not_ingested
from filingproof.verify import CellSource, DerivationSource, Failure, Verdict, redact

NO_PASSAGE = "No passage of the ingested filings answers this question, so there is no answer to give."
CANNOT_VERIFY = (
    "The answer could not be verified against the cited cells of the filings, so no figure is given. "
    "Try asking for one line item and one period, or open the filing pages listed in the sources."
)


NOT_THE_ITEM = "Try asking for the line item as the filing's tables name it, or open the filing's pages."


def _not_the_item(failures: Sequence[Failure]) -> str:
    """Why the figures found are not given, without any figure (labels may carry some)."""
    reasons = "; ".join(dict.fromkeys(redact(failure.reason) for failure in failures))
    return f"No figure from the tables is given, because the one found is not the item asked: {reasons}."


def _refusal_reason(state: AgentState) -> Reason:
    """What kind of refusal the router's (or an empty draft's) is, from the understanding it refused on."""
    u = state.get("understanding")
    if state.get("refusal") is None:
        return "no_passage"
    if (known := state.get("refusal_reason")) is not None:
        return known
    if u is None:
        return "other"
    if u.filing_ids == () or u.outside_filters:
        return "outside_filters"
    if u.unknown_companies or (not u.companies and not u.out_of_scope):
        return "company_not_ingested"
    if u.companies and u.out_of_scope:
        return "period_not_covered"  # a year the company's filings do not cover, or none can have
    return "other"


def left_out(u: QueryUnderstanding | None) -> str:
    """The sentence naming the companies a question names beside ingested ones but that are not ingested,
    and how to add them; "" when there are none."""
    if u is None or not u.unknown_companies or not u.companies:
        return ""
    them = "it" if len(u.unknown_companies) == 1 else "them"
    return (
        f"{not_ingested(u.unknown_companies)}, so the answer leaves {them} out "
        f"(to add: {how_to_add(u.unknown_tickers)})."
    )


def _status(draft: Draft, verdict: Verdict, figures: Sequence[Figure]) -> Status:
    if figure_cells(verdict, quote_spans(draft)):
        return "verified"
    if draft.quotes:
        return "quoted"  # the filer's sentences: true, but no figure is vouched for as the item asked
    return "verified" if figures else "no_figures"


def _figures(draft: Draft, verdict: Verdict) -> list[Figure]:
    by_id = {cell.cell_id: cell for cell in draft.cells}
    figures = []
    for check in verdict.figures:
        source = check.matched_source
        if isinstance(source, CellSource) and source.cell_id in by_id:
            cell = by_id[source.cell_id]
            figures.append(
                Figure(text=check.figure.text, value=float(cell.value), unit=cell.unit,
                       source=FigureSource(cells=[cell.cell_id]))
            )  # fmt: skip
        elif isinstance(source, DerivationSource):
            d = draft.derivations[source.index]
            ref = DerivationRef(kind=d.kind, formula=d.formula, inputs=list(d.inputs), label=d.label)
            figures.append(
                Figure(text=check.figure.text, value=float(d.value), unit=d.unit,
                       source=FigureSource(cells=[c for c in d.inputs if c > 0], derivation=ref))
            )  # fmt: skip
    return figures


def _citations(draft: Draft) -> list[Citation]:
    pages: dict[tuple[int, int], Citation] = {}
    cells_of: dict[tuple[int, int], list[CellRef]] = defaultdict(list)
    quotes_of: dict[tuple[int, int], list[QuoteRef]] = defaultdict(list)
    for cell in draft.cells:
        key = (cell.filing_id, cell.page_no)
        pages.setdefault(
            key,
            Citation(filing_id=cell.filing_id, accession=cell.accession, ticker=cell.ticker, form=cell.form,
                     period_end=cell.filing_period_end, page_no=cell.page_no, page_label=cell.page_label),
        )  # fmt: skip
        if all(ref.cell_id != cell.cell_id for ref in cells_of[key]):
            cells_of[key].append(
                CellRef(cell_id=cell.cell_id, box=cell.box, label=cell.row_label, column=cell.column_label)
            )
    for p in draft.quotes:
        pages.setdefault(
            (p.filing_id, p.page_no),
            Citation(filing_id=p.filing_id, accession=p.accession, ticker=p.ticker, form=p.form,
                     period_end=p.period_end_iso, page_no=p.page_no, page_label=p.page_label),
        )  # fmt: skip
        quotes_of[(p.filing_id, p.page_no)].append(QuoteRef(sentence=p.sentence, boxes=list(p.boxes)))
    return [
        c.model_copy(update={"cells": cells_of[key], "quotes": quotes_of[key]}) for key, c in pages.items()
    ]


def reading_out(reading: Reading) -> QuestionReading:
    spans = [ReadSpan(text=span.text, role=span.role, bound=span.bound) for span in reading.spans]
    return QuestionReading(text=reading.text, spans=spans)


async def answer(state: AgentState) -> dict[str, Any]:
    with hop("answer") as event:
        question = state["question"]
        refusal = state.get("refusal")
        if refusal is None and not state["draft"].text.strip():
            refusal = NO_PASSAGE
        if refusal is not None:
            response = QueryResponse(
                question=question, answer=refusal, status="refused", reason=_refusal_reason(state)
            )
        else:
            draft, verdict = state["draft"], state["verdict"]
            unfaithful = state.get("item_failures", [])
            if verdict.ok:
                figures = _figures(draft, verdict)
                text = f"{_not_the_item(unfaithful)}\n{draft.text}" if unfaithful else draft.text
                u = state.get("understanding")
                if missing := left_out(u):
                    text = f"{text}\n{missing}"
                if u is not None and u.years_read:
                    text = f"{text}\n{u.years_read}"
                status = _status(draft, verdict, figures)
                table = state.get("table")
                if status == "verified" and table is not None and table.ambiguous:
                    status = "ambiguous"
                response = QueryResponse(
                    question=question, answer=text, status=status, figures=figures,
                    citations=_citations(draft),
                )  # fmt: skip
            elif unfaithful:
                text = f"{_not_the_item(unfaithful)} {NOT_THE_ITEM}"
                response = QueryResponse(
                    question=question, answer=text, status="cannot_verify", reason="item_not_matched"
                )
            else:
                response = QueryResponse(
                    question=question, answer=CANNOT_VERIFY, status="cannot_verify", reason="figure_mismatch"
                )
        if "reading" in state:
            response = response.model_copy(update={"reading": reading_out(state["reading"])})
        event.summary = (
            f"status={response.status}, {len(response.figures)} figures, "
            f"{len(response.citations)} pages cited"
        )
    return {"response": response}
