"""The MCP server (official `mcp` SDK): its tools over stdio, or streamable HTTP behind a bearer token."""

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import version

import anyio
import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations

from filingproof.agent.service import Pipeline
from filingproof.config import Settings
from filingproof.db.migrate import upgrade_database_async
from filingproof.db.session import create_engine, database_url, sessions_for
from filingproof.mcp.auth import BearerTokenGuard
from filingproof.mcp.tools import ask, get_page, get_table, list_filings, search_filings

MCP_PATH = "/mcp"
INSTRUCTIONS = (
    "filingproof answers questions about ingested SEC filings (10-K, 10-Q) so that every figure is traced "
    "to a cell of the filing. Use `ask` for an answer with verified figures and citations; `list_filings`, "
    "`search_filings`, `get_page` and `get_table` to read the filings themselves."
)
READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)


def build_server(settings: Settings) -> MCPServer[Pipeline]:
    """The server on the database and writer of `settings`. Like the API app, it owns its engine for its
    lifetime (its lifespan, entered once per process by either transport), and gives every tool the
    pipeline over it. The database is reached only there: an embedded server started earlier, before the
    stdio transport points fd 1 at stderr, could write into the JSON-RPC stream."""

    @asynccontextmanager
    async def lifespan(_: MCPServer[Pipeline]) -> AsyncIterator[Pipeline]:
        url = await asyncio.to_thread(database_url, settings)
        await upgrade_database_async(url)
        engine = create_engine(url)
        try:
            yield Pipeline.from_settings(sessions_for(engine), settings)
        finally:
            await engine.dispose()

    server: MCPServer[Pipeline] = MCPServer(
        "filingproof",
        title="filingproof",
        instructions=INSTRUCTIONS,
        version=version("filingproof"),
        lifespan=lifespan,
    )
    for tool in (list_filings, search_filings, get_page, get_table, ask):
        server.add_tool(tool, annotations=READ_ONLY, structured_output=True)
    return server


def run_stdio(server: MCPServer[Pipeline]) -> None:
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


def run_http(server: MCPServer[Pipeline], host: str, port: int, token: str, log_level: str) -> None:
    # `host` also decides the SDK's DNS-rebinding protection: on loopback only loopback Host headers pass.
    app = BearerTokenGuard(server.streamable_http_app(streamable_http_path=MCP_PATH, host=host), token)
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, proxy_headers=False, server_header=False
    )
    _AnnouncingServer(config).run()
