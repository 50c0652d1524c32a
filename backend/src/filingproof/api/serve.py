"""`filingproof serve`: the HTTP service under uvicorn (embedded database unless DATABASE_URL is set).

With `--workers N`, N server processes share the listening socket (uvicorn's supervisor restarts any that
dies): a question's work is Python bound (understanding, table QA, the query's embedding), so one process
uses one core. The database is started and migrated once, by the supervisor, before the workers start;
each worker then warms its own query path, and `/ready` says ready once every worker has (`api.warm`).
"""

import os
import socket
import sys
import tempfile
from typing import Annotated

import typer
import uvicorn

from filingproof.api.warm import WARM_DIR_ENV, WORKERS_ENV


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
        port = self.config.port
        if port == 0:  # any free port: ask the listening socket which one it got
            port = self.servers[0].sockets[0].getsockname()[1]
        return _url(self.config.host, port)


def _url(host: str | None, port: int) -> str:
    host = host or "0.0.0.0"
    shown = "127.0.0.1" if host == "0.0.0.0" else host  # all interfaces: loopback is one of them
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def _prepare_database() -> None:
    """Start (embedded) and migrate the database once, before workers that would each race to."""
    from filingproof.config import get_settings
    from filingproof.db.migrate import upgrade_database
    from filingproof.db.session import database_url

    upgrade_database(database_url(get_settings()))


def _serve_workers(host: str, port: int, log_level: str, workers: int) -> None:
    from uvicorn.supervisors import Multiprocess

    from filingproof.api.server import uvicorn_config

    _prepare_database()
    with tempfile.TemporaryDirectory(prefix="filingproof-warm-") as warm_dir:
        # the workers (spawned: they inherit the environment) say here when they are warm
        os.environ[WARM_DIR_ENV] = warm_dir
        os.environ[WORKERS_ENV] = str(workers)
        config = uvicorn_config("filingproof.api.app:create_app", host, port, log_level, workers)
        sock = config.bind_socket()
        # once the socket listens: a connection waits in its backlog until a worker takes it
        host, port = sock.getsockname()[:2]
        sys.stdout.write(f"filingproof is ready at {_url(host, port)} ({workers} workers starting)\n")
        sys.stdout.flush()
        Multiprocess(config, sockets=[sock]).run()


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    # PORT is what hosting platforms (Render among them) tell a web service to listen on.
    port: Annotated[
        int, typer.Option(envvar="PORT", min=0, max=65535, help="Port to listen on (0: any free port).")
    ] = 8000,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "info",
    workers: Annotated[
        int,
        typer.Option(
            envvar="WEB_CONCURRENCY",
            min=1,
            max=64,
            help="Server processes sharing the port: one per core (each holds its own model and caches).",
        ),
    ] = 1,
) -> None:
    """Serve the HTTP API (OpenAPI at /docs); prints `filingproof is ready at URL` once it listens."""
    if workers > 1:
        _serve_workers(host, port, log_level, workers)
        return
    from filingproof.api.app import create_app
    from filingproof.api.server import uvicorn_config

    AnnouncingServer(uvicorn_config(create_app(), host, port, log_level)).run()
