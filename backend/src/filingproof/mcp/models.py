"""Output models the MCP tools add to the read model's (`FilingList`, `PageOut`, `TableOut`) and the
pipeline's (`QueryResponse`)."""

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from filingproof.retrieval.search import PageHit, SearchResult


class SearchHitOut(BaseModel):
    filing_id: int
    accession: str | None
    ticker: str | None
    form: str
    period_end: date
    page_no: int = Field(description="1-based page of the filing; open it with get_page.")
    label: str | None = Field(description="The page number printed on the page, when it shows one.")
    score: float = Field(description="Fused reciprocal-rank score: higher is better.")
    snippet: str = Field(description="The best passage of the page; matched terms are wrapped in **.")

    @classmethod
    def of(cls, hit: PageHit) -> "SearchHitOut":
        return cls.model_validate(hit, from_attributes=True)  # the hit's fields, less the ranks and chunk


class SearchOut(BaseModel):
    query: str
    mode: Literal["hybrid", "bm25", "dense"] = Field(description="The rankings that were fused.")
    companies: list[str] = Field(description="Tickers of ingested companies the query names.")
    form: str | None = Field(description="The form the query asks about, if any.")
    fiscal_year: int | None = Field(description="The latest fiscal year the query names, if any.")
    out_of_scope: str | None = Field(description="Why the corpus cannot answer the query, when it cannot.")
    warnings: list[str]
    hits: list[SearchHitOut] = Field(description="The best pages, best first.")

    @classmethod
    def of(cls, result: SearchResult) -> "SearchOut":
        understood = result.understanding
        return cls(
            query=result.query,
            mode=result.mode,
            companies=list(understood.companies),
            form=understood.form,
            fiscal_year=understood.fiscal_year,
            out_of_scope=understood.out_of_scope,
            warnings=list(result.warnings),
            hits=[SearchHitOut.of(hit) for hit in result.hits],
        )
