"""The graph's state: what each node reads and the partial updates it returns."""

from dataclasses import dataclass, field
from typing import Literal, TypedDict

from filingproof.agent.response import QueryFilters, QueryResponse, Reason
from filingproof.qa.items import Ask
from filingproof.qa.pick import TableAnswer
from filingproof.qa.store import CellHit
from filingproof.reading.reading import Reading
from filingproof.understanding import Catalog, QueryUnderstanding
from filingproof.verify import Derivation, Failure, Verdict

Route = Literal["numeric", "narrative", "hybrid", "refuse"]


@dataclass(frozen=True)
class Passage:
    """A sentence quoted verbatim from a page, with the cells its figures (if any) verify against."""

    sentence: str
    filing_id: int
    accession: str | None
    ticker: str | None
    form: str
    period_end_iso: str
    page_no: int
    page_label: str | None
    cells: tuple[CellHit, ...] = ()
    # the lines the sentence is drawn on, on its page image (x0, y0, x1, y1); none where not measured
    boxes: tuple[tuple[float, float, float, float], ...] = ()
    # its figures match no cell of its page: the filer's prose, quoted where it is drawn, vouched for by none
    prose_figures: bool = False


@dataclass(frozen=True)
class Draft:
    text: str
    cells: tuple[CellHit, ...]  # what the draft cites
    derivations: tuple[Derivation, ...] = ()
    quotes: tuple[Passage, ...] = ()
    writer: str = "deterministic"
    notes: tuple[str, ...] = field(default=())


class AgentState(TypedDict, total=False):
    question: str
    filters: QueryFilters
    catalog: Catalog
    reading: Reading  # the router's reading of the question: what every node below it reads
    understanding: QueryUnderstanding
    route: Route
    ask: Ask | None
    refusal: str
    refusal_reason: Reason  # where the refusal's kind is known where it is made (a segment not reported)
    passages: list[Passage]
    table: TableAnswer
    draft: Draft
    verdict: Verdict
    item_failures: list[Failure]  # figures whose cells are not the item asked (see `agent.faithful`)
    attempts: int  # syntheses so far
    repair_hint: str  # for the LLM only: which figures failed; never in the response or the trace
    response: QueryResponse
