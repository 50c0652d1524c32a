"""Run the app under uvicorn: in the foreground (`filingproof serve`) or as a child process on a free
loopback port (the integration tests and the load benchmark talk to it over real sockets)."""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI


def uvicorn_config(
    app: FastAPI | str, host: str, port: int, log_level: str = "info", workers: int = 1
) -> uvicorn.Config:
    """`app`: the app, or (several workers, each building its own) the import string of its factory."""
    # The app decides whom to trust for X-Forwarded-For (settings.trusted_proxies), not uvicorn.
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        proxy_headers=False,
        server_header=False,
        log_level=log_level,
        factory=isinstance(app, str),
        workers=workers,
    )


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True)
class ChildServer:
    base_url: str
    process: "subprocess.Popen[bytes]"


@contextmanager
def child_server(
    env: Mapping[str, str] | None = None,
    argv: Sequence[str] | None = None,
    startup_timeout_s: float = 180.0,
) -> Iterator[ChildServer]:
    """`filingproof serve` (or `argv`, which gets the port appended) in a child process; stopped on exit.

    The child inherits this process's environment (FILINGPROOF_HOME, DATABASE_URL) plus `env`.
    """
    port = free_port()
    command = [
        *(argv or [sys.executable, "-m", "filingproof", "serve", "--log-level", "warning", "--port"]),
        str(port),
    ]
    process = subprocess.Popen(command, env={**os.environ, **(env or {})})
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(base_url, process, startup_timeout_s)
        yield ChildServer(base_url, process)
    finally:
        stop_process(process)


def stop_process(process: "subprocess.Popen[Any]", grace_s: float = 30) -> None:
    """SIGTERM, then SIGKILL if the process has not exited after `grace_s` seconds."""
    process.terminate()
    try:
        process.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_until_up(base_url: str, process: "subprocess.Popen[bytes]", timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode} before answering")
        try:
            if httpx.get(f"{base_url}/health", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer within {timeout_s:.0f} s")


def wait_until_warm(base_url: str, timeout_s: float = 300.0) -> float:
    """Seconds until the server's `/ready` reports its query path warm (model loaded, caches filled)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        checks = httpx.get(f"{base_url}/ready", timeout=60).json()["checks"]
        if any(check["name"] == "query_path" and check["ok"] for check in checks):
            return time.monotonic() - started
        time.sleep(0.2)
    raise RuntimeError(f"the server's query path was not warm within {timeout_s:.0f} s")
