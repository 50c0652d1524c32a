"""`filingproof serve`: the HTTP service under uvicorn (embedded database unless DATABASE_URL is set)."""

from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on (0: any free port).")] = 8000,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Serve the HTTP API (OpenAPI at /docs)."""
    import uvicorn

    from filingproof.api.app import create_app
    from filingproof.api.server import uvicorn_config

    uvicorn.Server(uvicorn_config(create_app(), host, port, log_level)).run()
