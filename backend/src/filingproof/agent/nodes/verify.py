"""Verify, fail closed: every figure of the draft against the cells and derivations it cites.

Periods a draft names must be backed by a cited cell's period, or (a date, month or year only) by the end
of a filing it cites; each figure's claim (its company, item, period and sign words) must state its own
cell (`verify.claims`);
inside a verbatim quote, periods, references and claims ("record revenue") are the filer's words and only
its figures are held to cells. A note reference ("Note 12") stands only where a cited filing mentions
that note; a page reference only for a cited page.

The check of a long draft runs in a worker thread: it is pure CPU over the draft, and the event loop keeps
serving other requests while it runs (a long draft would otherwise stall them all); a short one is checked
on the loop, cheaper than the hand-off (`agent.offload`).
"""

import re
from collections.abc import Collection, Sequence
from datetime import date
from typing import Any

from langchain_core.runnables import RunnableConfig
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.deps import deps_of
from filingproof.agent.faithful import CellFactsReader, exclusion_failures, figure_cells, item_failures
from filingproof.agent.offload import over_draft
from filingproof.agent.scales import scale_failures
from filingproof.agent.state import AgentState, Draft
from filingproof.agent.trace import hop
from filingproof.agent.writer import write
from filingproof.metrics.answer import metric_inputs
from filingproof.qa.asked import asked_items
from filingproof.qa.parts import proven_parts
from filingproof.verify import Failure, Verdict, find_references, reference_key, verify_draft
from filingproof.verify.claims import ClaimCell, claim_failures

# Failures a filer's own quoted sentence may carry: its periods, references and claims are its words.
_QUOTE_EXEMPT = frozenset({"period", "reference", "claim"})
# and those of a sentence whose figures no cell of its page prints (`Passage.prose_figures`): its figures
_PROSE_EXEMPT = frozenset({"figure", "unrecognised"})
_NOTE_LABEL = re.compile(r"\d{1,3}")


def quote_spans(draft: Draft, prose_only: bool = False) -> list[tuple[int, int]]:
    """Where the draft's verbatim quotes sit in its text; `prose_only`: those whose figures no cell prints."""
    spans = []
    for passage in draft.quotes:
        if prose_only and not passage.prose_figures:
            continue
        start = draft.text.find(passage.sentence)
        if start >= 0:
            spans.append((start, start + len(passage.sentence)))
    return spans


def _cited_pages(draft: Draft) -> set[str]:
    """ "page 45" for each page the draft cites, by printed label and by position."""
    pages = [(cell.page_label, cell.page_no) for cell in draft.cells]
    pages += [(passage.page_label, passage.page_no) for passage in draft.quotes]
    return {reference_key("page", str(name)) for page in pages for name in page if name}


def check_draft(draft: Draft, notes: Collection[str] = ()) -> Verdict:
    """The verdict on `draft`; `notes` are the note references ("note 12") its cited filings have."""
    filing_ends = {cell.filing_period_end for cell in draft.cells}
    filing_ends.update(date.fromisoformat(p.period_end_iso) for p in draft.quotes)
    known = _cited_pages(draft) | set(notes)
    cited = [c.cited() for c in draft.cells] + [figure.cited() for figure in draft.stated]
    verdict = verify_draft(draft.text, cited, draft.derivations, (), known, sorted(filing_ends))
    quotes, prose = quote_spans(draft), quote_spans(draft, prose_only=True)
    names = numbered_names(draft.text, [cell.row_label for cell in draft.cells])

    def within(failure: Failure, spans: Sequence[tuple[int, int]]) -> bool:
        span = failure.span
        return span is not None and any(start <= span[0] and span[1] <= end for start, end in spans)

    failed = [
        failure
        for failure in verdict.failed
        if not (failure.kind in _QUOTE_EXEMPT and within(failure, quotes))
        and not (failure.kind in _PROSE_EXEMPT and within(failure, prose))
        and not (failure.kind in _PROSE_EXEMPT and within(failure, names))
    ]
    return Verdict(not failed, verdict.figures, verdict.periods, failed)


# a number inside a word-led name ("Gardasil 9", "Model 3"): no figure where a cited row's label holds it
_NUMBERED_NAME = re.compile(r"[A-Za-z][\w&.'’-]*(?:[ /][A-Za-z][\w&.'’-]*)*\s\d{1,2}\b")


def numbered_names(text: str, labels: Collection[str]) -> list[tuple[int, int]]:
    """Where `text` writes the numbered names the row `labels` print: "Gardasil/Gardasil 9" is Merck's
    vaccine, whose "9" is no figure."""
    spans = []
    for name in {found.group() for label in labels for found in _NUMBERED_NAME.finditer(label)}:
        spans += [found.span() for found in re.finditer(rf"(?<![\w.]){re.escape(name)}(?![\w.])", text)]
    return spans


def _cited_filings(draft: Draft) -> list[int]:
    return sorted({cell.filing_id for cell in draft.cells} | {p.filing_id for p in draft.quotes})


async def filing_notes(session: AsyncSession, filing_ids: Sequence[int], labels: Collection[str]) -> set[str]:
    """The labels of `labels` that some page of the filings names as a note ("Note 12", "NOTE 12.")."""
    numbers = sorted({label for label in labels if _NOTE_LABEL.fullmatch(label)})
    if not numbers or not filing_ids:
        return set()
    rows = await session.execute(
        text(
            "SELECT wanted.number FROM unnest(CAST(:labels AS text[])) AS wanted(number) WHERE EXISTS ("
            "SELECT 1 FROM pages WHERE pages.filing_id = ANY(CAST(:filings AS integer[])) "
            "AND pages.text ~* ('\\mnotes?\\s+' || wanted.number || '\\M'))"
        ),
        {"labels": numbers, "filings": list(filing_ids)},
    )
    return {reference_key("note", label) for label in rows.scalars()}


async def _draft_notes(session: AsyncSession, draft: Draft) -> set[str]:
    labels = {reference.label for reference in find_references(draft.text) if reference.kind == "note"}
    return await filing_notes(session, _cited_filings(draft), labels) if labels else set()


async def _unfaithful(
    state: AgentState, facts_of: CellFactsReader, draft: Draft, verdict: Verdict
) -> list[Failure]:
    """The figures of the draft's own text whose cells are not the item the question asks for."""
    # a metric's inputs are checked as the inputs they stand for (`metrics.answer.metric_inputs`)
    table = state.get("table")
    proven = await proven_parts(facts_of.session, table.picks) if table else set()
    sources, failures = metric_inputs(figure_cells(verdict, quote_spans(draft)), verdict, table, proven)
    if not sources:
        return failures
    question, u, catalog, ask = (
        state["reading"].text,
        state["understanding"],
        state["catalog"],
        state.get("ask"),
    )
    asked = asked_items(question, u, catalog, ask, printed=True)
    asked_inputs = asked_items(question, u, catalog, ask)
    inputs = {cell for derivation in draft.derivations for cell in derivation.inputs}
    facts = await facts_of([cell for cells in sources.values() for cell in cells])
    failures += item_failures(verdict, sources, facts, asked, asked_inputs, inputs)
    excluded = state["reading"].excluded
    return failures + await exclusion_failures(facts_of.session, verdict, sources, excluded)


async def _misstated(
    state: AgentState, facts_of: CellFactsReader, draft: Draft, verdict: Verdict
) -> list[Failure]:
    """The claims of the draft whose words misstate their cells: another company, item, period or sign."""
    if not any(check.ok for check in verdict.figures):
        return []
    companies = state["catalog"].prose_names
    facts = await facts_of([cell.cell_id for cell in draft.cells])
    cells = {
        cell.cell_id: ClaimCell(
            cell.cell_id,
            cell.ticker,
            cell.value,
            cell.period,
            cell.row_label,
            tuple(facts.get(cell.cell_id, ())),
        )
        for cell in draft.cells
    }
    # a figure the filer states in a quoted sentence is of what its words there say (`agent.stated`)
    cells |= {figure.ref: figure.claim_cell() for figure in draft.stated}
    return await over_draft(
        draft.text,
        claim_failures,
        draft.text,
        verdict.figures,
        cells,
        draft.derivations,
        companies,
        quote_spans(draft),
    )


async def verify(state: AgentState, config: RunnableConfig) -> dict[str, Any]:
    with hop("verify") as event:
        deps = deps_of(config)
        session, draft = deps.session, state["draft"]
        names = {ticker: found[:1] for ticker, found in state["catalog"].prose_names.items()}
        facts_of = CellFactsReader(session, names, deps.store)
        notes = await _draft_notes(session, draft)
        verdict = await over_draft(draft.text, check_draft, draft, notes)
        misstated = await _misstated(state, facts_of, draft, verdict)
        if misstated:
            failed = sorted([*verdict.failed, *misstated], key=lambda failure: failure.span or (-1, -1))
            verdict = Verdict(False, verdict.figures, verdict.periods, failed)
        update: dict[str, Any] = {}
        # a misscaled cell, like a cell of another item, is the cell picked: no rewrite mends it
        unfaithful = [
            *await _unfaithful(state, facts_of, draft, verdict),
            *await scale_failures(session, draft, verdict, quote_spans(draft)),
        ]
        if unfaithful:
            update["item_failures"] = unfaithful
            if draft.quotes:
                # The figures are not the item asked; the filer's own sentences still stand, as quotes.
                draft = write(None, draft.quotes)
                verdict = await over_draft(draft.text, check_draft, draft, notes)
                update["draft"] = draft
            else:
                failed = sorted([*verdict.failed, *unfaithful], key=lambda failure: failure.span or (-1, -1))
                verdict = Verdict(False, verdict.figures, verdict.periods, failed)
        kinds = sorted({failure.kind for failure in verdict.failed})
        event.summary = f"{len(verdict.figures)} figures, {len(verdict.periods)} periods checked: " + (
            "all verified" if verdict.ok else f"{len(verdict.failed)} failed ({', '.join(kinds)})"
        )
        if unfaithful:
            event.summary += f"; {len(unfaithful)} not the item asked" + (
                ", quotes kept" if draft.quotes else ""
            )
    return {"verdict": verdict, **update}
