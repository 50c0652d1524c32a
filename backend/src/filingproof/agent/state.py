"""The graph's state: what each node reads and the partial updates it returns."""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Literal, TypedDict

from filingproof.agent.response import QueryFilters, QueryResponse, Reason
from filingproof.qa.items import Ask
from filingproof.qa.pick import TableAnswer
from filingproof.qa.store import CellHit
from filingproof.reading.reading import Reading
from filingproof.understanding import Catalog, QueryUnderstanding
from filingproof.verify import CitedValue, Derivation, Failure, Unit, Verdict
from filingproof.verify.claims import ClaimCell
from filingproof.verify.items import CellFacts

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
class StatedFigure:
    """A figure the filer states in a quoted sentence, an input of a change or a total computed from such
    figures (`agent.stated`): cited under `ref`, below zero, which is no cell's id."""

    ref: int
    text: str  # as written in the sentence
    value: Decimal
    unit: Unit
    about: str  # the filer's words for what it is of ("five year unsecured revolving credit agreement")
    passage: Passage

    def cited(self) -> CitedValue:
        # no period of its own: the sentence's, the day of the filing that states it
        return CitedValue(self.ref, self.value, self.unit, None, "instant", None, self.day)

    @property
    def day(self) -> date:
        return date.fromisoformat(self.passage.period_end_iso)

    def claim_cell(self) -> ClaimCell:
        """What the claims about it are held to: the words its sentence says it is of."""
        ticker = self.passage.ticker or ""
        facts = CellFacts((self.about,), unit=self.unit, instant=True, period_end=self.day, company=ticker)
        return ClaimCell(self.ref, ticker, self.value, self.cited().period, self.about, (facts,))


@dataclass(frozen=True)
class Draft:
    text: str
    cells: tuple[CellHit, ...]  # what the draft cites
    derivations: tuple[Derivation, ...] = ()
    quotes: tuple[Passage, ...] = ()
    stated: tuple[StatedFigure, ...] = ()  # the quoted figures its derivations are computed from, if any
    writer: str = "deterministic"
    notes: tuple[str, ...] = field(default=())


class AgentState(TypedDict, total=False):
    question: str
    filters: QueryFilters
    catalog: Catalog
    reading: Reading  # the router's reading of the question: what every node below it reads
    understanding: QueryUnderstanding
    route: Route
    # the topic of a question about the risks a company describes (`agent.risk_factors`); None for another
    risk_topic: frozenset[tuple[str, ...]] | None
    ask: Ask | None
    refusal: str
    refusal_reason: Reason  # where the refusal's kind is known where it is made (a segment not reported)
    passages: list[Passage]
    stated: list[StatedFigure]  # figures of the passages a change or total is computed from (`agent.stated`)
    table: TableAnswer
    draft: Draft
    verdict: Verdict
    item_failures: list[Failure]  # figures whose cells are not the item asked (see `agent.faithful`)
    attempts: int  # syntheses so far
    repair_hint: str  # for the LLM only: which figures failed; never in the response or the trace
    response: QueryResponse
