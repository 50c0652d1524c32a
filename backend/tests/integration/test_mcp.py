"""The MCP server through real MCP client sessions, against the ingested corpus: over stdio (the client
spawns `python -m filingproof mcp`) and over streamable HTTP (a `filingproof mcp --transport http` child on
loopback, behind its bearer token). Every tool is called through the SDK's `ClientSession`."""

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TextIO

import httpx
import httpx2
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent

from filingproof.agent.response import QueryResponse
from filingproof.api.server import stop_process
from filingproof.catalog.models import FilingList, PageOut, TableOut
from filingproof.mcp.models import SearchOut

pytestmark = pytest.mark.corpus

TOKEN = "test-mcp-token-0123456789"
TOOLS = {"list_filings", "search_filings", "get_page", "get_table", "ask"}
REVENUE_QUESTION = "What was Apple's revenue in fiscal 2024?"
OUT_OF_SCOPE_QUESTION = "What was Microsoft's revenue in 2024?"
APPLE_FY2024_NET_SALES = 391_035_000_000.0  # "Total net sales ... 391,035" (in millions), 10-K page 29
STARTUP_TIMEOUT_S = 180.0
READ_TIMEOUT_S = 300.0
SERVER_ARGV = [sys.executable, "-m", "filingproof", "mcp"]

Connect = Callable[[], AbstractAsyncContextManager[ClientSession]]


@asynccontextmanager
async def _initialized(read: Any, write: Any) -> AsyncIterator[ClientSession]:
    async with ClientSession(read, write, read_timeout_seconds=READ_TIMEOUT_S) as session:
        await session.initialize()
        yield session


def _stdio_connect(errlog: TextIO) -> Connect:
    # The child inherits this session's environment: its FILINGPROOF_HOME holds the ingested corpus.
    params = StdioServerParameters(command=SERVER_ARGV[0], args=SERVER_ARGV[1:], env=dict(os.environ))

    @asynccontextmanager
    async def connect() -> AsyncIterator[ClientSession]:
        async with stdio_client(params, errlog=errlog) as (read, write), _initialized(read, write) as session:
            yield session

    return connect


def _http_connect(url: str, headers: dict[str, str]) -> Connect:
    @asynccontextmanager
    async def connect() -> AsyncIterator[ClientSession]:
        timeout = httpx2.Timeout(30, read=READ_TIMEOUT_S)
        async with (
            httpx2.AsyncClient(headers=headers, timeout=timeout) as http,
            streamable_http_client(url, http_client=http) as (read, write),
            _initialized(read, write) as session,
        ):
            yield session

    return connect


def _wait_for_url(process: "subprocess.Popen[str]", timeout_s: float) -> str:
    """The endpoint the server prints once it listens (it was started with --port 0)."""
    assert process.stdout is not None
    deadline = time.monotonic() + timeout_s
    while (remaining := deadline - time.monotonic()) > 0:
        if process.poll() is not None:
            raise RuntimeError(f"`filingproof mcp --transport http` exited with {process.returncode}")
        ready, _, _ = select.select([process.stdout], [], [], remaining)
        if ready:
            line = process.stdout.readline()
            if "listening on " in line:
                return line.split("listening on ", 1)[1].strip()
    raise RuntimeError(f"`filingproof mcp --transport http` printed no URL within {timeout_s:.0f} s")


@pytest.fixture(scope="module")
def server_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TextIO]:
    with (tmp_path_factory.mktemp("mcp") / "server.log").open("w+") as log:
        yield log


@pytest.fixture(scope="module")
def http_url(ingested_corpus: Any, server_log: TextIO) -> Iterator[str]:
    process = subprocess.Popen(
        [*SERVER_ARGV, "--transport", "http", "--host", "127.0.0.1", "--port", "0"],
        env={**os.environ, "MCP_TOKEN": TOKEN},
        stdout=subprocess.PIPE,
        stderr=server_log,
        text=True,
    )
    try:
        url = _wait_for_url(process, STARTUP_TIMEOUT_S)
        assert url.startswith("http://127.0.0.1:") and url.endswith("/mcp")
        yield url
    finally:
        stop_process(process)


@pytest.fixture(params=["stdio", "http"])
def connect(request: pytest.FixtureRequest, ingested_corpus: Any, server_log: TextIO) -> Connect:
    if request.param == "stdio":
        return _stdio_connect(server_log)
    url: str = request.getfixturevalue("http_url")
    return _http_connect(url, {"Authorization": f"Bearer {TOKEN}"})


def _structured(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, _text(result)
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def _text(result: CallToolResult) -> str:
    return " ".join(block.text for block in result.content if isinstance(block, TextContent))


async def test_lists_the_five_tools_with_input_and_output_schemas(connect: Connect) -> None:
    async with connect() as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description
        assert tool.input_schema["type"] == "object"
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        assert tool.annotations is not None and tool.annotations.read_only_hint
    assert tools["ask"].input_schema["required"] == ["question"]
    ask_output = tools["ask"].output_schema or {}
    assert {"answer", "status", "figures", "citations"} <= set(ask_output["properties"])
    assert set(tools["get_table"].input_schema["required"]) == {"filing_id", "page_no", "table_index"}


async def test_ask_answers_with_a_verified_figure_traced_to_a_cell(connect: Connect) -> None:
    async with connect() as session:
        answer = QueryResponse.model_validate(
            _structured(await session.call_tool("ask", {"question": REVENUE_QUESTION}))
        )
        assert answer.status == "verified", answer.answer
        [figure] = [figure for figure in answer.figures if figure.value == APPLE_FY2024_NET_SALES]
        assert figure.unit == "USD"
        assert "391,035" in figure.text and "391,035" in answer.answer
        [citation] = answer.citations
        assert (citation.ticker, citation.form, citation.period_end.isoformat()) == (
            "AAPL",
            "10-K",
            "2024-09-28",
        )
        assert citation.page_label == "29"
        cited = {ref.cell_id: ref.box for ref in citation.cells}
        assert set(figure.source.cells) <= set(cited)
        # The cited cell is on the cited page, as get_page shows it, in the same box.
        page = PageOut.model_validate(
            _structured(
                await session.call_tool(
                    "get_page", {"filing_id": citation.filing_id, "page_no": citation.page_no}
                )
            )
        )
    cells = {cell.id: cell for table in page.tables for cell in table.cells}
    [cell_id] = figure.source.cells
    cell = cells[cell_id]
    assert cell.value == APPLE_FY2024_NET_SALES and cell.text.strip("$ ") == "391,035"
    assert cell.row_label == "Total net sales"
    assert cell.box is not None
    assert cited[cell_id] == pytest.approx((cell.box.x0, cell.box.y0, cell.box.x1, cell.box.y1))


async def test_ask_refuses_a_question_the_filings_cannot_answer(connect: Connect) -> None:
    async with connect() as session:
        result = await session.call_tool("ask", {"question": OUT_OF_SCOPE_QUESTION})
    answer = QueryResponse.model_validate(_structured(result))
    assert answer.status == "refused"
    assert "Microsoft" in answer.answer and "not among the ingested filings" in answer.answer
    assert answer.figures == [] and answer.citations == []


async def test_ask_keeps_to_its_filters(connect: Connect) -> None:
    async with connect() as session:
        listing = await session.call_tool(
            "list_filings", {"ticker": "NVDA", "form": "10-K", "fiscal_year": 2025}
        )
        [filing] = FilingList.model_validate(_structured(listing)).items
        narrative = await session.call_tool(
            "ask", {"question": "What are the main supply chain risks?", "filing_id": filing.id}
        )
        outside = await session.call_tool(
            "ask", {"question": "What was Apple's net income in fiscal 2024?", "tickers": ["NVDA"]}
        )
    quoted = QueryResponse.model_validate(_structured(narrative))
    assert quoted.status == "quoted", quoted.answer
    assert quoted.citations and {citation.filing_id for citation in quoted.citations} == {filing.id}
    refused = QueryResponse.model_validate(_structured(outside))
    assert refused.status == "refused"
    assert "Apple (AAPL), outside the filters (company NVDA)" in refused.answer
    assert refused.figures == [] and refused.citations == []


async def test_reads_filings_search_pages_and_tables(connect: Connect) -> None:
    async with connect() as session:
        listing = FilingList.model_validate(_structured(await session.call_tool("list_filings", {})))
        apple = FilingList.model_validate(
            _structured(
                await session.call_tool(
                    "list_filings", {"ticker": "aapl", "form": "10-K", "fiscal_year": 2024}
                )
            )
        )
        found = SearchOut.model_validate(
            _structured(
                await session.call_tool(
                    "search_filings", {"query": "Apple consolidated statements of operations 2024"}
                )
            )
        )
        [apple_10k] = apple.items
        top = found.hits[0]
        page = PageOut.model_validate(
            _structured(
                await session.call_tool("get_page", {"filing_id": top.filing_id, "page_no": top.page_no})
            )
        )
        [statement] = [
            table for table in page.tables if any(c.row_label == "Total net sales" for c in table.cells)
        ]
        table = TableOut.model_validate(
            _structured(
                await session.call_tool(
                    "get_table",
                    {
                        "filing_id": top.filing_id,
                        "page_no": top.page_no,
                        "table_index": statement.table_index,
                    },
                )
            )
        )

    assert listing.total == 17 and len(listing.items) == 17
    assert {filing.ticker for filing in listing.items} >= {"AAPL", "AMZN", "GOOGL"}
    assert apple.total == 1 and apple_10k.period_end.isoformat() == "2024-09-28"
    assert found.companies == ["AAPL"] and found.mode in ("hybrid", "bm25")
    assert (top.filing_id, top.label) == (apple_10k.id, "29")
    assert "CONSOLIDATED STATEMENTS OF OPERATIONS" in page.text
    assert page.previous_page == top.page_no - 1 and page.next_page == top.page_no + 1
    assert page.image_url == f"/filings/{apple_10k.id}/pages/{top.page_no}/image"
    assert table == statement
    net_sales_2024 = [
        cell
        for cell in table.cells
        if cell.row_label == "Total net sales" and cell.value == APPLE_FY2024_NET_SALES
    ]
    assert len(net_sales_2024) == 1 and net_sales_2024[0].period_end is not None
    assert net_sales_2024[0].period_end.isoformat() == "2024-09-28"
    assert all(cell.box is not None and cell.box.x1 > cell.box.x0 for cell in table.cells)


async def test_bad_input_is_a_tool_error_and_the_session_goes_on(connect: Connect) -> None:
    async with connect() as session:
        listing = FilingList.model_validate(
            _structured(await session.call_tool("list_filings", {"limit": 1}))
        )
        [filing] = listing.items
        unknown_filing = await session.call_tool("get_page", {"filing_id": 2_000_000_000, "page_no": 1})
        past_the_end = await session.call_tool(
            "get_page", {"filing_id": filing.id, "page_no": filing.page_count + 1}
        )
        no_such_table = await session.call_tool(
            "get_table", {"filing_id": filing.id, "page_no": 1, "table_index": 2_000_000_000}
        )
        bad_arguments = await session.call_tool("get_page", {"filing_id": "one", "page_no": 0})
        blank_question = await session.call_tool("ask", {"question": "   "})
        control_characters = await session.call_tool("ask", {"question": "Apple revenue\x00 2024"})
        still_serving = await session.call_tool("list_filings", {"limit": 1})

    assert unknown_filing.is_error and "No ingested filing has id 2000000000" in _text(unknown_filing)
    assert past_the_end.is_error
    assert f"has no page {filing.page_count + 1}: its pages are 1 to {filing.page_count}" in _text(
        past_the_end
    )
    assert no_such_table.is_error and "has no table 2000000000" in _text(no_such_table)
    assert (
        bad_arguments.is_error and "filing_id" in _text(bad_arguments) and "page_no" in _text(bad_arguments)
    )
    assert blank_question.is_error and "blank" in _text(blank_question)
    assert control_characters.is_error and "question" in _text(control_characters)
    assert not still_serving.is_error


UNAUTHORIZED = pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wrong-token-0123456789"}, {"Authorization": f"Basic {TOKEN}"}],
    ids=["missing", "wrong", "not-bearer"],
)


@UNAUTHORIZED
async def test_a_client_session_without_the_token_is_refused(http_url: str, headers: dict[str, str]) -> None:
    # The SDK reports the 401 as an MCPError, raised out of the transport's task groups.
    with pytest.RaisesGroup(MCPError, flatten_subgroups=True):
        async with _http_connect(http_url, headers)() as session:
            await session.list_tools()


@UNAUTHORIZED
def test_a_request_without_the_token_gets_401(http_url: str, headers: dict[str, str]) -> None:
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}
    response = httpx.post(
        http_url,
        json=initialize,
        headers={**headers, "Accept": "application/json, text/event-stream"},
        timeout=30,
    )
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")
    assert json.loads(response.text)["error"] == "invalid_token"


def test_http_refuses_to_start_without_a_token() -> None:
    env = {key: value for key, value in os.environ.items() if key != "MCP_TOKEN"}
    finished = subprocess.run(
        [*SERVER_ARGV, "--transport", "http", "--port", "0"],
        env=env,
        capture_output=True,
        text=True,
        timeout=STARTUP_TIMEOUT_S,
        cwd=Path(__file__).parent,  # away from any .env that could hold a token
    )
    assert finished.returncode == 2
    assert "set MCP_TOKEN" in finished.stderr
    assert finished.stdout == ""
