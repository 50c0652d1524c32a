"""The MCP server (official `mcp` SDK): its tools over stdio, or streamable HTTP behind a bearer token."""

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import version

import anyio
import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import get_engine
from filingproof.llm.base import Provider
from filingproof.mcp.auth import BearerTokenGuard
from filingproof.mcp.tools import ask_tool, get_page, get_table, list_filings, search_filings

MCP_PATH = "/mcp"
INSTRUCTIONS = (
    "filingproof answers questions about ingested SEC filings (10-K, 10-Q) so that every figure is traced "
    "to a cell of the filing. Use `ask` for an answer with verified figures and citations; `list_filings`, "
    "`search_filings`, `get_page` and `get_table` to read the filings themselves."
)
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)


@asynccontextmanager
async def _database(_: MCPServer[None]) -> AsyncIterator[None]:
    await upgrade_database_async()
    try:
        yield
    finally:
        await get_engine().dispose()


def build_server(provider: Provider | None) -> MCPServer[None]:
    server: MCPServer[None] = MCPServer(
        "filingproof",
        title="filingproof",
        instructions=INSTRUCTIONS,
        version=version("filingproof"),
        lifespan=_database,
    )
    for tool in (list_filings, search_filings, get_page, get_table, ask_tool(provider)):
        server.add_tool(tool, annotations=READ_ONLY, structured_output=True)
    return server


def run_stdio(server: MCPServer[None]) -> None:
    # The SDK points fd 1 at stderr while it serves, so stray prints (and the embedded database's
    # children) cannot corrupt the JSON-RPC stream on stdout.
    anyio.run(server.run_stdio_async)


class _AnnouncingServer(uvicorn.Server):
    """uvicorn that prints the MCP endpoint once it listens (with --port 0 the port is known only then)."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            host, port = self.servers[0].sockets[0].getsockname()[:2]
            shown = f"[{host}]" if ":" in host else host
            print(f"MCP server listening on http://{shown}:{port}{MCP_PATH}", flush=True)


def run_http(server: MCPServer[None], host: str, port: int, token: str, log_level: str) -> None:
    # `host` also decides the SDK's DNS-rebinding protection: on loopback only loopback Host headers pass.
    app = BearerTokenGuard(server.streamable_http_app(streamable_http_path=MCP_PATH, host=host), token)
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, proxy_headers=False, server_header=False
    )
    _AnnouncingServer(config).run()
