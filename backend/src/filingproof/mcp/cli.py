"""`filingproof mcp`: the MCP server over stdio (for an agent host that spawns it) or streamable HTTP."""

from enum import StrEnum
from typing import Annotated

import typer

from filingproof.config import get_settings


class Transport(StrEnum):
    stdio = "stdio"
    http = "http"


def mcp(
    transport: Annotated[Transport, typer.Option(help="stdio, or streamable HTTP (needs MCP_TOKEN).")] = (
        Transport.stdio
    ),
    host: Annotated[str, typer.Option(help="Address to listen on (HTTP).")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(min=0, max=65535, help="Port to listen on (HTTP; 0: any free port).")
    ] = 8765,
    log_level: Annotated[str, typer.Option(help="uvicorn log level (HTTP).")] = "warning",
) -> None:
    """Serve the MCP tools: list_filings, search_filings, get_page, get_table, ask."""
    from filingproof.mcp.server import build_server, run_http, run_stdio

    settings = get_settings()
    server = build_server(settings)
    if transport is Transport.stdio:
        run_stdio(server)
        return
    if settings.mcp_token is None:
        typer.echo("error: set MCP_TOKEN (at least 16 characters) to serve MCP over HTTP", err=True)
        raise typer.Exit(code=2)
    run_http(server, host, port, settings.mcp_token.get_secret_value(), log_level)
