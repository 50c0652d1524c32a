"""The answer as every surface returns it (`filingproof ask --json`, `POST /query/sync`)."""

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from filingproof.verify.cells import Unit

# verified: every figure is a cited cell of the item asked; quoted: verbatim sentences of the filings, no
# figure vouched for as the item asked; no_figures: verified text without figures; cannot_verify: nothing
# of the draft is given; refused: the filings cannot answer it.
Status = Literal["verified", "quoted", "ambiguous", "refused", "cannot_verify", "no_figures"]
# Why an answer gives no figure (`refused`, `cannot_verify`); None for the other statuses.
Reason = Literal[
    "company_not_ingested",  # the question names no ingested company (or one known but not ingested)
    "period_not_covered",  # the company is ingested, not for the period asked
    "outside_filters",  # the request's filters leave no filing, or not the one the question names
    "segment_not_reported",  # the company reports no segment, unit or brand of the name asked
    "metric_not_applicable",  # the metric needs a line the company's statements never print (a bank's COGS)
    "no_passage",  # nothing in the filings answers it
    "item_not_matched",  # the row found is not the item asked
    "figure_mismatch",  # a figure of the draft did not match its cells
    "other",
]
# The longest question any surface takes (the API, the MCP server, the command line).
MAX_QUESTION_CHARS = 2000
# A figure's unit is its cells' (an amount in euros is stated in euros, never converted).
FigureUnit = Unit


class QueryFilters(BaseModel):
    """Narrowing a caller may give besides the question: a bound on every answer (see
    `understanding.Filters`), standing in for the question where it is silent."""

    tickers: list[str] = Field(default_factory=list)
    form: Literal["10-K", "10-Q"] | None = None
    fiscal_year: int | None = None
    filing_id: int | None = None  # one ingested filing: its company, form and period


class DerivationRef(BaseModel):
    kind: str
    formula: str  # over cell ids, e.g. "([12] - [11]) / |[11]| * 100"
    inputs: list[int]  # cell ids; one below zero is a figure the filer states in a quoted sentence
    label: str = ""  # what it computes ("current ratio"); over no cell, a rule's own figure (its threshold)


class FigureSource(BaseModel):
    cells: list[int] = Field(default_factory=list)
    derivation: DerivationRef | None = None


class Figure(BaseModel):
    text: str  # as written in the answer
    value: float  # normalised: currency in units, percentages in points, per-share in currency
    unit: FigureUnit
    source: FigureSource


class CellRef(BaseModel):
    cell_id: int
    box: tuple[float, float, float, float] | None = None  # on the page image
    label: str = Field(default="", description="The cell's row label as printed (the line item).")
    column: str = Field(default="", description="The cell's column label as printed (its period).")


class QuoteRef(BaseModel):
    sentence: str = Field(description="A sentence of the page quoted verbatim in the answer.")
    boxes: list[tuple[float, float, float, float]] = Field(
        default_factory=list,
        description="The lines it is drawn on (x0, y0, x1, y1 on the page image); none where not measured.",
    )


class Citation(BaseModel):
    filing_id: int
    accession: str | None
    ticker: str | None
    form: str
    period_end: date
    page_no: int
    page_label: str | None
    cells: list[CellRef] = Field(default_factory=list)
    quotes: list[QuoteRef] = Field(default_factory=list)


class TraceEvent(BaseModel):
    name: str
    latency_ms: float
    tokens: int = 0
    cost: float = 0.0
    summary: str


class ReadSpan(BaseModel):
    text: str = Field(description="The span as typed.")
    role: Literal["company", "qualifier", "item", "period", "operation", "grammar", "filler"]
    bound: str = Field(default="", description="What it is bound to: a ticker, a member, the filings' words.")


class QuestionReading(BaseModel):
    """How the question was read: the text every step below the router reads, and each span's binding."""

    text: str
    spans: list[ReadSpan] = Field(default_factory=list)


class QueryResponse(BaseModel):
    question: str
    answer: str
    status: Status
    reason: Reason | None = Field(
        default=None, description="Why no figure is given, for `refused` and `cannot_verify` answers."
    )
    reading: QuestionReading | None = None
    figures: list[Figure] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    trace: list[TraceEvent] = Field(default_factory=list)
    cost: float = 0.0
    latency_ms: float = 0.0
