"""Request limits: a cap on body size, and a per-client token bucket for the costly routes."""

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from filingproof.api.errors import problem_response

Network = IPv4Network | IPv6Network


class BodySizeLimitMiddleware:
    """413 for a body over `max_bytes`: at once when Content-Length says so, else when the count passes it."""

    def __init__(
        self, app: ASGIApp, max_bytes: int, larger: dict[tuple[str, str], int] | None = None
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger or {}  # (method, path) → its own limit: uploads

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get((scope["method"], scope["path"]), self.max_bytes)
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            response = problem_response(413, self._detail(limit), instance=scope["path"])
            await response(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise HTTPException(413, self._detail(limit))  # rendered by the problem handlers
            return message

        await self.app(scope, counting_receive, send)

    def _detail(self, limit: int) -> str:
        return f"The request body is larger than {limit} bytes."


@dataclass
class _Bucket:
    tokens: float
    updated: float


class TokenBuckets:
    """One bucket per key: `burst` tokens, refilled at `per_minute`; a request takes one.

    Used from the event loop only, so no lock. Buckets that have refilled completely are dropped when the
    table grows, which bounds memory under a flood of distinct clients.
    """

    MAX_KEYS = 10_000

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst)
        self._buckets: dict[str, _Bucket] = {}

    def take(self, key: str, now: float | None = None) -> float:
        """0 when the request may proceed, else the seconds until a token is available."""
        now = time.monotonic() if now is None else now
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.MAX_KEYS:
                self._drop_full(now)
            bucket = self._buckets[key] = _Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def _drop_full(self, now: float) -> None:
        full = [
            key
            for key, bucket in self._buckets.items()
            if bucket.tokens + (now - bucket.updated) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]


def retry_after_seconds(wait: float) -> str:
    return str(max(1, math.ceil(wait)))


def _parse_ip(text: str) -> IPv4Address | IPv6Address | None:
    try:
        return ip_address(text.strip())
    except ValueError:
        return None


def _trusted(address: IPv4Address | IPv6Address, proxies: Sequence[Network]) -> bool:
    return any(address.version == network.version and address in network for network in proxies)


def client_address(peer: str | None, forwarded_for: str | None, proxies: Sequence[Network]) -> str:
    """The client's address: the peer, unless the peer is a trusted proxy; then the right-most
    `X-Forwarded-For` entry that is not itself a trusted proxy (entries left of it are client-supplied)."""
    peer_ip = _parse_ip(peer) if peer else None
    if peer_ip is None:
        return peer or "unknown"
    if not forwarded_for or not _trusted(peer_ip, proxies):
        return str(peer_ip)
    client = peer_ip
    for hop in reversed(forwarded_for.split(",")):
        hop_ip = _parse_ip(hop)
        if hop_ip is None:
            break
        client = hop_ip
        if not _trusted(hop_ip, proxies):
            break
    return str(client)
