"""A real loopback HTTP server over ``../shared/edgar-mirror`` for testing the EDGAR client offline.

One `MirrorServer` serves one host folder (``www.sec.gov`` or ``data.sec.gov``) on ``127.0.0.1`` with an
ephemeral port, so each EDGAR host gets its own base URL. It answers 404 for anything the mirror lacks,
gzips when asked (as EDGAR does), records every request (arrival time, path, headers, status), and can be
told to fail: ``server.fail_next("/files/company_tickers.json", status=429, times=1, retry_after="1")``.
`EdgarMirror` runs one server per host.
"""

from __future__ import annotations

import gzip
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Self
from urllib.parse import unquote, urlsplit

#: The repository root is two levels above this file (backend/tests/); ``shared/`` sits beside it.
REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_DIR = Path(os.environ.get("FILINGPROOF_SHARED_DIR", REPO_ROOT.parent / "shared")).resolve()
MIRROR_DIR = SHARED_DIR / "edgar-mirror"
CORPUS_DIR = SHARED_DIR / "corpus" / "filings"

_CONTENT_TYPES = {
    ".json": "application/json",
    ".htm": "text/html; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".xml": "application/xml",
}


@dataclass(frozen=True, slots=True)
class RecordedRequest:
    """One request as the server saw it; ``time`` is ``time.monotonic()`` on arrival."""

    time: float
    method: str
    path: str
    headers: Mapping[str, str]
    status: int


@dataclass(slots=True)
class _Fault:
    status: int
    remaining: int
    retry_after: str | None
    headers: dict[str, str] = field(default_factory=dict)


class MirrorServer:
    """Serves ``root/<path>`` over HTTP/1.1 on loopback; use as a context manager."""

    def __init__(self, root: Path, *, compress: bool = True) -> None:
        if not root.is_dir():
            raise FileNotFoundError(f"EDGAR mirror folder not found: {root}")
        self.root = root.resolve()
        self.compress = compress
        self._lock = threading.Lock()
        self._requests: list[RecordedRequest] = []
        self._faults: dict[str, list[_Fault]] = {}
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.02},
            name="edgar-mirror",
            daemon=True,
        )

    # -- lifecycle ---------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> Self:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- what tests use ----------------------------------------------------------------------------

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request so far, in arrival order."""
        with self._lock:
            return list(self._requests)

    def requests_for(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    def reset(self) -> None:
        """Forget recorded requests and pending faults."""
        with self._lock:
            self._requests.clear()
            self._faults.clear()

    def fail_next(
        self,
        path: str,
        *,
        status: int,
        times: int = 1,
        retry_after: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        """Answer the next ``times`` requests for ``path`` with ``status`` (and ``Retry-After``, if given)."""
        with self._lock:
            self._faults.setdefault(path, []).append(
                _Fault(status=status, remaining=times, retry_after=retry_after, headers=dict(headers or {}))
            )

    # -- serving -----------------------------------------------------------------------------------

    def _take_fault(self, path: str) -> _Fault | None:
        with self._lock:
            queue = self._faults.get(path)
            while queue:
                fault = queue[0]
                if fault.remaining > 0:
                    fault.remaining -= 1
                    return fault
                queue.pop(0)
            return None

    def _record(
        self, arrived: float, method: str, path: str, headers: Mapping[str, str], status: int
    ) -> None:
        with self._lock:
            self._requests.append(RecordedRequest(arrived, method, path, dict(headers), status))
            self._requests.sort(key=lambda r: r.time)

    def _resolve(self, path: str) -> Path | None:
        relative = unquote(path).lstrip("/")
        if not relative:
            return None
        candidate = (self.root / relative).resolve()
        if not candidate.is_relative_to(self.root) or not candidate.is_file():
            return None
        return candidate

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                arrived = time.monotonic()
                path = urlsplit(self.path).path
                headers = {k: v for k, v in self.headers.items()}
                fault = server._take_fault(path)
                if fault is not None:
                    scripted = dict(fault.headers)
                    if fault.retry_after is not None:
                        scripted["Retry-After"] = fault.retry_after
                    server._record(arrived, "GET", path, headers, fault.status)
                    message = f"scripted fault {fault.status}\n".encode()
                    self._answer(fault.status, message, "text/plain", scripted)
                    return
                file = server._resolve(path)
                if file is None:
                    server._record(arrived, "GET", path, headers, 404)
                    self._answer(404, b"Not Found\n", "text/plain", {})
                    return
                body = file.read_bytes()
                extra: dict[str, str] = {}
                accepted = self.headers.get("Accept-Encoding", "")
                if server.compress and "gzip" in accepted.lower():
                    body = gzip.compress(body, compresslevel=1)
                    extra["Content-Encoding"] = "gzip"
                content_type = _CONTENT_TYPES.get(file.suffix.lower(), "application/octet-stream")
                server._record(arrived, "GET", path, headers, 200)
                self._answer(200, body, content_type, extra)

            def _answer(self, status: int, body: bytes, content_type: str, extra: Mapping[str, str]) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for name, value in extra.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        return Handler


class EdgarMirror:
    """Both EDGAR hosts, one loopback server each: ``www`` (www.sec.gov) and ``data`` (data.sec.gov)."""

    def __init__(self, mirror_dir: Path = MIRROR_DIR) -> None:
        self.www = MirrorServer(mirror_dir / "www.sec.gov")
        self.data = MirrorServer(mirror_dir / "data.sec.gov")

    @property
    def www_base(self) -> str:
        return self.www.base_url

    @property
    def data_base(self) -> str:
        return self.data.base_url

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request to either host, in arrival order."""
        return sorted([*self.www.requests, *self.data.requests], key=lambda r: r.time)

    def reset(self) -> None:
        self.www.reset()
        self.data.reset()

    def __enter__(self) -> Self:
        self.www.start()
        try:
            self.data.start()
        except BaseException:
            self.www.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.www.stop()
        self.data.stop()
