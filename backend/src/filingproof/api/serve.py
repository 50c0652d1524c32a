"""`filingproof serve`: the HTTP service under uvicorn (embedded database unless DATABASE_URL is set)."""

import socket
import sys
from typing import Annotated

import typer
import uvicorn


class AnnouncingServer(uvicorn.Server):
    """A uvicorn server that prints `filingproof is ready at URL` once it accepts connections.

    The line is written after the lifespan startup (database up, migrations applied) and after the sockets
    listen, to stdout and flushed (stdout is a pipe under `make` or a test), so whoever waits for it can send
    a request the moment it appears.
    """

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and not self.should_exit:
            sys.stdout.write(f"filingproof is ready at {self.url()}\n")
            sys.stdout.flush()

    def url(self) -> str:
        host = self.config.host or "0.0.0.0"
        port = self.config.port
        if port == 0:  # any free port: ask the listening socket which one it got
            port = self.servers[0].sockets[0].getsockname()[1]
        shown = "127.0.0.1" if host == "0.0.0.0" else host  # all interfaces: loopback is one of them
        return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    # PORT is what hosting platforms (Render among them) tell a web service to listen on.
    port: Annotated[
        int, typer.Option(envvar="PORT", min=0, max=65535, help="Port to listen on (0: any free port).")
    ] = 8000,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
) -> None:
    """Serve the HTTP API (OpenAPI at /docs); prints `filingproof is ready at URL` once it listens."""
    from filingproof.api.app import create_app
    from filingproof.api.server import uvicorn_config

    AnnouncingServer(uvicorn_config(create_app(), host, port, log_level)).run()
