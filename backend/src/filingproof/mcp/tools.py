"""The MCP tools: thin typed wrappers over the services the HTTP API and the CLI use, on the server's
`Pipeline` (its database for the reads, its search and its answers), which each tool receives through its
`Context` (the server's lifespan yields it).

Arguments are validated by their annotations (the tool's input schema); a well-formed request for
something that does not exist (an unknown filing, a page past the end) raises `ToolError`, which the
client receives as a tool result with `isError` and the message, not as a crash.
"""

from typing import Annotated, Literal

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import Field
from sqlalchemy.ext.asyncio import AsyncSession

from filingproof.agent.response import MAX_QUESTION_CHARS, QueryFilters, QueryResponse
from filingproof.agent.service import Pipeline
from filingproof.catalog.models import FilingList, PageOut, TableOut
from filingproof.catalog.reads import (
    FilingFilters,
    filing_by_id,
    page_of_filings,
    page_out,
    page_row,
    tables_on_page,
)
from filingproof.db.models import Page
from filingproof.db.session import transaction
from filingproof.mcp.models import SearchOut

INT32_MAX = 2**31 - 1

Ticker = Annotated[str, Field(pattern=r"^[A-Za-z0-9.\-]{1,16}$", description="e.g. AAPL")]
FilingId = Annotated[int, Field(ge=1, le=INT32_MAX, description="The filing's id, as list_filings gives it.")]
PageNo = Annotated[int, Field(ge=1, le=100_000, description="1-based page of the filing.")]
Form = Literal["10-K", "10-Q"]
FiscalYear = Annotated[int | None, Field(ge=1900, le=2200)]
# Printable text: control characters (tabs and newlines aside) have no place in a question, nor in the
# database text the pipeline searches with.
PRINTABLE = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f]*$"
Query = Annotated[
    str,
    Field(min_length=1, max_length=MAX_QUESTION_CHARS, pattern=PRINTABLE, description="Words or a question."),
]
Question = Annotated[
    str,
    Field(
        min_length=1,
        max_length=MAX_QUESTION_CHARS,
        pattern=PRINTABLE,
        description="A question about the ingested filings.",
        examples=["What was Apple's revenue in fiscal 2024?"],
    ),
]
ServerContext = Context[Pipeline]


def _pipeline(context: ServerContext) -> Pipeline:
    return context.request_context.lifespan_context


async def list_filings(
    context: ServerContext,
    ticker: Ticker | None = None,
    form: Form | None = None,
    fiscal_year: FiscalYear = None,
    limit: Annotated[int, Field(ge=1, le=100)] = 50,
    offset: Annotated[int, Field(ge=0, le=INT32_MAX)] = 0,
) -> FilingList:
    """List the ingested SEC filings (company, form, period, counts of pages, tables and cells), optionally
    filtered by ticker, form and fiscal year. Only these filings can be searched or asked about."""
    filters = FilingFilters(ticker=ticker, form=form, fiscal_year=fiscal_year)
    async with transaction(_pipeline(context).sessions) as session:
        items, total = await page_of_filings(session, filters, limit, offset)
    return FilingList(items=items, total=total, limit=limit, offset=offset)


async def search_filings(
    context: ServerContext,
    query: Query,
    limit: Annotated[int, Field(ge=1, le=20, description="How many pages.")] = 5,
) -> SearchOut:
    """Find the best pages of the ingested filings for a query (hybrid BM25 + dense search, narrowed to the
    companies, form and period the query names). Open a hit with get_page."""
    pipeline = _pipeline(context)
    async with transaction(pipeline.sessions) as session:
        return SearchOut.of(await pipeline.retriever.search(session, query, limit=limit))


async def _page(session: AsyncSession, filing_id: int, page_no: int) -> Page:
    filing = await filing_by_id(session, filing_id)
    if filing is None:
        raise ToolError(f"No ingested filing has id {filing_id} (list_filings gives the ids).")
    page = await page_row(session, filing_id, page_no)
    if page is None:
        raise ToolError(f"Filing {filing_id} has no page {page_no}: its pages are 1 to {filing.page_count}.")
    return page


async def get_page(context: ServerContext, filing_id: FilingId, page_no: PageNo) -> PageOut:
    """One page of a filing: its text, printed page label, and every table with its grid and its numeric
    cells (parsed value, unit, period, XBRL concept, and the cell's box on the page image)."""
    async with transaction(_pipeline(context).sessions) as session:
        page = await _page(session, filing_id, page_no)
        # Its path on the HTTP API (`filingproof serve`), as GET /filings/{id}/pages/{n} gives it.
        return await page_out(session, page, f"/filings/{filing_id}/pages/{page_no}/image")


async def get_table(
    context: ServerContext,
    filing_id: FilingId,
    page_no: PageNo,
    table_index: Annotated[
        int,
        Field(ge=0, le=INT32_MAX, description="The table's position in the filing, as get_page gives it."),
    ],
) -> TableOut:
    """One table of a page: its grid as displayed and its numeric cells with values, periods, XBRL concepts
    and boxes on the page image."""
    async with transaction(_pipeline(context).sessions) as session:
        tables = await tables_on_page(session, await _page(session, filing_id, page_no))
    for table in tables:
        if table.table_index == table_index:
            return table
    on_page = ", ".join(str(table.table_index) for table in tables) or "none"
    raise ToolError(
        f"Page {page_no} of filing {filing_id} has no table {table_index} (its tables: {on_page})."
    )


async def ask(
    context: ServerContext,
    question: Question,
    tickers: Annotated[tuple[Ticker, ...], Field(max_length=20, description="Companies to narrow to.")] = (),
    form: Form | None = None,
    fiscal_year: FiscalYear = None,
    filing_id: Annotated[
        int | None, Field(ge=1, le=INT32_MAX, description="One filing to answer from.")
    ] = None,
) -> QueryResponse:
    """Answer a question about the ingested SEC filings. Every figure in a `verified` answer is traced to
    cells of a filing (`figures[].source`, `citations[]` with page and cell boxes) that are the item asked.
    `quoted`: verbatim sentences of the filings, whose figures are cells of their pages but are not vouched
    for as the item asked. `refused`: the filings cannot answer it (another company, a period not
    ingested, a company outside the filters); `cannot_verify` and `no_figures` give no figure. The optional
    filters bound every answer: no figure or page from outside them is given, and where the question is
    silent they name its company, form and year."""
    if not question.strip():
        raise ToolError("The question is blank.")
    filters = QueryFilters(
        tickers=[ticker.upper() for ticker in tickers],
        form=form,
        fiscal_year=fiscal_year,
        filing_id=filing_id,
    )
    return await _pipeline(context).run(question, filters)
